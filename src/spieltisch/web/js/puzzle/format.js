// @ts-check
// How the puzzle words its days, time limits and shares, in the page's language.

import "./strings.js";
import { getLang, t } from "../i18n.js";

function locale() {
  return getLang() === "en" ? "en-GB" : "de-DE";
}

/**
 * "2026-11-29" → a Date at noon UTC (no time-zone surprises when formatting the day).
 * @param {string} id
 */
function dayDate(id) {
  return new Date(`${id}T12:00:00Z`);
}

/**
 * Long form: "29. November 2026" / "29 November 2026" (weekday: "So., 29. November 2026").
 * @param {string} id  YYYY-MM-DD
 * @param {{weekday?: boolean, year?: boolean}} [options]
 */
export function formatDay(id, { weekday = false, year = true } = {}) {
  const date = dayDate(id);
  if (Number.isNaN(date.getTime())) return id; // a link to a day that does not exist (2020-13-45)
  return new Intl.DateTimeFormat(locale(), {
    timeZone: "UTC", day: "numeric", month: "long", year: year ? "numeric" : undefined, weekday: weekday ? "short" : undefined,
  }).format(date);
}

/**
 * A puzzle's title and the date line under it: today's title names no day, so the date stands under
 * it; an earlier day's title names the day already, so no line repeats it (date null).
 * @param {string} id
 * @param {boolean} isToday
 * @returns {{title: string, date: string | null}}
 */
export function puzzleHeading(id, isToday) {
  return isToday
    ? { title: t("pz.today"), date: formatDay(id, { weekday: true }) }
    : { title: t("pz.ofday", { date: formatDay(id) }), date: null };
}

/**
 * A time limit in words: whole minutes as minutes, anything else as seconds.
 * @param {number} seconds
 * @param {{short?: boolean}} [options]
 */
export function limitLabel(seconds, { short = false } = {}) {
  const m = seconds / 60;
  if (Number.isInteger(m)) return t(short ? "pz.minutes" : "pz.minutes.long", { n: m });
  return t(short ? "pz.seconds.short" : "pz.seconds.long", { n: Math.round(seconds) });
}

/**
 * "87 %" / "87%"; never 100 % for a result below the optimum.
 * @param {number} share  0..1
 */
export function formatShare(share) {
  const shown = share < 1 ? Math.floor(share * 100) / 100 : 1;
  return new Intl.NumberFormat(locale(), { style: "percent", maximumFractionDigits: 0 }).format(shown);
}
