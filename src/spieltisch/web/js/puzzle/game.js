// A puzzle attempt on the page: the Plan Ahead table of one seat (drag/tap, OK, preview, line ends),
// the remaining time top centre, and after the attempt the result with the optimum on the same board.
// The attempt's state is PuzzleModel's (model.js).

import "./strings.js";
import { t } from "../i18n.js";
import { h } from "../dom.js";
import { replayLink } from "../end-dialog.js";
import { PlanAheadGame } from "../planahead/table.js";
import { puzzleHeading } from "./format.js";
import { PuzzleModel } from "./model.js";

/** @extends {PlanAheadGame<PuzzleModel>} */
export class PuzzleGame extends PlanAheadGame {
  /** screen: the PuzzleScreen (send, app, retry, results, isToday). */
  constructor(screen) {
    super(screen, PuzzleModel);
    this.screen = screen;
  }

  /** A puzzle is played alone: nobody to be away, nothing to leave but the page. */
  presenceBar() {
    return null;
  }

  update(table) {
    const before = { phase: this.game?.phase ?? null, optimum: Boolean(this.game?.optimum) };
    super.update(table);
    this.screen.gameChanged(table, before);
  }

  rootAttributes() {
    const game = this.game;
    return {
      ...super.rootAttributes(),
      "data-puzzle": game.puzzle, "data-timed-out": game.timed_out ? "true" : "false",
      class: `pz-game ${game.phase === "finished" ? "is-finished" : "is-playing"}`,
    };
  }

  renderParts() {
    if (this.game.phase !== "finished") return super.renderParts();
    // After the attempt: the result and the lists beside the board, no tile, clock or OK button.
    return [this.renderInfo(), this.renderResult(), this.renderBoardArea(),
      h("div.pz-side", {}, this.screen.results.render(this.screen.app.me?.id),
        this.screen.results.renderDay(this.screen.app.me?.id,
          { day: this.game.puzzle, score: this.game.seats[0]?.score ?? 0, optimum: this.game.optimum?.score ?? null })),
      this.helpOpen ? this.renderHelp() : null].filter(Boolean);
  }

  renderInfo() {
    const hint = this.model.hint();
    const heading = puzzleHeading(this.game.puzzle, this.screen.isToday);
    return h("div.pa-info", { key: "info" },
      h("div.pa-title", { "data-testid": "puzzle-title" }, heading.title),
      heading.date ? h("div.muted.pz-date", {}, heading.date) : null,
      h("div.pa-turn", { "data-testid": "turn" }, this.model.turnText()),
      hint ? h("div.pa-hint.muted", { "data-testid": "hint", "aria-live": "polite" }, hint) : null,
      this.helpButton());
  }

  renderClock() {
    const game = this.game;
    this.clockEl = null;
    if (!game.ends_at || game.phase !== "playing") return h("div.pa-clock.is-empty", { key: "no-clock" });
    return h("div.pa-clock.pz-clock", {
      key: "clock", "data-testid": "puzzle-clock", role: "timer", "aria-label": t("pz.timeleft"), title: t("pz.timeleft"),
      ref: (el) => { this.clockEl = el; },
    }, this.model.clock()?.text ?? "");
  }

  tickClock() {
    const clock = this.clockEl && this.model.clock();
    if (!clock) return;
    if (this.clockEl.textContent !== clock.text) this.clockEl.textContent = clock.text;
    this.clockEl.dataset.left = String(clock.seconds);
    this.clockEl.classList.toggle("is-urgent", clock.urgent);
    this.clockEl.classList.toggle("is-over", clock.over);
    this.clockEl.style.setProperty("--left", String(clock.fraction));
  }

  /** Over the land: after the attempt, the switch between the own land and the optimum. */
  renderAboveBoard() {
    return this.game.phase === "finished" ? this.renderToggle() : null;
  }

  renderToggle() {
    const optimum = this.game.optimum;
    const { showing, caption } = this.model.landShown();
    const button = (which, seat, key) => h("button.pz-toggle-btn", {
      type: "button", "data-testid": `show-${which}`, "aria-pressed": showing === which ? "true" : "false",
      class: showing === which ? "is-active" : "", disabled: which === "optimum" && !optimum,
      onclick: () => this.showSeat(seat),
    }, t(key));
    return h("div.pz-toggle-box", {},
      h("div.pz-toggle", { role: "group", "data-testid": "land-toggle", "data-showing": showing },
        button("mine", this.you ?? 0, "pz.showmine"), button("optimum", "optimum", "pz.showoptimum")),
      h("div.pz-toggle-caption.muted", { "data-testid": "land-caption" }, caption));
  }

  renderResult() {
    const r = this.model.result();
    return h("section.card.pz-result", {
      "data-testid": "puzzle-result", "data-score": r.score, "data-timed-out": r.timedOut ? "true" : "false",
    },
      h("h2.pz-result-head", { "data-testid": "result-head" }, r.timedOut ? t("pz.timeup") : t("pz.done")),
      r.timedOut ? h("p.muted.pz-result-note", {}, t("pz.timeup.note")) : null,
      h("dl.pz-figures", {},
        h("div.pz-figure.is-score", {},
          h("dt", {}, t("pz.yourscore")),
          h("dd", { "data-testid": "result-score", "data-score": r.score }, String(r.score))),
        h("div.pz-figure", {},
          h("dt", { title: t("pz.optimum") }, t("pz.optimum.short")),
          h("dd", { "data-testid": "result-optimum", "data-score": r.optimum ?? "" },
            r.optimum !== null ? String(r.optimum) : h("span.pz-wait", {}, t("pz.optimum.wait"))))),
      h("div.pz-share", { "data-testid": "result-share", "data-share": r.share ?? "" },
        h("div.pz-share-label", {}, h("span", {}, t("pz.share")), h("strong", { "data-testid": "result-percent" }, r.shareText)),
        h("div.pz-share-bar", { role: "progressbar", "aria-label": t("pz.share"), "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(r.percent) },
          h("span", { style: `width: ${r.percent}%` }))),
      h("div.pz-result-buttons", {},
        h("button.primary.big", { type: "button", "data-testid": "retry", onclick: () => this.screen.retry() }, t("pz.retry")),
        h("p.muted.pz-retry-note", {}, t("pz.retry.note")),
        h("div.pz-links", {},
          h("button.link", { type: "button", "data-testid": "to-archive", onclick: () => this.screen.app.navigate("/puzzle#archive") }, t("pz.archive")),
          replayLink(this.game.game_id, (path) => this.screen.app.navigate(path)),
          h("button.link", { type: "button", onclick: () => this.screen.app.navigate("/") }, t("pa.tolobby")))));
  }
}
