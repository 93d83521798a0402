// @ts-check
// A Speedgans solo run (Rekordjagd, Tagesstadt, Übung) as this client knows it, without the page: the
// server's latest view of the run, the own city (CityBuilder: arrangement, sync, keys), whether a move
// is on its way, the „Rat“ as far as it fits the city shown, the points a valid city would bring now,
// the previous city with its Musterstadt, which city the board shows, the remaining time of a
// Rekordjagd and the summary at the end. Points and times are the server's; nothing here decides them.
// solo.js draws it and passes the player's input on.

import "./strings.js";
import "./solo-strings.js";
import { t } from "../i18n.js";
import { formatClock } from "../clock.js";
import { CityBuilder } from "./builder.js";
import { formatCity, parseCity, parseEntry } from "./city.js";
import { formatPoints } from "./solo-lists.js";

// The lobby shows points without loading the game: the formatter lives with the lists.
export { formatPoints };

/** The clock of a Rekordjagd turns red in its last seconds. */
export const URGENT_S = 10;
/** „Beenden“ asks once more; the second press must come within this time (ms). */
export const QUIT_CONFIRM_MS = 4000;
/** A move the server never answered lets the buttons go again after this long (ms). */
export const BUSY_MS = 8000;
/** The four groups of tasks and their 24 ids (a triple takes one task of three groups). */
export const GROUPS = ["F", "W", "H", "L"];
export const TASK_IDS = GROUPS.flatMap((g) => [1, 2, 3, 4, 5, 6].map((n) => `${g}${n}`));

/** @typedef {import("./city.js").Cells} Cells */
/** @typedef {import("./city.js").Entry} Entry */
/** @typedef {import("../protocol.js").SpeedgansReport} Report */
/** @typedef {import("../protocol.js").SpeedgansTask} Task */
/** @typedef {import("../protocol.js").SoloCity} SoloCity */
/** @typedef {import("../protocol.js").SoloGame} GameView */
/** @typedef {import("../protocol.js").SoloTable} TableView */
/** @typedef {{id: string, star?: boolean, lower_is_better?: boolean, best?: number}} ShownTask */
/** @typedef {"own" | "muster" | "last"} ViewChoice  the city being built, the last Musterstadt, the last city */
/** @typedef {number | "muster"} SummaryChoice  after the run: a city of the run (0, 1, …) or the last Musterstadt */
/**
 * @typedef {object} BoardView  the city on the board and the task cards beside it
 * @property {"own" | "muster" | "last" | "city"} kind
 * @property {Cells} cells
 * @property {Report | null} report
 * @property {ShownTask[]} tasks  the tasks of the city shown (only ids for an earlier city's)
 * @property {Record<string, number>} values  the shown city's value per task
 * @property {Record<string, number> | null} points  its 0–100 points per task, where known
 * @property {number | null} number  the city's number in the run
 * @property {number} bonus  the shown city's Tagesstadt time bonus (0: none), its own line under the
 *   task cards so that they and it add up to the city's points
 */
/**
 * @typedef {object} HintView  a „Rat“ that fits the city shown
 * @property {number[]} wrong  cells whose tile is wrong
 * @property {number | null} nextCell  the cell that glows (null: nothing left to say)
 * @property {Entry | null} piece  the tile that belongs there, as it must lie
 */
/**
 * @typedef {object} LastCity  the previous city and its Musterstadt (the message after each city)
 * @property {number | null} number  (null in the Übung, which numbers no cities)
 * @property {"done" | "skipped" | "unfinished"} outcome
 * @property {number} points
 * @property {number} bonus
 * @property {number} hints
 * @property {{id: string, value: number | null, points: number, muster: number | null, musterPoints: number | null}[]} rows
 * @property {number | null} musterSum
 * @property {string | null} musterCity
 */

/**
 * Choosing tasks for the Übung: a tap on a task chooses it, or lets it go again. A task of a group
 * already chosen takes that one's place (never two of one group); a fourth group takes the place
 * of the first chosen. Answers the new choice (ids in the order chosen).
 * @param {string[]} chosen
 * @param {string} id
 * @returns {string[]}
 */
export function pickTask(chosen, id) {
  if (chosen.includes(id)) return chosen.filter((c) => c !== id);
  const kept = chosen.filter((c) => c[0] !== id[0]);
  return [...(kept.length >= 3 ? kept.slice(1) : kept), id];
}

