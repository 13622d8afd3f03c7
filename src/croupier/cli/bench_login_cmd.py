"""``croupier bench login-flood``: the bots' play while log-ins flood the server."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from croupier.cli.bench_options import BenchDb, JsonOpt


def bench_login_flood(
    as_json: JsonOpt = False,
    db: BenchDb = None,
    tables: Annotated[int, typer.Option("--tables", min=1, help="bot tables")] = 10,
    seconds: Annotated[float, typer.Option("--seconds", min=0.5, help="each phase's time")] = 10.0,
    pace: Annotated[
        float, typer.Option("--pace", min=0, help="commands per second the bots offer in all")
    ] = 50.0,
    flooders: Annotated[
        int, typer.Option("--flooders", min=1, help="clients logging in at once")
    ] = 50,
    warmup: Annotated[float, typer.Option("--warmup", min=0, help="seconds before each")] = 2.0,
) -> None:
    """``croupier serve`` with paced bot tables, alone, under a flood of log-ins, and alone
    again: the bots' commands per second in each and the flooded phase's ratio to the quiet
    ones (play must keep at least 80 %), the log-ins' answers and ``GET /me``'s time."""
    from croupier.cli import login_flood_bench as login_flood

    result = login_flood.run(db, tables, seconds, pace, flooders, warmup)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    width = max(len(k) for k in result)
    for k, v in result.items():
        typer.echo(f"{k.replace('_', ' ').ljust(width)}  {v}")
