// Who is away from a running game and what the presence line says of it: the grace time counted
// down on the server's clock, the computer that plays the seat after it, the host's hand-over, a
// person who left.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { setLang } from "../../src/spieltisch/web/js/i18n.js";
import { absenceText, absences } from "../../src/spieltisch/web/js/presence-model.js";
import { planAheadTable } from "./fixtures.mjs";

/** A table of Anna, Ben, Carla where seat 1 (Ben) is away with the given fields. */
function tableWithBen(fields, extra = {}) {
  const table = { ...planAheadTable({ names: ["Anna", "Ben", "Carla"] }), ...extra };
  table.seats = table.seats.map((s, i) => (i === 1 ? { ...s, connected: false, ...fields } : s));
  return table;
}

describe("who is away", () => {
  test("nobody when everyone is there", () => {
    assert.deepEqual(absences(planAheadTable(), 1000, true), []);
  });

  test("a person away with a stand-in ahead: waiting, seconds left on the server's clock", () => {
    const [ben] = absences(tableWithBen({ stand_in_at: 1023.4 }), 1000, false);
    assert.equal(ben.seat, 1);
    assert.equal(ben.name, "Ben");
    assert.equal(ben.state, "waiting");
    assert.ok(Math.abs(ben.seconds - 23.4) < 1e-9);
    assert.equal(ben.canHandOver, false, "only the host hands a seat over");
  });

  test("the host may hand a waited-for seat over, not one a computer already plays", () => {
    assert.equal(absences(tableWithBen({ stand_in_at: 1020 }), 1000, true)[0].canHandOver, true);
    const playing = absences(tableWithBen({ stand_in_at: 990 }), 1000, true)[0];
    assert.equal(playing.state, "computer");
    assert.equal(playing.canHandOver, false);
  });

  test("the grace time running out locally turns waiting into a computer playing", () => {
    const table = tableWithBen({ stand_in_at: 1005 });
    assert.equal(absences(table, 1004.9, false)[0].state, "waiting");
    assert.equal(absences(table, 1005, false)[0].state, "computer");
  });

  test("no stand-in named: away; left: skipped by the game", () => {
    assert.equal(absences(tableWithBen({ stand_in_at: null }), 1000, true)[0].state, "away");
    const left = absences(tableWithBen({ left: true, stand_in_at: null }), 1000, true)[0];
    assert.equal(left.state, "left");
    assert.equal(left.canHandOver, false);
  });

  test("computers are never away; nothing is shown once the game is over", () => {
    const table = planAheadTable({ names: ["Anna", "bot:easy"] });
    table.seats[1].connected = false;
    assert.deepEqual(absences(table, 1000, true), []);
    assert.deepEqual(absences(tableWithBen({ stand_in_at: 1020 }, { status: "finished" }), 1000, true), []);
  });
});

describe("what the presence line says", () => {
  test("German and English, with the countdown as m:ss rounded up", () => {
    const table = tableWithBen({ stand_in_at: 1022.2 });
    setLang("de");
    assert.equal(absenceText(absences(table, 1000, false)[0]), "Ben ist weg – Computer übernimmt in 0:23");
    assert.equal(absenceText(absences(table, 1030, false)[0]), "Computer spielt für Ben");
    setLang("en");
    assert.equal(absenceText(absences(table, 1000, false)[0]), "Ben is away – a computer takes over in 0:23");
    assert.equal(absenceText(absences(tableWithBen({ left: true }), 1000, false)[0]), "Ben has left the game");
    setLang("de");
  });
});
