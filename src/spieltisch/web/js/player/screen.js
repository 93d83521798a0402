// A player's page at /spieler/<id>: the nickname, the streak of days played, the bests, the Rätsel's
// share of the best solution day by day, the Speedgans task groups, and the recent games with links to
// their replays. What it shows is worked out in model.js and charts.js; this draws it.

import "./strings.js";
import { accountPanel } from "../account/panel.js";
import { t } from "../i18n.js";
import { HttpError, api } from "../net.js";
import { Screen, notFoundPage } from "../screen.js";
import { h } from "../ui.js";
import { formatShare } from "../puzzle/format.js";
import { RATED_GAMES, ratingChartSvg, ratingLabel } from "../ratings/model.js";
import { cityTrendSummary, cityTrendSvg, groupsSvg, lossTrendSummary, lossTrendSvg, shareByDaySvg } from "./charts.js";
import {
  bestCards, countsText, dayCount, daysText, gameRow, groupRows, looksLikePlayer, playerPath, shareSlots, shareSummary, shortDay, streakView,
} from "./model.js";

export { playerPath };

/** An element holding SVG markup (the charts are built as text: charts.js). */
function svgBox(markup) {
  const box = h("div.chart-box", {});
  box.innerHTML = markup;
  return box;
}

export class PlayerScreen extends Screen {
  constructor(app, playerId) {
    super(app);
    this.playerId = playerId;
    this.history = null;
    this.state = looksLikePlayer(playerId) ? "loading" : "notfound"; // loading | ready | notfound | error
  }

  mount(el) {
    this.el = el;
    this.alive = true;
    this.render();
    if (this.state === "loading") this.load();
  }

  unmount() {
    this.alive = false;
    document.title = t("app.title"); // the page named the player
    super.unmount();
  }

  rerender() {
    this.render();
  }

  async load() {
    try {
      this.history = await api("GET", `/api/players/${encodeURIComponent(this.playerId)}/history`);
      this.state = "ready";
    } catch (err) {
      this.state = err instanceof HttpError && (err.status === 404 || err.status === 422) ? "notfound" : "error";
    }
    if (this.alive) this.render();
  }

  link(href, text, attrs = {}) {
    return h("a", { href, ...attrs, onclick: (e) => { e.preventDefault(); this.app.navigate(href); } }, text);
  }

  render() {
    if (!this.el) return;
    if (this.state === "notfound" || this.state === "error") {
      this.el.replaceChildren(notFoundPage(this.app, "player-not-found", this.state === "notfound" ? t("player.notfound") : t("err.http")));
      return;
    }
    if (this.state === "loading") {
      this.el.replaceChildren(h("div.page-grid.pl-page", { "data-testid": "player-page", "data-state": "loading" },
        h("section.card.pl-head", {}, h("p.muted", {}, t("player.loading")))));
      return;
    }
    const history = this.history;
    const own = history.player.id === this.app.me?.id;
    document.title = `${history.player.nickname} · ${t("app.title")}`;
    this.el.replaceChildren(h("div.page-grid.pl-page", { "data-testid": "player-page", "data-state": "ready", "data-player": history.player.id },
      this.renderHead(history, own),
      this.renderBests(history),
      this.renderPuzzle(history),
      this.renderGroups(history),
      this.renderRecent(history),
      this.renderTrend(history),
      this.renderCityTrend(history),
      this.renderRatings(history),
      own ? accountPanel(this.app) : null));
  }

  renderHead(history, own) {
    const streak = streakView(history.streak, history.days, history.today);
    return h("section.card.pl-head", {},
      h("div.pl-title", {},
        h("h1", { "data-testid": "player-name" }, t("player.title", { name: history.player.nickname })),
        own ? h("span.tag.tag-you", {}, t("player.you")) : null),
      h("p.muted", { "data-testid": "player-counts" }, countsText(history.counts)),
      h("div.pl-streak", { "data-testid": "streak", "data-current": streak.current, "data-longest": streak.longest },
        h("div.pl-streak-main", {},
          h("span.pl-streak-label", {}, t("player.streak")),
          h("strong.pl-streak-value", { "data-testid": "streak-current" }, daysText(streak.current)),
          h("span.muted.pl-streak-longest", {}, t("player.streak.longest", { n: dayCount(streak.longest) }))),
        h("ol.pl-strip", { "aria-label": t("player.streak.strip", { n: streak.strip.length }), "data-testid": "streak-strip" },
          streak.strip.map((d) => h("li.pl-strip-day", {
            class: [d.played ? "is-played" : "", d.today ? "is-today" : ""].join(" "), "data-day": d.day, "data-played": d.played ? "true" : "false",
            title: t(d.played ? "player.streak.played" : "player.streak.notplayed", { day: shortDay(d.day, { weekday: true }) }),
          }, h("span.visually-hidden", {}, t(d.played ? "player.streak.played" : "player.streak.notplayed", { day: shortDay(d.day, { weekday: true }) }))))),
        h("p.muted.pl-streak-note", {}, t(streak.note))),
      h("div.sg-page-links", {}, this.link("/", t("player.tolobby"), { class: "sg-link", "data-testid": "to-lobby" })));
  }

