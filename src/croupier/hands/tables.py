"""Lookup tables for hand evaluation, built once per hand order and cached on disk.

A hand's value depends only on its multiset of ranks, unless five or more cards share a suit.
So each order has two tables:

* ``nonflush[slot(key)]``: the best non-flush hand of a rank multiset of up to 7 cards. ``key``
  is the sum of the cards' rank keys (multipliers whose sums are unique for every multiset of
  up to 7 cards with at most 4 of a rank, as in OMPEval), and ``slot`` a perfect hash of the key
  by row displacement: ``offsets[key >> ROW_SHIFT] + (key & ROW_MASK)``.
* ``flush[mask]``: the best straight flush or flush of a 13-bit mask of suited ranks.

Values are *strengths*: 1 for the lowest 5-card class of the order up to the number of
classes (7,462 for 52 cards), 0 for "no five-card hand". ``classes[strength]`` decodes a
strength to its category and ranks. About 200 KB per order.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt

from croupier.cards import ACE
from croupier.hands.orders import Category, HandOrder, LowRule

TABLE_VERSION = 1
RANK_KEYS = np.array(
    [
        0x2000,
        0x8001,
        0x11000,
        0x3A000,
        0x91000,
        0x176005,
        0x366000,
        0x41A013,
        0x47802E,
        0x479068,
        0x48C0E4,
        0x48F211,
        0x494493,
    ],
    dtype=np.uint32,
)
ROW_SHIFT = 12
ROW_MASK = (1 << ROW_SHIFT) - 1
MAX_CARDS = 7

U16 = npt.NDArray[np.uint16]
U32 = npt.NDArray[np.uint32]
I32 = npt.NDArray[np.int32]
U8 = npt.NDArray[np.uint8]

# Generic class values: category position in the order << 20, then up to five 4-bit ranks.
_CAT_SHIFT = 20


def encode(position: int, ranks: tuple[int, ...] | list[int]) -> int:
    v = position << _CAT_SHIFT
    for i, r in enumerate(ranks):
        v |= r << (16 - 4 * i)
    return v


def decode(value: int) -> tuple[int, tuple[int, ...]]:
    """Split a class value into its category position and its five rank nibbles."""
    return value >> _CAT_SHIFT, tuple((value >> (16 - 4 * i)) & 0xF for i in range(5))


# --------------------------------------------------------------------------------------------
# Rank multisets and their perfect hash


@dataclass(frozen=True)
class RankHash:
    """Every rank multiset of 0..7 cards, its key, and the perfect hash of the keys."""

    counts: U8  # (n, 13) rank counts
    keys: U32  # (n,)
    slots: I32  # (n,) the slot of each multiset in a table
    offsets: I32  # (rows,) row displacement offsets
    size: int  # table length


def _enumerate_multisets() -> U8:
    out: list[list[int]] = []
    cur = [0] * 13

    def rec(r: int, left: int) -> None:
        if r == 13:
            out.append(cur.copy())
            return
        for c in range(min(4, left) + 1):
            cur[r] = c
            rec(r + 1, left - c)
        cur[r] = 0

    rec(0, MAX_CARDS)
    return np.array(out, dtype=np.uint8)


def _displace(keys: U32) -> tuple[I32, int]:
    """Row displacement: give each row an offset so that no two keys share a slot."""
    rows = keys >> ROW_SHIFT
    n_rows = int(rows.max()) + 1
    cols_of: list[list[int]] = [[] for _ in range(n_rows)]
    for row, key in zip(rows.tolist(), keys.tolist(), strict=True):
        cols_of[row].append(key & ROW_MASK)
    order = sorted(range(n_rows), key=lambda r: -len(cols_of[r]))
    used = np.zeros(len(keys) * 4 + (1 << ROW_SHIFT), dtype=bool)
    offsets = np.zeros(n_rows, dtype=np.int32)
    first_free = 0
    for row in order:
        cols = np.array(cols_of[row], dtype=np.int64)
        if len(cols) == 0:
            break
        start = max(first_free - int(cols.min()), 0)
        while True:  # test a block of candidate offsets at once
            cand = np.arange(start, start + 4096)
            clash = used[cols[:, None] + cand[None, :]].any(axis=0)
            free = np.flatnonzero(~clash)
            if len(free):
                off = int(cand[free[0]])
                break
            start += 4096
        used[cols + off] = True
        offsets[row] = off
        while used[first_free]:
            first_free += 1
    size = int(np.flatnonzero(used).max()) + 1
    return offsets, size


@cache
def rank_hash() -> RankHash:
    def build() -> dict[str, npt.NDArray[np.generic]]:
        counts = _enumerate_multisets()
        keys = (counts.astype(np.uint64) @ RANK_KEYS.astype(np.uint64)).astype(np.uint32)
        if len(np.unique(keys)) != len(keys):
            raise AssertionError("rank keys collide")
        offsets, _ = _displace(keys)
        slots = offsets[keys >> ROW_SHIFT] + (keys & ROW_MASK).astype(np.int32)
        return {"counts": counts, "keys": keys, "slots": slots.astype(np.int32), "offsets": offsets}

    d = _cached("rankhash", build)
    return RankHash(
        counts=d["counts"].astype(np.uint8),
        keys=d["keys"].astype(np.uint32),
        slots=d["slots"].astype(np.int32),
        offsets=d["offsets"].astype(np.int32),
        size=int(d["slots"].max()) + 1,
    )


# --------------------------------------------------------------------------------------------
# High hands


@dataclass(frozen=True)
class HighTables:
    order: HandOrder
    nonflush: U16  # by slot
    flush: U16  # by 13-bit suited-rank mask
    classes: U32  # strength -> class value (index 0 unused)
    category: U8  # strength -> Category id
    offsets: I32  # perfect-hash row offsets (shared by every order)

    @property
    def n_classes(self) -> int:
        return len(self.classes) - 1

    def strength_of_class(self, category: Category, ranks: tuple[int, ...]) -> int:
        value = encode(self.order.position(category), ranks)
        i = int(np.searchsorted(self.classes, value))
        if i >= len(self.classes) or int(self.classes[i]) != value:
            raise KeyError(f"no {category.words} with ranks {ranks} in {self.order.name}")
        return i


def _straight_top(ranks: set[int], order: HandOrder) -> int:
    """The top rank of the best straight in ``ranks``, or -1."""
    low = order.deck.lowest_rank
    for top in range(ACE, low + 3, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    if order.ace_low and ACE in ranks and all(r in ranks for r in range(low, low + 4)):
        return low + 3
    return -1


def _best_nonflush(counts: list[int], order: HandOrder) -> int:
    """The best non-flush five-card class value formable from a rank multiset (0 if < 5 cards)."""
    if sum(counts) < 5:
        return 0
    pos = order.position
    desc = [r for r in range(12, -1, -1) if counts[r]]
    quads = [r for r in desc if counts[r] >= 4]
    trips = [r for r in desc if counts[r] >= 3]
    pairs = [r for r in desc if counts[r] >= 2]
    best = 0
    if quads:
        q = quads[0]
        best = max(best, encode(pos(Category.FOUR_OF_A_KIND), [q, next(r for r in desc if r != q)]))
    if trips:
        t = trips[0]
        others = [r for r in pairs if r != t]
        if others:
            best = max(best, encode(pos(Category.FULL_HOUSE), [t, others[0]]))
        kick = [r for r in desc if r != t]
        if len(kick) >= 2:
            best = max(best, encode(pos(Category.THREE_OF_A_KIND), [t, *kick[:2]]))
    top = _straight_top(set(desc), order)
    if top >= 0:
        best = max(best, encode(pos(Category.STRAIGHT), [top]))
    if len(pairs) >= 2:
        p1, p2 = pairs[0], pairs[1]
        kick = [r for r in desc if r not in (p1, p2)]
        if kick:
            best = max(best, encode(pos(Category.TWO_PAIR), [p1, p2, kick[0]]))
    if pairs:
        p = pairs[0]
        kick = [r for r in desc if r != p]
        if len(kick) >= 3:
            best = max(best, encode(pos(Category.ONE_PAIR), [p, *kick[:3]]))
    if len(desc) >= 5 and _straight_top(set(desc[:5]), order) < 0:
        best = max(best, encode(pos(Category.HIGH_CARD), desc[:5]))
    return best


def _best_flush(mask: int, order: HandOrder) -> int:
    """The best straight flush or flush class value of a suited-rank mask (0 if < 5 ranks)."""
    ranks = [r for r in range(12, -1, -1) if mask >> r & 1]
    if len(ranks) < 5:
        return 0
    top = _straight_top(set(ranks), order)
    if top == ACE:
        return encode(order.position(Category.ROYAL_FLUSH), [])
    if top >= 0:
        return encode(order.position(Category.STRAIGHT_FLUSH), [top])
    # The five highest never form a straight here, since no straight exists at all.
    return encode(order.position(Category.FLUSH), ranks[:5])


def _five_card_classes(order: HandOrder) -> list[int]:
    deck_ranks = list(order.deck.ranks)
    values: set[int] = set()
    for combo in combinations(deck_ranks, 5):
        values.add(_best_flush(sum(1 << r for r in combo), order))
    rh = rank_hash()
    lo = order.deck.lowest_rank
    for counts in rh.counts:
        if int(counts.sum()) == 5 and not counts[:lo].any():
            values.add(_best_nonflush(counts.tolist(), order))
    if order.deck.joker:
        for r in deck_ranks:
            values.add(encode(order.position(Category.FIVE_OF_A_KIND), [r]))
    values.discard(0)
    return sorted(values)


def _build_high(order: HandOrder) -> dict[str, npt.NDArray[np.generic]]:
    rh = rank_hash()
    classes = [0, *_five_card_classes(order)]
    strength = {v: i for i, v in enumerate(classes)}
    lo = order.deck.lowest_rank
    nonflush = np.zeros(rh.size, dtype=np.uint16)
    for counts, slot in zip(rh.counts, rh.slots.tolist(), strict=True):
        if counts[:lo].any() or int(counts.sum()) < 5:
            continue
        nonflush[slot] = strength[_best_nonflush(counts.tolist(), order)]
    flush = np.zeros(1 << 13, dtype=np.uint16)
    low_mask = (1 << lo) - 1
    for mask in range(1 << 13):
        if mask & low_mask or mask.bit_count() < 5:
            continue
        flush[mask] = strength[_best_flush(mask, order)]
    by_pos = {order.position(c): int(c) for c in Category}
    category = np.array([0] + [by_pos[v >> _CAT_SHIFT] for v in classes[1:]], dtype=np.uint8)
    return {
        "nonflush": nonflush,
        "flush": flush,
        "classes": np.array(classes, dtype=np.uint32),
        "category": category,
    }


@cache
def high_tables(order: HandOrder) -> HighTables:
    """The lookup tables of a hand order (built on first use, then read from the disk cache)."""
    key = order.table_key + ("-j" if order.deck.joker else "")
    d = _cached(f"high-{key}", lambda: _build_high(order))
    return HighTables(
        order=order,
        nonflush=d["nonflush"].astype(np.uint16),
        flush=d["flush"].astype(np.uint16),
        classes=d["classes"].astype(np.uint32),
        category=d["category"].astype(np.uint8),
        offsets=rank_hash().offsets,
    )


@dataclass(frozen=True)
class OmahaTables:
    """Non-flush values of every (hole rank pair, board rank triple): one load per combination.

    ``pair_index[r1 * 13 + r2]`` numbers the 91 rank pairs, ``triple_index[r1 * 169 + r2 * 13 +
    r3]`` the 455 rank triples; ``values[pair * 455 + triple]`` is the five-card value (83 KB).
    """

    pair_index: npt.NDArray[np.int64]
    triple_index: npt.NDArray[np.int64]
    values: U16


N_TRIPLES = 455


@cache
def omaha_tables(order: HandOrder) -> OmahaTables:
    t = high_tables(order)
    pairs = [(a, b) for a in range(13) for b in range(a, 13)]
    triples = [(a, b, c) for a in range(13) for b in range(a, 13) for c in range(b, 13)]
    pair_index = np.zeros(169, dtype=np.int64)
    for i, (a, b) in enumerate(pairs):
        pair_index[a * 13 + b] = pair_index[b * 13 + a] = i
    triple_index = np.zeros(2197, dtype=np.int64)
    for i, (a, b, c) in enumerate(triples):
        for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
            triple_index[x * 169 + y * 13 + z] = i
    pr = np.array(pairs, dtype=np.int64)
    tr = np.array(triples, dtype=np.int64)
    ranks = np.concatenate(
        [np.repeat(pr, len(tr), axis=0), np.tile(tr, (len(pr), 1))], axis=1
    )  # (91 * 455, 5)
    counts = np.zeros((len(ranks), 13), dtype=np.int64)
    for col in range(5):
        np.add.at(counts, (np.arange(len(ranks)), ranks[:, col]), 1)
    keys = RANK_KEYS.astype(np.int64)[ranks].sum(axis=1)
    slots = t.offsets.astype(np.int64)[keys >> ROW_SHIFT] + (keys & ROW_MASK)
    possible = counts.max(axis=1) <= 4
    values = np.where(possible, t.nonflush[np.where(possible, slots, 0)], 0).astype(np.uint16)
    return OmahaTables(pair_index, triple_index, values)


# --------------------------------------------------------------------------------------------
# Low hands (act-omaha-2017 3.5(b)-(d), 3.6: straights and flushes do not count)


@dataclass(frozen=True)
class LowTables:
    rule: LowRule
    low: U16  # by slot: higher is a better low; 0 = fewer than five cards
    classes: U32  # strength -> low class value (smaller value = better low)
    qualify_from: int  # lowest strength that qualifies under rule.qualifier (n+1: none do)
    offsets: I32


def low_rank_value(rank: int, ace_low: bool) -> int:
    """A rank's value in a low hand: the ace is 0 when it plays low, else ranks count 1..13."""
    return 0 if (rank == ACE and ace_low) else rank + 1


