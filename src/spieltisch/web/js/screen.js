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
    this.el.replaceChildren(h("div.center-page", {}, h("div.card", { "data-testid": "page-not-found" },
      h("p", {}, t("page.notfound")),
      h("button.primary", { type: "button", onclick: () => this.app.navigate("/") }, t("pa.tolobby")))));
  }
}
