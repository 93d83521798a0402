// A Speedgans game at a table on the page: reading the three tasks, building one's city (tray +
// city), the hourglass, the scoring with every city to look at and the Musterstadt, the next round,
// the end. What the game is in — the own city and its sync with the server, whose city is shown,
// what may be pressed — is the model's (model.js); this draws it, by description (dom.js: a server's
// view changes the nodes that are there), and passes the player's input on.

import "./strings.js";
import { h } from "../dom.js";
import { endDialog } from "../end-dialog.js";
import { t } from "../i18n.js";
import { iconView } from "../icons.js";
import { net } from "../net.js";
import { PresenceBar } from "../presence.js";
import { rematchOffer } from "../rematch-offer.js";
import { cityView, trayView } from "./board.js";
import { BuildView, taskCards } from "./build-view.js";
import { SpeedgansModel } from "./model.js";
import { rulesLink } from "../rules/link.js";

export class SpeedgansGame extends BuildView {
  constructor(room) {
    super(new SpeedgansModel({ send: (type, extra) => room.send(type, extra), serverNow: () => net.serverNow() }));
    this.room = room;
    this.vibrated = false;
    this.timers = {};
    this.clockTimer = setInterval(() => this.tick(), 200);
    this.presence = new PresenceBar(room); // who is away, "Spiel verlassen" (shared with Plan Ahead)
  }

  destroy() {
    clearInterval(this.clockTimer);
    this.presence.destroy();
    super.destroy();
  }

  get you() {
    return this.model.you;
  }

  // ---- server views -----------------------------------------------------------------------------

  update(table) {
    const { newRound, scoring } = this.model.update(table);
    if (newRound) {
      this.vibrated = false;
      this.input.hidePopover();
    }
    if (scoring) this.input.endDrag();
    this.render();
  }

  /** The server refused something; a refused city of ours gives way to the server's (the toast still shows). */
  onError(msg) {
    if (this.model.onError(msg)) this.render();
  }

  // ---- what is shown ----------------------------------------------------------------------------

  showCity(target) {
    this.model.showCity(target);
    this.render();
  }

  render() {
    if (!this.table || !this.el) return;
    const game = this.game;
    const view = this.model.viewData();
    // The clocks' values and the city and tray as drawn (tick() sets the clocks, BoardInput reads them).
    this.timers = {};
    this.trayEl = null;
    const interactive = Boolean(view.own && this.model.canBuild());
    this.show(h("div.sg-game", {
      "data-testid": "sg-game", "data-phase": game.phase, "data-round": game.round,
      "data-you": this.you ?? "", "data-view": String(this.model.viewSeat),
      "data-pending": this.model.city.pending ? "true" : "false",
      "data-local-city": this.model.city.text(),
    },
      this.renderTop(), this.renderTasks(view), this.renderBoard(view), this.renderSide(),
      game.phase === "reading" ? this.renderReading() : null,
      this.ending() ? this.renderEnd() : null),
    { interactive });
    this.tick();
  }

  /** Whether the end dialog is open (then the quick messages' button is in it, not in the header). */
  ending() {
    return Boolean((this.game.phase === "finished" && !this.model.endHidden) || this.table?.closed);
  }