def _low_value(counts: list[int], ace_low: bool) -> int:
    """Class value of a five-card low (smaller is better): pattern, then ranks high to low."""
    groups = sorted(
        ((counts[r], low_rank_value(r, ace_low)) for r in range(13) if counts[r]),
        key=lambda t: (-t[0], -t[1]),
    )
    shape = tuple(c for c, _ in groups)
    pattern = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
    }[shape]
    return encode(pattern, [v for _, v in groups])


def _best_low(counts: list[int], ace_low: bool) -> int:
    total = sum(counts)
    if total < 5:
        return 0
    distinct = [r for r in range(13) if counts[r]]
    if len(distinct) >= 5:
        lows = sorted(distinct, key=lambda r: low_rank_value(r, ace_low))[:5]
        sub = [0] * 13
        for r in lows:
            sub[r] = 1
        return _low_value(sub, ace_low)
    best: int | None = None
    pool = [r for r in distinct for _ in range(counts[r])]
    for combo in set(combinations(pool, 5)):
        sub = [0] * 13
        for r in combo:
            sub[r] += 1
        v = _low_value(sub, ace_low)
        best = v if best is None else min(best, v)
    assert best is not None
    return best


def _build_low(rule: LowRule) -> dict[str, npt.NDArray[np.generic]]:
    rh = rank_hash()
    lo = rule.deck.lowest_rank
    values: dict[int, int] = {}
    for counts, slot in zip(rh.counts, rh.slots.tolist(), strict=True):
        if counts[:lo].any() or int(counts.sum()) < 5:
            continue
        values[slot] = _best_low(counts.tolist(), rule.ace_low)
    classes = sorted(set(values.values()), reverse=True)  # worst low first
    strength = {v: i + 1 for i, v in enumerate(classes)}
    low = np.zeros(rh.size, dtype=np.uint16)
    for slot, v in values.items():
        low[slot] = strength[v]
    return {"low": low, "classes": np.array([0, *classes], dtype=np.uint32)}


