// croupier web console: helpers of the staff screens (waiting lists, cashier, auditor, report).
// Plain ES module over the shared client (croupier.js); no dependencies.
import { api, attempt, dateTime, h, header, requireLogin, said, say, session } from "/ui/croupier.js";

/** Start a staff screen: log-in required, the header, and the roles that may use it. */
export function screen(title, roles) {
  requireLogin();
  header(title);
  document.body.dataset.role = session.role;
  if (roles && !roles.includes(session.role)) {
    say(`This screen is for ${roles.join(" or ")}; you are ${session.role}. The server refuses what your role may not do.`, "croupier roles", "refused");
  }
}

/** A time of the room clock (seconds) in the room's locale, zone and clock. */
export function when(seconds) {
  return dateTime(seconds);
}

/** A duration in words: "4 min 05 s". */
export function duration(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return m ? `${m} min ${String(s % 60).padStart(2, "0")} s` : `${s} s`;
}

/** The room board, plain: [{table, kind, game, stakes, seats, taken, waiting}]. */
export async function board() {
  const data = await attempt(() => api.get("/room/board"));
  return data ? data.board : [];
}

/** A labelled field: h("label", text, input). */
export function field(label, input) {
  return h("label", {}, label, input);
}

/** A <select> of options [[value, text]]. */
export function choice(name, options, attrs = {}) {
  return h("select", { name, ...attrs }, ...options.map(([v, t]) => h("option", { value: v }, t)));
}

/** A form that sends a command built from its fields; shows the outcome (or the refusal with
 *  its clause) in the status line and calls ``done`` after an accepted command. */
export function commandForm(id, title, fields, build, done = () => {}) {
  const form = h(`form.panel.command#${id}`, { "aria-labelledby": `${id}-title` },
    h(`h3#${id}-title`, {}, title), ...fields, h("button.primary", { type: "submit" }, title));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const values = Object.fromEntries(new FormData(form).entries());
    const cmd = build(values, form);
    if (!cmd) return;
    const r = await attempt(() => api.command(cmd));
    if (r) {
      await done(r); // what the command changed is shown before it is said done
      say(`${title}: accepted. ${said(r)}`, "", "ok");
    }
  });
  return form;
}

/** A whole number from a form value (NaN stays NaN: the server refuses it with its reason). */
export function whole(v) {
  return v === "" || v === undefined ? NaN : Number(v);
}

/** Download an authenticated API answer (CSV, PHH) as a file. */
export async function download(path, filename) {
  const r = await fetch(path, { headers: { Authorization: `Bearer ${session.token}` } });
  if (!r.ok) {
    let body = null;
    try { body = await r.json(); } catch (e) { body = null; }
    say(body && body.refused ? body.refused : `HTTP ${r.status}`, body && body.clause ? body.clause : "", "refused");
    return null;
  }
  const blob = await r.blob();
  const a = h("a", { href: URL.createObjectURL(blob), download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  return blob;
}

/** SHA-256 of bytes, in hex (the browser's own Web Crypto). */
export async function sha256hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Bytes from hex. */
export function fromHex(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** A grid table: headers and rows of cells (nodes or text). */
export function grid(label, headers, rows, rowAttrs = () => ({})) {
  return h("table.grid", { "aria-label": label },
    h("thead", {}, h("tr", {}, ...headers.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, ...rows.map((r, i) => h("tr", rowAttrs(r, i), ...r.cells.map((c) => h("td", {}, c))))));
}
