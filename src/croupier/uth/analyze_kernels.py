"""Compiled kernels (numba) for the exact and Monte Carlo analysis of Ultimate Texas Hold'em.

Cards are ``rank * 4 + suit``. A two-card hand is named by its global pair index ``pidx[a, b]``
(0..1325). Money is in *units*: ``L`` units make one Ante, ``L`` the least common denominator
of the Blind odds, so every payout is a whole number of units.

For a five-card board, every pair of the 47 unseen cards is valued once: those pairs are at
the same time the player's possible holes and the dealer's. Sweeping them in order of strength
counts, for each hole, the dealer hands (the 990 pairs disjoint from it) it beats, ties and
loses to, split by whether the dealer qualifies (a pair or better). Outcome counts go into 35
bins, ``outcome * 7 + blind_class``: outcomes WQ (win, dealer qualifies), WN (win, dealer does
not), T (tie), LQ, LN (loss); blind class 0 (no Blind bonus) or 1..6 (the pay lines from the
lowest up).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from croupier.hands.kernels import SUIT_BASE, flush_suit
from croupier.hands.tables import ROW_MASK, ROW_SHIFT

N_PAIRS = 1326
DEALER_HANDS = 990  # C(45, 2): the dealer's two cards from the 45 the player and board leave
N_CLASSES = 7
N_BINS = 5 * N_CLASSES  # outcome x blind class
FOLD_BIN = N_BINS  # the check-check path's extra bin: folded on the river (8.5(a))
WQ, WN, TIE, LQ, LN = 0, 1, 2, 3, 4


@njit(cache=True)
def board_pass(board, unseen, nonflush, flush, offsets, words, thr, pidx, pair_g, pair_s, counts):
    """Value every pair of ``unseen`` (47 cards) on ``board`` (5 cards) and count, for each
    pair as the player's hole, the dealer hands it beats, ties and loses to.

    Fills ``pair_g[i]`` (global pair index), ``pair_s[i]`` (strength) and ``counts[i, :5]``
    (WQ, WN, T, LQ, LN) for the ``C(n, 2)`` pairs; returns how many pairs there are.
    """
    n = unseen.shape[0]
    wb = np.int64(SUIT_BASE)
    bmask = np.zeros(4, np.int64)
    for i in range(5):
        c = np.int64(board[i])
        wb += words[c]
        bmask[c & 3] |= np.int64(1) << (c >> 2)
    m = 0
    pa = np.empty(N_PAIRS, np.int64)
    pb = np.empty(N_PAIRS, np.int64)
    nq_total = 0
    nqc = np.zeros(52, np.int64)
    for i in range(n):
        a = np.int64(unseen[i])
        wa = wb + words[a]
        for j in range(i + 1, n):
            b = np.int64(unseen[j])
            w = wa + words[b]
            s = flush_suit(w)
            if s >= 0:
                mask = bmask[s]
                if (a & 3) == s:
                    mask |= np.int64(1) << (a >> 2)
                if (b & 3) == s:
                    mask |= np.int64(1) << (b >> 2)
                v = np.int64(flush[mask])
            else:
                key = w & 0xFFFFFFFF
                v = np.int64(nonflush[offsets[key >> ROW_SHIFT] + (key & ROW_MASK)])
            pa[m] = a
            pb[m] = b
            pair_g[m] = pidx[a, b]
            pair_s[m] = v
            if v < thr:
                nq_total += 1
                nqc[a] += 1
                nqc[b] += 1
            m += 1
    # Two-pass LSD radix sort of the pairs by strength (strengths are below 2**13).
    order = np.empty(m, np.int64)
    tmp = np.empty(m, np.int64)
    cnt = np.zeros(129, np.int64)
    for i in range(m):
        cnt[(pair_s[i] & 127) + 1] += 1
    for d in range(128):
        cnt[d + 1] += cnt[d]
    for i in range(m):
        d = pair_s[i] & 127
        tmp[cnt[d]] = i
        cnt[d] += 1
    cnt[:] = 0
    for i in range(m):
        cnt[(pair_s[i] >> 7) + 1] += 1
    for d in range(128):
        cnt[d + 1] += cnt[d]
    for k in range(m):
        i = tmp[k]
        d = pair_s[i] >> 7
        order[cnt[d]] = i
        cnt[d] += 1
    # Sweep groups of equal strength from the weakest. below_c[c]: pairs holding card c that
    # are weaker than the group; eq_c[c]: pairs holding c inside the group.
    below_c = np.zeros(52, np.int64)
    eq_c = np.zeros(52, np.int64)
    below = 0
    lo = 0
    while lo < m:
        s = pair_s[order[lo]]
        hi = lo
        while hi < m and pair_s[order[hi]] == s:
            i = order[hi]
            eq_c[pa[i]] += 1
            eq_c[pb[i]] += 1
            hi += 1
        size = hi - lo
        for k in range(lo, hi):
            i = order[k]
            a = pa[i]
            b = pb[i]
            less = below - below_c[a] - below_c[b]
            eq = size - (eq_c[a] + eq_c[b] - 1)
            gt = DEALER_HANDS - less - eq
            if s >= thr:
                nqv = nq_total - nqc[a] - nqc[b]
                counts[i, WQ] = less - nqv
                counts[i, WN] = nqv
                counts[i, LQ] = gt
                counts[i, LN] = 0
            else:
                nqv = nq_total - nqc[a] - nqc[b] + 1
                ln = nqv - less - eq
                counts[i, WQ] = 0
                counts[i, WN] = less
                counts[i, LQ] = gt - ln
                counts[i, LN] = ln
            counts[i, TIE] = eq
        for k in range(lo, hi):
            i = order[k]
            below_c[pa[i]] += 1
            below_c[pb[i]] += 1
            eq_c[pa[i]] = 0
            eq_c[pb[i]] = 0
        below += size
        lo = hi
    return m


@njit(cache=True, inline="always")
def _base_and_play(c, k, pay, unit):
    """Ante plus Blind, and the Play result per multiple of the Ante, summed over the dealer
    hands of ``c`` (9.5, 9.6, 9.8): both in units."""
    wins = c[WQ] + c[WN]
    losses = c[LQ] + c[LN]
    base = unit * (c[WQ] - c[LQ]) + pay[k] * wins - unit * losses
    return base, unit * (wins - losses)


@njit(cache=True)
def flop_pass(
    flop,
    turn_rivers,
    nonflush,
    flush,
    offsets,
    words,
    thr,
    pidx,
    bclass,
    pay,
    unit,
    e4,
    e2,
    ec,
    h,
    hc,
):
    """Every turn and river in ``turn_rivers`` (rows of two cards) after ``flop``: adds, per
    hole (global pair index), the summed results of Play 4x (``e4``), Play 2x on the flop
    (``e2``) and checking to the river, then playing 1x or folding, whichever is better
    (``ec``); ``h`` gets the outcome bins (the same for every Play multiple) and ``hc`` those of
    the check-check path (its river folds in ``FOLD_BIN``)."""
    board = np.empty(5, np.int64)
    board[0] = flop[0]
    board[1] = flop[1]
    board[2] = flop[2]
    unseen = np.empty(47, np.int64)
    pair_g = np.empty(N_PAIRS, np.int64)
    pair_s = np.empty(N_PAIRS, np.int64)
    counts = np.empty((N_PAIRS, 5), np.int64)
    fold = -2 * unit * DEALER_HANDS  # 8.5(a), 9.1: Ante and Blind lost
    for t in range(turn_rivers.shape[0]):
        board[3] = turn_rivers[t, 0]
        board[4] = turn_rivers[t, 1]
        n = 0
        for c in range(52):
            if (
                c != board[0]
                and c != board[1]
                and c != board[2]
                and c != board[3]
                and c != board[4]
            ):
                unseen[n] = c
                n += 1
        m = board_pass(
            board, unseen[:n], nonflush, flush, offsets, words, thr, pidx, pair_g, pair_s, counts
        )
        for i in range(m):
            g = pair_g[i]
            k = bclass[pair_s[i]]
            c = counts[i]
            base, play = _base_and_play(c, k, pay, unit)
            e4[g] += base + 4 * play
            e2[g] += base + 2 * play
            ev1 = base + play
            for o in range(5):
                h[g, o * N_CLASSES + k] += c[o]
            # Ties go to the smaller wager: a player indifferent keeps the chips back.
            if ev1 > fold:
                ec[g] += ev1
                for o in range(5):
                    hc[g, o * N_CLASSES + k] += c[o]
            else:
                ec[g] += fold
                hc[g, FOLD_BIN] += DEALER_HANDS


@njit(cache=True, parallel=True)
def exact_flops(
    flops,
    weights,
    start,
    stop,
    nonflush,
    flush,
    offsets,
    words,
    thr,
    pidx,
    bclass,
    pay,
    unit,
    t4,
    tc,
    h4,
    hck,
    flop_raise,
):
    """Canonical flops ``start..stop``: every turn, river, hole and dealer hand after each.

    Per chunk ``ch`` (one per thread): ``t4[ch, g]`` and ``tc[ch, g]`` add the orbit-weighted
    results of Play 4x and of checking (then the better of 2x and checking on the flop) for hole
    ``g``; ``h4`` and ``hck`` the outcome bins of those two paths (``hck``: 35 bins with the
    flop's 2x, 35 with the river's 1x, then river folds). ``flop_raise[f, g]`` records whether
    hole ``g`` plays 2x after flop ``f``.
    """
    nch = t4.shape[0]
    for ch in prange(nch):
        e4 = np.zeros(N_PAIRS, np.int64)
        e2 = np.zeros(N_PAIRS, np.int64)
        ec = np.zeros(N_PAIRS, np.int64)
        h = np.zeros((N_PAIRS, N_BINS), np.int64)
        hc = np.zeros((N_PAIRS, N_BINS + 1), np.int64)
        rest = np.empty(49, np.int64)
        trs = np.empty((1176, 2), np.int64)
        for f in range(start + ch, stop, nch):
            flop = flops[f]
            w = weights[f]
            n = 0
            for c in range(52):
                if c != flop[0] and c != flop[1] and c != flop[2]:
                    rest[n] = c
                    n += 1
            k = 0
            for i in range(49):
                for j in range(i + 1, 49):
                    trs[k, 0] = rest[i]
                    trs[k, 1] = rest[j]
                    k += 1
            flop_pass(
                flop, trs, nonflush, flush, offsets, words, thr, pidx, bclass, pay, unit,
                e4, e2, ec, h, hc,
            )  # fmt: skip
            for i in range(49):
                for j in range(i + 1, 49):
                    g = pidx[rest[i], rest[j]]
                    r2 = e2[g] > ec[g]  # ties: check (the smaller wager)
                    flop_raise[f, g] = r2
                    t4[ch, g] += w * e4[g]
                    tc[ch, g] += w * (e2[g] if r2 else ec[g])
                    for b in range(N_BINS):
                        h4[ch, g, b] += w * h[g, b]
                        if r2:
                            hck[ch, g, b] += w * h[g, b]
                        else:
                            hck[ch, g, N_BINS + b] += w * hc[g, b]
                    if not r2:
                        hck[ch, g, 2 * N_BINS] += w * hc[g, FOLD_BIN]
                    e4[g] = 0
                    e2[g] = 0
                    ec[g] = 0
                    h[g, :] = 0
                    hc[g, :] = 0


# --------------------------------------------------------------------------------------------
# Monte Carlo

#: Indexes of a chunk's statistics row.
S_NET, S_NET2, S_BET, S_4X, S_3X, S_2X, S_1X, S_FOLD = 0, 1, 2, 3, 4, 5, 6, 7
N_STATS = 8
#: Simple-strategy parameters (``simple`` array), -1 or 0 where a rule is off.
P_FLOP_TWO_PAIR, P_FLOP_POCKET_MIN, P_FLOP_FLUSH_MIN, P_RIVER_HIDDEN, P_RIVER_OUTS = 0, 1, 2, 3, 4


@njit(cache=True, inline="always")
def _value(w, bmask, cards, k, nonflush, flush, offsets):
    """Value of a hand whose card words sum (with ``SUIT_BASE``) to ``w``: ``bmask`` are the
    suited rank masks of all but the last ``k`` cards, which are ``cards[:k]``.

    :func:`croupier.hands.kernels.hand_value` with the board's sums worked out once: the
    analysis values every unseen pair (about a thousand) on each board."""
    s = flush_suit(w)
    if s >= 0:
        mask = bmask[s]
        for i in range(k):
            if (cards[i] & 3) == s:
                mask |= np.int64(1) << (cards[i] >> 2)
        return np.int64(flush[mask])
    key = w & 0xFFFFFFFF
    return np.int64(nonflush[offsets[key >> ROW_SHIFT] + (key & ROW_MASK)])


@njit(cache=True, inline="always")
def _settle_units(sp, sd, k, mult, thr, pay, unit):
    """The player's net in units for Play ``mult`` x Ante (9.5, 9.6, 9.8)."""
    if sp > sd:
        ante = unit if sd >= thr else 0
        return ante + pay[k] + mult * unit
    if sp < sd:
        ante = unit if sd >= thr else 0
        return -ante - unit - mult * unit
    return 0


