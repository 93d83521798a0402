// A Speedgans solo run on the page (kind speedgans_solo at /t/<id>): the three tasks with their values,
// the town and the tray (the table's hands and keys), the Rekordjagd's clock, the run's points, „Rat“,
// „Überspringen“, the Übung's new tasks, „Beenden“; under a valid city the points it would bring now;
// after each city its points and the Musterstadt's, which the board can show; at the end a summary
// with „Nochmal“. What the run is in is the model's (solo-model.js); this draws it, by description
// (dom.js: an update changes the nodes that are there).

import "./strings.js";
import "./solo-strings.js";
import { t } from "../i18n.js";
import { net } from "../net.js";
import { iconView } from "../icons.js";
import { h } from "../dom.js";
import { formatDay } from "../puzzle/format.js";
import { cityView, trayView } from "./board.js";
import { BuildView, taskCards } from "./build-view.js";
import { GROUPS, SoloModel, formatPoints, isTriple, pickTask } from "./solo-model.js";
import { dailyPath } from "./solo-lists.js";
import { dailyList } from "./solo-api.js";
import { dailyDay } from "../histogram.js";

/** How long the message about the last city lights up (ms; as long as its CSS animation). */
const LAST_GLOW_MS = 1500;

/** "Musterstadt zu Stadt 2: 265,9 Punkte" (the Übung numbers no cities: "… zur letzten Stadt"). */
function musterCaption(last) {
  const points = formatPoints(last?.musterSum);
  return last?.number ? t("solo.viewing.muster", { city: t("solo.city.n", { n: last.number }), points }) : t("solo.viewing.muster.last", { points });
}

/**
 * Under the task cards of a Tagesstadt city: its time bonus as its own line („Zeitbonus +117“), so
 * the cards and it add up to the points in the caption. Null when the city has none.
 * @param {{bonus?: number}} view
 */
function bonusLine(view) {
  if (!view.bonus) return null;
  return h("p.sg-bonus-line", { "data-testid": "city-bonus", "data-bonus": view.bonus },
    t("solo.bonus.line", { bonus: formatPoints(view.bonus, { decimals: 0, sign: true }) }));
}

export class SoloGame extends BuildView {
  constructor(room) {
    super(new SoloModel({ send: (type, extra) => room.send(type, extra), serverNow: () => net.serverNow() }));
    this.room = room;
    /** @type {string[] | null} the Übung's chosen tasks while its chooser is open */
    this.picker = null;
    this.timers = {};
    this.clockTimer = setInterval(() => this.tick(), 250);
  }

  destroy() {
    clearInterval(this.clockTimer);
    super.destroy();
  }

  // ---- server views -----------------------------------------------------------------------------

  update(table) {
    const { newCity, ended } = this.model.update(table);
    if (newCity) {
      this.input.hidePopover();
      this.picker = null;
      this.lastAt = performance.now(); // the message about the last city lights up once
    }
    if (ended) this.input.endDrag();
    this.render();
  }

  onError(msg) {
    if (this.model.onError(msg)) this.render();
  }

  // ---- the player's hands (besides the table's) -------------------------------------------------

  /** BoardInput asks first: a tap on the glowing cell of a „Rat“ lays its tile. */
  tapCell(cell) {
    if (!this.model.tapCell(cell)) return false;
    this.render();
    return true;
  }

  onEscape() {
    if (super.onEscape()) return true;
    if (this.picker) {
      this.picker = null;
      this.render();
      return true;
    }
    if (this.model.view !== "own") {
      this.showView("own");
      return true;
    }
    return false;
  }

  onKey(e) {
    if (this.picker && e.key !== "Escape") return; // the chooser is open: the town waits
    super.onKey(e);
  }

  act(fn) {
    if (fn()) this.render();
  }

  showView(view) {
    this.model.showView(view);
    this.render();
  }

  quit() {
    if (this.model.quit()) this.render();
  }

  // ---- drawing ----------------------------------------------------------------------------------

