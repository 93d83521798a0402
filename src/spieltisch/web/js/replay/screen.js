// A finished game's replay at /replay/<game id>: the game's name and day, the link to share, the
// game's own stage (planahead.js: every land and the tile of the step; speedgans.js: a round's cities,
// then its scoring), and the controls: ⏮ ◀ ▶/⏸ ▶ ⏭, a slider, the step's number; the keys ← → Home
// End Space. A game that is unknown or still running has no replay (the server answers 404): the
// page says so and shows nothing of it. Stepping redraws the stage and the controls' state only, so a
// finger on the slider keeps it.

import "./strings.js";
import { t } from "../i18n.js";
import { HttpError, api } from "../net.js";
import { Screen, notFoundPage } from "../screen.js";
import { h, toast } from "../ui.js";
import { PLAY_MS, ReplayModel } from "./model.js";

/** The path of a game's replay. */
function replayHref(gameId) {
  return `/replay/${encodeURIComponent(gameId)}`;
}

/** The controls' pictures (drawn, not characters: the same on every system). */
const ICON = {
  first: '<path d="M5 4h2.6v16H5zM19.5 4.5v15L8.6 12z"/>',
  prev: '<path d="M15.5 4.5 8 12l7.5 7.5" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>',
  play: '<path d="M7 4.2v15.6L20 12z"/>',
  pause: '<path d="M6 4.5h4.2v15H6zM13.8 4.5H18v15h-4.2z"/>',
  next: '<path d="M8.5 4.5 16 12l-7.5 7.5" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>',
  last: '<path d="M16.4 4H19v16h-2.6zM4.5 4.5v15L15.4 12z"/>',
};

function iconSvg(name) {
  const el = h("span.rp-icon", { "aria-hidden": "true" });
  el.innerHTML = `<svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor">${ICON[name]}</svg>`;
  return el;
}

/** Each game's stage, loaded when its first replay is shown. */
const VIEWS = {
  tiles: async () => (await import("./planahead.js")).TilesReplay,
  speedgans: async () => (await import("./speedgans.js")).SpeedgansReplay,
};

/** How long the copy button says the link was copied (ms). */
const COPIED_MS = 3000;

export class ReplayScreen extends Screen {
  constructor(app, gameId) {
    super(app);
    this.gameId = gameId;
    this.state = "loading"; // loading | ready | notfound | failed
    /** @type {ReplayModel | null} */
    this.model = null;
    /**
     * What draws the game's steps (planahead.js, speedgans.js); Speedgans adds head extras and Escape.
     * @type {{title(): string, stage(): Node, destroy(): void, headExtras?: () => import("../dom.js").Child, onEscape?: () => boolean} | null}
     */
    this.view = null;
    this.timer = null;
    this.keyHandler = (e) => this.onKey(e);
  }

  mount(el) {
    this.el = el;
    this.alive = true;
    document.addEventListener("keydown", this.keyHandler);
    this.load();
  }

  unmount() {
    this.alive = false;
    this.stopTimer();
    clearTimeout(this.copiedTimer);
    document.removeEventListener("keydown", this.keyHandler);
    this.view?.destroy();
    this.view = null;
    super.unmount();
  }

  rerender() {
    this.render();
  }

  async load() {
    this.state = "loading";
    this.render();
    try {
      const replay = await api("GET", `/api/replays/${encodeURIComponent(this.gameId)}`);
      const model = new ReplayModel(replay, { me: this.app.me?.id ?? null });
      const View = await VIEWS[model.kind]();
      if (!this.alive) return;
      this.model = model;
      this.view = new View(this);
      this.state = "ready";
    } catch (err) {
      if (!this.alive) return;
      const status = err instanceof HttpError ? err.status : 0;
      const code = err instanceof HttpError ? err.code : null;
      this.state = status === 404 ? "notfound" : status === 403 && code === "sealed" ? "sealed" : "failed";
    }
    this.render();
  }

  // ---- the page ----------------------------------------------------------------------------------

