"""Small timing helpers shared by the benchmarks: a rate, and the paced tables' start."""

from __future__ import annotations

import time
from collections.abc import Callable


def rate(fn: Callable[[], object], n: int, repeat: int = 3) -> float:
    """Items per second of ``fn`` (which handles ``n`` items), best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return n / best


#: The commands of a round that three calling stations play to showdown: the start, and each
#: player's call or check on each of the four streets. Paced, a table's first round begins at
#: a random moment of this many intervals: such a round always takes as many commands, so
#: tables begun within one interval would start their rounds together for good, a burst of
#: round starts (the costliest commands: a shuffle, a sealed deck, the deal) every round's
#: length that no room sees.
ROUND_BEATS = 13


def first_spread(interval: float, warmup: float) -> float:
    """The seconds over which paced tables begin their first rounds: a round's length
    (:data:`ROUND_BEATS` intervals), within the warm-up, and at least one interval."""
    return max(interval, min(ROUND_BEATS * interval, warmup))
