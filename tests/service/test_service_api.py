"""The service's HTTP API: log-ins, roles, refusals with the clause, bad requests as clear 4xx,
and every accepted command in the store with who sent it (SQLite and PostgreSQL)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from croupier.room import TakeSeat
from croupier.service import limits
from croupier.service.auth import Role
from croupier.service.commands import Issued
from croupier.service.store import audit
from croupier.service.store.rooms import commands_stream
from croupier.service.store.significant import STREAM, What
from croupier.service.store.store import EventStore
from croupier.table.commands import StartRound
from support.service import Room, play_round, served
from support.store import create_database


@pytest.fixture
def sqlite(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


@pytest.fixture
def room(sqlite: str) -> Iterator[Room]:
    with served(sqlite) as r:
        r.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        yield r


def test_log_in_and_failed_log_in_are_significant_events(sqlite: str) -> None:
    with served(sqlite) as r:
        assert r.c.post("/login", json={"name": "p1", "password": "nope"}).status_code == 401
        assert r.c.post("/login", json={"name": "ghost", "password": "x"}).status_code == 401
        r.login("p1")
        assert r.c.get("/me").status_code == 401
        me = r.c.get("/me", headers={"Authorization": f"Bearer {r.login('p1')}"}).json()
        assert me["role"] == "player"
    store = EventStore(sqlite)
    log = store.load(STREAM)
    store.close()
    kinds = [(e.what, e.who) for e in log]
    assert (What.LOGIN_FAILED, "p1") in kinds and (What.LOGIN_FAILED, "ghost") in kinds
    assert (What.LOGIN, "p1") in kinds
    assert sum(1 for w, _ in kinds if w is What.USER_CHANGED) == 6 + 6  # staff and players


def test_passwords_are_stored_only_as_argon2_hashes(sqlite: str) -> None:
    with served(sqlite):
        pass
    store = EventStore(sqlite)
    rows = store.read("users")
    store.close()
    assert rows and all("p1-pw" not in r.body for r in rows)
    assert all("$argon2" in r.body for r in rows)


# Each role's forbidden commands, refused with 403 naming who may.
FORBIDDEN = {
    "player": [
        {"type": "OpenTable", "table": "t9", "preset": {"rulebook": "dunedin-house"}},
        {"type": "BuyIn", "player": "p1", "table": "t1", "cash": 100},
        {"type": "StartRound", "table": "t1"},
        {"type": "LockFunds", "table": "t1", "player": "p2", "reason": "x"},
        {"type": "ReopenRound", "table": "t1"},
        {"type": "OpenTournament", "tournament": "s", "terms": None},
    ],
    "dealer": [
        {"type": "CashOut", "player": "p1", "table": "t1"},
        {"type": "Fold", "table": "t1", "player": 0},
        {"type": "VoidRound", "table": "t1", "clause": "x", "reason": "y"},
    ],
    "cashier": [
        {"type": "StartRound", "table": "t1"},
        {"type": "OpenTable", "table": "t9", "preset": {"rulebook": "dunedin-house"}},
        {"type": "ReleaseFunds", "table": "t1", "player": "p1"},
    ],
    "floor": [
        {"type": "BuyIn", "player": "p1", "table": "t1", "cash": 100},
        {"type": "StartRound", "table": "t1"},
        {"type": "OpenTournament", "tournament": "s", "terms": None},
    ],
    "director": [
        {"type": "TakeSeat", "player": "p4", "table": "t1", "seat": 4, "cash": 100},
        {"type": "LockFunds", "table": "t1", "player": "p2", "reason": "x"},
    ],
    "admin": [
        {"type": "CashOut", "player": "p1", "table": "t1"},
        {"type": "StartRound", "table": "t1"},
    ],
}


def test_each_role_is_refused_what_it_may_not_do(room: Room) -> None:
    for role, commands in FORBIDDEN.items():
        who = "p1" if role == "player" else role
        for cmd in commands:
            r = room.send(who, cmd)
            assert r.status_code == 403, (role, cmd, r.text)
            body = r.json()
            assert body["clause"] == "croupier roles"
            assert f"is {role}" in body["refused"] and "only" in body["refused"]


def test_the_auditor_commands_nothing_but_reads_everything(room: Room) -> None:
    from croupier.service.commands import CATALOGUE

    for name in CATALOGUE:
        r = room.send("auditor", {"type": name, "table": "t1"})
        assert r.status_code == 403, (name, r.text)
        assert "auditor" in r.json()["refused"]
    h = {"Authorization": f"Bearer {room.login('auditor')}"}
    assert room.c.get("/audit/verify", headers=h).json()["ok"] is True
    assert room.c.get("/significant", headers=h).json()["events"]
    assert room.c.get("/room/ledger", headers=h).json()["conserved"] is True
    h = {"Authorization": f"Bearer {room.login('p1')}"}
    assert room.c.get("/significant", headers=h).status_code == 403


def test_a_player_acts_only_for_their_own_seat(room: Room) -> None:
    room.ok("dealer", {"type": "StartRound", "table": "t1"})
    _, tv = room.view("dealer", "t1")
    assert tv.round is not None and tv.round.actor is not None
    actor = tv.players[tv.round.actor]
    other = next(p for p in tv.players if p != actor)
    # another seat's position, or another's name, is refused
    r = room.send(actor, {"type": "Fold", "table": "t1", "player": tv.players.index(other)})
    assert r.status_code == 403 and "own seat" in r.json()["refused"]
    r = room.send(actor, {"type": "SitOut", "table": "t1", "player": other})
    assert r.status_code == 403
    r = room.send("p4", {"type": "Fold", "table": "t1"})  # not seated here
    assert r.status_code == 403
    # acting out of turn is the rulebook's refusal, with its clause
    r = room.send(other, {"type": "Fold", "table": "t1"})
    assert r.status_code == 409 and r.json()["clause"]
    room.ok(actor, {"type": "Fold", "table": "t1"})  # the server fills in the position


def test_a_dealer_deals_only_at_assigned_tables(room: Room) -> None:
    room.ok("floor", {"type": "OpenTable", "table": "t2", "preset": {"rulebook": "dunedin-house"}})
    r = room.send("dealer", {"type": "StartRound", "table": "t2"})
    assert r.status_code == 403 and "not assigned to table t2" in r.json()["refused"]


def test_refusals_name_the_clause(room: Room) -> None:
    r = room.send(
        "cashier", {"type": "TakeSeat", "player": "p4", "table": "t1", "seat": 1, "cash": 400}
    )
    assert r.status_code == 409
    body = r.json()
    assert set(body) == {"refused", "clause"} and body["clause"] and body["refused"]
    r = room.send(
        "cashier", {"type": "TakeSeat", "player": "p4", "table": "t1", "seat": 4, "cash": 1}
    )
    assert r.status_code == 409 and "dunedin-house" in r.json()["clause"]


def test_bad_requests_are_clear_4xx(room: Room) -> None:
    h = {"Authorization": f"Bearer {room.login('floor')}", "content-type": "application/json"}
    cases = [
        (b"{not json", 400),
        (b"[1, 2]", 422),
        (b'{"table": "t1"}', 422),
        (b'{"type": "Explode"}', 422),
        (b'{"type": "CloseTable", "table": 7}', 422),
        (b'{"type": "CloseTable"}', 422),
        (b'{"type": "CloseTable", "table": "t1", "colour": "red"}', 422),
        (b'{"type": "CloseTable", "table": "t1", "at": 5}', 422),
        (b'{"type": "Report", "table": "t1", "incident": {"$t": "os:system"}}', 422),
        (b'{"type": "CallClock", "table": "t1", "seconds": true}', 422),
        (b"x" * (limits.MAX_BODY + 1), 413),
    ]
    for body, status in cases:
        r = room.c.post("/commands", content=body, headers=h)
        assert r.status_code == status, (body[:60], r.status_code, r.text)
        assert r.json()["refused"]
    r = room.c.post("/commands", json={"type": "CloseTable", "table": "t1"})
    assert r.status_code == 401


def test_a_stale_sequence_number_is_refused(room: Room) -> None:
    seq, _ = room.view("dealer", "t1")
    r = room.send("dealer", {"type": "StartRound", "table": "t1", "seq": seq - 1})
    assert r.status_code == 409 and "stale" in r.json()["refused"]
    room.ok("dealer", {"type": "StartRound", "table": "t1", "seq": seq})


def _store_contents(url: str) -> None:
    with served(url) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        rng = random.Random(3)
        for _ in range(3):
            play_round(room, "t1", rng)
        room.ok("cashier", {"type": "CashOut", "player": "p3", "table": "t1"})
        refused = room.send("cashier", {"type": "CashOut", "player": "p3", "table": "t1"})
        assert refused.status_code == 409
        accepted = list(room.accepted)
    store = EventStore(url)
    try:
        issued = store.load(commands_stream("main"))
        assert all(isinstance(i, Issued) for i in issued)
        kinds = [(type(i.command).__name__, i.who, i.role) for i in issued]
        assert kinds[0] == ("OpenTable", "floor", Role.FLOOR)
        assert ("TakeSeat", "cashier", Role.CASHIER) in kinds
        assert kinds[-1] == ("CashOut", "cashier", Role.CASHIER)  # the refused one is not there
        starts = [i.command for i in issued if isinstance(i.command, StartRound)]
        assert len(starts) == 3 and all(s.deck_order is None and s.commitment for s in starts)
        # every success reply's command, in order, with who sent it; nothing else
        assert [(type(i.command).__name__, i.who) for i in issued] == accepted
        assert any(i.role is Role.PLAYER for i in issued)
        assert audit.verify(store)["ok"]
    finally:
        store.close()


def test_every_accepted_command_is_in_the_store_sqlite(sqlite: str) -> None:
    _store_contents(sqlite)


def test_every_accepted_command_is_in_the_store_postgresql(pg_server: str) -> None:
    _store_contents(create_database(pg_server, "service_contents"))


def test_take_seat_is_in_the_room_stream(sqlite: str) -> None:
    with served(sqlite) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2"])
    store = EventStore(sqlite)
    issued = store.load(commands_stream("main"))
    store.close()
    assert [type(i.command) for i in issued].count(TakeSeat) == 2


def test_the_auditor_recalls_every_card_of_finished_rounds_only(room: Room) -> None:
    from croupier.round.events import HoleDealt
    from croupier.service import contract

    rng = random.Random(4)
    play_round(room, "t1", rng)
    play_round(room, "t1", rng)
    room.ok("dealer", {"type": "StartRound", "table": "t1"})  # a third round in progress
    h = {"Authorization": f"Bearer {room.login('auditor')}"}
    body = room.c.get("/audit/recall/t1?last=5", headers=h).json()
    rounds = [[contract.decode(e) for e in r] for r in body["rounds"]]
    assert len(rounds) == 2
    for r in rounds:
        holes = [
            x
            for e in r
            if type(e).__name__ == "CardsDealt"
            for x in e.events
            if isinstance(x, HoleDealt)
        ]
        assert len(holes) == 3 and all(None not in x.cards for x in holes)
    p1 = {"Authorization": f"Bearer {room.login('p1')}"}
    assert room.c.get("/audit/recall/t1", headers=p1).status_code == 403


def recorded_errors(url: str) -> list[str]:
    """The errors the significant-events log holds, once the audit has passed the store."""
    store = EventStore(url)
    try:
        assert audit.verify(store)["ok"]
        return [e.detail for e in store.load(STREAM) if e.what is What.ERROR]
    finally:
        store.close()


def test_a_server_error_is_recorded_and_nothing_is_accepted(
    sqlite: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fault injection: the room's core raising an unexpected exception (a bug) gives a JSON
    500, an error in the significant-events log, and a room reloaded from the store."""
    from fastapi.testclient import TestClient

    from croupier.room import Room as CoreRoom

    with served(sqlite) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        quiet = TestClient(room.c.app, raise_server_exceptions=False)
        h = {"Authorization": f"Bearer {room.login('dealer')}"}
        real = CoreRoom.apply

        def broken(self: CoreRoom, cmd: object) -> object:
            self.events.append("half-applied")  # type: ignore[arg-type]
            raise RuntimeError("a bug")

        monkeypatch.setattr(CoreRoom, "apply", broken)
        r = quiet.post("/commands", json={"type": "StartRound", "table": "t1"}, headers=h)
        monkeypatch.setattr(CoreRoom, "apply", real)
        assert r.status_code == 500 and "nothing was accepted" in r.json()["error"]
        assert room.view("dealer", "t1")[1].hands == 0
        assert "half-applied" not in room.c.app.state.service.rooms.room.events  # reloaded
        room.ok("dealer", {"type": "StartRound", "table": "t1"})  # the room goes on
    (error,) = recorded_errors(sqlite)
    assert "RuntimeError: a bug" in error


