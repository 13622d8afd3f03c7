"""Single-hand evaluation: the same tables as the batch kernels, looked up from Python.

``strength``-style functions are unchecked and fast (the engine calls them on cards it dealt);
``evaluate``-style functions check the cards against the order's deck and return a
:class:`HandValue` that can say what the hand is in words and which five cards make it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property
from itertools import combinations
from typing import Final

from croupier.cards import (
    ACE,
    JOKER_ID,
    RANK_CHARS,
    RANK_NAMES,
    RANK_PLURALS,
    Card,
    CardError,
    Deck,
)
from croupier.hands.orders import STANDARD, Category, HandOrder, LowRule
from croupier.hands.tables import (
    RANK_KEYS,
    ROW_MASK,
    ROW_SHIFT,
    decode,
    high_tables,
    low_tables,
)

_KEYS = [int(k) for k in RANK_KEYS]


class Outcome(Enum):
    """The result of comparing two hands from the first hand's side."""

    WIN = 1
    TIE = 0
    LOSE = -1


@dataclass(frozen=True)
class _Py:
    """Python-list copies of an order's tables (indexing lists beats indexing numpy here)."""

    nonflush: list[int]
    flush: list[int]
    offsets: list[int]
    classes: list[int]
    category: list[int]
    five_kind: dict[int, int]


@cache
def _py(order: HandOrder) -> _Py:
    t = high_tables(order)
    five: dict[int, int] = {}
    if order.deck.joker:
        for r in order.deck.ranks:
            five[r] = t.strength_of_class(Category.FIVE_OF_A_KIND, (r,))
    return _Py(
        t.nonflush.tolist(),
        t.flush.tolist(),
        t.offsets.tolist(),
        t.classes.tolist(),
        t.category.tolist(),
        five,
    )


# Per card id (the joker, 52, last): its rank key, and one in its suit's 4-bit field of a
# suit counter (the joker sets bit 16). A counter that starts each field at 3 has bit 3 of a
# field set once five cards share that suit; one that starts at 5, once three do.
_CARD_KEY: Final[list[int]] = [_KEYS[c >> 2] for c in range(52)] + [0]
_SUIT_ONE: Final[list[int]] = [1 << (4 * (c & 3)) for c in range(52)] + [1 << 16]
_FIVE_SUITED: Final = 0x3333
_THREE_SUITED: Final = 0x5555
_SUIT_BITS: Final = 0x8888
# by a set of ranks as bits: whether it holds three or more ranks
_THREE_RANKS: Final[list[bool]] = [bin(m).count("1") >= 3 for m in range(1 << 13)]

# Tables by the identity of an order or rule: hashing a frozen dataclass on every call costs
# more than the evaluation. Bounded: orders and rules are few and long-lived.
_BY_ID: Final[dict[int, tuple[object, _Py]]] = {}
_OMAHA_BY_ID: Final[dict[int, tuple[object, _Omaha | None]]] = {}
_LOW_BY_ID: Final[dict[int, tuple[object, _OmahaLow | None]]] = {}


class _Last:
    """The last order and rule looked up, and their tables: an identity test is cheaper than
    the dictionary (a process mostly evaluates under one order)."""

    def __init__(self) -> None:
        self.order: object = None
        self.py: _Py | None = None
        self.omaha_order: object = None
        self.omaha: _Omaha | None = None
        self.rule: object = None
        self.low: _OmahaLow | None = None


_LAST: Final = _Last()


def _tables(order: HandOrder) -> _Py:
    last = _LAST
    if last.order is order and last.py is not None:
        return last.py
    t = _tables_by_id(order)
    last.order = order
    last.py = t
    return t


def _tables_by_id(order: HandOrder) -> _Py:
    e = _BY_ID.get(id(order))
    if e is not None and e[0] is order:
        return e[1]
    t = _py(order)
    if len(_BY_ID) < 64:
        _BY_ID[id(order)] = (order, t)
    return t


