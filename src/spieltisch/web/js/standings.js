// @ts-check
// Places and their order: the ranking at the end of a game (both games) and the places of a results
// list. The server decides the places; this only orders and words them.

import { t } from "./i18n.js";

/**
 * @typedef {object} Standing  one seat at the end of a game
 * @property {number} seat
 * @property {string} name
 * @property {number} score
 * @property {number | null} place  null when the server sent no ranking
 * @property {boolean} you
 * @property {string | null} bot  a computer's level ("easy", "medium", "strong"), null for a person
 * @property {number} [gameScore]  a match's last game: the game's own points (`score` the match's)
 */

/**
 * The seats in the order of their places (equal places: more points first, then seat order) and the
 * winners (place 1).
 * @param {{name: string, score: number, bot?: string | null}[]} seats  per seat index (bot: a computer's level)
 * @param {(number | null)[] | null | undefined} ranking  the server's places per seat
 * @param {number | null} you  the own seat, null when watching
 * @returns {{rows: Standing[], winners: Standing[]}}
 */
export function standings(seats, ranking, you) {
  const rows = seats.map((s, seat) => ({
    seat, name: s.name, score: s.score, place: ranking?.[seat] ?? null, you: seat === you, bot: s.bot ?? null,
  }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || b.score - a.score);
  return { rows, winners: rows.filter((s) => s.place === 1) };
}

/**
 * The end dialog's headline: "Anna gewinnt!" or "Gleichstand: Anna, Ben"; of a game of a match that
 * is not its last (`game`: its number), "Anna gewinnt Spiel 1!": the match is not won yet.
 * @param {Standing[]} winners
 * @param {number | null} [game]
 * @returns {string}
 */
export function headline(winners, game = null) {
  const of = game === null ? "" : ".game";
  return winners.length > 1
    ? t(`end.tie${of}`, { names: winners.map((s) => s.name).join(", "), n: game ?? "" })
    : t(`end.wins${of}`, { name: winners[0]?.name ?? "", n: game ?? "" });
}

/**
 * Places of a results list sorted by the server: entries equal in `key` share the place of the first.
 * @template T
 * @param {T[]} entries
 * @param {(entry: T) => string} key
 * @returns {number[]}
 */
export function sharedPlaces(entries, key) {
  let place = 0;
  /** @type {string | null} */
  let prev = null;
  return entries.map((e, i) => {
    const k = key(e);
    if (k !== prev) place = i + 1;
    prev = k;
    return place;
  });
}
