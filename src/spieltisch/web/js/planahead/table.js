// A running or finished Plan Ahead game on the page: the land, the next tile (top right), OK (bottom
// right), the scores (bottom left), the turn clock, the end with ranking and rematch; dragging the
// tile. What the game is in, and what the player may do, is the model's (model.js); this draws it
// and passes the player's input on. It is drawn by description (dom.js): a server's view changes the
// nodes that are there, so the field or button a player is on keeps the focus, and a tile being
// dragged keeps its pointer, because they stay the same nodes.

import "./strings.js";
import { endDialog } from "../end-dialog.js";
import { getLang, t } from "../i18n.js";
import { net } from "../net.js";
import { PresenceBar } from "../presence.js";
import { rematchOffer } from "../rematch-offer.js";
import { absenceText } from "../presence-model.js";
import { VNode, create, h, render } from "../dom.js";
import { bagElement } from "./bag.js";
import { boardView, tileView } from "./board.js";
import { H, KINDS, S, fieldCentre, neighbour, parseTile } from "./geometry.js";
import { helpDialog } from "./help.js";
import { lineScoreTable } from "./line-table.js";
import { PlanAheadModel } from "./model.js";
import { PointerDrag } from "../drag.js";

/** Set once a player has put the first-tile hint away (this browser shows it only once). */
const FIRST_HINT_KEY = "spieltisch.pa.firsthint";
const ARROWS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];

/** A tile in words: "Straße 9 · Kanal 7 · Rosenhain 4" (the replay names its tile so too). */
export function tileLabel(code) {
  const tile = parseTile(code);
  if (!tile) return "";
  return ["vertical", "rising", "falling"].map((d) => `${t(`kind.${KINDS[tile[d]].key}`)} ${tile[d]}`).join(" · ");
}

/** Whether the list of tiles unfolds over the land (a phone: planahead.css) rather than beside it. */
function bagFloats() {
  return typeof matchMedia === "function" && matchMedia("(max-width: 800px)").matches;
}

/**
 * The board's field (its SVG group, data-field) an event's target or a point's element is in.
 * @param {EventTarget | null | undefined} target
 * @returns {SVGGElement | null}
 */
function fieldOf(target) {
  return target instanceof Element ? target.closest(".pa-field") : null;
}

/** @template {PlanAheadModel} [M=PlanAheadModel] the model's class (the puzzle's is a subclass) */
export class PlanAheadGame {
  /**
   * room: the TableScreen (send, app); Model: PlanAheadModel or a subclass (the puzzle's).
   * @param {any} room
   * @param {new (options: ConstructorParameters<typeof PlanAheadModel>[0]) => M} [Model]
   */
  constructor(room, Model = /** @type {any} */ (PlanAheadModel)) {
    this.room = room;
    /** @type {M} */
    this.model = new Model({ send: (type, extra) => room.send(type, extra), serverNow: () => net.serverNow() });
    this.drag = null;
    this.clockTimer = setInterval(() => this.tickClock(), 250);
    this.presence = this.presenceBar();
    this.helpOpen = false;
    this.bagOpen = typeof matchMedia === "function" && matchMedia("(min-width: 801px)").matches;
    /** The tile the list of tiles was unfolded at (on a phone it folds again with the next one). */
    this.bagTile = null;
    /** @type {number | null} the field the arrow keys are on */
    this.cursor = null;
    /** @type {-1 | 1} */
    this.lean = -1; // left/right zigzag along a row: -1 the upper neighbour first, +1 the lower
    this.endFocused = false;
    /** @type {(() => void) | null} set once mounted, kept across mounts so it is removed again */
    this.onResize = null;
    /** @type {((e: PointerEvent) => void) | null} */
    this.onPointerOutside = null;
  }

  /** Who is away and "Spiel verlassen" (a table with others; the puzzle has none). */
  presenceBar() {
    return new PresenceBar(this.room);
  }

  mount(el) {
    this.el = el;
    this.onResize ??= () => this.fitScores();
    window.addEventListener("resize", this.onResize);
    // On a phone the unfolded list of tiles lies over the land: a tap anywhere else folds it (and
    // does what it does: a tap on a field still lays the tile there).
    this.onPointerOutside ??= (e) => {
      const bag = this.el?.querySelector('[data-testid="bag"]');
      if (!bag?.open || !bagFloats() || bag.contains(e.target)) return;
      this.bagOpen = false; // now: the tap may redraw the game before the "toggle" event comes
      bag.open = false;
    };
    document.addEventListener("pointerdown", this.onPointerOutside, true);
  }

