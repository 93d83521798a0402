// @ts-check
// A rematch that someone asked for, as the end of a game shows it: who is in, whether you are, and
// how long until it starts anyway (the server starts it once everyone present agrees, or when its
// countdown ends — nobody is thrown into a running clock while still reading the results).

/**
 * @typedef {object} RematchOffer
 * @property {boolean} youAgreed  you asked for it, or agreed
 * @property {string[]} names  who is in so far (their names at the table), in the order they asked
 * @property {number} seconds  whole seconds until it starts anyway (0 once due)
 */

/**
 * @param {{rematch?: {by: number[], at: number} | null, seats: {nickname?: string | null}[], you: number | null}} table
 * @param {number} now  seconds on the server's clock
 * @param {string} [yourName]  what your own entry in `names` says („dir“), instead of your nickname
 * @returns {RematchOffer | null}  null while nobody asked
 */
export function rematchOffer(table, now, yourName) {
  const rematch = table.rematch;
  if (!rematch) return null;
  return {
    youAgreed: table.you !== null && rematch.by.includes(table.you),
    names: rematch.by.map((seat) => (seat === table.you && yourName) || table.seats[seat]?.nickname || "?"),
    seconds: Math.max(0, Math.ceil(rematch.at - now)),
  };
}
