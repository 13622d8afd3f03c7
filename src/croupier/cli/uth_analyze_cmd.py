"""``croupier uth analyze``: the base game's house edge under optimal play, exactly, or any
strategy by Monte Carlo (act-uth-2025 8.1-8.5, 9.x, 10.1), with the Trips edge."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier.cli.cluster_options import Scheduler, Workers, cluster, run_with_bar
from croupier.cli.usage import fail
from croupier.hands import Category
from croupier.sim.parallel import Cluster

DEFAULT_BLIND = "500-50-10-3-3:2-1"
DEFAULT_TRIPS = "50-40-30-8-7-4-3"


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _progress(enabled: bool, what: str) -> tuple[Callable[[int, int], None] | None, Any]:
    """A tqdm bar on stderr, or nothing (JSON output, or stderr not a terminal)."""
    if not enabled or not sys.stderr.isatty():
        return None, None
    from tqdm import tqdm

    bar = tqdm(total=0, desc=what, file=sys.stderr, leave=False)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    return update, bar


def analyze(
    paytable: Annotated[
        str,
        typer.Option(
            "--paytable", help="Blind odds from royal flush down to straight (the pay table, 10.1)"
        ),
    ] = DEFAULT_BLIND,
    trips_paytable: Annotated[
        str,
        typer.Option(
            "--trips-paytable", help="Trips odds from royal flush down to three of a kind"
        ),
    ] = DEFAULT_TRIPS,
    exact: Annotated[
        bool, typer.Option("--exact", help="enumerate every deal (the default)")
    ] = False,
    simulate_n: Annotated[
        int | None, typer.Option("--simulate", metavar="N", help="play N random rounds instead")
    ] = None,
    strategy: Annotated[
        str,
        typer.Option(
            "--strategy", help="optimal, or a simple-strategy TOML file (with --simulate)"
        ),
    ] = "optimal",
    seed: Annotated[int, typer.Option("--seed", min=0, help="seed of the simulated deals")] = 2025,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    workers: Workers = None,
    scheduler: Scheduler = None,
) -> None:
    """Ultimate Texas Hold'em's house edge per Ante, element of risk, average total bet,
    decision frequencies, return table and pre-flop strategy under optimal play, exactly
    (every deal enumerated, about a minute on two cores) or by Monte Carlo for any strategy.
    With --workers or --scheduler the simulated rounds are played as Dask tasks of 250,000
    rounds each, every one from its own seed: the same result as in this process."""
    from croupier.uth.paytables import PayTable, PayTableError
    from croupier.uth.strategy import StrategyError, load_strategy
    from croupier.uth.trips import trips_house_edge

    if exact and simulate_n is not None:
        raise fail("choose one of --exact and --simulate N")
    where = cluster(workers, scheduler)
    if where is not None and simulate_n is None:
        raise fail("--workers and --scheduler play --simulate N; the exact analysis runs here")
    if simulate_n is not None and simulate_n < 2:
        raise fail(f"--simulate needs at least 2 rounds, not {simulate_n}")
    if simulate_n is None and strategy != "optimal":
        raise fail("the exact analysis is of the optimal strategy; use --simulate N with a file")
    try:
        blind = PayTable.from_spec("blind", paytable, Category.STRAIGHT)
        trips = PayTable.from_spec("trips", trips_paytable, Category.THREE_OF_A_KIND)
    except PayTableError as e:
        raise fail(str(e)) from e
    simple = None
    if strategy != "optimal":
        try:
            simple = load_strategy(Path(strategy))
        except StrategyError as e:
            raise fail(str(e)) from e
    # on Dask, run_with_bar draws the bar
    quiet = as_json or where is not None
    progress, bar = _progress(not quiet, "exact" if simulate_n is None else "simulate")
    start = time.perf_counter()
    try:
        if simulate_n is None:
            out = _exact(blind, trips, progress)
        else:
            out = _simulate(simulate_n, simple, seed, blind, progress, where, as_json)
    finally:
        if bar is not None:
            bar.close()
    out["trips_house_edge"] = float(trips_house_edge(trips))
    out["trips_house_edge_fraction"] = _frac(trips_house_edge(trips))
    out["elapsed_s"] = round(time.perf_counter() - start, 3)
    if as_json:
        typer.echo(json.dumps(out, indent=2))
    else:
        _print(out)


def exact_cache_path(blind: Any, trips: Any) -> Path:
    """Where the exact analysis of these pay tables is cached, beside the hand tables; the
    name carries a digest of the analysis's source, so a changed analysis computes afresh."""
    import hashlib

    from croupier.hands.tables import cache_dir
    from croupier.uth import analyze

    digest = hashlib.sha256(Path(analyze.__file__).read_bytes()).hexdigest()[:12]
    name = f"uth-exact-{blind}-{trips}-{digest}.json".replace(":", "_")
    return cache_dir() / name


def _exact(blind: Any, trips: Any, progress: Callable[[int, int], None] | None) -> dict[str, Any]:
    """The exact analysis (about 100 s on two cores), read from its cache where it is there."""
    path = exact_cache_path(blind, trips)
    with contextlib.suppress(OSError, ValueError):
        cached = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(cached, dict) and cached.get("mode") == "exact":
            return cached
    out = _compute_exact(blind, trips, progress)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(out), encoding="utf-8")
        tmp.replace(path)
    return out


