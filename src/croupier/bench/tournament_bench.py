"""Tournament benchmark: a 1,000-entrant tournament with bots, re-entries and an add-on.

It runs :func:`~croupier.tournament.runner.run_tournament` to one winner; the runner checks
after every hand that chips are conserved and, after every balancing, that no table is more
than one player from another, and at the end that every prize was paid and the pool exactly
distributed (any failure raises). Reported: wall time, hands and hands per second, entries,
re-entries, add-ons, the pool and the places paid.

Run it with ``python -m croupier.bench.tournament_bench [CONDITIONS] [--seed S] [--json]``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from croupier.tournament.conditions import load_conditions
from croupier.tournament.events import Bought
from croupier.tournament.runner import Policy, run_tournament

# Nine bots in ten play tight-aggressive, the rest at random: random bots alone shove and call
# so often that a sixth of the field busts on the first hand.
TIGHT_SHARE = 0.9
DEFAULT = Path(__file__).resolve().parents[3] / "examples" / "tournaments" / "main_event_1000.toml"


def run(conditions: Path = DEFAULT, entrants: int = 1000, seed: int = 2026) -> dict[str, Any]:
    cond = load_conditions(conditions)
    start = time.perf_counter()
    t, stats = run_tournament(cond, entrants, seed, policy=Policy(tight_share=TIGHT_SHARE))
    seconds = time.perf_counter() - start
    bought = [e for e in t.events if isinstance(e, Bought)]
    winner = next(p for p, e in t.entrants.items() if e.place == 1)
    return {
        "conditions": str(conditions),
        "seed": seed,
        "seconds": round(seconds, 3),
        "hands": stats.hands,
        "hands_per_s": round(stats.hands / seconds, 1),
        "waves": stats.waves,
        "players": entrants,
        "entries": t.entries_total,
        "re_entries": sum(1 for b in bought if b.kind == "re-entry"),
        "add_ons": sum(1 for b in bought if b.kind == "add-on"),
        "rebuys": sum(1 for b in bought if b.kind == "rebuy"),
        "pool": t.pool,
        "places_paid": len(t.prizes or []),
        "first_prize": (t.prizes or [])[0].cash if t.prizes else 0,
        "winner": winner,
        "max_table_gap_after_balancing": stats.max_imbalance,
        "balance_checks": stats.balance_checks,
        "bot_mistakes_replaced": stats.bot_mistakes,
        "clocks_called": stats.clocks,
        "hands_dead_on_time": stats.timed_out,
        "events": len(t.events),
        "tight_aggressive_share": TIGHT_SHARE,
        "checks": "chips conserved after every hand; tables within one after balancing; "
        "every prize paid; pool exactly distributed",
    }


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args
    args = [a for a in args if a != "--json"]
    seed = 2026
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i : i + 2]
    path = Path(args[0]) if args else DEFAULT
    result = run(path, seed=seed)
    if as_json:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        print(f"{key:<32} {value}")


if __name__ == "__main__":
    main()