/**
 * Whether these ids are a triple the server takes: three tasks of three different groups.
 * @param {string[]} ids
 */
export function isTriple(ids) {
  return ids.length === 3 && ids.every((id) => TASK_IDS.includes(id)) && new Set(ids.map((id) => id[0])).size === 3;
}

/**
 * A Musterstadt's values by task id (the server names them `tasks`; `values` is read too).
 * @param {{tasks?: Record<string, number> | string[], values?: Record<string, number> | number[]} | null | undefined} m
 * @param {string[]} ids
 * @returns {Record<string, number>}
 */
function musterValues(m, ids) {
  const raw = m?.values ?? m?.tasks;
  if (Array.isArray(raw)) return Object.fromEntries(ids.map((id, i) => [id, /** @type {number} */ (raw[i])]));
  return /** @type {Record<string, number>} */ (raw && typeof raw === "object" ? raw : {});
}

export class SoloModel extends CityBuilder {
  /**
   * @param {object} io
   * @param {(type: string, extra?: object) => number | null | undefined} io.send  a message about this
   *   table; answers its seq, null when offline
   * @param {() => number} io.serverNow  seconds on the server's clock
   * @param {() => number} [io.now]  milliseconds of a steady clock
   */
  constructor({ send, serverNow, now = () => performance.now() }) {
    super({ send, now });
    this.serverNow = serverNow;
    /** @type {TableView | null} */
    this.table = null;
    /** @type {string | null} which city of which run the own city belongs to */
    this.cityKey = null;
    /** @type {ViewChoice} */
    this.view = "own";
    /** @type {SummaryChoice | null} after the run: the city shown (null: the last one) */
    this.pick = null;
    /** @type {number | null} after the run: whose Musterstadt "muster" shows (null: the last city's) */
    this.musterOf = null;
    /** @type {number | null} the seq of a move that ends the city (done, skip, new tasks) or asks a hint, on its way */
    this.busy = null;
    /** @type {"hint" | "city" | null} */
    this.busyKind = null;
    this.busyAt = 0;
    /** @type {number} when „Beenden“ was pressed once (0: not) */
    this.quitArmedAt = 0;
  }

  /** @returns {GameView} */
  get game() {
    return /** @type {GameView} */ (this.table?.game);
  }

  get you() {
    return this.table?.you ?? null;
  }

  /** @returns {"record" | "daily" | "practice"} */
  get mode() {
    return this.game?.mode ?? "practice";
  }

  get playing() {
    return this.table?.status === "playing" && this.game?.phase === "playing";
  }

  get finished() {
    return this.game?.phase === "finished";
  }

  // ---- the server's views -----------------------------------------------------------------------

  /**
   * Take the server's new view of the run. Answers newCity (a new city, task change or rematch:
   * the own city starts empty) and ended (the run has just ended).
   * @param {TableView} table
   * @returns {{newCity: boolean, ended: boolean}}
   */
  update(table) {
    const wasFinished = this.finished;
    this.table = table;
    const game = this.game;
    const key = `${game.started_at}:${game.number}:${game.phase}`;
    const newCity = key !== this.cityKey;
    if (newCity) {
      this.cityKey = key;
      this.resetCity();
      this.busy = null;
      this.busyKind = null;
      this.view = "own";
      this.pick = null;
      this.musterOf = null;
      this.quitArmedAt = 0;
    }
    if (this.playing && typeof game.city === "string") this.city.receive(game.city);
    if (this.playing && game.report?.tasks) this.noteValues(game.tasks || [], game.report.tasks);
    // A hint has come back: its move is answered.
    if (this.busyKind === "hint" && game.hint) this.busy = this.busyKind = null;
    return { newCity, ended: !wasFinished && this.finished };
  }

  /**
   * An error from the server. Answers whether what is shown changed: a refused move lets the
   * buttons go again; a refused city of ours gives way to the server's.
   * @param {Partial<import("../protocol.js").ErrorMessage>} msg
   */
  onError(msg) {
    if (msg.seq === null || msg.seq === undefined) return false;
    let changed = false;
    if (this.busy === msg.seq) {
      this.busy = this.busyKind = null;
      changed = true;
    }
    if (this.city.refused(msg.seq) && typeof this.game?.city === "string") {
      this.city.receive(this.game.city);
      changed = true;
    }
    return changed;
  }

