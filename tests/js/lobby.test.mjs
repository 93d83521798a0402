// The lobby's list in the browser: the whole list once, then only what changed, in the server's order.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { LobbyTables } from "../../src/spieltisch/web/js/lobby-model.js";

/** @typedef {import("../../src/spieltisch/web/js/protocol.js").LobbyLine} LobbyLine */

/**
 * A lobby line.
 * @param {string} id
 * @param {LobbyLine["status"]} status
 * @param {number} created
 * @param {Partial<LobbyLine>} [extra]
 * @returns {LobbyLine}
 */
const line = (id, status, created, extra = {}) => ({
  id, game: "planahead", status, host: "Ann", seats: 3, taken: 1, players: ["Ann"], settings: {}, created, ...extra,
});

describe("the lobby's list", () => {
  test("nothing is known before the whole list, and changes before it are left out", () => {
    const lobby = new LobbyTables();
    assert.equal(lobby.known, false);
    assert.equal(lobby.take({ type: "lobby_changes", tables: [line("a", "open", 1)], gone: [] }), false);
    assert.deepEqual(lobby.list(), []);
    lobby.take({ type: "lobby", tables: [] });
    assert.equal(lobby.known, true);
    assert.deepEqual(lobby.list(), []);
  });

  test("open tables first, then running ones, newest first", () => {
    const lobby = new LobbyTables();
    lobby.take({ type: "lobby", tables: [line("old", "open", 1), line("run", "playing", 9), line("new", "open", 5)] });
    assert.deepEqual(lobby.list().map((t) => t.id), ["new", "old", "run"]);
  });

  test("a change replaces a line, adds one, and removes those gone", () => {
    const lobby = new LobbyTables();
    lobby.take({ type: "lobby", tables: [line("a", "open", 1), line("b", "open", 2)] });
    assert.equal(lobby.take({
      type: "lobby_changes",
      tables: [line("a", "playing", 1, { taken: 3 }), line("c", "open", 3)],
      gone: ["b"],
    }), true);
    assert.deepEqual(lobby.list().map((t) => [t.id, t.status, t.taken]), [["c", "open", 1], ["a", "playing", 3]]);
  });

  test("a new whole list (after a reconnect) replaces everything", () => {
    const lobby = new LobbyTables();
    lobby.take({ type: "lobby", tables: [line("a", "open", 1)] });
    lobby.take({ type: "lobby", tables: [line("z", "playing", 4)] });
    assert.deepEqual(lobby.list().map((t) => t.id), ["z"]);
  });

  test("the same order however the changes came", () => {
    const lines = Array.from({ length: 30 }, (_, i) => line(`t${i}`, i % 3 ? "open" : "playing", (i * 7) % 11));
    const once = new LobbyTables();
    once.take({ type: "lobby", tables: lines });
    const stepwise = new LobbyTables();
    stepwise.take({ type: "lobby", tables: [] });
    for (const l of [...lines].reverse()) stepwise.take({ type: "lobby_changes", tables: [l], gone: [] });
    assert.deepEqual(stepwise.list().map((t) => t.id), once.list().map((t) => t.id));
  });
});
