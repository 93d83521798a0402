// The stage of a Plan Ahead or Rätsel replay: every land at once (a Rätsel: one) as it was after the
// step's tile — drawn by the game's own board (board.js), its lines and line-end numbers worked out
// as in the live game (lines.js) — each with its name and score, the field the tile went to marked;
// beside them the tile of the step. On the last tile each land says its final place and, under it,
// its score by line (line-table.js).

import "./strings.js";
import "../planahead/strings.js";
import "../puzzle/strings.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { boardSvg, tileSvg } from "../planahead/board.js";
import { linesOf } from "../planahead/lines.js";
import { lineScoreTable } from "../planahead/line-table.js";
import { tileLabel } from "../planahead/table.js";
import { formatDay } from "../puzzle/format.js";
import { accuracyText, lossBars, moveAt, moveText } from "./analysis.js";

export class TilesReplay {
  /** screen: the ReplayScreen (its model). */
  constructor(screen) {
    this.screen = screen;
  }

  get model() {
    return this.screen.model;
  }

  destroy() {}

  title() {
    const replay = this.model.replay;
    if (replay.game === "puzzle" && replay.settings?.puzzle) return t("pz.ofday", { date: formatDay(replay.settings.puzzle) });
    return t("game.planahead");
  }

  stage() {
    const frame = this.model.tileFrame();
    if (!frame) return h("div.rp-stage", {}, h("p.muted", { "data-testid": "replay-empty" }, t("rp.empty")));
    const lands = this.model.lands();
    const code = frame.tile;
    const room = this.analysisRoom(lands);
    return h("div.rp-stage", { "data-lands": lands.length },
      h("div.rp-lands", { "data-count": lands.length }, lands.map((land) => this.landPanel(land, room))),
      h("aside.rp-tile", { "data-testid": "replay-tile", "data-tile": code },
        h("div.rp-tile-label", {}, t("rp.tile")),
        h("div.rp-tile-card", { role: "img", "aria-label": `${t("rp.tile")}: ${tileLabel(code)}` }, tileSvg(code, 92)),
        h("div.rp-tile-kinds.muted", { "aria-hidden": "true" }, tileLabel(code))));
  }

  /**
   * What the analysis adds to the lands it has (a person's: a computer's moves are not weighed): the
   * longest move line of the step and an accuracy. A land without them keeps their room, unseen, so
   * that every land's board is the same size (the lands share the stage's rows and columns).
   */
  analysisRoom(lands) {
    const replay = this.model.replay;
    const turn = this.model.tileFrame()?.turn ?? 0;
    const moves = lands.map((land) => moveAt(replay, land.seat, turn)).filter(Boolean)
      .map((move) => ({ text: moveText(move), verdict: move.verdict ?? "" }));
    const analysed = lands.filter((land) => lossBars(replay, land.seat, turn).length);
    return {
      move: moves.reduce((a, b) => (!a || b.text.length > a.text.length ? b : a), null),
      bars: analysed.length > 0,
      accuracy: analysed.map((land) => accuracyText(replay, land.seat)).find(Boolean) ?? null,
      note: lands.some((land) => land.note),
    };
  }

