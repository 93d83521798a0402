// @ts-check
// The 27 tiles of Plan Ahead (every combination of the three values of each direction, once) and
// which of them a game has drawn so far: the own land and the others' hold the tiles placed, the
// next tile is drawn too. Of the 27, only tiles_total (19) ever come; the rest stay in the bag.

import { parseLand } from "./geometry.js";

export const VERTICAL = [1, 5, 9];
export const RISING = [2, 6, 7];
export const FALLING = [3, 4, 8];

/** Every tile code "VRF", grouped by the vertical value. */
export const ALL_TILES = VERTICAL.flatMap((v) => RISING.flatMap((r) => FALLING.map((f) => `${v}${r}${f}`)));

/**
 * @typedef {object} TileSupply
 * @property {Set<string>} drawn  the tiles drawn so far (the next one too)
 * @property {string | null} current  the next tile
 * @property {number} total  how many tiles the game draws (19)
 * @property {number} left  tiles still in the bag (27 - drawn)
 * @property {number} toCome  of those, how many the game will still draw
 * @property {number} never  how many never come (27 - total)
 */

/**
 * @param {import("../protocol.js").PlanAheadGame} game
 * @returns {TileSupply}
 */
export function tileSupply(game) {
  const drawn = new Set();
  for (const seat of game.seats) for (const code of parseLand(seat.land)) if (code) drawn.add(code);
  const current = game.phase === "playing" ? game.tile ?? null : null;
  if (current) drawn.add(current);
  const total = game.tiles_total ?? 19;
  return {
    drawn, current, total, left: ALL_TILES.length - drawn.size,
    toCome: Math.max(0, total - drawn.size), never: ALL_TILES.length - total,
  };
}