  render() {
    if (!this.table || !this.el) return;
    const model = this.model;
    const game = this.game;
    const attributes = {
      "data-testid": "solo", "data-mode": model.mode, "data-phase": game.phase, "data-number": game.number,
      "data-view": model.view, "data-pending": model.city.pending ? "true" : "false",
      "data-busy": model.busy !== null ? "true" : "false", "data-local-city": model.city.text(),
      class: model.finished ? "is-finished" : "is-playing",
    };
    this.timers = {};
    this.cityEl = null;
    this.trayEl = null;
    if (model.finished) {
      this.show(h("div.sg-solo", attributes, this.renderTop(), this.renderSummary(), this.renderSummaryBoard()), { interactive: false, keepFocus: false });
      return;
    }
    const view = model.viewData();
    this.show(h("div.sg-solo", attributes,
      this.renderTop(), this.renderTasks(view), this.renderLast(), this.renderBoard(view), this.renderSide(),
      this.picker ? this.renderPicker() : null),
    { interactive: view.kind === "own" && model.canBuild() });
    this.tick();
  }

  renderTop() {
    const model = this.model;
    const game = this.game;
    const title = h("div.sg-title.sg-solo-title", {},
      h("strong", { "data-testid": "solo-mode" }, t(`solo.mode.${model.mode}`)),
      model.mode === "daily" && this.table.settings?.day ? h("span.muted.sg-solo-day", {}, formatDay(this.table.settings.day)) : null,
      !model.finished && model.mode !== "practice" && model.mode !== "daily"
        ? h("span", { "data-testid": "solo-number", "data-number": game.number }, t("solo.city.n", { n: game.number })) : null,
      !model.finished && model.mode === "record"
        ? h("span.sg-solo-total", { "data-testid": "solo-total", "data-total": game.total ?? 0 }, t("solo.total.short", { points: formatPoints(game.total ?? 0) }))
        : null,
      !model.finished && model.mode !== "practice" && game.hints
        ? h("span.sg-solo-charged", { "data-testid": "solo-charged", title: t("solo.charged.long") },
            t("solo.charged", { points: formatPoints(-(game.hints * (game.hint_cost ?? 0)), { decimals: 0 }) }))
        : null);
    const parts = [title];
    if (!model.finished && model.mode === "record") {
      parts.push(h("div.sg-clock.sg-solo-clock", { key: "clock", "data-testid": "solo-clock", role: "timer", "aria-label": t("solo.clock") },
        h("span.sg-timer-value", { ref: (el) => { this.timers.clock = el; } })));
    }
    parts.push(h("div.sg-solo-topright", { key: "topright" },
      !model.finished && model.mode === "practice" && model.you !== null
        ? h("button.secondary.small.sg-new-tasks", {
            type: "button", "data-testid": "new-tasks", disabled: !model.canSkip(),
            onclick: () => { this.picker = []; this.render(); },
          }, t("solo.newtasks"))
        : null,
      !model.finished && model.you !== null
        ? h("button.secondary.small.sg-quit", {
            type: "button", "data-testid": "give-up", class: model.quitArmed ? "is-armed" : "",
            onclick: () => this.quit(),
          }, model.quitArmed ? this.quitQuestion(model.mode === "daily") : t("solo.quit"))
        : null,
      this.renderThemeMenu()));
    return h("header.sg-top.sg-solo-top", {}, parts);
  }

  /** The armed „Beenden“ asks again; on a phone in a word, so the points beside it keep their room. */
  quitQuestion(daily) {
    return [
      h("span.sg-long", {}, t(daily ? "solo.quit.sure.daily" : "solo.quit.sure")),
      h("span.sg-short", {}, t(daily ? "solo.quit.sure.daily.short" : "solo.quit.sure.short")),
    ];
  }

  renderTasks(view) {
    const own = view.kind === "own";
    return taskCards({
      tasks: view.tasks, values: view.values,
      flashOf: (id) => (own ? this.model.flashOf(id) : null),
      note: own ? null : (task) => t("solo.points.short", { points: formatPoints(view.points?.[task.id]) }),
      extra: own && view.points
        ? (task) => h("div.sg-task-points", { "data-testid": `task-points-${task.id}` }, t("solo.points.short", { points: formatPoints(view.points[task.id]) }))
        : null,
    });
  }

