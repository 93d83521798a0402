// Speedgans tiles: the table of the nine two-sided tiles (as in the spec) and their SVG art — a
// half-timbered town in autumn. A tile side is drawn in a 100 × 100 frame; rotation r turns an arm
// on edge d to (d + r) mod 4. Figures move with the tile but stay upright so they read at a glance;
// a watchman's view cone points along his (turned) view direction.
// Nothing here decides anything: validity and task values come from the server's report.

import { E, N, S, W } from "./city.js";

const BASE_ARMS = { straight: [N, S], curve: [N, E], T: [E, S, W], cross: [N, E, S, W], garden: [] };

// Figures in base orientation: [kind, x, y] (watchman: [kind, x, y, view edge]). Order within a kind
// is the engine's index (catches name "watchman index 1" = the second watchman listed here).
const SIDES = {
  "1a": { shape: "straight", figures: [["watchman", 50, 38, N]], trees: [[19, 24], [80, 72], [20, 80], [81, 22]] },
  "1b": { shape: "curve", figures: [["house", 25, 72], ["pretzel", 84, 15], ["child", 66, 78], ["dachshund", 20, 26]], trees: [] },
  "2a": { shape: "straight", figures: [["watchman", 50, 67, S], ["watchman", 50, 31, N]], trees: [[19, 22], [81, 78], [20, 76], [81, 26]] },
  "2b": { shape: "garden", figures: [["house", 28, 30], ["goose", 70, 70], ["pretzel", 72, 28], ["child", 28, 74]], trees: [[52, 52]] },
  "3a": { shape: "curve", figures: [["goose", 50, 20], ["goose", 81, 50]], trees: [[24, 28], [30, 76], [72, 84], [86, 14]] },
  "3b": { shape: "garden", figures: [["house", 30, 30], ["goose", 68, 68], ["child", 72, 28]], trees: [[26, 76], [86, 86]] },
  "4a": { shape: "T", figures: [["watchman", 50, 68, S], ["goose", 22, 50], ["pretzel", 74, 20]], trees: [[24, 20], [19, 82], [82, 82]] },
  "4b": { shape: "cross", figures: [["house", 19, 19], ["house", 81, 81], ["dachshund", 81, 18]], trees: [[19, 81]] },
  "5a": { shape: "T", figures: [["house", 22, 20], ["house", 74, 20], ["dachshund", 19, 82], ["pretzel", 81, 82]], trees: [[48, 14]] },
  "5b": { shape: "cross", figures: [["goose", 80, 50], ["child", 19, 19]], trees: [[81, 19], [19, 81], [81, 81]] },
  "6a": { shape: "T", figures: [["pretzel", 30, 22], ["pretzel", 70, 22]], trees: [[19, 82], [82, 82], [50, 12]] },
  "6b": { shape: "garden", figures: [["goose", 34, 62], ["pretzel", 70, 34]], trees: [[24, 24], [78, 78], [80, 14]] },
  "7a": { shape: "cross", figures: [["watchman", 31, 50, W], ["watchman", 50, 68, S], ["goose", 50, 21], ["dachshund", 81, 18]], trees: [[19, 81], [81, 81]] },
  "7b": { shape: "cross", figures: [["house", 19, 19], ["dachshund", 81, 81]], trees: [[81, 19], [19, 81]] },
  "8a": { shape: "cross", figures: [["house", 19, 19], ["house", 81, 19], ["house", 19, 81]], trees: [[81, 81]] },
  "8b": { shape: "cross", figures: [["watchman", 50, 32, N]], trees: [[19, 19], [81, 81], [19, 81], [81, 19]] },
  "9a": { shape: "cross", figures: [["watchman", 31, 50, W], ["child", 81, 19], ["dachshund", 19, 81]], trees: [[19, 19], [81, 81]] },
  "9b": { shape: "garden", figures: [["house", 28, 28], ["house", 72, 72], ["child", 72, 28]], trees: [[28, 72], [50, 50]] },
};

export const FIGURE_KINDS = ["watchman", "goose", "pretzel", "house", "child", "dachshund"];

export function sideInfo(tile, side) {
  return SIDES[`${tile}${side}`];
}

/** Arms of a side at a rotation (edges 0..3, sorted). */
export function arms(tile, side, rotation = 0) {
  return BASE_ARMS[SIDES[`${tile}${side}`].shape].map((d) => (d + rotation) % 4).sort();
}

/** Count of each figure kind on a side. */
export function figureCounts(tile, side) {
  const counts = Object.fromEntries(FIGURE_KINDS.map((k) => [k, 0]));
  for (const f of SIDES[`${tile}${side}`].figures) counts[f[0]] += 1;
  return counts;
}

