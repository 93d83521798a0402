// A Plan Ahead game as the player sees it: placing and confirming the tile, whose land is shown,
// the hint and turn line, the clock, the scores with the preview, and the end.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { PlanAheadModel } from "../../src/spieltisch/web/js/planahead/model.js";
import { fakeClock, fakeSend, landWith, planAheadTable } from "./fixtures.mjs";

function game(table = planAheadTable()) {
  const send = fakeSend();
  const server = fakeClock(1000);
  const model = new PlanAheadModel({ send, serverNow: server });
  model.update(table);
  return { model, send, server };
}

describe("placing and confirming", () => {
  test("tapping a field sends it, and the tile lies there at once", () => {
    const { model, send } = game();
    assert.equal(model.place(7), true);
    assert.deepEqual(send.last(), { type: "place", field: 7, seq: 1 });
    assert.equal(model.tentativeField(), 7);
    assert.equal(model.pending, 7);
  });

  test("OK waits for the server's answer to the placing", () => {
    const { model, send } = game();
    model.place(7);
    assert.equal(model.canConfirm(), false);
    assert.equal(model.confirm(), false);
    model.update(planAheadTable({ seats: [{ tentative: 7 }] }));
    assert.equal(model.pending, undefined);
    assert.equal(model.tentativeField(), 7);
    assert.equal(model.confirm(), true);
    assert.equal(send.last().type, "confirm");
  });

  test("OK without a placed tile does nothing", () => {
    const { model, send } = game();
    assert.equal(model.confirm(), false);
    assert.equal(send.sent.length, 0);
  });

  test("a field with a tile on it takes none", () => {
    const { model, send } = game(planAheadTable({ seats: [{ land: landWith({ 3: "124" }) }] }));
    assert.equal(model.place(3), false);
    assert.equal(send.sent.length, 0);
  });

  test("the same field again sends nothing; taking the tile back sends null", () => {
    const { model, send } = game(planAheadTable({ seats: [{ tentative: 4 }] }));
    assert.equal(model.place(4), false);
    assert.equal(model.place(null), true);
    assert.deepEqual(send.last(), { type: "place", field: null, seq: 1 });
    assert.equal(model.tentativeField(), null);
  });

  test("a placing the server could not take (unavailable) gives the tile back: placed again, it can be confirmed", () => {
    const { model, send } = game();
    model.place(7);
    assert.equal(model.onError({ type: "error", code: "unavailable", seq: send.last().seq }), true);
    assert.equal(model.pending, undefined);
    assert.equal(model.tentativeField(), null); // where the server has it: nowhere yet
    assert.equal(model.hint(), "Ziehe die Kachel auf ein Feld oder tippe ein Feld an.");
    assert.equal(model.place(7), true); // the same field again is sent again
    assert.deepEqual(send.last(), { type: "place", field: 7, seq: 2 });
    model.update(planAheadTable({ seats: [{ tentative: 7 }] }));
    assert.equal(model.confirm(), true);
  });

  test("a refused move of the tile leaves it on the field the server has it on", () => {
    const { model, send } = game(planAheadTable({ seats: [{ tentative: 4 }] }));
    model.place(9);
    assert.equal(model.canConfirm(), false);
    assert.equal(model.onError({ type: "error", code: "unavailable", seq: send.last().seq }), true);
    assert.equal(model.tentativeField(), 4);
    assert.equal(model.canConfirm(), true);
  });

  test("an error for another message, an older placing or none leaves the placing on its way", () => {
    const { model, send } = game();
    model.place(7);
    const first = send.last().seq;
    model.place(8);
    assert.equal(model.onError({ type: "error", code: "unavailable", seq: first }), false);
    assert.equal(model.onError({ type: "error", code: "internal", seq: null }), false);
    assert.equal(model.onError({ type: "error", code: "rate_limited", seq: 99 }), false);
    assert.equal(model.tentativeField(), 8);
    assert.equal(model.pending, 8);
  });

  test("offline nothing moves", () => {
    const { model, send } = game();
    send.offline = true;
    assert.equal(model.place(2), false);
    assert.equal(model.tentativeField(), null);
  });

  test("no placing after confirming, while looking at another land, when watching, or at the end", () => {
    const confirmed = game(planAheadTable({ seats: [{ confirmed: true }] })).model;
    assert.equal(confirmed.canPlace(), false);
    const looking = game().model;
    looking.showSeat(1);
    assert.equal(looking.canPlace(), false);
    assert.equal(looking.place(5), false);
    assert.equal(game(planAheadTable({ you: null })).model.canPlace(), false);
    assert.equal(game(planAheadTable({ game: { phase: "finished", tile: null } })).model.canPlace(), false);
  });
});

