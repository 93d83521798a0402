// A puzzle attempt on the table: the Plan Ahead table of one seat (drag/tap, OK, preview, line ends),
// the remaining time top centre, and after the attempt the result with the optimum on the same board.

import "./strings.js";
import { getLang, t } from "../i18n.js";
import { net } from "../net.js";
import { h } from "../ui.js";
import { PlanAheadGame } from "../planahead/table.js";
import { parseLand } from "../planahead/geometry.js";
import { linesOf, mmss, puzzleHeading } from "./util.js";

/** "87 %" / "87%"; never 100 % for a result below the optimum. */
export function formatShare(share) {
  const shown = share < 1 ? Math.floor(share * 100) / 100 : 1;
  return new Intl.NumberFormat(getLang() === "en" ? "en-GB" : "de-DE", { style: "percent", maximumFractionDigits: 0 }).format(shown);
}

export class PuzzleGame extends PlanAheadGame {
  /** screen: the PuzzleScreen (send, app, retry, results, isToday). */
  constructor(screen) {
    super(screen);
    this.screen = screen;
  }

  /** Seconds left on the attempt's clock, as this client sees the server's clock. */
  timeLeft() {
    const game = this.game;
    return game?.ends_at ? game.ends_at - net.serverNow() : null;
  }

  canPlace() {
    const left = this.timeLeft();
    return super.canPlace() && !(left !== null && left <= 0);
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
      h("div.pz-side", {}, this.screen.results.render(this.screen.app.me?.id))];
  }

  renderInfo() {
    const game = this.game;
    let hint = "";
    if (game.phase === "playing") hint = this.tentativeField() !== null ? t("pa.confirmhint") : t("pa.placehint");
    const heading = puzzleHeading(game.puzzle, this.screen.isToday);
    const placed = parseLand(game.seats[0]?.land).filter(Boolean).length;
    return h("div.pa-info", {},
      h("div.pa-title", { "data-testid": "puzzle-title" }, heading.title),
      heading.date ? h("div.muted.pz-date", {}, heading.date) : null,
      game.phase === "playing"
        ? h("div.pa-turn", { "data-testid": "turn" }, t("pa.tileof", { n: Math.min(game.turn + 1, game.tiles_total), total: game.tiles_total }))
        : h("div.pa-turn", { "data-testid": "turn" }, t("pz.placed", { n: placed, total: game.tiles_total })),
      hint ? h("div.pa-hint.muted", { "data-testid": "hint", "aria-live": "polite" }, hint) : null);
  }

  renderClock() {
    const game = this.game;
    this.clockEl = null;
    if (!game.ends_at || game.phase !== "playing") return h("div.pa-clock.is-empty");
    this.clockEl = h("div.pa-clock.pz-clock", { "data-testid": "puzzle-clock", role: "timer", "aria-label": t("pz.timeleft"), title: t("pz.timeleft") });
    return this.clockEl;
  }

  tickClock() {
    if (!this.clockEl || !this.game?.ends_at) return;
    const left = Math.max(0, this.timeLeft());
    const text = mmss(left);
    if (this.clockEl.textContent !== text) this.clockEl.textContent = text;
    this.clockEl.dataset.left = String(Math.ceil(left));
    this.clockEl.classList.toggle("is-urgent", left <= 30);
    this.clockEl.classList.toggle("is-over", left <= 0);
    const total = Math.max(1, this.game.ends_at - (this.game.started_at ?? this.game.ends_at - 300));
    this.clockEl.style.setProperty("--left", String(Math.min(1, left / total)));
  }

  viewData() {
    const game = this.game;
    if (this.viewSeat === "optimum" && game.optimum) {
      const land = parseLand(game.optimum.land);
      return { seat: "optimum", land, lines: linesOf(land, game.seats[0]?.lines), clockPlaced: [], own: false, name: t("pz.optimumname") };
    }
    return super.viewData();
  }

  renderBoardArea() {
    const area = super.renderBoardArea();
    area.querySelector(".pa-viewing")?.remove();
    if (this.game.phase === "finished") area.prepend(this.renderToggle());
    return area;
  }

  renderToggle() {
    const optimum = this.game.optimum;
    const showing = this.viewSeat === "optimum" && optimum ? "optimum" : "mine";
    const button = (which, seat, key) => h("button.pz-toggle-btn", {
      type: "button", "data-testid": `show-${which}`, "aria-pressed": showing === which ? "true" : "false",
      class: showing === which ? "is-active" : "", disabled: which === "optimum" && !optimum,
      onclick: () => this.showSeat(seat),
    }, t(key));
    return h("div.pz-toggle-box", {},
      h("div.pz-toggle", { role: "group", "data-testid": "land-toggle", "data-showing": showing },
        button("mine", this.you ?? 0, "pz.showmine"), button("optimum", "optimum", "pz.showoptimum")),
      h("div.pz-toggle-caption.muted", { "data-testid": "land-caption" },
        showing === "optimum"
          ? t("pz.viewingoptimum", { n: optimum.score })
          : t("pz.viewingmine", { n: this.game.seats[0]?.score ?? 0 })));
  }

  renderResult() {
    const game = this.game;
    const own = game.seats[0];
    const optimum = game.optimum || null;
    const share = optimum ? optimum.share : null;
    const percent = share === null ? 0 : Math.max(0, Math.min(100, Math.round(share * 100)));
    return h("section.card.pz-result", {
      "data-testid": "puzzle-result", "data-score": own.score, "data-timed-out": game.timed_out ? "true" : "false",
    },
      h("h2.pz-result-head", { "data-testid": "result-head" }, game.timed_out ? t("pz.timeup") : t("pz.done")),
      game.timed_out ? h("p.muted.pz-result-note", {}, t("pz.timeup.note")) : null,
      h("dl.pz-figures", {},
        h("div.pz-figure.is-score", {},
          h("dt", {}, t("pz.yourscore")),
          h("dd", { "data-testid": "result-score", "data-score": own.score }, String(own.score))),
        h("div.pz-figure", {},
          h("dt", { title: t("pz.optimum") }, t("pz.optimum.short")),
          h("dd", { "data-testid": "result-optimum", "data-score": optimum ? optimum.score : "" },
            optimum ? String(optimum.score) : h("span.pz-wait", {}, t("pz.optimum.wait"))))),
      h("div.pz-share", { "data-testid": "result-share", "data-share": share ?? "" },
        h("div.pz-share-label", {}, h("span", {}, t("pz.share")), h("strong", { "data-testid": "result-percent" }, share === null ? "…" : formatShare(share))),
        h("div.pz-share-bar", { role: "progressbar", "aria-label": t("pz.share"), "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(percent) },
          h("span", { style: `width: ${percent}%` }))),
      h("div.pz-result-buttons", {},
        h("button.primary.big", { type: "button", "data-testid": "retry", onclick: () => this.screen.retry() }, t("pz.retry")),
        h("p.muted.pz-retry-note", {}, t("pz.retry.note")),
        h("div.pz-links", {},
          h("button.link", { type: "button", "data-testid": "to-archive", onclick: () => this.screen.app.navigate("/puzzle#archive") }, t("pz.archive")),
          h("button.link", { type: "button", onclick: () => this.screen.app.navigate("/") }, t("pa.tolobby")))));
  }
}
