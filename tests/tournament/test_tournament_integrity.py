"""Money, chips and state stay whole: disqualification, cancellation, transfers, colour-ups and
the final-table redraw (each test is a bug found in review)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from croupier.round import Command, Round
from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.events import ChipRaced, PlacesAwarded
from croupier.tournament.state import CANCELLED, DISQUALIFIED
from support.tournament import (
    QLD,
    CheckCall,
    cards,
    conditions,
    deal_order,
    folds,
    only_table,
    play,
    play_out,
    recording,
    shove,
    started,
)


def snapshot(t: Tournament) -> object:
    """Everything a refused command must leave as it was."""
    return (
        len(t.events),
        t.chips_in_play,
        t.pool,
        t.raced,
        {p: (e.status, e.stack, e.table, e.seat, e.pre_race) for p, e in t.entrants.items()},
        {n: (dict(x.seats), x.buttons) for n, x in t.tables.items()},
    )


def cash_awarded(t: Tournament) -> int:
    return sum(e.cash for e in t.entrants.values())


def test_3_9_disqualified_provisional_player_is_not_paid() -> None:
    t = started(4, absent=["p4"], **QLD)
    t.apply(cm.Tick(4 * 600))
    t.apply(cm.ProvisionallyEliminate("p4"))
    t.apply(cm.Disqualify("p4"))
    play_out(t, shove)
    p4 = t.entrants["p4"]
    assert p4.status == DISQUALIFIED and p4.place is None and p4.cash == 0
    assert cash_awarded(t) == t.pool == 400
    places = [e.place for p, e in t.entrants.items() if p != "p4"]
    assert None not in places and min(places) == 1 and max(places) <= 3  # type: ignore[type-var]


def test_4_4_whole_pool_paid_after_late_disqualification() -> None:
    rng = random.Random(3)

    def mixed(r: Round, p: int) -> Command:
        return shove(r, p) if rng.random() < 0.35 else folds(r, p)

    t = started(5, **QLD)
    table = only_table(t)
    while len(t.alive) > 3:
        t.apply(*recording([play(t, table, mixed)]))
        t.apply(cm.EliminateBusted(table))
    assert t.prizes is not None and len(t.prizes) == 3
    t.apply(cm.Disqualify(t.alive[-1]))
    # a tournament rebuilt from its events carries on with the same prizes
    rebuilt = Tournament.from_events(t.conditions, t.events)
    assert rebuilt.prizes == t.prizes and rebuilt.prizes[2].cash == 0
    play_out(t, mixed)
    assert cash_awarded(t) == t.pool == 500
    places = [e.place for e in t.entrants.values() if e.place is not None]
    assert sorted(places)[:2] == [1, 2]


def test_3_10_cancellation_refunds_each_entry_once() -> None:
    t = Tournament(conditions(**QLD))
    for i in range(4):
        t.apply(cm.Register(f"p{i + 1}"))
    money_in = t.pool + t.house + t.bounty_fund
    (cancelled,) = t.apply(cm.CancelEntry("p4", t.conditions.start - timedelta(days=2)))
    (off,) = t.apply(cm.Cancel())
    refunds = cancelled.refund + sum(a for _, a in off.refunds)  # type: ignore[attr-defined]
    assert refunds == money_in == 440
    assert "p4" not in dict(off.refunds)  # type: ignore[attr-defined]


def test_3_4_entry_transferred_to_a_player_who_cancelled_is_drawn_once() -> None:
    t = Tournament(conditions(**QLD))
    for i in range(5):
        t.apply(cm.Register(f"p{i + 1}"))
    t.apply(cm.CancelEntry("p5", t.conditions.start - timedelta(days=2)))
    t.apply(cm.Transfer("p1", "p5"))
    assert sorted(t.order) == ["p2", "p3", "p4", "p5"]
    assert t.entries_total == 4 and t.pool == 400
    t.apply(cm.Start(), cm.Inputs(random.Random(0), cards(0)))
    assert sorted(t.seated) == ["p2", "p3", "p4", "p5"]
    assert t.chips_in_play == t.chips_on_tables() == 4000
    assert Tournament.from_events(t.conditions, t.events).order == t.order
    assert t.entrants["p5"].status != CANCELLED


def test_4_40_colour_up_short_of_cards_races_no_table() -> None:
    levels = [
        {"small_blind": 25, "big_blind": 50, "minutes": 10, "colour_up": 25},
        {"small_blind": 100, "big_blind": 200, "minutes": 10},
    ]
    t = started(18, levels=levels, starting_stack=1000)
    rng = random.Random(5)

    def mixed(r: Round, p: int) -> Command:
        return CheckCall(p) if rng.random() < 0.5 else folds(r, p)

    for _ in range(3):
        for table in sorted(t.tables):
            t.apply(*recording([play(t, table, mixed)]))
    t.apply(cm.Tick(600))
    before = snapshot(t)
    with pytest.raises(TournamentError) as refused:
        t.apply(
            cm.ColourUp(), cm.Inputs(cards=iter(deal_order(1)[:14]))
        )  # enough cards for one table's race, not two
    assert refused.value.ruling.clause == "dunedin-house 87"
    assert snapshot(t) == before
    assert t.due_colour_up() == 0
    t.apply(cm.ColourUp(), cm.Inputs(cards=cards(2)))
    raced = [e.table for e in t.events if isinstance(e, ChipRaced)]
    assert sorted(raced) == sorted(t.tables)
    assert t.chips_in_play == t.chips_on_tables()


def test_dunedin_house_80_final_table_redraw_short_of_cards_changes_nothing() -> None:
    t = started(10)
    t.apply(cm.Disqualify("p1"))  # nine left: the final-table redraw is due
    before = snapshot(t)
    with pytest.raises(TournamentError) as refused:
        t.apply(cm.Maintain(), cm.Inputs(random.Random(0), iter(())))
    assert refused.value.ruling.clause == "dunedin-house 80"
    assert snapshot(t) == before
    t.apply(cm.Maintain(), cm.Inputs(random.Random(0), cards(1)))
    assert list(t.tables) == [0] and t.tables[0].buttons is not None
    assert not any(
        isinstance(e, PlacesAwarded) and "p1" in [a[0] for a in e.awards] for e in t.events
    )
