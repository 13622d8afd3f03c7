"""A room's money after every command, on SQLite and PostgreSQL: the audit checks it at each
command's record, not only at the end (cash the cage took with no chips for it, made good by a
later payment, is found at the first command it was out of balance before), and a commit that
would leave it out of balance (a fault of the core's, made here on purpose) writes nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from croupier.room import AtTable, BuyIn, CashOut, OpenTable, Room, RoomCommand, TakeSeat
from croupier.room.balance import Balance
from croupier.room.events import BoughtIn, CashedOut, RoomEvent
from croupier.service.auth import Role
from croupier.service.commands import Issued
from croupier.service.store import audit, money
from croupier.service.store.money import Unbalanced
from croupier.service.store.rooms import (
    RoomStore,
    cage_stream,
    commands_stream,
    fold_room,
)
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.table.presets import preset
from croupier.views import actor_view
from support.store import store_on


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    with store_on(request.param, request, tmp_path) as s:
        yield s


def run(rs: RoomStore, cmd: RoomCommand) -> None:
    """``cmd`` committed as a server commits it: its record first, in the same commit."""
    issued = Issued("floor", Role.FLOOR, cmd, "2026-12-08T00:00:00+00:00")
    rs.execute(cmd, "floor", also=[(commands_stream(rs.name), "commands", issued)])


def played(store: EventStore) -> RoomStore:
    """A table of three, rounds played by bots, a cash-out: every command recorded."""
    rs = RoomStore(store, "main")
    cfg = preset("dunedin-house", seats=3)
    run(rs, OpenTable("t1", cfg))
    for i, p in enumerate(("ann", "bob", "cat"), start=1):
        run(rs, TakeSeat(p, "t1", i, cfg.stakes.min_table_stake * 2))
    t, shoe, bot, rng = (
        rs.room.tables["t1"],
        Shoe(cfg.game.deck, seed=3),
        make_bot("random"),
        random.Random(5),
    )
    for _ in range(4):
        start = AtTable("t1", StartRound(shoe.shuffle().order))
        if rs.room.why_illegal(start) is not None:  # one player left with chips
            break
        run(rs, start)
        while t.round is not None and not t.round.is_over:
            run(rs, AtTable("t1", Act(bot.act(actor_view(t.round), rng))))
    run(rs, CashOut("ann", "t1"))
    return rs


def append(store: EventStore, stream: str, value: object) -> None:
    head = store.stream(stream).head_seq
    store.append(stream, head, [value])


def test_a_room_out_of_balance_between_two_commands_is_reported(store: EventStore) -> None:
    rs = played(store)
    assert audit.verify(store)["ok"]
    commands = commands_stream("main")
    # the cage takes 50 with no chips for it, a command is recorded, then the cage pays the
    # 50 out: balanced at the end, not before that command
    append(store, cage_stream("main"), BoughtIn("dan", "t1", 50))
    append(store, commands, Issued("floor", Role.FLOOR, CashOut("bob", "t1"), "2026-12-08"))
    out_of_balance_at = store.stream(commands).head_seq
    append(store, cage_stream("main"), CashedOut("dan", "t1", 50, "made good"))
    ledger = replace(rs.room.ledger(), cash_in=rs.room.ledger().cash_in + 50)
    assert audit.verify(store)["problems"] == [
        f"room:main: money not conserved before the command recorded as {commands} event "
        f"{out_of_balance_at}: cash in {ledger.cash_in}, accounted for {ledger.accounted} "
        f"({ledger})"
    ]


def test_a_commands_events_are_checked_whole(store: EventStore) -> None:
    """Within one command the money may pass through a state that does not balance (the
    cage's cash before the table's chips): the check waits for the next command."""
    played(store)
    append(store, cage_stream("main"), BoughtIn("dan", "t1", 50))
    append(store, cage_stream("main"), CashedOut("dan", "t1", 50, "made good"))
    append(store, commands_stream("main"), Issued("floor", Role.FLOOR, CashOut("bob", "t1"), "x"))
    assert audit.verify(store)["ok"]


def test_a_commit_that_would_leave_the_money_out_of_balance_writes_nothing(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    rs = played(store)
    before, ledger = store.last_position(), rs.room.ledger()
    one_more(monkeypatch)
    with pytest.raises(Unbalanced) as refused:
        run(rs, BuyIn("bob", "t1", 10))
    assert str(refused.value) == (
        f"room main: the commit would move the room's money out of balance by 1 (cash in "
        f"{ledger.cash_in + 11}, accounted for {ledger.accounted + 10}): nothing was written"
    )
    assert store.last_position() == before  # not the command, not its record
    assert rs.room.ledger() == ledger == fold_room(store, "main").ledger()
    monkeypatch.undo()
    run(rs, BuyIn("bob", "t1", 10))  # the room goes on
    assert rs.room.ledger().cash_in == ledger.cash_in + 10
    assert audit.verify(store)["ok"]


def one_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault of the core's: a buy-in's cage takes one more than the chips it gives."""
    plan = Room._plan_buy_in

    def plan_one_more(room: Room, cmd: BuyIn, commit: bool) -> list[RoomEvent]:
        events = plan(room, cmd, commit)
        return [replace(e, cash=e.cash + 1) if isinstance(e, BoughtIn) else e for e in events]

    monkeypatch.setattr(Room, "_plan_buy_in", plan_one_more)


def test_a_running_ledger_that_missed_a_fold_is_made_afresh_not_believed(
    store: EventStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Every ``RECOUNT`` commits the running ledger is compared with the whole one: one that
    missed the folds of a command (as it would, were a path to change the room behind it) is
    made afresh, and said; the command commits."""
    rs = played(store)
    stale = rs.balance
    monkeypatch.setattr(money, "RECOUNT", 1)
    with monkeypatch.context() as m:
        m.setattr(Balance, "fold", lambda self, e: None)
        run(rs, BuyIn("bob", "t1", 10))
    assert rs.balance is not stale
    assert "room main: its running ledger missed a fold" in caplog.text
    assert rs.balance.ledger() == rs.room.ledger() and rs.room.ledger().conserved
    one_more(monkeypatch)  # and a fault is still refused
    with pytest.raises(Unbalanced):
        run(rs, BuyIn("bob", "t1", 10))
    assert audit.verify(store)["ok"]


def test_a_room_stored_out_of_balance_pays_out_and_says_so(
    store: EventStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Money already out of balance in the store (left by a fault, or an edit): the room says
    so once as it loads and serves on, so that its players can be paid out; only a commit
    that moves it further is refused. The audit says where it came from."""
    played(store)
    append(store, cage_stream("main"), BoughtIn("dan", "t1", 50))  # no chips for it
    rs = RoomStore(store, "main")
    assert rs.money.gap == 50
    assert caplog.text.count("room main: its stored money is out of balance by 50") == 1
    run(rs, CashOut("bob", "t1"))
    monkeypatch.setattr(money, "RECOUNT", 1)  # the whole ledger summed at every commit
    run(rs, OpenTable("t2", preset("dunedin-house", seats=3)))
    one_more(monkeypatch)
    with pytest.raises(Unbalanced) as refused:
        run(rs, BuyIn("cat", "t1", 40))
    assert "would move the room's money out of balance by 1 " in str(refused.value)
    problems = audit.verify(store)["problems"]
    assert len(problems) == 2  # at the first command after it, and at the end
    assert problems[0].startswith("room:main: money not conserved before the command recorded")
    assert problems[1].startswith("room:main: money not conserved: Ledger(")
