// The way to a game's rules page (/regeln/<game>): from the lobby it opens in the app; from a
// waiting room or a running game in a new tab, so the table stays where it is.

import "./strings.js";
import { t } from "../i18n.js";
import { h } from "../dom.js";

/** The games that have a rules page (rules/screen.js draws them). */
export const RULES_GAMES = ["planahead", "speedgans"];

export const rulesPath = (game) => `/regeln/${game}`;

/**
 * A link to a game's rules, described (dom.js). app: to navigate in the app (null: a new tab); label: the link's text
 * (default „Regeln“, with the game's name for screen readers).
 */
export function rulesLink(game, { app = null, label = null, testid = `rules-link-${game}` } = {}) {
  const path = rulesPath(game);
  const attrs = {
    href: path, "data-testid": testid, class: "rules-link",
    "aria-label": label ? null : t("rules.link.game", { game: t(`game.${game}`) }),
  };
  if (app) {
    attrs.onclick = (e) => {
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      app.navigate(path);
    };
  } else {
    attrs.target = "_blank";
    attrs.rel = "noopener";
  }
  return h("a", attrs, label ?? t("rules.link"));
}
