// The server's golden views (tests/golden, written by tests/server/test_golden_views.py) as the
// client reads them: every file parses, every one is type-checked (listed in golden-types.mjs, which
// tsc checks against web/js/protocol.js), and the string literals tsc cannot check in a JSON module
// (the message's type, a table's kind, status and phase) are ones the client knows.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { describe, test } from "node:test";

import { GOLDEN } from "./golden-types.mjs";

const folder = new URL("../golden/", import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();

const MESSAGE_TYPES = ["welcome", "renamed", "pong", "error", "lobby", "lobby_changes", "your_tables", "table"];
const KINDS = ["planahead", "puzzle", "speedgans", "speedgans_solo"];
const STATUSES = ["open", "playing", "finished"];
const PHASES = {
  planahead: ["playing", "finished"],
  puzzle: ["playing", "finished"],
  speedgans: ["reading", "building", "scored", "finished"],
  speedgans_solo: ["playing", "finished"],
};
const LOBBY_GAMES = ["planahead", "speedgans"];

describe("the golden views", () => {
  test("are there, and each is type-checked", () => {
    assert.ok(files.length >= 20, `only ${files.length} golden files`);
    assert.deepEqual(files.map((name) => name.replace(/\.json$/, "")).sort(), Object.keys(GOLDEN).sort());
  });

  for (const name of files) {
    test(`${name} parses, and its literals are the client's`, () => {
      const data = JSON.parse(readFileSync(new URL(name, folder), "utf8"));
      assert.deepEqual(data, GOLDEN[name.replace(/\.json$/, "")]);
      if (name.startsWith("replay-")) {
        assert.ok(["planahead", "puzzle", "speedgans"].includes(data.game), data.game);
        assert.ok(Array.isArray(data.frames) && data.frames.length > 0);
        return;
      }
      assert.ok(MESSAGE_TYPES.includes(data.type), data.type);
      if (data.type === "table") {
        const table = data.table;
        assert.ok(KINDS.includes(table.kind), table.kind);
        assert.ok(STATUSES.includes(table.status), table.status);
        if (table.game !== null) assert.ok(PHASES[table.kind].includes(table.game.phase), table.game.phase);
        else assert.ok(table.status === "open" || table.closed, "no game: an open table, or one closed before its game");
      }
      for (const line of data.type === "lobby" || data.type === "lobby_changes" || data.type === "your_tables" ? data.tables : []) {
        assert.ok(LOBBY_GAMES.includes(line.game), line.game);
        assert.ok(STATUSES.includes(line.status), line.status);
      }
    });
  }
});
