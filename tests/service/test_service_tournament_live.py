"""Live tournament hands through the service (croupier.service.tournament_live), over the real
app, real websockets and a real SQLite store: every command of a live hand goes through
``POST /commands`` (or a websocket's command message) like any other; the dealer deals, the
players act for their own seats ("all-in" read by the core), the hand is recorded into the
tournament; refusals name their clause and change nothing; each player's websocket never
carries another's hole cards; a restart mid-hand resumes it; the clock on a player runs out
on the server's time (qld-tournament-2020 4.26)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from croupier.room import tournament_hands as th
from croupier.round.commands import BetRaise, CheckCall
from croupier.service.auth import ROLES_CLAUSE
from croupier.service.store.rooms import tournament_stream
from croupier.service.store.store import EventStore
from croupier.tournament import events as te
from support.service import Room, ticket
from support.service_tournament import (
    HAND,
    PLAYERS,
    Clock,
    T,
    act,
    deal,
    hand,
    live,
    opened,
    serve,
    start,
    state,
    url_of,
)


def play_to_the_end(room: Room, shove: bool = True) -> int:
    """Each player to act raises all they may (or calls), through their own session; the actions."""
    n = 0
    while True:
        h = hand(room)["hand"]
        if h is None or h["over"]:
            return n
        who = h["actor"]
        assert who is not None, "the hand waits for cards nobody deals"
        legal = hand(room, who)["hand"]["round"]["legal"]  # in the player's own view
        top = legal["max_raise_to"]
        r = act(room, who, "raise", to=top) if shove and top else act(room, who, "call")
        assert r.status_code == 200, r.text
        n += 1


def test_players_play_a_tournament_hand_and_the_tournament_follows(tmp_path: Path) -> None:
    url = url_of(tmp_path)
    with serve(url, Clock()) as room:
        start(room)
        before = {e["player"]: e["stack"] for e in state(room)["entrants"]}
        dealt = deal(room)
        assert "TournamentHandDealt" in dealt["events"]
        h = hand(room)["hand"]
        players = h["players"]
        assert play_to_the_end(room) >= 2
        assert hand(room)["hand"] is None  # recorded: the table is between hands
        after = {e["player"]: e for e in state(room)["entrants"]}
        assert sum(e["stack"] for e in after.values()) == sum(before.values())
        moved = [p for p in players if after[p]["stack"] != before[p]]
        assert moved
        out = [p for p in players if after[p]["stack"] == 0]
        assert out and all(after[p]["status"] != "playing" for p in out)
        audit = room.c.get("/audit/verify", headers=room.headers("auditor"))
        assert audit.status_code == 200 and audit.json()["ok"] is True, audit.text
    store = EventStore(url)
    try:
        events = store.load(tournament_stream("main", T))
    finally:
        store.close()
    played = [e for e in events if isinstance(e, te.HandPlayed)]
    assert len(played) == 1 and played[0].table == 1 and played[0].players == tuple(players)
    assert [e for e in events if isinstance(e, te.Eliminated)]


def test_refused_actions_name_their_clause_and_change_nothing(tmp_path: Path) -> None:
    with serve(url_of(tmp_path), Clock()) as room:
        start(room)
        r = act(room, "p1", "fold")
        assert r.status_code == 409 and r.json()["clause"] == "croupier room"
        r = room.send("p1", live("DealTournamentHand"))
        assert r.status_code == 403 and r.json()["clause"] == ROLES_CLAUSE
        deal(room)
        h = hand(room)
        actor = h["hand"]["actor"]
        waiting = next(p for p in h["hand"]["players"] if p != actor)
        for who, action, more in [
            (waiting, "call", {}),  # out of turn
            (actor, "raise", {"to": 10**6}),  # more than the player has
            (actor, "check", {}),  # a bet to call: no check
        ]:
            r = act(room, who, action, **more)
            assert r.status_code == 409, r.text
            assert r.json()["clause"] and r.json()["refused"]
            assert hand(room) == h  # nothing changed
        r = act(room, actor, "dance")
        assert r.status_code == 422 and "action" in r.json()["refused"] and hand(room) == h
        r = act(room, "director", "fold")  # staff never act for a player
        assert r.status_code == 403 and r.json()["clause"] == ROLES_CLAUSE
        outsider = next(p for p in PLAYERS if p not in h["hand"]["players"])
        r = act(room, outsider, "fold")  # not dealt in: the room refuses it
        assert r.status_code == 409 and "not dealt into" in r.json()["refused"]
        assert hand(room) == h
        r = act(room, actor, "fold", player=waiting)  # never for another's seat
        assert r.status_code == 403 and r.json()["clause"] == ROLES_CLAUSE
        assert hand(room) == h
        # the device's RecordHands is refused for a hand the room deals
        r = room.send("director", {"type": "BalanceTables", "tournament": T})
        assert r.status_code == 409 and r.json()["clause"] == "croupier room"
        assert hand(room) == h


def frames_until_over(ws: Any) -> list[dict[str, Any]]:
    out = []
    while True:
        m = ws.receive_json()
        out.append(m)
        if "RoundEnded" in json.dumps(m):
            return out


def test_a_players_websocket_never_carries_another_players_hole_cards(tmp_path: Path) -> None:
    with serve(url_of(tmp_path), Clock()) as room:
        start(room)
        seq = hand(room)["seq"]
        seated = [e["player"] for e in state(room)["entrants"] if e["table"] == 1]
        sockets = {
            p: room.c.websocket_connect(
                f"/ws/tournaments/{T}/tables/1?ticket={ticket(room.c, room.login(p))}&after={seq}"
            )
            for p in seated
        }
        try:
            for ws in sockets.values():
                ws.__enter__()
            deal(room)
            players = hand(room)["hand"]["players"]
            play_to_the_end(room, shove=False)
            seen = {}
            for p, ws in sockets.items():
                frames = seen[p] = frames_until_over(ws)
                assert [f["seq"] for f in frames] == sorted({f["seq"] for f in frames})
                assert all(f["seq"] > seq for f in frames)
                holes = [
                    x
                    for f in frames
                    for x in f["event"].get("events", [])
                    if x["type"] == "HoleDealt"
                ]
                assert len(holes) == len(players)
                me = players.index(p)
                for x in holes:
                    cards = x["cards"]
                    if x["player"] == me:
                        assert None not in cards
                    else:
                        assert cards == [None] * len(cards)
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
        # catch-up: a reconnecting player gets every hand event after SEQ, projected alike
        mine = seen[players[0]]
        token = room.login(players[0])
        with room.c.websocket_connect(
            f"/ws/tournaments/{T}/tables/1?ticket={ticket(room.c, token)}&after={seq}"
        ) as ws:
            again = frames_until_over(ws)
        assert again == mine


def test_a_restart_mid_hand_resumes_it(tmp_path: Path) -> None:
    url = url_of(tmp_path)
    clock = Clock()
    with serve(url, clock) as room:
        start(room)
        deal(room)
        h = hand(room)["hand"]
        assert act(room, h["actor"], "call").status_code == 200
        mid = hand(room)
    with serve(url, clock) as room:  # the server restarts: the hand is rebuilt from the store
        assert hand(room) == mid
        audit = room.c.get("/audit/verify", headers=room.headers("auditor"))
        assert audit.json()["ok"] is True, audit.text  # mid-hand: every stream folds
        play_to_the_end(room, shove=False)  # the deck is given back: the flop, turn, river
        assert hand(room)["hand"] is None
        stacks = {e["player"]: e["stack"] for e in state(room)["entrants"]}
        assert sum(stacks.values()) == 6 * 1000
    store = EventStore(url)
    try:
        played = [
            e for e in store.load(tournament_stream("main", T)) if isinstance(e, te.HandPlayed)
        ]
    finally:
        store.close()
    assert len(played) == 1 and len(played[0].round_events) > 10


def test_the_clock_on_a_player_runs_out_and_the_hand_is_dead(tmp_path: Path) -> None:
    """qld-tournament-2020 4.28: the director calls time; one minute by the server's clock; the
    server's timer kills the hand as it runs out (4.26), the wagers stay in the pot."""
    clock = Clock()
    with serve(url_of(tmp_path), clock) as room:
        start(room)
        deal(room)
        h = hand(room)["hand"]
        slow = h["actor"]
        r = room.send("p1", live("CallTournamentClock"))
        assert r.status_code == 403  # the director calls the clock
        r = room.send("director", live("CallTournamentClock", requested=False))
        assert r.status_code == 200, r.text
        called = hand(room)["hand"]["clock"]
        assert called["player"] == slow and called["limit"] == 60
        assert called["clause"] == "qld-tournament-2020 4.28"
        clock.now += 30
        r = room.send("director", live("EnforceTournamentClock"))
        assert r.status_code == 409 and r.json()["clause"] == "qld-tournament-2020 4.28"
        clock.now += 31
        r = act(room, slow, "call")  # too late: the hand is dead
        assert r.status_code == 409, r.text
        if r.json()["clause"] != "qld-tournament-2020 4.28":
            # the server's timer (every second) killed the hand first: no longer theirs to act
            assert hand(room)["hand"]["actor"] != slow, r.text
        deadline = time.monotonic() + 10
        while hand(room)["hand"]["actor"] == slow:  # the server's timer (every second)
            assert time.monotonic() < deadline, "the timer never killed the hand"
            time.sleep(0.2)
        view = hand(room)["hand"]
        position = view["players"].index(slow)
        assert view["round"]["folded"][position]
        assert view["clock"] is None


