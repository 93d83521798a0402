// @ts-check
// What every Speedgans model shares while a player builds a city (a table's round, a solo run): the
// own city (OwnCity: arrangement, undo, sync), the chosen tile, the player's changes and keys, and
// the task values that just changed (they flash). Each model says when building is allowed
// (canBuild) and what "Gasse dicht!" does (done); the rest is the same.

import { OwnCity } from "./own-city.js";
import { N, E, S, W } from "./city.js";

/** How long a task value flashes after it changed (ms; as long as the CSS animation). */
export const FLASH_MS = 1200;
const ARROWS = /** @type {Record<string, number>} */ ({ ArrowUp: N, ArrowRight: E, ArrowDown: S, ArrowLeft: W });

/** @typedef {{handled: boolean, changed: boolean}} KeyResult  handled: the key meant something */
/** @typedef {{id: string, lower_is_better?: boolean}} FlashTask */

export class CityBuilder {
  /**
   * @param {object} io
   * @param {(type: string, extra?: object) => number | null | undefined} io.send  a message about this
   *   table; answers its seq, null when offline
   * @param {() => number} [io.now]  milliseconds of a steady clock (flashes, unanswered changes)
   */
  constructor({ send, now = () => performance.now() }) {
    this.send = send;
    this.now = now;
    this.city = new OwnCity({ send: (city) => send("city", { city }), now });
    /** @type {number | null} the chosen tile (keys act on it) */
    this.selected = null;
    /** @type {Record<string, number> | null} the own task values of the last view */
    this.prevValues = null;
    /** @type {Record<string, {kind: "better" | "worse", at: number}>} */
    this.flash = {};
  }

  /** Whether the player may change the own city now (each model says). */
  canBuild() {
    return false;
  }

  /** "Gasse dicht!": answers whether it was sent (each model says). */
  done() {
    return false;
  }

  /** A fresh city: every tile in the tray, nothing chosen, no flashes. */
  resetCity() {
    this.city.reset();
    this.selected = null;
    this.prevValues = null;
    this.flash = {};
  }

  // ---- task values that flash ------------------------------------------------------------------

  /**
   * Compare the own task values with the last ones: a changed value flashes, green when better.
   * @param {FlashTask[]} tasks
   * @param {Record<string, number>} values
   */
  noteValues(tasks, values) {
    if (this.prevValues) {
      for (const task of tasks) {
        const before = this.prevValues[task.id], now = values[task.id];
        if (before === undefined || now === undefined || before === now) continue;
        const better = task.lower_is_better ? now < before : now > before;
        this.flash[task.id] = { kind: better ? "better" : "worse", at: this.now() };
      }
    }
    this.prevValues = { ...values };
  }

  /**
   * A task value's flash, while it lasts: its kind and how long it has been on (ms).
   * @param {string} taskId
   * @returns {{kind: "better" | "worse", age: number, at: number} | null}
   */
  flashOf(taskId) {
    const f = this.flash[taskId];
    if (!f) return null;
    const age = this.now() - f.at;
    return age < FLASH_MS ? { kind: f.kind, age, at: f.at } : null;
  }

  /** Drop the flashes that are over. */
  dropFlashes() {
    const now = this.now();
    for (const [id, f] of Object.entries(this.flash)) if (now - f.at > FLASH_MS) delete this.flash[id];
  }

  // ---- the player's changes (each chooses its tile and answers whether the city changed) --------

  /** @param {number} n */
  select(n) {
    this.selected = n;
  }

  /** @param {number} n */
  rotate(n) {
    this.selected = n;
    return this.canBuild() && this.city.rotate(n);
  }

  /**
   * @param {number} n
   * @param {{undoRotate?: boolean}} [options]
   */
  flip(n, { undoRotate = false } = {}) {
    this.selected = n;
    return this.canBuild() && this.city.flip(n, undoRotate);
  }

  /**
   * @param {number} n
   * @param {number} cell
   */
  place(n, cell) {
    this.selected = n;
    return this.canBuild() && this.city.place(n, cell);
  }

  /** @param {number} n */
  toTray(n) {
    return this.canBuild() && this.city.toTray(n);
  }

  /**
   * @param {number} n
   * @param {number} edge
   */
  move(n, edge) {
    return this.canBuild() && this.city.move(n, edge);
  }

  undo() {
    return this.canBuild() && this.city.undo();
  }

  /**
   * A key pressed while building ("r", "f", "z", "1".."9", "Enter", "Delete", "Backspace", arrows).
   * @param {string} key  one character keys in lower case
   * @returns {KeyResult}
   */
  key(key) {
    const none = { handled: false, changed: false };
    if (!this.canBuild()) return none;
    if (key === "Enter") return this.done() ? { handled: true, changed: false } : none;
    if (key === "z") return { handled: true, changed: this.undo() };
    const n = this.selected;
    if (n === null) return none;
    if (key === "r") return { handled: true, changed: this.rotate(n) };
    if (key === "f") return { handled: true, changed: this.flip(n) };
    if (/^[1-9]$/.test(key)) return { handled: true, changed: this.place(n, Number(key) - 1) };
    if (key === "Delete" || key === "Backspace") return { handled: true, changed: this.toTray(n) };
    if (key in ARROWS && this.city.pieces[n].cell !== null) return { handled: true, changed: this.move(n, ARROWS[key]) };
    return none;
  }
}
