// @ts-check
// How every clock of the client reads: minutes and seconds, "2:05".

/**
 * A number of seconds as "m:ss". A clock counting down rounds a started second up (it shows 0:00
 * only when the time is over); a duration that was taken rounds to the nearest second.
 * @param {number} seconds
 * @param {{round?: "up" | "nearest", minuteDigits?: number}} [options]
 *   minuteDigits 2 pads the minutes ("03:00", the puzzle's clock).
 * @returns {string}
 */
export function formatClock(seconds, { round = "up", minuteDigits = 1 } = {}) {
  const s = Math.max(0, round === "up" ? Math.ceil(seconds) : Math.round(seconds));
  return `${String(Math.floor(s / 60)).padStart(minuteDigits, "0")}:${String(s % 60).padStart(2, "0")}`;
}
