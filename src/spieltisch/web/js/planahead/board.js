// SVG rendering of Plan Ahead tiles and lands. Every route is drawn horizontally in a local frame
// (x from -H to +H through the centre of the hex) and rotated into its direction.

import {
  COORDS, FIELD_COUNT, H, KINDS, ROTATION, S, STEP, centre, fieldCentre, hexPoints, parseTile,
} from "./geometry.js";
import { create, h } from "../dom.js";

const NS = "http://www.w3.org/2000/svg";
const W = H + 1; // half length of a route (a hair past the edge; the hex clip trims it)

/** Colour that stands for a kind (badges, line ends). */
export const KIND_COLOUR = {
  dirt: "#9a6a3c", meadow: "#5f9a35", road: "#3f4146",
  clouds: "#7b93b0", rails: "#6b4a2e", canal: "#2f7fc1",
  bushes: "#2f7a32", roses: "#c2255c", stones: "#75756e",
};

function repeat(from, to, step, fn) {
  let out = "";
  for (let x = from; x <= to + 0.01; x += step) out += fn(x);
  return out;
}

// Deterministic jitter so that every tile looks the same each render.
function jitter(i, amount) {
  const v = Math.sin(i * 12.9898) * 43758.5453;
  return (v - Math.floor(v) - 0.5) * 2 * amount;
}

