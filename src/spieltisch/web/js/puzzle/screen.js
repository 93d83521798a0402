// The puzzle (Rätsel) at /puzzle (today's) and /puzzle/<YYYY-MM-DD>: the start page with the rules,
// the results lists and the archive; then the attempt (PuzzleGame) and its result; "Nochmal" retries.

import "./strings.js";
import { t } from "../i18n.js";
import { HttpError, net } from "../net.js";
import { Screen } from "../screen.js";
import { h, toast } from "../ui.js";
import { helpDialog } from "../planahead/help.js";
import { PuzzleGame } from "./game.js";
import { ResultsList } from "./results.js";
import { formatDay, limitLabel, puzzleHeading } from "./format.js";
import {
  bestOf, forgetTable, localBest, puzzleDetails, puzzleIndex, rememberScore, rememberTable, rememberedTable,
} from "./util.js";

/** The puzzle id of a path: "/puzzle" -> null (today), "/puzzle/2026-11-29" -> "2026-11-29". */
export function puzzlePath(path) {
  const match = path.match(/^\/puzzle(?:\/(\d{4}-\d{2}-\d{2}))?\/?$/);
  return match ? { id: match[1] ?? null } : null;
}

export class PuzzleScreen extends Screen {
  constructor(app, puzzleId = null) {
    super(app);
    this.puzzleId = puzzleId;
    this.index = null;
    this.details = null;
    this.results = new ResultsList();
    this.archiveBest = {};
    this.archiveLoaded = false;
    this.tableId = null;
    this.table = null;
    this.starting = false;
    this.retrying = false;
    this.state = "loading"; // loading | intro | notfound | error | game
  }

  /** The puzzle shown: the one of the path, or today's. */
  get id() {
    return this.puzzleId ?? this.index?.today ?? null;
  }

  get isToday() {
    return this.index ? this.id === this.index.today : this.puzzleId === null;
  }

  mount(el) {
    this.el = el;
    this.alive = true;
    this.cleanup.push(net.on("table", (msg) => this.onTable(msg.table)));
    this.cleanup.push(net.onOpen(() => this.reopen()));
    this.render();
    this.load();
  }

  unmount() {
    this.alive = false; // answers still on their way find the screen gone
    super.unmount();
  }

  rerender() {
    if (this.game) this.game.render();
    else this.render();
  }

  async load() {
    try {
      this.index = await puzzleIndex();
    } catch {
      if (!this.alive) return;
      this.state = "error";
      this.render();
      return;
    }
    if (!this.alive) return;
    this.info = this.index.puzzles.find((p) => p.id === this.id) || null;
    try {
      this.details = await puzzleDetails(this.id);
    } catch (err) {
      if (!this.alive) return;
      this.state = err instanceof HttpError && err.status === 404 ? "notfound" : "error";
      this.render();
      return;
    }
    if (!this.alive) return;
    this.info = this.info || { id: this.id, time_limit_s: this.details.time_limit_s };
    this.results.set(this.details);
    if (this.state === "loading") this.state = "intro";
    // This tab's running attempt (after a reload): take it up again.
    const remembered = rememberedTable(this.id);
    if (remembered && !this.game) {
      this.tableId = remembered;
      this.reopen();
    }
    if (!this.game) this.render();
    this.loadArchive();
  }

  async refreshDetails() {
    try {
      this.details = await puzzleDetails(this.id);
      if (!this.alive) return;
      this.results.set(this.details);
    } catch {
      if (this.alive) this.results.fail();
    }
  }

