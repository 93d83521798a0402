// The stage of a Speedgans replay: the rounds to choose from and the round's tasks; then every city
// at once as it grew, change by change, with the place marker of each „Gasse dicht!“ in the order
// they were called (the change of the step marked); last the round's scoring exactly as the table
// showed it (the same scoring list, task cards and city with its catches; the names and the
// Musterstadt show a city). The looks of Speedgans (theme.js) apply, with their gear menu.

import "./strings.js";
import "../speedgans/strings.js";
import { formatClock } from "../clock.js";
import { t } from "../i18n.js";
import { cityAnalysisText } from "./analysis.js";
import { h } from "../ui.js";
import { icon } from "../icons.js";
import { cityElement } from "../speedgans/board.js";
import { taskCards } from "../speedgans/build-view.js";
import { parseCity } from "../speedgans/city.js";
import { SpeedgansModel } from "../speedgans/model.js";
import { scoringList } from "../speedgans/table.js";
import { applyTheme, clearTheme, themeMenu } from "../speedgans/theme.js";
import { ensureDefs } from "../speedgans/tiles.js";

export class SpeedgansReplay {
  /** screen: the ReplayScreen (its model, renderAll after a look was chosen). */
  constructor(screen) {
    this.screen = screen;
    this.themeOpen = false;
    // The scoring is the live table's: its model holds the round's scored view, as a watcher's.
    this.live = new SpeedgansModel({ send: () => null, serverNow: () => 0 });
    this.liveRound = null;
    ensureDefs();
    applyTheme();
  }

  get model() {
    return this.screen.model;
  }

  destroy() {
    clearTheme();
  }

  title() {
    return t("sg.title");
  }

  headExtras() {
    return themeMenu({
      open: this.themeOpen,
      onToggle: () => { this.themeOpen = !this.themeOpen; this.screen.render(); },
      onChosen: () => { this.themeOpen = false; this.screen.render(); },
    });
  }

  /** Escape closes the looks menu; answers whether it did. */
  onEscape() {
    if (!this.themeOpen) return false;
    this.themeOpen = false;
    this.screen.render();
    return true;
  }

  stage() {
    const m = this.model;
    const scored = m.stepKind() === "scored";
    // The scoring names its round and tasks itself (its heading, the task cards).
    return h("div.rp-stage", { class: scored ? "is-scored" : "", "data-step": m.stepKind() },
      this.renderTop(scored),
      scored ? this.renderFinal() : null,
      scored ? this.renderScoring() : this.renderCities(),
      scored ? null : h("p.rp-event", { "data-testid": "replay-event" }, m.eventText()));
  }

  renderTop(scored) {
    const m = this.model;
    const round = m.roundFrame();
    const rounds = m.rounds;
    return h("div.rp-sg-top", {},
      h("div.rp-rounds", { role: "group", "aria-label": t("rp.rounds") }, rounds.map((r, i) => h("button.rp-round", {
        type: "button", "data-testid": `replay-round-${r.round}`, "aria-pressed": i === m.roundIndex ? "true" : "false",
        class: i === m.roundIndex ? "is-active" : "", onclick: () => this.screen.chooseRound(i),
      }, t("sg.round", { n: r.round })))),
      scored ? null : h("ul.rp-sg-tasks", { "aria-label": t("sg.results.task") }, (round?.tasks || []).map((task) => h("li.rp-sg-task", { class: `group-${task.id[0]}` },
        h("span.sg-task-id", {}, task.id), " ", t(`sg.task.${task.id}`), task.star ? h("span.sg-task-star", { title: t("sg.star") }, " ★") : null))));
  }

  /** The game's last step: who won, and everyone's final points (the replay's `final`). */
  renderFinal() {
    const final = this.model.finalStandings();
    if (!final) return null;
    return h("section.rp-final", { "data-testid": "replay-final", "aria-label": t("rp.final") },
      h("p.end-winner.rp-winner", { "data-testid": "replay-winner" }, icon("span.end-trophy", "trophy"), final.text),
      h("ol.rp-final-list", { "aria-label": t("rp.final") }, final.rows.map((r) => h("li", {
        "data-seat": r.seat, "data-place": r.place ?? "", "data-points": r.score, class: [r.place === 1 ? "is-winner" : "", r.you ? "is-you" : ""].join(" "),
      }, h("span.rp-final-place", {}, `${r.place ?? "–"}.`), " ", h("span.rp-final-name", {}, r.name), " ",
      r.note ? h("span.played-for", { "data-testid": `final-played-${r.seat}` }, `(${r.note}) `) : null,
      r.bot ? h("span.level-badge", { "data-testid": `final-level-${r.seat}`, "data-level": r.bot, title: t("sg.computer") }, t(`sg.level.${r.bot}`)) : null,
      r.bot ? " " : null,
      h("span.rp-final-points", {}, t("sg.points", { n: r.score }))))));
  }

