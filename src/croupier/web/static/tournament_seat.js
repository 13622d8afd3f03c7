// A player's seat at a tournament table, for a hand the room deals live
// (croupier.service.tournament_live): the player's own hole cards (the only ones the server
// sends them), the board, each seat's chips and bets, whose turn, the clock on a player counting
// down (its clause from the server), the legal actions with amounts bounded to the legal
// range, refusals with their clause. Live over two stream sockets, caught up with `after`
// after a drop: the tournament's (the field and this player's view of the hand, pushed after
// every commit) and the table's (each event's words); the page never polls.
import { api, attempt, card, follow, h, header, params, plain, Refusal, requireLogin, say, session } from "/ui/croupier.js";

requireLogin();
const NAME = params.get("tournament") || "";
const T = encodeURIComponent(NAME);
const $ = (id) => document.getElementById(id);
const me = session.name;
/** What the page knows: the table, the hand's view and its sequence number, the tournament. */
const state = { table: Number(params.get("table")) || null, seq: -1, hand: null, tournament: null, players: [] };
window.croupierSeat = state; // for the tests
$("back").href = `/ui/tournament.html?tournament=${T}`;

/** An event's words, as the server says them to this reader (croupier.narration). */
function log(seq, lines) {
  const list = $("log");
  for (const { text, clause } of lines) {
    list.prepend(h("li", { "data-seq": seq }, h("span.text", {}, text), clause ? h("span.clause", {}, ` (${clause})`) : null));
  }
  while (list.children.length > 200) list.lastChild.remove();
}

// ---------------------------------------------------------------------------------------
// The view: the tournament (seats, stacks between hands) and the hand in play.

/** The tournament as the server pushes it on its stream socket (/ws/tournaments/{t}?hand=N):
 *  the field, seats and stacks, and this reader's view of the hand in play at their table
 *  (``hand_seq``: its number in the room's stream), after every commit that changes them. */
function apply(t) {
  state.tournament = t;
  const mine = t.entrants.find((e) => e.player === me);
  if (!params.get("table") && mine && mine.table !== null && mine.table !== undefined) state.table = Number(mine.table);
  if (t.hand_seq !== undefined && t.hand_seq >= state.seq) {
    state.seq = t.hand_seq;
    state.hand = t.hand ? { ...t.hand, round: plain(t.hand.round) } : null;
    if (state.hand) state.players = state.hand.players;
  }
  render();
}

/** The seats of the table: by position in the hand, or from the tournament between hands. */
function seats() {
  const hand = state.hand;
  if (hand) {
    const r = hand.round;
    return hand.players.map((p, i) => ({ player: p, seat: hand.seats[i], stack: r.stacks[i], bet: r.bets[i], folded: r.folded[i],
      allIn: r.all_in[i], shown: r.shown[i], hole: r.hole[i], toAct: r.actor === i, pos: i }));
  }
  const t = state.tournament;
  const at = t && state.table !== null ? t.tables[String(state.table)] || {} : {};
  const stack = Object.fromEntries((t ? t.entrants : []).map((e) => [e.player, e.stack]));
  return Object.entries(at).sort((a, b) => a[0] - b[0]).map(([s, p]) => ({ player: p, seat: Number(s), stack: stack[p], pos: -1 }));
}