def test_a_command_that_would_leave_the_money_out_of_balance_is_refused_and_recorded(
    sqlite: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fault injection: a core that said the cage took one more than the chips it gave. The
    commit is checked before it is written: 409 naming the cage, nothing written, an error in
    the significant-events log; the room goes on."""
    from croupier.room import Room as CoreRoom
    from croupier.room.events import BoughtIn

    with served(sqlite) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        h = {"Authorization": f"Bearer {room.login('cashier')}"}
        buy = {"type": "BuyIn", "table": "t1", "player": "p1", "cash": 10}
        plan = CoreRoom._plan_buy_in

        def one_more(self: CoreRoom, cmd: object, commit: bool) -> list[object]:
            events = plan(self, cmd, commit)  # type: ignore[arg-type]
            return [replace(e, cash=e.cash + 1) if isinstance(e, BoughtIn) else e for e in events]

        service = room.c.app.state.service
        before = service.store.last_position()
        monkeypatch.setattr(CoreRoom, "_plan_buy_in", one_more)
        r = room.c.post("/commands", json=buy, headers=h)
        monkeypatch.undo()
        assert r.status_code == 409, r.text
        assert r.json()["clause"] == "croupier cage"
        assert "the commit would move the room's money out of balance by 1" in r.json()["refused"]
        assert service.store.last_position() == before + 1  # the error's record alone
        assert service.rooms.room.ledger().conserved
        room.ok("cashier", buy)  # the room goes on
    (error,) = recorded_errors(sqlite)
    assert "out of balance" in error


def test_a_round_in_progress_deals_on_after_a_restart(sqlite: str) -> None:
    """The deck is never in the table's events; the dealer side seals it in the store, so a
    server restarted mid-round deals the rest of the round from the same deck."""
    from croupier.client import ClientError
    from croupier.service.store.rooms import sealed_stream
    from croupier.service.store.sealing import SealedDeck

    with served(sqlite) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        room.ok("dealer", {"type": "StartRound", "table": "t1"})
        _, tv = room.view("dealer", "t1")
        assert tv.round is not None and tv.round.actor is not None
        room.ok(tv.players[tv.round.actor], {"type": "CheckCall", "table": "t1"})
        before = tv.round.hole
    with served(sqlite, users=False) as room:
        _, tv = room.view("dealer", "t1")
        assert tv.round is not None and tv.round.hole == before
        for _ in range(40):  # everyone calls or checks down: the board is dealt on
            _, tv = room.view("dealer", "t1")
            if tv.round is None or tv.round.actor is None:
                break
            try:
                room.ok(tv.players[tv.round.actor], {"type": "CheckCall", "table": "t1"})
            except ClientError:
                room.ok(tv.players[tv.round.actor], {"type": "Fold", "table": "t1"})
        assert tv.round is None and tv.hands == 1
    store = EventStore(sqlite)
    try:
        sealed = store.load(sealed_stream("main"))
        assert len(sealed) == 1 and isinstance(sealed[0], SealedDeck)  # never in plain
        assert audit.verify(store)["ok"]
    finally:
        store.close()
