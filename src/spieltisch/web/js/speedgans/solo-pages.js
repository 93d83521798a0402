// The pages around Speedgans alone: a Tagesstadt's day (/tagesstadt, /tagesstadt/<day>: its tasks once
// played, its list of first attempts with one's own row, the archive, a button to play it) and the
// Bestenliste (/bestenliste: all time or this week, one's own row even below the rows shown, the way
// to the other lists). Both wear Speedgans' look and are drawn by description (dom.js: a list that
// comes in changes the nodes that are there; the gear or tab a player is on keeps the focus). The
// lists' logic is in solo-lists.js.

import "./strings.js";
import "./solo-strings.js";
import "../ratings/strings.js";
import { t } from "../i18n.js";
import { HttpError, api, net } from "../net.js";
import { Screen } from "../screen.js";
import { h, render } from "../dom.js";
import { formatDay } from "../puzzle/format.js";
import { applyTheme, clearTheme, themeMenu } from "./theme.js";
import {
  boardRows, dailyPath, dailyRows, formatBoardPoints, formatPoints, formatSeconds, ownDaily,
} from "./solo-lists.js";
import { dailyIndex, dailyList, startRun } from "./solo-api.js";
import { playerLink } from "../player/link.js";

const BOARD_LIMIT = 50;

/** A screen in Speedgans' look with the gear, for the solo lists. */
class SoloPage extends Screen {
  mount(el) {
    this.el = el;
    this.alive = true;
    this.themeOpen = false;
    applyTheme();
    this.cleanup.push(net.on("table", (msg) => {
      if (this.starting && msg.table?.kind === "speedgans_solo") {
        this.starting = false;
        this.app.navigate(`/t/${encodeURIComponent(msg.table.id)}`);
      }
    }));
    this.render();
    this.load();
  }

  unmount() {
    this.alive = false;
    clearTheme();
    super.unmount();
  }

  rerender() {
    this.render();
  }

  onError() {
    if (this.starting) {
      this.starting = false;
      this.render();
    }
    return false;
  }

  play(settings) {
    this.starting = startRun(settings);
    this.render();
  }

  gear() {
    return themeMenu({
      open: this.themeOpen,
      onToggle: () => { this.themeOpen = !this.themeOpen; this.render(); },
      onChosen: () => { this.themeOpen = false; this.render(); },
    });
  }

  link(href, text, testid) {
    return h("a.sg-link", { href, "data-testid": testid, onclick: (e) => { e.preventDefault(); this.app.navigate(href); } }, text);
  }

  load() {}

  render() {}
}

// ---- Tagesstadt -------------------------------------------------------------------------------------

export class DailyScreen extends SoloPage {
  constructor(app, day = null) {
    super(app);
    this.dayAsked = day;
    this.index = null;
    this.list = null;
    this.state = "loading"; // loading | ready | notfound | error
    this.archive = {}; // day -> own points (or null: not played), as the lists come in
  }

  get day() {
    return this.dayAsked ?? this.index?.today ?? null;
  }

  get isToday() {
    return this.index ? this.day === this.index.today : this.dayAsked === null;
  }

  async load() {
    try {
      this.index = await dailyIndex();
      if (!this.alive) return;
      if (!this.day) throw new HttpError(404, "no_puzzle");
      this.list = await dailyList(this.day);
      if (!this.alive) return;
      this.state = "ready";
      this.archive[this.day] = ownDaily(this.list, this.app.me?.id)?.points ?? null;
    } catch (err) {
      if (!this.alive) return;
      this.state = err instanceof HttpError && err.status === 404 ? "notfound" : "error";
    }
    this.render();
    if (this.state === "ready") this.loadArchive();
  }

