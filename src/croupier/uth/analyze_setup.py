"""What the analysis kernels take: pair indexes, hole classes, suit-canonical flops and the
Blind pay table in whole units (act-uth-2025 9.6, 10.1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from math import lcm

import numpy as np
import numpy.typing as npt

from croupier.hands import STANDARD, Category
from croupier.hands.tables import high_tables
from croupier.uth.paytables import BLIND_TABLE, PayTable

I64 = npt.NDArray[np.int64]
RANKS = "23456789TJQKA"
#: Every suit permutation, as new suit by old suit.
SUIT_PERMS = np.array(list(permutations(range(4))), dtype=np.int64)


@cache
def pair_index() -> I64:
    """``pidx[a, b]`` (either order): the index 0..1325 of the two-card hand {a, b}."""
    pidx = np.full((52, 52), -1, dtype=np.int64)
    for g, (a, b) in enumerate(combinations(range(52), 2)):
        pidx[a, b] = pidx[b, a] = g
    return pidx


@cache
def pairs() -> I64:
    """The two cards of each pair index, low card first."""
    return np.array(list(combinations(range(52), 2)), dtype=np.int64)


def hole_class(a: int, b: int) -> str:
    """The starting-hand class of two cards: ``AA``, ``AKs`` or ``AKo``."""
    hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if (a & 3) == (b & 3) else "o")


@cache
def hole_classes() -> dict[str, tuple[int, ...]]:
    """The 169 starting-hand classes, strongest ranks first, each with its pair indexes."""
    out: dict[str, list[int]] = {}
    for g, (a, b) in enumerate(pairs()):
        out.setdefault(hole_class(int(a), int(b)), []).append(g)

    def key(name: str) -> tuple[int, int, int]:
        r1, r2 = RANKS.index(name[0]), RANKS.index(name[1])
        return (-(r1 == r2), -r1, -r2 * 2 - (name.endswith("s")))

    return {k: tuple(out[k]) for k in sorted(out, key=key)}


@dataclass(frozen=True)
class Flops:
    """The 1,755 suit-canonical flops with their orbit sizes (weights, summing to 22,100), and
    for every flop by colex index (``a + C(b,2) + C(c,3)``, a < b < c) its canonical flop and
    the suit permutation (new suit by old) that carries it there."""

    cards: I64
    weights: I64
    canon: I64
    perm: I64


@cache
def canonical_flops() -> Flops:
    flops = np.array(list(combinations(range(52), 3)), dtype=np.int64)
    a, b, c = flops[:, 0], flops[:, 1], flops[:, 2]
    colex = a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6
    keys = np.empty((len(SUIT_PERMS), len(flops)), dtype=np.int64)
    for i, perm in enumerate(SUIT_PERMS):
        mapped = np.sort((flops & ~3) | perm[flops & 3], axis=1)
        keys[i] = (mapped[:, 0] * 52 + mapped[:, 1]) * 52 + mapped[:, 2]
    best = keys.argmin(axis=0)
    key = keys[best, np.arange(len(flops))]
    uniq, inverse, weights = np.unique(key, return_inverse=True, return_counts=True)
    cards = np.stack([uniq // 2704, uniq // 52 % 52, uniq % 52], axis=1)
    canon = np.empty(len(flops), dtype=np.int64)
    perm = np.empty((len(flops), 4), dtype=np.int64)
    canon[colex] = inverse
    perm[colex] = SUIT_PERMS[best]
    return Flops(cards, weights.astype(np.int64), canon, perm)


@dataclass(frozen=True)
class BlindUnits:
    """The Blind pay table in units: ``unit`` units make one Ante (the least common
    denominator of the odds, so 3 to 2 pays whole units), ``pay[k]`` is what pay line ``k``
    (1 = the lowest) wins, and ``bclass[strength]`` the line a hand's strength falls on
    (0: none; the Blind pushes a win below a Straight, 9.6(c)(ii))."""

    unit: int
    pay: I64
    bclass: I64
    table: PayTable


@cache
def blind_units(table: PayTable = BLIND_TABLE) -> BlindUnits:
    unit = lcm(*(ln.odds.b for ln in table.lines))
    lines = table.lines[::-1]  # lowest first
    pay = np.zeros(len(lines) + 1, dtype=np.int64)
    for k, ln in enumerate(lines, start=1):
        pay[k] = unit * ln.odds.a // ln.odds.b
    line_of = {ln.category: k for k, ln in enumerate(lines, start=1)}
    cats = high_tables(STANDARD).category
    bclass = np.array([line_of.get(Category(int(c)), 0) for c in cats], dtype=np.int64)
    bclass[0] = 0
    return BlindUnits(unit, pay, bclass, table)


@cache
def category_positions() -> I64:
    """Each strength's category position in the order (higher ranks higher)."""
    cats = high_tables(STANDARD).category
    return np.array([STANDARD.position(Category(int(c))) for c in cats], dtype=np.int64)


@cache
def qualifying_strength() -> int:
    """The lowest strength that qualifies the dealer: one pair (act-uth-2025 A "Qualify")."""
    pos = category_positions()
    return int(np.argmax(pos[1:] >= STANDARD.position(Category.ONE_PAIR))) + 1


def table_args() -> tuple[npt.NDArray[np.generic], ...]:
    """The evaluator's non-flush and flush tables, int64 row offsets and card words."""
    from croupier.hands.batch import _table_args

    nonflush, flush, offsets, words = _table_args(STANDARD)[:4]
    return nonflush, flush, offsets, words  # type: ignore[return-value]