def test_odd_requests_are_refused_with_a_reason(tmp_path: Path) -> None:
    with serve(url_of(tmp_path), Clock()) as room:
        r = room.send("director", live("DealTournamentHand"))
        assert r.status_code == 409 and r.json()["refused"]  # no such tournament yet
        opened(room)
        r = room.send("director", live("DealTournamentHand"))
        assert r.status_code == 409 and r.json()["clause"] == "qld-tournament-2020 4.6"
        room.ok("director", {"type": "StartTournament", "tournament": T})
        deal(room)
        actor = hand(room)["hand"]["actor"]
        for more in (
            {"action": 3},
            {"action": "raise", "to": True},
            {"action": "bet", "to": 1.5},
            {"action": "raise", "to": 2**80},
            {"action": "call", "number": "x"},
            {"action": "call", "deck_order": []},
        ):
            r = room.send(actor, live("TournamentAct", **more))
            assert r.status_code == 422 and r.json()["refused"], (more, r.text)
        r = act(room, actor, "raise")  # no total: the room asks for one
        assert r.status_code == 409 and "give 'to'" in r.json()["refused"]
        r = room.c.post("/commands", content=b"{", headers=room.headers(actor))
        assert r.status_code == 400
        r = room.send("director", live("CallTournamentClock", requested="yes"))
        assert r.status_code == 422 and r.json()["refused"]
        r = room.send("director", live("CallTournamentClock", table=7))
        assert r.status_code == 409 and r.json()["clause"] == "croupier room"
        assert (
            room.c.get("/tournaments/nope/tables/1/hand", headers=room.headers(actor)).status_code
            == 404
        )
        r = room.c.get(f"{HAND}/hand")
        assert r.status_code == 401
        token = room.login(actor)
        for path, code in (
            (f"/ws/tournaments/{T}/tables/1", 4401),
            (f"/ws/tournaments/{T}/tables/1?ticket={ticket(room.c, token)}&after=x", 4400),
            (f"/ws/tournaments/{T}/tables/1?ticket={ticket(room.c, token)}&after=99999", 4409),
            (f"/ws/tournaments/nope/tables/1?ticket={ticket(room.c, token)}", 4404),
        ):
            with pytest.raises(WebSocketDisconnect) as e, room.c.websocket_connect(path) as ws:
                ws.receive_json()
            assert e.value.code == code


