"""``croupier simulate``: many rounds at one table with bots coming and going, checked."""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from tqdm import tqdm

from croupier.cli.cluster_options import Scheduler, Workers, cluster, run_with_bar
from croupier.cli.options import DEFAULT_RULEBOOK
from croupier.cli.paths import output_folder
from croupier.cli.usage import fail
from croupier.rules import UnknownRulebook
from croupier.sim import table_chunks
from croupier.sim.parallel import Cluster
from croupier.sim.simulate import SimulationError, simulate
from croupier.sim.table_chunks import Preset, Totals
from croupier.table.presets import PresetError, preset
from croupier.table.table import TableConfig


def simulate_cmd(
    rulebook: Annotated[
        str, typer.Option(help="qld-holdem-2005, act-omaha-2017 or dunedin-house")
    ] = DEFAULT_RULEBOOK,
    hands: Annotated[int, typer.Option(min=1, max=10**9, help="rounds to play")] = 1000,
    seed: Annotated[
        int | None,
        typer.Option(help="seed the shoe, bots and arrivals (reproducible; default: secure shoe)"),
    ] = None,
    history: Annotated[
        Path | None, typer.Option(help="write every round as a PHH file in this folder")
    ] = None,
    game: Annotated[str | None, typer.Option(help="holdem, omaha or short-deck")] = None,
    structure: Annotated[
        str | None, typer.Option(help="no-limit, pot-limit, half-pot, fixed or straddle")
    ] = None,
    seats: Annotated[int, typer.Option(min=2, max=10, help="seats at the table")] = 9,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    workers: Workers = None,
    scheduler: Scheduler = None,
    chunk: Annotated[
        int,
        typer.Option(
            min=1,
            max=10**9,
            help="with --workers or --scheduler: rounds per task, each a fresh table from its "
            "own seed derived from --seed",
        ),
    ] = 1000,
) -> None:
    """Play N rounds with bots joining, topping up and leaving at random; after every round
    check that chips are conserved (with commission and fees), one big blind was posted,
    nobody was dealt in where the rulebook forbids, and the button moved as it says. With
    --workers or --scheduler the rounds are played as Dask tasks of --chunk rounds at tables
    of their own; the result for a seed is the same whatever the number of workers."""
    where = cluster(workers, scheduler)
    try:
        config = preset(rulebook, game, structure, seats)
    except (PresetError, UnknownRulebook) as e:
        raise fail(str(e)) from e
    if where is not None and history is not None:
        raise fail("--history writes here, in-process only: drop --workers or --scheduler")
    if history is not None:
        output_folder(history, "--history")
        earlier = next(history.glob("*.phh"), None)
        if earlier is not None:  # this run's 0000001.phh... would overwrite some and mix the rest
            raise fail(
                f"--history: {history} already holds an earlier run's hand histories "
                f"({earlier.name}...); name a new or empty folder"
            )
    start = time.perf_counter()
    try:
        if where is None:
            report, shoe = _in_process(config, hands, seed, seats, history, as_json)
        else:
            table = Preset(rulebook, game, structure, seats)
            report, shoe = _chunked(table, hands, seed, chunk, where, as_json)
    except SimulationError as e:
        typer.echo(f"croupier: simulation failed: {e}", err=True)
        raise typer.Exit(1) from e
    seconds = time.perf_counter() - start
    seat_rows = sorted(report.seats.items())
    bots = sorted(report.bots.items())
    if as_json:
        summary = {
            "rulebook": config.rulebook.id,
            "rounds": report.rounds,
            "shoe": shoe,
            "seconds": round(seconds, 3),
            "rounds_per_s": round(report.rounds / seconds, 1),
            "commission": report.commission,
            "fees": report.fees,
            "joins": report.joins,
            "departures": report.departures,
            "top_ups": report.top_ups,
            "tables": 1 if where is None else math.ceil(hands / chunk),
            "seats": {str(n): {"rounds": r, "net": net} for n, (r, net) in seat_rows},
            "bots": {b: {"players": n, "rounds": r, "net": net} for b, (n, r, net) in bots},
        }
        typer.echo(json.dumps(summary))
        return
    typer.echo(
        f"{report.rounds:,} rounds under {config.rulebook.id} in {seconds:.1f} s "
        f"({report.rounds / seconds:,.0f} rounds/s, {shoe} shoe); "
        "every round's checks passed"
    )
    if where is not None:
        tables = math.ceil(hands / chunk)
        typer.echo(f"{tables:,} tables of up to {chunk:,} rounds on {where.describe()}")
    typer.echo(f"commission {report.commission:,}, fees {report.fees:,}")
    typer.echo(
        f"{report.joins:,} players joined, {report.departures:,} left, {report.top_ups:,} top-ups"
    )
    typer.echo("seat   rounds          net")
    for n, (r, net) in seat_rows:
        typer.echo(f"{n:>4} {r:>8,} {net:>+12,}")
    typer.echo("bot               players   rounds          net")
    for b, (n, r, net) in bots:
        typer.echo(f"{b:<17} {n:>7,} {r:>8,} {net:>+12,}")
    if history is not None:
        typer.echo(f"hand histories written to {history}/")


def _in_process(
    config: TableConfig, hands: int, seed: int | None, seats: int, history: Path | None, quiet: bool
) -> tuple[Totals, str]:
    """One table for every round, in this process."""
    bar = tqdm(total=hands, unit="round", disable=quiet or not sys.stderr.isatty())
    try:
        report = simulate(config, hands, seed, seats, history, progress=bar.update)
    finally:
        bar.close()
    return Totals.of(report), report.shoe


def _chunked(
    table: Preset, hands: int, seed: int | None, chunk: int, where: Cluster, quiet: bool
) -> tuple[Totals, str]:
    """Tables of ``chunk`` rounds each, played as Dask tasks."""
    chunks = table_chunks.plan(hands, chunk, seed)
    parts = run_with_bar(
        table_chunks.play_chunk, (table,), chunks, where, [n for n, _ in chunks], "round", quiet
    )
    return table_chunks.total(parts), "secure" if seed is None else f"seeded:{seed}"
