// @ts-check
// Dragging a tile with a pointer (mouse, pen, finger), for both games: a press that moves further
// than a few pixels becomes a drag; a picture of the tile (the ghost) follows the pointer, lifted
// over a finger so that the finger does not hide it; the drop target under it is marked; on release
// the game is told where the tile was dropped. What a press that never became a drag means (a tap),
// and what a drop means, is the game's (planahead/table.js, speedgans/board.js).

/** How far (px) a press moves before it is a drag and not a tap. */
export const DRAG_THRESHOLD = 6;

/**
 * @template T
 * @typedef {object} DragOptions
 * @property {PointerEvent} event  the press that may become a drag
 * @property {Element} source  the tile pressed (marked `is-drag-source` while it is dragged)
 * @property {(pointerType: string) => HTMLElement} makeGhost  the picture that follows the pointer
 * @property {(pointerType: string, ghost: HTMLElement) => number} [lift]  px the ghost floats above
 *   the pointer (a finger's: over it)
 * @property {(target: Element) => T | null} targetOf  the drop target an element under the pointer
 *   belongs to, else null
 * @property {(target: T | null) => void} [onHover]  the drop target under the ghost changed
 * @property {(drop: Drop<T>) => void} onEnd  the press ended (released, or taken away by the browser)
 * @property {Element | Window} [listenOn]  where moves are heard: the source with the pointer captured
 *   (a press that must stay on its tile), or the window (the default: other fingers are heard too)
 * @property {(event: PointerEvent) => void} [onOtherPointer]  another pointer went down meanwhile
 * @property {() => boolean} [mayStart]  whether the press may still become a drag (e.g. not once a
 *   long press showed something of its own)
 * @property {() => void} [onStart]  the press became a drag
 * @property {boolean} [holdStill]  a finger on the tile never scrolls the page (for browsers that
 *   ignore touch-action); else a press on a tile in a scrolling row may still scroll it
 */

/**
 * @template T
 * @typedef {object} Drop
 * @property {boolean} dragged  the press became a drag (else: a tap)
 * @property {boolean} cancelled  the browser took the pointer away (a gesture of its own)
 * @property {T | null} target  the drop target under the ghost at the end
 * @property {Element | null} under  the element under the ghost at the end
 */

/**
 * A drag in progress from its press on; `end()` stops it without a drop (e.g. the screen goes).
 * @template T
 */
export class PointerDrag {
  /** @param {DragOptions<T>} options */
  constructor(options) {
    this.options = options;
    const { event, source } = options;
    this.pointerId = event.pointerId;
    this.start = { x: event.clientX, y: event.clientY };
    this.point = { ...this.start };
    this.active = false;
    /** @type {HTMLElement | null} */
    this.ghost = null;
    /** @type {T | null} */
    this.over = null;
    this.ended = false;
    const listenOn = options.listenOn ?? window;
    if (listenOn === source) {
      try { source.setPointerCapture(this.pointerId); } catch { /* not capturable */ }
    }
    const move = (/** @type {Event} */ e) => this.move(/** @type {PointerEvent} */ (e));
    const up = (/** @type {Event} */ e) => this.release(/** @type {PointerEvent} */ (e));
    const other = (/** @type {Event} */ e) => {
      const pointer = /** @type {PointerEvent} */ (e);
      if (pointer.pointerId !== this.pointerId) options.onOtherPointer?.(pointer);
    };
    const holdStill = (/** @type {Event} */ e) => { if (e.cancelable) e.preventDefault(); };
    listenOn.addEventListener("pointermove", move);
    listenOn.addEventListener("pointerup", up);
    listenOn.addEventListener("pointercancel", up);
    if (options.holdStill) source.addEventListener("touchmove", holdStill, { passive: false });
    if (options.onOtherPointer) window.addEventListener("pointerdown", other, true);
    this.cleanup = () => {
      listenOn.removeEventListener("pointermove", move);
      listenOn.removeEventListener("pointerup", up);
      listenOn.removeEventListener("pointercancel", up);
      source.removeEventListener("touchmove", holdStill);
      window.removeEventListener("pointerdown", other, true);
      try { source.releasePointerCapture(this.pointerId); } catch { /* already released */ }
    };
  }

  /** @param {PointerEvent} e */
  move(e) {
    if (e.pointerId !== this.pointerId) return;
    const { options } = this;
    if (!this.active) {
      if (Math.hypot(e.clientX - this.start.x, e.clientY - this.start.y) <= DRAG_THRESHOLD) return;
      if (options.mayStart && !options.mayStart()) return;
      this.active = true;
      options.onStart?.();
      this.ghost = options.makeGhost(e.pointerType);
      document.body.append(this.ghost);
      options.source.classList.add("is-drag-source");
    }
    const lift = options.lift && this.ghost ? options.lift(e.pointerType, this.ghost) : 0;
    this.point = { x: e.clientX, y: e.clientY - lift };
    if (this.ghost) this.ghost.style.transform = `translate(${this.point.x}px, ${this.point.y}px) translate(-50%, -50%)`;
    this.hover(this.targetAt(this.point.x, this.point.y));
  }

  /** @param {PointerEvent} e */
  release(e) {
    if (e.pointerId !== this.pointerId) return;
    const under = this.active ? this.elementAt(this.point.x, this.point.y) : null;
    const target = under ? this.options.targetOf(under) : null;
    const dragged = this.active;
    this.end();
    this.options.onEnd({ dragged, cancelled: e.type === "pointercancel", target, under });
  }

  /** The element under a screen point, the ghost aside. @param {number} x @param {number} y */
  elementAt(x, y) {
    if (this.ghost) this.ghost.style.display = "none";
    const el = document.elementFromPoint(x, y);
    if (this.ghost) this.ghost.style.display = "";
    return el;
  }

  /** @param {number} x @param {number} y */
  targetAt(x, y) {
    const el = this.elementAt(x, y);
    return el ? this.options.targetOf(el) : null;
  }

  /** @param {T | null} target */
  hover(target) {
    if (this.over === target) return;
    this.over = target;
    this.options.onHover?.(target);
  }

  /** Stop the drag: listeners, ghost and marks go; nothing is dropped. */
  end() {
    if (this.ended) return;
    this.ended = true;
    this.cleanup();
    this.ghost?.remove();
    this.options.source.classList.remove("is-drag-source");
    this.options.onHover?.(null);
  }
}
