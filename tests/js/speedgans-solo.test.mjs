// Speedgans alone as the player sees it: a run's cities, building and „Gasse dicht!“, „Rat“ and the
// tap on its glowing cell, „Überspringen“, the Übung's tasks, „Beenden“, the Rekordjagd's clock, the
// previous city with its Musterstadt, the summary; and the lists around it (Bestenliste, day list).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { setLang } from "../../src/spieltisch/web/js/i18n.js";
import {
  BUSY_MS, QUIT_CONFIRM_MS, SoloModel, formatPoints, isTriple, pickTask,
} from "../../src/spieltisch/web/js/speedgans/solo-model.js";
import {
  boardRows, dailyPathDay, dailyRows, formatBoardPoints, formatSeconds, ownDaily,
} from "../../src/spieltisch/web/js/speedgans/solo-lists.js";
import { EMPTY_CITY, SOLO_CITY, SOLO_LIVE, fakeClock, fakeSend, report, soloCity, soloTable } from "./fixtures.mjs";

function run(table = soloTable()) {
  const send = fakeSend();
  const clock = fakeClock(1000); // ms, steady
  const server = fakeClock(1010); // s, the server's
  const model = new SoloModel({ send, now: clock, serverNow: server });
  model.update(table);
  return { model, send, clock, server };
}

/** The server's view after it took `city` (valid: with live points). */
function echo(model, city, { valid = false, game = {} } = {}) {
  const table = structuredClone(model.table);
  Object.assign(table.game, { city, report: report({ valid, tasks: { F6: 1, W4: 2, L4: 3 } }), live: valid ? SOLO_LIVE : null, ...game });
  return model.update(table);
}

/** Lay a whole city from the tray (each tile as noted) and let the server echo it. */
function build(model, city, options) {
  city.split(" ").forEach((entry, cell) => {
    if (entry !== ".") model.city.lay({ tile: Number(entry[0]), side: entry[1] === "a" ? "a" : "b", rotation: Number(entry[2]) }, cell);
  });
  echo(model, city, options);
}

describe("a run's cities", () => {
  test("after a reload the city being built comes back from the server", () => {
    const { model } = run(soloTable({ game: { city: "4a1 . . . 2b0 . . . ." } }));
    assert.equal(model.city.text(), "4a1 . . . 2b0 . . . .");
  });

  test("the next city (or a rematch) starts with an empty town and the own view", () => {
    const { model } = run();
    model.place(4, 0);
    echo(model, "4a0 . . . . . . . .");
    model.showView("muster");
    const { newCity } = model.update(soloTable({ game: { number: 2, last: soloCity() } }));
    assert.equal(newCity, true);
    assert.equal(model.city.text(), EMPTY_CITY);
    assert.equal(model.view, "own");
    const rematch = model.update(soloTable({ game: { number: 1, started_at: 2000 } }));
    assert.equal(rematch.newCity, true);
  });

  test("the end of the run is told once", () => {
    const { model } = run();
    assert.equal(model.update(soloTable({ game: { phase: "finished", cities: [soloCity()] } })).ended, true);
    assert.equal(model.update(soloTable({ game: { phase: "finished", cities: [soloCity()], new_best: true } })).ended, false);
    assert.equal(model.canBuild(), false);
  });
});

describe("building and the moves", () => {
  test("„Gasse dicht!“ only for exactly the city the server calls valid, and nothing while it is on its way", () => {
    const { model, send } = run();
    assert.equal(model.canDone(), false);
    build(model, SOLO_CITY, { valid: true });
    assert.equal(model.canDone(), true);
    model.rotate(9); // a change not yet answered
    assert.equal(model.canDone(), false);
    model.rotate(9); model.rotate(9); model.rotate(9);
    echo(model, SOLO_CITY, { valid: true });
    assert.deepEqual(model.key("Enter"), { handled: true, changed: false });
    assert.equal(send.last().type, "done");
    assert.equal(model.canBuild(), false); // until the next city comes
    assert.equal(model.rotate(1), false);
    model.update(soloTable({ game: { number: 2, last: soloCity() } }));
    assert.equal(model.canBuild(), true);
  });

  test("a refused move lets the buttons go again", () => {
    const { model, send } = run();
    model.skip();
    assert.equal(model.canSkip(), false);
    assert.equal(model.onError({ seq: send.last().seq }), true);
    assert.equal(model.canSkip(), true);
  });

  test("a move never answered lets the buttons go after a while", () => {
    const { model, clock } = run();
    model.skip();
    clock.advance(BUSY_MS + 1);
    assert.equal(model.tick(), true);
    assert.equal(model.canSkip(), true);
  });

  test("„Überspringen“ in Rekordjagd and Übung, never in the Tagesstadt", () => {
    assert.equal(run(soloTable({ mode: "daily" })).model.skip(), false);
    const { model, send } = run(soloTable({ mode: "practice" }));
    assert.equal(model.skip(), true);
    assert.equal(send.last().type, "skip");
  });

  test("the Übung's new tasks: drawn, or three chosen of three groups", () => {
    const { model, send } = run(soloTable({ mode: "practice" }));
    assert.equal(model.newTasks(["F1", "F2", "H3"]), false);
    assert.equal(model.newTasks(["F1", "W2", "H3"]), true);
    assert.deepEqual(send.last(), { type: "new_tasks", tasks: "F1,W2,H3", seq: 1 });
    model.update(soloTable({ mode: "practice", game: { number: 2 } }));
    model.newTasks();
    assert.deepEqual(send.last(), { type: "new_tasks", seq: 2 });
    assert.equal(run().model.newTasks(), false); // only in the Übung
  });

  test("„Beenden“ asks once more, and forgets after a while", () => {
    const { model, send, clock } = run();
    assert.equal(model.quit(), "armed");
    clock.advance(QUIT_CONFIRM_MS + 1);
    assert.equal(model.tick(), true);
    assert.equal(model.quitArmed, false);
    assert.equal(model.quit(), "armed");
    assert.equal(model.quit(), "sent");
    assert.equal(send.last().type, "give_up");
  });

  test("„Nochmal“ after the end", () => {
    const { model, send } = run(soloTable({ game: { phase: "finished" } }));
    assert.equal(model.rematch(), true);
    assert.equal(send.last().type, "rematch");
  });
});

