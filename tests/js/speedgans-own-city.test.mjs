// The own Speedgans city while building: changes show at once and are sent as the whole city; a
// slow server's older city never undoes a newer own change; refusals and lost answers give way to
// the server's city.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { LOST_AFTER_MS, OwnCity } from "../../src/spieltisch/web/js/speedgans/own-city.js";
import { E, N, S, W } from "../../src/spieltisch/web/js/speedgans/city.js";
import { EMPTY_CITY, fakeClock, fakeSend } from "./fixtures.mjs";

function ownCity() {
  const send = fakeSend();
  const clock = fakeClock(1000);
  const city = new OwnCity({ send: (c) => send("city", { city: c }), now: clock });
  return { city, send, clock };
}

/** The cities sent, in order. */
const citiesSent = (send) => send.of("city").map((m) => m.city);

describe("changes show at once and are sent whole", () => {
  test("a tile put on a cell lies there and the whole city is sent", () => {
    const { city, send } = ownCity();
    assert.equal(city.place(4, 0), true);
    assert.equal(city.text(), "4a0 . . . . . . . .");
    assert.deepEqual(citiesSent(send), ["4a0 . . . . . . . ."]);
    assert.equal(city.pending, true);
  });

  test("turning and flipping a tile in the city are sent, each as the whole city", () => {
    const { city, send } = ownCity();
    city.place(7, 4);
    city.rotate(7);
    city.flip(7);
    assert.deepEqual(citiesSent(send), [". . . . 7a0 . . . .", ". . . . 7a1 . . . .", ". . . . 7b1 . . . ."]);
  });

  test("four quarter turns bring a tile back round", () => {
    const { city } = ownCity();
    city.place(2, 8);
    for (let i = 0; i < 4; i++) city.rotate(2);
    assert.equal(city.text(), ". . . . . . . . 2a0");
  });

  test("a double tap flips and takes back the first tap's quarter turn", () => {
    const { city } = ownCity();
    city.place(3, 0);
    city.rotate(3); // the first tap turned it
    city.flip(3, true); // the second tap came quickly: flip instead
    assert.equal(city.text(), "3b0 . . . . . . . .");
  });

  test("turning a tile in the tray sends nothing (the city is the same) but can be undone", () => {
    const { city, send } = ownCity();
    city.place(4, 0);
    city.receive("4a0 . . . . . . . .");
    assert.equal(city.rotate(5), true);
    assert.equal(city.pieces[5].rotation, 1);
    assert.equal(send.sent.length, 1);
    assert.equal(city.pending, false);
    assert.equal(city.undo(), true);
    assert.equal(city.pieces[5].rotation, 0);
  });

  test("putting a tile on an occupied cell swaps: the other tile takes its old cell", () => {
    const { city } = ownCity();
    city.place(1, 0);
    city.place(2, 1);
    city.place(1, 1);
    assert.equal(city.text(), "2a0 1a0 . . . . . . .");
  });

  test("a tile from the tray onto an occupied cell sends the other one to the tray", () => {
    const { city } = ownCity();
    city.place(1, 0);
    city.place(2, 0);
    assert.equal(city.text(), "2a0 . . . . . . . .");
    assert.equal(city.pieces[1].cell, null);
  });

  test("a tile put where it already lies changes nothing and sends nothing", () => {
    const { city, send } = ownCity();
    city.place(6, 3);
    assert.equal(city.place(6, 3), false);
    assert.equal(send.sent.length, 1);
  });

  test("arrow moves go to the neighbouring cell and stop at the town wall", () => {
    const { city } = ownCity();
    city.place(9, 4); // the centre
    assert.equal(city.move(9, N), true);
    assert.equal(city.pieces[9].cell, 1);
    assert.equal(city.move(9, N), false); // the wall
    assert.equal(city.move(9, E), true);
    assert.equal(city.move(9, S), true);
    assert.equal(city.pieces[9].cell, 5);
    city.toTray(9);
    assert.equal(city.move(9, W), false); // in the tray: nowhere to go
  });

  test("undo takes back the last change and sends the city before it", () => {
    const { city, send } = ownCity();
    city.place(4, 0);
    city.rotate(4);
    assert.equal(city.undo(), true);
    assert.equal(city.text(), "4a0 . . . . . . . .");
    assert.equal(send.last().city, "4a0 . . . . . . . .");
    assert.equal(city.undo(), true);
    assert.equal(city.text(), EMPTY_CITY);
    assert.equal(city.undo(), false);
  });

  test("undo keeps the last 80 changes", () => {
    const { city } = ownCity();
    city.place(1, 0);
    for (let i = 0; i < 100; i++) city.rotate(1);
    let undone = 0;
    while (city.undo()) undone += 1;
    assert.equal(undone, 80);
  });

  test("offline, a change still shows but nothing waits for an answer", () => {
    const { city, send } = ownCity();
    send.offline = true;
    city.place(4, 0);
    assert.equal(city.text(), "4a0 . . . . . . . .");
    assert.equal(city.pending, false);
  });
});

