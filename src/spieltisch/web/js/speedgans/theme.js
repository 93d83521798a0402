// Speedgans' three looks ("Ansichten", the rules text): Herbsttag (light, default), Laternenabend
// (dark) and Stadtplan (flat and very clear). The device remembers the choice; body[data-sg-theme]
// carries it for the CSS while a Speedgans screen is open. The gear menu is the same on every
// Speedgans screen (a table, a solo run, the solo lists).

import "./strings.js";
import { t } from "../i18n.js";
import { iconView } from "../icons.js";
import { h } from "../dom.js";

const THEME_KEY = "spieltisch.sg.theme";
export const THEMES = ["herbst", "laterne", "plan"];

export function getTheme() {
  let v = null;
  try { v = localStorage.getItem(THEME_KEY); } catch { /* storage off */ }
  return THEMES.includes(v) ? v : "herbst";
}

/** Put the remembered look (or `theme`) on the page. */
export function applyTheme(theme = getTheme()) {
  document.body.dataset.sgTheme = theme;
}

/** Take the look off the page (leaving every Speedgans screen). */
export function clearTheme() {
  delete document.body.dataset.sgTheme;
}

/** Choose a look: remembered and applied at once. */
export function setTheme(theme) {
  try { localStorage.setItem(THEME_KEY, theme); } catch { /* storage off */ }
  applyTheme(theme);
}

/**
 * The gear and, while open, its menu, described (dom.js). open: whether the menu shows; onToggle(): open or close it;
 * onChosen(): after a look was chosen (the menu closes; the owner redraws).
 */
export function themeMenu({ open, onToggle, onChosen }) {
  const current = getTheme();
  return h("div.sg-theme", {},
    h("button.sg-gear", {
      type: "button", "data-testid": "theme", "aria-label": t("sg.theme"), title: t("sg.theme"),
      "aria-expanded": open ? "true" : "false",
      onclick: onToggle,
    }, iconView("span", "gear")),
    open
      ? h("div.sg-theme-menu", { role: "menu", "data-testid": "theme-menu" },
        h("div.sg-theme-title", {}, t("sg.theme")),
        THEMES.map((name) => h("button.sg-theme-item", {
          type: "button", role: "menuitemradio", "aria-checked": name === current ? "true" : "false",
          "data-testid": `theme-${name}`, "data-theme": name,
          onclick: () => { setTheme(name); onChosen(); },
        }, h("span.sg-theme-swatch", { "data-theme": name }), t(`sg.theme.${name}`))))
      : null);
}
