"""A tournament run through the service's API, over the real app and a real SQLite store: the
director opens and runs it, the cage takes the entries and pays the prizes, dealers record the
hands; the public wall clock over HTTP and its websocket; refusals by role and by the rules;
the tournament's stream in the store, recovered and audited."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.room import Room as CoreRoom
from croupier.round import BetRaise, CheckCall, Fold, Round
from croupier.service import contract
from croupier.service.api import create_app
from croupier.service.auth import ROLES_CLAUSE
from croupier.service.store import audit, codec
from croupier.service.store.rooms import fold_room, tournament_stream
from croupier.service.store.store import EventStore
from croupier.tournament import Tournament
from croupier.tournament import events as te
from croupier.tournament.commands import PlayedHand
from croupier.tournament.plan import HandPlan
from support.service import Room, add_users
from support.service_tournament import (
    CONDITIONS,
    PLAYERS,
    Clock,
    T,
    assign,
    opened,
    serve,
    state,
)
from support.store import create_database


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store with the users, on SQLite and on a throw-away PostgreSQL."""
    if request.param == "sqlite":
        u = f"sqlite:///{tmp_path / 'room.db'}"
    else:
        u = create_database(request.getfixturevalue("pg_server"), f"tour_{tmp_path.name[-20:]}")
    add_users(u, len(PLAYERS))
    return u


def ledger(room: Room) -> dict[str, Any]:
    r = room.c.get("/room/ledger", headers=room.headers("cashier"))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def wall(room: Room) -> dict[str, Any]:
    r = room.c.get(f"/tournaments/{T}/clock")  # no log-in: the wall display
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def play_wave(room: Room, rng: random.Random, balance: bool = True, shove: float = 0.5) -> int:
    """One hand at every table that can deal (recorded together), after the director's
    housekeeping (and then, with ``balance``, the tables balanced); the hands recorded."""
    plans: list[HandPlan] = []
    assign(room, [int(n) for n in state(room)["tables"]])
    for table in sorted(state(room)["tables"], key=int):
        r = room.c.get(
            f"/tournaments/{T}/tables/{table}/plan?deck=server", headers=room.headers("dealer")
        )
        if r.status_code == 409:
            clause = r.json()["clause"]
            if clause == "qld-tournament-2020 house default (as act-omaha-2017 20.16)":  # a break
                room.ok("director", {"type": "NextLevel", "tournament": T})
            elif clause == "qld-tournament-2020 4.40":
                room.ok("director", {"type": "ColourUp", "tournament": T})
            continue
        assert r.status_code == 200, r.text
        plans.append(contract.decode(r.json()["plan"]))
    hands = []
    for plan in plans:
        rd = Round(plan.config)
        while not rd.is_over:
            forced = plan.forced_action(rd)  # a penalised or absent player's hand is dead
            if forced is not None:
                rd.apply(forced)
                continue
            la = rd.legal_actions()
            assert la is not None and rd.actor is not None
            all_in = la.max_raise_to is not None and rng.random() < shove
            rd.apply(BetRaise(rd.actor, la.max_raise_to) if all_in else CheckCall(rd.actor))  # type: ignore[arg-type]
        hands.append(codec.encode(PlayedHand(plan, rd.config, tuple(rd.events))))
    if hands:
        record = {"type": "RecordHands", "tournament": T, "hands": hands}
        r = room.send("dealer", record)
        if r.status_code == 413:  # too large together: one by one (never hand-for-hand)
            for x in hands:
                room.ok("dealer", {**record, "hands": [x]})
        else:
            assert r.status_code == 200, r.text
        if balance:
            room.ok("director", {"type": "BalanceTables", "tournament": T})
    return len(hands)


