"""Compiled batch replay of encoded PHH hands (numba): the round engine's rules, dunedin-house.

Each function mirrors the :class:`croupier.round.engine.Round` method (or, since the engine's
split, the function of the round in croupier.round.betting, dealing, showdown or settle) named in
its docstring; ``croupier.histories.fast.batch`` encodes the hands and decides which
configurations reach this module.
Hands are independent: per hand the state lives in small int64 arrays, reset at its start.

All arithmetic stays in int64 (see croupier.hands.kernels).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from croupier.hands.kernels import SUIT_BASE, flush_suit, hand_value
from croupier.hands.tables import ROW_MASK, ROW_SHIFT

# Statuses.
OK, REFUSED, UNSUPPORTED, INCOMPLETE = 0, 1, 2, 3
# Action kinds.
HOLE, BOARD, FOLD, CHECK_CALL, BET_RAISE, SHOW, MUCK = range(7)
# Games (the PHH variants handled) and betting limits.
G_NT, G_NS, G_FT, G_PO, G_FO8 = range(5)
L_NO, L_POT, L_FIXED = range(3)
# Streets, as the engine numbers them.
PREFLOP, RIVER, SHOWDOWN, OVER = 0, 3, 4, 5

# Rows of the per-player state ``pl`` (one column per position).
STACK, BET, CONTRIB, FOLDED, ALL_IN, HOLED, SHOWN, MUCKED, ACTED, LEVEL, ANTE = range(11)
N_ROWS = 11
# Slots of the scalar state ``sc``.
S_STREET, S_BETTING, S_CUR, S_RAISE, S_FIXED, S_BINC, S_RAISES, S_AGGR = range(8)
S_QH, S_QN, S_HOLES, S_N, S_LIMIT, S_MINBET, S_SMALL, S_BIG = range(8, 16)
S_DEAD, S_GAME, S_OUT, S_K, S_DECKLO, S_CAP, S_QUAL = range(16, 23)
N_SLOTS = 23


@njit(cache=True, inline="always")
def _can_call_more(pl, sc, p):
    """Round._someone_can_call_more."""
    cur = sc[S_CUR]
    for i in range(sc[S_N]):
        if i != p and pl[FOLDED, i] == 0 and pl[ALL_IN, i] == 0 and pl[BET, i] + pl[STACK, i] > cur:
            return True
    return False


@njit(cache=True, inline="always")
def _prune(pl, sc, q):
    """Round._prune_queue."""
    while sc[S_QN] > 0:
        h = q[sc[S_QH]]
        if pl[BET, h] >= sc[S_CUR] and not _can_call_more(pl, sc, h):
            sc[S_QH] += 1
            sc[S_QN] -= 1
        else:
            return


@njit(cache=True, inline="always")
def _acted(pl, sc, q, p):
    """Round._acted: ``p`` is the head of the queue."""
    pl[ACTED, p] = 1
    pl[LEVEL, p] = sc[S_CUR]
    if sc[S_QN] > 0 and q[sc[S_QH]] == p:
        sc[S_QH] += 1
        sc[S_QN] -= 1
    if sc[S_QN] > 0 and pl[BET, q[sc[S_QH]]] >= sc[S_CUR]:
        _prune(pl, sc, q)


@njit(cache=True, inline="always")
def _open_betting(pl, sc, q):
    """Round._open_betting (with _preflop_first)."""
    n = sc[S_N]
    first = 0
    if sc[S_STREET] == PREFLOP:
        best = np.int64(-1)
        idx = n - 1
        for i in range(n):
            if pl[BET, i] >= best and pl[BET, i] > 0:
                best = pl[BET, i]
                idx = i
        if best > 0:
            first = (idx + 1) % n
    qn = 0
    for j in range(n):
        i = (first + j) % n
        if pl[FOLDED, i] == 0 and pl[ALL_IN, i] == 0:
            q[qn] = i
            qn += 1
    if qn <= 1:
        settled = True
        for j in range(qn):
            if pl[BET, q[j]] < sc[S_CUR]:
                settled = False
        if settled:
            qn = 0
    sc[S_QH] = 0
    sc[S_QN] = qn
    sc[S_BETTING] = 1
    sc[S_AGGR] = -1


@njit(cache=True)
def _pots(ceff, elig, n, dead, pamt, pel, pfl):
    """Round._pots over the effective contributions ``ceff``; eligible players as a bit mask.
    Fills amounts, eligible masks and floors; returns the number of pots."""
    levels = np.empty(10, np.int64)
    nl = 0
    for i in range(n):
        if (elig >> i) & 1:
            v = ceff[i]
            seen = False
            for j in range(nl):
                if levels[j] == v:
                    seen = True
            if not seen:
                j = nl
                while j > 0 and levels[j - 1] > v:
                    levels[j] = levels[j - 1]
                    j -= 1
                levels[j] = v
                nl += 1
    pots = 0
    prev = np.int64(0)
    below = np.int64(0)
    total = np.int64(0)
    for i in range(n):
        total += ceff[i]
    for li in range(nl):
        lvl = levels[li]
        upto = np.int64(0)
        for i in range(n):
            upto += min(ceff[i], lvl)
        amount = upto - below + (dead if pots == 0 else 0)
        below = upto
        who = np.int64(0)
        for i in range(n):
            if (elig >> i) & 1 and ceff[i] >= lvl:
                who |= np.int64(1) << i
        if amount != 0:
            if pots > 0 and pel[pots - 1] == who:
                pamt[pots - 1] += amount
            else:
                pamt[pots] = amount
                pel[pots] = who
                pfl[pots] = prev
                pots += 1
        prev = lvl
    rest = total - below
    if rest != 0 and pots > 0:
        pamt[pots - 1] += rest
    elif rest != 0 and elig != 0:
        # only chips above every contender's (a dead or mucked hand's): they stay in the pot
        pamt[0] = rest
        pel[0] = elig
        pfl[0] = prev
        pots = 1
    return pots


@njit(cache=True)
def _effective(pl, sc, ceff):
    """Contributions as the pots count them (dead antes taken out); returns the dead money."""
    dead = np.int64(0)
    for i in range(sc[S_N]):
        ceff[i] = pl[CONTRIB, i]
        if sc[S_DEAD]:
            ceff[i] -= pl[ANTE, i]
            dead += pl[ANTE, i]
    return dead


@njit(cache=True)
def _high(hole, p, k, board, nonflush, flush, offsets, words):
    """The hold'em value of player ``p``'s hole cards with the five board cards."""
    return hand_value(hole[p], k, board, 5, nonflush, flush, offsets, words)


@njit(cache=True)
def _omaha(hole, p, board, nf, fl, offsets, words, low, qual, hilo):
    """(high, low) of player ``p``'s Omaha hand: exactly two hole cards and three board cards
    (act-omaha-2017 9.1); the low counts only from ``qual`` (8 or better), else 0; -1 when the
    game has no low.

    Not :func:`~croupier.hands.kernels.hand_value`: each choice of five cards reads its high
    and its low from one rank row, and five cards make a flush only all of one suit."""
    five = np.empty(5, np.int64)
    hi = np.int64(0)
    lo = np.int64(0 if hilo else -1)
    for a in range(4):
        for b in range(a + 1, 4):
            for x in range(5):
                for y in range(x + 1, 5):
                    for z in range(y + 1, 5):
                        five[0] = hole[p, a]
                        five[1] = hole[p, b]
                        five[2] = board[x]
                        five[3] = board[y]
                        five[4] = board[z]
                        w = np.int64(SUIT_BASE)
                        for i in range(5):
                            w += words[five[i]]
                        key = w & 0xFFFFFFFF
                        row = offsets[key >> ROW_SHIFT] + (key & ROW_MASK)
                        if flush_suit(w) >= 0:
                            mask = np.int64(0)
                            for i in range(5):
                                mask |= np.int64(1) << (five[i] >> 2)
                            v = np.int64(fl[mask])
                        else:
                            v = np.int64(nf[row])
                        hi = max(hi, v)
                        if hilo:
                            v = np.int64(low[row])
                            if v >= qual:
                                lo = max(lo, v)
    return hi, lo


@njit(cache=True)
def _value(pl, sc, hole, board, vals, p, nf, fl, offsets, words, low):
    """Round._value, once per player (``vals[0, p] < 0``: not yet worked out); the high value,
    the low in ``vals[1, p]`` (-1: the game has none)."""
    if vals[0, p] < 0:
        if sc[S_K] == 4:
            hi, lo = _omaha(
                hole, p, board, nf, fl, offsets, words, low, sc[S_QUAL], sc[S_GAME] == G_FO8
            )
        else:
            hi = _high(hole, p, sc[S_K], board, nf, fl, offsets, words)
            lo = np.int64(-1)
        vals[0, p] = hi
        vals[1, p] = lo
    return vals[0, p]


@njit(cache=True)
def _pay(pl, amount, winners, n):
    """Round._divide: equal shares, the odd chips to the first winner left of the button."""
    kw = _popcount(winners)
    each = amount // kw
    left = amount - each * kw
    first = _lowest(winners)
    for i in range(n):
        if (winners >> i) & 1:
            pl[STACK, i] += each + (left if i == first else 0)


@njit(cache=True, inline="always")
def _lowest(mask):
    i = 0
    while not (mask >> i) & 1:
        i += 1
    return i


@njit(cache=True, inline="always")
def _popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True)
def _settle(pl, sc, hole, board, vals, nf, fl, offsets, words, low):
    """Round._settle without commission: return uncalled chips, split pots, pay."""
    n = sc[S_N]
    live = np.int64(0)
    last = -1
    for i in range(n):
        if pl[FOLDED, i] == 0:
            last = i
            if pl[MUCKED, i] == 0:
                live |= np.int64(1) << i
    if live == 0:
        live = np.int64(1) << last  # everyone mucked: the last hand to muck keeps its claim
    ceff = np.empty(10, np.int64)
    pamt = np.empty(10, np.int64)
    pel = np.empty(10, np.int64)
    pfl = np.empty(10, np.int64)
    dead = _effective(pl, sc, ceff)
    npots = _pots(ceff, live, n, dead, pamt, pel, pfl)
    returned = False
    for k in range(npots):
        owner = _lowest(pel[k])
        uncalled = pamt[k] - (dead if k == 0 else 0)
        if uncalled > 0 and _popcount(pel[k]) == 1:
            alone = True
            for i in range(n):
                if i != owner and pl[CONTRIB, i] > pfl[k]:
                    alone = False
            if alone:
                pl[STACK, owner] += uncalled
                pl[BET, owner] = max(0, pl[BET, owner] - uncalled)
                pl[CONTRIB, owner] -= uncalled
                returned = True
    if returned:
        dead = _effective(pl, sc, ceff)
        npots = _pots(ceff, live, n, dead, pamt, pel, pfl)
    contested = _popcount(live) > 1
    for k in range(npots):
        who = pel[k]
        if not (contested and _popcount(who) > 1):
            _pay(pl, pamt[k], np.int64(1) << _lowest(who), n)
            continue
        best = np.int64(-1)
        best_lo = np.int64(0)
        for i in range(n):
            if (who >> i) & 1:
                best = max(best, _value(pl, sc, hole, board, vals, i, nf, fl, offsets, words, low))
                best_lo = max(best_lo, vals[1, i])
        high = np.int64(0)
        lows = np.int64(0)
        for i in range(n):
            if (who >> i) & 1:
                if vals[0, i] == best:
                    high |= np.int64(1) << i
                if best_lo > 0 and vals[1, i] == best_lo:
                    lows |= np.int64(1) << i
        if lows == 0:
            _pay(pl, pamt[k], high, n)
        else:  # hi/lo: the high half takes the odd chip (act-omaha-2017 3.5(c)-(d))
            half = pamt[k] // 2
            _pay(pl, pamt[k] - half, high, n)
            _pay(pl, half, lows, n)
    sc[S_STREET] = OVER
    sc[S_BETTING] = 0
    sc[S_QN] = 0


@njit(cache=True)
def _auto_showdown(pl, sc, hole, board, vals, nf, fl, offsets, words, low):
    """Round._auto_showdown: in showing order, show a hand that can still win a pot, else muck."""
    n = sc[S_N]
    alive = np.int64(0)
    for i in range(n):
        if pl[FOLDED, i] == 0:
            alive |= np.int64(1) << i
    ceff = np.empty(10, np.int64)
    pamt = np.empty(10, np.int64)
    pel = np.empty(10, np.int64)
    pfl = np.empty(10, np.int64)
    dead = _effective(pl, sc, ceff)
    npots = _pots(ceff, alive, n, dead, pamt, pel, pfl)
    best = np.full(10, -1, np.int64)
    best_lo = np.full(10, -1, np.int64)
    first = sc[S_AGGR]
    if first < 0 or pl[FOLDED, first] != 0:
        first = _lowest(alive)
    for j in range(n):
        p = (first + j) % n
        if pl[FOLDED, p] != 0 or pl[MUCKED, p] != 0:
            continue
        if pl[SHOWN, p] == 0 and min(hole[p, : sc[S_K]]) < 0:
            pl[MUCKED, p] = 1  # cards not entered are mucked
            continue
        v = _value(pl, sc, hole, board, vals, p, nf, fl, offsets, words, low)
        lo = vals[1, p]
        if pl[SHOWN, p] == 0:
            can_win = False
            for k in range(npots):
                if (pel[k] >> p) & 1 and (v >= best[k] or (lo > 0 and lo >= best_lo[k])):
                    can_win = True
            if not can_win:
                pl[MUCKED, p] = 1
                continue
            pl[SHOWN, p] = 1
        for k in range(npots):
            if (pel[k] >> p) & 1:
                best[k] = max(best[k], v)
                best_lo[k] = max(best_lo[k], lo)


@njit(cache=True)
def _end_betting_round(pl, sc, hole, board, vals, nf, fl, offsets, words, low):
    """Round._end_betting_round: return the uncalled bet, close the round, settle if one is left."""
    n = sc[S_N]
    top = 0
    for i in range(n):
        if pl[BET, i] > pl[BET, top]:
            top = i
    second = np.int64(0)
    for i in range(n):
        if i != top and pl[BET, i] > second:
            second = pl[BET, i]
    if pl[BET, top] > second and pl[FOLDED, top] == 0:
        back = pl[BET, top] - second
        pl[STACK, top] += back
        pl[BET, top] -= back
        pl[CONTRIB, top] -= back
    sc[S_BETTING] = 0
    sc[S_QN] = 0
    for i in range(n):
        pl[BET, i] = 0
        pl[ACTED, i] = 0
    sc[S_CUR] = 0
    sc[S_RAISE] = 0
    sc[S_FIXED] = 0
    sc[S_BINC] = 0
    sc[S_RAISES] = 0
    live = 0
    for i in range(n):
        if pl[FOLDED, i] == 0:
            live += 1
    if live > 1 and sc[S_STREET] >= RIVER:
        sc[S_STREET] = SHOWDOWN
    if live == 1:
        _settle(pl, sc, hole, board, vals, nf, fl, offsets, words, low)


@njit(cache=True, inline="always")
def _advance(pl, sc, q, hole, board, vals, nf, fl, offsets, words, low):
    """Round._advance in dealer-driven mode."""
    n = sc[S_N]
    while True:
        street = sc[S_STREET]
        if street == OVER:
            return
        if street == SHOWDOWN:
            for i in range(n):
                if pl[FOLDED, i] == 0 and pl[SHOWN, i] == 0 and pl[MUCKED, i] == 0:
                    return
            _settle(pl, sc, hole, board, vals, nf, fl, offsets, words, low)
            return
        if sc[S_HOLES] < n:
            return
        if sc[S_BETTING] and sc[S_QN] > 0:
            live = 0
            for i in range(n):
                if pl[FOLDED, i] == 0:
                    live += 1
            if live > 1:
                return
            sc[S_QN] = 0
        if sc[S_BETTING]:
            _end_betting_round(pl, sc, hole, board, vals, nf, fl, offsets, words, low)
            continue
        return


@njit(cache=True, inline="always")
def _can_raise(pl, sc, p):
    """Round._can_raise (no floor restrictions)."""
    cur = sc[S_CUR]
    if pl[STACK, p] <= cur - pl[BET, p]:
        return False
    if not _can_call_more(pl, sc, p):
        return False
    if pl[ACTED, p]:
        if sc[S_LIMIT] == L_FIXED:
            return False
        if cur - pl[LEVEL, p] < max(sc[S_RAISE], sc[S_MINBET]):
            return False  # dunedin-house 46: short all-ins have not reopened the betting
    return not (sc[S_CAP] > 0 and sc[S_RAISES] >= sc[S_CAP] and cur > 0)  # dunedin-house 39


@njit(cache=True, inline="always")
def _fresh_cards(sc, cards, c0, c1):
    """Round.check_new_cards: in the game's deck, distinct, not dealt before."""
    seen = np.int64(0)
    for j in range(c0, c1):
        c = cards[j]
        if c == -1:
            continue  # a hole card not entered (PHH ``??``)
        if c < sc[S_DECKLO] or c > 51:
            return False
        bit = np.int64(1) << c
        if seen & bit or sc[S_OUT] & bit:
            return False
        seen |= bit
    return True