  /** One's own points of every archive day (three lists at a time). */
  async loadArchive() {
    const days = (this.index?.days || []).filter((d) => !(d in this.archive));
    let next = 0;
    const worker = async () => {
      while (next < days.length && this.alive) {
        const day = days[next++];
        try {
          this.archive[day] = ownDaily(await dailyList(day), this.app.me?.id)?.points ?? null;
        } catch { /* leave it unknown */ }
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    if (this.alive) this.render();
  }

  render() {
    if (!this.el) return;
    if (this.state === "notfound" || this.state === "error") {
      render(this.el, h("div.center-page", {}, h("div.card", { "data-testid": "daily-not-found" },
        h("p", {}, this.state === "notfound" ? t("solo.daily.notfound") : t("err.http")),
        h("div.row", {},
          h("button.primary", { type: "button", onclick: () => this.app.navigate("/tagesstadt") }, t("solo.daily.today")),
          h("button.link", { type: "button", onclick: () => this.app.navigate("/") }, t("pa.tolobby"))))));
      return;
    }
    const me = this.app.me?.id;
    const own = ownDaily(this.list, me);
    // An attempt begun and not done: its clock runs; the button takes the player back to it.
    const running = !own && Boolean(this.list?.running);
    const title = !this.day ? t("solo.mode.daily") : this.isToday ? t("solo.daily.title.today") : t("solo.daily.title.day", { date: formatDay(this.day) });
    const intro = h("section.card.sg-daily-intro", { "data-testid": "daily-intro", "data-day": this.day ?? "" },
      h("div.sg-page-head", {}, h("h1", { "data-testid": "daily-heading" }, title), this.gear()),
      this.isToday && this.day ? h("p.muted.sg-daily-date", {}, formatDay(this.day, { weekday: true })) : null,
      h("p", {}, t("solo.daily.rules")),
      this.renderTasks(own || running),
      running ? h("p.sg-daily-own", { "data-testid": "daily-running" }, t("solo.daily.running")) : null,
      own
        ? h("p.sg-daily-own", { "data-testid": "daily-own", "data-points": own.points }, t("solo.daily.own", { points: formatPoints(own.points), rank: own.rank }))
        : null,
      h("div.row", {},
        h("button.primary.big", {
          type: "button", "data-testid": "daily-play", disabled: !this.day || this.starting,
          onclick: () => this.play({ mode: "daily", day: this.day }),
        }, this.starting ? "…" : own ? t("solo.daily.again") : running ? t("solo.daily.resume") : t("solo.daily.play"))),
      own ? h("p.muted.sg-daily-note", {}, t("solo.daily.againnote")) : null);
    const page = h("div.sg-page.sg-daily-page.page-grid", { "data-testid": "daily-page" },
      intro, this.renderList(me), this.renderArchive());
    render(this.el, page);
  }

  /** The day's three tasks: once played or begun (before, they would give away thinking time). */
  renderTasks(played) {
    if (!this.list) return h("p.muted", {}, "…");
    if (!played || !this.list.tasks) return h("p.sg-daily-hidden", { "data-testid": "daily-tasks-hidden" }, t("solo.daily.hidden"));
    return h("ul.sg-daily-tasks", { "data-testid": "daily-tasks" }, this.list.tasks.map((id) => h("li", { "data-task": id, class: `group-${id[0]}` },
      h("span.sg-task-id", {}, id), " ", h("strong", {}, t(`sg.task.${id}`)), h("span.muted", {}, ` – ${t(`sg.task.${id}.help`)}`))));
  }

  renderList(me) {
    const head = h("h2", {}, t("solo.daily.list"));
    if (!this.list) return h("section.card.sg-daily-list", { "data-testid": "daily-list" }, head, h("p.muted", {}, "…"));
    const rows = dailyRows(this.list, me);
    return h("section.card.sg-daily-list", { "data-testid": "daily-list" }, head,
      !rows.length
        ? h("p.muted", { "data-testid": "daily-empty" }, t("solo.daily.empty"))
        : h("table.sg-list", {},
          h("thead", {}, h("tr", {},
            h("th.num", {}, t("solo.list.rank")), h("th", {}, t("solo.list.name")), h("th.num", {}, t("solo.list.points")),
            h("th.num", {}, t("solo.list.time")), h("th.num", {}, t("solo.summary.hints")))),
          h("tbody", {}, rows.map((r) => h("tr", {
            "data-testid": "daily-entry", "data-player": r.player, "data-points": r.points, "data-rank": r.rank,
            class: r.you ? "is-you" : "",
          },
            h("td.num.sg-list-rank", {}, `${r.rank}.`),
            // (no computer stands in for a run alone: a day list's rows never say so, as the Bestenliste's may)
            h("td.sg-list-name", {}, playerLink({ id: r.player, nickname: r.nickname, cls: "sg-list-nick" }), r.you ? h("span.tag.tag-you", {}, t("sg.you")) : null),
            h("td.num.strong", {}, formatPoints(r.points)),
            h("td.num.muted", {}, formatSeconds(r.seconds)),
            h("td.num.muted", {}, r.hints ? `${r.hints}×` : "–"))))),
      h("p.muted.sg-list-count", {}, this.list.attempts === 1 ? t("solo.daily.attempts.one") : t("solo.daily.attempts", { n: this.list.attempts ?? 0 })),
      h("div.sg-page-links", {},
        this.link("/bestenliste", t("solo.board.title"), "to-board"),
        this.link("/", t("pa.tolobby"), "to-lobby")));
  }

  renderArchive() {
    const days = this.index?.days || [];
    return h("section.card.sg-daily-archive", { "data-testid": "daily-archive" }, h("h2", {}, t("solo.daily.archive")),
      !days.length
        ? h("p.muted", {}, this.index ? t("solo.daily.empty") : "…")
        : h("ol.pz-days.sg-days", {}, days.map((day) => {
          const href = dailyPath(day, this.index.today);
          const points = this.archive[day];
          return h("li.pz-day", { key: day, class: day === this.day ? "is-current" : "" },
            h("a.pz-day-link", { href, "data-testid": `daily-day-${day}`, onclick: (e) => { e.preventDefault(); this.app.navigate(href); } },
              h("span.pz-day-date", {}, formatDay(day, { weekday: true, year: false })),
              h("span.pz-day-foot", {},
                typeof points === "number"
                  ? h("span.pz-day-best", {}, t("solo.points.short", { points: formatPoints(points) }))
                  : h("span.pz-day-best.muted", {}, points === null ? t("pz.archive.none") : "…"),
                day === this.index.today ? h("span.tag.pz-today-tag", {}, t("pz.archive.todaytag")) : null)));
        })));
  }
}

// ---- Bestenliste ------------------------------------------------------------------------------------

export class BoardScreen extends SoloPage {
  constructor(app) {
    super(app);
    this.period = "all";
    this.boards = {}; // period -> board
    this.error = false;
  }

  async load() {
    const period = this.period;
    if (this.boards[period]) return;
    const me = this.app.me?.id;
    try {
      const query = new URLSearchParams({ period, limit: String(BOARD_LIMIT), ...(me ? { player: me } : {}) });
      this.boards[period] = await api("GET", `/api/leaderboard?${query}`);
      this.error = false;
    } catch {
      this.error = true;
    }
    if (this.alive) this.render();
  }

  choose(period) {
    this.period = period;
    this.render();
    this.load();
  }

  render() {
    if (!this.el) return;
    const tab = (period) => h("button.pz-tab", {
      type: "button", role: "tab", "data-testid": `board-tab-${period}`,
      "aria-selected": this.period === period ? "true" : "false", class: this.period === period ? "is-active" : "",
      onclick: () => this.choose(period),
    }, t(`solo.board.${period}`));
    const board = this.boards[this.period];
    let content;
    if (!board) content = h("p.muted", {}, this.error ? t("err.http") : "…");
    else {
      const { rows, apart } = boardRows(board, this.app.me?.id);
      if (!rows.length && !apart) content = h("p.muted", { "data-testid": "board-empty" }, t("solo.board.empty"));
      else {
        const row = (r, testid) => h("tr", {
          "data-testid": testid, "data-player": r.player, "data-points": r.points, "data-rank": r.rank, "data-games": r.games, "data-stood-in": r.stood_in ?? 0,
          class: r.you ? "is-you" : "",
        },
          h("td.num.sg-list-rank", {}, `${r.rank}.`),
          h("td.sg-list-name", {}, playerLink({ id: r.player, nickname: r.nickname, cls: "sg-list-nick" }), r.you ? h("span.tag.tag-you", {}, t("sg.you")) : null,
            // Points of games a computer partly played for him while he was away: said, not hidden.
            r.stood_in ? h("span.sg-list-stood", { "data-testid": "board-stood-in", title: t("solo.board.stood.long") }, t("solo.board.stood", { n: r.stood_in })) : null),
          h("td.num.strong", {}, formatBoardPoints(r.points)),
          h("td.num.muted", {}, String(r.games)));
        content = h("table.sg-list", {},
          h("thead", {}, h("tr", {},
            h("th.num", {}, t("solo.list.rank")), h("th", {}, t("solo.list.name")), h("th.num", {}, t("solo.list.points")), h("th.num", {}, t("solo.list.games")))),
          h("tbody", {},
            rows.map((r) => row(r, "board-entry")),
            apart ? [h("tr.sg-list-gap", { "aria-hidden": "true" }, h("td", { colspan: "4" }, "⋯")), row(apart, "board-you")] : null));
      }
    }
    const body = h("div.sg-board-body", { role: "tabpanel", "data-testid": "board", "data-period": this.period }, content);
    const page = h("div.sg-page.sg-board-page.page-grid", { "data-testid": "board-page" },
      h("section.card.sg-board-card", {},
        h("div.sg-page-head", {}, h("h1", {}, t("solo.board.title")), this.gear()),
        h("p.muted", {}, t("solo.board.rules")),
        h("div.pz-tabs", { role: "tablist" }, tab("all"), tab("week")),
        body),
      h("section.card.sg-board-links", {},
        h("h2", {}, t("solo.board.more")),
        h("ul.sg-link-list", {},
          h("li", {}, this.link("/tagesstadt", t("solo.daily.list"), "to-daily")),
          h("li", {}, this.link("/wertung", t("rating.link"), "to-ratings")),
          h("li", {}, this.link("/puzzle", t("solo.board.puzzle"), "to-puzzle")),
          h("li", {}, this.link("/", t("pa.tolobby"), "to-lobby")))));
    render(this.el, page);
  }
}
