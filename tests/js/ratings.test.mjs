import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../src/spieltisch/web/js/i18n.js";
import { computersLine, ratingChartSvg, ratingLabel, ratingRows } from "../../src/spieltisch/web/js/ratings/model.js";

describe("the skill ratings as pages show them", () => {
  test("a provisional rating carries a question mark", () => {
    assert.equal(ratingLabel({ rating: 1534, provisional: true }), "1534?");
    assert.equal(ratingLabel({ rating: 1534, provisional: false }), "1534");
  });

  test("one's own row is marked, nobody else's", () => {
    const rows = ratingRows([
      { rank: 1, player: "p_a", nickname: "Ann", rating: 1700, games: 9 },
      { rank: 2, player: "p_b", nickname: "Bob", rating: 1600, games: 5 },
    ], "p_b");
    assert.deepEqual(rows.map((r) => r.you), [false, true]);
    assert.deepEqual(ratingRows(rows, undefined).map((r) => r.you), [false, false]);
  });

  test("the computers' fixed ratings, named by level in the page's language", () => {
    setLang("de");
    assert.equal(computersLine({ easy: 1020, medium: 1500, strong: 1980 }), "Einsteiger 1020 · Fortgeschritten 1500 · Meister 1980");
    setLang("en");
    assert.match(computersLine({ easy: 1020, medium: 1500, strong: 1980 }), /^Beginner 1020 · Advanced 1500 · /);
    setLang("de");
    // Speedgans names its levels its own way.
    assert.equal(computersLine({ easy: 1020, medium: 1500, strong: 1980 }, "speedgans"), "Leicht 1020 · Normal 1500 · Stark 1980");
  });

  test("the chart: a dot per game, higher for a higher rating, the scale at least 100 wide", () => {
    setLang("de");
    const changes = [
      { at: "2026-12-01T10:00:00+00:00", rating: 1540 },
      { at: "2026-12-02T10:00:00+00:00", rating: 1520 },
      { at: "2026-12-03T10:00:00+00:00", rating: 1561 },
    ];
    const svg = ratingChartSvg(changes, { id: "r", title: "T" });
    const dots = [...svg.matchAll(/data-rating="(\d+)" cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
    assert.equal(dots.length, 3);
    assert.ok(dots[0][1] < dots[1][1] && dots[1][1] < dots[2][1]);  // oldest left
    assert.ok(dots[2][2] < dots[0][2] && dots[0][2] < dots[1][2]);  // higher rating, higher dot
    const labels = [...svg.matchAll(/text-anchor="end">(\d+)</g)].map((m) => Number(m[1]));
    assert.ok(labels[1] - labels[0] >= 100, String(labels));
    assert.match(svg, /Zuletzt 1561, zwischen 1520 und 1561 in den letzten 3 Partien\./);
    assert.match(ratingChartSvg(changes.slice(0, 1), { id: "r", title: "T" }), /data-games="1"/);
  });
});