@njit(cache=True)
def _river_bets_optimal(hole, board, sp, k, nonflush, flush, offsets, words, thr, pay, unit):
    """Whether Play 1x beats folding, counted over the 990 dealer hands the player cannot see
    (the evaluation is written out inline: this loop is the simulation's hot spot)."""
    wb = np.int64(SUIT_BASE)
    bmask = np.zeros(4, np.int64)
    for i in range(5):
        c = np.int64(board[i])
        wb += words[c]
        bmask[c & 3] |= np.int64(1) << (c >> 2)
    unseen = np.empty(45, np.int64)
    n = 0
    for c in range(52):
        if c != hole[0] and c != hole[1]:
            ok = True
            for i in range(5):
                if c == board[i]:
                    ok = False
            if ok:
                unseen[n] = c
                n += 1
    wq = 0
    wins = 0
    lq = 0
    losses = 0
    for i in range(n):
        a = unseen[i]
        wa = wb + words[a]
        for j in range(i + 1, n):
            b = unseen[j]
            w = wa + words[b]
            s = flush_suit(w)
            if s >= 0:
                mask = bmask[s]
                if (a & 3) == s:
                    mask |= np.int64(1) << (a >> 2)
                if (b & 3) == s:
                    mask |= np.int64(1) << (b >> 2)
                sd = np.int64(flush[mask])
            else:
                key = w & 0xFFFFFFFF
                sd = np.int64(nonflush[offsets[key >> ROW_SHIFT] + (key & ROW_MASK)])
            if sp > sd:
                wins += 1
                if sd >= thr:
                    wq += 1
            elif sp < sd:
                losses += 1
                if sd >= thr:
                    lq += 1
    ev1 = unit * (wq - lq) + pay[k] * wins - unit * losses + unit * (wins - losses)
    return ev1 > -2 * unit * DEALER_HANDS  # ties: fold (the smaller wager)


