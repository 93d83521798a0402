// The lobby: open tables of both games, a form to open a Plan Ahead or Speedgans table, the puzzle,
// and Speedgans alone (Rekordjagd, Tagesstadt, Übung).

import { t, tNodes } from "./i18n.js";
import { net } from "./net.js";
import { Screen } from "./screen.js";
import { h } from "./ui.js";
import { h as describe, render } from "./dom.js";
import { BOT_PACES, CLOCKS } from "./planahead/choices.js";
import { puzzleCard } from "./puzzle/lobby-card.js";
import { defaultSettings as sgDefaults, settingsFields as sgFields } from "./speedgans/settings.js";
import { soloCard } from "./speedgans/solo-card.js";
import { startRun } from "./speedgans/solo-api.js";
import { meCard } from "./player/lobby-card.js";
import { rulesLink } from "./rules/link.js";
import { LobbyTables } from "./lobby-model.js";
import "./private-table.js"; // the „Privat“ choice's words


export function clockLabel(seconds) {
  return seconds ? t("lobby.clock.s", { n: seconds }) : t("lobby.clock.none");
}

export class LobbyScreen extends Screen {
  constructor(app) {
    super(app);
    this.tables = null;
    /** The player's own unfinished tables (`your_tables`): his way back to a game. */
    this.own = [];
    this.lobby = new LobbyTables();
    this.creating = false;
    this.form = { game: "planahead", seats: 2, turn_seconds: null, bot_pace: BOT_PACES[0], match: 1, private: false };
    this.sgForm = sgDefaults();
  }

  mount(el) {
    this.el = el;
    for (const type of ["lobby", "lobby_changes"]) {
      this.cleanup.push(net.on(type, (msg) => {
        if (!this.lobby.take(msg)) return;
        this.tables = this.lobby.list();
        this.renderTables();
      }));
    }
    this.cleanup.push(net.on("your_tables", (msg) => {
      this.own = Array.isArray(msg.tables) ? msg.tables : [];
      this.renderTables();
    }));
    this.cleanup.push(net.on("table", (msg) => {
      // The answer to create_table: go to the new table.
      if (this.creating && msg.table) {
        this.creating = false;
        this.app.navigate(`/t/${encodeURIComponent(msg.table.id)}`);
      }
    }));
    this.cleanup.push(net.onOpen(() => net.send({ type: "watch_lobby" })));
    if (net.isOpen) net.send({ type: "watch_lobby" });
    this.render();
  }

  onError() {
    this.creating = false;
    return false;
  }

  rerender() {
    this.render();
  }

  render() {
    this.tablesBox = h("div.table-list", { "data-testid": "lobby-tables", "aria-live": "polite" });
    this.ownBox = h("section.card.lobby-own", { "data-testid": "lobby-own", hidden: true });
    this.el.replaceChildren(h("div.lobby.page-grid", {},
      h("div.lobby-left", {},
        this.ownBox,
        h("section.card.lobby-tables", {},
          h("h1", {}, t("lobby.tables")),
          this.tablesBox),
        soloCard(this.app, (settings) => { if (!this.creating) this.creating = startRun(settings); }),
        meCard(this.app)),
      this.renderCreate(),
      puzzleCard(this.app),
    ));
    this.renderTables();
  }

  renderCreate() {
    const seats = h("select", { id: "create-seats", "data-testid": "create-seats" },
      [1, 2, 3, 4, 5, 6].map((n) => h("option", { value: n, selected: n === this.form.seats }, n)));
    seats.addEventListener("change", () => { this.form.seats = Number(seats.value); });
    const clock = h("select", { id: "create-clock", "data-testid": "create-clock" },
      CLOCKS.map((s) => h("option", { value: s ?? "", selected: s === this.form.turn_seconds }, clockLabel(s))));
    clock.addEventListener("change", () => { this.form.turn_seconds = clock.value ? Number(clock.value) : null; });
    const match = h("select", { id: "create-match", "data-testid": "create-match" },
      [1, 2, 3, 4].map((n) => h("option", { value: n, selected: n === this.form.match }, n === 1 ? t("lobby.match.one") : t("lobby.match.games", { n }))));
    match.addEventListener("change", () => { this.form.match = Number(match.value); });
    const pace = h("select", { id: "create-bot-pace", "data-testid": "create-bot-pace" },
      BOT_PACES.map((p) => h("option", { value: p, selected: p === this.form.bot_pace }, t(`lobby.botpace.${p}`))));
    pace.addEventListener("change", () => { this.form.bot_pace = pace.value; });
    const choice = (value) => {
      const input = h("input", { type: "radio", name: "game", value, checked: this.form.game === value, "data-testid": `create-game-${value}` });
      input.addEventListener("change", () => { this.form.game = value; this.render(); });
      return h("label.choice", {}, input, t(`game.${value}`));
    };
    const game = h("div.game-choice", { role: "radiogroup", "aria-label": t("lobby.game") }, choice("planahead"), choice("speedgans"));
    // Each label with its choice, so that a phone can set them side by side (app.css).
    const field = (id, label, select) => h("div.create-field", {}, h("label", { for: id }, t(label)), select);
    const fields = this.form.game === "speedgans"
      ? sgFields(this.sgForm)
      : h("div.create-fields", {},
          field("create-seats", "lobby.seats", seats),
          field("create-clock", "lobby.clock", clock),
          field("create-bot-pace", "lobby.botpace", pace),
          field("create-match", "lobby.match", match));
    return h("section.card.lobby-create", {},
      h("h2", {}, t("lobby.create")),
      h("form.create-form", {
        "data-testid": "create-form",
        onsubmit: (e) => {
          e.preventDefault();
          this.creating = true;
          const hidden = this.form.private ? { private: true } : {};
          if (this.form.game === "speedgans") net.send({ type: "create_table", game: "speedgans", settings: { ...this.sgForm }, ...hidden });
          else net.send({ type: "create_table", game: "planahead", settings: { seats: this.form.seats, turn_seconds: this.form.turn_seconds, bot_pace: this.form.bot_pace, match: this.form.match }, ...hidden });
        },
      },
        game,
        fields,
        this.privateChoice(),
        h("button.primary", { type: "submit", "data-testid": "create-table" }, t("lobby.create"))),
      h("p.rules-line", { "data-testid": "lobby-rules" }, t("rules.lobby.line"),
        rulesLink("planahead", { app: this.app, label: t("game.planahead") }),
        rulesLink("speedgans", { app: this.app, label: t("game.speedgans") })));
  }