describe("„Rat“", () => {
  const hint = { wrong: [], next_cell: 4, next_piece: "7b3" };

  test("shows only for exactly the city it was asked for", () => {
    const { model } = run();
    model.place(1, 0);
    echo(model, "1a0 . . . . . . . .", { game: { hint, hints: 1 } });
    assert.deepEqual(model.hint(), { wrong: [], nextCell: 4, piece: { tile: 7, side: "b", rotation: 3 } });
    assert.equal(model.canHint(), false); // it would say the same again
    model.rotate(1);
    assert.equal(model.hint(), null);
  });

  test("a tap on the glowing cell lays the tile as it must lie, and sends the city", () => {
    const { model, send } = run();
    echo(model, EMPTY_CITY, { game: { hint } });
    assert.equal(model.tapCell(3), false);
    assert.equal(model.tapCell(4), true);
    assert.equal(model.city.text(), ". . . . 7b3 . . . .");
    assert.deepEqual(send.last(), { type: "city", city: ". . . . 7b3 . . . .", seq: 1 });
  });

  test("a wrong tile goes back to the tray when the right one takes its cell", () => {
    const { model } = run();
    model.place(2, 4);
    model.place(7, 0);
    echo(model, "7a0 . . . 2a0 . . . .", { game: { hint: { wrong: [0, 4], next_cell: 0, next_piece: "5a1" } } });
    const status = model.status();
    assert.equal(status.kind, "hint");
    assert.match(status.text, /Feld 1/);
    model.tapCell(0);
    assert.equal(model.city.text(), "5a1 . . . 2a0 . . . .");
    assert.equal(model.city.pieces[7].cell, null);
  });

  test("asked: the button waits for the answer; nothing left to say: the city is one of the best", () => {
    const { model, send } = run();
    assert.equal(model.askHint(), true);
    assert.equal(send.last().type, "hint");
    assert.equal(model.canHint(), false);
    echo(model, EMPTY_CITY, { game: { hint: { wrong: [], next_cell: null, next_piece: null } } });
    assert.equal(model.busy, null);
    assert.equal(model.status().kind, "best");
  });
});

