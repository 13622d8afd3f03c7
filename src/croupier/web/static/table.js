// A cash table, one screen for every role: the player's seat (own cards, legal actions), the
// dealer's table screen (start rounds, enter the cards of a live deal) and the floor's
// controls (reports, rulings, funds, voids, the clock). Everyone sees the rulings and events.
// Only the public API: GET /tables/{t}/view once, POST /commands, the table's websocket (its
// events with their words, and the caller's view after each commit).
import { api, attempt, card, follow, h, header, params, requireLogin, said, say, session, timeOfDay } from "/ui/croupier.js";

requireLogin();
const TABLE = params.get("table") || "";
const ROLE = session.role;
const SCREEN = ROLE === "player" ? "player" : ROLE === "dealer" ? "dealer" : ROLE === "floor" ? "floor" : "spectator";
document.body.dataset.screen = SCREEN;
header(`${TABLE} · ${SCREEN === "spectator" ? ROLE : SCREEN}`);
document.title = `croupier: ${TABLE}`;

const $ = (id) => document.getElementById(id);
/** What the page knows: the caller's view, its sequence number, the round's players. */
const state = { view: null, seq: 0, positions: [], deadline: null, renders: [] };
// For the tests and the measurements: every render with the sequence number it shows.
window.croupierTable = state;

const cmd = (type, fields = {}) => attempt(async () => {
  const r = await api.command({ type, table: TABLE, ...fields });
  say(said(r), "", "ok");
  return r;
});

// ---------------------------------------------------------------------------------------
// The event log: every event in the words the server sends with it (for this reader), with
// its clause; rulings stand out.

function clock(seconds) {
  return timeOfDay(seconds);
}

function log(seq, lines) {
  const list = $("log");
  for (const { text, clause, kind } of lines) {
    list.prepend(h(`li${kind ? `.${kind}` : ""}`, { "data-seq": seq },
      h("span.text", {}, text), clause ? h("span.clause", {}, clause) : null));
    if (kind === "ruling") {
      const box = $("ruling");
      box.hidden = false;
      box.replaceChildren(h("span.text", {}, text), clause ? h("span.clause", {}, clause) : null);
    }
  }
  while (list.children.length > 200) list.lastChild.remove();
}

// ---------------------------------------------------------------------------------------
// The view and its rendering.

/** The caller's view at the first load (GET /tables/{t}/view); after it, every view comes
 *  over the table's websocket (views=1): a snapshot, or the view after each commit. */
async function load() {
  const early = window.croupierFirstView ? await window.croupierFirstView : null;
  window.croupierFirstView = null;
  const data = early || await attempt(() => api.get(`/tables/${encodeURIComponent(TABLE)}/view`));
  if (data) apply(data.seq, data.view);
}

/** Show the view after event ``seq`` (an older one than shown is ignored). */
function apply(seq, view) {
  if (!view || seq < state.seq) return;
  state.seq = seq;
  state.view = view;
  if (view.players.length) state.positions = view.players;
  render();
}

function seatOf(name) {
  const v = state.view;
  const r = v.round;
  const pos = r ? v.players.indexOf(name) : -1;
  return { r, pos, inRound: pos >= 0 };
}

