// Entry point and router: "/" lobby, "/t/<id>" a table (a solo run too), "/puzzle[/<YYYY-MM-DD>]" the
// puzzle, "/tagesstadt[/<YYYY-MM-DD>]" a Tagesstadt's day, "/bestenliste" the Bestenliste.

import "./errors.js";
import { getLang, initLang, onLangChange, setLang, t } from "./i18n.js";
import { HttpError, api, getToken, net, setToken } from "./net.js";
import { h, toast } from "./ui.js";
import { LobbyScreen } from "./lobby.js";
import { TableScreen } from "./room.js";
import { PuzzleScreen, puzzlePath } from "./puzzle/screen.js";
import { NotFoundScreen } from "./screen.js";
import { BoardScreen, DailyScreen } from "./speedgans/solo-pages.js";
import { dailyPathDay } from "./speedgans/solo-lists.js";

export const app = {
  me: null, // {id, nickname}
  screen: null,
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
      app.me
        ? h("button.link.nick", { type: "button", "data-testid": "nickname", title: t("nick.rename"), onclick: renameDialog },
            h("span.nick-icon", { "aria-hidden": "true" }, "●"), app.me.nickname)
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
            error.textContent = errorText = err.message || t("err.generic");
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

function route() {
  app.screen?.unmount?.();
  app.screen = null;
  const path = location.pathname;
  const match = path.match(/^\/t\/([^/]+)\/?$/);
  let screen;
  if (match) screen = new TableScreen(app, decodeURIComponent(match[1]));
  else if (puzzlePath(path)) screen = new PuzzleScreen(app, puzzlePath(path).id);
  else if (dailyPathDay(path)) screen = new DailyScreen(app, dailyPathDay(path).day);
  else if (path === "/bestenliste" || path === "/bestenliste/") screen = new BoardScreen(app);
  else if (path === "/") screen = new LobbyScreen(app);
  else screen = new NotFoundScreen(app);
  app.screen = screen;
  screen.mount(root());
}

function errorText(msg) {
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
  });
  net.on("error", (msg) => {
    if (app.screen?.onError?.(msg)) return;
    toast(errorText(msg));
  });
  net.on("auth_failed", async () => {
    setToken(null);
    await askNickname();
    net.connect();
    route();
  });
  window.addEventListener("popstate", route);
  await ensurePlayer();
  renderHeader();
  net.connect();
  route();
}

// A handle for debugging in the console and for browser tests (no game logic lives here).
window.spieltisch = { app, net };

main();
