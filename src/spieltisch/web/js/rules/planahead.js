// The rules of Plan Ahead (/regeln/planahead), drawn with the game's own code: a tile and its three
// routes, a complete and a broken line (help.js), a land with a tile lying unconfirmed and its „+N“,
// the score list with a dimmed and a chosen row. The words are in rules/strings.js.

import "./strings.js";
import "../planahead/strings.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { boardSvg, tileSvg } from "../planahead/board.js";
import { H } from "../planahead/geometry.js";
import { lineSvg, valueRows } from "../planahead/help.js";
import { linesOf } from "../planahead/lines.js";
import { tileLabel } from "../planahead/table.js";

/** A land part-way through a game; field 3 still free (the example tile lies there unconfirmed). */
const EXAMPLE_LAND = [
  "963", "974", null, null, "152", null, null, "528", "563", null,
  null, null, "168", null, null, null, null, null, null,
];
const EXAMPLE_TILE = "928";
const EXAMPLE_FIELD = 3;

const section = (id, title, ...body) => h("section.rules-section", { "data-testid": `rules-${id}`, "aria-labelledby": `rules-${id}-h` },
  h("h2", { id: `rules-${id}-h` }, title), ...body);

const figure = (testid, picture, ...caption) => h("figure.rules-figure", { "data-testid": testid }, picture, h("figcaption", {}, ...caption));

/** The example land with the tile lying on field 3 and its preview bubble (as the game draws it). */
function exampleBoard() {
  const svg = boardSvg({ land: EXAMPLE_LAND, lines: linesOf(EXAMPLE_LAND), tentative: EXAMPLE_FIELD, tile: EXAMPLE_TILE });
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("rules.pa.board", { n: 27 }));
  svg.setAttribute("class", `${svg.getAttribute("class")} rules-board`);
  svg.querySelectorAll(".pa-field").forEach((g) => { g.removeAttribute("tabindex"); g.removeAttribute("role"); });
  const completed = linesOf([...EXAMPLE_LAND.slice(0, EXAMPLE_FIELD - 1), EXAMPLE_TILE, ...EXAMPLE_LAND.slice(EXAMPLE_FIELD)])
    .filter((line) => line.state === "complete" && line.fields.includes(EXAMPLE_FIELD))
    .reduce((sum, line) => sum + line.points, 0);
  const g = svg.querySelector(`[data-field="${EXAMPLE_FIELD}"]`);
  const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(g?.getAttribute("transform") || "");
  const text = t("pa.preview", { n: completed });
  const w = 16 + 10 * text.length;
  const bubble = document.createElementNS("http://www.w3.org/2000/svg", "g");
  bubble.setAttribute("class", "pa-preview");
  bubble.setAttribute("data-testid", "rules-preview");
  bubble.setAttribute("data-points", String(completed));
  bubble.setAttribute("transform", `translate(${m ? m[1] : 0},${m ? Number(m[2]) - H * 0.55 : 0})`);
  bubble.innerHTML = `<rect x="${-w / 2}" y="-13" width="${w}" height="26" rx="13"/><text y="1" text-anchor="middle" dominant-baseline="middle">${text}</text>`;
  svg.append(bubble);
  return svg;
}

/** The score list as the game shows it: you (the land shown), one who has confirmed (dimmed), one still laying. */
function exampleScores() {
  const row = (name, score, cls) => h("span.rules-score", { class: cls },
    h("span.rules-score-name", {}, name), h("span.rules-score-points", {}, String(score)));
  return h("div.rules-scores", { "data-testid": "rules-scores", role: "img", "aria-label": `${t("rules.pa.tap")} ${t("rules.pa.dim")}` },
    row("Ann", 27, "is-you is-viewing"), row("Ben", 42, "is-dimmed"), row("Cem", 18, ""));
}

export function planAheadRules() {
  const tile = tileSvg("963", 120);
  tile.setAttribute("role", "img");
  tile.setAttribute("aria-label", tileLabel("963"));
  const complete = lineSvg(["963", "974", "928"], "27", "complete");
  const broken = lineSvg(["963", "574", "928"], "", "broken");
  return [
    h("p.rules-intro", {}, t("rules.pa.intro")),
    section("start", t("rules.pa.start.h"), h("p", {}, t("rules.pa.start"))),
    section("tiles", t("rules.pa.tiles.h"),
      figure("rules-tile", tile, h("p", {}, t("rules.pa.tiles")), h("p.muted", {}, tileLabel("963")))),
    section("kinds", t("rules.pa.kinds.h"), h("ul.pa-help-values", { "data-testid": "rules-kinds" }, valueRows())),
    section("points", t("rules.pa.goal.h"),
      h("p", {}, t("rules.pa.goal")),
      h("div.rules-pair", {},
        figure("rules-complete", complete, h("p", {}, t("rules.pa.complete"))),
        figure("rules-broken", broken, h("p", {}, t("rules.pa.broken")))),
      h("p", {}, t("rules.pa.scoring"))),
    section("turn", t("rules.pa.play.h"),
      h("div.rules-pair", {},
        figure("rules-board", h("div.rules-board-box", {}, exampleBoard()),
          h("p", {}, t("rules.pa.board", { n: 27 }))),
        h("ol.rules-steps", {},
          h("li", { "data-testid": "rules-place" }, t("rules.pa.place")),
          h("li", { "data-testid": "rules-move" }, t("rules.pa.move")),
          h("li", { "data-testid": "rules-plus" }, t("rules.pa.plus")),
          h("li", { "data-testid": "rules-ok" }, t("rules.pa.ok")))),
      h("p", {}, t("rules.pa.clock"))),
    section("others", t("rules.pa.others.h"),
      exampleScores(),
      h("p", { "data-testid": "rules-tap" }, t("rules.pa.tap")),
      h("p", { "data-testid": "rules-dim" }, t("rules.pa.dim"))),
    section("end", t("rules.pa.end.h"), h("p", {}, t("rules.pa.end"))),
    section("puzzle", t("rules.pa.puzzle.h"), h("p", {}, t("rules.pa.puzzle"))),
  ];
}