const ROUTES = {
  dirt: () => `
    <rect x="${-W}" y="-9" width="${2 * W}" height="18" fill="#c08f5c"/>
    <rect x="${-W}" y="-9" width="${2 * W}" height="2.2" fill="#a3733f"/>
    <rect x="${-W}" y="6.8" width="${2 * W}" height="2.2" fill="#a3733f"/>
    <line x1="${-W}" y1="-3.6" x2="${W}" y2="-3.6" stroke="#94622f" stroke-width="1.8" stroke-dasharray="9 3"/>
    <line x1="${-W}" y1="3.6" x2="${W}" y2="3.6" stroke="#94622f" stroke-width="1.8" stroke-dasharray="7 4"/>
    ${repeat(-38, 38, 11, (x) => `<circle cx="${x + jitter(x, 3)}" cy="${jitter(x + 1, 5)}" r="1.3" fill="#e2c49a"/>`)}`,
  meadow: () => `
    <rect x="${-W}" y="-8.5" width="${2 * W}" height="17" fill="#d3ec9f"/>
    <line x1="${-W}" y1="-8.5" x2="${W}" y2="-8.5" stroke="#86b84f" stroke-width="1.6"/>
    <line x1="${-W}" y1="8.5" x2="${W}" y2="8.5" stroke="#86b84f" stroke-width="1.6"/>
    <line x1="${-W}" y1="0" x2="${W}" y2="0" stroke="#5e9a2c" stroke-width="2.4" stroke-dasharray="5 4" stroke-linecap="round"/>
    ${repeat(-36, 36, 12, (x) => `<path d="M${x - 2},-4.5 l2,-2.5 l2,2.5 M${x + 4},5.5 l2,-2.5 l2,2.5" stroke="#7fb24a" stroke-width="1" fill="none"/>`)}`,
  road: () => `
    <rect x="${-W}" y="-11" width="${2 * W}" height="22" fill="#4a4c52"/>
    <line x1="${-W}" y1="-9.2" x2="${W}" y2="-9.2" stroke="#c9cbd0" stroke-width="1.1"/>
    <line x1="${-W}" y1="9.2" x2="${W}" y2="9.2" stroke="#c9cbd0" stroke-width="1.1"/>
    <line x1="${-W}" y1="0" x2="${W}" y2="0" stroke="#ffffff" stroke-width="2.4" stroke-dasharray="8 6"/>`,
  clouds: () => {
    const puffs = [[-38, 1, 7.5], [-27, -2, 10], [-14, 2, 9], [-1, -2.5, 11], [12, 2, 9], [25, -1.5, 10], [37, 1.5, 7.5]];
    const edge = puffs.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r + 1.6}" fill="#a9bbd1"/>`).join("");
    const body = puffs.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff"/>`).join("");
    const shade = puffs.map(([x, y, r]) => `<circle cx="${x + 1}" cy="${y + r * 0.45}" r="${r * 0.55}" fill="#e6edf6"/>`).join("");
    return `<g opacity="0.97">${edge}${body}${shade}</g>`;
  },
  rails: () => `
    <rect x="${-W}" y="-10.5" width="${2 * W}" height="21" fill="#bdb2a0"/>
    ${repeat(-42, 42, 7, (x) => `<rect x="${x - 1.8}" y="-10" width="3.6" height="20" rx="0.6" fill="#7a5230"/>`)}
    <line x1="${-W}" y1="-5" x2="${W}" y2="-5" stroke="#55585e" stroke-width="2.4"/>
    <line x1="${-W}" y1="5" x2="${W}" y2="5" stroke="#55585e" stroke-width="2.4"/>
    <line x1="${-W}" y1="-5.5" x2="${W}" y2="-5.5" stroke="#d5d8dd" stroke-width="0.7"/>
    <line x1="${-W}" y1="4.5" x2="${W}" y2="4.5" stroke="#d5d8dd" stroke-width="0.7"/>`,
  canal: () => `
    <rect x="${-W}" y="-12.5" width="${2 * W}" height="25" fill="#cdb88a"/>
    <line x1="${-W}" y1="-12.5" x2="${W}" y2="-12.5" stroke="#9c8659" stroke-width="1.4"/>
    <line x1="${-W}" y1="12.5" x2="${W}" y2="12.5" stroke="#9c8659" stroke-width="1.4"/>
    <rect x="${-W}" y="-8.5" width="${2 * W}" height="17" fill="#3b8ad0"/>
    <rect x="${-W}" y="-8.5" width="${2 * W}" height="3" fill="#2c6fae"/>
    ${repeat(-38, 38, 12, (x) => `<path d="M${x - 4},1 q2,-2.5 4,0 t4,0" stroke="#a9d6f7" stroke-width="1.2" fill="none"/>`)}
    ${repeat(-32, 38, 12, (x) => `<path d="M${x - 3},-3.5 q1.5,-2 3,0 t3,0" stroke="#7fbdee" stroke-width="1" fill="none"/>`)}`,
  bushes: () => {
    let out = `<rect x="${-W}" y="-7" width="${2 * W}" height="14" rx="6" fill="#7fae55"/>`;
    const xs = [-38, -28, -18, -8, 2, 12, 22, 32, 41];
    xs.forEach((x, i) => {
      const r = 7 + (i % 3 === 1 ? 2 : i % 3 === 2 ? 1 : 0);
      const y = jitter(i + 3, 2);
      out += `<circle cx="${x}" cy="${y}" r="${r + 1}" fill="#24602a"/>`;
      out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? "#3f8f3c" : "#4a9b41"}"/>`;
      out += `<circle cx="${x - r * 0.3}" cy="${y - r * 0.35}" r="${r * 0.4}" fill="#6cb85a"/>`;
    });
    return out;
  },
  roses: () => {
    let out = `<rect x="${-W}" y="-8" width="${2 * W}" height="16" rx="7" fill="#2f6f2e"/>`;
    const xs = [-38, -29, -20, -11, -2, 7, 16, 25, 34, 42];
    xs.forEach((x, i) => {
      const y = jitter(i + 7, 2.5);
      out += `<circle cx="${x}" cy="${y}" r="7.2" fill="${i % 2 ? "#3d8536" : "#468f3b"}"/>`;
    });
    const dots = [[-36, -3], [-31, 4], [-24, -4], [-17, 3], [-11, -2], [-5, 4], [1, -4], [6, 2], [12, -3], [18, 4], [23, -2], [29, 3], [35, -4], [40, 2]];
    dots.forEach(([x, y], i) => {
      out += `<circle cx="${x}" cy="${y}" r="2.5" fill="${i % 3 === 1 ? "#f48fb1" : "#d6336c"}" stroke="#8f1d44" stroke-width="0.5"/>`;
    });
    return out;
  },
  stones: () => {
    let out = `<rect x="${-W}" y="-10" width="${2 * W}" height="20" fill="#6f6e68"/>`;
    const fills = ["#a7a69e", "#bdbcb4", "#93928a", "#b1b0a8"];
    let i = 0;
    for (const [y, offset] of [[-5, 0], [5, 5.5]]) {
      for (let x = -46 + offset; x <= 46; x += 11) {
        const w = 9.6 + jitter(i, 0.8);
        out += `<rect x="${x - w / 2}" y="${y - 4.3}" width="${w}" height="8.6" rx="3" fill="${fills[i % 4]}" stroke="#55544f" stroke-width="0.8"/>`;
        out += `<rect x="${x - w / 2 + 1.5}" y="${y - 3.2}" width="${w * 0.45}" height="2" rx="1" fill="#d6d5ce" opacity="0.7"/>`;
        i++;
      }
    }
    return out;
  },
};

