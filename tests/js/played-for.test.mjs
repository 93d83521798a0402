// Who played a person's seat besides him (played-for.js, issue 32): the end dialog's and the replay's
// words for the server's `played_for` notes, and the marks of a stand-in's tiles and cities in a replay.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { setLang } from "../../src/spieltisch/web/js/i18n.js";
import { nameWithPlayedFor, playedForText, standInFields } from "../../src/spieltisch/web/js/played-for.js";
import { ReplayModel } from "../../src/spieltisch/web/js/replay/model.js";

describe("the words", () => {
  test("a stand-in from its first tile or round, the clock's count, both", () => {
    setLang("de");
    assert.equal(nameWithPlayedFor("Ben", { computer: [9, 10, 14, 15], clock: [], of: 19 }, "tile"), "Ben (Computer ab Kachel 9)");
    assert.equal(playedForText({ computer: [], clock: [2, 3, 4], of: 19 }, "tile"), "Uhr: 3 von 19 Kacheln");
    assert.equal(playedForText({ computer: [3, 2], clock: [], of: 4 }, "round"), "Computer ab Runde 2");
    assert.equal(playedForText({ computer: [5], clock: [1], of: 19 }, "tile"), "Computer ab Kachel 5, Uhr: 1 von 19 Kacheln");
    assert.equal(nameWithPlayedFor("Ann", null, "tile"), "Ann");
    setLang("en");
    assert.equal(nameWithPlayedFor("Ben", { computer: [9], clock: [], of: 19 }, "tile"), "Ben (computer from tile 9)");
    assert.equal(playedForText({ computer: [2], clock: [], of: 3 }, "round"), "computer from round 2");
    setLang("de");
  });

  test("a computer's own seat marks none of its tiles: every one is a computer's", () => {
    assert.deepEqual(standInFields({ computer_placed: [1, 5] }, false), [1, 5]);
    assert.deepEqual(standInFields({ computer_placed: [1, 5] }, true), []);
    assert.deepEqual(standInFields({}, false), []);
  });
});

describe("the replay", () => {
  /** @type {import("../../src/spieltisch/web/js/protocol.js").ReplayPlayer[]} */
  const players = [
    { player: "p_ann", nickname: "Ann", bot: null },
    { player: "p_ben", nickname: "Ben", bot: null },
    { player: null, nickname: "Clara", bot: "medium" },
  ];

  test("Plan Ahead: the stand-in's tiles marked on every frame, the note on the last", () => {
    const seat = (land, computer) => ({ land, score: 0, clock_placed: [], computer_placed: computer });
    const m = new ReplayModel({
      id: "abcdef-000000000000", game: "planahead", table: "abcdef", settings: { seats: 3 }, players,
      started_at: "2026-12-01T09:00:00+00:00", seconds: 20,
      frames: [
        { turn: 0, tile: "128", at: 1, seats: [seat(". . . . . . . 128 . . . . . . . . . . .", []), seat("128 . . . . . . . . . . . . . . . . . .", []), seat(". 128 . . . . . . . . . . . . . . . . .", [2])] },
        { turn: 1, tile: "124", at: 2, seats: [seat(". . . . . . . 128 124 . . . . . . . . . .", []), seat("128 124 . . . . . . . . . . . . . . . . .", [2]), seat(". 128 124 . . . . . . . . . . . . . . . .", [2, 3])] },
      ],
      final: { scores: [0, 0, 0], ranking: [1, 1, 1], played_for: [null, { computer: [2], clock: [], of: 2, mostly: false }, null] },
    });
    assert.deepEqual(m.lands().map((l) => l.computerPlaced), [[], [], []]);
    assert.deepEqual(m.lands().map((l) => l.note), ["", "", ""]);
    m.go("last");
    assert.deepEqual(m.lands().map((l) => l.computerPlaced), [[], [2], []]); // Clara's own tiles: no mark
    assert.deepEqual(m.lands().map((l) => l.note), ["", "Computer ab Kachel 2", ""]);
  });

  test("Speedgans: a city a computer built for a person is marked, and the final list says it", () => {
    const m = new ReplayModel({
      id: "abcdef-000000000001", game: "speedgans", table: "abcdef", settings: { seats: 3 }, players,
      started_at: "2026-12-01T09:00:00+00:00", seconds: 20,
      frames: [{ round: 1, tasks: [], computer: [1, 2], scored: null, events: [{ at: 0.5, seat: 1, city: "4b0 . . . . . . . ." }] }],
      final: { points: [3, 1, 2], ranking: [1, 3, 2], played_for: [null, { computer: [1], clock: [], of: 1, mostly: true }, null] },
    });
    assert.deepEqual(m.cities().map((c) => c.byComputer), [false, true, false]);
    m.go("last");
    const final = m.finalStandings();
    assert.ok(final);
    assert.deepEqual(final.rows.map((r) => [r.name, r.note]), [["Ann", ""], ["Clara", ""], ["Ben", "Computer ab Runde 1"]]);
  });
});
