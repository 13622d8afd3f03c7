// The log-in and the room board: every table with its game, stakes, seats, waiting list and
// rounds played; above it, an alert for each part of the server that stopped (the demo's bots,
// a timer), with when and (for staff) why.
import { api, attempt, follow, h, header, params, plain, say, session, timeOfDay } from "/ui/croupier.js";

/** The screens each role has (besides the board). */
const LISTS = ["Waiting lists", "/ui/lists.html"];
const REPORT = ["Day report", "/ui/report.html"];
const AUDIT = ["Audit (recall)", "/ui/audit.html"];
const SCREENS = {
  player: [LISTS],
  dealer: [],
  floor: [LISTS, AUDIT, REPORT],
  director: [],
  cashier: [["The cage", "/ui/cashier.html"], LISTS],
  auditor: [AUDIT, REPORT],
  admin: [LISTS, AUDIT, REPORT],
};

/** Where a row of the board leads, for this role. */
export function tableLink(row) {
  if (row.kind === "cash") return `/ui/table.html?table=${encodeURIComponent(row.table)}`;
  if (row.kind === "uth") return `/ui/uth.html?table=${encodeURIComponent(row.table)}`;
  if (row.kind === "uth-tournament") return `/ui/uth-tournament.html?tournament=${encodeURIComponent(row.table)}`;
  return `/ui/tournament.html?tournament=${encodeURIComponent(row.table)}`;
}

/** The board read once, then followed on its stream socket: the server pushes it again after
 *  every commit that changes it (from the number the read was at: nothing is missed). */
async function showBoard() {
  const data = await attempt(() => api.get("/room/board"));
  if (data) render(data);
  follow("/ws/room/board", (msg) => {
    const board = msg.view !== undefined ? msg.view : msg.snapshot;
    if (board) render(board);
  }, () => {}, data && typeof data.seq === "number" ? { after: data.seq } : {});
}

function render(data) {
  const rows = plain(data.board);
  const played = data.played || {};
  showFailed(data.background_failed || []);
  const body = document.querySelector("#board tbody");
  body.replaceChildren(
    ...rows.map((r) =>
      h("tr", { "data-table": r.table },
        h("td", {}, h("a", { href: tableLink(r) }, r.table)),
        h("td", {}, r.kind),
        h("td", {}, r.game),
        h("td", {}, r.stakes),
        h("td", {}, r.kind === "uth-tournament" ? `${r.waiting} entries` : r.kind === "tournament" ? `${r.entries ?? 0} entries` : `${r.taken} of ${r.seats}`),
        h("td", {}, r.kind === "cash" ? String(r.waiting) : ""),
        h("td", { class: "played" }, r.table in played ? `${played[r.table]} played` : ""),
        h("td", {}, h("a", { href: tableLink(r) }, "Open"),
          r.kind === "tournament" ? [" \u00b7 ", h("a", { href: `/ui/clock.html?tournament=${encodeURIComponent(r.table)}` }, "Wall clock")] : null),
      ),
    ),
  );
}

/** One alert line per background part that stopped: the room may not be running as it should. */
export function showFailed(failed) {
  document.getElementById("alerts").replaceChildren(...failed.map((f) =>
    h("p.status.refused.alert", { "data-part": f.part },
      `Stopped: ${f.part}, at ${timeOfDay(Date.parse(f.at) / 1000)}`,
      f.why ? ` (${f.why})` : "", ". Tell the floor; a restart of the server starts it again.")));
}

function showRoom() {
  header("The room");
  say(`Logged in as ${session.name} (${session.role}).`, "", "ok");
  document.getElementById("login").hidden = true;
  document.getElementById("room").hidden = false;
  const nav = document.getElementById("screens");
  nav.replaceChildren(...(SCREENS[session.role] || []).map(([label, href]) => h("a", { href }, label)));
  showBoard();
}

document.getElementById("login").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const name = document.getElementById("name").value;
  const password = document.getElementById("password").value;
  const r = await attempt(() => api.login(name, password));
  if (!r) return;
  const next = params.get("next");
  if (next && next.startsWith("/ui/")) location.href = next;
  else showRoom();
});

if (session.token) showRoom();
else {
  header("Log in");
  document.getElementById("login").hidden = false;
  say("Log in with your name and password.");
}