def _suit_of(counter: int) -> int:
    """The suit whose field of a suit counter has bit 3 set (the highest such)."""
    return ((counter & _SUIT_BITS).bit_length() - 4) >> 2


def _strength_plain(cards: Sequence[int], t: _Py) -> int:
    key = 0
    suits = _FIVE_SUITED
    for c in cards:
        key += _CARD_KEY[c]
        suits += _SUIT_ONE[c]
    if suits & _SUIT_BITS:
        s = _suit_of(suits)
        mask = 0
        for c in cards:
            if c & 3 == s:
                mask |= 1 << (c >> 2)
        return t.flush[mask]
    return t.nonflush[t.offsets[key >> ROW_SHIFT] + (key & ROW_MASK)]


def strength(cards: Sequence[int], order: HandOrder = STANDARD) -> int:
    """The value of the best five-card hand among 5 to 7 cards (higher is better); unchecked."""
    t = _tables(order)
    key = 0
    suits = _FIVE_SUITED
    for c in cards:
        key += _CARD_KEY[c]
        suits += _SUIT_ONE[c]
    if suits < 0x10000:  # no joker
        if suits & _SUIT_BITS:  # five or more suited: a flush beats any non-flush of 7 cards
            s = _suit_of(suits)
            mask = 0
            for c in cards:
                if c & 3 == s:
                    mask |= 1 << (c >> 2)
            return t.flush[mask]
        return t.nonflush[t.offsets[key >> ROW_SHIFT] + (key & ROW_MASK)]
    # act-omaha-2017 3.7: the joker counts as the card it substitutes for; croupier lets it be
    # any card not already held, or the fifth card of a rank held four times (3.3(b)).
    rest = [c for c in cards if c != JOKER_ID]
    best = 0
    counts = [0] * 13
    for c in rest:
        counts[c >> 2] += 1
    for r in range(12, -1, -1):
        if counts[r] == 4:
            best = t.five_kind[r]
            break
    held = set(rest)
    for c in range(order.deck.lowest_rank * 4, 52):
        if c not in held:
            best = max(best, _strength_plain([*rest, c], t))
    return best


@dataclass(frozen=True)
class _Omaha:
    """An order's single-hand Omaha tables (see :mod:`croupier.hands.board_tables`)."""

    offsets: list[int]
    base: list[int]
    pair_of_cards: list[int]
    high: list[int]
    flush: list[int]


@dataclass(frozen=True)
class _OmahaLow:
    offsets: list[int]
    base: list[int]
    pair_of_cards: list[int]
    low: list[int]
    # per card, its rank's bit where that rank may be in a qualifying low, else 0; empty where
    # the rule has no qualifier (any five cards make a low)
    low_bits: list[int]


def _omaha(order: HandOrder) -> _Omaha | None:
    """The order's Omaha tables, or None where its deck holds a joker (evaluated per five)."""
    last = _LAST
    if last.omaha_order is order:
        return last.omaha
    o = _omaha_by_id(order)
    last.omaha_order = order
    last.omaha = o
    return o


def _omaha_by_id(order: HandOrder) -> _Omaha | None:
    e = _OMAHA_BY_ID.get(id(order))
    if e is not None and e[0] is order:
        return e[1]
    from croupier.hands import board_tables as bt

    o = None
    if not order.deck.joker:
        b = bt.boards()
        t = _tables(order)
        o = _Omaha(t.offsets, b.base, b.pair_of_cards, bt.high_by_board(order), t.flush)
    if len(_OMAHA_BY_ID) < 64:
        _OMAHA_BY_ID[id(order)] = (order, o)
    return o


def _omaha_low(rule: LowRule) -> _OmahaLow | None:
    last = _LAST
    if last.rule is rule:
        return last.low
    o = _omaha_low_by_id(rule)
    last.rule = rule
    last.low = o
    return o


def _omaha_low_by_id(rule: LowRule) -> _OmahaLow | None:
    e = _LOW_BY_ID.get(id(rule))
    if e is not None and e[0] is rule:
        return e[1]
    o = None if rule.deck.joker else _omaha_low_by_value(rule)
    if len(_LOW_BY_ID) < 64:
        _LOW_BY_ID[id(rule)] = (rule, o)
    return o


