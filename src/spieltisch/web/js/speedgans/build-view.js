// What every Speedgans screen that lets a player build shares (a table's round, a solo run): the
// hands (BoardInput: drag, tap, double tap, long press) and keys passed on to the model, the look
// and its gear menu, and the three task cards with their values. Each screen draws the rest, by
// description (dom.js): an update changes the nodes that are there, so the tile or cell a player is
// on keeps the focus, and a tile being dragged keeps its pointer, because they stay the same nodes.

import "./strings.js";
import { t } from "../i18n.js";
import { h, render } from "../dom.js";
import { BoardInput } from "./board.js";
import { applyTheme, clearTheme, themeMenu } from "./theme.js";
import { ensureDefs } from "./tiles.js";

export class BuildView {
  /** model: a CityBuilder (model.js, solo-model.js). */
  constructor(model) {
    this.model = model;
    /** @type {HTMLElement | null} the city last drawn (each screen draws its own) */
    this.cityEl = null;
    /** @type {HTMLElement | null} the tray of own tiles last drawn, null when none shows */
    this.trayEl = null;
    this.themeOpen = false;
    this.input = new BoardInput(this);
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener("keydown", this.keyHandler);
    ensureDefs();
    applyTheme();
  }

  mount(el) {
    this.el = el;
  }

  destroy() {
    document.removeEventListener("keydown", this.keyHandler);
    this.input.destroy();
    clearTheme();
  }

  get table() {
    return this.model.table;
  }

  get game() {
    return this.model.game;
  }

  /** The own tiles and the chosen one (BoardInput reads them). */
  get pieces() {
    return this.model.city.pieces;
  }

  get selected() {
    return this.model.selected;
  }

  // ---- the player's hands -----------------------------------------------------------------------

  select(n, { quiet = false } = {}) {
    this.model.select(n);
    if (quiet) {
      this.el.querySelectorAll(".sg-tray-tile, .sg-cell").forEach((b) => {
        const on = b.dataset.tile?.startsWith(String(n)) ?? false;
        b.classList.toggle("is-selected", on);
        if (b.classList.contains("sg-tray-tile")) b.setAttribute("aria-pressed", on ? "true" : "false");
      });
    } else this.render();
  }

  rotate(n, { keepDrag = false } = {}) {
    if (!this.model.rotate(n)) return;
    if (keepDrag) this.input.refreshGhost();
    this.render();
  }

  flip(n, { undoRotate = false } = {}) {
    if (this.model.flip(n, { undoRotate })) this.render();
  }

  place(n, cell) {
    if (this.model.place(n, cell)) this.render();
  }

  toTray(n) {
    if (this.model.toTray(n)) this.render();
  }

  done() {
    this.model.done();
  }

  /** Escape: what the screen closes first (popover, menus); answers whether it closed something. */
  onEscape() {
    this.input.hidePopover();
    if (this.themeOpen) {
      this.themeOpen = false;
      this.render();
      return true;
    }
    return false;
  }

