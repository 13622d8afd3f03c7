"""Views over the wire: bots play through the API at several tables while every player's
websocket records what it received; no message holds a card that player could not know.
Reconnecting with ``?after=SEQ`` gives exactly what was missed; too far behind, a snapshot."""

from __future__ import annotations

import dataclasses
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from croupier.cards import Card
from croupier.round.events import BoardDealt, HandShown, HoleDealt
from croupier.service import contract, stream
from croupier.service.store.rooms import table_stream
from croupier.service.store.store import EventStore
from croupier.table.events import RoundStarted
from support.service import play_round, served, ticket
from support.web_table import cards_in

TABLES = {
    "q": ("qld-holdem-2005", ["p1", "p2", "p3"]),
    "a": ("act-omaha-2017", ["p4", "p5", "p6"]),
    "d": ("dunedin-house", ["p7", "p8", "p9"]),
}
#: The bots' play: ROUNDS rounds, spread over the tables (the 1,000 rounds the issue asks for
#: take ~5 minutes through the test client on a 2-core machine: set CROUPIER_VIEWS_ROUNDS=1000
#: for that run).
ROUNDS = int(os.environ.get("CROUPIER_VIEWS_ROUNDS", "36"))


def walk(obj: Any) -> Iterator[Any]:
    """``obj`` and everything inside it (dataclass fields, tuples, lists)."""
    yield obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from walk(getattr(obj, f.name))
    elif isinstance(obj, tuple | list | frozenset):
        for x in obj:
            yield from walk(x)


def cards(obj: Any) -> set[Card]:
    return {x for x in walk(obj) if isinstance(x, Card)}


def knowable(stored: list[Any], player: str | None) -> dict[int, set[Card]]:
    """From the house's events: for each round (by its start's seq), the cards ``player`` (None:
    a spectator) may know: the board, hands shown, and their own hole cards."""
    out: dict[int, set[Card]] = {}
    start, pos = 0, None
    for seq, e in stored:
        if isinstance(e, RoundStarted):
            start = seq
            pos = e.players.index(player) if player in e.players else None
            out[start] = set()
        for x in walk(e):
            if isinstance(x, BoardDealt | HandShown):
                out.setdefault(start, set()).update(x.cards)
            elif isinstance(x, HoleDealt) and x.player == pos:
                out.setdefault(start, set()).update(c for c in x.cards if c is not None)
    return out


def receive_until(ws: Any, head: int) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while not got or got[-1]["seq"] < head:
        got.append(ws.receive_json())
    return got


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


def test_no_player_receives_a_card_they_could_not_know(url: str) -> None:
    with served(url, players=9) as room:
        for t, (rules, players) in TABLES.items():
            room.open_table(t, rules, players)
        socks = {}
        for t, (_, players) in TABLES.items():
            for p in [*players, "auditor"]:
                tok = room.login(p)
                once = ticket(room.c, tok)
                ws = room.c.websocket_connect(f"/ws/tables/{t}?ticket={once}&after=0")
                socks[t, p] = ws.__enter__()
        rng = random.Random(5)
        rounds, began = 0, time.monotonic()
        while rounds < ROUNDS:
            for t in TABLES:
                play_round(room, t, rng)
                rounds += 1
        print(f"{rounds} rounds at {len(TABLES)} tables in {time.monotonic() - began:.0f} s")
        heads = {t: room.view("dealer", t)[0] for t in TABLES}
        received = {k: receive_until(ws, heads[k[0]]) for k, ws in socks.items()}
        for ws in socks.values():
            ws.__exit__(None, None, None)
    assert rounds >= ROUNDS
    store = EventStore(url)
    try:
        for (t, p), messages in received.items():
            # every event of the table, numbered, none missed or repeated
            assert [m["seq"] for m in messages] == list(range(1, heads[t] + 1))
            stored = [(r.seq, r.event()) for r in store.read(table_stream("main", t))]
            allowed = knowable(stored, None if p == "auditor" else p)
            start, own_seen = 0, 0
            for m in messages:
                if m["event"].get("type") == "RoundStarted":
                    start = m["seq"]
                seen = {Card(c) for c in cards_in(m["event"])}  # every card in it, words too
                e = m["event"]
                extra = seen - allowed.get(start, set())
                assert not extra, (t, p, m["seq"], e, extra)
                own_seen += len(seen)
            assert own_seen > 0  # the check is not vacuous: each saw cards
    finally:
        store.close()


def test_reconnect_gives_exactly_what_was_missed_then_live(url: str) -> None:
    with served(url) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        rng = random.Random(7)
        tok = room.login("p1")
        play_round(room, "t1", rng)
        with room.c.websocket_connect(f"/ws/tables/t1?ticket={ticket(room.c, tok)}&after=0") as ws:
            head = room.view("p1", "t1")[0]
            first = receive_until(ws, head)
        last = first[len(first) // 2]["seq"]  # it saw only half before the connection dropped
        play_round(room, "t1", rng)
        once = ticket(room.c, tok)
        with room.c.websocket_connect(f"/ws/tables/t1?ticket={once}&after={last}") as ws:
            head = room.view("p1", "t1")[0]
            missed = receive_until(ws, head)
            assert [m["seq"] for m in missed] == list(range(last + 1, head + 1))
            play_round(room, "t1", rng)  # then live
            head2 = room.view("p1", "t1")[0]
            live = receive_until(ws, head2)
            assert [m["seq"] for m in live] == list(range(head + 1, head2 + 1))
        # a fresh connection starts from a snapshot of the player's view (after the
        # disconnection the table recorded when the last connection closed: issue 15 §3)
        with room.c.websocket_connect(f"/ws/tables/t1?ticket={ticket(room.c, tok)}") as ws:
            snap = ws.receive_json()
            assert snap["seq"] == head2 + 1 and "snapshot" in snap
            assert contract.decode(snap["snapshot"]).hands == 3
        # past the head: stale
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            room.c.websocket_connect(
                f"/ws/tables/t1?ticket={ticket(room.c, tok)}&after={head2 + 9}"
            ) as ws,
        ):
            ws.receive_json()
        assert closed.value.code == 4409 and "stale" in closed.value.reason


def test_too_far_behind_gets_a_snapshot(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream, "MAX_BEHIND", 5)
    with served(url) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        play_round(room, "t1", random.Random(2))
        head = room.view("p1", "t1")[0]
        assert head > 5
        once = ticket(room.c, room.login("p1"))
        with room.c.websocket_connect(f"/ws/tables/t1?ticket={once}&after=0") as ws:
            m = ws.receive_json()
            assert m["seq"] == head and "snapshot" in m
        with room.c.websocket_connect(
            f"/ws/tables/t1?ticket={ticket(room.c, room.login('p1'))}&after={head - 2}"
        ) as ws:
            assert [ws.receive_json()["seq"] for _ in range(2)] == [head - 1, head]


def test_a_websocket_without_a_session_is_closed(url: str) -> None:
    with served(url) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2"])
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            room.c.websocket_connect("/ws/tables/t1?ticket=nope") as ws,
        ):
            ws.receive_json()
        assert closed.value.code == 4401