/** Turn a point of the 100 × 100 frame by r quarter turns clockwise about the centre. */
export function turnPoint(x, y, r) {
  let px = x, py = y;
  for (let i = 0; i < ((r % 4) + 4) % 4; i++) [px, py] = [100 - py, px];
  return [px, py];
}

/** Where the index-th figure of a kind sits on a placed side (100 × 100 frame), or null. */
export function figurePoint(tile, side, rotation, kind, index) {
  const list = SIDES[`${tile}${side}`].figures.filter((f) => f[0] === kind);
  const f = list[index];
  return f ? turnPoint(f[1], f[2], rotation) : null;
}

// ---- the art ------------------------------------------------------------------------------------

const NS = "http://www.w3.org/2000/svg";

/** Shared patterns (cobblestones, lawn); inserted once per document. */
export function ensureDefs() {
  if (document.getElementById("sg-defs")) return;
  const holder = document.createElementNS(NS, "svg");
  holder.setAttribute("id", "sg-defs");
  holder.setAttribute("aria-hidden", "true");
  holder.setAttribute("width", "0");
  holder.setAttribute("height", "0");
  holder.style.position = "absolute";
  holder.innerHTML = `<defs>
    <pattern id="sg-cobble" width="10" height="8" patternUnits="userSpaceOnUse">
      <rect width="10" height="8" class="sg-cobble-joint"/>
      <rect x="0.6" y="0.6" width="4" height="3" rx="1.2" class="sg-cobble-a"/>
      <rect x="5.4" y="0.6" width="4" height="3" rx="1.2" class="sg-cobble-b"/>
      <rect x="-2" y="4.4" width="4" height="3" rx="1.2" class="sg-cobble-b"/>
      <rect x="2.8" y="4.4" width="4" height="3" rx="1.2" class="sg-cobble-a"/>
      <rect x="7.6" y="4.4" width="4" height="3" rx="1.2" class="sg-cobble-b"/>
    </pattern>
    <pattern id="sg-lawn" width="24" height="24" patternUnits="userSpaceOnUse">
      <rect width="24" height="24" class="sg-lawn-base"/>
      <path d="M3 6 l1.2 -2.6 l1.2 2.6 M15 17 l1.2 -2.6 l1.2 2.6 M18 4 l1 -2 l1 2 M7 20 l1 -2 l1 2" class="sg-lawn-blade"/>
      <circle cx="11" cy="10" r="1.1" class="sg-leaf-a"/>
      <circle cx="21" cy="12" r="0.9" class="sg-leaf-b"/>
      <circle cx="4" cy="15" r="0.8" class="sg-leaf-b"/>
    </pattern>
  </defs>`;
  document.body.prepend(holder);
}

const ARM_END = { [N]: [50, -1], [E]: [101, 50], [S]: [50, 101], [W]: [-1, 50] };

function lanePaths(shape) {
  if (shape === "garden") return [];
  if (shape === "curve") return ["M50,-1 L50,18 Q50,50 82,50 L101,50"];
  return BASE_ARMS[shape].map((d) => `M50,50 L${ARM_END[d][0]},${ARM_END[d][1]}`);
}

function tree(x, y, i) {
  const crowns = ["sg-crown-a", "sg-crown-b", "sg-crown-c"];
  const c = crowns[i % 3];
  return `<g class="sg-tree" transform="translate(${x},${y})">
    <ellipse cx="1.5" cy="6.5" rx="8" ry="3" class="sg-shadow"/>
    <rect x="-1.2" y="1" width="2.4" height="6" class="sg-trunk"/>
    <circle cx="-3" cy="-1" r="5.2" class="${c}"/>
    <circle cx="3" cy="-2" r="5.6" class="${c}"/>
    <circle cx="0" cy="-5.5" r="5.2" class="${c}"/>
    <circle cx="-1.5" cy="-5" r="1.6" class="sg-crown-light"/>
  </g>`;
}