@njit(cache=True)
def _river_bets_simple(hole, board, sp, simple, nonflush, flush, offsets, words, cats_pos):
    """The simple strategy's river rules: a hidden pair or better, or few dealer outs."""
    if simple[P_RIVER_HIDDEN]:
        r0 = hole[0] >> 2
        r1 = hole[1] >> 2
        if r0 == r1:
            return True
        for i in range(5):
            if (board[i] >> 2) == r0 or (board[i] >> 2) == r1:
                return True
        wb = np.int64(SUIT_BASE)
        bmask = np.zeros(4, np.int64)
        for i in range(5):
            wb += words[board[i]]
        sb = _value(wb, bmask, board, 5, nonflush, flush, offsets)
        if cats_pos[sp] > cats_pos[sb]:
            return True
    limit = simple[P_RIVER_OUTS]
    if limit > 0:
        wb = np.int64(SUIT_BASE)
        bmask = np.zeros(4, np.int64)
        for i in range(5):
            c = np.int64(board[i])
            wb += words[c]
            bmask[c & 3] |= np.int64(1) << (c >> 2)
        one = np.empty(1, np.int64)
        outs = 0
        for c in range(52):
            ok = c != hole[0] and c != hole[1]
            for i in range(5):
                ok = ok and c != board[i]
            if ok:
                one[0] = c
                if _value(wb + words[c], bmask, one, 1, nonflush, flush, offsets) > sp:
                    outs += 1
        if outs < limit:
            return True
    return False


