// A puzzle attempt as the player sees it: the attempt's clock, no placing once time is up, the
// result with the share of the best, and the best land with its line ends; the puzzle's words.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { linesOf } from "../../src/spieltisch/web/js/planahead/lines.js";
import { PuzzleModel } from "../../src/spieltisch/web/js/puzzle/model.js";
import { formatDay, formatShare, limitLabel, puzzleHeading } from "../../src/spieltisch/web/js/puzzle/format.js";
import { fakeClock, fakeSend, landWith, planAheadTable } from "./fixtures.mjs";

const START = 1000;

function attempt({ game = {}, seat = {} } = {}) {
  const table = planAheadTable({
    kind: "puzzle", names: ["Anna"],
    game: { puzzle: "2026-11-29", started_at: START, ends_at: START + 180, ...game }, seats: [seat],
  });
  const send = fakeSend();
  const server = fakeClock(START);
  const model = new PuzzleModel({ send, serverNow: server });
  model.update(table);
  return { model, send, server };
}

function finished(optimum = { score: 200, land: landWith({ 1: "963", 2: "964", 3: "968" }), share: 0.874 }, extra = {}) {
  const lines = [{ fields: [1, 2, 3], direction: "vertical", state: "open", value: null, potential: 0, points: 0 }];
  return attempt({
    game: { phase: "finished", tile: null, turn: 19, optimum, ...extra },
    seat: { score: 175, land: landWith({ 1: "124", 2: "528", 5: "963" }), lines },
  }).model;
}

describe("the attempt's clock", () => {
  test("it reads mm:ss from the whole time", () => {
    const { model } = attempt();
    assert.deepEqual(model.clock(), { text: "3:00", seconds: 180, urgent: false, over: false, fraction: 1 });
  });

  test("it is urgent in the last half minute and over at the end", () => {
    const { model, server } = attempt();
    server.advance(168.2);
    assert.equal(model.clock().text, "0:12");
    assert.equal(model.clock().urgent, true);
    server.advance(20);
    assert.deepEqual(model.clock(), { text: "0:00", seconds: 0, urgent: true, over: true, fraction: 0 });
  });

  test("without the start the bar runs over five minutes", () => {
    const { model } = attempt({ game: { started_at: null, ends_at: START + 150 } });
    assert.equal(model.clock().fraction, 0.5);
  });

  test("once the time is up the tile cannot be placed", () => {
    const { model, send, server } = attempt();
    assert.equal(model.canPlace(), true);
    server.advance(180);
    assert.equal(model.timeLeft(), 0);
    assert.equal(model.canPlace(), false);
    assert.equal(model.place(3), false);
    assert.equal(send.sent.length, 0);
  });

  test("no clock after the attempt", () => {
    assert.equal(finished().clock(), null);
  });
});

describe("what the attempt says", () => {
  test("the hint while playing, none after", () => {
    const { model } = attempt();
    assert.equal(model.hint(), "Ziehe die Kachel auf ein Feld oder tippe ein Feld an.");
    model.place(4);
    assert.equal(model.hint(), "Bestätige mit OK.");
    assert.equal(finished().hint(), "");
  });

  test("after the attempt the turn line counts the tiles placed", () => {
    assert.equal(finished().turnText(), "3 von 19 Kacheln gelegt");
    assert.equal(attempt({ game: { turn: 6 } }).model.turnText(), "Kachel 7 von 19");
  });

  test("the result: score, best possible, the share in words and as the bar", () => {
    assert.deepEqual(finished().result(), { score: 175, timedOut: false, optimum: 200, share: 0.874, percent: 87, shareText: "87\u00a0%" });
  });

  test("just below the best never reads 100 %", () => {
    assert.equal(finished({ score: 200, land: "", share: 0.996 }).result().shareText, "99\u00a0%");
    assert.equal(finished({ score: 200, land: "", share: 1 }).result().shareText, "100\u00a0%");
  });

  test("while the best is being worked out", () => {
    const r = finished(null, { timed_out: true }).result();
    assert.deepEqual(r, { score: 175, timedOut: true, optimum: null, share: null, percent: 0, shareText: "…" });
  });
});