  renderTop() {
    const game = this.game;
    const building = game.phase === "building" || game.phase === "reading";
    // More than four players: no dots (the count says as much), so that they stand in one row.
    const chips = h("div.sg-seats", { role: "list", class: game.seats.length > 4 ? "is-many" : "" }, game.seats.map((entry, i) => {
      const viewing = this.model.shows(i);
      const clickable = !building && typeof entry.city === "string";
      const seat = this.table.seats[i] || {};
      const dots = h("span.sg-dots", { "aria-hidden": "true" }, Array.from({ length: 9 }, (_, k) => h("i", { class: k < (entry.tiles ?? 0) ? "on" : "" })));
      return h(clickable ? "button.sg-chip" : "div.sg-chip", {
        role: "listitem", type: clickable ? "button" : null,
        "data-testid": `opponent-${i}`, "data-tiles": entry.tiles ?? 0, "data-done": entry.done ? "true" : "false",
        "data-marker": entry.marker ?? "", "data-points": entry.points ?? 0,
        class: [i === this.you ? "is-you" : "", entry.done ? "is-done" : "", viewing && !building ? "is-viewing" : "", seat.connected === false && !seat.bot ? "is-offline" : ""].join(" "),
        title: t("sg.tiles.long", { n: entry.tiles ?? 0 }),
        onclick: clickable ? () => this.showCity(i) : null,
      },
        h("span.sg-chip-name", {}, this.model.seatName(i), i === this.you ? h("span.sg-chip-you", {}, ` (${t("sg.you")})`) : null),
        h("span.sg-chip-line", {},
          seat.bot ? h("span.level-badge", { "data-testid": `level-${i}`, "data-level": seat.bot, title: t("sg.computer") }, t(`sg.level.${seat.bot}`)) : null,
          entry.marker ? h("span.sg-marker", { title: t("sg.marker", { n: entry.marker }) }, String(entry.marker)) : null,
          building ? dots : null,
          building ? h("span.sg-chip-tiles", {}, `${entry.tiles ?? 0}/9`) : null,
          h("span.sg-chip-points", {}, String(entry.points ?? 0)),
          game.phase === "scored" && entry.ready ? h("span.sg-chip-ready", { title: t("sg.ready") }, "✓") : null));
    }));
    const running = game.phase === "building";
    const timers = h("div.sg-timers", {},
      running && game.hourglass_ends
        ? h("div.sg-hourglass", { key: "hourglass", "data-testid": "hourglass", role: "timer", "aria-label": t("sg.hourglass") },
          iconView("span.sg-hourglass-icon", "hourglass"), this.timerValue("hourglass"))
        : null,
      running && game.building_ends
        ? h("div.sg-clock", { key: "clock", "data-testid": "clock", role: "timer", "aria-label": t("sg.clock") },
          iconView("span.sg-clock-icon", "clock"), this.timerValue("clock"))
        : null);
    // Three players and more: on a desktop their chips take a row of their own under the title and
    // the clocks (beside them they would be squeezed until their contents ran out of them).
    return h("header.sg-top", { class: game.seats.length >= 3 ? "is-crowded" : "" },
      h("div.sg-title", {},
        h("strong", {}, t("sg.title")),
        h("span", { "data-testid": "round" }, t("sg.round", { n: game.round })),
        h("span.muted", {}, t("sg.target", { n: game.target }))),
      chips, timers, rulesLink("speedgans", { testid: "game-rules" }),
      this.ending() ? null : this.room.quick?.button() ?? null, this.renderThemeMenu(),
      this.presence.render(this.table));
  }

  /** A clock's value (tick() writes it; its element kept in this.timers). @param {string} name */
  timerValue(name) {
    return h("span.sg-timer-value", { ref: (el) => { this.timers[name] = el; } });
  }

  renderTasks(view) {
    return taskCards({
      tasks: this.game.tasks || [], values: view.report?.tasks || {},
      faulty: Boolean(view.report?.problems?.length),
      flashOf: (id) => (view.own ? this.model.flashOf(id) : null),
    });
  }

  renderBoard(view) {
    const game = this.game;
    const own = this.model.ownEntry();
    const interactive = Boolean(view.own && this.model.canBuild());
    const scoredPhase = game.phase === "scored" || game.phase === "finished";
    const city = cityView({
      cells: view.cells, report: view.report, interactive,
      selected: interactive ? this.model.selected : null,
      showHelp: interactive, showProblems: Boolean(view.own && game.phase === "building") || (scoredPhase && !view.muster),
      showCatches: scoredPhase,
      locked: Boolean(view.own && own?.done),
      ref: (el) => { this.cityEl = el; }, handlers: interactive ? this.input.handlers() : null,
    });
    const parts = [];
    // This round's city a computer (standing in for the person while away) built or began: said as such.
    const seat = typeof view.seat === "number" ? view.seat : null;
    const byComputer = seat !== null && !this.table?.seats[seat]?.bot
      && Boolean(game.seats[seat]?.computer_rounds?.includes(game.round));
    const computerMark = byComputer ? h("span.sg-by-computer", { "data-testid": "by-computer" }, t("played.city")) : null;
    if (scoredPhase && !view.own) {
      parts.push(h("div.sg-viewing", { key: "viewing", "data-testid": "viewing", role: "status" },
        h("span", {}, view.muster ? t("sg.viewing.muster") : t("sg.viewing", { name: view.name })),
        computerMark,
        this.you !== null ? h("button.secondary.small", { type: "button", "data-testid": "back-own", onclick: () => this.showCity(this.you) }, t("sg.back")) : null));
    } else if (scoredPhase && view.own) {
      parts.push(h("div.sg-viewing.is-own", { key: "viewing-own", role: "status" }, byComputer ? computerMark : h("span", {}, t("sg.city"))));
    } else if (byComputer && view.own) {
      parts.push(h("div.sg-viewing.is-own", { key: "viewing-own", role: "status" }, computerMark));
    }
    parts.push(h("div.sg-city-wrap", { key: "city", "data-seat": String(view.seat ?? (view.muster ? "muster" : "")) }, city));
    return h("section.sg-board", {}, parts);
  }