  /** The previous city and its Musterstadt (the message after each city). */
  renderLast() {
    const last = this.model.lastCity();
    if (!last) return h("section.sg-solo-last.is-empty", { "data-testid": "last-city", hidden: true });
    const view = this.model.view;
    const name = last.number !== null ? t("solo.city.n", { n: last.number }) : t("solo.city.last");
    const outcome = last.outcome === "done"
      ? t("solo.points", { points: formatPoints(last.points) })
      : t(`solo.outcome.${last.outcome}`);
    const age = performance.now() - (this.lastAt ?? 0);
    const glows = age < LAST_GLOW_MS;
    // It lights up when it comes (a new node for each city), from where its light is then; kept
    // while it lights, its animation runs on.
    return h("section.sg-solo-last", {
      key: `last-${this.lastAt ?? 0}`,
      "data-testid": "last-city", "data-outcome": last.outcome, "data-points": last.points, "data-muster": last.musterSum ?? "",
      "aria-live": "polite", class: glows ? "is-new" : "",
      ref: (el) => {
        if (!glows) el.removeAttribute("style");
        else if (!el.style.getPropertyValue("--glow-delay")) el.style.setProperty("--glow-delay", `-${Math.round(age)}ms`);
      },
    },
      h("div.sg-last-head", {},
        h("span.sg-last-name", {}, name),
        h("span.sg-last-points", { class: `is-${last.outcome}` },
          h("span.sg-long", {}, outcome),
          h("span.sg-short", {}, last.outcome === "done" ? t("solo.points.short", { points: formatPoints(last.points) }) : outcome))),
      h("ul.sg-last-rows", {},
        h("li.sg-last-rows-head", { "aria-hidden": "true" }, h("span", {}), h("span", {}),
          h("span.sg-last-value", {}, t("sg.you")), h("span.sg-last-muster", { title: t("sg.musterstadt") }, "★")),
        last.rows.map((r) => h("li", { "data-task": r.id },
          h("span.sg-task-id", { class: `group-${r.id[0]}` }, r.id),
          h("span.sg-last-task", {}, t(`sg.task.${r.id}`)),
          h("span.sg-last-value", { title: t("solo.last.yours") }, r.value ?? "–"),
          h("span.sg-last-muster", { title: t("sg.musterstadt") }, r.muster ?? "–")))),
      h("div.sg-last-muster-line", {},
        // As the city's line above it: the name at the left, the points at the right, under the ★ column.
        h("span.sg-last-muster-sum", { "data-testid": "last-muster-sum" },
          h("span.sg-last-muster-name", {}, "★ ", t("sg.musterstadt")),
          h("span.sg-last-muster-points", {}, t("solo.points", { points: formatPoints(last.musterSum) }))),
        h("span.sg-last-muster-short", { title: t("solo.muster.sum", { points: formatPoints(last.musterSum) }) }, "★ ", formatPoints(last.musterSum)),
        h("span.sg-last-buttons", {},
          h("button.secondary.small", {
            type: "button", "data-testid": "show-muster", "aria-pressed": view === "muster" ? "true" : "false",
            class: view === "muster" ? "is-active" : "", title: t("sg.musterstadt.long"),
            onclick: () => this.showView(view === "muster" ? "own" : "muster"),
          }, t("sg.musterstadt")),
          last.outcome !== "skipped" ? h("button.secondary.small", {
            type: "button", "data-testid": "show-last", class: view === "last" ? "is-active" : "",
            onclick: () => this.showView(view === "last" ? "own" : "last"),
          }, t("solo.last.show")) : null)));
  }

  renderBoard(view) {
    const model = this.model;
    const own = view.kind === "own";
    const interactive = own && model.canBuild();
    const hint = own ? model.hint() : null;
    const city = cityView({
      cells: view.cells, report: view.report, interactive,
      selected: interactive ? model.selected : null,
      showHelp: interactive, showProblems: own, showCatches: !own,
      hint: hint && interactive ? hint : null,
      ref: (el) => { this.cityEl = el; }, handlers: interactive ? this.input.handlers() : null,
    });
    const parts = [];
    if (!own) {
      const last = model.lastCity();
      const name = last?.number ? t("solo.city.n", { n: last.number }) : t("solo.city.last");
      parts.push(h("div.sg-viewing", { key: "viewing", "data-testid": "viewing", role: "status" },
        h("span", {}, view.kind === "muster"
          ? musterCaption(last)
          : t("solo.viewing.last", { city: name, points: formatPoints(last?.points) })),
        h("span.sg-viewing-buttons", {},
          last?.outcome !== "skipped" ? h("button.secondary.small", {
            type: "button", "data-testid": view.kind === "muster" ? "show-last-too" : "show-muster-too",
            onclick: () => this.showView(view.kind === "muster" ? "last" : "muster"),
          }, view.kind === "muster" ? t("solo.last.show") : t("sg.musterstadt")) : null,
          h("button.primary.small", { type: "button", "data-testid": "back-build", onclick: () => this.showView("own") }, t("solo.back")))));
    }
    parts.push(h("div.sg-city-wrap", { key: "city", "data-view": view.kind }, city));
    if (own) {
      const status = model.status();
      parts.push(h("p.sg-solo-status", { "data-testid": "solo-status", "data-kind": status.kind, "aria-live": "polite" },
        status.kind === "live" ? h("span.sg-live", { "data-testid": "live", "data-sum": model.live()?.sum ?? "" }, status.text) : status.text));
    }
    return h("section.sg-board", {}, parts);
  }

