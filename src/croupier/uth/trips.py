"""The exact house edge of a Trips pay table (act-uth-2025 9.7, 10.1).

Trips settles on the best five of the player's seven cards alone (9.7), so its return is
exact from the census of all C(52,7) = 133,784,560 seven-card hands.
"""

from __future__ import annotations

import contextlib
import json
import os
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path

import numpy as np

from croupier.hands import Category, HandOrder
from croupier.hands.batch import value_histogram
from croupier.hands.tables import cache_dir, high_tables
from croupier.uth.paytables import TRIPS_TABLE, PayTable

#: Every seven-card hand from one 52-card deck (act-uth-2025 2.1, 7.2).
SEVEN_CARD_HANDS = comb(52, 7)


def counts_path() -> Path:
    """Where the census is cached, beside the hand tables (``$CROUPIER_CACHE``)."""
    return cache_dir() / "seven-card-counts-v1.json"


@cache
def seven_card_counts() -> dict[Category, int]:
    """How many of the C(52,7) seven-card hands have each best-five category (exhaustive);
    computed once (about 10 s) and cached on disk, a cached census used only where it counts
    every hand."""
    path = counts_path()
    with contextlib.suppress(OSError, ValueError, TypeError, AttributeError):
        cached = {Category(int(k)): int(v) for k, v in json.loads(path.read_text()).items()}
        if sum(cached.values()) == SEVEN_CARD_HANDS and all(n > 0 for n in cached.values()):
            return cached
    counts = _census()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({int(c): n for c, n in counts.items()}))
        tmp.replace(path)
    return counts


def _census() -> dict[Category, int]:
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
