// HTTP identity calls and the one WebSocket per tab, with reconnect and backoff.

import { t } from "./i18n.js";
import { setBanner } from "./ui.js";

const TOKEN_KEY = "spieltisch.token";

export function getToken() {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export class HttpError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

/** JSON request to the server's HTTP API. */
export async function api(method, path, body = undefined) {
  const headers = { Accept: "application/json" };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new HttpError(0, "network", t("err.http"));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const e = data && data.error ? data.error : {};
    throw new HttpError(response.status, e.code, e.message);
  }
  return data;
}

/**
 * The WebSocket. Handlers by message type (on("table", fn)); onOpen hooks run after every
 * (re)connect so the app can re-send watch_lobby / open_table.
 *
 * The token goes in the socket's first frame, the hello (never in the URL: a proxy's log keeps URLs);
 * the page's own messages follow at once, and the server answers them after its welcome. Only the
 * welcome makes the connection count as up (the banner goes, the back-off starts again from the
 * shortest wait): a server that cannot look the player up (its database down) answers `unavailable`
 * and closes with 1013, "try again later", and the page keeps trying, backing off, as after any
 * failed connect.
 */
export class Connection {
  constructor() {
    this.ws = null;
    this.handlers = new Map();
    this.openHooks = new Set();
    this.attempt = 0;
    this.wanted = false;
    this.seq = 0;
    this.everOpen = false;
    this.welcomed = false; // the server has said welcome on this socket
    this.clockOffset = 0; // server_time - local time, seconds
    this.retryTimer = null;
    this.pingTimer = null;
    this.bannerTimer = null;
    this.table = null; // the table this page shows: the socket's address names it (for a proxy)
    this.socketTable = null; // the table the open socket's address named
    this.routedByTable = false; // the welcome said: a table's players are best on one process
  }

  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(fn);
    return () => this.handlers.get(type).delete(fn);
  }

  onOpen(fn) {
    this.openHooks.add(fn);
    return () => this.openHooks.delete(fn);
  }

  get isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** Seconds on the server's clock now, as far as this client can tell. */
  serverNow() {
    return Date.now() / 1000 + this.clockOffset;
  }

  connect() {
    this.wanted = true;
    if (this.ws && (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)) return;
    const token = getToken();
    if (!token) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const route = this.table ? `?table=${encodeURIComponent(this.table)}` : "";
    const ws = new WebSocket(`${proto}://${location.host}/ws${route}`);
    this.ws = ws;
    this.socketTable = this.table;
    this.welcomed = false;
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      ws.send(JSON.stringify({ type: "hello", token }));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
      for (const fn of this.openHooks) fn();
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (typeof msg.server_time === "number") this.clockOffset = msg.server_time - Date.now() / 1000;
      if (msg.type === "table" && msg.table && typeof msg.table.server_time === "number") {
        this.clockOffset = msg.table.server_time - Date.now() / 1000;
      }
      if (msg.type === "welcome" && this.ws === ws) this.welcome(msg);
      // Refused at the door for an outage: the banner says it (reconnecting), no message on top.
      if (!this.welcomed && msg.type === "error" && msg.code === "unavailable") return;
      for (const fn of this.handlers.get(msg.type) || []) fn(msg);
      for (const fn of this.handlers.get("*") || []) fn(msg);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.welcomed = false;
      clearInterval(this.pingTimer);
      document.body.dataset.connection = "closed";
      for (const fn of this.handlers.get("close") || []) fn(event);
      if (!this.wanted) return;
      if (event.code === 4401 || event.code === 4403) {
        for (const fn of this.handlers.get("auth_failed") || []) fn(event);
        return;
      }
      this.scheduleRetry();
    });
  }

  /**
   * The page shows this table now (null: none). Where the server runs as several processes behind
   * a proxy that routes by table (its welcome says `route: "table"`), the socket is opened again on
   * `/ws?table=<id>`: every player of a table then reaches the process that runs it. Leaving a table
   * keeps the socket (the lobby is the same on every process).
   */
  follow(tableId) {
    this.table = tableId;
    if (tableId && this.routedByTable && this.ws && this.socketTable !== tableId) this.reconnect();
  }

  /** The server knows who this is: the connection is up. */
  welcome(msg) {
    this.routedByTable = msg.route === "table";
    // (After the welcome's own handlers: they may still want this socket's answers.)
    if (this.routedByTable && this.table && this.socketTable !== this.table) setTimeout(() => this.follow(this.table));
    this.welcomed = true;
    this.attempt = 0;
    this.everOpen = true;
    clearTimeout(this.bannerTimer);
    setBanner("");
    document.body.dataset.connection = "open";
  }

  scheduleRetry() {
    // Show the banner only if the outage lasts a moment (a quick reload-style blip stays silent).
    clearTimeout(this.bannerTimer);
    this.bannerTimer = setTimeout(() => {
      if (!this.welcomed) setBanner(t("net.reconnecting"));
    }, this.everOpen ? 400 : 1500);
    const base = Math.min(10000, 400 * 2 ** this.attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Drop the socket and connect again (e.g. with a new token). */
  reconnect() {
    this.close();
    this.connect();
  }

  close() {
    this.wanted = false;
    this.welcomed = false;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close();
    }
  }

  /** Send a message; returns its seq, or null when not connected. */
  send(msg) {
    if (!this.isOpen) return null;
    this.seq += 1;
    this.ws.send(JSON.stringify({ ...msg, seq: this.seq }));
    return this.seq;
  }
}

export const net = new Connection();
// Reconnect at once when the browser says it is back online or the tab becomes visible again.
window.addEventListener("online", () => {
  if (net.wanted && !net.isOpen) net.connect();
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && net.wanted && !net.isOpen) net.connect();
});