def test_the_director_sees_the_moves_balancing_will_make(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    field = [f"p{i}" for i in range(1, 13)]
    add_users(url, len(field))
    wide = CONDITIONS.replace("max_entrants = 6", "max_entrants = 12")
    with serve(url, Clock()) as room:
        room.ok("director", {"type": "OpenTournament", "tournament": T, "conditions": wide})
        for p in field:
            room.ok("cashier", {"type": "EnterTournament", "tournament": T, "player": p})
        assert state(room)["proposed"] == {
            "final_table": False,
            "final_table_clause": "",
            "break_table": None,
            "break_clause": "",
            "moves": [],
            "due": None,
        }
        room.ok("director", {"type": "StartTournament", "tournament": T})
        rng = random.Random(5)
        seen = 0
        for _ in range(120):
            play_wave(room, rng, balance=False, shove=0.05)
            proposed = state(room)["proposed"]
            room.ok("director", {"type": "BalanceTables", "tournament": T})
            where = {e["player"]: (e["table"], e["seat"]) for e in state(room)["entrants"]}
            for m in proposed["moves"]:  # each proposed move is the move made
                assert m["clause"] == "qld-tournament-2020 house default (as dunedin-house 82)"
                assert where[m["player"]] == (m["to_table"], m["to_seat"])
                seen += 1
            if proposed["final_table"]:
                assert proposed["final_table_clause"] == "qld-tournament-2020 4.25"
                assert len(state(room)["tables"]) == 1
            elif proposed["break_table"] is not None:
                assert proposed["break_clause"]
                assert str(proposed["break_table"]) not in state(room)["tables"]
            if seen and len(state(room)["tables"]) == 1:
                break
        assert seen  # balancing happened, as proposed


def test_a_tournament_from_entries_to_payouts(any_db: str) -> None:
    url = any_db
    clock = Clock()
    with serve(url, clock) as room:
        opened(room)
        led = ledger(room)
        assert led["conserved"] and led["ledger"]["pools"] == 6 * 50
        assert led["ledger"]["tournament_fees"] == 6 * 10
        assert wall(room)["clock"]["status"] == "registering"

        room.ok("director", {"type": "StartTournament", "tournament": T})
        st = state(room)
        assert sorted(len(seats) for seats in st["tables"].values()) == [3, 3]
        assert all(e["table"] is not None and e["stack"] == 1000 for e in st["entrants"])

        # the clock runs on the server's time from the start
        w = wall(room)["clock"]
        assert w["status"] == "running" and w["level"]["big_blind"] == 50
        assert w["remaining"] == 600 and w["next_break_in"] == 1200
        assert w["players_left"] == 6 and w["entries"] == 6 and w["average_stack"] == 1000
        assert w["prize_pool"] == 300 and [p["cash"] for p in w["payouts"]] == [210, 90]
        clock.now += 100
        assert wall(room)["clock"]["remaining"] == 500
        room.ok("director", {"type": "PauseClock", "tournament": T})
        clock.now += 300  # paused time does not count
        w = wall(room)["clock"]
        assert w["status"] == "paused" and w["remaining"] == 500 and w["level_ends_at"] is None
        room.ok("director", {"type": "ResumeClock", "tournament": T})
        clock.now += 50
        assert wall(room)["clock"]["remaining"] == 450
        room.ok("director", {"type": "NextLevel", "tournament": T})
        w = wall(room)["clock"]
        assert w["level"]["number"] == 2 and w["level"]["big_blind"] == 100
        assert w["remaining"] == 600 and w["next_break_in"] == 600

        # a penalty (qld-tournament-2020 4.37: time away from the table, in minutes)
        warn = {"type": "Penalise", "tournament": T, "player": "p1", "kind": "warning"}
        room.ok("director", warn)
        room.ok(
            "director",
            {"type": "Penalise", "tournament": T, "player": "p2", "kind": "minutes", "amount": 10},
        )

        rng = random.Random(3)
        eliminated = False
        for _ in range(200):
            clock.now += 40
            play_wave(room, rng)
            st = state(room)
            assert ledger(room)["conserved"] and st["balanced"]
            eliminated = eliminated or any(e["status"] == "eliminated" for e in st["entrants"])
            if wall(room)["clock"]["status"] == "finished":
                break
        assert eliminated
        w = wall(room)["clock"]
        assert w["status"] == "finished" and w["players_left"] == 1 and w["payouts_fixed"]

        st = state(room)
        owed = {e["player"]: e["owed"] for e in st["entrants"] if e["owed"]}
        assert sorted(owed.values()) == [90, 210]
        first = max(owed, key=owed.__getitem__)
        too_much = {"type": "PayPrize", "tournament": T, "player": first, "amount": 211}
        r = room.send("cashier", too_much)
        assert (
            r.status_code == 409
            and r.json()["clause"] == "qld-tournament-2020 house default (as act-omaha-2017 20.19)"
        )
        for p, amount in owed.items():
            room.ok("cashier", {"type": "PayPrize", "tournament": T, "player": p, "amount": amount})
        led = ledger(room)["ledger"]
        assert led["pools"] == 0 and led["cash_out"] == 300 and led["cash_in"] == 360
        # the manager's day report gives the results: every place, the prizes as awarded
        day = room.c.get("/reports/day", headers=room.headers("admin")).json()
        (tm,) = [x for x in day["tournaments"] if x["tournament"] == T]
        places = [x["place"] for x in tm["places"]]
        assert places == sorted(places) and places[0] == 1 and len(places) == 6  # ties share
        assert sorted(x["player"] for x in tm["places"]) == sorted(PLAYERS)
        assert {x["player"]: x["prize"] for x in tm["places"] if x["prize"]} == owed
        assert "1970-01-01" not in day["days"]
        assert ledger(room)["conserved"] and state(room)["balanced"]
        final = wall(room)
        room.ok("director", {"type": "CloseTable", "table": T})

    # the store: the tournament's own stream folds alone and with the room; audit and recovery
    store = EventStore(url)
    try:
        report = audit.verify(store)
        assert report["ok"], report["problems"]
        stream = tournament_stream("main", T)
        info = store.stream(stream)
        assert info.kind == "tournament"
        alone = Tournament.from_events(info.config()[0], store.load(stream))
        assert alone.finished and alone.entries_total == 6
        kinds = {type(e).__name__ for e in alone.events}
        # the seat draw, a table broken for the final table, players eliminated, places paid
        assert {"Seated", "ButtonDrawn", "TableBroken", "Eliminated", "PlacesAwarded"} <= kinds
        assert sum(isinstance(e, te.Penalised) for e in alone.events) == 2
        folded = fold_room(store, "main")
        assert folded.ledger().conserved and folded.tournaments[T].run is not None
        assert folded.tournaments[T].run.events == alone.events
        assert isinstance(folded, CoreRoom)
    finally:
        store.close()
    with serve(url, clock) as again:
        assert wall(again) == final  # rebuilt from the store, the same clock


def test_the_clock_replays_from_the_store(url: str) -> None:
    """A restart mid-level: the clock rebuilt from the recorded ticks runs on from the last
    one's time, paused or not."""
    clock = Clock()
    with serve(url, clock) as room:
        opened(room)
        room.ok("director", {"type": "StartTournament", "tournament": T})
        clock.now += 250
        room.ok("director", {"type": "PauseClock", "tournament": T})
    clock.now += 1000
    with serve(url, clock) as room:
        w = wall(room)["clock"]
        assert w["status"] == "paused" and w["remaining"] == 350
        room.ok("director", {"type": "ResumeClock", "tournament": T})
    clock.now += 100
    with serve(url, clock) as room:
        assert wall(room)["clock"]["remaining"] == 250


# The director's commands, refused to every other role with 403 naming the role.
DIRECTOR_ONLY = [
    {"type": "StartTournament", "tournament": T},
    {"type": "PauseClock", "tournament": T},
    {"type": "NextLevel", "tournament": T},
    {"type": "BalanceTables", "tournament": T},
    {"type": "Penalise", "tournament": T, "player": "p1", "kind": "warning"},
    {"type": "EliminateBusted", "tournament": T, "table": 1},
    {"type": "OpenTournament", "tournament": "x", "conditions": CONDITIONS},
]


@pytest.mark.parametrize("who", ["p1", "dealer", "cashier", "floor", "auditor"])
def test_only_the_director_runs_a_tournament(url: str, who: str) -> None:
    with serve(url, Clock()) as room:
        opened(room)
        role = room.c.get("/me", headers=room.headers(who)).json()["role"]
        for cmd in DIRECTOR_ONLY:
            r = room.send(who, cmd)
            assert r.status_code == 403, (cmd, r.text)
            body = r.json()
            assert body["clause"] == ROLES_CLAUSE
            assert "director" in body["refused"] and f"{who} is {role}" in body["refused"]
        # the cage's commands are the cashier's alone
        if who != "cashier":
            r = room.send(who, {"type": "EnterTournament", "tournament": T, "player": "p1"})
            assert r.status_code == 403 and "cashier" in r.json()["refused"]
        # and the director takes no money
        buy = {"type": "TournamentBuy", "tournament": T, "player": "p1", "kind": "rebuy"}
        r = room.send("director", buy)
        assert r.status_code == 403 and "director is director" in r.json()["refused"]
        assert state(room)["clock"]["status"] == "registering"


def test_refusals_name_the_tournament_rules(url: str) -> None:
    with serve(url, Clock()) as room:
        opened(room, PLAYERS[:5])
        # qld-tournament-2020 3.13: entrants are 18 or older
        minor = {"type": "EnterTournament", "tournament": T, "player": "p6", "age": 17}
        r = room.send("cashier", minor)
        assert r.status_code == 409 and r.json()["clause"] == "qld-tournament-2020 3.13", r.text
        room.ok("director", {"type": "StartTournament", "tournament": T})
        r = room.send("director", {"type": "StartTournament", "tournament": T})
        assert r.status_code == 409, r.text
        assert r.json() == {
            "refused": "the tournament has already started",
            "clause": "qld-tournament-2020 4.6",
        }
        # nothing changed by the refusals: five entries, the pool theirs
        led = ledger(room)["ledger"]
        assert led["pools"] == 5 * 50 and led["cash_in"] == 5 * 60
        # the server sets the draws and the time, never the client
        r = room.send("director", {"type": "BalanceTables", "tournament": T, "seed": 1})
        assert r.status_code == 422 and "set by the server" in r.json()["refused"]
        r = room.send("director", {"type": "PauseClock", "tournament": T, "paused": False})
        assert r.status_code == 422
        r = room.send("director", {"type": "PauseClock"})
        assert r.status_code == 422 and "tournament" in r.json()["refused"]


def test_the_wall_clock_streams_numbered_messages(url: str) -> None:
    clock = Clock()
    with serve(url, clock) as room:
        opened(room)
        with room.c.websocket_connect(f"/ws/tournaments/{T}/clock") as ws:
            first = ws.receive_json()  # the clock as it is: a snapshot, then one per commit
            assert first["snapshot"]["status"] == "registering"
            assert first["snapshot"]["entries"] == 6
            room.ok("director", {"type": "StartTournament", "tournament": T})
            started = ws.receive_json()
            assert started["seq"] > first["seq"] and started["clock"]["status"] == "running"
            room.ok("director", {"type": "PauseClock", "tournament": T})
            paused = ws.receive_json()
            assert paused["seq"] > started["seq"] and paused["clock"]["status"] == "paused"
        # caught up: nothing until the next commit
        with room.c.websocket_connect(f"/ws/tournaments/{T}/clock?after={paused['seq']}") as ws:
            room.ok("director", {"type": "ResumeClock", "tournament": T})
            resumed = ws.receive_json()
            assert resumed["seq"] > paused["seq"] and resumed["clock"]["status"] == "running"
        # behind: the clock as it is now, at once
        with room.c.websocket_connect(f"/ws/tournaments/{T}/clock?after={first['seq']}") as ws:
            assert ws.receive_json()["seq"] == resumed["seq"]
        assert room.c.get("/tournaments/nope/clock").status_code == 404
        r = room.c.get(f"/tournaments/{T}")  # the entrants' list needs a log-in
        assert r.status_code == 401


ODD = [
    {"type": "CorrectSeat", "tournament": T, "player": "ghost", "table": 99, "seat": -1},
    {"type": "CorrectSeat", "tournament": T, "player": "p1", "table": 1, "seat": 99},
    {"type": "SetPresent", "tournament": T, "player": "ghost", "present": False},
    {"type": "Penalise", "tournament": T, "player": "p1", "kind": "xyz", "amount": -3},
    {"type": "Penalise", "tournament": T, "player": "p1", "kind": "minutes", "amount": 2**40},
    {"type": "Disqualify", "tournament": T, "player": "ghost"},
    {"type": "AnnounceRound", "tournament": T, "table": 99, "kind": "bonus", "chips": -5},
    {"type": "RuleHiddenChips", "tournament": T, "player": "p1", "chips": -100},
    {"type": "ForfeitChips", "tournament": T, "player": "p1", "chips": 10**9},
    {"type": "TransferEntry", "tournament": T, "player": "p1", "to": "p1"},
    {"type": "EliminateBusted", "tournament": T, "table": -1},
    {"type": "ProvisionallyEliminate", "tournament": T, "player": "p2"},
    {"type": "AdjustClock", "tournament": T, "seconds": -(10**9)},
    {"type": "FindSlow", "tournament": T, "player": "ghost"},
    {"type": "ClockOnPlayer", "tournament": T, "hand": {"$t": "nope"}},
    {"type": "RecordHands", "tournament": T, "hands": [{"a": 1}]},
    {"type": "RecordHands", "tournament": T, "hands": []},
    {"type": "StartTournament", "tournament": "nope"},
    {"type": "NextLevel", "tournament": "nope"},
    {"type": "TournamentBuy", "tournament": T, "player": "p1", "kind": "gift"},
    {"type": "PayPrize", "tournament": T, "player": "p1", "amount": 1},
]


def test_odd_commands_are_refused_with_a_reason(url: str) -> None:
    """Whatever a director sends, a 4xx with a reason (never a 500), and nothing changed."""
    with serve(url, Clock()) as room:
        opened(room)
        room.ok("director", {"type": "StartTournament", "tournament": T})
        before = state(room)
        for cmd in ODD:
            who = "cashier" if cmd["type"] in ("TournamentBuy", "PayPrize") else "director"
            r = room.send(who, cmd)
            assert 400 <= r.status_code < 500, (cmd, r.text)
            assert r.json()["refused"] and r.json()["clause"], (cmd, r.text)
        after = state(room)
        assert after["entrants"] == before["entrants"] and after["seq"] == before["seq"]


def test_the_demo_room_runs_its_tournament(tmp_path: Path) -> None:
    from croupier.service import demo

    url = f"sqlite:///{tmp_path / 'demo.db'}"
    store = EventStore(url)
    try:
        assert demo.seed(store)
    finally:
        store.close()
    with TestClient(create_app(url, clock=Clock())) as client:
        r = client.get("/tournaments/sat-1/clock")
        assert r.status_code == 200, r.text
        w = r.json()["clock"]
        assert w["name"] == "Saturday freezeout" and w["status"] == "registering"
        assert w["level"]["big_blind"] == 50 and w["next_break_in"] == 2400


def test_the_clock_on_a_player_runs_on_the_servers_time(url: str) -> None:
    """qld-tournament-2020 4.26: time called on the player to act, one minute by the server's
    clock; when it runs out the hand is dead, and the hand is recorded with it."""
    clock = Clock()
    with serve(url, clock) as room:
        opened(room)
        room.ok("director", {"type": "StartTournament", "tournament": T})
        path = f"/tournaments/{T}/tables/1/plan?deck=server"
        r = room.c.get(path, headers=room.headers("dealer"))
        assert r.status_code == 200, r.text
        plan: HandPlan = contract.decode(r.json()["plan"])
        rd = Round(plan.config)
        assert rd.actor is not None
        slow = rd.actor

        def hand() -> dict[str, Any]:
            return {"hand": codec.encode(PlayedHand(plan, rd.config, tuple(rd.events)))}

        called = room.ok("director", {"type": "ClockOnPlayer", "tournament": T, **hand()})
        assert "AtTournamentEvent" in called["events"]
        clock.now += 30
        # time remains: nothing happens (the clock's own tick is all that is recorded)
        room.ok("director", {"type": "EnforceClock", "tournament": T, **hand()})
        clock.now += 31
        room.ok("director", {"type": "EnforceClock", "tournament": T, **hand()})
        rd.apply(Fold(slow))  # the dealer kills the hand
        while not rd.is_over:
            assert rd.actor is not None
            rd.apply(CheckCall(rd.actor))
        room.ok("dealer", {"type": "RecordHands", "tournament": T, "hands": [hand()["hand"]]})
    store = EventStore(url)
    try:
        events = store.load(tournament_stream("main", T))
    finally:
        store.close()
    calls = [e for e in events if type(e).__name__ == "ClockCalled"]
    expired = [e for e in events if type(e).__name__ == "TimeExpired"]
    assert len(calls) == 1 and len(expired) == 1
    assert calls[0].player == plan.players[slow] and expired[0].at - calls[0].at == 61


def test_the_server_records_each_level_as_it_ends(url: str) -> None:
    """A level that runs out is recorded by the server's own tick (no command needed), and the
    wall clock's subscribers get the new level."""
    import time

    clock = Clock()
    with serve(url, clock) as room:
        opened(room)
        room.ok("director", {"type": "StartTournament", "tournament": T})
        with room.c.websocket_connect(f"/ws/tournaments/{T}/clock") as ws:
            first = ws.receive_json()
            assert first["snapshot"]["level"]["number"] == 1
            clock.now += 601  # level 1 (10 minutes) is over
            deadline = time.monotonic() + 10
            while state(room)["seq"] == first["seq"] and time.monotonic() < deadline:
                time.sleep(0.2)
            pushed = ws.receive_json()
            assert pushed["seq"] > first["seq"]
            assert pushed["clock"]["level"]["number"] == 2 and pushed["clock"]["remaining"] == 599
        seq = state(room)["seq"]
        time.sleep(2.5)  # nothing more is due: nothing more recorded
        assert state(room)["seq"] == seq
    store = EventStore(url)
    try:
        ticks = [e for e in store.load(tournament_stream("main", T)) if hasattr(e, "at")]
    finally:
        store.close()
    assert ticks[-1].at == 1_000_601 and ticks[-1].seconds == 601


def test_the_cage_refunds_a_cancelled_entry(url: str) -> None:
    with serve(url, Clock()) as room:  # the clock: 1970, days before the start
        opened(room, PLAYERS[:3])
        cancel = {"type": "CancelTournamentEntry", "tournament": T, "player": "p2"}
        r = room.send("director", cancel)
        assert r.status_code == 403 and "cashier" in r.json()["refused"]
        done = room.ok("cashier", cancel)
        assert done["events"][0] == "TournamentRefunded"
        led = ledger(room)
        assert led["conserved"] and led["ledger"]["cash_out"] == 60
        assert state(room)["balanced"] and wall(room)["clock"]["entries"] == 2