function render() {
  const v = state.view;
  const r = v.round;
  const me = SCREEN === "player" ? session.name : null;
  const stacks = Object.fromEntries(v.stacks);
  // seats
  $("seats").replaceChildren(...v.seats.map(([n, player, status]) => {
    const { pos, inRound } = seatOf(player);
    const classes = ["seat"];
    if (inRound && r.actor === pos) classes.push("to-act");
    if (inRound && r.folded[pos]) classes.push("folded");
    if (player === me) classes.push("me");
    const stack = inRound ? r.stacks[pos] : stacks[player];
    let cards = [];
    if (inRound) {
      const hole = r.hole[pos];
      const shown = r.shown[pos];
      if (shown) cards = shown.map(card);
      else if (hole) cards = hole.map((c) => card(c));
      else if (!r.folded[pos] && !(SCREEN !== "player" && SCREEN !== "spectator" && r.awaiting === "hole")) {
        cards = Array.from({ length: r.game.hole_cards }, () => card(null));
      }
    }
    return h(`div.${classes.join(".")}`, { "data-player": player, "data-seat": n, "aria-label": `seat ${n}: ${player}` },
      h("div.seat-top", {}, h("span.seat-no", {}, `${n}`), h("strong.name", {}, player),
        inRound && r.actor === pos ? h("span.badge", {}, "to act") : null),
      h("div.seat-cards", {}, ...cards),
      h("div.seat-chips", {},
        h("span.stack", { "data-stack": stack }, `${stack ?? 0}`),
        inRound && r.bets[pos] ? h("span.bet", {}, `bet ${r.bets[pos]}`) : null,
        inRound && r.all_in[pos] ? h("span.badge", {}, "all in") : null),
      status !== "playing" ? h("div.muted.seat-status", {}, status) : null,
      away(v, player), seatTimer(player));
  }));
  // board and pot
  $("board").replaceChildren(...(r && r.board.length ? r.board.map(card) : [h("span.muted.board-empty", {}, "board")]),
    ...(r && r.exposed.length ? [h("span.muted", {}, " exposed: "), ...r.exposed.map(card)] : []));
  // what the reader owes is what their Call button says; others see the bet to match
  const owed = r && r.legal && !r.legal.can_check ? r.legal.call_amount : 0;
  const line = owed ? ` · ${owed} to call` : r && r.current_bet ? ` · bet ${r.current_bet}` : "";
  $("pot").textContent = r ? `Pot ${r.pot_total}${line}` : `Between rounds · ${v.hands} played`;
  // whose turn
  const turn = $("turn");
  if (!r) turn.textContent = "Waiting for the next round";
  else if (r.actor !== null && r.actor !== undefined) {
    const who = v.players[r.actor];
    turn.textContent = who === me ? "Your turn" : `${who} to act`;
  } else turn.textContent = { hole: "Waiting for the hole cards", board: "Waiting for the board", showdown: "Showdown", nothing: "Round over" }[r.awaiting] || r.awaiting;
  turn.classList.toggle("mine", Boolean(r && me && v.players[r.actor] === me));
  if (SCREEN === "player") renderPlayer(v, r, me);
  if (SCREEN === "dealer") renderDealer(v, r);
  if (SCREEN === "floor") renderFloor(v, r);
  state.renders.push({ seq: state.seq, at: Date.now(), full: true });
  if (state.renders.length > 500) state.renders.shift();
}

// -- the player's seat ---------------------------------------------------------------------

