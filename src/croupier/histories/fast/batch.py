"""Batch verification of PHH hand histories through the compiled replay
(croupier.histories.fast.kernel).

The kernel applies the round engine's rules (dunedin-house) to many hands in one call. Hands
whose configuration it does not handle are UNSUPPORTED; the engine
(croupier.histories.phh_replay) stays the authority for those, and for the message and clause of
every refusal.

Statuses: OK (the engine's replay succeeds; ``stacks`` are its final stacks), REFUSED (the
engine refuses the action at ``index``), INCOMPLETE (the history ends before the round does),
UNSUPPORTED. ``index`` counts ``HandHistory.actions`` from 0; for INCOMPLETE it is their number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from croupier.hands.orders import HandOrder, LowRule
from croupier.histories.phh import (
    HandHistory,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhFold,
    PhhShowMuck,
)
from croupier.rules import DUNEDIN_HOUSE, MinRaiseRule, Rulebook

I64 = npt.NDArray[np.int64]

OK, REFUSED, UNSUPPORTED, INCOMPLETE = 0, 1, 2, 3
STATUS_NAMES = ("OK", "REFUSED", "UNSUPPORTED", "INCOMPLETE")
_HOLE, _BOARD, _FOLD, _CHECK_CALL, _BET_RAISE, _SHOW, _MUCK = range(7)
_CFG = 11  # players, game, limit, min bet, small, big, dead antes, cap, hole cards, deck, ok

# variant -> (game, limit, raise cap, hole cards, lowest card id); see phh_replay.config_for
_VARIANTS = {
    "NT": (0, 0, 0, 2, 0),
    "NS": (1, 0, 0, 2, 16),  # short deck: 2-5 removed
    "FT": (2, 2, 4, 2, 0),  # max_raises=4, uncapped_heads_up=False
    "PO": (3, 1, 0, 4, 0),
    "FO/8": (4, 2, 4, 4, 0),  # hi/lo, 8 or better
}


@dataclass(frozen=True)
class Batch:
    """Hands encoded for the kernel: per hand a config row and per-position stacks, blinds and
    antes; the actions of hand ``h`` are ``aoff[h]:aoff[h + 1]``, their cards ``coff``."""

    cfg: I64
    seats: I64  # stacks, blinds and antes by position, one hand handled after another
    aoff: I64
    actions: I64  # rows: kind | cards << 3 | PHH player << 11, amount
    coff: I64
    cards: I64
    lengths: I64  # len(HandHistory.actions) per hand
    gaps: dict[int, tuple[int, ...]]  # hand -> which of its actions are commands, where not all

    def __len__(self) -> int:
        return len(self.cfg)


@dataclass(frozen=True)
class BatchResult:
    status: I64
    index: I64
    stacks: I64  # (hands, 10): final stacks by position, zero past the hand's players
    players: I64

    def __len__(self) -> int:
        return len(self.status)

    def stacks_of(self, h: int) -> list[int]:
        return [int(x) for x in self.stacks[h, : self.players[h]]]

    def counts(self) -> dict[str, int]:
        return {name: int(np.sum(self.status == s)) for s, name in enumerate(STATUS_NAMES)}


_PAD = (0,) * 10

EXACT = 1 << 60
"""Amounts the kernel carries exactly: a hand whose forced bets, bet sizes and stacks add up to
this or more, or any of whose ``cbr`` amounts is this or more, is UNSUPPORTED (the engine, with
Python's integers, replays it). The kernel adds, subtracts and doubles such amounts in int64
(2**63), so this bound leaves it room; a wrapped sum must never confirm a forged record."""


def _config(h: HandHistory) -> tuple[int, ...] | None:
    """The config row, or None when the kernel does not handle the hand (or the engine's
    config would refuse it: the engine then says why)."""
    v = _VARIANTS.get(h.variant)
    if v is None:
        return None
    game, limit, cap, k, lo = v
    stacks = h.starting_stacks
    n = len(stacks)
    blinds = h.blinds_or_straddles or _PAD[:n]
    antes = h.antes
    if not 2 <= n <= 10 or len(blinds) != n or len(antes) != n:
        if not (2 <= n <= 10 and len(blinds) == n and not any(antes)):
            return None
        antes = _PAD[:n]
    small = big = 0
    if limit == 2:
        small, big = h.small_bet or 0, h.big_bet or 0
        min_bet = small
        if small <= 0 or big <= 0:
            return None
    else:
        min_bet = h.min_bet or 0
    if min_bet <= 0:
        return None
    if sum(stacks) + sum(blinds) + sum(antes) + min_bet + small + big >= EXACT:
        return None  # past what int64 carries exactly: the engine replays it
    own = h.extra.get(_OWN)
    if own is not None and own != _own_fields(h.variant, min_bet, small, big):
        return None  # croupier's own round rules beyond the variant's (commission, ...)
    dead = 0 if h.ante_trimming_status else 1
    return (n, game, limit, min_bet, small, big, dead, cap, k, lo, 1)


_OWN = "_croupier_config"  # croupier.histories.roundconfig.KEY
_OWN_GAMES = {
    "NT": ("holdem", "high", "no-limit"),
    "NS": ("short-deck-B", "high", "no-limit"),
    "FT": ("holdem", "high", "fixed"),
    "PO": ("omaha", "high", "full-pot"),
    "FO/8": ("omaha", "hilo", "fixed"),
}


def _own_fields(variant: str, min_bet: int, small: int, big: int) -> dict[str, object]:
    """The ``_croupier_config`` of a round the kernel replays as it replays ``variant``
    (croupier.histories.roundconfig.config_fields of that round)."""
    game, split, limit = _OWN_GAMES[variant]
    out: dict[str, object] = {
        "min_bet": min_bet,
        "game": game,
        "split": split,
        "limits": [limit] * 4,
    }
    if limit == "fixed":
        out.update(small_bet=small, big_bet=big, max_raises=4)
    return out


def kernel_applies(rulebook: Rulebook) -> bool:
    """Whether the kernel's rules of betting are the rulebook's: a raise at least the largest
    bet or raise, no cap on it from the table maximum, checks and opening bets as usual, the
    button posting the small blind heads-up, and no limit allowed."""
    return (
        rulebook.min_raise_rule is MinRaiseRule.LARGEST_BET_OR_RAISE
        and not rulebook.opening_bet_equals_big_blind
        and not rulebook.max_caps_min_raise
        and rulebook.heads_up_button_small_blind
        and rulebook.no_limit_allowed
    )


def encode(histories: Sequence[HandHistory], rulebook: Rulebook = DUNEDIN_HOUSE) -> Batch:
    """Flatten hand histories into the kernel's arrays (commands as phh_replay.commands_for
    makes them; PHH players are 1-based)."""
    ours = kernel_applies(rulebook)
    cfg: list[int] = []
    seats: list[int] = []  # per handled hand: stacks, blinds, antes (n each)
    aoff = [0]
    rec: list[int] = []  # per action: kind | cards << 3 | PHH player << 11, then the amount
    cards: list[int | None] = []
    lengths: list[int] = []
    gaps: dict[int, tuple[int, ...]] = {}
    for i, h in enumerate(histories):
        row = _config(h) if ours else None
        lengths.append(len(h.actions))
        if row is not None:
            start, cstart = len(rec), len(cards)
            done = _encode_actions(h, rec, cards)
            if done == _ABSURD:
                del rec[start:], cards[cstart:]
                row = None
            elif done == _GAPS:
                gaps[i] = tuple(j for j, a in enumerate(h.actions) if type(a) in _COMMANDS)
        if row is None:
            cfg += (len(h.starting_stacks), *_PAD)
        else:
            n = row[0]
            cfg += row
            seats += h.starting_stacks
            seats += h.blinds_or_straddles or _PAD[:n]
            seats += h.antes if len(h.antes) == n else _PAD[:n]
        aoff.append(len(rec) >> 1)
    acts = np.array(rec, np.int64).reshape(-1, 2)
    coff = np.zeros(len(acts) + 1, np.int64)
    np.cumsum((acts[:, 0] >> 3) & 255, out=coff[1:])
    return Batch(
        np.array(cfg, np.int64).reshape(-1, _CFG),
        np.array(seats, np.int64),
        np.array(aoff, np.int64),
        acts,
        coff,
        _card_array(cards),
        np.array(lengths, np.int64),
        gaps,
    )


def _card_array(cards: list[int | None]) -> I64:
    try:
        return np.frombuffer(bytes(cards), np.uint8).astype(np.int64)  # type: ignore[arg-type]
    except (TypeError, ValueError):  # an unknown card (None), or not a card id
        return np.array([-1 if c is None else c for c in cards], np.int64)


_COMMANDS = (PhhFold, PhhDealHole, PhhCheckCall, PhhBetRaise, PhhDealBoard, PhhShowMuck)
_ALL_COMMANDS, _GAPS, _ABSURD = range(3)
_P = 11  # the player's shift in an action word


def _encode_actions(h: HandHistory, rec: list[int], cards: list[int | None]) -> int:
    """Append a hand's commands; _GAPS when some actions are no command (comments, other
    games' actions), _ABSURD when a list of cards is too long to encode or an amount too large
    to carry exactly. An unknown hole card (``??``) is -1.
    Kinds and the player's shift are literals here: the loop runs per action."""
    gaps = False
    fold, hole_t, check_call, bet_raise = PhhFold, PhhDealHole, PhhCheckCall, PhhBetRaise
    for a in h.actions:
        t = type(a)
        if t is fold:
            rec += (2 | a.player << 11, 0)  # type: ignore[union-attr]
        elif t is hole_t:
            hole = a.cards  # type: ignore[union-attr]
            k = len(hole)  # type: ignore[arg-type]
            if k > 255:
                return _ABSURD
            rec += (k << 3 | a.player << 11, 0)  # type: ignore[union-attr]
            cards += hole  # type: ignore[arg-type]  # an unknown card (None) is -1
        elif t is check_call:
            rec += (3 | a.player << 11, 0)  # type: ignore[union-attr]
        elif t is bet_raise:
            if a.amount >= EXACT:  # type: ignore[union-attr]
                return _ABSURD
            rec += (4 | a.player << 11, a.amount)  # type: ignore[union-attr]
        elif t is PhhDealBoard:
            board = [c for c in a.cards if c is not None]  # type: ignore[union-attr]
            if len(board) > 255:
                return _ABSURD
            rec += (_BOARD | len(board) << 3, 0)
            cards += board
        elif t is PhhShowMuck:
            shown = a.cards  # type: ignore[union-attr]
            cs = [c for c in shown if c is not None] if shown is not None else []
            if len(cs) > 255:
                return _ABSURD
            kind = _SHOW if cs else _MUCK
            rec += (kind | len(cs) << 3 | a.player << _P, 0)  # type: ignore[union-attr]
            cards += cs
        else:
            gaps = True
    return _GAPS if gaps else _ALL_COMMANDS


