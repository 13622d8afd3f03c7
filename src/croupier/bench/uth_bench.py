"""UTH analysis benchmark: the exact optimal-play run and a Monte Carlo of the same strategy,
timed, and checked against the published figures (Wizard of Odds, "Ultimate Texas Hold 'Em":
house edge 2.185 % of the Ante, element of risk 0.53 %, and the pre-flop 4x hands).

Run it as ``python -m croupier.bench.uth_bench [--json] [ROUNDS]``.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from croupier.uth.analyze import exact_analysis
from croupier.uth.analyze_sim import simulate
from croupier.uth.strategy import expand_hands

#: Wizard of Odds' published figures, to the precision published.
PUBLISHED_EDGE_PCT = 2.185
PUBLISHED_EOR_PCT = 0.53
#: Wizard of Odds: Play 4x with 33+, any ace, K2s+, K5o+, Q6s+, Q8o+, J8s+, JTo+.
PUBLISHED_RAISE4X = ["33+", "A2+", "K2s+", "K5o+", "Q6s+", "Q8o+", "J8s+", "JTo+"]


def run(rounds: int = 10_000_000, seed: int = 2025) -> dict[str, Any]:
    t0 = time.perf_counter()
    a = exact_analysis()
    exact_s = time.perf_counter() - t0
    edge = a.house_edge_per_ante
    published = {h for spec in PUBLISHED_RAISE4X for h in expand_hands(spec)}
    raise4 = {d.hand for d in a.preflop if d.decision == "raise4x"}
    t0 = time.perf_counter()
    simulate(1_000, a.strategy, seed)  # compiles (or loads) the kernel
    warm_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    sim = simulate(rounds, a.strategy, seed)
    sim_s = time.perf_counter() - t0
    lo, hi = sim.ci99
    return {
        "exact_s": round(exact_s, 2),
        "house_edge_per_ante": float(edge),
        "house_edge_per_ante_fraction": f"{edge.numerator}/{edge.denominator}",
        "element_of_risk": float(a.element_of_risk),
        "avg_total_bet": float(a.avg_total_bet),
        "decisions": {k: float(v) for k, v in a.decisions.items()},
        "matches_published_edge": round(float(edge) * 100, 3) == PUBLISHED_EDGE_PCT,
        "matches_published_eor": round(float(a.element_of_risk) * 100, 2) == PUBLISHED_EOR_PCT,
        "preflop_raise4x_classes": len(raise4),
        "matches_published_preflop": raise4 == published,
        "simulate_rounds": rounds,
        "simulate_compile_s": round(warm_s, 2),
        "simulate_s": round(sim_s, 2),
        "simulate_rounds_per_s": round(rounds / sim_s),
        "simulate_house_edge_per_ante": sim.house_edge_per_ante,
        "simulate_ci99": [lo, hi],
        "ci99_contains_exact": lo <= float(edge) <= hi,
    }


def main(argv: list[str]) -> None:
    as_json = "--json" in argv
    args = [a for a in argv if a != "--json"]
    result = run(int(args[0]) if args else 10_000_000)
    if as_json:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        print(f"{key:<32} {value}")


if __name__ == "__main__":
    main(sys.argv[1:])
