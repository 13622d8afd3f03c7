"""Disconnections over the served room (issue 15 §3): a player's last websocket to a table
closes, the server records it and keeps the seat for the table's grace period (here one
second of the server's real clock), then its timer records the expiry and the rulebook folds
the player's hand; the player reconnects and catches up by sequence number, with their view."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.service import contract
from croupier.service.api import create_app
from croupier.service.presence import connected
from croupier.service.store.significant import STREAM as SIGNIFICANT
from croupier.service.store.store import EventStore
from croupier.table.absence import (
    AbsentFolded,
    GraceExpired,
    PlayerDisconnected,
    PlayerReconnected,
)
from croupier.table.events import RoundProgressed, RoundStarted
from croupier.views import TableView
from support.service import Room, add_users, ticket

PLAYERS = ["p1", "p2", "p3"]
STREAM = "table:main/t1"
#: A grace the return beats even on a loaded machine (the clock counts whole seconds, so a
#: grace of one second may end at once).
GRACE = 3


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


@pytest.fixture
def room(url: str, request: pytest.FixtureRequest) -> Iterator[Room]:
    """t1 with a grace of one second, or of ``request.param`` seconds."""
    grace = getattr(request, "param", 1)
    add_users(url, len(PLAYERS))
    # the server's real clock in whole seconds: the grace timer waits on it
    app = create_app(url, clock=lambda: int(time.time()), shoe_seed=11)
    with TestClient(app) as client:
        r = Room(client)
        r.open_table("t1", "dunedin-house", PLAYERS, grace_seconds=grace)
        yield r


def stored(url: str) -> list[Any]:
    store = EventStore(url)
    try:
        return [r.event() for r in store.read(STREAM, 0, 10**9)]
    finally:
        store.close()


def wait_for(url: str, kind: type, seconds: float = 15) -> list[Any]:
    """The table's stored events once one of type ``kind`` is among them."""
    limit = time.monotonic() + seconds
    while True:
        events = stored(url)
        if any(isinstance(e, kind) for e in events):
            return events
        assert time.monotonic() < limit, f"no {kind.__name__} in {seconds} s"
        time.sleep(0.1)


def receive(ws: Any, upto: int) -> list[dict[str, Any]]:
    """Messages up to the one numbered ``upto`` (which the store holds: it will come)."""
    got: list[dict[str, Any]] = []
    while not got or got[-1].get("seq", -1) < upto or "reply" in got[-1]:
        got.append(ws.receive_json())
    return got


def test_a_dropped_player_is_folded_after_the_grace_and_catches_up_on_reconnect(
    room: Room, url: str
) -> None:
    start = room.ok("dealer", {"type": "StartRound", "table": "t1"})
    actor = start["actor"]
    assert actor in PLAYERS
    token = room.login(actor)
    with room.c.websocket_connect(f"/ws/tables/t1?ticket={ticket(room.c, token)}") as ws:
        seen = ws.receive_json()["seq"]  # the snapshot: the view after event ``seen``
    events = wait_for(url, AbsentFolded)
    dropped = next(e for e in events if isinstance(e, PlayerDisconnected))
    expired = next(e for e in events if isinstance(e, GraceExpired))
    assert dropped.player == expired.player == actor
    assert dropped.until == dropped.at + 1 and expired.at >= dropped.until
    i = next(n for n, e in enumerate(events) if isinstance(e, AbsentFolded))
    assert events[i] == AbsentFolded(actor, "dunedin-house 92", expired.at)
    assert isinstance(events[i + 1], RoundProgressed)  # the fold itself, recorded in the round
    position = next(p for p, who in enumerate(start_players(events)) if who == actor)
    assert type(events[i + 1].events[0]).__name__ == "Folded"
    assert events[i + 1].events[0].player == position
    head = len(events)
    # the player comes back: every event since the last one seen, by number, then the return
    once = ticket(room.c, token)
    with room.c.websocket_connect(f"/ws/tables/t1?ticket={once}&after={seen}") as ws:
        got = receive(ws, head + 1)
        numbered = [m for m in got if "event" in m]
        assert [m["seq"] for m in numbered] == list(range(seen + 1, head + 2))
        back = contract.decode(numbered[-1]["event"])
        assert isinstance(back, PlayerReconnected) and back.player == actor and back.late
        # their view of the table: their seat sitting out, no longer away, the round gone on
        view = room.c.get("/tables/t1/view", headers=room.headers(actor)).json()
    table = contract.decode(view["view"])
    assert isinstance(table, TableView)
    assert (1 + PLAYERS.index(actor), actor, "sitting out") in table.seats
    assert table.absent == () and table.disconnected == ()
    assert table.round is not None and table.round.folded[position]


