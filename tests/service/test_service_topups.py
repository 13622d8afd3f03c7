"""Top-up requests through the service's API: a player asks from their seat (for themselves
only), the cashier sees the request at ``GET /room/topups`` and tops the player up or declines
it, and the player reads the answer; the request moves no money. Seat-change requests show
on the waiting lists."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.service import Room, served


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    with served(f"sqlite:///{tmp_path / 'room.db'}") as r:
        r.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        yield r


def topups(room: Room, who: str) -> dict[str, Any]:
    r = room.c.get("/room/topups", headers=room.headers(who))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def ledger(room: Room) -> dict[str, Any]:
    body: dict[str, Any] = room.c.get("/room/ledger", headers=room.headers("cashier")).json()
    return body


def test_a_player_asks_the_cashier_tops_up_or_declines(room: Room) -> None:
    before = ledger(room)["ledger"]["cash_in"]
    room.ok("p1", {"type": "RequestTopUp", "player": "p1", "table": "t1", "cash": 50})
    room.ok("p2", {"type": "RequestTopUp", "player": "p2", "table": "t1", "cash": 30})
    # a player asks only for themselves; the cashier does not ask for them
    r = room.send("p1", {"type": "RequestTopUp", "player": "p3", "table": "t1", "cash": 10})
    assert r.status_code == 403
    r = room.send("cashier", {"type": "RequestTopUp", "player": "p3", "table": "t1", "cash": 10})
    assert r.status_code == 403
    # a top-up is a whole, positive amount; the refusal names the cage's clause
    r = room.send("p3", {"type": "RequestTopUp", "player": "p3", "table": "t1", "cash": 0})
    assert r.status_code == 409 and r.json()["clause"] == "croupier cage"
    assert ledger(room)["ledger"]["cash_in"] == before  # requests move no money

    cage = topups(room, "cashier")["pending"]
    assert {(x["player"], x["cash"]) for x in cage} == {("p1", 50), ("p2", 30)}
    mine = topups(room, "p1")
    assert [x["player"] for x in mine["pending"]] == ["p1"]  # not the others' requests

    room.ok("cashier", {"type": "BuyIn", "player": "p1", "table": "t1", "cash": 50})
    r = room.send("cashier", {"type": "DeclineTopUp", "player": "p2", "table": "t1"})
    assert r.status_code == 409 and r.json()["clause"] == "croupier cage"  # say why
    room.ok(
        "cashier",
        {"type": "DeclineTopUp", "player": "p2", "table": "t1", "reason": "see the floor"},
    )
    assert topups(room, "cashier")["pending"] == []
    assert topups(room, "p1")["answered"] == [
        {"table": "t1", "topped_up": 50, "at": topups(room, "p1")["answered"][0]["at"]}
    ]
    answer = topups(room, "p2")["answered"]
    assert [(x["table"], x.get("declined")) for x in answer] == [("t1", "see the floor")]
    assert ledger(room)["conserved"]


def test_seat_change_requests_show_on_the_lists_each_player_only_their_own(room: Room) -> None:
    room.ok("p1", {"type": "RequestSeatChange", "player": "p1", "table": "t1"})
    room.ok("p2", {"type": "RequestSeatChange", "player": "p2", "table": "t1"})

    def asking(who: str) -> list[str]:
        body = room.c.get("/room/lists", headers=room.headers(who)).json()
        (table,) = [t for x in body["lists"] for t in x["tables"] if t["table"] == "t1"]
        found: list[str] = table["seat_changes"]
        return found

    assert asking("floor") == ["p1", "p2"]
    assert asking("p1") == ["p1"] and asking("p3") == []
