// The lobby's card "Speedgans allein": Rekordjagd, today's Tagesstadt (and whether one has played it),
// Übung, and the way to the Bestenliste. `start(settings)` starts a run (the lobby goes to its table).

import "./strings.js";
import "./solo-strings.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { dailyIndex, dailyList } from "./solo-api.js";
import { formatPoints, ownDaily } from "./solo-lists.js";
import { rulesLink } from "../rules/link.js";

export function soloCard(app, start) {
  const daily = h("p.sg-solo-daily-state.muted", { "data-testid": "lobby-daily-state" }, "…");
  dailyIndex().then(async (index) => {
    if (!index.today) {
      daily.textContent = t("solo.daily.none");
      return;
    }
    const list = await dailyList(index.today);
    const own = ownDaily(list, app.me?.id);
    daily.dataset.played = own ? "true" : list.running ? "running" : "false";
    // (An attempt begun and not done: its clock runs, it is no "not played yet".)
    daily.textContent = own
      ? t("solo.lobby.daily.played", { points: formatPoints(own.points), rank: own.rank })
      : list.running ? t("solo.lobby.daily.running") : t("solo.lobby.daily.open");
    daily.classList.toggle("is-played", Boolean(own));
  }).catch(() => { daily.textContent = ""; });
  const entry = (mode, text, extra = null) => h("div.sg-solo-entry", { "data-mode": mode },
    h("button.primary", { type: "button", "data-testid": `lobby-solo-${mode}`, onclick: () => start({ mode }) }, t(`solo.mode.${mode}`)),
    h("div.sg-solo-entry-text", {}, h("span", {}, text), extra));
  const link = (href, text, testid) => h("a.sg-link", { href, "data-testid": testid, onclick: (e) => { e.preventDefault(); app.navigate(href); } }, text);
  return h("section.card.lobby-sgsolo", { "data-testid": "lobby-sgsolo" },
    h("h2", {}, t("solo.lobby.title")),
    entry("record", t("solo.lobby.record")),
    entry("daily", t("solo.lobby.daily"), [daily, link("/tagesstadt", t("solo.daily.list"), "lobby-daily-list")]),
    entry("practice", t("solo.lobby.practice")),
    h("div.row.sg-solo-links", {}, link("/bestenliste", t("solo.board.title"), "lobby-board"),
      rulesLink("speedgans", { app, testid: "lobby-sgsolo-rules" })));
}
