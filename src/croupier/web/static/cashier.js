// The cage: seat a player with a buy-in, top-ups (and players' top-up requests), cash-outs, UTH chips, tournament entries and
// prizes; the room's ledger and its conservation check. Every movement is a command to the room.
import { api, attempt, follow, h, said, say, timeOfDay } from "/ui/croupier.js";
import { board, choice, commandForm, field, grid, screen, whole } from "/ui/staff.js";

screen("The cage", ["cashier"]);

const TERMS = [
  ["cash_out", "cash paid out"], ["chips", "chips on the cash tables (locked funds included)"],
  ["commission", "commission"], ["fees", "table fees"], ["uth_chips", "chips out at UTH tables"],
  ["pools", "tournament prize pools"], ["tournament_fees", "tournament fees"],
];

/** Read ``read`` of the room (GET /room/{read}) once, show it, then follow it on its stream
 *  socket (/ws/room/{read}): the server pushes it again after every commit that changes it. */
const follows = {};
async function live(read, show) {
  const r = await attempt(() => api.get(`/room/${read}`));
  show(r);
  follows[read] = follow(`/ws/room/${read}`, (msg) => {
    const body = msg.view !== undefined ? msg.view : msg.snapshot;
    if (body) show(body);
  }, () => {}, r && typeof r.seq === "number" ? { after: r.seq } : {});
}

function showLedger(r) {
  const box = document.getElementById("ledger");
  if (!r) { box.replaceChildren(h("p.muted", {}, "The ledger is for the cashier, floor, auditor and admin.")); return; }
  const led = r.ledger;
  const accounted = TERMS.reduce((s, [k]) => s + led[k], 0);
  box.replaceChildren(
    grid("ledger", ["term", "amount"], [
      { cells: ["cash taken in", String(led.cash_in)] },
      ...TERMS.map(([k, label]) => ({ cells: [label, String(led[k])] })),
      { cells: ["accounted for (the sum of the terms above)", String(accounted)] },
    ]),
    h("p", { id: "conserved", class: r.conserved ? "check-ok" : "check-bad" },
      r.conserved ? `Conserved: cash in ${led.cash_in} = ${accounted} accounted for.` : `NOT conserved: cash in ${led.cash_in} ≠ ${accounted} accounted for.`),
  );
}

function showCalled(r) {
  if (!r) return;
  const rows = r.lists.flatMap((l) => l.players.filter((p) => p.called).map((p) => ({ ...p, list: l })));
  const box = document.getElementById("called");
  if (!rows.length) { box.replaceChildren(h("p.muted", {}, "Nobody is called.")); return; }
  box.replaceChildren(grid("called players", ["player", "list", "table", "come by", ""], rows.map((p) => ({
    cells: [p.player, `${p.list.game} ${p.list.stakes}`, p.called.table, timeOfDay(p.called.deadline),
      h("button", { type: "button", onclick: () => prefillSeat(p.player, p.called.table) }, `Seat ${p.player}`)],
  }))));
}

function prefillSeat(player, table) {
  const form = document.getElementById("take-seat");
  form.elements.player.value = player;
  form.elements.table.value = table;
  form.elements.cash.focus();
}

async function showSeated(cash) {
  const rows = [];
  for (const t of cash) {
    const v = await attempt(() => api.get(`/tables/${encodeURIComponent(t.table)}/view`));
    if (!v) continue;
    const view = v.view;
    const stacks = Object.fromEntries(view.stacks);
    for (const [seat, player, status] of view.seats) rows.push({ table: t.table, seat, player, status, chips: stacks[player] ?? 0 });
  }
  document.getElementById("seated").replaceChildren(grid("players seated", ["table", "seat", "player", "status", "chips", ""], rows.map((r) => ({
    ...r,
    cells: [r.table, String(r.seat), r.player, r.status, String(r.chips),
      h("span.inline", {},
        h("button", { type: "button", onclick: () => fill("top-up", r) }, "Top up"),
        h("button", { type: "button", onclick: () => fill("cash-out", r) }, "Cash out"))],
  })), (r) => ({ "data-player": r.player })));
}

function fill(id, r) {
  const form = document.getElementById(id);
  form.elements.player.value = r.player;
  form.elements.table.value = r.table;
  (form.elements.cash || form.querySelector("button")).focus();
}

