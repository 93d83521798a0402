// The compact list of the 27 tiles beside the game: which were drawn (struck through), which lies
// now, how many still come and how many never do. Three columns, one per vertical value (1, 5, 9),
// each tile as its three values in the colours of their kinds. tiles.js counts; this draws.

import "./strings.js";
import { t } from "../i18n.js";
import { h } from "../dom.js";
import { KIND_COLOUR } from "./board.js";
import { KINDS } from "./geometry.js";
import { ALL_TILES, VERTICAL, tileSupply } from "./tiles.js";

/**
 * game: the game view; open: whether the list is unfolded; onToggle(open): the player folded or
 * unfolded it (remembered across redraws). A description (dom.js).
 */
export function bagElement(game, { open, onToggle }) {
  const supply = tileSupply(game);
  const columns = VERTICAL.map((v) => h("ol.pa-bag-column", {}, ALL_TILES.filter((code) => code[0] === String(v)).map((code) => {
    const drawn = supply.drawn.has(code);
    const current = code === supply.current;
    return h("li.pa-bag-tile", {
      "data-tile": code, "data-drawn": drawn ? "true" : "false",
      class: current ? "is-current" : drawn ? "is-drawn" : "",
      title: current ? t("pa.bag.current") : drawn ? t("pa.bag.drawn") : null,
    }, [...code].map((digit) => h("b", { style: `color: ${KIND_COLOUR[KINDS[digit].key]}` }, digit)));
  })));
  return h("details.pa-bag", {
    "data-testid": "bag", "data-drawn": supply.drawn.size, open,
    ontoggle: (/** @type {Event} */ e) => onToggle(/** @type {HTMLDetailsElement} */ (e.currentTarget).open),
  },
    h("summary", {}, h("strong", {}, t("pa.bag")), " ",
      h("span", { "data-testid": "bag-summary" }, t("pa.bag.summary", { drawn: supply.drawn.size, total: supply.total }))),
    h("div.pa-bag-body", {},
      h("div.pa-bag-columns", {}, columns),
      h("p.pa-bag-note.muted", { "data-testid": "bag-note" },
        t("pa.bag.note", { toCome: supply.toCome, left: supply.left, never: supply.never }))));
}