  /** „Privat“: the table goes in no list; its invite link is the way in (both games). */
  privateChoice() {
    const box = h("input", { type: "checkbox", id: "create-private", "data-testid": "create-private", checked: this.form.private });
    box.addEventListener("change", () => { this.form.private = box.checked; });
    // „Privat:“ and what it means, the latter kept whole: where the line is too short (a phone, large
    // text) it goes under „Privat:“ as one piece, beside the box, not broken in the middle.
    return h("label.create-private", { for: "create-private", title: t("private.hint") }, box,
      h("span.create-private-text", { "data-testid": "create-private-text" },
        h("span.create-private-name", {}, t("private.label.name")), " ",
        h("span.create-private-how", {}, t("private.label.how"))));
  }

  renderOwn() {
    if (!this.ownBox) return;
    this.ownBox.hidden = !this.own.length;
    render(this.ownBox, [
      describe("h2", {}, t("lobby.own")),
      describe("div.table-list", {}, this.own.map((tb) => this.entry(tb, "own")))]);
  }

  /**
   * The lists of tables, updated in place (dom.js: each table's line keyed by its id): the lobby
   * hears of every table on the site, and a button made anew under a player's finger would lose his tap.
   */
  renderTables() {
    this.renderOwn();
    if (!this.tablesBox) return;
    if (this.tables === null) {
      render(this.tablesBox, describe("p.muted", {}, "…"));
      return;
    }
    // A table of one's own stands once, among one's own tables above.
    const own = new Set(this.own.map((tb) => tb.id));
    const visible = this.tables.filter((tb) => !own.has(tb.id) && (tb.status !== "finished" || (tb.players || []).length));
    render(this.tablesBox, visible.length
      ? visible.map((tb) => this.entry(tb, "list"))
      : describe("p.muted", { "data-testid": "lobby-empty" }, t("lobby.none")));
  }

  /** One table's line: in the lobby's list (`list`: join or watch) or among one's own (`own`: back to it). */
  entry(tb, where) {
    const free = tb.status === "open" && tb.taken < tb.seats;
    const mine = where === "own";
    const testid = mine ? `own-table-${tb.id}` : `lobby-table-${tb.id}`;
    // Cut with an ellipsis where an entry has no room for them (app.css): whole in the title. The host
    // has a line of his own; the players' line names the others at the table (none: no line).
    const host = t("lobby.host", { name: tb.host || "?" });
    const seated = tb.players || [];
    const hostSeat = seated.findIndex((name, i) => name === tb.host && !tb.computers?.[i]);
    const players = seated.map((name, i) => (tb.computers?.[i] ? t("lobby.computer", { name }) : name))
      .filter((_, i) => i !== hostSeat).join(", ");
    return describe("article.table-entry", { key: testid, "data-testid": testid, "data-game": tb.game, "data-status": tb.status },
      describe("div.table-entry-main", {},
        describe("span.game-badge", { "data-game": tb.game }, t(`game.${tb.game}`)),
        describe("span.table-status", { "data-status": tb.status }, t(`status.${tb.status}`)),
        tb.private ? describe("span.tag.tag-private", { "data-testid": `private-${tb.id}` }, t("private.mark")) : null,
        describe("div.table-entry-host", { title: host },
          tNodes("lobby.host", { name: describe("span.table-entry-name", {}, tb.host || "?") })),
        players ? describe("div.table-entry-players.muted", { "data-testid": `players-${tb.id}`, title: players }, players) : null),
      describe("div.table-entry-side", {},
        describe("span.seat-count", {}, t("lobby.taken", { taken: tb.taken, seats: tb.seats })),
        describe(free || mine ? "button.primary" : "button.secondary", {
          type: "button", "data-testid": mine ? `back-${tb.id}` : `open-${tb.id}`,
          onclick: () => this.app.navigate(`/t/${encodeURIComponent(tb.id)}`),
        }, mine ? t(tb.status === "open" ? "lobby.back.open" : "lobby.back.to") : free ? t("lobby.join") : t("lobby.open"))));
  }
}
