// Entry point and router: "/" lobby, "/t/<id>" a table (a solo run too), "/puzzle[/<YYYY-MM-DD>]" the
// puzzle, "/tagesstadt[/<YYYY-MM-DD>]" a Tagesstadt's day, "/bestenliste" the Bestenliste,
// "/replay/<game id>" a finished game's replay, "/spieler/<id>" a player's page, "/regeln/<game>" a
// game's rules, "/geraet#<code>" another device signed in by a one-time link.

import "./errors.js";
import { getLang, initLang, onLangChange, setLang, t } from "./i18n.js";
import { HttpError, api, getToken, net, setToken } from "./net.js";
import { h, toast } from "./ui.js";
import { NotFoundScreen } from "./screen.js";
import { dailyPathDay } from "./speedgans/solo-lists.js";

// Each screen's code is loaded when a page first shows it (the lobby loads neither game), then kept.
const screens = {
  lobby: async () => (await import("./lobby.js")).LobbyScreen,
  table: async () => (await import("./room.js")).TableScreen,
  puzzle: async () => import("./puzzle/screen.js"),
  solo: async () => import("./speedgans/solo-pages.js"),
  player: async () => import("./player/screen.js"),
  replay: async () => import("./replay/screen.js"),
  device: async () => (await import("./account/device-screen.js")).DeviceScreen,
  rules: async () => import("./rules/screen.js"),
  ratings: async () => (await import("./ratings/screen.js")).RatingsScreen,
};

export const app = {
  me: null, // {id, nickname}
  screen: null,
  renderHeader: () => renderHeader(),
  navigate(path, { replace = false } = {}) {
    if (location.pathname !== path) {
      if (replace) history.replaceState({}, "", path);
      else history.pushState({}, "", path);
    }
    route();
  },
};

const root = () => document.getElementById("app");

function renderHeader() {
  const header = document.getElementById("header");
  header.replaceChildren(
    h("a.brand", { href: "/", onclick: (e) => { e.preventDefault(); app.navigate("/"); } },
      h("span.brand-mark", { "aria-hidden": "true" }, "⬢"), t("app.title")),
    h("div.header-right", {},
      // A long name ends in an ellipsis where the header has no room for it (app.css); the tooltip
      // says it whole.
      app.me
        ? h("button.link.nick", {
            type: "button", "data-testid": "nickname", title: `${app.me.nickname} · ${t("nick.rename")}`, onclick: renameDialog,
          }, h("span.nick-icon", { "aria-hidden": "true" }, "●"), h("span.nick-name", {}, app.me.nickname))
        : null,
      h("button.lang", {
        type: "button", "data-testid": "lang", "aria-label": t("lang.label"),
        onclick: () => setLang(getLang() === "de" ? "en" : "de"),
      }, getLang() === "de" ? "EN" : "DE"),
    ),
  );
  document.title = t("app.title");
}

let nicknameForm = null; // re-renders the open nickname form (language switch)

/** The nickname form; resolves when the player exists (token stored). */
function askNickname({ initial = "", rename = false } = {}) {
  return new Promise((resolve) => {
    let value = initial;
    let errorText = "";
    const finish = (result) => {
      nicknameForm = null;
      resolve(result);
    };
    const render = () => {
      // Not `required`: the form checks itself in the page's language (the browser's bubble would not).
      const input = h("input", {
        id: "nick-input", name: "nickname", maxlength: "20", autocomplete: "nickname", "aria-required": "true",
        "data-testid": "nickname-input", value,
      });
      input.addEventListener("input", () => { value = input.value; });
      const error = h("p.form-error", { role: "alert", "data-testid": "nickname-error" }, errorText);
      const form = h("form.card.nick-card", {
        "data-testid": "nickname-form",
        onsubmit: async (e) => {
          e.preventDefault();
          const nickname = input.value.trim();
          if (nickname.length < 1 || nickname.length > 20 || /[\u0000-\u001f\u007f]/.test(nickname)) {
            error.textContent = errorText = t("nick.invalid");
            return;
          }
          try {
            const player = rename
              ? await api("PATCH", "/api/players/me", { nickname })
              : await api("POST", "/api/players", { nickname });
            if (player.token) setToken(player.token);
            app.me = { id: player.id ?? app.me?.id, nickname: player.nickname ?? nickname };
            renderHeader();
            finish(app.me);
          } catch (err) {
            error.textContent = errorText = messageOf(err); // the server's own words are English only
          }
        },
      },
        h("h1", {}, rename ? t("nick.rename") : t("nick.title")),
        rename ? null : h("p", {}, t("nick.intro")),
        h("label", { for: "nick-input" }, t("nick.label")),
        input,
        error,
        h("div.row", {},
          rename ? h("button.secondary", { type: "button", onclick: () => finish(null) }, t("nick.cancel")) : null,
          h("button.primary", { type: "submit", "data-testid": "nickname-submit" }, rename ? t("nick.save") : t("nick.submit"))),
      );
      root().replaceChildren(h("div.center-page", {}, form));
      input.focus();
    };
    nicknameForm = render;
    render();
  });
}

