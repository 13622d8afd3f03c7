"""The demo's bots (``croupier serve --demo --bots``, what ``./dev run`` starts): they play at
every demo table after a start, for bot accounts only, and a person's seat holds up nobody.

The first test runs the real command. In the test venv every extra is installed, so it cannot
see a runtime dependency missing from a fresh install (the bots once died at start with
``ModuleNotFoundError: httpx``, a test extra, and every table waited at "0 played"):
tests/test_dependencies.py checks the package's imports against its dependencies for that.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from croupier.client import Client, play_round
from croupier.service import demo
from croupier.service.api import create_app
from support.service import served
from support.web import Server, seeded_copy

PASSWORD = demo.PASSWORD


def _board(url: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{url}/room/board", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_the_demos_bots_play_at_every_table_within_a_minute_of_a_start(tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db", "--bots", seeded=False)  # seeded by serve --demo
    server.start()
    try:
        token = server.token("floor")
        began = time.monotonic()
        board = _board(server.url, token)
        while time.monotonic() - began < 60:
            board = _board(server.url, token)
            assert board["background_failed"] == [], board["background_failed"]
            if all(board["played"].get(t, 0) >= 1 for t in demo.TABLES):
                break
            time.sleep(0.5)
        took = time.monotonic() - began
        played = {t: board["played"].get(t, 0) for t in demo.TABLES}
        assert all(n >= 1 for n in played.values()), f"after {took:.0f} s: {played}"
        print(f"\nevery demo table played a round within {took:.1f} s: {played}")
        # the bots act for bot accounts only: nobody logged in as the demo's person
        r = httpx.get(
            f"{server.url}/significant",
            headers={"Authorization": f"Bearer {server.token('auditor')}"},
        )
        events = [e["event"] for e in r.json()["events"]]
        logins = {e["who"] for e in events if e["what"] == "log-in"}  # the contract: a value
        assert "bot7" in logins and not set(demo.HUMANS) & logins
    finally:
        server.stop()


# ------------------------------------------------------------------------------------------
# The demo room in process (a copy of the one seeded once: its password hashes take seconds)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Client]:
    path = tmp_path / "room.db"
    seeded_copy(path)
    with TestClient(create_app(f"sqlite:///{path}", shoe_seed=5)) as http:
        yield Client(http, lambda _: PASSWORD)


def test_the_person_at_dun_1_holds_up_no_round_until_they_come_back(room: Client) -> None:
    """``you`` are seated sitting out: the bots' rounds at dun-1 go on without them (no round
    waits for a person nobody plays as); back with a post, they are dealt in at once."""
    _, tv = room.view("dealer", "dun-1")
    assert (4, "you", "sitting out") in tv.seats
    rng = random.Random(3)
    for _ in range(2):
        play_round(room, "dun-1", rng, bots=demo.BOTS)  # returns: nobody to wait for
    _, tv = room.view("dealer", "dun-1")
    assert tv.hands == 2
    room.ok("you", {"type": "Return", "table": "dun-1", "post": True})
    room.ok("dealer", {"type": "StartRound", "table": "dun-1"})
    _, tv = room.view("you", "dun-1")
    assert "you" in tv.players and tv.round is not None


def test_the_demos_bots_are_bot_accounts_and_the_day_report_tells_their_money(
    room: Client,
) -> None:
    users = room.c.app.state.service.directory.users.users  # type: ignore[attr-defined]
    assert all(users[b].bot for b in demo.BOTS)
    assert not any(users[n].bot for n in (*demo.HUMANS, *demo.STAFF))
    r = room.c.get("/reports/day", headers=room.headers("floor"))
    assert r.status_code == 200, r.text
    rows = {t["table"]: t for t in r.json()["tables"]}
    qld, dun = rows["qld-1"], rows["dun-1"]
    assert qld["cash_in"] == qld["bots_cash_in"] > 0  # only bots at qld-1
    people = dun["cash_in"] - dun["bots_cash_in"]
    assert people == 160  # the person's buy-in at dun-1 (four minimum stakes of 40)


def test_the_bots_top_up_only_bots(tmp_path: Path) -> None:
    """A person short of chips at the bots' table is not bought more chips by the bots (the
    cage tops a person up only when they ask, ``RequestTopUp``); a short bot is."""
    with served(f"sqlite:///{tmp_path / 'room.db'}", players=4) as r:
        r.open_table("t1", "dunedin-house", [])
        for n, (p, cash) in enumerate({"p1": 40, "p2": 400, "p3": 400, "p4": 40}.items(), 1):
            seat = {"type": "TakeSeat", "table": "t1", "seat": n, "cash": cash, "post": True}
            r.ok("cashier", {**seat, "player": p})
        r.ok("floor", {"type": "SitOut", "table": "t1", "player": "p4"})
        play_round(r, "t1", random.Random(1), bots={"p1", "p2", "p3"})
        assert [who for kind, who in r.accepted if kind == "BuyIn"] == ["cashier"]  # one
        _, tv = r.view("dealer", "t1")
        assert dict(tv.stacks)["p4"] == 40  # untouched: no buy-in, not dealt in
        assert tv.hands == 1


def test_a_person_in_the_round_is_waited_for_not_played(tmp_path: Path) -> None:
    """The bots never act for a person: the round waits for them to act themselves."""
    with served(f"sqlite:///{tmp_path / 'room.db'}", players=4) as r:
        r.open_table("t1", "dunedin-house", ["p1", "p2", "p3", "p4"])
        done = threading.Event()
        failed: list[BaseException] = []

        def bots() -> None:
            try:
                play_round(r, "t1", random.Random(2), bots={"p1", "p2", "p3"}, poll=0.02)
            except BaseException as e:
                failed.append(e)
            done.set()

        t = threading.Thread(target=bots, daemon=True)
        t.start()
        acted = 0
        deadline = time.monotonic() + 30
        while not done.wait(0.05) and time.monotonic() < deadline:
            _, tv = r.view("dealer", "t1")
            actor = None if tv.round is None else tv.round.actor
            if actor is not None and tv.players[actor] == "p4":
                r.ok("p4", {"type": "Fold", "table": "t1"})
                acted += 1
        assert done.is_set() and not failed, failed
        assert acted == 1
        assert not [c for c, who in r.accepted if who == "p4" and c != "Fold"]
