// The tournament clock for a wall screen: public (no log-in), live over the clock's websocket.
// The server sends the clock at each commit (a level, a pause, an entry, an elimination); between
// messages the page counts the level's time down itself from the server's figure.
import { api, count, countdown, follow, h, params, setText } from "/ui/croupier.js";

const name = params.get("tournament") || "";
const $ = (id) => document.getElementById(id);
/** The last clock the server sent, and when (performance.now()) it arrived. */
let shown = null;
let arrived = 0;
let ticker = null; // shows the time left at once (countdown)

export function money(n) { return `$${count(n)}`; }
export function chips(n) { return count(n); }

/** Seconds as M:SS (or H:MM:SS). */
export function mmss(total) {
  const s = Math.max(0, Math.ceil(total));
  const hours = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

function blinds(lv) {
  if (!lv) return "";
  if (lv.break) return lv.colour_up ? `Colour up the ${chips(lv.colour_up)} chips` : "Play resumes after the break";
  return `${chips(lv.small_blind)} / ${chips(lv.big_blind)}`;
}

function ante(lv) {
  if (!lv || lv.break) return "";
  if (lv.big_blind_ante) return `Big blind ante ${chips(lv.big_blind_ante)}`;
  if (lv.ante) return `Ante ${chips(lv.ante)}`;
  return "No ante";
}

const STATES = {
  registering: "Registration open: play has not started",
  running: "",
  break: "On a break",
  paused: "Clock paused by the tournament director",
  finished: "Tournament finished",
  cancelled: "Tournament cancelled",
};

/** Whether the clock is running now (it counts down). */
function running(c) { return c.status === "running" || c.status === "break"; }

/** The seconds left in the level now, counted on from the server's last figure. */
export function left() {
  if (!shown) return 0;
  if (!running(shown)) return shown.remaining;
  return Math.max(0, shown.remaining - (performance.now() - arrived) / 1000);
}

/** The time left on the page; the seconds left while they run down (null: they stand still). */
function tick() {
  if (!shown) return null;
  const s = left();
  const t = $("time");
  setText(t, mmss(s));
  const whole = String(Math.ceil(s));
  if (t.dataset.remaining !== whole) t.dataset.remaining = whole;
  t.classList.toggle("ending", running(shown) && s <= 60);
  if (shown.next_break_in !== null && shown.next_break_in !== undefined) {
    const gone = shown.remaining - s;
    setText($("next-break"), `in ${mmss(shown.next_break_in - gone)}`);
  }
  return running(shown) ? s : null;
}

function render(c) {
  shown = c;
  arrived = performance.now();
  document.title = `${c.name}: clock`;
  document.body.dataset.status = c.status;
  $("name").textContent = c.name;
  $("state").textContent = STATES[c.status] ?? c.status;
  $("state").hidden = !STATES[c.status];
  const lv = c.level;
  $("level").textContent = lv.break ? "Break" : `Level ${lv.number}`;
  $("level").dataset.level = lv.break ? "break" : String(lv.number);
  $("blinds").textContent = blinds(lv);
  $("blinds").classList.toggle("words", Boolean(lv.break));
  $("ante").textContent = ante(lv);
  const nx = c.next_level;
  $("next-level").textContent = nx ? `${chips(nx.small_blind)} / ${chips(nx.big_blind)}${nx.big_blind_ante ? ` · BBA ${chips(nx.big_blind_ante)}` : nx.ante ? ` · ante ${chips(nx.ante)}` : ""}` : "last level";
  if (c.next_break_in === null || c.next_break_in === undefined) $("next-break").textContent = "none scheduled";
  $("players").textContent = chips(c.players_left);
  $("entries").textContent = chips(c.entries);
  $("buys").textContent = `${c.rebuys} / ${c.add_ons}`;
  $("average").textContent = chips(c.average_stack);
  $("pool").textContent = money(c.prize_pool);
  $("payouts-title").textContent = c.payouts_fixed ? "Payouts" : "Payouts (as the pool stands)";
  $("payouts").replaceChildren(...c.payouts.map((p) =>
    h("li", { "data-place": p.place }, h("span.place", {}, ordinal(p.place)), h("span.cash", {}, p.seat ? `seat${p.cash ? ` + ${money(p.cash)}` : ""}` : money(p.cash)))));
  if (ticker) ticker(); else ticker = countdown(tick);
}

function ordinal(n) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${s}`;
}

async function start() {
  if (!name) { $("state").textContent = "No tournament named: open clock.html?tournament=NAME"; return; }
  try { render((await api.get(`/tournaments/${encodeURIComponent(name)}/clock`)).clock); }
  catch (e) { $("state").textContent = e.message; }
  follow(`/ws/tournaments/${encodeURIComponent(name)}/clock`, (msg) => { const c = msg.clock || msg.snapshot; if (c) render(c); },
    (st) => { document.body.dataset.link = st; });
  // A guard against drift over hours on the wall: the server's figure every minute.
  setInterval(async () => {
    try { render((await api.get(`/tournaments/${encodeURIComponent(name)}/clock`)).clock); } catch (e) { /* next time */ }
  }, 60000);
}

start();