def test_all_in_is_read_by_the_core_as_the_floor_reads_a_declared_all_in(tmp_path: Path) -> None:
    """ "all-in" is sent as a word: the room reads it against the round (dunedin-house 3's
    declared all-in, the floor's rule): every chip, as far as the full-pot limit takes it; the
    command recorded is the player's word, the events the bet it meant."""
    url = url_of(tmp_path)
    with serve(url, Clock()) as room:
        start(room)
        deal(room)
        h = hand(room)["hand"]
        actor = h["actor"]
        legal = hand(room, actor)["hand"]["round"]["legal"]
        assert legal["max_raise_to"] < legal["all_in_to"]  # the pot limits it
        r = act(room, actor, "all-in")
        assert r.status_code == 200, r.text
        pos = h["players"].index(actor)
        bets = hand(room)["hand"]["round"]["bets"]
        assert bets[pos] == legal["max_raise_to"]
        rooms = room.c.app.state.service.owner.rooms  # type: ignore[attr-defined]
        lh = rooms.room.tournaments[T].live[1]
        nxt = lh.plan.players[lh.round.actor]
        la = lh.round.legal_actions()
        got = th.player_command(lh, nxt, th.Action.ALL_IN, None)
        assert got == BetRaise(lh.round.actor, min(la.all_in_to, la.max_raise_to))
        other = next(p for p in lh.plan.players if p != nxt)
        assert th.player_command(lh, other, th.Action.ALL_IN, None) == CheckCall(
            lh.plan.players.index(other)
        )  # out of turn: a call, which the round refuses
    store = EventStore(url)
    try:
        issued = [e.command for e in store.load("commands:main")]
    finally:
        store.close()
    said = [c for c in issued if isinstance(c, th.TournamentPlay)]
    assert [(c.player, c.action) for c in said] == [(actor, th.Action.ALL_IN)]


