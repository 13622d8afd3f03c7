"""A tournament served by the real app over a store: its conditions, a clock the test moves."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from croupier.service.api import create_app
from support.service import Room, add_users

CONDITIONS = """
name = "Thursday freezeout"
date = 2026-11-26T19:00:00
rules = "qld-tournament-2020"
entry_fee = 50
admin_fee = 10
starting_stack = 1000
max_entrants = 6
table_size = 4
final_table_size = 4
chips = [25, 100]
payouts = [70, 30]
structure = "full-pot"

[[levels]]
small_blind = 25
big_blind = 50
minutes = 10

[[levels]]
small_blind = 50
big_blind = 100
minutes = 10

[[levels]]
break = true
minutes = 5

[[levels]]
small_blind = 100
big_blind = 200
minutes = 10
"""


PLAYERS = [f"p{i}" for i in range(1, 7)]


T = "thu"


class Clock:
    """The server's clock, set by the test (seconds)."""

    def __init__(self) -> None:
        self.now = 1_000_000

    def __call__(self) -> int:
        return self.now


@contextmanager
def serve(url: str, clock: Clock) -> Iterator[Room]:
    app = create_app(url, clock=clock, shoe_seed=7)
    with TestClient(app) as client:
        yield Room(client)


def opened(room: Room, entries: list[str] = PLAYERS) -> None:
    """The tournament open with ``entries`` entered; the dealer assigned to its tables."""
    room.ok("director", {"type": "OpenTournament", "tournament": T, "conditions": CONDITIONS})
    for p in entries:
        room.ok("cashier", {"type": "EnterTournament", "tournament": T, "player": p})
    assign(room, [1, 2])


def assign(room: Room, tables: list[int]) -> None:
    """The dealer assigned to these tables of the tournament (as ``TOURNAMENT/N``)."""
    me = room.c.get("/me", headers=room.headers("dealer")).json()
    for table in {f"{T}/{n}" for n in tables} - set(me["tables"]):
        r = room.c.post(
            "/users/dealer/tables", json={"table": table}, headers=room.headers("admin")
        )
        assert r.status_code == 200, r.text


def state(room: Room, who: str = "director") -> dict[str, Any]:
    r = room.c.get(f"/tournaments/{T}", headers=room.headers(who))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


HAND = f"/tournaments/{T}/tables/1"


def url_of(tmp_path: Path) -> str:
    u = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(u, len(PLAYERS))
    return u


def hand(room: Room, who: str = "director") -> dict[str, Any]:
    r = room.c.get(f"{HAND}/hand", headers=room.headers(who))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def live(name: str, table: int = 1, **more: Any) -> dict[str, Any]:
    """A live-hand command at table ``table`` of the tournament, as data."""
    return {"type": name, "tournament": T, "number": table, **more}


def act(room: Room, who: str, action: str, **more: Any) -> Any:
    return room.send(who, live("TournamentAct", action=action, **more))


def deal(room: Room, who: str = "dealer") -> dict[str, Any]:
    r = room.send(who, live("DealTournamentHand"))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def start(room: Room) -> None:
    opened(room)
    room.ok("director", {"type": "StartTournament", "tournament": T})
