// The auditor's screen (RECALL): find a round, step through it as each recipient saw it, check
// the deck commitment and the store's hash chain, read the significant-events log, export PHH.
import { api, attempt, card, h, params, say } from "/ui/croupier.js";
import { board, download, fromHex, grid, screen, sha256hex, when } from "/ui/staff.js";

screen("Audit — recall", ["auditor", "admin", "floor"]);

let replay = null; // {table, hand, as, steps, viewers}
let step = 0;

function seconds(local) {
  return local ? Math.floor(new Date(local).getTime() / 1000) : null;
}

async function find(ev) {
  if (ev) ev.preventDefault();
  const q = new URLSearchParams();
  const f = document.getElementById("find").elements;
  if (f.table.value) q.set("table", f.table.value);
  if (f.player.value) q.set("player", f.player.value);
  if (seconds(f.since.value) !== null) q.set("since", seconds(f.since.value));
  if (seconds(f.until.value) !== null) q.set("until", seconds(f.until.value));
  const r = await attempt(() => api.get(`/audit/rounds?${q}`));
  if (!r) return;
  say(`${r.found} round${r.found === 1 ? "" : "s"} found${r.found > r.rounds.length ? `; the newest ${r.rounds.length} shown` : ""}.`, "", "ok");
  document.getElementById("found").replaceChildren(grid("rounds found", ["table", "hand", "started", "players", "end", "commission", ""], r.rounds.map((x) => ({
    ...x,
    cells: [x.table, String(x.hand), when(x.at), x.players.join(", "), x.end, String(x.commission),
      h("button", { type: "button", onclick: () => open(x.table, x.hand, "house") }, `Replay ${x.table} #${x.hand}`)],
  })), (x) => ({ "data-round": `${x.table}/${x.hand}` })));
}

async function open(table, hand, as) {
  const r = await attempt(() => api.get(`/audit/rounds/${encodeURIComponent(table)}/${hand}?as=${encodeURIComponent(as)}`));
  if (!r) return;
  const keep = replay && replay.table === table && replay.hand === hand ? step : 0;
  replay = r;
  step = Math.min(keep, r.steps.length - 1);
  document.getElementById("replay").hidden = false;
  document.getElementById("replay").dataset.as = as;
  document.getElementById("replay-title").textContent = `Replay of ${table} hand ${hand} (started ${when(r.at)})`;
  const viewer = document.getElementById("viewer");
  viewer.replaceChildren(...r.viewers.map((v) => h("option", { value: v, selected: v === as }, v === "house" ? "the house (dealer: every card)" : v === "spectator" ? "a spectator" : `player ${v}`)));
  document.getElementById("verify-deck").disabled = false;
  document.getElementById("deck").replaceChildren();
  document.getElementById("steps").replaceChildren(...r.steps.map((s, i) => h("li", { "data-step": i, onclick: () => show(i) }, s.said[0] || s.type)));
  show(step);
  say(`Replaying ${table} hand ${hand} as ${as === "house" ? "the house" : as}.`, "", "ok");
}

/** The last round view at or before step i (a round over leaves the table with none). */
function roundAt(i) {
  for (let k = i; k >= 0; k--) {
    const v = replay.steps[k].view;
    if (v.round) return { view: v, round: v.round, over: k !== i };
  }
  return { view: replay.steps[i].view, round: null, over: false };
}

function show(i) {
  step = Math.max(0, Math.min(i, replay.steps.length - 1));
  const s = replay.steps[step];
  document.getElementById("step-no").textContent = `step ${step + 1} of ${replay.steps.length} (event ${s.seq})`;
  document.getElementById("said").replaceChildren(...s.said.map((line) => h("div", {}, line)));
  for (const li of document.querySelectorAll("#steps li")) li.classList.toggle("current", Number(li.dataset.step) === step);
  const { view, round, over } = roundAt(step);
  const stacks = Object.fromEntries(view.stacks);
  const seats = (round ? view.players : view.seats.map((x) => x[1])).map((player, p) => {
    const hole = round && round.hole[p] ? round.hole[p] : null;
    const shown = round && round.shown[p] ? round.shown[p] : null;
    const cards = shown || hole;
    const dealt = round ? Math.max((hole || []).length, 2) : 0;
    return h(`div.seat${round && round.folded[p] ? ".folded" : ""}${round && round.actor === p && !over ? ".to-act" : ""}`, { "data-player": player },
      h("strong", {}, player), h("div", {}, `stack ${round ? round.stacks[p] : stacks[player] ?? ""}${round && round.bets[p] ? ` · bet ${round.bets[p]}` : ""}`),
      h("div", {}, ...(round ? (cards ? cards.map((c) => card(c)) : Array.from({ length: dealt }, () => card(null))) : [])));
  });
  document.getElementById("scene").replaceChildren(
    h("div.board", { "aria-label": "board" }, ...(round ? round.board.map((c) => card(c)) : [])),
    h("div.pot", {}, round ? `pot ${round.pot_total}${over ? " · round over" : ""}` : ""),
    h("div.seats", {}, ...seats));
}

