// @ts-check
// A player's page without the page: its path, the streak's last days, the recent games, bests and the
// charts' data as the page words them. The server's answer is GET /api/players/<id>/history
// (docs/history.md, "A player's page"); it counts and ranks, this only arranges and words.

import "./strings.js";
import "../puzzle/strings.js";
import "../speedgans/strings.js";
import "../speedgans/solo-strings.js";
import { getLang, t } from "../i18n.js";
import { formatShare } from "../puzzle/format.js";
import { formatPoints } from "../speedgans/solo-lists.js";
import { playedForText } from "../played-for.js";

/** How many days the streak's strip shows (today the last). */
export const STRIP_DAYS = 14;
/** The Rätsel chart spans at least this many days (a new player's few attempts are not one wide bar). */
export const LEAST_DAYS = 14;
/** ...and at most these (the server sends the last 60). */
export const MOST_DAYS = 60;

const PLAYER_ID = /^p_[0-9a-f]{16}$/;

/**
 * @typedef {object} Recent  one of GET /api/players/<id>/history's "recent"
 * @property {"planahead" | "speedgans" | "puzzle" | "record" | "daily"} kind
 * @property {string} at  ISO moment
 * @property {string | null} [day]  a Rätsel's or Tagesstadt's day
 * @property {number | null} [score]  Plan Ahead, Rätsel
 * @property {number | null} [optimum]  Rätsel
 * @property {number | null} [share]  Rätsel
 * @property {number | null} [points]  Speedgans (a table's points, a solo run's)
 * @property {number | null} [seconds]
 * @property {boolean} [first_attempt]
 * @property {boolean} [left]  the player left a table game before its end
 * @property {import("../played-for.js").PlayedFor} [played_for]  what a computer standing in or the clock played for him
 * @property {number | null} place
 * @property {number | null} of
 * @property {string | null} game_id  set where the game has a replay
 * @property {{number: number, of: number, total?: number, place?: number}} [match]  a game of a match
 *   (its last: the match's total and place)
 */
/**
 * @typedef {object} History
 * @property {{id: string, nickname: string}} player
 * @property {string} today
 * @property {Record<string, number>} counts
 * @property {{current: number, longest: number}} streak
 * @property {string[]} days
 * @property {Recent[]} recent
 * @property {{puzzle: {share: number, score: number, optimum: number, day: string} | null, record: {points: number, at: string} | null, daily: {points: number, day: string} | null, planahead?: {best: number, average: number, games: number, wins: number} | null}} bests
 * @property {{day: string, score: number, optimum: number, share: number}[]} puzzle_days
 * @property {{games: number, groups: {group: string, share: number | null, count: number, tasks: {id: string, share: number | null, count: number}[]}[]}} task_groups
 */

/**
 * The player of a path: "/spieler/p_…" → {id}; any other path null. An id that is none is the page's
 * to refuse (`looksLikePlayer`).
 * @param {string} path
 */
export function playerPath(path) {
  const match = path.match(/^\/spieler\/([^/]+)\/?$/);
  return match ? { id: decodeURIComponent(match[1]) } : null;
}

/** @param {string} id */
export function looksLikePlayer(id) {
  return PLAYER_ID.test(id);
}

/** @param {string} id */
export function playerHref(id) {
  return `/spieler/${encodeURIComponent(id)}`;
}

/**
 * A day `delta` days from `day` (ISO dates, no time zone in between).
 * @param {string} day
 * @param {number} delta
 */