  renderSide() {
    const model = this.model;
    if (model.you === null) return h("section.sg-side.sg-solo-side", {}, h("p.muted", {}, t("sg.hint.watch")));
    const interactive = model.view === "own" && model.canBuild();
    const hint = model.view === "own" ? model.hint() : null;
    const tray = trayView({
      pieces: this.pieces, selected: interactive ? model.selected : null, interactive,
      hinted: hint?.piece && interactive && this.pieces[hint.piece.tile].cell === null ? hint.piece.tile : null,
      ref: (el) => { this.trayEl = el; }, handlers: interactive ? this.input.handlers() : null,
    });
    const cost = this.game.hint_cost ?? 0;
    const canDone = model.canDone();
    const actions = h("div.sg-solo-actions", {},
      h("button.sg-done", {
        type: "button", "data-testid": "gasse-dicht", disabled: !canDone,
        class: canDone ? "is-ready" : "", onclick: () => this.act(() => model.done()),
      }, t("sg.done")),
      h("button.secondary.sg-hint-button", {
        type: "button", "data-testid": "rat", disabled: !model.canHint(), "data-cost": cost,
        title: cost ? t("solo.hint.cost.long", { n: cost }) : t("solo.hint.free.long"),
        onclick: () => this.act(() => model.askHint()),
      }, h("span", {}, t("solo.hint")), h("span.sg-hint-cost", {}, cost ? t("solo.hint.cost", { n: cost }) : t("solo.hint.free"))),
      model.mode !== "daily"
        ? h("button.secondary.sg-skip", {
            type: "button", "data-testid": "skip", disabled: !model.canSkip(),
            onclick: () => this.act(() => model.skip()),
          }, t("solo.skip"))
        : null,
    );
    return h("section.sg-side.sg-solo-side", {}, tray, actions, h("p.sg-keys.muted", {}, t("sg.hint.keys")));
  }

  /** The Übung's chooser: one task of up to three groups, or new ones drawn. */
  renderPicker() {
    const chosen = this.picker || [];
    const ready = isTriple(chosen);
    const close = () => { this.picker = null; this.render(); };
    return h("div.sg-reading-backdrop.sg-picker-backdrop", { onclick: (e) => { if (e.target === e.currentTarget) close(); } },
      h("section.sg-picker.card", { "data-testid": "picker", role: "dialog", "aria-modal": "true", "aria-labelledby": "sg-picker-title" },
        h("h2", { id: "sg-picker-title" }, t("solo.picker.title")),
        h("p.muted", {}, t("solo.picker.intro")),
        h("div.sg-picker-groups", {}, GROUPS.map((g) => h("div.sg-picker-group", { class: `group-${g}` },
          h("div.sg-picker-group-name", {}, t(`solo.group.${g}`)),
          [1, 2, 3, 4, 5, 6].map((n) => {
            const id = `${g}${n}`;
            const on = chosen.includes(id);
            return h("button.sg-pick", {
              type: "button", "data-testid": `pick-${id}`, "aria-pressed": on ? "true" : "false", class: on ? "is-on" : "",
              title: t(`sg.task.${id}.help`),
              onclick: () => { this.picker = pickTask(chosen, id); this.render(); },
            }, h("span.sg-task-id", {}, id), " ", t(`sg.task.${id}`));
          })))),
        h("div.row.sg-picker-buttons", {},
          h("button.primary", {
            type: "button", "data-testid": "pick-ok", disabled: !ready,
            onclick: () => { if (this.model.newTasks(chosen)) { this.picker = null; this.render(); } },
          }, t("solo.picker.ok", { n: chosen.length })),
          h("button.secondary", {
            type: "button", "data-testid": "pick-random",
            onclick: () => { if (this.model.newTasks(null)) { this.picker = null; this.render(); } },
          }, t("solo.picker.random")),
          h("button.link", { type: "button", onclick: close }, t("nick.cancel")))));
  }

