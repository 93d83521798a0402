// @ts-check
// The lines of a land the server did not describe (the puzzle's best land), worked out the way the
// server's views describe them: along the same 15 lines, a line is broken once two of its tiles
// differ in its direction, complete when full, else open with what it can still bring.

/** @typedef {import("../protocol.js").LineView} LineView */

/** Which digit of a tile code a direction reads ("VAB"). */
const DIGIT = { vertical: 0, rising: 1, falling: 2 };

/**
 * Lines for `land` along the line definitions (fields, direction) of `template` (any seat's lines).
 * @param {(string | null)[]} land  19 tile codes, null where empty
 * @param {LineView[] | null | undefined} template
 * @returns {LineView[]}
 */
export function linesOf(land, template) {
  return (template || []).map((line) => {
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