  landPanel(land, room) {
    const svg = boardSvg({
      land: land.land, lines: linesOf(land.land), clockPlaced: land.clockPlaced, clockTitle: t("pa.clockplaced"),
      computerPlaced: land.computerPlaced, computerTitle: t("played.mark"),
    });
    // A picture to look at: no field is a control, the land is named as a whole.
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `${land.name}: ${land.score} ${t("pa.points")}`);
    svg.setAttribute("data-testid", `board-${land.seat}`);
    svg.setAttribute("data-land", land.land.map((c) => c || ".").join(" "));
    svg.querySelectorAll(".pa-field").forEach((g) => {
      g.removeAttribute("tabindex");
      g.removeAttribute("role");
    });
    if (land.field !== null) svg.querySelector(`[data-field="${land.field}"]`)?.classList.add("rp-new");
    const turn = this.model.tileFrame()?.turn ?? 0;
    const move = moveAt(this.model.replay, land.seat, turn);
    if (move && move.best_field !== move.field && move.loss > 0) {
      // The engine's best field for this tile, ringed (it was free when the tile was laid).
      const best = svg.querySelector(`[data-field="${move.best_field}"]`);
      best?.classList.add("rp-best");
      best?.setAttribute("data-best", "true");
    }
    if (move?.optimal_field && move.optimal_field !== move.field) {
      // A Rätsel: where the day's best land has this tile (a blue ring).
      const optimal = svg.querySelector(`[data-field="${move.optimal_field}"]`);
      optimal?.classList.add("rp-optimal");
      optimal?.setAttribute("data-optimal", "true");
    }
    const placed = land.place !== null;
    return h("section.rp-land", {
      "data-testid": `land-${land.seat}`, "data-seat": land.seat, "data-score": land.score,
      "data-tiles": land.land.filter(Boolean).length, "data-place": land.place ?? "",
      class: [land.you ? "is-you" : "", land.place === 1 ? "is-winner" : ""].join(" "),
    },
      h("div.rp-land-head", {},
        placed ? h("span.rp-place", { title: t("rp.place", { n: land.place }) }, `${land.place}.`) : null,
        h("span.rp-name", {}, land.name, land.you ? h("span.muted", {}, ` (${t("table.you")})`) : null),
        land.bot ? h("span.level-badge", {
          "data-testid": `land-level-${land.seat}`, "data-level": land.bot, "data-short": t(`level.${land.bot}.short`), title: t("table.bot"),
        }, h("span.level-name", {}, t(`level.${land.bot}`))) : null,
        // (on a line of its own under the name; a land without a note keeps that line's room, unseen)
        land.note ? h("span.played-for", { "data-testid": `land-played-${land.seat}`, title: land.note }, `(${land.note})`)
          : room.note ? h("span.played-for.is-room", { "aria-hidden": "true" }, "\u00a0") : null,
        h("span.rp-score", { "data-testid": `land-score-${land.seat}` }, String(land.score))),
      move ? h("p.rp-move", { "data-testid": `move-${land.seat}`, "data-verdict": move.verdict ?? "", "data-loss": move.loss }, moveText(move))
        : room.move ? h("p.rp-move.is-room", { "aria-hidden": "true", "data-verdict": room.move.verdict }, room.move.text) : null,
      h("div.rp-board-wrap", {}, svg),
      this.lossBars(land.seat, turn) ?? (room.bars
        ? h("div.rp-losses.is-room", { "aria-hidden": "true" }, h("div.rp-loss-bars", {}), room.accuracy ? h("span.rp-accuracy", {}, room.accuracy) : null)
        : null),
      this.model.atEnd ? lineScoreTable(land.land, { testid: `line-scores-${land.seat}` }) : null);
  }

  /** The seat's losses over the game, a bar a tile (the step's marked; a bar steps there); the accuracy. */
  lossBars(seat, turn) {
    const bars = lossBars(this.model.replay, seat, turn);
    if (!bars.length) return null;
    const accuracy = accuracyText(this.model.replay, seat);
    return h("div.rp-losses", { "data-testid": `losses-${seat}` },
      h("div.rp-loss-bars", { role: "group", "aria-label": t("rp.an.bars") }, bars.map((bar) => h("button.rp-loss", {
        type: "button", "data-turn": bar.turn, "data-verdict": bar.verdict ?? "", class: bar.current ? "is-current" : "",
        title: t("rp.an.bar", { n: bar.turn + 1, loss: bar.loss.toFixed(1) }), "aria-label": t("rp.an.bar", { n: bar.turn + 1, loss: bar.loss.toFixed(1) }),
        style: `--h: ${Math.max(0.06, bar.height).toFixed(3)}`,
        onclick: () => this.screen.seekTo?.(bar.turn),
      }))),
      accuracy ? h("span.rp-accuracy.muted", { "data-testid": `accuracy-${seat}` }, accuracy) : null);
  }
}
