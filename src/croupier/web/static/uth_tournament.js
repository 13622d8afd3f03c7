// A UTH tournament's screen: for the director the draw, each table's rounds
// (begin, the wagers asked in order, the deal, each box's decision, the settlement) and the
// places; for the cage its entries and prizes; for anyone logged in the entrants, tables,
// chips, eliminations and prizes. Every command goes through POST /commands; a refusal shows
// with its clause. Live over its stream socket (/ws/uth-tournaments/{name}): the server pushes
// the tournament after every commit that changes it; the page never polls.
import { api, attempt, count, follow, h, header, params, requireLogin, said, say, session } from "/ui/croupier.js";

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

function refresh(body) {
  const v = body.view;
  document.body.dataset.status = v.status;
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
$("pay").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  await send({ type: "PayUthPrize", player: $("pay-player").value, amount: Number($("pay-amount").value) });
});
const live = follow(`/ws/uth-tournaments/${encodeURIComponent(name)}`, (msg) => {
  const body = msg.view !== undefined ? msg.view : msg.snapshot;
  if (body) refresh(body);
});