/** SVG markup of one figure centred at 0,0 (tile units). */
export function figureMarkup(kind, opts = {}) {
  switch (kind) {
    case "house":
      return `<g class="sg-fig sg-house">
        <ellipse cx="1.5" cy="12.5" rx="13" ry="2.6" class="sg-shadow"/>
        <path d="M-11,-1 L-11,12 L11,12 L11,-1 Z" class="sg-wall"/>
        <path d="M-11,4.5 H11 M-4,-1 V12 M4,-1 V12 M-11,-1 L-4,4.5 M11,-1 L4,4.5 M-11,12 L-4,4.5 M11,12 L4,4.5" class="sg-timber"/>
        <rect x="-2.6" y="6.5" width="5.2" height="5.5" class="sg-door"/>
        <path d="M-14,0 L0,-14 L14,0 Z" class="sg-roof"/>
        <rect x="-2" y="-8" width="4" height="3.6" class="sg-window"/>
      </g>`;
    case "goose":
      return `<g class="sg-fig sg-goose">
        <ellipse cx="0" cy="7.6" rx="9" ry="2.2" class="sg-shadow"/>
        <path d="M-9,1 Q-10,-3 -6,-2 Q0,-4 4,-1 L4,-9 Q4,-12.5 7.4,-12 Q9.6,-11.2 8.8,-8.6 L7,-6.4 Q7.8,0 6.4,3 Q3,7.2 -3,6.6 Q-8.8,5.6 -9,1 Z" class="sg-goose-body"/>
        <path d="M8.6,-10.6 L12.6,-9.4 L8.8,-8.2 Z" class="sg-beak"/>
        <circle cx="6.6" cy="-10.2" r="0.9" class="sg-eye"/>
        <path d="M-5,1.5 Q-1,4 3,1.5" class="sg-wing"/>
        ${opts.caught ? `<g class="sg-bow"><path d="M4,-4.6 L0.4,-7.2 L0.6,-2.2 Z M4.6,-4.6 L8.4,-7.2 L8.2,-2.2 Z"/><circle cx="4.4" cy="-4.6" r="1.5"/></g>` : ""}
      </g>`;
    case "pretzel":
      return `<g class="sg-fig sg-pretzel">
        <ellipse cx="0.5" cy="6.8" rx="8" ry="1.8" class="sg-shadow"/>
        <path d="M-4,5.5 C-11,3 -10.5,-7 -3.5,-6.5 C0,-6.2 0.5,-2 0,0.5 C-0.5,-2 0,-6.2 3.5,-6.5 C10.5,-7 11,3 4,5.5 M-4,5.5 L3.2,-1.6 M4,5.5 L-3.2,-1.6" class="sg-pretzel-dough"/>
        <circle cx="-6" cy="-2" r="0.6" class="sg-salt"/><circle cx="6" cy="-3" r="0.6" class="sg-salt"/><circle cx="-1" cy="3.4" r="0.6" class="sg-salt"/>
      </g>`;
    case "child":
      return `<g class="sg-fig sg-child">
        <ellipse cx="0.5" cy="8.4" rx="5.5" ry="1.7" class="sg-shadow"/>
        <path d="M-2,5 L-2.4,8.4 M2,5 L2.4,8.4" class="sg-limb"/>
        <path d="M-4.8,-2.6 L-7.4,-6.2 M4.8,-2.6 L7.4,-6.2" class="sg-limb"/>
        <path d="M0,-3.6 L-5,5.6 L5,5.6 Z" class="sg-dress"/>
        <circle cx="0" cy="-6.4" r="3.3" class="sg-skin"/>
        <path d="M-3.3,-7.2 Q0,-11.4 3.3,-7.2 Q0,-8.8 -3.3,-7.2 Z" class="sg-hair"/>
      </g>`;
    case "dachshund":
      return `<g class="sg-fig sg-dachshund">
        <ellipse cx="0" cy="5" rx="12" ry="1.8" class="sg-shadow"/>
        <path d="M-7,2 L-7.6,5 M-4.6,2 L-4.4,5 M4.2,2 L4.4,5 M6.6,2 L7.4,5" class="sg-dog-leg"/>
        <path d="M-10,-1 Q-12.5,-4.5 -13,-5.2" class="sg-dog-tail"/>
        <rect x="-10.5" y="-3.6" width="19" height="6.8" rx="3.4" class="sg-dog"/>
        <path d="M6.6,-4 Q8.6,-8.4 11.6,-7.2 L14.6,-5.2 Q15,-3.4 12.6,-3.2 L9.4,-2.4 Z" class="sg-dog"/>
        <path d="M8.4,-6.6 Q7.2,-3.4 9,-2.2 Q9.8,-4.4 9.6,-6.8 Z" class="sg-dog-ear"/>
        <circle cx="11.4" cy="-5.8" r="0.7" class="sg-eye"/>
        <circle cx="14.6" cy="-4.8" r="0.8" class="sg-eye"/>
      </g>`;
    case "watchman": {
      // The view cone (lantern light) points along the view edge; the man stays upright.
      const dir = opts.direction ?? N;
      const cone = opts.noCone ? "" : `<g class="sg-view" transform="rotate(${dir * 90})">
          <path d="M0,-3 L-7,-21 Q0,-24 7,-21 Z" class="sg-cone"/>
          <path d="M0,-27.5 L-4.2,-21.5 L4.2,-21.5 Z" class="sg-view-arrow"/>
        </g>`;
      return `<g class="sg-fig sg-watchman">
        ${cone}
        <ellipse cx="1" cy="10.4" rx="7" ry="2" class="sg-shadow"/>
        <path d="M6.4,-14.5 L6.4,10.5" class="sg-halberd-pole"/>
        <path d="M6.4,-15.6 L10.4,-11.4 L6.4,-9.8 Z M6.4,-17.8 L4.8,-13.6 L8,-13.6 Z" class="sg-halberd-blade"/>
        <path d="M-2,6 L-2.4,10.4 M2,6 L2.4,10.4" class="sg-limb sg-limb-dark"/>
        <path d="M-5.4,-2.5 L5.4,-2.5 L4.4,7 L-4.4,7 Z" class="sg-coat"/>
        <path d="M-5.4,1.6 L5.4,1.6" class="sg-belt"/>
        <path d="M4.6,-1.4 L6.4,-4" class="sg-limb sg-limb-dark"/>
        <circle cx="0" cy="-5.6" r="3.2" class="sg-skin"/>
        <path d="M-4.8,-7.6 L0,-12 L4.8,-7.6 Z" class="sg-hat"/>
      </g>`;
    }
    default:
      return "";
  }
}

