// The director's live hands on the tournament screen (croupier.service.tournament_live): for
// each table the hand in play, the player to act and the clock on them; buttons to deal the
// next hand from croupier's shoe, call "time" on the player to act (by the director, or at an
// entrant's request: the clauses are the tournament rules' own, from the server) and rule that the time ran out. The server's timer also kills
// the hand as the time runs out; this panel reads the hands again every second.
import { api, attempt, h, params, say, session } from "/ui/croupier.js";

const name = params.get("tournament") || "";
const T = encodeURIComponent(name);
const panel = document.getElementById("live-hands");

// A live hand's command, sent as every command is (POST /commands).
async function send(type, n, fields, done) {
  const r = await attempt(() => api.post("/commands", { type, tournament: name, number: Number(n), ...fields }));
  if (!r) return;
  if (window.croupierTournament) await window.croupierTournament.until(r.position); // the hands come on the tournament's socket
  say(done, "", "ok");
}

function describe(hand) {
  if (!hand) return "between hands";
  if (hand.over) return `hand ${hand.hand} is over: it waits for the other tables (hand-for-hand)`;
  const clock = hand.clock ? `; on the clock: ${hand.clock.limit} s (${hand.clock.clause})` : "";
  return `hand ${hand.hand}: ${hand.actor ?? "nobody"} to act${clock}`;
}

function show(t) {
  const rows = [];
  const hands = t.hands || {};
  for (const n of Object.keys(t.tables)) {
    const hand = hands[n] ?? null;
    const live = hand && !hand.over;
    rows.push(h("li", { "data-live-table": n, "data-actor": live ? hand.actor : "" },
      h("strong", {}, `Table ${n}: `), h("span.what", {}, describe(hand)), " ",
      h("button", { type: "button", disabled: !!hand, onclick: () => send("DealTournamentHand", n, {}, `Table ${n}: the next hand is dealt.`) }, `Deal at table ${n}`),
      h("button", { type: "button", disabled: !live || !!hand.clock, onclick: () => send("CallTournamentClock", n, { requested: false }, `Table ${n}: time is called on ${hand.actor} (4.28).`) }, `Call the clock at table ${n}`),
      h("button", { type: "button", disabled: !live || !hand.clock, onclick: () => send("EnforceTournamentClock", n, {}, `Table ${n}: time ran out; the hand is dead (4.26).`) }, `Time expired at table ${n}`)));
  }
  panel.replaceChildren(...(rows.length ? rows : [h("li.muted", {}, "no tables yet")]));
}

// A player seated in the running tournament: a link to their seat at the table ("your table").
function yourTable(t) {
  const mine = t ? t.entrants.find((e) => e.player === session.name) : null;
  const box = document.getElementById("your-table");
  const seated = mine && mine.table !== null && mine.table !== undefined && mine.status !== "eliminated";
  box.hidden = !seated;
  if (!seated) return;
  const link = document.getElementById("your-table-link");
  link.href = `/ui/tournament-seat.html?tournament=${T}&table=${mine.table}`;
  link.textContent = `Your table: table ${mine.table}, seat ${mine.seat}`;
}

function seen(t) {
  if (session.role === "player" && document.getElementById("your-table")) yourTable(t);
  if (panel && session.role === "director") show(t);
}

window.addEventListener("croupier-tournament", (ev) => seen(ev.detail));
// the socket's first view may have come while this module was still loading
if (window.croupierTournamentView) seen(window.croupierTournamentView);