  destroy() {
    clearInterval(this.clockTimer);
    if (this.onResize) window.removeEventListener("resize", this.onResize);
    if (this.onPointerOutside) document.removeEventListener("pointerdown", this.onPointerOutside, true);
    this.presence?.destroy();
    this.endDrag();
    this.el = null;
    this.boardEl = null;
    this.clockEl = null;
  }

  get table() {
    return this.model.table;
  }

  get game() {
    return this.model.game;
  }

  get you() {
    return this.model.you;
  }

  update(table) {
    this.model.update(table);
    // The first-tile hint goes for good once the first tile is down, read or not.
    if (this.firstHintShown && table.game.turn > 0 && !this.firstHintDone) {
      this.firstHintDone = true;
      try { localStorage.setItem(FIRST_HINT_KEY, "1"); } catch { /* private mode */ }
    }
    this.render();
  }

  place(field) {
    if (this.model.place(field)) this.render();
  }

  confirm() {
    this.model.confirm();
  }

  /** An error from the server: a refused placing gives the tile back (room.js, the puzzle's screen). */
  onError(msg) {
    if (this.model.onError(msg)) this.render();
  }

  showSeat(seat) {
    this.model.showSeat(seat);
    this.render();
  }

  setEndHidden(hidden) {
    this.model.endHidden = hidden;
    this.render();
  }

  // ---- rendering ---------------------------------------------------------------------------

  render() {
    if (!this.table || !this.el) return;
    const active = document.activeElement;
    const focused = active && active !== document.body && this.el.contains(active) ? active : null;
    render(this.el, h("div.pa-game", this.rootAttributes(), this.renderParts()));
    this.fitScores();
    this.moveFocus(focused);
    this.tickClock();
  }

  /**
   * The end dialog, when it comes, takes the focus. Else the focus stays where it was (the node is
   * the same), unless the element it was on went or can no longer be pressed: then it goes on to
   * what takes that element's place.
   * @param {Element | null} focused  the game's element that had the focus before the update
   */
  moveFocus(focused) {
    const end = this.el.querySelector('[data-testid="end"]');
    if (!end) this.endFocused = false;
    else if (!this.endFocused) {
      this.endFocused = true;
      (end.querySelector('[data-testid="rematch"]:not([disabled])') || end.querySelector("button:not([disabled])"))?.focus({ preventScroll: true });
      return;
    }
    if (!focused || (focused.isConnected && !focused.matches(":disabled"))) return;
    const testId = focused.getAttribute("data-testid") ?? "";
    // OK once pressed, a field, „Zurück zu meinem Land“ with the other land: the own land's field.
    if (testId === "ok" || testId.startsWith("field-") || testId === "back-own") this.focusField(this.cursorField());
    // "Dabei!" became "Du bist dabei" (nothing more to press there): the next button of the dialog.
    else if (testId === "rematch") this.el.querySelector('[data-testid="close-end"]')?.focus({ preventScroll: true });
  }

  /** The game's root element's attributes (what tests and styles read off the page). */
  rootAttributes() {
    const game = this.game;
    return {
      "data-testid": "pa-game", "data-phase": game.phase, "data-turn": game.turn,
      "data-view-seat": String(this.model.viewSeat), "data-you": this.you ?? "",
      "data-pending": this.model.pending !== undefined ? "true" : "false",
    };
  }

  /** What the game shows, in order. */
  renderParts() {
    const parts = [this.renderLead(), this.renderClock(), this.renderNext(), this.renderBoardArea(),
      this.renderScores(), this.renderOk()];
    // (An operator closing the table ends it where it is: its end says why.)
    if (this.ending()) parts.push(this.renderEnd());
    if (this.helpOpen) parts.push(this.renderHelp());
    return parts;
  }