/**
 * Markup of one tile side (an <svg> string, viewBox 0 0 100 100).
 * opts: {size, caught: [goose indices with a red bow], noCones, labelled}
 */
export function tileMarkup(tile, side, rotation = 0, opts = {}) {
  const info = SIDES[`${tile}${side}`];
  const r = ((rotation % 4) + 4) % 4;
  const paths = lanePaths(info.shape);
  const lanes = paths.length
    ? `<g transform="rotate(${r * 90} 50 50)">
        ${paths.map((d) => `<path d="${d}" class="sg-lane-edge"/>`).join("")}
        ${info.shape !== "curve" ? `<rect x="35" y="35" width="30" height="30" class="sg-lane-edge-join"/>` : ""}
        ${paths.map((d) => `<path d="${d}" class="sg-lane"/>`).join("")}
        ${info.shape !== "curve" ? `<rect x="37.5" y="37.5" width="25" height="25" class="sg-lane-join"/>` : ""}
      </g>`
    : "";
  const trees = info.trees.map(([x, y], i) => {
    const [tx, ty] = turnPoint(x, y, r);
    return tree(tx, ty, i + tile);
  }).join("");
  const caught = new Set(opts.caught || []);
  let gooseIndex = 0;
  // Draw back to front (lower figures over upper ones).
  const placed = info.figures.map((f) => {
    const [x, y] = turnPoint(f[1], f[2], r);
    const extra = {};
    if (f[0] === "watchman") { extra.direction = (f[3] + r) % 4; extra.noCone = opts.noCones; }
    if (f[0] === "goose") { extra.caught = caught.has(gooseIndex); gooseIndex += 1; }
    return { kind: f[0], x, y, extra };
  }).sort((a, b) => a.y - b.y);
  const k = opts.figureScale ?? 1.18;
  const figures = placed.map((p) => `<g transform="translate(${p.x.toFixed(1)},${p.y.toFixed(1)}) scale(${k})">${figureMarkup(p.kind, p.extra)}</g>`).join("");
  const size = opts.size ? ` width="${opts.size}" height="${opts.size}"` : "";
  return `<svg class="sg-tile${info.shape === "garden" ? " is-garden" : ""}" viewBox="0 0 100 100"${size} aria-hidden="true" focusable="false" data-tile="${tile}${side}${r}">
    <rect width="100" height="100" class="sg-ground"/>
    <rect width="100" height="100" class="sg-ground-tex" fill="url(#sg-lawn)"/>
    ${info.shape === "garden" ? `<rect x="6" y="6" width="88" height="88" rx="6" class="sg-hedge"/>` : ""}
    ${lanes}
    ${trees}
    ${figures}
    <rect x="0.5" y="0.5" width="99" height="99" rx="3" class="sg-tile-edge"/>
  </svg>`;
}

/** A figure on its own (legend, tooltips). */
export function figureIcon(kind, size = 28) {
  return `<svg class="sg-icon" viewBox="-16 -18 32 32" width="${size}" height="${size}" aria-hidden="true" focusable="false">${figureMarkup(kind, { noCone: kind === "watchman" ? false : undefined, direction: E })}</svg>`;
}
