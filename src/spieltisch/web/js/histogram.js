// @ts-check
// How the day went: after a Rätsel or a Tagesstadt attempt, everyone's first attempts of the day as a
// histogram with one's own marked, and a line to paste into a chat (no name in it). The bins, the
// chart (SVG markup) and the share lines are DOM-free (tests/js/player.test.mjs); dayHistogram()
// draws them on a page.

import "./puzzle/strings.js";
import "./speedgans/solo-strings.js";
import "./player/strings.js";
import { getLang, t } from "./i18n.js";
import { formatClock } from "./clock.js";
import { h } from "./ui.js";
import { formatShare } from "./puzzle/format.js";
import { formatPoints } from "./speedgans/solo-lists.js";

/**
 * @typedef {object} Bin
 * @property {number} from  the lowest value in it
 * @property {number} to  the first value of the next bin (the last bin holds `to` too)
 * @property {number} count
 */

/**
 * The bin of a share of the optimum: tenths, 100 % in the last ("90–100 %"). From score and optimum
 * (whole numbers: 112/160 is 70 % exactly, never 69.99…).
 * @param {number} score
 * @param {number} optimum
 */
export function shareBin(score, optimum) {
  if (!(optimum > 0)) return 9;
  return Math.max(0, Math.min(9, Math.floor((score * 10) / optimum)));
}

/**
 * Ten bins of 10 % of the optimum, counting the scores given.
 * @param {number[]} scores
 * @param {number} optimum
 * @returns {Bin[]}
 */
export function shareBins(scores, optimum) {
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, count: 0 }));
  for (const score of scores) bins[shareBin(score, optimum)].count += 1;
  return bins;
}

/**
 * A bin width for points: 1, 2, 2.5 or 5 times a power of ten, at least `least` and at least 5.
 * @param {number} least
 */
export function niceWidth(least) {
  const goal = Math.max(5, least);
  const power = 10 ** Math.floor(Math.log10(goal));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= goal - 1e-9) return step * power;
  return 10 * power;
}

/**
 * Bins of equal width over points (a Tagesstadt's), at most `most` + 1 of them, from a round number,
 * counting `values`; `also`: values the bins must reach that are not counted (one's own attempt when
 * it does not rank).
 * @param {number[]} values
 * @param {{most?: number, also?: number[]}} [options]
 * @returns {Bin[]}
 */
export function pointBins(values, { most = 8, also = [] } = {}) {
  const all = [...values, ...also];
  if (!all.length) return [];
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const width = niceWidth((hi - lo) / most);
  const start = Math.floor(lo / width) * width;
  const count = Math.floor((hi - start) / width + 1e-9) + 1;
  const bins = Array.from({ length: count }, (_, i) => ({ from: start + i * width, to: start + (i + 1) * width, count: 0 }));
  for (const value of values) bins[binOf(bins, value)].count += 1;
  return bins;
}

/**
 * The index of the bin a value falls in (below the first: the first; above the last: the last).
 * @param {Bin[]} bins
 * @param {number} value
 */
export function binOf(bins, value) {
  const index = bins.findIndex((b) => value < b.to - 1e-9);
  return index < 0 ? bins.length - 1 : Math.max(0, index);
}

/** @param {string} text */
export function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

/**
 * The histogram as SVG markup: a bar per bin with its count above it, the own bin in the accent
 * colour and marked with a label ("du"), a few values along the foot. It scales with its box (CSS
 * gives it the page's width, up to a limit), its words stay readable on a phone.
 * @param {Bin[]} bins
 * @param {{id: string, mine: number | null, label: (value: number) => string, title: string, desc: string, mineLabel?: string}} options
 */
