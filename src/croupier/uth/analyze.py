"""The exact house edge of Ultimate Texas Hold'em under optimal play (act-uth-2025 8.1-8.5,
9.1-9.8, 10.1), and the return table, decision frequencies and pre-flop strategy behind it.

Every deal is enumerated: the player's two cards, the flop (one of 1,755 suit-canonical flops,
weighted by how many flops it stands for), the turn and river, and the dealer's two cards. The
player decides with the best expected result at each point, knowing only what the rules let
the player see: Play 4x or check before the flop (8.1), Play 2x or check on the flop (8.3),
Play 1x or fold on the river (8.5). All sums are integers; results are exact fractions.

Choices the rules allow that never pay are counted but never taken: Play 3x before the flop is
never better than both 4x and checking (its result is linear in the multiple, and checking is
at least as good as always playing 2x), and folding before the river is never better than
checking (which keeps every option). Folding after the dealer's hand is declared (9.1) is
never better than staying in: it loses every wager, and staying in loses at most that.

Readings (recorded here because the analysis depends on them):

- act-uth-2025 10.1: the Blind's 3 to 2 is paid exactly. Amounts are in units of 1/L Ante (L
  the odds' common denominator), so no chip is rounded; a table whose Blind is not a multiple
  of 2 chips rounds down (``Odds.winnings``) and returns slightly less than computed here.
- act-uth-2025 10.1 **: the table's maximum Blind payout is a chip amount on a notice at the
  table; the per-Ante analysis leaves it out (as published analyses do).
- When two choices have exactly the same expected result the player takes the smaller wager
  (checks, or folds on the river). The rules leave the choice to the player (8.1, 8.3, 8.5);
  this only moves decision frequencies and the average bet, never the house edge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from croupier.uth.analyze_setup import (
    blind_units,
    canonical_flops,
    hole_classes,
    pair_index,
    qualifying_strength,
    table_args,
)
from croupier.uth.paytables import BLIND_TABLE, TRIPS_TABLE, PayTable
from croupier.uth.strategy import OptimalStrategy
from croupier.uth.trips import trips_house_edge

#: Deals per player hole: the flop, turn and river from the 50 other cards (19,600 flops times
#: 1,081 turn-river pairs), then the dealer's two cards from the 45 left (990).
DEALS_PER_HOLE = 19_600 * 1_081 * 990
HOLES = 1_326
DEALS = HOLES * DEALS_PER_HOLE
N_CLASSES = 7
N_BINS = 5 * N_CLASSES
OUTCOMES = (
    "win, dealer qualifies",
    "win, dealer does not qualify",
    "tie",
    "loss, dealer qualifies",
    "loss, dealer does not qualify",
)
DECISIONS = ("raise4x", "raise3x", "raise2x", "raise1x", "fold")
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PreflopDecision:
    """A starting-hand class, its holes, and the expected result (in Antes, per deal) of Play 4x
    and of checking with the best play after."""

    hand: str
    combos: int
    ev_raise4x: Fraction
    ev_check: Fraction

    @property
    def decision(self) -> str:
        # Ties check: a player indifferent keeps the chips back.
        return "raise4x" if self.ev_raise4x > self.ev_check else "check"


@dataclass(frozen=True)
class ReturnLine:
    """One net result (in Antes, all wagers but Trips) with its probability and contribution."""

    net: Fraction
    probability: Fraction
    events: tuple[str, ...]

    @property
    def contribution(self) -> Fraction:
        return self.net * self.probability


@dataclass(frozen=True)
class Analysis:
    """The base game (Ante, Blind, Play) under optimal play, exactly, per Ante; Trips apart."""

    blind_spec: str
    trips_spec: str
    deals: int
    house_edge_per_ante: Fraction
    avg_total_bet: Fraction
    decisions: dict[str, Fraction]
    return_table: tuple[ReturnLine, ...]
    preflop: tuple[PreflopDecision, ...]
    trips_house_edge: Fraction
    strategy: OptimalStrategy

    @property
    def house_edge_per_initial_bet(self) -> Fraction:
        """Per Ante plus Blind (both required, 4.2)."""
        return self.house_edge_per_ante / 2

    @property
    def element_of_risk(self) -> Fraction:
        """The house edge per average total amount wagered (Ante, Blind and Play)."""
        return self.house_edge_per_ante / self.avg_total_bet


@dataclass
class _Totals:
    """Per-hole sums the kernel adds into, one row per chunk (thread)."""

    t4: npt.NDArray[np.int64]
    tc: npt.NDArray[np.int64]
    h4: npt.NDArray[np.int64]
    hck: npt.NDArray[np.int64]
    flop_raise: npt.NDArray[np.uint8]

    @classmethod
    def empty(cls, chunks: int, flops: int) -> _Totals:
        z = np.zeros
        return cls(
            z((chunks, HOLES), np.int64),
            z((chunks, HOLES), np.int64),
            z((chunks, HOLES, N_BINS), np.int64),
            z((chunks, HOLES, 2 * N_BINS + 1), np.int64),
            z((flops, HOLES), np.uint8),
        )


def _run_flops(blind: PayTable, progress: Progress | None, batch: int = 45) -> _Totals:
    import numba

    from croupier.uth import analyze_kernels as k

    flops = canonical_flops()
    units = blind_units(blind)
    nonflush, flush, offsets, words = table_args()
    chunks = max(1, numba.get_num_threads())
    tot = _Totals.empty(chunks, len(flops.cards))
    n = len(flops.cards)
    for start in range(0, n, batch):
        stop = min(n, start + batch)
        k.exact_flops(
            flops.cards, flops.weights, start, stop, nonflush, flush, offsets, words,
            qualifying_strength(), pair_index(), units.bclass, units.pay, units.unit,
            tot.t4, tot.tc, tot.h4, tot.hck, tot.flop_raise,
        )  # fmt: skip
        if progress is not None:
            progress(stop, n)
    return tot


def _net_of_bin(b: int, mult: int, pay: npt.NDArray[np.int64], unit: int) -> Fraction:
    """Net in Antes of outcome bin ``b`` with Play ``mult`` x Ante (9.5, 9.6, 9.8)."""
    outcome, k = divmod(b, N_CLASSES)
    blind = Fraction(int(pay[k]), unit)
    return (
        Fraction(1 + mult) + blind,  # Ante even money (9.5(a)), Blind (9.6(a)), Play (9.8(a))
        Fraction(mult) + blind,  # Ante pushes: the dealer does not qualify (9.2, 9.5(c)(ii))
        Fraction(0),  # 9.5(c)(i), 9.6(c)(i), 9.8(c)
        Fraction(-2 - mult),  # 9.5(b), 9.6(b), 9.8(b)
        Fraction(-1 - mult),  # the Ante pushes (9.5(c)(ii)); Blind and Play lose
    )[outcome]


def _event(b: int, mult: int, table: PayTable) -> str:
    outcome, k = divmod(b, N_CLASSES)
    line = table.lines[::-1][k - 1].category.words if k and outcome < 2 else ""
    return f"play {mult}x, {OUTCOMES[outcome]}" + (f", {line}" if line else "")


def _return_table(
    h4: npt.NDArray[np.int64], hck: npt.NDArray[np.int64], blind: PayTable
) -> tuple[ReturnLine, ...]:
    units = blind_units(blind)
    by_net: dict[Fraction, tuple[int, list[str]]] = {}

    def add(net: Fraction, count: int, event: str) -> None:
        if count:
            c, events = by_net.get(net, (0, []))
            by_net[net] = (c + count, events if event in events else [*events, event])

    for b in range(N_BINS):
        add(_net_of_bin(b, 4, units.pay, units.unit), int(h4[b]), _event(b, 4, blind))
        add(_net_of_bin(b, 2, units.pay, units.unit), int(hck[b]), _event(b, 2, blind))
        add(_net_of_bin(b, 1, units.pay, units.unit), int(hck[N_BINS + b]), _event(b, 1, blind))
    add(Fraction(-2), int(hck[2 * N_BINS]), "fold on the river")
    return tuple(
        ReturnLine(net, Fraction(c, DEALS), tuple(ev))
        for net, (c, ev) in sorted(by_net.items(), reverse=True)
    )


def exact_analysis(
    blind_table: PayTable = BLIND_TABLE,
    trips_table: PayTable = TRIPS_TABLE,
    progress: Progress | None = None,
) -> Analysis:
    """Enumerate every deal and play each optimally (see the module's docstring).

    ``progress(done, total)`` is called after each batch of flops.
    """
    tot = _run_flops(blind_table, progress)
    unit = blind_units(blind_table).unit
    t4, tc = tot.t4.sum(axis=0), tot.tc.sum(axis=0)
    h4, hck = tot.h4.sum(axis=0), tot.hck.sum(axis=0)
    preflop: list[PreflopDecision] = []
    raise4 = np.zeros(HOLES, dtype=np.uint8)
    sel4 = np.zeros(N_BINS, dtype=np.int64)
    selc = np.zeros(2 * N_BINS + 1, dtype=np.int64)
    total = 0
    for hand, holes in hole_classes().items():
        idx = list(holes)
        e4, ec = int(t4[idx].sum()), int(tc[idx].sum())
        per = unit * len(idx) * DEALS_PER_HOLE
        d = PreflopDecision(hand, len(idx), Fraction(e4, per), Fraction(ec, per))
        preflop.append(d)
        if d.decision == "raise4x":
            raise4[idx] = 4
            sel4 += h4[idx].sum(axis=0)
            total += e4
        else:
            selc += hck[idx].sum(axis=0)
            total += ec
    counted = int(sel4.sum() + selc.sum())
    if counted != DEALS:
        raise AssertionError(f"the enumeration counted {counted} deals, not {DEALS}")
    decisions = {
        "raise4x": Fraction(int(sel4.sum()), DEALS),
        "raise3x": Fraction(0),
        "raise2x": Fraction(int(selc[:N_BINS].sum()), DEALS),
        "raise1x": Fraction(int(selc[N_BINS : 2 * N_BINS].sum()), DEALS),
        "fold": Fraction(int(selc[2 * N_BINS]), DEALS),
    }
    multiples = {"raise4x": 4, "raise3x": 3, "raise2x": 2, "raise1x": 1, "fold": 0}
    avg_bet = 2 + sum((multiples[k] * f for k, f in decisions.items()), Fraction(0))
    table = _return_table(sel4, selc, blind_table)
    edge = Fraction(-total, unit * DEALS)
    if sum(line.contribution for line in table) != -edge:
        raise AssertionError("the return table does not add up to the house edge")
    return Analysis(
        blind_spec=str(blind_table),
        trips_spec=str(trips_table),
        deals=DEALS,
        house_edge_per_ante=edge,
        avg_total_bet=avg_bet,
        decisions=decisions,
        return_table=table,
        preflop=tuple(preflop),
        trips_house_edge=trips_house_edge(trips_table),
        strategy=OptimalStrategy(str(blind_table), raise4, tot.flop_raise),
    )
