// @ts-check
// Who is away from a running game, and what happens to the seat, without the page: a person who
// closed the tab is waited for a short grace time (the server names when a computer takes over,
// stand_in_at on its clock); then a computer plays the seat until the person returns. A person who
// left the game is skipped. Both game screens draw this through presence.js.

import { formatClock } from "./clock.js";
import { t } from "./i18n.js";
import "./presence-strings.js";

/** @typedef {import("./protocol.js").Table<any>} TableView */

/**
 * @typedef {object} Absence  one person who is not at the table
 * @property {number} seat
 * @property {string} name
 * @property {"waiting" | "computer" | "away" | "left"} state
 *   waiting: a computer takes over in `seconds`; computer: one plays the seat now; away: nobody will
 *   play it (no one else is there, or the game has no computers); left: the game goes on without it
 * @property {number} seconds  until the computer takes over (waiting), else 0
 * @property {boolean} canHandOver  the viewer (the host) may let a computer play the seat now
 */

/**
 * The people away from a running game, in seat order (none when the game is not running).
 * @param {TableView | null} table
 * @param {number} serverNow  seconds on the server's clock
 * @param {boolean} isHost  whether the viewer is the table's host
 * @returns {Absence[]}
 */
export function absences(table, serverNow, isHost) {
  if (!table || table.status !== "playing") return [];
  /** @type {Absence[]} */
  const out = [];
  table.seats.forEach((seat, i) => {
    if (!seat || !seat.player || seat.bot) return;
    if (seat.connected && !seat.left) return;
    const name = seat.nickname || t("table.seat", { n: i + 1 });
    const at = seat.stand_in_at ?? null;
    /** @type {Absence["state"]} */
    let state;
    let seconds = 0;
    if (seat.left) state = "left";
    else if (at === null) state = "away";
    else if (at > serverNow) {
      state = "waiting";
      seconds = at - serverNow;
    } else state = "computer";
    out.push({ seat: i, name, state, seconds, canHandOver: isHost && state === "waiting" });
  });
  return out;
}

/**
 * What the presence line says of one absent person: "Ann ist weg – Computer übernimmt in 0:23".
 * @param {Absence} absence
 * @returns {string}
 */
export function absenceText(absence) {
  const name = absence.name;
  switch (absence.state) {
    case "waiting":
      return t("presence.waiting", { name, time: formatClock(absence.seconds) });
    case "computer":
      return t("presence.computer", { name });
    case "left":
      return t("presence.left", { name });
    default:
      return t("presence.away", { name });
  }
}

/**
 * The tooltip of an absent person's name in the scores (the struck-through name), or "".
 * @param {Absence | undefined} absence
 * @returns {string}
 */
export function absenceTitle(absence) {
  return absence ? absenceText(absence) : "";
}
