// @ts-check
// A Plan Ahead game as this client knows it, without the page: the server's latest view of the
// table, whose land is shown, the field the own tile was just put on while the server has not
// answered yet (pending), what the player may do (place, confirm), the hint, the turn line, the
// clock's text, the scores and the end's ranking. It decides nothing the server decides; table.js
// draws it and passes the player's input on.

import { t } from "../i18n.js";
import { formatClock } from "../clock.js";
import { standings } from "../standings.js";
import { parseLand } from "./geometry.js";
import { linesOf } from "./lines.js";
import { standInFields } from "../played-for.js";

/** The turn clock turns red in its last seconds. */
const URGENT_S = 10;
/** The clock's bar runs over this many seconds when the view names no turn time. */
const DEFAULT_TURN_S = 60;

/** @typedef {import("../protocol.js").PlanAheadTable} TableView */
/** @typedef {import("../protocol.js").PlanAheadGame} GameView */
/** @typedef {import("../protocol.js").PlanAheadSeat} SeatEntry */
/** @typedef {import("../protocol.js").LineView} LineView */
/** @typedef {number | string} ViewChoice  a seat index, "strongest" (the puzzle: "optimum") */
/**
 * @typedef {object} LandView  the land on the board
 * @property {number | string} [seat]  the seat shown (a puzzle's best land: "optimum")
 * @property {(string | null)[]} land  19 tile codes, null where empty
 * @property {LineView[]} lines
 * @property {number[]} clockPlaced  fields the clock placed
 * @property {number[]} [computerPlaced]  fields a computer laid standing in for the person
 * @property {boolean} own
 * @property {string} name
 * @property {string} [caption]  what the board shows, when not a seat's land
 * @property {SeatEntry} [entry]
 */
/**
 * @typedef {object} ScoreRow  one seat in the scores column
 * @property {number} seat
 * @property {string} name
 * @property {string | null} bot  the computer's level
 * @property {number} score
 * @property {boolean} confirmed
 * @property {boolean} dimmed  confirmed this turn (the game goes on)
 * @property {boolean} viewing  its land is shown
 * @property {boolean} you
 * @property {boolean} offline
 * @property {number} preview  points the own tentative tile would complete (0: none)
 */

export class PlanAheadModel {
  /**
   * @param {object} io
   * @param {(type: string, extra?: object) => number | null | undefined} io.send  a message about this
   *   table; answers its seq, null when offline
   * @param {() => number} io.serverNow  seconds on the server's clock
   */
  constructor({ send, serverNow }) {
    this.send = send;
    this.serverNow = serverNow;
    /** @type {TableView | null} */
    this.table = null;
    /** @type {ViewChoice | null} whose land is shown */
    this.viewSeat = null;
    /** @type {number | null | undefined} the field sent, until the server answers (null: taken back) */
    this.pending = undefined;
    /** @type {number | null} the seq of that message: an error for it (e.g. `unavailable`) is its answer */
    this.pendingSeq = null;
    /** the end dialog was set aside to look at the lands */
    this.endHidden = false;
    /** @type {number | null} */
    this.lastTurn = null;
    /** @type {string | null} */
    this.lastPhase = null;
  }

  /** @returns {GameView} */
  get game() {
    return /** @type {GameView} */ (this.table?.game);
  }

  get you() {
    return this.table?.you ?? null;
  }

  /** @returns {SeatEntry | null} the own seat's entry, when seated */
  ownEntry() {
    return this.you === null ? null : this.game.seats[this.you];
  }

  /** @param {number} i */
  seatName(i) {
    return this.table?.seats[i]?.nickname || t("table.seat", { n: i + 1 });
  }

  /**
   * Take the server's new view. The view goes back to one's own land on a rematch, and away from the
   * strongest computer's land when the next tile comes.
   * @param {TableView} table
   */
  update(table) {
    const prevTurn = this.lastTurn;
    const prevPhase = this.lastPhase;
    const offered = Boolean(table.rematch) && !this.table?.rematch;
    this.table = table;
    if (offered) this.endHidden = false; // someone asks for a rematch: the end dialog asks you
    const game = table.game;
    this.lastTurn = game.turn;
    this.lastPhase = game.phase;
    this.pending = undefined;
    this.pendingSeq = null;
    if (this.viewSeat === null || (typeof this.viewSeat === "number" && this.viewSeat >= game.seats.length)) {
      this.viewSeat = this.you ?? 0;
    }
    if (prevPhase === "finished" && game.phase === "playing") {
      this.viewSeat = this.you ?? 0;
      this.endHidden = false;
    }
    if (game.phase === "playing" && prevTurn !== null && prevTurn !== game.turn && this.viewSeat === "strongest") {
      this.viewSeat = this.you ?? 0;
    }
  }

  /** Whether the player may put the tile on a field now (seated, own land shown, not confirmed). */
  canPlace() {
    const own = this.ownEntry();
    return Boolean(this.game.phase === "playing" && own && !own.confirmed && this.game.tile && this.viewSeat === this.you);
  }

  /** The field the tile lies on for now (the one sent, until the server answers), or null. */
  tentativeField() {
    if (this.pending !== undefined) return this.pending;
    return this.ownEntry()?.tentative ?? null;
  }

  /**
   * Put the tile on a field (null: take it back). Answers whether it was sent.
   * @param {number | null} field  1..19
   */
  place(field) {
    const own = this.ownEntry();
    if (!own || !this.canPlace()) return false;
    if (field !== null && parseLand(own.land)[field - 1]) return false;
    if (field === this.tentativeField()) return false;
    const seq = this.send("place", { field });
    if (seq === null) return false;
    this.pending = field;
    this.pendingSeq = seq ?? null;
    return true;
  }