  renderInfo() {
    return h("div.pa-info", { key: "info" },
      h("div.pa-title", {}, t("game.planahead"), h("span.muted", {}, ` #${this.table.id}`)),
      h("div.pa-turn", { "data-testid": "turn" }, this.model.turnText()),
      h("div.pa-hint.muted", { "data-testid": "hint", "aria-live": "polite" }, this.model.hint()),
      this.helpButton(),
      this.ending() ? null : this.room.quick?.button() ?? null,
      this.presence ? this.presence.render(this.table) : null);
  }

  /** Whether the end dialog is open (then the quick messages' button is in it, not in the header). */
  ending() {
    return Boolean((this.game.phase === "finished" && !this.model.endHidden) || this.table?.closed);
  }

  /**
   * The game's info and, in a first game, the first-tile hint under it. Beside the land (a wide
   * screen) the two are one column; on a phone the hint takes a row of its own between the header's
   * rows and the land, which it pushes down a little (planahead.css): it covers nothing.
   */
  renderLead() {
    const info = this.renderInfo();
    const first = this.renderFirstHint();
    return first ? h("div.pa-lead", { key: "lead" }, info, first) : info;
  }

  // ---- help for first-time players ----------------------------------------------------------

  helpButton() {
    return h("button.link.pa-help-button", {
      type: "button", "data-testid": "help-open", "aria-haspopup": "dialog", onclick: () => this.setHelp(true),
    }, h("span.pa-help-q", { "aria-hidden": "true" }, "?"), t("pa.help"));
  }

  setHelp(open) {
    this.helpOpen = open;
    if (!open) this.helpEl = null;
    this.render();
    if (open) this.el?.querySelector('[data-testid="help"]')?.focus({ preventScroll: true });
    else this.el?.querySelector('[data-testid="help-open"]')?.focus({ preventScroll: true });
  }

  /** The help card: made when it opens (in the page's language), the same element while it is open. */
  renderHelp() {
    if (!this.helpEl || this.helpLang !== getLang()) {
      this.helpEl = helpDialog({ onClose: () => this.setHelp(false) });
      this.helpLang = getLang();
    }
    return this.helpEl;
  }

  /** Whether this browser's player has not yet put the first-tile hint away. */
  firstHintDue() {
    const game = this.game;
    if (this.you === null || game.phase !== "playing" || game.turn !== 0 || this.firstHintDone) return false;
    try {
      return !localStorage.getItem(FIRST_HINT_KEY);
    } catch {
      return false;
    }
  }

  renderFirstHint() {
    if (!this.firstHintDue()) return null;
    this.firstHintShown = true;
    return h("div.pa-first", { "data-testid": "first-hint", role: "note" },
      h("p", {}, t("pa.first")),
      h("div.row", {},
        h("button.link", { type: "button", "data-testid": "first-help", onclick: () => this.setHelp(true) }, t("pa.help")),
        h("button.secondary.small", { type: "button", "data-testid": "first-ok", onclick: () => this.dismissFirstHint() }, t("pa.first.ok"))));
  }

  dismissFirstHint() {
    this.firstHintDone = true;
    try {
      localStorage.setItem(FIRST_HINT_KEY, "1");
    } catch { /* private mode: the hint goes for this game only */ }
    this.render();
  }

  renderClock() {
    const game = this.game;
    this.clockEl = null;
    if (!game.deadline || game.phase !== "playing") return h("div.pa-clock.is-empty", { key: "no-clock" });
    return h("div.pa-clock", {
      key: "clock", "data-testid": "clock", role: "timer", "aria-label": t("pa.clock"), ref: (el) => { this.clockEl = el; },
    }, this.model.clock()?.text ?? "");
  }

  tickClock() {
    const clock = this.clockEl && this.model.clock();
    if (!clock) return;
    if (this.clockEl.textContent !== clock.text) this.clockEl.textContent = clock.text;
    this.clockEl.classList.toggle("is-urgent", clock.urgent);
    this.clockEl.style.setProperty("--left", String(clock.fraction));
  }

