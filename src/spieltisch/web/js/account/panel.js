// The own player page's account card: „Auf anderem Gerät weiterspielen“ (a one-time link with its QR
// code and countdown), the signed-in devices with „Abmelden“, and „Meine Daten“ (download everything,
// delete oneself, both confirmed). Only on one's own page; the server checks the token either way.

import "./strings.js";
import { formatClock } from "../clock.js";
import { t } from "../i18n.js";
import { api, getToken, net, setToken } from "../net.js";
import { h, toast } from "../ui.js";

/** The card; `app` for the player and navigation, `rerender` when it changed. */
export function accountPanel(app) {
  const card = h("section.card.pl-account", { "data-testid": "account" });
  const state = { link: null, devices: null, deleting: false };
  let timer = null;

  const draw = () => {
    card.replaceChildren(...[
      h("h2", {}, t("dev.account")),
      state.link ? linkBox() : h("button.primary", { type: "button", "data-testid": "device-link", onclick: makeLink }, t("dev.link")),
      h("h3", {}, t("dev.list")),
      devicesList(),
      h("h3", {}, t("data.title")),
      h("p.muted", {}, t("data.text")),
      h("div.row", {},
        h("button.secondary", { type: "button", "data-testid": "data-download", onclick: download }, t("data.download")),
        h("button.danger", { type: "button", "data-testid": "data-delete", onclick: () => { state.deleting = true; draw(); } }, t("data.delete"))),
      state.deleting ? deleteBox() : null,
    ].filter(Boolean));
  };

  const linkBox = () => {
    const qr = h("div.pl-qr", { "data-testid": "device-qr", role: "img", "aria-label": state.link.url });
    qr.innerHTML = state.link.qr_svg; // made by the server (segno), from our own link only
    const left = h("span.muted", { "data-testid": "device-link-left" }, leftText());
    clearInterval(timer);
    timer = setInterval(() => {
      if (!left.isConnected) { clearInterval(timer); return; }
      left.textContent = leftText();
    }, 1000);
    return h("div.pl-link", {},
      h("p", {}, t("dev.link.text")),
      qr,
      h("input.pl-link-url", { type: "text", readonly: true, value: state.link.url, "data-testid": "device-link-url", "aria-label": t("dev.link") }),
      h("div.row", {},
        h("button.secondary", { type: "button", onclick: copy }, t("dev.link.copy")),
        h("button.link", { type: "button", onclick: () => { state.link = null; draw(); } }, t("dev.link.close"))),
      left);
  };

  const leftText = () => {
    const seconds = state.link.expires_at - net.serverNow();
    return seconds > 0 ? t("dev.link.left", { time: formatClock(seconds) }) : t("dev.link.over");
  };

  const devicesList = () => {
    if (!state.devices) return h("p.muted", {}, "…");
    return h("ul.pl-devices", { "data-testid": "devices" }, state.devices.map((d) => {
      const name = d.label || t("dev.first");
      return h("li.pl-device", { "data-device": d.id, "data-current": d.current ? "true" : "false" },
        h("span", {}, name, d.current ? h("span.muted", {}, ` (${t("dev.this")})`) : null),
        h("span.muted", {}, t("dev.since", { date: new Date(d.created_at).toLocaleDateString() })),
        h("button.link", { type: "button", "data-testid": `signout-${d.id}`, onclick: () => signOut(d, name) }, t("dev.signout")));
    }));
  };

  const deleteBox = () => {
    const input = h("input", { type: "text", "data-testid": "data-delete-name", autocomplete: "off", "aria-label": t("data.delete") });
    const ok = h("button.danger", { type: "button", "data-testid": "data-delete-ok", disabled: true, onclick: deleteMe }, t("data.delete.ok"));
    input.addEventListener("input", () => { ok.disabled = input.value.trim() !== app.me?.nickname; });
    return h("div.pl-delete", { role: "alertdialog", "aria-label": t("data.delete") },
      h("p", {}, t("data.delete.confirm")), input,
      h("div.row", {}, ok, h("button.secondary", { type: "button", onclick: () => { state.deleting = false; draw(); } }, t("data.delete.cancel"))));
  };

  async function makeLink() {
    try {
      state.link = await api("POST", "/api/players/me/device-link");
    } catch (err) {
      toast(/** @type {Error} */ (err).message); // api() throws Errors (HttpError, fetch's TypeError)
    }
    draw();
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(state.link.url);
      toast(t("dev.link.copied"), "info");
    } catch {
      card.querySelector(".pl-link-url")?.select();
    }
  }

  async function loadDevices() {
    try {
      state.devices = (await api("GET", "/api/players/me/devices")).devices;
    } catch {
      state.devices = [];
    }
    draw();
  }

  async function signOut(device, name) {
    if (!window.confirm(t("dev.signout.confirm", { name }))) return;
    try {
      await api("DELETE", `/api/players/me/devices/${encodeURIComponent(device.id)}`);
    } catch (err) {
      toast(/** @type {Error} */ (err).message); // api() throws Errors (HttpError, fetch's TypeError)
    }
    if (device.current) return forgetMe(); // this very device: it is nobody now
    loadDevices();
  }

  async function download() {
    // Fetched with the token (a plain link could not send it), then handed over as a file.
    const response = await fetch("/api/players/me/data", { headers: { Authorization: `Bearer ${getToken()}` } });
    if (!response.ok) { toast(t("err.http")); return; }
    const url = URL.createObjectURL(await response.blob());
    const a = h("a", { href: url, download: `spieltisch-${app.me?.id || "daten"}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  async function deleteMe() {
    try {
      await api("DELETE", `/api/players/me?confirm=${encodeURIComponent(app.me?.id || "")}`);
    } catch (err) {
      toast(/** @type {Error} */ (err).message); // api() throws Errors (HttpError, fetch's TypeError)
      return;
    }
    toast(t("data.deleted"), "info");
    forgetMe();
  }

  function forgetMe() {
    setToken(null);
    app.me = null;
    net.close();
    location.assign("/"); // a fresh start: the nickname form
  }

  draw();
  loadDevices();
  return card;
}