  // ---- the end ----------------------------------------------------------------------------------

  renderSummary() {
    const model = this.model;
    const s = model.summary();
    const head = s.mode === "record"
      ? (s.timedOut ? t("solo.end.timeup") : t("solo.end.record"))
      : s.mode === "daily"
        ? (s.cities[0]?.outcome === "done" ? t("solo.end.daily") : t("solo.end.daily.none"))
        : t("solo.end.practice");
    const parts = [h("h1", {}, head)];
    if (s.total !== null) {
      parts.push(h("p.sg-summary-total", { "data-testid": "summary-total", "data-total": s.total },
        h("span.sg-summary-total-n", {}, formatPoints(s.total)), " ", h("span", {}, t("solo.points.word"))));
    }
    if (s.mode !== "practice" && !s.byHand && !s.waiting) {
      parts.push(h("p.sg-unranked", { "data-testid": "not-ranked" }, t("solo.unranked")));
    } else if (s.mode === "record") {
      parts.push(s.waiting
        ? h("p.muted", { "data-testid": "best-wait" }, "…")
        : s.newBest
          ? h("p.sg-newbest", { "data-testid": "new-best" }, iconView("span.sg-trophy", "trophy"), s.personalBest === null ? t("solo.best.first") : t("solo.best.new", { points: formatPoints(s.personalBest) }))
          : h("p.sg-best", { "data-testid": "personal-best", "data-best": s.personalBest ?? "" },
            s.personalBest === null ? t("solo.best.none") : t("solo.best.old", { points: formatPoints(s.personalBest) })));
    } else if (s.mode === "daily") {
      parts.push(s.waiting
        ? h("p.muted", { "data-testid": "rank-wait" }, "…")
        : h("p.sg-ranks", { "data-testid": "first-attempt", "data-first": s.firstAttempt ? "true" : "false", class: s.firstAttempt ? "is-first" : "" },
            s.firstAttempt ? t("solo.daily.first") : t("solo.daily.later")));
    }
    if (s.mode !== "practice") parts.push(this.renderCityRows(s));
    else {
      const last = model.lastCity();
      parts.push(h("p", { "data-testid": "practice-last" }, last
        ? `${t("solo.city.last")}: ${last.outcome === "done" ? t("solo.points", { points: formatPoints(last.points) }) : t("solo.practice.unfinished")}`
        : t("solo.end.practice.none")));
    }
    parts.push(this.renderDay(s));
    const buttons = h("div.row.sg-summary-buttons", {},
      model.you !== null ? h("button.primary.big", { type: "button", "data-testid": "rematch", onclick: () => this.act(() => model.rematch()) }, t("solo.again")) : null,
      h("button.secondary", { type: "button", "data-testid": "to-lobby", onclick: () => this.room.app.navigate("/") }, t("pa.tolobby")));
    const links = h("div.sg-summary-links", {},
      s.mode === "daily" ? this.link(dailyPath(s.day, null), t("solo.daily.list"), "daily-link") : null,
      s.mode !== "practice" ? this.link("/bestenliste", t("solo.board.title"), "board-link") : null);
    return h("section.card.sg-summary", { "data-testid": "summary", "data-mode": s.mode, "data-total": s.total ?? "" }, parts, buttons, links);
  }

  link(href, text, testid) {
    return h("a.sg-link", { href, "data-testid": testid, onclick: (e) => { e.preventDefault(); this.room.app.navigate(href); } }, text);
  }

  /** After a Tagesstadt attempt: how the day went (its list fetched once the attempt is recorded). */
  renderDay(s) {
    if (s.mode !== "daily" || s.waiting || !s.day) return null;
    const key = `${s.day}:${this.game.started_at ?? ""}`;
    if (this.dayKey !== key) {
      this.dayKey = key;
      this.dayList = null;
      dailyList(s.day).then((list) => {
        // Still this run's summary on the page (not another screen since)?
        if (this.dayKey !== key || !this.el?.querySelector('[data-testid="summary"]')) return;
        this.dayList = list;
        this.render();
      }).catch(() => { /* the panel stays away; the day's list is a link away */ });
    }
    if (!this.dayList) return null;
    return dailyDay({ list: this.dayList, me: this.room.app.me?.id, day: s.day, points: s.total ?? 0, seconds: s.cities[0]?.seconds ?? null });
  }

