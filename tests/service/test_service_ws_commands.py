"""Commands over a table's websocket: each answered once committed, after its events; the
player to act is prompted with its own view of the round (``turns=1``) and can play a whole
round from the prompts alone; refusals and malformed messages are answered, never dropped."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier.service import contract
from croupier.service.commands import Issued
from croupier.service.store import codec
from croupier.service.store.rooms import commands_stream
from croupier.service.store.store import EventStore
from croupier.sim.bots import make_bot
from croupier.table.events import RoundFinished
from croupier.views import RoundView
from support.service import Room, served, ticket

PLAYERS = ["p1", "p2", "p3"]


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


@pytest.fixture
def room(url: str) -> Iterator[Room]:
    with served(url) as r:
        r.open_table("t1", "dunedin-house", PLAYERS)
        yield r


def until(ws: Any, done: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """The messages received up to and including the first for which ``done`` holds."""
    got: list[dict[str, Any]] = []
    while not got or not done(got[-1]):
        got.append(ws.receive_json())
    return got


def test_a_round_is_played_from_turn_prompts_and_commands_over_websockets(
    room: Room, url: str
) -> None:
    socks = {}
    for who in ["dealer", *PLAYERS]:
        path = f"/ws/tables/t1?ticket={ticket(room.c, room.login(who))}&turns=1"
        socks[who] = room.c.websocket_connect(path).__enter__()
        snapshot = socks[who].receive_json()
        assert "snapshot" in snapshot
    try:
        dealer = socks["dealer"]
        dealer.send_json({"command": {"type": "StartRound", "table": "t1"}, "id": "start"})
        got = until(dealer, lambda m: "reply" in m)
        reply = got[-1]
        assert reply["reply"] == "start" and reply["status"] == 200 and reply["accepted"]
        # the reply follows the command's events, each numbered, and names the actor
        head = reply["heads"]["table:main/t1"]
        assert [m["seq"] for m in got[:-1]] == list(range(snapshot["seq"] + 1, head + 1))
        actor = reply["actor"]
        assert actor in PLAYERS
        bot, rng, acted = make_bot("calling-station"), random.Random(1), 0
        while actor is not None:
            prompt = until(socks[actor], lambda m: "turn" in m)[-1]
            view = contract.decode(prompt["turn"])
            assert isinstance(view, RoundView) and view.legal is not None
            # its own cards only
            assert view.seat is not None
            assert all(h is None for p, h in enumerate(view.hole) if p != view.seat)
            cmd = bot.act(view, rng)
            data = {k: v for k, v in codec.encode(cmd).items() if k not in ("$t", "player")}
            command = {"type": type(cmd).__name__, "table": "t1", **data}
            socks[actor].send_json({"command": command, "id": acted})
            answer = until(socks[actor], lambda m: "reply" in m)[-1]
            assert answer["status"] == 200 and answer["reply"] == acted, answer
            acted += 1
            actor = answer["actor"]
        assert acted >= 3
        events = [m for m in until(dealer, lambda m: "RoundFinished" in str(m)) if "event" in m]
        assert isinstance(contract.decode(events[-1]["event"]), RoundFinished)
        # no prompt for a player who is not to act; refusals and bad messages are answered
        p1 = socks["p1"]
        p1.send_json({"command": {"type": "StartRound", "table": "t1"}, "id": 7})
        refused = until(p1, lambda m: "reply" in m)[-1]
        assert refused["status"] == 403 and refused["reply"] == 7 and refused["clause"]
        p1.send_text("not json")
        assert until(p1, lambda m: "reply" in m)[-1]["status"] == 400  # malformed JSON
        p1.send_json({"command": {"type": "Nonsense", "table": "t1"}, "id": 8})
        assert until(p1, lambda m: "reply" in m)[-1]["status"] == 422
    finally:
        for ws in socks.values():
            ws.__exit__(None, None, None)
    store = EventStore(url)
    try:
        issued = [e for e in store.load(commands_stream("main")) if isinstance(e, Issued)]
        by = [i.who for i in issued]
        assert by.count("dealer") == 1 and sum(by.count(p) for p in PLAYERS) == acted
    finally:
        store.close()


def test_without_turns_a_player_gets_events_only(room: Room) -> None:
    tok = room.login("p1")
    with room.c.websocket_connect(f"/ws/tables/t1?ticket={ticket(room.c, tok)}&after=0") as ws:
        start = room.ok("dealer", {"type": "StartRound", "table": "t1"})
        head = start["heads"]["table:main/t1"]
        got = until(ws, lambda m: m["seq"] >= head)
        assert all(set(m) == {"seq", "event", "words"} for m in got)


def test_batched_a_commands_events_and_its_reply_come_in_one_frame(room: Room) -> None:
    """``batch=1``: what is ready at once goes in one frame, one message per line, the same
    messages a client taking one per frame receives."""
    tok = room.login("dealer")
    with (
        room.c.websocket_connect(f"/ws/tables/t1?ticket={ticket(room.c, tok)}&batch=1") as ws,
        room.c.websocket_connect(f"/ws/tables/t1?ticket={ticket(room.c, tok)}") as plain,
    ):
        snapshot = json.loads(ws.receive_text())
        assert "snapshot" in snapshot and "snapshot" in plain.receive_json()
        ws.send_json({"command": {"type": "StartRound", "table": "t1"}, "id": "go"})
        lines = ws.receive_text().split("\n")
        got = [json.loads(line) for line in lines]
        reply = got[-1]
        assert reply["reply"] == "go" and reply["status"] == 200
        head = reply["heads"]["table:main/t1"]
        # the round's first events and then the reply, all at once
        assert [m["seq"] for m in got[:-1]] == list(range(snapshot["seq"] + 1, head + 1))
        assert len(got) >= 3
        assert until(plain, lambda m: m["seq"] >= head) == got[:-1]
