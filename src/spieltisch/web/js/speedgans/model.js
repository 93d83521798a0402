// @ts-check
// A Speedgans game as this client knows it, without the page: the server's latest view of the table,
// the own city (OwnCity: arrangement, undo, sync), the chosen tile, whose city is shown, the task
// values that just changed (they flash), whether "Gasse dicht!" may be pressed, the hint, the
// clocks' texts, the scoring's order and the end's ranking. It decides nothing the server decides;
// table.js draws it and passes the player's input on.

import "./strings.js";
import { t } from "../i18n.js";
import { formatClock } from "../clock.js";
import { standings } from "../standings.js";
import { N, E, S, W, formatCity, parseCity } from "./city.js";
import { OwnCity } from "./own-city.js";

/** How long a task value flashes after it changed (ms; as long as the CSS animation). */
export const FLASH_MS = 1200;
/** A clock turns red in its last seconds. */
const URGENT_S = 10;
const ARROWS = /** @type {Record<string, number>} */ ({ ArrowUp: N, ArrowRight: E, ArrowDown: S, ArrowLeft: W });

/** @typedef {import("./city.js").Cells} Cells */
/** @typedef {import("../protocol.js").SpeedgansTable} TableView */
/** @typedef {import("../protocol.js").SpeedgansGame} GameView */
/** @typedef {import("../protocol.js").SpeedgansSeat} SeatEntry */
/** @typedef {import("../protocol.js").SpeedgansReport} Report */
/** @typedef {import("../protocol.js").SpeedgansTask} Task */
/** @typedef {import("../protocol.js").SpeedgansResult} ResultRow */
/** @typedef {"own" | "muster" | number} ViewChoice  the own city, the Musterstadt, or a seat's */
/**
 * @typedef {object} CityView  the city on the board
 * @property {Cells} cells
 * @property {Report | null | undefined} report
 * @property {string} name
 * @property {number | null} [seat]
 * @property {boolean} [own]
 * @property {boolean} [muster]
 */
/** @typedef {{handled: boolean, changed: boolean}} KeyResult  handled: the key meant something */

/** @param {string | null} phase */
function isScoredPhase(phase) {
  return phase === "scored" || phase === "finished";
}

export class SpeedgansModel {
  /**
   * @param {object} io
   * @param {(type: string, extra?: object) => number | null | undefined} io.send  a message about this
   *   table; answers its seq, null when offline
   * @param {() => number} io.serverNow  seconds on the server's clock
   * @param {() => number} [io.now]  milliseconds of a steady clock (flashes, unanswered changes)
   */
  constructor({ send, serverNow, now = () => performance.now() }) {
    this.send = send;
    this.serverNow = serverNow;
    this.now = now;
    /** @type {TableView | null} */
    this.table = null;
    /** @type {string | null} */
    this.phase = null;
    /** @type {number | null} */
    this.round = null;
    this.city = new OwnCity({ send: (city) => send("city", { city }), now });
    /** @type {number | null} the chosen tile (keys act on it) */
    this.selected = null;
    /** @type {ViewChoice} */
    this.viewSeat = "own";
    /** @type {Record<string, number> | null} the own task values of the last view */
    this.prevValues = null;
    /** @type {Record<string, {kind: "better" | "worse", at: number}>} */
    this.flash = {};
    /** the end dialog was set aside to look at the cities */
    this.endHidden = false;
  }

  /** @returns {GameView} */
  get game() {
    return /** @type {GameView} */ (this.table?.game);
  }

  get you() {
    return this.table?.you ?? null;
  }

  /** @returns {SeatEntry | null} */
  ownEntry() {
    return this.you === null ? null : this.game?.seats?.[this.you] ?? null;
  }

  /** @param {number} i */
  seatName(i) {
    const seat = this.table?.seats[i] || {};
    if (seat.nickname) return seat.nickname;
    if (seat.bot) return `${t("sg.computer")} (${t(`sg.level.${seat.bot}`)})`;
    return t("table.seat", { n: i + 1 });
  }

  // ---- the server's views -----------------------------------------------------------------------

  /**
   * Take the server's new view of the table. Answers what the page has to let go of: newRound (a
   * new round or a rematch: everything starts afresh), scoring (the round was just scored: no more
   * building, a drag ends).
   * @param {TableView} table
   * @returns {{newRound: boolean, scoring: boolean}}
   */
  update(table) {
    const prevPhase = this.phase;
    this.table = table;
    const game = this.game;
    this.phase = game.phase;
    const restarted = prevPhase === "finished" && game.phase !== "finished";
    const newRound = game.round !== this.round || restarted;
    if (newRound) {
      this.round = game.round;
      this.city.reset();
      this.selected = null;
      this.viewSeat = "own";
      this.prevValues = null;
      this.flash = {};
      this.endHidden = false;
    }
    const scoring = !isScoredPhase(prevPhase) && isScoredPhase(game.phase);
    if (scoring) this.selected = null;
    const own = this.ownEntry();
    if (own && typeof own.city === "string") this.city.receive(own.city);
    if (own?.report?.tasks) this.noteValues(own.report.tasks);
    return { newRound, scoring };
  }

