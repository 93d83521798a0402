// Plan Ahead without a mouse and with an eye on the bag: the arrow keys walk the hex land from field
// to neighbouring field; the list of the 27 tiles knows which were drawn and how many still come.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { neighbour } from "../../src/spieltisch/web/js/planahead/geometry.js";
import { ALL_TILES, tileSupply } from "../../src/spieltisch/web/js/planahead/tiles.js";
import { landWith, planAheadTable } from "./fixtures.mjs";

// The land, numbered column by column (geometry.js):
//         8
//     4      13
//  1      9      17
//     5      14
//  2     10      18
//     6      15
//  3     11      19
//     7      16
//        12
describe("arrow keys between fields", () => {
  test("up and down stay in the column, and stop at its ends", () => {
    assert.equal(neighbour(9, "ArrowUp"), 8);
    assert.equal(neighbour(9, "ArrowDown"), 10);
    assert.equal(neighbour(8, "ArrowUp"), null);
    assert.equal(neighbour(12, "ArrowDown"), null);
  });

  test("left and right go to the upper or the lower neighbour beside", () => {
    assert.equal(neighbour(9, "ArrowRight", -1), 13);
    assert.equal(neighbour(9, "ArrowRight", 1), 14);
    assert.equal(neighbour(9, "ArrowLeft", -1), 4);
    assert.equal(neighbour(9, "ArrowLeft", 1), 5);
  });

  test("at the edge the other neighbour beside is taken, else none", () => {
    assert.equal(neighbour(8, "ArrowLeft", -1), 4); // no upper-left of the top field: 4 is its lower-left
    assert.equal(neighbour(12, "ArrowRight", 1), 16);
    assert.equal(neighbour(1, "ArrowLeft"), null);
    assert.equal(neighbour(19, "ArrowRight"), null);
  });

  test("every field reaches every other one", () => {
    const seen = new Set([1]);
    const queue = [1];
    while (queue.length) {
      const f = queue.shift();
      for (const key of /** @type {const} */ (["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"])) {
        for (const lean of /** @type {const} */ ([-1, 1])) {
          const n = neighbour(f, key, lean);
          if (n !== null && !seen.has(n)) {
            seen.add(n);
            queue.push(n);
          }
        }
      }
    }
    assert.equal(seen.size, 19);
  });
});

describe("the tiles drawn and to come", () => {
  test("27 different tiles, each combination once", () => {
    assert.equal(ALL_TILES.length, 27);
    assert.equal(new Set(ALL_TILES).size, 27);
    assert.ok(ALL_TILES.includes("963") && ALL_TILES.includes("124"));
  });

  test("the placed tiles of every land and the next tile count as drawn", () => {
    const table = planAheadTable({
      game: { turn: 2, tile: "578" },
      seats: [{ land: landWith({ 1: "963", 5: "124" }) }, { land: landWith({ 9: "963" }) }],
    });
    const supply = tileSupply(table.game);
    assert.deepEqual([...supply.drawn].sort(), ["124", "578", "963"]);
    assert.equal(supply.current, "578");
    assert.equal(supply.left, 24);
    assert.equal(supply.toCome, 16);
    assert.equal(supply.never, 8);
  });

  test("at the end nothing more comes", () => {
    const land = ALL_TILES.slice(0, 19);
    const table = planAheadTable({
      game: { phase: "finished", tile: null },
      seats: [{ land: land.join(" ") }, { land: land.join(" ") }],
    });
    const supply = tileSupply(table.game);
    assert.equal(supply.drawn.size, 19);
    assert.equal(supply.toCome, 0);
    assert.equal(supply.left, 8);
  });
});
