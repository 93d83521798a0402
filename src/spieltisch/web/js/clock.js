// @ts-check
// How every clock of the client reads, on every screen (tables, Rätsel, solo runs, lists): minutes
// and seconds, "2:05" — never "02:05".

/**
 * A number of seconds as "m:ss". A clock counting down rounds a started second up (it shows 0:00
 * only when the time is over); a duration that was taken rounds to the nearest second.
 * @param {number} seconds
 * @param {{round?: "up" | "nearest"}} [options]
 * @returns {string}
 */
export function formatClock(seconds, { round = "up" } = {}) {
  const s = Math.max(0, round === "up" ? Math.ceil(seconds) : Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
