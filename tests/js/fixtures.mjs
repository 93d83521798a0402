// Test doubles for the client's models: a fake connection that records what is sent, a clock to
// move by hand, and the server's views of a Plan Ahead and a Speedgans table, shaped as in
// docs/protocol*.md. Not a test file itself: `node --test tests/js/` runs the *.test.mjs files, which
// import the client's DOM-free modules straight from src/spieltisch/web/js (no build, no packages).

/** A connection that records every message and answers seqs 1, 2, …; offline: answers null. */
export function fakeSend() {
  const sent = [];
  let seq = 0;
  const send = (type, extra = {}) => {
    if (send.offline) return null;
    seq += 1;
    sent.push({ type, ...extra, seq });
    return seq;
  };
  send.offline = false;
  send.sent = sent;
  /** The messages of one type. */
  send.of = (type) => sent.filter((m) => m.type === type);
  send.last = () => sent[sent.length - 1];
  return send;
}

/** A clock that stands still until moved: clock() answers its time, clock.advance(d) moves it. */
export function fakeClock(start = 0) {
  let now = start;
  const clock = () => now;
  clock.advance = (d) => { now += d; };
  clock.set = (t) => { now = t; };
  return clock;
}

export const EMPTY_CITY = ". . . . . . . . .";
/** A land of 19 empty fields. */
export const EMPTY_LAND = Array(19).fill(".").join(" ");

/** A land with tiles on the given fields: landWith({1: "963", 5: "124"}). */
export function landWith(tiles) {
  return Array.from({ length: 19 }, (_, i) => tiles[i + 1] ?? ".").join(" ");
}

/** @import * as P from "../../src/spieltisch/web/js/protocol.js" */

const NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil", "Fritz"];

/**
 * The taken seats of a table: people by name, "bot:easy" for a computer.
 * @param {string[]} names
 * @returns {P.TableSeat[]}
 */
function tableSeats(names) {
  return names.map((n, i) => (n.startsWith("bot:")
    ? { player: null, nickname: null, bot: n.slice(4), connected: true }
    : { player: `p${i}`, nickname: n, bot: null, connected: true }));
}

/**
 * A Plan Ahead TableView. game: fields of the GameView to set; seats: per seat entry fields.
 * @param {{you?: number | null, names?: string[], game?: Partial<P.PlanAheadGame>, seats?: Partial<P.PlanAheadSeat>[],
 *   kind?: P.PlanAheadTable["kind"], rematch?: P.PlanAheadTable["rematch"]}} [o]
 * @returns {P.PlanAheadTable}
 */
export function planAheadTable({ you = 0, names = NAMES.slice(0, 2), game = {}, seats = [], kind = "planahead", rematch = null } = {}) {
  return {
    id: "t1", kind, status: game.phase === "finished" ? "finished" : "playing", host: "p0", rematch,
    settings: { seats: names.length, turn_seconds: null }, seats: tableSeats(names), you, version: 1, server_time: 0,
    game: {
      phase: "playing", turn: 0, tiles_total: 19, tile: "963", deadline: null, turn_seconds: null,
      ranking: null, strongest: null, ...game,
      seats: names.map((_, i) => ({ land: EMPTY_LAND, score: 0, confirmed: false, clock_placed: [], ...(seats[i] || {}) })),
    },
  };
}

/** @type {P.SpeedgansTask[]} */
export const TASKS = [
  { id: "F1", star: false, lower_is_better: false, best: 5, worst: 0 },
  { id: "W6", star: false, lower_is_better: true, best: 0, worst: 4 },
  { id: "H3", star: true, lower_is_better: false, best: 4, worst: 0 },
];

/**
 * A server report of a city: valid or not, with task values.
 * @param {{valid?: boolean, tasks?: Record<string, number>}} [o]
 * @returns {P.SpeedgansReport}
 */
export function report({ valid = true, tasks = { F1: 1, W6: 2, H3: 0 } } = {}) {
  return { valid, problems: [], tasks, catches: [], caught: [] };
}

