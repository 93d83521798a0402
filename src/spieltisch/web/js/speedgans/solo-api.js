// What the lobby's card "Speedgans allein" asks the server (today's Tagesstadt, a day's list, a new
// run), apart from the pages and the game, so that the lobby loads neither of them.

import { t } from "../i18n.js";
import { api, net } from "../net.js";
import { toast } from "../ui.js";

/** Today's Tagesstadt and the archive, fetched at most once a minute. */
let indexPromise = null;
export function dailyIndex() {
  if (!indexPromise) {
    indexPromise = api("GET", "/api/tagesstadt").catch((err) => { indexPromise = null; throw err; });
    setTimeout(() => { indexPromise = null; }, 60_000);
  }
  return indexPromise;
}

export function dailyList(day) {
  return api("GET", `/api/tagesstadt/${encodeURIComponent(day)}`);
}

/**
 * Start a solo run: create_table with game speedgans_solo. The screen that asks waits for the table
 * (net "table" of kind speedgans_solo) and goes to /t/<id>. Answers whether it was sent.
 */
export function startRun(settings) {
  const seq = net.send({ type: "create_table", game: "speedgans_solo", settings });
  if (seq === null) toast(t("net.offline"));
  return seq !== null;
}
