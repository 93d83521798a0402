// @ts-check
// A player's charts as SVG markup (DOM-free; tests/js/player.test.mjs): the Rätsel's share of the best
// solution day by day, and the Speedgans task groups. Each names itself (<title>, <desc>) for screen
// readers; the page adds a table of the same numbers. Colours come from the CSS (player.css), so the
// charts wear the page's look.

import "./strings.js";
import { getLang, t } from "../i18n.js";
import { escapeXml, percentLabel } from "../histogram.js";
import { formatShare } from "../puzzle/format.js";
import { shortDay } from "./model.js";

/**
 * @param {string} id
 * @param {string} title
 * @param {string} desc
 */
function head(id, title, desc) {
  return `<title id="${id}-title">${escapeXml(title)}</title><desc id="${id}-desc">${escapeXml(desc)}</desc>`;
}

/** The width of every chart's viewBox (they scale to their card). */
const CHART_WIDTH = 360;

/**
 * A column chart's frame: a bar per slot (left to right, `null` leaves the slot empty) of height
 * `level` (0..1 of the plot), grid lines with their labels at the given levels, optional labels at
 * the foot's two ends.
 * @param {{height: number, left: number, foot: number, maxBar: number, minBar: number,
 *   grid: {level: number, label: string}[],
 *   bars: ({level: number, attrs: string, tip: string} | null)[],
 *   ends?: [string, string]}} frame
 * @returns {string} the chart's inner markup
 */
function columns({ height, left, foot, maxBar, minBar, grid, bars, ends }) {
  const width = CHART_WIDTH;
  const right = 6;
  const top = 10;
  const plot = height - top - foot;
  const slot = (width - left - right) / Math.max(1, bars.length);
  const parts = [];
  for (const { level, label } of grid) {
    const y = top + plot - level * plot;
    parts.push(`<line class="${level ? "chart-grid" : "chart-axis"}" x1="${left}" x2="${width - right}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}"/>`);
    parts.push(`<text class="chart-label" x="${left - 5}" y="${(y + 4).toFixed(1)}" text-anchor="end">${escapeXml(label)}</text>`);
  }
  const barW = Math.max(minBar, Math.min(maxBar, slot * 0.7));
  bars.forEach((bar, i) => {
    if (!bar) return;
    const barH = Math.max(2, bar.level * plot);
    const x = left + i * slot + (slot - barW) / 2;
    parts.push(`<rect ${bar.attrs} x="${x.toFixed(1)}" y="${(top + plot - barH).toFixed(1)}" width="${barW.toFixed(1)}" height="${barH.toFixed(1)}" rx="1.5"><title>${escapeXml(bar.tip)}</title></rect>`);
  });
  if (ends) {
    const y = height - 7;
    parts.push(`<text class="chart-label" x="${left}" y="${y}" text-anchor="start">${escapeXml(ends[0])}</text>`);
    parts.push(`<text class="chart-label" x="${width - right}" y="${y}" text-anchor="end">${escapeXml(ends[1])}</text>`);
  }
  return parts.join("");
}

/**
 * The Rätsel's share of the best solution, a bar per day (empty where none was played); 100 % in its
 * own colour. Lines at 0, 50 and 100 %; the first and last day named at the foot.
 * @param {{day: string, share: number | null, score: number | null, optimum: number | null}[]} slots  oldest first
 * @param {{id: string, title: string, desc: string}} options
 */
export function shareByDaySvg(slots, { id, title, desc }) {
  const height = 170;
  const inner = columns({
    height, left: 40, foot: 24, maxBar: 18, minBar: 2,
    grid: [0, 0.5, 1].map((level) => ({ level, label: percentLabel(level) })),
    bars: slots.map((s) => {
      if (s.share === null) return null;
      const share = Math.max(0, Math.min(1, s.share));
      return {
        level: share,
        attrs: `class="chart-bar${share >= 1 ? " is-full" : ""}" data-day="${s.day}" data-share="${share}"`,
        tip: `${shortDay(s.day)}: ${s.score}/${s.optimum} (${formatShare(share)})`,
      };
    }),
    ends: slots.length ? [shortDay(slots[0].day), shortDay(slots[slots.length - 1].day)] : undefined,
  });
  return `<svg class="chart chart-days" viewBox="0 0 ${CHART_WIDTH} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" data-testid="puzzle-chart" data-days="${slots.length}">`
    + `${head(id, title, desc)}${inner}</svg>`;
}

/**
 * The task groups as bars across: each group's share of a first place's points (100 %), its count of
 * tasks scored beside it; a group not played yet shows a dash.
 * @param {{group: string, name: string, share: number | null, count: number}[]} rows
 * @param {{id: string, title: string, desc: string}} options
 */