@njit(cache=True, inline="always")
def _bet_raise(pl, sc, q, p, to):
    """Round._plan_action for a bet or raise, then Round._f_raise; False: refused."""
    if not _can_raise(pl, sc, p):
        return False
    cur = sc[S_CUR]
    limit = sc[S_LIMIT]
    step = sc[S_SMALL] if sc[S_STREET] < 2 else sc[S_BIG]
    all_in_to = pl[BET, p] + pl[STACK, p]
    if limit == L_FIXED:
        lo = hi = sc[S_FIXED] + step
    else:
        lo = sc[S_MINBET]
        if cur:
            lo = cur + max(max(sc[S_RAISE], sc[S_MINBET]), sc[S_BINC])
        if limit == L_NO:
            hi = all_in_to
        else:
            pot = np.int64(0)
            for i in range(sc[S_N]):
                pot += pl[CONTRIB, i]
            hi = cur + pot + (cur - pl[BET, p])  # the call is counted first (dunedin-house 36)
    if hi < lo:
        hi = lo
    if to > all_in_to:
        return False
    if to == all_in_to and to > cur and to < lo:
        full = limit == L_FIXED and 2 * (to - cur) >= step  # dunedin-house 47
    elif to < lo or to > hi:
        return False
    else:
        full = True
    delta = to - pl[BET, p]
    pl[STACK, p] -= delta
    pl[BET, p] = to
    pl[CONTRIB, p] += delta
    if cur != 0 and (full or limit != L_FIXED):
        sc[S_RAISES] += 1
    if full:
        sc[S_FIXED] = to
    if to == all_in_to:
        pl[ALL_IN, p] = 1
    if full:
        for i in range(sc[S_N]):
            pl[ACTED, i] = 0
        sc[S_RAISE] = max(sc[S_RAISE], to - cur)
    sc[S_CUR] = to
    sc[S_AGGR] = p
    n = sc[S_N]
    qn = 0
    for j in range(1, n):
        i = (p + j) % n
        if pl[FOLDED, i] == 0 and pl[ALL_IN, i] == 0:
            q[qn] = i
            qn += 1
    sc[S_QH] = 0
    sc[S_QN] = qn
    pl[ACTED, p] = 1
    pl[LEVEL, p] = to
    _prune(pl, sc, q)
    return True


