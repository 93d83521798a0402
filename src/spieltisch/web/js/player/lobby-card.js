// The lobby's way to one's own page: one's name and „Meine Spiele“ (results, bests, the streak).

import "./strings.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";

export function meCard(app) {
  if (!app.me?.id) return null;
  const href = `/spieler/${encodeURIComponent(app.me.id)}`; // (not model.js: the lobby stays light)
  return h("section.card.lobby-me", { "data-testid": "lobby-me" },
    h("a.lobby-me-link", { href, "data-testid": "my-games", onclick: (e) => { e.preventDefault(); app.navigate(href); } },
      h("span.lobby-me-name", {}, h("span.nick-icon", { "aria-hidden": "true" }, "●"), app.me.nickname),
      h("strong.lobby-me-title", {}, t("player.mine"))),
    h("p.muted.lobby-me-text", {}, t("player.mine.text")));
}