/** Drawing order: water lowest, clouds highest. */
const Z = { canal: 0, dirt: 1, meadow: 1, road: 1, bushes: 2, roses: 2, stones: 2, rails: 3, clouds: 4 };

/** Where each direction's value badge sits (unrotated), in tile units. */
const BADGE_POS = { vertical: [0, -31], rising: [27, -15.5], falling: [27, 15.5] };

let defsInstalled = false;

/** Install the shared <defs> (route drawings, hex clip) once per document. */
export function installDefs() {
  if (defsInstalled) return;
  defsInstalled = true;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", "0");
  svg.setAttribute("height", "0");
  svg.style.position = "absolute";
  const routes = Object.entries(ROUTES).map(([key, fn]) => `<g id="pa-route-${key}">${fn()}</g>`).join("");
  svg.innerHTML = `<defs>
    <clipPath id="pa-hexclip"><polygon points="${hexPoints(0.985)}"/></clipPath>
    <radialGradient id="pa-tilebg" cx="50%" cy="45%" r="60%">
      <stop offset="0%" stop-color="#f7f0d6"/><stop offset="100%" stop-color="#e6d9ae"/>
    </radialGradient>
    <radialGradient id="pa-emptybg" cx="50%" cy="40%" r="65%">
      <stop offset="0%" stop-color="#c9dca3"/><stop offset="100%" stop-color="#aac483"/>
    </radialGradient>
    <g id="pa-grass" fill="none" stroke="#8fb062" stroke-width="1.4" stroke-linecap="round" opacity="0.8">
      <path d="M-18,-12 l-2,-6 M-16,-12 l1,-7 M-14,-12 l3,-5"/>
      <path d="M14,6 l-2,-6 M16,6 l1,-7 M18,6 l3,-5"/>
      <path d="M-6,20 l-2,-5 M-4,20 l1,-6 M-2,20 l3,-4"/>
    </g>
    ${routes}
  </defs>`;
  document.body.prepend(svg);
}

/** SVG markup of one tile centred at (0, 0). */
export function tileMarkup(code, { badges = true } = {}) {
  const tile = parseTile(code);
  if (!tile) return "";
  const routes = ["vertical", "rising", "falling"]
    .map((dir) => ({ dir, value: tile[dir], key: KINDS[tile[dir]].key }))
    .sort((a, b) => Z[a.key] - Z[b.key]);
  let out = `<polygon class="pa-tile-bg" points="${hexPoints()}" fill="url(#pa-tilebg)"/>`;
  out += `<g clip-path="url(#pa-hexclip)">`;
  for (const r of routes) {
    out += `<use href="#pa-route-${r.key}" transform="rotate(${ROTATION[r.dir]})"/>`;
  }
  out += `</g>`;
  out += `<polygon points="${hexPoints()}" fill="none" stroke="#8c7449" stroke-width="1.6"/>`;
  if (badges) {
    for (const r of routes) {
      const [x, y] = BADGE_POS[r.dir];
      out += `<g class="pa-badge" transform="translate(${x},${y})">
        <circle r="7.6" fill="#fffdf5" stroke="${KIND_COLOUR[r.key]}" stroke-width="2"/>
        <text y="0.5" text-anchor="middle" dominant-baseline="middle" font-size="10.5" font-weight="700" fill="#2b2a26">${r.value}</text>
      </g>`;
    }
  }
  return out;
}