export function histogramSvg(bins, { id, mine, label, title, desc, mineLabel = t("day.you") }) {
  // About as wide as the narrowest place it is shown in (the Rätsel's side column): words stay their size.
  const width = 260;
  const height = 140;
  const left = 16; // room for the first and last value at the foot, centred under their edges
  const right = 16;
  const top = 30; // room for the count and the own mark above the highest bar
  const foot = 20;
  const plot = height - top - foot;
  const slot = (width - left - right) / Math.max(1, bins.length);
  const highest = Math.max(1, ...bins.map((b) => b.count));
  const parts = [];
  bins.forEach((bin, i) => {
    const x = left + i * slot;
    const barH = bin.count ? Math.max(2, (bin.count / highest) * plot) : 0;
    const y = top + plot - barH;
    const own = i === mine;
    parts.push(`<rect class="chart-slot${own ? " is-mine" : ""}" x="${(x + 1).toFixed(1)}" y="${top}" width="${(slot - 2).toFixed(1)}" height="${plot}" rx="3"/>`);
    if (bin.count) {
      parts.push(`<rect class="chart-bar${own ? " is-mine" : ""}" data-bin="${i}" data-count="${bin.count}" x="${(x + 2).toFixed(1)}" y="${y.toFixed(1)}" width="${(slot - 4).toFixed(1)}" height="${barH.toFixed(1)}" rx="2"/>`);
      parts.push(`<text class="chart-count" x="${(x + slot / 2).toFixed(1)}" y="${(y - 4).toFixed(1)}" text-anchor="middle">${bin.count}</text>`);
    }
    if (own) {
      const markY = bin.count ? y - 17 : top + plot - 6;
      parts.push(`<text class="chart-mine" data-bin="${i}" x="${(x + slot / 2).toFixed(1)}" y="${markY.toFixed(1)}" text-anchor="middle">▼ ${escapeXml(mineLabel)}</text>`);
    }
  });
  parts.push(`<line class="chart-axis" x1="${left}" x2="${width - right}" y1="${top + plot + 0.5}" y2="${top + plot + 0.5}"/>`);
  // Values along the foot: at the edges of every bin where they fit (about every 44 units).
  const every = Math.max(1, Math.ceil(44 / slot));
  for (let i = 0; i <= bins.length; i += every) {
    const value = i < bins.length ? bins[i].from : bins[bins.length - 1].to;
    const x = left + i * slot;
    parts.push(`<text class="chart-label" x="${x.toFixed(1)}" y="${height - 6}" text-anchor="middle">${escapeXml(label(value))}</text>`);
  }
  return `<svg class="chart chart-histogram" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" data-testid="histogram-chart" data-mine="${mine ?? ""}">`
    + `<title id="${id}-title">${escapeXml(title)}</title><desc id="${id}-desc">${escapeXml(desc)}</desc>${parts.join("")}</svg>`;
}

/**
 * A percentage of a bin's edge: "0 %", "50 %" / "50%" (the page's language).
 * @param {number} value  0..1
 */
export function percentLabel(value) {
  return new Intl.NumberFormat(getLang() === "en" ? "en-GB" : "de-DE", { style: "percent", maximumFractionDigits: 0 }).format(value);
}

/**
 * A bin as words: "80–90 %", "150–175" (the last bin of shares: "90–100 %").
 * @param {Bin} bin
 * @param {"share" | "points"} kind
 */
export function binRange(bin, kind) {
  if (kind === "share") return `${Math.round(bin.from * 100)}–${percentLabel(bin.to)}`;
  return `${formatPoints(bin.from, { decimals: bin.from % 1 ? 1 : 0 })}–${formatPoints(bin.to, { decimals: bin.to % 1 ? 1 : 0 })}`;
}

/**
 * The line a player may paste into a chat after a Rätsel: day, score of the optimum, share, time. No
 * name: "Plan Ahead Rätsel 2026-12-01: 142/163 (87 %) in 3:12 – Spieltisch".
 * @param {{day: string, score: number, optimum: number, seconds?: number | null}} attempt
 */
export function puzzleShareLine({ day, score, optimum, seconds = null }) {
  const vars = { day, score, optimum, share: formatShare(optimum ? score / optimum : 1), app: t("app.title") };
  return typeof seconds === "number"
    ? t("day.share.puzzle.time", { ...vars, time: formatClock(seconds, { round: "nearest" }) })
    : t("day.share.puzzle", vars);
}

/**
 * The same after a Tagesstadt: "Speedgans Tagesstadt 2026-12-01: 187,5 Punkte in 1:04 – Spieltisch".
 * @param {{day: string, points: number, seconds?: number | null}} attempt
 */
export function dailyShareLine({ day, points, seconds = null }) {
  const vars = { day, points: formatPoints(points), app: t("app.title") };
  return typeof seconds === "number"
    ? t("day.share.daily.time", { ...vars, time: formatClock(seconds, { round: "nearest" }) })
    : t("day.share.daily", vars);
}

/**
 * What the histogram of a day shows, without the page: the bins, the own bin, the words.
 * kind "share": entries' scores over the optimum; "points": entries' points.
 * @param {{kind: "share" | "points", values: number[], optimum?: number, mine: number | null, counted: boolean}} day
 */
export function dayChart({ kind, values, optimum = 0, mine, counted }) {
  const bins = kind === "share" ? shareBins(values, optimum) : pointBins(values, { also: mine !== null && !counted ? [mine] : [] });
  const mineIndex = mine === null || !bins.length ? null : kind === "share" ? shareBin(mine, optimum) : binOf(bins, mine);
  const mineText = mine === null ? "" : kind === "share" ? formatShare(optimum ? mine / optimum : 1) : formatPoints(mine);
  const label = kind === "share" ? percentLabel : (/** @type {number} */ v) => formatPoints(v, { decimals: v % 1 ? 1 : 0 });
  const count = values.length;
  const summary = [
    count === 1 ? t("day.count.one") : t("day.count", { n: count }),
    mine === null ? "" : t(counted ? "day.mine" : "day.mine.uncounted", { value: mineText, range: binRange(bins[mineIndex ?? 0], kind) }),
  ].filter(Boolean).join(" ");
  return { bins, mineIndex, mineText, label, summary, count };
}

/**
 * The panel: heading, histogram, its table for screen readers, the share line with a copy button.
 * @param {{id: string, kind: "share" | "points", values: number[], optimum?: number, mine: number | null,
 *   counted: boolean, shareLine: string | null, shareLabel?: string, testid?: string}} day
 */
