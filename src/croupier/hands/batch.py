"""Batch evaluation: numpy arrays of card ids in, values out, through the compiled kernels.

Values are the same strengths the single-hand API returns (higher is better). The joker
(id 52) is handled when the order's deck has one; it takes a slower path.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from croupier.cards import JOKER_ID, CardError, Deck
from croupier.hands.orders import STANDARD, Category, HandOrder, LowRule
from croupier.hands.tables import high_tables, low_tables, omaha_tables

Cards = npt.NDArray[np.integer]
Values = npt.NDArray[np.uint16]


def _five_kind(order: HandOrder) -> npt.NDArray[np.uint16]:
    t = high_tables(order)
    out = np.zeros(13, dtype=np.uint16)
    if order.deck.joker:
        for r in order.deck.ranks:
            out[r] = t.strength_of_class(Category.FIVE_OF_A_KIND, (r,))
    return out


def _off(offsets: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
    return offsets.astype(np.int64)


@cache
def _table_args(order: HandOrder) -> tuple[object, ...]:
    """The tables a joker-aware kernel takes, after the cards: non-flush and flush values,
    int64 row offsets, card words, five-of-a-kind values and the deck's lowest rank."""
    from croupier.hands import kernels

    t = high_tables(order)
    return (
        t.nonflush,
        t.flush,
        _off(t.offsets),
        kernels.CARD_WORD,
        _five_kind(order),
        order.deck.lowest_rank,
    )


def _as_cards(cards: Cards, width: tuple[int, ...], what: str, deck: Deck) -> npt.NDArray[np.uint8]:
    """Card ids as a C-contiguous uint8 array, every id checked against the deck: the kernels
    index tables with them, so an id out of range must never reach them."""
    raw = np.asarray(cards)
    if raw.ndim != 2 or raw.shape[1] not in width:
        raise CardError(
            f"{what}: expected an (n, k) array with k in {width}, got shape {raw.shape}"
        )
    if raw.size:
        lo, hi = int(raw.min()), int(raw.max())
        top = JOKER_ID if deck.joker else JOKER_ID - 1
        if lo < deck.lowest_rank * 4 or hi > top:
            bad = lo if lo < deck.lowest_rank * 4 else hi
            raise CardError(f"{what}: card id {bad} is not in the {deck.describe()}")
    return np.ascontiguousarray(raw, dtype=np.uint8)


def _same_rows(hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], what: str) -> None:
    if len(hole) != len(board):
        raise CardError(f"{what}: {len(hole)} hole rows but {len(board)} board rows")


def evaluate_batch(cards: Cards, order: HandOrder = STANDARD) -> Values:
    """Values of each row of an (n, k) array of card ids, k = 5, 6 or 7."""
    from croupier.hands import kernels

    a = _as_cards(cards, (5, 6, 7), "evaluate_batch", order.deck)
    if order.deck.joker:
        return kernels.batch_high_joker(a, *_table_args(order))  # type: ignore[no-any-return]
    nonflush, flush, offsets, words = _table_args(order)[:4]
    return kernels.batch_high(a, nonflush, flush, offsets, words)  # type: ignore[no-any-return]


def omaha_batch(hole: Cards, board: Cards, order: HandOrder = STANDARD) -> Values:
    """Omaha values (exactly two of 4 hole cards, three of 5 board cards: act-omaha-2017 9.1)."""
    from croupier.hands import kernels

    h = _as_cards(hole, (4,), "omaha_batch hole", order.deck)
    b = _as_cards(board, (5,), "omaha_batch board", order.deck)
    _same_rows(h, b, "omaha_batch")
    t = high_tables(order)
    if order.deck.joker:
        return kernels.batch_omaha_joker(h, b, *_table_args(order))  # type: ignore[no-any-return]
    ot = omaha_tables(order)
    return kernels.batch_omaha(h, b, ot.values, t.flush, ot.pair_index, ot.triple_index)  # type: ignore[no-any-return]


def low_batch(cards: Cards, rule: LowRule) -> Values:
    """Low values of each row (0 = no qualifying low)."""
    from croupier.hands import kernels

    a = _as_cards(cards, (5, 6, 7), "low_batch", rule.deck)
    t = low_tables(rule)
    v = kernels.batch_low(a, t.low, _off(t.offsets), kernels.RANK_KEY, rule.deck.lowest_rank)
    return np.where(v >= t.qualify_from, v, 0).astype(np.uint16)


def omaha_low_batch(hole: Cards, board: Cards, rule: LowRule) -> Values:
    from croupier.hands import kernels

    h = _as_cards(hole, (4,), "omaha_low_batch hole", rule.deck)
    b = _as_cards(board, (5,), "omaha_low_batch board", rule.deck)
    _same_rows(h, b, "omaha_low_batch")
    t = low_tables(rule)
    lo = rule.deck.lowest_rank
    v = kernels.batch_omaha_low(h, b, t.low, _off(t.offsets), kernels.RANK_KEY, lo)
    return np.where(v >= t.qualify_from, v, 0).astype(np.uint16)


@cache
def value_histogram(order: HandOrder, k: int) -> npt.NDArray[np.int64]:
    """How many of every possible k-card hand (k = 5 or 7) of the order's deck have each
    strength (index 0: no value). Exhaustive; computed once per order and size."""
    from croupier.hands import kernels

    if k not in (5, 7):
        raise ValueError(f"a census is over 5- or 7-card hands, not {k}")
    t = high_tables(order)
    deck = np.array(order.deck.cards, dtype=np.uint8)
    hist: npt.NDArray[np.int64] = kernels.census(  # type: ignore[call-arg]
        deck, k, *_table_args(order), t.n_classes
    )
    if hist[0]:
        raise AssertionError(f"{hist[0]} hands had no value")
    hist.setflags(write=False)
    return hist


def census(order: HandOrder, k: int) -> dict[Category, int]:
    """How many of every possible k-card hand (k = 5 or 7) of the order's deck fall in each
    category: exhaustive, the table a regulator asks for when a deck or order changes."""
    t = high_tables(order)
    hist = value_histogram(order, k)
    out = {c: 0 for c in order.ranking if c != Category.FIVE_OF_A_KIND or order.deck.joker}
    cats = np.bincount(t.category, weights=hist, minlength=len(Category)).astype(np.int64)
    for c in out:
        out[c] = int(cats[int(c)])
    return out


def distinct_values(order: HandOrder, k: int) -> int:
    """How many distinct values the k-card hands of the order's deck take."""
    return int(np.count_nonzero(value_histogram(order, k)[1:]))