export function groupsSvg(rows, { id, title, desc }) {
  const width = CHART_WIDTH;
  const row = 34;
  const height = rows.length * row + 6;
  const labelW = 84;
  const valueW = 78;
  const track = width - labelW - valueW - 8;
  const parts = [];
  rows.forEach((r, i) => {
    const y = 4 + i * row;
    const mid = y + row / 2;
    parts.push(`<text class="chart-name" x="0" y="${(mid + 4).toFixed(1)}">${escapeXml(r.name)}</text>`);
    parts.push(`<rect class="chart-track" x="${labelW}" y="${(mid - 8).toFixed(1)}" width="${track}" height="16" rx="8"/>`);
    if (r.share !== null) {
      const w = Math.max(4, Math.max(0, Math.min(1, r.share)) * track);
      parts.push(`<rect class="chart-bar group-${r.group}" data-group="${r.group}" data-share="${r.share}" x="${labelW}" y="${(mid - 8).toFixed(1)}" width="${w.toFixed(1)}" height="16" rx="8"/>`);
    }
    const value = r.share === null ? t("player.groups.none") : `${formatShare(r.share)} · ${t("player.groups.count", { n: r.count })}`;
    parts.push(`<text class="chart-value" x="${width - valueW + 4}" y="${(mid + 4).toFixed(1)}">${escapeXml(value)}</text>`);
  });
  return `<svg class="chart chart-groups" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" data-testid="groups-chart">`
    + `${head(id, title, desc)}${parts.join("")}</svg>`;
}

/**
 * How well a player's Plan Ahead moves were: a bar per game (oldest first), its average loss per tile
 * in expected points (lower is better); lines at 0 and at the scale's top.
 * @param {{at: string, loss: number}[]} points
 * @param {{id: string, title: string, desc: string}} options
 */
export function lossTrendSvg(points, { id, title, desc }) {
  const height = 150;
  const scale = Math.max(2, Math.ceil(Math.max(0, ...points.map((p) => p.loss))));
  const inner = columns({
    height, left: 34, foot: 22, maxBar: 22, minBar: 3,
    grid: [0, scale].map((level) => ({ level: level / scale, label: String(level) })),
    bars: points.map((p) => ({
      level: p.loss / scale,
      attrs: `class="chart-bar" data-loss="${p.loss}"`,
      tip: t("player.trend.bar", { when: shortDay(p.at.slice(0, 10)), loss: oneDecimal(p.loss) }),
    })),
  });
  return `<svg class="chart chart-trend" viewBox="0 0 ${CHART_WIDTH} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" data-testid="trend-chart" data-games="${points.length}">`
    + `${head(id, title, desc)}${inner}</svg>`;
}

/**
 * Speedgans at tables: the points a round's city fell short of the Musterstadt on average, a bar per
 * recent game, oldest first (the optimal rounds of a game make its bar lower).
 * @param {{at: string, missed: number, rounds: number, optimal: number}[]} points
 * @param {{id: string, title: string, desc: string}} options
 */
export function cityTrendSvg(points, { id, title, desc }) {
  const height = 150;
  const scale = Math.max(10, Math.ceil(Math.max(0, ...points.map((p) => p.missed)) / 10) * 10);
  const inner = columns({
    height, left: 34, foot: 22, maxBar: 22, minBar: 3,
    grid: [0, scale].map((level) => ({ level: level / scale, label: String(level) })),
    bars: points.map((p) => ({
      // A game of optimal towns only misses nothing: a low bar in the colour of a full one, not none.
      level: Math.max(p.missed / scale, p.optimal === p.rounds ? 0.04 : 0),
      attrs: `class="chart-bar${p.optimal === p.rounds ? " is-full" : ""}" data-missed="${p.missed}"`,
      tip: t("player.cities.bar", { when: shortDay(p.at.slice(0, 10)), missed: oneDecimal(p.missed), optimal: p.optimal, rounds: p.rounds }),
    })),
  });
  return `<svg class="chart chart-trend" viewBox="0 0 ${CHART_WIDTH} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" data-testid="city-chart" data-games="${points.length}">`
    + `${head(id, title, desc)}${inner}</svg>`;
}

/**
 * „12 von 20 Städten optimal; im Schnitt 1,4 Kacheln anders als die nächste Bestlösung, 6,3 Punkte
 * unter der Musterstadt.“ — over every round of the games charted.
 * @param {{rounds: number, optimal: number, differ: number, missed: number}[]} points
 * @returns {string}
 */
export function cityTrendSummary(points) {
  const rounds = points.reduce((sum, p) => sum + p.rounds, 0);
  if (!rounds) return "";
  const weighted = (/** @type {"differ" | "missed"} */ key) => points.reduce((sum, p) => sum + p[key] * p.rounds, 0) / rounds;
  return t("player.cities.summary", {
    optimal: points.reduce((sum, p) => sum + p.optimal, 0),
    rounds,
    differ: oneDecimal(weighted("differ")),
    missed: oneDecimal(weighted("missed")),
  });
}

/**
 * „Zuletzt −2,1 Punkte je Kachel (im Schnitt −3,4)“ — the newest game against the average.
 * @param {{loss: number}[]} points
 * @returns {string}
 */
export function lossTrendSummary(points) {
  if (!points.length) return "";
  const mean = points.reduce((sum, p) => sum + p.loss, 0) / points.length;
  const last = oneDecimal(points[points.length - 1].loss);
  if (points.length === 1) return t("player.trend.summary.one", { last });
  return t("player.trend.summary", { last, mean: oneDecimal(mean), n: points.length });
}

/** @param {number} value */
function oneDecimal(value) {
  return value.toLocaleString(getLang() === "en" ? "en-GB" : "de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
