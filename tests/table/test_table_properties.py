"""Random streams of dealer, floor and player commands against a table, legal or not.

Every command is either applied or refused with a ruling naming a clause, and a refused
command leaves the table exactly as it was; chips are conserved throughout; the table's state
is always the fold of its events.
"""

from __future__ import annotations

import random

import pytest

from croupier.round import BetRaise, CheckCall, Fold, Muck, Show
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import (
    Act,
    AddChips,
    CallClock,
    ChangeSeat,
    CloseTable,
    InstructTime,
    Leave,
    LockFunds,
    ReleaseFunds,
    RemoveChips,
    ReopenRound,
    Return,
    SitDown,
    SitOut,
    StartRound,
    TableCommand,
    Tick,
    VoidRound,
)
from croupier.table.events import FundsReleased, PlayerLeft
from croupier.table.presets import preset
from croupier.table.table import Table
from croupier.views import actor_view
from support.integrity_state import state as whole_state

PLAYERS = [f"p{i}" for i in range(12)]


def _command(
    t: Table, rng: random.Random, shoe: Shoe, at: int, late: bool, floor: random.Random
) -> TableCommand:
    """A random command; ``floor`` draws the rarer floor commands apart from ``rng``, so they
    do not shift the stream of the others."""
    player = rng.choice(PLAYERS)
    seat = rng.randint(0, t.config.size + 1)
    chips = rng.choice([-5, 0, 1, 20, 40, 100, 250, 400, 1000])
    r = t.round
    k = rng.random()
    if r is not None and k < 0.55:
        if rng.random() < 0.8 and r.actor is not None:
            return Act(make_bot("random").act(actor_view(r), rng), at)
        p = rng.randint(-1, r.n)
        return Act(
            rng.choice([Fold(p), CheckCall(p), BetRaise(p, rng.randint(0, 500)), Show(p), Muck(p)]),
            at,
        )
    choices: list[TableCommand] = [
        SitDown(player, seat, chips, at, rng.random() < 0.5),
        AddChips(player, chips, at),
        RemoveChips(player, chips, at),
        SitOut(player, at, rng.random() < 0.5),
        Return(player, at, rng.random() < 0.5),
        Leave(player, at),
        ChangeSeat(player, seat, at, rng.random() < 0.5),
        StartRound(shoe.shuffle().order, at),
        StartRound(shoe.shuffle().order, at),
        Tick(at),
        CallClock(rng.randint(0, 60), at),
        InstructTime(at),
        VoidRound(rng.choice(["act-omaha-2017 19.1", "act-omaha-2017 19.3", "x"]), "test", at),
    ]
    if late and rng.random() < 0.05:
        return CloseTable(at)
    cmd = rng.choice(choices)
    if floor.random() < 0.08:  # the floor's rarer commands: funds locked, a result disputed
        sitting = floor.choice([*t.stacks, player])
        held = floor.choice([*t.locked, player])
        reason = "investigation" if floor.random() < 0.9 else ""
        return floor.choice(
            [
                LockFunds(sitting, reason, floor.choice([None, None, 1, chips]), at),
                ReleaseFunds(held, at),
                ReopenRound(floor.randint(0, 3), at),
            ]
        )
    return cmd


def _snapshot(t: Table) -> tuple[object, ...]:
    """The table's whole state and what it shows."""
    r = t.round
    return (
        whole_state(t),
        len(t.events),
        t.seating,
        dict(t.stacks),
        t.buttons,
        None if r is None else len(r.events),
        frozenset(t.declared),
        t.closed,
        dict(t.locked),
    )


@pytest.mark.parametrize("rules", ["qld-holdem-2005", "act-omaha-2017", "dunedin-house"])
@pytest.mark.parametrize("seed", range(8))
def test_every_command_is_applied_or_refused_without_change(rules: str, seed: int) -> None:
    config = preset(rules, seats=6, action_seconds=30 if rules == "act-omaha-2017" else None)
    t = Table(config)
    rng = random.Random(seed)
    floor = random.Random(-seed - 1)
    shoe = Shoe(config.game.deck, seed=seed)
    money = 0  # chips brought to the table less chips taken away
    at = 0
    for step in range(600):
        at += rng.randint(0, 20)
        cmd = _command(t, rng, shoe, at, step > 550, floor)
        before = _snapshot(t)
        ruling = t.why_illegal(cmd)
        if ruling is not None:
            assert ruling.clause, cmd
            assert ruling.message, cmd
            with pytest.raises(IllegalAction):
                t.apply(cmd)
            assert _snapshot(t) == before, cmd
            continue
        events = t.apply(cmd)
        if isinstance(cmd, SitDown):
            money += cmd.chips
        if isinstance(cmd, AddChips):
            money += cmd.chips
        money -= sum(e.chips for e in events if isinstance(e, PlayerLeft))
        money -= sum(e.chips for e in events if isinstance(e, FundsReleased) and not e.seated)
        if t.round is None:
            assert t.total_chips + t.commission + t.fees == money
    assert t.hands >= 3  # the stream played real rounds, not only refusals
    again = Table.from_events(config, t.events)
    assert _snapshot(again) == _snapshot(t)
    assert again.commission == t.commission