function renderPlayer(v, r, me) {
  $("me").hidden = false;
  const { pos, inRound } = seatOf(me);
  const seated = v.seats.find(([, p]) => p === me);
  const own = inRound ? (r.hole[pos] || []) : [];
  $("mine").replaceChildren(...own.filter(Boolean).map(card));
  const stack = inRound ? r.stacks[pos] : Object.fromEntries(v.stacks)[me];
  $("my-stack").textContent = seated ? `Stack ${stack ?? 0}` : "You have no seat at this table";
  const box = $("actions");
  const la = inRound ? r.legal : null;
  const parts = [];
  if (la) {
    if (la.can_fold) parts.push(h("button.fold", { type: "button", onclick: () => cmd("Fold") }, "Fold"));
    if (r.can_call) {
      const label = la.can_check ? "Check" : `Call ${la.call_amount}`;
      parts.push(h("button.call", { type: "button", onclick: () => cmd("CheckCall") }, label));
    }
    if (la.min_raise_to !== null && la.min_raise_to !== undefined) {
      const word = r.current_bet ? "Raise to" : "Bet";
      const lo = la.min_raise_to;
      const hi = la.max_raise_to;
      const field = h("input#amount", { type: "number", min: lo, max: hi, step: 1, value: lo, inputmode: "numeric", "aria-describedby": "range" });
      const slider = h("input#slider", { type: "range", min: lo, max: hi, step: 1, value: lo, "aria-label": `${word} (slider)` });
      const go = h("button.primary.raise", { type: "button" }, `${word} ${lo}`);
      const sync = (value) => { go.textContent = `${word} ${value}`; };
      slider.addEventListener("input", () => { field.value = slider.value; sync(slider.value); });
      field.addEventListener("input", () => { slider.value = field.value; sync(field.value); });
      go.addEventListener("click", () => cmd("BetRaise", { to: Number(field.value) }));
      const set = (value) => { const x = Math.max(lo, Math.min(hi, Math.round(value))); field.value = x; slider.value = x; sync(x); };
      const owed = la.call_amount;
      const pot = r.pot_total + owed + r.current_bet; // a pot-sized raise: call, then the pot
      const quick = lo === hi ? [] : [
        h("button.quick", { type: "button", onclick: () => set(lo) }, "Min"),
        h("button.quick", { type: "button", onclick: () => set(pot) }, "Pot"),
        h("button.quick", { type: "button", onclick: () => set(hi) }, hi === la.all_in_to ? "All in" : "Max"),
      ];
      parts.push(h("div.raise-box", {},
        h("label", {}, h("span", {}, word, " ", h("span.muted#range", {}, `(${lo} to ${hi})`)), field),
        slider, ...quick, go));
    }
  } else if (inRound && r.awaiting === "showdown" && !r.folded[pos] && !r.shown[pos]) {
    parts.push(h("button", { type: "button", onclick: () => cmd("Show") }, "Show"),
      h("button", { type: "button", onclick: () => cmd("Muck") }, "Muck"));
  } else {
    parts.push(h("span.muted", {}, inRound && r.actor !== null ? "Wait for your turn" : "No action for you now"));
  }
  box.replaceChildren(...parts);
  const out = seated && seated[2] === "sitting out";
  $("seat-controls").replaceChildren(...(seated ? [
    ...(out ? [
      h("button", { type: "button", title: "dealt in when the rulebook says (the big blind)", onclick: () => cmd("Return") }, "Come back"),
      h("button.primary", { type: "button", title: "post what you owe: dealt in at the next round", onclick: () => cmd("Return", { post: true }) }, "Post and play now"),
    ] : [h("button", { type: "button", onclick: () => cmd("SitOut") }, "Sit out")]),
    h("button", { type: "button", onclick: () => cmd("RequestSeatChange", { player: me }) }, "Ask for a seat change"),
  ] : []));
  $("topup").hidden = !seated;
}

// Top-ups: the player asks the cage from the seat (RequestTopUp); the cashier tops them up or
// declines, and GET /room/topups tells the page which (read again every 3 s while it waits).
let topupWaiting = false;
async function showTopup() {
  const r = await attempt(() => api.get("/room/topups"));
  if (!r) return;
  const asked = r.pending.find((x) => x.table === TABLE && x.player === session.name);
  const answer = r.answered.find((x) => x.table === TABLE);
  const el = $("topup-state");
  topupWaiting = Boolean(asked);
  if (asked) { el.textContent = `Asked the cage for ${asked.cash}: waiting for the cashier`; el.dataset.state = "waiting"; }
  else if (answer && answer.declined !== undefined) { el.textContent = `Top-up declined: ${answer.declined}`; el.dataset.state = "declined"; }
  else if (answer) { el.textContent = `Topped up: ${answer.topped_up} added`; el.dataset.state = "done"; }
  else { el.textContent = ""; delete el.dataset.state; }
}
if (SCREEN === "player") {
  $("topup").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (await cmd("RequestTopUp", { player: session.name, cash: Number($("topup-cash").value) })) await showTopup();
  });
  showTopup();
  setInterval(() => { if (topupWaiting) showTopup(); }, 3000);
  $("my-hands").hidden = false;
  for (const format of ["ohh", "pokerstars"]) {
    $(`hands-${format}`).addEventListener("click", (ev) => { ev.preventDefault(); downloadHands(format); });
  }
}

/** The player's own hands at this table (GET /me/hands), saved as a file: fetched with the
 *  session's token, which never goes in a URL. */
