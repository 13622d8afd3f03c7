"""Compiled hand-evaluation kernels (numba). Imported lazily: importing croupier stays fast.

Every card adds one int64 word: its rank key in the low 32 bits and a 1 in its suit's 4-bit
counter at bit ``32 + 4 * suit``. The counters start at 3, so a suit holding five or more
cards sets its counter's top bit: that hand's value is the flush table's entry for the suited
ranks, since with seven cards or fewer a flush rules out quads and full houses.

All arithmetic stays in int64: mixing numba's unsigned and signed integers silently goes
through floating point and costs an order of magnitude.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from croupier.hands.tables import N_TRIPLES, RANK_KEYS, ROW_MASK, ROW_SHIFT

JOKER = 52
SUIT_BASE = 0x3333 << 32

CARD_WORD = np.array(
    [int(RANK_KEYS[c >> 2]) | (1 << (32 + 4 * (c & 3))) for c in range(52)] + [0],
    dtype=np.int64,
)
RANK_KEY = RANK_KEYS.astype(np.int64)

# Compiled without numba's runtime (no reference counts) and inlined by LLVM. numba's stubs do
# not know its ``_nrt`` option; the build's own type check runs without numba, where the ignore
# is unused.
inlined = njit(_nrt=False, forceinline=True)  # type: ignore[call-overload,unused-ignore]


@njit(inline="always")
def flush_suit(w):
    """The suit holding five or more of the cards whose words sum (from ``SUIT_BASE``) to ``w``;
    -1: none."""
    fl = (w >> 32) & 0x8888
    if fl == 0:
        return -1
    if fl & 0x8:
        return 0
    if fl & 0x80:
        return 1
    if fl & 0x800:
        return 2
    return 3


@inlined
def hand_value(a, ka, b, kb, nonflush, flush, offsets, words):
    """Value of the cards ``a[:ka]`` with ``b[:kb]``, 5 to 7 in all, no joker: the one 7-card
    evaluation of the batch evaluator, the PHH replay and the UTH analysis.

    Compiled without numba's runtime and inlined by LLVM: numba's own inlining, or a call
    under the runtime, increfs and decrefs each array argument per hand, which in a loop over
    hands costs about ten times the evaluation. Not cached, so that each caller compiles (and
    inlines) it.
    """
    w = np.int64(SUIT_BASE)
    for i in range(ka):
        w += words[a[i]]
    for i in range(kb):
        w += words[b[i]]
    s = flush_suit(w)
    if s < 0:
        key = w & 0xFFFFFFFF
        return np.int64(nonflush[offsets[key >> ROW_SHIFT] + (key & ROW_MASK)])
    mask = np.int64(0)
    for i in range(ka):
        c = np.int64(a[i])
        if (c & 3) == s:
            mask |= np.int64(1) << (c >> 2)
    for i in range(kb):
        c = np.int64(b[i])
        if (c & 3) == s:
            mask |= np.int64(1) << (c >> 2)
    return np.int64(flush[mask])


@inlined
def eval_row(cards, h, k, nonflush, flush, offsets, words):
    """Value of ``cards[h, :k]`` (no joker), 5 to 7 cards."""
    return hand_value(cards[h], k, cards[h], 0, nonflush, flush, offsets, words)


@njit(cache=True)
def eval_joker_row(cards, h, k, nonflush, flush, offsets, words, five_kind, deck_lo):
    """Value of ``cards[h, :k]`` where one card may be the joker (act-omaha-2017 2.3, 3.7).

    The joker counts as whichever card makes the best hand: any card of the deck not already
    held, or a fifth card of a rank held four times (five of a kind, 3.3(b)).
    """
    j = -1
    for i in range(k):
        if cards[h, i] == JOKER:
            j = i
    if j < 0:
        return eval_row(cards, h, k, nonflush, flush, offsets, words)
    tmp = np.empty((1, k), np.int64)
    counts = np.zeros(13, np.int64)
    held = np.zeros(52, np.bool_)
    for i in range(k):
        c = np.int64(cards[h, i])
        tmp[0, i] = c
        if i != j:
            counts[c >> 2] += 1
            held[c] = True
    best = 0
    for r in range(12, -1, -1):
        if counts[r] == 4:
            best = np.int64(five_kind[r])
            break
    for c in range(deck_lo * 4, 52):
        if not held[c]:
            tmp[0, j] = c
            v = np.int64(eval_row(tmp, 0, k, nonflush, flush, offsets, words))
            if v > best:
                best = v
    return best


@njit(cache=True)
def batch_high(cards, nonflush, flush, offsets, words):
    """Values of each row of ``cards`` (n, k), k from 5 to 7, no joker."""
    n, k = cards.shape
    out = np.empty(n, np.uint16)
    for h in range(n):
        out[h] = hand_value(cards[h], k, cards[h], 0, nonflush, flush, offsets, words)
    return out


@njit(cache=True)
def batch_high_joker(cards, nonflush, flush, offsets, words, five_kind, deck_lo):
    n, k = cards.shape
    out = np.empty(n, np.uint16)
    for h in range(n):
        out[h] = eval_joker_row(cards, h, k, nonflush, flush, offsets, words, five_kind, deck_lo)
    return out


@njit(cache=True)
def batch_omaha(hole, board, values, flush, pair_index, triple_index):
    """Best value using exactly two of the four hole cards and three of the five board cards
    (act-omaha-2017 9.1), for each row; no joker.

    Non-flush combinations are one load each from the (rank pair, rank triple) table, reduced
    by six independent maxima; flushes are looked at only when the board holds three of a suit.
    """
    n = hole.shape[0]
    out = np.empty(n, np.uint16)
    bi = np.empty(10, np.int64)
    for h in range(n):
        h0 = np.int64(hole[h, 0])
        h1 = np.int64(hole[h, 1])
        h2 = np.int64(hole[h, 2])
        h3 = np.int64(hole[h, 3])
        r0, r1, r2, r3 = h0 >> 2, h1 >> 2, h2 >> 2, h3 >> 2
        p0 = pair_index[r0 * 13 + r1] * N_TRIPLES
        p1 = pair_index[r0 * 13 + r2] * N_TRIPLES
        p2 = pair_index[r0 * 13 + r3] * N_TRIPLES
        p3 = pair_index[r1 * 13 + r2] * N_TRIPLES
        p4 = pair_index[r1 * 13 + r3] * N_TRIPLES
        p5 = pair_index[r2 * 13 + r3] * N_TRIPLES
        b0 = np.int64(board[h, 0])
        b1 = np.int64(board[h, 1])
        b2 = np.int64(board[h, 2])
        b3 = np.int64(board[h, 3])
        b4 = np.int64(board[h, 4])
        s0, s1, s2, s3, s4 = b0 >> 2, b1 >> 2, b2 >> 2, b3 >> 2, b4 >> 2
        bi[0] = triple_index[s0 * 169 + s1 * 13 + s2]
        bi[1] = triple_index[s0 * 169 + s1 * 13 + s3]
        bi[2] = triple_index[s0 * 169 + s1 * 13 + s4]
        bi[3] = triple_index[s0 * 169 + s2 * 13 + s3]
        bi[4] = triple_index[s0 * 169 + s2 * 13 + s4]
        bi[5] = triple_index[s0 * 169 + s3 * 13 + s4]
        bi[6] = triple_index[s1 * 169 + s2 * 13 + s3]
        bi[7] = triple_index[s1 * 169 + s2 * 13 + s4]
        bi[8] = triple_index[s1 * 169 + s3 * 13 + s4]
        bi[9] = triple_index[s2 * 169 + s3 * 13 + s4]
        m0 = m1 = m2 = m3 = m4 = m5 = np.int64(0)
        for j in range(10):
            bj = bi[j]
            m0 = max(m0, np.int64(values[p0 + bj]))
            m1 = max(m1, np.int64(values[p1 + bj]))
            m2 = max(m2, np.int64(values[p2 + bj]))
            m3 = max(m3, np.int64(values[p3 + bj]))
            m4 = max(m4, np.int64(values[p4 + bj]))
            m5 = max(m5, np.int64(values[p5 + bj]))
        best = max(max(max(m0, m1), max(m2, m3)), max(m4, m5))
        # A flush needs three board cards and two hole cards of one suit.
        sc = (
            (1 << (4 * (b0 & 3)))
            + (1 << (4 * (b1 & 3)))
            + (1 << (4 * (b2 & 3)))
            + (1 << (4 * (b3 & 3)))
            + (1 << (4 * (b4 & 3)))
        )
        for s in range(4):
            if ((sc >> (4 * s)) & 15) < 3:
                continue
            hm = 0
            for c in (h0, h1, h2, h3):
                if (c & 3) == s:
                    hm |= 1 << (c >> 2)
            if _popcount(hm) < 2:
                continue
            bm = 0
            for c in (b0, b1, b2, b3, b4):
                if (c & 3) == s:
                    bm |= 1 << (c >> 2)
            v = _best_suited(hm, bm, flush)
            if v > best:
                best = v
        out[h] = best
    return out


@njit(cache=True)
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def _best_suited(hm, bm, flush):
    """Best flush value of two ranks of ``hm`` with three ranks of ``bm`` (suited rank masks)."""
    best = np.int64(0)
    x = hm
    while x:
        a = x & -x
        x ^= a
        y = x
        while y:
            b = y & -y
            y ^= b
            u = bm
            while u:
                c = u & -u
                u ^= c
                w = u
                while w:
                    d = w & -w
                    w ^= d
                    z = w
                    while z:
                        e = z & -z
                        z ^= e
                        v = np.int64(flush[a | b | c | d | e])
                        if v > best:
                            best = v
    return best


@njit(cache=True)
def _gather_omaha(hole, board, h, a, b, x, y, z, five):
    five[0, 0] = hole[h, a]
    five[0, 1] = hole[h, b]
    five[0, 2] = board[h, x]
    five[0, 3] = board[h, y]
    five[0, 4] = board[h, z]


@njit(cache=True)
def batch_omaha_joker(hole, board, nonflush, flush, offsets, words, five_kind, deck_lo):
    n = hole.shape[0]
    out = np.empty(n, np.uint16)
    five = np.empty((1, 5), np.int64)
    for h in range(n):
        best = 0
        for a in range(4):
            for b in range(a + 1, 4):
                for x in range(5):
                    for y in range(x + 1, 5):
                        for z in range(y + 1, 5):
                            _gather_omaha(hole, board, h, a, b, x, y, z, five)
                            v = eval_joker_row(
                                five, 0, 5, nonflush, flush, offsets, words, five_kind, deck_lo
                            )
                            if v > best:
                                best = v
        out[h] = best
    return out


@njit(cache=True, inline="always")
def low_row(cards, h, k, low, offsets, rank_key, deck_lo):
    """Low value of ``cards[h, :k]``; a joker is the best rank not already held four times."""
    j = -1
    key = 0
    held = np.zeros(13, np.int64)
    for i in range(k):
        c = np.int64(cards[h, i])
        if c == JOKER:
            j = i
        else:
            key += rank_key[c >> 2]
            held[c >> 2] += 1
    if j < 0:
        return np.int64(low[offsets[key >> ROW_SHIFT] + (key & ROW_MASK)])
    best = 0
    for r in range(deck_lo, 13):
        if held[r] < 4:
            k2 = key + rank_key[r]
            v = np.int64(low[offsets[k2 >> ROW_SHIFT] + (k2 & ROW_MASK)])
            if v > best:
                best = v
    return best


@njit(cache=True)
def batch_low(cards, low, offsets, rank_key, deck_lo):
    """Low values (higher is a better low) of each row, before any qualifier."""
    n, k = cards.shape
    out = np.empty(n, np.uint16)
    for h in range(n):
        out[h] = low_row(cards, h, k, low, offsets, rank_key, deck_lo)
    return out


@njit(cache=True)
def batch_omaha_low(hole, board, low, offsets, rank_key, deck_lo):
    n = hole.shape[0]
    out = np.empty(n, np.uint16)
    five = np.empty((1, 5), np.int64)
    for h in range(n):
        best = 0
        for a in range(4):
            for b in range(a + 1, 4):
                for x in range(5):
                    for y in range(x + 1, 5):
                        for z in range(y + 1, 5):
                            _gather_omaha(hole, board, h, a, b, x, y, z, five)
                            v = low_row(five, 0, 5, low, offsets, rank_key, deck_lo)
                            if v > best:
                                best = v
        out[h] = best
    return out


@njit(cache=True)
def census(deck, k, nonflush, flush, offsets, words, five_kind, deck_lo, n_classes):
    """Histogram of values over every k-card hand from ``deck`` (sorted ids, joker last)."""
    hist = np.zeros(n_classes + 1, np.int64)
    m = len(deck)
    idx = np.zeros(k, np.int64)
    hand = np.empty((1, k), np.int64)
    for i in range(k):
        idx[i] = i
    while True:
        for i in range(k):
            hand[0, i] = deck[idx[i]]
        if hand[0, k - 1] == JOKER:
            v = eval_joker_row(hand, 0, k, nonflush, flush, offsets, words, five_kind, deck_lo)
        else:
            v = eval_row(hand, 0, k, nonflush, flush, offsets, words)
        hist[v] += 1
        # the next combination in lexicographic order
        i = k - 1
        while i >= 0 and idx[i] == m - k + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for t in range(i + 1, k):
            idx[t] = idx[t - 1] + 1
    return hist
