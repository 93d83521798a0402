// @ts-check
// The own city while building: where each of the nine tiles lies (a cell of the city or the tray),
// which side is up and how it is turned, the undo history, and the sync with the server.
//
// The sync is optimistic: every change shows at once and is sent as the whole city; the server
// answers each with its view, which may come late. A city from the server is taken over unless it
// is the echo of a city sent from here, or a city the server knew earlier while own changes are
// still on their way — so a slow server never undoes the player's newer changes. A change the
// server refuses (an error for its message), or never answers within LOST_AFTER_MS (a connection
// lost under it), gives way to the server's city: the server is right.

import { EMPTY_CITY, TILE_NUMBERS, formatCity, neighbourCell, parseCity } from "./city.js";

/** After this long without an answer to a change, the server's city stands. */
export const LOST_AFTER_MS = 15000;
/** Undo steps kept. */
export const HISTORY_LIMIT = 80;

/** @typedef {import("./city.js").Cells} Cells */
/** @typedef {{side: "a" | "b", rotation: number, cell: number | null}} Piece  cell null: in the tray */
/** @typedef {Record<number, Piece>} Pieces  by tile number 1..9 */

/** @returns {Pieces} every tile in the tray, side a up, unturned */
function trayPieces() {
  return Object.fromEntries(TILE_NUMBERS.map((n) => [n, { side: "a", rotation: 0, cell: null }]));
}

/**
 * @param {Pieces} pieces
 * @returns {Pieces}
 */
function clonePieces(pieces) {
  return Object.fromEntries(Object.entries(pieces).map(([k, v]) => [k, { ...v }]));
}

export class OwnCity {
  /**
   * @param {object} io
   * @param {(city: string) => number | null | undefined} io.send  sends the whole city; answers the
   *   message's seq, null when offline
   * @param {() => number} [io.now]  milliseconds of a steady clock
   * @param {number} [io.lostAfterMs]
   */
  constructor({ send, now = () => performance.now(), lostAfterMs = LOST_AFTER_MS }) {
    this.send = send;
    this.now = now;
    this.lostAfterMs = lostAfterMs;
    /** @type {Pieces} */
    this.pieces = trayPieces();
    /** @type {Pieces[]} arrangements before each change, oldest first */
    this.history = [];
    /** @type {string[]} cities sent and not yet echoed, oldest first */
    this.sent = [];
    /** @type {Set<number>} seqs of the city messages sent (an error names the seq it answers) */
    this.seqs = new Set();
    /** @type {Set<string>} cities the server knew or was sent this round */
    this.seen = new Set([EMPTY_CITY]);
    /** when the oldest unanswered city was sent (0: none on its way) */
    this.sentAt = 0;
    /** @type {string | null} the last city sent or taken over: a change back to it is not sent again */
    this.lastSent = null;
  }

  /** A new round: every tile back in the tray, nothing on its way. */
  reset() {
    this.pieces = trayPieces();
    this.history = [];
    this.sent = [];
    this.seqs = new Set();
    this.seen = new Set([EMPTY_CITY]);
    this.sentAt = 0;
    this.lastSent = null;
  }

  /** @returns {Cells} */
  cells() {
    /** @type {Cells} */
    const cells = Array(9).fill(null);
    for (const n of TILE_NUMBERS) {
      const p = this.pieces[n];
      if (p.cell !== null) cells[p.cell] = { tile: n, side: p.side, rotation: p.rotation };
    }
    return cells;
  }

  /** The city as shown here, in notation. */
  text() {
    return formatCity(this.cells());
  }

  /** Whether a change is still on its way (the server has not echoed it). */
  get pending() {
    return this.sent.length > 0;
  }

  // ---- changes (each answers whether the arrangement changed; a change is sent at once) --------

  /** @param {number} n */
  rotate(n) {
    return this.edit((p) => { p[n].rotation = (p[n].rotation + 1) % 4; });
  }

  /**
   * Turn the tile over. undoRotate: also take back a quarter turn (the first tap of a double tap).
   * @param {number} n
   * @param {boolean} [undoRotate]
   */
  flip(n, undoRotate = false) {
    return this.edit((p) => {
      if (undoRotate) p[n].rotation = (p[n].rotation + 3) % 4;
      p[n].side = p[n].side === "a" ? "b" : "a";
    });
  }