  renderNext() {
    const game = this.game;
    if (game.phase !== "playing" || !game.tile) return h("div.pa-next", {});
    const own = this.model.ownEntry();
    const placed = this.model.tentativeField() !== null;
    const canPlace = this.model.canPlace();
    const card = h("div.pa-next-card", {
      "data-testid": "next-tile", "data-tile": game.tile,
      "data-placed": placed ? "true" : "false",
      class: [own?.confirmed ? "is-confirmed" : "", placed ? "is-placed" : "", canPlace ? "is-draggable" : ""].join(" "),
      "aria-label": `${t("pa.next")}: ${tileLabel(game.tile)}`, role: "img",
      onpointerdown: canPlace ? (/** @type {PointerEvent} */ e) => this.startDrag(e, e.currentTarget, null) : null,
    }, tileView(game.tile, 120));
    return h("div.pa-next", {},
      h("div.pa-next-label", {}, t("pa.next")),
      card,
      h("div.pa-next-kinds", {}, tileLabel(game.tile)),
      this.renderBag(game));
  }

  /** The list of tiles under the next one: on a phone, unfolded only for the tile it was opened at. */
  renderBag(game) {
    if (this.bagOpen && bagFloats() && this.bagTile !== game.tile) this.bagOpen = false;
    return bagElement(game, {
      open: this.bagOpen,
      onToggle: (open) => { this.bagOpen = open; this.bagTile = game.tile; },
    });
  }

  viewCaption(view) {
    return view.caption ?? t("pa.viewing", { name: view.name });
  }

  renderBoardArea() {
    const game = this.game;
    const view = this.model.viewData();
    const interactive = view.own && this.model.canPlace();
    const tentative = view.own && game.phase === "playing" ? this.model.tentativeField() : null;
    const board = boardView({
      land: view.land, lines: view.lines, tentative, tile: game.tile,
      clockPlaced: view.clockPlaced, interactive, clockTitle: t("pa.clockplaced"),
      computerPlaced: view.computerPlaced ?? [], computerTitle: t("played.mark"),
      label: (f, code, { clock, computer }) => (code ? t("pa.fieldtile", { n: f, tile: tileLabel(code) }) : t("pa.field", { n: f }))
        + (clock ? ` (${t("pa.clockplaced")})` : "") + (computer ? ` (${t("played.mark")})` : ""),
    });
    Object.assign(board.props, {
      "data-testid": "board", "data-seat": String(view.seat ?? "strongest"),
      "data-land": view.land.map((c) => c || ".").join(" "),
      "aria-label": view.own ? t("pa.field", { n: "" }).trim() : this.viewCaption(view),
      ref: (el) => { this.boardEl = el; },
      onfocusin: (e) => {
        const g = fieldOf(e.target);
        if (g) this.cursor = Number(g.dataset.field);
      },
      onkeydown: (e) => this.onBoardKey(e, interactive),
      onclick: interactive ? (e) => {
        const g = fieldOf(e.target);
        if (!g || this.dragJustEnded) return;
        if (g.classList.contains("is-empty")) this.place(Number(g.dataset.field));
      } : null,
    });
    // One field is reached with Tab; the arrow keys move on from it (a roving tabindex). The
    // tentative tile is dragged on.
    const cursor = this.cursorField(tentative);
    for (const field of board.children) {
      if (!(field instanceof VNode) || field.props["data-field"] === undefined) continue;
      const f = field.props["data-field"];
      if (f === cursor) field.props.tabindex = "0";
      if (interactive && f === tentative) field.props.onpointerdown = (e) => this.startDrag(e, e.currentTarget, f);
    }
    // The preview of points the tentative tile completes, over the tile itself.
    const preview = this.model.preview();
    if (preview) board.children.push(this.previewBubble(tentative, preview));
    // On a touch screen the board takes the finger (no scrolling) while a tile may be dragged on it:
    // touch-action on the SVG's own shapes is ignored, so it is set on this element.
    return h("div.pa-board-area", {},
      this.renderAboveBoard(view),
      h("div.pa-board-wrap", { class: view.own ? (interactive ? "is-interactive" : "") : "is-readonly" }, board));
  }

  /** Over the land: whose it is, when it is not the player's own, and the way back to his. */
  renderAboveBoard(view) {
    if (view.own) return null;
    return h("div.pa-viewing", { "data-testid": "viewing", role: "status" },
      h("span", {}, this.viewCaption(view)),
      this.you !== null
        ? h("button.secondary.small", { type: "button", "data-testid": "back-own", onclick: () => this.showSeat(this.you) }, t("pa.backown"))
        : null);
  }

