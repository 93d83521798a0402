// A running or finished Plan Ahead game: the land, the next tile (top right), OK (bottom right),
// the scores (bottom left), the turn clock, the end with ranking and rematch.
// The client only renders the server's views and sends intentions (place, confirm, rematch).

import { t } from "../i18n.js";
import { net } from "../net.js";
import { h } from "../ui.js";
import { boardSvg, tileSvg } from "./board.js";
import { H, KINDS, S, parseLand, parseTile } from "./geometry.js";

const DRAG_THRESHOLD = 6;

function tileLabel(code) {
  const tile = parseTile(code);
  if (!tile) return "";
  return ["vertical", "rising", "falling"].map((d) => `${t(`kind.${KINDS[tile[d]].key}`)} ${tile[d]}`).join(" · ");
}

function trophy() {
  const span = h("span.pa-trophy", { "aria-hidden": "true" });
  span.innerHTML = `<svg viewBox="0 0 24 24" width="26" height="26"><path d="M7 3h10v3h3v2a5 5 0 0 1-4.2 4.9A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1A5 5 0 0 1 8.2 12.9 5 5 0 0 1 4 8V6h3zm0 5V8H6a3 3 0 0 0 1 2.2zm10 0v2.2A3 3 0 0 0 18 8z" fill="#e0a526" stroke="#9a6b0c" stroke-width="0.8"/></svg>`;
  return span;
}

export class PlanAheadGame {
  constructor(room) {
    this.room = room;
    this.table = null;
    this.viewSeat = null; // seat index shown, or "strongest"
    this.pending = undefined; // optimistic tentative field until the server answers
    this.endHidden = false;
    this.drag = null;
    this.clockTimer = setInterval(() => this.tickClock(), 250);
    this.lastTurn = null;
    this.lastPhase = null;
  }

  mount(el) {
    this.el = el;
  }

  destroy() {
    clearInterval(this.clockTimer);
    this.endDrag();
  }

  get game() {
    return this.table?.game;
  }

  get you() {
    return this.table?.you ?? null;
  }

  update(table) {
    const prevTurn = this.lastTurn;
    const prevPhase = this.lastPhase;
    this.table = table;
    const game = table.game;
    this.lastTurn = game.turn;
    this.lastPhase = game.phase;
    this.pending = undefined;
    if (this.viewSeat === null || (typeof this.viewSeat === "number" && this.viewSeat >= game.seats.length)) {
      this.viewSeat = this.you ?? 0;
    }
    // A rematch (a new game at the same table) or a fresh start: back to one's own land.
    if (prevPhase === "finished" && game.phase === "playing") {
      this.viewSeat = this.you ?? 0;
      this.endHidden = false;
    }
    if (game.phase === "playing" && prevTurn !== null && prevTurn !== game.turn && this.viewSeat === "strongest") {
      this.viewSeat = this.you ?? 0;
    }
    this.render();
  }

  /** The own seat's entry, when seated. */
  ownEntry() {
    return this.you === null ? null : this.game.seats[this.you];
  }

  canPlace() {
    const own = this.ownEntry();
    return Boolean(this.game.phase === "playing" && own && !own.confirmed && this.game.tile && this.viewSeat === this.you);
  }

  tentativeField() {
    if (this.pending !== undefined) return this.pending;
    return this.ownEntry()?.tentative ?? null;
  }

  place(field) {
    if (!this.canPlace()) return;
    const own = this.ownEntry();
    const land = parseLand(own.land);
    if (field !== null && land[field - 1]) return;
    if (field === this.tentativeField()) return;
    if (this.room.send("place", { field }) === null) return;
    this.pending = field;
    this.render();
  }

  confirm() {
    if (!this.canPlace() || this.tentativeField() === null || this.pending !== undefined) return;
    this.room.send("confirm");
  }

  rematch() {
    this.room.send("rematch");
  }

  showSeat(seat) {
    this.viewSeat = seat;
    this.render();
  }

  // ---- rendering ---------------------------------------------------------------------------

