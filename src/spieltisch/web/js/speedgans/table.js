// A Speedgans game at a table: reading the three tasks, building one's city (tray + city), the
// hourglass, the scoring with every city to look at and the Musterstadt, the next round, the end.
// The client keeps only the arrangement of its own tiles; it sends the whole city after every
// change and shows the server's report (validity, task values, catches). It decides nothing.

import "./strings.js";
import { t } from "../i18n.js";
import { net } from "../net.js";
import { h } from "../ui.js";
import { BoardInput, cityElement, neighbourCell, trayElement } from "./board.js";
import { TILE_NUMBERS, ensureDefs, formatCity, parseCity } from "./tiles.js";

const THEME_KEY = "spieltisch.sg.theme";
const THEMES = ["herbst", "laterne", "plan"];
const ARROWS = { ArrowUp: 0, ArrowRight: 1, ArrowDown: 2, ArrowLeft: 3 };
/** After this long without an answer to a change, the server's city stands (a lost connection). */
const LOST_AFTER_MS = 15000;

export function getTheme() {
  const v = localStorage.getItem(THEME_KEY);
  return THEMES.includes(v) ? v : "herbst";
}

function applyTheme(theme = getTheme()) {
  document.body.dataset.sgTheme = theme;
}

function freshPieces() {
  return Object.fromEntries(TILE_NUMBERS.map((n) => [n, { side: "a", rotation: 0, cell: null }]));
}

function clonePieces(p) {
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, { ...v }]));
}