@njit(cache=True, inline="always")
def _command(
    kind, p, amt, cards, c0, c1, pl, sc, q, hole, board, vals, nf, fl, offsets, words, low
):
    """Round.apply for a dealing or betting command; False: refused (nothing applied)."""
    n = sc[S_N]
    street = sc[S_STREET]
    if street == OVER:
        return False
    if kind == HOLE:
        if p < 0 or p >= n or pl[HOLED, p] != 0 or c1 - c0 != sc[S_K]:
            return False
        if not _fresh_cards(sc, cards, c0, c1):
            return False
        for j in range(c0, c1):
            hole[p, j - c0] = cards[j]
            if cards[j] >= 0:
                sc[S_OUT] |= np.int64(1) << cards[j]
        pl[HOLED, p] = 1
        sc[S_HOLES] += 1
        if sc[S_HOLES] == n:
            _open_betting(pl, sc, q)
    elif kind == BOARD:
        if street == SHOWDOWN or sc[S_HOLES] < n or sc[S_BETTING]:
            return False
        if c1 - c0 != (3 if street == PREFLOP else 1):
            return False
        if not _fresh_cards(sc, cards, c0, c1):
            return False
        at = 0 if street == PREFLOP else street + 2
        for j in range(c0, c1):
            board[at + j - c0] = cards[j]
            sc[S_OUT] |= np.int64(1) << cards[j]
        sc[S_STREET] = street + 1
        _open_betting(pl, sc, q)
    else:
        if p < 0 or p >= n or not sc[S_BETTING] or sc[S_QN] == 0 or q[sc[S_QH]] != p:
            return False
        if kind == FOLD:
            pl[FOLDED, p] = 1
            _acted(pl, sc, q, p)
        elif kind == CHECK_CALL:
            owed = sc[S_CUR] - pl[BET, p]
            if owed > 0:
                a = min(owed, pl[STACK, p])
                if a == pl[STACK, p]:
                    pl[ALL_IN, p] = 1
                pl[STACK, p] -= a
                pl[BET, p] += a
                pl[CONTRIB, p] += a
            _acted(pl, sc, q, p)
        elif not _bet_raise(pl, sc, q, p, amt):
            return False
    _advance(pl, sc, q, hole, board, vals, nf, fl, offsets, words, low)
    return True


