// The tournament's screen: for the director the controls of the event (start, the clock, levels,
// pause and resume, balancing, eliminations, penalties, the clock on a slow player, seat
// corrections; a tournament not yet open, opened with its conditions), for the cage its
// entries, re-buys and the prizes it pays,
// for anyone logged in the field, the tables and the payouts. Live over the tournament's stream
// socket: the server pushes the tournament (the field, the tables, the clock; for the director
// the hand at each table) after every commit that changes it; the page never polls.
import { api, attempt, count, countdown, follow, h, header, params, requireLogin, said, say, session, setText } from "/ui/croupier.js";

requireLogin();
const name = params.get("tournament") || "";
const T = encodeURIComponent(name);
const $ = (id) => document.getElementById(id);
const director = session.role === "director";
let clock = null;
let arrived = 0;
let ticker = null; // shows the time left at once (countdown)

const money = (n) => `$${count(n)}`;
const num = (n) => count(n);
function mmss(total) {
  const s = Math.max(0, Math.ceil(total));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Send a director's (or the cage's) command; say what was done or the refusal with its clause. */
async function send(cmd, done) {
  const r = await attempt(() => api.command({ tournament: name, ...cmd }));
  if (r) {
    await live.until(r.position); // the tournament comes on its socket
    say(done || `Done: ${said(r)}`, "", "ok");
  }
  return r;
}

function showClock(c) {
  clock = c;
  arrived = performance.now();
  ticker?.();
  document.body.dataset.status = c.status;
  $("t-status").textContent = c.status;
  $("t-level").textContent = c.level.break ? "break" : String(c.level.number);
  $("t-blinds").textContent = c.level.break ? "—" : `${num(c.level.small_blind)} / ${num(c.level.big_blind)}${c.level.big_blind_ante ? ` (BBA ${num(c.level.big_blind_ante)})` : c.level.ante ? ` (ante ${num(c.level.ante)})` : ""}`;
  $("t-players").textContent = num(c.players_left);
  $("t-entries").textContent = num(c.entries);
  $("t-pool").textContent = money(c.prize_pool);
  $("payouts").replaceChildren(...c.payouts.map((p) => h("li", {}, p.seat ? "a seat" : money(p.cash))));
  $("start").disabled = c.status !== "registering";
  $("pause").disabled = !(c.status === "running" || c.status === "break");
  $("resume").disabled = c.status !== "paused";
  $("next").disabled = c.status === "registering" || c.status === "finished";
}

/** The level's time left, counted on from the server's last figure (null: it stands still). */
function showTime() {
  if (!clock) return null;
  const on = clock.status === "running" || clock.status === "break";
  const left = on ? clock.remaining - (performance.now() - arrived) / 1000 : clock.remaining;
  setText($("t-time"), mmss(left));
  return on ? left : null;
}

function options(select, values) {
  const keep = select.value;
  select.replaceChildren(...values.map((v) => h("option", { value: v }, v)));
  if (values.includes(keep)) select.value = keep;
}

/** Show the tournament as the server pushed it; tell the live hands' panel
 *  (tournament_live.js) too. */
function refresh(t) {
  $("open").hidden = true;
  window.croupierTournamentView = t; // for tournament_live.js, should it run after this view came
  window.dispatchEvent(new CustomEvent("croupier-tournament", { detail: t }));
  showClock(t.clock);
  $("reg-count").textContent = `(${t.entrants.length} registered)`;
  $("entrants").querySelector("tbody").replaceChildren(...t.entrants.map((e) =>
    h("tr", { "data-player": e.player, "data-status": e.status },
      h("td", {}, e.player), h("td", {}, e.status), h("td", {}, e.entries),
      h("td", {}, e.table ?? ""), h("td", {}, e.seat ?? ""), h("td", {}, num(e.stack)),
      h("td", {}, e.place ?? ""), h("td", {}, e.cash ? money(e.cash) : ""),
      h("td", { "data-owed": e.owed }, e.owed ? money(e.owed) : ""), h("td", {}, e.slow ? `${e.slow}×` : ""))));
  owed = Object.fromEntries(t.entrants.map((e) => [e.player, e.owed || 0]));
  const owing = t.entrants.filter((e) => e.owed);
  $("owing").textContent = owing.length
    ? `The pool owes ${money(owing.reduce((s, e) => s + e.owed, 0))}: ${owing.map((e) => `${e.player} ${money(e.owed)}`).join(", ")}.`
    : "The pool owes nothing.";
  const tables = Object.entries(t.tables);
  $("tables").replaceChildren(...tables.map(([n, seats]) =>
    h("div.tbl", { "data-table": n }, h("h3", {}, `Table ${n}`),
      h("ul", {}, ...Object.entries(seats).sort((a, b) => a[0] - b[0]).map(([s, p]) => h("li", {}, `${s}: ${p}`))))));
  $("reconciled").textContent = t.balanced ? "(the cage's pool agrees)" : "(the cage's pool does not agree: see the cashier)";
  const p = t.proposed;
  const items = [];
  if (p.due) items.push(h("li.due", {}, `${p.due.refused} `, h("span.clause", {}, p.due.clause)));
  if (p.final_table) items.push(h("li", {}, "Redraw for the final table ", h("span.clause", {}, p.final_table_clause)));
  if (p.break_table !== null) items.push(h("li", {}, `Break table ${p.break_table}: its players' seats are drawn `, h("span.clause", {}, p.break_clause)));
  for (const m of p.moves) {
    items.push(h("li", { "data-move": m.player }, `${m.player}: table ${m.from_table} seat ${m.from_seat} → table ${m.to_table} seat ${m.to_seat} `, h("span.clause", {}, m.clause)));
  }
  if (!items.length) items.push(h("li.muted", {}, "nothing: the tables are balanced"));
  $("proposed").replaceChildren(...items);
  $("balance").textContent = p.moves.length || p.break_table !== null || p.final_table ? "Balance tables (as proposed)" : "Balance tables";
  const alive = t.entrants.filter((e) => e.status !== "eliminated").map((e) => e.player);
  options($("pen-player"), alive);
  options($("pres-player"), alive);
  options($("slow-player"), alive);
  options($("reseat-player"), alive);
  // prizes: those the pool owes first, then everyone who entered
  const payees = [...t.entrants.filter((e) => e.owed).map((e) => e.player), ...t.entrants.filter((e) => !e.owed).map((e) => e.player)];
  const before = $("pay-player").value;
  options($("pay-player"), payees);
  // once a prize is paid, the form moves on to the next player the pool owes
  if (!owed[$("pay-player").value] && payees.length && owed[payees[0]]) $("pay-player").value = payees[0];
  if ($("pay-player").value !== before || !$("pay-amount").value) prefillPrize();
  options($("bust-table"), tables.map(([n]) => n));
}

