// Quick messages at a table, drawn: the „💬“ button that opens the phrase picker (with the other
// players to mute), and the bubbles by each sender's seat. One per table screen (room.js), shown in
// the waiting room and in both games' headers. What is said and shown is decided in
// quick-messages.js; this draws it.

import { t } from "./i18n.js";
import { net } from "./net.js";
import { h } from "./ui.js";
import { Bubbles, PHRASES, isEmoji, maySay, mutable, phraseText } from "./quick-messages.js";

/** Where each screen shows a seat: Plan Ahead's score chips, Speedgans' chips, the waiting room's seats. */
const ANCHORS = (seat) => [`[data-testid="score-${seat}"]`, `[data-testid="opponent-${seat}"]`, `[data-testid="seat-${seat}"]`];
/** A speech bubble (an icon, not the emoji: it shows alike where a system has no emoji font). */
const TALK_ICON = `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" fill="var(--card)" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/><circle cx="8" cy="10.5" r="1.3" fill="currentColor"/><circle cx="12" cy="10.5" r="1.3" fill="currentColor"/><circle cx="16" cy="10.5" r="1.3" fill="currentColor"/></svg>`;
/** How often the bubbles follow their chips (a game redraws its header on every change). */
const FOLLOW_MS = 200;

export class QuickTalk {
  /** room: the TableScreen (its table, its app, its `send`). */
  constructor(room) {
    this.room = room;
    this.bubbles = new Bubbles();
    this.pickerOpen = false;
    this.layer = h("div.quick-layer", { "data-testid": "quick-layer", "aria-live": "polite" });
    this.timer = null;
    /** @type {Map<string, {until: number, el: HTMLElement}>} each sender's bubble drawn now */
    this.drawn = new Map();
    this.offSaid = net.on("said", (msg) => {
      if (msg.table !== this.room.id || !this.bubbles.add(msg, Date.now())) return;
      this.drawBubbles();
    });
    this.offMuted = net.on("muted", (msg) => {
      this.room.app.muted = new Set(msg.players || []);
      if (this.pickerOpen) this.drawPicker();
    });
    this.onKey = (e) => { if (e.key === "Escape" && this.pickerOpen) this.setPicker(false); };
    this.onOutside = (e) => {
      if (this.pickerOpen && !this.picker?.contains(e.target) && !e.target.closest?.('[data-testid="quick-open"]')) this.setPicker(false);
    };
    document.addEventListener("keydown", this.onKey);
    document.addEventListener("pointerdown", this.onOutside);
    document.body.append(this.layer);
  }

  destroy() {
    this.offSaid();
    this.offMuted();
    document.removeEventListener("keydown", this.onKey);
    document.removeEventListener("pointerdown", this.onOutside);
    clearInterval(this.timer);
    this.layer.remove();
    this.picker?.remove();
  }

  /** The button that opens the picker; null where this player has no say (a watcher). */
  button() {
    if (!maySay(this.room.table)) {
      if (this.pickerOpen) this.setPicker(false);
      return null;
    }
    // The same button each time, so that a game's update keeps its focus; its words in the page's language.
    if (!this.openButton || this.openButton.title !== t("quick.open")) {
      this.openButton = h("button.quick-open", {
        type: "button", "data-testid": "quick-open", title: t("quick.open"), "aria-label": t("quick.open"),
        "aria-haspopup": "dialog", onclick: () => this.setPicker(!this.pickerOpen),
      });
      this.openButton.innerHTML = TALK_ICON;
    }
    this.openButton.setAttribute("aria-expanded", this.pickerOpen ? "true" : "false");
    if (this.pickerOpen) queueMicrotask(() => this.placePicker());
    return this.openButton;
  }