  render() {
    if (!this.el) return;
    if (this.state === "notfound") {
      this.el.replaceChildren(notFoundPage(this.app, "replay-not-found", t("rp.notfound")));
      return;
    }
    if (this.state === "sealed") {
      // Today's Rätsel or Tagesstadt of someone else: its tiles or tasks are no secret after midnight.
      this.el.replaceChildren(notFoundPage(this.app, "replay-sealed", t("err.sealed")));
      return;
    }
    if (this.state === "loading" || this.state === "failed") {
      const failed = this.state === "failed";
      this.el.replaceChildren(h("div.center-page", {}, h("div.card", { "data-testid": failed ? "replay-failed" : "replay-loading" },
        h("p", { class: failed ? "" : "muted" }, t(failed ? "rp.failed" : "rp.loading")),
        failed ? h("button.primary", { type: "button", onclick: () => this.load() }, t("rp.again")) : null)));
      return;
    }
    const focused = document.activeElement?.closest?.("[data-testid]")?.getAttribute("data-testid") ?? null;
    this.stageEl = h("div.rp-stage-box", {});
    this.root = h("div.rp-page", { "data-testid": "replay", "data-game": this.model.replay.game, class: `rp-${this.model.kind}` },
      this.renderHead(), this.stageEl, this.renderControls(),
      // The way back, as the lists and the player's page have it.
      h("div.sg-page-links", {},
        h("a.sg-link", { href: "/", "data-testid": "to-lobby", onclick: (e) => { e.preventDefault(); this.app.navigate("/"); } }, t("pa.tolobby"))));
    this.el.replaceChildren(this.root);
    this.refresh();
    if (focused) this.root.querySelector(`[data-testid="${focused}"]`)?.focus({ preventScroll: true });
  }

  renderHead() {
    const url = `${location.origin}${replayHref(this.gameId)}`;
    this.linkInput = h("input.rp-link", {
      readonly: true, value: url, "data-testid": "replay-link", "aria-label": t("rp.link"), onfocus: (e) => e.target.select(),
    });
    return h("header.rp-head", {},
      h("div.rp-heading", {},
        h("h1", {}, h("span", {}, this.view.title()), h("span.rp-kicker", {}, ` · ${t("rp.title")}`)),
        h("p.muted.rp-played", {}, this.model.playedText())),
      h("div.rp-share", {},
        this.linkInput,
        this.copyButton = h("button.secondary.small", { type: "button", "data-testid": "copy-replay-link", onclick: () => this.copyLink() }, t("rp.copy"))),
      this.view.headExtras?.() ?? null);
  }

  renderControls() {
    const m = this.model;
    const button = (what, icon, label) => h("button.rp-btn", {
      type: "button", "data-testid": `replay-${what}`, "aria-label": label, title: label,
      onclick: () => this.act(what),
    }, iconSvg(icon));
    this.buttons = {
      first: button("first", "first", t("rp.first")),
      prev: button("prev", "prev", t("rp.prev")),
      toggle: button("toggle", "play", t("rp.play")),
      next: button("next", "next", t("rp.next")),
      last: button("last", "last", t("rp.last")),
    };
    this.buttons.toggle.classList.add("rp-play");
    this.slider = h("input.rp-slider", {
      type: "range", min: "0", max: String(Math.max(0, m.count - 1)), step: "1", value: String(m.index),
      "data-testid": "replay-slider", "aria-label": t("rp.slider"),
    });
    this.slider.addEventListener("input", () => {
      m.playing = false;
      if (m.seek(Number(this.slider.value))) this.refresh();
      else this.refreshControls();
    });
    this.counterEl = h("span.rp-counter", { "data-testid": "replay-counter", "aria-live": "polite" });
    this.timeEl = h("span.rp-time.muted", { "data-testid": "replay-time" });
    return h("div.rp-controls", { role: "group", "aria-label": t("rp.controls") },
      h("div.rp-buttons", {}, Object.values(this.buttons)),
      this.slider,
      h("div.rp-status", {}, this.counterEl, this.timeEl),
      h("p.rp-keys.muted", {}, t("rp.keys")));
  }

  /** Show step `index` (a bar of the analysis leads there): playing stops. */
  seekTo(index) {
    if (!this.model) return;
    this.model.playing = false;
    if (this.model.seek(index)) this.refresh();
    else this.refreshControls();
  }

