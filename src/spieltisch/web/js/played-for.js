// @ts-check
// Who played a person's seat besides him (issue 32): the server's `played_for` note per seat — the
// turns (tile numbers in Plan Ahead, rounds in Speedgans) that a computer standing in for him or the
// turn clock made — worded for the end of a game, the replay and the player page. DOM-free.

import { addStrings, t } from "./i18n.js";

addStrings("de", {
  "played.computer.tile": "Computer ab Kachel {n}",
  "played.computer.round": "Computer ab Runde {n}",
  "played.clock": "Uhr: {n} von {of} Kacheln",
  "played.mostly": "keine Listenpunkte",
  "played.mostly.title": "Mehr als die Hälfte hat der Computer oder die Uhr gespielt: keine Punkte für die Bestenliste.",
  "played.mark": "Vom Computer gelegt",
  "played.city": "Vom Computer gebaut",
});

addStrings("en", {
  "played.computer.tile": "computer from tile {n}",
  "played.computer.round": "computer from round {n}",
  "played.clock": "clock: {n} of {of} tiles",
  "played.mostly": "no list points",
  "played.mostly.title": "The computer or the clock played more than half of it: no leaderboard points.",
  "played.mark": "Laid by the computer",
  "played.city": "Built by the computer",
});

/**
 * @typedef {object} PlayedFor  the server's note for one seat (null: played by the person alone)
 * @property {number[]} computer  turns a computer made for the person
 * @property {number[]} clock  turns the clock made for him
 * @property {number} of  his turns in all
 * @property {boolean} [mostly]  more than half: no list points
 */

/**
 * „Computer ab Kachel 9“, „Uhr: 18 von 19 Kacheln“, „Computer ab Runde 2“ (both when both played);
 * "" for a seat the person played alone.
 * @param {PlayedFor | null | undefined} note
 * @param {"tile" | "round"} unit
 * @returns {string}
 */
export function playedForText(note, unit) {
  if (!note) return "";
  const parts = [];
  if (note.computer.length) parts.push(t(`played.computer.${unit}`, { n: Math.min(...note.computer) }));
  if (note.clock.length) parts.push(t("played.clock", { n: note.clock.length, of: note.of }));
  return parts.join(", ");
}

/**
 * A name with its note: „Ben (Computer ab Kachel 9)“.
 * @param {string} name
 * @param {PlayedFor | null | undefined} note
 * @param {"tile" | "round"} unit
 */
export function nameWithPlayedFor(name, note, unit) {
  const text = playedForText(note, unit);
  return text ? `${name} (${text})` : name;
}

/**
 * The fields of a land a computer fixed for a person (none for a computer's own seat, whose every
 * tile is a computer's): what the board marks.
 * @param {{computer_placed?: number[]}} entry
 * @param {boolean} isComputer  the seat is a computer's
 * @returns {number[]}
 */
export function standInFields(entry, isComputer) {
  return isComputer ? [] : (entry.computer_placed ?? []);
}