  renderCityRows(s) {
    const pick = this.model.summaryPick();
    const rows = s.cities.map((c, i) => h("tr", {
      "data-testid": `summary-city-${c.number}`, "data-outcome": c.outcome, "data-points": c.points,
      class: [pick === i ? "is-shown" : "", `is-${c.outcome}`].join(" "),
    },
      h("td.num", {}, String(c.number)),
      h("td", {}, h("button.link.sg-summary-pick", {
        type: "button", title: t("solo.summary.show"), onclick: () => { this.model.showPick(i); this.render(); },
      }, c.tasks.map((id) => t(`sg.task.${id}`)).join(" · "))),
      h("td.num.strong", {}, c.outcome === "done" ? formatPoints(c.points) : h("span.muted", {}, t(`solo.outcome.${c.outcome}`))),
      h("td.num.muted", {}, c.hints ? t("solo.charged", { points: formatPoints(-c.hintCost, { decimals: 0 }) }) : "")));
    const table = h("table.sg-summary-cities", { "data-testid": "summary-cities" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("solo.summary.tasks")), h("th", {}, t("solo.list.points")), h("th", {}, t("solo.summary.hints")))),
      h("tbody", {}, rows));
    const daily = s.mode === "daily" && s.cities[0]?.outcome === "done" ? s.cities[0] : null;
    return h("div.sg-summary-detail", {},
      table,
      daily ? h("p.sg-summary-bonus", { "data-testid": "summary-bonus", "data-bonus": daily.bonus },
        // The time to the hundredth: the bonus is a point for each full second under 120 (17,04 s → 102).
        t("solo.daily.bonus", { bonus: daily.bonus, seconds: formatPoints(daily.seconds ?? 0, { decimals: 2 }) })) : null,
      s.mode === "record" ? h("p.muted", {}, t("solo.summary.done", { n: s.done, total: s.cities.length })) : null);
  }

  renderSummaryBoard() {
    const model = this.model;
    const view = model.viewData();
    const muster = model.summaryMuster(); // of the city on show (or whose Musterstadt is shown)
    const s = model.summary();
    const pick = model.summaryPick();
    const cityName = typeof pick === "number" && s.cities[pick] ? (s.mode === "practice" ? t("solo.city.last") : t("solo.city.n", { n: pick + 1 })) : "";
    const city = cityView({ cells: view.cells, report: view.report, interactive: false, showCatches: true, testid: "city", ref: (el) => { this.cityEl = el; } });
    return h("section.sg-summary-board", {},
      h("div.sg-viewing.is-own", { "data-testid": "viewing", role: "status" },
        h("span", {}, view.kind === "muster"
          ? musterCaption(muster)
          : `${cityName} · ${s.cities[pick]?.outcome === "done" ? t("solo.points", { points: formatPoints(s.cities[pick].points) }) : t(`solo.outcome.${s.cities[pick]?.outcome ?? "unfinished"}`)}`),
        muster
          ? h("button.secondary.small", {
              type: "button", "data-testid": "show-muster", class: view.kind === "muster" ? "is-active" : "",
              onclick: () => { model.showPick(view.kind === "muster" ? muster.index : "muster"); this.render(); },
            }, view.kind === "muster" ? t("solo.last.show") : `★ ${muster.number ? t("solo.muster.of", { city: t("solo.city.n", { n: muster.number }) }) : t("sg.musterstadt")}`)
          : null),
      taskCards({
        tasks: view.tasks, values: view.values, testid: "summary-tasks",
        note: (task) => t("solo.points.short", { points: formatPoints(view.points?.[task.id]) }),
      }),
      bonusLine(view),
      h("div.sg-city-wrap", { "data-view": view.kind }, city));
  }

  tick() {
    if (!this.game) return;
    const clock = this.model.clock();
    if (this.timers.clock && clock) {
      this.timers.clock.textContent = clock.text;
      this.timers.clock.parentElement.classList.toggle("is-urgent", clock.urgent);
    }
    // The city pulses in the clock's last seconds (the same node after them: the pulse ends here).
    this.cityEl?.classList.toggle("is-urgent", Boolean(this.timers.clock && clock?.urgent && clock.left > 0));
    if (this.model.tick()) this.render();
  }
}