def start_players(events: list[Any]) -> tuple[str, ...]:
    return next(e for e in reversed(events) if isinstance(e, RoundStarted)).players


@pytest.mark.parametrize("room", [GRACE], indirect=True)
def test_a_player_back_within_the_grace_keeps_the_hand(room: Room, url: str) -> None:
    start = room.ok("dealer", {"type": "StartRound", "table": "t1"})
    actor = start["actor"]
    token = room.login(actor)
    again = ticket(room.c, token)  # ready before the drop: the return is quick
    with room.c.websocket_connect(f"/ws/tables/t1?ticket={ticket(room.c, token)}") as ws:
        ws.receive_json()
    wait_for(url, PlayerDisconnected)
    with room.c.websocket_connect(f"/ws/tables/t1?ticket={again}") as ws:
        ws.receive_json()
        events = wait_for(url, PlayerReconnected)
        time.sleep(GRACE + 0.5)  # past the grace: the timer was stopped, or the core refuses it
        events = stored(url)
        assert not [e for e in events if isinstance(e, GraceExpired | AbsentFolded)]
        back = next(e for e in events if isinstance(e, PlayerReconnected))
        assert back.player == actor and not back.late
        # the hand is still theirs to play
        reply = room.ok(actor, {"type": "CheckCall", "table": "t1"})
        assert reply["accepted"]


def test_a_restarted_server_times_out_the_disconnections_it_recorded(url: str) -> None:
    add_users(url, len(PLAYERS))
    clock = lambda: int(time.time())  # noqa: E731
    with TestClient(create_app(url, clock=clock, shoe_seed=11)) as client:
        r = Room(client)
        r.open_table("t1", "dunedin-house", PLAYERS, grace_seconds=30)
        token = r.login("p2")
        with client.websocket_connect(f"/ws/tables/t1?ticket={ticket(client, token)}") as ws:
            ws.receive_json()
        wait_for(url, PlayerDisconnected)
    # the server stops with p2's grace running; its last seconds pass while it is down
    store = EventStore(url)
    try:
        dropped = next(
            e.event()
            for e in store.read(STREAM, 0, 10**9)
            if isinstance(e.event(), PlayerDisconnected)
        )
    finally:
        store.close()
    later = lambda: int(time.time()) + 30  # noqa: E731  (the server's clock after the grace)
    with TestClient(create_app(url, clock=later, shoe_seed=11)) as client:
        events = wait_for(url, GraceExpired)
        expired = next(e for e in events if isinstance(e, GraceExpired))
        assert expired.player == dropped.player == "p2" and expired.at >= dropped.until
        view = client.get("/tables/t1/view", headers=Room(client).headers("floor")).json()
        table = contract.decode(view["view"])
        assert table.absent == ("p2",) and (2, "p2", "sitting out") in table.seats


def test_connections_opening_together_are_recorded_in_a_few_appends(room: Room) -> None:
    """Thousands of sockets opening at once (a room's bots, clients back after a restart) must
    not each contend for the significant-events stream: the records due together go in one
    append. Every connection is still recorded, and each opener waits for its own record."""
    svc = room.c.app.state.service  # type: ignore[attr-defined]
    presence = svc.presence
    store = presence.store
    appends: list[int] = []
    append = store.append

    def counted(stream: str, expected: int, new: Any) -> int:
        if stream == SIGNIFICANT:
            appends.append(len(new))
        return int(append(stream, expected, new))

    watchers = [f"w{i}" for i in range(120)]  # spectators: recorded, no table command

    async def open_all() -> list[bool]:
        return list(await asyncio.gather(*(presence.opened("t1", w) for w in watchers)))

    store.append = counted
    try:
        opened = room.c.portal.call(open_all)  # type: ignore[attr-defined]
    finally:
        del store.append
    assert opened == [True] * len(watchers)
    assert sum(appends) == len(watchers) and len(appends) <= 4, appends
    left = connected(store, "table:main/")
    assert {p for s, p in left if s == STREAM} >= set(watchers)
