// The results lists of a puzzle: the ranking (each player's first attempt, if a person can have played
// it that fast) and, unranked, each player's best attempt (two tabs).

import "./strings.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { formatClock } from "../clock.js";
import { sharedPlaces } from "../standings.js";
import { puzzleDay } from "../histogram.js";
import { playerLink } from "../player/link.js";

const LIMIT = 50;

export class ResultsList {
  /** onChange: re-render hook of the owner (tabs switch without a fetch). */
  constructor() {
    this.details = null;
    this.error = false;
    this.tab = "first"; // the ranking: a retry knows the tiles (and the best land) already
    this.meId = null;
    this.el = null;
  }

  set(details) {
    this.details = details;
    this.error = false;
    this.refresh();
  }

  fail() {
    this.error = true;
    this.refresh();
  }

  refresh() {
    if (this.el?.isConnected) this.el.replaceWith(this.render(this.meId));
    if (this.dayEl?.isConnected) this.dayEl.replaceWith(this.renderDay(this.meId, this.attempt));
  }

  /**
   * After an attempt: how the day went (everyone's first attempts, one's own marked, a line to
   * share); nothing while the optimum is worked out. Redrawn with the lists.
   * @param {{day: string, score: number, optimum: number | null}} attempt
   */
  renderDay(meId, attempt) {
    this.meId = meId;
    this.attempt = attempt;
    this.dayEl = this.details && attempt.optimum
      ? puzzleDay({ details: this.details, me: meId, day: attempt.day, score: attempt.score, optimum: attempt.optimum })
      : h("div.day-panel", { hidden: true });
    return this.dayEl;
  }

  render(meId) {
    this.meId = meId;
    const tab = (kind) => h("button.pz-tab", {
      type: "button", role: "tab", "data-testid": `results-tab-${kind}`,
      "aria-selected": this.tab === kind ? "true" : "false",
      class: this.tab === kind ? "is-active" : "",
      onclick: () => { this.tab = kind; this.refresh(); },
    }, t(`pz.results.${kind}`));
    const body = h("div.pz-results-body", { role: "tabpanel" });
    if (!this.details) {
      body.append(h("p.muted", {}, this.error ? t("err.http") : "…"));
    } else {
      const entries = (this.details[this.tab] || []).slice(0, LIMIT);
      if (!entries.length) body.append(h("p.muted.pz-results-empty", {}, t("pz.results.empty")));
      else {
        // Places: equal scores and times share a place.
        const places = sharedPlaces(entries, (e) => `${e.score}/${e.seconds}`);
        body.append(h("ol.pz-results-list", { "data-testid": "results-list", "data-kind": this.tab },
          entries.map((e, i) => {
            const place = places[i];
            const you = e.player === meId;
            return h("li.pz-entry", {
              "data-testid": "results-entry", "data-player": e.player, "data-score": e.score,
              class: you ? "is-you" : "",
            },
              h("span.pz-entry-place", {}, `${place}.`),
              h("span.pz-entry-name", {}, playerLink({ id: e.player, nickname: e.nickname, cls: "pz-entry-nick" }), you ? h("span.tag.tag-you", {}, t("pz.results.you")) : null),
              h("span.pz-entry-time.muted", { title: t("pz.results.time") }, formatClock(e.seconds, { round: "nearest" })),
              h("span.pz-entry-score", {}, String(e.score)));
          })));
      }
      body.append(h("p.muted.pz-results-note", {}, t(`pz.results.${this.tab}.note`)));
      body.append(h("p.muted.pz-results-count", {}, this.details.attempts === 1 ? t("pz.results.attempts.one") : t("pz.results.attempts", { n: this.details.attempts ?? 0 })));
    }
    this.el = h("section.pz-results", { "data-testid": "results", "data-tab": this.tab },
      h("h2", {}, t("pz.results")),
      h("div.pz-tabs", { role: "tablist" }, tab("first"), tab("best")),
      body);
    return this.el;
  }
}
