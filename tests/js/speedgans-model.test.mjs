// A Speedgans game as the player sees it: rounds, building and "Gasse dicht!", keys, the city shown
// after the scoring, task values that flash, the clocks, the results and the end.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { FLASH_MS, SpeedgansModel } from "../../src/spieltisch/web/js/speedgans/model.js";
import { EMPTY_CITY, fakeClock, fakeSend, report, speedgansTable } from "./fixtures.mjs";

function game(table = speedgansTable()) {
  const send = fakeSend();
  const clock = fakeClock(1000); // ms, steady
  const server = fakeClock(5000); // s, the server's
  const model = new SpeedgansModel({ send, now: clock, serverNow: server });
  model.update(table);
  return { model, send, clock, server };
}

/** The own seat's entry after the server took `city` (report: its report). */
function echo(model, city, rep = report({ valid: false })) {
  const table = structuredClone(model.table);
  Object.assign(table.game.seats[table.you], { city, report: rep });
  return model.update(table);
}

describe("rounds", () => {
  test("after a reload the own city comes back from the server", () => {
    const { model } = game(speedgansTable({ seats: [{ city: "4a1 . . . 2b0 . . . ." }] }));
    assert.equal(model.city.text(), "4a1 . . . 2b0 . . . .");
    assert.equal(model.city.pieces[2].side, "b");
  });

  test("a new round empties the city and shows one's own again", () => {
    const { model } = game();
    model.place(4, 0);
    echo(model, "4a0 . . . . . . . .");
    const next = speedgansTable({ game: { round: 2 } });
    const { newRound } = model.update(next);
    assert.equal(newRound, true);
    assert.equal(model.city.text(), EMPTY_CITY);
    assert.equal(model.selected, null);
    assert.equal(model.viewSeat, "own");
  });

  test("the next view of the same round is no new round", () => {
    const { model } = game();
    assert.deepEqual(model.update(speedgansTable()), { newRound: false, scoring: false });
  });

  test("a rematch after the end starts afresh and shows no end dialog set aside", () => {
    const { model } = game(speedgansTable({ game: { phase: "finished", round: 3, ranking: [1, 2, 3] } }));
    model.endHidden = true;
    const { newRound } = model.update(speedgansTable({ game: { phase: "reading", round: 1 } }));
    assert.equal(newRound, true);
    assert.equal(model.endHidden, false);
  });

  test("the scoring ends the building: the chosen tile is let go", () => {
    const { model } = game();
    model.select(3);
    const { scoring } = model.update(speedgansTable({ game: { phase: "scored" } }));
    assert.equal(scoring, true);
    assert.equal(model.selected, null);
  });
});