@njit(cache=True)
def _flop_bets_simple(hole, board, simple, nonflush, flush, offsets, words, cats_pos, two_pair):
    """The simple strategy's flop rules on the hole cards and the three flop cards."""
    if simple[P_FLOP_TWO_PAIR]:
        five = np.empty(5, np.int64)
        five[0] = hole[0]
        five[1] = hole[1]
        five[2] = board[0]
        five[3] = board[1]
        five[4] = board[2]
        w = np.int64(SUIT_BASE)
        for i in range(5):
            w += words[five[i]]
        bmask = np.zeros(4, np.int64)
        if cats_pos[_value(w, bmask, five, 5, nonflush, flush, offsets)] >= two_pair:
            return True
    r0 = hole[0] >> 2
    r1 = hole[1] >> 2
    pmin = simple[P_FLOP_POCKET_MIN]
    if pmin >= 0:
        if r0 == r1 and r0 >= pmin:
            return True
        for i in range(3):
            if (board[i] >> 2) == r0 or (board[i] >> 2) == r1:
                return True
    fmin = simple[P_FLOP_FLUSH_MIN]
    if fmin >= 0:
        for s in range(4):
            n = 0
            hidden = False
            for i in range(2):
                if (hole[i] & 3) == s:
                    n += 1
                    if (hole[i] >> 2) >= fmin:
                        hidden = True
            for i in range(3):
                if (board[i] & 3) == s:
                    n += 1
            if n >= 4 and hidden:
                return True
    return False


