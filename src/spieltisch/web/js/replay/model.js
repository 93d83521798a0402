// @ts-check
// A replay without the page: the finished game as the server ran it again from its log
// (GET /api/replays/<id>, docs/history.md), the step shown, playing or paused, the keys. Plan Ahead
// and the Rätsel step tile by tile (a frame per tile, every land as it was then); Speedgans steps
// through one round at a time: the empty cities, every change of a city and every „Gasse dicht!“ as
// they came, then the round's scoring. What each step shows (lands, cities, markers, the line under
// the board) is worked out here; screen.js, planahead.js and speedgans.js draw it.

import "./strings.js";
import "../speedgans/strings.js";
import { getLang, t } from "../i18n.js";
import { formatClock } from "../clock.js";
import { playedForText, standInFields } from "../played-for.js";
import { parseLand } from "../planahead/geometry.js";
import { parseCity } from "../speedgans/city.js";
import { headline, standings } from "../standings.js";

/** @typedef {import("../protocol.js").ReplayPlayer} ReplayPlayer */
/** @typedef {import("../protocol.js").TileSeat} TileSeat */
/** @typedef {import("../protocol.js").TileFrame} TileFrame */
/** @typedef {import("../protocol.js").RoundEvent} RoundEvent */
/** @typedef {import("../protocol.js").RoundFrame} RoundFrame */
/** @typedef {import("../protocol.js").Replay} Replay */
/**
 * @typedef {object} CityNow  one seat's city at a Speedgans step
 * @property {number} seat
 * @property {string} name
 * @property {string} city
 * @property {number} tiles  how many tiles lie in it
 * @property {number | null} marker  its place marker, once it called „Gasse dicht!“
 * @property {boolean} left
 * @property {boolean} changed  the step's own event is this seat's
 * @property {boolean} byComputer  a computer standing in for the person built it this round
 */

/** The keys a replay answers, and what each does. */
export const KEYS = /** @type {Record<string, "prev" | "next" | "first" | "last" | "toggle">} */ ({
  ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", " ": "toggle",
});

/** How long playing shows each step (ms): a tile, a change of a city. */
export const PLAY_MS = { tiles: 1100, speedgans: 650 };

export class ReplayModel {
  /**
   * @param {Replay} replay
   * @param {{me?: string | null}} [options]  me: this browser's player id (its seat is marked)
   */
  constructor(replay, { me = null } = {}) {
    this.replay = replay;
    /** @type {"tiles" | "speedgans"} */
    this.kind = replay.game === "speedgans" ? "speedgans" : "tiles";
    /** the Speedgans round shown (an index into the frames) */
    this.roundIndex = 0;
    /** the step shown, 0 … count - 1 */
    this.index = 0;
    this.playing = false;
    const mine = me ? replay.players.findIndex((p) => p.player === me) : -1;
    /** @type {number | null} the own seat, null when this browser's player did not play */
    this.you = mine >= 0 ? mine : null;
  }

  // ---- the steps ---------------------------------------------------------------------------------

  /** How many steps the shown sequence has (all tiles; a round's start, changes and scoring). */
  get count() {
    if (this.kind === "tiles") return this.replay.frames.length;
    const round = this.roundFrame();
    if (!round) return 0;
    return 1 + round.events.length + (round.scored ? 1 : 0);
  }

  /** The first step of the game (Speedgans: of its first round). */
  get atStart() {
    return this.index <= 0 && (this.kind === "tiles" || this.roundIndex <= 0);
  }

  /** The last step of the game (Speedgans: the last round's scoring). */
  get atEnd() {
    return this.atRoundEnd && (this.kind === "tiles" || this.roundIndex >= this.rounds.length - 1);
  }

  /** The last step of the sequence shown (Speedgans: the round's scoring). */
  get atRoundEnd() {
    return this.index >= this.count - 1;
  }

  /**
   * Show step `index` (kept inside the sequence). Answers whether the step shown changed.
   * @param {number | string} index  (a slider's value is a string)
   */
  seek(index) {
    const next = Math.max(0, Math.min(this.count - 1, Math.round(Number(index) || 0)));
    if (next === this.index) return false;
    this.index = next;
    return true;
  }

  /**
   * ← → Home End: a step, the game's start or end. Speedgans runs on over its rounds: the step after
   * a round's scoring is the next round's start, the end is the last round's scoring.
   * @param {"prev" | "next" | "first" | "last" | "toggle"} what  answers whether anything changed
   */
  go(what) {
    if (what === "toggle") return this.toggle();
    const wasPlaying = this.playing;
    this.playing = false; // a step by hand stops playing
    if (what === "next") return this.step(1) || wasPlaying;
    if (what === "prev") return this.step(-1) || wasPlaying;
    const last = what === "last";
    const round = this.kind === "speedgans" ? (last ? Math.max(0, this.rounds.length - 1) : 0) : 0;
    const changedRound = round !== this.roundIndex;
    this.roundIndex = round;
    if (changedRound) this.index = -1; // seek below always lands on a step of the round
    return this.seek(last ? this.count - 1 : 0) || changedRound || wasPlaying;
  }

