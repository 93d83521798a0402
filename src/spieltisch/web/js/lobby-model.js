// @ts-check
// The lobby's list as this browser knows it: the whole list once (`lobby`), then only what changed
// (`lobby_changes`: new or different lines, and the ids that left). DOM-free (node --test).

/** @typedef {import("./protocol.js").LobbyLine} LobbyLine */

/** The order the server keeps too: open tables first, then running ones, newest first. */
export function lobbyOrder(/** @type {LobbyLine} */ a, /** @type {LobbyLine} */ b) {
  const open = Number(a.status !== "open") - Number(b.status !== "open");
  if (open) return open;
  if (a.created !== b.created) return b.created - a.created;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export class LobbyTables {
  constructor() {
    /** @type {Map<string, LobbyLine> | null} null until the whole list came */
    this.lines = null;
  }

  /** Whether the whole list has come (before it, there is nothing to show). */
  get known() {
    return this.lines !== null;
  }

  /**
   * Take a `lobby` or `lobby_changes` message; whether the list changed. Changes before the whole
   * list (a reconnect's race) are left out: the whole list that follows has them.
   * @param {{type: string, tables?: LobbyLine[], gone?: string[]}} message
   */
  take(message) {
    if (message.type === "lobby") {
      this.lines = new Map((message.tables || []).map((line) => [line.id, line]));
      return true;
    }
    if (message.type !== "lobby_changes" || this.lines === null) return false;
    for (const id of message.gone || []) this.lines.delete(id);
    for (const line of message.tables || []) this.lines.set(line.id, line);
    return true;
  }

  /** @returns {LobbyLine[]} in the lobby's order */
  list() {
    return this.lines === null ? [] : [...this.lines.values()].sort(lobbyOrder);
  }
}