  /** Every city at the step, side by side. */
  renderCities() {
    const cities = this.model.cities();
    return h("div.rp-cities", { "data-count": cities.length, "aria-label": t("rp.sg.cities"), role: "group" }, cities.map((c) => {
      const bot = this.model.replay.players[c.seat]?.bot;
      const city = cityElement({ cells: parseCity(c.city), report: null, interactive: false, testid: `city-${c.seat}` });
      city.querySelector(".sg-cells")?.setAttribute("aria-label", t("rp.sg.cityof", { name: c.name }));
      city.querySelectorAll(".sg-cell").forEach((cell) => cell.setAttribute("tabindex", "-1"));
      return h("section.rp-city", {
        "data-testid": `city-panel-${c.seat}`, "data-seat": c.seat, "data-tiles": c.tiles, "data-marker": c.marker ?? "",
        class: [c.changed ? "is-changed" : "", c.marker !== null ? "is-done" : "", c.seat === this.model.you ? "is-you" : ""].join(" "),
      },
        h("div.rp-city-head", {},
          h("span.rp-name", {}, c.name),
          bot ? h("span.level-badge", { "data-testid": `city-level-${c.seat}`, "data-level": bot, title: t("sg.computer") }, t(`sg.level.${bot}`)) : null,
          c.byComputer ? h("span.sg-by-computer", { "data-testid": `by-computer-${c.seat}`, title: t("played.city") }, t("played.city")) : null,
          c.marker !== null ? h("span.sg-marker", { "data-testid": `marker-${c.seat}`, title: t("sg.marker", { n: c.marker }) }, String(c.marker)) : null,
          c.left ? h("span.rp-left.muted", {}, "✕") : null,
          h("span.rp-city-tiles", { title: t("sg.tiles.long", { n: c.tiles }) }, t("sg.tiles", { n: c.tiles }))),
        h("div.sg-city-wrap", {}, city));
    }));
  }

  /** The round's scoring: the table's own scoring list, the task cards and the city chosen. */
  renderScoring() {
    const m = this.model;
    const live = this.live;
    if (this.liveRound !== m.roundIndex) {
      const replay = m.replay;
      live.update({
        id: replay.table, kind: "speedgans", settings: replay.settings, you: null,
        seats: replay.players.map((p) => ({ player: p.player, nickname: p.nickname, bot: p.bot })),
        game: /** @type {any} */ (m.roundFrame()).scored,
      });
      // The round's best city first (one's own, if this browser's player played).
      const seats = live.game.seats;
      const best = seats.reduce((a, s, i) => ((s.round_points ?? 0) > (seats[a].round_points ?? 0) ? i : a), 0);
      live.showCity(m.you ?? best);
      this.liveRound = m.roundIndex;
    }
    const game = live.game;
    const view = live.viewData();
    const city = cityElement({
      cells: view.cells, report: view.report, interactive: false,
      showProblems: !view.muster, showCatches: true, testid: "city",
    });
    city.querySelector(".sg-cells")?.setAttribute("aria-label", view.muster ? t("sg.musterstadt") : t("rp.sg.cityof", { name: view.name }));
    const buttons = h("div.row.sg-result-buttons", {});
    if (game.musterstadt) {
      buttons.append(h("button.secondary", {
        type: "button", "data-testid": "musterstadt", title: t("sg.musterstadt.long"),
        "aria-pressed": live.viewSeat === "muster" ? "true" : "false",
        class: live.viewSeat === "muster" ? "is-active" : "", onclick: () => this.showCity("muster"),
      }, "★ ", t("sg.musterstadt")));
    }
    return h("div.rp-scored", { "data-testid": "replay-scoring" },
      taskCards({ tasks: game.tasks || [], values: view.report?.tasks || {} }),
      h("section.rp-sg-board", {},
        h("div.sg-viewing.is-own", { "data-testid": "viewing" },
          h("span", {}, view.muster ? t("sg.musterstadt") : t("rp.sg.cityof", { name: view.name }))),
        this.cityAnalysis(view),
        h("div.sg-city-wrap", { "data-seat": String(view.seat ?? (view.muster ? "muster" : "")) }, city)),
      h("section.sg-results", { "data-testid": "results" },
        h("h2", {}, t("sg.results", { n: game.round })),
        scoringList(live, { you: m.you, onShowCity: (seat) => this.showCity(seat) }),
        buttons));
  }

  /** The city shown against the nearest optimal one (games/speedgans/analysis.py), under its name. */
  cityAnalysis(view) {
    if (view.muster || typeof view.seat !== "number") return null;
    const round = /** @type {any} */ (this.model.roundFrame());
    const found = round?.analysis?.[view.seat];
    if (!found) return null;
    return h("p.rp-move.rp-city-analysis", { "data-testid": "city-analysis", "data-differ": found.differ },
      cityAnalysisText(found, round.tasks || [], (s) => formatClock(s, { round: "nearest" })));
  }

  /** @param {number | "muster"} target */
  showCity(target) {
    this.live.showCity(target);
    this.screen.refresh();
  }
}