  /**
   * An error from the server. When it answers the placing on its way (the server refused it, or could
   * not take it: `unavailable`), the tile goes back to where the server has it, so the player can
   * place it again (the same field too) and confirm. Answers whether the board changed.
   * @param {Partial<import("../protocol.js").ErrorMessage>} msg
   */
  onError(msg) {
    if (this.pending === undefined || msg.seq === null || msg.seq === undefined || msg.seq !== this.pendingSeq) return false;
    this.pending = undefined;
    this.pendingSeq = null;
    return true;
  }

  /** Whether OK may be pressed: the tile lies, and the server knows where. */
  canConfirm() {
    return this.canPlace() && this.tentativeField() !== null && this.pending === undefined;
  }

  /** OK: answers whether it was sent. */
  confirm() {
    if (!this.canConfirm()) return false;
    this.send("confirm");
    return true;
  }

  /** @param {ViewChoice} seat */
  showSeat(seat) {
    this.viewSeat = seat;
  }

  /** The line under the turn: what to do now. */
  hint() {
    const own = this.ownEntry();
    if (this.game.phase !== "playing") return "";
    if (!own) return t("table.watching");
    if (own.confirmed) return t("pa.waiting");
    // Another land is on the board: nothing can be laid here, and OK waits for the own land.
    if (this.viewSeat !== this.you) return t("pa.viewhint");
    return this.tentativeField() !== null ? t("pa.confirmhint") : t("pa.placehint");
  }

  /** "Kachel 4 von 19", or the end. */
  turnText() {
    const game = this.game;
    if (game.phase !== "playing") return t("end.title");
    return t("pa.tileof", { n: Math.min(game.turn + 1, game.tiles_total), total: game.tiles_total });
  }

  /**
   * The turn clock while it runs: "m:ss", red in the last 10 s, and the share of the turn left.
   * @returns {{text: string, urgent: boolean, fraction: number} | null}
   */
  clock() {
    const game = this.game;
    if (!game?.deadline || game.phase !== "playing") return null;
    const left = Math.max(0, game.deadline - this.serverNow());
    return { text: formatClock(left), urgent: left <= URGENT_S, fraction: Math.min(1, left / (game.turn_seconds || DEFAULT_TURN_S)) };
  }

  /** @returns {LandView} the land on the board */
  viewData() {
    const game = this.game;
    if (this.viewSeat === "strongest" && game.strongest) {
      return {
        land: parseLand(game.strongest.land), lines: linesOf(parseLand(game.strongest.land)), clockPlaced: [], own: false,
        name: t("pa.strongestname"), caption: t("pa.viewingstrongest"),
      };
    }
    const seat = typeof this.viewSeat === "number" ? this.viewSeat : this.you ?? 0;
    const entry = game.seats[seat];
    return {
      seat, land: parseLand(entry.land), lines: linesOf(parseLand(entry.land)), clockPlaced: entry.clock_placed || [],
      computerPlaced: standInFields(entry, Boolean(this.table?.seats[seat]?.bot)),
      own: seat === this.you, name: this.seatName(seat), entry,
    };
  }

  /** @returns {ScoreRow[]} */
  scores() {
    const game = this.game;
    const own = this.ownEntry();
    return game.seats.map((entry, i) => {
      const seat = this.table?.seats[i] || {};
      const you = i === this.you;
      return {
        seat: i, name: this.seatName(i), bot: seat.bot ?? null, score: entry.score, confirmed: Boolean(entry.confirmed),
        dimmed: game.phase === "playing" && Boolean(entry.confirmed), viewing: this.viewSeat === i, you,
        offline: seat.connected === false && !seat.bot,
        preview: you && own?.tentative !== null && this.pending === undefined && entry.preview ? entry.preview : 0,
      };
    });
  }

  /** The points the own tentative tile would complete, shown over it (0: none). */
  preview() {
    const view = this.viewData();
    const field = view.own && this.game.phase === "playing" ? this.tentativeField() : null;
    return field !== null && this.pending === undefined && view.entry?.preview ? view.entry.preview : 0;
  }

  /** The end's ranking (scores; a computer with its level, as in the score list). */
  standings() {
    const game = this.game;
    return standings(game.seats.map((e, i) => ({ name: this.seatName(i), score: e.score, bot: this.table?.seats[i]?.bot ?? null })),
      game.ranking, this.you);
  }

  /**
   * The match this game is part of (the table setting „Partie über N Spiele“), or null: which game
   * it is, each seat's running total (the games before plus this one's points so far), whether it
   * is the match's last game, and the ids of the games before it (their replays).
   * @returns {{number: number, of: number, totals: number[], last: boolean, games: string[]} | null}
   */
  match() {
    const match = this.table?.match;
    if (!match) return null;
    const totals = this.game.seats.map((entry, i) => (match.before[i] ?? 0) + entry.score);
    return { number: match.number, of: match.of, totals, last: match.number >= match.of, games: match.games ?? [] };
  }

  /** The match's ranking by its running totals (most first; equal totals share a place). */
  matchStandings() {
    const match = this.match();
    if (!match) return null;
    const places = match.totals.map((total) => 1 + match.totals.filter((other) => other > total).length);
    const ranked = standings(this.game.seats.map((e, i) => ({ name: this.seatName(i), score: match.totals[i], bot: this.table?.seats[i]?.bot ?? null })),
      places, this.you);
    for (const row of ranked.rows) row.gameScore = this.game.seats[row.seat].score;
    return ranked;
  }
}