  /** A few times a second: a change never answered gives way to the server's city; flashes end. */
  tick() {
    let changed = false;
    if (this.city.overdue() && typeof this.game?.city === "string") {
      this.city.receive(this.game.city);
      changed = true;
    }
    if (this.busy !== null && this.now() - this.busyAt > BUSY_MS) {
      this.busy = this.busyKind = null;
      changed = true;
    }
    if (this.quitArmedAt && this.now() - this.quitArmedAt > QUIT_CONFIRM_MS) {
      this.quitArmedAt = 0;
      changed = true;
    }
    this.dropFlashes();
    return changed;
  }

  /** Whether the city shown here is the one the server knows (its report, live points and hint fit it). */
  synced() {
    const server = this.game?.city;
    return typeof server === "string" && !this.city.pending && formatCity(parseCity(server)) === this.city.text();
  }

  // ---- building and the moves --------------------------------------------------------------------

  /**
   * @param {number | null | undefined} seq
   * @param {"hint" | "city"} [kind]
   */
  sent(seq, kind = "city") {
    if (seq === null || seq === undefined) return false;
    this.busy = seq;
    this.busyKind = kind;
    this.busyAt = this.now();
    return true;
  }

  canBuild() {
    return this.playing && this.you !== null && this.busy === null && this.view === "own";
  }

  /** „Gasse dicht!“: the server's report of exactly this city says it is complete and valid. */
  canDone() {
    return this.canBuild() && this.synced() && Boolean(this.game.live);
  }

  done() {
    if (!this.canDone()) return false;
    return this.sent(this.send("done"));
  }

  /** „Überspringen“: Rekordjagd and Übung. */
  canSkip() {
    return this.playing && this.you !== null && this.busy === null && this.mode !== "daily";
  }

  skip() {
    if (!this.canSkip()) return false;
    return this.sent(this.send("skip"));
  }

  /**
   * Übung: new tasks, drawn (null) or chosen.
   * @param {string[] | null} [tasks]
   */
  newTasks(tasks = null) {
    if (!this.canSkip() || this.mode !== "practice") return false;
    if (tasks && !isTriple(tasks)) return false;
    return this.sent(this.send("new_tasks", tasks ? { tasks: tasks.join(",") } : {}));
  }

  /** „Rat“: not while one fits the city shown (it would say the same again). */
  canHint() {
    return this.canBuild() && this.synced() && this.hint() === null;
  }

  askHint() {
    if (!this.canHint()) return false;
    return this.sent(this.send("hint"), "hint");
  }

  /**
   * „Beenden“ (give up): the first press asks, a second one soon after ends the run.
   * @returns {"armed" | "sent" | null}
   */
  quit() {
    if (!this.playing || this.you === null) return null;
    if (this.quitArmedAt && this.now() - this.quitArmedAt <= QUIT_CONFIRM_MS) {
      this.quitArmedAt = 0;
      this.send("give_up");
      return "sent";
    }
    this.quitArmedAt = this.now();
    return "armed";
  }

  get quitArmed() {
    return this.quitArmedAt > 0;
  }

  /** „Nochmal“: a new run of the same mode (Tagesstadt: the same day). */
  rematch() {
    if (!this.finished || this.you === null) return false;
    this.send("rematch");
    return true;
  }

  /**
   * The „Rat“ the server gave for exactly the city shown, or null (none asked, or the city changed
   * since: then it is out of date).
   * @returns {HintView | null}
   */
  hint() {
    const h = this.game?.hint;
    if (!h || !this.playing || !this.synced()) return null;
    return { wrong: h.wrong || [], nextCell: h.next_cell ?? null, piece: parseEntry(h.next_piece ?? undefined) };
  }

  /**
   * A tap on a cell: the glowing one of a „Rat“ lays its tile there (a wrong tile on it goes back to
   * the tray). Answers whether it did.
   * @param {number} cell
   */
  tapCell(cell) {
    const hint = this.hint();
    if (!hint || hint.nextCell !== cell || !hint.piece || !this.canBuild()) return false;
    this.selected = hint.piece.tile;
    return this.city.lay(hint.piece, cell);
  }

