"""The cash table's screens in Chromium: opening a role's page at a table, reading the table as
the dealer's side sees it (to know who is to act), acting through a player's page."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from croupier.cards import Card
from croupier.service import contract
from croupier.views import TableView
from support.web import Server, login

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
DESK = {"width": 1280, "height": 900}


def open_table(
    browser: Any,
    server: Server,
    name: str,
    viewport: dict[str, int],
    table: str = "qld-1",
    frames: list[str] | None = None,
) -> Any:
    """A fresh browser context logged in as ``name`` on ``table``'s screen, live; every
    websocket frame the page receives is added to ``frames``."""
    ctx = browser.new_context(viewport=viewport, has_touch=True)
    page = ctx.new_page()
    if frames is not None:
        sink = frames

        def on_ws(ws: Any) -> None:
            ws.on("framereceived", lambda payload: sink.append(str(payload)))

        page.on("websocket", on_ws)
    login(page, server, name)
    page.goto(f"{server.url}/ui/table.html?table={table}")
    page.wait_for_selector("body[data-conn=live]")
    page.wait_for_selector("#seats .seat")
    return page


def table_view(server: Server, who: str = "dealer", table: str = "qld-1") -> tuple[int, TableView]:
    """``who``'s view of the table through the API, with its sequence number."""
    body = server.get(who, f"/tables/{table}/view")
    view = contract.decode(body["view"])
    assert isinstance(view, TableView)
    return int(body["seq"]), view


def caught_up(pages: list[Any], seq: int) -> None:
    """Wait until every page shows the table after event ``seq``."""
    for p in pages:
        p.wait_for_function(
            "s => window.croupierTable.seq >= s",
            arg=seq,
            timeout=15_000,
        )


def act(page: Any, server: Server, table: str = "qld-1") -> str:
    """The player's page acts once, as a calling station: check or call, else the smallest
    bet; the command's type."""
    seq, _ = table_view(server, table=table)
    caught_up([page], seq)
    page.locator("#actions button").first.wait_for()
    call = page.locator("#actions button.call")
    button = call if call.count() else page.locator("#actions button.raise")
    with page.expect_response(lambda r: r.url.endswith("/commands")) as reply:
        button.click()
    assert reply.value.status == 200, reply.value.text()
    return str(json.loads(reply.value.text())["type"])


def play_out(pages: dict[str, Any], server: Server, table: str = "qld-1", limit: float = 60) -> int:
    """Everyone acts through their page until the round in progress is over; the actions."""
    acted = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        _, tv = table_view(server, table=table)
        if tv.round is None:
            return acted
        if tv.round.actor is None:
            time.sleep(0.1)
            continue
        act(pages[tv.players[tv.round.actor]], server, table)
        acted += 1
    raise AssertionError(f"the round at {table} did not end within {limit} s")


CARD = re.compile(r"^([2-9TJQKA][cdhs])$")


def cards_in(x: Any, skip_shown: bool = False) -> set[int]:
    """Every card in a value of the message contract ("As"), in events, views and the words
    said with them; ``skip_shown``: not those of hands turned face up."""
    found: set[int] = set()

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            if skip_shown and v.get("type") == "HandShown":
                return
            for k, w in v.items():
                if k == "text" and isinstance(w, str):  # a line of words
                    if not (skip_shown and re.search(r"\bshows? ", w)):
                        found.update(int(Card.parse(t)) for t in w.split() if CARD.match(t))
                else:
                    walk(w)
        elif isinstance(v, list):
            for w in v:
                walk(w)
        elif isinstance(v, str) and CARD.match(v):
            found.add(int(Card.parse(v)))

    walk(x)
    return found


def card_ids(frame: str) -> set[int]:
    """Every card in a websocket frame (one message, or several a line)."""
    return set().union(*(cards_in(json.loads(line)) for line in frame.splitlines() if line))