  /**
   * Compare the own task values with the last ones: a changed value flashes, green when better.
   * @param {Record<string, number>} values
   */
  noteValues(values) {
    if (this.prevValues) {
      for (const task of this.game.tasks || []) {
        const before = this.prevValues[task.id], now = values[task.id];
        if (before === undefined || now === undefined || before === now) continue;
        const better = task.lower_is_better ? now < before : now > before;
        this.flash[task.id] = { kind: better ? "better" : "worse", at: this.now() };
      }
    }
    this.prevValues = { ...values };
  }

  /**
   * A task value's flash, while it lasts: its kind and how long it has been on (ms).
   * @param {string} taskId
   * @returns {{kind: "better" | "worse", age: number} | null}
   */
  flashOf(taskId) {
    const f = this.flash[taskId];
    if (!f) return null;
    const age = this.now() - f.at;
    return age < FLASH_MS ? { kind: f.kind, age } : null;
  }

  /**
   * An error from the server. Answers whether the own city changed: the server refused a city of
   * ours (e.g. the round had just ended), so its city stands.
   * @param {{seq?: number | null}} msg
   */
  onError(msg) {
    if (msg.seq === null || msg.seq === undefined || !this.city.refused(msg.seq)) return false;
    const own = this.ownEntry();
    if (typeof own?.city !== "string") return false;
    this.city.receive(own.city);
    return true;
  }

  /**
   * A few times a second: a change the server never answered gives way to its city after a while,
   * and old flashes are dropped. Answers whether the own city changed.
   */
  tick() {
    const own = this.ownEntry();
    if (this.city.overdue() && typeof own?.city === "string") {
      this.city.receive(own.city);
      return true;
    }
    const now = this.now();
    for (const [id, f] of Object.entries(this.flash)) if (now - f.at > FLASH_MS) delete this.flash[id];
    return false;
  }

  // ---- building ----------------------------------------------------------------------------------

  /** Whether the player may change the own city now. */
  canBuild() {
    const own = this.ownEntry();
    return Boolean(this.game?.phase === "building" && own && !own.done);
  }

  /** Whether "Gasse dicht!" may be pressed: the server's report of exactly this city says so. */
  canDone() {
    const own = this.ownEntry();
    if (!own || !this.canBuild() || !own.report) return false;
    if (this.city.pending || own.city === undefined || formatCity(parseCity(own.city)) !== this.city.text()) return false;
    if (this.table?.settings?.strict) return this.city.cells().every(Boolean);
    return Boolean(own.report.valid);
  }

  /** "Gasse dicht!": answers whether it was sent. */
  done() {
    if (!this.canDone()) return false;
    this.send("done");
    return true;
  }

  /** @param {number} n */
  select(n) {
    this.selected = n;
  }

  // Each change chooses its tile and answers whether the city changed (then it has been sent).

  /** @param {number} n */
  rotate(n) {
    this.selected = n;
    return this.canBuild() && this.city.rotate(n);
  }

  /**
   * @param {number} n
   * @param {{undoRotate?: boolean}} [options]
   */
  flip(n, { undoRotate = false } = {}) {
    this.selected = n;
    return this.canBuild() && this.city.flip(n, undoRotate);
  }

  /**
   * @param {number} n
   * @param {number} cell
   */
  place(n, cell) {
    this.selected = n;
    return this.canBuild() && this.city.place(n, cell);
  }

  /** @param {number} n */
  toTray(n) {
    return this.canBuild() && this.city.toTray(n);
  }

  /**
   * @param {number} n
   * @param {number} edge
   */
  move(n, edge) {
    return this.canBuild() && this.city.move(n, edge);
  }

  undo() {
    return this.canBuild() && this.city.undo();
  }

  /**
   * A key pressed while building ("r", "f", "z", "1".."9", "Enter", "Delete", "Backspace", arrows).
   * @param {string} key  one character keys in lower case
   * @returns {KeyResult}
   */
  key(key) {
    const none = { handled: false, changed: false };
    if (!this.canBuild()) return none;
    if (key === "Enter") return this.done() ? { handled: true, changed: false } : none;
    if (key === "z") return { handled: true, changed: this.undo() };
    const n = this.selected;
    if (n === null) return none;
    if (key === "r") return { handled: true, changed: this.rotate(n) };
    if (key === "f") return { handled: true, changed: this.flip(n) };
    if (/^[1-9]$/.test(key)) return { handled: true, changed: this.place(n, Number(key) - 1) };
    if (key === "Delete" || key === "Backspace") return { handled: true, changed: this.toTray(n) };
    if (key in ARROWS && this.city.pieces[n].cell !== null) return { handled: true, changed: this.move(n, ARROWS[key]) };
    return none;
  }

