"""The table over many rounds: seats, stakes, breaks, seat changes, timers, closure, voids.

Scenario tests are named by the clause they prove; where rulebooks differ the same scenario runs
under each and gets its own outcome.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from croupier.cards import parse_cards
from croupier.round import BetRaise, CheckCall, DealHole, Fold, Round
from croupier.rules import IllegalAction, find_rulebook
from croupier.rules.commission import commission_schedule
from croupier.sim.bots import make_bot
from croupier.table.button import Status
from croupier.table.commands import (
    Act,
    AddChips,
    CallClock,
    ChangeSeat,
    CloseTable,
    InstructTime,
    Leave,
    RemoveChips,
    Return,
    SitDown,
    SitOut,
    StartRound,
    Tick,
    VoidRound,
)
from croupier.table.events import Declared, Notice, PlayerLeft, StatusChanged, TimedOut
from croupier.table.presets import PresetError, preset
from croupier.table.seats import Priority, SeatDrawError, draw_for_seat, vacancy_claimants
from croupier.table.stakes import Stakes, StakesError
from croupier.table.table import Table, TableConfig
from croupier.views import actor_view
from support.build import round_config
from support.table import ACT, DUN, QLD, deck, make_table, refused, seated

RULEBOOKS = (QLD, ACT, DUN)


def play_out(t: Table, bot: str = "calling-station", seed: int = 0) -> None:
    rng = random.Random(seed)
    b = make_bot(bot)
    while t.round is not None:
        t.apply(Act(b.act(actor_view(t.round), rng)))


# ---------------------------------------------------------------------------------------
# Seats: the draw and the priority for a vacated seat


def test_qld_holdem_2005_s16_1_4_highest_card_wins_the_draw() -> None:
    result = draw_for_seat(QLD, dict(zip(("ann", "bob"), parse_cards("KhAc"), strict=True)))
    assert result.winner == "bob"
    assert result.clause == "qld-holdem-2005 s16(1), (4)"
    # one rank: the suit decides (spades over hearts, the floor's draw order)
    assert draw_for_seat(QLD, dict(zip("ab", parse_cards("AhAs"), strict=True))).winner == "b"


def test_act_omaha_2017_8_2_and_dunedin_16_draw_for_a_wanted_seat() -> None:
    cards = dict(zip(("ann", "bob", "cy"), parse_cards("2c9dTs"), strict=True))
    assert draw_for_seat(ACT, cards).clause == "act-omaha-2017 8.2"
    assert draw_for_seat(DUN, cards).clause == "dunedin-house 16"
    assert draw_for_seat(DUN, cards).winner == "cy"
    two = parse_cards("2c")[0]
    with pytest.raises(SeatDrawError):
        draw_for_seat(QLD, {"a": two, "b": two})


CLAIMS = [
    ("newcomer", Priority.NEWCOMER),
    ("mover", Priority.PLAYER),
    ("founder", Priority.ORIGINAL),
]


def test_qld_holdem_2005_s16_2_3_vacated_seat_priority() -> None:
    first, ruling = vacancy_claimants(QLD, CLAIMS)
    assert first == ("founder",)
    assert ruling.clause == "qld-holdem-2005 s16(2)"
    tied, ruling = vacancy_claimants(
        QLD, [("a", Priority.PLAYER), ("b", Priority.PLAYER), ("c", Priority.NEWCOMER)]
    )
    assert tied == ("a", "b")
    assert "draw" in ruling.message


def test_vacated_seat_priority_differs_by_rulebook() -> None:
    # dunedin-house 17: anyone at the table before anyone waiting; no founders' priority
    dun, ruling = vacancy_claimants(DUN, CLAIMS)
    assert dun == ("mover", "founder")
    assert ruling.clause == "dunedin-house 17"


def test_act_omaha_2017_8_2_players_at_the_table_come_before_a_newcomer() -> None:
    # 8.2: "Should a seat become vacant, the remaining active players shall have priority to
    # move to the vacant seat over any player waiting to join the game."
    act, ruling = vacancy_claimants(ACT, CLAIMS)
    assert act == ("mover", "founder")
    assert ruling.clause == "act-omaha-2017 8.2"
    alone, ruling = vacancy_claimants(
        ACT, [("newcomer", Priority.NEWCOMER), ("p", Priority.PLAYER)]
    )
    assert alone == ("p",) and "priority" in ruling.message


def test_sitting_in_a_taken_seat_or_twice_is_refused() -> None:
    t = seated(DUN, 2)
    refused(t, SitDown("p9", 1, 100), "croupier table")
    refused(t, SitDown("p1", 5, 100), "croupier table")
    with pytest.raises(Exception, match="seats 1-9"):
        t.apply(SitDown("p9", 10, 100))


# ---------------------------------------------------------------------------------------
# Table stakes


@pytest.mark.parametrize(
    ("rules", "clause"),
    [(QLD, "qld-holdem-2005 s19(3)(a)"), (ACT, "act-omaha-2017 4.3"), (DUN, "dunedin-house 19")],
)
def test_minimum_table_stake_to_sit(rules: str, clause: str) -> None:
    t = make_table(rules)
    low = t.config.stakes.min_table_stake - 1
    refused(t, SitDown("ann", 1, low), clause)
    t.apply(SitDown("ann", 1, low + 1))
    assert t.stacks["ann"] == low + 1


def test_act_omaha_2017_4_2_i_maximum_buy_in() -> None:
    t = make_table(ACT)
    refused(t, SitDown("ann", 1, 401), "act-omaha-2017 4.2(i)")
    t.apply(SitDown("ann", 1, 400))
    # qld and dunedin set no maximum
    t2 = make_table(DUN)
    t2.apply(SitDown("ann", 1, 10_000))


@pytest.mark.parametrize(
    ("rules", "clause"),
    [(QLD, "qld-holdem-2005 s19(4)"), (ACT, "act-omaha-2017 4.4"), (DUN, "dunedin-house 22")],
)
def test_no_chips_added_during_a_round(rules: str, clause: str) -> None:
    t = seated(rules, 3)
    t.apply(StartRound(deck(t)))
    refused(t, AddChips("p1", 50), clause)
    play_out(t)
    t.apply(AddChips("p1", 50))


@pytest.mark.parametrize(
    ("rules", "clause"),
    [(QLD, "qld-holdem-2005 s19(4)"), (ACT, "act-omaha-2017 4.6"), (DUN, "dunedin-house 22")],
)
def test_a_stake_is_never_reduced(rules: str, clause: str) -> None:
    t = seated(rules, 2)
    refused(t, RemoveChips("p1", 10), clause)
    refused(t, AddChips("p1", -10), clause)


def test_act_omaha_2017_4_5_top_up_between_minimum_and_maximum() -> None:
    t = seated(ACT, 2, chips=100)
    refused(t, AddChips("p1", 301), "act-omaha-2017 4.5")
    t.apply(AddChips("p1", 300))
    assert t.stacks["p1"] == 400


def test_qld_holdem_2005_s31_below_minimum_wager_tops_up_or_leaves() -> None:
    t = seated(QLD, 3, chips=100)
    t.stacks["p1"] = 5  # lost most of the stake last round: below the $10 minimum wager
    refused(t, AddChips("p1", 50), "qld-holdem-2005 s31(3)")  # 55 < $100 minimum stake
    events = t.apply(StartRound(deck(t)))
    left = [e for e in events if isinstance(e, PlayerLeft)]
    assert [(e.player, e.clause) for e in left] == [("p1", "qld-holdem-2005 s31(4)")]
    assert "p1" not in t.players


def test_qld_holdem_2005_s31_5_6_below_the_stake_but_not_the_wager_plays_on() -> None:
    t = seated(QLD, 3, chips=100)
    t.stacks["p1"] = 30  # under the $100 stake, over the $10 wager: may top up, need not
    t.apply(StartRound(deck(t)))
    assert "p1" in t.players


def test_act_omaha_2017_14_3_declared_player() -> None:
    t = seated(ACT, 3, chips=100)
    t.stacks["p1"] = 20  # below the $40 minimum, does not top up
    events = t.apply(StartRound(deck(t)))
    assert any(isinstance(e, Declared) and e.player == "p1" for e in events)
    assert "p1" in t.players  # plays on with what they have
    play_out(t)
    refused(t, AddChips("p1", 100), "act-omaha-2017 14.3")
    t.stacks["p1"] = 0  # lost the stake: leaves
    events = t.apply(StartRound(deck(t)))
    assert any(isinstance(e, PlayerLeft) and e.player == "p1" for e in events)


def test_dunedin_house_24_lost_all_in_buys_in_for_the_minimum() -> None:
    t = seated(DUN, 3)
    t.stacks["p1"] = 0
    events = t.apply(StartRound(deck(t)))
    assert any(
        isinstance(e, StatusChanged) and e.player == "p1" and e.clause == "dunedin-house 24"
        for e in events
    )
    assert "p1" not in t.players
    play_out(t)
    refused(t, AddChips("p1", 39), "dunedin-house 24")
    refused(t, Return("p1"), "dunedin-house 24")
    t.apply(AddChips("p1", 40))
    t.apply(Return("p1", post=True))
    assert t.seat("p1").status is not Status.SITTING_OUT


def test_dunedin_house_23_ratholing() -> None:
    t = seated(DUN, 3, chips=500)
    t.apply(Leave("p1", at=1000))
    refused(t, SitDown("p1", 1, 100, at=1000 + 3600), "dunedin-house 23")
    t.apply(SitDown("p1", 1, 500, at=1000 + 3600))
    # after two hours the minimum buy-in applies again
    t.apply(Leave("p2", at=0))
    t.apply(SitDown("p2", 2, 40, at=2 * 3600))


def test_qld_holdem_2005_s19_5_6_leaving_during_a_round_needs_approval() -> None:
    t = seated(QLD, 3, chips=100)
    t.apply(StartRound(deck(t)))
    refused(t, SitOut("p1"), "qld-holdem-2005 s19(5)")
    t.apply(SitOut("p1", approved=True))
    t.stacks["p1"] = 20  # below the minimum stake, rejoining during the round: allowed (s19(6))
    t.apply(Return("p1"))
    play_out(t)


def test_qld_holdem_2005_s19_1_b_returning_after_a_missed_round_needs_the_stake() -> None:
    t = seated(QLD, 4, chips=100)
    t.apply(SitOut("p1"))
    t.apply(StartRound(deck(t)))
    play_out(t)
    t.stacks["p1"] = 50
    refused(t, Return("p1"), "qld-holdem-2005 s19(3)(a)")
    t.apply(AddChips("p1", 50))
    t.apply(Return("p1"))


def test_leaving_mid_round_with_chips_in_it_is_refused() -> None:
    t = seated(DUN, 3)
    t.apply(StartRound(deck(t)))
    p = t.players[t.round.actor]  # type: ignore[union-attr, index]
    refused(t, Leave(p), "dunedin-house 22")


# ---------------------------------------------------------------------------------------
# Breaks and abstaining


def test_dunedin_house_18_comfort_break_over_15_minutes() -> None:
    t = seated(DUN, 3)
    t.apply(SitOut("p1", at=100))
    assert not [e for e in t.apply(Tick(100 + 900)) if isinstance(e, Notice)]
    notices = [e for e in t.apply(Tick(100 + 901)) if isinstance(e, Notice)]
    assert [(n.player, n.clause) for n in notices] == [("p1", "dunedin-house 18")]
    assert not [e for e in t.apply(Tick(2000)) if isinstance(e, Notice)]  # said once


def test_act_omaha_2017_19_6_abstaining_three_rounds_at_a_full_table() -> None:
    t = seated(ACT, 4, chips=100, seats=4)
    t.apply(SitOut("p4"))
    notices = []
    for _ in range(4):
        t.apply(StartRound(deck(t)))
        rng = random.Random(1)
        bot = make_bot("calling-station")
        while t.round is not None:
            events = t.apply(Act(bot.act(actor_view(t.round), rng)))
            notices += [e for e in events if isinstance(e, Notice)]
    assert [(n.player, n.clause) for n in notices] == [("p4", "act-omaha-2017 19.6")]


# ---------------------------------------------------------------------------------------
# Seat changes


def _after_one_round(rules: str) -> Table:
    t = seated(rules, 5, seats=9)
    t.apply(StartRound(deck(t)))
    play_out(t)
    return t


def test_dunedin_house_28_seat_change_past_two_live_seats_waits_or_posts() -> None:
    t = _after_one_round(DUN)
    t.apply(ChangeSeat("p1", 6))  # passes p2..p5: four live seats
    assert t.seat("p1").status is Status.WAITING
    t2 = _after_one_round(DUN)
    t2.apply(ChangeSeat("p1", 6, post=True))
    assert t2.seat("p1").status is Status.POSTING
    t3 = _after_one_round(DUN)
    t3.apply(ChangeSeat("p5", 7))  # passes no live seat
    assert t3.seat("p5").status is Status.PLAYING


def test_dunedin_house_28_blinds_paid_player_may_take_the_button_seat() -> None:
    t = _after_one_round(DUN)
    b = t.buttons
    assert b is not None
    small = t.seating.get(b.small_blind)
    assert small is not None
    t.apply(Leave(small.player))  # the seat the button comes to next is free
    big = t.seating.get(b.big_blind)
    assert big is not None
    t.apply(ChangeSeat(big.player, b.small_blind))
    assert t.seat(big.player).status is Status.PLAYING
    t.apply(StartRound(deck(t)))
    assert t.deal is not None and t.deal.button.seat == b.small_blind
    assert big.player in t.players


def test_act_omaha_2017_17_13_seat_change_away_from_the_blinds() -> None:
    t = _after_one_round(ACT)
    big = t.buttons.big_blind  # type: ignore[union-attr]
    occupant = t.seating.get(big)
    assert occupant is not None
    # moving from the seat just after the big blind to one further round: dealt out
    mover = t.seating.get(big % 9 + 1) or t.seating.get(1)
    assert mover is not None
    free = [n for n in range(1, 10) if t.seating.get(n) is None]
    far = max(free, key=lambda n: (n - big) % 9)
    t.apply(ChangeSeat(mover.player, far))
    assert t.seat(mover.player).status is Status.WAITING


def test_qld_holdem_2005_has_no_seat_change_penalty() -> None:
    t = _after_one_round(QLD)
    t.apply(ChangeSeat("p1", 8))
    assert t.seat("p1").status is Status.PLAYING


def test_seat_change_during_own_round_is_refused() -> None:
    t = seated(DUN, 3)
    t.apply(StartRound(deck(t)))
    refused(t, ChangeSeat("p1", 7), "dunedin-house 22")


# ---------------------------------------------------------------------------------------
# Newcomers posting to come in


def test_newcomer_posting_big_blind_acts_in_turn_after_the_real_big_blind() -> None:
    t = seated(DUN, 5)
    t.apply(StartRound(deck(t)))
    play_out(t)
    t.apply(SitDown("late", 7, 100, post=True))
    t.apply(StartRound(deck(t)))
    r = t.round
    assert r is not None and "late" in t.players
    bb = t.deal.dealt_in.index(t.deal.big_blind.seat)  # type: ignore[union-attr]
    assert r.actor == (bb + 1) % r.n
    assert r.bets[t.position_of("late")] == 2  # type: ignore[index]


def test_round_big_blind_position_starts_action_after_it() -> None:
    cfg = round_config(stacks=(100,) * 5, blinds=(1, 2, 0, 2, 0), min_bet=2, big_blind_position=1)
    r = Round(cfg)  # dealer-driven: the dealer enters the hole cards
    for p, cards in enumerate(["2c3c", "4c5c", "6c7c", "8c9c", "TcJc"]):
        r.apply(DealHole(p, parse_cards(cards)))
    assert r.actor == 2
    r.apply(CheckCall(2))
    assert r.actor == 3
    assert r.legal_actions().can_check  # type: ignore[union-attr]  # the poster's option


# ---------------------------------------------------------------------------------------
# Time


def test_act_omaha_2017_4_8_a_action_timer_folds_leaving_bets_in() -> None:
    t = seated(ACT, 3, action_seconds=30)
    t.apply(StartRound(deck(t), at=0))
    r = t.round
    assert r is not None
    first = r.actor
    t.apply(Act(CheckCall(first), at=10))  # type: ignore[arg-type]
    p = r.actor
    assert p is not None
    assert not [e for e in t.apply(Tick(39)) if isinstance(e, TimedOut)]
    out = [e for e in t.apply(Tick(40)) if isinstance(e, TimedOut)]
    assert [(e.player, e.clause) for e in out] == [(t.players[p], "act-omaha-2017 4.8(a)")]
    assert r.folded[p]


def test_act_omaha_2017_4_8_b_forty_seconds() -> None:
    t = seated(ACT, 3)
    t.apply(StartRound(deck(t), at=0))
    p = t.round.actor  # type: ignore[union-attr]
    t.apply(InstructTime(at=100))
    assert not [e for e in t.apply(Tick(139)) if isinstance(e, TimedOut)]
    assert [e.clause for e in t.apply(Tick(140)) if isinstance(e, TimedOut)] == [
        "act-omaha-2017 4.8(b)"
    ]
    assert t.round is None or t.round.folded[p]  # type: ignore[index]
    refused(seated(DUN, 2), InstructTime(), "dunedin-house (silent)")


def test_dunedin_house_90_clock_with_ten_second_countdown() -> None:
    t = seated(DUN, 3)
    t.apply(StartRound(deck(t), at=0))
    r = t.round
    assert r is not None
    p = r.actor
    t.apply(CallClock(60, at=100))
    assert not [e for e in t.apply(Tick(169)) if isinstance(e, TimedOut)]
    assert [e.clause for e in t.apply(Tick(170)) if isinstance(e, TimedOut)] == ["dunedin-house 90"]
    assert r.folded[p]  # type: ignore[index]
    # acting in time clears the clock
    t2 = seated(DUN, 3)
    t2.apply(StartRound(deck(t2)))
    r2 = t2.round
    assert r2 is not None
    t2.apply(CallClock(60, at=0))
    t2.apply(Act(CheckCall(r2.actor), at=30))  # type: ignore[arg-type]
    assert not [e for e in t2.apply(Tick(1000)) if isinstance(e, TimedOut)]


# ---------------------------------------------------------------------------------------
# Closure and voided rounds


def test_act_omaha_2017_18_2_table_closure() -> None:
    t = seated(ACT, 3)
    t.apply(CloseTable(at=5))
    refused(t, StartRound(deck(t)), "act-omaha-2017 18.2")
    refused(t, SitDown("new", 5, 100), "act-omaha-2017 18.2")
    t.apply(Leave("p1"))


@pytest.mark.parametrize("clause", ["act-omaha-2017 19.1", "act-omaha-2017 19.3"])
def test_act_omaha_2017_19_1_19_3_void_round_returns_every_chip(clause: str) -> None:
    t = seated(ACT, 3, chips=100)
    before = dict(t.stacks)
    t.apply(StartRound(deck(t)))
    r = t.round
    assert r is not None
    t.apply(Act(BetRaise(r.actor, 7)))  # type: ignore[arg-type]
    t.apply(VoidRound(clause, "fire alarm"))
    assert t.round is None and t.stacks == before and t.hands == 0
    refused(seated(DUN, 2), VoidRound("act-omaha-2017 19.1", "x"), "dunedin-house")


# ---------------------------------------------------------------------------------------
# The table as a whole


@pytest.mark.parametrize("rules", RULEBOOKS)
def test_table_state_is_the_fold_of_its_events(rules: str) -> None:
    t = seated(rules, 6, chips=300)
    for seed in range(5):
        t.apply(StartRound(deck(t)))
        play_out(t, "calling-station", seed)
    t.apply(AddChips("p1", 50))
    t.apply(StartRound(deck(t)))
    r = t.round
    assert r is not None
    t.apply(Act(Fold(r.actor)))  # type: ignore[arg-type]
    again = Table.from_events(t.config, t.events)
    assert again.stacks == t.stacks
    assert again.seating == t.seating
    assert again.buttons == t.buttons
    assert again.round is not None and again.round.events == r.events


def test_stakes_and_presets_refuse_what_the_rulebook_forbids() -> None:
    with pytest.raises(StakesError, match=r"s23\(1\)"):
        TableConfig(find_rulebook(QLD), Stakes(2, 10, 100))
    with pytest.raises(StakesError, match="maximum buy-in"):
        Stakes(1, 2, 40, max_buy_in=20)
    with pytest.raises(PresetError, match=r"s28\(1\)"):
        preset(QLD, structure="no-limit")
    with pytest.raises(ValueError, match=r"15\.2"):
        commission_schedule("act-10")


def test_commands_without_a_round_are_refused() -> None:
    t = seated(DUN, 2)
    refused(t, Act(Fold(0)), "croupier table")
    refused(t, CallClock(30), "dunedin-house 90")
    t.apply(StartRound(deck(t)))
    refused(t, StartRound(deck(t)), "croupier table")
    refused(t, Act(Fold(9)), "")


def test_act_omaha_2017_15_3_commission_on_a_time_basis() -> None:
    from dataclasses import replace as with_

    from croupier.table.events import TimeCharged

    config = with_(preset(ACT), commission=None, time_charge=(5, 1800))
    t = Table(config)
    for i in range(3):
        t.apply(SitDown(f"p{i + 1}", i + 1, 100))
    total = t.total_chips
    charged = [e for e in t.apply(StartRound(deck(t), at=0)) if isinstance(e, TimeCharged)]
    assert [(e.player, e.amount, e.until, e.clause) for e in charged] == [
        (p, 5, 1800, "act-omaha-2017 15.3") for p in ("p1", "p2", "p3")
    ]
    assert t.round is not None and t.round.config.stacks == (95, 95, 95)
    play_out(t)
    assert not [e for e in t.apply(StartRound(deck(t), at=600)) if isinstance(e, TimeCharged)]
    play_out(t)
    assert (
        len([e for e in t.apply(StartRound(deck(t), at=1800)) if isinstance(e, TimeCharged)]) == 3
    )
    play_out(t)
    assert t.total_chips + t.fees + t.commission == total
    assert t.fees == 30
    with pytest.raises(Exception, match="dunedin-house has no commission on a time basis"):
        with_(preset(DUN), commission=None, time_charge=(5, 1800))
    with pytest.raises(Exception, match="not both"):
        with_(preset(ACT), time_charge=(5, 1800))


# ---------------------------------------------------------------------------------------
# The floor's rulings at the table


@pytest.mark.parametrize(
    ("rules", "clause"),
    [
        (QLD, "qld-holdem-2005 s32(1)"),
        (ACT, "act-omaha-2017 17.1"),
        (DUN, "dunedin-house 68"),
    ],
)
def test_misdeal_at_the_table_redeals_with_the_same_button(rules: str, clause: str) -> None:
    from croupier.floor import DealError, DealIrregularity
    from croupier.table.commands import Report
    from croupier.table.events import TableRoundVoided

    t = seated(rules, 4, chips=200)
    t.apply(StartRound(deck(t)))
    play_out(t)
    t.apply(StartRound(None))  # dealer-driven: the dealer enters the cards
    before = dict(t.stacks)
    button = t.deal.button.seat  # type: ignore[union-attr]
    events = t.apply(Report(DealIrregularity(DealError.CUT_EXPOSED)))
    voided = [e for e in events if isinstance(e, TableRoundVoided)]
    assert len(voided) == 1 and voided[0].clause.startswith(clause.split("(")[0].rstrip())
    assert t.round is None and t.stacks == before and t.hands == 1
    t.apply(StartRound(deck(t)))
    assert t.deal is not None and t.deal.button.seat == button  # the same round, dealt again
    again = Table.from_events(t.config, t.events)
    assert again.stacks == t.stacks and again.buttons == t.buttons


def test_floor_report_that_does_not_fit_is_refused_unchanged() -> None:
    from croupier.floor import DealError, DealIrregularity, WrongHoleCount
    from croupier.table.commands import Report

    t = seated(DUN, 3)
    refused(t, Report(WrongHoleCount(0, 1)), "croupier floor")
    t.apply(StartRound(deck(t)))  # automatic: croupier dealt it, so no dealing error
    refused(t, Report(DealIrregularity(DealError.NOT_CUT)), "croupier dealing")


@pytest.mark.parametrize(
    ("rules", "clause"), [(DUN, "dunedin-house 67"), (ACT, "act-omaha-2017 17.14")]
)
def test_disputed_result_reopens_until_the_next_round_begins(rules: str, clause: str) -> None:
    from croupier.table.commands import ReopenRound
    from croupier.table.events import RoundReopened

    t = seated(rules, 3, chips=200)
    t.apply(StartRound(deck(t)))
    start = dict(t.stacks)
    r = t.round
    assert r is not None
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is not None
    t.apply(Act(BetRaise(r.actor, la.min_raise_to)))  # type: ignore[arg-type]
    while t.round is not None:
        t.apply(Act(Fold(t.round.actor)))  # type: ignore[arg-type]
    after = dict(t.stacks)
    assert after != start
    events = t.apply(ReopenRound(1))
    assert [e.clause for e in events if isinstance(e, RoundReopened)] == [clause]
    assert t.round is not None and not t.round.is_over and t.stacks == start
    t.apply(Act(CheckCall(t.round.actor)))  # type: ignore[arg-type]
    play_out(t)
    again = Table.from_events(t.config, t.events)
    assert again.stacks == t.stacks and again.hands == t.hands == 1
    t.apply(StartRound(deck(t)))
    play_out(t)
    t.apply(StartRound(deck(t)))
    refused(t, ReopenRound(1), "croupier table")  # a round is in progress


@pytest.mark.parametrize("rules", [ACT, DUN])
def test_a_round_that_ends_inside_start_round(rules: str) -> None:
    """Heads-up, the small blind (the button, dunedin-house 95; act-omaha-2017 8.3) can only
    post all in and the big blind covers it: nobody has anything to decide, so the round is
    dealt out and settled inside StartRound (the 1M-round ``croupier simulate`` crash). The
    table closes it, counts it, keeps the chips and hands the round back on request."""
    from croupier.table.events import PlayerSat, RoundFinished, RoundStarted

    config = preset(rules, seats=2)
    t = Table.from_events(
        config,
        [
            PlayerSat("big", 1, 1000, Status.PLAYING, False, "test"),
            PlayerSat("small", 2, 1, Status.PLAYING, False, "test"),
        ],
    )
    events = t.apply(StartRound(deck(t), at=10))
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.deal.button.seat == 2 and isinstance(events[-1], RoundFinished)
    assert t.round is None and t.hands == 1
    r = t.last_round_played(started)
    assert r.is_over and started.players == ("big", "small")
    assert sum(r.stacks) + r.commission + r.fees == 1001
    assert t.total_chips + t.commission + t.fees == 1001
    assert [t.stacks["big"], t.stacks["small"]] == list(r.stacks)
    rebuilt = Table.from_events(config, t.events)
    assert rebuilt.stacks == t.stacks and rebuilt.hands == 1 and rebuilt.round is None
    # only the last round played is handed back
    later = replace(started, hand=started.hand + 1)
    with pytest.raises(IllegalAction, match="not the last round played"):
        t.last_round_played(later)
