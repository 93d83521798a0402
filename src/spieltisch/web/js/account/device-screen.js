// "/geraet#<code>": another device signed in as a player by the one-time link the player's page shows
// (POST /api/devices/claim). The code is in the fragment: never sent to a server in a URL, never in a
// log. A device signed in already as someone else asks first.

import "./strings.js";
import { t } from "../i18n.js";
import { HttpError, api, net, setToken } from "../net.js";
import { Screen } from "../screen.js";
import { h } from "../ui.js";

export class DeviceScreen extends Screen {
  mount(el) {
    this.el = el;
    // Taken out of the address bar at once: a code is not for bookmarks, nor for a shared screen.
    this.code = decodeURIComponent(location.hash.slice(1));
    history.replaceState(null, "", "/geraet");
    this.state = !this.code ? "broken" : this.app.me ? "replace" : "claiming";
    this.render();
    if (this.state === "claiming") this.claim();
  }

  rerender() {
    this.render();
  }

  async claim() {
    this.state = "claiming";
    this.render();
    try {
      const signed = await api("POST", "/api/devices/claim", { code: this.code });
      setToken(signed.token);
      this.app.me = { id: signed.id, nickname: signed.nickname };
      this.app.renderHeader?.();
      net.reconnect();
      this.state = "welcome";
    } catch (err) {
      this.state = err instanceof HttpError && err.status === 404 ? "expired" : "failed";
      this.error = /** @type {Error} */ (err); // api() throws Errors (HttpError, fetch's TypeError)
    }
    this.render();
  }

  render() {
    if (!this.el) return;
    const lobby = h("button.primary", { type: "button", "data-testid": "device-lobby", onclick: () => this.app.navigate("/") }, t("dev.tolobby"));
    const body = {
      broken: () => [h("p", {}, t("dev.broken")), lobby],
      expired: () => [h("p", {}, t("dev.expired")), lobby],
      failed: () => [h("p", {}, this.error?.message || t("err.generic")), lobby],
      claiming: () => [h("p", { role: "status" }, t("dev.claiming"))],
      welcome: () => [h("p", { role: "status" }, t("dev.welcome", { name: this.app.me?.nickname || "" })), lobby],
      replace: () => [
        h("p", {}, t("dev.replace", { name: this.app.me?.nickname || "" })),
        h("div.row", {},
          h("button.primary", { type: "button", "data-testid": "device-claim", onclick: () => this.claim() }, t("dev.replace.ok")),
          h("button.secondary", { type: "button", onclick: () => this.app.navigate("/") }, t("data.delete.cancel"))),
      ],
    }[this.state]();
    this.el.replaceChildren(h("div.center-page", {},
      h("section.card.device-card", { "data-testid": "device", "data-state": this.state },
        h("h2", {}, t("dev.title")), ...body)));
  }
}
