"""Monte Carlo play of Ultimate Texas Hold'em under a strategy: the house edge per Ante with
a 99 % confidence interval, the average total bet and each decision's frequency.

The random numbers are an input: ``seed`` fixes every deal. The rounds are split into chunks,
each dealt from its own seed, so the result does not depend on how threads (or Dask's workers,
``croupier uth analyze --simulate N --workers W``) share the work.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

import numpy as np
import numpy.typing as npt

from croupier.hands import STANDARD, Category
from croupier.uth.analyze import Progress, exact_analysis
from croupier.uth.analyze_setup import (
    blind_units,
    canonical_flops,
    category_positions,
    pair_index,
    qualifying_strength,
    table_args,
)
from croupier.uth.paytables import BLIND_TABLE, PayTable
from croupier.uth.strategy import OptimalStrategy, SimpleStrategy, load_optimal, save_optimal

#: Two-sided 99 % normal quantile.
Z99 = 2.5758293035489004
CHUNK = 250_000


@dataclass(frozen=True)
class SimulationResult:
    """Per Ante: the mean house edge, the standard deviation of one round's net, the 99 %
    interval of the house edge, the average total bet and decision frequencies."""

    strategy: str
    rounds: int
    seed: int
    house_edge_per_ante: float
    std_dev: float
    ci99: tuple[float, float]
    avg_total_bet: float
    decisions: dict[str, float]

    @property
    def element_of_risk(self) -> float:
        return self.house_edge_per_ante / self.avg_total_bet


def optimal_strategy(
    blind_table: PayTable = BLIND_TABLE, progress: Progress | None = None
) -> OptimalStrategy:
    """The optimal strategy's tables: from the disk cache, else from the exact run (cached)."""
    cached = load_optimal(str(blind_table))
    if cached is not None:
        return cached
    strategy = exact_analysis(blind_table, progress=progress).strategy
    save_optimal(strategy)
    return strategy


def simulate(
    n: int,
    strategy: OptimalStrategy | SimpleStrategy,
    seed: int,
    blind_table: PayTable = BLIND_TABLE,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play ``n`` rounds of one box (Ante and Blind of one unit each) under ``strategy``."""
    import numba

    from croupier.uth import analyze_kernels as k

    check(n, strategy, blind_table)
    sizes, seeds = plan(n, seed)
    stats = np.zeros((len(sizes), k.N_STATS), dtype=np.int64)
    batch = max(1, numba.get_num_threads()) * 4
    for lo in range(0, len(sizes), batch):
        hi = min(len(sizes), lo + batch)
        stats[lo:hi] = chunk_stats(strategy, blind_table, seeds[lo:hi], sizes[lo:hi])
        if progress is not None:
            progress(sum(sizes[:hi]), n)
    return result(stats, n, seed, strategy, blind_table)


def check(n: int, strategy: OptimalStrategy | SimpleStrategy, blind_table: PayTable) -> None:
    """ValueError where ``n`` rounds under ``strategy`` and ``blind_table`` cannot be played."""
    if n < 2:
        raise ValueError(f"a simulation needs at least 2 rounds, not {n}")
    if isinstance(strategy, OptimalStrategy) and strategy.blind_spec != str(blind_table):
        raise ValueError(
            f"the optimal strategy is for Blind table {strategy.blind_spec}, not {blind_table}"
        )


def plan(n: int, seed: int) -> tuple[list[int], list[int]]:
    """The rounds of each chunk and its seed, drawn from ``seed``: the same chunks whoever
    plays them (these threads, or Dask's workers)."""
    sizes = [CHUNK] * (n // CHUNK) + ([n % CHUNK] if n % CHUNK else [])
    ss = np.random.SeedSequence(seed)
    return sizes, [int(x) for x in ss.generate_state(len(sizes), dtype=np.uint32)]


def chunk_stats(
    strategy: OptimalStrategy | SimpleStrategy,
    blind_table: PayTable,
    seeds: list[int],
    sizes: list[int],
) -> npt.NDArray[np.int64]:
    """The tallies (one row per chunk) of the chunks dealt from ``seeds``; the
    chunks run in parallel on numba's threads (a Dask task: module-level, to be pickled)."""
    from croupier.uth import analyze_kernels as k

    flops = canonical_flops()
    units = blind_units(blind_table)
    nonflush, flush, offsets, words = table_args()
    if isinstance(strategy, OptimalStrategy):
        pre, flop_raise, simple = strategy.preflop, strategy.flop_raise, np.zeros(5, np.int64)
    else:
        pre, simple = strategy.preflop_table(), strategy.params()
        flop_raise = np.zeros((1, 1), np.uint8)
    stats = np.zeros((len(sizes), k.N_STATS), dtype=np.int64)
    k.simulate_chunks(
        np.array(seeds, np.int64), np.array(sizes, np.int64),
        isinstance(strategy, OptimalStrategy), pre, flop_raise, flops.canon, flops.perm, simple,
        nonflush, flush, offsets, words, qualifying_strength(), pair_index(), units.bclass,
        units.pay, units.unit, category_positions(), STANDARD.position(Category.TWO_PAIR), stats,
    )  # fmt: skip
    return stats


def result(
    stats: npt.NDArray[np.int64],
    n: int,
    seed: int,
    strategy: OptimalStrategy | SimpleStrategy,
    blind_table: PayTable,
) -> SimulationResult:
    """The house edge and the rest from the chunks' tallies (``stats``, one row per chunk)."""
    from croupier.uth import analyze_kernels as k

    tot = stats.sum(axis=0)
    unit = blind_units(blind_table).unit
    mean = tot[k.S_NET] / (unit * n)
    var = (tot[k.S_NET2] / unit**2 - n * mean * mean) / (n - 1)
    sd = sqrt(max(var, 0.0))
    half = Z99 * sd / sqrt(n)
    edge = -mean
    names = {"raise4x": k.S_4X, "raise3x": k.S_3X, "raise2x": k.S_2X, "raise1x": k.S_1X}
    decisions = {key: tot[i] / n for key, i in names.items()}
    decisions["fold"] = tot[k.S_FOLD] / n
    return SimulationResult(
        strategy="optimal" if isinstance(strategy, OptimalStrategy) else strategy.name,
        rounds=n,
        seed=seed,
        house_edge_per_ante=float(edge),
        std_dev=sd,
        ci99=(float(edge - half), float(edge + half)),
        avg_total_bet=float(tot[k.S_BET] / (unit * n)),
        decisions={key: float(v) for key, v in decisions.items()},
    )
