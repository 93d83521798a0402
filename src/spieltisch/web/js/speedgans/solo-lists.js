// @ts-check
// The lists around Speedgans alone, without the page: the Bestenliste (everyone's points, this week or
// of all time, one's own row even below the rows shown), a Tagesstadt's day list (first attempts
// only) and whether one has played that day. The server ranks; this only marks and words.

import { getLang } from "../i18n.js";
import { formatClock } from "../clock.js";

/**
 * @typedef {object} BoardEntry  a row of GET /api/leaderboard
 * @property {number} rank
 * @property {string} player
 * @property {string} nickname
 * @property {number} points
 * @property {number} games
 * @property {number} [stood_in]  of those, the games a computer partly played for him
 */
/**
 * @typedef {object} DailyEntry  a row of GET /api/tagesstadt/<day>
 * @property {number} rank
 * @property {string} player
 * @property {string} nickname
 * @property {number} points
 * @property {number | null} seconds
 * @property {number} hints
 * @property {string} [at]
 */
/** @typedef {{day: string, tasks: string[] | null, attempts: number, entries: DailyEntry[]}} DailyList  (tasks: null until the day is over or one has played it) */
/** @typedef {{entries: BoardEntry[], you: BoardEntry | null}} Board */

/**
 * The Bestenliste's rows, one's own marked; one's own row apart when it is not among them.
 * @param {Board | null | undefined} board
 * @param {string | null | undefined} me
 * @returns {{rows: (BoardEntry & {you: boolean})[], apart: (BoardEntry & {you: boolean}) | null}}
 */
export function boardRows(board, me) {
  const rows = (board?.entries || []).map((e) => ({ ...e, you: Boolean(me) && e.player === me }));
  const you = board?.you ?? null;
  const shown = rows.some((r) => r.you);
  return { rows, apart: you && !shown ? { ...you, you: true } : null };
}

/**
 * A day list's rows, one's own marked.
 * @param {DailyList | null | undefined} list
 * @param {string | null | undefined} me
 * @returns {(DailyEntry & {you: boolean})[]}
 */
export function dailyRows(list, me) {
  return (list?.entries || []).map((e) => ({ ...e, you: Boolean(me) && e.player === me }));
}

/**
 * One's own row of a day list (one's first attempt), or null when one has not played that day.
 * @param {DailyList | null | undefined} list
 * @param {string | null | undefined} me
 */
export function ownDaily(list, me) {
  return (me && list?.entries?.find((e) => e.player === me)) || null;
}

/**
 * Bestenliste points: table points may end in .5, solo points add tenths of one-decimal points, so
 * every row shows two decimals ("55,01", "53,70", "120,00"), the column lined up.
 * @param {number} points
 */
export function formatBoardPoints(points) {
  return formatPoints(points, { decimals: 2 });
}

/**
 * The time of a Tagesstadt attempt ("1:23"), "–" when none was taken (not finished).
 * @param {number | null | undefined} seconds
 */
export function formatSeconds(seconds) {
  return typeof seconds === "number" ? formatClock(seconds, { round: "nearest" }) : "–";
}

/**
 * The day of a Tagesstadt path: "/tagesstadt" → {day: null} (today), "/tagesstadt/2026-12-01" →
 * {day: "2026-12-01"}; null for any other path (a malformed day is the page's to refuse).
 * @param {string} path
 */
export function dailyPathDay(path) {
  const match = path.match(/^\/tagesstadt(?:\/([^/]+))?\/?$/);
  return match ? { day: match[1] ? decodeURIComponent(match[1]) : null } : null;
}

/**
 * Points as the solo modes show them: one decimal, in the page's language ("187,5" / "187.5").
 * @param {number | null | undefined} value
 * @param {{decimals?: number, sign?: boolean}} [options]  sign: "+3,0" / "−30,0"
 */
export function formatPoints(value, { decimals = 1, sign = false } = {}) {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  const text = new Intl.NumberFormat(getLang() === "en" ? "en-GB" : "de-DE", {
    minimumFractionDigits: decimals, maximumFractionDigits: decimals,
  }).format(Math.abs(value));
  if (value < 0) return `−${text}`;
  return sign ? `+${text}` : text;
}

/** Where the day's list of a Tagesstadt is. */
export function dailyPath(day, today = null) {
  return day && day !== today ? `/tagesstadt/${day}` : "/tagesstadt";
}
