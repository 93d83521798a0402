// A player's name as a link to the player's page (/spieler/<id>), for every list that names players
// (the Bestenliste, a Tagesstadt's day list, a Rätsel's results). It moves within the app like its
// other links: the app's router follows the history (popstate), no page load.

import { h } from "../ui.js";
import { playerHref } from "./model.js";

/**
 * @param {{id: string | null | undefined, nickname: string, cls?: string, testid?: string}} player
 */
export function playerLink({ id, nickname, cls = "", testid = "player-link" }) {
  if (!id) return h(`span${cls ? `.${cls}` : ""}`, { title: nickname }, nickname);
  const href = playerHref(id);
  return h(`a.player-link${cls ? `.${cls}` : ""}`, {
    href, title: nickname, "data-testid": testid, "data-player": id,
    onclick: (e) => {
      if (e.ctrlKey || e.metaKey || e.shiftKey || e.button > 0) return; // a new tab or window: the browser's
      e.preventDefault();
      history.pushState({}, "", href);
      window.dispatchEvent(new PopStateEvent("popstate"));
      window.scrollTo(0, 0);
    },
  }, nickname);
}
