"""Hand rankings, one table row per rule; every case id names its clause.

qld-holdem-2005 s2 "hand", s7, s8; act-uth-2025 3.1-3.2; act-omaha-2017 3.1-3.7 and 9.1;
qld-tournament-2020 4.46. The category orders below are copied from the rulebooks' text,
not from croupier's own tables, so that a wrong table shows up here.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Sequence

import numpy as np
import pytest

from croupier.cards import REDUCED_DECK_SIZES, CardError, Deck, parse_cards
from croupier.hands import (
    Category,
    HandOrder,
    HandValue,
    LowRule,
    LowValue,
    Outcome,
    compare,
    evaluate,
    evaluate_low,
    evaluate_omaha,
    evaluate_omaha_low,
)
from croupier.hands.batch import evaluate_batch, low_batch

C = Category

# --- orders under test ----------------------------------------------------------------------

STD = HandOrder.standard()  # qld-holdem-2005 s8, act-uth-2025 3.1, act-omaha-2017 3.3
STD_JOKER = HandOrder.for_deck(Deck.of_size(52, joker=True))  # a "full deck" (52 or more)
REDUCED = {n: HandOrder.for_deck(Deck.of_size(n)) for n in REDUCED_DECK_SIZES[1:]}
D40_JOKER = HandOrder.for_deck(Deck.of_size(40, joker=True))
NO_ACE_LOW = HandOrder.for_deck(Deck.standard(), ace_low=False)
NO_ACE_LOW_40 = HandOrder.for_deck(Deck.of_size(40), ace_low=False)
SHORT_A = HandOrder.short_deck("A")
SHORT_B = HandOrder.short_deck("B")

LOW = LowRule()  # low ball, ace low, no qualifier (act-omaha-2017 3.5(b))
LOW8 = LowRule.eight_or_better()  # 3.5(d)
LOW_ACE_HIGH = LowRule(ace_low=False)
LOW8_ACE_HIGH = LowRule(qualifier=6, ace_low=False)
LOW_40 = LowRule(deck=Deck.of_size(40))
LOW8_40 = LowRule.eight_or_better(Deck.of_size(40))
LOW_JOKER = LowRule(deck=Deck.of_size(52, joker=True))


def ev(cards: str, order: HandOrder = STD) -> HandValue:
    return evaluate(parse_cards(cards), order)


def texts(cards: Sequence[object]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def assert_beats(order: HandOrder, better: str, worse: str) -> None:
    a, b = ev(better, order), ev(worse, order)
    assert compare(a, b) is Outcome.WIN, f"{a} should beat {b}"
    assert compare(b, a) is Outcome.LOSE, f"{b} should lose to {a}"
    assert a > b and b < a and a >= b and b <= a


# --- category orders, copied from the rulebooks (lowest first) ------------------------------

QLD_S8_1 = [  # qld-holdem-2005 s8(1)
    ("odd card hand", C.HIGH_CARD),
    ("1 pair", C.ONE_PAIR),
    ("2 pairs", C.TWO_PAIR),
    ("3 of a kind", C.THREE_OF_A_KIND),
    ("straight", C.STRAIGHT),
    ("flush", C.FLUSH),
    ("full house", C.FULL_HOUSE),
    ("4 of a kind", C.FOUR_OF_A_KIND),
    ("straight flush", C.STRAIGHT_FLUSH),
    ("royal flush", C.ROYAL_FLUSH),
]
UTH_3_1 = [  # act-uth-2025 3.1 (j) up to (a)
    ("(j) five odd cards", C.HIGH_CARD),
    ("(i) one pair", C.ONE_PAIR),
    ("(h) two pairs", C.TWO_PAIR),
    ("(g) three of a kind", C.THREE_OF_A_KIND),
    ("(f) straight", C.STRAIGHT),
    ("(e) flush", C.FLUSH),
    ("(d) full house", C.FULL_HOUSE),
    ("(c) four of a kind", C.FOUR_OF_A_KIND),
    ("(b) straight flush", C.STRAIGHT_FLUSH),
    ("(a) royal flush", C.ROYAL_FLUSH),
]
OMAHA_3_3 = [  # act-omaha-2017 3.3 (k) up to (a), full deck
    ("(k) five odd cards", C.HIGH_CARD),
    ("(j) one pair", C.ONE_PAIR),
    ("(i) two pairs", C.TWO_PAIR),
    ("(h) three of a kind", C.THREE_OF_A_KIND),
    ("(g) straight", C.STRAIGHT),
    ("(f) flush", C.FLUSH),
    ("(e) full house", C.FULL_HOUSE),
    ("(d) four of a kind", C.FOUR_OF_A_KIND),
    ("(c) straight flush", C.STRAIGHT_FLUSH),
    ("(b) five of a kind", C.FIVE_OF_A_KIND),
    ("(a) royal flush", C.ROYAL_FLUSH),
]
OMAHA_3_4 = [  # act-omaha-2017 3.4 (k) up to (a), reduced deck
    ("(k) five odd cards", C.HIGH_CARD),
    ("(j) one pair", C.ONE_PAIR),
    ("(i) two pairs", C.TWO_PAIR),
    ("(h) three of a kind", C.THREE_OF_A_KIND),
    ("(g) straight", C.STRAIGHT),
    ("(f) full house", C.FULL_HOUSE),
    ("(e) flush", C.FLUSH),
    ("(d) four of a kind", C.FOUR_OF_A_KIND),
    ("(c) straight flush", C.STRAIGHT_FLUSH),
    ("(b) five of a kind", C.FIVE_OF_A_KIND),
    ("(a) royal flush", C.ROYAL_FLUSH),
]
SHORT_4_46_A = [  # qld-tournament-2020 4.46(2) option A
    ("odd card", C.HIGH_CARD),
    ("one pair", C.ONE_PAIR),
    ("two pairs", C.TWO_PAIR),
    ("three of a kind", C.THREE_OF_A_KIND),
    ("straight", C.STRAIGHT),
    ("full house", C.FULL_HOUSE),
    ("flush", C.FLUSH),
    ("four of a kind", C.FOUR_OF_A_KIND),
    ("straight flush", C.STRAIGHT_FLUSH),
    ("royal flush", C.ROYAL_FLUSH),
]
SHORT_4_46_B = [  # qld-tournament-2020 4.46(2) option B
    ("odd card", C.HIGH_CARD),
    ("one pair", C.ONE_PAIR),
    ("two pairs", C.TWO_PAIR),
    ("straight", C.STRAIGHT),
    ("three of a kind", C.THREE_OF_A_KIND),
    ("full house", C.FULL_HOUSE),
    ("flush", C.FLUSH),
    ("four of a kind", C.FOUR_OF_A_KIND),
    ("straight flush", C.STRAIGHT_FLUSH),
    ("royal flush", C.ROYAL_FLUSH),
]

# The weakest and the strongest hand of each category, per deck.
EXTREMES_52: dict[Category, tuple[str, str]] = {
    C.HIGH_CARD: ("7c 5d 4h 3s 2c", "Ac Kd Qh Js 9c"),
    C.ONE_PAIR: ("2c 2d 3h 4s 5c", "Ac Ad Kh Qs Jc"),
    C.TWO_PAIR: ("3c 3d 2h 2s 4c", "Ac Ad Kh Ks Qc"),
    C.THREE_OF_A_KIND: ("2c 2d 2h 3s 4c", "Ac Ad Ah Ks Qc"),
    C.STRAIGHT: ("Ac 2d 3h 4s 5c", "Ac Kd Qh Js Tc"),
    C.FLUSH: ("7c 5c 4c 3c 2c", "Ac Kc Qc Jc 9c"),
    C.FULL_HOUSE: ("2c 2d 2h 3s 3c", "Ac Ad Ah Ks Kc"),
    C.FOUR_OF_A_KIND: ("2c 2d 2h 2s 3c", "Ac Ad Ah As Kc"),
    C.STRAIGHT_FLUSH: ("Ah 2h 3h 4h 5h", "Kh Qh Jh Th 9h"),
    C.FIVE_OF_A_KIND: ("2c 2d 2h 2s Xx", "Ac Ad Ah As Xx"),
    C.ROYAL_FLUSH: ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th"),
}
EXTREMES_40: dict[Category, tuple[str, str]] = {
    C.HIGH_CARD: ("Tc 8d 7h 6s 5c", "Ac Kd Qh Js 9c"),
    C.ONE_PAIR: ("5c 5d 6h 7s 8c", "Ac Ad Kh Qs Jc"),
    C.TWO_PAIR: ("6c 6d 5h 5s 7c", "Ac Ad Kh Ks Qc"),
    C.THREE_OF_A_KIND: ("5c 5d 5h 6s 7c", "Ac Ad Ah Ks Qc"),
    C.STRAIGHT: ("Ac 5d 6h 7s 8c", "Ac Kd Qh Js Tc"),
    C.FULL_HOUSE: ("5c 5d 5h 6s 6c", "Ac Ad Ah Ks Kc"),
    C.FLUSH: ("Tc 8c 7c 6c 5c", "Ac Kc Qc Jc 9c"),
    C.FOUR_OF_A_KIND: ("5c 5d 5h 5s 6c", "Ac Ad Ah As Kc"),
    C.STRAIGHT_FLUSH: ("Ah 5h 6h 7h 8h", "Kh Qh Jh Th 9h"),
    C.FIVE_OF_A_KIND: ("5c 5d 5h 5s Xx", "Ac Ad Ah As Xx"),
    C.ROYAL_FLUSH: ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th"),
}
EXTREMES_36: dict[Category, tuple[str, str]] = {
    C.HIGH_CARD: ("Jc 9d 8h 7s 6c", "Ac Kd Qh Js 9c"),
    C.ONE_PAIR: ("6c 6d 7h 8s 9c", "Ac Ad Kh Qs Jc"),
    C.TWO_PAIR: ("7c 7d 6h 6s 8c", "Ac Ad Kh Ks Qc"),
    C.THREE_OF_A_KIND: ("6c 6d 6h 7s 8c", "Ac Ad Ah Ks Qc"),
    C.STRAIGHT: ("Ac 6d 7h 8s 9c", "Ac Kd Qh Js Tc"),
    C.FULL_HOUSE: ("6c 6d 6h 7s 7c", "Ac Ad Ah Ks Kc"),
    C.FLUSH: ("Jc 9c 8c 7c 6c", "Ac Kc Qc Jc 9c"),
    C.FOUR_OF_A_KIND: ("6c 6d 6h 6s 7c", "Ac Ad Ah As Kc"),
    C.STRAIGHT_FLUSH: ("Ah 6h 7h 8h 9h", "Kh Qh Jh Th 9h"),
    C.ROYAL_FLUSH: ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th"),
}


def _chain(
    clause: str,
    order: HandOrder,
    ranking: list[tuple[str, Category]],
    extremes: dict[Category, tuple[str, str]],
) -> list[object]:
    """Each category's weakest hand beats the category below's strongest."""
    out: list[object] = []
    for (lo_name, lo), (hi_name, hi) in itertools.pairwise(ranking):
        out.append(
            pytest.param(
                order, extremes[hi][0], extremes[lo][1], id=f"{clause}: {hi_name} beats {lo_name}"
            )
        )
    return out


CATEGORY_CHAINS = [
    *_chain("qld-holdem-2005 s8(1)", STD, QLD_S8_1, EXTREMES_52),
    *_chain("act-uth-2025 3.1", STD, UTH_3_1, EXTREMES_52),
    *_chain("act-omaha-2017 3.3", STD_JOKER, OMAHA_3_3, EXTREMES_52),
    *_chain("act-omaha-2017 3.4 (40 cards + joker)", D40_JOKER, OMAHA_3_4, EXTREMES_40),
    *_chain("qld-tournament-2020 4.46(2) option A", SHORT_A, SHORT_4_46_A, EXTREMES_36),
    *_chain("qld-tournament-2020 4.46(2) option B", SHORT_B, SHORT_4_46_B, EXTREMES_36),
]


@pytest.mark.parametrize(("order", "better", "worse"), CATEGORY_CHAINS)
def test_category_order(order: HandOrder, better: str, worse: str) -> None:
    assert_beats(order, better, worse)


def _extreme_cases() -> list[object]:
    out: list[object] = []
    tables = [
        ("qld-holdem-2005 s7", STD, EXTREMES_52, QLD_S8_1),
        ("act-omaha-2017 3.3", STD_JOKER, EXTREMES_52, OMAHA_3_3),
        ("act-omaha-2017 3.4", D40_JOKER, EXTREMES_40, OMAHA_3_4),
        ("qld-tournament-2020 4.46", SHORT_B, EXTREMES_36, SHORT_4_46_B),
    ]
    for clause, order, extremes, ranking in tables:
        for name, cat in ranking:
            lo, hi = extremes[cat]
            out.append(pytest.param(order, lo, hi, cat, id=f"{clause}: {name} {lo} .. {hi}"))
    return out


@pytest.mark.parametrize(("order", "weakest", "strongest", "category"), _extreme_cases())
def test_category_of_weakest_and_strongest(
    order: HandOrder, weakest: str, strongest: str, category: Category
) -> None:
    lo, hi = ev(weakest, order), ev(strongest, order)
    assert lo.category is category
    assert hi.category is category
    if category is C.ROYAL_FLUSH:
        assert compare(lo, hi) is Outcome.TIE  # s8(2): suits equal
    else:
        assert compare(hi, lo) is Outcome.WIN


# --- qld-holdem-2005 s7: the poker hands, with their words ----------------------------------


@pytest.mark.parametrize(
    ("cards", "category", "words"),
    [
        pytest.param("Kh Jd 8c 5s 3h", C.HIGH_CARD, "high card, king", id="qld s7: odd card hand"),
        pytest.param("Tc Td Kh 6s 2c", C.ONE_PAIR, "one pair, tens", id="qld s7: 1 pair"),
        pytest.param(
            "Qc Qd 4h 4s Jc", C.TWO_PAIR, "two pair, queens and fours", id="qld s7: 2 pairs"
        ),
        pytest.param(
            "Qc Qd Qh 8s 5c", C.THREE_OF_A_KIND, "three of a kind, queens", id="qld s7: 3 of a kind"
        ),
        pytest.param("Kh Qc Jc Ts 9d", C.STRAIGHT, "straight, king high", id="qld s7: straight"),
        pytest.param("Kd Jd 9d 7d 5d", C.FLUSH, "flush, king high", id="qld s7: flush"),
        pytest.param(
            "Kc Kd Kh Js Jc",
            C.FULL_HOUSE,
            "full house, kings full of jacks",
            id="qld s7: full house",
        ),
        pytest.param(
            "Ac Ad Ah As 4c", C.FOUR_OF_A_KIND, "four of a kind, aces", id="qld s7: 4 of a kind"
        ),
        pytest.param(
            "Jh Th 9h 8h 7h",
            C.STRAIGHT_FLUSH,
            "straight flush, jack high",
            id="qld s7: straight flush",
        ),
        pytest.param("As Ks Qs Js Ts", C.ROYAL_FLUSH, "royal flush", id="qld s7: royal flush"),
        pytest.param(
            "Ah 2d 3c 4s 5h", C.STRAIGHT, "straight, five high", id="qld s8(6): the wheel"
        ),
        pytest.param(
            "Ah 2h 3h 4h 5h",
            C.STRAIGHT_FLUSH,
            "straight flush, five high",
            id="act-uth-2025 3.1(b): 5-4-3-2-A straight flush",
        ),
        pytest.param(
            "Ac Kd Qh Js Tc", C.STRAIGHT, "straight, ace high", id="qld s8(5): ace-high straight"
        ),
        pytest.param(
            "Kh Ah 2d 3c 4s", C.HIGH_CARD, "high card, ace", id="qld s8(5)-(6): K-A-2-3-4 no wrap"
        ),
        pytest.param(
            "6c 6d 6h 9s 9c",
            C.FULL_HOUSE,
            "full house, sixes full of nines",
            id="act-omaha-2017 3.3(e): rank from the threesome",
        ),
        pytest.param(
            "2c 2d 2h Ks Qc",
            C.THREE_OF_A_KIND,
            "three of a kind, twos",
            id="act-omaha-2017 3.3(h): three of a kind",
        ),
        pytest.param(
            "Qh Tc 7c 4d 3s",
            C.HIGH_CARD,
            "high card, queen",
            id="act-omaha-2017 3.3(k): five odd cards",
        ),
        pytest.param("Ac Kc Qc Jc 9c", C.FLUSH, "flush, ace high", id="qld s7: ace-high flush"),
    ],
)
def test_poker_hands_and_words(cards: str, category: Category, words: str) -> None:
    v = ev(cards)
    assert v.category is category
    assert v.words == words
    assert sorted(texts(v.best_five)) == sorted(cards.split())
    assert str(v) == f"{words} ({' '.join(texts(v.best_five))})"


# --- qld-holdem-2005 s8(2)-(7), act-omaha-2017 3.1-3.2, act-uth-2025 3.2: ties and kickers ---

TIE_BREAKS = [
    pytest.param(
        "Tc Jd Qh Ks Ac", "9c Td Jh Qs Kc", id="qld-holdem-2005 s8(5): A-K-Q-J-10 beats 9-K"
    ),
    pytest.param(
        "2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c", id="qld-holdem-2005 s8(6): 2-6 beats the A-5 wheel"
    ),
    pytest.param(
        "Ac 2d 3h 4s 5c", "Ac Ad Ah Ks Qc", id="qld-holdem-2005 s8(6): A-5 is a straight (> trips)"
    ),
    pytest.param("Ac 3d 5h 7s 9c", "Kc Qd Jh Ts 8c", id="qld-holdem-2005 s8(4): ace beats king"),
    pytest.param("Tc 2d 4h 6s 8c", "9c 7d 5h 3s 2c", id="qld-holdem-2005 s8(4): ten beats nine"),
    pytest.param("Kc 8d 6h 4s 3c", "Kd 8h 6c 4d 2s", id="qld-holdem-2005 s8(4): three beats two"),
    pytest.param(
        "9c Td Jh Qs Kc", "7c 8d 9h Ts Jc", id="qld-holdem-2005 s8(7) ex 1: 9-K beats 7-J straight"
    ),
    pytest.param(
        "Kc Kd 2h 2s 3c",
        "Qc Qd Jh Js Ac",
        id="qld-holdem-2005 s8(7) ex 2: highest pair decides two pairs",
    ),
    pytest.param(
        "Kc Kd Qh Qs 2c",
        "Kh Ks Jc Jd Ac",
        id="qld-holdem-2005 s8(7) ex 2: equal top pair, second pair decides",
    ),
    pytest.param(
        "Kc Kd Qh Qs 9c",
        "Kh Ks Qc Qd 8c",
        id="qld-holdem-2005 s8(7) ex 2: equal pairs, fifth card decides",
    ),
    pytest.param(
        "Qc Qd Jh Ts 4c", "Qh Qs Jc 9d 4d", id="act-omaha-2017 3.2: Q Q J 10 beats Q Q J 9"
    ),
    pytest.param(
        "Ac Ad 9h 8s 3c", "Ah As 9c 8d 2c", id="act-omaha-2017 3.2: all cards count, fifth card"
    ),
    pytest.param("Ac Ad 3h 4s 5c", "Kc Kd Ah Qs Jc", id="qld-holdem-2005 s8(3): aces beat kings"),
    pytest.param("Ac 9c 7c 5c 3c", "Kd Qd Jd 9d 7d", id="qld-holdem-2005 s8(3): ace-high flush"),
    pytest.param("Ac Kc Qc Jc 9c", "Ad Kd Qd Jd 8d", id="qld-holdem-2005 s8(3): flush fifth card"),
    pytest.param(
        "Ac Kd Qh Js 9c", "Ad Kh Qs Jc 8d", id="qld-holdem-2005 s8(3): odd cards, fifth card"
    ),
    pytest.param("Kc Kd Kh 2s 3c", "Qc Qd Qh As Kc", id="qld-holdem-2005 s8(3): trips by rank"),
    pytest.param("Qc Qd Qh As 3c", "Qc Qd Qh Ks Jc", id="qld-holdem-2005 s8(3): trips kicker"),
    pytest.param(
        "3c 3d 3h 2s 2c",
        "2c 2d 2h As Ac",
        id="act-omaha-2017 3.3(e): full house takes rank from the threesome",
    ),
    pytest.param(
        "Kc Kd Kh Qs Qc", "Kc Kd Kh Js Jc", id="qld-holdem-2005 s8(3): full house, equal trips"
    ),
    pytest.param("3c 3d 3h 3s 2c", "2c 2d 2h 2s Ac", id="qld-holdem-2005 s8(3): quads by rank"),
    pytest.param("9c 9d 9h 9s Ac", "9c 9d 9h 9s Kc", id="qld-holdem-2005 s8(3): quads kicker"),
    pytest.param(
        "Kc Kd 9h 8s 7c", "Kh Ks 9c 8d 6c", id="qld-holdem-2005 s8(3): pair, third kicker"
    ),
    pytest.param(
        "2h 3h 4h 5h 6h", "Ah 2h 3h 4h 5h", id="act-uth-2025 3.1(b): 6-high beats 5-high SF"
    ),
    pytest.param(
        "As Ks Qs Js Ts", "Kh Qh Jh Th 9h", id="qld-holdem-2005 s7: royal beats K-high SF"
    ),
    pytest.param(
        "Ac Kd Qh Js Tc", "Kc Qd Jh Ts 9c", id="act-uth-2025 3.2: card values rank straights"
    ),
]


@pytest.mark.parametrize(("better", "worse"), TIE_BREAKS)
def test_same_category_tie_breaks(better: str, worse: str) -> None:
    assert_beats(STD, better, worse)


TIES = [
    pytest.param(
        STD, "As Ks Qs Js 9s", "Ah Kh Qh Jh 9h", id="qld-holdem-2005 s8(2): suits equal, flush"
    ),
    pytest.param(
        STD, "Ac Kd 8h 5s 3c", "Ad Kh 8s 5c 3d", id="qld-holdem-2005 s8(2): suits equal, odd"
    ),
    pytest.param(
        STD, "As Ks Qs Js Ts", "Ac Kc Qc Jc Tc", id="act-omaha-2017 3.1: royal flushes tie"
    ),
    pytest.param(
        STD,
        "9c Td Jh Qs Kc",
        "9d Th Jc Qd Ks",
        id="qld-holdem-2005 s8(7): identical straights equal",
    ),
    pytest.param(
        STD,
        "Kc Kd Qh Qs 9c",
        "Kh Ks Qc Qd 9d",
        id="qld-holdem-2005 s8(7) ex 2: equal fifth card, equal value",
    ),
    pytest.param(STD, "Ac 2d 3h 4s 5c", "Ad 2h 3c 4d 5s", id="qld-holdem-2005 s8(6): wheels equal"),
    pytest.param(
        STD_JOKER,
        "As Ks Qs Js Xx",
        "Ah Kh Qh Jh Th",
        id="act-omaha-2017 3.7: joker royal equals a natural royal",
    ),
    pytest.param(
        STD_JOKER,
        "Kc Kd Kh 7s Xx",
        "Kc Kd Kh Ks 7d",
        id="act-omaha-2017 3.7: joker counts as the card it substitutes (quads)",
    ),
]


@pytest.mark.parametrize(("order", "a", "b"), TIES)
def test_ties(order: HandOrder, a: str, b: str) -> None:
    x, y = ev(a, order), ev(b, order)
    assert compare(x, y) is Outcome.TIE
    assert compare(y, x) is Outcome.TIE
    assert x.strength == y.strength
    assert x.words == y.words


# --- qld-holdem-2005 s2 "hand": best of hole cards and community cards ----------------------


@pytest.mark.parametrize(
    ("hole", "board", "words", "best_five"),
    [
        pytest.param(
            "As Ad",
            "Ac 7h 2d 9s Kc",
            "three of a kind, aces",
            "As Ad Ac Kc 9s",
            id="qld-holdem-2005 s2 hand (a): both hole cards and 3 community",
        ),
        pytest.param(
            "Ah 2c",
            "Kh Qh Jh Th 3d",
            "royal flush",
            "Ah Kh Qh Jh Th",
            id="qld-holdem-2005 s2 hand (b): 1 hole card and 4 community",
        ),
        pytest.param(
            "2c 3d",
            "As Ks Qs Js Ts",
            "royal flush",
            "As Ks Qs Js Ts",
            id="qld-holdem-2005 s2 hand (c): all 5 community (playing the board)",
        ),
        pytest.param(
            "2c 2d",
            "5c 6d 7h 8s 9c",
            "straight, nine high",
            "9c 8s 7h 6d 5c",
            id="qld-holdem-2005 s2 hand (c): board straight beats a pocket pair",
        ),
        pytest.param(
            "Ah 9h",
            "Th Jc Qh Kd 2h",
            "flush, ace high",
            "Ah Qh Th 9h 2h",
            id="qld-holdem-2005 s2 hand: highest ranking (flush over straight)",
        ),
        pytest.param(
            "Kc 2d",
            "Kh Ks 7c 7h 2c",
            "full house, kings full of sevens",
            "Kc Kh Ks 7c 7h",
            id="qld-holdem-2005 s2 hand: full house over two pair",
        ),
        pytest.param(
            "4c 3d",
            "Ah 2s 5d 9c Kh",
            "straight, five high",
            "Ah 5d 4c 3d 2s",
            id="qld-holdem-2005 s8(6): wheel made from hole and board",
        ),
    ],
)
def test_holdem_hand_is_best_of_hole_and_community(
    hole: str, board: str, words: str, best_five: str
) -> None:
    v = ev(f"{hole} {board}")
    assert v.words == words
    assert set(texts(v.best_five)) == set(best_five.split())


@pytest.mark.parametrize(
    ("board", "hole_a", "hole_b", "outcome"),
    [
        pytest.param(
            "5c 6d 7h 8s 9c",
            "2c 2d",
            "Kc Qd",
            Outcome.TIE,
            id="qld-holdem-2005 s2/s8(7): both play the board, equal",
        ),
        pytest.param(
            "5c 6d 7h 8s 9c",
            "Tc 2d",
            "Kc Qd",
            Outcome.WIN,
            id="qld-holdem-2005 s2: ten-high straight beats playing the board",
        ),
        pytest.param(
            "Ac Ad Kh Ks Qc",
            "Qd Qh",
            "Jd Jh",
            Outcome.WIN,
            id="qld-holdem-2005 s2: full house beats the board's two pair",
        ),
        pytest.param(
            "Ac Ad Kh Ks 9c",
            "Qd 2c",
            "Qh 3c",
            Outcome.TIE,
            id="qld-holdem-2005 s8(7): equal fifth card (queen), equal hands",
        ),
        pytest.param(
            "Ac Ad Kh Ks Qc",
            "Jd 2c",
            "Th 3c",
            Outcome.TIE,
            id="qld-holdem-2005 s2: the board's queen plays for both",
        ),
    ],
)
def test_holdem_showdown(board: str, hole_a: str, hole_b: str, outcome: Outcome) -> None:
    a, b = ev(f"{hole_a} {board}"), ev(f"{hole_b} {board}")
    assert compare(a, b) is outcome
    assert compare(b, a) is Outcome(-outcome.value)


# --- act-omaha-2017 3.3/3.4: full versus reduced decks --------------------------------------

# The lowest weakest flush of each deck, its strongest full house, its wheel, the next straight.
REDUCED_DECK_CASES = {
    52: ("7c 5c 4c 3c 2c", "Ah 2d 3c 4s 5h", "2d 3c 4s 5h 6d", "five"),
    48: ("8c 6c 5c 4c 3c", "Ah 3d 4c 5s 6h", "3d 4c 5s 6h 7d", "six"),
    44: ("9c 7c 6c 5c 4c", "Ah 4d 5c 6s 7h", "4d 5c 6s 7h 8d", "seven"),
    40: ("Tc 8c 7c 6c 5c", "Ah 5d 6c 7s 8h", "5d 6c 7s 8h 9d", "eight"),
    36: ("Jc 9c 8c 7c 6c", "Ah 6d 7c 8s 9h", "6d 7c 8s 9h Td", "nine"),
    32: ("Qc Tc 9c 8c 7c", "Ah 7d 8c 9s Th", "7d 8c 9s Th Jd", "ten"),
}
BEST_FULL_HOUSE = "Ac Ad Ah Ks Kc"
BEST_TRIPS = "Ac Ad Ah Ks Qc"


def _order_for(size: int) -> HandOrder:
    return STD if size == 52 else REDUCED[size]


@pytest.mark.parametrize(
    "size",
    [
        pytest.param(n, id=f"act-omaha-2017 3.4(e)-(f): {n} cards, flush beats full house")
        for n in REDUCED_DECK_SIZES[1:]
    ],
)
def test_reduced_deck_flush_beats_full_house(size: int) -> None:
    weakest_flush = REDUCED_DECK_CASES[size][0]
    assert_beats(_order_for(size), weakest_flush, BEST_FULL_HOUSE)
    assert ev(weakest_flush, _order_for(size)).category is C.FLUSH


def test_full_deck_full_house_beats_flush() -> None:
    """act-omaha-2017 3.3(e)-(f), qld-holdem-2005 s8(1): a full house beats a flush."""
    assert_beats(STD, "2c 2d 2h 3s 3c", "Ac Kc Qc Jc 9c")
    assert_beats(STD_JOKER, "2c 2d 2h 3s 3c", "Ac Kc Qc Jc 9c")


@pytest.mark.parametrize(
    "size",
    [
        pytest.param(n, id=f"act-omaha-2017 3.4(g)/3.5(a): {n}-card wheel is the lowest straight")
        for n in REDUCED_DECK_SIZES
    ],
)
def test_wheel_of_each_deck(size: int) -> None:
    order = _order_for(size)
    _, wheel, next_straight, high = REDUCED_DECK_CASES[size]
    v = ev(wheel, order)
    assert v.category is C.STRAIGHT
    assert v.words == f"straight, {high} high"
    assert_beats(order, next_straight, wheel)
    assert_beats(order, wheel, BEST_TRIPS)
    # every other straight of the deck beats the wheel
    ranks = "23456789TJQKA"[order.deck.lowest_rank :]
    suits = "cdhsc"
    for top in range(4, len(ranks)):
        straight = " ".join(ranks[top - 4 + i] + suits[i] for i in range(5))
        assert_beats(order, straight, wheel)


@pytest.mark.parametrize(
    "size",
    [
        pytest.param(n, id=f"act-omaha-2017 3.4(c)/3.5(a): {n}-card ace-low straight flush")
        for n in REDUCED_DECK_SIZES
    ],
)
def test_ace_low_straight_flush_of_each_deck(size: int) -> None:
    order = _order_for(size)
    _, wheel, next_straight, high = REDUCED_DECK_CASES[size]
    suited = " ".join(c[0] + "h" for c in wheel.split())
    next_suited = " ".join(c[0] + "h" for c in next_straight.split())
    v = ev(suited, order)
    assert v.category is C.STRAIGHT_FLUSH
    assert v.words == f"straight flush, {high} high"
    assert_beats(order, suited, "Ac Ad Ah As Kc")
    assert_beats(order, next_suited, suited)


@pytest.mark.parametrize(
    ("order", "cards"),
    [
        pytest.param(REDUCED[48], "Ah 2d 3c 4s 5h", id="act-omaha-2017 2.2(b): no 2 in 48 cards"),
        pytest.param(REDUCED[40], "Ah 4d 5c 6s 7h", id="act-omaha-2017 2.2(d): no 4 in 40 cards"),
        pytest.param(SHORT_A, "Ah 2d 3c 4s 5h", id="qld-tournament-2020 4.46(1): no 2-5"),
    ],
)
def test_cards_outside_a_reduced_deck_are_rejected(order: HandOrder, cards: str) -> None:
    with pytest.raises(CardError, match="is not in the"):
        ev(cards, order)


# --- act-omaha-2017 3.5(a): ace high only ---------------------------------------------------


@pytest.mark.parametrize(
    ("order", "cards", "category", "words"),
    [
        pytest.param(
            NO_ACE_LOW,
            "Ah 2d 3c 4s 5h",
            C.HIGH_CARD,
            "high card, ace",
            id="act-omaha-2017 3.5(a): ace-low off, A-2-3-4-5 is not a straight",
        ),
        pytest.param(
            NO_ACE_LOW,
            "Ah 2h 3h 4h 5h",
            C.FLUSH,
            "flush, ace high",
            id="act-omaha-2017 3.5(a): ace-low off, A-2-3-4-5 suited is a flush",
        ),
        pytest.param(
            NO_ACE_LOW,
            "Ah Kd Qc Js Th",
            C.STRAIGHT,
            "straight, ace high",
            id="act-omaha-2017 3.5(a): ace-low off, the ace still plays high",
        ),
        pytest.param(
            NO_ACE_LOW,
            "Ah Kh Qh Jh Th",
            C.ROYAL_FLUSH,
            "royal flush",
            id="act-omaha-2017 3.5(a): ace-low off, royal flush",
        ),
        pytest.param(
            NO_ACE_LOW_40,
            "Ah 5d 6c 7s 8h",
            C.HIGH_CARD,
            "high card, ace",
            id="act-omaha-2017 3.5(a): ace-low off, 8-7-6-5-A in 40 cards is not a straight",
        ),
        pytest.param(
            NO_ACE_LOW,
            "Ah 2d 3c 4s 5h 6d 9c",
            C.STRAIGHT,
            "straight, six high",
            id="act-omaha-2017 3.5(a): ace-low off, 2-6 still a straight",
        ),
    ],
)
def test_ace_low_disabled(order: HandOrder, cards: str, category: Category, words: str) -> None:
    v = ev(cards, order)
    assert v.category is category
    assert v.words == words


def test_ace_low_disabled_orders() -> None:
    """act-omaha-2017 3.5(a): with ace-low off, any pair beats A-5-4-3-2; 6-high straight is
    the lowest straight."""
    assert_beats(NO_ACE_LOW, "2c 2d 3h 4s 5c", "Ah 2d 3c 4s 5h")
    assert_beats(NO_ACE_LOW, "Ah 2d 3c 4s 6h", "Kh Qd Jc 9s 8h")
    assert_beats(NO_ACE_LOW, "2c 3d 4h 5s 6c", "Ac Ad Ah Ks Qc")
    assert_beats(NO_ACE_LOW_40, "5c 5d 6h 7s 8c", "Ah 5d 6c 7s 8h")


# --- act-omaha-2017 3.7: the joker (wild card) ----------------------------------------------


@pytest.mark.parametrize(
    ("order", "cards", "category", "words"),
    [
        pytest.param(
            STD_JOKER,
            "9h 8h 7h 6h Xx",
            C.STRAIGHT_FLUSH,
            "straight flush, ten high",
            id="act-omaha-2017 3.7: joker completes the best straight flush",
        ),
        pytest.param(
            STD_JOKER,
            "Kd Jd 9d 7d Xx",
            C.FLUSH,
            "flush, ace high",
            id="act-omaha-2017 3.7: joker completes a flush as its ace",
        ),
        pytest.param(
            STD_JOKER,
            "Ac Ad Ah As Xx",
            C.FIVE_OF_A_KIND,
            "five of a kind, aces",
            id="act-omaha-2017 3.3(b)/3.7: A A A A joker is five of a kind",
        ),
        pytest.param(
            STD_JOKER,
            "As Ks Qs Js Xx",
            C.ROYAL_FLUSH,
            "royal flush",
            id="act-omaha-2017 3.7: joker completes a royal flush",
        ),
        pytest.param(
            STD_JOKER,
            "Kc 9d 7h 4s Xx",
            C.ONE_PAIR,
            "one pair, kings",
            id="act-omaha-2017 3.7: joker pairs the highest card",
        ),
        pytest.param(
            STD_JOKER,
            "Kc Kd 7h 4s Xx",
            C.THREE_OF_A_KIND,
            "three of a kind, kings",
            id="act-omaha-2017 3.7: joker with a pair makes three of a kind",
        ),
        pytest.param(
            STD_JOKER,
            "Kc Kd 7h 7s Xx",
            C.FULL_HOUSE,
            "full house, kings full of sevens",
            id="act-omaha-2017 3.7: joker with two pairs makes a full house",
        ),
        pytest.param(
            STD_JOKER,
            "9c 8d 6h 5s Xx",
            C.STRAIGHT,
            "straight, nine high",
            id="act-omaha-2017 3.7: joker fills an inside straight",
        ),
        pytest.param(
            STD_JOKER,
            "Kc Qd Jh Ts Xx",
            C.STRAIGHT,
            "straight, ace high",
            id="act-omaha-2017 3.7: joker makes the ace-high straight",
        ),
        pytest.param(
            STD_JOKER,
            "2s 3s 4s 5s Xx 9d 9c",
            C.STRAIGHT_FLUSH,
            "straight flush, six high",
            id="act-omaha-2017 3.7: joker as 6s beats joker as As",
        ),
        pytest.param(
            STD_JOKER,
            "As Ad Ah Ac Xx Kh Qh",
            C.FIVE_OF_A_KIND,
            "five of a kind, aces",
            id="act-omaha-2017 3.3(b)/3.7: five of a kind from seven cards",
        ),
        pytest.param(
            STD_JOKER,
            "Kc Qc 9c 7c Kd 7d Xx",
            C.FULL_HOUSE,
            "full house, kings full of sevens",
            id="act-omaha-2017 3.3/3.7: full deck, joker makes the full house over the flush",
        ),
        pytest.param(
            D40_JOKER,
            "Kc Qc 9c 7c Kd 7d Xx",
            C.FLUSH,
            "flush, ace high",
            id="act-omaha-2017 3.4/3.7: reduced deck, joker makes the flush over the full house",
        ),
        pytest.param(
            D40_JOKER,
            "8h 7h 6h 5h Xx",
            C.STRAIGHT_FLUSH,
            "straight flush, nine high",
            id="act-omaha-2017 3.4/3.7: 40 cards, joker completes 9-high straight flush",
        ),
        pytest.param(
            D40_JOKER,
            "Ah 7h 6h 5h Xx",
            C.STRAIGHT_FLUSH,
            "straight flush, eight high",
            id="act-omaha-2017 3.4(c)/3.7: 40 cards, joker completes 8-7-6-5-A",
        ),
        pytest.param(
            D40_JOKER,
            "5c 5d 5h 5s Xx",
            C.FIVE_OF_A_KIND,
            "five of a kind, fives",
            id="act-omaha-2017 3.4(b)/3.7: 40 cards, five of a kind",
        ),
    ],
)
def test_joker(order: HandOrder, cards: str, category: Category, words: str) -> None:
    v = ev(cards, order)
    assert v.category is category
    assert v.words == words
    assert "Xx" in texts(v.best_five)


@pytest.mark.parametrize(
    ("order", "better", "worse"),
    [
        pytest.param(
            STD_JOKER,
            "Ah Kh Qh Jh Th",
            "Ac Ad As Ah Xx",
            id="act-omaha-2017 3.3(a)-(b): royal flush beats five of a kind",
        ),
        pytest.param(
            STD_JOKER,
            "As Ks Qs Js Xx",
            "Ac Ad Ah As Xx",
            id="act-omaha-2017 3.7: joker royal beats five aces",
        ),
        pytest.param(
            STD_JOKER,
            "2c 2d 2h 2s Xx",
            "Kh Qh Jh Th 9h",
            id="act-omaha-2017 3.3(b)-(c): five of a kind beats straight flush",
        ),
        pytest.param(
            STD_JOKER,
            "Ac Ad Ah As Xx",
            "Kc Kd Kh Ks Xx",
            id="act-omaha-2017 3.1/3.3(b): five aces beat five kings",
        ),
        pytest.param(
            STD_JOKER,
            "Kh Qh Jh Th Xx",
            "Kc Kd Kh Ks Ac",
            id="act-omaha-2017 3.7: joker straight flush beats four of a kind",
        ),
        pytest.param(
            D40_JOKER,
            "Kd Jd 9d 7d Xx",
            "Ac Ad Ah Kc Kd",
            id="act-omaha-2017 3.4/3.7: joker flush beats a full house in 40 cards",
        ),
        pytest.param(
            D40_JOKER,
            "Ac Ad Ah As Xx",
            "Kh Qh Jh Th 9h",
            id="act-omaha-2017 3.4(b)-(c): five of a kind beats straight flush, 40 cards",
        ),
    ],
)
def test_joker_orders(order: HandOrder, better: str, worse: str) -> None:
    assert_beats(order, better, worse)


# --- qld-tournament-2020 4.46: short deck ---------------------------------------------------


@pytest.mark.parametrize(
    ("order", "better", "worse"),
    [
        pytest.param(
            SHORT_A,
            "Ah 6d 7c 8s 9h",
            BEST_TRIPS,
            id="qld-tournament-2020 4.46(2) option A: straight beats three of a kind",
        ),
        pytest.param(
            SHORT_B,
            "6c 6d 6h 7s 8c",
            "Ac Kd Qh Js Tc",
            id="qld-tournament-2020 4.46(2) option B: three of a kind beats straight",
        ),
        pytest.param(
            SHORT_A,
            "Jc 9c 8c 7c 6c",
            BEST_FULL_HOUSE,
            id="qld-tournament-2020 4.46(2) option A: flush beats full house",
        ),
        pytest.param(
            SHORT_B,
            "Jc 9c 8c 7c 6c",
            BEST_FULL_HOUSE,
            id="qld-tournament-2020 4.46(2) option B: flush beats full house",
        ),
        pytest.param(
            SHORT_B,
            "Ah 6d 7c 8s 9h",
            "Ac Ad Kh Ks Qc",
            id="qld-tournament-2020 4.46(2) option B: straight beats two pairs",
        ),
        pytest.param(
            SHORT_B,
            "6c 6d 6h 7s 7c",
            BEST_TRIPS,
            id="qld-tournament-2020 4.46(2) option B: full house beats three of a kind",
        ),
        pytest.param(
            SHORT_A,
            "6d 7c 8s 9h Td",
            "Ah 6d 7c 8s 9h",
            id="qld-tournament-2020 4.46(3) option A: A-6-7-8-9 is the lowest straight",
        ),
        pytest.param(
            SHORT_B,
            "6d 7c 8s 9h Td",
            "Ah 6d 7c 8s 9h",
            id="qld-tournament-2020 4.46(3) option B: A-6-7-8-9 is the lowest straight",
        ),
        pytest.param(
            SHORT_A,
            "Ah 6d 7c 8s 9h",
            "Ac Ad Kh Ks Qc",
            id="qld-tournament-2020 4.46(3): A-6-7-8-9 beats two pairs",
        ),
        pytest.param(
            SHORT_A,
            "Ah 6h 7h 8h 9h",
            "Ac Ad Ah As Kc",
            id="qld-tournament-2020 4.46(3): A-6-7-8-9 suited is a straight flush",
        ),
    ],
)
def test_short_deck(order: HandOrder, better: str, worse: str) -> None:
    assert_beats(order, better, worse)


def test_short_deck_options_flip_trips_and_straight() -> None:
    """qld-tournament-2020 4.46(2): the same two hands, opposite winners under A and B."""
    trips, straight = "Qc Qd Qh 8s 6c", "Tc Jd Qs Kh 9c"
    a = compare(ev(trips, SHORT_A), ev(straight, SHORT_A))
    b = compare(ev(trips, SHORT_B), ev(straight, SHORT_B))
    assert (a, b) == (Outcome.LOSE, Outcome.WIN)
    v = ev("Ah 6d 7c 8s 9h", SHORT_B)
    assert v.category is C.STRAIGHT
    assert v.words == "straight, nine high"
    assert SHORT_A.deck.size == SHORT_B.deck.size == 36


def test_short_deck_option_must_be_a_or_b() -> None:
    with pytest.raises(ValueError, match="option A or B"):
        HandOrder.short_deck("C")


# --- act-omaha-2017 9.1: exactly two hole cards and three board cards -----------------------

OMAHA_CASES = [
    pytest.param(
        STD,
        "Ah Kh Qh Jh",
        "Th 9h 2c 3d 4s",
        C.HIGH_CARD,
        "high card, ace",
        id="act-omaha-2017 9.1: four suited hole cards + two suited board cards is no flush",
    ),
    pytest.param(
        STD,
        "Ac Ad 3h 4h",
        "2s 5s 8s Js Ks",
        C.ONE_PAIR,
        "one pair, aces",
        id="act-omaha-2017 9.1: a board flush does not play from the board alone",
    ),
    pytest.param(
        STD,
        "2c 2d 3h 4s",
        "9c Td Jh Qs Kc",
        C.ONE_PAIR,
        "one pair, twos",
        id="act-omaha-2017 9.1: a board straight does not play from the board alone",
    ),
    pytest.param(
        STD,
        "As Ad Ah Kc",
        "2c 5d 8h 9s Jc",
        C.ONE_PAIR,
        "one pair, aces",
        id="act-omaha-2017 9.1: only two of three hole aces play",
    ),
    pytest.param(
        STD,
        "Ac Kd Qh Js",
        "7c 7d 7h 7s 2c",
        C.THREE_OF_A_KIND,
        "three of a kind, sevens",
        id="act-omaha-2017 9.1: only three of the board's four sevens play",
    ),
    pytest.param(
        STD,
        "Ah Kc Qd Js",
        "2h 5h 8h 9h Tc",
        C.STRAIGHT,
        "straight, queen high",
        id="act-omaha-2017 9.1: one hole heart with four board hearts is no flush",
    ),
    pytest.param(
        STD,
        "Ah 2h Kc Kd",
        "Qh 9h 5h Js 3c",
        C.FLUSH,
        "flush, ace high",
        id="act-omaha-2017 9.1: two hole hearts + three board hearts is a flush",
    ),
    pytest.param(
        STD,
        "Kc Kd 2s 3s",
        "Kh 9c 9d 4h 5d",
        C.FULL_HOUSE,
        "full house, kings full of nines",
        id="act-omaha-2017 9.1: full house from two hole + three board",
    ),
    pytest.param(
        REDUCED[40],
        "Ac 5d Kh Kd",
        "6h 7s 8c Qs Qd",
        C.STRAIGHT,
        "straight, eight high",
        id="act-omaha-2017 3.4(g)/9.1: 8-7-6-5-A in a 40-card Omaha game",
    ),
    pytest.param(
        STD_JOKER,
        "Xx Ah 2c 3d",
        "Kh Qh Jh 7c 8d",
        C.ROYAL_FLUSH,
        "royal flush",
        id="act-omaha-2017 3.7/9.1: joker in the hole completes a royal flush",
    ),
    pytest.param(
        STD,
        "Qd Th 8c 7c",
        "Qc Jd 4h 3s 2c",
        C.ONE_PAIR,
        "one pair, queens",
        id="act-omaha-2017 9.1: three-card board (flop) still two + three",
    ),
]


@pytest.mark.parametrize(("order", "hole", "board", "category", "words"), OMAHA_CASES)
def test_omaha_two_plus_three(
    order: HandOrder, hole: str, board: str, category: Category, words: str
) -> None:
    v = evaluate_omaha(parse_cards(hole), parse_cards(board), order)
    assert v.category is category
    assert v.words == words
    best = texts(v.best_five)
    assert len(best) == 5
    assert len(set(best) & set(hole.split())) == 2
    assert len(set(best) & set(board.split())) == 3


def test_omaha_3_2_example() -> None:
    """act-omaha-2017 3.2 in an Omaha showdown: Q Q J 10 beats Q Q J 9 on a shared board."""
    board = parse_cards("Qc Jd 4h 3s 2c")
    a = evaluate_omaha(parse_cards("Qd Th 8c 7c"), board)
    b = evaluate_omaha(parse_cards("Qh 9s 8d 7d"), board)
    assert compare(a, b) is Outcome.WIN
    assert a.words == b.words == "one pair, queens"


def test_omaha_flop_board() -> None:
    v = evaluate_omaha(parse_cards("Ah Kh 2c 3d"), parse_cards("Qh Jh Th"))
    assert v.category is C.ROYAL_FLUSH


# --- act-omaha-2017 3.5(b)-(d), 3.6: low hands ----------------------------------------------


def lv(cards: str, rule: LowRule) -> LowValue:
    return evaluate_low(parse_cards(cards), rule)


LOW_BEATS = [
    pytest.param(
        LOW,
        "Ac 2d 3h 4s 5c",
        "Ac 2d 3h 4s 6c",
        id="act-omaha-2017 3.6: a straight does not count, 5-4-3-2-A is the best low",
    ),
    pytest.param(
        LOW,
        "Kc Qd Jh 9s 8c",
        "2c 2d 3h 4s 5c",
        id="act-omaha-2017 3.5(b): pairs count against a low, K-high beats a pair",
    ),
    pytest.param(
        LOW, "Kc Kd Qh Js Tc", "2c 2d 3h 3s 4c", id="act-omaha-2017 3.5(b): one pair beats two"
    ),
    pytest.param(
        LOW, "2c 2d 2h 3s 4c", "2c 2d 3h 3s 3c", id="act-omaha-2017 3.5(b): trips beat full house"
    ),
    pytest.param(
        LOW,
        "8c 6d 4h 3s 2c",
        "8d 7h 3c 2s Ac",
        id="act-omaha-2017 3.5(b): highest card first, then the next",
    ),
    pytest.param(
        LOW, "7c 6d 5h 4s 3c", "8c 4d 3h 2s Ac", id="act-omaha-2017 3.6: a seven-high straight low"
    ),
    pytest.param(
        LOW,
        "8c 6c 4c 3c 2c",
        "8d 7h 4c 3s 2d",
        id="act-omaha-2017 3.6: a flush does not count against a low",
    ),
    pytest.param(
        LOW,
        "Kc Kd 2h 3s 4c 5d 7h",
        "Ac 2d 3h 4s 8c",
        id="act-omaha-2017 3.5(b): best five of seven cards",
    ),
    pytest.param(
        LOW_ACE_HIGH,
        "Kc Qd Jh Ts 8c",
        "Ac 2d 3h 4s 5c",
        id="act-omaha-2017 3.5(a): ace high in a low, A-5-4-3-2 is ace high",
    ),
    pytest.param(
        LOW_ACE_HIGH,
        "6c 5d 4h 3s 2c",
        "7c 5d 4h 3s 2c",
        id="act-omaha-2017 3.5(a)/3.6: ace high, 6-5-4-3-2 is the best low",
    ),
    pytest.param(
        LOW_40,
        "Ac 5d 6h 7s 8c",
        "5c 6d 7h 8s 9c",
        id="act-omaha-2017 2.2(d)/3.6: 40 cards, 8-7-6-5-A is the best low",
    ),
    pytest.param(
        LOW_JOKER,
        "Xx 2d 3h 4s 5c",
        "Ac 2d 3h 4s 6c",
        id="act-omaha-2017 3.7: the joker counts as the best low card",
    ),
]


@pytest.mark.parametrize(("rule", "better", "worse"), LOW_BEATS)
def test_low_order(rule: LowRule, better: str, worse: str) -> None:
    a, b = lv(better, rule), lv(worse, rule)
    assert a.strength > b.strength, f"{a} should beat {b}"


@pytest.mark.parametrize(
    ("rule", "a", "b"),
    [
        pytest.param(
            LOW, "7c 5c 4c 3c 2c", "7d 5h 4c 3s 2c", id="act-omaha-2017 3.6: flush, same low"
        ),
        pytest.param(
            LOW, "Ac 2c 3c 4c 5c", "Ad 2h 3s 4d 5h", id="act-omaha-2017 3.6: straight flush, same"
        ),
        pytest.param(
            LOW8,
            "Kc Qd Jh Ts 9c",
            "2c 2d 3h 4s 5c",
            id="act-omaha-2017 3.5(d): neither qualifies, equal (no low)",
        ),
    ],
)
def test_low_ties(rule: LowRule, a: str, b: str) -> None:
    assert lv(a, rule).strength == lv(b, rule).strength


@pytest.mark.parametrize(
    ("rule", "cards", "qualifies", "words"),
    [
        pytest.param(
            LOW8,
            "8h 6c 4c 3d 2s",
            True,
            "8-6-4-3-2 low",
            id="act-omaha-2017 3.5(d): the rule's own example qualifies",
        ),
        pytest.param(
            LOW8,
            "9c 5d 4h 3s 2c",
            False,
            "no qualifying low",
            id="act-omaha-2017 3.5(d): nine high does not qualify",
        ),
        pytest.param(
            LOW8,
            "8c 8d 4h 3s 2c",
            False,
            "no qualifying low",
            id="act-omaha-2017 3.5(d): a paired hand does not qualify",
        ),
        pytest.param(
            LOW8,
            "Ac 2d 3h 4s 5c",
            True,
            "5-4-3-2-A low",
            id="act-omaha-2017 3.5(d)/3.6: the wheel qualifies",
        ),
        pytest.param(
            LOW8,
            "8c 7d 6h 5s 4c",
            True,
            "8-7-6-5-4 low",
            id="act-omaha-2017 3.5(d): eight or less, 8-7-6-5-4 qualifies",
        ),
        pytest.param(
            LOW8,
            "Kc Qd 8h 6c 4c 3d 2s",
            True,
            "8-6-4-3-2 low",
            id="act-omaha-2017 3.5(d): a qualifying five among seven",
        ),
        pytest.param(
            LOW8,
            "8c 8d 7h 4s 3c 2d 9s",
            True,
            "8-7-4-3-2 low",
            id="act-omaha-2017 3.5(d): five odd cards found around a pair",
        ),
        pytest.param(
            LOW8_ACE_HIGH,
            "Ac 2d 3h 4s 5c",
            False,
            "no qualifying low",
            id="act-omaha-2017 3.5(a)/(d): ace high, A-5-4-3-2 does not qualify",
        ),
        pytest.param(
            LOW8_40,
            "Ac 5d 6h 7s 8c",
            True,
            "8-7-6-5-A low",
            id="act-omaha-2017 3.5(d): 40 cards, 8-7-6-5-A qualifies",
        ),
        pytest.param(
            LOW8_40,
            "9c 5d 6h 7s 8c",
            False,
            "no qualifying low",
            id="act-omaha-2017 3.5(d): 40 cards, 9-8-7-6-5 does not qualify",
        ),
        pytest.param(
            LOW,
            "Kc Qd Jh Ts 9c",
            True,
            "K-Q-J-T-9 low",
            id="act-omaha-2017 3.5(b): low ball without a qualifier, any five cards",
        ),
    ],
)
def test_low_qualifier_and_words(rule: LowRule, cards: str, qualifies: bool, words: str) -> None:
    v = lv(cards, rule)
    assert v.qualifies is qualifies
    assert (v.strength > 0) is qualifies
    assert v.words == words
    assert str(v) == words


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        pytest.param("8c 8d 4h 3s 2c", "8-8-4-3-2 low", id="act-omaha-2017 3.5(b): paired low"),
        pytest.param("9c 9d 4h 4s 2c", "9-9-4-4-2 low", id="act-omaha-2017 3.5(b): two-pair low"),
    ],
)
def test_low_words_for_paired_lows(cards: str, words: str) -> None:
    assert lv(cards, LOW).words == words


@pytest.mark.parametrize(
    ("rule", "hole", "board", "words"),
    [
        pytest.param(
            LOW8,
            "Ac 2d Kh Ks",
            "3c 4d 5h Qs Qd",
            "5-4-3-2-A low",
            id="act-omaha-2017 3.5(d)/9.1: two low hole cards + three low board cards",
        ),
        pytest.param(
            LOW8,
            "Ac Kd Qh Js",
            "2c 3d 4h 5s 6d",
            "no qualifying low",
            id="act-omaha-2017 3.5(d)/9.1: one low hole card does not make a low",
        ),
        pytest.param(
            LOW8,
            "Ac 2d 3h 4s",
            "5c 6d Kh Qs Jd",
            "no qualifying low",
            id="act-omaha-2017 3.5(d)/9.1: two low board cards do not make a low",
        ),
        pytest.param(
            LOW8,
            "Ac 2d 3h 4s",
            "5c 6d 7h Qs Jd",
            "7-6-5-2-A low",
            id="act-omaha-2017 3.5(d)/9.1: best two of four low hole cards",
        ),
    ],
)
def test_omaha_low(rule: LowRule, hole: str, board: str, words: str) -> None:
    v = evaluate_omaha_low(parse_cards(hole), parse_cards(board), rule)
    assert v.words == words


# --- HandValue: best_five, compare, errors --------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "best"),
    [
        pytest.param("As Ad Ac 7h 7d 2c 3s", "As Ad Ac 7h 7d", id="full house from seven"),
        pytest.param("2s 3s 4s 5s Xx 9d 9c", "Xx 5s 4s 3s 2s", id="joker shown first"),
        pytest.param("Kh 2c 5d Qh 8h Jh Th", "Kh Qh Jh Th 8h", id="flush from seven"),
    ],
)
def test_best_five(cards: str, best: str) -> None:
    order = STD_JOKER if "Xx" in cards else STD
    assert texts(ev(cards, order).best_five) == tuple(best.split())


def test_compare_win_tie_lose() -> None:
    a, b, c = ev("Ac Ad 2h 3s 4c"), ev("Kc Kd Ah Qs Jc"), ev("Ah As 2d 3c 4s")
    assert compare(a, b) is Outcome.WIN
    assert compare(b, a) is Outcome.LOSE
    assert compare(a, c) is Outcome.TIE
    assert a == a and a >= c and a <= c
    assert max([b, a]) is a
    assert sorted([a, b]) == [b, a]


def test_compare_across_orders_is_an_error() -> None:
    with pytest.raises(ValueError, match="different hand orders"):
        compare(ev("Ac Ad 8h 9s Tc"), ev("Ac Ad 8h 9s Tc", REDUCED[40]))


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        pytest.param("As Ks Qs Js", "5 to 7 cards, not 4", id="four cards"),
        pytest.param("As Ks Qs Js Ts 9s 8s 7s", "5 to 7 cards, not 8", id="eight cards"),
        pytest.param("", "5 to 7 cards, not 0", id="no cards"),
    ],
)
def test_evaluate_wrong_card_count(cards: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        ev(cards)


def test_evaluate_rejects_duplicates_and_foreign_cards() -> None:
    with pytest.raises(CardError, match="duplicate card As"):
        evaluate(["As", "Ks", "Qs", "Js", "As"])
    with pytest.raises(CardError, match="Xx is not in the 52-card deck"):
        evaluate(["As", "Ks", "Qs", "Js", "Xx"])
    with pytest.raises(CardError, match="duplicate card Xx"):
        evaluate([52, 52, 0, 1, 2], STD_JOKER)
    with pytest.raises(CardError, match="malformed card"):
        evaluate(["As", "Ks", "Qs", "Js", "1s"])


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        pytest.param("As Ks Qs", "2c 3c 4c 5c 6c", r"4 hole cards, not 3", id="three hole cards"),
        pytest.param("As Ks Qs Js Ts", "2c 3c 4c 5c 6c", r"not 5", id="five hole cards"),
        pytest.param("As Ks Qs Js", "2c 3c", "3 to 5 cards, not 2", id="two board cards"),
        pytest.param(
            "As Ks Qs Js", "2c 3c 4c 5c 6c 7c", "3 to 5 cards, not 6", id="six board cards"
        ),
        pytest.param("As Ks Qs Js", "2c 3c 4c 5c As", "duplicate card As", id="hole card on board"),
    ],
)
def test_evaluate_omaha_wrong_cards(hole: str, board: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate_omaha(hole.split(), board.split())


def test_evaluate_omaha_hole_count_names_the_count() -> None:
    with pytest.raises(CardError, match="an Omaha hand has 4 hole cards, not 3"):
        evaluate_omaha(["As", "Ks", "Qs"], ["2c", "3c", "4c", "5c", "6c"])


def test_low_wrong_card_counts() -> None:
    with pytest.raises(CardError, match="5 to 7 cards, not 4"):
        evaluate_low(["Ac", "2d", "3h", "4s"], LOW)
    with pytest.raises(CardError):
        evaluate_omaha_low(["Ac", "2d", "3h"], ["4s", "5c", "6d"], LOW8)
    with pytest.raises(CardError, match="is not in the 40-card deck"):
        evaluate_low(["Ac", "2d", "5h", "6s", "7c"], LOW_40)


def test_omaha_low_batch_rejects_mismatched_rows() -> None:
    """Run in a child process: the bug is a segmentation fault, which would kill pytest."""
    code = (
        "import numpy as np\n"
        "from croupier.cards import CardError\n"
        "from croupier.hands import LowRule\n"
        "from croupier.hands.batch import omaha_low_batch\n"
        "h = np.zeros((10, 4), np.uint8) + np.arange(4, dtype=np.uint8)\n"
        "b = np.zeros((3, 5), np.uint8) + np.arange(4, 9, dtype=np.uint8)\n"
        "try:\n"
        "    omaha_low_batch(h, b, LowRule.eight_or_better())\n"
        "except CardError as e:\n"
        "    print('CardError', e)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, f"child exited {run.returncode}: {run.stderr[-500:]}"
    assert "CardError" in run.stdout


def test_batch_rejects_card_ids_outside_the_deck() -> None:
    """Ids index lookup tables in compiled code: out-of-range ids are refused, not read."""
    with pytest.raises(CardError, match="card id 60 is not in the 52-card deck"):
        evaluate_batch(np.array([[60, 1, 2, 3, 4]]))
    with pytest.raises(CardError, match="card id 52 is not in the 52-card deck"):
        low_batch(np.array([[0, 1, 2, 3, 52]]), LowRule())
    with pytest.raises(CardError, match="card id 0 is not in the 40-card deck"):
        evaluate_batch(np.array([[0, 20, 24, 28, 32]]), HandOrder.for_deck(Deck.of_size(40)))


def test_identical_orders_compare_whatever_their_names() -> None:
    a = evaluate(parse_cards("As Ks Qs Js 9d"), HandOrder.standard())
    b = evaluate(parse_cards("Ah Kh Qh Jh 9c"), HandOrder.for_deck(Deck.standard()))
    assert compare(a, b) is Outcome.TIE


def test_tied_hands_are_equal() -> None:
    """qld-holdem-2005 s8(7): hands of identical ranking and face values are of equal rank."""
    a = evaluate(parse_cards("As Ks Qs Js 9d"))
    b = evaluate(parse_cards("Ah Kh Qh Jh 9c"))
    assert a == b and compare(a, b) is Outcome.TIE
