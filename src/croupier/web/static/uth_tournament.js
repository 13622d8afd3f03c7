// A UTH tournament's screen: for the director the draw, each table's rounds
// (begin, the wagers asked in order, the deal, each box's decision, the settlement), seats
// forfeited, substitutes approved and the places; for the cage its entries, reserves and
// prizes; for a player in it their own box: their wagers when asked, their cards, the board as
// it is turned, and their decisions; for anyone logged in the entrants, tables, chips,
// eliminations, reserves and prizes. Every command goes through POST /commands; a refusal
// shows with its clause. Live over its stream socket (/ws/uth-tournaments/{name}): the server
// pushes the tournament (and a player's own box) after every commit that changes it; the page
// never polls.
import { api, attempt, card, count, follow, h, header, params, requireLogin, said, say, session } from "/ui/croupier.js";

requireLogin();
header("UTH tournament");
const name = params.get("tournament") || "";
const $ = (id) => document.getElementById(id);
const director = session.role === "director";
const cashier = session.role === "cashier";
const money = (n) => `$${count(n)}`;
const tagged = (type, fields = {}) => ({ $t: type, ...fields });
const TC = "croupier.uth.tournament_commands:";
const UC = "croupier.uth.commands:";

async function send(cmd) {
  const r = await attempt(() => api.command({ tournament: name, ...cmd }));
  if (r) {
    await live.until(r.position); // the tournament comes on its socket
    say(`Done: ${said(r)}`, "", "ok");
  }
  return r;
}
const run = (type, fields) => send({ type: "RunUthTournament", command: tagged(TC + type, fields) });
const decide = (number, type, fields) =>
  send({ type: "UthTournamentDecision", number, command: tagged(UC + type, fields) });

function roundPanel(t) {
  const r = t.round;
  if (!r) return null;
  return h("div.round", { "data-phase": r.phase },
    h("p", {}, `Round in play: ${r.phase}`),
    h("ul", {}, ...r.boxes.map((b) => h("li", { "data-box": b.box },
      `Box ${b.box}: ${b.player}, ante ${count(b.ante)}, blind ${count(b.blind)}` +
      (b.play ? `, play ${count(b.play)}` : "") + (b.folded ? ", folded" : "") + (b.settled ? ", settled" : "")))),
    director ? h("div.actions", {},
      r.awaiting === "settlement" ? h("button.primary", { type: "button", onclick: () => decide(t.number, "SettleAll") }, `Settle table ${t.number}`) : null,
      ...r.decisions.flatMap((d) => [
        d.check ? h("button", { type: "button", onclick: () => decide(t.number, "Check", { box: d.box }) }, `Box ${d.box}: check`) : null,
        ...d.multiples.map((m) => h("button", { type: "button", onclick: () => decide(t.number, "Bet", { box: d.box, multiple: m }) }, `Box ${d.box}: bet ${m}×`)),
        d.fold ? h("button", { type: "button", onclick: () => decide(t.number, "Fold", { box: d.box }) }, `Box ${d.box}: fold`) : null,
      ].filter(Boolean)),
    ) : null);
}

function tablePanel(t, v) {
  const ante = v.conditions.minimum;
  const controls = director ? h("div.actions", {},
    t.status === "running" && !t.played_out ? h("button.primary", { type: "button", onclick: () => run("BeginRound", { table: t.number }) }, `Begin a round at table ${t.number}`) : null,
    t.status === "wagering" && t.asked && !(t.asked in t.wagers)
      ? h("button", { type: "button", onclick: () => run("PlaceWager", { player: t.asked, ante }) }, `${t.asked} wagers ${count(ante)}`) : null,
    t.status === "wagering" ? h("button", { type: "button", onclick: () => run("AskNext", { table: t.number }) }, `Ask the next player at table ${t.number}`) : null,
    t.status === "in-round" && !t.round ? h("button.primary", { type: "button", onclick: () => send({ type: "DealUthTournamentRound", number: t.number }) }, `Deal table ${t.number}`) : null,
  ) : null;
  return h("div.tbl", { "data-table": t.number, "data-status": t.status },
    h("h3", {}, `Table ${t.number} · ${t.status} · ${t.rounds} rounds`),
    h("ul", {}, ...t.boxes.map((p, i) => h("li", {}, `Box ${i + 1}: ${p ?? "—"}` +
      (p && t.wagers[p] ? ` (wagered ${count(t.wagers[p].ante)})` : "") + (p === t.asked ? " ← asked" : "")))),
    roundPanel(t), controls);
}

function button(label, onclick, primary = false) {
  return h(primary ? "button.primary" : "button", { type: "button", onclick }, label);
}