const input = (name, attrs = {}) => h("input", { name, required: true, ...attrs });
const money = (name) => input(name, { type: "number", min: 1, step: 1, inputmode: "numeric" });

/** Players' top-up requests from their seats: top up (a BuyIn of what they asked) or decline. */
function showTopups(r) {
  if (!r) return;
  const box = document.getElementById("topups");
  if (!r.pending.length) { box.replaceChildren(h("p.muted", {}, "Nobody is asking for a top-up.")); return; }
  const answer = async (what, command) => {
    const done = await attempt(() => api.command(command));
    if (!done) return;
    await follows.topups.until(done.position); // the cage's reads come on their sockets
    say(`${what}: accepted. ${said(done)}`, "", "ok");
  };
  box.replaceChildren(grid("top-up requests", ["player", "table", "asks for", ""], r.pending.map((x) => ({
    cells: [x.player, x.table, String(x.cash), h("span.inline", {},
      h("button.primary", { type: "button", onclick: () => answer(`${x.player} topped up`, { type: "BuyIn", player: x.player, table: x.table, cash: x.cash }) }, `Top up ${x.player} ${x.cash}`),
      h("button", { type: "button", onclick: () => answer(`${x.player}'s top-up declined`, { type: "DeclineTopUp", player: x.player, table: x.table, reason: document.getElementById("decline-reason").value }) }, `Decline ${x.player}`))],
  })), (x) => ({ "data-player": x.player })));
}


async function build() {
  const rows = await board();
  const cash = rows.filter((r) => r.kind === "cash");
  const uth = rows.filter((r) => r.kind === "uth");
  const tours = rows.filter((r) => r.kind === "tournament");
  const pick = (list) => choice("table", list.map((r) => [r.table, `${r.table} · ${r.game} ${r.stakes}`]));
  const tourPick = () => choice("tournament", tours.map((r) => [r.table, `${r.table} · ${r.game} (${r.stakes})`]));
  // the ledger, calls and top-ups come on their sockets: the ledger shows the command first
  const done = async (r) => { await follows.ledger.until(r.position); await showSeated(cash); };
  document.getElementById("forms").replaceChildren(
    commandForm("take-seat", "Seat a player", [field("Player", input("player")), field("Table", pick(cash)), field("Seat number", money("seat")), field("Buy-in (cash)", money("cash")),
      h("label", {}, h("span", {}, h("input", { type: "checkbox", name: "post" }), " posts a blind to play now"))],
    (v) => ({ type: "TakeSeat", player: v.player, table: v.table, seat: whole(v.seat), cash: whole(v.cash), post: v.post === "on" }), done),
    commandForm("top-up", "Top up", [field("Player", input("player")), field("Table", pick(cash)), field("Chips bought (cash)", money("cash"))],
      (v) => ({ type: "BuyIn", player: v.player, table: v.table, cash: whole(v.cash) }), done),
    commandForm("cash-out", "Cash out", [field("Player", input("player")), field("Table", pick(cash))],
      (v) => ({ type: "CashOut", player: v.player, table: v.table }), done),
  );
  document.getElementById("more").replaceChildren(
    commandForm("uth-buy-in", "UTH buy-in", [field("Player", input("player")), field("UTH table", pick(uth)), field("Cash", money("cash"))],
      (v) => ({ type: "UthBuyIn", player: v.player, table: v.table, cash: whole(v.cash) }), done),
    commandForm("uth-cash-out", "UTH cash-out", [field("Player", input("player")), field("UTH table", pick(uth)), field("Chips redeemed", money("chips"))],
      (v) => ({ type: "UthCashOut", player: v.player, table: v.table, chips: whole(v.chips) }), done),
    commandForm("enter", "Tournament entry", [field("Player", input("player")), field("Tournament", tourPick())],
      (v) => ({ type: "EnterTournament", player: v.player, tournament: v.tournament }), done),
    commandForm("prize", "Pay a prize", [field("Player", input("player")), field("Tournament", tourPick()), field("Prize (cash)", money("amount"))],
      (v) => ({ type: "PayPrize", player: v.player, tournament: v.tournament, amount: whole(v.amount) }), done),
  );
  await Promise.all([live("ledger", showLedger), live("lists", showCalled), live("topups", showTopups), showSeated(cash)]);
}

build();
