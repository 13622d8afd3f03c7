// croupier web console: the shared client of the room service's public API.
// Plain ES module, no dependencies. Every page imports what it needs from here.

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";
const SUIT_SYMBOL = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };

/** The card a stored id stands for ("As"); ids are rank * 4 + suit, 2c = 0 (croupier.cards). */
export function cardName(id) {
  if (id === 52) return "Jk";
  return RANKS[Math.floor(id / 4)] + SUITS[id % 4];
}

/** The store's tagged JSON ($t, $tuple, $card, $enum, ...) as plain values. No read or message
 *  carries it any more (every one is in the message contract, GET /contract): a plain value
 *  comes back unchanged. */
export function plain(x) {
  if (Array.isArray(x)) return x.map(plain);
  if (x === null || typeof x !== "object") return x;
  if ("$card" in x) return cardName(x.$card);
  if ("$tuple" in x) return x.$tuple.map(plain);
  if ("$enum" in x) return x.name;
  if ("$frozenset" in x) return x.$frozenset.map(plain);
  if ("$set" in x) return x.$set.map(plain);
  const out = {};
  for (const [k, v] of Object.entries(x)) {
    if (k === "$t") out.type = String(v).split(":").pop();
    else out[k] = plain(v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// The session: a bearer token per browser tab.

export const session = {
  get token() { return sessionStorage.getItem("croupier.token"); },
  get name() { return sessionStorage.getItem("croupier.name"); },
  get role() { return sessionStorage.getItem("croupier.role"); },
  set(name, role, token) {
    sessionStorage.setItem("croupier.name", name);
    sessionStorage.setItem("croupier.role", role);
    sessionStorage.setItem("croupier.token", token);
  },
  clear() { sessionStorage.clear(); },
};

/** A refusal from the server: status, reason in words and the clause. */
export class Refusal extends Error {
  constructor(status, body) {
    super(body && body.refused ? body.refused : `HTTP ${status}`);
    this.status = status;
    this.clause = body && body.clause ? body.clause : "";
  }
}

/** Requests in flight; past a moment's wait the page says it is loading (body[data-busy]). */
let inFlight = 0;
function busy(delta) {
  inFlight += delta;
  if (inFlight > 0 && delta > 0) {
    setTimeout(() => { if (inFlight > 0) { document.body.dataset.busy = "1"; document.body.setAttribute("aria-busy", "true"); } }, 250);
  } else if (inFlight === 0) {
    delete document.body.dataset.busy;
    document.body.removeAttribute("aria-busy");
  }
}

async function call(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  busy(1);
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } finally {
    busy(-1);
  }
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (r.status === 401 && path !== "/login") {
    session.clear();
    location.href = `/ui/?next=${encodeURIComponent(location.pathname + location.search)}`;
  }
  if (!r.ok) throw new Refusal(r.status, data);
  return data;
}

export const api = {
  get: (path) => call("GET", path),
  post: (path, body) => call("POST", path, body),
  put: (path, body) => call("PUT", path, body),
  del: (path) => call("DELETE", path),
  /** A command as data (croupier.service.commands): accepted only once committed. */
  command: (cmd) => call("POST", "/commands", cmd),
  async login(name, password) {
    const r = await call("POST", "/login", { name, password });
    session.set(name, r.role, r.token);
    return r;
  },
};

/** A one-time ticket that opens one websocket as the session's user (POST /ws-ticket): the
 * session token never goes in a URL. "" without a session or when the server refuses (the
 * websocket is then refused 4401 where it needs one; public streams open anyway). */
async function wsTicket() {
  if (!session.token) return "";
  try {
    const r = await fetch("/ws-ticket", { method: "POST", headers: { Authorization: `Bearer ${session.token}` } });
    return r.ok ? (await r.json()).ticket : "";
  } catch (e) {
    return "";
  }
}

/** Follow a stream socket's numbered messages ({seq, event, words}, {seq, snapshot} or {seq,
 * view}: the message contract, GET /contract); on a
 * dropped connection (or a restarted server) reconnect with the last sequence number seen, so
 * nothing is missed or repeated; each connection opens with a fresh ticket. ``onMessage(msg)``
 * gets every message in order; ``options.after``: start with the events after this number
 * instead of a snapshot; ``options.query``: more of the query ("views=1"). Returns a handle
 * with close(). */
export function follow(path, onMessage, onStatus = () => {}, options = {}) {
  let last = typeof options.after === "number" ? options.after : null;
  let waiting = []; // [seq, resolve]: until(seq)'s promises
  let ws = null;
  let closed = false;
  let delay = 250;
  async function open() {
    const ticket = await wsTicket();
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const after = last === null ? "" : `&after=${last}`;
    const query = options.query ? `&${options.query}` : "";
    ws = new WebSocket(`${proto}://${location.host}${path}?ticket=${encodeURIComponent(ticket)}${after}${query}`);
    ws.onopen = () => { delay = 250; onStatus("live"); };
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (typeof msg.seq === "number") {
        if (msg.event !== undefined && last !== null && msg.seq <= last) return; // already seen
        last = msg.seq;
      }
      onMessage(msg);
      if (last !== null && waiting.length) {
        const ready = waiting.filter(([seq]) => seq <= last);
        waiting = waiting.filter(([seq]) => seq > last);
        for (const [, resolve] of ready) resolve(true);
      }
    };
    ws.onclose = (e) => {
      if (closed) return;
      onStatus(`reconnecting (${e.code || "closed"})`);
      if (e.code === 4401) { session.clear(); location.href = "/ui/"; return; }
      if (e.code === 4403) { onStatus("refused"); return; } // not for this user: asking again is no use
      if (e.code === 4409) last = null; // stale: start again from a snapshot
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 4000);
    };
  }
  open();
  /** Resolves once a message numbered ``seq`` or later came (true), or after ``ms`` (false:
   *  a read that a commit left as it was is not sent again). */
  function until(seq, ms = 1500) {
    if (typeof seq !== "number" || (last !== null && last >= seq)) return Promise.resolve(true);
    return new Promise((resolve) => {
      waiting.push([seq, resolve]);
      setTimeout(() => resolve(false), ms);
    });
  }
  return { close() { closed = true; if (ws) ws.close(); }, get last() { return last; }, until };
}

