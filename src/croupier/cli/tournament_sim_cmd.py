"""``croupier tournament simulate``: a tournament played many times by bots from given starting
stacks (:mod:`croupier.tournament.montecarlo`), in this process or as Dask tasks."""

from __future__ import annotations

import json
import re
import time
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.cluster_options import Scheduler, Workers, cluster, run_with_bar
from croupier.cli.place_chart import sparkline, svg
from croupier.cli.usage import fail
from croupier.tournament.conditions import (
    MAX_ENTRANTS,
    Conditions,
    ConditionsError,
    load_conditions,
)

MAX_RUNS = 1_000_000


def parse_stacks(text: str, cond: Conditions) -> tuple[int, ...]:
    """``4000,2000x3,1000``: one stack per player, ``STACKxN`` for N players alike; each a
    whole number of the smallest chip. ValueError names the entry at fault."""
    unit = min(cond.chips) if cond.chips else 1
    out: list[int] = []
    for item in (s.strip() for s in text.split(",")):
        m = re.fullmatch(r"(\d+)(?:\s*x\s*(\d+))?", item)
        if m is None:
            raise ValueError(f"--stacks: {item!r} is not STACK or STACKxN (such as 2000x3)")
        stack, count = int(m[1]), int(m[2] or 1)
        if stack < 1 or count < 1:
            raise ValueError(f"--stacks: {item!r}: stacks and counts are at least 1")
        if stack % unit:
            raise ValueError(f"--stacks: {stack} is not a whole number of the {unit} chip")
        if len(out) + count > MAX_ENTRANTS:
            raise ValueError(f"--stacks: more than {MAX_ENTRANTS} players")
        out += [stack] * count
    return tuple(out)


def _players(cond: Conditions, stacks: str | None, bots: int | None) -> tuple[int, ...]:
    if stacks is not None and bots is not None:
        raise fail("give --bots or --stacks, not both (--stacks gives a stack to each player)")
    if stacks is None:
        n = cond.max_entrants if bots is None else bots
        out = (cond.starting_stack,) * n
    else:
        try:
            out = parse_stacks(stacks, cond)
        except ValueError as e:
            raise fail(str(e)) from e
    if len(out) < 2:
        raise fail("a tournament needs at least 2 players")
    if len(out) > cond.max_entrants:
        raise fail(f"{len(out)} players, but the conditions take at most {cond.max_entrants}")
    return out


def simulate(
    conditions: Annotated[Path, typer.Argument(help="the tournament's conditions (TOML)")],
    runs: Annotated[int, typer.Option(min=1, max=MAX_RUNS, help="tournaments to play")] = 100,
    stacks: Annotated[
        str | None,
        typer.Option(
            metavar="STACKS",
            help="each player's starting stack, such as 4000,2000x3,1000 "
            "(default: the conditions' starting stack for every player)",
        ),
    ] = None,
    bots: Annotated[
        int | None,
        typer.Option(help="players, all with the starting stack (default: the maximum entrants)"),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="seed every run (reproducible; each run its own derived seed)"),
    ] = None,
    buys: Annotated[
        bool, typer.Option(help="let bots re-buy, add on and re-enter as the conditions allow")
    ] = False,
    chart: Annotated[
        Path | None, typer.Option(metavar="FILE", help="write the chart as SVG to FILE")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
    workers: Workers = None,
    scheduler: Scheduler = None,
) -> None:
    """Play the tournament RUNS times with bots from the same starting stacks; print each
    stack's finishing-place distribution and its equity (mean share of the prize pool) beside
    the Independent Chip Model's. With --workers or --scheduler the runs are Dask tasks; the
    result for a seed is the same whatever the number of workers."""
    from croupier.tournament import montecarlo as mc
    from croupier.tournament.runner import InvariantBroken
    from croupier.tournament.tournament import TournamentError

    where = cluster(workers, scheduler)
    try:
        cond = load_conditions(conditions)
    except ConditionsError as e:
        raise fail(f"conditions {conditions}: {e}") from e
    if cond.flights is not None or cond.heads_up_matches:
        kind = "flights" if cond.flights is not None else "heads-up matches"
        raise fail(f"conditions {conditions}: {kind}: simulate plays one-day table tournaments")
    start_stacks = _players(cond, stacks, bots)
    if chart is not None and (chart.is_dir() or not chart.parent.is_dir()):
        raise fail(f"--chart: {chart} is not a file in an existing folder")
    per_chunk = max(1, runs // 100)
    chunks = mc.plan(runs, seed, per_chunk)
    weights = [len(c[0]) for c in chunks]
    common = (cond, start_stacks, buys)
    t0 = time.perf_counter()
    try:
        parts = run_with_bar(mc.play_runs, common, chunks, where, weights, "run", as_json)
    except (TournamentError, InvariantBroken) as e:
        raise fail(str(e)) from e
    seconds = time.perf_counter() - t0
    summary = mc.summarize(start_stacks, [f for part in parts for f in part])
    title = f"{cond.name}: {runs:,} runs of {len(start_stacks)} players"
    if chart is not None:
        chart.write_text(svg(summary, title), encoding="utf-8")
    if as_json:
        out = {
            "tournament": cond.name,
            "runs": runs,
            "seed": seed,
            "buys": buys,
            "stacks": list(start_stacks),
            "seconds": round(seconds, 3),
            "place_shares": list(summary.shares),
            "by_stack": [asdict(g) for g in summary.by_stack],
            "chart": None if chart is None else str(chart),
        }
        typer.echo(json.dumps(out, indent=2))
        return
    on = "in this process" if where is None else f"on {where.describe()}"
    typer.echo(
        f"{title} ({cond.rules}; {'re-buys, add-ons and re-entries' if buys else 'no buys'}) "
        f"in {seconds:.1f} s {on}"
    )
    paid = ", ".join(f"{k + 1}: {s:.1%}" for k, s in enumerate(summary.shares))
    typer.echo(f"prizes by place, share of the pool: {paid}")
    top = max(max(g.places) for g in summary.by_stack)
    depth = len(summary.by_stack[0].places)
    head = f"{'stack':>8} {'players':>7} {'mean place':>10} {'in money':>8} {'equity':>7}"
    typer.echo(f"{head} {'ICM':>7}  places 1..{depth}")
    for g in summary.by_stack:
        icm = "-" if g.icm is None else f"{g.icm:.2%}"
        typer.echo(
            f"{g.stack:>8,} {g.players:>7} {g.mean_place:>10.2f} {g.in_the_money:>8.1%} "
            f"{g.equity:>7.2%} {icm:>7}  {sparkline(g.places, top)}"
        )
    if chart is not None:
        typer.echo(f"chart: {chart}")
