// The score by line (planahead/line-scores.js): 15 lines, five per direction, each complete with its
// points or broken with none, and their sum the land's score.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lineScores } from "../../src/spieltisch/web/js/planahead/line-scores.js";

test("a land of one tile everywhere: every line complete, length × value each, 342 in all", () => {
  const { lines, total, complete, broken } = lineScores(Array(19).fill("963"));
  assert.equal(lines.length, 15);
  assert.equal(complete, 15);
  assert.equal(broken, 0);
  assert.deepEqual(lines.slice(0, 5).map((l) => l.points), [27, 36, 45, 36, 27]);
  assert.deepEqual(lines.map((l) => l.number), [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
  assert.equal(lines[0].kind, "road");
  assert.equal(total, 19 * 9 + 19 * 6 + 19 * 3);
});

test("a different route on a line breaks it: no points, and the sum drops by exactly its points", () => {
  const land = Array(19).fill("963");
  land[0] = "563"; // field 1: a meadow path in the first vertical line (1, 2, 3)
  const { lines, total, broken } = lineScores(land);
  assert.equal(lines[0].state, "broken");
  assert.equal(lines[0].points, 0);
  assert.equal(broken, 1);
  assert.equal(total, 342 - 27);
  assert.equal(total, lines.reduce((sum, l) => sum + l.points, 0));
});

test("an unfinished land (a puzzle whose time ran out): open lines bring nothing yet", () => {
  const land = Array(19).fill(null);
  land[0] = "963";
  const { lines, total } = lineScores(land);
  assert.equal(lines[0].state, "open");
  assert.equal(total, 0);
});