describe("building", () => {
  test("a change while building is sent as the city message of the table", () => {
    const { model, send } = game();
    assert.equal(model.place(4, 0), true);
    assert.deepEqual(send.last(), { type: "city", city: "4a0 . . . . . . . .", seq: 1 });
    assert.equal(model.selected, 4);
  });

  test("nothing can be changed while reading, after Gasse dicht!, or when watching", () => {
    for (const table of [
      speedgansTable({ game: { phase: "reading" } }),
      speedgansTable({ seats: [{ done: true, marker: 1 }] }),
      speedgansTable({ you: null }),
    ]) {
      const { model, send } = game(table);
      assert.equal(model.canBuild(), false);
      assert.equal(model.place(4, 0), false);
      assert.equal(model.rotate(4), false);
      assert.equal(model.undo(), false);
      assert.equal(send.sent.length, 0);
    }
  });

  test("Gasse dicht! only once the server's report of exactly this city says valid", () => {
    const { model, send } = game();
    model.place(4, 0);
    assert.equal(model.canDone(), false); // on its way
    echo(model, "4a0 . . . . . . . .", report({ valid: true }));
    assert.equal(model.canDone(), true);
    model.rotate(4);
    assert.equal(model.canDone(), false); // this city is not the one reported
    assert.equal(model.done(), false);
    echo(model, "4a1 . . . . . . . .", report({ valid: false }));
    assert.equal(model.canDone(), false); // reported, and not valid
    assert.equal(send.of("done").length, 0);
  });

  test("Gasse dicht! sends done", () => {
    const { model, send } = game(speedgansTable({ seats: [{ city: "4a0 . . . . . . . .", report: report({ valid: true }) }] }));
    assert.equal(model.done(), true);
    assert.equal(send.last().type, "done");
  });

  test("Streng: Gasse dicht! with nine tiles, valid or not", () => {
    const nine = "1a0 2a0 3a0 4a0 5a0 6a0 7a0 8a0 9a0";
    const strict = (city, valid) => game(speedgansTable({ settings: { strict: true }, seats: [{ city, report: report({ valid }) }] })).model;
    assert.equal(strict(nine, false).canDone(), true);
    assert.equal(strict("1a0 2a0 3a0 4a0 5a0 6a0 7a0 8a0 .", true).canDone(), false);
  });

  test("the hint says what to do next", () => {
    assert.match(game().model.hint(), /^Ziehe Plättchen in die Stadt/);
    const { model } = game();
    model.place(4, 0);
    assert.equal(model.hint(), "Noch stimmt die Stadt nicht.");
    echo(model, "4a0 . . . . . . . .", report({ valid: true }));
    assert.equal(model.hint(), "Die Stadt stimmt – Gasse dicht!");
    assert.match(game(speedgansTable({ settings: { strict: true } })).model.hint(), /^Streng:/);
    assert.match(game(speedgansTable({ seats: [{ done: true }] })).model.hint(), /warte auf die anderen/);
  });

  test("an error for the own city message restores the server's city", () => {
    const { model, send } = game();
    model.place(4, 0);
    echo(model, "4a0 . . . . . . . .");
    model.rotate(4);
    assert.equal(model.city.text(), "4a1 . . . . . . . .");
    assert.equal(model.onError({ type: "error", code: "not_building", seq: send.last().seq }), true);
    assert.equal(model.city.text(), "4a0 . . . . . . . .");
    assert.equal(model.city.pending, false);
  });

  test("a city the server could not take (unavailable) gives way to its city; the same change is sent again", () => {
    const { model, send } = game();
    model.place(4, 0);
    echo(model, "4a0 . . . . . . . .");
    model.place(2, 1);
    assert.equal(model.onError({ type: "error", code: "unavailable", seq: send.last().seq }), true);
    assert.equal(model.city.text(), "4a0 . . . . . . . .");
    assert.equal(model.city.pending, false);
    assert.equal(model.place(2, 1), true);
    assert.deepEqual(send.last(), { type: "city", city: "4a0 2a0 . . . . . . .", seq: send.last().seq });
    assert.equal(model.city.pending, true);
  });

  test("an error for another message (or none) leaves the city as it is", () => {
    const { model } = game();
    model.place(4, 0);
    assert.equal(model.onError({ type: "error", code: "bad_message", seq: 42 }), false);
    assert.equal(model.onError({ type: "error", code: "internal" }), false);
    assert.equal(model.city.text(), "4a0 . . . . . . . .");
  });

  test("a change never answered gives way to the server's city after 15 s", () => {
    const { model, clock } = game();
    model.place(4, 0);
    clock.advance(14_000);
    assert.equal(model.tick(), false);
    assert.equal(model.city.text(), "4a0 . . . . . . . .");
    clock.advance(1_000);
    assert.equal(model.tick(), true);
    assert.equal(model.city.text(), EMPTY_CITY);
  });
});

describe("keys", () => {
  test("R turns, F flips, a digit places, Delete takes back the chosen tile", () => {
    const { model } = game();
    model.select(7);
    assert.deepEqual(model.key("5"), { handled: true, changed: true });
    assert.equal(model.city.text(), ". . . . 7a0 . . . .");
    model.key("r");
    model.key("f");
    assert.equal(model.city.text(), ". . . . 7b1 . . . .");
    model.key("Delete");
    assert.equal(model.city.text(), EMPTY_CITY);
  });

  test("arrows shift the chosen tile in the city; Z takes back", () => {
    const { model } = game();
    model.place(2, 4);
    assert.deepEqual(model.key("ArrowLeft"), { handled: true, changed: true });
    assert.equal(model.city.pieces[2].cell, 3);
    model.key("ArrowLeft"); // the wall
    assert.equal(model.city.pieces[2].cell, 3);
    model.key("z");
    assert.equal(model.city.pieces[2].cell, 4);
  });

  test("without a chosen tile the keys for a tile do nothing (the page keeps them)", () => {
    const { model } = game();
    for (const key of ["r", "f", "5", "Delete", "ArrowUp"]) assert.deepEqual(model.key(key), { handled: false, changed: false });
  });

  test("an arrow for a tile in the tray is not taken", () => {
    const { model } = game();
    model.select(3);
    assert.equal(model.key("ArrowUp").handled, false);
  });

  test("Enter presses Gasse dicht! only when it may be pressed", () => {
    const { model, send } = game();
    assert.equal(model.key("Enter").handled, false);
    const ready = game(speedgansTable({ seats: [{ city: "4a0 . . . . . . . .", report: report({ valid: true }) }] }));
    assert.equal(ready.model.key("Enter").handled, true);
    assert.equal(ready.send.last().type, "done");
    assert.equal(send.sent.length, 0);
  });

  test("keys do nothing once the city is closed", () => {
    const { model } = game(speedgansTable({ seats: [{ done: true, marker: 2 }] }));
    model.select(1);
    assert.equal(model.key("1").handled, false);
  });
});

