// The waiting lists: a player joins from a phone and sees their honest place and wait; the floor
// adds and removes players and calls them; the cashier seats a called player with a buy-in.
import { api, attempt, follow, h, said, say, session } from "/ui/croupier.js";
import { choice, duration, field, screen, when } from "/ui/staff.js";

screen("Waiting lists");
const role = session.role;
const floor = role === "floor";
let data = null;
let fetchedAt = 0;
let shown = "";

/** The lists read once, then followed on their stream socket (/ws/room/lists): the server
 *  pushes them again after every commit that changes them, from the number the read was at. */
let lists = null;
async function load() {
  const r = await attempt(() => api.get("/room/lists"));
  if (r) show(r);
  lists = follow("/ws/room/lists", (msg) => {
    const lists = msg.view !== undefined ? msg.view : msg.snapshot;
    if (lists) show(lists);
  }, () => {}, r && typeof r.seq === "number" ? { after: r.seq } : {});
}

function show(r) {
  data = r;
  fetchedAt = Date.now();
  // redraw only when the lists changed (a redraw would drop what the user is typing)
  const sig = JSON.stringify(r.lists.map((l) => [l.game, l.stakes, l.tables, l.waiting, l.players.map((p) => [p.player, p.position, p.called, p.ahead, p.estimate])]));
  if (sig !== shown) { shown = sig; render(); }
}

/** Count the calls down between updates. */
function countdown() {
  if (!data) return;
  for (const span of document.querySelectorAll("[data-deadline]")) {
    const secs = Number(span.dataset.deadline) - data.now - (Date.now() - fetchedAt) / 1000;
    span.querySelector(".left").textContent = duration(Math.max(0, secs));
  }
}

/** Seconds left of a call, counted down between updates. */
function left(row) {
  return Math.max(0, row.seconds_left - (Date.now() - fetchedAt) / 1000);
}

async function send(cmd, what) {
  const r = await attempt(() => api.command(cmd));
  if (r) {
    await lists.until(r.position); // the lists come on their socket
    say(`${what}: accepted. ${said(r)}`, "", "ok");
  }
  return r;
}

async function freeSeats(table, size) {
  const v = await attempt(() => api.get(`/tables/${encodeURIComponent(table)}/view`));
  if (!v) return [];
  const taken = new Set(v.view.seats.map((s) => s[0]));
  return Array.from({ length: size }, (_, i) => i + 1).filter((n) => !taken.has(n));
}

function seatForm(list, row) {
  const t = list.tables.find((x) => x.table === row.called.table);
  const seat = choice("seat", [], { "aria-label": `seat for ${row.player}` });
  freeSeats(row.called.table, t ? t.seats : 10).then((seats) => seat.replaceChildren(...seats.map((n) => h("option", { value: n }, `seat ${n}`))));
  const cash = h("input", { name: "cash", type: "number", min: 1, value: 200, "aria-label": `buy-in for ${row.player}`, size: 6 });
  return h("span.inline", {}, seat, cash,
    h("button.primary", { type: "button", onclick: () => send({ type: "TakeSeat", player: row.player, table: row.called.table, seat: Number(seat.value), cash: Number(cash.value) }, `${row.player} seated`) }, `Seat ${row.player}`));
}

function entry(list, row) {
  const who = row.player ?? `player ${row.position}`;
  const state = row.called
    ? h("span.called", { "data-deadline": row.called.deadline }, `called to ${row.called.table}: come by ${when(row.called.deadline)} (`, h("span.left", {}, duration(left(row))), " left)")
    : h("span", {}, row.ahead === 0 ? "next to be called" : `${row.ahead} ahead${row.called_ahead ? ` (${row.called_ahead} called)` : ""}`, " · ",
      row.estimate === null ? h("span.muted", {}, row.basis) : h("span", { title: row.basis }, `estimated wait ${duration(row.estimate)} (${row.basis})`));
  const actions = [];
  if (row.me && role === "player") actions.push(h("button", { type: "button", onclick: () => send({ type: "LeaveList", game: list.game, stakes: list.stakes }, "left the list") }, "Leave the list"));
  if (floor) actions.push(h("button", { type: "button", onclick: () => send({ type: "LeaveList", player: row.player, game: list.game, stakes: list.stakes }, `${row.player} removed`) }, `Remove ${row.player}`));
  if (role === "cashier" && row.called) actions.push(seatForm(list, row));
  return h(`li.list-entry${row.me ? ".me" : ""}`, { "data-player": row.player ?? "" },
    h("strong", {}, `${row.position}. ${who}`), " — ", state, " ", ...actions);
}

function render() {
  const box = document.getElementById("lists");
  box.replaceChildren(...data.lists.map((list) => {
    const mine = list.players.find((p) => p.me);
    const tables = list.tables.map((t) => `${t.table} (${t.free} of ${t.seats} free${t.seat_changes.length ? `; seat change asked by ${t.seat_changes.join(", ")}` : ""})`).join(", ");
    const tools = [];
    if (role === "player" && !mine) tools.push(h("button.primary", { type: "button", onclick: () => send({ type: "JoinList", game: list.game, stakes: list.stakes }, `joined ${list.game} ${list.stakes}`) }, `Join ${list.game} ${list.stakes}`));
    if (floor) {
      const name = h("input", { name: "player", "aria-label": `player to add to ${list.game} ${list.stakes}`, placeholder: "player" });
      tools.push(h("span.inline", {}, name, h("button", { type: "button", onclick: () => send({ type: "JoinList", player: name.value, game: list.game, stakes: list.stakes }, `${name.value} added`) }, "Add to the list")));
    }
    const yours = mine
      ? h("p.big", { id: "my-place" }, mine.called ? `Your seat is ready at ${mine.called.table}: come by ${when(mine.called.deadline)}` : `You are number ${mine.position} on the list; ${mine.ahead} ahead of you` + (mine.called_ahead ? ` (${mine.called_ahead} of them already called to open seats)` : ""))
      : null;
    return h("article.panel", { "data-list": `${list.game} ${list.stakes}`, "aria-label": `${list.game} ${list.stakes}` },
      h("h2", {}, `${list.game} · ${list.stakes}`),
      h("p.muted", {}, `Tables: ${tables}. ${list.waiting} waiting.`),
      yours,
      list.players.length ? h("ol", { "aria-label": "players waiting", style: "list-style:none;padding:0" }, ...list.players.map((row) => entry(list, row))) : h("p.muted", {}, role === "player" && list.waiting ? "" : "Nobody waits."),
      ...tools);
  }));
}

if (floor) {
  document.getElementById("floor-tools").hidden = false;
  document.getElementById("tick").addEventListener("click", () => send({ type: "RoomTick" }, "calls made"));
}
load();
setInterval(countdown, 1000);