/** A standalone <svg> showing one tile (the next tile, the drag ghost), as a description (dom.js). */
export function tileView(code, size = 96) {
  installDefs();
  return h("svg", {
    viewBox: `${-S - 2} ${-H - 2} ${2 * S + 4} ${2 * H + 4}`, width: size, height: (size * (2 * H + 4)) / (2 * S + 4),
    innerHTML: tileMarkup(code),
  });
}

/** tileView's <svg>, made (the rules page, a replay). */
export function tileSvg(code, size = 96) {
  return /** @type {SVGSVGElement} */ (create(tileView(code, size)));
}

/** Where a line's two end markers sit: just beyond its first and its last field. */
function lineEnds(line) {
  const [sx, sy] = STEP[line.direction];
  const [fx, fy] = fieldCentre(line.fields[0]);
  const [lx, ly] = fieldCentre(line.fields[line.fields.length - 1]);
  const k = 0.68;
  return [[fx - sx * k, fy - sy * k], [lx + sx * k, ly + sy * k]];
}

/** The kind of an open or complete line, from the tiles on it. */
function lineKind(line) {
  return line.value ? KINDS[line.value]?.key : null;
}

function boardBounds() {
  const pad = 16;
  const ext = 4 * S; // columns reach ±3S centres plus S
  return { x: -ext - pad, y: -(4 * H + 0.68 * 2 * H + pad), w: 2 * (ext + pad), h: 2 * (4 * H + 0.68 * 2 * H + pad) };
}

