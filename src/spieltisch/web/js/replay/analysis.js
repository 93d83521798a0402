// @ts-check
// The move-by-move analysis a replay carries (docs/history.md: `analysis`), as a replay shows it:
// for the step's tile each seat's move (its field, the engine's best field, the expected points it
// cost, its verdict), a bar of the losses over the game, the accuracy; a Rätsel's move against the
// best land; a Speedgans round's city against the nearest optimal one. No drawing here
// (planahead.js and speedgans.js draw it).

import "./strings.js";
import { t } from "../i18n.js";

/**
 * @typedef {object} AnalysedMove
 * @property {number} turn  1..19
 * @property {string} tile
 * @property {number} field
 * @property {number} best_field
 * @property {number} expected
 * @property {number} best_expected
 * @property {number} loss
 * @property {"inaccuracy" | "mistake" | "blunder" | null} verdict
 * @property {number | null} [optimal_field]  a Rätsel: where the day's best land has the tile
 */
/** @typedef {{moves: AnalysedMove[], score: number, accuracy: number | null}} SeatAnalysis */

/**
 * The seat's move at the step's tile (turn counts from 0, as the frames do), or null.
 * @param {{analysis?: SeatAnalysis[]}} replay
 * @param {number} seat
 * @param {number} turn
 * @returns {AnalysedMove | null}
 */
export function moveAt(replay, seat, turn) {
  return replay.analysis?.[seat]?.moves?.[turn] ?? null;
}

/** A number of points as the page writes it: one decimal, the page's language. */
function points(value) {
  return new Intl.NumberFormat(t("rp.an.locale"), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/**
 * What a move's line says: „Feld 7 · bester Zug“ or „Feld 12 · besser Feld 9 (−4,2) · Ungenau“; a
 * Rätsel adds whether the tile lies where the best land has it.
 * @param {AnalysedMove} move
 * @returns {string}
 */
export function moveText(move) {
  const parts = [t("rp.an.field", { n: move.field })];
  if (move.best_field === move.field || move.loss === 0) parts.push(t("rp.an.best"));
  else parts.push(t("rp.an.better", { n: move.best_field, loss: points(move.loss) }));
  if (move.verdict) parts.push(t(`rp.an.${move.verdict}`));
  if (move.optimal_field !== undefined && move.optimal_field !== null) {
    parts.push(move.optimal_field === move.field ? t("rp.an.optimal") : t("rp.an.optimal.not", { n: move.optimal_field }));
  }
  return parts.join(" · ");
}

/**
 * The bars of a seat's losses over the game: each move's loss as a share of the game's largest (a
 * game without loss: all 0), its verdict, and whether it is the step's.
 * @param {{analysis?: SeatAnalysis[]}} replay
 * @param {number} seat
 * @param {number} turn  the step's (from 0)
 * @returns {{turn: number, loss: number, height: number, verdict: string | null, current: boolean}[]}
 */
export function lossBars(replay, seat, turn) {
  const moves = replay.analysis?.[seat]?.moves ?? [];
  const top = Math.max(0, ...moves.map((m) => m.loss));
  return moves.map((m, i) => ({
    turn: i, loss: m.loss, height: top > 0 ? m.loss / top : 0, verdict: m.verdict, current: i === turn,
  }));
}

/**
 * „Genauigkeit 93 %“ (null: no moves to weigh).
 * @param {{analysis?: SeatAnalysis[]}} replay
 * @param {number} seat
 * @returns {string | null}
 */
export function accuracyText(replay, seat) {
  const accuracy = replay.analysis?.[seat]?.accuracy;
  return accuracy === null || accuracy === undefined ? null : t("rp.an.accuracy", { n: Math.round(accuracy * 100) });
}

/**
 * @typedef {object} CityAnalysis  a Speedgans round's city against the optimal ones
 * @property {string} target
 * @property {number} differ  cells not as the nearest optimal city has them
 * @property {number[] | null} points
 * @property {number[]} best
 * @property {number[] | null} missed
 * @property {number | null} seconds  when it called „Gasse dicht!“
 */

/**
 * „2 Plättchen anders als die nächste Bestlösung · verpasst: W3 −10,0, H5 −4,2 · „Gasse dicht!“ nach
 * 0:42“ — or that it was an optimal city.
 * @param {CityAnalysis | null | undefined} found
 * @param {{id: string}[]} tasks  the round's, in the order of `missed`
 * @param {(seconds: number) => string} clock  how the page writes a time
 * @returns {string}
 */
export function cityAnalysisText(found, tasks, clock) {
  if (!found) return "";
  const parts = [found.differ === 0 ? t("rp.an.city.optimal") : t(found.differ === 1 ? "rp.an.city.differ.one" : "rp.an.city.differ", { n: found.differ })];
  if (found.missed) {
    const missed = found.missed.map((m, i) => [tasks[i]?.id ?? "?", m]).filter(([, m]) => Number(m) > 0);
    if (missed.length) parts.push(t("rp.an.city.missed", { list: missed.map(([id, m]) => `${id} −${points(Number(m))}`).join(", ") }));
  } else {
    parts.push(t("rp.an.city.nopoints"));
  }
  if (found.seconds !== null && found.seconds !== undefined) parts.push(t("rp.an.city.done", { time: clock(found.seconds) }));
  return parts.join(" · ");
}
