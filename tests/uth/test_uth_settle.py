"""act-uth-2025 9.1-9.8 and 10.1: settling one Ultimate Texas Hold'em box against the dealer."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from croupier.cards import CardError, parse_cards
from croupier.hands import Category, evaluate
from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.uth import (
    ACT_UTH_2025,
    BLIND_TABLE,
    TRIPS_TABLE,
    Box,
    Odds,
    Outcome,
    PayLine,
    Payouts,
    PayTable,
    PayTableError,
    Settlement,
    Wager,
    WagerError,
    dealer_qualifies,
    settle,
)

MAX_PAYOUT_CLAUSE = ACT_UTH_2025_RULES.settlement.max_payout_clause

C = Category
W, L, P, R = Outcome.WIN, Outcome.LOSE, Outcome.PUSH, Outcome.REFUND


def run(
    player: str, dealer: str, board: str, box: Box, payouts: Payouts = ACT_UTH_2025
) -> Settlement:
    return settle(box, parse_cards(player), parse_cards(dealer), parse_cards(board), payouts)


def outcomes(s: Settlement) -> dict[str, tuple[Outcome, int, str]]:
    return {r.wager.value: (r.outcome, r.amount, r.clause) for r in s.results}


# Player hands winning with each Blind / Trips category against a qualifying dealer.
WINNERS = {
    C.ROYAL_FLUSH: ("As Ks", "2c 2d", "Qs Js Ts 7h 3c"),
    C.STRAIGHT_FLUSH: ("9s 8s", "2c 2d", "Qs Js Ts 4h 3c"),
    C.FOUR_OF_A_KIND: ("Ah Ad", "Kc Kd", "As Ac 7h 4d 2s"),
    C.FULL_HOUSE: ("Kh Kd", "Qc Qd", "Ks 7c 7d 2h 3s"),
    C.FLUSH: ("Ah 9h", "Kc Kd", "Kh 7h 2h 5c Jd"),
    C.STRAIGHT: ("9c 8d", "Kc 3d", "7h 6s 5c Kd 2h"),
    C.THREE_OF_A_KIND: ("Kh Kd", "Qc Qd", "Ks 7c 2d 4h 9s"),
}


# -- 10.1: the tables as written --------------------------------------------------------------


def test_10_1_blind_table_as_written() -> None:
    assert str(BLIND_TABLE) == "500-50-10-3-3:2-1"
    assert [ln.category for ln in BLIND_TABLE.lines] == [
        C.ROYAL_FLUSH,
        C.STRAIGHT_FLUSH,
        C.FOUR_OF_A_KIND,
        C.FULL_HOUSE,
        C.FLUSH,
        C.STRAIGHT,
    ]
    # the standard lines cite the pay table of the rules in force (10.1), named by none
    assert BLIND_TABLE.line_for(C.FLUSH) == PayLine(C.FLUSH, Odds(3, 2))
    assert all(ln.clause is None for ln in BLIND_TABLE.lines)


def test_10_1_trips_table_as_written() -> None:
    assert str(TRIPS_TABLE) == "50-40-30-8-7-4-3"
    assert TRIPS_TABLE.lowest is C.THREE_OF_A_KIND
    assert all(ln.clause is None for ln in TRIPS_TABLE.lines)


def test_10_1_max_payout_is_the_tables_notice() -> None:
    assert ACT_UTH_2025.max_blind_payout is None


# -- dealer qualification (A "Qualify") -----------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "ok"),
    [("2c 2d 7h 9s Jd Kc 4s", True), ("Ac Kd 7h 9s Jd 3c 4s", False), ("Ac Ad 7h 7s Jd", True)],
    ids=["A-qualify-pair", "A-qualify-high-card-fails", "A-qualify-two-pair"],
)
def test_a_qualify_dealer_needs_a_pair_or_better(cards: str, ok: bool) -> None:
    assert dealer_qualifies(evaluate(parse_cards(cards))) is ok


# -- 9.6(a), 10.1: every Blind pay line ---------------------------------------------------------


@pytest.mark.parametrize(
    ("category", "stake", "won"),
    [
        (C.ROYAL_FLUSH, 10, 5000),
        (C.STRAIGHT_FLUSH, 10, 500),
        (C.FOUR_OF_A_KIND, 10, 100),
        (C.FULL_HOUSE, 10, 30),
        (C.FLUSH, 10, 15),
        (C.STRAIGHT, 10, 10),
    ],
    ids=lambda v: v.key if isinstance(v, Category) else str(v),
)
def test_9_6_a_10_1_blind_pay_line(category: Category, stake: int, won: int) -> None:
    s = run(*WINNERS[category], Box(stake, stake, 4 * stake))
    assert s.player.category is category
    assert s.dealer_qualifies
    b = s[Wager.BLIND]
    assert (b.outcome, b.amount, b.clause) == (W, won, "act-uth-2025 9.6(a)")
    assert b.line == BLIND_TABLE.line_for(category)
    assert b.pay_clause == "act-uth-2025 10.1"
    assert b.returned == stake + won
    assert outcomes(s)["ante"] == (W, stake, "act-uth-2025 9.5(a)")
    assert outcomes(s)["play"] == (W, 4 * stake, "act-uth-2025 9.8(a)")


def test_10_1_blind_flush_3_to_2_rounds_down_to_a_whole_chip() -> None:
    s = run(*WINNERS[C.FLUSH], Box(5, 5, 5))
    assert s[Wager.BLIND].amount == 7  # 7.5: 10.1 names no rounding; the odd half is not paid


def test_10_1_blind_pays_even_when_dealer_does_not_qualify() -> None:
    s = run("9c 8d", "Ah Qd", "7h 6s 5c Kd 2h", Box(10, 10, 20))
    assert not s.dealer_qualifies
    assert outcomes(s) == {
        "ante": (R, 0, "act-uth-2025 9.2"),
        "blind": (W, 10, "act-uth-2025 9.6(a)"),
        "play": (W, 20, "act-uth-2025 9.8(a)"),
    }


# -- 10.1 **: maximum payout on the Blind ------------------------------------------------------


def test_10_1_max_payout_caps_the_blind() -> None:
    s = run(*WINNERS[C.ROYAL_FLUSH], Box(10, 10, 10), Payouts(max_blind_payout=1000))
    b = s[Wager.BLIND]
    assert (b.outcome, b.amount, b.uncapped, b.pay_clause) == (W, 1000, 5000, MAX_PAYOUT_CLAUSE)
    assert b.returned == 1010


def test_10_1_max_payout_below_cap_pays_in_full() -> None:
    s = run(*WINNERS[C.FULL_HOUSE], Box(10, 10, 10), Payouts(max_blind_payout=30))
    b = s[Wager.BLIND]
    assert (b.amount, b.uncapped, b.pay_clause) == (30, None, "act-uth-2025 10.1")


def test_10_1_max_payout_does_not_touch_trips_ante_or_play() -> None:
    s = run(*WINNERS[C.ROYAL_FLUSH], Box(100, 100, 400, 100), Payouts(max_blind_payout=1000))
    assert s[Wager.BLIND].amount == 1000
    assert s[Wager.TRIPS].amount == 5000
    assert s[Wager.PLAY].amount == 400
    assert s[Wager.ANTE].amount == 100


# -- 9.5-9.8: each branch ---------------------------------------------------------------------


def test_9_5_b_9_6_b_9_8_b_dealer_beats_player() -> None:
    s = run("Ac 3d", "Kc Kd", "Ks 7c 2d 4h 9s", Box(10, 10, 30, 5))
    assert outcomes(s) == {
        "ante": (L, -10, "act-uth-2025 9.5(b)"),
        "blind": (L, -10, "act-uth-2025 9.6(b)"),
        "play": (L, -30, "act-uth-2025 9.8(b)"),
        "trips": (L, -5, "act-uth-2025 9.7(b)"),
    }
    assert s.net == -55


def test_9_6_c_ii_blind_pushes_on_a_win_below_a_straight() -> None:
    s = run(*WINNERS[C.THREE_OF_A_KIND], Box(10, 10, 40, 10))
    assert outcomes(s) == {
        "ante": (W, 10, "act-uth-2025 9.5(a)"),
        "blind": (P, 0, "act-uth-2025 9.6(c)(ii)"),
        "play": (W, 40, "act-uth-2025 9.8(a)"),
        "trips": (W, 30, "act-uth-2025 9.7(a)"),
    }


def test_9_5_c_i_9_6_c_i_9_8_c_tie_pushes_ante_blind_and_play() -> None:
    s = run("2c 3c", "4d 5d", "As Ks Qs Jd Th", Box(10, 10, 20, 10))
    assert s.player.strength == s.dealer.strength
    assert outcomes(s) == {
        "ante": (P, 0, "act-uth-2025 9.5(c)(i)"),
        "blind": (P, 0, "act-uth-2025 9.6(c)(i)"),
        "play": (P, 0, "act-uth-2025 9.8(c)"),
        "trips": (W, 40, "act-uth-2025 9.7(a)"),  # the player's own straight, 4 to 1
    }
    assert s.net == 40


def test_9_2_9_5_c_ii_dealer_not_qualifying_refunds_ante_player_wins() -> None:
    s = run("Ah Kd", "9c 8d", "Qs Js 4h 3c 2d", Box(10, 10, 10))
    assert not s.dealer_qualifies
    assert outcomes(s) == {
        "ante": (R, 0, "act-uth-2025 9.2"),
        "blind": (P, 0, "act-uth-2025 9.6(c)(ii)"),
        "play": (W, 10, "act-uth-2025 9.8(a)"),
    }


def test_9_2_9_6_b_9_8_b_dealer_not_qualifying_still_beats_player() -> None:
    s = run("7c 6d", "Ah Kd", "Qs Js 4h 3c 2d", Box(10, 10, 10))
    assert not s.dealer_qualifies
    assert outcomes(s) == {
        "ante": (R, 0, "act-uth-2025 9.2"),
        "blind": (L, -10, "act-uth-2025 9.6(b)"),
        "play": (L, -10, "act-uth-2025 9.8(b)"),
    }


def test_9_2_9_6_c_i_9_8_c_tie_with_dealer_not_qualifying() -> None:
    s = run("4c 2c", "4d 2d", "As Ks Qs 9d 7h", Box(10, 10, 20))
    assert outcomes(s) == {
        "ante": (R, 0, "act-uth-2025 9.2"),
        "blind": (P, 0, "act-uth-2025 9.6(c)(i)"),
        "play": (P, 0, "act-uth-2025 9.8(c)"),
    }


@pytest.mark.parametrize("times", [4, 3, 2, 1], ids=["8.1-4x", "8.1-3x", "8.3-2x", "8.5-1x"])
def test_9_8_a_play_wager_of_every_size_pays_even_money(times: int) -> None:
    s = run(*WINNERS[C.THREE_OF_A_KIND], Box(10, 10, 10 * times))
    assert outcomes(s)["play"] == (W, 10 * times, "act-uth-2025 9.8(a)")
    assert s[Wager.PLAY].odds == Odds(1, 1)


# -- 9.7, 10.1: every Trips pay line, regardless of the dealer ---------------------------------


@pytest.mark.parametrize(
    ("category", "won"),
    [
        (C.ROYAL_FLUSH, 500),
        (C.STRAIGHT_FLUSH, 400),
        (C.FOUR_OF_A_KIND, 300),
        (C.FULL_HOUSE, 80),
        (C.FLUSH, 70),
        (C.STRAIGHT, 40),
        (C.THREE_OF_A_KIND, 30),
    ],
    ids=lambda v: v.key if isinstance(v, Category) else str(v),
)
def test_9_7_a_10_1_trips_pay_line(category: Category, won: int) -> None:
    s = run(*WINNERS[category], Box(5, 5, 20, 10))
    t = s[Wager.TRIPS]
    assert (t.outcome, t.amount, t.clause) == (W, won, "act-uth-2025 9.7(a)")
    assert t.line == TRIPS_TABLE.line_for(category)
    assert t.pay_clause == "act-uth-2025 10.1"


def test_9_7_a_trips_wins_when_the_dealer_beats_the_player() -> None:
    s = run("7c 7d", "Kc Kd", "Ks 7h Kh 4h 2s", Box(10, 10, 10, 10))
    assert s.player.category is C.FULL_HOUSE
    assert s.dealer.category is C.FOUR_OF_A_KIND
    assert outcomes(s)["trips"] == (W, 80, "act-uth-2025 9.7(a)")
    assert outcomes(s)["play"] == (L, -10, "act-uth-2025 9.8(b)")


def test_9_7_b_trips_loses_below_three_of_a_kind_even_beating_the_dealer() -> None:
    s = run("Ac Ad", "Kc 3d", "Ks 7c 2d 4h 9s", Box(10, 10, 40, 10))
    assert outcomes(s)["trips"] == (L, -10, "act-uth-2025 9.7(b)")
    assert outcomes(s)["play"] == (W, 40, "act-uth-2025 9.8(a)")


def test_9_7_no_trips_wager_no_trips_result() -> None:
    s = run(*WINNERS[C.ROYAL_FLUSH], Box(10, 10, 40))
    assert [r.wager for r in s.results] == [Wager.ANTE, Wager.BLIND, Wager.PLAY]
    with pytest.raises(KeyError, match="trips"):
        s[Wager.TRIPS]


def test_10_1_house_trips_table_50_40_30_8_6_5_3() -> None:
    house = PayTable.from_spec("house", "50-40-30-8-6-5-3", C.THREE_OF_A_KIND, "house trips")
    payouts = Payouts(trips=house)
    assert run(*WINNERS[C.FLUSH], Box(10, 10, 10, 10), payouts)[Wager.TRIPS].amount == 60
    t = run(*WINNERS[C.STRAIGHT], Box(10, 10, 10, 10), payouts)[Wager.TRIPS]
    assert (t.amount, t.pay_clause) == (50, "house trips")


# -- 9.1, A "Fold": a folded box loses every wager ---------------------------------------------


def test_9_1_fold_loses_ante_blind_and_trips() -> None:
    s = run(*WINNERS[C.ROYAL_FLUSH], Box(10, 10, 0, 5, folded=True))
    assert s.folded
    assert outcomes(s) == {
        "ante": (L, -10, "act-uth-2025 9.1"),
        "blind": (L, -10, "act-uth-2025 9.1"),
        "trips": (L, -5, "act-uth-2025 9.1"),
    }
    assert s.net == -25


def test_9_1_fold_after_a_play_wager_loses_it_too() -> None:
    s = run("7c 2d", "Ac Ad", "Ks 8c 3d 4h 9s", Box(10, 10, 40, folded=True))
    assert s.net == -60
    assert {r.outcome for r in s.results} == {L}


def test_9_1_fold_loses_ante_even_when_dealer_does_not_qualify() -> None:
    s = run("7c 2d", "Ac Qd", "Ks 8c 3d 4h 9s", Box(10, 10, folded=True))
    assert not s.dealer_qualifies
    assert outcomes(s)["ante"] == (L, -10, "act-uth-2025 9.1")


# -- what a box may hold ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("box", "match"),
    [
        (lambda: Box(10, 5, 10), r"blind \(5\) must equal the ante \(10\) \(A\)"),
        (lambda: Box(10, 10, 50), r"play wager of 50.*8\.1\(c\)\(ii\)"),
        (lambda: Box(10, 10, 15), r"play wager of 15"),
        (lambda: Box(10, 10), r"fold or bet \(8\.5\)"),
        (lambda: Box(0, 0, 0, folded=True), r"7\.2\(c\)"),
        (lambda: Box(10, 10, 10, -1), r"trips must be a whole, non-negative"),
        (lambda: Box(True, True, 1), r"ante must be a whole"),
    ],
    ids=[
        "A-blind-equals-ante",
        "8.1-play-5x",
        "8.x-play-1.5x",
        "8.5-no-play",
        "7.2-no-ante",
        "4.2-negative",
        "4.1-bool-chips",
    ],
)
def test_box_rejects(box: Callable[[], object], match: str) -> None:
    with pytest.raises(WagerError, match=match):
        box()


def test_7_2_cards_checked() -> None:
    p, d = parse_cards("As Ks"), parse_cards("2c 2d")
    with pytest.raises(WagerError, match="5 communal"):
        settle(Box(1, 1, 1), p, d, parse_cards("Qs Js Ts 7h"))
    with pytest.raises(WagerError, match="player holds 2"):
        settle(Box(1, 1, 1), parse_cards("As"), d, parse_cards("Qs Js Ts 7h 3c"))
    with pytest.raises(CardError, match="duplicate card As"):
        settle(Box(1, 1, 1), p, parse_cards("As 2d"), parse_cards("Qs Js Ts 7h 3c"))


# -- pay table validation ----------------------------------------------------------------------


def _line(cat: Category, a: int, b: int = 1) -> PayLine:
    return PayLine(cat, Odds(a, b))


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: Odds(0), "odds must be positive"),
        (lambda: Odds(3, 0), "odds must be positive"),
        (lambda: Odds(1.5, 1), "whole numbers"),  # type: ignore[arg-type]
        (lambda: PayTable("t", ()), "has no lines"),
        (lambda: PayTable("", (_line(C.FLUSH, 1),)), "needs a name"),
        (lambda: PayTable("t", (_line(C.FLUSH, 2), _line(C.FLUSH, 1))), "flush listed twice"),
        (lambda: PayTable("t", (_line(C.FLUSH, 1), _line(C.FULL_HOUSE, 2))), "highest hand first"),
        (
            lambda: PayTable("t", (_line(C.FULL_HOUSE, 1), _line(C.FLUSH, 2))),
            "full house .* pays less",
        ),
        (lambda: PayTable("t", (_line(C.FIVE_OF_A_KIND, 9),)), "without jokers"),
        (lambda: PayTable("t", (PayLine(C.FLUSH, Odds(1), ""),)), "cites no clause"),
        (lambda: PayTable.from_spec("t", "50-40-30", C.THREE_OF_A_KIND), "has 3 payouts"),
        (lambda: PayTable.from_spec("t", "50-40-30-8-x-5-3", C.THREE_OF_A_KIND), "'x' is not odds"),
        (lambda: Payouts(blind=TRIPS_TABLE), "blind table .* straight to royal flush"),
        (lambda: Payouts(trips=BLIND_TABLE), "trips table .* three of a kind"),
        (lambda: Payouts(max_blind_payout=0), "maximum blind payout"),
    ],
    ids=[
        "odds-zero",
        "odds-zero-b",
        "odds-float",
        "empty",
        "no-name",
        "duplicate",
        "order",
        "monotone",
        "five-of-a-kind",
        "no-clause",
        "spec-length",
        "spec-token",
        "blind-cover",
        "trips-cover",
        "max-payout",
    ],
)
def test_10_1_pay_table_validation(make: Callable[[], object], match: str) -> None:
    with pytest.raises(PayTableError, match=match):
        make()


def test_10_1_spec_round_trips() -> None:
    t = PayTable.from_spec("b", "500-50-10-3-3:2-1", C.STRAIGHT)
    assert t == PayTable("b", BLIND_TABLE.lines)
    assert str(Odds(3, 2)) == "3 to 2"