  render() {
    if (!this.table) return;
    if (this.drag) {
      // Never pull the board from under a finger: redraw when the drag ends.
      this.renderDeferred = true;
      return;
    }
    this.renderDeferred = false;
    const root = h("div.pa-game", this.rootAttributes());
    root.append(...this.renderParts());
    this.el.replaceChildren(root);
    this.tickClock();
  }

  /** The game's root element's attributes (what tests and styles read off the page). */
  rootAttributes() {
    const game = this.game;
    return {
      "data-testid": "pa-game", "data-phase": game.phase, "data-turn": game.turn,
      "data-view-seat": String(this.viewSeat), "data-you": this.you ?? "",
      "data-pending": this.pending !== undefined ? "true" : "false",
    };
  }

  /** What the game shows, in order. */
  renderParts() {
    const parts = [this.renderInfo(), this.renderClock(), this.renderNext(), this.renderBoardArea(),
      this.renderScores(), this.renderOk()];
    if (this.game.phase === "finished" && !this.endHidden) parts.push(this.renderEnd());
    return parts;
  }

  renderInfo() {
    const game = this.game;
    const own = this.ownEntry();
    let hint = "";
    if (game.phase === "playing" && own) {
      if (own.confirmed) hint = t("pa.waiting");
      else if (this.tentativeField() !== null) hint = t("pa.confirmhint");
      else hint = t("pa.placehint");
    } else if (game.phase === "playing") {
      hint = t("table.watching");
    }
    const turnShown = Math.min(game.turn + 1, game.tiles_total);
    return h("div.pa-info", {},
      h("div.pa-title", {}, t("game.planahead"), h("span.muted", {}, ` #${this.table.id}`)),
      game.phase === "playing"
        ? h("div.pa-turn", { "data-testid": "turn" }, t("pa.tileof", { n: turnShown, total: game.tiles_total }))
        : h("div.pa-turn", { "data-testid": "turn" }, t("pa.end")),
      h("div.pa-hint.muted", { "data-testid": "hint", "aria-live": "polite" }, hint));
  }

  renderClock() {
    const game = this.game;
    this.clockEl = null;
    if (!game.deadline || game.phase !== "playing") return h("div.pa-clock.is-empty");
    this.clockEl = h("div.pa-clock", { "data-testid": "clock", role: "timer", "aria-label": t("pa.clock") });
    return this.clockEl;
  }