  // ---- keyboard -------------------------------------------------------------------------------

  /** The field Tab lands on: the last one the keys were on, else the tentative tile, else the first free field. */
  cursorField(tentative = this.model.tentativeField()) {
    if (this.cursor !== null) return this.cursor;
    if (tentative !== null && tentative !== undefined) return tentative;
    const free = this.model.viewData().land.findIndex((code) => !code);
    return free >= 0 ? free + 1 : 9;
  }

  focusField(field) {
    const g = /** @type {SVGGElement | null | undefined} */ (this.boardEl?.querySelector(`[data-field="${field}"]`));
    if (!g) return;
    this.boardEl.querySelectorAll('.pa-field[tabindex="0"]').forEach((other) => other.setAttribute("tabindex", "-1"));
    g.setAttribute("tabindex", "0");
    this.cursor = field;
    g.focus({ preventScroll: true });
  }

  /** Arrows move between neighbouring fields; Enter or Space puts the tile on a free one, or confirms it. */
  onBoardKey(e, interactive) {
    const g = fieldOf(e.target);
    if (!g) return;
    const field = Number(g.dataset.field);
    if (ARROWS.includes(e.key)) {
      e.preventDefault();
      const next = neighbour(field, e.key, this.lean);
      if (e.key === "ArrowLeft" || e.key === "ArrowRight") this.lean = this.lean === -1 ? 1 : -1;
      if (next !== null) this.focusField(next);
      return;
    }
    if (interactive && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      if (g.classList.contains("is-empty")) this.place(field);
      else if (g.classList.contains("is-tentative")) this.confirm();
    }
  }

  previewBubble(field, points) {
    // Drawn inside the SVG, above the tentative tile, so it scales with the board.
    const [cx, cy] = fieldCentre(field);
    const x = Number(cx.toFixed(2));
    const y = Number(cy.toFixed(2)) - H * 0.55;
    const text = t("pa.preview", { n: points });
    const w = 16 + 10 * text.length;
    return h("g.pa-preview", {
      "data-testid": "preview", "data-points": points, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
      innerHTML: `<title>${t("pa.previewlong", { n: points })}</title><rect x="${-w / 2}" y="-13" width="${w}" height="26" rx="13"/><text y="1" text-anchor="middle" dominant-baseline="middle">${text}</text>`,
    });
  }

  renderScores() {
    const game = this.game;
    const match = this.model.match();
    const rows = this.model.scores().map((row) => h("button.pa-score", {
      key: `score-${row.seat}`, type: "button", "data-testid": `score-${row.seat}`, "data-score": row.score, "data-confirmed": row.confirmed ? "true" : "false",
      class: [row.dimmed ? "is-dimmed" : "", row.viewing ? "is-viewing" : "", row.you ? "is-you" : "", row.offline ? "is-offline" : ""].join(" "),
      "aria-pressed": row.viewing ? "true" : "false",
      title: row.offline ? this.offlineTitle(row.seat) : null,
      onclick: () => this.showSeat(row.seat),
    },
      h("span.pa-score-name", {}, row.name),
      row.bot ? this.levelBadge(row) : null,
      h("span.pa-score-points", {}, String(row.score),
        row.preview ? h("span.pa-score-preview", {}, ` +${row.preview}`) : null),
      // In a match: the running total of the games so far and this one.
      match ? h("span.pa-score-total", { "data-testid": `total-${row.seat}`, "data-total": match.totals[row.seat], title: t("match.total.long") },
        t("match.total", { n: match.totals[row.seat] })) : null));
    return h("div.pa-scores", {
      role: "group", "aria-label": match ? `${t("pa.points")} · ${t("match.number", { number: match.number, of: match.of })}` : t("pa.points"), "data-seats": game.seats.length,
    },
      match ? h("span.pa-match", { key: "match", "data-testid": "match-number" }, t("match.number", { number: match.number, of: match.of })) : null,
      rows,
      game.phase === "finished" && game.strongest
        ? h("button.pa-score.is-strongest", {
            key: "score-strongest", type: "button", "data-testid": "score-strongest", "data-score": game.strongest.score,
            class: this.model.viewSeat === "strongest" ? "is-viewing" : "", onclick: () => this.showSeat("strongest"),
          }, h("span.pa-score-name", {}, t("pa.strongestname")), h("span.pa-score-points", {}, String(game.strongest.score)))
        : null);
  }

