// What every screen (lobby, table, puzzle) shares: the callbacks that undo its mount (network
// listeners), and the game view it may show. The app calls mount(el) on entering, unmount() on leaving.

import { t } from "./i18n.js";
import { h } from "./ui.js";

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

/** The page of something that is not there: what is missing, and the way back to the lobby. */
export function notFoundPage(app, testId, message) {
  return h("div.center-page", {}, h("div.card", { "data-testid": testId },
    h("p", {}, message),
    h("button.primary", { type: "button", onclick: () => app.navigate("/") }, t("pa.tolobby"))));
}

/** Any path the app does not know (the server answers it with a 404 and this page). */
export class NotFoundScreen extends Screen {
  mount(el) {
    this.el = el;
    this.render();
  }

  rerender() {
    this.render();
  }

  render() {
    this.el.replaceChildren(notFoundPage(this.app, "page-not-found", t("page.notfound")));
  }
}