  /** What a valid city of exactly this arrangement would bring now, or null. */
  live() {
    return this.playing && this.synced() ? this.game.live ?? null : null;
  }

  /**
   * The line under the city: the live points of a valid city, the „Rat“, or what to do.
   * @returns {{kind: "live" | "hint" | "best" | "invalid" | "build" | "busy" | "watch", text: string}}
   */
  status() {
    if (this.you === null) return { kind: "watch", text: t("sg.hint.watch") };
    if (this.busy !== null) return { kind: "busy", text: "…" };
    const hint = this.hint();
    if (hint && hint.nextCell === null) return { kind: "best", text: t("solo.hint.best") };
    if (hint && hint.piece) {
      const tile = `${hint.piece.tile}${hint.piece.side}`;
      const text = hint.wrong.includes(hint.nextCell ?? -1)
        ? t("solo.hint.wrong", { n: (hint.nextCell ?? 0) + 1, tile })
        : t("solo.hint.next", { n: (hint.nextCell ?? 0) + 1, tile });
      return { kind: "hint", text };
    }
    const live = this.live();
    if (live) return { kind: "live", text: t("solo.live", { points: formatPoints(live.sum) }) };
    if (this.city.cells().some(Boolean)) return { kind: "invalid", text: t("sg.hint.invalid") };
    return { kind: "build", text: t("solo.build") };
  }

  /** The Rekordjagd's remaining time ("m:ss", urgent in its last seconds); null in the other modes. */
  clock() {
    const game = this.game;
    if (!game || this.mode !== "record" || !this.playing || !game.ends_at) return null;
    const left = game.ends_at - this.serverNow();
    return { text: formatClock(left), urgent: left <= URGENT_S, left };
  }

  // ---- what is shown -----------------------------------------------------------------------------

  /**
   * The previous city and its Musterstadt, or null before the first one is over.
   * @returns {LastCity | null}
   */
  lastCity() {
    const last = this.game?.last;
    if (!last) return null;
    const ids = last.tasks || [];
    const muster = musterValues(last.musterstadt, ids);
    return {
      number: this.mode === "practice" ? null : this.finished ? this.game.number : this.game.number - 1,
      outcome: last.outcome,
      points: last.points ?? 0,
      bonus: last.bonus ?? 0,
      hints: last.hints ?? 0,
      rows: ids.map((id, i) => ({
        id,
        value: last.values ? last.values[i] ?? null : null,
        points: last.task_points?.[i] ?? 0,
        muster: muster[id] ?? null,
        musterPoints: last.musterstadt?.points?.[i] ?? null,
      })),
      musterSum: last.musterstadt?.sum ?? null,
      musterCity: last.musterstadt?.city ?? null,
    };
  }

  /**
   * Show another city while playing: the last Musterstadt, the last city, or back to building.
   * @param {ViewChoice} view
   */
  showView(view) {
    this.view = view !== "own" && !this.game?.last ? "own" : view;
  }

  /**
   * After the run: show a city of the run, or the last Musterstadt.
   * @param {SummaryChoice} pick
   */
  showPick(pick) {
    if (pick === "muster") {
      const shown = this.summaryPick();
      if (typeof shown === "number") this.musterOf = shown; // the Musterstadt of the city on show
    }
    this.pick = pick;
  }

  /**
   * After the run: the city whose Musterstadt the summary offers (or shows): the one on show, else
   * the one whose Musterstadt was asked for, else the last. Null when there is no Musterstadt.
   * @returns {{index: number, number: number | null, musterSum: number | null, city: SoloCity} | null}
   */
  summaryMuster() {
    const cities = this.cities();
    const pick = this.summaryPick();
    const index = typeof pick === "number" ? pick : this.musterOf ?? cities.length - 1;
    const city = cities[index];
    if (!city?.musterstadt) return null;
    return { index, number: this.mode === "practice" ? null : index + 1, musterSum: city.musterstadt.sum ?? null, city };
  }