describe("what is shown", () => {
  test("under a valid city the points it would bring now", () => {
    setLang("de");
    const { model } = run();
    build(model, SOLO_CITY, { valid: true });
    assert.deepEqual(model.status(), { kind: "live", text: "Diese Stadt bringt jetzt 265,9 Punkte" });
    assert.deepEqual(model.viewData().points, { F6: 90.9, W4: 100, L4: 75 });
  });

  test("the Rekordjagd's clock from the server's time; the others show none", () => {
    const { model, server } = run();
    assert.deepEqual(model.clock(), { text: "4:50", urgent: false, left: 290 });
    server.set(1295);
    assert.equal(model.clock().urgent, true);
    assert.equal(run(soloTable({ mode: "daily" })).model.clock(), null);
    assert.equal(run(soloTable({ mode: "practice" })).model.clock(), null);
  });

  test("the previous city with the Musterstadt's values, and the Musterstadt on the board", () => {
    const last = soloCity({ values: [2, 4, 3], task_points: [72.7, 100, 50], points: 222.7,
      musterstadt: { city: SOLO_CITY, tasks: { F6: 4, W4: 4, L4: 4 }, points: [90.90909, 100, 75], sum: 265.90909 } });
    const { model } = run(soloTable({ game: { number: 2, last } }));
    const lastCity = model.lastCity();
    assert.equal(lastCity.number, 1);
    assert.equal(lastCity.musterSum, 265.90909);
    assert.deepEqual(lastCity.rows[0], { id: "F6", value: 2, points: 72.7, muster: 4, musterPoints: 90.90909 });
    model.showView("muster");
    assert.equal(model.canBuild(), false);
    const view = model.viewData();
    assert.equal(view.kind, "muster");
    assert.deepEqual(view.values, { F6: 4, W4: 4, L4: 4 });
    model.showView("last");
    assert.deepEqual(model.viewData().values, { F6: 2, W4: 4, L4: 3 });
  });

  test("the Musterstadt's values also as a list named values", () => {
    const last = soloCity({ musterstadt: { city: SOLO_CITY, values: [4, 3, 2], points: [1, 2, 3], sum: 6 } });
    const { model } = run(soloTable({ game: { number: 2, last } }));
    assert.deepEqual(model.lastCity().rows.map((r) => r.muster), [4, 3, 2]);
  });

  test("no Musterstadt to show before the first city is over", () => {
    const { model } = run();
    model.showView("muster");
    assert.equal(model.view, "own");
  });

  test("points with one decimal in the page's language", () => {
    setLang("de");
    assert.equal(formatPoints(265.90909), "265,9");
    assert.equal(formatPoints(-30, { decimals: 0 }), "−30");
    setLang("en");
    assert.equal(formatPoints(1234.5), "1,234.5");
    setLang("de");
  });
});

describe("the summary", () => {
  test("a Rekordjagd: its cities, the total, the personal best once the server has told it", () => {
    const cities = [soloCity({ hints: 1, hint_cost: 30 }), soloCity({ outcome: "skipped", values: null, points: 0 }), soloCity({ outcome: "unfinished", values: null, points: 0 })];
    const { model } = run(soloTable({ game: { phase: "finished", timed_out: true, number: 3, cities, last: cities[2], total: 235.9 } }));
    let s = model.summary();
    assert.equal(s.waiting, true);
    assert.deepEqual([s.total, s.done, s.hints, s.hintCost, s.timedOut], [235.9, 1, 1, 30, true]);
    assert.deepEqual(s.cities.map((c) => c.outcome), ["done", "skipped", "unfinished"]);
    assert.equal(model.summaryPick(), 0); // the last city built is shown
    model.update(soloTable({ game: { phase: "finished", number: 3, cities, last: cities[2], total: 235.9, personal_best: 300, new_best: false } }));
    s = model.summary();
    assert.deepEqual([s.waiting, s.newBest, s.personalBest], [false, false, 300]);
  });

  test("the Musterstadt offered is the one of the city on show", () => {
    const muster = (city, sum) => ({ city, sum, values: [1, 2, 3], points: [50, 60, 70] });
    const first = "1a0 2a0 3a0 4a0 5a0 6a0 7a0 8a0 9a0";
    const cities = [
      soloCity({ tasks: ["F1", "W1", "H1"], musterstadt: muster(first, 250) }),
      soloCity({ musterstadt: muster(SOLO_CITY, 280) }),
      soloCity({ outcome: "skipped", values: null, points: 0, tasks: ["F2", "W2", "H2"], musterstadt: muster(SOLO_CITY, 270) }),
    ];
    const { model } = run(soloTable({ game: { phase: "finished", number: 3, cities, last: cities[2], total: 531.8 } }));
    assert.deepEqual([model.summaryPick(), model.summaryMuster()?.number], [1, 2]); // the last city built
    model.showPick(0);
    assert.deepEqual([model.summaryMuster()?.number, model.summaryMuster()?.musterSum], [1, 250]);
    model.showPick("muster");
    const shown = model.viewData();
    assert.deepEqual([shown.kind, shown.number, shown.tasks.map((t) => t.id)], ["muster", 1, ["F1", "W1", "H1"]]);
    assert.equal(shown.cells[0]?.tile, 1);
    model.showPick(/** @type {number} */ (model.summaryMuster()?.index)); // "Deine Stadt": back to city 1
    assert.deepEqual([model.viewData().kind, model.viewData().number], ["city", 1]);
  });

  test("a Tagesstadt: whether this attempt ranks", () => {
    const city = soloCity({ bonus: 80 });
    const { model } = run(soloTable({ mode: "daily", settings: { day: "2026-12-01" }, game: { phase: "finished", cities: [city], last: city, first_attempt: false } }));
    const s = model.summary();
    assert.deepEqual([s.waiting, s.firstAttempt, s.day, s.cities[0].bonus], [false, false, "2026-12-01", 80]);
  });

  test("a Tagesstadt city on show: its task points and its time bonus add up to its points", () => {
    const city = soloCity({ task_points: [90.9, 100, 49.1], bonus: 117, points: 357 });
    const { model } = run(soloTable({ mode: "daily", game: { phase: "finished", cities: [city], last: city, total: 357 } }));
    const view = model.viewData();
    assert.equal(view.kind, "city");
    const tasks = Object.values(/** @type {Record<string, number>} */ (view.points)).reduce((a, b) => a + b, 0);
    assert.equal(Math.round((tasks + view.bonus) * 10), Math.round(city.points * 10));
    assert.equal(view.bonus, 117);
    model.showPick("muster"); // the Musterstadt has no time bonus
    assert.equal(model.viewData().bonus, 0);
  });

  test("a run laid faster than a hand lays tiles is marked unranked; one from before the mark is not", () => {
    const city = soloCity();
    const { model } = run(soloTable({ game: { phase: "finished", cities: [city], last: city, total: 250, by_hand: false, new_best: false } }));
    assert.deepEqual([model.summary().byHand, model.summary().total], [false, 250]);
    model.update(soloTable({ game: { phase: "finished", cities: [city], last: city, total: 250, new_best: true } }));
    assert.equal(model.summary().byHand, true);
  });

  test("the Übung keeps its last city only", () => {
    const { model } = run(soloTable({ mode: "practice", game: { phase: "finished", last: soloCity() } }));
    assert.equal(model.summary().cities.length, 1);
    assert.equal(model.lastCity().number, null);
  });
});