describe("task values", () => {
  test("a better value flashes green, a worse one red; fewer is better where the task says so", () => {
    const { model } = game(speedgansTable({ seats: [{ report: report({ tasks: { F1: 1, W6: 2, H3: 0 } }) }] }));
    echo(model, EMPTY_CITY, report({ tasks: { F1: 2, W6: 3, H3: 0 } }));
    assert.equal(model.flashOf("F1").kind, "better");
    assert.equal(model.flashOf("W6").kind, "worse");
    assert.equal(model.flashOf("H3"), null);
  });

  test("a flash lasts its moment and then is gone", () => {
    const { model, clock } = game(speedgansTable({ seats: [{ report: report({ tasks: { F1: 1, W6: 2, H3: 0 } }) }] }));
    echo(model, EMPTY_CITY, report({ tasks: { F1: 0, W6: 2, H3: 0 } }));
    clock.advance(FLASH_MS - 1);
    assert.equal(model.flashOf("F1").age, FLASH_MS - 1);
    clock.advance(2);
    assert.equal(model.flashOf("F1"), null);
    model.tick();
    assert.deepEqual(model.flash, {});
  });

  test("the first values of a round do not flash", () => {
    const { model } = game(speedgansTable({ seats: [{ report: report({ tasks: { F1: 3, W6: 0, H3: 1 } }) }] }));
    assert.equal(model.flashOf("F1"), null);
  });
});

describe("the city shown", () => {
  const scored = () => speedgansTable({
    game: { phase: "scored", musterstadt: { city: "9a0 8a0 7a0 6a0 5a0 4a0 3a0 2a0 1a0", tasks: { F1: 5, W6: 0, H3: 4 } } },
    seats: [{ city: "1a0 . . . . . . . .", report: report() }, { city: "2b3 . . . . . . . .", report: report() }, {}],
  });

  test("after the scoring another player's city can be looked at, by name", () => {
    const { model } = game(scored());
    model.showCity(1);
    const view = model.viewData();
    assert.equal(view.name, "Ben");
    assert.equal(view.cells[0].tile, 2);
    assert.equal(view.own, undefined);
    assert.equal(model.shows(1), true);
  });

  test("the Musterstadt with its values", () => {
    const { model } = game(scored());
    model.showCity("muster");
    const view = model.viewData();
    assert.equal(view.muster, true);
    assert.equal(view.name, "Musterstadt");
    assert.equal(view.report.tasks.F1, 5);
  });

  test("one's own seat chosen means one's own city", () => {
    const { model } = game(scored());
    model.showCity(1);
    model.showCity(0);
    assert.equal(model.viewSeat, "own");
    assert.equal(model.viewData().own, true);
  });

  test("while building, nobody else's city is shown (the server sends none)", () => {
    const { model } = game();
    model.showCity(1);
    assert.equal(model.viewData().own, true);
  });

  test("a seat without a city (not scored) shows one's own", () => {
    const { model } = game(scored());
    model.showCity(2);
    assert.equal(model.viewData().own, true);
  });

  test("someone watching a scored round sees the leader's city, by name, until he picks another", () => {
    const { model } = game(speedgansTable({
      you: null,
      game: { phase: "finished" },
      seats: [{ city: "1a0 . . . . . . . .", report: report(), points: 3 }, { city: "2b3 . . . . . . . .", report: report(), points: 7 }, {}],
    }));
    const view = model.viewData();
    assert.equal(view.name, "Ben");
    assert.equal(view.cells[0].tile, 2);
    assert.equal(model.shows(1), true);
    assert.equal(model.shows(0), false);
    model.showCity(0);
    assert.equal(model.viewData().name, "Anna");
  });

  test("someone watching sees an empty city while the round is built", () => {
    const { model } = game(speedgansTable({ you: null }));
    assert.deepEqual(model.viewData(), { cells: Array(9).fill(null), report: null, name: "" });
  });

  test("computer players and free names read as on the chips", () => {
    const { model } = game(speedgansTable({ names: ["Anna", "bot:easy", ""] }));
    assert.equal(model.seatName(1), "Computer (Leicht)");
    assert.equal(model.seatName(2), "Platz 3");
  });
});