@njit(cache=True, inline="always")
def _show(kind, p, cards, c0, c1, pl, sc, q, hole, board, vals, nf, fl, offsets, words, low):
    """Round.apply for a show or muck at the showdown; False: refused."""
    if sc[S_STREET] != SHOWDOWN:
        return False
    if p < 0 or p >= sc[S_N] or pl[FOLDED, p] != 0:
        return False
    if pl[SHOWN, p] != 0 or pl[MUCKED, p] != 0:
        return False
    if kind == MUCK:
        pl[MUCKED, p] = 1
    else:
        k = sc[S_K]
        if c1 - c0 != k:
            return False
        # every card entered at the deal is shown, once; the others are new cards
        known = 0
        for i in range(k):
            if hole[p, i] >= 0:
                known += 1
                times = 0
                for j in range(c0, c1):
                    if cards[j] == hole[p, i]:
                        times += 1
                if times != 1:
                    return False
        if known != k:
            seen = np.int64(0)
            for j in range(c0, c1):
                c = cards[j]
                dealt = False
                for i in range(k):
                    if hole[p, i] == c:
                        dealt = True
                if dealt:
                    continue
                if c < sc[S_DECKLO] or c > 51:
                    return False
                bit = np.int64(1) << c
                if seen & bit or sc[S_OUT] & bit:
                    return False
                seen |= bit
        for j in range(c0, c1):  # the hand is valued by the cards shown
            hole[p, j - c0] = cards[j]
            sc[S_OUT] |= np.int64(1) << cards[j]
        pl[SHOWN, p] = 1
    _advance(pl, sc, q, hole, board, vals, nf, fl, offsets, words, low)
    return True


