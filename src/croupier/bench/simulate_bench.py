"""Table-simulation benchmark: ``croupier simulate``'s rounds per second for dunedin-house
hold'em and act-omaha-2017 pot-limit Omaha (table, bots and every per-round check), beside the
round engine alone on six-max random rounds, in one run."""

from __future__ import annotations

import time
from typing import Any

from croupier.bench.engine_bench import croupier_rounds
from croupier.sim.simulate import simulate
from croupier.table.presets import preset


def _per_s(fn: Any, n: int) -> float:
    start = time.perf_counter()
    fn()
    return n / (time.perf_counter() - start)


def run(rounds: int = 20_000, engine_rounds: int = 20_000, seed: int = 1) -> dict[str, float]:
    holdem = preset("dunedin-house", None, None, 9)
    omaha = preset("act-omaha-2017", "omaha", "pot-limit", 9)
    simulate(holdem, 50, seed)  # load tables and warm caches outside the timing
    simulate(omaha, 50, seed)
    return {
        "holdem_rounds_per_s": _per_s(lambda: simulate(holdem, rounds, seed), rounds),
        "omaha_rounds_per_s": _per_s(lambda: simulate(omaha, rounds, seed), rounds),
        "engine_rounds_per_s": _per_s(lambda: croupier_rounds(engine_rounds, seed), engine_rounds),
    }
