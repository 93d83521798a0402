// A finished game's replay without the page (replay/model.js): stepping tile by tile or change by
// change, playing and pausing, the keys, what each step shows (lands, cities, place markers, the line
// under the board), in both languages. The fixtures are shaped as GET /api/replays/<id> answers
// (docs/history.md), copied from real games and cut short.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { setLang } from "../../src/spieltisch/web/js/i18n.js";
import { KEYS, ReplayModel } from "../../src/spieltisch/web/js/replay/model.js";

/** @import * as P from "../../src/spieltisch/web/js/protocol.js" */

const EMPTY = ". . . . . . . . . . . . . . . . . . .";

/**
 * A Plan Ahead game of two (a person and a computer) cut to three tiles.
 * @returns {P.Replay}
 */
function planAhead() {
  return {
    id: "ta4fjh-ae4db51c0c1a", game: "planahead", table: "ta4fjh",
    settings: { seats: 2, turn_seconds: null, bot_pace: "brisk" },
    players: [{ player: "p_ann", nickname: "Ann", bot: null }, { player: null, nickname: "Clara", bot: "medium" }],
    started_at: "2026-12-01T09:17:39.041627+00:00", seconds: 83.4,
    frames: [
      { turn: 0, tile: "128", at: 4.2, seats: [
        { land: ". . . . . . . 128 . . . . . . . . . . .", score: 0, clock_placed: [] },
        { land: ". . . 128 . . . . . . . . . . . . . . .", score: 0, clock_placed: [] }] },
      { turn: 1, tile: "124", at: 9.9, seats: [
        { land: ". . . . . . . 128 . . . . 124 . . . . . .", score: 0, clock_placed: [] },
        { land: "124 . . 128 . . . . . . . . . . . . . . .", score: 0, clock_placed: [3] }] },
      { turn: 2, tile: "178", at: 15.5, seats: [
        { land: ". . . . . . . 128 . . . . 124 . . . 178 . .", score: 3, clock_placed: [] },
        { land: "124 . . 128 . . . 178 . . . . . . . . . . .", score: 3, clock_placed: [3] }] },
    ],
    final: { scores: [3, 3], ranking: [1, 1] },
  };
}

/**
 * A Speedgans game of two, cut to its first round and a second one without changes.
 * @returns {P.Replay}
 */
function speedgans() {
  /** @type {P.SpeedgansGame} */
  const scored = {
    phase: "scored", round: 1, target: 6,
    tasks: [{ id: "H6", name: "Ruhiges Viertel", star: true, lower_is_better: false, best: 10, worst: 0 }],
    seats: [
      { points: 2, round_points: 2, tiles: 9, done: true, marker: 1, city: "1b0 4b0 6a2 9b0 2a0 3a1 5a0 8a0 7b0", report: { valid: true, problems: [], tasks: { H6: 10 } } },
      { points: 1, round_points: 1, tiles: 9, done: true, marker: 2, city: "4b0 1b3 5a3 8a0 2a1 9a3 6a1 3a1 7a0", report: { valid: true, problems: [], tasks: { H6: 8 } } },
    ],
    results: { tasks: { H6: [{ seat: 0, value: 10, rank: 1, points: 2 }, { seat: 1, value: 8, rank: 2, points: 1 }] }, scored: [0, 1] },
    musterstadt: { city: "1b0 4b0 6a2 9b0 2a0 3a1 5a0 8a0 7b0", tasks: { H6: 10 } },
    ranking: null,
  };
  return {
    id: "hfetqx-9c5737980959", game: "speedgans", table: "hfetqx",
    settings: { seats: 2, one_task: true, target: "short" },
    players: [{ player: "p_sina", nickname: "Sina", bot: null }, { player: null, nickname: "Auguste", bot: "easy" }],
    started_at: "2026-12-01T09:17:40.809214+00:00", seconds: 18.2,
    frames: [
      { round: 1, tasks: scored.tasks, scored, events: [
        { at: 0.4, seat: 0, city: "1b0 4b0 6a2 . . . . . ." },
        { at: 0.8, seat: 1, city: "4b0 . . . . . . . ." },
        { at: 1.2, seat: 0, city: "1b0 4b0 6a2 9b0 2a0 3a1 5a0 8a0 7b0" },
        { at: 1.6, seat: 0, done: 1 },
        { at: 3.3, seat: 1, city: "4b0 1b3 5a3 8a0 2a1 9a3 6a1 3a1 7a0" },
        { at: 3.3, seat: 1, done: 2 },
      ] },
      { round: 2, tasks: [{ id: "H3", name: "Häuserzeilen", star: false, lower_is_better: false, best: 3, worst: 0 }],
        events: [{ at: 2.0, seat: 1, left: true }], scored: { ...scored, round: 2, phase: "finished" } },
    ],
    final: { points: [6, 3], ranking: [1, 2] },
  };
}

