"""Floor procedures between hands: seat corrections, alternates, hand-for-hand eliminations,
re-buy eligibility around a chip race, satellites."""

from __future__ import annotations

import random

import pytest

from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.events import Eliminated, HandForHand, HandsExposed, PlayerMoved
from croupier.tournament.runner import check_payouts, run_tournament
from support.tournament import (
    bust_one,
    cards,
    conditions,
    folds,
    play,
    recording,
    started,
)


def test_dunedin_house_78_wrong_seat_moved_with_the_whole_stack() -> None:
    t = started(4)
    table = min(t.tables)
    free = next(s for s in range(1, 10) if s not in t.tables[table].seats)
    stack = t.stack("p1")
    with pytest.raises(TournamentError, match="taken") as info:
        t.apply(cm.CorrectSeat("p1", table, t.entrants["p2"].seat or 0))
    assert info.value.ruling.clause == "dunedin-house 78"
    t.apply(cm.CorrectSeat("p1", table, free))
    moved = t.events[-1]
    assert isinstance(moved, PlayerMoved) and moved.clause == "dunedin-house 78"
    assert (t.entrants["p1"].seat, t.stack("p1")) == (free, stack)


def test_qld_tournament_2020_3_6_alternates_seated_as_seats_free_up() -> None:
    t = Tournament(conditions(max_entrants=3, alternates=2, late_registration_levels=2,
                              table_size=3))  # fmt: skip
    for p in ("a", "b", "c", "d", "e"):
        t.apply(cm.Register(p))
    t.apply(cm.Start(), cm.Inputs(random.Random(0), cards()))
    assert t.apply(cm.SeatAlternates(), cm.Inputs(random.Random(0))) == []  # the table is full
    t.apply(cm.Disqualify("a"))
    events = t.apply(cm.SeatAlternates(), cm.Inputs(random.Random(0)))
    assert [e.player for e in events if type(e).__name__ == "Seated"] == ["d"]  # type: ignore[attr-defined]
    assert t.entrants["d"].status == "playing" and t.stack("d") == 1000
    assert t.entrants["e"].status == "alternate"
    assert (t.entries_total, t.pool) == (4, 400)
    t.apply(cm.Tick(1200))
    with pytest.raises(TournamentError):
        t.apply(cm.SeatAlternates(), cm.Inputs(random.Random(0)))


def test_qld_tournament_2020_4_19_4_20_hand_for_hand_eliminations_are_simultaneous() -> None:
    base = started(12, table_size=6)
    t = Tournament.from_events(
        base.conditions, [*base.events, HandForHand(True, "qld-tournament-2020 4.20(a)")]
    )
    t1, t2 = sorted(t.tables)
    losers = [
        t.tables[t1].seats[min(t.tables[t1].seats)],
        t.tables[t2].seats[min(t.tables[t2].seats)],
    ]
    for p in losers:
        t.chips_in_play -= t.stack(p) - 300
        t.entrants[p].stack = 300
    t.apply(*recording([bust_one(t, t1, losers[0]), bust_one(t, t2, losers[1])]))  # type: ignore[list-item]
    groups = [e for e in t.events if isinstance(e, Eliminated)]
    assert len(groups) == 1 and sorted(groups[0].players) == sorted(losers)


def test_eliminations_at_different_tables_outside_hand_for_hand_are_not_shared() -> None:
    t = started(12, table_size=6)
    t1, t2 = sorted(t.tables)
    losers = [
        t.tables[t1].seats[min(t.tables[t1].seats)],
        t.tables[t2].seats[min(t.tables[t2].seats)],
    ]
    for p in losers:
        t.chips_in_play -= t.stack(p) - 300
        t.entrants[p].stack = 300
    t.apply(*recording([bust_one(t, t1, losers[0]), bust_one(t, t2, losers[1])]))  # type: ignore[list-item]
    groups = [e.players for e in t.events if isinstance(e, Eliminated)]
    assert groups == [(losers[0],), (losers[1],)]


def test_dunedin_house_87_rebuy_eligibility_uses_the_stack_before_the_race() -> None:
    levels = [
        {"small_blind": 25, "big_blind": 50, "minutes": 10, "colour_up": 25},
        {"small_blind": 100, "big_blind": 200, "minutes": 10},
    ]
    t = started(3, levels=levels, rebuy={"price": 100, "chips": 1000, "until_level": 2,
                                         "stack_at_most": 1000})  # fmt: skip
    t.entrants["p1"].stack = 1075  # over the limit before the race, 1100 or 1000 after
    t.chips_in_play += 75
    t.apply(cm.Tick(600))
    t.apply(cm.ColourUp(), cm.Inputs(cards=cards(1)))
    why = t.why_not_buy("p1", "rebuy")
    assert why is not None and why.clause == "dunedin-house glossary: Re-buy"


