// "Wie wird gezählt?": the scoring of Plan Ahead in a few lines with two small pictures (a line of
// three roads and its 27 points; the same line broken), the values of the routes, the 27 tiles of
// which 19 come, and the marks on the board. Shown over the game and the puzzle; the same card look
// as Speedgans' task help.

import "./strings.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { installDefs, tileMarkup } from "./board.js";
import { H, KINDS, S } from "./geometry.js";
import { rulesLink } from "../rules/link.js";

const NS = "http://www.w3.org/2000/svg";

/** Three tiles stacked top to bottom (one vertical line) with its two line-end markers (the rules page draws them too). */
export function lineSvg(codes, endText, state) {
  installDefs();
  const svg = document.createElementNS(NS, "svg");
  const top = -H - 26;
  const height = 2 * H * codes.length + 52;
  svg.setAttribute("viewBox", `${-S - 4} ${top} ${2 * S + 8} ${height}`);
  svg.setAttribute("width", "78");
  svg.setAttribute("class", "pa-help-line");
  svg.setAttribute("aria-hidden", "true");
  let out = codes.map((code, i) => `<g transform="translate(0,${2 * H * i})">${tileMarkup(code)}</g>`).join("");
  for (const y of [top + 12, top + height - 12]) {
    out += `<g class="pa-lineend is-${state}${endText ? "" : " is-blank"}" transform="translate(0,${y})">`;
    if (endText) {
      const w = 9 + 7.4 * endText.length;
      out += `<rect x="${-w / 2}" y="-9.5" width="${w}" height="19" rx="9.5" stroke="#1f7a36"/><text y="0.8" text-anchor="middle" dominant-baseline="middle">${endText}</text>`;
    } else {
      out += `<line x1="-8" y1="0" x2="8" y2="0" stroke="#b5a27a" stroke-width="2" stroke-dasharray="3 3"/>`;
    }
    out += "</g>";
  }
  svg.innerHTML = out;
  return svg;
}

/** "oben–unten: Feldweg 1, Wiesenpfad 5, Straße 9" per direction. */
export function valueRows() {
  const byDir = { vertical: [], rising: [], falling: [] };
  for (const [value, kind] of Object.entries(KINDS)) byDir[kind.dir].push(`${t(`kind.${kind.key}`)} ${value}`);
  return Object.entries(byDir).map(([dir, names]) => h("li", {}, h("strong", {}, `${t(`pa.help.dir.${dir}`)}: `), names.join(", ")));
}

/** The help card (a modal dialog over the game); onClose closes it. */
export function helpDialog({ onClose }) {
  const clockIcon = document.createElementNS(NS, "svg");
  clockIcon.setAttribute("viewBox", "-10 -10 20 20");
  clockIcon.setAttribute("width", "20");
  clockIcon.setAttribute("aria-hidden", "true");
  clockIcon.innerHTML = `<circle r="8" fill="#fff4d6" stroke="#b7791f" stroke-width="1.6"/><path d="M0,-4.5 V0 L3.2,2.2" stroke="#7a4b0c" stroke-width="1.6" fill="none" stroke-linecap="round"/>`;
  const dialog = h("section.card.pa-help", {
    "data-testid": "help", role: "dialog", "aria-modal": "true", "aria-labelledby": "pa-help-title", tabindex: "-1",
    onkeydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); onClose(); } },
  },
    h("div.pa-help-head", {},
      h("h2", { id: "pa-help-title" }, t("pa.help")),
      h("button.secondary.small", { type: "button", "data-testid": "help-close", onclick: onClose }, t("pa.help.close"))),
    h("p.rules-line", {}, rulesLink("planahead", { testid: "game-rules", label: t("rules.link.game", { game: t("game.planahead") }) })),
    h("div.pa-help-examples", {},
      h("figure.pa-help-example", { "data-testid": "help-complete" },
        lineSvg(["963", "974", "928"], "27", "complete"),
        h("figcaption", {}, h("p", {}, t("pa.help.line")), h("p.pa-help-sum", {}, t("pa.help.line.example")))),
      h("figure.pa-help-example", { "data-testid": "help-broken" },
        lineSvg(["963", "574", "928"], "", "broken"),
        h("figcaption", {}, h("p", {}, t("pa.help.broken")), h("p", {}, t("pa.help.ends"))))),
    h("h3", {}, t("pa.help.values")),
    h("ul.pa-help-values", {}, valueRows()),
    h("p", { "data-testid": "help-bag" }, t("pa.help.bag")),
    h("h3", {}, t("pa.help.marks")),
    h("ul.pa-help-marks", {},
      h("li", {}, clockIcon, " ", t("pa.help.clock")),
      h("li", {}, h("s", {}, "Ann"), " ", t("pa.help.absent")),
      h("li", {}, t("pa.help.keys"))));
  return h("div.pa-help-backdrop", { onclick: (e) => { if (e.target === e.currentTarget) onClose(); } }, dialog);
}
