// What the puzzle screens keep and fetch: the player's own best per puzzle (this browser's memory),
// the attempt table of this tab, and the puzzles' index and details from the server.

import { api } from "../net.js";

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