// ---------------------------------------------------------------------------------------
// Small DOM helpers.

/** h("div.cls#id", {attr: v, onclick: f}, ...children) */
export function h(spec, attrs = {}, ...children) {
  const [tagAndClasses, id] = spec.split("#");
  const [tag, ...classes] = tagAndClasses.split(".");
  const e = document.createElement(tag || "div");
  if (id) e.id = id;
  if (classes.length) e.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** A card as an element: face up ("As") or face down (null). */
export function card(name) {
  if (!name) return h("span.card.down", { "aria-label": "face-down card", title: "face down" }, "\u{1F0A0}");
  const suit = name[1];
  const red = suit === "h" || suit === "d";
  return h(`span.card${red ? ".red" : ""}`, { "data-card": name, "aria-label": name }, name[0].replace("T", "10"), SUIT_SYMBOL[suit] || suit);
}

/** An accepted command's outcome in words, as the server says it (never an event's name). */
export function said(r) {
  return r && r.said && r.said.length ? `${r.said.join("; ")}.` : "done.";
}

/** Show a refusal or a message in the page's status line (role="status"). */
export function say(text, clause = "", kind = "info") {
  const box = document.getElementById("status");
  if (!box) return;
  box.className = `status ${kind}`;
  box.replaceChildren(...[h("span.reason", {}, text), clause ? h("span.clause", {}, clause) : null].filter(Boolean));
}

/** Run an async action; show its refusal (with the clause) instead of throwing. */
export async function attempt(action) {
  try {
    const r = await action();
    return r;
  } catch (e) {
    if (e instanceof Refusal) say(e.message, e.clause, "refused");
    else say(String(e), "", "refused");
    return null;
  }
}

/** Log out: the server forgets the token, the tab forgets the session. */
export async function logout() {
  try { await api.post("/logout"); } catch (e) { /* logged out already */ }
  session.clear();
  location.href = "/ui/";
}

/** The page's header: who is logged in, a link to the board, log-out. */
export function header(title) {
  const top = document.getElementById("top");
  if (!top) return;
  top.replaceChildren(...[
    h("a.home", { href: "/ui/" }, "croupier"),
    h("h1", {}, title),
    session.name ? h("span.who", {}, `${session.name} (${session.role})`) : null,
    session.name ? h("button.logout", { type: "button", onclick: logout }, "Log out") : null,
  ].filter(Boolean));
}

/** Require a log-in: redirect to the log-in page otherwise. */
export function requireLogin() {
  if (!session.token) {
    location.href = `/ui/?next=${encodeURIComponent(location.pathname + location.search)}`;
    throw new Error("not logged in");
  }
}

export const params = new URLSearchParams(location.search);

/** On a phone a grid table is read row by row, each cell under its column's name: every
 * table.grid cell is labelled with its column's heading (data-label), as tables are drawn. */
function labelGrids(root) {
  for (const table of root.querySelectorAll("table.grid")) {
    const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
    for (const row of table.querySelectorAll("tbody tr")) {
      [...row.children].forEach((cell, i) => {
        if (heads[i] && cell.dataset.label !== heads[i]) cell.dataset.label = heads[i];
      });
    }
  }
}
new MutationObserver(() => labelGrids(document)).observe(document.documentElement, { childList: true, subtree: true });
labelGrids(document);

/** The room's locale (GET /locale): the language, time zone and clock its screens use. */
export const place = await fetch("/locale")
  .then((r) => (r.ok ? r.json() : null))
  .catch(() => null) || { language: "en-AU", time_zone: "UTC", hour_cycle: "h23" };

function stamp(seconds, options) {
  if (seconds === null || seconds === undefined) return "";
  return new Date(seconds * 1000).toLocaleString(place.language,
    { timeZone: place.time_zone, hourCycle: place.hour_cycle, ...options });
}

/** A date and time (seconds since the epoch) in the room's locale, zone and clock. */
export function dateTime(seconds) {
  return stamp(seconds, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

/** A time of day (seconds since the epoch) in the room's locale, zone and clock. */
export function timeOfDay(seconds) {
  return stamp(seconds, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

/** A whole number in the room's locale (thousands separated). */
export function count(n) {
  return Number(n || 0).toLocaleString(place.language);
}

/** Runs ``show`` now and again whenever a countdown shown in whole seconds (rounded up) next
 *  changes, not at every frame: a screen left open repaints once a second, not sixty times.
 *  ``show`` puts the figure on the page and returns the seconds left while they run down, or
 *  null while they stand still. Returns a function that shows at once (a new figure came). */
export function countdown(show) {
  let timer = 0;
  const run = () => {
    clearTimeout(timer);
    const left = show();
    const part = left === null || left <= 0 ? 1 : left - Math.floor(left) || 1;
    timer = setTimeout(run, part * 1000 + 15);
  };
  run();
  return run;
}

/** Sets an element's text only when it differs (an equal write still repaints the page). */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