let titled = "";
function render() {
  const title = `${NAME} · table ${state.table ?? "?"}`;
  if (title !== titled) { titled = title; header(title); document.title = `croupier: ${title}`; }
  const hand = state.hand;
  const r = hand ? hand.round : null;
  $("seats").replaceChildren(...seats().map((s) => {
    let cards = [];
    if (r && s.pos >= 0) {
      if (s.shown) cards = s.shown.map(card);
      else if (s.hole) cards = s.hole.map((c) => card(c));
      else if (!s.folded) cards = Array.from({ length: r.game.hole_cards }, () => card(null));
    }
    const classes = ["seat", s.toAct ? "to-act" : "", s.folded ? "folded" : "", s.player === me ? "me" : ""].filter(Boolean).join(".");
    return h(`div.${classes}`, { "data-player": s.player, "data-seat": s.seat, "aria-label": `seat ${s.seat}: ${s.player}` },
      h("div.seat-top", {}, h("span.seat-no", {}, `${s.seat}`), h("strong.name", {}, s.player), s.toAct ? h("span.badge", {}, "to act") : null),
      h("div.seat-cards", {}, ...cards),
      h("div.seat-chips", {}, h("span.stack", { "data-stack": s.stack ?? 0 }, `${s.stack ?? 0}`),
        s.bet ? h("span.bet", {}, `bet ${s.bet}`) : null, s.allIn ? h("span.badge", {}, "all in") : null),
      clockBadge(s.player));
  }));
  $("board").replaceChildren(...(r && r.board.length ? r.board.map(card) : [h("span.muted.board-empty", {}, "board")]));
  // what the reader owes is what their Call button says; others see the bet to match
  const owed = r && r.legal && !r.legal.can_check && r.seat !== null && r.seat !== undefined ? r.legal.call_amount : 0;
  const line = owed ? ` · ${owed} to call` : r && r.current_bet ? ` · bet ${r.current_bet}` : "";
  $("pot").textContent = r ? `Hand ${hand.hand} · pot ${r.pot_total}${line}` : "Between hands";
  const turn = $("turn");
  if (state.table === null) turn.textContent = "You have no seat in this tournament";
  else if (!hand) turn.textContent = "Waiting for the next hand";
  else if (hand.over) turn.textContent = "Hand over: waiting for the other tables";
  else if (hand.actor) turn.textContent = hand.actor === me ? "Your turn" : `${hand.actor} to act`;
  else turn.textContent = { hole: "Waiting for the hole cards", board: "Waiting for the board", showdown: "Showdown" }[r.awaiting] || r.awaiting;
  turn.classList.toggle("mine", Boolean(hand && hand.actor === me && !hand.over));
  renderMine(hand, r);
  tick();
}

const act = (action, to) => attempt(async () => {
  const cmd = { type: "TournamentAct", tournament: NAME, number: state.table, action };
  const r = await api.post("/commands", to === undefined ? cmd : { ...cmd, to });
  await tournament.until(r.position); // the view comes on the tournament's socket
  say(`${action}${to === undefined ? "" : ` to ${to}`}: done.`, "", "ok");
  return r;
});

function renderMine(hand, r) {
  const pos = r && r.seat !== null && r.seat !== undefined ? r.seat : -1;
  const own = pos >= 0 ? (r.hole[pos] || []) : [];
  $("mine").replaceChildren(...own.filter(Boolean).map(card));
  const mine = seats().find((s) => s.player === me);
  $("my-stack").textContent = mine ? `Stack ${mine.stack ?? 0}` : "You are not seated at this table";
  const la = r && pos >= 0 ? r.legal : null;
  const parts = [];
  if (la && !hand.over) {
    if (la.can_fold) parts.push(h("button.fold", { type: "button", onclick: () => act("fold") }, "Fold"));
    if (r.can_call) {
      parts.push(la.can_check ? h("button.call", { type: "button", onclick: () => act("check") }, "Check")
        : h("button.call", { type: "button", onclick: () => act("call") }, `Call ${la.call_amount}`));
    }
    if (la.min_raise_to !== null && la.min_raise_to !== undefined) {
      const raising = r.current_bet > 0;
      const word = raising ? "Raise to" : "Bet";
      const lo = la.min_raise_to;
      const hi = la.max_raise_to;
      const field = h("input#amount", { type: "number", min: lo, max: hi, step: 1, value: lo, inputmode: "numeric", "aria-describedby": "range" });
      const slider = h("input#slider", { type: "range", min: lo, max: hi, step: 1, value: lo, "aria-label": `${word} (slider)` });
      const go = h("button.primary.raise", { type: "button" }, `${word} ${lo}`);
      const sync = (value) => { go.textContent = `${word} ${value}`; };
      slider.addEventListener("input", () => { field.value = slider.value; sync(slider.value); });
      field.addEventListener("input", () => { slider.value = field.value; sync(field.value); });
      field.addEventListener("keydown", (ev) => { if (ev.key === "Enter") go.click(); });
      go.addEventListener("click", () => act(raising ? "raise" : "bet", Number(field.value)));
      const set = (value) => { const x = Math.max(lo, Math.min(hi, Math.round(value))); field.value = x; slider.value = x; sync(x); };
      const pot = r.pot_total + la.call_amount + r.current_bet;
      const quick = lo === hi ? [] : [
        h("button.quick", { type: "button", onclick: () => set(lo) }, "Min"),
        h("button.quick", { type: "button", onclick: () => set(pot) }, "Pot"),
        h("button.quick", { type: "button", onclick: () => set(hi) }, hi === la.all_in_to ? "All in" : "Max"),
      ];
      parts.push(h("div.raise-box", {},
        h("label", {}, h("span", {}, word, " ", h("span.muted#range", {}, `(${lo} to ${hi})`)), field),
        slider, ...quick, go));
    }
  } else if (r && pos >= 0 && !hand.over && r.awaiting === "showdown" && !r.folded[pos] && !r.shown[pos]) {
    parts.push(h("button", { type: "button", onclick: () => act("show") }, "Show"),
      h("button", { type: "button", onclick: () => act("muck") }, "Muck"));
  } else {
    parts.push(h("span.muted", {}, hand && !hand.over && hand.actor ? "Wait for your turn" : "No action for you now"));
  }
  // keep a half-typed amount while the same decision is on screen (a refresh rebuilds the box)
  const key = la ? `${hand.hand}:${r.street}:${r.current_bet}:${la.min_raise_to}:${la.max_raise_to}` : "none";
  const box = $("actions");
  if (box.dataset.key === key && la) return;
  box.dataset.key = key;
  box.replaceChildren(...parts);
}