  /**
   * Put tile n on a cell; a tile lying there swaps to n's old place (a cell, or the tray).
   * @param {number} n
   * @param {number} cell
   */
  place(n, cell) {
    return this.edit((p) => {
      const from = p[n].cell;
      const other = TILE_NUMBERS.find((m) => m !== n && p[m].cell === cell);
      if (other !== undefined) p[other].cell = from;
      p[n].cell = cell;
    });
  }

  /**
   * Lay a tile exactly as given (side and turn) on a cell, from wherever it lies; a tile lying there
   * goes back to the tray (a „Rat“ says that one is wrong).
   * @param {import("./city.js").Entry} entry
   * @param {number} cell
   */
  lay(entry, cell) {
    return this.edit((p) => {
      for (const m of TILE_NUMBERS) if (m !== entry.tile && p[m].cell === cell) p[m].cell = null;
      p[entry.tile] = { side: entry.side, rotation: entry.rotation, cell };
    });
  }

  /** @param {number} n */
  toTray(n) {
    return this.edit((p) => { p[n].cell = null; });
  }

  /**
   * Shift a tile in the city to the next cell across an edge (swapping); nothing at the wall.
   * @param {number} n
   * @param {number} edge
   */
  move(n, edge) {
    const cell = this.pieces[n].cell;
    if (cell === null) return false;
    const target = neighbourCell(cell, edge);
    return target !== null && this.place(n, target);
  }

  /** Take back the last change. */
  undo() {
    const before = this.history.pop();
    if (!before) return false;
    this.pieces = before;
    this.commit();
    return true;
  }

  /**
   * @param {(pieces: Pieces) => void} change
   * @returns {boolean}
   */
  edit(change) {
    const before = clonePieces(this.pieces);
    change(this.pieces);
    if (JSON.stringify(before) === JSON.stringify(this.pieces)) return false;
    this.history.push(before);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    this.commit();
    return true;
  }

  /** Send the city unless it is the one sent last. */
  commit() {
    const city = this.text();
    if (city === this.lastSent) return;
    this.lastSent = city;
    const seq = this.send(city);
    if (seq === null || seq === undefined) return;
    this.seqs.add(seq);
    if (!this.sent.length) this.sentAt = this.now();
    this.sent.push(city);
    this.seen.add(city);
  }

  // ---- the server's answers ----------------------------------------------------------------------

  /**
   * The own seat's city in a view of the server. Answers whether it was taken over (the tiles moved).
   * @param {string} serverCity
   * @returns {boolean}
   */
  receive(serverCity) {
    const norm = parseCity(serverCity);
    const text = formatCity(norm);
    const idx = this.sent.indexOf(text);
    if (idx >= 0) {
      // The echo of a city sent from here: it and everything sent before it have arrived.
      this.sent.splice(0, idx + 1);
      this.seen.add(text);
      if (!this.sent.length) this.sentAt = 0;
      return false;
    }
    // While own changes are on their way, a city the server knew earlier is old news, however slow
    // the server is (refusals come back as errors, see refused()).
    if (this.sent.length && this.seen.has(text) && !this.overdue()) return false;
    this.sent = [];
    this.seen.add(text);
    if (text === this.text()) return false;
    // The server says otherwise (a refused change, a city from before a reload): the server is right.
    this.lastSent = text;
    for (const n of TILE_NUMBERS) this.pieces[n].cell = null;
    norm.forEach((c, cell) => {
      if (c) this.pieces[c.tile] = { side: c.side, rotation: c.rotation, cell };
    });
    return true;
  }

  /**
   * An error answered the message with this seq. Answers whether it was one of the city's: then
   * nothing sent is on its way any more, and the server's city (receive it) stands.
   * @param {number} seq
   */
  refused(seq) {
    if (!this.seqs.has(seq)) return false;
    this.seqs.clear();
    this.sent = [];
    this.sentAt = 0;
    return true;
  }

  /** Whether the oldest change on its way has waited longer than LOST_AFTER_MS for its answer. */
  overdue() {
    return this.sent.length > 0 && this.now() - this.sentAt >= this.lostAfterMs;
  }
}