@njit(cache=True, inline="always")
def _start(h, cfg, seats, at, qual, pl, sc):
    """Round._reset and Round._start: antes, then blinds (heads-up, the button posts the small
    blind: dunedin-house 95)."""
    n = cfg[h, 0]
    pl[:, :] = 0
    sc[:] = 0
    sc[S_N] = n
    sc[S_GAME] = cfg[h, 1]
    sc[S_LIMIT] = cfg[h, 2]
    sc[S_MINBET] = cfg[h, 3]
    sc[S_SMALL] = cfg[h, 4]
    sc[S_BIG] = cfg[h, 5]
    sc[S_DEAD] = cfg[h, 6]
    sc[S_CAP] = cfg[h, 7]
    sc[S_K] = cfg[h, 8]
    sc[S_DECKLO] = cfg[h, 9]
    sc[S_QUAL] = qual
    sc[S_AGGR] = -1
    for i in range(n):
        pl[STACK, i] = seats[at + i]
    for i in range(n):
        a = seats[at + 2 * n + (n - 1 - i if n == 2 else i)]
        a = min(a, pl[STACK, i])
        if a:
            pl[ANTE, i] += a
            pl[STACK, i] -= a
            pl[CONTRIB, i] += a
            if pl[STACK, i] == 0:
                pl[ALL_IN, i] = 1
    for i in range(n):
        b = seats[at + n + (n - 1 - i if n == 2 else i)]
        b = min(b, pl[STACK, i])
        if b:
            pl[STACK, i] -= b
            pl[BET, i] += b
            pl[CONTRIB, i] += b
            if b > sc[S_CUR]:
                sc[S_BINC] = max(sc[S_BINC], b - sc[S_CUR])
                sc[S_CUR] = b
                sc[S_FIXED] = b
            if pl[STACK, i] == 0:
                pl[ALL_IN, i] = 1