// ---------------------------------------------------------------------------------------
// The clock on a player (the director's call): a countdown from the server's time.

function secondsLeft(player) {
  const c = state.hand && !state.hand.over ? state.hand.clock : null;
  if (!c || c.player !== player || state.hand.actor !== player) return null;
  return Math.max(0, Math.round(c.at + c.limit - Date.now() / 1000));
}

function clockBadge(player) {
  const left = secondsLeft(player);
  return left === null ? null : h("div.badge.seat-timer", { "data-left": left, title: state.hand.clock.clause }, `on the clock · ${left} s`);
}

function tick() {
  for (const el of document.querySelectorAll("#seats .seat")) {
    const left = secondsLeft(el.dataset.player);
    const shown = el.querySelector(".seat-timer");
    if (left === null) { if (shown) shown.remove(); continue; }
    const badge = shown || el.appendChild(h("div.badge.seat-timer", { title: state.hand.clock.clause }));
    badge.dataset.left = String(left);
    badge.textContent = `on the clock · ${left} s`;
  }
  const turn = $("turn");
  const hand = state.hand;
  const left = hand ? secondsLeft(hand.actor) : null;
  const base = turn.textContent.replace(/ · \d+ s left \(.*\)$/, "");
  turn.textContent = left === null ? base : `${base} · ${left} s left (${hand.clock.clause})`;
  if (left !== null) turn.dataset.left = String(left); else delete turn.dataset.left;
}

// ---------------------------------------------------------------------------------------
// Live: the table's websocket, each event projected for this player by the server.

let stream = null;
let tournament = null;
function main() {
  if (!NAME) { say("No tournament named: open it from the board.", "", "refused"); return; }
  const status = (s) => { $("conn").textContent = s; document.body.dataset.conn = s; };
  tournament = follow(`/ws/tournaments/${T}`, (msg) => {
    const t = msg.view !== undefined ? msg.view : msg.snapshot;
    if (!t) return;
    apply(t);
    if (stream === null && state.table !== null) openHands(status);
  }, (s) => { if (stream === null) status(s); }, { query: `hand=${params.get("table") || "mine"}` });
  setInterval(tick, 1000);
}

/** The table's hands socket: each event's words for this player, for the log. */
function openHands(status) {
  stream = follow(`/ws/tournaments/${T}/tables/${state.table}`, (msg) => {
    if (msg.event !== undefined) log(msg.seq, msg.words || []);
  }, status);
}

window.croupierSeatStream = () => stream;
main();
