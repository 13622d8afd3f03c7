"""The exact house edge of a Trips pay table (act-uth-2025 9.7, 10.1).

Trips settles on the best five of the player's seven cards alone (9.7), so its return is
exact from the census of all C(52,7) = 133,784,560 seven-card hands.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from croupier.hands import Category, HandOrder
from croupier.hands.batch import value_histogram
from croupier.hands.tables import high_tables
from croupier.uth.paytables import TRIPS_TABLE, PayTable

#: Every seven-card hand from one 52-card deck (act-uth-2025 2.1, 7.2).
SEVEN_CARD_HANDS = comb(52, 7)


@cache
def seven_card_counts() -> dict[Category, int]:
    """How many of the C(52,7) seven-card hands have each best-five category (exhaustive)."""
    order = HandOrder.standard()
    hist = value_histogram(order, 7)
    cats = high_tables(order).category
    by_id = np.zeros(len(Category), dtype=np.int64)
    np.add.at(by_id, cats.astype(np.intp), hist)  # integer sums: exact
    counts = {c: int(by_id[int(c)]) for c in Category if by_id[int(c)]}
    if sum(counts.values()) != SEVEN_CARD_HANDS:
        raise AssertionError(f"census counts {sum(counts.values())} hands, not {SEVEN_CARD_HANDS}")
    return counts


def trips_return(table: PayTable = TRIPS_TABLE) -> Fraction:
    """The player's exact expected net per chip staked on Trips (negative: the house wins)."""
    net = Fraction(0)
    for category, count in seven_card_counts().items():
        line = table.line_for(category)
        net += count * (Fraction(line.odds.a, line.odds.b) if line else Fraction(-1))
    return net / SEVEN_CARD_HANDS


def trips_house_edge(table: PayTable = TRIPS_TABLE) -> Fraction:
    """The house's exact expected win per chip staked on Trips (act-uth-2025 9.7, 10.1)."""
    return -trips_return(table)