describe("clocks", () => {
  test("the turn clock reads m:ss and is urgent in its last 10 seconds", () => {
    const { model, server } = game(speedgansTable({ game: { building_ends: 5065 } }));
    assert.deepEqual(model.clocks().clock, { text: "1:05", urgent: false });
    server.advance(55.5);
    assert.deepEqual(model.clocks().clock, { text: "0:10", urgent: true });
    server.advance(60);
    assert.deepEqual(model.clocks().clock, { text: "0:00", urgent: true });
  });

  test("the hourglass makes one's unfinished city pulse in its last seconds", () => {
    const { model, server } = game(speedgansTable({ game: { hourglass_ends: 5030 } }));
    assert.deepEqual(model.clocks().hourglass, { text: "0:30", urgent: false, pulse: false });
    server.advance(21);
    assert.deepEqual(model.clocks().hourglass, { text: "0:09", urgent: true, pulse: true });
    server.advance(10);
    assert.equal(model.clocks().hourglass.urgent, false); // over
  });

  test("no pulse for a city already closed", () => {
    const { model } = game(speedgansTable({ game: { hourglass_ends: 5005 }, seats: [{ done: true, marker: 1 }] }));
    assert.deepEqual(model.clocks().hourglass, { text: "0:05", urgent: true, pulse: false });
  });

  test("reading counts down the seconds, then says it starts", () => {
    const { model, server } = game(speedgansTable({ game: { phase: "reading", reading_ends: 5002.5 } }));
    assert.equal(model.clocks().reading, "3");
    server.advance(3);
    assert.equal(model.clocks().reading, "Gleich geht's los …");
  });

  test("the next round's start at the latest", () => {
    const { model } = game(speedgansTable({ game: { phase: "scored", next_round_at: 5029.2 } }));
    assert.equal(model.clocks().nextIn, "Nächste Runde spätestens in 30 s");
  });

  test("no clocks the view has none of", () => {
    assert.deepEqual(game().model.clocks(), { reading: null, hourglass: null, clock: null, nextIn: null });
  });
});

describe("results and the end", () => {
  test("each task's rows by rank, the seats by game points, and who counted", () => {
    const { model } = game(speedgansTable({
      game: {
        phase: "scored",
        results: { tasks: { F1: [{ seat: 2, value: 1, rank: 2, points: 2 }, { seat: 0, value: 3, rank: 1, points: 3 }] }, scored: [0, 2] },
      },
      seats: [{ points: 3 }, { points: 0 }, { points: 5 }],
    }));
    const r = model.results();
    assert.deepEqual(r.tasks.map((x) => x.task.id), ["F1", "W6", "H3"]);
    assert.deepEqual(r.tasks[0].rows.map((x) => x.seat), [0, 2]);
    assert.deepEqual(r.tasks[1].rows, []);
    assert.deepEqual(r.order, [2, 0, 1]);
    assert.equal(r.scored.has(1), false);
  });

  test("a city that did not count: faulty when all nine tiles lay wrong (Streng), else unfinished", () => {
    const faulty = "1a3 3a0 4a0 5a1 9b2 6a3 7b0 2a1 8b2";
    const { model } = game(speedgansTable({
      settings: { strict: true },
      game: { phase: "scored", results: { tasks: {}, scored: [2] } },
      seats: [
        { city: faulty, report: report({ valid: false }), done: true, marker: 1 },
        { city: "1a0 2a0 . . . . . . .", report: report({ valid: false }) },
        { city: "6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1", report: report({ valid: true }) },
      ],
    }));
    assert.deepEqual([0, 1, 2].map((i) => model.faulty(i)), [true, false, false]);
  });

  test("the end ranks by the server's places, names the computer, and marks one's own seat", () => {
    const { model } = game(speedgansTable({
      you: 1, names: ["Anna", "Ben", "bot:strong"],
      game: { phase: "finished", ranking: [2, 1, 3] }, seats: [{ points: 17 }, { points: 19 }, { points: 4 }],
    }));
    const { rows, winners } = model.standings();
    assert.deepEqual(rows.map((r) => [r.name, r.place, r.score, r.you]),
      [["Ben", 1, 19, true], ["Anna", 2, 17, false], ["Computer (Stark)", 3, 4, false]]);
    assert.deepEqual(rows.map((r) => r.bot), [null, null, "strong"]); // the end draws its level
    assert.deepEqual(winners.map((w) => w.name), ["Ben"]);
  });
});

describe("the waiting room's line", () => {
  test("a table without a turn clock says so plainly", async () => {
    const { settingsSummary } = await import("../../src/spieltisch/web/js/speedgans/settings.js");
    const base = { seats: 4, mode: "race", hourglass: 30 };
    assert.equal(settingsSummary({ ...base, turn_seconds: null }), "4 Plätze · ohne Zug-Uhr · Wettlauf · Sanduhr 30 s");
    assert.equal(settingsSummary({ ...base, turn_seconds: 120 }), "4 Plätze · Zug-Uhr 2 Minuten · Wettlauf · Sanduhr 30 s");
  });
});
