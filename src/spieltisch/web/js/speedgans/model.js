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
import { formatCity, parseCity } from "./city.js";
import { CityBuilder, FLASH_MS } from "./builder.js";

export { FLASH_MS };
/** A clock turns red in its last seconds. */
const URGENT_S = 10;

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

/** @param {string | null} phase */
function isScoredPhase(phase) {
  return phase === "scored" || phase === "finished";
}

export class SpeedgansModel extends CityBuilder {
  /**
   * @param {object} io
   * @param {(type: string, extra?: object) => number | null | undefined} io.send  a message about this
   *   table; answers its seq, null when offline
   * @param {() => number} io.serverNow  seconds on the server's clock
   * @param {() => number} [io.now]  milliseconds of a steady clock (flashes, unanswered changes)
   */
  constructor({ send, serverNow, now = () => performance.now() }) {
    super({ send, now });
    this.serverNow = serverNow;
    /** @type {TableView | null} */
    this.table = null;
    /** @type {string | null} */
    this.phase = null;
    /** @type {number | null} */
    this.round = null;
    /** @type {ViewChoice} */
    this.viewSeat = "own";
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
    const offered = Boolean(table.rematch) && !this.table?.rematch;
    this.table = table;
    if (offered) this.endHidden = false; // someone asks for a rematch: the end dialog asks you
    const game = this.game;
    this.phase = game.phase;
    const restarted = prevPhase === "finished" && game.phase !== "finished";
    const newRound = game.round !== this.round || restarted;
    if (newRound) {
      this.round = game.round;
      this.resetCity();
      this.viewSeat = "own";
      this.endHidden = false;
    }
    const scoring = !isScoredPhase(prevPhase) && isScoredPhase(game.phase);
    if (scoring) this.selected = null;
    const own = this.ownEntry();
    if (own && typeof own.city === "string") this.city.receive(own.city);
    if (own?.report?.tasks) this.noteValues(game.tasks || [], own.report.tasks);
    return { newRound, scoring };
  }

  /**
   * An error from the server. Answers whether the own city changed: the server refused a city of
   * ours (e.g. the round had just ended), so its city stands.
   * @param {Partial<import("../protocol.js").ErrorMessage>} msg
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
    this.dropFlashes();
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
    if (this.viewSeat === "own" && this.you === null) return this.viewData().seat === i; // (a spectator: the leader's)
    return (this.viewSeat === "own" && i === this.you) || this.viewSeat === i;
  }

  /** The seat with the most points that has a city to show (null: none has). */
  leaderWithCity() {
    let best = null;
    this.game.seats.forEach((entry, i) => {
      if (typeof entry.city === "string" && (best === null || entry.points > this.game.seats[best].points)) best = i;
    });
    return best;
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
      return { cells: parseCity(m.city), report: { valid: true, problems: [], tasks: m.tasks, catches: m.report?.catches ?? [], caught: m.report?.caught }, muster: true, name: t("sg.musterstadt") };
    }
    if (typeof this.viewSeat === "number" && this.viewSeat !== this.you && scored) {
      const entry = game.seats[this.viewSeat];
      if (entry && typeof entry.city === "string") {
        return { cells: parseCity(entry.city), report: entry.report, seat: this.viewSeat, name: this.seatName(this.viewSeat) };
      }
    }
    // A spectator has no city of his own: once the round is scored he sees the leader's (the most
    // points; the first seat of them), until he picks another.
    const leader = this.you === null && scored ? this.leaderWithCity() : null;
    if (leader !== null) {
      const entry = game.seats[leader];
      return { cells: parseCity(entry.city), report: entry.report, seat: leader, name: this.seatName(leader) };
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

  /**
   * Whether seat i's city lay complete but wrong once the round was scored (under „Streng“ it may
   * even have called „Gasse dicht!“): it got 0 for its faults, not for being unfinished.
   * @param {number} i
   */
  faulty(i) {
    const entry = this.game.seats[i];
    return typeof entry?.city === "string" && parseCity(entry.city).every(Boolean) && entry.report?.valid === false;
  }

  /** The end's ranking (game points; a computer with its level, as on its chip). */
  standings() {
    const game = this.game;
    return standings(game.seats.map((e, i) => ({ name: this.seatName(i), score: e.points ?? 0, bot: this.table?.seats[i]?.bot ?? null })),
      game.ranking, this.you);
  }
}
