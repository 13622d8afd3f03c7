"""croupier's evaluator against oracles.

(a) phevaluator (a test-only dependency) on millions of random hold'em and Omaha hands.
(b) A brute-force reference written here from the rulebooks' text: best of every five-card
    subset, each classified by the order's category ranking, the ace low below the deck's lowest
    rank, the joker tried as every card it could substitute for (act-omaha-2017 3.7) and as the
    fifth card of four of a kind (3.3(b)); low hands per act-omaha-2017 3.5-3.6. Compared on
    random hands for every order, and on every five-card class of every order.
(c) The single-hand API equals the batch API (hypothesis).
(d) Exhaustive censuses: the textbook 5- and 7-card counts, and the reference's census of every
    other deck and order.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise
from math import comb, prod

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import JOKER_ID, parse_cards
from croupier.hands import (
    STANDARD,
    Category,
    HandOrder,
    evaluate,
    evaluate_low,
    evaluate_omaha,
    evaluate_omaha_low,
    low_strength,
    omaha_low_strength,
    omaha_strength,
    strength,
)
from croupier.hands.batch import (
    census,
    distinct_values,
    evaluate_batch,
    low_batch,
    omaha_batch,
    omaha_low_batch,
)
from support.hands import (
    FIVE,
    FLUSH,
    FULL_HOUSE,
    HIGH,
    LOW_CASES,
    LOW_IDS,
    ORDER_CASES,
    ORDER_IDS,
    PAIR,
    QUADS,
    REDUCED_DECK,
    ROYAL,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    Case,
    LowCase,
    LowSpec,
    Spec,
    random_hands,
)

ACE = 12

# ============================================================================================
# The reference evaluator
# ============================================================================================


def _straight_top(ranks: Sequence[int], spec: Spec) -> int | None:
    """Top rank of five distinct ranks in sequence (ace high, or low below the deck's lowest)."""
    s = sorted(set(ranks))
    if len(s) != 5:
        return None
    if s[4] - s[0] == 4:
        return s[4]
    low = spec.lowest
    if spec.ace_low and s == [low, low + 1, low + 2, low + 3, ACE]:
        return low + 3
    return None


@cache
def classify(ranks: tuple[int, ...], suited: bool, spec: Spec) -> tuple[str, tuple[int, ...]]:
    """Category and tie-break ranks of five cards (qld-holdem-2005 s7, s8(3)-(7))."""
    counts = Counter(ranks)
    # face values by how many of each, then by value: pairs before kickers (s8(7) example 2)
    by_group = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    top = _straight_top(ranks, spec)
    if suited and top == ACE:
        return ROYAL, ()
    if suited and top is not None:
        return STRAIGHT_FLUSH, (top,)
    if shape == [5]:
        return FIVE, by_group
    if shape == [4, 1]:
        return QUADS, by_group
    if shape == [3, 2]:
        return FULL_HOUSE, by_group
    if suited:
        return FLUSH, by_group
    if top is not None:
        return STRAIGHT, (top,)
    if shape == [3, 1, 1]:
        return TRIPS, by_group
    if shape == [2, 2, 1]:
        return TWO_PAIR, by_group
    if shape == [2, 1, 1, 1]:
        return PAIR, by_group
    return HIGH, by_group


def value5(five: Sequence[int], spec: Spec) -> tuple[int, tuple[int, ...]]:
    """(position of the category in the order, tie-break ranks); bigger is better."""
    if JOKER_ID in five:
        return joker5([c for c in five if c != JOKER_ID], spec)
    cat, tie = classify(tuple(sorted(c >> 2 for c in five)), len({c & 3 for c in five}) == 1, spec)
    return spec.ranking.index(cat), tie


def joker5(four: list[int], spec: Spec) -> tuple[int, tuple[int, ...]]:
    """act-omaha-2017 3.7: the joker counts as the card it substitutes for, any card of the deck
    not already in the hand; 3.3(b): with four of a kind it is the fifth card of the rank."""
    best: tuple[int, tuple[int, ...]] = (-1, ())
    ranks = [c >> 2 for c in four]
    if len(set(ranks)) == 1:
        best = (spec.ranking.index(FIVE), (ranks[0],) * 5)
    for card in spec.cards:
        if card != JOKER_ID and card not in four:
            best = max(best, value5([*four, card], spec))
    return best


def ref_high(cards: Sequence[int], spec: Spec) -> tuple[int, tuple[int, ...]]:
    """Best five of five to seven cards (qld-holdem-2005 s2 "hand")."""
    return max(value5(five, spec) for five in combinations(cards, 5))


def ref_omaha(hole: Sequence[int], board: Sequence[int], spec: Spec) -> tuple[int, tuple[int, ...]]:
    """Exactly two of the four hole cards and three of the five board cards (9.1)."""
    return max(
        value5((*h, *b), spec) for h in combinations(hole, 2) for b in combinations(board, 3)
    )


# --- low hands: act-omaha-2017 3.5(b)-(d), 3.6 ----------------------------------------------


LOW_PATTERNS = ([1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1], [5])


def _low_rank(rank: int, spec: LowSpec) -> int:
    return 0 if rank == ACE and spec.ace_low else rank + 1


def low5(five: Sequence[int], spec: LowSpec) -> tuple[int, ...] | None:
    """Key of a five-card low (smaller is better), or None when it does not qualify.

    Straights and flushes do not count (3.6): only pairs and the like, then face values from
    the highest down. 8-or-better: five odd cards, the highest eight or less (3.5(d)).
    """
    if JOKER_ID in five:
        four = [c for c in five if c != JOKER_ID]
        options = [
            low5([*four, card], spec) for card in range(spec.lowest * 4, 52) if card not in four
        ]
        keys = [k for k in options if k is not None]
        return min(keys) if keys else None
    values = [_low_rank(c >> 2, spec) for c in five]
    counts = Counter(values)
    shape = sorted(counts.values(), reverse=True)
    if spec.eight_or_better and (shape != [1] * 5 or max(values) > _low_rank(6, spec)):
        return None
    by_group = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    return (LOW_PATTERNS.index(shape), *by_group)


def ref_low(cards: Sequence[int], spec: LowSpec) -> tuple[int, ...] | None:
    keys = [k for five in combinations(cards, 5) if (k := low5(five, spec)) is not None]
    return min(keys) if keys else None


def ref_omaha_low(
    hole: Sequence[int], board: Sequence[int], spec: LowSpec
) -> tuple[int, ...] | None:
    keys = [
        k
        for h in combinations(hole, 2)
        for b in combinations(board, 3)
        if (k := low5((*h, *b), spec)) is not None
    ]
    return min(keys) if keys else None


def low_goodness(key: tuple[int, ...] | None) -> tuple[int, ...]:
    """Turn a low key into something where bigger is better (no low is the worst)."""
    return (0,) if key is None else (1, *(-x for x in key))


# --- orders under test ----------------------------------------------------------------------


# --- helpers --------------------------------------------------------------------------------


def with_joker(hands: npt.NDArray[np.uint8], rng: np.random.Generator) -> npt.NDArray[np.uint8]:
    """Put the joker in every other row that lacks it, at a random place."""
    out = hands.copy()
    n, k = out.shape
    for i in range(0, n, 2):
        if JOKER_ID not in out[i]:
            out[i, rng.integers(k)] = JOKER_ID
    return out


def assert_same_order(
    ref: Sequence[object], got: Sequence[int], what: Callable[[int], str]
) -> None:
    """Every pair of hands compares the same way under both: sort by the reference, then the
    values must be equal within a reference tie and strictly increase between ties."""
    idx = sorted(range(len(ref)), key=lambda i: ref[i])
    for a, b in pairwise(idx):
        if ref[a] == ref[b]:
            assert got[a] == got[b], f"should tie: {what(a)} ({got[a]}) and {what(b)} ({got[b]})"
        else:
            assert got[a] < got[b], f"{what(b)} ({got[b]}) should beat {what(a)} ({got[a]})"


def show(cards: Iterable[int]) -> str:
    return " ".join(
        "Xx" if c == JOKER_ID else "23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in cards
    )


# ============================================================================================
# (a) phevaluator
# ============================================================================================


def test_phevaluator_shares_the_card_encoding() -> None:
    phe = pytest.importorskip("phevaluator")
    from phevaluator.card import Card as PheCard

    for text in ("2c", "2d", "3c", "Td", "As"):
        assert PheCard(text).id_ == int(parse_cards(text)[0])
    royal = [int(c) for c in parse_cards("As Ks Qs Js Ts")]
    worst = [int(c) for c in parse_cards("7c 5d 4h 3s 2c")]
    assert phe.evaluate_cards(*royal) == 1
    assert phe.evaluate_cards(*worst) == 7462
    assert evaluate(royal).strength == 7462
    assert evaluate(worst).strength == 1
    # Omaha: board first, then hole (phevaluator's signature), 2 + 3 like act-omaha-2017 9.1
    board = [int(c) for c in parse_cards("Th 9h 2c 3d 4s")]
    hole = [int(c) for c in parse_cards("Ah Kh Qh Jh")]
    ph = phe.evaluate_omaha_cards(*board, *hole)
    assert ph == phe.evaluate_cards(*parse_cards("Ah Kh Th 9h 4s"))  # no flush, ace high
    assert 7463 - ph == evaluate_omaha(hole, board).strength


N_PHE = 1_000_000


def _phe_native(name: str, fallback: Callable[..., int]) -> Callable[..., int]:
    """phevaluator's C function of the same arguments, skipping its per-call card conversion
    (about twice as fast on a million hands); its public function where the module differs."""
    try:
        from phevaluator import _pheval
    except ImportError:
        return fallback
    fn: Callable[..., int] = getattr(_pheval, name, fallback)
    return fn


def test_phevaluator_7_card_hands() -> None:
    """1,000,000 random 7-card hands: croupier == 7463 - phevaluator, elementwise."""
    phe = pytest.importorskip("phevaluator")
    rng = np.random.default_rng(20240607)
    hands = random_hands(rng, range(52), N_PHE, 7)
    ours = evaluate_batch(hands, STANDARD).astype(np.int64)
    f = _phe_native("evaluate_7cards", phe.evaluate_cards)
    theirs = np.fromiter((f(*h) for h in hands.tolist()), dtype=np.int64, count=N_PHE)
    bad = np.flatnonzero(ours != 7463 - theirs)
    assert not len(bad), f"{len(bad)} differ, e.g. {show(hands[bad[0]])}"
    # the sample covers every category
    assert len(np.unique(ours)) > 4000


def test_phevaluator_omaha_hands() -> None:
    """1,000,000 random Omaha hands (4 hole + 5 board): croupier == 7463 - phevaluator."""
    phe = pytest.importorskip("phevaluator")
    rng = np.random.default_rng(20240608)
    cards = random_hands(rng, range(52), N_PHE, 9)
    hole, board = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    ours = omaha_batch(hole, board, STANDARD).astype(np.int64)
    f = _phe_native("evaluate_omaha_cards", phe.evaluate_omaha_cards)
    rows = np.concatenate([board, hole], axis=1).tolist()  # board first, then hole
    theirs = np.fromiter((f(*r) for r in rows), dtype=np.int64, count=N_PHE)
    bad = np.flatnonzero(ours != 7463 - theirs)
    assert not len(bad), (
        f"{len(bad)} differ, e.g. hole {show(hole[bad[0]])} board {show(board[bad[0]])}"
    )


# ============================================================================================
# (b) the brute-force reference on random hands, every order
# ============================================================================================

N_REF = 3000


@pytest.mark.parametrize("case", ORDER_CASES, ids=ORDER_IDS)
def test_reference_high_hands(case: Case) -> None:
    order, spec = case.order(), case.spec
    assert order.deck.cards == tuple(spec.cards)
    rng = np.random.default_rng(zlib.crc32(case.name.encode()))
    for k, n in ((5, N_REF // 3), (6, N_REF // 3), (7, N_REF)):
        hands = random_hands(rng, spec.cards, n, k)
        if spec.joker:
            hands = with_joker(hands, rng)
        got = evaluate_batch(hands, order).tolist()
        rows = hands.tolist()
        ref = [ref_high(h, spec) for h in rows]
        assert_same_order(ref, got, lambda i, rows=rows: show(rows[i]))
        # and the category croupier names is the rulebook's
        for h, v in zip(rows[:200], ref[:200], strict=True):
            assert evaluate(h, order).category.key == spec.ranking[v[0]], show(h)


@pytest.mark.parametrize("case", ORDER_CASES, ids=ORDER_IDS)
def test_reference_omaha_hands(case: Case) -> None:
    order, spec = case.order(), case.spec
    rng = np.random.default_rng(zlib.crc32(case.name.encode()) + 1)
    n = 300 if spec.joker else 1000
    cards = random_hands(rng, spec.cards, n, 9)
    if spec.joker:
        cards = with_joker(cards, rng)
    hole, board = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    got = omaha_batch(hole, board, order).tolist()
    hs, bs = hole.tolist(), board.tolist()
    ref = [ref_omaha(h, b, spec) for h, b in zip(hs, bs, strict=True)]
    assert_same_order(ref, got, lambda i: f"{show(hs[i])} | {show(bs[i])}")


@pytest.mark.parametrize("case", LOW_CASES, ids=LOW_IDS)
def test_reference_low_hands(case: LowCase) -> None:
    rule, spec = case.rule(), case.spec
    deck = list(range(spec.lowest * 4, 52)) + ([JOKER_ID] if spec.joker else [])
    rng = np.random.default_rng(zlib.crc32(case.name.encode()) + 2)
    for k, n in ((5, 1000), (7, 2000)):
        hands = random_hands(rng, deck, n, k)
        if spec.joker:
            hands = with_joker(hands, rng)
        got = low_batch(hands, rule).tolist()
        rows = hands.tolist()
        ref = [ref_low(h, spec) for h in rows]
        for v, r, h in zip(got, ref, rows, strict=True):
            assert (v > 0) == (r is not None), f"qualifies? {show(h)}"
        assert_same_order([low_goodness(r) for r in ref], got, lambda i, rows=rows: show(rows[i]))
    # Omaha low
    cards = random_hands(rng, deck, 600, 9)
    if spec.joker:
        cards = with_joker(cards, rng)
    hole, board = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    got = omaha_low_batch(hole, board, rule).tolist()
    hs, bs = hole.tolist(), board.tolist()
    ref = [ref_omaha_low(h, b, spec) for h, b in zip(hs, bs, strict=True)]
    for v, r in zip(got, ref, strict=True):
        assert (v > 0) == (r is not None)
    assert_same_order(
        [low_goodness(r) for r in ref], got, lambda i: f"{show(hs[i])} | {show(bs[i])}"
    )


# ============================================================================================
# (d) every five-card class, and the census
# ============================================================================================


@dataclass
class RefCensus:
    counts: Counter[str]  # category -> number of 5-card hands
    classes: dict[tuple[int, tuple[int, ...]], tuple[int, list[int]]]  # value -> (hands, example)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def _rank_multisets(ranks: Sequence[int], k: int) -> Iterable[tuple[int, ...]]:
    """Every multiset of k ranks with at most four of a rank (four suits), as sorted tuples."""
    for combo in combinations_with_replacement(ranks, k):
        if max(Counter(combo).values()) <= 4:
            yield combo


def _example(ranks: tuple[int, ...], suited: bool) -> list[int]:
    """Cards with these ranks: all clubs when suited, otherwise not all of one suit."""
    if suited:
        return [r * 4 for r in ranks]
    seen: Counter[int] = Counter()
    out = []
    for i, r in enumerate(ranks):
        suit = seen[r] if ranks.count(r) > 1 else (1 if i == 1 else 0)
        seen[r] += 1
        out.append(r * 4 + suit)
    return out


@cache
def ref_census(spec: Spec) -> RefCensus:
    """The 5-card census of a deck by rank pattern: a rank multiset of five cards occurs in
    prod C(4, count) ways, of which 4 are one suit when the ranks are distinct. Hands with the
    joker: four cards and the joker, valued by brute force over its substitutes."""
    ranks = range(spec.lowest, 13)
    counts: Counter[str] = Counter()
    classes: dict[tuple[int, tuple[int, ...]], tuple[int, list[int]]] = {}

    def add(example: list[int], ways: int) -> None:
        v = value5(example, spec)
        counts[spec.ranking[v[0]]] += ways
        old = classes.get(v)
        classes[v] = (ways + (old[0] if old else 0), old[1] if old else example)

    for combo in _rank_multisets(ranks, 5):
        ways = prod(comb(4, c) for c in Counter(combo).values())
        distinct = len(set(combo)) == 5
        if distinct:
            add(_example(combo, True), 4)
        add(_example(combo, False), ways - (4 if distinct else 0))
    if spec.joker:
        for combo in _rank_multisets(ranks, 4):
            ways = prod(comb(4, c) for c in Counter(combo).values())
            distinct = len(set(combo)) == 4
            if distinct:
                add([*_example(combo, True), JOKER_ID], 4)
            add([*_example(combo, False), JOKER_ID], ways - (4 if distinct else 0))
    return RefCensus(counts, classes)


def test_reference_census_is_the_textbook() -> None:
    """The reference itself: the well-known 5-card counts of a 52-card deck."""
    ref = ref_census(ORDER_CASES[0].spec)
    assert dict(ref.counts) == TEXTBOOK_5
    assert len(ref.classes) == 7462


@pytest.mark.parametrize("joker", [False, True], ids=["32 cards", "32 + joker"])
def test_reference_census_by_pattern_equals_enumeration(joker: bool) -> None:
    """The reference's census by rank pattern equals hand-by-hand enumeration (32 cards)."""
    spec = Spec(5, joker, REDUCED_DECK, True)
    counts: Counter[str] = Counter()
    for five in combinations(spec.cards, 5):
        counts[spec.ranking[value5(five, spec)[0]]] += 1
    assert counts == ref_census(spec).counts


TEXTBOOK_5 = {
    "royal_flush": 4,
    "straight_flush": 36,
    "four_of_a_kind": 624,
    "full_house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three_of_a_kind": 54912,
    "two_pair": 123552,
    "one_pair": 1098240,
    "high_card": 1302540,
}
TEXTBOOK_7 = {
    "royal_flush": 4324,
    "straight_flush": 37260,
    "four_of_a_kind": 224848,
    "full_house": 3473184,
    "flush": 4047644,
    "straight": 6180020,
    "three_of_a_kind": 6461620,
    "two_pair": 31433400,
    "one_pair": 58627800,
    "high_card": 23294460,
}


def _keyed(c: dict[Category, int]) -> dict[str, int]:
    return {cat.key: n for cat, n in c.items()}


def test_census_5_cards_standard() -> None:
    got = census(STANDARD, 5)
    assert _keyed(got) == TEXTBOOK_5
    assert sum(got.values()) == comb(52, 5)
    assert distinct_values(STANDARD, 5) == 7462


@pytest.mark.slow
def test_census_7_cards_standard() -> None:
    got = census(HandOrder.standard(), 7)
    assert _keyed(got) == TEXTBOOK_7
    assert sum(got.values()) == comb(52, 7)
    assert distinct_values(STANDARD, 7) == 4824  # seven cards never make the worst classes


@pytest.mark.parametrize("case", ORDER_CASES, ids=ORDER_IDS)
def test_census_5_cards_every_order(case: Case) -> None:
    order, spec = case.order(), case.spec
    ref = ref_census(spec)
    got = _keyed(census(order, 5))
    expected_keys = {c for c in spec.ranking if c != FIVE or spec.joker}
    assert set(got) == expected_keys
    assert {k: n for k, n in got.items() if n} == {k: n for k, n in ref.counts.items() if n}
    assert sum(got.values()) == ref.total == comb(len(spec.cards), 5)
    assert distinct_values(order, 5) == len(ref.classes)


@pytest.mark.parametrize("case", ORDER_CASES, ids=ORDER_IDS)
def test_every_five_card_class_in_order(case: Case) -> None:
    """One example hand of every 5-card class the reference knows: croupier orders them all
    exactly as the reference does (each class a distinct value, in the same order)."""
    order, spec = case.order(), case.spec
    ref = ref_census(spec)
    keys = sorted(ref.classes)
    hands = np.array([ref.classes[k][1] for k in keys], dtype=np.uint8)
    got = evaluate_batch(hands, order).tolist()
    assert got == sorted(got)
    assert len(set(got)) == len(got), "two different classes share a value"
    assert got[0] >= 1


# ============================================================================================
# (c) the single-hand API equals the batch API
# ============================================================================================


def _hand(deck: Sequence[int], k: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.sampled_from(list(deck)), min_size=k, max_size=k, unique=True)


@pytest.mark.parametrize("case", ORDER_CASES, ids=ORDER_IDS)
@settings(max_examples=150, deadline=None, derandomize=True)
@given(data=st.data())
def test_single_equals_batch_high(case: Case, data: st.DataObject) -> None:
    order = case.order()
    k = data.draw(st.integers(5, 7))
    cards = data.draw(_hand(order.deck.cards, k))
    v = evaluate(cards, order)
    assert v.strength == strength(cards, order)
    assert v.strength == int(evaluate_batch(np.array([cards]), order)[0])
    assert len(v.best_five) == 5
    assert set(v.best_five) <= set(cards)
    assert strength(v.best_five, order) == v.strength


@pytest.mark.parametrize("case", ORDER_CASES, ids=ORDER_IDS)
@settings(max_examples=80, deadline=None, derandomize=True)
@given(data=st.data())
def test_single_equals_batch_omaha(case: Case, data: st.DataObject) -> None:
    order = case.order()
    cards = data.draw(_hand(order.deck.cards, 9))
    hole, board = cards[:4], cards[4:]
    v = evaluate_omaha(hole, board, order)
    assert v.strength == omaha_strength(hole, board, order)
    assert v.strength == int(omaha_batch(np.array([hole]), np.array([board]), order)[0])
    best = set(v.best_five)
    assert len(best & set(hole)) == 2 and len(best & set(board)) == 3


@pytest.mark.parametrize("case", LOW_CASES, ids=LOW_IDS)
@settings(max_examples=100, deadline=None, derandomize=True)
@given(data=st.data())
def test_single_equals_batch_low(case: LowCase, data: st.DataObject) -> None:
    rule = case.rule()
    deck = rule.deck.cards
    k = data.draw(st.integers(5, 7))
    cards = data.draw(_hand(deck, k))
    v = evaluate_low(cards, rule)
    assert v.strength == low_strength(cards, rule)
    assert v.strength == int(low_batch(np.array([cards]), rule)[0])
    nine = data.draw(_hand(deck, 9))
    hole, board = nine[:4], nine[4:]
    w = evaluate_omaha_low(hole, board, rule)
    assert w.strength == omaha_low_strength(hole, board, rule)
    assert w.strength == int(omaha_low_batch(np.array([hole]), np.array([board]), rule)[0])


def test_batch_accepts_many_widths_and_dtypes() -> None:
    rng = np.random.default_rng(5)
    hands = random_hands(rng, range(52), 500, 7)
    v7 = evaluate_batch(hands)
    assert v7.dtype == np.uint16
    assert evaluate_batch(hands.astype(np.int64)).tolist() == v7.tolist()
    for k in (5, 6):
        sub = np.ascontiguousarray(hands[:, :k])
        assert evaluate_batch(sub).tolist() == [strength(h) for h in sub.tolist()]