describe("the best land", () => {
  test("the toggle shows one's own land first, then the best with its score", () => {
    const model = finished();
    assert.deepEqual(model.landShown(), { showing: "mine", caption: "Dein Land: 175 Punkte" });
    model.showSeat("optimum");
    assert.deepEqual(model.landShown(), { showing: "optimum", caption: "Die Bestlösung für diese Kacheln: 200 Punkte" });
  });

  test("the best land on the board, with its lines worked out like the server's", () => {
    const model = finished();
    model.showSeat("optimum");
    const view = model.viewData();
    assert.equal(view.seat, "optimum");
    assert.equal(view.name, "Bestlösung");
    assert.deepEqual(view.land.slice(0, 3), ["963", "964", "968"]);
    assert.deepEqual(view.lines[0], { fields: [1, 2, 3], direction: "vertical", state: "complete", value: 9, potential: 0, points: 27 });
  });

  test("before the best is known the own land stays", () => {
    const model = finished(null);
    model.showSeat("optimum");
    assert.equal(model.viewData().seat, 0);
    assert.equal(model.landShown().showing, "mine");
  });
});

describe("line ends of a land", () => {
  test("open with what it can bring, complete with its points, broken with nothing", () => {
    const land = Array(19).fill(null);
    land[0] = "963"; land[1] = "964"; land[2] = "968"; // vertical 9 9 9: complete
    land[3] = "524"; // the rising line 6 (field 1), 2 (field 4): broken
    const lines = linesOf(land);
    const [full, broken, open] = [lines[0], lines[5], lines[1]];
    assert.deepEqual(full.fields, [1, 2, 3]);
    assert.deepEqual([full.state, full.points, full.potential], ["complete", 27, 0]);
    assert.deepEqual([broken.fields, broken.state, broken.value, broken.points], [[1, 4, 8], "broken", null, 0]);
    assert.deepEqual([open.state, open.value, open.potential], ["open", 5, 20]);
  });

  test("an empty line is open and brings nothing yet", () => {
    const [line] = linesOf(Array(19).fill(null));
    assert.deepEqual([line.state, line.value, line.potential], ["open", null, 0]);
  });

  test("fifteen lines, every field on one line of each direction", () => {
    const lines = linesOf(Array(19).fill(null));
    assert.equal(lines.length, 15);
    for (let field = 1; field <= 19; field++) {
      const through = lines.filter((line) => line.fields.includes(field)).map((line) => line.direction);
      assert.deepEqual(through.sort(), ["falling", "rising", "vertical"]);
    }
  });
});

describe("the puzzle's words", () => {
  test("days in long form, today's with its weekday under the title", () => {
    assert.equal(formatDay("2026-11-29"), "29. November 2026");
    assert.deepEqual(puzzleHeading("2026-11-29", true), { title: "Rätsel des Tages", date: "So., 29. November 2026" });
    assert.deepEqual(puzzleHeading("2026-11-28", false), { title: "Rätsel vom 28. November 2026", date: null });
  });

  test("a day that does not exist reads as it was written", () => {
    assert.equal(formatDay("2020-13-45"), "2020-13-45");
  });

  test("time limits in minutes when whole, else seconds", () => {
    assert.equal(limitLabel(180), "3 Minuten");
    assert.equal(limitLabel(180, { short: true }), "3 Min.");
    assert.equal(limitLabel(90), "90 Sekunden");
    assert.equal(limitLabel(90, { short: true }), "90 s");
  });

  test("shares round down", () => {
    assert.equal(formatShare(0.5), "50\u00a0%");
    assert.equal(formatShare(0.009), "0\u00a0%");
  });
});
