"""Recording is refused unless the rounds are the ones planned, each table's once, and a
heads-up bracket is played as drawn (qld-tournament-2020 4.23, 4.36, 4.45; act-omaha-2017
20.13)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from croupier.round import Round
from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.headsup import HeadsUpRound, Match
from croupier.tournament.runner import run_heads_up_tournament
from support.tournament import (
    ACT,
    QLD,
    calls,
    conditions,
    deal_order,
    only_table,
    play,
    recording,
    shove,
    started,
)


def snapshot(t: Tournament) -> tuple[Any, ...]:
    entrants = {p: (e.stack, e.status, e.place, e.cash) for p, e in t.entrants.items()}
    return len(t.events), t.pool, t.chips_in_play, t.chips_on_tables(), entrants


def refused(t: Tournament, clause: str, call: Callable[[], object]) -> None:
    """``call`` is refused citing ``clause`` and the tournament is exactly as it was."""
    before = snapshot(t)
    with pytest.raises(TournamentError) as info:
        call()
    assert info.value.ruling.clause == clause
    assert snapshot(t) == before


def test_qld_tournament_2020_4_36_a_round_dealt_with_a_fee_is_not_recorded() -> None:
    t = started(4, **QLD)
    table = only_table(t)
    plan = t.plan_hand(table, deal_order(0))
    r = Round(replace(plan.config, fee=50))  # a cash game's participation fee
    while not r.is_over:
        actor = r.actor
        assert actor is not None
        r.apply(calls(r, actor))
    assert sum(r.stacks) < sum(plan.config.stacks)
    refused(t, "qld-tournament-2020 4.36", lambda: t.apply(*recording([(plan, r)])))


def test_qld_tournament_2020_4_23_a_tables_round_is_recorded_once() -> None:
    t = started(3, **QLD)
    plan, r = play(t, only_table(t), shove)
    refused(t, "qld-tournament-2020 4.23", lambda: t.apply(*recording([(plan, r), (plan, r)])))
    t.apply(*recording([(plan, r)]))
    assert sum(e.cash for e in t.entrants.values()) <= t.pool


def test_qld_tournament_2020_4_45_1_each_round_is_played_by_the_winners_of_the_last() -> None:
    cond = conditions(**QLD, heads_up={"matches": 3}, payouts=[60, 25, 15])
    done, res, _ = run_heads_up_tournament(cond, 4, seed=1)
    first = res.rounds[0]
    w, lost = first[0].winner, first[0].loser  # a first-round loser plays the final
    final = HeadsUpRound((w, lost), (Match((w, lost), w, 5, ()), Match((lost, w), w, 5, ())), w)
    t = Tournament(cond)
    for p in done.entrants:
        t.apply(cm.Register(p))
    broken = replace(res, rounds=(first, (final,)))
    refused(t, "qld-tournament-2020 4.45(1)", lambda: t.apply(cm.RecordHeadsUp(broken)))
    t.apply(cm.RecordHeadsUp(res))
    assert t.finished


def test_act_omaha_2017_20_13_a_hand_planned_before_a_substitute_is_refused() -> None:
    t = started(3, **ACT)
    plan, r = play(t, only_table(t), calls)
    t.apply(cm.Transfer(plan.players[0], "sub", substitute=True))
    refused(t, "act-omaha-2017 20.13", lambda: t.apply(*recording([(plan, r)])))
