// The client's icons (SVG), each once: the trophy of the end dialog, Speedgans' hourglass, turn clock
// and looks menu (gear). icon("span.end-trophy", "trophy") wraps one in an element of its own.

import { h } from "./ui.js";
import { h as v } from "./dom.js";

export const ICONS = {
  trophy: `<svg viewBox="0 0 24 24" width="26" height="26"><path d="M7 3h10v3h3v2a5 5 0 0 1-4.2 4.9A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1A5 5 0 0 1 8.2 12.9 5 5 0 0 1 4 8V6h3zm0 5V8H6a3 3 0 0 0 1 2.2zm10 0v2.2A3 3 0 0 0 18 8z" fill="#e0a526" stroke="#9a6b0c" stroke-width="0.8"/></svg>`,
  hourglass: `<svg viewBox="0 0 24 24" width="22" height="22"><path d="M6 2h12v2h-1v3.5c0 1.8-1.3 3.3-3 4.5 1.7 1.2 3 2.7 3 4.5V20h1v2H6v-2h1v-3.5c0-1.8 1.3-3.3 3-4.5-1.7-1.2-3-2.7-3-4.5V4H6z" fill="#f4e3b5" stroke="#6b4a1f" stroke-width="1.2"/><path d="M9 18.6c0-1.6 1.4-2.6 3-3.4 1.6.8 3 1.8 3 3.4z M9.6 6.5h4.8c-.4 1-1.3 1.8-2.4 2.5-1.1-.7-2-1.5-2.4-2.5z" fill="#d9a43a"/></svg>`,
  gear: `<svg viewBox="0 0 24 24" width="22" height="22" style="display:block;margin:auto"><path d="M10.3 2h3.4l.5 2.6 1.9.8 2.2-1.5 2.4 2.4-1.5 2.2.8 1.9 2.6.5v3.4l-2.6.5-.8 1.9 1.5 2.2-2.4 2.4-2.2-1.5-1.9.8-.5 2.6h-3.4l-.5-2.6-1.9-.8-2.2 1.5-2.4-2.4 1.5-2.2-.8-1.9L2 13.7v-3.4l2.6-.5.8-1.9-1.5-2.2 2.4-2.4 2.2 1.5 1.9-.8z" fill="currentColor" opacity="0.85"/><circle cx="12" cy="12" r="3.4" fill="var(--card)"/></svg>`,
  clock: `<svg viewBox="0 0 24 24" width="18" height="18"><circle cx="12" cy="13" r="8.5" fill="#fff" stroke="currentColor" stroke-width="2"/><path d="M12 13V8.5M12 13l3 2" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path d="M9.5 2.5h5" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>`,
};

/** An element (hidden from screen readers) holding one icon: icon("span.sg-clock-icon", "clock"). */
export function icon(spec, name) {
  const el = h(spec, { "aria-hidden": "true" });
  el.innerHTML = ICONS[name];
  return el;
}

/** The same, described (dom.js): iconView("span.sg-clock-icon", "clock"). */
export function iconView(spec, name) {
  return v(spec, { "aria-hidden": "true", innerHTML: ICONS[name] });
}
