"""Single-hand Omaha tables: the best value of each hole rank pair with each five-card board.

An Omaha hand's non-flush high and its low depend only on the ranks of the two hole cards
and the three board cards that play (act-omaha-2017 9.1, 3.6). For every rank multiset of a
five-card board and every rank pair these tables hold the best of the board's ten rank
triples with the pair, so a single hand costs six loads instead of sixty evaluations. Flushes
are looked up separately (they need suits). Built with numpy on first use (about 0.1 s).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from croupier.hands.orders import HandOrder, LowRule
from croupier.hands.tables import (
    N_TRIPLES,
    RANK_KEYS,
    ROW_MASK,
    ROW_SHIFT,
    high_tables,
    low_tables,
    omaha_tables,
    rank_hash,
)

N_PAIRS = 91
I64 = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Boards:
    """The five-card board rank multisets, shared by every order and low rule.

    ``base[slot]``: a board's row (its number times :data:`N_PAIRS`) by the rank-hash slot of
    its five ranks (-1 for other slots); ``pair_of_cards[a * 52 + b]``: the rank pair number of
    two cards; ``triples``: each board's ten rank-triple numbers.
    """

    base: list[int]
    pair_of_cards: list[int]
    triples: I64  # (boards, 10)


@cache
def boards() -> Boards:
    rh = rank_hash()
    five = np.flatnonzero(rh.counts.sum(axis=1) == 5)
    base = np.full(rh.size, -1, dtype=np.int64)
    base[rh.slots[five]] = np.arange(len(five), dtype=np.int64) * N_PAIRS
    ot = omaha_tables(HandOrder.standard())
    triples = np.empty((len(five), 10), dtype=np.int64)
    for b, counts in enumerate(rh.counts[five].tolist()):
        ranks = [r for r in range(13) for _ in range(counts[r])]
        for t, (x, y, z) in enumerate(combinations(ranks, 3)):
            triples[b, t] = ot.triple_index[x * 169 + y * 13 + z]
    pair_of_cards = [
        int(ot.pair_index[(a >> 2) * 13 + (b >> 2)]) for a in range(52) for b in range(52)
    ]
    return Boards(base.tolist(), pair_of_cards, triples)


def _by_board(values: npt.NDArray[np.generic]) -> list[int]:
    """``values`` by (pair, triple) -> the best over each board's triples, by (board, pair)."""
    v = np.asarray(values, dtype=np.int64).reshape(N_PAIRS, N_TRIPLES)
    best = v[:, boards().triples].max(axis=2).T.ravel()  # (boards * pairs,)
    pool = list(range(int(best.max()) + 1))  # share one int object per value
    return [pool[x] for x in best.tolist()]


@cache
def high_by_board(order: HandOrder) -> list[int]:
    """The best non-flush high strength of each (board, hole rank pair) under ``order``."""
    high_tables(order)
    return _by_board(omaha_tables(order).values)


@cache
def low_by_board(rule: LowRule) -> list[int]:
    """The best qualifying low strength (0: none) of each (board, hole rank pair)."""
    t = low_tables(rule)
    pairs = [(a, b) for a in range(13) for b in range(a, 13)]
    triples = [(a, b, c) for a in range(13) for b in range(a, 13) for c in range(b, 13)]
    pr = np.repeat(np.array(pairs, dtype=np.int64), len(triples), axis=0)
    tr = np.tile(np.array(triples, dtype=np.int64), (len(pairs), 1))
    ranks = np.concatenate([pr, tr], axis=1)
    counts = np.zeros((len(ranks), 13), dtype=np.int64)
    for col in range(5):
        np.add.at(counts, (np.arange(len(ranks)), ranks[:, col]), 1)
    keys = RANK_KEYS.astype(np.int64)[ranks].sum(axis=1)
    slots = t.offsets.astype(np.int64)[keys >> ROW_SHIFT] + (keys & ROW_MASK)
    possible = counts.max(axis=1) <= 4
    values = np.where(possible, t.low[np.where(possible, slots, 0)], 0).astype(np.int64)
    values[values < t.qualify_from] = 0
    return _by_board(values)