@cache
def _omaha_low_by_value(rule: LowRule) -> _OmahaLow:
    from croupier.hands import board_tables as bt

    b = bt.boards()
    q = rule.qualifier
    bits = (
        []
        if q is None
        else [
            1 << (c >> 2) if c >> 2 <= q or (rule.ace_low and c >> 2 == ACE) else 0
            for c in range(52)
        ]
    )
    return _OmahaLow(_py_low(rule)[1], b.base, b.pair_of_cards, bt.low_by_board(rule), bits)


def _omaha_flush(hole: Sequence[int], board: Sequence[int], s: int, flush: list[int]) -> int:
    """The best flush of two hole cards and three board cards of suit ``s`` (0: none)."""
    hs = [1 << (c >> 2) for c in hole if c & 3 == s]
    if len(hs) < 2:
        return 0
    bs = [1 << (c >> 2) for c in board if c & 3 == s]
    best = 0
    nh = len(hs)
    nb = len(bs)
    for i in range(nh - 1):
        for j in range(i + 1, nh):
            pair = hs[i] | hs[j]
            for x in range(nb - 2):
                for y in range(x + 1, nb - 1):
                    for z in range(y + 1, nb):
                        v = flush[pair | bs[x] | bs[y] | bs[z]]
                        if v > best:
                            best = v
    return best


def _best_of_pairs(hole: Sequence[int], values: list[int], row: int, pc: list[int]) -> int:
    """The best of ``values[row + pair]`` over the six pairs of four hole cards."""
    h0 = hole[0] * 52
    h1 = hole[1]
    h2 = hole[2]
    h3 = hole[3]
    best = values[row + pc[h0 + h1]]
    v = values[row + pc[h0 + h2]]
    if v > best:
        best = v
    v = values[row + pc[h0 + h3]]
    if v > best:
        best = v
    h1 *= 52
    v = values[row + pc[h1 + h2]]
    if v > best:
        best = v
    v = values[row + pc[h1 + h3]]
    if v > best:
        best = v
    v = values[row + pc[h2 * 52 + h3]]
    if v > best:
        best = v
    return best


def _max6(values: list[int], i0: int, i1: int, i2: int, i3: int, i4: int, i5: int) -> int:
    best = values[i0]
    v = values[i1]
    if v > best:
        best = v
    v = values[i2]
    if v > best:
        best = v
    v = values[i3]
    if v > best:
        best = v
    v = values[i4]
    if v > best:
        best = v
    v = values[i5]
    if v > best:
        best = v
    return best


def _board_row(board: Sequence[int], offsets: list[int], base: list[int]) -> int:
    key = (
        _CARD_KEY[board[0]]
        + _CARD_KEY[board[1]]
        + _CARD_KEY[board[2]]
        + _CARD_KEY[board[3]]
        + _CARD_KEY[board[4]]
    )
    return base[offsets[key >> ROW_SHIFT] + (key & ROW_MASK)]


def omaha_strength(hole: Sequence[int], board: Sequence[int], order: HandOrder = STANDARD) -> int:
    """Best value using exactly two hole cards and three board cards (act-omaha-2017 9.1)."""
    o = _omaha(order) if len(hole) == 4 and len(board) == 5 else None
    if o is None:
        return max(
            strength((*h, *b), order) for h in combinations(hole, 2) for b in combinations(board, 3)
        )
    best = _best_of_pairs(hole, o.high, _board_row(board, o.offsets, o.base), o.pair_of_cards)
    suits = (
        _THREE_SUITED
        + _SUIT_ONE[board[0]]
        + _SUIT_ONE[board[1]]
        + _SUIT_ONE[board[2]]
        + _SUIT_ONE[board[3]]
        + _SUIT_ONE[board[4]]
    )
    if suits & _SUIT_BITS:  # three or more board cards share a suit
        f = _omaha_flush(hole, board, _suit_of(suits), o.flush)
        if f > best:
            best = f
    return best