@cache
def low_tables(rule: LowRule) -> LowTables:
    d = _cached(rule.table_key, lambda: _build_low(rule))
    classes = d["classes"].astype(np.uint32)
    qualify_from = 1 if rule.qualifier is None else len(classes)
    if rule.qualifier is not None:
        limit = low_rank_value(rule.qualifier, rule.ace_low)
        for s in range(1, len(classes)):
            pattern, ranks = decode(int(classes[s]))
            if pattern == 0 and ranks[0] <= limit:
                qualify_from = s
                break
    return LowTables(
        rule=rule,
        low=d["low"].astype(np.uint16),
        classes=classes,
        qualify_from=qualify_from,
        offsets=rank_hash().offsets,
    )


# --------------------------------------------------------------------------------------------
# Disk cache


def cache_dir() -> Path:
    """Where tables are cached: ``$CROUPIER_CACHE``, else ``$XDG_CACHE_HOME/croupier``."""
    env = os.environ.get("CROUPIER_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "croupier"


def _source_digest() -> str:
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]


def _cached(
    name: str, build: object
) -> dict[str, npt.NDArray[np.generic]]:  # build: () -> dict of arrays
    path = cache_dir() / f"{name}-v{TABLE_VERSION}-{_source_digest()}.npz"
    try:
        with np.load(path) as f:
            return {k: f[k] for k in f.files}
    except (OSError, ValueError, KeyError):
        pass
    assert callable(build)
    data: dict[str, npt.NDArray[np.generic]] = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, **data)  # type: ignore[arg-type]
        os.replace(tmp, path)
    except OSError:
        pass  # an unwritable cache only costs a rebuild next time
    return data