def test_live_hand_commands_go_over_a_websocket_as_any_command(tmp_path: Path) -> None:
    """The websocket's command message takes a live hand's commands as ``POST /commands``
    does: the same catalogue, the same policy, the same reply."""
    with serve(url_of(tmp_path), Clock()) as room:
        start(room)
        room.ok(
            "floor", {"type": "OpenTable", "table": "t1", "preset": {"rulebook": "dunedin-house"}}
        )
        for who, cmd, status in (
            ("p1", live("DealTournamentHand"), 403),
            ("director", live("DealTournamentHand"), 200),
            ("director", live("TournamentAct", action="fold"), 403),
        ):
            token = room.login(who)
            with room.c.websocket_connect(f"/ws/tables/t1?ticket={ticket(room.c, token)}") as ws:
                ws.receive_json()  # the table's snapshot
                ws.send_json({"command": cmd, "id": 7})
                reply = ws.receive_json()
            assert reply["reply"] == 7 and reply["status"] == status, reply
            if status == 403:
                assert reply["clause"] == ROLES_CLAUSE and reply["refused"].startswith("only ")
            else:
                assert "TournamentHandDealt" in reply["events"]
        actor = hand(room)["hand"]["actor"]
        token = room.login(actor)
        with room.c.websocket_connect(f"/ws/tables/t1?ticket={ticket(room.c, token)}") as ws:
            ws.receive_json()
            ws.send_json({"command": live("TournamentAct", action="call"), "id": "a"})
            reply = ws.receive_json()
        assert reply["status"] == 200 and reply["type"] == "TournamentAct", reply
        assert hand(room)["hand"]["actor"] != actor


def test_the_old_live_hand_routes_are_gone(tmp_path: Path) -> None:
    with serve(url_of(tmp_path), Clock()) as room:
        start(room)
        for tail in ("deal", "act", "clock", "clock/expire"):
            r = room.c.post(f"{HAND}/{tail}", json={}, headers=room.headers("director"))
            assert r.status_code in (404, 405), (tail, r.status_code)
