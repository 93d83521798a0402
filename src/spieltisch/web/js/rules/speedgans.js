// The rules of Speedgans (/regeln/speedgans), drawn with the game's own code: the nine tiles, both
// sides, named as the tray names them; the figures; a watchman catching a goose (the city and its
// red arrow as a finished round shows them); the 24 tasks with the game's own names and descriptions.

import "./strings.js";
import "../speedgans/strings.js";
import "../speedgans/solo-strings.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { cityElement, describeSide } from "../speedgans/board.js";
import { TILE_NUMBERS } from "../speedgans/city.js";
import { GROUPS } from "../speedgans/solo-model.js";
import { FIGURE_KINDS, ensureDefs, figureIcon, tileMarkup } from "../speedgans/tiles.js";

/**
 * The star tasks ("knifflig"), as games/speedgans/tasks.py marks them (a browser test compares the
 * page with the engine's list).
 */
const STAR_TASKS = new Set(["F5", "F6", "W5", "W6", "H6", "L5"]);

/**
 * The catching example: a straight lane with a watchman looking east (1a turned once) beside a curve
 * with two geese (3a turned three times); he catches the goose at the curve's west end (its goose 0).
 */
const CATCH_CELLS = [null, null, null, { tile: 1, side: "a", rotation: 1 }, { tile: 3, side: "a", rotation: 3 }, null, null, null, null];
const CATCH_REPORT = { catches: [{ watchman: { cell: 3, index: 0 }, goose: { cell: 4, index: 0 } }] };

const section = (id, title, ...body) => h("section.rules-section", { "data-testid": `rules-${id}`, "aria-labelledby": `rules-${id}-h` },
  h("h2", { id: `rules-${id}-h` }, title), ...body);

function sidePicture(tile, side) {
  const pic = h("div.rules-sg-tile", { "data-testid": `rules-side-${tile}${side}`, role: "img", "aria-label": describeSide(tile, side) });
  pic.innerHTML = tileMarkup(tile, side, 0);
  return h("figure.rules-sg-side", {}, pic, h("figcaption", {}, describeSide(tile, side)));
}

function tilesTable() {
  return h("ol.rules-sg-tiles", { "data-testid": "rules-tile-sides" }, TILE_NUMBERS.map((n) => h("li.rules-sg-pair", { "data-tile": n },
    sidePicture(n, "a"), sidePicture(n, "b"))));
}

function figureLegend() {
  return h("ul.rules-sg-figures", { "data-testid": "rules-figures" }, FIGURE_KINDS.map((kind) => {
    const li = h("li", { "data-figure": kind });
    li.innerHTML = figureIcon(kind, 30);
    li.append(` ${t(`sg.fig.${kind}`)}`);
    return li;
  }));
}

function catchExample() {
  const city = cityElement({ cells: CATCH_CELLS, report: CATCH_REPORT, interactive: false, showCatches: true, testid: "rules-catch-city" });
  city.setAttribute("role", "img");
  city.setAttribute("aria-label", t("rules.sg.catch.example"));
  city.querySelectorAll("button").forEach((b) => { b.disabled = true; b.tabIndex = -1; });
  return h("figure.rules-figure.rules-sg-catch", { "data-testid": "rules-catch-example" }, h("div.rules-sg-city", {}, city),
    h("figcaption", {}, h("p", {}, t("rules.sg.catch.example"))));
}

function taskList() {
  return h("div.rules-sg-tasks", { "data-testid": "rules-task-list" }, GROUPS.map((group) => h("section.rules-sg-group", { "data-group": group },
    h("h3", {}, t(`solo.group.${group}`)),
    h("dl", {}, [1, 2, 3, 4, 5, 6].flatMap((n) => {
      const id = `${group}${n}`;
      const star = STAR_TASKS.has(id);
      return [
        h("dt", { "data-testid": `rules-task-${id}`, "data-task": id, "data-star": star ? "true" : "false" },
          t(`sg.task.${id}`), star ? h("span.sg-task-star", { title: t("sg.star") }, " ★") : null),
        h("dd", { "data-testid": `rules-task-help-${id}` }, t(`sg.task.${id}.help`)),
      ];
    })))));
}

export function speedgansRules() {
  ensureDefs(); // the tiles' shared patterns (lawn, cobbles)
  const steps = (prefix, n) => h("ol.rules-steps", {}, Array.from({ length: n }, (_, i) => h("li", {}, t(`${prefix}.${i + 1}`))));
  return [
    h("p.rules-intro", {}, t("rules.sg.intro")),
    section("tiles", t("rules.sg.tiles.h"), h("p", {}, t("rules.sg.tiles")), tilesTable(),
      h("h3", {}, t("rules.sg.figures")), figureLegend()),
    section("city", t("rules.sg.city.h"), steps("rules.sg.city", 4)),
    section("build", t("rules.sg.controls.h"), h("p", {}, t("rules.sg.controls"))),
    section("catch", t("rules.sg.catch.h"), h("p", {}, t("rules.sg.catch")), catchExample(), h("p", {}, t("rules.sg.feed"))),
    section("round", t("rules.sg.round.h"), steps("rules.sg.round", 5)),
    section("end", t("rules.sg.end.h"), h("p", {}, t("rules.sg.end"))),
    section("tasks", t("rules.sg.tasks.h"), h("p.muted", {}, t("rules.sg.tasks")), taskList()),
    section("alone", t("rules.sg.modes.h"), h("p", {}, t("rules.sg.modes"))),
    section("looks", t("rules.sg.looks.h"), h("p", {}, t("rules.sg.looks"))),
  ];
}