  setPicker(open) {
    this.pickerOpen = open;
    this.openButton?.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) this.drawPicker();
    else {
      this.picker?.remove();
      this.picker = null;
    }
  }

  drawPicker() {
    const me = this.room.app.me?.id;
    const muted = this.room.app.muted ?? new Set();
    const say = (id) => {
      this.room.send("say", { phrase: id });
      this.setPicker(false);
    };
    const people = mutable(this.room.table, me);
    const picker = h("div.quick-picker", { role: "dialog", "aria-label": t("quick.title"), "data-testid": "quick-picker" },
      h("div.quick-phrases", {}, PHRASES.map((id) => h("button.quick-phrase", {
        type: "button", "data-testid": `quick-${id}`, "data-phrase": id, class: isEmoji(id) ? "is-emoji" : "",
        onclick: () => say(id),
      }, phraseText(id)))),
      people.length ? h("div.quick-people", {},
        h("p.quick-people-title.muted", {}, t("quick.people")),
        people.map((p) => {
          const isMuted = muted.has(p.player);
          return h("button.link.quick-mute", {
            type: "button", "data-testid": `mute-${p.player}`, "data-muted": isMuted ? "true" : "false",
            onclick: () => net.send({ type: "mute", player: p.player, muted: !isMuted }),
          }, isMuted ? `🔇 ${t("quick.unmute", { name: p.nickname })}` : t("quick.mute", { name: p.nickname }));
        })) : null);
    this.picker?.remove();
    this.picker = picker;
    document.body.append(picker);
    this.placePicker();
    picker.querySelector("button")?.focus({ preventScroll: true });
  }

  /** The picker under its button (above it near the window's foot), inside the window. */
  placePicker() {
    const picker = this.picker;
    const anchor = document.querySelector('[data-testid="quick-open"]');
    if (!picker || !anchor) return;
    const a = anchor.getBoundingClientRect();
    const w = picker.offsetWidth;
    const hgt = picker.offsetHeight;
    const left = Math.min(Math.max(8, a.right - w), window.innerWidth - w - 8);
    const below = a.bottom + 6;
    const top = below + hgt <= window.innerHeight - 8 ? below : Math.max(8, a.top - hgt - 6);
    picker.style.left = `${left}px`;
    picker.style.top = `${top}px`;
  }

  /** Each bubble over its sender's chip or seat, as the screen shows it now. A bubble's element is
   *  made once and moved after (a new one would pop up again every time it follows its chip). */
  drawBubbles() {
    const now = Date.now();
    const showing = this.bubbles.showing(this.room.table, now);
    const keep = new Set();
    for (const bubble of showing) {
      const anchor = ANCHORS(bubble.seat).map((sel) => this.room.el?.querySelector(sel)).find(Boolean);
      const r = anchor?.getBoundingClientRect();
      if (!r || !r.width) continue;
      let drawn = this.drawn.get(bubble.player);
      if (!drawn || drawn.until !== bubble.until) {
        drawn?.el.remove();
        const el = h("div.quick-bubble", { "data-phrase": bubble.phrase, class: isEmoji(bubble.phrase) ? "is-emoji" : "" },
          phraseText(bubble.phrase));
        drawn = { until: bubble.until, el };
        this.drawn.set(bubble.player, drawn);
        this.layer.append(el);
      }
      keep.add(bubble.player);
      // Over the chip itself, as wide as it (a very narrow one a little wider), never past the
      // window's edge: a bubble covers its sender's name and score for a moment, nothing a move
      // needs (tests/browser/test_together.py checks on a phone).
      const width = Math.max(r.width, 64);
      const left = Math.min(Math.max(4, r.left + r.width / 2 - width / 2), window.innerWidth - width - 4);
      const { style } = drawn.el;
      drawn.el.dataset.testid = `bubble-${bubble.seat}`;
      style.left = `${left}px`;
      style.top = `${r.top}px`;
      style.width = `${width}px`;
      style.height = `${r.height}px`;
    }
    for (const [player, drawn] of this.drawn) {
      if (!keep.has(player)) {
        drawn.el.remove();
        this.drawn.delete(player);
      }
    }
    clearInterval(this.timer);
    this.timer = showing.length ? setInterval(() => this.drawBubbles(), FOLLOW_MS) : null;
  }
}
