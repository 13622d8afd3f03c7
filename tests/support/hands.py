"""Hand cases shared by the evaluator's tests: orders and lows, random hands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from croupier.cards import JOKER_ID, Deck
from croupier.hands import (
    HandOrder,
    LowRule,
)

# Category names, lowest first, as the rulebooks list them (reversed from "highest to lowest").
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
)


FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE, ROYAL = (
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_of_a_kind",
    "royal_flush",
)


# act-omaha-2017 3.3 (a)-(k); qld-holdem-2005 s8(1) and act-uth-2025 3.1 are the same without (b).
FULL_DECK = (
    HIGH,
    PAIR,
    TWO_PAIR,
    TRIPS,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    QUADS,
    STRAIGHT_FLUSH,
    FIVE,
    ROYAL,
)


# act-omaha-2017 3.4 (a)-(k); qld-tournament-2020 4.46(2) option A.
REDUCED_DECK = (
    HIGH,
    PAIR,
    TWO_PAIR,
    TRIPS,
    STRAIGHT,
    FULL_HOUSE,
    FLUSH,
    QUADS,
    STRAIGHT_FLUSH,
    FIVE,
    ROYAL,
)


# qld-tournament-2020 4.46(2) option B (no joker in that game; five of a kind kept in place).
OPTION_B = (
    HIGH,
    PAIR,
    TWO_PAIR,
    STRAIGHT,
    TRIPS,
    FULL_HOUSE,
    FLUSH,
    QUADS,
    STRAIGHT_FLUSH,
    FIVE,
    ROYAL,
)


@dataclass(frozen=True)
class Spec:
    """A game's rules as the reference reads them."""

    lowest: int  # lowest rank of the deck (act-omaha-2017 2.2)
    joker: bool  # act-omaha-2017 2.3
    ranking: tuple[str, ...]  # categories, lowest first
    ace_low: bool  # the ace may also play below the lowest rank in a straight

    @property
    def cards(self) -> list[int]:
        return list(range(self.lowest * 4, 52)) + ([JOKER_ID] if self.joker else [])


@dataclass(frozen=True)
class LowSpec:
    lowest: int
    joker: bool
    ace_low: bool  # 3.5(a): the ace is the lowest card
    eight_or_better: bool  # 3.5(d)


@dataclass(frozen=True)
class Case:
    name: str
    order: Callable[[], HandOrder]
    spec: Spec


def _full(n: int) -> tuple[str, ...]:
    return FULL_DECK if n == 52 else REDUCED_DECK


ORDER_CASES = [
    Case("52 standard", HandOrder.standard, Spec(0, False, FULL_DECK, True)),
    *(
        Case(
            f"{n} cards",
            lambda n=n: HandOrder.for_deck(Deck.of_size(n)),
            Spec(lo, False, _full(n), True),
        )
        for n, lo in ((48, 1), (44, 2), (40, 3), (36, 4), (32, 5))
    ),
    Case(
        "52 + joker",
        lambda: HandOrder.for_deck(Deck.of_size(52, joker=True)),
        Spec(0, True, FULL_DECK, True),
    ),
    Case(
        "40 + joker",
        lambda: HandOrder.for_deck(Deck.of_size(40, joker=True)),
        Spec(3, True, REDUCED_DECK, True),
    ),
    Case("short deck A", lambda: HandOrder.short_deck("A"), Spec(4, False, REDUCED_DECK, True)),
    Case("short deck B", lambda: HandOrder.short_deck("B"), Spec(4, False, OPTION_B, True)),
    Case(
        "52 ace high only",
        lambda: HandOrder.for_deck(Deck.standard(), ace_low=False),
        Spec(0, False, FULL_DECK, False),
    ),
    Case(
        "40 ace high only",
        lambda: HandOrder.for_deck(Deck.of_size(40), ace_low=False),
        Spec(3, False, REDUCED_DECK, False),
    ),
]


ORDER_IDS = [c.name for c in ORDER_CASES]


@dataclass(frozen=True)
class LowCase:
    name: str
    rule: Callable[[], LowRule]
    spec: LowSpec


LOW_CASES = [
    LowCase("low ball", LowRule, LowSpec(0, False, True, False)),
    LowCase("8 or better", LowRule.eight_or_better, LowSpec(0, False, True, True)),
    LowCase("low ace high", lambda: LowRule(ace_low=False), LowSpec(0, False, False, False)),
    LowCase(
        "8 or better ace high",
        lambda: LowRule(qualifier=6, ace_low=False),
        LowSpec(0, False, False, True),
    ),
    LowCase(
        "40-card 8 or better",
        lambda: LowRule.eight_or_better(Deck.of_size(40)),
        LowSpec(3, False, True, True),
    ),
    LowCase(
        "36-card low ace high",
        lambda: LowRule(ace_low=False, deck=Deck.of_size(36)),
        LowSpec(4, False, False, False),
    ),
    LowCase(
        "52 + joker low",
        lambda: LowRule(deck=Deck.of_size(52, joker=True)),
        LowSpec(0, True, True, False),
    ),
    LowCase(
        "52 + joker 8 or better",
        lambda: LowRule.eight_or_better(Deck.of_size(52, joker=True)),
        LowSpec(0, True, True, True),
    ),
]


LOW_IDS = [c.name for c in LOW_CASES]


def random_hands(
    rng: np.random.Generator, deck: Sequence[int], n: int, k: int
) -> npt.NDArray[np.uint8]:
    """n rows of k distinct cards of ``deck`` (a vectorised partial Fisher-Yates)."""
    d = np.tile(np.asarray(deck, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for i in range(k):
        j = i + rng.integers(0, len(deck) - i, size=n)
        d[rows, i], d[rows, j] = d[rows, j], d[rows, i].copy()
    return np.ascontiguousarray(d[:, :k])