  /**
   * One step on (+1) or back (-1), into the next or previous Speedgans round at a round's end or start.
   * @param {1 | -1} delta  answers whether the step shown changed
   */
  step(delta) {
    if (delta > 0 ? !this.atRoundEnd : this.index > 0) return this.seek(this.index + delta);
    if (this.kind !== "speedgans") return false;
    const round = this.roundIndex + delta;
    if (round < 0 || round >= this.rounds.length) return false;
    this.roundIndex = round;
    this.index = delta > 0 ? 0 : Math.max(0, this.count - 1);
    return true;
  }

  /** Play or pause; play from the start again once the end is shown. Answers true (it always changes). */
  toggle() {
    if (this.playing) {
      this.playing = false;
      return true;
    }
    if (this.atEnd) {
      this.roundIndex = 0;
      this.index = 0;
    }
    this.playing = !this.atEnd;
    return true;
  }

  /** While playing, the next step (called every PLAY_MS); playing stops at the end. Answers whether anything changed. */
  tick() {
    if (!this.playing) return false;
    this.step(1);
    if (this.atEnd) this.playing = false;
    return true;
  }

  /**
   * A key pressed on the page: ← → one step, Home / End, Space plays or pauses.
   * @param {string} key  KeyboardEvent.key
   * @returns {{handled: boolean, changed: boolean}}
   */
  key(key) {
    const what = KEYS[key];
    if (!what) return { handled: false, changed: false };
    return { handled: true, changed: this.go(what) };
  }

  /** "Kachel 7 von 19" (Plan Ahead, Rätsel) or "Schritt 5 von 16" (a Speedgans round). */
  counterText() {
    if (this.count === 0) return t("rp.empty");
    if (this.kind === "tiles") return t("pa.tileof", { n: this.index + 1, total: this.count });
    return t("rp.step", { n: this.index + 1, total: this.count });
  }

  // ---- the players -------------------------------------------------------------------------------

  /** @param {number} seat */
  seatName(seat) {
    const p = this.replay.players[seat];
    if (p?.nickname) return p.nickname;
    if (p?.bot) return t("table.bot");
    return t("table.seat", { n: seat + 1 });
  }

  /** The date and length of the game: "Gespielt am 1. Dezember 2026, 5:12 Min." */
  playedText() {
    const started = new Date(this.replay.started_at);
    const date = Number.isNaN(started.getTime())
      ? ""
      : started.toLocaleDateString(getLang() === "en" ? "en-GB" : "de-DE", { day: "numeric", month: "long", year: "numeric" });
    const played = t("rp.played", { date, time: formatClock(this.replay.seconds ?? 0, { round: "nearest" }) });
    const match = this.replay.match;
    return match ? `${t("match.number", { number: match.number, of: match.of })} · ${played}` : played;
  }

  /** The final places per seat (1 = first), as the game ended. */
  get ranking() {
    return this.replay.final?.ranking ?? [];
  }

  /**
   * At the game's last step (Speedgans: the last round's scoring), how it ended: every seat's final
   * points and place from the replay's `final`, the winners; null on any other step.
   * @returns {{rows: (import("../standings.js").Standing & {note: string})[], winners: import("../standings.js").Standing[], text: string} | null}
   */
  finalStandings() {
    if (!this.atEnd || this.count === 0) return null;
    const final = this.replay.final ?? {};
    const scores = final.points ?? final.scores;
    if (!scores?.length) return null;
    const seats = scores.map((score, seat) => ({ name: this.seatName(seat), score, bot: this.replay.players[seat]?.bot ?? null }));
    const { rows, winners } = standings(seats, final.ranking, this.you);
    // What a computer standing in or the clock played for a person: „Computer ab Runde 2“.
    const unit = this.kind === "tiles" ? "tile" : "round";
    const notes = rows.map((r) => (r.bot ? "" : playedForText(final.played_for?.[r.seat], unit)));
    return { rows: rows.map((r, i) => ({ ...r, note: notes[i] })), winners, text: winners.length ? headline(winners) : "" };
  }

  // ---- Plan Ahead and the Rätsel -----------------------------------------------------------------

  /** @returns {TileFrame | undefined} the step's frame (none in a game where no tile was laid) */
  tileFrame() {
    return /** @type {TileFrame | undefined} */ (this.replay.frames[this.index]);
  }

