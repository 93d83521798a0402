// @ts-check
// Private tables (docs/protocol.md, "Private tables"): the invite link carries the table's secret in
// its fragment, /t/<id>#k=<secret>, which no request sends to the server (so no log keeps it). The
// page reads it once and keeps it for the tab, so a reload still opens the table. No DOM here.

import { addStrings } from "./i18n.js";

addStrings("de", {
  "private.label.name": "Privat:",
  "private.label.how": "nur mit Einladungslink",
  "private.mark": "Privat",
  "private.hint": "Nicht in der Liste der Tische: nur wer den Einladungslink hat, kommt herein.",
  "private.share": "Einladungslink",
  "private.note": "Dieser Tisch ist privat: Nur wer diesen Link hat, kann zusehen oder sich setzen.",
  "private.copy": "Einladung kopieren",
});
addStrings("en", {
  "private.label.name": "Private:",
  "private.label.how": "invite link only",
  "private.mark": "Private",
  "private.hint": "Not in the list of tables: only those with the invite link can come in.",
  "private.share": "Invite link",
  "private.note": "This table is private: only those with this link can watch or take a seat.",
  "private.copy": "Copy invite",
});

const SECRET = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The secret an invite link's fragment carries ("#k=<secret>"), or null.
 * @param {string} hash location.hash
 */
export function keyFromHash(hash) {
  const match = /^#k=([^&]+)$/.exec(hash || "");
  return match && SECRET.test(match[1]) ? match[1] : null;
}

/**
 * The table's link: with its secret in the fragment when it has one.
 * @param {string} origin
 * @param {string} id
 * @param {string | null | undefined} secret
 */
export function inviteUrl(origin, id, secret) {
  const base = `${origin}/t/${encodeURIComponent(id)}`;
  return secret && SECRET.test(secret) ? `${base}#k=${secret}` : base;
}

/**
 * The secret for this table, kept for the tab: the one just read from the link (then kept), or one
 * kept before (a reload, the way back from another page).
 * @param {string} id
 * @param {string | null} fresh
 * @param {Pick<Storage, "getItem" | "setItem"> | null} [store]
 */
export function rememberKey(id, fresh, store = globalThis.sessionStorage ?? null) {
  const name = `spieltisch.key.${id}`;
  try {
    if (fresh) store?.setItem(name, fresh);
    return fresh ?? store?.getItem(name) ?? null;
  } catch {
    return fresh; // storage refused (a private window's quota): the link's secret still serves now
  }
}
