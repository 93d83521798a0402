// A table at /t/<id>: the waiting room while open, then the game's own view.

import { t } from "./i18n.js";
import { clockLabel } from "./lobby.js";
import { net } from "./net.js";
import { Screen, notFoundPage } from "./screen.js";
import { h, toast } from "./ui.js";
import { settingsSummary as sgSummary } from "./speedgans/settings.js";
import { applyTheme, clearTheme, themeMenu } from "./speedgans/theme.js";
import { rulesLink } from "./rules/link.js";
import { QuickTalk } from "./quick-talk.js";
import { inviteUrl, keyFromHash, rememberKey } from "./private-table.js";

const LEVELS = ["easy", "medium", "strong"];

/** Each kind of table's game screen, loaded when a table of that kind first starts. */
const GAMES = {
  planahead: async () => (await import("./planahead/table.js")).PlanAheadGame,
  speedgans: async () => (await import("./speedgans/table.js")).SpeedgansGame,
  speedgans_solo: async () => (await import("./speedgans/solo.js")).SoloGame,
};

export function seatIsFree(seat) {
  return !seat || (!seat.player && !seat.bot);
}

/**
 * A Plan Ahead table's settings in a line: seats, clock and the computers' pace — where there are
 * computers, or for the host, who may still add them (a guest at a table of people only is not told
 * of computers' pace).
 */
function paSettings(settings, withPace) {
  const line = t("table.settings", { seats: settings.seats, clock: clockLabel(settings.turn_seconds) });
  const match = (settings.match ?? 1) > 1 ? ` · ${t("match.setting", { n: settings.match })}` : "";
  return (settings.bot_pace && withPace ? `${line} · ${t("table.botpace", { pace: t(`lobby.botpace.${settings.bot_pace}`) })}` : line) + match;
}

/** The server lists taken seats only; settings.seats says how many there are in all. */
function seatSlots(table) {
  const count = Math.max(table.settings?.seats ?? table.seats.length, table.seats.length);
  return Array.from({ length: count }, (_, i) => table.seats[i] ?? null);
}

function hasFreeSeat(table) {
  return seatSlots(table).some(seatIsFree);
}

export class TableScreen extends Screen {
  constructor(app, id) {
    super(app);
    this.id = id;
    this.table = null;
    this.joinTried = false;
    this.notFound = false;
    this.botLevel = "medium";
    this.themeOpen = false; // a Speedgans table's looks menu (already in the waiting room)
    // A private table's secret, from its invite link (kept for the tab: a reload keeps the way in).
    this.key = rememberKey(id, keyFromHash(location.hash));
  }

  mount(el) {
    this.el = el;
    this.cleanup.push(() => clearTheme());
    this.quick = new QuickTalk(this);
    this.cleanup.push(() => this.quick.destroy());
    this.cleanup.push(net.on("table", (msg) => {
      if (!msg.table || msg.table.id !== this.id) return;
      this.update(msg.table);
    }));
    this.cleanup.push(net.onOpen(() => this.open()));
    net.follow(this.id);
    this.cleanup.push(() => net.follow(null));
    if (net.isOpen) this.open();
    this.el.replaceChildren(h("div.center-page", {}, h("p.muted", {}, "…")));
  }

  open() {
    net.send({ type: "open_table", table: this.id, ...(this.key ? { key: this.key } : {}) });
  }

  rerender() {
    if (this.game) this.game.render();
    else if (this.table) this.renderRoom();
    else if (this.notFound) this.renderNotFound();
  }

  onError(msg) {
    if (!this.table && (msg.code === "not_found" || msg.code === "unknown_table")) {
      this.notFound = true;
      this.renderNotFound();
      return true;
    }
    this.game?.onError?.(msg); // the game may undo what the server refused (the toast still shows)
    return false;
  }

  get isHost() {
    return this.table && this.app.me && this.table.host === this.app.me.id;
  }

  send(type, extra = {}) {
    const seq = net.send({ type, table: this.id, ...extra });
    if (seq === null) toast(t("net.offline"));
    return seq;
  }

  update(table) {
    // The waiting room fetches its game's code, so that the game shows at once when it starts.
    if (!this.table) GAMES[table.kind]?.().catch(() => {});
    this.table = table;
    this.notFound = false;
    // A private table's address carries its secret for those seated (the host's too, who opened it
    // without a link): the address a player shares is then the invite link.
    if (table.private && table.invite && location.pathname === `/t/${encodeURIComponent(this.id)}`) {
      const link = inviteUrl(location.origin, this.id, table.invite);
      if (location.href !== link) history.replaceState(history.state, "", link);
      this.key = rememberKey(this.id, table.invite);
    }
    // Opening the link joins a free seat of an open table (once per visit).
    // A player who had left a running game takes his seat again by opening it.
    const mine = table.you !== null ? table.seats[table.you] : null;
    if (!this.joinTried && ((table.status === "open" && table.you === null && hasFreeSeat(table)) || (mine && mine.left && table.status === "playing"))) {
      this.joinTried = true;
      this.join();
    }
    if (table.game && table.status !== "open") {
      if (!this.game) {
        this.startGame(table.kind);
        return; // the game shows this.table once its code is there
      }
      this.game.update(table);
    } else {
      this.game?.destroy();
      this.game = null;
      this.renderRoom();
    }
  }

  join() {
    this.send("join", this.key ? { key: this.key } : {});
  }

  /** Loads the game's code (once), then mounts it with the newest table. */
  async startGame(kind) {
    if (this.loadingGame) return;
    this.loadingGame = true;
    let Game;
    try {
      Game = await (GAMES[kind] ?? GAMES.planahead)();
    } finally {
      this.loadingGame = false; // after a failure, the table's next update tries again
    }
    const table = this.table;
    if (this.game || this.app.screen !== this || !table?.game || table.status === "open") return;
    this.game = new Game(this);
    this.game.mount(this.el);
    this.game.update(table);
  }

