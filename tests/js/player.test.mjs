// A player's page and how a day went, without the page: the histograms' bins and one's own bin, the
// share lines (no name in them), the streak's strip, the recent games as rows, the charts' markup with
// its text for screen readers.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { setLang } from "../../src/spieltisch/web/js/i18n.js";
import {
  binOf, dailyShareLine, dayChart, histogramSvg, niceWidth, pointBins, puzzleShareLine, shareBin, shareBins, shareLabel,
} from "../../src/spieltisch/web/js/histogram.js";
import {
  bestCards, dayCount, daysText, gameRow, groupRows, looksLikePlayer, playerPath, shareSlots, shareSummary, shiftDay, streakView,
} from "../../src/spieltisch/web/js/player/model.js";
import { cityTrendSummary, cityTrendSvg, groupsSvg, lossTrendSummary, lossTrendSvg, shareByDaySvg } from "../../src/spieltisch/web/js/player/charts.js";

/** Intl puts a no-break space between number and "%": compare as the eye reads. */
const plain = (/** @type {string | null} */ text) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("histogram bins", () => {
  test("shares fall in tenths of the optimum, 100 % in the last, exact tenths in their own bin", () => {
    assert.equal(shareBin(0, 160), 0);
    assert.equal(shareBin(15, 160), 0);
    assert.equal(shareBin(16, 160), 1); // 10 % exactly
    assert.equal(shareBin(112, 160), 7); // 70 % exactly: never 69.99…
    assert.equal(shareBin(159, 160), 9);
    assert.equal(shareBin(160, 160), 9);
    assert.equal(shareBin(142, 163), 8); // 87 %
    const bins = shareBins([160, 150, 142, 112, 16, 3], 160);
    assert.equal(bins.length, 10);
    assert.deepEqual(bins.map((b) => b.count), [1, 1, 0, 0, 0, 0, 0, 1, 1, 2]);
    assert.deepEqual([bins[0].from, bins[9].to], [0, 1]);
  });

  test("points get round bins of a nice width that hold every value", () => {
    assert.equal(niceWidth(0), 5);
    assert.equal(niceWidth(7), 10);
    assert.equal(niceWidth(21), 25);
    assert.equal(niceWidth(30), 50);
    const values = [187.5, 201.2, 12.0, 250.9, 99.9, 100.0];
    const bins = pointBins(values);
    assert.ok(bins.length >= 2 && bins.length <= 9, `${bins.length} bins`);
    assert.equal(bins[0].from, 0);
    const width = bins[0].to - bins[0].from;
    assert.equal(width, 50);
    assert.equal(bins.reduce((sum, b) => sum + b.count, 0), values.length);
    assert.equal(bins[binOf(bins, 100.0)].from, 100); // an edge belongs to the bin it starts
    assert.equal(bins[binOf(bins, 99.9)].from, 50);
    assert.ok(bins[bins.length - 1].to > 250.9);
    // One value alone: one bin. None: none.
    assert.equal(pointBins([180]).length, 1);
    assert.deepEqual(pointBins([]), []);
    // One's own attempt that does not rank widens the bins but is not counted.
    const wider = pointBins([180, 190], { also: [20] });
    assert.equal(wider.reduce((sum, b) => sum + b.count, 0), 2);
    assert.ok(wider[0].from <= 20);
  });

  test("a day's chart marks one's own bin and says it in words", () => {
    setLang("de");
    const day = dayChart({ kind: "share", values: [160, 150, 142, 120], optimum: 160, mine: 142, counted: true });
    assert.equal(day.mineIndex, 8);
    assert.equal(day.count, 4);
    assert.match(plain(day.summary), /4 erste Versuche gewertet\. Dein erster Versuch: 88 % \(Bereich 80–90 %\)\./);
    const svg = histogramSvg(day.bins, { id: "h", mine: day.mineIndex, label: day.label, title: "Titel", desc: day.summary });
    assert.match(svg, /role="img" aria-labelledby="h-title h-desc"/);
    assert.match(svg, /<title id="h-title">Titel<\/title>/);
    assert.equal((svg.match(/class="chart-bar is-mine"/g) || []).length, 1);
    assert.match(svg, /class="chart-bar is-mine" data-bin="8" data-count="1"/);
    assert.match(svg, /class="chart-mine" data-bin="8"[^>]*>▼ du</);
    assert.equal((svg.match(/class="chart-bar/g) || []).length, 3); // bins 7, 8 and 9 hold attempts
    // Not ranked (a retry's first attempt went unranked): marked, not counted.
    setLang("en");
    const retry = dayChart({ kind: "points", values: [180, 200], mine: 40, counted: false });
    assert.equal(retry.count, 2);
    assert.equal(retry.bins.reduce((sum, b) => sum + b.count, 0), 2);
    assert.equal(retry.bins[retry.mineIndex ?? -1].from, 40);
    assert.match(retry.summary, /Your attempt: 40\.0 \(range 40–60, unranked\)\./);
    setLang("de");
  });

  test("text in the chart is escaped", () => {
    const svg = histogramSvg([{ from: 0, to: 1, count: 1 }], { id: "x", mine: null, label: () => "<b>", title: "a & b", desc: "\"q\"" });
    assert.ok(svg.includes("a &amp; b") && svg.includes("&lt;b&gt;") && svg.includes("&quot;q&quot;"));
    assert.ok(!svg.includes("<b>"));
  });
});

describe("share lines", () => {
  test("a Rätsel's: day, score of the optimum, share, time – and no name", () => {
    setLang("de");
    assert.equal(plain(puzzleShareLine({ day: "2026-12-01", score: 142, optimum: 163, seconds: 192.2 })),
      "Plan Ahead Rätsel 2026-12-01: 142/163 (87 %) in 3:12 – Spieltisch");
    assert.equal(plain(puzzleShareLine({ day: "2026-12-01", score: 163, optimum: 163 })),
      "Plan Ahead Rätsel 2026-12-01: 163/163 (100 %) – Spieltisch");
    setLang("en");
    assert.equal(puzzleShareLine({ day: "2026-12-01", score: 142, optimum: 163, seconds: 59.6 }),
      "Plan Ahead puzzle 2026-12-01: 142/163 (87%) in 1:00 – Spieltisch");
    setLang("de");
  });

  test("a Tagesstadt's: day, points, time", () => {
    setLang("de");
    assert.equal(dailyShareLine({ day: "2026-12-01", points: 187.5, seconds: 64.2 }),
      "Speedgans Tagesstadt 2026-12-01: 187,5 Punkte in 1:04 – Spieltisch");
    setLang("en");
    assert.equal(dailyShareLine({ day: "2026-12-01", points: 187.5 }),
      "Speedgans town of the day 2026-12-01: 187.5 points – Spieltisch");
    setLang("de");
  });
});

describe("a player's page", () => {
  test("paths and ids", () => {
    assert.deepEqual(playerPath("/spieler/p_0123456789abcdef"), { id: "p_0123456789abcdef" });
    assert.deepEqual(playerPath("/spieler/p_0123456789abcdef/"), { id: "p_0123456789abcdef" });
    assert.equal(playerPath("/spieler"), null);
    assert.equal(playerPath("/t/abc"), null);
    assert.ok(looksLikePlayer("p_0123456789abcdef"));
    for (const bad of ["bob", "p_0123", "p_0123456789ABCDEF", "p_0123456789abcdef0"]) assert.ok(!looksLikePlayer(bad), bad);
  });

  test("the streak's strip: the last 14 days, today last; what today asks of the player", () => {
    assert.equal(shiftDay("2026-12-01", -1), "2026-11-30");
    assert.equal(shiftDay("2026-03-28", 2), "2026-03-30"); // over the change to summer time
    const today = "2026-12-10";
    const days = ["2026-11-20", "2026-11-27", "2026-12-08", "2026-12-09", "2026-12-10"];
    const view = streakView({ current: 3, longest: 4 }, days, today);
    assert.equal(view.strip.length, 14);
    assert.deepEqual(view.strip[0], { day: "2026-11-27", played: true, today: false });
    assert.deepEqual(view.strip[13], { day: today, played: true, today: true });
    assert.deepEqual(view.strip.filter((d) => d.played).map((d) => d.day), ["2026-11-27", "2026-12-08", "2026-12-09", today]);
    assert.equal(view.note, "player.streak.today");
    // Not played today yet: a game keeps the streak; none running: one starts it.
    assert.equal(streakView({ current: 2, longest: 4 }, days.slice(0, 4), today).note, "player.streak.keep");
    assert.equal(streakView({ current: 0, longest: 4 }, days.slice(0, 2), today).note, "player.streak.start");
    setLang("de");
    assert.deepEqual([daysText(0), daysText(1), daysText(3)], ["keine", "1 Tag", "3 Tage in Folge"]);
    assert.deepEqual([dayCount(0), dayCount(1), dayCount(7)], ["keine", "1 Tag", "7 Tage"]);
    setLang("en");
    assert.equal(daysText(3), "3 days in a row");
    setLang("de");
  });

  test("recent games as rows: results, places, retries, replays, day links", () => {
    setLang("de");
    const at = "2026-12-10T13:03:00+00:00";
    const table = gameRow({ kind: "planahead", at, score: 80, place: 1, of: 3, game_id: "tbl001-0123456789ab" });
    assert.deepEqual([table.name, table.result, table.place, table.won, table.replay],
      ["Plan Ahead", "80 Punkte", "Platz 1 von 3", true, "/replay/tbl001-0123456789ab"]);
    const alone = gameRow({ kind: "planahead", at, score: 80, place: 1, of: 1, game_id: null });
    assert.equal(alone.won, false); // alone is no win
    assert.equal(alone.replay, null);
    const puzzle = gameRow({ kind: "puzzle", at, day: "2026-12-10", score: 120, optimum: 160, share: 0.75, first_attempt: true, place: 3, of: 12, game_id: null });
    assert.deepEqual([puzzle.name, plain(puzzle.result), puzzle.place, puzzle.dayHref], ["Rätsel", "120/160 (75 %)", "Platz 3 von 12", "/puzzle/2026-12-10"]);
    assert.equal(puzzle.day, null); // played on its day: the day goes without saying
    const archive = gameRow({ kind: "puzzle", at: "2026-12-09T23:30:00+00:00", day: "2026-12-01", score: 1, optimum: 2, share: 0.5, first_attempt: true, place: null, of: null, game_id: null });
    assert.equal(archive.day, "vom 1. Dez."); // 00:30 on the 10th in Berlin: an earlier day's Rätsel
    const late = gameRow({ kind: "daily", at: "2026-12-09T23:30:00+00:00", day: "2026-12-10", points: 1, first_attempt: true, place: 1, of: 1, game_id: null });
    assert.equal(late.day, null); // the Berlin day of its moment is its own
    const retry = gameRow({ kind: "puzzle", at, day: "2026-12-10", score: 160, optimum: 160, share: 1, first_attempt: false, place: null, of: null, game_id: null });
    assert.equal(retry.place, "Wiederholung, ohne Wertung");
    const daily = gameRow({ kind: "daily", at, day: "2026-12-10", points: 187.5, first_attempt: true, place: 2, of: 5, game_id: null });
    assert.deepEqual([daily.name, daily.result, daily.place, daily.dayHref], ["Tagesstadt", "187,5 Punkte", "Platz 2 von 5", "/tagesstadt/2026-12-10"]);
    const record = gameRow({ kind: "record", at, points: 201, place: null, of: null, game_id: null });
    assert.deepEqual([record.result, record.place, record.day], ["201,0 Punkte", null, null]);
    const left = gameRow({ kind: "planahead", at, score: 31, place: null, of: 2, left: true, game_id: null });
    assert.deepEqual([left.result, left.place, left.won], ["31 Punkte", "verlassen, ohne Platz", false]);
    setLang("en");
    assert.equal(gameRow({ kind: "speedgans", at, points: 7, place: 2, of: 4, game_id: null }).place, "Place 2 of 4");
    setLang("de");
  });

  test("bests: values in words, or none yet", () => {
    setLang("de");
    const cards = bestCards({ puzzle: { share: 0.875, score: 140, optimum: 160, day: "2026-12-01" }, record: null, daily: { points: 180, day: "2026-12-10" } });
    assert.deepEqual(cards.map((c) => c.key), ["puzzle", "record", "daily", "planahead"]);
    assert.deepEqual(cards.map((c) => c.value && plain(c.value)), ["87 %", null, "180,0 Punkte", null]);
    assert.match(cards[0].note ?? "", /^140 von 160 Punkten, 1\. Dez\. 2026$/);
  });

  test("Plan Ahead bests: the best score, the average, games and wins", () => {
    setLang("de");
    const planahead = { best: 178, average: 142.5, games: 12, wins: 1 };
    const card = bestCards({ puzzle: null, record: null, daily: null, planahead }).at(-1);
    assert.equal(card?.value, "178 Punkte");
    assert.equal(plain(card?.note ?? ""), "Schnitt 142,5 · 12 Partien · 1 Sieg");
    setLang("en");
    const english = bestCards({ puzzle: null, record: null, daily: null, planahead: { ...planahead, games: 1 } }).at(-1);
    assert.equal(plain(english?.note ?? ""), "average 142.5 · 1 game · 1 win");
    setLang("de");
  });

  test("a game a computer stood in for says so; a Speedgans game mostly played for him earned no list points", () => {
    setLang("de");
    const at = "2026-12-10T10:00:00+00:00";
    const pa = gameRow({ kind: "planahead", at, score: 195, place: 1, of: 5, game_id: null, played_for: { computer: [9, 10], clock: [], of: 19, mostly: false } });
    assert.equal(pa.standIn, "Computer ab Kachel 9");
    assert.equal(pa.place, "Platz 1 von 5");
    const sg = gameRow({ kind: "speedgans", at, points: 4, place: 2, of: 2, game_id: null, played_for: { computer: [1, 2], clock: [], of: 3, mostly: true } });
    assert.equal(sg.standIn, "Computer ab Runde 1");
    assert.equal(sg.noListPoints, true);
    assert.equal(gameRow({ kind: "speedgans", at, points: 4, place: 2, of: 2, game_id: null }).standIn, "");
  });

  test("the Rätsel chart spans two weeks at least, sixty days at most, with gaps as gaps", () => {
    const today = "2026-12-10";
    const few = shareSlots([{ day: "2026-12-08", score: 120, optimum: 160, share: 0.75 }], today);
    assert.equal(few.length, 14);
    assert.equal(few[13].day, today);
    assert.deepEqual(few.filter((s) => s.share !== null).map((s) => s.day), ["2026-12-08"]);
    const long = shareSlots([{ day: "2026-10-20", score: 1, optimum: 2, share: 0.5 }, { day: today, score: 2, optimum: 2, share: 1 }], today);
    assert.equal(long.length, 52);
    assert.equal(long[0].day, "2026-10-20");
    setLang("de");
    assert.equal(plain(shareSummary([{ day: "a", score: 1, optimum: 2, share: 0.5 }, { day: "b", score: 2, optimum: 2, share: 1 }])),
      "2 Rätsel, im Schnitt 75 %, am besten 100 %.");
    assert.equal(plain(shareSummary([{ day: "a", score: 1, optimum: 2, share: 0.5 }])), "1 Rätsel: 50 %.");
    const svg = shareByDaySvg(few, { id: "s", title: "T", desc: "D" });
    assert.equal((svg.match(/<rect class="chart-bar/g) || []).length, 1);
    assert.match(svg, /data-day="2026-12-08" data-share="0.75"/);
    assert.match(svg, /aria-labelledby="s-title s-desc"/);
    assert.match(svg, /data-days="14"/);
  });

  test("task groups: strongest and weakest in words, unplayed groups with a dash", () => {
    setLang("de");
    const task = (id, share, count) => ({ id, share, count });
    const { rows, summary, games } = groupRows({
      games: 3,
      groups: [
        { group: "F", share: 0.75, count: 4, tasks: [task("F1", 1, 2), task("F2", 0.5, 2)] },
        { group: "W", share: 0.25, count: 2, tasks: [task("W1", 0.25, 2)] },
        { group: "H", share: null, count: 0, tasks: [] },
        { group: "L", share: 0.5, count: 1, tasks: [task("L3", 0.5, 1)] },
      ],
    });
    assert.equal(games, 3);
    assert.deepEqual(rows.map((r) => r.name), ["Fangen", "Wege", "Häuser", "Leute"]);
    assert.equal(rows[0].tasks[0].name, "Gänsejagd");
    assert.equal(plain(summary), "Am stärksten: Fangen (75 %). Am schwächsten: Wege (25 %).");
    const even = groupRows({ games: 1, groups: ["F", "W", "H", "L"].map((group) => ({ group, share: 1, count: 1, tasks: [] })) });
    assert.equal(plain(even.summary), "Alle gespielten Gruppen gleich: 100 %.");
    const one = groupRows({ games: 1, groups: [{ group: "W", share: 0.5, count: 1, tasks: [] }] });
    assert.equal(plain(one.summary), "Alle gespielten Gruppen gleich: 50 %.");
    const svg = groupsSvg(rows, { id: "g", title: "T", desc: summary });
    assert.equal((svg.match(/<rect class="chart-bar/g) || []).length, 3);
    assert.match(svg, /data-group="F" data-share="0.75"/);
    assert.match(svg, />Häuser<.*?>–</);
  });
});

describe("which attempt the share line is of", () => {
  test("after a retry the line is the first attempt's, and its label says so; without one, this attempt's", () => {
    setLang("de");
    assert.equal(shareLabel({ player: "p_1", score: 120, seconds: 95 }), "Zum Teilen: dein erster Versuch, der für die Liste zählt (ohne Namen)");
    assert.equal(shareLabel(null), "Zum Teilen: dieser Versuch (ohne Namen)");
    setLang("en");
    assert.match(shareLabel({ player: "p_1", score: 120, seconds: 95 }), /^To share: your first try/);
    setLang("de");
  });
});

describe("the trend of a player's Plan Ahead moves", () => {
  const points = [
    { at: "2026-12-01T10:00:00+00:00", loss: 6.2 },
    { at: "2026-12-02T10:00:00+00:00", loss: 3.0 },
    { at: "2026-12-03T10:00:00+00:00", loss: 1.5 },
  ];

  test("a bar a game, as tall as its loss against the largest", () => {
    setLang("de");
    const svg = lossTrendSvg(points, { id: "t", title: "T", desc: "D" });
    const heights = [...svg.matchAll(/data-loss="([\d.]+)"[^>]*height="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    assert.equal(heights.length, 3);
    assert.ok(heights[0][1] > heights[1][1] && heights[1][1] > heights[2][1]);
    assert.match(svg, /data-games="3"/);
    assert.match(svg, /1\. Dez\.?: 6,2 Punkte je Kachel|01\.12\.: 6,2 Punkte je Kachel/);
  });

  test("the newest game against the average, in the page's language", () => {
    setLang("de");
    assert.equal(lossTrendSummary(points), "Zuletzt 1,5 Punkte je Kachel, im Schnitt 3,6 (3 Partien).");
    setLang("en");
    assert.equal(lossTrendSummary(points), "Last game 1.5 points a tile, on average 3.6 (3 games).");
    assert.equal(lossTrendSummary([]), "");
    assert.equal(lossTrendSummary(points.slice(0, 1)), "6.2 points a tile (one game).");
    setLang("de");
  });
});

describe("the trend of a player's Speedgans towns", () => {
  const points = [
    { at: "2026-12-01T10:00:00+00:00", rounds: 3, optimal: 0, differ: 4, missed: 24.5 },
    { at: "2026-12-02T10:00:00+00:00", rounds: 1, optimal: 1, differ: 0, missed: 0 },
  ];

  test("a bar a game, as tall as the points it missed a round; an optimal game's bar is the floor", () => {
    setLang("de");
    const svg = cityTrendSvg(points, { id: "c", title: "T", desc: "D" });
    const heights = [...svg.matchAll(/data-missed="([\d.]+)"[^>]*height="([\d.]+)"/g)].map((m) => Number(m[2]));
    assert.equal(heights.length, 2);
    assert.ok(heights[0] > heights[1] && heights[1] > 2);  // the optimal game: low, but there
    assert.match(svg, /class="chart-bar is-full" data-missed="0"/);
    assert.match(svg, />30</);  // the scale: the next ten above the worst game
    assert.match(svg, /24,5 Punkte je Runde unter der Musterstadt, 0 von 3 Städten optimal/);
  });

  test("the rounds of every game weighed alike, in the page's language", () => {
    setLang("de");
    assert.equal(cityTrendSummary(points),
      "1 von 4 Städten optimal; im Schnitt 3,0 Kacheln anders als die nächste Bestlösung und 18,4 Punkte unter der Musterstadt.");
    setLang("en");
    assert.match(cityTrendSummary(points), /^1 of 4 towns optimal; on average 3\.0 tiles/);
    assert.equal(cityTrendSummary([]), "");
    setLang("de");
  });
});
