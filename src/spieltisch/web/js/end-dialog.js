// The end of a game (Plan Ahead, its rematches, Speedgans): the winner, the ranking, what the game
// adds (Plan Ahead: the strongest computer's score), and the ways on: rematch, look at the boards,
// the lobby. Who won is worked out by standings.js; this only draws it, as a description (dom.js):
// a game's screen updates the dialog in place (its buttons keep the focus across a server's view).

import "./replay/strings.js";
import { t } from "./i18n.js";
import { ICONS } from "./icons.js";
import { playedForText } from "./played-for.js";
import { headline } from "./standings.js";
import { h } from "./dom.js";

/**
 * opts: {rows, winners} of standings(); scoreAttribute: the data attribute of a row's score
 * ("data-score" / "data-points"); note: an element under the ranking, or null; closeLabel: the
 * button that sets the dialog aside to look at the boards; onRematch (null when watching), onClose,
 * onLobby; gameId: the finished game's id once it has a replay (a link to it), onReplay(path): go there;
 * computers: {level(bot): the game's word for a computer's level, title: "Computer"} — a computer's row
 * shows its level beside its name, as the game's score list does; rematch: () => the rematch someone
 * asked for (rematch-offer.js) or null — read again every second for its countdown; playedFor: the
 * server's note per seat of what a computer or the clock played for the person (played-for.js), in
 * `unit` ("tile" / "round"); listPoints: whether the game earns Bestenliste points (then a game played
 * mostly for someone says it earns him none); match: an element saying where the game stands in its
 * match, or null; rematchLabel: the rematch button's word when it is not „Revanche“ („Nächstes Spiel“);
 * gameOfMatch: the number of a game of a match that is not its last (its winner won that game only);
 * matchGames: the last game of a match: the ids of the match's games before it — then each game's
 * replay is linked („Ansehen: Spiel 1 · Spiel 2 · …“, this one's once it has its replay);
 * talk: the quick messages' button (quick-talk.js), or null — while the dialog is open it stands
 * among its buttons (the page's header is under the dialog's veil), so „Gut gemacht!“ can be said.
 */
export function endDialog({ rows, winners, scoreAttribute, note = null, closeLabel, onRematch, onClose, onLobby, gameId = null, onReplay = null, computers = null, rematch = () => null, playedFor = [], unit = "tile", listPoints = false, closed = null, match = null, rematchLabel = null, gameOfMatch = null, matchGames = null, talk = null }) {
  // An operator closed the table: no winner, no rematch — only why, and the way back.
  if (closed !== null) return closedDialog(closed, onLobby);
  const offer = onRematch ? rematch() : null;
  return h("div.end-backdrop", {},
    h("section.end-dialog.card", { "data-testid": "end", role: "dialog", "aria-modal": "false", "aria-labelledby": "end-title" },
      h("h2", { id: "end-title" }, t("end.title")),
      match,
      h("p.end-winner", { "data-testid": "winner" }, h("span.end-trophy", { "aria-hidden": "true", innerHTML: ICONS.trophy }), headline(winners, gameOfMatch)),
      h("ol.end-ranking", { "data-testid": "ranking" }, rows.map((s) => h("li", {
        "data-seat": s.seat, "data-place": s.place ?? "", [scoreAttribute]: s.score, "data-bot": s.bot ?? null,
        class: [s.place === 1 ? "is-winner" : "", s.you ? "is-you" : ""].join(" "),
      }, h("span.place", {}, `${s.place ?? "–"}.`),
      h("span.who", {}, h("span.name", { title: s.name }, s.name), s.bot && computers ? levelBadge(s, computers) : null,
        playedForNote(s.seat, s.bot ? null : playedFor?.[s.seat], unit, listPoints)),
      h("span.score", {}, String(s.score),
        // The last game of a match is ranked by the match's totals: the game's own points beside.
        s.gameScore !== undefined ? h("small.end-game-score", { "data-testid": `game-score-${s.seat}` }, t("match.game.points", { n: s.gameScore })) : null)))),
      note,
      offer ? rematchLine(offer, rematch, rematchLabel !== null) : null,
      h("div.row.end-buttons", {},
        onRematch ? rematchButton(offer, onRematch, rematchLabel) : null,
        h("button.secondary", { type: "button", "data-testid": "close-end", onclick: onClose }, closeLabel),
        // (In a match „Partie“ is the whole match: the link shows this one game; the last game's
        // end links every game of the match, on a line of its own.)
        matchGames ? null : replayLink(gameId, onReplay, match ? t("rp.watch.game") : t("rp.watch")),
        h("button.link", { type: "button", onclick: onLobby }, t("pa.tolobby")),
        talk),
      matchGames ? matchReplays([...matchGames, gameId], onReplay) : null));
}

