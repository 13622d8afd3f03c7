"""Measure the web console on loopback: the first load of a player's table page, and how long a
player's action takes to reach the other players' (and the dealer's) pages.

    python scripts/web_latency.py [--actions 60] [--loads 20]

It starts ``croupier serve --demo`` on a throw-away database, drives Debian's Chromium through
Playwright (``executable_path``; nothing is downloaded) and prints the numbers as JSON:

* ``first_load_ms``: from navigation to the page's first render of the table (the view fetched
  over the API), a fresh browser context each time (nothing cached), and the ``load`` event;
* ``action_to_pages_ms``: from the click on a player's action button to the render of its
  effect on each other page (two players' phones and the dealer's tablet), over websockets
  (the action shown from its event); ``action_to_full_view_ms``: to the render of the view
  fetched after it (whose turn is next, their legal actions);
  ``action_accepted_ms``: from the click to the acting page's answer (the command committed).

Every page runs in the same browser, so one clock (``Date.now()``) times both ends.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]
PLAYERS = ("bot1", "bot2", "bot3")
TABLE = "qld-1"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _summary(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]
    return {
        "n": len(xs),
        "p50": round(statistics.median(xs), 1),
        "p95": round(p95, 1),
        "max": round(xs[-1], 1),
    }


class Room:
    def __init__(self, url: str) -> None:
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=30)
        self.tokens: dict[str, str] = {}

    def token(self, name: str) -> str:
        if name not in self.tokens:
            r = self.http.post("/login", json={"name": name, "password": "demo"})
            r.raise_for_status()
            self.tokens[name] = r.json()["token"]
        return self.tokens[name]

    def view(self) -> tuple[int, dict[str, Any]]:
        r = self.http.get(
            f"/tables/{TABLE}/view", headers={"Authorization": f"Bearer {self.token('dealer')}"}
        )
        r.raise_for_status()
        body = r.json()
        return int(body["seq"]), body["view"]

    def start_round(self) -> None:
        r = self.http.post(
            "/commands",
            json={"type": "StartRound", "table": TABLE},
            headers={"Authorization": f"Bearer {self.token('dealer')}"},
        )
        r.raise_for_status()


def _page(browser: Any, room: Room, name: str, viewport: dict[str, int]) -> Any:
    ctx = browser.new_context(viewport=viewport)
    # the session a log-in leaves in the tab (the log-in page is not what is measured)
    role = "dealer" if name == "dealer" else "player"
    ctx.add_init_script(
        f"sessionStorage.setItem('croupier.name', {json.dumps(name)});"
        f"sessionStorage.setItem('croupier.role', {json.dumps(role)});"
        f"sessionStorage.setItem('croupier.token', {json.dumps(room.token(name))});"
    )
    return ctx.new_page()


FIRST_RENDER = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const first = window.croupierTable.renders[0].at - performance.timeOrigin;
  return {render: first, load: nav.loadEventEnd, domready: nav.domContentLoadedEventEnd};
}"""

# when the acting page had the server's answer to its command (0: not yet)
RESPONDED = """t => {
  const done = performance.getEntriesByType('resource')
    .filter(e => e.name.endsWith('/commands') && performance.timeOrigin + e.startTime >= t - 1);
  return done.length ? performance.timeOrigin + done[0].responseEnd : 0;
}"""

# when a page first showed the action (its chips, from the event), and its full view
SEEN = """s => {
  const rs = window.croupierTable.renders;
  return [rs.find(r => r.seq >= s).at, rs.find(r => r.seq >= s && r.full).at];
}"""

CLICK = """() => {
  const b = document.querySelector('#actions button.call') ||
    document.querySelector('#actions button.raise');
  const t = Date.now();
  b.click();
  return t;
}"""


def measure(url: str, actions: int, loads: int, chromium: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    room = Room(url)
    out: dict[str, Any] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        phone = {"width": 390, "height": 844}
        # first loads: each in a fresh context (an empty cache)
        renders, load_events = [], []
        for _ in range(loads + 1):
            page = _page(browser, room, "bot1", phone)
            page.goto(f"{url}/ui/table.html?table={TABLE}")
            page.wait_for_function("window.croupierTable && window.croupierTable.renders.length")
            page.wait_for_load_state("load")
            t = page.evaluate(FIRST_RENDER)
            renders.append(t["render"])
            load_events.append(t["load"])
            page.context.close()
        # the first load warms the server's code paths up: not counted
        out["first_load_ms"] = {
            "first_render": _summary(renders[1:]),
            "load_event": _summary(load_events[1:]),
        }
        pages = {p: _page(browser, room, p, phone) for p in PLAYERS}
        pages["dealer"] = _page(browser, room, "dealer", {"width": 1024, "height": 768})
        for p in pages.values():
            p.goto(f"{url}/ui/table.html?table={TABLE}")
            p.wait_for_selector("body[data-conn=live]")
        lags: list[float] = []
        accepted: list[float] = []
        fulls: list[float] = []
        while len(lags) < actions * 3:
            seq, view = room.view()
            r = view["round"]
            if r is None:
                room.start_round()
                continue
            if r["actor"] is None:
                time.sleep(0.05)
                continue
            actor = view["players"]["$tuple"][r["actor"]]
            page = pages[actor]
            page.wait_for_function("s => window.croupierTable.seq >= s", arg=seq)
            page.wait_for_selector("#actions button")
            clicked = page.evaluate(CLICK)
            deadline = time.monotonic() + 10
            while room.view()[0] == seq:
                if time.monotonic() > deadline:
                    raise RuntimeError("the action was not accepted")
                time.sleep(0.005)
            head = room.view()[0]
            page.wait_for_function(RESPONDED, arg=clicked)
            accepted.append(page.evaluate(RESPONDED, clicked) - clicked)
            for name, other in pages.items():
                if name == actor:
                    continue
                other.wait_for_function("s => window.croupierTable.seq >= s", arg=head)
                other.wait_for_function(
                    "s => window.croupierTable.renders.some(r => r.seq >= s && r.full)", arg=head
                )
                seen, full = other.evaluate(SEEN, seq + 1)
                lags.append(seen - clicked)
                fulls.append(full - clicked)
        out["action_to_pages_ms"] = _summary(lags)
        out["action_to_full_view_ms"] = _summary(fulls)
        out["action_accepted_ms"] = _summary(accepted)
        browser.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--actions", type=int, default=60, help="player actions timed")
    ap.add_argument("--loads", type=int, default=20, help="first loads timed")
    args = ap.parse_args()
    chromium = os.environ.get("CROUPIER_CHROMIUM") or shutil.which("chromium")
    chromium = chromium or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp:
        port = _port()
        url = f"http://127.0.0.1:{port}"
        db = f"sqlite:///{Path(tmp) / 'room.db'}"
        server = subprocess.Popen(
            [*CLI, "serve", "--demo", "--db", db, "--port", str(port)],
            stdout=subprocess.DEVNULL,
        )
        try:
            for _ in range(600):
                try:
                    if httpx.get(f"{url}/openapi.json", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            result = measure(url, args.actions, args.loads, chromium)
        finally:
            server.terminate()
            server.wait(10)
    result["server"] = "compiled" if os.environ.get("CROUPIER_PURE") != "1" else "pure Python"
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
