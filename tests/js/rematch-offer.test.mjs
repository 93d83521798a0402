// The rematch offer at the end of a game: who asked, whether you are in, the countdown.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { rematchOffer } from "../../src/spieltisch/web/js/rematch-offer.js";

const seats = [{ nickname: "Ann" }, { nickname: "Ben" }, { nickname: "Lina" }];

describe("a rematch offer", () => {
  test("none while nobody asked", () => {
    assert.equal(rematchOffer({ rematch: null, seats, you: 0 }, 100), null);
    assert.equal(rematchOffer({ seats, you: 0 }, 100), null);
  });

  test("Ben asked: Ann sees who and how long, and that she has not agreed", () => {
    const offer = rematchOffer({ rematch: { by: [1], at: 115 }, seats, you: 0 }, 100.2);
    assert.deepEqual(offer, { youAgreed: false, names: ["Ben"], seconds: 15 });
  });

  test("once Ann agreed she is in; a watcher never is; the countdown stops at 0", () => {
    const table = { rematch: { by: [1, 0], at: 115 }, seats, you: 0 };
    assert.deepEqual(rematchOffer(table, 114.5), { youAgreed: true, names: ["Ben", "Ann"], seconds: 1 });
    assert.equal(rematchOffer({ ...table, you: null }, 100)?.youAgreed, false);
    assert.equal(rematchOffer(table, 130)?.seconds, 0);
    assert.deepEqual(rematchOffer(table, 100, "dir")?.names, ["Ben", "dir"]);
  });
});