# --------------------------------------------------------------------------------------------
# Checked evaluation with words


def describe_strength(strength: int, order: HandOrder = STANDARD) -> str:
    """A high strength in words, e.g. ``full house, kings full of jacks``."""
    return _describe(order, _py(order).classes[strength])


def category_of(strength: int, order: HandOrder = STANDARD) -> Category:
    """The category of a high strength."""
    return Category(_py(order).category[strength])


def describe_low_strength(strength: int, rule: LowRule) -> str:
    """A low strength in words, e.g. ``8-6-4-3-2 low``."""
    return LowValue(rule, strength, ()).words


def _describe(order: HandOrder, value: int) -> str:
    pos, r = decode(value)
    cat = order.ranking[pos]
    name, plural = RANK_NAMES, RANK_PLURALS
    match cat:
        case Category.ROYAL_FLUSH:
            return "royal flush"
        case Category.FIVE_OF_A_KIND:
            return f"five of a kind, {plural[r[0]]}"
        case Category.STRAIGHT_FLUSH:
            return f"straight flush, {name[r[0]]} high"
        case Category.FOUR_OF_A_KIND:
            return f"four of a kind, {plural[r[0]]}"
        case Category.FULL_HOUSE:
            return f"full house, {plural[r[0]]} full of {plural[r[1]]}"
        case Category.FLUSH:
            return f"flush, {name[r[0]]} high"
        case Category.STRAIGHT:
            return f"straight, {name[r[0]]} high"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {plural[r[0]]}"
        case Category.TWO_PAIR:
            return f"two pair, {plural[r[0]]} and {plural[r[1]]}"
        case Category.ONE_PAIR:
            return f"one pair, {plural[r[0]]}"
        case _:
            return f"high card, {name[r[0]]}"


@dataclass(frozen=True, eq=False)
class HandValue:
    """A high hand's value under an order; compares by strength (higher wins), so two hands
    that tie are equal (qld-holdem-2005 s8(7))."""

    order: HandOrder
    strength: int
    cards: tuple[Card, ...]
    hole: tuple[Card, ...] = ()
    board: tuple[Card, ...] = ()

    @property
    def category(self) -> Category:
        return Category(_py(self.order).category[self.strength])

    @cached_property
    def words(self) -> str:
        """E.g. ``full house, kings full of jacks``."""
        return _describe(self.order, _py(self.order).classes[self.strength])

    @cached_property
    def best_five(self) -> tuple[Card, ...]:
        """Five cards that make the hand (Omaha: two hole cards and three board cards)."""
        combos: Iterable[tuple[Card, ...]]
        if self.hole:
            combos = (
                (*h, *b) for h in combinations(self.hole, 2) for b in combinations(self.board, 3)
            )
        else:
            combos = combinations(self.cards, 5)
        for five in combos:
            if strength(five, self.order) == self.strength:
                return tuple(sorted(five, key=_display_key, reverse=True))
        raise AssertionError("no five cards make this hand")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.order == other.order and self.strength == other.strength

    def __hash__(self) -> int:
        return hash((self.order, self.strength))

    def __lt__(self, other: HandValue) -> bool:
        _same_order(self, other)
        return self.strength < other.strength

    def __le__(self, other: HandValue) -> bool:
        _same_order(self, other)
        return self.strength <= other.strength

    def __gt__(self, other: HandValue) -> bool:
        _same_order(self, other)
        return self.strength > other.strength

    def __ge__(self, other: HandValue) -> bool:
        _same_order(self, other)
        return self.strength >= other.strength

    def __str__(self) -> str:
        return f"{self.words} ({' '.join(map(str, self.best_five))})"


def _same_order(a: HandValue, b: HandValue) -> None:
    if a.order != b.order:
        raise ValueError("hands under different hand orders do not compare")


def _display_key(c: int) -> int:
    return 99 if c == JOKER_ID else c


