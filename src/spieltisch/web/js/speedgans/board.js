// The city (3 × 3 inside a town wall), the tray of nine tiles, and how a player handles them:
// drag (mouse, touch, pen; a second finger anywhere turns the dragged tile), tap = quarter turn (in
// the tray too: the tapped tile is then the chosen one), double tap / right click = flip, tap a free
// cell = put the chosen tile there, long press / hover = both sides. Overlays draw what the server's
// report says (dead ends, rings, closed networks, catches) — nothing here decides anything.

import { t } from "../i18n.js";
import { h } from "../ui.js";
import { create, h as v } from "../dom.js";
import { PointerDrag } from "../drag.js";
import { E, EDGES, N, S, TILE_NUMBERS, W, neighbourCell } from "./city.js";
import { arms, figureCounts, figureIcon, figurePoint, sideInfo, tileMarkup } from "./tiles.js";

export const WALL = 22; // wall thickness in city units; a cell is 100
export const CITY = 300 + 2 * WALL;
const DOUBLE_TAP_MS = 330;
const LONG_PRESS_MS = 560;

export function cellOrigin(cell) {
  return [WALL + (cell % 3) * 100, WALL + Math.floor(cell / 3) * 100];
}

/** Text for markup (a tile's label beside its picture). @param {string} text */
function escapeText(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function edgeIndex(edge) {
  return typeof edge === "number" ? edge : EDGES.indexOf(edge);
}

/** The town wall with a gate wherever a border tile leads a lane out. */
function wallMarkup(cells) {
  let gates = "";
  cells.forEach((c, cell) => {
    if (!c) return;
    for (const d of arms(c.tile, c.side, c.rotation)) {
      if (neighbourCell(cell, d) !== null) continue;
      const [x0, y0] = cellOrigin(cell);
      let x, y, w, hgt;
      if (d === N) [x, y, w, hgt] = [x0 + 36, 0, 28, WALL];
      else if (d === S) [x, y, w, hgt] = [x0 + 36, CITY - WALL, 28, WALL];
      else if (d === W) [x, y, w, hgt] = [0, y0 + 36, WALL, 28];
      else [x, y, w, hgt] = [CITY - WALL, y0 + 36, WALL, 28];
      gates += `<g class="sg-gate" data-cell="${cell}" data-edge="${EDGES[d]}"><rect x="${x - 3}" y="${y}" width="${w + 6}" height="${hgt}" class="sg-gate-frame" ${d % 2 ? `transform="translate(3,-3)" width="${w}" height="${hgt + 6}"` : ""}/><rect x="${x}" y="${y}" width="${w}" height="${hgt}" class="sg-gate-road"/></g>`;
    }
  });
  const stones = [];
  for (let i = 0; i < CITY; i += 17) {
    stones.push(`M${i},${WALL * 0.5} h11`, `M${i + 8},${CITY - WALL * 0.5} h11`, `M${WALL * 0.5},${i + 8} v11`, `M${CITY - WALL * 0.5},${i} v11`);
  }
  return `<rect x="0" y="0" width="${CITY}" height="${CITY}" rx="14" class="sg-town-wall"/>
    <path d="${stones.join(" ")}" class="sg-wall-stones"/>
    <rect x="${WALL - 3}" y="${WALL - 3}" width="${300 + 6}" height="${300 + 6}" rx="4" class="sg-town-inner"/>
    ${gates}`;
}

/** Yellow stripe where a neighbour leads a lane into an empty cell, a dark bar where it is closed. */
function helpMarkup(cells) {
  let out = "";
  cells.forEach((c, cell) => {
    if (c) return;
    const [x0, y0] = cellOrigin(cell);
    for (const d of [N, E, S, W]) {
      const nb = neighbourCell(cell, d);
      if (nb === null || !cells[nb]) continue;
      const o = cells[nb];
      const open = arms(o.tile, o.side, o.rotation).includes((d + 2) % 4);
      let x, y, w, hgt;
      const deep = open ? 16 : 6;
      if (d === N) [x, y, w, hgt] = [x0 + 37, y0 + 2, 26, deep];
      else if (d === S) [x, y, w, hgt] = [x0 + 37, y0 + 98 - deep, 26, deep];
      else if (d === W) [x, y, w, hgt] = [x0 + 2, y0 + 37, deep, 26];
      else [x, y, w, hgt] = [x0 + 98 - deep, y0 + 37, deep, 26];
      if (!open) {
        if (d === N || d === S) [x, w] = [x0 + 10, 80];
        else [y, hgt] = [y0 + 10, 80];
      }
      out += `<rect x="${x}" y="${y}" width="${w}" height="${hgt}" rx="2" class="${open ? "sg-help-open" : "sg-help-closed"}" data-testid="help-${open ? "open" : "closed"}" data-cell="${cell}" data-edge="${EDGES[d]}"/>`;
    }
  });
  return out;
}

/** Red marks for the report's problems. */
function problemMarkup(problems, cells) {
  let out = "";
  for (const p of problems || []) {
    if (p.kind === "dead_end" && p.cell !== undefined && p.cell !== null) {
      const d = edgeIndex(p.edge);
      const [x0, y0] = cellOrigin(p.cell);
      const ends = { [N]: [50, 3], [E]: [97, 50], [S]: [50, 97], [W]: [3, 50] };
      const [ex, ey] = ends[d];
      out += `<path d="M${x0 + 50},${y0 + 50} L${x0 + ex},${y0 + ey}" class="sg-deadend" data-testid="dead-end" data-cell="${p.cell}" data-edge="${EDGES[d]}"/>`;
    } else if (p.kind === "loop") {
      const links = p.links || [];
      const d = links.map(([a, b]) => {
        const [ax, ay] = cellOrigin(a), [bx, by] = cellOrigin(b);
        return `M${ax + 50},${ay + 50} L${bx + 50},${by + 50}`;
      }).join(" ");
      out += `<path d="${d}" class="sg-loop" data-testid="loop" data-cells="${(p.cells || []).join(",")}"/>`;
    } else if (p.kind === "no_gate") {
      out += `<g class="sg-nogate" data-testid="no-gate" data-cells="${(p.cells || []).join(",")}">${(p.cells || []).map((cell) => {
        const [x0, y0] = cellOrigin(cell);
        return `<rect x="${x0 + 4}" y="${y0 + 4}" width="92" height="92" rx="8"/>`;
      }).join("")}</g>`;
    }
  }
  return out;
}

/** Red arrows watchman → goose for the report's catches. */
function catchMarkup(catches, cells) {
  let out = "";
  for (const c of catches || []) {
    const wc = cells[c.watchman.cell], gc = cells[c.goose.cell];
    if (!wc || !gc) continue;
    const wp = figurePoint(wc.tile, wc.side, wc.rotation, "watchman", c.watchman.index);
    const gp = figurePoint(gc.tile, gc.side, gc.rotation, "goose", c.goose.index);
    if (!wp || !gp) continue;
    const [wx0, wy0] = cellOrigin(c.watchman.cell), [gx0, gy0] = cellOrigin(c.goose.cell);
    const x1 = wx0 + wp[0], y1 = wy0 + wp[1], x2 = gx0 + gp[0], y2 = gy0 + gp[1] - 4;
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    // A gentle curve; stop a little short of the goose so the head stays visible.
    const bend = Math.min(30, len * 0.18);
    const mx = (x1 + x2) / 2 - (dy / len) * bend, my = (y1 + y2) / 2 + (dx / len) * bend;
    const ex = x2 - ((x2 - mx) / Math.hypot(x2 - mx, y2 - my)) * 9, ey = y2 - ((y2 - my) / Math.hypot(x2 - mx, y2 - my)) * 9;
    out += `<g class="sg-catch" data-testid="catch" data-watchman="${c.watchman.cell}:${c.watchman.index}" data-goose="${c.goose.cell}:${c.goose.index}">
      <path d="M${x1.toFixed(1)},${y1.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}" class="sg-catch-line-bg"/>
      <path d="M${x1.toFixed(1)},${y1.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}" class="sg-catch-line" marker-end="url(#sg-arrowhead)"/>
      <circle cx="${x1.toFixed(1)}" cy="${y1.toFixed(1)}" r="3.2" class="sg-catch-start"/>
    </g>`;
  }
  return out;
}

function caughtByCell(report) {
  const map = new Map();
  const list = report?.caught ?? (report?.catches || []).map((c) => c.goose);
  for (const g of list || []) {
    if (!map.has(g.cell)) map.set(g.cell, []);
    map.get(g.cell).push(g.index);
  }
  return map;
}

export function tileName(tile, side) {
  return `${tile}${side}`;
}

/** A short spoken/visible description: "4a: T-Gasse, Büttel, Gans, Brezel". */
export function describeSide(tile, side) {
  const counts = figureCounts(tile, side);
  const parts = [];
  for (const [kind, n] of Object.entries(counts)) {
    if (n) parts.push(n > 1 ? `${n} × ${t(`sg.fig.${kind}`)}` : t(`sg.fig.${kind}`));
  }
  const shape = t(`sg.shape.${sideInfo(tile, side).shape}`);
  return `${tile}${side}: ${shape}${parts.length ? ` – ${parts.join(", ")}` : ""}`;
}


/**
 * The city, described (dom.js): a screen's update keeps its cells, so a focused cell stays focused
 * and a tile dragged from it keeps its pointer. opts: {cells, report, interactive, selected,
 * showHelp, showProblems, showCatches, urgent, locked, testid, hint, ref, handlers}. hint (a solo
 * run's „Rat“): {wrong: cells whose tile is wrong, nextCell: the cell that glows, piece: the tile that
 * belongs there (drawn faintly on a free cell)}; ref(el): given the city's element; handlers: the
 * hands' on<event> handlers (BoardInput.handlers) while the city may be built on. Cell buttons carry
 * data-testid cell-0..8.
 */
export function cityView(opts) {
  const cells = opts.cells;
  const report = opts.report;
  const caught = opts.showCatches ? caughtByCell(report) : new Map();
  const hint = opts.hint || null;
  const wrong = new Set(hint?.wrong || []);
  const wrongMark = `<span class="sg-wrong-mark" aria-hidden="true">✗</span>`;
  const grid = v("div.sg-cells", { role: "group", "aria-label": t("sg.city") }, cells.map((c, cell) => {
    const hinted = hint?.nextCell === cell && hint.piece;
    let label = c ? t("sg.cell.tile", { n: cell + 1, tile: describeSide(c.tile, c.side) }) : t("sg.cell.empty", { n: cell + 1 });
    if (hinted) label += ` – ${t("sg.cell.hint", { tile: `${hint.piece.tile}${hint.piece.side}` })}`;
    else if (wrong.has(cell)) label += ` – ${t("sg.cell.wrong")}`;
    const props = {
      key: cell, type: "button", "data-testid": `cell-${cell}`, "data-cell": cell,
      "data-tile": c ? `${c.tile}${c.side}${c.rotation}` : "",
      "data-hint": hinted ? "next" : wrong.has(cell) ? "wrong" : null,
      "data-piece": hinted ? `${hint.piece.tile}${hint.piece.side}${hint.piece.rotation}` : null,
      "aria-label": label,
      disabled: !opts.interactive && !c ? true : null,
      tabindex: opts.interactive || c ? null : "-1",
      class: [c ? "has-tile" : "is-empty", c && opts.selected === c.tile ? "is-selected" : "",
        hinted ? "is-hinted" : "", wrong.has(cell) ? "is-wrong" : ""].join(" "),
    };
    // A tile is drawn as one piece of markup (its SVG), the wrong mark after it.
    if (c) return v("button.sg-cell", { ...props, innerHTML: tileMarkup(c.tile, c.side, c.rotation, { caught: caught.get(cell) || [] }) + (wrong.has(cell) ? wrongMark : "") });
    return v("button.sg-cell", props,
      hinted
        ? v("span.sg-hint-ghost", { "aria-hidden": "true", innerHTML: tileMarkup(hint.piece.tile, hint.piece.side, hint.piece.rotation) })
        : v("span.sg-cell-no", { "aria-hidden": "true" }, String(cell + 1)),
      wrong.has(cell) ? v("span.sg-wrong-mark", { "aria-hidden": "true" }, "✗") : null);
  }));
  let overlay = "";
  if (opts.showHelp) overlay += helpMarkup(cells);
  if (opts.showProblems && report) overlay += problemMarkup(report.problems, cells);
  if (opts.showCatches && report) overlay += catchMarkup(report.catches, cells);
  overlay = `<defs><marker id="sg-arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4.2" markerHeight="4.2" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" class="sg-arrowhead"/></marker></defs>${overlay}`;
  return v("div.sg-city", {
    "data-testid": opts.testid || "city",
    "data-city": cells.map((c) => (c ? `${c.tile}${c.side}${c.rotation}` : ".")).join(" "),
    "data-valid": report ? String(Boolean(report.valid)) : "",
    class: [opts.interactive ? "is-interactive" : "is-readonly", opts.urgent ? "is-urgent" : "", opts.locked ? "is-locked" : ""].join(" "),
    ref: opts.ref ?? null,
    ...opts.handlers,
  },
    v("svg.sg-city-bg", { viewBox: `0 0 ${CITY} ${CITY}`, "aria-hidden": "true", innerHTML: wallMarkup(cells) }),
    grid,
    v("svg.sg-city-overlay", { viewBox: `0 0 ${CITY} ${CITY}`, "aria-hidden": "true", innerHTML: overlay }));
}

/** The city as an element of its own (a replay, the rules page). */
export function cityElement(opts) {
  return /** @type {HTMLElement} */ (create(cityView(opts)));
}

/**
 * The tray, described: nine slots in tile order; a slot is empty while its tile lies in the city.
 * hinted: the tile a „Rat“ names (marked); ref and handlers as for the city.
 */
export function trayView({ pieces, selected, interactive, hinted = null, ref = null, handlers = null }) {
  return v("div.sg-tray", { "data-testid": "tray", role: "group", "aria-label": t("sg.tray"), ref, ...handlers }, TILE_NUMBERS.map((n) => {
    const p = pieces[n];
    if (p.cell !== null) return v("div.sg-tray-slot.is-empty", { key: n, "data-slot": n, "aria-hidden": "true" }, v("span", {}, String(n)));
    return v("div.sg-tray-slot", { key: n, "data-slot": n },
      v("button.sg-tray-tile", {
        type: "button", "data-testid": `tray-${n}`, "data-tile": `${n}${p.side}${p.rotation}`,
        "aria-label": t("sg.tray.tile", { tile: describeSide(n, p.side) }),
        "aria-pressed": selected === n ? "true" : "false",
        disabled: interactive ? null : true,
        "data-hint": hinted === n ? "next" : null,
        class: [selected === n ? "is-selected" : "", hinted === n ? "is-hinted" : ""].join(" "),
        // The picture, the label and the „Rat“ badge as one piece of markup.
        innerHTML: tileMarkup(n, p.side, p.rotation)
          + `<span class="sg-tile-label" aria-hidden="true">${n}${p.side}</span>`
          + (hinted === n ? `<span class="sg-hint-badge" aria-hidden="true">${escapeText(t("sg.tray.hinted"))}</span>` : ""),
      }));
  }));
}

/** Both sides of a tile, explained (long press / hover). */
export function sidesCard(tile, current) {
  const card = h("div.sg-sides", { "data-testid": "sides", role: "tooltip" });
  for (const side of ["a", "b"]) {
    const pic = h("div.sg-sides-pic", {});
    pic.innerHTML = tileMarkup(tile, side, 0);
    const counts = figureCounts(tile, side);
    const list = h("ul.sg-sides-figs", {}, Object.entries(counts).filter(([, n]) => n).map(([kind, n]) => {
      const li = h("li", {});
      li.innerHTML = figureIcon(kind, 22);
      li.append(` ${n > 1 ? `${n} × ` : ""}${t(`sg.fig.${kind}`)}`);
      return li;
    }));
    card.append(h("div.sg-sides-side", { class: side === current ? "is-current" : "" },
      h("div.sg-sides-title", {}, `${tile}${side}`, side === current ? h("span.muted", {}, ` · ${t("sg.sides.up")}`) : null),
      pic,
      h("div.sg-sides-shape", {}, describeSide(tile, side).split(":")[1].split("–")[0].trim()),
      list));
  }
  return card;
}

/**
 * Pointer and keyboard handling for the own city while building. `game` provides:
 * pieces, selected, select(n), rotate(n), flip(n), place(n, cell), toTray(n), cityEl; and
 * may provide tapCell(cell) -> whether a tap (or Enter/Space) on that cell meant something of its own
 * (a solo run's glowing „Rat“ cell lays its tile), checked before anything else a tap would do.
 */
export class BoardInput {
  constructor(game) {
    this.game = game;
    this.drag = null;
    this.lastTap = { tile: null, at: 0 };
    this.popover = null;
    this.hoverTimer = null;
    /** @type {Record<string, (e: any) => void> | null} the handlers, made once (handlers()) */
    this.wired = null;
  }

  /**
   * The hands' handlers, for the city's and the tray's descriptions while the own city may be built
   * on (the same functions each time: kept nodes keep them).
   * @returns {Record<string, (e: any) => void>}
   */
  handlers() {
    this.wired ??= {
      onpointerdown: (e) => this.pointerDown(e),
      oncontextmenu: (e) => {
        const n = this.tileOf(e.target);
        if (n === null) return;
        e.preventDefault();
        this.game.flip(n);
      },
      onclick: (e) => {
        // Keyboard activation (Space/Enter on a focused button) arrives as a click without pointer.
        if (e.detail !== 0) return;
        const n = this.tileOf(e.target);
        const tapped = this.cellOf(e.target);
        if (tapped !== null && this.game.tapCell?.(tapped)) return;
        if (n !== null) this.game.rotate(n);
        else {
          const cell = this.cellOf(e.target);
          if (cell !== null && this.game.selected !== null) this.game.place(this.game.selected, cell);
        }
      },
      onfocusin: (e) => {
        const n = this.tileOf(e.target);
        if (n !== null && this.game.selected !== n) this.game.select(n, { quiet: true });
      },
      onpointerover: (e) => {
        if (e.pointerType !== "mouse" || this.drag) return;
        const n = this.tileOf(e.target);
        clearTimeout(this.hoverTimer);
        if (n === null) { this.hidePopover(); return; }
        const anchor = e.target.closest("button");
        this.hoverTimer = setTimeout(() => this.showPopover(n, anchor), 650);
      },
      onpointerleave: () => { clearTimeout(this.hoverTimer); this.hidePopover(); },
    };
    return this.wired;
  }

  tileOf(target) {
    const btn = target?.closest?.(".sg-tray-tile, .sg-cell.has-tile");
    if (!btn) return null;
    const m = /^(\d)/.exec(btn.dataset.tile || "");
    return m ? Number(m[1]) : null;
  }

  cellOf(target) {
    const btn = target?.closest?.(".sg-cell");
    return btn ? Number(btn.dataset.cell) : null;
  }

  pointerDown(e) {
    if (e.button > 0) return;
    if (this.drag && e.pointerId !== this.drag.pointer?.pointerId) return; // a second finger turns the tile (onOtherPointer)
    const tile = this.tileOf(e.target);
    const cell = this.cellOf(e.target);
    if (tile === null) {
      if (cell !== null && this.game.tapCell?.(cell)) return;
      if (cell !== null && this.game.selected !== null) this.game.place(this.game.selected, cell);
      return;
    }
    e.preventDefault();
    const source = e.target.closest("button");
    source.focus({ preventScroll: true });
    clearTimeout(this.hoverTimer);
    this.hidePopover();
    const drag = {
      tile, fromCell: cell, long: false, active: false, ghost: /** @type {HTMLElement | null} */ (null),
      longTimer: /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined),
      pointer: /** @type {PointerDrag<number> | null} */ (null),
    };
    this.drag = drag;
    // Held still: the tile's two sides (no drag then).
    drag.longTimer = setTimeout(() => {
      if (!drag.active && this.drag === drag) {
        drag.long = true;
        this.showPopover(tile, source);
      }
    }, LONG_PRESS_MS);
    drag.pointer = new PointerDrag({
      event: e, source,
      mayStart: () => !drag.long,
      onStart: () => {
        drag.active = true;
        clearTimeout(drag.longTimer);
        document.body.classList.add("sg-dragging");
      },
      makeGhost: (pointerType) => (drag.ghost = this.makeGhost(tile, pointerType)),
      lift: (pointerType, ghost) => (pointerType === "touch" ? ghost.offsetWidth * 0.55 : 0), // over the finger
      targetOf: (el) => this.dropCell(el),
      onHover: (target) => this.markDropTarget(target),
      // A second finger anywhere on the screen (not only over the city or the tray) turns the tile.
      onOtherPointer: (ev) => {
        if (ev.pointerType !== "touch") return;
        ev.preventDefault();
        if (drag.active) this.game.rotate(tile, { keepDrag: true });
      },
      onEnd: ({ dragged, cancelled, target, under }) => {
        this.finishDrag(drag);
        if (drag.long) { setTimeout(() => this.hidePopover(), 1600); return; }
        if (cancelled) return;
        if (!dragged) {
          if (drag.fromCell !== null && this.game.tapCell?.(drag.fromCell)) return;
          this.tap(tile);
          return;
        }
        if (target !== null) this.game.place(tile, target);
        else if (drag.fromCell !== null && !this.game.cityEl?.contains(under)) this.game.toTray(tile);
      },
    });
  }

  /** A tap turns the tile a quarter (in the tray too, as the rules say; the tile is then the chosen
   * one, which a tap on a free cell puts there). A quick second tap flips it instead, taking back
   * the first tap's turn. */
  tap(tile) {
    const now = performance.now();
    if (this.lastTap.tile === tile && now - this.lastTap.at < DOUBLE_TAP_MS) {
      this.lastTap = { tile: null, at: 0 };
      this.game.flip(tile, { undoRotate: true });
      return;
    }
    this.lastTap = { tile, at: now };
    this.game.rotate(tile);
  }

  makeGhost(tile, pointerType) {
    const p = this.game.pieces[tile];
    const cellBtn = this.game.cityEl?.querySelector(".sg-cell");
    const size = Math.max(64, cellBtn ? cellBtn.getBoundingClientRect().width : 90) * (pointerType === "touch" ? 1.05 : 1);
    const ghost = h("div.sg-ghost", { "aria-hidden": "true", style: `width:${size}px;height:${size}px` });
    ghost.innerHTML = tileMarkup(tile, p.side, p.rotation);
    return ghost;
  }

  /** The cell an element under the pointer belongs to (any cell: an occupied one swaps), else null. */
  dropCell(el) {
    const btn = /** @type {HTMLElement | null} */ (el.closest(".sg-cell"));
    if (!btn || !this.game.cityEl?.contains(btn)) return null;
    return Number(btn.dataset.cell);
  }

  markDropTarget(cell) {
    this.game.cityEl?.querySelectorAll(".is-droptarget").forEach((el) => el.classList.remove("is-droptarget"));
    if (cell !== null) this.game.cityEl?.querySelector(`[data-cell="${cell}"]`)?.classList.add("is-droptarget");
  }

  /** Refresh the ghost after a turn during a drag. */
  refreshGhost() {
    const drag = this.drag;
    if (!drag?.ghost) return;
    const p = this.game.pieces[drag.tile];
    drag.ghost.innerHTML = tileMarkup(drag.tile, p.side, p.rotation);
  }

  /** The drag's end, dropped or not: the long press forgotten, the page's drag look gone. */
  finishDrag(drag) {
    if (this.drag === drag) this.drag = null;
    clearTimeout(drag.longTimer);
    document.body.classList.remove("sg-dragging");
  }

  /** Stop a drag without a drop (the round ended under it). */
  endDrag() {
    const drag = this.drag;
    if (!drag) return;
    drag.pointer?.end();
    this.finishDrag(drag);
  }

  showPopover(tile, anchor) {
    this.hidePopover();
    if (!anchor || !document.body.contains(anchor)) return;
    const card = sidesCard(tile, this.game.pieces[tile]?.side);
    card.classList.add("sg-popover");
    document.body.append(card);
    const r = anchor.getBoundingClientRect();
    const cw = card.offsetWidth, ch = card.offsetHeight;
    let left = r.left + r.width / 2 - cw / 2;
    left = Math.max(6, Math.min(window.innerWidth - cw - 6, left));
    let top = r.top - ch - 8;
    if (top < 6) top = Math.min(window.innerHeight - ch - 6, r.bottom + 8);
    card.style.left = `${left}px`;
    card.style.top = `${Math.max(6, top)}px`;
    this.popover = card;
    // Any touch elsewhere, a scroll or a key closes it.
    const close = (e) => { if (e.type !== "pointerdown" || !card.contains(e.target)) this.hidePopover(); };
    this.popoverClose = close;
    setTimeout(() => {
      if (this.popover !== card) return;
      window.addEventListener("pointerdown", close, true);
      window.addEventListener("scroll", close, true);
    }, 0);
  }

  hidePopover() {
    this.popover?.remove();
    this.popover = null;
    if (this.popoverClose) {
      window.removeEventListener("pointerdown", this.popoverClose, true);
      window.removeEventListener("scroll", this.popoverClose, true);
      this.popoverClose = null;
    }
  }

  destroy() {
    this.endDrag();
    clearTimeout(this.hoverTimer);
    this.hidePopover();
  }
}