async function downloadHands(format) {
  const path = `/me/hands?table=${encodeURIComponent(TABLE)}&format=${format}`;
  const r = await fetch(path, { headers: { Authorization: `Bearer ${session.token}` } });
  if (!r.ok) {
    const body = await r.json().catch(() => null);
    say(body && body.refused ? body.refused : `HTTP ${r.status}`, body && body.clause ? body.clause : "", "refused");
    return;
  }
  const name = (/filename="([^"]+)"/.exec(r.headers.get("Content-Disposition") || "") || [])[1]
    || `croupier-${TABLE}.${format === "ohh" ? "ohh" : "txt"}`;
  const link = h("a", { href: URL.createObjectURL(await r.blob()), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  say(`Your hands: ${name}.`, "", "ok");
}

// -- the dealer's table screen -------------------------------------------------------------

function cardsOf(text) {
  return text.trim().split(/[\s,]+/).filter(Boolean);
}

function renderDealer(v, r) {
  $("dealer").hidden = false;
  const buttons = [
    h("button.primary", { type: "button", disabled: Boolean(r), onclick: () => cmd("StartRound") }, "Next round (shoe)"),
    h("button", { type: "button", disabled: Boolean(r), onclick: () => cmd("StartRound", { live: true }) }, "Next round (live deal)"),
    h("button", { type: "button", disabled: !(r && r.actor !== null), onclick: () => cmd("InstructTime") }, "Tell the player to act"),
  ];
  $("dealer-actions").replaceChildren(...buttons);
  const dealing = $("dealing");
  if (!r || (r.awaiting !== "hole" && r.awaiting !== "board")) { dealing.replaceChildren(); return; }
  if (dealing.dataset.awaiting === `${r.awaiting}:${r.street}:${r.hole.filter(Boolean).length}`) return;
  dealing.dataset.awaiting = `${r.awaiting}:${r.street}:${r.hole.filter(Boolean).length}`;
  const input = h("input#cards", { placeholder: "As Kd", autocomplete: "off" });
  if (r.awaiting === "hole") {
    const next = r.hole.findIndex((x) => !x);
    const who = h("select#deal-to", {},
      ...v.players.map((p, i) => h("option", { value: i, selected: i === next }, p)));
    dealing.replaceChildren(h("label", {}, "Hole cards to", who), h("label", {}, "Cards", input),
      h("button.primary", { type: "button", onclick: async () => {
        if (await cmd("DealHole", { player: Number(who.value), cards: cardsOf(input.value) })) input.value = "";
      } }, "Deal hole cards"));
  } else {
    dealing.replaceChildren(h("label", {}, "Cards", input),
      h("button", { type: "button", onclick: async () => {
        const c = cardsOf(input.value);
        if (await cmd("Burn", c.length ? { card: c[0] } : {})) input.value = "";
      } }, "Burn"),
      h("button.primary", { type: "button", onclick: async () => {
        if (await cmd("DealBoard", { cards: cardsOf(input.value) })) input.value = "";
      } }, "Deal the board"));
  }
}

// -- the floor supervisor's controls -------------------------------------------------------

const INCIDENTS = {
  "Cards exposed in play": { type: "CardsExposedInPlay", fields: ["player", "deem_folded"] },
  "Hole card exposed by the dealer": { type: "DealIrregularity", error: "HOLE_EXPOSED", fields: ["player", "cards"] },
  "Misdeal: wrong number of cards": { type: "DealIrregularity", error: "WRONG_COUNT", fields: ["player"] },
  "Community cards exposed early": { type: "CommunityCardsExposed", fields: ["cards"] },
  "Burn card exposed": { type: "BurnCardExposed", fields: ["card"] },
  "Card off the table": { type: "CardOffTable", fields: ["card", "player", "by_dealer"] },
  "Out-of-turn fold": { type: "OutOfTurn", action: "Fold", fields: ["player"] },
  "Out-of-turn check or call": { type: "OutOfTurn", action: "CheckCall", fields: ["player"] },
  "Out-of-turn bet or raise": { type: "OutOfTurn", action: "BetRaise", fields: ["player", "to"] },
  "Wrong amount (miscounted call)": { type: "MiscountedCall", fields: ["player", "chips"] },
  "Chips pushed (each chip's value)": { type: "ChipsPushed", fields: ["player", "chip_list"] },
  "Skipped, silent until substantial action": { type: "SkippedPlayerSilent", fields: ["player", "kill"] },
  "Forward motion": { type: "ForwardMotion", fields: ["player"] },
  "Wrong number of hole cards held": { type: "WrongHoleCount", fields: ["player", "held"] },
};

const CARD_IDS = Object.fromEntries(Array.from({ length: 52 }, (_, i) => ["23456789TJQKA"[Math.floor(i / 4)] + "cdhs"[i % 4], i]));
const tagged = (name) => {
  const id = CARD_IDS[name.length === 2 ? name[0].toUpperCase() + name[1].toLowerCase() : name];
  if (id === undefined) throw new Error(`not a card: ${name}`);
  return { $card: id };
};

/** The incident the report form describes, in the store's tagged JSON. */
function incidentOf(kind, f) {
  const spec = INCIDENTS[kind];
  const mod = "croupier.floor.incidents";
  const player = Number(f.player);
  const out = { $t: `${mod}:${spec.type}` };
  if (spec.error) out.error = { $enum: `${mod}:DealError`, name: spec.error };
  if (spec.action) {
    const action = { $t: `croupier.round.commands:${spec.action}`, player };
    if (spec.action === "BetRaise") action.to = Number(f.to);
    out.action = action;
  }
  for (const k of spec.fields) {
    if (k === "player" && !spec.action) out.player = player;
    if (k === "cards") out.cards = { $tuple: cardsOf(f.cards).map(tagged) };
    if (k === "card") out.card = tagged(cardsOf(f.cards)[0] || "");
    if (k === "chips") out.chips = Number(f.chips);
    if (k === "held") out.held = Number(f.chips);
    if (k === "chip_list") {
      const chips = String(f.chips).split(/[\s,]+/).filter(Boolean).map(Number);
      if (!chips.length || chips.some((c) => !Number.isInteger(c) || c <= 0)) throw new Error("chips pushed: give each chip's value, e.g. 100, 25");
      out.chips = { $tuple: chips };
    }
    if (k === "kill") out.kill = f.flag;
    if (k === "deem_folded" || k === "by_dealer") out[k] = f.flag;
  }
  return out;
}

let floorBuilt = false;
function renderFloor(v, r) {
  $("floor").hidden = false;
  const players = r ? v.players : v.seats.map(([, p]) => p);
  const form = $("report");
  if (!floorBuilt) {
    floorBuilt = true;
    const kind = h("select#incident", {}, ...Object.keys(INCIDENTS).map((k) => h("option", { value: k }, k)));
    form.replaceChildren(
      h("label", {}, "Irregularity", kind),
      h("label", {}, "Player", h("select#who")),
      h("label", {}, "Cards", h("input#report-cards", { placeholder: "As", autocomplete: "off" })),
      h("label", {}, "Chips / amount", h("input#report-chips", { inputmode: "numeric", autocomplete: "off", placeholder: "100, 25" })),
      h("label.check", {}, h("input#report-flag", { type: "checkbox" }), "Deem folded / by the dealer / kill the hand"),
      h("button.primary", { type: "submit" }, "Report"));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      let inc;
      try {
        inc = incidentOf(kind.value, {
          player: $("who").value, cards: $("report-cards").value, chips: $("report-chips").value,
          to: $("report-chips").value, flag: $("report-flag").checked,
        });
      } catch (e) { say(String(e.message || e), "", "refused"); return; }
      await cmd("Report", { incident: inc });
    });
    const who = () => $("lock-who").value;
    $("floor-actions").replaceChildren(
      h("fieldset.group", {}, h("legend", {}, "Take back"),
        h("button", { type: "button", onclick: () => cmd("ReopenRound", { commands: 1 }) }, "Reopen the last round")),
      h("fieldset.group", {}, h("legend", {}, "The clock"),
        h("label", {}, "Seconds", h("input#clock-seconds", { type: "number", value: 60, min: 1 })),
        h("button", { type: "button", onclick: () => cmd("CallClock", { seconds: Number($("clock-seconds").value) }) }, "Call the clock")),
      h("fieldset.group", {}, h("legend", {}, "Funds"),
        h("label", {}, "Funds of", h("select#lock-who")),
        h("label", {}, "Reason", h("input#lock-reason", { value: "under review" })),
        h("button", { type: "button", onclick: () => cmd("LockFunds", { player: who(), reason: $("lock-reason").value }) }, "Lock funds"),
        h("button", { type: "button", onclick: () => cmd("ReleaseFunds", { player: who() }) }, "Release funds")),
      h("fieldset.group", {}, h("legend", {}, "Seat change"),
        h("span.muted#seat-requests", { role: "status" }),
        h("label", {}, "Move", h("select#move-who")),
        h("label", {}, "To seat", h("input#move-seat", { type: "number", min: 1, inputmode: "numeric" })),
        h("label.check", {}, h("input#move-post", { type: "checkbox" }), "posts a big blind to play now"),
        h("button", { type: "button", onclick: () => cmd("ChangeSeat", { player: $("move-who").value, seat: Number($("move-seat").value), post: $("move-post").checked }) }, "Move to the seat")),
      h("fieldset.group#table-change", {}, h("legend", {}, "Table change"),
        h("label", {}, "Who changes table", h("select#change-who")),
        h("label", {}, "New table", h("select#change-to")),
        h("label", {}, "Seat at the new table", h("input#change-seat", { type: "number", min: 1, inputmode: "numeric" })),
        h("label.check", {}, h("input#change-post", { type: "checkbox" }), "posts a big blind to play now"),
        h("button", { type: "button", onclick: async () => { await cmd("MoveTable", { player: $("change-who").value, to: $("change-to").value, seat: Number($("change-seat").value), post: $("change-post").checked }); showOtherTables(); } }, "Move to the table")),
      h("fieldset.group", {}, h("legend", {}, "Void the round"),
        h("label", {}, "Clause", h("input#void-clause", { placeholder: (v.voiding_clauses || []).join(" or ") })),
        h("label", {}, "Why", h("input#void-reason", { placeholder: "misdeal" })),
        h("button", { type: "button", onclick: () => cmd("VoidRound", { clause: $("void-clause").value, reason: $("void-reason").value }) }, "Void the round")),
    );
  }
  const fill = (id, names, byPosition) => {
    const sel = $(id);
    const keep = sel.value;
    const wanted = names.map((p, i) => `${byPosition ? i : p}|${p}`).join(",");
    if (sel.dataset.options === wanted) return;
    sel.dataset.options = wanted;
    sel.replaceChildren(...names.map((p, i) => h("option", { value: byPosition ? i : p }, p)));
    if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
  };
  fill("who", players, true);
  fill("lock-who", v.seats.map(([, p]) => p), false);
  fill("move-who", v.seats.map(([, p]) => p), false);
  fill("change-who", v.seats.map(([, p]) => p), false);
  if (!tablesShown) { tablesShown = true; showOtherTables(); }
  if (!seatRequests) { seatRequests = setInterval(showSeatRequests, 5000); showSeatRequests(); }
}

