"""The tournament clock (levels, breaks, pause, adjustments) and the clock on a player."""

from __future__ import annotations

import pytest

from croupier.round import CheckCall, Round
from croupier.round.events import Folded
from croupier.tournament import Clock, ClockError
from croupier.tournament.action_clock import ActionClockError, ClockPolicy
from croupier.tournament.clock import format_seconds
from croupier.tournament.conditions import Level
from support.build import round_config
from support.tournament import deal_order

LEVELS = (
    Level(25, 50, minutes=10),
    Level(50, 100, minutes=10),
    Level(minutes=5, is_break=True),
    Level(100, 200, 25, minutes=10),
)


def test_levels_follow_the_schedule_with_breaks() -> None:
    c = Clock(LEVELS)
    assert (c.state.number, c.state.remaining) == (1, 600)
    c = c.tick(599)
    assert (c.state.index, c.state.remaining) == (0, 1)
    c = c.tick(1)
    assert (c.state.index, c.state.number) == (1, 2)
    c = c.tick(600)
    assert c.state.level.is_break and c.state.number == 2
    assert c.play_level().big_blind == 200  # what comes after the break
    c = c.tick(300 + 10_000)
    assert c.state.index == 3  # the last level goes on


def test_act_omaha_2017_20_16_20_17_pause_resume_and_adjust() -> None:
    c = Clock(LEVELS).tick(100).pause()
    assert c.tick(500).elapsed == 100  # paused time does not count
    with pytest.raises(ClockError):
        c.pause()
    c = c.resume().adjust(-50)
    assert c.elapsed == 50
    with pytest.raises(ClockError, match="cannot take the clock back"):
        c.adjust(-100)
    with pytest.raises(ClockError, match="backwards"):
        c.tick(-1)
    assert c.skip_to(3).state.index == 3
    assert format_seconds(3725) == "1:02:05" and format_seconds(65) == "01:05"


def heads_up_round() -> Round:
    return Round(round_config((1000, 1000), (25, 50), min_bet=50, deck_order=deal_order()))


def test_qld_tournament_2020_4_26_one_minute_then_the_hand_is_dead() -> None:
    r = heads_up_round()
    clock = ClockPolicy("qld-tournament-2020").call_time(r, "p1", now=1000)
    assert clock.limit == 60 and clock.clause == "qld-tournament-2020 4.26"
    assert clock.enforce(r, 1060) is None
    fold = clock.enforce(r, 1061)
    assert fold is not None
    ruling = clock.ruling(1061)
    assert ruling is not None and ruling.clause == "qld-tournament-2020 4.26"
    posted = r.contrib[fold.player]
    r.apply(fold)
    assert any(isinstance(e, Folded) for e in r.events)
    assert r.contrib[fold.player] == posted  # the wagers stay in the pot


def test_qld_tournament_2020_4_26_unreasonable_request_and_4_28_director_calls_time() -> None:
    r = heads_up_round()
    policy = ClockPolicy("qld-tournament-2020")
    with pytest.raises(ActionClockError) as info:
        policy.call_time(r, "p1", 0, reasonable=False)
    assert info.value.ruling.clause == "qld-tournament-2020 4.26"
    assert policy.call_time(r, "p1", 0, requested=False).clause == "qld-tournament-2020 4.28"


def test_dunedin_house_90_schedule_limit_plus_ten_second_countdown() -> None:
    r = heads_up_round()
    clock = ClockPolicy("dunedin-house", schedule_seconds=30).call_time(r, "p1", now=0)
    assert clock.deadline == 40 and clock.clause == "dunedin-house 90"
    assert not clock.expired(40) and clock.expired(41)


def test_dunedin_house_91_deliberately_slow_twice_gets_ten_seconds() -> None:
    policy = ClockPolicy("dunedin-house").found_slow("p1")
    assert "p1" not in policy.slow_players  # once is not "more than one occasion"
    policy = policy.found_slow("p1")
    assert "p1" in policy.slow_players
    r = heads_up_round()
    assert policy.call_time(r, "p1", 0).limit == 10
    clock = policy.start_of_hand("p1", 0, now=5)
    assert clock is not None and clock.deadline == 15 and clock.clause == "dunedin-house 91"
    assert policy.start_of_hand("p2", 1, 5) is None
    r.apply(CheckCall(r.actor or 0))