/**
 * A Speedgans TableView. game: fields of the GameView; seats: per seat entry fields (the own seat
 * has city and report).
 * @param {{you?: number | null, names?: string[], game?: Partial<P.SpeedgansGame>, seats?: Partial<P.SpeedgansSeat>[],
 *   settings?: P.TableSettings}} [o]
 * @returns {P.SpeedgansTable}
 */
export function speedgansTable({ you = 0, names = NAMES.slice(0, 3), game = {}, seats = [], settings = {} } = {}) {
  return {
    id: "s1", kind: "speedgans", status: game.phase === "finished" ? "finished" : "playing", host: "p0",
    settings: { seats: names.length, turn_seconds: 120, hourglass: 30, mode: "race", strict: false, ...settings },
    seats: tableSeats(names), you, version: 1, server_time: 0,
    game: {
      phase: "building", round: 1, target: 18, tasks: TASKS,
      reading_ends: null, building_ends: null, hourglass_ends: null, next_round_at: null,
      results: null, musterstadt: null, ranking: null, history: [], ...game,
      seats: names.map((_, i) => ({
        points: 0, round_points: null, tiles: 0, done: false, marker: null, ready: false,
        ...(i === you ? { city: EMPTY_CITY, report: report({ valid: false, tasks: { F1: 0, W6: 0, H3: 0 } }) } : {}),
        ...(seats[i] || {}),
      })),
    },
  };
}

/** @type {P.SpeedgansTask[]} */
export const SOLO_TASKS = [
  { id: "F6", name: "Sauberer Markt", star: true, lower_is_better: false, best: 5, worst: -6 },
  { id: "W4", name: "Weit draußen", star: false, lower_is_better: false, best: 4, worst: 0 },
  { id: "L4", name: "Dackel am Tor", star: false, lower_is_better: false, best: 5, worst: 1 },
];

/** A valid city (a Musterstadt of SOLO_TASKS) and its live points. */
export const SOLO_CITY = "1b0 4a2 7a0 2a1 3a2 5a3 6a0 8a0 9a0";
export const SOLO_LIVE = { values: { F6: 4, W4: 4, L4: 4 }, points: [90.9, 100, 75], sum: 265.9 };

/**
 * A finished city of a run, as `last` and `cities` carry it.
 * @param {Partial<P.SoloCity>} [o]  fields to set
 * @returns {P.SoloCity}
 */
export function soloCity(o = {}) {
  return {
    tasks: ["F6", "W4", "L4"], outcome: "done", city: SOLO_CITY, values: [4, 4, 4], task_points: [90.9, 100, 75],
    bonus: 0, points: 265.9, hints: 0, hint_cost: 0, seconds: 12.5, ...o,
  };
}

/**
 * A solo run's TableView (kind speedgans_solo), shaped as in docs/protocol-speedgans.md.
 * @param {{mode?: P.SoloGame["mode"], you?: number | null, game?: Partial<P.SoloGame>, status?: P.SoloTable["status"],
 *   settings?: P.TableSettings}} [o]
 * @returns {P.SoloTable}
 */
export function soloTable({ mode = "record", you = 0, game = {}, status, settings = {} } = {}) {
  const phase = game.phase ?? "playing";
  return {
    id: "r1", kind: "speedgans_solo", status: status ?? (phase === "finished" ? "finished" : "playing"), host: "p0",
    settings: { mode, ...settings }, seats: [{ player: "p0", nickname: "Anna", bot: null, connected: true, left: false }],
    you, version: 1, server_time: 0,
    game: {
      mode, phase, timed_out: false, started_at: 1000, ends_at: mode === "record" ? 1300 : mode === "daily" ? 1600 : null,
      number: 1, tasks: phase === "finished" ? [] : SOLO_TASKS, city: phase === "finished" ? null : EMPTY_CITY,
      report: phase === "finished" ? null : report({ valid: false, tasks: { F6: 0, W4: 0, L4: 0 } }),
      live: null, hints: 0, hint_cost: mode === "practice" ? 0 : 30, hint: null, last: null, cities: [],
      total: mode === "practice" ? null : 0, ...game,
    },
  };
}