  /** The player's best of every archive day (from the results lists; this browser's memory else). */
  async loadArchive() {
    if (this.archiveLoaded || !this.index) return;
    this.archiveLoaded = true;
    const days = this.index.puzzles.map((p) => p.id);
    const me = this.app.me?.id;
    let next = 0;
    const worker = async () => {
      while (next < days.length && this.alive) {
        const day = days[next++];
        try {
          const details = day === this.id && this.details ? this.details : await puzzleDetails(day);
          const best = bestOf(details, me);
          if (best !== null) this.archiveBest[day] = best;
        } catch { /* keep what this browser knows */ }
        this.updateArchiveRow(day);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  }

  bestFor(day) {
    const known = [this.archiveBest[day], localBest()[day]].filter((v) => typeof v === "number");
    return known.length ? Math.max(...known) : null;
  }

  // ---- the attempt --------------------------------------------------------------------------

  send(type, extra = {}) {
    const seq = net.send({ type, table: this.tableId, ...extra });
    if (seq === null) toast(t("net.offline"));
    return seq;
  }

  start() {
    if (!this.id) return;
    this.starting = true;
    if (net.send({ type: "start_puzzle", puzzle: this.id }) === null) {
      this.starting = false;
      toast(t("net.offline"));
    }
    this.render();
  }

  /** "Nochmal": a rematch of the finished attempt's table (same puzzle), else a new attempt. */
  retry() {
    if (this.tableId && this.table?.status === "finished") {
      this.retrying = true;
      this.send("rematch");
    } else {
      this.start();
    }
  }

  reopen() {
    if (this.tableId) net.send({ type: "open_table", table: this.tableId });
  }

  onTable(table) {
    if (!table || !this.alive) return;
    const started = this.starting && table.kind === "puzzle" && table.settings?.puzzle === this.id;
    if (table.id !== this.tableId && !started) return;
    if (started) {
      this.starting = false;
      this.tableId = table.id;
      rememberTable(this.id, table.id);
    }
    if (!this.game) {
      if (!started && table.status !== "playing") {
        // An attempt of this tab that ended meanwhile: stay on the start page.
        forgetTable(this.id);
        this.tableId = null;
        return;
      }
      this.game = new PuzzleGame(this);
      this.game.mount(this.el);
      this.state = "game";
    }
    if (table.status === "playing") this.retrying = false;
    this.table = table;
    this.game.update(table);
  }

  /** After every view of the attempt: remember the score, refresh the lists when one is recorded. */
  gameChanged(table, before) {
    const game = table.game;
    if (!game || game.phase !== "finished") return;
    if (before.phase !== "finished") rememberScore(game.puzzle, game.seats[0]?.score ?? 0);
    // The server records the attempt before it adds the optimum: refresh then (and at the end).
    if (before.phase !== "finished" || (!before.optimum && game.optimum)) this.refreshDetails();
  }

  onError(msg) {
    if (this.starting) {
      this.starting = false;
      if (["bad_puzzle", "no_puzzle", "future_puzzle"].includes(msg.code)) {
        this.state = "notfound";
        this.render();
        return true;
      }
      this.render();
      return false;
    }
    if (msg.code === "unknown_table" && this.tableId) {
      forgetTable(this.id);
      this.tableId = null;
      if (this.retrying) {
        this.retrying = false;
        this.start();
        return true;
      }
      return !this.game;
    }
    this.game?.onError(msg); // a refused placing gives the tile back (the toast still shows)
    return false;
  }

  // ---- the start page -----------------------------------------------------------------------

  render() {
    if (this.game) return;
    if (this.state === "notfound" || this.state === "error") {
      this.el.replaceChildren(h("div.center-page", {}, h("div.card", { "data-testid": "puzzle-not-found" },
        h("p", {}, this.state === "notfound" ? t("pz.notfound") : t("err.http")),
        h("div.row", {},
          h("button.primary", { type: "button", onclick: () => this.app.navigate("/puzzle") }, t("pz.today")),
          h("button.link", { type: "button", onclick: () => this.app.navigate("/") }, t("pa.tolobby"))))));
      return;
    }
    const page = h("div.pz-page.page-grid", { "data-testid": "puzzle-intro", "data-puzzle": this.id ?? "" },
      this.renderIntro(),
      h("section.card.pz-results-card", {}, this.results.render(this.app.me?.id)),
      this.renderArchive());
    this.el.replaceChildren(page);
    if (location.hash === "#archive" && this.index && !this.scrolled) {
      this.scrolled = true;
      requestAnimationFrame(() => page.querySelector("#archive")?.scrollIntoView({ block: "start" }));
    }
  }

  renderIntro() {
    if (!this.index || !this.details) {
      return h("section.card.pz-intro", {}, h("h1", {}, puzzleHeading(this.puzzleId, this.isToday).title),
        h("p.muted", {}, t("pz.loading")));
    }
    const best = this.bestFor(this.id);
    const limit = this.info?.time_limit_s ?? this.details.time_limit_s;
    const heading = puzzleHeading(this.id, this.isToday);
    return h("section.card.pz-intro", {},
      h("h1", { "data-testid": "puzzle-heading" }, heading.title),
      h("p.pz-intro-date", {}, heading.date ? `${heading.date} · ` : "",
        h("span.pz-facts", { "data-testid": "puzzle-facts" }, t("pz.facts", { tiles: this.details.tiles, time: limitLabel(limit) }))),
      h("div.pz-rules", {},
        h("p", { "data-testid": "puzzle-rules" }, t("pz.rules1")),
        h("p", {}, t("pz.rules2")),
        h("p", {}, t("pz.rules3")),
        h("button.link.pa-help-button", { type: "button", "data-testid": "help-open", "aria-haspopup": "dialog", onclick: () => this.openHelp() },
          h("span.pa-help-q", { "aria-hidden": "true" }, "?"), t("pa.help"))),
      best !== null ? h("p.pz-yourbest", { "data-testid": "your-best", "data-score": best }, t("pz.yourbest", { n: best })) : null,
      h("div.row", {},
        h("button.primary.big", { type: "button", "data-testid": "puzzle-start", disabled: this.starting, onclick: () => this.start() },
          this.starting ? "…" : t("pz.start"))));
  }

  /** The scoring help over the start page; closing gives the focus back to its link. */
  openHelp() {
    const opener = this.el.querySelector('[data-testid="help-open"]');
    const help = helpDialog({ onClose: () => { help.remove(); opener?.focus(); } });
    this.el.append(help);
    help.querySelector('[data-testid="help"]')?.focus();
  }

  renderArchive() {
    const box = h("section.card.pz-archive", { id: "archive", "data-testid": "archive" },
      h("h2", {}, t("pz.archive")),
      h("p.muted", {}, t("pz.archive.intro")));
    if (!this.index) {
      box.append(h("p.muted", {}, "…"));
      return box;
    }
    this.archiveRows = new Map();
    const list = h("ol.pz-days", {});
    for (const p of this.index.puzzles) {
      const row = this.renderDay(p);
      this.archiveRows.set(p.id, row);
      list.append(row);
    }
    box.append(list);
    return box;
  }

  renderDay(p) {
    const best = this.bestFor(p.id);
    const href = p.id === this.index.today ? "/puzzle" : `/puzzle/${p.id}`;
    return h("li.pz-day", { class: p.id === this.id ? "is-current" : "" },
      h("a.pz-day-link", {
        href, "data-testid": `archive-${p.id}`, "data-best": best ?? "",
        onclick: (e) => { e.preventDefault(); this.app.navigate(href); },
      },
        h("span.pz-day-date", {}, formatDay(p.id, { weekday: true, year: false })),
        h("span.pz-day-foot", {},
          best !== null
            ? h("span.pz-day-best", {}, t("pz.archive.best", { n: best }))
            : h("span.pz-day-best.muted", {}, t("pz.archive.none")),
          p.id === this.index.today ? h("span.tag.pz-today-tag", {}, t("pz.archive.todaytag")) : null)));
  }

  updateArchiveRow(day) {
    const row = this.archiveRows?.get(day);
    if (!row?.isConnected) return;
    const p = this.index.puzzles.find((x) => x.id === day);
    const fresh = this.renderDay(p);
    row.replaceWith(fresh);
    this.archiveRows.set(day, fresh);
  }
}