export function dayHistogram(day) {
  const chart = dayChart(day);
  const { bins, mineIndex } = chart;
  const box = h("section.day-panel", { "data-testid": day.testid ?? "day-panel", "data-kind": day.kind, "data-count": chart.count, "data-mine-bin": mineIndex ?? "" },
    h("h2.day-title", {}, t("day.title")));
  if (!chart.count && mineIndex === null) {
    box.append(h("p.muted", { "data-testid": "histogram-empty" }, t("day.empty")));
  } else {
    const title = t(day.kind === "share" ? "day.chart.share" : "day.chart.points");
    const holder = h("div.chart-box", {});
    holder.innerHTML = histogramSvg(bins, { id: day.id, mine: mineIndex, label: chart.label, title, desc: chart.summary });
    box.append(holder,
      h("table.visually-hidden", { "data-testid": "histogram-table" },
        h("caption", {}, title),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t(day.kind === "share" ? "day.col.share" : "day.col.points")), h("th", { scope: "col" }, t("day.col.count")))),
        h("tbody", {}, bins.map((bin, i) => h("tr", { class: i === mineIndex ? "is-mine" : "" },
          h("th", { scope: "row" }, binRange(bin, day.kind === "share" ? "share" : "points"), i === mineIndex ? ` (${t("day.you")})` : ""),
          h("td", {}, String(bin.count)))))),
      h("p.day-summary", { "data-testid": "histogram-summary" }, chart.summary));
  }
  if (day.shareLine) box.append(shareLineBox(day.shareLine, day.shareLabel));
  return box;
}

/** How long the note under the share line says it was copied (ms). */
export const SHARE_NOTE_MS = 4000;

/**
 * The share line, selectable, and a button that copies it; a note under them says so for a few
 * seconds (in the box itself: nothing floats over the page, and it goes with the box).
 * @param {string} line
 * @param {string} [label]  which attempt the line is of (default: just „Zum Teilen“)
 */
export function shareLineBox(line, label = t("day.share.label")) {
  const text = h("p.day-share-text", { "data-testid": "share-line" }, line);
  const note = h("p.day-share-note", { "data-testid": "share-note", role: "status", "aria-live": "polite" });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const say = (key) => {
    note.textContent = t(key);
    clearTimeout(timer);
    timer = setTimeout(() => { note.textContent = ""; }, SHARE_NOTE_MS);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(line);
      say("day.share.copied");
    } catch {
      // No clipboard (a page without https, a refusal): the line is selected for the player to copy.
      const range = document.createRange();
      range.selectNodeContents(text);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      say("day.share.select");
    }
  };
  return h("div.day-share", {},
    h("p.day-share-label", { "data-testid": "share-label" }, label),
    h("div.day-share-row", {}, text,
      h("button.secondary.small", { type: "button", "data-testid": "share-copy", onclick: copy }, t("day.share.copy"))),
    note);
}

/**
 * Which attempt the share line is of: the first of the day where the list has it (after a retry
 * that is not the one just played, so the label says so), else the one just played.
 * @param {object | null} own  the player's entry in the day's list of first attempts
 */
export function shareLabel(own) {
  return t(own ? "day.share.label.first" : "day.share.label.this");
}

/**
 * How the day went after a Rätsel attempt: everyone's first attempts (GET /api/puzzles/<day>'s
 * "first") as shares of the optimum, one's own first attempt marked (else this attempt, unranked),
 * and the share line of the attempt that counts.
 * @param {{details: {first?: {player: string, score: number, seconds: number}[]} | null, me: string | null | undefined,
 *   day: string, score: number, optimum: number}} attempt
 */
export function puzzleDay({ details, me, day, score, optimum }) {
  const first = details?.first || [];
  const own = (me && first.find((e) => e.player === me)) || null;
  return dayHistogram({
    id: "day-puzzle", kind: "share", values: first.map((e) => e.score), optimum, mine: own ? own.score : score, counted: Boolean(own),
    shareLine: puzzleShareLine(own ? { day, score: own.score, optimum, seconds: own.seconds } : { day, score, optimum }),
    shareLabel: shareLabel(own),
  });
}

/**
 * The same after a Tagesstadt attempt, from the day's list (GET /api/tagesstadt/<day>: first
 * attempts only) in points.
 * @param {{list: {entries?: {player: string, points: number, seconds: number | null}[]} | null, me: string | null | undefined,
 *   day: string, points: number, seconds?: number | null}} attempt
 */
export function dailyDay({ list, me, day, points, seconds = null }) {
  const entries = list?.entries || [];
  const own = (me && entries.find((e) => e.player === me)) || null;
  return dayHistogram({
    id: "day-daily", kind: "points", values: entries.map((e) => e.points), mine: own ? own.points : points, counted: Boolean(own),
    shareLine: dailyShareLine(own ? { day, points: own.points, seconds: own.seconds } : { day, points, seconds }),
    shareLabel: shareLabel(own),
  });
}
