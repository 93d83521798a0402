// @ts-check
// The skill ratings as pages show them (DOM-free; tests/js/ratings.test.mjs): the rating list's rows
// with one's own marked, a rating's label („1534?“ while provisional) and the chart of its changes.

import "./strings.js";
import "../speedgans/strings.js";
import { t } from "../i18n.js";
import { escapeXml } from "../histogram.js";
import { shortDay } from "../player/model.js";

/** The games whose tables are rated, in the order pages show them. */
export const RATED_GAMES = /** @type {const} */ (["planahead", "speedgans"]);

/**
 * @typedef {{rank: number, player: string, nickname: string, rating: number, games: number}} RatingEntry
 * @typedef {{rating: number, games: number, provisional: boolean, changes: {at: string, rating: number}[]}} PlayerRating
 */

/**
 * A rating as a number to show: a question mark while it is provisional (as Lichess writes it).
 * @param {{rating: number, provisional?: boolean}} rated
 */
export function ratingLabel(rated) {
  return `${rated.rating}${rated.provisional ? "?" : ""}`;
}

/**
 * The list's rows, one's own marked.
 * @param {RatingEntry[]} entries
 * @param {string | undefined} me
 */
export function ratingRows(entries, me) {
  return entries.map((entry) => ({ ...entry, you: Boolean(me) && entry.player === me }));
}

/**
 * The computers' fixed ratings in words, by the game's own names of its levels: „Einsteiger 1020 ·
 * Fortgeschritten 1500 · Meister 1980“ (Plan Ahead), „Leicht 1020 · …“ (Speedgans).
 * @param {Record<string, number>} computers
 * @param {string} [game]
 */
export function computersLine(computers, game = "planahead") {
  const word = (/** @type {string} */ level) => t(game === "speedgans" ? `sg.level.${level}` : `level.${level}`);
  return ["easy", "medium", "strong"]
    .filter((level) => level in computers)
    .map((level) => `${word(level)} ${computers[level]}`)
    .join(" · ");
}

/**
 * A rating's changes as a line over its games (oldest left), the scale from the lowest to the highest
 * rating shown (at least 100 apart), each game a dot with its rating as a tip.
 * @param {{at: string, rating: number}[]} changes
 * @param {{id: string, title: string}} options
 */
export function ratingChartSvg(changes, { id, title }) {
  const width = 360;
  const height = 120;
  const left = 40;
  const right = 8;
  const top = 10;
  const foot = 12;
  const values = changes.map((c) => c.rating);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const middle = (low + high) / 2;
  const span = Math.max(100, high - low);
  const bottom = Math.floor((middle - span / 2) / 10) * 10;
  const ceiling = Math.ceil((middle + span / 2) / 10) * 10;
  const plot = height - top - foot;
  const y = (/** @type {number} */ value) => top + plot - ((value - bottom) / (ceiling - bottom)) * plot;
  const x = (/** @type {number} */ i) => left + (changes.length === 1 ? (width - left - right) / 2 : (i * (width - left - right)) / (changes.length - 1));
  const parts = [];
  for (const level of [bottom, ceiling]) {
    parts.push(`<line class="chart-grid" x1="${left}" x2="${width - right}" y1="${y(level).toFixed(1)}" y2="${y(level).toFixed(1)}"/>`);
    parts.push(`<text class="chart-label" x="${left - 5}" y="${(y(level) + 4).toFixed(1)}" text-anchor="end">${level}</text>`);
  }
  if (changes.length > 1) {
    const path = changes.map((c, i) => `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(c.rating).toFixed(1)}`).join(" ");
    parts.push(`<path class="chart-line" d="${path}" fill="none"/>`);
  }
  changes.forEach((c, i) => {
    const tip = t("rating.chart.bar", { when: shortDay(c.at.slice(0, 10)), rating: c.rating });
    parts.push(`<circle class="chart-dot" data-rating="${c.rating}" cx="${x(i).toFixed(1)}" cy="${y(c.rating).toFixed(1)}" r="3.5"><title>${escapeXml(tip)}</title></circle>`);
  });
  const desc = t("rating.chart.desc", { rating: values[values.length - 1], low, high, n: changes.length });
  return `<svg class="chart chart-rating" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" data-testid="rating-chart" data-games="${changes.length}">`
    + `<title id="${id}-title">${escapeXml(title)}</title><desc id="${id}-desc">${escapeXml(desc)}</desc>${parts.join("")}</svg>`;
}
