// @ts-check
// A Speedgans city in the spec's notation: nine cells row by row, each "4a1" (tile 4, side a, a
// quarter turn clockwise) or "." (empty); and the 3 × 3 grid's neighbours.

/** Edges of a cell (and arms of a tile): north, east, south, west. */
export const N = 0, E = 1, S = 2, W = 3;
export const EDGES = ["N", "E", "S", "W"];
export const TILE_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** @typedef {{tile: number, side: "a" | "b", rotation: number}} Entry  one placed tile */
/** @typedef {(Entry | null)[]} Cells  the nine cells, row by row (null: empty) */

/**
 * "4a1" → {tile: 4, side: "a", rotation: 1}; "." (or anything else) → null.
 * @param {string | undefined} entry
 * @returns {Entry | null}
 */
export function parseEntry(entry) {
  const m = /^([1-9])([ab])([0-3])$/.exec(entry || "");
  return m ? { tile: Number(m[1]), side: m[2] === "a" ? "a" : "b", rotation: Number(m[3]) } : null;
}

/**
 * A city string → 9 entries (null for empty cells; missing entries are empty).
 * @param {string | null | undefined} text
 * @returns {Cells}
 */
export function parseCity(text) {
  const parts = (text || "").trim().split(/\s+/);
  return Array.from({ length: 9 }, (_, i) => parseEntry(parts[i]));
}

/**
 * @param {Cells} cells
 * @returns {string}
 */
export function formatCity(cells) {
  return cells.map((c) => (c ? `${c.tile}${c.side}${c.rotation}` : ".")).join(" ");
}

/** The empty city. */
export const EMPTY_CITY = formatCity(Array(9).fill(null));

/**
 * The cell next to `cell` across `edge`, or null at the town wall.
 * @param {number} cell  0..8, row by row
 * @param {number} edge  N, E, S or W
 * @returns {number | null}
 */
export function neighbourCell(cell, edge) {
  const row = Math.floor(cell / 3), col = cell % 3;
  if (edge === N) return row > 0 ? cell - 3 : null;
  if (edge === S) return row < 2 ? cell + 3 : null;
  if (edge === W) return col > 0 ? cell - 1 : null;
  return col < 2 ? cell + 1 : null;
}