export function shiftDay(day, delta) {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

function locale() {
  return getLang() === "en" ? "en-GB" : "de-DE";
}

/**
 * A day, short: "10. Dez." / "10 Dec" (with the year when it is not this one's).
 * @param {string} day
 * @param {{year?: boolean, weekday?: boolean}} [options]
 */
export function shortDay(day, { year = false, weekday = false } = {}) {
  return new Intl.DateTimeFormat(locale(), {
    timeZone: "UTC", day: "numeric", month: "short", year: year ? "numeric" : undefined, weekday: weekday ? "short" : undefined,
  }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * The day a moment falls on in the players' home time zone (as the Rätsel's and Tagesstadt's days).
 * @param {string} iso
 */
export function berlinDay(iso) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
}

/**
 * When a game ended, in the page's time zone: "10. Dez., 14:03" / "10 Dec, 14:03".
 * @param {string} iso
 * @param {string} [timeZone]  the browser's by default
 */
export function formatWhen(iso, timeZone = undefined) {
  return new Intl.DateTimeFormat(locale(), { timeZone, day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

/**
 * The streak as the page shows it: the current and longest run, a line on today, and the last days
 * (oldest first), each played or not.
 * @param {History["streak"]} streak
 * @param {string[]} days  days played (the server's last 60)
 * @param {string} today
 * @param {number} [n]
 */
export function streakView(streak, days, today, n = STRIP_DAYS) {
  const played = new Set(days);
  const strip = Array.from({ length: n }, (_, i) => {
    const day = shiftDay(today, i - n + 1);
    return { day, played: played.has(day), today: day === today };
  });
  const note = played.has(today) ? "player.streak.today" : streak.current > 0 ? "player.streak.keep" : "player.streak.start";
  return { current: streak.current, longest: streak.longest, note, strip };
}

/**
 * "3 Tage in Folge" / "1 Tag" / "keine".
 * @param {number} n
 */
export function daysText(n) {
  return n === 0 ? t("player.streak.zero") : n === 1 ? t("player.streak.day") : t("player.streak.days", { n });
}

/**
 * "7 Tage" / "1 Tag" / "keine" (the longest streak).
 * @param {number} n
 */
export function dayCount(n) {
  return n === 0 ? t("player.streak.zero") : n === 1 ? t("player.streak.day") : t("player.days", { n });
}

/**
 * A recent game as a row of the page: what it was, the own result, the place, when, and where its
 * replay (or its day's list) is.
 * @param {Recent} entry
 */
export function gameRow(entry) {
  const kind = entry.kind;
  let result = "";
  if (kind === "puzzle") {
    result = t("player.result.puzzle", { score: entry.score ?? 0, optimum: entry.optimum ?? 0, share: formatShare(entry.share ?? 0) });
  } else if (kind === "planahead") {
    result = t("player.result.score", { n: entry.score ?? 0 });
  } else if (kind === "speedgans") {
    result = t("player.result.score", { n: entry.points ?? 0 });
  } else {
    result = t("solo.points", { points: formatPoints(entry.points ?? 0) });
  }
  let place = null;
  if (entry.left) place = t("player.left"); // a computer played the rest for him
  else if (entry.place && entry.of) place = t("player.place", { place: entry.place, of: entry.of });
  else if ((kind === "puzzle" || kind === "daily") && entry.first_attempt === false) place = t("player.retry");
  else if (kind === "puzzle" || kind === "daily") place = t("player.unranked");
  const ofDay = entry.day && (kind === "puzzle" || kind === "daily") ? entry.day : null;
  return {
    kind,
    name: t(`player.kind.${kind}`),
    // A Rätsel or Tagesstadt of an earlier day (from the archive) says which; its name leads to its day.
    day: ofDay && ofDay !== berlinDay(entry.at) ? t("player.ofday", { day: shortDay(ofDay) }) : null,
    dayHref: ofDay ? (kind === "puzzle" ? `/puzzle/${ofDay}` : `/tagesstadt/${ofDay}`) : null,
    result,
    place,
    won: entry.place === 1 && (entry.of ?? 0) > 1,
    // „Computer ab Kachel 9“: who else played his seat; a Speedgans game mostly played for him earned no list points
    standIn: playedForText(entry.played_for, kind === "speedgans" ? "round" : "tile"),
    noListPoints: kind === "speedgans" && Boolean(entry.played_for?.mostly),
    // „Spiel 2 von 3“; after a match's last game its total and place
    match: entry.match
      ? [t("match.number", { number: entry.match.number, of: entry.match.of }),
        entry.match.total !== undefined ? t("match.result", { total: entry.match.total, place: entry.match.place ?? 0 }) : null]
        .filter(Boolean).join(" · ")
      : null,
    when: formatWhen(entry.at),
    replay: entry.game_id ? `/replay/${encodeURIComponent(entry.game_id)}` : null,
  };
}

/**
 * The bests as cards: each with its value in words and a note, or "noch keiner".
 * @param {History["bests"]} bests
 */
export function bestCards(bests) {
  const puzzle = bests.puzzle;
  const record = bests.record;
  const daily = bests.daily;
  const planahead = bests.planahead ?? null;
  const count = (key, n) => t(n === 1 ? `${key}.one` : key, { n });
  return [
    {
      key: "puzzle", label: t("player.best.puzzle"), what: t("player.best.puzzle.what"),
      value: puzzle ? formatShare(puzzle.share) : null,
      note: puzzle ? t("player.best.puzzle.note", { score: puzzle.score, optimum: puzzle.optimum, day: shortDay(puzzle.day, { year: true }) }) : null,
      href: puzzle ? `/puzzle/${puzzle.day}` : "/puzzle",
    },
    {
      key: "record", label: t("player.best.record"), what: null,
      value: record ? t("solo.points", { points: formatPoints(record.points) }) : null,
      note: record ? t("player.best.record.note", { day: shortDay(record.at.slice(0, 10), { year: true }) }) : null,
      href: null,
    },
    {
      key: "daily", label: t("player.best.daily"), what: null,
      value: daily ? t("solo.points", { points: formatPoints(daily.points) }) : null,
      note: daily ? t("player.best.daily.note", { day: shortDay(daily.day, { year: true }) }) : null,
      href: daily ? `/tagesstadt/${daily.day}` : "/tagesstadt",
    },
    {
      key: "planahead", label: t("player.best.planahead"), what: t("player.best.planahead.what"),
      value: planahead ? t("player.result.score", { n: planahead.best }) : null,
      note: planahead ? t("player.best.planahead.note", {
        average: formatPoints(planahead.average), games: count("player.games", planahead.games), wins: count("player.wins", planahead.wins),
      }) : null,
      href: null,
    },
  ];
}

/**
 * The Rätsel chart's days: from the first day with a first attempt (at most 60 days back, at least
 * 14 days shown) to today, each with its share or null.
 * @param {History["puzzle_days"]} puzzleDays
 * @param {string} today
 */
export function shareSlots(puzzleDays, today) {
  const byDay = new Map(puzzleDays.map((d) => [d.day, d]));
  const earliest = puzzleDays.length ? puzzleDays[0].day : today;
  let span = Math.round((Date.parse(`${today}T12:00:00Z`) - Date.parse(`${earliest}T12:00:00Z`)) / 86_400_000) + 1;
  span = Math.min(MOST_DAYS, Math.max(LEAST_DAYS, span));
  return Array.from({ length: span }, (_, i) => {
    const day = shiftDay(today, i - span + 1);
    const found = byDay.get(day);
    return { day, share: found ? found.share : null, score: found?.score ?? null, optimum: found?.optimum ?? null };
  });
}

/**
 * The Rätsel chart's summary: how many, the mean and the best share, in words.
 * @param {History["puzzle_days"]} puzzleDays
 */
export function shareSummary(puzzleDays) {
  if (!puzzleDays.length) return t("player.puzzle.empty");
  const shares = puzzleDays.map((d) => d.share);
  const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
  if (shares.length === 1) return t("player.puzzle.desc.one", { best: formatShare(shares[0]) });
  return t("player.puzzle.desc", { n: shares.length, mean: formatShare(mean), best: formatShare(Math.max(...shares)) });
}

/**
 * The task groups as the page names them, with the strongest and weakest in words (of those played).
 * @param {History["task_groups"]} taskGroups
 */
export function groupRows(taskGroups) {
  const rows = taskGroups.groups.map((g) => ({
    group: g.group, name: t(`solo.group.${g.group}`), share: g.share, count: g.count,
    tasks: g.tasks.map((task) => ({ ...task, name: t(`sg.task.${task.id}`) })),
  }));
  const played = rows.filter((r) => r.share !== null);
  let summary = t("player.groups.empty");
  if (played.length) {
    const sorted = [...played].sort((a, b) => /** @type {number} */ (b.share) - /** @type {number} */ (a.share));
    const best = sorted[0];
    const worst = sorted[sorted.length - 1];
    // (One group played, or all alike: none is the strongest, none the weakest.)
    summary = best.share === worst.share
      ? t("player.groups.even", { share: formatShare(best.share ?? 0) })
      : t("player.groups.desc", {
        best: best.name, bestShare: formatShare(best.share ?? 0), worst: worst.name, worstShare: formatShare(worst.share ?? 0),
      });
  }
  return { rows, summary, games: taskGroups.games };
}

/**
 * The counts line: "12 Spiele und Versuche" / "1 Spiel" / "Noch kein Spiel beendet."
 * @param {Record<string, number>} counts
 */
export function countsText(counts) {
  const n = Object.values(counts).reduce((a, b) => a + b, 0);
  return n === 0 ? t("player.counts.none") : n === 1 ? t("player.counts.one") : t("player.counts", { n });
}