// The player's own box: wagers when their table asks (16.17), their decisions in the round.
function seatPanel(s, v) {
  $("seat").hidden = !s;
  if (!s) return;
  const t = s.table ? v.tables.find((x) => x.number === s.table) : null;
  const r = s.round;
  $("seat-title").textContent = s.reserve ? "You are a reserve"
    : t ? `Your box: table ${s.table}, box ${s.box} · ${count(s.chips)} chips` : `No box · ${count(s.chips)} chips`;
  $("seat-state").textContent = s.reserve ? `A seat not taken may be offered to you (${v.reserve_clause})`
    : s.out ? "You are out of the tournament"
    : t && t.status === "wagering" ? (s.wager ? `Your wagers: ante ${count(s.wager.ante)}, blind ${count(s.wager.ante)}, trips ${count(s.wager.trips)}`
      : s.asked ? "Your turn to wager" : "Wagers are being asked")
    : t && t.status === "in-round" ? (r && r.in_play ? `The round is in play: ${r.phase}` : "The cards are being dealt")
    : "Between rounds";
  document.body.dataset.seat = s.reserve ? "reserve" : s.out ? "out" : s.asked ? "asked" : r && r.in_play && r.decisions.length ? "deciding" : "waiting";
  $("my-wager").hidden = !(t && t.status === "wagering" && !s.wager && !s.out);
  if (!$("my-ante").value) $("my-ante").value = String(v.conditions.minimum);
  $("my-hole").replaceChildren(...(r ? r.hole.map(card) : []));
  $("my-board").replaceChildren(...(r ? r.board.map(card) : []));
  $("my-dealer").replaceChildren(...(r && r.dealer.length ? r.dealer.map(card) : r && r.in_play ? [card(null), card(null)] : []));
  $("my-dealer-hand").textContent = r ? r.dealer_hand : "";
  const act = (action, multiple = 0) => send({ type: "UthTournamentAct", action, multiple });
  $("my-decisions").replaceChildren(...(r && r.in_play ? r.decisions.flatMap((d) => [
    d.check ? button("Check", () => act("check")) : null,
    ...d.multiples.map((m) => button(`Play ${m}× the Ante`, () => act("play", m), true)),
    d.fold ? button("Fold", () => act("fold")) : null,
  ].filter(Boolean)) : []));
  const res = r && r.result;
  $("my-result").textContent = !res ? "" : res.folded ? `Folded: ${money(res.paid)} back` : `${res.hand}: ${money(res.paid)} back to you`;
}

function refresh(body) {
  const v = body.view;
  document.body.dataset.status = v.status;
  seatPanel(body.seat, v);
  $("u-status").textContent = v.status;
  $("u-rounds").textContent = count(v.rounds);
  $("u-players").textContent = count(v.entrants.filter((e) => !e.out).length);
  $("u-entries").textContent = count(v.entrants.length);
  $("u-pool").textContent = money(v.pool);
  $("u-balanced").textContent = v.cage.balanced ? "(the cage agrees)" : "(the cage disagrees)";
  $("u-session").textContent = `${v.conditions.session_limit} ${v.conditions.session}`;
  $("u-rules").textContent = v.rules;
  $("entrants").querySelector("tbody").replaceChildren(...v.entrants.map((e) =>
    h("tr", { "data-player": e.player, "data-out": String(e.out) },
      h("td", {}, e.player), h("td", {}, e.out ? "out" : "in"),
      h("td", {}, e.position ? String(e.position[0]) : ""), h("td", {}, e.position ? String(e.position[1]) : ""),
      h("td", {}, count(e.chips)), h("td", {}, e.place ?? ""),
      h("td", {}, e.prize ? money(e.prize) : ""), h("td", {}, e.prize_paid ? money(e.prize_paid) : ""))));
  $("eliminated").replaceChildren(...v.eliminated.map((e) =>
    h("li", { "data-player": e.player }, `${e.player} with ${count(e.chips)} chips`, h("span.muted", {}, ` (${e.clause})`))));
  $("tables").replaceChildren(...v.tables.map((t) => tablePanel(t, v)));
  $("reserves").replaceChildren(
    ...v.reserves.map((p) => h("li", { "data-reserve": p }, `${p}, reserve`, h("span.muted", {}, ` (${v.reserve_clause})`))),
    ...v.substitutions.map((x) => h("li", { "data-substitute": x.substitute },
      `${x.substitute} for ${x.player}, approved by ${x.approved_by}`, h("span.muted", {}, ` (${x.clause})`))));
  const options = (select, names) => {
    const keep = select.value;
    select.replaceChildren(...names.map((p) => h("option", { value: p }, p)));
    if (names.includes(keep)) select.value = keep;
  };
  const seated = v.entrants.filter((e) => e.position && !e.out).map((e) => e.player);
  options($("forfeit-player"), seated);
  options($("sub-player"), seated);
  options($("seat-reserve-player"), v.reserves);
  options($("seat-of"), v.entrants.filter((e) => e.forfeited && e.position).map((e) => e.player));
  $("draw").disabled = v.status !== "entry";
  $("award").disabled = v.status !== "finished" || v.placed;
  const owed = v.entrants.filter((e) => e.prize > e.prize_paid);
  const select = $("pay-player");
  const keep = select.value;
  select.replaceChildren(...owed.map((e) => h("option", { value: e.player }, `${e.player} (owed ${money(e.prize - e.prize_paid)})`)));
  if (owed.some((e) => e.player === keep)) select.value = keep;
}

$("director").hidden = !director;
$("cage").hidden = !cashier;
$("draw").addEventListener("click", () => send({ type: "DrawUthSeats" }));
$("award").addEventListener("click", () => run("AwardPlaces"));
$("enter").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (await send({ type: "EnterUthTournament", player: $("enter-player").value.trim() })) $("enter-player").value = "";
});
$("forfeit").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  await run("ForfeitSeat", { player: $("forfeit-player").value });
});
$("substitute").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  await send({ type: "SubstituteUthPlayer", player: $("sub-player").value, substitute: $("sub-name").value.trim() });
});
$("reserve").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (await send({ type: "AddUthReserve", player: $("reserve-player").value.trim() })) $("reserve-player").value = "";
});
$("seat-reserve").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  await send({ type: "SeatUthReserve", player: $("seat-reserve-player").value, seat_of: $("seat-of").value });
});
$("my-wager").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  await send({ type: "UthTournamentWager", ante: Number($("my-ante").value), trips: Number($("my-trips").value) });
});
$("pay").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  await send({ type: "PayUthPrize", player: $("pay-player").value, amount: Number($("pay-amount").value) });
});
const live = follow(`/ws/uth-tournaments/${encodeURIComponent(name)}`, (msg) => {
  const body = msg.view !== undefined ? msg.view : msg.snapshot;
  if (body) refresh(body);
});