describe("Plan Ahead: tile by tile", () => {
  test("a step per tile, from the first; the counter says which tile", () => {
    const m = new ReplayModel(planAhead());
    assert.equal(m.kind, "tiles");
    assert.equal(m.count, 3);
    assert.equal(m.index, 0);
    assert.equal(m.counterText(), "Kachel 1 von 3");
    assert.ok(m.atStart && !m.atEnd);
  });

  test("every land as it was after the step's tile, with its score and where the tile went", () => {
    const m = new ReplayModel(planAhead());
    m.go("next");
    const [ann, clara] = m.lands();
    assert.equal(ann.name, "Ann");
    assert.equal(clara.bot, "medium");
    assert.equal(ann.land.filter(Boolean).length, 2);
    assert.equal(ann.field, 13); // tile 124 went to field 13 of Ann's land …
    assert.equal(clara.field, 1); // … and to field 1 of Clara's
    assert.deepEqual(clara.clockPlaced, [3]);
    assert.equal(ann.place, null); // places only at the end
    m.go("last");
    assert.deepEqual(m.lands().map((l) => [l.score, l.place]), [[3, 1], [3, 1]]);
  });

  test("the game's time at the step", () => {
    const m = new ReplayModel(planAhead());
    m.go("last");
    assert.equal(m.timeText(), "nach 0:16");
  });

  test("a Rätsel: one land", () => {
    /** @type {P.Replay} */
    const replay = { ...planAhead(), game: "puzzle", settings: { puzzle: "2026-12-01" } };
    replay.players = replay.players.slice(0, 1);
    replay.frames = replay.frames.map((f) => ({ ...f, seats: /** @type {P.TileFrame} */ (f).seats.slice(0, 1) }));
    const m = new ReplayModel(replay);
    assert.equal(m.kind, "tiles");
    assert.equal(m.lands().length, 1);
    m.go("last");
    assert.equal(m.lands()[0].place, null); // alone: no place to name
  });

  test("this browser's player's seat is marked", () => {
    const m = new ReplayModel(planAhead(), { me: "p_ann" });
    assert.equal(m.you, 0);
    assert.deepEqual(m.lands().map((l) => l.you), [true, false]);
    assert.equal(new ReplayModel(planAhead(), { me: "p_other" }).you, null);
  });

  test("a game in which no tile was laid has no step to show", () => {
    const m = new ReplayModel({ ...planAhead(), frames: [] });
    assert.equal(m.count, 0);
    assert.deepEqual(m.lands(), []);
    assert.equal(m.counterText(), "In dieser Partie wurde nichts gelegt.");
    assert.equal(m.timeText(), "");
    assert.equal(m.toggle(), true);
    assert.equal(m.playing, false);
    const sg = new ReplayModel({ ...speedgans(), frames: [] });
    assert.equal(sg.count, 0);
    assert.equal(sg.eventText(), "");
    assert.deepEqual(sg.cities().map((c) => c.tiles), [0, 0]);
  });

  test("an empty land reads as empty", () => {
    const replay = planAhead();
    /** @type {P.TileFrame} */ (replay.frames[0]).seats[0].land = EMPTY;
    assert.equal(new ReplayModel(replay).lands()[0].field, null);
  });
});