  /** Draw the step shown: the stage anew, the controls' state in place (the slider keeps a finger). */
  refresh() {
    if (!this.root || !this.model) return;
    const focused = this.stageEl.contains(document.activeElement) ? document.activeElement.closest("[data-testid]")?.getAttribute("data-testid") : null;
    this.stageEl.replaceChildren(this.view.stage());
    if (focused) this.stageEl.querySelector(`[data-testid="${focused}"]`)?.focus({ preventScroll: true });
    this.refreshControls();
    this.syncTimer();
  }

  refreshControls() {
    const m = this.model;
    Object.assign(this.root.dataset, {
      index: String(m.index), count: String(m.count), playing: m.playing ? "true" : "false", round: String(m.roundIndex),
      step: m.kind === "speedgans" ? m.stepKind() : "tile", // a round's scoring lets the page scroll (replay.css)
    });
    this.buttons.first.disabled = m.atStart;
    this.buttons.prev.disabled = m.atStart;
    this.buttons.next.disabled = m.atEnd;
    this.buttons.last.disabled = m.atEnd;
    this.buttons.toggle.disabled = m.count < 2;
    const label = m.playing ? t("rp.pause") : t("rp.play");
    this.buttons.toggle.setAttribute("aria-label", label);
    this.buttons.toggle.title = label;
    this.buttons.toggle.setAttribute("aria-pressed", m.playing ? "true" : "false");
    if (this.buttons.toggle.dataset.icon !== (m.playing ? "pause" : "play")) {
      this.buttons.toggle.dataset.icon = m.playing ? "pause" : "play";
      this.buttons.toggle.replaceChildren(iconSvg(m.playing ? "pause" : "play"));
    }
    this.slider.max = String(Math.max(0, m.count - 1));
    this.slider.value = String(m.index);
    this.slider.setAttribute("aria-valuetext", m.counterText());
    this.counterEl.textContent = m.counterText();
    this.timeEl.textContent = m.timeText();
  }

  // ---- stepping ----------------------------------------------------------------------------------

  act(what) {
    if (this.model.go(what)) this.refresh();
  }

  /** Another Speedgans round (its start). */
  chooseRound(index) {
    if (this.model.chooseRound(index)) this.refresh();
  }

  syncTimer() {
    if (this.model?.playing && !this.timer) {
      this.timer = setInterval(() => {
        if (this.model.tick()) this.refresh();
      }, PLAY_MS[this.model.kind]);
    } else if (!this.model?.playing) this.stopTimer();
  }

  stopTimer() {
    clearInterval(this.timer);
    this.timer = null;
  }

  onKey(e) {
    if (this.state !== "ready" || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = /** @type {HTMLElement} */ (e.target);
    const tag = target?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return; // the slider and the link keep their keys
    if (e.key === "Escape" && this.view?.onEscape?.()) return;
    if (e.key === " " && (tag === "BUTTON" || tag === "A")) return; // Space presses a focused button
    const { handled, changed } = this.model.key(e.key);
    if (handled) e.preventDefault();
    if (changed) this.refresh();
  }

  // ---- sharing -----------------------------------------------------------------------------------

  /**
   * The link copied: the button says so for a few seconds (where one looks, covering nothing), and
   * a screen reader hears it.
   */
  async copyLink() {
    const input = this.linkInput;
    try {
      await navigator.clipboard.writeText(input.value);
      const button = this.copyButton;
      button.textContent = `✓ ${t("rp.copied")}`;
      button.setAttribute("aria-live", "polite");
      button.classList.add("is-copied");
      clearTimeout(this.copiedTimer);
      this.copiedTimer = setTimeout(() => {
        button.textContent = t("rp.copy");
        button.classList.remove("is-copied");
        button.removeAttribute("aria-live");
      }, COPIED_MS);
    } catch {
      // No clipboard here (an insecure page, a refusal): the link is shown and selected to copy by hand.
      input.classList.add("is-shown");
      input.focus();
      input.select();
      let copied = false;
      try {
        copied = document.execCommand("copy");
      } catch { /* not supported */ }
      toast(t(copied ? "rp.copied" : "rp.copy.select"), "info");
    }
  }
}