  renderSide() {
    const game = this.game;
    if (game.phase === "reading" || game.phase === "building") {
      const own = this.model.ownEntry();
      if (!own) return h("section.sg-side", {}, h("p.muted", {}, t("sg.hint.watch")));
      const interactive = this.model.canBuild();
      const canDone = this.model.canDone();
      return h("section.sg-side", {},
        trayView({
          pieces: this.pieces, selected: interactive ? this.model.selected : null, interactive,
          ref: (el) => { this.trayEl = el; }, handlers: interactive ? this.input.handlers() : null,
        }),
        h("button.sg-done", {
          type: "button", "data-testid": "gasse-dicht", disabled: !canDone,
          "data-done": own.done ? "true" : "false",
          class: own.done ? "is-done" : canDone ? "is-ready" : "",
          onclick: () => this.done(),
        }, own.done ? t("sg.done.locked", { n: own.marker ?? "?" }) : t("sg.done")),
        h("p.sg-hint", { "data-testid": "hint", "aria-live": "polite" }, this.model.hint()),
        h("p.sg-keys.muted", {}, t("sg.hint.keys")));
    }
    return h("section.sg-side", {}, this.renderResults());
  }

  renderResults() {
    const game = this.game;
    // The lists scroll inside the box; its buttons stay in sight under them (five cities are long).
    const list = scoringList(this.model, { you: this.you, onShowCity: (seat) => this.showCity(seat) });
    const ready = this.you !== null && game.seats[this.you]?.ready;
    return h("section.sg-results", { "data-testid": "results" },
      h("h2", {}, t("sg.results", { n: game.round })), list,
      h("div.row.sg-result-buttons", {},
        game.musterstadt
          ? h("button.secondary", {
            type: "button", "data-testid": "musterstadt", title: t("sg.musterstadt.long"),
            class: this.model.viewSeat === "muster" ? "is-active" : "", onclick: () => this.showCity("muster"),
          }, "★ ", t("sg.musterstadt"))
          : null,
        game.phase === "scored" && this.you !== null
          ? h("button.primary.big", {
            type: "button", "data-testid": "next-round", disabled: ready ? true : null,
            onclick: () => this.room.send("next_round"),
          }, ready ? t("sg.next.ready") : t("sg.next"))
          : null,
        game.phase === "finished"
          ? h("button.primary", { type: "button", "data-testid": "show-end", onclick: () => this.setEndHidden(false) }, t("sg.showend"))
          : null),
      game.phase === "scored" && game.next_round_at
        ? h("p.muted.sg-next-in", { "data-testid": "next-in", role: "timer", ref: (el) => { this.timers.next = el; } })
        : null);
  }

  renderReading() {
    const game = this.game;
    return h("div.sg-reading-backdrop", {},
      h("section.sg-reading", { "data-testid": "reading", role: "dialog", "aria-labelledby": "sg-reading-title" },
        h("h2", { id: "sg-reading-title" }, t("sg.reading"), " · ", t("sg.round", { n: game.round })),
        h("div.sg-reading-tasks", {}, (game.tasks || []).map((task) => h("div.sg-reading-task", { class: `group-${task.id[0]}`, "data-task": task.id },
          h("div.sg-reading-id", {}, task.id, task.star ? " ★" : ""),
          h("div.sg-reading-name", {}, t(`sg.task.${task.id}`)),
          h("div.sg-reading-help", {}, t(`sg.task.${task.id}.help`)),
          h("div.sg-reading-best", {}, t("sg.value.best", { n: task.best }))))),
        h("div.sg-reading-count", { "aria-hidden": "true", ref: (el) => { this.timers.reading = el; } })));
  }

  renderEnd() {
    return endDialog({
      ...this.model.standings(), scoreAttribute: "data-points",
      closeLabel: t("sg.showcities"), talk: this.room.quick?.button() ?? null,
      computers: { level: (bot) => t(`sg.level.${bot}`), title: t("sg.computer") },
      onRematch: this.you !== null ? () => this.room.send("rematch") : null,
      rematch: () => (this.table ? rematchOffer(this.table, net.serverNow(), t("end.rematch.you")) : null),
      closed: this.table.closed ?? null,
      onClose: () => this.setEndHidden(true),
      onLobby: () => this.room.app.navigate("/"),
      gameId: this.game.game_id, onReplay: (path) => this.room.app.navigate(path),
      playedFor: this.game.played_for ?? [], unit: "round", listPoints: true,
    });
  }

  setEndHidden(hidden) {
    this.model.endHidden = hidden;
    this.render();
  }

