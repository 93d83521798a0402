// Playing together (issue 35): the quick messages' phrases in both languages, who may say one,
// whom one can mute, which bubbles show where and for how long; a private table's invite link.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { setLang } from "../../src/spieltisch/web/js/i18n.js";
import { BUBBLE_MS, Bubbles, PHRASES, maySay, mutable, phraseText } from "../../src/spieltisch/web/js/quick-messages.js";
import { inviteUrl, keyFromHash, rememberKey } from "../../src/spieltisch/web/js/private-table.js";

/** @type {import("../../src/spieltisch/web/js/protocol.js").TableSeat[]} */
const seats = [
  { player: "p_ann", nickname: "Ann" },
  { player: null, nickname: "Kiesel", bot: "easy" },
  { player: "p_bob", nickname: "Bob" },
];
const table = (you, extra = {}) => ({ kind: "planahead", you, seats, ...extra });

describe("quick messages", () => {
  test("every phrase has a text in both languages, the emoji alike", () => {
    for (const lang of ["de", "en"]) {
      setLang(lang);
      const texts = PHRASES.map(phraseText);
      assert.ok(texts.every((text) => typeof text === "string" && text.length > 0 && !text.startsWith("quick.")));
      assert.equal(new Set(texts).size, PHRASES.length);
    }
    setLang("de");
    assert.equal(phraseText("well_played"), "Gut gemacht!");
    assert.equal(phraseText("party"), "🎉");
    setLang("en");
    assert.equal(phraseText("well_played"), "Well played!");
    assert.equal(phraseText("<b>hi</b>"), null);
    setLang("de");
  });

  test("the seated may say something; a watcher, one who left, a solo run not", () => {
    assert.equal(maySay(table(0)), true);
    assert.equal(maySay(table(null)), false);
    assert.equal(maySay(table(0, { seats: [{ ...seats[0], left: true }] })), false);
    assert.equal(maySay(table(0, { kind: "speedgans" })), true);
    assert.equal(maySay(table(0, { kind: "puzzle" })), false);
    assert.equal(maySay(null), false);
  });

  test("one can mute the other people at the table, not oneself nor a computer", () => {
    assert.deepEqual(mutable(table(0), "p_ann"), [{ player: "p_bob", nickname: "Bob" }]);
  });

  test("a bubble stands by its sender's seat as the table is now, for a few seconds", () => {
    const bubbles = new Bubbles();
    assert.equal(bubbles.add({ player: "p_bob", phrase: "thanks" }, 1000), true);
    assert.equal(bubbles.add({ player: "p_bob", phrase: "no_such" }, 1000), false);
    assert.deepEqual(bubbles.showing(table(0), 1500).map((b) => [b.seat, b.phrase]), [[2, "thanks"]]);
    // Bob moved to seat 0 (an open table's seats close up): his bubble goes along.
    const moved = { seats: [seats[2], seats[0]] };
    assert.deepEqual(bubbles.showing(moved, 1500).map((b) => b.seat), [0]);
    // A newer bubble of his replaces the older one, and lasts from when it came.
    bubbles.add({ player: "p_bob", phrase: "party" }, 3000);
    assert.deepEqual(bubbles.showing(table(0), 3000 + BUBBLE_MS - 1).map((b) => b.phrase), ["party"]);
    assert.equal(bubbles.nextEnd(), 3000 + BUBBLE_MS);
    assert.deepEqual(bubbles.showing(table(0), 3000 + BUBBLE_MS), []);
    assert.equal(bubbles.nextEnd(), null);
    // One who is no longer at the table shows none.
    bubbles.add({ player: "p_gone", phrase: "bye" }, 0);
    assert.deepEqual(bubbles.showing(table(0), 10), []);
  });
});

describe("private tables", () => {
  test("the invite link carries the secret in its fragment, and the page reads it back", () => {
    const url = inviteUrl("https://spiel.example", "k3j4h5", "AbC_d-9");
    assert.equal(url, "https://spiel.example/t/k3j4h5#k=AbC_d-9");
    assert.equal(keyFromHash(new URL(url).hash), "AbC_d-9");
    assert.equal(inviteUrl("https://spiel.example", "k3j4h5", null), "https://spiel.example/t/k3j4h5");
    for (const hash of ["", "#", "#k=", "#k=a b", "#k=<script>", "#x=abc"]) assert.equal(keyFromHash(hash), null, hash);
  });

  test("the secret is kept for the tab: a reload without the fragment still has it", () => {
    const kept = new Map();
    const store = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
    assert.equal(rememberKey("k3j4h5", "s3cret", store), "s3cret");
    assert.equal(rememberKey("k3j4h5", null, store), "s3cret");
    assert.equal(rememberKey("other1", null, store), null);
    const refusing = { getItem: () => { throw new Error("no"); }, setItem: () => { throw new Error("no"); } };
    assert.equal(rememberKey("k3j4h5", "s3cret", refusing), "s3cret");
  });
});