describe("choosing the Übung's tasks", () => {
  test("one task per group, a fourth group takes the first one's place, a tap lets one go", () => {
    let chosen = pickTask([], "F1");
    chosen = pickTask(chosen, "F2");
    assert.deepEqual(chosen, ["F2"]);
    chosen = pickTask(pickTask(chosen, "W1"), "H6");
    assert.equal(isTriple(chosen), true);
    assert.deepEqual(pickTask(chosen, "L2"), ["W1", "H6", "L2"]);
    assert.deepEqual(pickTask(chosen, "W1"), ["F2", "H6"]);
    assert.equal(isTriple(["F1", "W1", "X9"]), false);
  });
});

describe("the lists", () => {
  const board = {
    entries: [
      { rank: 1, player: "a", nickname: "Ann", points: 30.5, games: 2 },
      { rank: 2, player: "b", nickname: "Bob", points: 23.59, games: 1 },
    ],
    you: { rank: 7, player: "me", nickname: "Me", points: 2, games: 1 },
  };

  test("the Bestenliste marks one's own row, or shows it apart below", () => {
    assert.deepEqual(boardRows(board, "me").apart, { ...board.you, you: true });
    const inside = boardRows({ ...board, you: board.entries[1] }, "b");
    assert.equal(inside.apart, null);
    assert.deepEqual(inside.rows.map((r) => r.you), [false, true]);
    assert.deepEqual(boardRows(null, null), { rows: [], apart: null });
  });

  test("a day list marks one's own first attempt", () => {
    const list = { day: "2026-12-01", tasks: ["F1", "W2", "H3"], attempts: 3, entries: [
      { rank: 1, player: "a", nickname: "Ann", points: 300, seconds: 40, hints: 0 },
      { rank: 2, player: "me", nickname: "Me", points: 200, seconds: null, hints: 1 },
    ] };
    assert.deepEqual(dailyRows(list, "me").map((r) => r.you), [false, true]);
    assert.equal(ownDaily(list, "me").points, 200);
    assert.equal(ownDaily(list, "x"), null);
    assert.equal(ownDaily(list, null), null);
  });

  test("Bestenliste points: two decimals on every row, in the page's language", () => {
    // The rows the reviewer saw ("55,01", "53,7", "53,47") and a sum with float noise.
    const shown = (lang) => { setLang(lang); return [55.01, 53.699999999999996, 53.47, 120, 0.5].map(formatBoardPoints); };
    assert.deepEqual(shown("de"), ["55,01", "53,70", "53,47", "120,00", "0,50"]);
    assert.deepEqual(shown("en"), ["55.01", "53.70", "53.47", "120.00", "0.50"]);
    setLang("de");
    assert.equal(formatBoardPoints(1234.5), "1.234,50");
  });

  test("words and paths", () => {
    setLang("de");
    assert.equal(formatBoardPoints(23.59), "23,59");
    assert.equal(formatBoardPoints(30), "30,00");
    assert.equal(formatSeconds(83.4), "1:23");
    assert.equal(formatSeconds(null), "–");
    assert.deepEqual(dailyPathDay("/tagesstadt"), { day: null });
    assert.deepEqual(dailyPathDay("/tagesstadt/2026-12-01"), { day: "2026-12-01" });
    assert.equal(dailyPathDay("/tagesstadtx"), null);
  });
});
