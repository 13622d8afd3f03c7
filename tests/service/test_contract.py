"""The public message contract (``GET /contract``): a client written only from it plays a hand
over the stream socket and ``POST /commands``, every message it receives valid under the
published JSON Schema, none with a Python path or a storage tag; the words for each reader."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from croupier.narration import Narration
from croupier.narration.lines import mentions
from croupier.round import events as rv
from croupier.service import contract
from croupier.service.store import codec
from croupier.table import events as te
from croupier.table.presets import preset
from support.service import Room, served, ticket

PLAYERS = ["p1", "p2", "p3"]
#: What a browser must never receive: the store's tags, and Python module paths.
TAGS = ('"$t"', '"$tuple"', '"$card"', '"$enum"', '"$set"', '"$map"', "croupier.")


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    with served(f"sqlite:///{tmp_path / 'room.db'}") as r:
        r.open_table("t1", "dunedin-house", PLAYERS)
        yield r


def test_a_client_written_from_the_contract_plays_a_hand(room: Room) -> None:
    r = room.c.get("/contract")  # public: no log-in
    assert r.status_code == 200
    schema = r.json()
    jsonschema.Draft202012Validator.check_schema(schema)
    check = jsonschema.Draft202012Validator(schema)
    socks = {}
    received: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for p in PLAYERS:
        once = ticket(room.c, room.login(p))
        socks[p] = room.c.websocket_connect(f"/ws/tables/t1?ticket={once}&views=1").__enter__()
    try:

        def read(p: str) -> dict[str, Any]:
            text = socks[p].receive_text()
            received[p].append(text)
            message: dict[str, Any] = json.loads(text)
            errors = sorted(check.iter_errors(message), key=lambda e: e.path)
            assert not errors, (p, errors[0].message, text[:300])
            return message

        views = {p: read(p)["snapshot"] for p in PLAYERS}
        # the dealer starts the hand over HTTP; the players act over their sockets from the
        # views they are sent, nothing else (positions, legal actions: all in the view)
        start = room.ok("dealer", {"type": "StartRound", "table": "t1"})
        assert start["accepted"]
        over, n = False, 0
        while not over:  # each commit: every reader gets its events, then its view
            for p in PLAYERS:
                while True:
                    m = read(p)
                    if "event" in m and m["event"]["type"] == "RoundFinished":
                        over = True
                    if "view" in m:
                        views[p] = m["view"]
                        break
            for p in PLAYERS:
                rnd = views[p]["round"]
                if over or rnd is None or rnd["actor"] is None or rnd["actor"] != rnd["seat"]:
                    continue
                assert rnd["legal"] is not None
                move = "CheckCall" if rnd["can_call"] else "Fold"
                n += 1
                socks[p].send_json({"command": {"type": move, "table": "t1"}, "id": n})
        for p in PLAYERS:  # the replies, and the rest, drained
            socks[p].send_json({"command": {"type": "Nope"}, "id": "last"})
            while True:
                m = read(p)
                if m.get("reply") == "last":
                    assert m["status"] == 422
                    break
    finally:
        for ws in socks.values():
            ws.__exit__(None, None, None)
    assert n >= 2  # the hand was played by the players' messages
    for p, texts in received.items():
        for t in texts:
            assert not any(tag in t for tag in TAGS), (p, t[:300])
        events = [json.loads(t) for t in texts]
        words = [w["text"] for m in events if "words" in m for w in m["words"]]
        assert any(w.startswith("you are dealt ") for w in words), (p, words)
        # another's hidden cards are "▒", sent as a JSON escape: the messages stay ASCII
        assert any("▒" in w for w in words), (p, words)
        assert all(t.isascii() for t in texts if '"words"' in t), p
        assert not any("player 0" in w or "you is" in w or "you sits" in w for w in words)


def test_the_contract_names_each_event_once_and_not_by_its_module() -> None:
    s = contract.schema()
    names = [contract.type_name(c) for c in contract.event_classes()]
    assert len(names) == len(set(names))
    assert "RoundStarted" in s["$defs"] and "UthRulingMade" in s["$defs"]
    assert not any(tag in json.dumps(s) for tag in ('"$t"', "croupier."))


def test_words_for_the_reader_name_seats_players_and_pots() -> None:
    players = ("alice", "bob7", "carol")
    me = Narration("alice", players)
    other = Narration(None, players)
    assert me(rv.Called(0, 2, False))[0].text == "you call 2"
    assert other(rv.Called(0, 2, False))[0].text == "alice calls 2"
    assert me(rv.HoleDealt(0, (None, None)))[0].text == "you are dealt ▒ ▒"
    won = other(rv.PotAwarded(1, 1, 415, "low", "qld-holdem-2005 s27(4)"))[0]
    assert won.text == "bob7 wins 415 from side pot 1 (low half)"
    assert won.clause == "qld-holdem-2005 s27(4)" and won.kind == "win"
    shown = other(rv.Announcement("winning hand: player 1: flush, ace high", "c 1"))[0]
    assert shown.text == "Dealer: winning hand: bob7 has flush, ace high"
    assert me(rv.Announcement("winning hand: player 0: a pair", "c"))[0].text == (
        "Dealer: winning hand: you have a pair"
    )
    # a bet opens the street: the next is a raise
    assert other(rv.BetOrRaised(2, 50, False, True))[0].text == "carol bets 50"
    assert other(rv.BetOrRaised(0, 150, False, True))[0].text == "alice raises to 150"


def test_an_event_names_whom_its_words_speak_to_as_you() -> None:
    """A reader an event names gets words of their own ("you call 2"); every other reader
    shares the spectators' words: so whom it names must never miss the reader."""
    players = ("alice", "bob7", "carol")
    acted = te.RoundProgressed((rv.Called(1, 2, False), rv.Folded(2)), 0)
    assert mentions(acted) == {1, 2}
    ruling = "player 0's hand is dead; player 12 waits"
    ruled = te.RoundProgressed((rv.RulingMade("report", "c", ruling),), 0)
    assert mentions(ruled) == {0, 12}
    assert mentions(te.ChipsAdded("bob7", 50, "")) == {"bob7"}
    assert mentions(te.RoundFinished(3, (("alice", 10),), 0, 0)) == frozenset()
    for i, name in enumerate(players):
        me = Narration(name, players)
        for e in (acted, ruled):
            said = [line.text for line in me(e)]
            assert any("you" in t or "your" in t for t in said) == (i in mentions(e)), said


def test_a_rooms_rulebooks_are_made_plain_once_each_and_shared_when_equal() -> None:
    """Tables rebuilt from the store each hold their own copy of their rulebook; every round's
    start at every one of them carries it: its JSON is made once per copy, however many
    tables (more than the memory once held), and equal copies share one."""
    book = preset("dunedin-house", seats=6).rulebook
    copies = [codec.decode(codec.encode(book)) for _ in range(300)]
    assert all(c == book and c is not book for c in copies)
    first = [contract.plain(c) for c in copies]
    again = [contract.plain(c) for c in copies]
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert all(f is first[0] for f in first)
    assert json.loads(contract.dumps(copies[-1])) == json.loads(json.dumps(first[0]))