def _checked(cards: Sequence[int | str], deck: Deck) -> tuple[Card, ...]:
    out = tuple(Card.parse(c) if isinstance(c, str) else Card(c) for c in cards)
    deck.check(out)
    return out


def evaluate(cards: Sequence[int | str], order: HandOrder = STANDARD) -> HandValue:
    """Evaluate the best five of 5, 6 or 7 cards (qld-holdem-2005 s2 "hand", s7-s8)."""
    cs = _checked(cards, order.deck)
    if not 5 <= len(cs) <= 7:
        raise CardError(f"a hand is evaluated from 5 to 7 cards, not {len(cs)}")
    if sum(c == JOKER_ID for c in cs) > 1:
        raise CardError("a deck holds one joker")
    return HandValue(order, strength(cs, order), cs)


def evaluate_omaha(
    hole: Sequence[int | str], board: Sequence[int | str], order: HandOrder = STANDARD
) -> HandValue:
    """Evaluate an Omaha hand: exactly two of four hole cards and three of five board cards
    (act-omaha-2017 9.1)."""
    h = _checked(hole, order.deck)
    b = _checked(board, order.deck)
    order.deck.check((*h, *b))
    if len(h) != 4:
        raise CardError(f"an Omaha hand has 4 hole cards, not {len(h)}")
    if not 3 <= len(b) <= 5:
        raise CardError(f"an Omaha board has 3 to 5 cards, not {len(b)}")
    return HandValue(order, omaha_strength(h, b, order), (*h, *b), hole=h, board=b)


def compare(a: HandValue, b: HandValue) -> Outcome:
    """WIN, TIE or LOSE for ``a`` against ``b`` (qld-holdem-2005 s8(7): identical rank ties)."""
    _same_order(a, b)
    return (
        Outcome.WIN
        if a.strength > b.strength
        else Outcome.LOSE
        if a.strength < b.strength
        else Outcome.TIE
    )


# --------------------------------------------------------------------------------------------
# Low hands


@cache
def _py_low(rule: LowRule) -> tuple[list[int], list[int], list[int], int]:
    t = low_tables(rule)
    return t.low.tolist(), t.offsets.tolist(), t.classes.tolist(), t.qualify_from


def low_strength(cards: Sequence[int], rule: LowRule) -> int:
    """Low value (higher is a better low; 0 = does not qualify or fewer than 5 cards); unchecked.

    Straights and flushes do not count (act-omaha-2017 3.6); a qualifier needs five odd cards
    of the qualifying rank or lower (3.5(d)).
    """
    low, offsets, _, qualify_from = _py_low(rule)
    key = 0
    counts = [0] * 13
    joker = False
    for c in cards:
        if c == JOKER_ID:
            joker = True
        else:
            key += _KEYS[c >> 2]
            counts[c >> 2] += 1
    if joker:
        best = 0
        for r in rule.deck.ranks:
            if counts[r] < 4:
                k = key + _KEYS[r]
                best = max(best, low[offsets[k >> ROW_SHIFT] + (k & ROW_MASK)])
    else:
        best = low[offsets[key >> ROW_SHIFT] + (key & ROW_MASK)]
    return best if best >= qualify_from else 0


def omaha_low_strength(hole: Sequence[int], board: Sequence[int], rule: LowRule) -> int:
    """Best qualifying low of two hole cards and three board cards (0: none); unchecked."""
    o = _omaha_low(rule) if len(hole) == 4 and len(board) == 5 else None
    if o is None:
        return max(
            low_strength((*h, *b), rule)
            for h in combinations(hole, 2)
            for b in combinations(board, 3)
        )
    return _best_of_pairs(hole, o.low, _board_row(board, o.offsets, o.base), o.pair_of_cards)