  renderNotFound() {
    this.el.replaceChildren(notFoundPage(this.app, "table-not-found", t("table.notfound")));
  }

  /** The table's link; a private table's carries its secret (what a seated player is given). */
  shareUrl() {
    return inviteUrl(location.origin, this.id, this.table?.private ? this.table.invite ?? this.key : null);
  }

  async copyLink(input) {
    const url = this.shareUrl();
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    toast(t("table.copied"), "info");
  }

  renderRoom() {
    const table = this.table;
    if (table.closed) {
      // An operator closed the table before its game began: why, and the way back.
      this.el.replaceChildren(notFoundPage(this.app, "table-closed", t("end.closed.text", { reason: table.closed })));
      return;
    }
    const host = this.isHost;
    const seated = table.seats.filter((s) => !seatIsFree(s)).length;
    const sg = table.kind === "speedgans";
    if (sg) applyTheme();
    const levelName = (l) => t(sg ? `sg.level.${l}` : `level.${l}`);
    const linkInput = h("input.share-input", { readonly: true, value: this.shareUrl(), "data-testid": "share-link", "aria-label": t("table.share"), onfocus: (e) => e.target.select() });
    const seats = h("ol.seat-list", { "data-testid": "seats" }, seatSlots(table).map((seat, i) => {
      const free = seatIsFree(seat);
      const you = table.you === i;
      const tags = [];
      if (you) tags.push(h("span.tag.tag-you", {}, t("table.you")));
      if (seat?.player && seat.player === table.host) tags.push(h("span.tag", {}, t("table.host")));
      if (seat?.bot) tags.push(h("span.tag.tag-bot", {}, `${t("table.bot")} · ${levelName(seat.bot)}`));
      if (seat?.player && seat.connected === false) tags.push(h("span.tag.tag-off", {}, t("table.offline")));
      return h("li.seat", { "data-testid": `seat-${i}`, "data-free": free ? "true" : "false", class: you ? "is-you" : "" },
        h("span.seat-no", {}, String(i + 1)),
        h("span.seat-name", {}, free ? h("span.muted", {}, t("table.free")) : seat.nickname || t("table.bot")),
        h("span.seat-tags", {}, tags),
        host && !free && !you
          ? h("button.link.remove", { type: "button", "data-testid": `remove-${i}`, onclick: () => this.send("remove_seat", { seat: i }) }, t("table.remove"))
          : null);
    }));
    const level = h("select", { id: "bot-level", "data-testid": "bot-level", "aria-label": t("table.bot") },
      LEVELS.map((l) => h("option", { value: l, selected: l === this.botLevel }, levelName(l))));
    level.addEventListener("change", () => { this.botLevel = level.value; });
    const hasFree = hasFreeSeat(table);
    const controls = host
      ? h("div.room-controls", {},
          h("div.row", {}, level,
            h("button.secondary", { type: "button", "data-testid": "add-bot", disabled: !hasFree, onclick: () => this.send("add_bot", { level: this.botLevel }) }, t("table.addbot"))),
          h("button.primary.big", { type: "button", "data-testid": "start", disabled: seated < (sg ? 2 : 1), onclick: () => this.send("start") }, t("table.start")))
      : h("div.room-controls", {},
          table.you === null && hasFree
            ? h("button.primary", { type: "button", "data-testid": "join", onclick: () => this.join() }, t("table.join"))
            : null,
          h("p.muted", {}, table.you === null && !hasFree ? t("table.full") : t("table.waithost")));
    this.el.replaceChildren(h("div.room", { "data-testid": "room", "data-table": table.id },
      h("section.card", {},
        h("div.room-head", {},
          h("h1", {}, t(sg ? "game.speedgans" : "game.planahead"), " ", h("span.muted.table-id", {}, `#${table.id}`),
            table.private ? h("span.private-mark", { "data-testid": "private-mark", title: t("private.hint") }, t("private.mark")) : null),
          this.quick.button(),
          sg ? themeMenu({
            open: this.themeOpen,
            onToggle: () => { this.themeOpen = !this.themeOpen; this.renderRoom(); },
            onChosen: () => { this.themeOpen = false; this.renderRoom(); },
          }) : null),
        h("p.muted", { "data-testid": "table-settings" }, sg ? sgSummary(table.settings) : paSettings(table.settings, this.isHost || table.seats.some((seat) => seat?.bot))),
        h("p.rules-line", {}, rulesLink(sg ? "speedgans" : "planahead", { label: t("rules.link.game", { game: t(sg ? "game.speedgans" : "game.planahead") }) })),
        h("h2", { "data-testid": "room-heading" }, t(hasFree ? "table.waiting" : "table.seated")),
        seats,
        controls),
      h("section.card", {},
        h("h2", {}, t(table.private ? "private.share" : "table.share")),
        table.private ? h("p.muted", { "data-testid": "private-note" }, t("private.note")) : null,
        h("div.row.share-row", {}, linkInput,
          h("button.secondary", { type: "button", "data-testid": "copy-link", onclick: () => this.copyLink(linkInput) }, t(table.private ? "private.copy" : "table.copy"))),
        h("div.row", {},
          h("button.link", { type: "button", "data-testid": "leave", onclick: () => { if (table.you !== null) this.send("leave"); this.app.navigate("/"); } }, t("table.leave")),
          h("button.link", { type: "button", onclick: () => this.app.navigate("/") }, t("pa.tolobby"))))));
  }
}