@pytest.mark.parametrize(("rules", "clause"), [({}, "dunedin-house 89"),
    ({"rules": "act-omaha-2017", "structure": "full-pot"}, "act-omaha-2017 20.7")])  # fmt: skip
def test_busted_player_may_still_rebuy_before_the_next_hand(
    rules: dict[str, str], clause: str
) -> None:
    t = started(3, rebuy={"price": 100, "chips": 1000, "until_level": 2}, **rules)
    table = min(t.tables)
    loser = t.tables[table].seats[min(t.tables[table].seats)]
    t.chips_in_play -= t.stack(loser) - 300
    t.entrants[loser].stack = 300
    t.apply(*recording([bust_one(t, table, loser)]))  # type: ignore[list-item]
    busted = [e for e in t.events if type(e).__name__ == "Busted"]
    assert busted and busted[0].clause == clause  # type: ignore[attr-defined]


def test_qld_tournament_2020_4_3_satellite_awards_seats_in_the_target_event() -> None:
    cond = conditions(satellite={"seat_value": 550, "target": "Main Event"}, payouts=[])
    t, _ = run_tournament(cond, 12, seed=3)
    log = t.result_log()
    seats = [r for r in log if r["seat"] == "Main Event"]
    assert len(seats) == 2 and {r["place"] for r in seats} == {1, 2}
    cash = [r for r in log if r["cash"] and not r["seat"]]
    assert [(r["place"], r["cash"]) for r in cash] == [(3, 100)]  # 1,200 - 2 x 550
    check_payouts(t)


def test_bounty_paid_when_a_busted_player_does_not_rebuy() -> None:
    t = started(3, bounty=20, rebuy={"price": 100, "chips": 1000, "until_level": 2})
    table = min(t.tables)
    loser = t.tables[table].seats[min(t.tables[table].seats)]
    t.chips_in_play -= t.stack(loser) - 300
    t.entrants[loser].stack = 300
    plan, r = bust_one(t, table, loser)
    t.apply(*recording([(plan, r)]))  # type: ignore[list-item]
    assert t.entrants[loser].status == "busted"
    assert not any(type(e).__name__ == "BountyWon" for e in t.events)  # not yet eliminated
    t.apply(cm.EliminateBusted(table))
    won = [e for e in t.events if type(e).__name__ == "BountyWon"]
    assert len(won) == 1 and won[0].loser == loser  # type: ignore[attr-defined]
    group = next(e for e in t.events if isinstance(e, Eliminated))
    assert group.contributed == (300,)


def test_qld_tournament_2020_3_10_cancelled_alternate_is_owed_nothing() -> None:
    from datetime import datetime

    t = Tournament(conditions(max_entrants=2, alternates=1))
    for p in ("a", "b", "c"):
        t.apply(cm.Register(p))
    t.apply(cm.CancelEntry("c", datetime(2026, 11, 1)))
    assert (t.entries_total, t.pool) == (2, 200)
    assert t.events[-1].refund == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("rules", "clause"),
    [
        ({"rules": "qld-tournament-2020", "structure": "full-pot"}, "qld-tournament-2020 4.30"),
        ({}, "dunedin-house 84"),
        ({"rules": "act-omaha-2017", "structure": "full-pot"}, None),
    ],
)
def test_all_in_hands_are_turned_face_up(rules: dict[str, str], clause: str | None) -> None:
    t = started(3, **rules)
    table = min(t.tables)
    loser = t.tables[table].seats[min(t.tables[table].seats)]
    t.chips_in_play -= t.stack(loser) - 100
    t.entrants[loser].stack = 100
    t.apply(*recording([bust_one(t, table, loser)]))  # type: ignore[list-item]
    shown = [e for e in t.events if isinstance(e, HandsExposed)]
    if clause is None:
        assert shown == []
        return
    assert len(shown) == 1 and shown[0].clause == clause
    assert loser in {p for p, _ in shown[0].cards}
    assert all(len(cards) == 2 for _, cards in shown[0].cards)


def test_qld_tournament_2020_4_31_hand_for_hand_all_in_cards_wait_for_every_table() -> None:
    base = started(12, table_size=6, rules="qld-tournament-2020", structure="full-pot")
    t = Tournament.from_events(base.conditions, [*base.events, HandForHand(True, "4.20(a)")])
    t1, t2 = sorted(t.tables)
    loser = t.tables[t1].seats[min(t.tables[t1].seats)]
    t.chips_in_play -= t.stack(loser) - 100
    t.entrants[loser].stack = 100
    n = len(t.events)
    t.apply(*recording([bust_one(t, t1, loser), play(t, t2, folds)]))  # type: ignore[list-item]
    kinds = [type(e).__name__ for e in t.events[n:]]
    assert kinds.index("HandsExposed") > max(i for i, k in enumerate(kinds) if k == "HandPlayed")
    shown = next(e for e in t.events if isinstance(e, HandsExposed))
    assert shown.clause == "qld-tournament-2020 4.31"
