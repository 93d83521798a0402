// @ts-check
// A land's score by line, as Board Game Arena lists it at the end: each of the 15 lines (five per
// direction, left to right) with its state and points, and their sum (the land's score). Worked out
// from the land alone, as the board's line ends are (lines.js); nothing the rules hide during play.

import { KINDS } from "./geometry.js";
import { linesOf } from "./lines.js";

export const DIRECTIONS = /** @type {const} */ (["vertical", "rising", "falling"]);

/**
 * @typedef {{index: number, number: number, direction: "vertical" | "rising" | "falling",
 *   fields: number[], state: string, value: number | null, kind: string | null, length: number,
 *   points: number}} LineScore
 */

/**
 * @param {(string | null)[]} land  19 tile codes, null where empty
 * @returns {{lines: LineScore[], total: number, complete: number, broken: number}}
 */
export function lineScores(land) {
  const lines = linesOf(land).map((line, index) => ({
    index,
    number: (index % 5) + 1, // 1..5 within its direction, left to right
    direction: line.direction,
    fields: line.fields,
    state: line.state,
    value: line.value,
    kind: line.value ? KINDS[/** @type {keyof typeof KINDS} */ (line.value)]?.key ?? null : null,
    length: line.fields.length,
    points: line.points,
  }));
  return {
    lines,
    total: lines.reduce((sum, line) => sum + line.points, 0),
    complete: lines.filter((line) => line.state === "complete").length,
    broken: lines.filter((line) => line.state === "broken").length,
  };
}