/** The other cash tables of this table's game and stakes, where the floor may move a player
 *  with their chips (MoveTable; the room refuses any other). */
let tablesShown = false;
async function showOtherTables() {
  const r = await attempt(() => api.get("/room/board"));
  if (!r) return;
  const rows = r.board.filter((x) => x.kind === "cash");
  const here = rows.find((x) => x.table === TABLE);
  const same = rows.filter((x) => x.table !== TABLE && here && x.game === here.game && x.stakes === here.stakes);
  $("change-to").replaceChildren(...same.map((x) => h("option", { value: x.table }, `${x.table} (${x.taken} of ${x.seats} seats taken)`)));
  if (!same.length) $("change-to").append(h("option", { value: "" }, "no other table of this game"));
}

/** The seated players who asked for a seat change here (GET /room/lists), for the floor. */
let seatRequests = null;
async function showSeatRequests() {
  const r = await attempt(() => api.get("/room/lists"));
  if (!r) return;
  const here = r.lists.flatMap((l) => l.tables).find((t) => t.table === TABLE);
  const asking = here ? here.seat_changes : [];
  $("seat-requests").textContent = asking.length ? `Asked for a seat change: ${asking.join(", ")}` : "Nobody has asked for a seat change";
}

// ---------------------------------------------------------------------------------------
// Live: the table's websocket (caught up by sequence number after a drop or a restart).

