// @ts-check
// The lines of a land, worked out here (the server sends only the lands, not what follows from
// them): along the 15 lines, a line is broken once two of its tiles differ in its direction,
// complete when full, else open with what it can still bring.

/** @typedef {import("../protocol.js").LineView} LineView */

/** Which digit of a tile code a direction reads ("VAB"). */
const DIGIT = { vertical: 0, rising: 1, falling: 2 };

/** @typedef {{fields: number[], direction: "vertical" | "rising" | "falling"}} Line */

/** @param {"vertical" | "rising" | "falling"} direction @param {number[][]} lines @returns {Line[]} */
const along = (direction, lines) => lines.map((fields) => ({ fields, direction }));

/**
 * The 15 scoring lines in the engine's order (games/planahead/board.py LINES; tests/test_shared_data.py
 * compares them): five per direction, left to right.
 * @type {Line[]}
 */
export const LINES = [
  ...along("vertical", [[1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11, 12], [13, 14, 15, 16], [17, 18, 19]]),
  ...along("rising", [[1, 4, 8], [2, 5, 9, 13], [3, 6, 10, 14, 17], [7, 11, 15, 18], [12, 16, 19]]),
  ...along("falling", [[8, 13, 17], [4, 9, 14, 18], [1, 5, 10, 15, 19], [2, 6, 11, 16], [3, 7, 12]]),
];

/**
 * The lines of `land`: state, value, points, and what an open one can still bring.
 * @param {(string | null)[]} land  19 tile codes, null where empty
 * @returns {LineView[]}
 */
export function linesOf(land) {
  return LINES.map((line) => {
    const values = line.fields.map((f) => land[f - 1]).filter(Boolean)
      .map((code) => Number(/** @type {string} */ (code)[DIGIT[line.direction]]));
    const same = values.every((v) => v === values[0]);
    const full = values.length === line.fields.length;
    const value = values.length && same ? values[0] : null;
    const state = !same ? "broken" : full ? "complete" : "open";
    const worth = value ? value * line.fields.length : 0;
    return {
      fields: line.fields, direction: line.direction, state, value,
      potential: state === "open" ? worth : 0, points: state === "complete" ? worth : 0,
    };
  });
}