describe("the server's answers", () => {
  test("the echo of the last change ends the wait", () => {
    const { city } = ownCity();
    city.place(4, 0);
    assert.equal(city.receive("4a0 . . . . . . . ."), false);
    assert.equal(city.pending, false);
    assert.equal(city.text(), "4a0 . . . . . . . .");
  });

  test("an echo of an older city does not undo a newer local change", () => {
    const { city } = ownCity();
    city.place(4, 0);
    city.rotate(4);
    city.place(5, 8);
    assert.equal(city.receive("4a0 . . . . . . . ."), false);
    assert.equal(city.text(), "4a1 . . . . . . . 5a0");
    assert.equal(city.pending, true); // two changes still on their way
    city.receive("4a1 . . . . . . . .");
    assert.equal(city.pending, true);
    city.receive("4a1 . . . . . . . 5a0");
    assert.equal(city.pending, false);
  });

  test("a slow server's city from before the changes (the empty city) is old news", () => {
    const { city, clock } = ownCity();
    city.place(4, 0);
    clock.advance(5000);
    assert.equal(city.receive(EMPTY_CITY), false);
    assert.equal(city.text(), "4a0 . . . . . . . .");
    assert.equal(city.pending, true);
  });

  test("an echo of a later change acknowledges the earlier ones too", () => {
    const { city } = ownCity();
    city.place(4, 0);
    city.place(5, 1);
    city.receive("4a0 5a0 . . . . . . .");
    assert.equal(city.pending, false);
    assert.equal(city.text(), "4a0 5a0 . . . . . . .");
  });

  test("with nothing on its way, the server's city stands, even one it had before", () => {
    const { city } = ownCity();
    city.place(4, 0);
    city.place(5, 1);
    city.receive("4a0 5a0 . . . . . . .");
    assert.equal(city.receive("4a0 . . . . . . . ."), true);
    assert.equal(city.text(), "4a0 . . . . . . . .");
  });

  test("a city the server has and this page does not (a reload, another tab) is taken over", () => {
    const { city } = ownCity();
    assert.equal(city.receive("4a1 . 7b2 . . . . . 1b0"), true);
    assert.equal(city.text(), "4a1 . 7b2 . . . . . 1b0");
    assert.deepEqual(city.pieces[7], { side: "b", rotation: 2, cell: 2 });
  });

  test("taking over the server's city puts the tiles it lacks back in the tray", () => {
    const { city } = ownCity();
    city.place(4, 0);
    city.receive("4a0 . . . . . . . .");
    city.receive(". . . . . . . . 9a0");
    assert.equal(city.pieces[4].cell, null);
    assert.equal(city.text(), ". . . . . . . . 9a0");
  });

  test("a city in another notation of the same arrangement counts as an echo", () => {
    const { city } = ownCity();
    city.place(4, 0);
    assert.equal(city.receive("  4a0 .  . . . . . . . "), false);
    assert.equal(city.pending, false);
  });

  test("after taking over the server's city, a change back to it is not sent again", () => {
    const { city, send } = ownCity();
    city.receive("4a0 . . . . . . . .");
    city.rotate(4);
    city.receive("4a1 . . . . . . . .");
    city.undo(); // back to the server's city taken over first: that one is sent (it differs from the last)
    assert.deepEqual(citiesSent(send), ["4a1 . . . . . . . .", "4a0 . . . . . . . ."]);
  });

  test("an error for a city message restores the server's city", () => {
    const { city, send } = ownCity();
    city.place(4, 0);
    city.receive("4a0 . . . . . . . .");
    city.rotate(4); // the round ends meanwhile: the server refuses this one
    const seq = send.last().seq;
    assert.equal(city.refused(seq), true);
    assert.equal(city.pending, false);
    assert.equal(city.receive("4a0 . . . . . . . ."), true);
    assert.equal(city.text(), "4a0 . . . . . . . .");
  });

  test("an error for another message leaves the city alone", () => {
    const { city } = ownCity();
    city.place(4, 0);
    assert.equal(city.refused(999), false);
    assert.equal(city.pending, true);
  });

  test("a change never answered gives way to the server's city after the wait", () => {
    const { city, clock } = ownCity();
    city.place(4, 0);
    clock.advance(LOST_AFTER_MS - 1);
    assert.equal(city.overdue(), false);
    assert.equal(city.receive(EMPTY_CITY), false);
    clock.advance(1);
    assert.equal(city.overdue(), true);
    assert.equal(city.receive(EMPTY_CITY), true);
    assert.equal(city.text(), EMPTY_CITY);
    assert.equal(city.pending, false);
  });

  test("the wait counts from the oldest change on its way", () => {
    const { city, clock } = ownCity();
    city.place(4, 0);
    clock.advance(10000);
    city.rotate(4);
    clock.advance(6000);
    assert.equal(city.overdue(), true);
  });

  test("a new round: every tile back in the tray, side a, nothing waiting", () => {
    const { city } = ownCity();
    city.place(4, 0);
    city.flip(4);
    city.reset();
    assert.equal(city.text(), EMPTY_CITY);
    assert.deepEqual(city.pieces[4], { side: "a", rotation: 0, cell: null });
    assert.equal(city.pending, false);
    assert.equal(city.undo(), false);
  });
});
