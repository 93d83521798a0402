// The lobby's puzzle card: today's puzzle and the archive of the last 30 days.

import "./strings.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { formatDay, limitLabel } from "./format.js";
import { localBest, puzzleIndex } from "./util.js";
import { rulesLink } from "../rules/link.js";

export function puzzleCard(app) {
  const today = h("p.pz-lobby-today.muted", { "data-testid": "lobby-puzzle-info" });
  puzzleIndex().then((index) => {
    const first = index.puzzles[0];
    const best = localBest()[index.today];
    today.replaceChildren(
      formatDay(index.today, { weekday: true }),
      first ? ` · ${limitLabel(first.time_limit_s, { short: true })}` : "",
      typeof best === "number" ? h("span.pz-lobby-best", {}, ` · ${t("pz.archive.best", { n: best })}`) : "");
  }).catch(() => {});
  return h("section.card.lobby-solo.pz-lobby", { "data-testid": "lobby-puzzle" },
    h("h2", {}, t("lobby.puzzle")),
    h("p", {}, t("pz.lobby.text")),
    today,
    h("div.row", {},
      h("button.primary", { type: "button", "data-testid": "lobby-puzzle-today", onclick: () => app.navigate("/puzzle") }, t("pz.lobby.today")),
      h("a.sg-link", { href: "/puzzle#archive", "data-testid": "lobby-puzzle-archive", onclick: (e) => { e.preventDefault(); app.navigate("/puzzle#archive"); } }, t("pz.lobby.archive")),
      rulesLink("planahead", { app, testid: "lobby-puzzle-rules" })));
}