/** „Ansehen: Spiel 1 · Spiel 2 · Spiel 3“: each game of a match, a link to its replay (a game
 * without one yet — the last, until it is recorded — is named without a link). */
function matchReplays(ids, onReplay) {
  return h("p.end-replays", { "data-testid": "match-replays" },
    h("span.end-replays-label", {}, t("match.watch")), " ",
    ids.flatMap((id, i) => {
      const name = t("match.game", { n: i + 1 });
      const link = id ? replayLink(id, onReplay, name, `watch-game-${i + 1}`) : h("span.muted", { "data-testid": `watch-game-${i + 1}` }, name);
      return i ? [h("span.end-replays-dot", { "aria-hidden": "true" }, " · "), link] : [link];
    }));
}

/** The end of a game an operator stopped (`spieltisch admin close-table`). */
function closedDialog(reason, onLobby) {
  return h("div.end-backdrop", {},
    h("section.end-dialog.card", { "data-testid": "end", "data-closed": "true", role: "dialog", "aria-modal": "false", "aria-labelledby": "end-title" },
      h("h2", { id: "end-title" }, t("end.closed.title")),
      h("p", { "data-testid": "closed-reason" }, t("end.closed.text", { reason })),
      h("div.row.end-buttons", {}, h("button.primary", { type: "button", onclick: onLobby }, t("pa.tolobby")))));
}

/** „Revanche“; once someone asked: „Dabei!“, or „Du bist dabei“ (nothing more to do) once you agreed. */
function rematchButton(offer, onRematch, label = null) {
  if (offer?.youAgreed) {
    return h("button.primary.big", { type: "button", "data-testid": "rematch", disabled: true, "data-agreed": "true" }, t("end.rematch.in"));
  }
  return h("button.primary.big", { type: "button", "data-testid": "rematch", onclick: onRematch }, offer ? t("end.rematch.join") : label ?? t("end.rematch"));
}

/** Who asked for the rematch (or, in a match, the next game), and its countdown (counted on while
 * the dialog is shown). */
function rematchLine(offer, rematch, nextGame = false) {
  const count = h("span", { "data-testid": "rematch-countdown", ref: (el) => countDown(el, rematch) },
    t("end.rematch.starts", { n: offer.seconds }));
  return h("p.end-rematch", { "data-testid": "rematch-offer", role: "status" },
    h("strong", {}, t(nextGame ? "match.next.asked" : "end.rematch.asked", { names: offer.names.join(", ") })), " ", count);
}

/** Each countdown's way to read the offer again (its newest drawing's); one timer per element. */
const countdowns = new WeakMap();

/** Count the rematch's seconds down in `el` until it leaves the page or the offer goes. */
function countDown(el, rematch) {
  const counting = countdowns.has(el);
  countdowns.set(el, rematch);
  if (counting) return;
  const timer = setInterval(() => {
    const now = countdowns.get(el)?.();
    if (!el.isConnected || !now) {
      clearInterval(timer);
      countdowns.delete(el);
      return;
    }
    el.textContent = t("end.rematch.starts", { n: now.seconds });
  }, 250);
}

/** „(Computer ab Kachel 9)“ beside a person's name; „keine Listenpunkte“ where that follows. */
function playedForNote(seat, note, unit, listPoints) {
  const text = playedForText(note, unit);
  if (!text) return null;
  const mostly = listPoints && note.mostly;
  return h("span.played-for", {
    "data-testid": `end-played-${seat}`, "data-mostly": mostly ? "true" : null,
    title: mostly ? t("played.mostly.title") : null,
  }, `(${text}${mostly ? ` · ${t("played.mostly")}` : ""})`);
}

/** A computer's level in the ranking: "Meister" beside "Ada" (the title says it is a computer). */
function levelBadge(row, { level, title }) {
  const word = level(row.bot);
  return h("span.level-badge", { "data-testid": `end-level-${row.seat}`, "data-level": row.bot, title: `${title} · ${word}` }, word);
}

/**
 * "Partie ansehen" (or `label`): a link to a finished game's replay (a plain click stays in the app
 * through onReplay(path); a new tab or a copied link works too). Null while the game has no id (no
 * replay yet).
 * @param {string | null} gameId @param {((path: string) => void) | null} onReplay @param {string} [label]
 * @param {string} [testid]
 */
export function replayLink(gameId, onReplay, label = t("rp.watch"), testid = "watch-replay") {
  if (!gameId) return null;
  const path = `/replay/${encodeURIComponent(gameId)}`;
  return h("a.rp-watch", {
    href: path, "data-testid": testid, "data-game": gameId,
    onclick: (e) => {
      if (!onReplay || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      onReplay(path);
    },
  }, label);
}
