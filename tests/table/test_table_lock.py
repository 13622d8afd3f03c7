"""dunedin-house 77: management locks up a player's funds while an investigation is
undertaken, and releases them when it is over."""

from __future__ import annotations

import pytest

from croupier.round import BetRaise, Fold
from croupier.shoe import Shoe
from croupier.table.commands import (
    Act,
    AddChips,
    Leave,
    LockFunds,
    ReleaseFunds,
    ReopenRound,
    SitDown,
    StartRound,
    TableCommand,
)
from croupier.table.events import FundsLocked, FundsReleased, PlayerLeft
from croupier.table.table import Table
from support.table import make_table

LOCK = "dunedin-house 77"


def seated(rules: str = "dunedin-house", n: int = 3, chips: int = 200) -> Table:
    t = make_table(rules, seats=6)
    for i in range(n):
        t.apply(SitDown(f"p{i + 1}", i + 1, chips))
    return t


def start(t: Table) -> None:
    t.apply(StartRound(Shoe(t.config.game.deck, seed=t.hands + 5).shuffle().order))


def fold_out(t: Table) -> None:
    """The first to act raises the minimum and everyone else folds."""
    r = t.round
    assert r is not None and r.actor is not None
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is not None
    t.apply(Act(BetRaise(r.actor, la.min_raise_to)))
    while t.round is not None:
        t.apply(Act(Fold(t.round.actor)))  # type: ignore[arg-type]


def refused(t: Table, cmd: TableCommand, clause: str, words: str = "") -> None:
    before = (len(t.events), t.seating, dict(t.stacks), dict(t.locked))
    ruling = t.why_illegal(cmd)
    assert ruling is not None and ruling.clause == clause, ruling
    assert words in ruling.message
    assert (len(t.events), t.seating, dict(t.stacks), dict(t.locked)) == before


def test_77_funds_locked_and_released_to_the_seat() -> None:
    t = seated()
    total = t.total_chips
    (e,) = t.apply(LockFunds("p2", "chip dumping alleged", chips=150))
    assert e == FundsLocked("p2", 150, "chip dumping alleged", LOCK)
    assert t.stacks["p2"] == 50 and t.locked == {"p2": 150}
    assert t.total_chips == total  # held, not gone
    start(t)
    fold_out(t)  # p2 plays on with the 50 left
    assert t.locked == {"p2": 150}
    (r,) = t.apply(ReleaseFunds("p2"))
    assert r == FundsReleased("p2", 150, True, LOCK)
    assert t.locked == {} and t.total_chips == total
    again = Table.from_events(t.config, t.events)
    assert (again.stacks, again.locked) == (t.stacks, t.locked)


def test_77_whole_stack_locked_and_paid_out_after_the_player_left() -> None:
    t = seated()
    t.apply(LockFunds("p1", "suspected marked cards"))
    assert t.stacks["p1"] == 0 and t.locked == {"p1": 200}
    (left,) = t.apply(Leave("p1"))
    assert isinstance(left, PlayerLeft) and left.chips == 0
    assert t.locked == {"p1": 200}  # management still holds them
    refused(t, LockFunds("p1", "more"), "croupier table", "not seated")
    (paid,) = t.apply(ReleaseFunds("p1"))
    assert paid == FundsReleased("p1", 200, False, LOCK)
    assert t.total_chips == 400


def test_77_refusals_change_nothing() -> None:
    t = seated()
    refused(t, LockFunds("p1", "  "), LOCK, "say what it is about")
    refused(t, LockFunds("p1", "x", chips=201), LOCK, "has 200 chips")
    refused(t, LockFunds("p1", "x", chips=0), LOCK, "cannot be locked")
    refused(t, ReleaseFunds("p1"), LOCK, "no funds of p1")
    start(t)
    assert t.round is not None
    refused(t, LockFunds("p1", "x"), LOCK, "in play")
    fold_out(t)
    t.apply(LockFunds("p1", "x", chips=10))
    start(t)
    refused(t, ReleaseFunds("p1"), "dunedin-house 22", "after it")


@pytest.mark.parametrize("rules", ["qld-holdem-2005", "act-omaha-2017"])
def test_77_is_a_dunedin_house_rule(rules: str) -> None:
    t = seated(rules)
    refused(t, LockFunds("p1", "investigation"), "croupier table", "no rule for locking")


def test_77_a_reopened_dispute_cannot_undo_a_lock() -> None:
    t = seated()
    start(t)
    fold_out(t)
    t.apply(LockFunds("p3", "disputed pot"))
    refused(t, ReopenRound(1), "dunedin-house 67", "p3 had funds locked")


@pytest.mark.parametrize(
    ("between", "words"),
    [(Leave("p1"), "p1 left"), (AddChips("p2", 100), "p2 added chips")],
)
def test_67_a_round_is_reopened_only_while_the_table_is_as_it_left_it(
    between: TableCommand, words: str
) -> None:
    """Reopening restores the stacks the round paid: a player who had left with chips would
    sit again holding them (chips created), and chips added since would vanish."""
    t = seated(n=4)
    start(t)
    fold_out(t)
    t.apply(between)
    total = t.total_chips
    refused(t, ReopenRound(1), "dunedin-house 67", words)
    assert t.total_chips == total
