"""Every message a browser receives is in the message contract, in Chromium against ``croupier
serve --demo``: a player's page, the dealer's page, the UTH pages and the board, over hands
played at a cash table and a UTH round settled, record every JSON response and websocket
frame they receive; none carries a storage tag (``$t``, ``$tuple``, ``$card``...) or a Python
path. The UTH page renders a settlement's pay lines from the contract's plain view."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from croupier.cards import Card
from croupier.service import contract
from croupier.uth.settle import Box, settle
from croupier.uth.view import BoxResult, UthBoxView, UthTableView
from support.web import Server, login
from support.web_table import caught_up, table_view

#: A storage tag, or a Python path (``croupier.table.events:RoundStarted``).
TAGGED = re.compile(r'"\$(t|tuple|card|enum|set|frozenset|map)"|croupier\.[a-z_]+[.:][A-Za-z_]')
UTH = "uth-1"


@pytest.fixture
def server(module_server: Server) -> Server:
    """One room for both tests: the second's page reads a view the test sends it, not the
    room's, and changes nothing."""
    return module_server


class Received:
    """Every JSON body and websocket frame a page receives, and its script errors."""

    def __init__(self) -> None:
        self.bodies: list[tuple[str, str]] = []
        self.errors: list[str] = []

    def follow(self, page: Any) -> Any:
        def on_response(r: Any) -> None:
            if "json" not in r.headers.get("content-type", ""):
                return
            try:
                self.bodies.append((r.url, r.text()))
            except Exception as e:  # a body gone with its page: say so
                self.bodies.append((r.url, f"<unread: {e}>"))

        def on_ws(ws: Any) -> None:
            ws.on("framereceived", lambda payload: self.bodies.append((ws.url, str(payload))))

        page.on("response", on_response)
        page.on("websocket", on_ws)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        return page

    def tagged(self) -> list[tuple[str, str]]:
        return [(url, body[:300]) for url, body in self.bodies if TAGGED.search(body)]


def page_at(browser: Any, server: Server, who: str, path: str, got: Received) -> Any:
    page = got.follow(browser.new_context(viewport={"width": 1280, "height": 900}).new_page())
    login(page, server, who)
    page.goto(server.url + path)
    return page


def send(server: Server, who: str, cmd: dict[str, Any]) -> int:
    r = server.http.post("/commands", json=cmd, headers=server.auth(who))
    return r.status_code


def play_hand(server: Server) -> None:
    """A hand at qld-1 from the shoe: each player checks or calls until it is over."""
    server.command("dealer", {"type": "StartRound", "table": "qld-1"})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        _, tv = table_view(server)
        if tv.round is None:
            return
        if tv.round.actor is not None:
            server.command(tv.players[tv.round.actor], {"type": "CheckCall", "table": "qld-1"})
    raise AssertionError("the hand did not end")


def uth_round(server: Server, players: tuple[str, ...]) -> None:
    """A UTH round to its settlement: each box checks where it may, else plays 1x."""
    server.command("dealer", {"type": "UthStartRound", "table": UTH})
    for p in players:
        wager = {"type": "UthPlaceWagers", "table": UTH, "ante": 10, "blind": 10, "trips": 5}
        server.command(p, wager)
    server.command("dealer", {"type": "UthDeal", "table": UTH})
    for _ in range(3):
        for p in players:
            if send(server, p, {"type": "UthCheck", "table": UTH}) != 200:
                send(server, p, {"type": "UthBet", "table": UTH, "multiple": 1})
    server.command("dealer", {"type": "UthSettle", "table": UTH})


def test_no_page_receives_a_storage_tag_or_a_python_path(browser: Any, server: Server) -> None:
    got = Received()
    for p in ("bot1", "bot2"):
        server.command("cashier", {"type": "UthBuyIn", "player": p, "table": UTH, "cash": 400})
    player = page_at(browser, server, "bot1", "/ui/table.html?table=qld-1", got)
    desk = page_at(browser, server, "dealer", "/ui/table.html?table=qld-1", got)
    board = page_at(browser, server, "you", "/ui/", got)
    uth = page_at(browser, server, "bot1", f"/ui/uth.html?table={UTH}", got)
    uth_desk = page_at(browser, server, "dealer", f"/ui/uth.html?table={UTH}", got)
    cage = page_at(browser, server, "cashier", "/ui/cashier.html", got)
    for page in (player, desk):
        page.wait_for_selector("body[data-conn=live]")
    for _ in range(2):
        play_hand(server)
    uth_round(server, ("bot1", "bot2"))
    seq, _ = table_view(server)
    caught_up([player, desk], seq)
    for page in (uth, uth_desk):  # the settlement, each box on its lines
        page.wait_for_selector('body[data-in-round="false"]')
        page.locator('.box[data-box="1"] table.lines').wait_for()
        page.locator('.box[data-box="2"] table.lines').wait_for()
    board.reload()  # the board read again, after the play
    board.wait_for_selector("#room:not([hidden])")
    cage.wait_for_selector("#ledger table")
    assert player.locator("#log li").count() > 10  # the player's page followed the hands
    urls = " ".join(url for url, _ in got.bodies)
    for read in ("/tables/qld-1/view", "/room/board", "/room/ledger", "/ws/uth/", "/ws/tables/"):
        assert read in urls, read  # each read was made, and recorded
    assert got.tagged() == []
    assert got.errors == []


def settled_view() -> UthTableView:
    """A UTH table between rounds, box 1 settled with aces full: Blind and Trips paid by
    their pay table's line (a hand category), Ante and Play even money."""

    def cards(text: str) -> list[Card]:
        return [Card.parse(c) for c in text.split()]

    board, dealer = cards("Ad Kc Kd 9s 3h"), cards("2c 7d")
    s = settle(Box(10, 10, 40, 5), cards("As Ah"), dealer, board)
    result = BoxResult(
        1, "bot1", False, s.player.words, s.player.best_five, s.results, 165, -110, "9.3"
    )
    box = UthBoxView(1, "bot1", 10, 10, 40, 5, False, tuple(cards("As Ah")), result)
    return UthTableView(
        ((1, "bot1", 565),), 10_000, False, "a round", "", tuple(board), tuple(dealer),
        s.dealer.words, s.dealer_qualifies, (box,), (),
    )  # fmt: skip


def test_the_uth_page_shows_pay_lines_by_their_hand_category(browser: Any, server: Server) -> None:
    """The view comes from the core, as the socket sends it (the server's shoe cannot be
    set): the page names each paid line's category ("Full house pays 8 to 1")."""
    view = contract.plain(settled_view())
    got = Received()
    page = got.follow(browser.new_context().new_page())
    login(page, server, "bot1")

    def socket(ws: Any) -> None:
        ws.send(json.dumps({"seq": 1, "snapshot": view}))

    page.route_web_socket(re.compile(r".*/ws/uth/.*"), socket)
    page.goto(f"{server.url}/ui/uth.html?table={UTH}")
    rows = page.locator('.box[data-box="1"] table.lines tbody tr')
    rows.first.wait_for()
    lines = {r.get_attribute("data-wager"): r.inner_text() for r in rows.all()}
    assert set(lines) == {"ante", "blind", "play", "trips"}
    assert "Full house pays 8 to 1" in lines["trips"]
    assert "Full house pays 3 to 1" in lines["blind"]
    assert "null" not in " ".join(lines.values())
    assert got.errors == []