/** Text for markup: & < > " written as entities. @param {string} text */
function escape(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/**
 * A land's <svg> as a description (dom.js), each field and line end an element of its own (a field
 * that stays the same node keeps the focus and a drag's pointer while the board is updated).
 * opts: land (19 codes or null), lines (view lines), tentative (field) + tile (code),
 * clockPlaced (fields), clockTitle (the clock mark's tooltip), computerPlaced (fields a computer laid
 * standing in for the person), computerTitle (its mark's tooltip), interactive (bool); label(field,
 * code, {clock, computer}): a field's words (its <title> and aria-label), or none.
 */
export function boardView(opts) {
  installDefs();
  const { land, lines = [], tentative = null, tile = null, clockPlaced = [], interactive = false, clockTitle = "", computerPlaced = [], computerTitle = "", label = null } = opts;
  const b = boardBounds();
  const fields = [];
  for (let f = 1; f <= FIELD_COUNT; f++) {
    const [x, y] = fieldCentre(f);
    const code = land[f - 1];
    const isTentative = !code && tentative === f && tile;
    const shown = code || (isTentative ? tile : null);
    const clock = clockPlaced.includes(f);
    const computer = computerPlaced.includes(f) && !clock;
    const empty = !shown;
    const words = label ? label(f, code || (isTentative ? tile : null), { clock, computer }) : null;
    let out = words ? `<title>${escape(words)}</title>` : "";
    if (shown) {
      out += tileMarkup(shown);
      if (isTentative) out += `<polygon class="pa-tentative-ring" points="${hexPoints(0.93)}"/>`;
      if (clock) out += `<g class="pa-clockmark" data-testid="clockmark" transform="translate(-30,22)"><title>${clockTitle}</title><circle r="8" fill="#fff4d6" stroke="#b7791f" stroke-width="1.6"/><path d="M0,-4.5 V0 L3.2,2.2" stroke="#7a4b0c" stroke-width="1.6" fill="none" stroke-linecap="round"/></g>`;
      // A computer stood in for the person: a small screen, where the clock's mark sits.
      if (computer) out += `<g class="pa-computermark" data-testid="computermark" transform="translate(-30,22)"><title>${computerTitle}</title><circle r="8.5" fill="#e3e8f3" stroke="#34466b" stroke-width="1.6"/><rect x="-4.6" y="-4" width="9.2" height="6" rx="1" fill="none" stroke="#34466b" stroke-width="1.5"/><path d="M-2.5,4.3 H2.5" stroke="#34466b" stroke-width="1.5" stroke-linecap="round"/></g>`;
    } else {
      out += `<polygon class="pa-empty" points="${hexPoints(0.97)}" fill="url(#pa-emptybg)"/><use href="#pa-grass" class="pa-grass"/>`;
    }
    out += `<polygon class="pa-focusring" points="${hexPoints(0.9)}"/>`;
    // Every field is reached with the arrow keys (table.js moves the one tabindex="0" along); those
    // the tile may go to are buttons.
    fields.push(h("g.pa-field", {
      class: `${empty ? "is-empty" : ""} ${isTentative ? "is-tentative" : ""} ${clock ? "is-clock" : ""}`,
      "data-testid": `field-${f}`, "data-field": f, "data-tile": code || "",
      "data-tentative": isTentative ? tile : null, "data-clock": clock ? "true" : null, "data-computer": computer ? "true" : null,
      transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`,
      role: interactive && (empty || isTentative) ? "button" : "img", tabindex: "-1", "data-label-field": f,
      "aria-label": words, innerHTML: out,
    }));
  }
  // Line ends: potential on open lines with tiles, green points on complete ones, none when broken.
  const ends = lines.flatMap((line, index) => {
    const kind = lineKind(line);
    let text = "";
    if (line.state === "complete") text = String(line.points);
    else if (line.state === "open" && line.potential > 0) text = String(line.potential);
    return lineEnds(line).map(([x, y], end) => {
      let out = "";
      if (text) {
        const w = 9 + 7.4 * text.length;
        const stroke = line.state === "complete" ? "#1f7a36" : KIND_COLOUR[kind] || "#8c7449";
        out += `<rect x="${-w / 2}" y="-9.5" width="${w}" height="19" rx="9.5" stroke="${stroke}"/>`;
        out += `<text y="0.8" text-anchor="middle" dominant-baseline="middle">${text}</text>`;
      }
      return h("g.pa-lineend", {
        class: `is-${line.state}${text ? "" : " is-blank"}`, "data-testid": "line-end", "data-state": line.state,
        "data-line": index, "data-end": end, "data-fields": line.fields.join(","), "data-potential": line.potential ?? 0,
        "data-points": line.points ?? 0, transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, innerHTML: out,
      });
    });
  });
  return h("svg", {
    viewBox: `${b.x} ${b.y} ${b.w} ${b.h}`, class: "pa-board" + (interactive ? " is-interactive" : " is-readonly"), role: "group",
  }, h("polygon.pa-land", { points: landOutline() }), fields, ends);
}

/** A land's <svg> element (a replay's, the rules' example): boardView's description, made. */
export function boardSvg(opts) {
  return /** @type {SVGSVGElement} */ (create(boardView(opts)));
}

/** Outline of the whole land (a big hex around the 19 fields), for a soft background. */
function landOutline() {
  // Corners of the radius-2 hex board, walking around the outer fields' outer corners.
  const pts = [];
  const ring = [];
  for (const [q, r] of COORDS) if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) === 2) ring.push([q, r]);
  // Take the convex hull of the outer fields' corners (simple: all corners, then hull).
  for (const [q, r] of ring) {
    const [cx, cy] = centre(q, r);
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * i;
      pts.push([cx + (S + 7) * Math.cos(a), cy + (S + 7) * Math.sin(a)]);
    }
  }
  return hull(pts).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

function hull(points) {
  const p = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const pt of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], pt) <= 0) lower.pop();
    lower.push(pt);
  }
  const upper = [];
  for (const pt of p.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], pt) <= 0) upper.pop();
    upper.push(pt);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}
