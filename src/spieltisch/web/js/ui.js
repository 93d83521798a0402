// Small DOM helpers: element builder, toasts, the connection banner.

import { VNode, create } from "./dom.js";

/**
 * h("button.primary", {onclick, "data-testid": "ok"}, "OK", child…); a child may be a description
 * (dom.js: the end dialog, the score by line), made into its element here.
 */
export function h(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className += (el.className ? " " : "") + v;
    else if (k === "text") el.textContent = v;
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : child instanceof VNode ? create(child) : document.createTextNode(String(child)));
  }
  return el;
}

let toastTimer = null;

/** A short message at the bottom of the screen. */
export function toast(message, kind = "error") {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message;
  box.dataset.kind = kind;
  box.hidden = false;
  box.classList.add("is-visible");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.classList.remove("is-visible");
    box.hidden = true;
  }, 3200);
}

export function setBanner(text) {
  const banner = document.getElementById("banner");
  if (!banner) return;
  banner.textContent = text || "";
  banner.hidden = !text;
}