  tick() {
    if (!this.game) return;
    const c = this.model.clocks();
    if (this.timers.reading && c.reading !== null) this.timers.reading.textContent = c.reading;
    if (this.timers.hourglass && c.hourglass) {
      this.timers.hourglass.textContent = c.hourglass.text;
      this.timers.hourglass.parentElement.classList.toggle("is-urgent", c.hourglass.urgent);
      if (c.hourglass.pulse && !this.vibrated) {
        this.vibrated = true;
        try { navigator.vibrate?.(200); } catch { /* not on this device */ }
      }
    }
    // The city pulses in the hourglass's last seconds (the same node after them: the pulse ends here).
    this.cityEl?.classList.toggle("is-urgent", Boolean(this.timers.hourglass && c.hourglass?.pulse));
    if (this.timers.clock && c.clock) {
      this.timers.clock.textContent = c.clock.text;
      this.timers.clock.parentElement.classList.toggle("is-urgent", c.clock.urgent);
    }
    if (this.timers.next && c.nextIn !== null) this.timers.next.textContent = c.nextIn;
    // A change the server never answered (a connection lost under it): its city stands.
    if (this.model.tick()) this.render();
  }
}

/**
 * The scoring of a round as the table shows it once the round is scored (a replay shows it so too):
 * every task's places, values and points, then each seat's points of the round and in all (a city
 * that did not count says why). model: a SpeedgansModel holding the scored view; you: the own seat,
 * marked (null: none); onShowCity(seat): a name was chosen, to look at that city.
 */
export function scoringList(model, { you, onShowCity }) {
  const game = model.game;
  const { tasks, order, scored } = model.results();
  const nameBtn = (seat) => h("button.link.sg-name", {
    type: "button", "data-testid": `result-name-${seat}`, onclick: () => onShowCity(seat),
  }, model.seatName(seat), seat === you ? ` (${t("sg.you")})` : "");
  // Equal values rank by the smaller place marker (the rules): beside each tied name its marker.
  const tied = (r, rows) => rows.some((o) => o.seat !== r.seat && o.value === r.value);
  const tieMarker = (taskId, r, rows) => {
    const marker = game.seats[r.seat]?.marker;
    if (!tied(r, rows) || !marker) return null;
    const label = t("sg.marker", { n: marker });
    return h("span.sg-marker.small.sg-tie-marker", {
      "data-testid": `tie-marker-${taskId}-${r.seat}`, title: label, "aria-label": label, role: "img",
    }, String(marker));
  };
  return h("div.sg-results-list", {},
    tasks.map(({ task, rows }) => h("div.sg-result-task", { key: task.id, "data-task": task.id },
      h("div.sg-result-title", {}, h("span.sg-task-id", {}, task.id), t(`sg.task.${task.id}`),
        h("span.muted", {}, ` · ${t("sg.value.best", { n: task.best })}`)),
      rows.length
        ? h("ol.sg-result-rows", {}, rows.map((r) => h("li", { key: r.seat, "data-seat": r.seat, "data-rank": r.rank, "data-value": r.value, "data-points": r.points, class: r.seat === you ? "is-you" : "" },
            h("span.sg-rank", {}, `${r.rank}.`),
            h("span.sg-rname", {}, nameBtn(r.seat), tieMarker(task.id, r, rows)),
            h("span.sg-rvalue", {}, String(r.value)),
            h("span.sg-rpoints", {}, `+${r.points}`))))
        : h("p.muted", {}, t("sg.results.none")))),
    tasks.some(({ rows }) => rows.some((r) => tied(r, rows)))
      ? h("p.sg-tie-note", { key: "tie-note", "data-testid": "tie-note" }, t("sg.results.tie"))
      : null,
    // This round and the total, per seat; a city that did not count says why (unfinished, faulty).
    h("table.sg-totals", { key: "totals", "data-testid": "totals" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("sg.results.round")), h("th", {}, t("sg.results.total")))),
      h("tbody", {}, order.map((i) => {
        const e = game.seats[i];
        return h("tr", { key: i, "data-seat": i, "data-round-points": e.round_points ?? 0, "data-points": e.points ?? 0, class: i === you ? "is-you" : "" },
          h("td", {}, nameBtn(i), e.marker ? h("span.sg-marker.small", { title: t("sg.marker", { n: e.marker }) }, String(e.marker)) : null,
            scored.has(i) ? null : h("span.sg-notdone", { "data-testid": `not-scored-${i}` }, ` ${t(model.faulty(i) ? "sg.results.faulty" : "sg.results.notdone")}`)),
          h("td.num", {}, `+${e.round_points ?? 0}`),
          h("td.num.strong", {}, String(e.points ?? 0)));
      }))));
}