describe("stepping, playing, keys", () => {
  test("buttons: never past either end", () => {
    const m = new ReplayModel(planAhead());
    assert.equal(m.go("prev"), false);
    assert.equal(m.go("next"), true);
    assert.equal(m.index, 1);
    assert.equal(m.go("last"), true);
    assert.equal(m.go("next"), false);
    assert.equal(m.index, 2);
    assert.equal(m.go("first"), true);
    assert.equal(m.index, 0);
  });

  test("the slider: any step, kept inside the game", () => {
    const m = new ReplayModel(planAhead());
    assert.equal(m.seek(2), true);
    assert.equal(m.seek(99), false);
    assert.equal(m.index, 2);
    m.seek(-4);
    assert.equal(m.index, 0);
    m.seek("1");
    assert.equal(m.index, 1);
  });

  test("playing steps on at each tick and stops at the end", () => {
    const m = new ReplayModel(planAhead());
    m.toggle();
    assert.equal(m.playing, true);
    assert.equal(m.tick(), true);
    assert.equal(m.index, 1);
    m.tick();
    assert.equal(m.index, 2);
    assert.equal(m.playing, false);
    assert.equal(m.tick(), false);
  });

  test("play at the end starts again from the first step; a step by hand pauses", () => {
    const m = new ReplayModel(planAhead());
    m.go("last");
    m.toggle();
    assert.equal(m.index, 0);
    assert.equal(m.playing, true);
    assert.equal(m.go("next"), true);
    assert.equal(m.playing, false);
    m.toggle();
    assert.equal(m.go("prev"), true); // paused and stepped back
    assert.equal(m.playing, false);
    assert.equal(m.index, 0);
  });

  test("← → Home End Space; other keys are left alone", () => {
    const m = new ReplayModel(planAhead());
    assert.deepEqual(Object.keys(KEYS).sort(), [" ", "ArrowLeft", "ArrowRight", "End", "Home"]);
    assert.deepEqual(m.key("ArrowRight"), { handled: true, changed: true });
    assert.equal(m.index, 1);
    assert.deepEqual(m.key("End"), { handled: true, changed: true });
    assert.equal(m.index, 2);
    assert.deepEqual(m.key("End"), { handled: true, changed: false });
    assert.deepEqual(m.key("ArrowLeft"), { handled: true, changed: true });
    assert.deepEqual(m.key("Home"), { handled: true, changed: true });
    assert.equal(m.index, 0);
    assert.deepEqual(m.key(" "), { handled: true, changed: true });
    assert.equal(m.playing, true);
    assert.deepEqual(m.key(" "), { handled: true, changed: true });
    assert.equal(m.playing, false);
    assert.deepEqual(m.key("a"), { handled: false, changed: false });
    assert.deepEqual(m.key("Enter"), { handled: false, changed: false });
  });

  test("a game of one step cannot be played", () => {
    const replay = planAhead();
    replay.frames = replay.frames.slice(0, 1);
    const m = new ReplayModel(replay);
    m.toggle();
    assert.equal(m.playing, false);
  });
});

