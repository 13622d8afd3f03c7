"""Batch verification of PHH hand histories through the compiled replay (croupier.phh_kernel).

The kernel applies the round engine's rules (dunedin-house) to many hands in one call. Hands
whose configuration it does not handle are UNSUPPORTED; the engine (croupier.phh_replay) stays
the authority for those, and for the message and clause of every refusal.

Statuses: OK (the engine's replay succeeds; ``stacks`` are its final stacks), REFUSED (the
engine refuses the action at ``index``), INCOMPLETE (the history ends before the round does),
UNSUPPORTED. ``index`` counts ``HandHistory.actions`` from 0; for INCOMPLETE it is their number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from croupier.hands.orders import HandOrder
from croupier.phh import BetRaise as PBetRaise
from croupier.phh import CheckCall as PCheckCall
from croupier.phh import DealBoard as PDealBoard
from croupier.phh import DealHole as PDealHole
from croupier.phh import Fold as PFold
from croupier.phh import HandHistory
from croupier.phh import ShowMuck as PShowMuck
from croupier.round.rulebooks import DUNEDIN_HOUSE, Rulebook

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
}


@dataclass(frozen=True)
class Batch:
    """Hands encoded for the kernel: per hand a config row and per-position stacks, blinds and
    antes; the actions of hand ``h`` are ``aoff[h]:aoff[h + 1]``, their cards ``coff``."""

    cfg: I64
    seats: I64
    aoff: I64
    actions: I64  # rows: kind, player (0-based), amount, index in HandHistory.actions, cards
    coff: I64
    cards: I64
    lengths: I64  # len(HandHistory.actions) per hand

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
    if min(stacks) <= 0 or min(blinds) < 0 or min(antes) < 0:
        return None
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
    dead = 0 if h.ante_trimming_status else 1
    return (n, game, limit, min_bet, small, big, dead, cap, k, lo, 1)


def encode(histories: Sequence[HandHistory], rulebook: Rulebook = DUNEDIN_HOUSE) -> Batch:
    """Flatten hand histories into the kernel's arrays (commands as phh_replay.commands_for
    makes them; PHH players are 1-based)."""
    ours = rulebook is DUNEDIN_HOUSE or rulebook == DUNEDIN_HOUSE
    cfg: list[int] = []
    seats: list[int] = []
    aoff = [0]
    rec: list[int] = []  # per action: kind, player, amount, index in h.actions, cards
    cards: list[int] = []
    for h in histories:
        row = _config(h) if ours else None
        if row is not None:
            start, cstart = len(rec), len(cards)
            if not _encode_actions(h, rec, cards):
                del rec[start:], cards[cstart:]
                row = None
        if row is None:
            cfg += (len(h.starting_stacks), *_PAD)
            seats += _PAD * 3
        else:
            n = row[0]
            cfg += row
            pad = _PAD[n:]
            seats += h.starting_stacks
            seats += pad
            seats += h.blinds_or_straddles or _PAD[:n]
            seats += pad
            seats += h.antes if len(h.antes) == n else _PAD[:n]
            seats += pad
        aoff.append(len(rec) // 5)
    acts = np.array(rec, np.int64).reshape(-1, 5)
    coff = np.zeros(len(acts) + 1, np.int64)
    np.cumsum(acts[:, 4], out=coff[1:])
    return Batch(
        np.array(cfg, np.int64).reshape(-1, _CFG),
        np.array(seats, np.int64).reshape(-1, 3, 10),
        np.array(aoff, np.int64),
        acts,
        coff,
        np.array(cards, np.int64),
        np.array([len(h.actions) for h in histories], np.int64),
    )


def _encode_actions(h: HandHistory, rec: list[int], cards: list[int]) -> bool:
    """Append a hand's commands; False when a hole card is unknown (``??``)."""
    j = 0
    for a in h.actions:
        t = type(a)
        if t is PCheckCall:
            rec += (_CHECK_CALL, a.player - 1, 0, j, 0)  # type: ignore[union-attr]
        elif t is PBetRaise:
            rec += (_BET_RAISE, a.player - 1, a.amount, j, 0)  # type: ignore[union-attr]
        elif t is PFold:
            rec += (_FOLD, a.player - 1, 0, j, 0)  # type: ignore[union-attr]
        elif t is PDealHole:
            hole = a.cards  # type: ignore[union-attr]
            if None in hole:
                return False
            rec += (_HOLE, a.player - 1, 0, j, len(hole))  # type: ignore[union-attr]
            cards += hole
        elif t is PDealBoard:
            board = [c for c in a.cards if c is not None]  # type: ignore[union-attr]
            rec += (_BOARD, -1, 0, j, len(board))
            cards += board
        elif t is PShowMuck:
            shown = a.cards  # type: ignore[union-attr]
            cs = [c for c in shown if c is not None] if shown is not None else []
            rec += ((_SHOW if cs else _MUCK), a.player - 1, 0, j, len(cs))  # type: ignore[union-attr]
            cards += cs
        j += 1
    return True


@cache
def _tables() -> tuple[npt.NDArray[np.integer], ...]:
    from croupier.hands.kernels import CARD_WORD
    from croupier.hands.tables import high_tables

    std = high_tables(HandOrder.standard())
    short = high_tables(HandOrder.short_deck("B"))
    if not np.array_equal(std.offsets, short.offsets):
        raise AssertionError("hand orders no longer share their row offsets")
    return (
        std.nonflush,
        std.flush,
        short.nonflush,
        short.flush,
        std.offsets.astype(np.int64),
        CARD_WORD,
    )


def verify(batch: Batch) -> BatchResult:
    """Replay every hand of the batch in one kernel call."""
    from croupier.phh_kernel import verify_hands

    nh = len(batch)
    status = np.empty(nh, np.int64)
    stop = np.empty(nh, np.int64)
    out = np.zeros((nh, 10), np.int64)
    acts = batch.actions
    verify_hands(  # type: ignore[call-arg]
        batch.cfg,
        batch.seats,
        batch.aoff,
        np.ascontiguousarray(acts[:, 0]),
        np.ascontiguousarray(acts[:, 1]),
        np.ascontiguousarray(acts[:, 2]),
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
    if refused.any():
        index[refused] = acts[stop[refused], 3]
    short = status == INCOMPLETE
    index[short] = batch.lengths[short]
    return BatchResult(status, index, out, batch.cfg[:, 0].copy())


def replay_batch(
    histories: Sequence[HandHistory], rulebook: Rulebook = DUNEDIN_HOUSE
) -> BatchResult:
    """``verify(encode(histories, rulebook))``."""
    return verify(encode(histories, rulebook))
