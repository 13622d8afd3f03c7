"""``croupier bench uth``: the exact UTH analysis and a 10-million-round Monte Carlo, timed."""

from __future__ import annotations

import json
from typing import Annotated

import typer


def bench_uth(
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    rounds: Annotated[int, typer.Option(min=2, help="Monte Carlo rounds")] = 10_000_000,
    seed: Annotated[int, typer.Option(help="seed of the simulated deals")] = 2025,
) -> None:
    """Time the exact optimal-play analysis of Ultimate Texas Hold'em and a Monte Carlo of the
    same strategy; check them against the published house edge and element of risk."""
    from croupier.bench.uth_bench import run

    result = run(rounds, seed)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    from croupier.cli.bench_options import figures_table

    typer.echo(figures_table(result))
