"""A table change through the service's API (``MoveTable``): only the floor moves a player;
the player's chips go with them to the other table, no cash moves, the ledger stays conserved;
a refusal names its clause and changes nothing; the move survives a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from croupier.service.store import audit
from croupier.service.store.store import EventStore
from support.service import Room, served

ROLES = ("admin", "dealer", "director", "cashier", "auditor", "p1")


def ledger(room: Room) -> dict[str, Any]:
    body: dict[str, Any] = room.c.get("/room/ledger", headers=room.headers("floor")).json()
    return body


def stacks(room: Room, table: str) -> dict[str, int]:
    _, view = room.view("floor", table)
    return dict(view.stacks)


def move(player: str, seat: int, to: str = "t2", table: str = "t1") -> dict[str, Any]:
    return {"type": "MoveTable", "player": player, "table": table, "to": to, "seat": seat}


def test_only_the_floor_moves_a_player_and_the_chips_go_with_them(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with served(url) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        room.open_table("t2", "dunedin-house", ["p4", "p5"])
        before = ledger(room)
        for who in ROLES:
            r = room.send(who, move("p1", 4))
            assert r.status_code == 403, (who, r.text)
            assert r.json()["clause"] == "croupier roles"
        # refused: seat 1 at t2 is p4's; nothing changes
        r = room.send("floor", move("p1", 1))
        assert r.status_code == 409 and r.json()["clause"] and "taken" in r.json()["refused"]
        assert stacks(room, "t1")["p1"] == 400 and "p1" not in stacks(room, "t2")
        assert ledger(room) == before
        done = room.ok("floor", move("p1", 4))
        assert "Moved p1 with 400 chips from table t1 to seat 4 at table t2" in done["said"]
        assert "p1" not in stacks(room, "t1") and stacks(room, "t2")["p1"] == 400
        after = ledger(room)
        assert after["conserved"] and after["ledger"] == before["ledger"]  # no cash moved
        _, view = room.view("floor", "t2")
        assert (4, "p1") in [(s, p) for s, p, _ in view.seats]
    store = EventStore(url)  # the audit folds every stream: the chain and the money hold
    try:
        report = audit.verify(store)
        assert report["ok"], report["problems"]
    finally:
        store.close()
    with served(url, users=False) as again:  # the move is in the streams: a restart keeps it
        assert stacks(again, "t2")["p1"] == 400 and "p1" not in stacks(again, "t1")
        assert ledger(again)["conserved"]


def test_no_move_mid_hand_nor_to_another_game(tmp_path: Path) -> None:
    with served(f"sqlite:///{tmp_path / 'room.db'}") as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        room.open_table("t2", "dunedin-house", ["p4"])
        room.open_table("o1", "act-omaha-2017", ["p5"])
        room.ok("dealer", {"type": "StartRound", "table": "t1"})
        before = ledger(room), stacks(room, "t1"), stacks(room, "t2")
        r = room.send("floor", move("p2", 3))
        assert r.status_code == 409, r.text
        assert r.json()["clause"].startswith("dunedin-house") and "round" in r.json()["refused"]
        r = room.send("floor", move("p4", 2, to="o1", table="t2"))
        assert r.status_code == 409 and r.json()["clause"] == "croupier room"
        assert "same game and stakes" in r.json()["refused"]
        assert (ledger(room), stacks(room, "t1"), stacks(room, "t2")) == before
        # a malformed move is answered 422 with the reason, never 500
        r = room.send("floor", {"type": "MoveTable", "player": "p4", "table": "t2"})
        assert r.status_code == 422 and "missing field" in r.text
