// The score by line under a finished land (the end dialog, a replay's last frame): a table of the 15
// lines, one column per direction, each line complete („3 × 9 = 27“, with its kind) or broken (no
// points), and the sum, which is the land's score. The numbers are line-scores.js's.

import "./strings.js";
import { addStrings, t } from "../i18n.js";
import { h } from "../dom.js";
import { DIRECTIONS, lineScores } from "./line-scores.js";

// Its own words here (not in strings.js): the end dialog is shared work, this table is one piece of it.
addStrings("de", {
  "pa.lines.title": "Punkte nach Strecken",
  "pa.lines.count": "{complete} von {n} vollständig",
  "pa.lines.sum": "{length} × {value} = {points}",
  "pa.lines.complete": "vollständig",
  "pa.lines.broken": "unterbrochen · 0",
  "pa.lines.open": "offen · 0",
  "pa.lines.total": "Summe",
  "pa.lines.points": "{n} Punkte",
});
addStrings("en", {
  "pa.lines.title": "Score by line",
  "pa.lines.count": "{complete} of {n} complete",
  "pa.lines.sum": "{length} × {value} = {points}",
  "pa.lines.complete": "complete",
  "pa.lines.broken": "broken · 0",
  "pa.lines.open": "open · 0",
  "pa.lines.total": "Total",
  "pa.lines.points": "{n} points",
});

function cell(line) {
  const attrs = {
    "data-testid": `line-${line.index}`, "data-state": line.state, "data-points": line.points,
    "data-direction": line.direction, class: `pa-line-cell is-${line.state}`,
  };
  // Its direction, shown only where the table is too narrow for a column a direction (planahead.css):
  // the column's heading says it to a screen reader.
  const direction = h("span.pa-line-dir", { "aria-hidden": "true" }, t(`pa.help.dir.${line.direction}`));
  if (line.state === "complete") {
    return h("td", attrs, direction, h("span.pa-line-value", {}, h("span.pa-line-kind", {}, t(`kind.${line.kind}`)), " ",
      h("span.pa-line-sum", {}, t("pa.lines.sum", { length: line.length, value: line.value, points: line.points }))));
  }
  return h("td", attrs, direction, h("span.pa-line-value.muted", {}, t(`pa.lines.${line.state}`)));
}

/**
 * The table for `land` (19 codes or null). name: whose land (the caption); open: unfolded at first
 * (a wide screen) or folded (a phone, where the dialog has little room); onToggle(open): the player
 * folded or unfolded it. A description (dom.js).
 */
export function lineScoreTable(land, { name = null, open = false, testid = "line-scores", onToggle = null } = {}) {
  const { lines, total, complete } = lineScores(land);
  const rows = [0, 1, 2, 3, 4].map((i) => h("tr", {},
    h("th", { scope: "row" }, String(i + 1)),
    DIRECTIONS.map((direction) => cell(lines.find((line) => line.direction === direction && line.number === i + 1)))));
  // Keyed: the same element when something comes before it (the end dialog's line about the strongest
  // computer arrives after the dialog), so a table just unfolded is not made anew under the finger.
  return h("details.pa-lines", {
    key: testid, "data-testid": testid, "data-total": total, open: open || null,
    ontoggle: onToggle ? (/** @type {Event} */ e) => onToggle(/** @type {HTMLDetailsElement} */ (e.currentTarget).open) : null,
  },
    h("summary", {}, t("pa.lines.title"), name ? ` · ${name}` : "", h("span.muted", {}, ` (${t("pa.lines.count", { complete, n: lines.length })})`)),
    h("table.pa-lines-table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"),
        DIRECTIONS.map((d) => h("th", { scope: "col" }, t(`pa.help.dir.${d}`))))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row", colspan: "3" }, t("pa.lines.total")),
        h("td", { "data-testid": `${testid}-total`, "data-points": total }, t("pa.lines.points", { n: total }))))));
}
