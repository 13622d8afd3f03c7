// The manager's day report: per table rounds dealt, commission and fees, cash in and out at the
// cage (and of it the bot accounts'); rounds and commission by hour as an inline SVG chart;
// tournaments; CSV download.
import { api, attempt, h, params } from "/ui/croupier.js";
import { download, grid, screen } from "/ui/staff.js";

screen("Day report", ["admin", "auditor", "floor"]);

const SVG = "http://www.w3.org/2000/svg";
function s(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

/** Bars: rounds started each hour; line: commission each hour (its own scale, on the right). */
export function chart(hours) {
  const W = 960, H = 300, L = 50, R = 60, T = 20, B = 40;
  const w = (W - L - R) / 24;
  const maxR = Math.max(1, ...hours.map((x) => x.rounds));
  const maxC = Math.max(1, ...hours.map((x) => x.commission));
  const y = (v, max) => T + (H - T - B) * (1 - v / max);
  const bars = hours.map((x) => s("rect", { class: "bar", x: L + x.hour * w + 3, y: y(x.rounds, maxR), width: w - 6, height: H - B - y(x.rounds, maxR), "data-hour": x.hour, "data-rounds": x.rounds },
    s("title", {}, `${String(x.hour).padStart(2, "0")}:00 — ${x.rounds} rounds, commission ${x.commission}`)));
  const points = hours.map((x) => `${L + x.hour * w + w / 2},${y(x.commission, maxC)}`).join(" ");
  const labels = hours.filter((x) => x.hour % 3 === 0).map((x) => s("text", { x: L + x.hour * w + w / 2, y: H - B + 18, "text-anchor": "middle" }, `${String(x.hour).padStart(2, "0")}h`));
  return s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `rounds (bars, up to ${maxR}) and commission (line, up to ${maxC}) by hour` },
    s("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B }),
    s("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }),
    s("line", { class: "axis", x1: W - R, y1: T, x2: W - R, y2: H - B }),
    s("text", { x: L - 6, y: T + 4, "text-anchor": "end" }, maxR),
    s("text", { x: L - 6, y: H - B, "text-anchor": "end" }, 0),
    s("text", { x: W - R + 6, y: T + 4 }, maxC),
    s("text", { x: W - R + 6, y: H - B }, 0),
    s("text", { x: L, y: 14 }, "■ rounds (left scale)"),
    s("text", { x: W - R - 200, y: 14 }, "— commission (right scale)"),
    ...bars, s("polyline", { class: "line", points }), ...labels);
}

/** While the report is on its way: say so where it will appear, and mark the page busy. */
function waiting(day, busy) {
  const main = document.querySelector("main");
  if (!busy) { main.removeAttribute("aria-busy"); return; }
  main.setAttribute("aria-busy", "true");
  const note = (what) => h("p.muted.loading", { role: "status" }, `Loading ${what}${day ? ` of ${day}` : ""}…`);
  document.getElementById("tables").replaceChildren(note("the day report"));
  document.getElementById("chart").replaceChildren();
  document.getElementById("tournaments").replaceChildren();
}

async function show(day) {
  waiting(day, true);
  const r = await attempt(() => api.get(`/reports/day${day ? `?day=${day}` : ""}`));
  waiting(day, false);
  if (!r) {
    document.getElementById("tables").replaceChildren(h("p.muted", {}, "The report could not be loaded."));
    return;
  }
  const sel = document.getElementById("day");
  const days = r.days.includes(r.day) ? r.days : [...r.days, r.day];
  sel.replaceChildren(...days.map((d) => h("option", { value: d, selected: d === r.day }, d)));
  const row = (t) => [t.table, t.kind, String(t.rounds), String(t.voided), String(t.commission), String(t.fees), String(t.cash_in), String(t.cash_out), String(t.bots_cash_in ?? 0), String(t.bots_cash_out ?? 0)];
  const body = [...r.tables.map((t) => ({ cells: row(t), t })), { cells: row(r.totals), t: r.totals, total: true }];
  document.getElementById("tables").replaceChildren(grid(`per table on ${r.day}`, ["table", "kind", "rounds dealt", "voided", "commission", "fees", "cash in", "cash out", "bots' cash in", "bots' cash out"], body,
    (x) => ({ "data-table": x.t.table, class: x.total ? "totals" : "" })));
  document.getElementById("chart").replaceChildren(chart(r.hours));
  const tours = r.tournaments.map((t) => ({ cells: [t.tournament, t.name, String(t.entries), String(t.buys), String(t.refunds), String(t.pool), String(t.fees), t.prizes.length ? t.prizes.map((p) => `${p.player} ${p.amount}`).join(", ") : "none paid",
    t.places.length ? t.places.map((p) => `${p.place}. ${p.player}${p.prize ? ` (${p.prize})` : ""}`).join(", ") : "not awarded yet"] }));
  document.getElementById("tournaments").replaceChildren(tours.length ? grid("tournaments", ["tournament", "name", "entries", "re-buys, add-ons, re-entries", "refunded", "prize pool", "fees", "prizes paid", "results (places)"], tours) : h("p.muted", {}, "No tournament entries or prizes this day."));
  history.replaceState(null, "", `?day=${r.day}`);
}

document.getElementById("day").addEventListener("change", (e) => show(e.target.value));
document.getElementById("csv").addEventListener("click", () => {
  const day = document.getElementById("day").value;
  download(`/reports/day.csv?day=${day}`, `croupier-day-${day}.csv`);
});
show(params.get("day"));