/** A disconnected player's seat: the grace period's countdown (server time); or "away". */
function away(v, player) {
  const until = Object.fromEntries(v.disconnected || [])[player];
  if (until !== undefined) {
    const left = Math.max(0, Math.round(until - Date.now() / 1000));
    return h("div.badge.seat-away", { "data-until": until }, `disconnected · ${left} s`);
  }
  return (v.absent || []).includes(player) ? h("div.badge.seat-away", {}, "away") : null;
}

/** Seconds the player to act has left on the table's action timer, or null. */
function timeLeft(player) {
  const d = state.deadline;
  const v = state.view;
  if (!d || !v || !v.round || d.player !== player) return null;
  const r = v.round;
  if (r.actor === null || r.actor === undefined || v.players[r.actor] !== player) return null;
  return Math.max(0, Math.round(d.at - Date.now() / 1000));
}

/** The countdown on the seat of the player to act (the action timer), counted down by tick. */
function seatTimer(player) {
  const left = timeLeft(player);
  return left === null ? null : h("div.badge.seat-timer", { "data-left": left }, `${left} s to act`);
}

function tick() {
  for (const el of document.querySelectorAll("#seats .seat")) {
    const left = timeLeft(el.dataset.player);
    const shown = el.querySelector(".seat-timer");
    if (left === null) { if (shown) shown.remove(); continue; }
    const timer = shown || el.appendChild(h("div.badge.seat-timer", {}));
    timer.dataset.left = String(left);
    timer.textContent = `${left} s to act`;
  }
  for (const el of document.querySelectorAll(".seat-away[data-until]")) {
    const left = Math.max(0, Math.round(Number(el.dataset.until) - Date.now() / 1000));
    el.textContent = `disconnected · ${left} s`;
  }
  const d = state.deadline;
  const el = $("turn");
  if (!d || !state.view || !state.view.round) return;
  const left = Math.round(d.at - Date.now() / 1000);
  const r = state.view.round;
  if (r.actor === null || state.view.players[r.actor] !== d.player || left < 0) return;
  el.dataset.left = String(left);
  if (!el.textContent.includes("s left")) el.textContent += ` · ${left} s left`;
  else el.textContent = el.textContent.replace(/\d+ s left/, `${left} s left`);
}

async function main() {
  if (!TABLE) { say("No table named: open a table from the board.", "", "refused"); return; }
  await load();
  if (!state.view) return;
  // catch up on the last events for the log, then follow live; the views come with them
  follow(`/ws/tables/${encodeURIComponent(TABLE)}`, (msg) => {
    if (msg.event !== undefined) {
      const e = msg.event;
      if (e.type === "DeadlineSet") state.deadline = { player: e.player, at: e.deadline };
      log(msg.seq, msg.words || []);
    } else if (msg.view !== undefined) {
      apply(msg.seq, msg.view);
    } else if (msg.snapshot !== undefined) {
      state.seq = 0; // a snapshot replaces whatever was shown
      apply(msg.seq, msg.snapshot);
    }
  }, (s) => {
    $("conn").textContent = s;
    document.body.dataset.conn = s;
  }, { after: Math.max(0, state.seq - 60), query: "views=1" });
  setInterval(tick, 1000);
}

main();
