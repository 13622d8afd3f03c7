"""Small timing helpers shared by the benchmarks."""

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
