// The UTH table: the boxes and their wagers (Ante, Blind, Trips, Play), the decisions at each
// stage, the dealer's hand and every settlement line with its clause and pay line. A player
// works their own box; the dealer assigned to the table opens, deals and settles the rounds.
// Live: each message on the table's websocket (the caller's projection) reads the caller's view.
import { api, attempt, card, follow, h, header, params, requireLogin, said, say, session } from "/ui/croupier.js";

requireLogin();
const table = params.get("table") || "";
const $ = (id) => document.getElementById(id);
const me = session.name;
const dealer = session.role === "dealer" || session.role === "floor";

/** The stage of a round as the table speaks of it. */
export function stage(v) {
  if (!v.in_round) return v.boxes.length ? "between rounds (the last round's settlement)" : "waiting for a round";
  if (v.awaiting === "wagers") return "wagers";
  if (v.awaiting === "settlement") return "settlement";
  if (v.dealer_hand) return "the dealer's hand is shown";
  const n = v.board.length;
  if (v.awaiting === "decisions") return n >= 5 ? "decisions on the river" : n >= 3 ? "decisions on the flop" : "decisions before the flop";
  return v.awaiting;
}

const title = (s) => s.charAt(0) + s.slice(1).toLowerCase().replaceAll("_", " ");
function odds(o) { return o ? `${o.a} to ${o.b}` : ""; }
function payLine(r) {
  // a line's own clause (a house's table), else the rules' pay table (10.1)
  const clause = (r.line && r.line.clause) || r.pay_clause;
  if (r.line) return `${title(r.line.category)} pays ${odds(r.line.odds)}${clause ? ` (${clause})` : ""}`;
  if (r.odds) return `pays ${odds(r.odds)}${clause ? ` (${clause})` : ""}`;
  return "";
}

function lines(res) {
  return h("table.lines", { "aria-label": `settlement of box ${res.box}` },
    h("thead", {}, h("tr", {}, ...["Wager", "Stake", "Result", "Amount", "Clause", "Pay line"].map((x) => h("th", {}, x)))),
    h("tbody", {}, ...res.results.map((r) =>
      h("tr", { "data-wager": r.wager },
        h("td", {}, title(r.wager)), h("td", {}, r.stake),
        h(`td.${String(r.outcome).toLowerCase()}`, {}, title(r.outcome)),
        h("td", {}, r.amount > 0 ? `+${r.amount}` : String(r.amount)),
        h("td.clause", {}, r.clause), h("td", {}, payLine(r))))));
}

function boxView(b) {
  const mine = b.player === me;
  const r = b.result;
  return h(`div.box${mine ? ".mine" : ""}${b.folded ? ".folded" : ""}`, { "data-box": b.box, "data-player": b.player },
    h("h3", {}, h("span", {}, `Box ${b.box}`), h("span", {}, b.player + (mine ? " (you)" : ""))),
    h("div.wagers", {},
      ...[["Ante", b.ante], ["Blind", b.blind], ["Trips", b.trips], ["Play", b.play]].map(([k, v]) =>
        h("div", { "data-wager": k.toLowerCase() }, h("span", {}, k), h("b", {}, v)))),
    h("div.hand", { "aria-label": `cards of box ${b.box}` }, ...(b.hole.length ? b.hole.map(card) : [card(null), card(null)])),
    b.folded ? h("p.words", {}, "folded") : null,
    r ? h("div.result", {},
      r.hand ? h("p.words", {}, r.hand) : null,
      r.cards.length ? h("div.best", { "aria-label": "the best five cards" }, ...r.cards.map(card)) : null,
      lines(r),
      h("p.total", {}, `Paid to ${r.player}: ${r.paid_to_player} · house bank ${r.bank_change >= 0 ? "+" : ""}${r.bank_change} · ${r.clause}`)) : null);
}

function decisionButtons(v) {
  const out = [];
  for (const d of v.decisions) {
    const shown = Boolean(v.dealer_hand);
    if (d.can_check) out.push(h("button", { type: "button", onclick: () => send({ type: "UthCheck", box: d.box }) }, "Check"));
    for (const m of d.multiples) out.push(h("button.primary", { type: "button", onclick: () => send({ type: "UthBet", box: d.box, multiple: m }) }, `Bet ${m}× the Ante`));
    if (d.can_fold) out.push(h("button", { type: "button", onclick: () => send({ type: "UthFold", box: d.box }) }, shown ? "Concede (9.1)" : "Fold"));
  }
  return out;
}

let view = null;
function render(v) {
  view = v;
  document.body.dataset.awaiting = v.awaiting;
  document.body.dataset.inRound = String(v.in_round);
  $("stage").textContent = stage(v);
  $("bank").textContent = String(v.bank);
  $("commitment").textContent = v.commitment ? `deck commitment ${v.commitment.slice(0, 16)}…` : "";
  $("dealer").replaceChildren(...(v.dealer.length ? v.dealer.map(card) : v.in_round && v.board.length ? [card(null), card(null)] : []));
  $("dealer-hand").textContent = v.dealer_hand ? `${v.dealer_hand}${v.dealer_qualifies === false ? " (does not qualify)" : v.dealer_qualifies ? " (qualifies)" : ""}` : "";
  $("board").replaceChildren(...v.board.map(card));
  $("boxes").replaceChildren(...v.boxes.map(boxView));
  $("seats").querySelector("tbody").replaceChildren(...v.seats.map(([n, p, chips]) =>
    h("tr", { "data-box": n }, h("td", {}, n), h("td", {}, p), h("td", {}, chips))));
  if (session.role === "player") {
    const seat = v.seats.find(([, p]) => p === me);
    $("player-controls").hidden = false;
    $("my-box-title").textContent = seat ? `Your box: ${seat[0]} · ${seat[2]} chips` : "You have no box here: buy in at the cage";
    $("decisions").replaceChildren(...decisionButtons(v));
    const placed = v.boxes.some((b) => b.player === me);
    $("wagers").hidden = !(v.in_round && v.awaiting === "wagers");
    $("withdraw").disabled = !placed;
  }
  if (dealer) {
    $("dealer-controls").hidden = false;
    $("start").disabled = v.in_round;
    $("deal").disabled = !(v.in_round && v.awaiting === "wagers");
    $("settle-next").disabled = $("settle-all").disabled = v.awaiting !== "settlement";
  }
}

async function send(cmd) {
  const r = await attempt(() => api.command({ table, ...cmd }));
  if (r) say(said(r), "", "ok"); // the view follows over the websocket
}

header(`UTH table ${table}`);
$("ante").oninput = () => { $("blind").value = $("ante").value; };
$("wagers").onsubmit = (ev) => {
  ev.preventDefault();
  send({ type: "UthPlaceWagers", ante: Number($("ante").value), blind: Number($("blind").value), trips: Number($("trips").value) });
};
$("withdraw").onclick = () => send({ type: "UthWithdrawWagers" });
$("start").onclick = () => send({ type: "UthStartRound" });
$("deal").onclick = () => send({ type: "UthDeal" });
$("settle-next").onclick = () => send({ type: "UthSettleNext" });
$("settle-all").onclick = () => send({ type: "UthSettle" });
// the caller's view comes over the table's websocket: a snapshot, then the view after each
// commit (views=1); the page never reads it again
follow(`/ws/uth/${encodeURIComponent(table)}`, (msg) => {
  const v = msg.view !== undefined ? msg.view : msg.snapshot;
  if (v) render(v);
}, (st) => { document.body.dataset.link = st; }, { query: "views=1" });