def omaha_hilo_strength(
    hole: Sequence[int], board: Sequence[int], rule: LowRule, order: HandOrder = STANDARD
) -> tuple[int, int]:
    """An Omaha hand's high and its qualifying low (0: none) in one pass (act-omaha-2017 3.5(c),
    9.1): the board is looked up once and each hole pair once for both halves; unchecked."""
    o = _omaha(order) if len(hole) == 4 and len(board) == 5 else None
    lo = _omaha_low(rule) if o is not None else None
    if o is None or lo is None:
        return omaha_strength(hole, board, order), omaha_low_strength(hole, board, rule)
    pc = o.pair_of_cards
    row = _board_row(board, o.offsets, o.base)
    h0 = hole[0] * 52
    h1 = hole[1]
    h2 = hole[2]
    h3 = hole[3]
    q1 = h1 * 52
    i0 = row + pc[h0 + h1]
    i1 = row + pc[h0 + h2]
    i2 = row + pc[h0 + h3]
    i3 = row + pc[q1 + h2]
    i4 = row + pc[q1 + h3]
    i5 = row + pc[h2 * 52 + h3]
    best = _max6(o.high, i0, i1, i2, i3, i4, i5)
    bits = lo.low_bits
    if (
        bits
        and not _THREE_RANKS[
            bits[board[0]] | bits[board[1]] | bits[board[2]] | bits[board[3]] | bits[board[4]]
        ]
    ):
        # a qualifying low is five odd cards, three of them from the board (3.5(d), 9.1):
        # a board without three different qualifying ranks makes none with any hole pair
        best_low = 0
    else:
        best_low = _max6(lo.low, i0, i1, i2, i3, i4, i5)
    suits = (
        _THREE_SUITED
        + _SUIT_ONE[board[0]]
        + _SUIT_ONE[board[1]]
        + _SUIT_ONE[board[2]]
        + _SUIT_ONE[board[3]]
        + _SUIT_ONE[board[4]]
    )
    if suits & _SUIT_BITS:
        f = _omaha_flush(hole, board, _suit_of(suits), o.flush)
        if f > best:
            best = f
    return best, best_low


@dataclass(frozen=True)
class LowValue:
    """A low hand's value (higher strength is the better low); ``strength == 0``: no low."""

    rule: LowRule
    strength: int
    cards: tuple[Card, ...]

    @property
    def qualifies(self) -> bool:
        return self.strength > 0

    @property
    def words(self) -> str:
        """E.g. ``8-6-4-3-2 low``, or ``no qualifying low``."""
        if not self.strength:
            return "no qualifying low"
        pattern, ranks = decode(_py_low(self.rule)[2][self.strength])
        shape = _LOW_SHAPES[pattern]
        values = [v for v, k in zip(ranks, shape, strict=False) for _ in range(k)]
        text = "-".join(_low_char(v, self.rule.ace_low) for v in values)
        return f"{text} low"

    def __str__(self) -> str:
        return self.words


# How many cards each rank slot of a low class holds, by pattern (see tables._low_value).
_LOW_SHAPES = ((1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1))


def _low_char(v: int, ace_low: bool) -> str:
    if v == 0:
        return "A"
    return RANK_CHARS[v - 1]


def evaluate_low(cards: Sequence[int | str], rule: LowRule) -> LowValue:
    cs = _checked(cards, rule.deck)
    if not 5 <= len(cs) <= 7:
        raise CardError(f"a low hand is evaluated from 5 to 7 cards, not {len(cs)}")
    return LowValue(rule, low_strength(cs, rule), cs)


def evaluate_omaha_low(
    hole: Sequence[int | str], board: Sequence[int | str], rule: LowRule
) -> LowValue:
    h = _checked(hole, rule.deck)
    b = _checked(board, rule.deck)
    rule.deck.check((*h, *b))
    if len(h) != 4 or not 3 <= len(b) <= 5:
        raise CardError("an Omaha low needs 4 hole cards and 3 to 5 board cards (9.1)")
    return LowValue(rule, omaha_low_strength(h, b, rule), (*h, *b))


__all__ = [
    "HandValue",
    "LowValue",
    "Outcome",
    "compare",
    "evaluate",
    "evaluate_low",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "low_strength",
    "omaha_hilo_strength",
    "omaha_low_strength",
    "omaha_strength",
    "strength",
]