async function renameDialog() {
  const screen = app.screen;
  screen?.unmount?.();
  app.screen = null;
  await askNickname({ initial: app.me?.nickname || "", rename: true });
  route();
}

async function ensurePlayer() {
  if (getToken()) {
    try {
      const me = await api("GET", "/api/players/me");
      app.me = { id: me.id, nickname: me.nickname };
      return;
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) setToken(null);
      else return; // server unreachable: keep the token, the socket will retry
    }
  }
  await askNickname();
}

/** The screen a path shows (its code loaded first). */
async function screenFor(path) {
  const table = path.match(/^\/t\/([^/]+)\/?$/);
  if (table) return new (await screens.table())(app, decodeURIComponent(table[1]));
  if (/^\/puzzle(\/|$)/.test(path)) {
    const { PuzzleScreen, puzzlePath } = await screens.puzzle();
    if (puzzlePath(path)) return new PuzzleScreen(app, puzzlePath(path).id);
  }
  if (dailyPathDay(path)) return new (await screens.solo()).DailyScreen(app, dailyPathDay(path).day);
  if (path === "/bestenliste" || path === "/bestenliste/") return new (await screens.solo()).BoardScreen(app);
  const player = path.match(/^\/spieler\/([^/]+)\/?$/);
  if (player) return new (await screens.player()).PlayerScreen(app, decodeURIComponent(player[1]));
  const replay = path.match(/^\/replay\/([^/]+)\/?$/);
  if (replay) return new (await screens.replay()).ReplayScreen(app, decodeURIComponent(replay[1]));
  if (path === "/geraet") return new (await screens.device())(app);
  if (path === "/wertung" || path === "/wertung/") return new (await screens.ratings())(app);
  if (/^\/regeln\//.test(path)) {
    const { RulesScreen, rulesPathGame } = await screens.rules();
    if (rulesPathGame(path)) return new RulesScreen(app, rulesPathGame(path));
  }
  if (path === "/") return new (await screens.lobby())(app);
  return new NotFoundScreen(app);
}

let routing = 0; // the newest route(): one that was overtaken while loading mounts nothing

async function route() {
  app.screen?.unmount?.();
  app.screen = null;
  const mine = ++routing;
  let screen;
  try {
    screen = await screenFor(location.pathname);
  } catch (err) {
    // Most likely this page's release was replaced on the server: its files are gone (404). A fresh
    // page names the new release's files; reload once, not in a loop if the network is down.
    if (mine === routing && !sessionStorage.getItem("spieltisch.reloaded")) {
      sessionStorage.setItem("spieltisch.reloaded", "1");
      location.reload();
      return;
    }
    throw err;
  }
  sessionStorage.removeItem("spieltisch.reloaded");
  if (mine !== routing) return;
  app.screen = screen;
  screen.mount(root());
}

/** What a player is told of an error from the server: its code's text in the page's language. */
function messageOf(msg) {
  const key = `err.${msg.code}`;
  const translated = t(key);
  if (translated !== key) return translated;
  return msg.message || t("err.generic");
}

async function main() {
  initLang(localStorage, document.documentElement);
  renderHeader();
  onLangChange(() => {
    renderHeader();
    if (nicknameForm) nicknameForm();
    else app.screen?.rerender?.();
  });
  net.on("welcome", (msg) => {
    if (msg.player) {
      app.me = { id: msg.player.id, nickname: msg.player.nickname };
      renderHeader();
    }
    // Whose quick messages this player does not hear (quick-talk.js marks them in its picker).
    app.muted = new Set(Array.isArray(msg.muted) ? msg.muted : []);
  });
  // An operator renamed this player (`spieltisch admin rename`): told at once, the header follows.
  net.on("renamed", (msg) => {
    if (app.me && msg.nickname) app.me = { ...app.me, nickname: msg.nickname };
    renderHeader();
    toast(t("nick.renamed", { name: msg.nickname, reason: msg.reason || "" }), "info");
  });
  net.on("error", (msg) => {
    if (app.screen?.onError?.(msg)) return;
    toast(messageOf(msg));
  });
  net.on("auth_failed", async () => {
    setToken(null);
    await askNickname();
    net.connect();
    route();
  });
  window.addEventListener("popstate", route);
  // A new browser opening another device's link becomes that player: no nickname to ask for.
  if (location.pathname !== "/geraet" || getToken()) await ensurePlayer();
  renderHeader();
  net.connect();
  route();
}

// A handle for debugging in the console and for browser tests (no game logic lives here).
/** @type {Window & {spieltisch?: object}} */ (window).spieltisch = { app, net };

main();
