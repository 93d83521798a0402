// The presence line of a running game, the same in both games: who is away and what happens to the
// seat ("Ann ist weg – Computer übernimmt in 0:23", then "Computer spielt für Ann"), the host's
// "Computer übernimmt" for a seat still waited for, and "Spiel verlassen" with a confirm. What it
// says is presence-model.js's; this draws it and counts the grace time down on its own timer.

import { t } from "./i18n.js";
import { net } from "./net.js";
import { absenceText, absences } from "./presence-model.js";
import { h, patch } from "./dom.js";

export class PresenceBar {
  /** room: the TableScreen (send, isHost, app). */
  constructor(room) {
    this.room = room;
    this.table = null;
    this.el = null;
    this.asking = false; // "Spiel verlassen" was pressed: ask before leaving
    this.timer = setInterval(() => this.tick(), 500);
  }

  destroy() {
    clearInterval(this.timer);
    this.el = null;
    this.table = null;
  }

  /** The people away, as of now. */
  absences() {
    return absences(this.table, net.serverNow(), Boolean(this.room.isHost));
  }

  /**
   * The bar for this view of the table (an empty element when there is nothing to show): the same
   * element each time, updated in place (dom.js), so that its buttons keep the focus.
   */
  render(table) {
    this.table = table;
    const seated = table.you !== null && table.status === "playing" && !table.seats[table.you]?.left;
    const rows = this.absences();
    this.shown = rows.map((a) => `${a.seat}:${a.state}:${a.canHandOver}`).join(" ");
    this.el = patch(this.el, h("div.presence-bar", { "data-testid": "presence", "data-absent": String(rows.length) },
      rows.length ? h("ul.presence-list", { role: "status", "aria-label": t("presence.label") }, rows.map((a) => h("li.presence-row", {
        key: a.seat, "data-testid": `absent-${a.seat}`, "data-state": a.state, class: `is-${a.state}`,
      },
        h("span.presence-text", { "data-testid": `absent-text-${a.seat}` }, absenceText(a)),
        a.canHandOver
          ? h("button.secondary.small", {
              type: "button", "data-testid": `stand-in-${a.seat}`, title: t("presence.handover.long", { name: a.name }),
              onclick: () => this.room.send("stand_in", { seat: a.seat }),
            }, t("presence.handover"))
          : null))) : null,
      seated ? this.renderLeave() : null));
    return this.el;
  }

  renderLeave() {
    if (!this.asking) {
      return h("button.link.presence-leave", {
        type: "button", "data-testid": "leave-game", onclick: () => this.ask(true),
      }, t("presence.leave"));
    }
    return h("div.presence-ask", { role: "alertdialog", "aria-label": t("presence.leave") },
      h("span", {}, t("presence.leave.ask")),
      h("button.secondary.small", { type: "button", "data-testid": "leave-yes", onclick: () => this.leave() }, t("presence.leave.yes")),
      h("button.primary.small", { type: "button", "data-testid": "leave-no", onclick: () => this.ask(false) }, t("presence.leave.no")));
  }

  ask(on) {
    this.asking = on;
    this.redraw();
    this.el?.querySelector(on ? '[data-testid="leave-no"]' : '[data-testid="leave-game"]')?.focus();
  }

  leave() {
    this.asking = false;
    this.room.send("leave");
    this.room.app.navigate("/");
  }

  /** Draw the bar again (its rows changed, or the confirm opened). */
  redraw() {
    if (!this.el?.isConnected || !this.table) return;
    this.render(this.table);
  }

  /** Count the grace time down; when someone's state changes (the computer came), draw anew. */
  tick() {
    if (!this.el?.isConnected || !this.table) return;
    const rows = this.absences();
    if (rows.map((a) => `${a.seat}:${a.state}:${a.canHandOver}`).join(" ") !== this.shown) {
      this.redraw();
      return;
    }
    for (const a of rows) {
      const span = this.el.querySelector(`[data-testid="absent-text-${a.seat}"]`);
      const text = absenceText(a);
      if (span && span.textContent !== text) span.textContent = text;
    }
  }
}