@njit(cache=True)
def verify_hands(
    cfg, seats, aoff, akind, aplayer, aamount, coff, cards, hnf, hfl, snf, sfl, offsets, words,
    low, qual,
    status, stop, out,
):  # fmt: skip
    """Replay every hand: ``cfg[h]`` = (players, game, limit, min bet, small bet, big bet, dead
    antes, raise cap, hole cards, lowest card id, supported); ``seats`` = stacks, blinds and
    antes by position, hand after hand (handled hands only); actions ``aoff[h]:aoff[h + 1]``
    with their cards ``coff[a]:coff[a + 1]``.
    Hand values come from the hold'em (``hnf``, ``hfl``) or short-deck B (``snf``, ``sfl``)
    tables of croupier.hands (row ``offsets`` and card ``words`` as croupier.hands.kernels).
    Writes status, the action where replay stopped (-1: none), and final stacks."""
    pl = np.zeros((N_ROWS, 10), np.int64)
    sc = np.zeros(N_SLOTS, np.int64)
    q = np.zeros(10, np.int64)
    hole = np.zeros((10, 4), np.int64)
    board = np.zeros(5, np.int64)
    vals = np.zeros((2, 10), np.int64)
    longest = 1
    for h in range(cfg.shape[0]):
        longest = max(longest, aoff[h + 1] - aoff[h])
    early = np.empty(longest, np.int64)
    seat = 0
    for h in range(cfg.shape[0]):
        stop[h] = -1
        if cfg[h, 10] == 0:
            status[h] = UNSUPPORTED
            continue
        n = cfg[h, 0]
        seat += 3 * n
        bad = False
        for i in range(seat - 3 * n, seat):
            if seats[i] < (1 if i < seat - 2 * n else 0):
                bad = True  # a stack of nothing, or a negative blind or ante: ConfigError
        if bad:
            status[h] = UNSUPPORTED
            continue
        if cfg[h, 1] == G_NS:
            nf = snf
            fl = sfl
        else:
            nf = hnf
            fl = hfl
        _start(h, cfg, seats, seat - 3 * n, qual, pl, sc)
        vals[:] = -1
        ne = 0
        st = OK
        for a in range(aoff[h], aoff[h + 1]):
            kind = akind[a]
            p = aplayer[a]
            c0 = coff[a]
            c1 = coff[a + 1]
            if kind >= SHOW:
                if sc[S_STREET] != SHOWDOWN:
                    early[ne] = a  # shown before the all-in run-out ends: applied at the showdown
                    ne += 1
                    continue
                ok = _show(
                    kind,
                    p,
                    cards,
                    c0,
                    c1,
                    pl,
                    sc,
                    q,
                    hole,
                    board,
                    vals,
                    nf,
                    fl,
                    offsets,
                    words,
                    low,
                )
            else:
                ok = _command(
                    kind, p, aamount[a], cards, c0, c1, pl, sc, q, hole, board, vals,
                    nf, fl, offsets, words, low,
                )  # fmt: skip
            if not ok:
                st = REFUSED
                stop[h] = a
                break
            if sc[S_STREET] == SHOWDOWN and ne > 0:
                for e in range(ne):
                    b = early[e]
                    if not _show(
                        akind[b], aplayer[b], cards, coff[b], coff[b + 1], pl, sc, q, hole,
                        board, vals, nf, fl, offsets, words, low,
                    ):  # fmt: skip
                        st = REFUSED
                        stop[h] = b
                        break
                ne = 0
                if st != OK:
                    break
        if st == OK and sc[S_STREET] == SHOWDOWN:
            _auto_showdown(pl, sc, hole, board, vals, nf, fl, offsets, words, low)
            _settle(pl, sc, hole, board, vals, nf, fl, offsets, words, low)
        if st == OK and sc[S_STREET] != OVER:
            st = INCOMPLETE
            stop[h] = aoff[h + 1]
        status[h] = st
        for i in range(10):
            out[h, i] = pl[STACK, i] if i < sc[S_N] else 0