  /**
   * When a computer's row cannot show its name and its level's full word side by side (a phone's:
   * the level under the name), the list draws the levels' short words (is-tight, planahead.css),
   * all of them alike, and cuts a name only then. Measured after each drawing and when the window
   * changes its size.
   */
  fitScores() {
    const list = this.el?.querySelector(".pa-scores");
    if (!list) return;
    list.classList.remove("is-tight");
    const cut = (/** @type {Element | null} */ el) => Boolean(el && el.scrollWidth > el.clientWidth);
    const tight = [...list.querySelectorAll(".pa-score")].some((row) => row.querySelector(".level-badge[data-short]")
      && (cut(row.querySelector(".pa-score-name")) || cut(row.querySelector(".level-badge"))));
    list.classList.toggle("is-tight", tight);
  }

  /**
   * A computer's level beside its name: the full word, and a short one a tight row draws in its
   * place (fitScores; the full word stays for screen readers).
   */
  levelBadge(row) {
    const level = t(`level.${row.bot}`);
    return h("span.level-badge", {
      "data-testid": `level-${row.seat}`, "data-level": row.bot, "data-short": t(`level.${row.bot}.short`),
      title: `${t("table.bot")} · ${level}`,
    }, h("span.level-name", {}, level));
  }

  /** What the struck-through name of an absent person means (the presence line's words, if it has them). */
  offlineTitle(seat) {
    const absence = this.presence?.absences().find((a) => a.seat === seat);
    return absence ? absenceText(absence) : t("pa.offline");
  }

  renderOk() {
    const game = this.game;
    if (game.phase === "finished") {
      return h("div.pa-ok", {},
        h("button.primary.big", { type: "button", "data-testid": "show-end", onclick: () => this.setEndHidden(false) }, t("pa.showend")));
    }
    if (this.you === null) return h("div.pa-ok", {});
    const own = this.model.ownEntry();
    return h("div.pa-ok", {}, h("button.pa-ok-button", {
      type: "button", "data-testid": "ok", disabled: !this.model.canConfirm(),
      "data-confirmed": own?.confirmed ? "true" : "false",
      onclick: () => this.confirm(),
    }, t("pa.ok")));
  }

  /**
   * What the strongest computer would have scored: one replay of the Meister level with the game's
   * tiles, no ceiling (a person or a weaker computer may do better); "only" when someone at the
   * table did.
   */
  strongestText(score) {
    const beaten = this.game.seats.some((e) => e.score > score);
    return t(beaten ? "pa.strongestonly" : "pa.strongest", { n: score, level: t("level.strong") });
  }

  /**
   * The score by line of the own land (a watcher's: the winner's), unfolded where the dialog has
   * room. Kept open or shut across redraws as the player left it.
   */
  renderLineScores() {
    const game = this.game;
    const seat = this.you ?? Math.max(0, (game.ranking || []).indexOf(1));
    const entry = game.seats[seat];
    if (!entry?.land) return null;
    const land = entry.land.split(/\s+/).map((code) => (code === "." ? null : code));
    this.linesOpen ??= typeof matchMedia === "function" && matchMedia("(min-width: 801px)").matches;
    return lineScoreTable(land, {
      name: this.you === null ? this.model.seatName(seat) : null, open: this.linesOpen,
      onToggle: (open) => { this.linesOpen = open; },
    });
  }

  /**
   * The end dialog's word on the match: „Spiel 2 von 3 · Zwischenstand“ with the running totals; the
   * last game's: „Endstand der Partie“ over the ranking (which then goes by the totals).
   * @param {{number: number, of: number, totals: number[], last: boolean, games: string[]}} match
   */
  matchNote(match) {
    const heading = h("p.end-match-head", { "data-testid": "match-end", "data-last": match.last ? "true" : "false" },
      t(match.last ? "match.final" : "match.standing", { number: match.number, of: match.of }));
    if (match.last) return heading;
    const ranked = this.model.matchStandings()?.rows ?? [];
    return h("div.end-match", {}, heading,
      h("ol.end-match-list", { "data-testid": "match-standing" }, ranked.map((row) => h("li", { "data-seat": row.seat, "data-total": row.score, class: row.you ? "is-you" : "" },
        h("span.place", {}, `${row.place}.`), h("span.name", { title: row.name }, row.name), h("span.score", {}, String(row.score))))));
  }

