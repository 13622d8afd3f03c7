"""``croupier simulate``: many rounds at one table with bots coming and going, checked."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from tqdm import tqdm

from croupier.cli.options import DEFAULT_RULEBOOK, fail
from croupier.cli.paths import output_folder
from croupier.rules import UnknownRulebook
from croupier.sim.simulate import SimulationError, simulate
from croupier.table.presets import PresetError, preset


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
) -> None:
    """Play N rounds with bots joining, topping up and leaving at random; after every round
    check that chips are conserved (with commission and fees), one big blind was posted,
    nobody was dealt in where the rulebook forbids, and the button moved as it says."""
    try:
        config = preset(rulebook, game, structure, seats)
    except (PresetError, UnknownRulebook) as e:
        raise fail(str(e)) from e
    if history is not None:
        output_folder(history, "--history")
        earlier = next(history.glob("*.phh"), None)
        if earlier is not None:  # this run's 0000001.phh... would overwrite some and mix the rest
            raise fail(
                f"--history: {history} already holds an earlier run's hand histories "
                f"({earlier.name}...); name a new or empty folder"
            )
    bar = tqdm(total=hands, unit="round", disable=as_json or not sys.stderr.isatty())
    start = time.perf_counter()
    try:
        report = simulate(config, hands, seed, seats, history, progress=bar.update)
    except SimulationError as e:
        bar.close()
        typer.echo(f"croupier: simulation failed: {e}", err=True)
        raise typer.Exit(1) from e
    bar.close()
    seconds = time.perf_counter() - start
    seat_rows = sorted(report.seats.items())
    bots = sorted(report.by_bot().items())
    if as_json:
        summary = {
            "rulebook": config.rulebook.id,
            "rounds": report.rounds,
            "shoe": report.shoe,
            "seconds": round(seconds, 3),
            "rounds_per_s": round(report.rounds / seconds, 1),
            "commission": report.commission,
            "fees": report.fees,
            "joins": report.joins,
            "departures": report.departures,
            "top_ups": report.top_ups,
            "seats": {str(n): {"rounds": r, "net": net} for n, (r, net) in seat_rows},
            "bots": {b: {"players": n, "rounds": r, "net": net} for b, (n, r, net) in bots},
        }
        typer.echo(json.dumps(summary))
        return
    typer.echo(
        f"{report.rounds:,} rounds under {config.rulebook.id} in {seconds:.1f} s "
        f"({report.rounds / seconds:,.0f} rounds/s, {report.shoe} shoe); "
        "every round's checks passed"
    )
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
