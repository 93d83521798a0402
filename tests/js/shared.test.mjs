// What both games share: the clock's text, the end's ranking and headline, the places of a results
// list, and the language (German unless the browser remembers English).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { formatClock } from "../../src/spieltisch/web/js/clock.js";
import { getLang, initLang, onLangChange, setLang, t, tNodes } from "../../src/spieltisch/web/js/i18n.js";
import { headline, sharedPlaces, standings } from "../../src/spieltisch/web/js/standings.js";

describe("the clock's text", () => {
  test("m:ss, a started second counting as a whole one", () => {
    assert.equal(formatClock(65), "1:05");
    assert.equal(formatClock(59.01), "1:00");
    assert.equal(formatClock(9.4), "0:10");
    assert.equal(formatClock(600), "10:00");
  });

  test("never below 0:00", () => {
    assert.equal(formatClock(0), "0:00");
    assert.equal(formatClock(-3.5), "0:00");
  });

  test("a duration taken rounds to the nearest second", () => {
    assert.equal(formatClock(94.4, { round: "nearest" }), "1:34");
    assert.equal(formatClock(94.5, { round: "nearest" }), "1:35");
  });

  test("one format on every screen: the minutes are never padded", () => {
    assert.equal(formatClock(180), "3:00");
    assert.equal(formatClock(11.2), "0:12");
    assert.equal(formatClock(600), "10:00");
  });
});

describe("the end's ranking", () => {
  const seats = [{ name: "Anna", score: 10 }, { name: "Ben", score: 30 }, { name: "Carla", score: 30 }];

  test("by place; equal places keep seat order; one's own seat is marked", () => {
    const { rows, winners } = standings(seats, [3, 1, 1], 0);
    assert.deepEqual(rows.map((r) => [r.name, r.place]), [["Ben", 1], ["Carla", 1], ["Anna", 3]]);
    assert.deepEqual(rows.map((r) => r.you), [false, false, true]);
    assert.equal(headline(winners), "Gleichstand: Ben, Carla");
  });

  test("a computer keeps its level in the ranking; a person has none", () => {
    const { rows } = standings([{ name: "Anna", score: 10 }, { name: "Ada", score: 20, bot: "strong" }], [2, 1], 0);
    assert.deepEqual(rows.map((r) => [r.name, r.bot]), [["Ada", "strong"], ["Anna", null]]);
  });

  test("one winner", () => {
    const { winners } = standings(seats, [2, 1, 3], null);
    assert.equal(headline(winners), "Ben gewinnt!");
  });

  test("a game of a match before its last: its winner won that game, not the match", () => {
    assert.equal(headline(standings(seats, [2, 1, 3], null).winners, 1), "Ben gewinnt Spiel 1!");
    assert.equal(headline(standings(seats, [3, 1, 1], null).winners, 2), "Gleichstand in Spiel 2: Ben, Carla");
  });

  test("without the server's places: by points, nobody named the winner", () => {
    const { rows, winners } = standings(seats, null, null);
    assert.deepEqual(rows.map((r) => [r.name, r.place]), [["Ben", null], ["Carla", null], ["Anna", null]]);
    assert.deepEqual(winners, []);
  });

  test("a results list: equal entries share the place of the first", () => {
    const entries = [{ s: 90, t: 60 }, { s: 90, t: 60 }, { s: 90, t: 70 }, { s: 80, t: 50 }];
    assert.deepEqual(sharedPlaces(entries, (e) => `${e.s}/${e.t}`), [1, 1, 3, 4]);
    assert.deepEqual(sharedPlaces([], String), []);
  });
});

describe("the language", () => {
  test("German until the browser's choice is read; importing touches no storage", () => {
    assert.equal(typeof globalThis.localStorage, "undefined");
    assert.equal(getLang(), "de");
    assert.equal(t("pa.ok"), "OK");
    assert.equal(t("pa.tileof", { n: 4, total: 19 }), "Kachel 4 von 19");
  });

  test("initLang takes the remembered English; setLang keeps the choice and tells the page", () => {
    const stored = new Map([["spieltisch.lang", "en"]]);
    const storage = { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => stored.set(k, v) };
    const root = { lang: "de" };
    const heard = [];
    onLangChange((l) => heard.push(l));
    initLang(storage, root);
    assert.equal(getLang(), "en");
    assert.equal(root.lang, "en");
    assert.equal(t("end.wins", { name: "Ann" }), "Ann wins!");
    setLang("de");
    assert.equal(stored.get("spieltisch.lang"), "de");
    assert.equal(root.lang, "de");
    assert.deepEqual(heard, ["de"]);
    setLang("fr");
    assert.equal(getLang(), "de");
  });

  test("tNodes puts an element where the text names it, the words around it kept", () => {
    const name = /** @type {Node} */ (/** @type {unknown} */ ({ node: "Ada" })); // any object: it is put in as it is
    assert.deepEqual(tNodes("lobby.host", { name }), ["Gastgeber:in: ", name]);
    assert.deepEqual(tNodes("end.wins", { name }), [name, " gewinnt!"]);
    assert.deepEqual(tNodes("pa.ok", { name }), ["OK"]);
  });

  test("an unknown key reads as itself", () => {
    assert.equal(t("no.such.key"), "no.such.key");
  });
});
