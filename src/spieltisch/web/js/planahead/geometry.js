// @ts-check
// Plan Ahead board geometry: 19 flat-topped hexes, numbered column by column (see board.py).
//
//         8
//     4      13
//  1      9      17
//     5      14
//  2     10      18
//     6      15
//  3     11      19
//     7      16
//        12

export const RADIUS = 2;
export const FIELD_COUNT = 19;
/** Hex size in board units: centre to corner. */
export const S = 50;
/** Centre to edge midpoint. */
export const H = (S * Math.sqrt(3)) / 2;

/** Axial (q, r) of fields 1..19 (index 0 = field 1). */
/** @type {[number, number][]} */
export const COORDS = [];
for (let q = -RADIUS; q <= RADIUS; q++) {
  for (let r = -RADIUS; r <= RADIUS; r++) {
    if (Math.abs(q + r) <= RADIUS) COORDS.push([q, r]);
  }
}

/**
 * Pixel centre of an axial coordinate (flat-topped).
 * @param {number} q
 * @param {number} r
 * @returns {[number, number]}
 */
export function centre(q, r) {
  return [1.5 * S * q, 2 * H * (r + q / 2)];
}

/** @param {number} field  1..19 */
export function fieldCentre(field) {
  const [q, r] = COORDS[field - 1];
  return centre(q, r);
}

/** Polygon points of a hex around (0, 0), scaled by k. */
export function hexPoints(k = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(S * k * Math.cos(a)).toFixed(2)},${(S * k * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

/** Unit step along each direction, in pixels (fields are ordered along it in the views). */
export const STEP = {
  vertical: centre(0, 1), // down
  rising: centre(1, -1), // to the upper right
  falling: centre(1, 0), // to the lower right
};

/** Rotation of a route drawn horizontally (local x from -H to +H) into its direction. */
export const ROTATION = { vertical: 90, rising: -30, falling: 30 };

/** Route kinds by value: direction, machine key, German and English names. */
export const KINDS = {
  1: { dir: "vertical", key: "dirt" },
  5: { dir: "vertical", key: "meadow" },
  9: { dir: "vertical", key: "road" },
  2: { dir: "rising", key: "clouds" },
  6: { dir: "rising", key: "rails" },
  7: { dir: "rising", key: "canal" },
  3: { dir: "falling", key: "bushes" },
  4: { dir: "falling", key: "roses" },
  8: { dir: "falling", key: "stones" },
};

/**
 * Parse a tile code "VAB" into its three values, or null.
 * @param {string | null | undefined} code
 * @returns {{vertical: number, rising: number, falling: number} | null}
 */
export function parseTile(code) {
  if (!code || code === ".") return null;
  return { vertical: Number(code[0]), rising: Number(code[1]), falling: Number(code[2]) };
}

/**
 * Parse a land "e1 e2 … e19" into an array of 19 codes (null where empty).
 * @param {string | null | undefined} text
 * @returns {(string | null)[]}
 */
export function parseLand(text) {
  const parts = (text || "").trim().split(/\s+/);
  /** @type {(string | null)[]} */
  const land = [];
  for (let i = 0; i < FIELD_COUNT; i++) land.push(parts[i] && parts[i] !== "." ? parts[i] : null);
  return land;
}

/**
 * The field an arrow key moves to from `field`, or null at the land's edge. Up and down go to the
 * field above or below; left and right go to one of the two fields beside (upper or lower; `lean`
 * -1 prefers the upper, +1 the lower, so that repeated steps can zigzag along a row).
 * @param {number} field  1..19
 * @param {"ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight"} key
 * @param {-1 | 1} [lean]
 * @returns {number | null}
 */
export function neighbour(field, key, lean = -1) {
  const [q, r] = COORDS[field - 1];
  /** @type {[number, number][]} */
  let steps;
  if (key === "ArrowUp") steps = [[0, -1]];
  else if (key === "ArrowDown") steps = [[0, 1]];
  else {
    const dq = key === "ArrowRight" ? 1 : -1;
    // Beside a flat-topped hex: the upper one and the lower one.
    const upper = /** @type {[number, number]} */ (dq === 1 ? [1, -1] : [-1, 0]);
    const lower = /** @type {[number, number]} */ (dq === 1 ? [1, 0] : [-1, 1]);
    steps = lean === 1 ? [lower, upper] : [upper, lower];
  }
  for (const [sq, sr] of steps) {
    const index = COORDS.findIndex(([cq, cr]) => cq === q + sq && cr === r + sr);
    if (index >= 0) return index + 1;
  }
  return null;
}