  /**
   * The city on the board and the tasks beside it.
   * @returns {BoardView}
   */
  viewData() {
    const game = this.game;
    const last = game.last;
    if (this.finished) {
      const cities = this.cities();
      const pick = this.summaryPick();
      if (pick === "muster" || !cities[pick]) {
        const muster = this.summaryMuster();
        return muster ? this.musterView(muster.city, muster.number) : this.musterView();
      }
      return this.cityView(cities[pick], pick + 1);
    }
    if (this.view === "muster" && last) return this.musterView();
    if (this.view === "last" && last) return this.cityView(last, this.lastCity()?.number ?? null);
    const tasks = game.tasks || [];
    const values = game.report?.tasks || {};
    const live = this.live();
    return {
      kind: "own", cells: this.city.cells(), report: game.report ?? null, tasks, values,
      points: live ? Object.fromEntries(tasks.map((task, i) => [task.id, live.points[i]])) : null,
      number: game.number, bonus: 0,
    };
  }

  /**
   * The Musterstadt of a city (the last one unless told).
   * @param {SoloCity | null | undefined} [of]
   * @param {number | null} [number]  that city's number in the run
   * @returns {BoardView}
   */
  musterView(of = this.game.last, number = this.lastCity()?.number ?? null) {
    const m = of?.musterstadt;
    const ids = of?.tasks || [];
    const values = musterValues(m, ids);
    return {
      kind: "muster", cells: parseCity(m?.city), tasks: ids.map((id) => ({ id })), values,
      report: { valid: true, problems: [], tasks: values, catches: m?.catches ?? m?.report?.catches ?? [], caught: m?.caught ?? m?.report?.caught },
      points: Object.fromEntries(ids.map((id, i) => [id, m?.points?.[i] ?? 0])),
      number, bonus: 0,
    };
  }

  /**
   * A finished city of the run (or the last one).
   * @param {SoloCity} city
   * @param {number | null} number
   * @returns {BoardView}
   */
  cityView(city, number) {
    const ids = city.tasks || [];
    const values = Object.fromEntries(ids.map((id, i) => [id, city.values ? city.values[i] : NaN]).filter(([, v]) => typeof v === "number" && !Number.isNaN(v)));
    return {
      kind: this.finished ? "city" : "last", cells: parseCity(city.city), tasks: ids.map((id) => ({ id })), values,
      report: city.report ?? { valid: city.outcome === "done", problems: [], tasks: values, catches: city.catches ?? [], caught: city.caught },
      points: Object.fromEntries(ids.map((id, i) => [id, city.task_points?.[i] ?? 0])),
      number, bonus: city.outcome === "done" ? city.bonus ?? 0 : 0,
    };
  }

  /** After the run, the city shown: the one chosen, else the last one built, else the last
   * Musterstadt (no city was built). */
  summaryPick() {
    if (this.pick !== null) return this.pick;
    const cities = this.cities();
    for (let i = cities.length - 1; i >= 0; i--) if (cities[i].outcome === "done") return i;
    return this.game.last?.musterstadt || !cities.length ? "muster" : cities.length - 1;
  }

  /** The cities of the run so far (Übung keeps only the last one). */
  cities() {
    const game = this.game;
    if (game.cities?.length) return game.cities;
    return game.last ? [game.last] : [];
  }

  /**
   * The end of the run: its cities, the total and what the server added after it (personal best,
   * whether the Tagesstadt attempt ranks; `waiting` until that has come).
   */
  summary() {
    const game = this.game;
    const mode = this.mode;
    const cities = this.cities().map((c, i) => ({
      number: i + 1, tasks: c.tasks, outcome: c.outcome, points: c.points ?? 0, taskPoints: c.task_points || [],
      values: c.values, hints: c.hints ?? 0, hintCost: c.hint_cost ?? 0, bonus: c.bonus ?? 0, seconds: c.seconds ?? null,
    }));
    const hints = cities.reduce((sum, c) => sum + c.hints, 0);
    const done = cities.filter((c) => c.outcome === "done").length;
    const waiting = mode === "record" ? !("new_best" in game) : mode === "daily" ? !("first_attempt" in game) : false;
    return {
      mode, timedOut: Boolean(game.timed_out), total: game.total ?? null, cities, hints, done,
      hintCost: cities.reduce((sum, c) => sum + c.hintCost, 0),
      personalBest: game.personal_best ?? null, newBest: game.new_best ?? null,
      firstAttempt: game.first_attempt ?? null, waiting,
      // A run with a city laid faster than a hand lays tiles is kept for its player, unranked.
      byHand: game.by_hand !== false,
      day: this.table?.settings?.day ?? null,
    };
  }
}