  tickClock() {
    if (!this.clockEl || !this.game?.deadline) return;
    const left = Math.max(0, this.game.deadline - net.serverNow());
    const secs = Math.ceil(left);
    const text = `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
    if (this.clockEl.textContent !== text) this.clockEl.textContent = text;
    this.clockEl.classList.toggle("is-urgent", left <= 10);
    const total = this.game.turn_seconds || 60;
    this.clockEl.style.setProperty("--left", String(Math.min(1, left / total)));
  }

  renderNext() {
    const game = this.game;
    const box = h("div.pa-next", {});
    if (game.phase !== "playing" || !game.tile) return box;
    const own = this.ownEntry();
    const placed = this.tentativeField() !== null;
    const card = h("div.pa-next-card", {
      "data-testid": "next-tile", "data-tile": game.tile,
      "data-placed": placed ? "true" : "false",
      class: [own?.confirmed ? "is-confirmed" : "", placed ? "is-placed" : "", this.canPlace() ? "is-draggable" : ""].join(" "),
      "aria-label": `${t("pa.next")}: ${tileLabel(game.tile)}`, role: "img",
    }, tileSvg(game.tile, 120));
    if (this.canPlace()) card.addEventListener("pointerdown", (e) => this.startDrag(e, card, null));
    box.append(
      h("div.pa-next-label", {}, t("pa.next")),
      card,
      h("div.pa-next-kinds", {}, tileLabel(game.tile)));
    return box;
  }

  viewData() {
    const game = this.game;
    if (this.viewSeat === "strongest" && game.strongest) {
      return {
        land: parseLand(game.strongest.land), lines: game.strongest.lines || [], clockPlaced: [], own: false,
        name: t("pa.strongestname"), caption: t("pa.viewingstrongest"),
      };
    }
    const seat = typeof this.viewSeat === "number" ? this.viewSeat : this.you ?? 0;
    const entry = game.seats[seat];
    return {
      seat,
      land: parseLand(entry.land),
      lines: entry.lines || [],
      clockPlaced: entry.clock_placed || [],
      own: seat === this.you,
      name: this.table.seats[seat]?.nickname || t("table.seat", { n: seat + 1 }),
      entry,
    };
  }

  viewCaption(view) {
    return view.caption ?? t("pa.viewing", { name: view.name });
  }

  renderBoardArea() {
    const game = this.game;
    const view = this.viewData();
    const interactive = view.own && this.canPlace();
    const tentative = view.own && game.phase === "playing" ? this.tentativeField() : null;
    const svg = boardSvg({
      land: view.land, lines: view.lines, tentative, tile: game.tile,
      clockPlaced: view.clockPlaced, interactive,
    });
    svg.setAttribute("data-testid", "board");
    svg.setAttribute("data-seat", String(view.seat ?? "strongest"));
    svg.setAttribute("data-land", view.land.map((c) => c || ".").join(" "));
    svg.setAttribute("aria-label", view.own ? t("pa.field", { n: "" }).trim() : this.viewCaption(view));
    this.boardEl = svg;
    // Field labels and interaction.
    svg.querySelectorAll(".pa-field").forEach((g) => {
      const f = Number(g.dataset.field);
      const code = g.dataset.tile || g.dataset.tentative;
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = code ? t("pa.fieldtile", { n: f, tile: tileLabel(code) }) : t("pa.field", { n: f });
      g.prepend(title);
      if (g.dataset.labelField) g.setAttribute("aria-label", title.textContent);
    });
    if (interactive) {
      svg.addEventListener("click", (e) => {
        const g = e.target.closest?.(".pa-field");
        if (!g || this.dragJustEnded) return;
        if (g.classList.contains("is-empty")) this.place(Number(g.dataset.field));
      });
      svg.addEventListener("keydown", (e) => {
        const g = e.target.closest?.(".pa-field");
        if (!g) return;
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          if (g.classList.contains("is-empty")) this.place(Number(g.dataset.field));
          else if (g.classList.contains("is-tentative")) this.confirm();
        }
      });
      const tent = svg.querySelector(".pa-field.is-tentative");
      if (tent) tent.addEventListener("pointerdown", (e) => this.startDrag(e, tent, Number(tent.dataset.field)));
    }
    const parts = [];
    if (!view.own) {
      parts.push(h("div.pa-viewing", { "data-testid": "viewing", role: "status" },
        h("span", {}, this.viewCaption(view)),
        this.you !== null
          ? h("button.secondary.small", { type: "button", "data-testid": "back-own", onclick: () => this.showSeat(this.you) }, t("pa.backown"))
          : null));
    }
    const wrap = h("div.pa-board-wrap", { class: view.own ? "" : "is-readonly" }, svg);
    // The preview of points the tentative tile completes, over the tile itself.
    const preview = view.own ? view.entry?.preview : null;
    if (tentative !== null && this.pending === undefined && preview) {
      svg.append(this.previewBubble(tentative, preview));
    }
    parts.push(wrap);
    return h("div.pa-board-area", {}, parts);
  }

  previewBubble(field, points) {
    // Drawn inside the SVG, above the tentative tile, so it scales with the board.
    const g = this.boardEl.querySelector(`[data-field="${field}"]`);
    const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(g?.getAttribute("transform") || "");
    const x = m ? Number(m[1]) : 0;
    const y = m ? Number(m[2]) - H * 0.55 : 0;
    const text = t("pa.preview", { n: points });
    const w = 16 + 10 * text.length;
    const bubble = document.createElementNS("http://www.w3.org/2000/svg", "g");
    bubble.setAttribute("class", "pa-preview");
    bubble.setAttribute("data-testid", "preview");
    bubble.setAttribute("data-points", String(points));
    bubble.setAttribute("transform", `translate(${x.toFixed(1)},${y.toFixed(1)})`);
    bubble.innerHTML = `<title>${t("pa.previewlong", { n: points })}</title><rect x="${-w / 2}" y="-13" width="${w}" height="26" rx="13"/><text y="1" text-anchor="middle" dominant-baseline="middle">${text}</text>`;
    return bubble;
  }

  renderScores() {
    const game = this.game;
    const own = this.ownEntry();
    const list = h("div.pa-scores", { role: "group", "aria-label": t("pa.points") });
    game.seats.forEach((entry, i) => {
      const seat = this.table.seats[i] || {};
      const name = seat.nickname || t("table.seat", { n: i + 1 });
      const dim = game.phase === "playing" && entry.confirmed;
      const viewing = this.viewSeat === i;
      const preview = i === this.you && own?.tentative !== null && this.pending === undefined && entry.preview ? entry.preview : 0;
      list.append(h("button.pa-score", {
        type: "button", "data-testid": `score-${i}`, "data-score": entry.score, "data-confirmed": entry.confirmed ? "true" : "false",
        class: [dim ? "is-dimmed" : "", viewing ? "is-viewing" : "", i === this.you ? "is-you" : "", seat.connected === false && !seat.bot ? "is-offline" : ""].join(" "),
        "aria-pressed": viewing ? "true" : "false",
        onclick: () => this.showSeat(i),
      },
        h("span.pa-score-name", {}, name, seat.bot ? h("span.pa-score-bot", { title: t(`level.${seat.bot}`) }, " ⚙") : null),
        h("span.pa-score-points", {}, String(entry.score),
          preview ? h("span.pa-score-preview", {}, ` +${preview}`) : null)));
    });
    if (game.phase === "finished" && game.strongest) {
      list.append(h("button.pa-score.is-strongest", {
        type: "button", "data-testid": "score-strongest", "data-score": game.strongest.score,
        class: this.viewSeat === "strongest" ? "is-viewing" : "", onclick: () => this.showSeat("strongest"),
      }, h("span.pa-score-name", {}, t("pa.strongestname")), h("span.pa-score-points", {}, String(game.strongest.score))));
    }
    return list;
  }

  renderOk() {
    const game = this.game;
    const box = h("div.pa-ok", {});
    if (game.phase === "finished") {
      box.append(h("button.primary.big", { type: "button", "data-testid": "show-end", onclick: () => { this.endHidden = false; this.render(); } }, t("pa.showend")));
      return box;
    }
    if (this.you === null) return box;
    const own = this.ownEntry();
    const ready = this.canPlace() && this.tentativeField() !== null;
    box.append(h("button.pa-ok-button", {
      type: "button", "data-testid": "ok", disabled: !ready || this.pending !== undefined,
      "data-confirmed": own?.confirmed ? "true" : "false",
      onclick: () => this.confirm(),
    }, t("pa.ok")));
    return box;
  }

  renderEnd() {
    const game = this.game;
    const seats = game.seats.map((entry, i) => ({
      i, score: entry.score, place: game.ranking ? game.ranking[i] : null,
      name: this.table.seats[i]?.nickname || t("table.seat", { n: i + 1 }),
    })).sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || b.score - a.score);
    const winners = seats.filter((s) => s.place === 1);
    const headline = winners.length > 1
      ? t("pa.tie", { names: winners.map((s) => s.name).join(", ") })
      : t("pa.wins", { name: winners[0]?.name ?? "" });
    const isSeated = this.you !== null;
    return h("div.pa-end-backdrop", {},
      h("section.pa-end.card", { "data-testid": "end", role: "dialog", "aria-modal": "false", "aria-labelledby": "pa-end-title" },
        h("h2", { id: "pa-end-title" }, t("pa.end")),
        h("p.pa-winner", { "data-testid": "winner" }, trophy(), headline),
        h("ol.pa-ranking", { "data-testid": "ranking" }, seats.map((s) => h("li", {
          "data-seat": s.i, "data-place": s.place, "data-score": s.score, class: [s.place === 1 ? "is-winner" : "", s.i === this.you ? "is-you" : ""].join(" "),
        }, h("span.place", {}, t("pa.place", { n: s.place })), h("span.name", {}, s.name), h("span.score", {}, String(s.score))))),
        game.strongest
          ? h("p.pa-strongest", { "data-testid": "strongest", "data-score": game.strongest.score },
              t("pa.strongest", { n: game.strongest.score }), " ",
              h("button.link", { type: "button", "data-testid": "show-strongest", onclick: () => { this.endHidden = true; this.showSeat("strongest"); } }, t("pa.showstrongest")))
          : null,
        h("div.row.pa-end-buttons", {},
          isSeated ? h("button.primary.big", { type: "button", "data-testid": "rematch", onclick: () => this.rematch() }, t("pa.rematch")) : null,
          h("button.secondary", { type: "button", "data-testid": "close-end", onclick: () => { this.endHidden = true; this.render(); } }, t("pa.showboards")),
          h("button.link", { type: "button", onclick: () => this.room.app.navigate("/") }, t("pa.tolobby")))));
  }

  // ---- drag and drop (pointer events: mouse, pen, touch) ---------------------------------

  startDrag(event, source, fromField) {
    if (!this.canPlace() || event.button > 0) return;
    event.preventDefault();
    const start = { x: event.clientX, y: event.clientY };
    const pointerId = event.pointerId;
    try { source.setPointerCapture(pointerId); } catch { /* not capturable */ }
    const drag = { source, fromField, start, pointerId, active: false, ghost: null, over: null };
    this.drag = drag;
    const move = (e) => {
      if (e.pointerId !== pointerId) return;
      if (!drag.active && Math.hypot(e.clientX - start.x, e.clientY - start.y) > DRAG_THRESHOLD) {
        drag.active = true;
        drag.ghost = this.makeGhost();
        source.classList.add("is-drag-source");
      }
      if (drag.active) {
        drag.ghost.style.transform = `translate(${e.clientX}px, ${e.clientY}px) translate(-50%, -50%)`;
        this.hover(this.fieldAt(e.clientX, e.clientY));
      }
    };
    const up = (e) => {
      if (e.pointerId !== pointerId) return;
      const wasActive = drag.active;
      const target = wasActive ? this.fieldAt(e.clientX, e.clientY) : null;
      const overBoard = wasActive && this.boardEl?.contains(document.elementFromPoint(e.clientX, e.clientY));
      this.endDrag();
      if (!wasActive) return;
      this.dragJustEnded = true;
      setTimeout(() => { this.dragJustEnded = false; }, 0);
      if (target !== null) this.place(target);
      else if (fromField !== null && !overBoard) this.place(null); // dropped off the land: take it back
    };
    drag.cleanup = () => {
      source.removeEventListener("pointermove", move);
      source.removeEventListener("pointerup", up);
      source.removeEventListener("pointercancel", up);
    };
    source.addEventListener("pointermove", move);
    source.addEventListener("pointerup", up);
    source.addEventListener("pointercancel", up);
  }

  makeGhost() {
    const rect = this.boardEl.getBoundingClientRect();
    const vb = this.boardEl.viewBox.baseVal;
    const size = Math.max(64, (rect.width / vb.width) * 2 * S);
    const ghost = h("div.pa-ghost", { "aria-hidden": "true" }, tileSvg(this.game.tile, size));
    document.body.append(ghost);
    return ghost;
  }

  /** The empty field (or the tentative one) under a screen point, else null. */
  fieldAt(x, y) {
    const ghost = this.drag?.ghost;
    if (ghost) ghost.style.display = "none";
    const el = document.elementFromPoint(x, y);
    if (ghost) ghost.style.display = "";
    const g = el?.closest?.(".pa-field");
    if (!g || !this.boardEl?.contains(g)) return null;
    if (g.classList.contains("is-empty") || g.classList.contains("is-tentative")) return Number(g.dataset.field);
    return null;
  }

  hover(field) {
    if (!this.drag || this.drag.over === field) return;
    this.drag.over = field;
    this.boardEl?.querySelectorAll(".is-droptarget").forEach((g) => g.classList.remove("is-droptarget"));
    if (field !== null) this.boardEl?.querySelector(`[data-field="${field}"]`)?.classList.add("is-droptarget");
  }

  endDrag() {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    drag.cleanup?.();
    drag.ghost?.remove();
    drag.source.classList.remove("is-drag-source");
    try { drag.source.releasePointerCapture(drag.pointerId); } catch { /* already released */ }
    this.boardEl?.querySelectorAll(".is-droptarget").forEach((g) => g.classList.remove("is-droptarget"));
    if (this.renderDeferred) this.render();
  }
}