async function verifyDeck() {
  if (!replay) return;
  const d = await attempt(() => api.get(`/audit/rounds/${encodeURIComponent(replay.table)}/${replay.hand}/deck`));
  if (!d) return;
  const box = document.getElementById("deck");
  if (!d.sealed) { box.replaceChildren(h("p", {}, d.reason)); return; }
  const salt = fromHex(d.salt);
  const bytes = new Uint8Array(salt.length + d.order.length);
  bytes.set(salt, 0);
  bytes.set(Uint8Array.from(d.order), salt.length);
  const mine = await sha256hex(bytes);
  const ok = mine === d.commitment.toLowerCase();
  box.replaceChildren(
    h("p", {}, "Published before the deal: ", h("code.hex#published", {}, d.commitment)),
    h("p", {}, "Computed here from the revealed salt and order: ", h("code.hex#computed", {}, mine)),
    h("p", { id: "deck-verdict", class: ok && d.dealt_from_top ? "check-ok" : "check-bad" },
      ok ? "The commitment matches the revealed deck." : "The commitment does NOT match the revealed deck.",
      " ", d.dealt_from_top ? `The ${d.dealt.length} cards dealt are the deck's top ${d.dealt.length}.` : "The cards dealt are NOT the deck's top cards."),
    h("p.muted", {}, `Server's own check: ${d.verified ? "matches" : "does not match"} (${d.check}). Shoe: ${d.shoe}.`),
    h("p", {}, "Revealed salt: ", h("code.hex", {}, d.salt)),
    h("div", { "aria-label": "the deck in dealing order" }, ...d.cards.map((c) => card(c))),
  );
}

async function verifyChain() {
  const box = document.getElementById("chain");
  box.replaceChildren(h("p.muted", {}, "Checking every stream…"));
  const r = await attempt(() => api.get("/audit/verify"));
  if (!r) { box.replaceChildren(); return; }
  box.replaceChildren(
    h("p", { id: "chain-verdict", class: r.ok ? "check-ok" : "check-bad" },
      r.ok ? `Intact: ${r.streams} streams, ${r.events} events, every hash chain and fold checked, the room's money balanced at ${r.money_checks} places (after every command).` : `${r.problems.length} problem(s) in ${r.streams} streams, ${r.events} events.`),
    h("ul", {}, ...r.problems.map((p) => h("li", {}, p))));
}

async function readLog() {
  const rows = [];
  let after = 0;
  for (;;) {
    const r = await attempt(() => api.get(`/significant?after=${after}`));
    if (!r || !r.events.length) break;
    rows.push(...r.events);
    after = r.events[r.events.length - 1].seq;
    if (r.events.length < 1000) break;
  }
  const newest = rows.slice(-300).reverse();
  document.getElementById("log").replaceChildren(
    h("p.muted", {}, `${rows.length} significant events; the newest ${newest.length} shown, newest first.`),
    grid("significant events", ["#", "what", "who", "detail", "at (UTC)"], newest.map((r) => {
      const e = r.event;
      const detail = e.detail.length > 160 ? h("span", { title: e.detail }, `${e.detail.slice(0, 160)}…`) : e.detail;
      return { cells: [String(r.seq), e.what, e.who, detail, e.at] };
    })));
}

async function init() {
  const rows = await board();
  const sel = document.getElementById("find-table");
  for (const r of rows.filter((x) => x.kind === "cash")) sel.append(h("option", { value: r.table }, r.table));
  document.getElementById("find").addEventListener("submit", find);
  document.getElementById("viewer").addEventListener("change", (e) => open(replay.table, replay.hand, e.target.value));
  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("prev").addEventListener("click", () => show(step - 1));
  document.getElementById("next").addEventListener("click", () => show(step + 1));
  document.getElementById("last").addEventListener("click", () => show(replay.steps.length - 1));
  document.getElementById("export").addEventListener("click", () => download(`/audit/rounds/${encodeURIComponent(replay.table)}/${replay.hand}/phh`, `croupier-${replay.table}-${replay.hand}.phh`));
  document.getElementById("verify-deck").addEventListener("click", verifyDeck);
  document.getElementById("verify-chain").addEventListener("click", verifyChain);
  document.getElementById("read-log").addEventListener("click", readLog);
  document.addEventListener("keydown", (e) => {
    if (!replay || e.target.closest("input, select")) return;
    if (e.key === "ArrowRight") show(step + 1);
    if (e.key === "ArrowLeft") show(step - 1);
  });
  if (params.get("table")) document.getElementById("find-table").value = params.get("table");
  await find();
}

init();
