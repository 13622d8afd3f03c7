"""Prize pool and payouts: the schedule, the default generator, shared places, satellites."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.tournament.payouts import (
    default_shares,
    places_paid,
    schedule,
    share_equally,
    shared_places,
)


@given(
    entries=st.integers(min_value=1, max_value=3000),
    fee=st.integers(min_value=1, max_value=1000),
    unit=st.sampled_from([1, 5, 10, 25]),
)
@settings(max_examples=150, deadline=None)
def test_act_omaha_2017_20_19_default_schedule_returns_the_whole_pool(
    entries: int, fee: int, unit: int
) -> None:
    pool = entries * fee
    prizes = schedule(pool, entries, unit=unit)
    cash = [p.cash for p in prizes]
    assert sum(cash) == pool
    assert cash == sorted(cash, reverse=True)
    assert all(c % unit == 0 for c in cash[1:])
    assert len(prizes) == min(places_paid(entries), entries)


@pytest.mark.parametrize("entries", [100, 250, 1000, 1900])
def test_default_generator_pays_about_15_percent_first_20_to_30(entries: int) -> None:
    shares = default_shares(places_paid(entries))
    assert abs(len(shares) - 0.15 * entries) <= 1
    assert 0.20 <= shares[0] <= 0.30
    assert abs(sum(shares) - 1.0) < 1e-9


def test_qld_tournament_2020_4_4_schedule_from_the_conditions() -> None:
    prizes = schedule(10_000, 40, [50, 30, 20], unit=5)
    assert [p.cash for p in prizes] == [5_000, 3_000, 2_000]
    odd = schedule(1_003, 40, [50, 30, 20], unit=5)
    assert [p.cash for p in odd] == [503, 300, 200]  # rounding's leftover to first place


def test_schedule_cut_to_the_entries_is_scaled_to_the_whole_pool() -> None:
    prizes = schedule(300, 2, [50, 30, 20])
    assert [p.cash for p in prizes] == [188, 112]
    assert sum(p.cash for p in prizes) == 300


def test_qld_tournament_2020_4_3_satellite_awards_seats_then_cash() -> None:
    prizes = schedule(2_500, 25, seat_value=1_000, seat_name="Main Event")
    assert [(p.place, p.cash, p.seat) for p in prizes] == [
        (1, 1_000, "Main Event"),
        (2, 1_000, "Main Event"),
        (3, 500, ""),
    ]


def test_qld_tournament_2020_4_19_simultaneous_eliminations_share_places_equally() -> None:
    prizes = schedule(1_000, 10, [50, 30, 20])
    out = shared_places(prizes, 2, ["a", "b"])
    assert out == [("a", 2, 250), ("b", 2, 250)]
    odd = shared_places(schedule(1_001, 10, [50, 30, 20]), 3, ["a", "b"])
    assert sorted(c for _, _, c in odd) == [100, 100]  # place 4 pays nothing: 200 shared
    assert share_equally(5, ["x", "y"]) == {"x": 3, "y": 2}


def test_act_omaha_2017_20_21_places_by_chips_contributed() -> None:
    prizes = schedule(1_000, 10, [50, 30, 20])
    out = shared_places(prizes, 2, ["a", "b", "c"], [400, 900, 400])
    assert out == [("b", 2, 300), ("a", 3, 100), ("c", 3, 100)]