@njit(cache=True, parallel=True)
def simulate_chunks(
    seeds,
    rounds,
    optimal,
    pre,
    flop_raise,
    flop_canon,
    flop_perm,
    simple,
    nonflush,
    flush,
    offsets,
    words,
    thr,
    pidx,
    bclass,
    pay,
    unit,
    cats_pos,
    two_pair,
    stats,
):
    """``rounds[ch]`` rounds per chunk, each chunk from its own seed (so the result does not
    depend on which thread ran it). ``pre[g]``: Play multiple before the flop (0: check);
    ``optimal``: flop from ``flop_raise`` (by canonical flop and suit-mapped hole) and river by
    counting the dealer's hands, else the ``simple`` rules. ``stats[ch]``: see ``S_*``."""
    for ch in prange(seeds.shape[0]):
        np.random.seed(seeds[ch])
        deck = np.arange(52).astype(np.int64)
        hole = np.empty(2, np.int64)
        dealer = np.empty(2, np.int64)
        board = np.empty(5, np.int64)
        for _ in range(rounds[ch]):
            for i in range(9):
                j = np.random.randint(i, 52)
                t = deck[i]
                deck[i] = deck[j]
                deck[j] = t
            hole[0] = min(deck[0], deck[1])
            hole[1] = max(deck[0], deck[1])
            dealer[0] = deck[2]
            dealer[1] = deck[3]
            for i in range(5):
                board[i] = deck[4 + i]
            wb = np.int64(SUIT_BASE)
            bmask = np.zeros(4, np.int64)
            for i in range(5):
                wb += words[board[i]]
                bmask[board[i] & 3] |= np.int64(1) << (board[i] >> 2)
            sp = _value(
                wb + words[hole[0]] + words[hole[1]], bmask, hole, 2, nonflush, flush, offsets
            )
            sd = _value(
                wb + words[dealer[0]] + words[dealer[1]], bmask, dealer, 2, nonflush, flush, offsets
            )
            k = bclass[sp]
            mult = np.int64(pre[pidx[hole[0], hole[1]]])
            if mult == 0:
                if optimal:
                    a = board[0]
                    b = board[1]
                    c = board[2]
                    if a > b:
                        a, b = b, a
                    if b > c:
                        b, c = c, b
                    if a > b:
                        a, b = b, a
                    fi = a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6
                    f = flop_canon[fi]
                    x = (hole[0] & ~3) | flop_perm[fi, hole[0] & 3]
                    y = (hole[1] & ~3) | flop_perm[fi, hole[1] & 3]
                    if x > y:
                        x, y = y, x
                    r2 = flop_raise[f, pidx[x, y]] != 0
                else:
                    r2 = _flop_bets_simple(
                        hole, board, simple, nonflush, flush, offsets, words, cats_pos, two_pair
                    )
                if r2:
                    mult = 2
                else:
                    if optimal:
                        r1 = _river_bets_optimal(
                            hole, board, sp, k, nonflush, flush, offsets, words, thr, pay, unit
                        )
                    else:
                        r1 = _river_bets_simple(
                            hole, board, sp, simple, nonflush, flush, offsets, words, cats_pos
                        )
                    mult = 1 if r1 else -1
            if mult < 0:
                net = -2 * unit  # folded on the river: Ante and Blind lost (8.5(a), 9.1)
                stats[ch, S_FOLD] += 1
                stats[ch, S_BET] += 2 * unit
            else:
                net = _settle_units(sp, sd, k, mult, thr, pay, unit)
                stats[ch, S_BET] += (2 + mult) * unit
                if mult == 4:
                    stats[ch, S_4X] += 1
                elif mult == 3:
                    stats[ch, S_3X] += 1
                elif mult == 2:
                    stats[ch, S_2X] += 1
                else:
                    stats[ch, S_1X] += 1
            stats[ch, S_NET] += net
            stats[ch, S_NET2] += net * net
