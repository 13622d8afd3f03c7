"""``croupier bench``: performance against named peers, in one run, as ratios."""

from __future__ import annotations

import json
from typing import Annotated

import typer

app = typer.Typer(help="Benchmarks against named peers (install them with the bench extra).")

JsonOpt = Annotated[bool, typer.Option("--json", help="print JSON")]


@app.command("eval")
def bench_eval(as_json: JsonOpt = False) -> None:
    """Evaluations per second: batch 7-card, batch Omaha, single hand, and each installed peer."""
    from croupier.bench.eval_bench import run

    result = run()
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    typer.echo(f"croupier batch 7-card   {result['batch7_per_s']:>16,.0f} /s")
    typer.echo(f"croupier batch Omaha    {result['omaha_batch_per_s']:>16,.0f} /s")
    typer.echo(f"croupier single 7-card  {result['single7_per_s']:>16,.0f} /s")
    typer.echo(f"croupier single Omaha   {result['single_omaha_per_s']:>16,.0f} /s")
    for peer, rates in result["peers"].items():
        for kind, r in rates.items():
            typer.echo(f"{peer:<12} {kind:<10} {r:>16,.0f} /s")
    for name, ratio in result["ratios"].items():
        typer.echo(f"{name:<28} {ratio:>8.1f}x")