  /** The line under "Gasse dicht!". */
  hint() {
    const own = this.ownEntry();
    if (own?.done) return t("sg.done.waiting");
    if (this.table?.settings?.strict) return t("sg.hint.strict");
    if (own?.report?.valid) return t("sg.hint.valid");
    if (this.city.cells().some(Boolean)) return t("sg.hint.invalid");
    return t("sg.hint.build");
  }

  // ---- what is shown -----------------------------------------------------------------------------

  /**
   * Show another city after the scoring: a seat's, "muster", or one's own (own seat index).
   * @param {ViewChoice} target
   */
  showCity(target) {
    this.viewSeat = target === this.you ? "own" : target;
  }

  /**
   * Whether seat i's city is the one shown.
   * @param {number} i
   */
  shows(i) {
    return (this.viewSeat === "own" && i === this.you) || this.viewSeat === i;
  }

  /**
   * The city on the board: another seat's or the Musterstadt once the round is scored, else one's own
   * arrangement (with the server's report of it).
   * @returns {CityView}
   */
  viewData() {
    const game = this.game;
    const scored = isScoredPhase(game.phase);
    if (this.viewSeat === "muster" && scored && game.musterstadt) {
      const m = game.musterstadt;
      return { cells: parseCity(m.city), report: { valid: true, problems: [], tasks: m.tasks, catches: m.catches || [] }, muster: true, name: t("sg.musterstadt") };
    }
    if (typeof this.viewSeat === "number" && this.viewSeat !== this.you && scored) {
      const entry = game.seats[this.viewSeat];
      if (entry && typeof entry.city === "string") {
        return { cells: parseCity(entry.city), report: entry.report, seat: this.viewSeat, name: this.seatName(this.viewSeat) };
      }
    }
    const own = this.ownEntry();
    if (!own || this.you === null) return { cells: Array(9).fill(null), report: null, name: "" };
    return { cells: this.city.cells(), report: own.report, seat: this.you, own: true, name: this.seatName(this.you) };
  }

  /**
   * The clocks' texts now: the reading countdown, the hourglass and the turn clock ("m:ss", urgent
   * in the last 10 s; pulse: the own city should hurry), the next round's start.
   */
  clocks() {
    const game = this.game;
    const now = this.serverNow();
    const own = this.ownEntry();
    /** @type {string | null} */
    let reading = null;
    /** @type {{text: string, urgent: boolean, pulse: boolean} | null} */
    let hourglass = null;
    /** @type {{text: string, urgent: boolean} | null} */
    let clock = null;
    /** @type {string | null} */
    let nextIn = null;
    if (game.reading_ends) {
      const left = Math.max(0, Math.ceil(game.reading_ends - now));
      reading = left > 0 ? String(left) : t("sg.reading.go");
    }
    if (game.hourglass_ends) {
      const left = game.hourglass_ends - now;
      const urgent = left <= URGENT_S && left > 0;
      hourglass = { text: formatClock(left), urgent, pulse: Boolean(urgent && own && !own.done && game.phase === "building") };
    }
    if (game.building_ends) {
      const left = game.building_ends - now;
      clock = { text: formatClock(left), urgent: left <= URGENT_S };
    }
    if (game.next_round_at) nextIn = t("sg.next.in", { n: Math.max(0, Math.ceil(game.next_round_at - now)) });
    return { reading, hourglass, clock, nextIn };
  }

  /**
   * The round's scoring: per task its rows by rank, the seats by game points (most first), and the
   * seats whose city counted.
   * @returns {{tasks: {task: Task, rows: ResultRow[]}[], order: number[], scored: Set<number>}}
   */
  results() {
    const game = this.game;
    const res = game.results || { tasks: {}, scored: [] };
    return {
      tasks: (game.tasks || []).map((task) => ({ task, rows: (res.tasks?.[task.id] || []).slice().sort((a, b) => a.rank - b.rank) })),
      order: game.seats.map((_, i) => i).sort((a, b) => (game.seats[b].points ?? 0) - (game.seats[a].points ?? 0)),
      scored: new Set(res.scored || []),
    };
  }

  /** The end's ranking (game points). */
  standings() {
    const game = this.game;
    return standings(game.seats.map((e, i) => ({ name: this.seatName(i), score: e.points ?? 0 })), game.ranking, this.you);
  }
}