describe("Speedgans: a round change by change, then its scoring", () => {
  test("steps: the empty cities, each event, the scoring", () => {
    const m = new ReplayModel(speedgans());
    assert.equal(m.kind, "speedgans");
    assert.equal(m.count, 1 + 6 + 1);
    assert.equal(m.stepKind(), "start");
    assert.equal(m.counterText(), "Schritt 1 von 8");
    assert.equal(m.eventText(), "Runde 1 beginnt: alle Städte sind leer.");
    assert.deepEqual(m.cities().map((c) => c.tiles), [0, 0]);
    m.seek(m.count - 1);
    assert.equal(m.stepKind(), "scored");
    assert.equal(m.event(), null);
    assert.equal(m.eventText(), "Die Wertung der Runde 1");
    assert.equal(m.finalStandings(), null); // not yet the game's end
  });

  test("→ and playing run on from a round's scoring into the next round; ← back; Home End the whole game", () => {
    const m = new ReplayModel(speedgans());
    m.seek(m.count - 1);
    assert.ok(!m.atEnd && !m.atStart);
    assert.equal(m.go("next"), true);
    assert.deepEqual([m.roundIndex, m.index, m.stepKind()], [1, 0, "start"]);
    assert.equal(m.eventText(), "Runde 2 beginnt: alle Städte sind leer.");
    assert.equal(m.go("prev"), true);
    assert.deepEqual([m.roundIndex, m.index, m.stepKind()], [0, 7, "scored"]);
    assert.equal(m.go("last"), true);
    assert.deepEqual([m.roundIndex, m.index, m.stepKind()], [1, 2, "scored"]);
    assert.ok(m.atEnd);
    assert.equal(m.go("next"), false);
    assert.equal(m.go("first"), true);
    assert.deepEqual([m.roundIndex, m.index], [0, 0]);
    assert.ok(m.atStart);
    assert.equal(m.go("prev"), false);
    // playing crosses the rounds and stops at the game's end
    m.toggle();
    let ticks = 0;
    while (m.playing && ticks < 50) {
      m.tick();
      ticks += 1;
    }
    assert.equal(ticks, 8 + 3 - 1);
    assert.ok(m.atEnd);
  });

  test("the game's last step says who won, with everyone's final points (a computer with its level)", () => {
    const m = new ReplayModel(speedgans());
    m.go("last");
    const final = m.finalStandings();
    assert.equal(final?.text, "Sina gewinnt!");
    assert.deepEqual(final?.rows.map((r) => [r.place, r.name, r.score, r.bot]), [[1, "Sina", 6, null], [2, "Auguste", 3, "easy"]]);
    const tie = speedgans();
    tie.final = { points: [4, 4], ranking: [1, 1] };
    const t2 = new ReplayModel(tie);
    t2.go("last");
    assert.equal(t2.finalStandings()?.text, "Gleichstand: Sina, Auguste");
  });

  test("each city as it grew; the change of the step is marked", () => {
    const m = new ReplayModel(speedgans());
    m.seek(2);
    const [sina, auguste] = m.cities();
    assert.equal(sina.tiles, 3);
    assert.equal(auguste.tiles, 1);
    assert.equal(auguste.changed, true);
    assert.equal(sina.changed, false);
    assert.equal(m.eventText(), "Auguste baut: 1 von 9 Plättchen");
    assert.equal(m.timeText(), "nach 0:01");
  });

  test("„Gasse dicht!“ in the order called, with its place marker", () => {
    const m = new ReplayModel(speedgans());
    m.seek(4);
    assert.deepEqual(m.cities().map((c) => c.marker), [1, null]);
    assert.equal(m.eventText(), "Sina ruft „Gasse dicht!“ – Platzmarke 1");
    m.seek(6);
    assert.deepEqual(m.cities().map((c) => [c.marker, c.tiles]), [[1, 9], [2, 9]]);
    m.seek(m.count - 1);
    assert.deepEqual(m.cities().map((c) => c.marker), [1, 2]); // the scoring keeps them
  });

  test("another round starts at its beginning and stops playing", () => {
    const m = new ReplayModel(speedgans());
    assert.equal(m.rounds.length, 2);
    m.go("last");
    m.toggle();
    assert.equal(m.chooseRound(1), true);
    assert.equal(m.index, 0);
    assert.equal(m.playing, false);
    assert.equal(m.count, 3);
    assert.equal(m.chooseRound(1), false);
    assert.equal(m.chooseRound(5), false);
    m.seek(1);
    assert.equal(m.eventText(), "Auguste hat die Partie verlassen.");
    assert.equal(m.cities()[1].left, true);
  });

  test("in English", () => {
    setLang("en");
    try {
      const m = new ReplayModel(speedgans());
      assert.equal(m.counterText(), "Step 1 of 8");
      m.seek(4);
      assert.equal(m.eventText(), "Sina calls “Lane closed!” – place marker 1");
      m.seek(1);
      assert.equal(m.eventText(), "Sina builds: 3 of 9 tiles");
      assert.equal(m.timeText(), "at 0:00");
      assert.equal(new ReplayModel(planAhead()).counterText(), "Tile 1 of 3");
      assert.equal(m.playedText(), "Played on 1 December 2026 · took 0:18");
    } finally {
      setLang("de");
    }
  });

  test("the day and length of the game", () => {
    assert.equal(new ReplayModel(planAhead()).playedText(), "Gespielt am 1. Dezember 2026 · Dauer 1:23");
  });

  test("a player without a name is named by the seat or as a computer", () => {
    const replay = speedgans();
    replay.players = [{ player: "p1", nickname: null, bot: null }, { player: null, nickname: null, bot: "strong" }];
    const m = new ReplayModel(replay);
    assert.deepEqual([m.seatName(0), m.seatName(1)], ["Platz 1", "Computer"]);
  });
});