describe("whose land is shown", () => {
  test("one's own land first; someone watching sees the first seat's", () => {
    assert.equal(game(planAheadTable({ you: 1 })).model.viewData().seat, 1);
    const watching = game(planAheadTable({ you: null })).model;
    assert.equal(watching.viewData().seat, 0);
    assert.equal(watching.viewData().own, false);
  });

  test("another seat's land, with its name, its clock-placed fields and its lines", () => {
    const { model } = game(planAheadTable({ seats: [{}, { land: landWith({ 1: "963" }), clock_placed: [1] }] }));
    model.showSeat(1);
    const view = model.viewData();
    assert.equal(view.name, "Ben");
    assert.equal(view.land[0], "963");
    assert.deepEqual(view.clockPlaced, [1]);
    assert.equal(view.lines[0].potential, 27);
  });

  test("the strongest computer's land after the end", () => {
    const { model } = game(planAheadTable({ game: { phase: "finished", tile: null, strongest: { score: 171, land: landWith({ 10: "524" }) } } }));
    model.showSeat("strongest");
    const view = model.viewData();
    assert.equal(view.caption, "Du siehst das Land des stärksten Computers.");
    assert.equal(view.land[9], "524");
    assert.equal(view.own, false);
  });

  test("a rematch brings one back to one's own land and the end dialog back", () => {
    const { model } = game(planAheadTable({ game: { phase: "finished", tile: null, ranking: [1, 2] } }));
    model.showSeat(1);
    model.endHidden = true;
    model.update(planAheadTable({ game: { phase: "playing", turn: 0 } }));
    assert.equal(model.viewSeat, 0);
    assert.equal(model.endHidden, false);
  });

  test("someone asking for a rematch brings the end dialog back, once", () => {
    /** @type {Partial<import("../../src/spieltisch/web/js/protocol.js").PlanAheadGame>} */
    const finished = { phase: "finished", tile: null, ranking: [1, 2] };
    const { model } = game(planAheadTable({ game: finished }));
    model.endHidden = true;
    model.update(planAheadTable({ game: finished }));
    assert.equal(model.endHidden, true);
    model.update(planAheadTable({ game: finished, rematch: { by: [1], at: 1015 } }));
    assert.equal(model.endHidden, false);
    model.endHidden = true; // set aside again while the countdown runs: it stays aside
    model.update(planAheadTable({ game: finished, rematch: { by: [1, 0], at: 1015 } }));
    assert.equal(model.endHidden, true);
  });

  test("the next tile leaves the strongest computer's land, not a player's land one chose", () => {
    const { model } = game(planAheadTable({ game: { turn: 3 } }));
    model.showSeat("strongest");
    model.update(planAheadTable({ game: { turn: 4 } }));
    assert.equal(model.viewSeat, 0);
    model.showSeat(1);
    model.update(planAheadTable({ game: { turn: 5 } }));
    assert.equal(model.viewSeat, 1);
  });
});