  onKey(e) {
    if (!this.table || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = document.activeElement?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (e.key === "Escape") { this.onEscape(); return; }
    const { handled, changed } = this.model.key(e.key.length === 1 ? e.key.toLowerCase() : e.key);
    // Enter means „Gasse dicht!“ and nothing else: on a focused tile or cell it would also "click"
    // it (a quarter turn), whether or not the city may be locked yet.
    if (handled || (e.key === "Enter" && document.activeElement?.closest?.(".sg-tray-tile, .sg-cell"))) e.preventDefault();
    if (changed) this.render();
  }

  /** Draw the page again (every screen has its own). */
  render() {}

  /**
   * Draw the page as the description `root` says (the city and the tray take BoardInput's handlers
   * when the own city may be changed: `interactive`). The nodes a player is on are kept, and so is
   * the focus; it moves only with the chosen tile, followed into the city or back into the tray. It
   * stays on the board only while it can be built on (keepFocus false: never): a locked city or one
   * to look at keeps no focus frame on its last cell.
   * @param {import("../dom.js").Child} root @param {{interactive: boolean, keepFocus?: boolean}} options
   */
  show(root, { interactive, keepFocus = true }) {
    const active = document.activeElement;
    const focused = active && active !== document.body && this.el.contains(active) ? /** @type {HTMLElement} */ (active) : null;
    const onBoard = Boolean(focused?.closest(".sg-tray-tile, .sg-cell"));
    const boardFocus = keepFocus && interactive;
    const focusId = focused?.closest("[data-testid]")?.getAttribute("data-testid");
    const focusTile = boardFocus && focused?.closest(".sg-tray-tile, .sg-cell.has-tile") ? this.selected : null;
    this.input.hidePopover();
    render(this.el, root);
    if (!focused) return;
    if (onBoard && !boardFocus) {
      focused.blur();
      return;
    }
    /** @type {HTMLElement | null} */
    let target = null;
    if (focusTile !== null) {
      const p = this.pieces[focusTile];
      target = this.el.querySelector(p.cell !== null ? `[data-testid="cell-${p.cell}"]` : `[data-testid="tray-${focusTile}"]`);
    } else if (!focused.isConnected && focusId) {
      // An element that gave way to another (a seat's chip that became a button): its successor.
      target = this.el.querySelector(`[data-testid="${focusId}"]`);
    }
    if (target && target !== document.activeElement && !(/** @type {HTMLButtonElement} */ (target).disabled)) target.focus({ preventScroll: true });
  }

  renderThemeMenu() {
    return themeMenu({
      open: this.themeOpen,
      onToggle: () => { this.themeOpen = !this.themeOpen; this.render(); },
      onChosen: () => { this.themeOpen = false; this.render(); },
    });
  }
}

/**
 * The task cards: name, the shown city's value and "beste N" (or what `note` says instead), a star
 * for tricky tasks, the help on hover or tap. values: the shown city's values by task id; flashOf:
 * the model's flash of a task (null when none shows); extra(task): an element under the values.
 * @param {object} options
 * @param {import("../protocol.js").SpeedgansTask[]} options.tasks
 * @param {Record<string, number | null> | null | undefined} options.values
 * @param {(taskId: string) => ({kind: string, age: number, at: number} | null)} [options.flashOf]
 * @param {((task: import("../protocol.js").SpeedgansTask) => string) | null} [options.note]
 * @param {((task: import("../protocol.js").SpeedgansTask) => import("../dom.js").Child) | null} [options.extra]
 * @param {string} [options.testid]
 * @param {boolean} [options.faulty]
 */
export function taskCards({ tasks, values, flashOf = () => null, note = null, extra = null, testid = "sg-tasks", faulty = false }) {
  // A town with faults scores nothing: its values show muted, none of them as the best.
  return h("section.sg-tasks", {
    "aria-label": t("sg.results.task"), "data-testid": testid, "data-faulty": faulty ? "true" : "false",
    class: faulty ? "is-faulty" : "", title: faulty ? t("sg.tasks.faulty") : null,
  }, tasks.map((task) => {
    const value = values?.[task.id];
    const flash = flashOf(task.id);
    const best = !faulty && value !== undefined && value !== null && value === task.best;
    const bestText = note ? note(task) : t("sg.value.best", { n: task.best });
    return h("div.sg-task", {
      key: task.id, "data-testid": `task-${task.id}`, "data-value": value ?? "", "data-best": task.best ?? "",
      tabindex: "0", class: [flash ? `is-${flash.kind}` : "", best ? "is-best" : "", `group-${task.id[0]}`].join(" "),
      ref: (el) => flashFrom(el, flash),
      "aria-label": `${t(`sg.task.${task.id}`)}: ${value ?? "–"}, ${bestText}. ${t(`sg.task.${task.id}.help`)}`,
      onclick: (e) => e.currentTarget.classList.toggle("is-open"),
    },
      h("div.sg-task-head", {},
        h("span.sg-task-id", {}, task.id),
        h("span.sg-task-name", {}, t(`sg.task.${task.id}`)),
        task.star ? h("span.sg-task-star", { title: t("sg.star") }, "★") : null),
      h("div.sg-task-values", {},
        h("span.sg-task-value", { "data-testid": `task-value-${task.id}` }, value === undefined || value === null ? "–" : String(value)),
        h("span.sg-task-best", {}, bestText)),
      task.lower_is_better ? h("div.sg-task-fewer", {}, t("sg.value.fewer")) : null,
      extra ? extra(task) : null,
      h("div.sg-task-help", {}, t(`sg.task.${task.id}.help`)));
  }));
}

/** @type {WeakMap<Element, number>} when the flash a task card shows began */
const flashes = new WeakMap();

/**
 * A task card's flash runs from where it is (its age) when it begins, and again from its start when
 * a new flash of the same kind follows; the card is kept between updates, its animation with it.
 * @param {HTMLElement} el @param {{kind: string, age: number, at: number} | null} flash
 */
function flashFrom(el, flash) {
  if (!flash) {
    flashes.delete(el);
    el.style.removeProperty("--flash-delay");
    if (!el.getAttribute("style")) el.removeAttribute("style");
    return;
  }
  const before = flashes.get(el);
  if (before === flash.at) return;
  flashes.set(el, flash.at);
  el.style.setProperty("--flash-delay", `-${Math.round(flash.age)}ms`);
  if (before !== undefined) {
    el.classList.remove(`is-${flash.kind}`);
    void el.offsetWidth; // the animation starts again
    el.classList.add(`is-${flash.kind}`);
  }
}
