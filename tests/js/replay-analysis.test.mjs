// The move-by-move analysis as a replay shows it: a move's line, the bars of losses, the accuracy.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { setLang } from "../../src/spieltisch/web/js/i18n.js";
import { accuracyText, cityAnalysisText, lossBars, moveAt, moveText } from "../../src/spieltisch/web/js/replay/analysis.js";

const move = (turn, field, best, loss, verdict = null, extra = {}) => ({
  turn, tile: "963", field, best_field: best, expected: 150 - loss, best_expected: 150, loss, verdict, ...extra,
});
const replay = {
  analysis: [
    { moves: [move(1, 7, 7, 0), move(2, 12, 9, 4.2, "inaccuracy"), move(3, 1, 5, 16, "blunder")], score: 90, accuracy: 0.734 },
    { moves: [], score: 0, accuracy: null },
  ],
};

describe("the analysis of a replay", () => {
  test("a move's line in German: the best move, or the better field and what it cost", () => {
    setLang("de");
    assert.equal(moveText(moveAt(replay, 0, 0)), "Feld 7 · bester Zug");
    assert.equal(moveText(moveAt(replay, 0, 1)), "Feld 12 · besser Feld 9 (−4,2) · Ungenau");
    assert.equal(moveText(moveAt(replay, 0, 2)), "Feld 1 · besser Feld 5 (−16,0) · Patzer");
    assert.equal(moveAt(replay, 1, 0), null);
    assert.equal(moveAt({}, 0, 0), null); // a replay from before analyses
  });

  test("in English, and a Rätsel's move against the best land", () => {
    setLang("en");
    assert.equal(moveText(move(1, 4, 9, 8.5, "mistake", { optimal_field: 4 })), "Field 4 · better field 9 (−8.5) · Mistake · as in the best land");
    assert.equal(moveText(move(1, 4, 4, 0, null, { optimal_field: 11 })), "Field 4 · best move · best land: field 11 (blue)");
    setLang("de");
  });

  test("the bars: each loss against the game's largest, the step's marked", () => {
    const bars = lossBars(replay, 0, 1);
    assert.deepEqual(bars.map((b) => b.height), [0, 4.2 / 16, 1]);
    assert.deepEqual(bars.map((b) => b.current), [false, true, false]);
    assert.deepEqual(lossBars(replay, 1, 0), []);
    assert.deepEqual(lossBars({ analysis: [{ moves: [move(1, 3, 3, 0)], score: 0, accuracy: 1 }] }, 0, 0)[0].height, 0);
  });

  test("the accuracy as a whole percentage, none without moves", () => {
    assert.equal(accuracyText(replay, 0), "Genauigkeit 73 %");
    assert.equal(accuracyText(replay, 1), null);
  });
});

describe("a Speedgans city against the optimal ones", () => {
  const tasks = [{ id: "W3" }, { id: "H5" }, { id: "L5" }];
  const clock = (s) => `0:${String(Math.round(s)).padStart(2, "0")}`;

  test("how far off, what it missed per task, when it called", () => {
    setLang("de");
    const found = { target: "", differ: 2, points: [65, 66.7, 62.5], best: [75, 66.7, 66.7], missed: [10, 0, 4.2], seconds: 42.4 };
    assert.equal(cityAnalysisText(found, tasks, clock), "2 Plättchen anders als die nächste Bestlösung · verpasst: W3 −10,0, L5 −4,2 · „Gasse dicht!“ nach 0:42");
  });

  test("an optimal city, a faulty one, none", () => {
    setLang("en");
    assert.equal(cityAnalysisText({ target: "", differ: 0, points: [75, 66.7, 66.7], best: [75, 66.7, 66.7], missed: [0, 0, 0], seconds: null }, tasks, clock), "an optimal town (the best sum of the three tasks)");
    assert.equal(cityAnalysisText({ target: "", differ: 1, points: null, best: [75, 66.7, 66.7], missed: null, seconds: 9 }, tasks, clock),
      "1 tile unlike the nearest optimal town · no points: the town has faults · “Lane closed!” after 0:09");
    assert.equal(cityAnalysisText(null, tasks, clock), "");
    setLang("de");
  });
});
