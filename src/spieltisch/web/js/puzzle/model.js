// @ts-check
// A puzzle attempt as this client knows it, without the page: Plan Ahead's table of one seat
// (PlanAheadModel) with the attempt's clock (no placing once it has run out), and after the attempt
// the result: the score, the best possible score and the share of it, and the best land to compare.

import "./strings.js";
import { t } from "../i18n.js";
import { formatClock } from "../clock.js";
import { PlanAheadModel } from "../planahead/model.js";
import { parseLand } from "../planahead/geometry.js";
import { linesOf } from "../planahead/lines.js";
import { formatShare } from "./format.js";

/** The clock turns red in the last half minute. */
const URGENT_S = 30;
/** The clock's bar runs over this many seconds when the view names no start. */
const DEFAULT_LIMIT_S = 300;

/** @typedef {import("../planahead/model.js").LandView} LandView */

export class PuzzleModel extends PlanAheadModel {
  /** Seconds left on the attempt's clock, as this client sees the server's clock (null: no clock). */
  timeLeft() {
    const game = this.game;
    return game?.ends_at ? game.ends_at - this.serverNow() : null;
  }

  canPlace() {
    const left = this.timeLeft();
    return super.canPlace() && !(left !== null && left <= 0);
  }

  hint() {
    if (this.game.phase !== "playing") return "";
    return this.tentativeField() !== null ? t("pa.confirmhint") : t("pa.placehint");
  }

  /** Tiles on the land. */
  placed() {
    return parseLand(this.game.seats[0]?.land).filter(Boolean).length;
  }

  turnText() {
    const game = this.game;
    if (game.phase === "playing") return super.turnText();
    return t("pz.placed", { n: this.placed(), total: game.tiles_total });
  }

  /**
   * The attempt's clock while it runs: "mm:ss", whole seconds left (rounded up), red in the last
   * 30 s, over at 0, and the share of the time left.
   * @returns {{text: string, seconds: number, urgent: boolean, over: boolean, fraction: number} | null}
   */
  clock() {
    const game = this.game;
    if (!game?.ends_at || game.phase !== "playing") return null;
    const left = Math.max(0, game.ends_at - this.serverNow());
    const total = Math.max(1, game.ends_at - (game.started_at ?? game.ends_at - DEFAULT_LIMIT_S));
    return {
      text: formatClock(left), seconds: Math.ceil(left),
      urgent: left <= URGENT_S, over: left <= 0, fraction: Math.min(1, left / total),
    };
  }

  /** @returns {LandView} */
  viewData() {
    const game = this.game;
    if (this.viewSeat === "optimum" && game.optimum) {
      const land = parseLand(game.optimum.land);
      return { seat: "optimum", land, lines: linesOf(land), clockPlaced: [], own: false, name: t("pz.optimumname") };
    }
    return super.viewData();
  }

  /** Which land the toggle after the attempt shows, and its caption. */
  landShown() {
    const optimum = this.game.optimum;
    if (this.viewSeat === "optimum" && optimum) {
      return { showing: "optimum", caption: t("pz.viewingoptimum", { n: optimum.score }) };
    }
    return { showing: "mine", caption: t("pz.viewingmine", { n: this.game.seats[0]?.score ?? 0 }) };
  }

  /**
   * The attempt's result: its score, the best possible (null while the server works it out), the
   * share of it (as a number, the bar's percent and in words).
   */
  result() {
    const game = this.game;
    const optimum = game.optimum || null;
    const share = optimum ? optimum.share : null;
    return {
      score: game.seats[0].score, timedOut: Boolean(game.timed_out), optimum: optimum ? optimum.score : null, share,
      percent: share === null ? 0 : Math.max(0, Math.min(100, Math.round(share * 100))),
      shareText: share === null ? "…" : formatShare(share),
    };
  }
}
