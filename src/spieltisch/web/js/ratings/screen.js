// The rating list (/wertung): each rated game's established ratings, best first, one's own row
// marked, with how ratings are made in a line above. The list's logic is in model.js.

import "./strings.js";
import { t } from "../i18n.js";
import { api } from "../net.js";
import { Screen } from "../screen.js";
import { h } from "../ui.js";
import { playerLink } from "../player/link.js";
import { RATED_GAMES, computersLine, ratingLabel, ratingRows } from "./model.js";

export class RatingsScreen extends Screen {
  constructor(app) {
    super(app);
    this.listed = "planahead";
    /** @type {Record<string, any>} */
    this.lists = {};
    this.error = false;
  }

  mount(el) {
    this.el = el;
    this.alive = true;
    document.title = `${t("rating.title")} · ${t("app.title")}`;
    this.render();
    this.load();
  }

  unmount() {
    this.alive = false;
    super.unmount();
  }

  rerender() {
    this.render();
  }

  async load() {
    const game = this.listed;
    if (this.lists[game]) return;
    try {
      const me = this.app.me?.id;
      this.lists[game] = await api("GET", `/api/ratings?game=${game}&limit=100${me ? `&player=${encodeURIComponent(me)}` : ""}`);
      this.error = false;
    } catch {
      this.error = true;
    }
    if (this.alive) this.render();
  }

  choose(game) {
    this.listed = game;
    this.render();
    this.load();
  }

  render() {
    if (!this.el) return;
    const list = this.lists[this.listed];
    const tab = (game) => h("button.pz-tab", {
      type: "button", role: "tab", "data-testid": `rating-tab-${game}`,
      "aria-selected": this.listed === game ? "true" : "false", class: this.listed === game ? "is-active" : "",
      onclick: () => this.choose(game),
    }, t(`game.${game}`));
    const body = h("div.rating-body", { role: "tabpanel", "data-testid": "rating-list", "data-game": this.listed });
    if (!list) body.append(h("p.muted", {}, this.error ? t("err.http") : "…"));
    else if (!list.entries.length) {
      body.append(h("p.muted", { "data-testid": "rating-empty" }, t("rating.empty", { n: list.provisional_games })));
    } else {
      body.append(h("table.rating-table", {},
        h("thead", {}, h("tr", {},
          h("th.num", { scope: "col" }, t("rating.col.rank")), h("th", { scope: "col" }, t("rating.col.name")),
          h("th.num", { scope: "col" }, t("rating.col.rating")), h("th.num", { scope: "col" }, t("rating.col.games")))),
        h("tbody", {}, ratingRows(list.entries, this.app.me?.id).map((r) => h("tr", {
          "data-testid": "rating-entry", "data-player": r.player, "data-rating": r.rating, "data-rank": r.rank,
          class: r.you ? "is-you" : "",
        },
          h("td.num", {}, `${r.rank}.`),
          h("td.rating-name", {}, playerLink({ id: r.player, nickname: r.nickname }), r.you ? h("span.tag.tag-you", {}, t("player.you")) : null),
          h("td.num.strong", {}, String(r.rating)),
          h("td.num.muted", {}, String(r.games)))))));
    }
    // One's own rating while it is on no list yet (provisional): where one stands and how far to go.
    const you = list?.you && !list.entries.some((e) => e.player === this.app.me?.id)
      ? h("p.rating-you", { "data-testid": "rating-you" }, t(list.you.provisional ? "rating.you.provisional" : "rating.you", {
        rating: ratingLabel(list.you), n: Math.max(0, list.provisional_games - list.you.games),
      }))
      : null;
    const rules = list
      ? h("p.muted.rating-rules", { "data-testid": "rating-rules" }, t("rating.rules", {
        computers: computersLine(list.computers, this.listed), start: list.start, n: list.provisional_games,
      }))
      : null;
    this.el.replaceChildren(h("div.page-grid.rating-page", { "data-testid": "rating-page" },
      h("section.card.rating-card", {},
        h("h1", {}, t("rating.title")),
        rules,
        h("div.pz-tabs", { role: "tablist" }, RATED_GAMES.map(tab)),
        you,
        body,
        h("div.sg-page-links", {},
          h("a.sg-link", { href: "/", "data-testid": "to-lobby", onclick: (e) => { e.preventDefault(); this.app.navigate("/"); } }, t("pa.tolobby"))))));
  }
}