  renderEnd() {
    const strongest = this.game.strongest;
    const match = this.model.match();
    return endDialog({
      talk: this.room.quick?.button() ?? null,
      // The last game of a match ends the match: the ranking by the totals, the game's in its note.
      ...(match?.last ? this.model.matchStandings() : this.model.standings()), scoreAttribute: "data-score",
      match: match ? this.matchNote(match) : null,
      rematchLabel: match && !match.last ? t("match.next", { n: match.number + 1, of: match.of }) : null,
      gameOfMatch: match && !match.last ? match.number : null,
      // The match's last game: every game's replay (the earlier ones' ids the match keeps).
      matchGames: match?.last ? match.games : null,
      note: h("div.end-notes", {},
        strongest
          ? h("p.end-note", { "data-testid": "strongest", "data-score": strongest.score },
              this.strongestText(strongest.score), " ",
              h("button.link", { type: "button", "data-testid": "show-strongest", onclick: () => { this.model.endHidden = true; this.showSeat("strongest"); } }, t("pa.showstrongest")))
          : null,
        this.renderLineScores()),
      closeLabel: t("pa.showboards"),
      computers: { level: (bot) => t(`level.${bot}`), title: t("table.bot") },
      onRematch: this.you !== null ? () => this.room.send("rematch") : null,
      rematch: () => (this.table ? rematchOffer(this.table, net.serverNow(), t("end.rematch.you")) : null),
      closed: this.table.closed ?? null,
      onClose: () => this.setEndHidden(true),
      onLobby: () => this.room.app.navigate("/"),
      gameId: this.game.game_id, onReplay: (path) => this.room.app.navigate(path),
      playedFor: this.game.played_for ?? [], unit: "tile",
    });
  }

  // ---- drag and drop (drag.js: mouse, pen, touch) ---------------------------------------

  startDrag(event, source, fromField) {
    if (!this.model.canPlace() || event.button > 0) return;
    event.preventDefault();
    this.drag = new PointerDrag({
      event, source,
      listenOn: source, // the press stays on its tile (captured), wherever the finger goes
      holdStill: true, // browsers that ignore touch-action still must not scroll the page under it
      makeGhost: () => this.makeGhost(),
      targetOf: (el) => this.dropField(el),
      onHover: (field) => this.markDropTarget(field),
      onEnd: ({ dragged, cancelled, target, under }) => {
        this.drag = null;
        // A browser's own gesture took the pointer: the tile stays where it was. Only a real
        // release off the land takes a placed tile back.
        if (!dragged || cancelled) return;
        this.dragJustEnded = true;
        setTimeout(() => { this.dragJustEnded = false; }, 0);
        if (target !== null) this.place(target);
        else if (fromField !== null && !this.boardEl?.contains(under)) this.place(null);
      },
    });
  }

  makeGhost() {
    const rect = this.boardEl.getBoundingClientRect();
    const vb = this.boardEl.viewBox.baseVal;
    const size = Math.max(64, (rect.width / vb.width) * 2 * S);
    return /** @type {HTMLElement} */ (create(h("div.pa-ghost", { "aria-hidden": "true" }, tileView(this.game.tile, size))));
  }

  /** The empty field (or the tentative one) an element under the pointer belongs to, else null. */
  dropField(el) {
    const g = fieldOf(el);
    if (!g || !this.boardEl?.contains(g)) return null;
    if (g.classList.contains("is-empty") || g.classList.contains("is-tentative")) return Number(g.dataset.field);
    return null;
  }

  markDropTarget(field) {
    this.boardEl?.querySelectorAll(".is-droptarget").forEach((g) => g.classList.remove("is-droptarget"));
    if (field !== null) this.boardEl?.querySelector(`[data-field="${field}"]`)?.classList.add("is-droptarget");
  }

  /** Stop a drag without a drop (the screen goes). */
  endDrag() {
    const drag = this.drag;
    this.drag = null;
    drag?.end();
  }
}