def _compute_exact(
    blind: Any, trips: Any, progress: Callable[[int, int], None] | None
) -> dict[str, Any]:
    from croupier.uth.analyze import exact_analysis
    from croupier.uth.strategy import save_optimal

    a = exact_analysis(blind, trips, progress)
    save_optimal(a.strategy)  # the simulation's optimal strategy reuses these tables
    return {
        "mode": "exact",
        "strategy": "optimal",
        "paytable": a.blind_spec,
        "trips_paytable": a.trips_spec,
        "deals": a.deals,
        "house_edge_per_ante": float(a.house_edge_per_ante),
        "house_edge_per_ante_fraction": _frac(a.house_edge_per_ante),
        "house_edge_per_initial_bet": float(a.house_edge_per_initial_bet),
        "element_of_risk": float(a.element_of_risk),
        "element_of_risk_fraction": _frac(a.element_of_risk),
        "avg_total_bet": float(a.avg_total_bet),
        "avg_total_bet_fraction": _frac(a.avg_total_bet),
        "decisions": {k: float(v) for k, v in a.decisions.items()},
        "decisions_fractions": {k: _frac(v) for k, v in a.decisions.items()},
        "return_table": [
            {
                "net": float(ln.net),
                "probability": float(ln.probability),
                "probability_fraction": _frac(ln.probability),
                "contribution": float(ln.contribution),
                "events": list(ln.events),
            }
            for ln in a.return_table
        ],
        "preflop": [
            {
                "hand": d.hand,
                "combos": d.combos,
                "decision": d.decision,
                "ev_raise4x": float(d.ev_raise4x),
                "ev_check": float(d.ev_check),
            }
            for d in a.preflop
        ],
    }


def _simulate(
    n: int,
    simple: Any,
    seed: int,
    blind: Any,
    progress: Callable[[int, int], None] | None,
    where: Cluster | None = None,
    quiet: bool = False,
) -> dict[str, Any]:
    from croupier.uth.analyze_sim import optimal_strategy, simulate

    strategy = simple if simple is not None else optimal_strategy(blind, progress)
    if where is None:
        r = simulate(n, strategy, seed, blind, progress)
    else:
        r = _on_cluster(n, strategy, seed, blind, where, quiet)
    return {
        "mode": "simulate",
        "strategy": r.strategy,
        "paytable": str(blind),
        "rounds": r.rounds,
        "seed": r.seed,
        "house_edge_per_ante": r.house_edge_per_ante,
        "ci99": list(r.ci99),
        "std_dev": r.std_dev,
        "house_edge_per_initial_bet": r.house_edge_per_ante / 2,
        "element_of_risk": r.element_of_risk,
        "avg_total_bet": r.avg_total_bet,
        "decisions": r.decisions,
    }


def _on_cluster(n: int, strategy: Any, seed: int, blind: Any, where: Cluster, quiet: bool) -> Any:
    """The simulation's chunks as Dask tasks: one chunk (one seed) each."""
    import numpy as np

    from croupier.uth.analyze_sim import check, chunk_stats, plan, result

    try:
        check(n, strategy, blind)
    except ValueError as e:
        raise fail(str(e)) from e
    sizes, seeds = plan(n, seed)
    chunks = [([s], [z]) for s, z in zip(seeds, sizes, strict=True)]
    parts = run_with_bar(chunk_stats, (strategy, blind), chunks, where, sizes, "round", quiet)
    return result(np.vstack(parts), n, seed, strategy, blind)


def _print(out: dict[str, Any]) -> None:
    echo = typer.echo
    if out["mode"] == "exact":
        echo(
            f"Ultimate Texas Hold'em (act-uth-2025), Blind {out['paytable']}, optimal play, "
            f"exact over {out['deals']:,} deals"
        )
        echo(
            f"house edge per Ante        {out['house_edge_per_ante']:.4%}  "
            f"({out['house_edge_per_ante_fraction']})"
        )
    else:
        lo, hi = out["ci99"]
        echo(
            f"Ultimate Texas Hold'em (act-uth-2025), Blind {out['paytable']}, "
            f"{out['strategy']}, {out['rounds']:,} simulated rounds (seed {out['seed']})"
        )
        echo(
            f"house edge per Ante        {out['house_edge_per_ante']:.4%}  "
            f"(99 % interval {lo:.4%} to {hi:.4%}; sd {out['std_dev']:.4f} Antes)"
        )
    echo(f"house edge per Ante+Blind  {out['house_edge_per_initial_bet']:.4%}")
    echo(f"element of risk            {out['element_of_risk']:.4%}")
    echo(f"average total bet          {out['avg_total_bet']:.4f} Antes")
    echo("decisions: " + ", ".join(f"{k} {v:.4%}" for k, v in out["decisions"].items()))
    if out["mode"] == "exact":
        echo(f"{'net (Antes)':>12} {'probability':>14} {'contribution':>14}")
        for ln in out["return_table"]:
            echo(f"{ln['net']:>12g} {ln['probability']:>14.8f} {ln['contribution']:>14.8f}")
        raise4 = [d["hand"] for d in out["preflop"] if d["decision"] == "raise4x"]
        echo(f"pre-flop Play 4x ({len(raise4)} of 169 classes): " + " ".join(raise4))
        echo("everything else checks")
    echo(f"Trips house edge           {out['trips_house_edge']:.4%}")
    echo(f"elapsed {out['elapsed_s']:.1f} s")
