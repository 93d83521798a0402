// What every screen (lobby, table, puzzle) shares: the callbacks that undo its mount (network
// listeners), and the game view it may show. The app calls mount(el) on entering, unmount() on leaving.

export class Screen {
  constructor(app) {
    this.app = app;
    this.cleanup = [];
    this.game = null;
  }

  unmount() {
    for (const fn of this.cleanup) fn();
    this.cleanup = [];
    this.game?.destroy();
    this.game = null;
  }
}
