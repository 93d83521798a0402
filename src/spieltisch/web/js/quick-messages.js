// @ts-check
// Quick messages at a table (docs/protocol.md, "Quick messages"): the phrases a player can say, by
// the id that travels (never text), and which bubbles show where and until when. No DOM here:
// quick-talk.js draws it; tests/js/quick-messages.test.mjs checks it.

import { addStrings, t } from "./i18n.js";

/** The phrases' ids, in the order the picker shows them (the server's PHRASES, quick_messages.py). */
export const PHRASES = [
  "well_played", "another", "close", "one_moment", "good_luck", "thanks", "oops", "bye",
  "thumbs_up", "sweat", "party", "wow",
];

/** The emoji phrases: drawn larger, and the same in both languages. */
const EMOJI = { thumbs_up: "👍", sweat: "😅", party: "🎉", wow: "😮" };

/** The kinds of table where people play together (a solo run has nobody to talk to). */
const TABLE_GAMES = ["planahead", "speedgans"];

/** How long a bubble shows (ms): long enough to read two words at a glance between moves. */
export const BUBBLE_MS = 4000;

addStrings("de", {
  "quick.well_played": "Gut gemacht!",
  "quick.another": "Noch eine?",
  "quick.close": "Knapp!",
  "quick.one_moment": "Moment bitte",
  "quick.good_luck": "Viel Glück!",
  "quick.thanks": "Danke!",
  "quick.oops": "Hoppla!",
  "quick.bye": "Tschüss!",
  "quick.open": "Kurznachricht senden",
  "quick.title": "Sag etwas",
  "quick.mute": "{name} stummschalten",
  "quick.unmute": "{name} wieder hören",
  "quick.muted": "Stumm",
  "quick.people": "Mitspieler",
  "quick.close_picker": "Schließen",
});
addStrings("en", {
  "quick.well_played": "Well played!",
  "quick.another": "Another one?",
  "quick.close": "Close one!",
  "quick.one_moment": "One moment",
  "quick.good_luck": "Good luck!",
  "quick.thanks": "Thanks!",
  "quick.oops": "Oops!",
  "quick.bye": "Bye!",
  "quick.open": "Send a quick message",
  "quick.title": "Say something",
  "quick.mute": "Mute {name}",
  "quick.unmute": "Unmute {name}",
  "quick.muted": "Muted",
  "quick.people": "Players",
  "quick.close_picker": "Close",
});

/** Whether the phrase is an emoji (shown larger). */
export function isEmoji(id) {
  return Object.hasOwn(EMOJI, id);
}

/** What a phrase says in the page's language; null for an id this page does not know. */
export function phraseText(id) {
  if (isEmoji(id)) return EMOJI[id];
  return PHRASES.includes(id) ? t(`quick.${id}`) : null;
}

/**
 * Whether this page's player may say something at the table: he holds a seat he has not left
 * (a watcher has no say; the server would refuse it: not_seated).
 * @param {{kind?: string, you: number | null, seats: Array<{left?: boolean}>} | null} table
 */
export function maySay(table) {
  if (!table || table.you === null || table.you === undefined) return false;
  if (!TABLE_GAMES.includes(table.kind)) return false; // a solo run: nobody to say it to
  const seat = table.seats[table.you];
  return Boolean(seat) && !seat.left;
}

/**
 * The other people at the table (not computers, not oneself): whom one can mute.
 * @param {{seats: Array<{player?: string | null, nickname?: string | null}>} | null} table
 * @param {string | undefined} me
 */
export function mutable(table, me) {
  return (table?.seats ?? []).filter((seat) => seat.player && seat.player !== me)
    .map((seat) => ({ player: seat.player, nickname: seat.nickname }));
}

/**
 * The bubbles showing now, one per sender (a newer one replaces his older): each with the seat it
 * stands by on the table as it is now (a player who moved seats takes his bubble along; one who is
 * gone takes it with him).
 */
export class Bubbles {
  constructor() {
    /** @type {Map<string, {player: string, phrase: string, until: number}>} by player */
    this.byPlayer = new Map();
  }

  /**
   * A `said` message heard at `now` (ms). False if it says nothing this page can show.
   * @param {{player?: string, phrase?: string}} said
   * @param {number} now
   */
  add(said, now) {
    if (!said.player || !said.phrase || phraseText(said.phrase) === null) return false;
    this.byPlayer.set(said.player, { player: said.player, phrase: said.phrase, until: now + BUBBLE_MS });
    return true;
  }

  /**
   * The bubbles still showing at `now`, with their seats at the table (those past their time are
   * forgotten).
   * @param {{seats: Array<{player?: string | null}>} | null} table
   * @param {number} now
   */
  showing(table, now) {
    const out = [];
    for (const [player, bubble] of this.byPlayer) {
      if (bubble.until <= now) {
        this.byPlayer.delete(player);
        continue;
      }
      const seat = (table?.seats ?? []).findIndex((s) => s.player === player);
      if (seat >= 0) out.push({ ...bubble, seat });
    }
    return out;
  }

  /** When the next bubble ends (ms), or null when none shows. */
  nextEnd() {
    let next = null;
    for (const bubble of this.byPlayer.values()) if (next === null || bubble.until < next) next = bubble.until;
    return next;
  }
}