  renderBests(history) {
    return h("section.card.pl-bests", { "data-testid": "bests" },
      h("h2", {}, t("player.bests")),
      h("ul.pl-best-list", {}, bestCards(history.bests).map((b) => h("li.pl-best", {
        "data-testid": `best-${b.key}`, "data-value": b.value ?? "", class: b.value ? "" : "is-empty",
      },
        h("span.pl-best-label", {}, b.label),
        h("strong.pl-best-value", {}, b.value ?? t("player.best.none")),
        b.note ? h("span.muted.pl-best-note", {}, b.note) : null,
        b.value && b.what ? h("span.muted.pl-best-what", {}, b.what) : null))));
  }

  renderPuzzle(history) {
    const box = h("section.card.pl-puzzle", { "data-testid": "puzzle-days" },
      h("h2", { id: "pl-puzzle-h" }, t("player.puzzle.title")));
    if (!history.puzzle_days.length) {
      box.append(h("p.muted", { "data-testid": "puzzle-empty" }, t("player.puzzle.empty")),
        this.link("/puzzle", t("player.puzzle.play"), { class: "pl-cta" }));
      return box;
    }
    const slots = shareSlots(history.puzzle_days, history.today);
    const summary = shareSummary(history.puzzle_days);
    box.append(
      h("p.muted.pl-chart-note", {}, t("player.puzzle.note")),
      svgBox(shareByDaySvg(slots, { id: "pl-share", title: t("player.puzzle.title"), desc: summary })),
      h("p.pl-chart-summary", { "data-testid": "puzzle-summary" }, summary),
      h("div.visually-hidden", {}, h("table", { "data-testid": "puzzle-table" },
        h("caption", {}, t("player.puzzle.title")),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, t("player.col.day")), h("th", { scope: "col" }, t("player.col.score")),
          h("th", { scope: "col" }, t("player.col.optimum")), h("th", { scope: "col" }, t("player.col.share")))),
        h("tbody", {}, history.puzzle_days.map((d) => h("tr", { "data-day": d.day },
          h("th", { scope: "row" }, shortDay(d.day, { year: true })), h("td", {}, String(d.score)), h("td", {}, String(d.optimum)),
          h("td", {}, formatShare(d.share))))))));
    return box;
  }

  renderGroups(history) {
    const { rows, summary, games } = groupRows(history.task_groups);
    const box = h("section.card.pl-groups", { "data-testid": "task-groups", "data-games": games },
      h("h2", {}, t("player.groups.title")));
    if (!games) {
      box.append(h("p.muted", { "data-testid": "groups-empty" }, t("player.groups.empty")));
      return box;
    }
    box.append(
      h("p.muted.pl-chart-note", {}, games === 1 ? t("player.groups.note.one") : t("player.groups.note", { n: games })),
      svgBox(groupsSvg(rows, { id: "pl-groups", title: t("player.groups.title"), desc: summary })),
      h("p.pl-chart-summary", { "data-testid": "groups-summary" }, summary),
      h("div.visually-hidden", {}, h("table", { "data-testid": "groups-table" },
        h("caption", {}, t("player.groups.title")),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, t("player.col.task")), h("th", { scope: "col" }, t("player.col.share")), h("th", { scope: "col" }, t("player.col.count")))),
        h("tbody", {}, rows.flatMap((r) => [
          h("tr.is-group", { "data-group": r.group },
            h("th", { scope: "row" }, `${t("player.col.group")} ${r.name}`),
            h("td", {}, r.share === null ? t("player.groups.none") : formatShare(r.share)), h("td", {}, String(r.count))),
          ...r.tasks.filter((task) => task.count).map((task) => h("tr", { "data-task": task.id },
            h("th", { scope: "row" }, `${task.id} ${task.name}`),
            h("td", {}, formatShare(task.share ?? 0)), h("td", {}, String(task.count)))),
        ])))));
    return box;
  }

  /** Plan Ahead: the average loss per tile of each recent game (the move analysis), if he played any. */
  renderTrend(history) {
    const points = history.move_trend || [];
    if (!points.length) return null;
    const summary = lossTrendSummary(points);
    return h("section.card.pl-trend", { "data-testid": "move-trend", "data-games": points.length },
      h("h2", {}, t("player.trend.title")),
      h("p.muted.pl-chart-note", {}, points.length === 1 ? t("player.trend.note.one") : t("player.trend.note", { n: points.length })),
      svgBox(lossTrendSvg(points, { id: "pl-trend", title: t("player.trend.title"), desc: summary })),
      h("p.pl-chart-summary", { "data-testid": "trend-summary" }, summary));
  }

  /** Speedgans: how far each recent game's cities were from the optimal ones, if he played any. */
  renderCityTrend(history) {
    const points = history.city_trend || [];
    if (!points.length) return null;
    const summary = cityTrendSummary(points);
    return h("section.card.pl-trend", { "data-testid": "city-trend", "data-games": points.length },
      h("h2", {}, t("player.cities.title")),
      h("p.muted.pl-chart-note", {}, points.length === 1 ? t("player.cities.note.one") : t("player.cities.note", { n: points.length })),
      svgBox(cityTrendSvg(points, { id: "pl-cities", title: t("player.cities.title"), desc: summary })),
      h("p.pl-chart-summary", { "data-testid": "city-summary" }, summary));
  }

  /** Each game's skill rating (storage/ratings.py) with its changes, if he was rated in any. */
  renderRatings(history) {
    const games = RATED_GAMES.filter((game) => history.ratings?.[game]);
    if (!games.length) return null;
    return h("section.card.pl-ratings", { "data-testid": "ratings" },
      h("h2", {}, t("rating.card.title")),
      h("ul.pl-rating-list", {}, games.map((game) => {
        const rated = history.ratings[game];
        return h("li.pl-rating", { "data-testid": `rating-${game}`, "data-rating": rated.rating, "data-provisional": rated.provisional ? "true" : "false" },
          h("div.pl-rating-head", {},
            h("span.pl-rating-game", {}, t(`game.${game}`)),
            h("strong.pl-rating-value", {}, ratingLabel(rated)),
            rated.provisional
              ? h("span.tag", { title: t("rating.provisional.long", { games: rated.games, n: rated.provisional_games }) }, t("rating.provisional"))
              : null,
            h("span.muted", {}, rated.games === 1 ? t("rating.games.one") : t("rating.games", { n: rated.games }))),
          rated.changes.length
            ? svgBox(ratingChartSvg(rated.changes, { id: `pl-rating-${game}`, title: `${t("rating.card.title")} ${t(`game.${game}`)}` }))
            : null);
      })),
      this.link("/wertung", t("rating.link"), { class: "pl-cta", "data-testid": "to-ratings" }));
  }

  renderRecent(history) {
    const box = h("section.card.pl-recent", { "data-testid": "recent" }, h("h2", {}, t("player.recent")));
    if (!history.recent.length) {
      box.append(h("p.muted", { "data-testid": "recent-empty" }, t("player.recent.empty")),
        this.link("/", t("player.tolobby"), { class: "pl-cta" }));
      return box;
    }
    box.append(h("ol.pl-games", {}, history.recent.map((entry) => {
      const row = gameRow(entry);
      return h("li.pl-game", { "data-testid": "recent-game", "data-kind": row.kind, "data-game": entry.game_id ?? "", class: row.won ? "is-won" : "" },
        row.dayHref
          ? this.link(row.dayHref, row.name, { class: "pl-game-kind", "data-kind": row.kind })
          : h("span.pl-game-kind", { "data-kind": row.kind }, row.name),
        h("span.pl-game-what", {},
          row.day ? h("span.pl-game-day", {}, row.day) : null,
          h("span.muted.pl-game-when", {}, row.when)),
        h("span.pl-game-result", {}, h("strong", {}, row.result), row.place ? h("span.muted.pl-game-place", {}, row.place) : null,
          row.standIn ? h("span.muted.pl-game-standin", { "data-testid": "stand-in" }, row.standIn + (row.noListPoints ? ` · ${t("played.mostly")}` : "")) : null,
          row.match ? h("span.muted.pl-game-standin", { "data-testid": "recent-match" }, row.match) : null),
        row.replay
          ? this.link(row.replay, [t("player.replay"), h("span.visually-hidden", {}, ` – ${t("player.replay.long", { when: row.when })}`)],
              { class: "pl-game-replay", "data-testid": "replay-link" })
          : h("span.pl-game-replay.is-none", { "aria-hidden": "true" }));
    })));
    return box;
  }
}
