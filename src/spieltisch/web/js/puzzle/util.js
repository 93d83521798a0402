// Small helpers of the puzzle screens: dates, times, the player's own best per puzzle, line ends.

import "./strings.js";
import { getLang, t } from "../i18n.js";
import { api } from "../net.js";

/** "2026-11-29" -> a Date at noon UTC (no time-zone surprises when formatting the day). */
function dayDate(id) {
  return new Date(`${id}T12:00:00Z`);
}

/** Long form: "29. November 2026" / "29 November 2026". */
export function formatDay(id, { weekday = false, year = true } = {}) {
  const locale = getLang() === "en" ? "en-GB" : "de-DE";
  const date = dayDate(id);
  if (Number.isNaN(date.getTime())) return id; // a link to a day that does not exist (2020-13-45)
  return new Intl.DateTimeFormat(locale, {
    timeZone: "UTC", day: "numeric", month: "long", year: year ? "numeric" : undefined, weekday: weekday ? "short" : undefined,
  }).format(date);
}

/** A puzzle's title and the date line under it: today's title names no day, so the date stands under
 * it; an earlier day's title names the day already, so no line repeats it (date null). */
export function puzzleHeading(id, isToday) {
  return isToday
    ? { title: t("pz.today"), date: formatDay(id, { weekday: true }) }
    : { title: t("pz.ofday", { date: formatDay(id) }), date: null };
}

/** mm:ss of whole seconds (rounded up while counting down). */
export function mmss(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** m:ss of a duration (rounded). */
export function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A time limit in words: whole minutes as minutes, anything else as seconds. */
export function limitLabel(seconds, { short = false } = {}) {
  const m = seconds / 60;
  if (Number.isInteger(m)) return t(short ? "pz.minutes" : "pz.minutes.long", { n: m });
  return t(short ? "pz.seconds.short" : "pz.seconds.long", { n: Math.round(seconds) });
}

// ---- the player's own best per puzzle, as far as this browser knows it ---------------------
const BEST_KEY = "spieltisch.puzzle.best";

export function localBest() {
  try {
    return JSON.parse(localStorage.getItem(BEST_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

export function rememberScore(puzzleId, score) {
  const best = localBest();
  if (best[puzzleId] === undefined || score > best[puzzleId]) {
    best[puzzleId] = score;
    try { localStorage.setItem(BEST_KEY, JSON.stringify(best)); } catch { /* storage full or off */ }
  }
}

/** The player's best from a puzzle's results lists, else null. */
export function bestOf(details, playerId) {
  const entry = (details?.best || []).find((e) => e.player === playerId);
  return entry ? entry.score : null;
}

// ---- the attempt table of this tab, to come back to it after a reload ---------------------
const TABLE_KEY = "spieltisch.puzzle.table";

export function rememberTable(puzzleId, tableId) {
  try { sessionStorage.setItem(`${TABLE_KEY}.${puzzleId}`, tableId); } catch { /* off */ }
}

export function rememberedTable(puzzleId) {
  try { return sessionStorage.getItem(`${TABLE_KEY}.${puzzleId}`); } catch { return null; }
}

export function forgetTable(puzzleId) {
  try { sessionStorage.removeItem(`${TABLE_KEY}.${puzzleId}`); } catch { /* off */ }
}

// ---- HTTP ---------------------------------------------------------------------------------
let indexPromise = null;

/** GET /api/puzzles (today and the archive), fetched once per page load and minute. */
export function puzzleIndex() {
  if (!indexPromise) {
    indexPromise = api("GET", "/api/puzzles").catch((err) => { indexPromise = null; throw err; });
    setTimeout(() => { indexPromise = null; }, 60_000);
  }
  return indexPromise;
}

export function puzzleDetails(id) {
  return api("GET", `/api/puzzles/${encodeURIComponent(id)}`);
}

// ---- line ends of a land the server did not describe (the optimum) ------------------------
const DIGIT = { vertical: 0, rising: 1, falling: 2 };

/**
 * Lines (as in the views: fields, direction, state, value, potential, points) for `land`
 * (19 codes or null), along the line definitions of `template` (any seat's view lines).
 */
export function linesOf(land, template) {
  return (template || []).map((line) => {
    const values = line.fields.map((f) => land[f - 1]).filter(Boolean).map((code) => Number(code[DIGIT[line.direction]]));
    const same = values.every((v) => v === values[0]);
    const full = values.length === line.fields.length;
    const value = values.length && same ? values[0] : null;
    const state = !same ? "broken" : full ? "complete" : "open";
    const worth = value ? value * line.fields.length : 0;
    return {
      fields: line.fields, direction: line.direction, state, value,
      potential: state === "open" ? worth : 0, points: state === "complete" ? worth : 0,
    };
  });
}
