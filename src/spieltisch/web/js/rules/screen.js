// A game's rules page, /regeln/<game>: the rules in the page's language, drawn with the game's own
// pictures (rules/planahead.js, rules/speedgans.js). Speedgans' page wears its look and the gear to
// change it, as every Speedgans screen does. „Zurück“ goes back where the player came from (the lobby
// when the page was opened on its own).

import "./strings.js";
import { t } from "../i18n.js";
import { Screen, notFoundPage } from "../screen.js";
import { h } from "../ui.js";
import { applyTheme, clearTheme, themeMenu } from "../speedgans/theme.js";
import { RULES_GAMES, rulesLink } from "./link.js";
import { planAheadRules } from "./planahead.js";
import { speedgansRules } from "./speedgans.js";

const CONTENT = { planahead: planAheadRules, speedgans: speedgansRules };

/** The game a rules path names ("/regeln/speedgans" → "speedgans"), or null. */
export function rulesPathGame(path) {
  const m = /^\/regeln\/([a-z]+)\/?$/.exec(path);
  return m ? m[1] : null;
}

export class RulesScreen extends Screen {
  constructor(app, game) {
    super(app);
    this.gameName = game;
    this.themeOpen = false;
  }

  mount(el) {
    this.el = el;
    if (this.gameName === "speedgans") applyTheme();
    this.render();
    document.getElementById("rules-title")?.focus({ preventScroll: true });
  }

  unmount() {
    if (this.gameName === "speedgans") clearTheme();
    super.unmount();
  }

  rerender() {
    this.render();
  }

  back() {
    // Came here within the app: back to where that was; opened on its own (a new tab): the lobby.
    if (history.length > 1) history.back();
    else this.app.navigate("/");
  }

  render() {
    const game = this.gameName;
    if (!RULES_GAMES.includes(game)) {
      this.el.replaceChildren(notFoundPage(this.app, "rules-not-found", t("rules.unknown")));
      return;
    }
    document.title = `${t("rules.title", { game: t(`game.${game}`) })} · ${t("app.title")}`;
    const other = RULES_GAMES.find((g) => g !== game);
    this.el.replaceChildren(h("article.rules-page.card", { "data-testid": "rules", "data-game": game },
      h("div.rules-head", {},
        h("button.secondary.small", { type: "button", "data-testid": "rules-back", onclick: () => this.back() }, t("rules.back")),
        game === "speedgans" ? themeMenu({
          open: this.themeOpen,
          onToggle: () => { this.themeOpen = !this.themeOpen; this.render(); },
          onChosen: () => { this.themeOpen = false; this.render(); },
        }) : null),
      h("h1", { id: "rules-title", tabindex: "-1" }, t("rules.title", { game: t(`game.${game}`) })),
      ...CONTENT[game](),
      h("p.rules-foot", {},
        rulesLink(other, { app: this.app, label: t("rules.other", { game: t(`game.${other}`) }), testid: "rules-other" }),
        " · ",
        h("a", { href: "/", "data-testid": "rules-lobby", onclick: (e) => { e.preventDefault(); this.app.navigate("/"); } }, t("rules.tolobby")))));
  }
}