describe("what the page says", () => {
  test("the hint follows the player's steps", () => {
    const { model } = game();
    assert.equal(model.hint(), "Ziehe die Kachel auf ein Feld oder tippe ein Feld an.");
    model.place(8);
    assert.equal(model.hint(), "Bestätige mit OK.");
    model.update(planAheadTable({ seats: [{ confirmed: true }] }));
    assert.equal(model.hint(), "Warten auf die anderen …");
    assert.equal(game(planAheadTable({ you: null })).model.hint(), "Du schaust zu.");
    assert.equal(game(planAheadTable({ game: { phase: "finished" } })).model.hint(), "");
  });

  test("looking at another land, the hint says nothing is laid there, not to tap a field or press OK", () => {
    const { model } = game();
    model.place(8);
    model.showSeat(1);
    assert.equal(model.hint(), "Hier legst du nichts – lege deine Kachel in deinem Land („Zurück zu meinem Land“).");
    assert.equal(model.canConfirm(), false);
    model.showSeat("strongest");
    assert.doesNotMatch(model.hint(), /tippe|OK/);
    model.showSeat(0);
    assert.equal(model.hint(), "Bestätige mit OK.");
  });

  test("the turn line counts the tiles, then says the game is over", () => {
    assert.equal(game(planAheadTable({ game: { turn: 3 } })).model.turnText(), "Kachel 4 von 19");
    assert.equal(game(planAheadTable({ game: { turn: 19 } })).model.turnText(), "Kachel 19 von 19");
    assert.equal(game(planAheadTable({ game: { phase: "finished" } })).model.turnText(), "Spielende");
  });

  test("the turn clock reads m:ss, urgent in the last 10 s, its bar the share of the turn left", () => {
    const { model, server } = game(planAheadTable({ game: { deadline: 1015, turn_seconds: 15 } }));
    assert.deepEqual(model.clock(), { text: "0:15", urgent: false, fraction: 1 });
    server.advance(5.5);
    assert.deepEqual(model.clock(), { text: "0:10", urgent: true, fraction: 9.5 / 15 });
    server.advance(20);
    assert.deepEqual(model.clock(), { text: "0:00", urgent: true, fraction: 0 });
  });

  test("a clock of two minutes", () => {
    const { model } = game(planAheadTable({ game: { deadline: 1120, turn_seconds: 120 } }));
    assert.equal(model.clock().text, "2:00");
  });

  test("no clock without a deadline or after the end", () => {
    assert.equal(game().model.clock(), null);
    assert.equal(game(planAheadTable({ game: { phase: "finished", deadline: 1015 } })).model.clock(), null);
  });
});

describe("scores", () => {
  test("confirmed seats are dimmed while playing; computers and offline players are marked", () => {
    const table = planAheadTable({ names: ["Anna", "bot:strong", "Carla"], seats: [{ score: 12 }, { score: 20, confirmed: true }, {}] });
    table.seats[2].connected = false;
    const rows = game(table).model.scores();
    assert.deepEqual(rows.map((r) => [r.name, r.score, r.dimmed, r.you, r.bot, r.offline]), [
      ["Anna", 12, false, true, null, false],
      ["Platz 2", 20, true, false, "strong", false],
      ["Carla", 0, false, false, null, true],
    ]);
  });

  test("the preview of the tentative tile shows on one's own score and over the tile", () => {
    const { model } = game(planAheadTable({ seats: [{ tentative: 5, preview: 27 }, { preview: 9 }] }));
    assert.deepEqual(model.scores().map((r) => r.preview), [27, 0]);
    assert.equal(model.preview(), 27);
  });

  test("no preview while a new placing is on its way (it would be the old field's)", () => {
    const { model } = game(planAheadTable({ seats: [{ tentative: 5, preview: 27 }] }));
    model.place(6);
    assert.deepEqual(model.scores().map((r) => r.preview), [0, 0]);
    assert.equal(model.preview(), 0);
  });

  test("no preview over a land one only looks at", () => {
    const { model } = game(planAheadTable({ seats: [{ tentative: 5, preview: 27 }] }));
    model.showSeat(1);
    assert.equal(model.preview(), 0);
  });
});

describe("the end", () => {
  test("the ranking follows the server's places; equal places share the headline", () => {
    const { model } = game(planAheadTable({
      names: ["Anna", "Ben", "Carla"], you: 2,
      game: { phase: "finished", tile: null, ranking: [1, 3, 1] }, seats: [{ score: 120 }, { score: 98 }, { score: 120 }],
    }));
    const { rows, winners } = model.standings();
    assert.deepEqual(rows.map((r) => [r.seat, r.place, r.score]), [[0, 1, 120], [2, 1, 120], [1, 3, 98]]);
    assert.deepEqual(winners.map((w) => w.name), ["Anna", "Carla"]);
    assert.equal(rows[1].you, true);
  });

  test("a computer's row keeps its level, as the score list shows it", () => {
    const { model } = game(planAheadTable({
      names: ["Anna", "bot:strong"], you: 0,
      game: { phase: "finished", tile: null, ranking: [2, 1] }, seats: [{ score: 120 }, { score: 170 }],
    }));
    const { rows } = model.standings();
    assert.deepEqual(rows.map((r) => [r.seat, r.bot]), [[1, "strong"], [0, null]]);
    assert.deepEqual(model.scores().map((r) => r.bot), [null, "strong"]);
  });
});