assert (_HOLE, _FOLD, _CHECK_CALL, _BET_RAISE, _P) == (0, 2, 3, 4, 11)  # _encode_actions


@cache
def _tables() -> tuple[object, ...]:
    """Hand-value tables: hold'em and short-deck B high (non-flush, flush), row offsets, card
    words, the 8-or-better low table and the lowest qualifying low."""
    from croupier.hands.kernels import CARD_WORD
    from croupier.hands.tables import high_tables, low_tables

    std = high_tables(HandOrder.standard())
    short = high_tables(HandOrder.short_deck("B"))
    lows = low_tables(LowRule.eight_or_better())
    for t in (short, lows):
        if not np.array_equal(std.offsets, t.offsets):
            raise AssertionError("hand tables no longer share their row offsets")
    return (
        std.nonflush,
        std.flush,
        short.nonflush,
        short.flush,
        std.offsets.astype(np.int64),
        CARD_WORD,
        lows.low,
        lows.qualify_from,
    )


def verify(batch: Batch) -> BatchResult:
    """Replay every hand of the batch in one kernel call."""
    from croupier.histories.fast.kernel import verify_hands

    # numba's Dispatcher types __call__ narrowly where numba is installed and is Any where it
    # is not (mypyc's build); a plain callable reads the same in both.
    kernel: Callable[..., object] = verify_hands
    nh = len(batch)
    status = np.empty(nh, np.int64)
    stop = np.empty(nh, np.int64)
    out = np.zeros((nh, 10), np.int64)
    acts = batch.actions
    kernel(
        batch.cfg,
        batch.seats,
        batch.aoff,
        acts[:, 0] & 7,
        (acts[:, 0] >> _P) - 1,
        np.ascontiguousarray(acts[:, 1]),
        batch.coff,
        batch.cards,
        *_tables(),
        status,
        stop,
        out,
    )
    # the kernel's action numbers -> indexes in HandHistory.actions
    index = np.full(nh, -1, np.int64)
    refused = status == REFUSED
    for h in map(int, np.flatnonzero(refused)):
        k = int(stop[h] - batch.aoff[h])
        index[h] = batch.gaps[h][k] if h in batch.gaps else k
    short = status == INCOMPLETE
    index[short] = batch.lengths[short]
    return BatchResult(status, index, out, batch.cfg[:, 0].copy())


def replay_batch(
    histories: Sequence[HandHistory], rulebook: Rulebook = DUNEDIN_HOUSE
) -> BatchResult:
    """``verify(encode(histories, rulebook))``."""
    return verify(encode(histories, rulebook))