  /**
   * Every land at the step shown: its tiles, score, the tiles the clock placed, and (on the last
   * tile) the final place; `field` is where this step's tile went in it.
   * @returns {{seat: number, name: string, bot: string | null, land: (string | null)[], score: number,
   *   clockPlaced: number[], computerPlaced: number[], note: string, field: number | null, place: number | null,
   *   you: boolean}[]}
   */
  lands() {
    const frame = this.tileFrame();
    if (!frame) return [];
    return frame.seats.map((s, seat) => {
      const land = parseLand(s.land);
      const at = land.indexOf(frame.tile);
      return {
        seat, name: this.seatName(seat), bot: this.replay.players[seat]?.bot ?? null, land, score: s.score,
        clockPlaced: s.clock_placed ?? [], field: at >= 0 ? at + 1 : null,
        computerPlaced: standInFields(s, Boolean(this.replay.players[seat]?.bot)),
        // on the last tile: „Computer ab Kachel 9“ for a person a computer stood in for
        note: this.atEnd && !this.replay.players[seat]?.bot ? playedForText(this.replay.final?.played_for?.[seat], "tile") : "",
        // the final places once the last tile lies; one land alone (a Rätsel) has no place
        place: this.atEnd && frame.seats.length > 1 ? this.ranking[seat] ?? null : null, you: seat === this.you,
      };
    });
  }

  /** Seconds since the game began, at the step shown ("nach 1:23"). */
  timeText() {
    const at = this.kind === "tiles" ? this.tileFrame()?.at : this.event()?.at;
    return at === undefined || at === null ? "" : t("rp.at", { time: formatClock(at, { round: "nearest" }) });
  }

  // ---- Speedgans ---------------------------------------------------------------------------------

  /** The round frames (one per round played). */
  get rounds() {
    return this.kind === "speedgans" ? /** @type {RoundFrame[]} */ (this.replay.frames) : [];
  }

  /** @returns {RoundFrame | null} */
  roundFrame() {
    return this.rounds[this.roundIndex] ?? null;
  }

  /**
   * Show another round (an index into `rounds`), from its start. Answers whether it changed.
   * @param {number} index
   */
  chooseRound(index) {
    if (index < 0 || index >= this.rounds.length || index === this.roundIndex) return false;
    this.roundIndex = index;
    this.index = 0;
    this.playing = false;
    return true;
  }

  /** @returns {"start" | "event" | "scored"} what the Speedgans step shown is */
  stepKind() {
    const round = this.roundFrame();
    if (this.index === 0) return "start";
    if (round?.scored && this.atRoundEnd) return "scored";
    return "event";
  }

  /** The event of the step shown (null at the round's start and its scoring). */
  event() {
    if (this.kind !== "speedgans" || this.stepKind() !== "event") return null;
    return this.roundFrame()?.events[this.index - 1] ?? null;
  }

  /**
   * Every seat's city at the step shown, with its place marker once it called „Gasse dicht!“.
   * @returns {CityNow[]}
   */
  cities() {
    const round = this.roundFrame();
    const seats = this.replay.players.length;
    const shown = round ? round.events.slice(0, Math.min(this.index, round.events.length)) : [];
    /** @type {CityNow[]} */
    const out = Array.from({ length: seats }, (_, seat) => ({
      seat, name: this.seatName(seat), city: "", tiles: 0, marker: null, left: false, changed: false,
      // a person's city this round that a computer standing in for him built (or began)
      byComputer: !this.replay.players[seat]?.bot && Boolean(round?.computer?.includes(seat)),
    }));
    for (const e of shown) {
      const c = out[e.seat];
      if (!c) continue;
      if (typeof e.city === "string") c.city = e.city;
      if (typeof e.done === "number") c.marker = e.done;
      if (e.left) c.left = true;
    }
    const current = this.event();
    for (const c of out) {
      c.tiles = parseCity(c.city).filter(Boolean).length;
      c.changed = current !== null && current.seat === c.seat;
    }
    return out;
  }

  /** The line under the cities: what just happened, in words. */
  eventText() {
    const round = this.roundFrame();
    if (!round) return "";
    const kind = this.stepKind();
    if (kind === "start") return t("rp.sg.start", { n: round.round });
    if (kind === "scored") return t("rp.sg.scoring", { n: round.round });
    const e = /** @type {RoundEvent} */ (this.event());
    const name = this.seatName(e.seat);
    if (typeof e.done === "number") return t("rp.sg.done", { name, done: t("sg.done"), n: e.done });
    if (e.left) return t("rp.sg.left", { name });
    return t("rp.sg.built", { name, n: parseCity(e.city).filter(Boolean).length });
  }
}