function fmtSeconds(left) {
  const s = Math.max(0, Math.ceil(left));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class SpeedgansGame {
  constructor(room) {
    this.room = room;
    this.table = null;
    this.pieces = freshPieces();
    this.selected = null;
    this.history = [];
    this.sent = [];
    this.citySeqs = new Set();
    this.seen = new Set();
    this.sentAt = 0;
    this.lastSentCity = null;
    this.roundKey = null;
    this.phase = null;
    this.viewSeat = "own"; // "own" | seat index | "muster"
    this.prevValues = null;
    this.flash = {};
    this.endHidden = false;
    this.vibrated = false;
    this.themeOpen = false;
    this.input = new BoardInput(this);
    this.timers = {};
    this.clockTimer = setInterval(() => this.tick(), 200);
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener("keydown", this.keyHandler);
    ensureDefs();
    applyTheme();
  }

  mount(el) {
    this.el = el;
  }

  destroy() {
    clearInterval(this.clockTimer);
    document.removeEventListener("keydown", this.keyHandler);
    this.input.destroy();
    delete document.body.dataset.sgTheme;
  }

  get game() {
    return this.table?.game;
  }

  get you() {
    return this.table?.you ?? null;
  }

  ownEntry() {
    return this.you === null ? null : this.game?.seats?.[this.you] ?? null;
  }

  seatName(i) {
    const seat = this.table.seats[i] || {};
    if (seat.nickname) return seat.nickname;
    if (seat.bot) return `${t("sg.computer")} (${t(`sg.level.${seat.bot}`)})`;
    return t("table.seat", { n: i + 1 });
  }

  // ---- server views -----------------------------------------------------------------------------

  update(table) {
    const prevPhase = this.phase;
    this.table = table;
    const game = table.game;
    this.phase = game.phase;
    const key = `${game.round}`;
    const restarted = prevPhase === "finished" && game.phase !== "finished";
    if (key !== this.roundKey || restarted) {
      this.roundKey = key;
      this.pieces = freshPieces();
      this.selected = null;
      this.history = [];
      this.sent = [];
      this.citySeqs = new Set();
      this.seen = new Set([formatCity(Array(9).fill(null))]);
      this.sentAt = 0;
      this.lastSentCity = null;
      this.viewSeat = "own";
      this.prevValues = null;
      this.flash = {};
      this.vibrated = false;
      this.endHidden = false;
      this.input.hidePopover();
    }
    if (prevPhase !== "scored" && prevPhase !== "finished" && (game.phase === "scored" || game.phase === "finished")) {
      this.selected = null;
      this.input.endDrag();
    }
    const own = this.ownEntry();
    if (own && typeof own.city === "string") this.syncCity(own.city);
    if (own?.report?.tasks) this.noteValues(own.report.tasks);
    this.render();
  }

  /** Adopt the server's city unless it is an echo of what this client sent (or an older state
   * while newer ones are still on their way). A change the server never confirms (refused) is
   * given up after a moment: then the server's city stands. */
  syncCity(serverCity) {
    const norm = parseCity(serverCity);
    const text = formatCity(norm);
    const idx = this.sent.indexOf(text);
    if (idx >= 0) {
      this.sent.splice(0, idx + 1);
      this.seen.add(text);
      if (!this.sent.length) this.sentAt = 0;
      return;
    }
    // While own changes are on their way, a city the server knew earlier is old news, however slow
    // the server is (refusals come back as errors, see onError).
    const stale = this.sent.length && this.seen.has(text) && performance.now() - this.sentAt < LOST_AFTER_MS;
    if (stale) return;
    if (text === this.localCity()) { this.sent = []; this.seen.add(text); return; }
    // The server says otherwise (a new round, a refused change): the server is right.
    this.sent = [];
    this.seen.add(text);
    this.lastSentCity = text;
    for (const n of TILE_NUMBERS) this.pieces[n].cell = null;
    norm.forEach((c, cell) => {
      if (!c) return;
      this.pieces[c.tile] = { side: c.side, rotation: c.rotation, cell };
    });
  }

  noteValues(values) {
    const tasks = this.game.tasks || [];
    if (this.prevValues) {
      for (const task of tasks) {
        const before = this.prevValues[task.id], now = values[task.id];
        if (before === undefined || now === undefined || before === now) continue;
        const better = task.lower_is_better ? now < before : now > before;
        this.flash[task.id] = { kind: better ? "better" : "worse", at: performance.now() };
      }
    }
    this.prevValues = { ...values };
  }

  // ---- the own arrangement ----------------------------------------------------------------------

  cells() {
    const cells = Array(9).fill(null);
    for (const n of TILE_NUMBERS) {
      const p = this.pieces[n];
      if (p.cell !== null) cells[p.cell] = { tile: n, side: p.side, rotation: p.rotation };
    }
    return cells;
  }

  localCity() {
    return formatCity(this.cells());
  }

  canBuild() {
    const own = this.ownEntry();
    return Boolean(this.game?.phase === "building" && own && !own.done);
  }

  mutate(fn, { keepDrag = false } = {}) {
    if (!this.canBuild()) return;
    const before = clonePieces(this.pieces);
    fn();
    if (JSON.stringify(before) === JSON.stringify(this.pieces)) return;
    this.history.push(before);
    if (this.history.length > 80) this.history.shift();
    this.changed({ keepDrag });
  }

  /** The server refused a change of ours (e.g. the round just ended): its city stands. */
  onError(msg) {
    if (msg.seq == null || !this.citySeqs.has(msg.seq)) return;
    this.citySeqs.clear();
    this.sent = [];
    this.sentAt = 0;
    const own = this.ownEntry();
    if (typeof own?.city === "string") {
      this.syncCity(own.city);
      this.render();
    }
  }

  changed({ keepDrag = false } = {}) {
    const city = this.localCity();
    if (city !== this.lastSentCity) {
      this.lastSentCity = city;
      const seq = this.room.send("city", { city });
      if (seq !== null && seq !== undefined) {
        this.citySeqs.add(seq);
        if (!this.sent.length) this.sentAt = performance.now();
        this.sent.push(city);
        this.seen.add(city);
      }
    }
    if (keepDrag) this.input.refreshGhost();
    this.render();
  }

  select(n, { quiet = false } = {}) {
    this.selected = n;
    if (quiet) {
      this.el.querySelectorAll(".sg-tray-tile, .sg-cell").forEach((b) => {
        const on = b.dataset.tile?.startsWith(String(n)) ?? false;
        b.classList.toggle("is-selected", on);
        if (b.classList.contains("sg-tray-tile")) b.setAttribute("aria-pressed", on ? "true" : "false");
      });
    } else this.render();
  }

  rotate(n, { keepDrag = false } = {}) {
    this.selected = n;
    this.mutate(() => { this.pieces[n].rotation = (this.pieces[n].rotation + 1) % 4; }, { keepDrag });
  }

  flip(n, { undoRotate = false } = {}) {
    this.selected = n;
    this.mutate(() => {
      const p = this.pieces[n];
      if (undoRotate) p.rotation = (p.rotation + 3) % 4;
      p.side = p.side === "a" ? "b" : "a";
    });
  }

  place(n, cell) {
    this.selected = n;
    this.mutate(() => {
      const from = this.pieces[n].cell;
      const other = TILE_NUMBERS.find((m) => m !== n && this.pieces[m].cell === cell);
      if (other !== undefined) this.pieces[other].cell = from; // swap (or back to the tray)
      this.pieces[n].cell = cell;
    });
  }

  toTray(n) {
    this.mutate(() => { this.pieces[n].cell = null; });
  }

  move(n, edge) {
    const cell = this.pieces[n].cell;
    if (cell === null) return;
    const target = neighbourCell(cell, edge);
    if (target !== null) this.place(n, target);
  }

  undo() {
    if (!this.canBuild() || !this.history.length) return;
    this.pieces = this.history.pop();
    this.changed();
  }

  /** Whether "Gasse dicht!" may be pressed: the server's report of exactly this city says so. */
  canDone() {
    const own = this.ownEntry();
    if (!this.canBuild() || !own.report) return false;
    if (this.sent.length || own.city === undefined || formatCity(parseCity(own.city)) !== this.localCity()) return false;
    if (this.table.settings?.strict) return this.cells().every(Boolean);
    return Boolean(own.report.valid);
  }

  done() {
    if (!this.canDone()) return;
    this.room.send("done");
  }

  afterDrag() {
    if (this.renderDeferred) this.render();
  }

  onKey(e) {
    if (!this.table || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = document.activeElement?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (e.key === "Escape") { this.input.hidePopover(); if (this.themeOpen) { this.themeOpen = false; this.render(); } return; }
    if (!this.canBuild()) return;
    const n = this.selected;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === "Enter") {
      if (this.canDone()) { e.preventDefault(); this.done(); }
      return;
    }
    if (key === "z") { e.preventDefault(); this.undo(); return; }
    if (n === null) return;
    if (key === "r") { e.preventDefault(); this.rotate(n); } else if (key === "f") { e.preventDefault(); this.flip(n); } else if (/^[1-9]$/.test(key)) { e.preventDefault(); this.place(n, Number(key) - 1); } else if (key === "Delete" || key === "Backspace") { e.preventDefault(); this.toTray(n); } else if (key in ARROWS && this.pieces[n].cell !== null) { e.preventDefault(); this.move(n, ARROWS[key]); }
  }

  // ---- what is shown ----------------------------------------------------------------------------

  /** The city on the board: {cells, report, name, own, muster}. */
  viewData() {
    const game = this.game;
    const scoredPhase = game.phase === "scored" || game.phase === "finished";
    if (this.viewSeat === "muster" && scoredPhase && game.musterstadt) {
      const m = game.musterstadt;
      return { cells: parseCity(m.city), report: { valid: true, problems: [], tasks: m.tasks, catches: m.catches || [] }, muster: true, name: t("sg.musterstadt") };
    }
    if (typeof this.viewSeat === "number" && this.viewSeat !== this.you && scoredPhase) {
      const entry = game.seats[this.viewSeat];
      if (entry && typeof entry.city === "string") {
        return { cells: parseCity(entry.city), report: entry.report, seat: this.viewSeat, name: this.seatName(this.viewSeat) };
      }
    }
    const own = this.ownEntry();
    if (!own) return { cells: Array(9).fill(null), report: null, name: "" };
    return { cells: this.cells(), report: own.report, seat: this.you, own: true, name: this.seatName(this.you) };
  }

  showCity(target) {
    this.viewSeat = target === this.you ? "own" : target;
    this.render();
  }

  render() {
    if (!this.table || !this.el) return;
    if (this.input.drag?.active) {
      this.renderDeferred = true; // never pull the board from under a finger
      return;
    }
    this.renderDeferred = false;
    const focusId = document.activeElement?.closest?.("[data-testid]")?.dataset.testid;
    const focusTile = document.activeElement?.closest?.(".sg-tray-tile, .sg-cell.has-tile") ? this.selected : null;
    const game = this.game;
    const view = this.viewData();
    const root = h("div.sg-game", {
      "data-testid": "sg-game", "data-phase": game.phase, "data-round": game.round,
      "data-you": this.you ?? "", "data-view": String(this.viewSeat),
      "data-pending": this.sent.length ? "true" : "false",
      "data-local-city": this.localCity(),
    });
    root.append(this.renderTop(), this.renderTasks(view), this.renderBoard(view), this.renderSide());
    if (game.phase === "reading") root.append(this.renderReading());
    if (game.phase === "finished" && !this.endHidden) root.append(this.renderEnd());
    this.input.hidePopover();
    this.el.replaceChildren(root);
    if (view.own && this.canBuild()) this.input.attach(this.cityEl, this.trayEl);
    // Keep the keyboard where it was (the tile follows into the city or back into the tray).
    let target = null;
    if (focusTile !== null) {
      const p = this.pieces[focusTile];
      target = p.cell !== null ? this.el.querySelector(`[data-testid="cell-${p.cell}"]`) : this.el.querySelector(`[data-testid="tray-${focusTile}"]`);
    } else if (focusId) target = this.el.querySelector(`[data-testid="${focusId}"]`);
    if (target && !target.disabled) target.focus({ preventScroll: true });
    this.tick();
  }

  renderTop() {
    const game = this.game;
    const building = game.phase === "building" || game.phase === "reading";
    const chips = h("div.sg-seats", { role: "list" }, game.seats.map((entry, i) => {
      const viewing = (this.viewSeat === "own" && i === this.you) || this.viewSeat === i;
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
        h("span.sg-chip-name", {}, this.seatName(i), i === this.you ? h("span.sg-chip-you", {}, ` (${t("sg.you")})`) : null),
        h("span.sg-chip-line", {},
          entry.marker ? h("span.sg-marker", { title: t("sg.marker", { n: entry.marker }) }, String(entry.marker)) : null,
          building ? dots : null,
          building ? h("span.sg-chip-tiles", {}, `${entry.tiles ?? 0}/9`) : null,
          h("span.sg-chip-points", {}, String(entry.points ?? 0)),
          game.phase === "scored" && entry.ready ? h("span.sg-chip-ready", { title: t("sg.ready") }, "✓") : null));
    }));
    this.timers = {};
    const timers = h("div.sg-timers", {});
    if (game.phase === "building") {
      if (game.hourglass_ends) {
        this.timers.hourglass = h("span.sg-timer-value", {}, "");
        timers.append(h("div.sg-hourglass", { "data-testid": "hourglass", role: "timer", "aria-label": t("sg.hourglass") }, this.hourglassIcon(), this.timers.hourglass));
      }
      if (game.building_ends) {
        this.timers.clock = h("span.sg-timer-value", {}, "");
        timers.append(h("div.sg-clock", { "data-testid": "clock", role: "timer", "aria-label": t("sg.clock") }, this.clockIcon(), this.timers.clock));
      }
    }
    return h("header.sg-top", {},
      h("div.sg-title", {},
        h("strong", {}, t("sg.title")),
        h("span", { "data-testid": "round" }, t("sg.round", { n: game.round })),
        h("span.muted", {}, t("sg.target", { n: game.target }))),
      chips, timers, this.renderThemeMenu());
  }

  hourglassIcon() {
    const span = h("span.sg-hourglass-icon", { "aria-hidden": "true" });
    span.innerHTML = `<svg viewBox="0 0 24 24" width="22" height="22"><path d="M6 2h12v2h-1v3.5c0 1.8-1.3 3.3-3 4.5 1.7 1.2 3 2.7 3 4.5V20h1v2H6v-2h1v-3.5c0-1.8 1.3-3.3 3-4.5-1.7-1.2-3-2.7-3-4.5V4H6z" fill="#f4e3b5" stroke="#6b4a1f" stroke-width="1.2"/><path d="M9 18.6c0-1.6 1.4-2.6 3-3.4 1.6.8 3 1.8 3 3.4z M9.6 6.5h4.8c-.4 1-1.3 1.8-2.4 2.5-1.1-.7-2-1.5-2.4-2.5z" fill="#d9a43a"/></svg>`;
    return span;
  }

  gearIcon() {
    const span = h("span", { "aria-hidden": "true" });
    span.innerHTML = `<svg viewBox="0 0 24 24" width="22" height="22" style="display:block;margin:auto"><path d="M10.3 2h3.4l.5 2.6 1.9.8 2.2-1.5 2.4 2.4-1.5 2.2.8 1.9 2.6.5v3.4l-2.6.5-.8 1.9 1.5 2.2-2.4 2.4-2.2-1.5-1.9.8-.5 2.6h-3.4l-.5-2.6-1.9-.8-2.2 1.5-2.4-2.4 1.5-2.2-.8-1.9L2 13.7v-3.4l2.6-.5.8-1.9-1.5-2.2 2.4-2.4 2.2 1.5 1.9-.8z" fill="currentColor" opacity="0.85"/><circle cx="12" cy="12" r="3.4" fill="var(--card)"/></svg>`;
    return span;
  }

  clockIcon() {
    const span = h("span.sg-clock-icon", { "aria-hidden": "true" });
    span.innerHTML = `<svg viewBox="0 0 24 24" width="18" height="18"><circle cx="12" cy="13" r="8.5" fill="#fff" stroke="currentColor" stroke-width="2"/><path d="M12 13V8.5M12 13l3 2" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path d="M9.5 2.5h5" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>`;
    return span;
  }

  trophy() {
    const span = h("span.sg-trophy", { "aria-hidden": "true" });
    span.innerHTML = `<svg viewBox="0 0 24 24" width="26" height="26"><path d="M7 3h10v3h3v2a5 5 0 0 1-4.2 4.9A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1A5 5 0 0 1 8.2 12.9 5 5 0 0 1 4 8V6h3zm0 5V8H6a3 3 0 0 0 1 2.2zm10 0v2.2A3 3 0 0 0 18 8z" fill="#e0a526" stroke="#9a6b0c" stroke-width="0.8"/></svg>`;
    return span;
  }

  renderThemeMenu() {
    const current = getTheme();
    const box = h("div.sg-theme", {});
    box.append(h("button.sg-gear", {
      type: "button", "data-testid": "theme", "aria-label": t("sg.theme"), title: t("sg.theme"),
      "aria-expanded": this.themeOpen ? "true" : "false",
      onclick: () => { this.themeOpen = !this.themeOpen; this.render(); },
    }, this.gearIcon()));
    if (this.themeOpen) {
      box.append(h("div.sg-theme-menu", { role: "menu", "data-testid": "theme-menu" },
        h("div.sg-theme-title", {}, t("sg.theme")),
        THEMES.map((name) => h("button.sg-theme-item", {
          type: "button", role: "menuitemradio", "aria-checked": name === current ? "true" : "false",
          "data-testid": `theme-${name}`, "data-theme": name,
          onclick: () => { localStorage.setItem(THEME_KEY, name); applyTheme(name); this.themeOpen = false; this.render(); },
        }, h("span.sg-theme-swatch", { "data-theme": name }), t(`sg.theme.${name}`)))));
    }
    return box;
  }

  renderTasks(view) {
    const game = this.game;
    const values = view.report?.tasks || {};
    const now = performance.now();
    return h("section.sg-tasks", { "aria-label": t("sg.results.task") }, (game.tasks || []).map((task) => {
      const value = values[task.id];
      const flash = view.own ? this.flash[task.id] : null;
      const flashing = flash && now - flash.at < 1200 ? flash.kind : "";
      const best = value !== undefined && value === task.best;
      return h("div.sg-task", {
        "data-testid": `task-${task.id}`, "data-value": value ?? "", "data-best": task.best,
        tabindex: "0", class: [flashing ? `is-${flashing}` : "", best ? "is-best" : "", `group-${task.id[0]}`].join(" "),
        style: flashing ? `--flash-delay: -${Math.round(now - flash.at)}ms` : null,
        "aria-label": `${t(`sg.task.${task.id}`)}: ${value ?? "–"}, ${t("sg.value.best", { n: task.best })}. ${t(`sg.task.${task.id}.help`)}`,
        onclick: (e) => e.currentTarget.classList.toggle("is-open"),
      },
        h("div.sg-task-head", {},
          h("span.sg-task-id", {}, task.id),
          h("span.sg-task-name", {}, t(`sg.task.${task.id}`)),
          task.star ? h("span.sg-task-star", { title: t("sg.star") }, "★") : null),
        h("div.sg-task-values", {},
          h("span.sg-task-value", { "data-testid": `task-value-${task.id}` }, value === undefined ? "–" : String(value)),
          h("span.sg-task-best", {}, t("sg.value.best", { n: task.best }))),
        task.lower_is_better ? h("div.sg-task-fewer", {}, t("sg.value.fewer")) : null,
        h("div.sg-task-help", {}, t(`sg.task.${task.id}.help`)));
    }));
  }

  renderBoard(view) {
    const game = this.game;
    const own = this.ownEntry();
    const interactive = Boolean(view.own && this.canBuild());
    const scoredPhase = game.phase === "scored" || game.phase === "finished";
    this.cityEl = cityElement({
      cells: view.cells, report: view.report, interactive,
      selected: interactive ? this.selected : null,
      showHelp: interactive, showProblems: Boolean(view.own && game.phase === "building") || (scoredPhase && !view.muster),
      showCatches: scoredPhase,
      locked: Boolean(view.own && own?.done),
    });
    const parts = [];
    if (scoredPhase && !view.own) {
      parts.push(h("div.sg-viewing", { "data-testid": "viewing", role: "status" },
        h("span", {}, view.muster ? t("sg.viewing.muster") : t("sg.viewing", { name: view.name })),
        this.you !== null ? h("button.secondary.small", { type: "button", "data-testid": "back-own", onclick: () => this.showCity(this.you) }, t("sg.back")) : null));
    } else if (scoredPhase && view.own) {
      parts.push(h("div.sg-viewing.is-own", { role: "status" }, h("span", {}, t("sg.city"))));
    }
    parts.push(h("div.sg-city-wrap", { "data-seat": String(view.seat ?? (view.muster ? "muster" : "")) }, this.cityEl));
    return h("section.sg-board", {}, parts);
  }

  renderSide() {
    const game = this.game;
    const side = h("section.sg-side", {});
    this.trayEl = null;
    if (game.phase === "reading" || game.phase === "building") {
      const own = this.ownEntry();
      if (!own) {
        side.append(h("p.muted", {}, t("sg.hint.watch")));
        return side;
      }
      const interactive = this.canBuild();
      this.trayEl = trayElement({ pieces: this.pieces, selected: interactive ? this.selected : null, interactive });
      side.append(this.trayEl);
      const canDone = this.canDone();
      let hint;
      if (own.done) hint = t("sg.done.waiting");
      else if (this.table.settings?.strict) hint = t("sg.hint.strict");
      else if (own.report?.valid) hint = t("sg.hint.valid");
      else if (this.cells().some(Boolean)) hint = t("sg.hint.invalid");
      else hint = t("sg.hint.build");
      side.append(
        h("button.sg-done", {
          type: "button", "data-testid": "gasse-dicht", disabled: !canDone,
          "data-done": own.done ? "true" : "false",
          class: own.done ? "is-done" : canDone ? "is-ready" : "",
          onclick: () => this.done(),
        }, own.done ? t("sg.done.locked", { n: own.marker ?? "?" }) : t("sg.done")),
        h("p.sg-hint", { "data-testid": "hint", "aria-live": "polite" }, hint),
        h("p.sg-keys.muted", {}, t("sg.hint.keys")));
      return side;
    }
    side.append(this.renderResults());
    return side;
  }

  renderResults() {
    const game = this.game;
    const res = game.results || { tasks: {}, scored: [] };
    const scored = new Set(res.scored || []);
    const nameBtn = (seat) => h("button.link.sg-name", {
      type: "button", "data-testid": `result-name-${seat}`, onclick: () => this.showCity(seat),
    }, this.seatName(seat), seat === this.you ? ` (${t("sg.you")})` : "");
    const box = h("section.sg-results", { "data-testid": "results" },
      h("h2", {}, t("sg.results", { n: game.round })));
    for (const task of game.tasks || []) {
      const rows = (res.tasks?.[task.id] || []).slice().sort((a, b) => a.rank - b.rank);
      box.append(h("div.sg-result-task", { "data-task": task.id },
        h("div.sg-result-title", {}, h("span.sg-task-id", {}, task.id), t(`sg.task.${task.id}`),
          h("span.muted", {}, ` · ${t("sg.value.best", { n: task.best })}`)),
        rows.length
          ? h("ol.sg-result-rows", {}, rows.map((r) => h("li", { "data-seat": r.seat, "data-rank": r.rank, "data-value": r.value, "data-points": r.points, class: r.seat === this.you ? "is-you" : "" },
              h("span.sg-rank", {}, `${r.rank}.`), nameBtn(r.seat), h("span.sg-rvalue", {}, String(r.value)),
              h("span.sg-rpoints", {}, `+${r.points}`))))
          : h("p.muted", {}, t("sg.results.none"))));
    }
    // This round and the total, per seat; seats that were not finished get 0.
    const order = game.seats.map((e, i) => i).sort((a, b) => (game.seats[b].points ?? 0) - (game.seats[a].points ?? 0));
    box.append(h("table.sg-totals", { "data-testid": "totals" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("sg.results.round")), h("th", {}, t("sg.results.total")))),
      h("tbody", {}, order.map((i) => {
        const e = game.seats[i];
        return h("tr", { "data-seat": i, "data-round-points": e.round_points ?? 0, "data-points": e.points ?? 0, class: i === this.you ? "is-you" : "" },
          h("td", {}, nameBtn(i), e.marker ? h("span.sg-marker.small", { title: t("sg.marker", { n: e.marker }) }, String(e.marker)) : null,
            scored.has(i) ? null : h("span.sg-notdone", {}, ` ${t("sg.results.notdone")}`)),
          h("td.num", {}, `+${e.round_points ?? 0}`),
          h("td.num.strong", {}, String(e.points ?? 0)));
      }))));
    const buttons = h("div.row.sg-result-buttons", {});
    if (game.musterstadt) {
      buttons.append(h("button.secondary", {
        type: "button", "data-testid": "musterstadt", title: t("sg.musterstadt.long"),
        class: this.viewSeat === "muster" ? "is-active" : "", onclick: () => this.showCity("muster"),
      }, "★ ", t("sg.musterstadt")));
    }
    if (game.phase === "scored" && this.you !== null) {
      const ready = game.seats[this.you]?.ready;
      buttons.append(h("button.primary.big", {
        type: "button", "data-testid": "next-round", disabled: ready ? true : null,
        onclick: () => this.room.send("next_round"),
      }, ready ? t("sg.next.ready") : t("sg.next")));
    }
    if (game.phase === "finished") {
      buttons.append(h("button.primary", { type: "button", "data-testid": "show-end", onclick: () => { this.endHidden = false; this.render(); } }, t("sg.showend")));
    }
    box.append(buttons);
    if (game.phase === "scored" && game.next_round_at) {
      this.timers.next = h("p.muted.sg-next-in", {}, "");
      box.append(this.timers.next);
    }
    return box;
  }

  renderReading() {
    const game = this.game;
    this.timers.reading = h("div.sg-reading-count", { "aria-hidden": "true" }, "");
    return h("div.sg-reading-backdrop", {},
      h("section.sg-reading", { "data-testid": "reading", role: "dialog", "aria-labelledby": "sg-reading-title" },
        h("h2", { id: "sg-reading-title" }, t("sg.reading"), " · ", t("sg.round", { n: game.round })),
        h("div.sg-reading-tasks", {}, (game.tasks || []).map((task) => h("div.sg-reading-task", { class: `group-${task.id[0]}`, "data-task": task.id },
          h("div.sg-reading-id", {}, task.id, task.star ? " ★" : ""),
          h("div.sg-reading-name", {}, t(`sg.task.${task.id}`)),
          h("div.sg-reading-help", {}, t(`sg.task.${task.id}.help`)),
          h("div.sg-reading-best", {}, t("sg.value.best", { n: task.best }))))),
        this.timers.reading));
  }

  renderEnd() {
    const game = this.game;
    const seats = game.seats.map((e, i) => ({ i, points: e.points ?? 0, place: game.ranking ? game.ranking[i] : null, name: this.seatName(i) }))
      .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || b.points - a.points);
    const winners = seats.filter((s) => s.place === 1);
    const headline = winners.length > 1 ? t("sg.tie", { names: winners.map((s) => s.name).join(", ") }) : t("sg.wins", { name: winners[0]?.name ?? "" });
    return h("div.sg-end-backdrop", {},
      h("section.sg-end.card", { "data-testid": "end", role: "dialog", "aria-labelledby": "sg-end-title" },
        h("h2", { id: "sg-end-title" }, t("sg.end")),
        h("p.sg-winner", { "data-testid": "winner" }, this.trophy(), headline),
        h("ol.sg-ranking", { "data-testid": "ranking" }, seats.map((s) => h("li", {
          "data-seat": s.i, "data-place": s.place ?? "", "data-points": s.points, class: [s.place === 1 ? "is-winner" : "", s.i === this.you ? "is-you" : ""].join(" "),
        }, h("span.place", {}, `${s.place ?? "–"}.`), h("span.name", {}, s.name), h("span.score", {}, String(s.points))))),
        h("div.row.sg-end-buttons", {},
          this.you !== null ? h("button.primary.big", { type: "button", "data-testid": "rematch", onclick: () => this.room.send("rematch") }, t("sg.rematch")) : null,
          h("button.secondary", { type: "button", "data-testid": "close-end", onclick: () => { this.endHidden = true; this.render(); } }, t("sg.showcities")),
          h("button.link", { type: "button", onclick: () => this.room.app.navigate("/") }, t("sg.tolobby")))));
  }

  tick() {
    const game = this.game;
    if (!game) return;
    const now = net.serverNow();
    if (this.timers.reading && game.reading_ends) {
      const left = Math.max(0, Math.ceil(game.reading_ends - now));
      this.timers.reading.textContent = left > 0 ? String(left) : t("sg.reading.go");
    }
    if (this.timers.hourglass && game.hourglass_ends) {
      const left = game.hourglass_ends - now;
      this.timers.hourglass.textContent = fmtSeconds(left);
      const urgent = left <= 10 && left > 0;
      this.timers.hourglass.parentElement.classList.toggle("is-urgent", urgent);
      const own = this.ownEntry();
      const pulse = urgent && own && !own.done && game.phase === "building";
      this.cityEl?.classList.toggle("is-urgent", Boolean(pulse));
      if (pulse && !this.vibrated) {
        this.vibrated = true;
        try { navigator.vibrate?.(200); } catch { /* not on this device */ }
      }
    }
    if (this.timers.clock && game.building_ends) {
      const left = game.building_ends - now;
      this.timers.clock.textContent = fmtSeconds(left);
      this.timers.clock.parentElement.classList.toggle("is-urgent", left <= 10);
    }
    if (this.timers.next && game.next_round_at) {
      this.timers.next.textContent = t("sg.next.in", { n: Math.max(0, Math.ceil(game.next_round_at - now)) });
    }
    // A change the server never answered (a connection lost under it): after a while its city stands.
    if (this.sent.length && performance.now() - this.sentAt > LOST_AFTER_MS && typeof this.ownEntry()?.city === "string") {
      this.syncCity(this.ownEntry().city);
      this.render();
      return;
    }
    // Flashes fade by themselves (CSS); drop old ones so a re-render does not replay them.
    const nowMs = performance.now();
    for (const [id, f] of Object.entries(this.flash)) if (nowMs - f.at > 1200) delete this.flash[id];
  }
}