let owed = {};
function prefillPrize() {
  const due = owed[$("pay-player").value];
  $("pay-amount").value = due ? String(due) : "";
}

function wire() {
  $("open").onsubmit = (ev) => {
    ev.preventDefault();
    send({ type: "OpenTournament", conditions: $("open-conditions").value }, `Tournament ${name} is open for entries.`);
  };
  $("start").onclick = () => send({ type: "StartTournament" }, "The tournament has started: seats drawn.");
  $("pause").onclick = () => send({ type: "PauseClock" }, "The clock is paused.");
  $("resume").onclick = () => send({ type: "ResumeClock" }, "The clock runs again.");
  $("next").onclick = () => send({ type: "NextLevel" }, "The next level has begun.");
  $("colour").onclick = () => send({ type: "ColourUp" });
  $("balance").onclick = () => send({ type: "BalanceTables" });
  $("adjust").onsubmit = (ev) => { ev.preventDefault(); send({ type: "AdjustClock", seconds: Number($("adjust-seconds").value) }); };
  $("bust").onsubmit = (ev) => { ev.preventDefault(); send({ type: "EliminateBusted", table: Number($("bust-table").value) }); };
  $("penalty").onsubmit = (ev) => {
    ev.preventDefault();
    send({ type: "Penalise", player: $("pen-player").value, kind: $("pen-kind").value, amount: Number($("pen-amount").value) });
  };
  $("slow").onsubmit = (ev) => {
    ev.preventDefault();
    const who = $("slow-player").value;
    send({ type: "FindSlow", player: who }, `${who} is told to expedite play: on the clock.`);
  };
  $("reseat").onsubmit = (ev) => {
    ev.preventDefault();
    send({ type: "CorrectSeat", player: $("reseat-player").value, table: Number($("reseat-table").value), seat: Number($("reseat-seat").value) });
  };
  $("pay-player").onchange = prefillPrize;
  $("pay").onsubmit = (ev) => {
    ev.preventDefault();
    const who = $("pay-player").value, amount = Number($("pay-amount").value);
    send({ type: "PayPrize", player: who, amount }, `${money(amount)} paid to ${who}.`);
  };
  $("presence").onsubmit = (ev) => { ev.preventDefault(); send({ type: "SetPresent", player: $("pres-player").value, present: true }); };
  $("absent").onclick = () => send({ type: "SetPresent", player: $("pres-player").value, present: false });
  $("enter").onsubmit = (ev) => { ev.preventDefault(); send({ type: "EnterTournament", player: $("enter-player").value }, `${$("enter-player").value} is entered.`); };
  $("buy").onsubmit = (ev) => { ev.preventDefault(); send({ type: "TournamentBuy", player: $("buy-player").value, kind: $("buy-kind").value }); };
}

header(`Tournament ${name}`);
$("wall-link").href = `/ui/clock.html?tournament=${T}`;
$("director").hidden = !director;
$("cage").hidden = session.role !== "cashier";
wire();
ticker = countdown(showTime);
const live = follow(`/ws/tournaments/${T}`, (msg) => {
  const t = msg.view !== undefined ? msg.view : msg.snapshot;
  if (t) refresh(t);
}, () => {}, { query: director ? "hand=all" : "" });
// a tournament not yet open (404): the director opens it with its conditions; the socket tries
// again meanwhile and, once it opens, the pushed tournament hides the form
if (director) api.get(`/tournaments/${T}`).catch(() => { if (!live.last) $("open").hidden = false; });
window.croupierTournament = live; // the live hands' panel waits on it too (tournament_live.js)
