"""``croupier bench``: performance against named peers, in one run, as ratios."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli import bench_uth_cmd

app = typer.Typer(help="Benchmarks against named peers (install them with the bench extra).")
app.command("uth")(bench_uth_cmd.bench_uth)

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


@app.command("engine")
def bench_engine(
    as_json: JsonOpt = False,
    rounds: Annotated[int, typer.Option(help="croupier's random rounds")] = 10_000,
    peer_rounds: Annotated[int, typer.Option(help="pokerkit's random rounds (time-box)")] = 2_000,
    peer_hands: Annotated[int, typer.Option(help="pokerkit's PHH hands (time-box)")] = 500,
    seed: Annotated[int, typer.Option(help="seed of the stacks, decisions and shoe")] = 2026,
    phh: Annotated[
        Path | None, typer.Option(help="PHH folder to replay (default ../shared/phh/pluribus)")
    ] = None,
    profile: Annotated[
        bool, typer.Option("--profile", help="print a cProfile of croupier's rounds instead")
    ] = False,
) -> None:
    """Six-max no-limit rounds per second (random legal actions, automatic mode) and PHH
    replays per second, croupier and pokerkit in one run."""
    from croupier.bench import engine_bench

    if profile:
        typer.echo(engine_bench.profile(min(rounds, 2_000), seed))
        return
    result = engine_bench.run(rounds, peer_rounds, peer_hands, seed=seed, phh_dir=phh)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return

    def per_s(v: float | None) -> str:
        return "not measured" if v is None else f"{v:>12,.0f} /s"

    typer.echo(f"croupier rounds         {per_s(result['rounds_per_s'])}")
    typer.echo(f"croupier PHH replay     {per_s(result['phh_replay_per_s'])}")
    for peer, rates in result["peers"].items():
        typer.echo(f"{peer:<12} rounds     {per_s(rates['rounds_per_s'])}")
        typer.echo(f"{peer:<12} PHH replay {per_s(rates['phh_replay_per_s'])}")
    for name, ratio in result["ratios"].items():
        typer.echo(f"{name:<28} {ratio:>8.1f}x")
    for key, value in result["detail"].items():
        typer.echo(f"  {key}: {value}")


@app.command("tournament")
def bench_tournament(
    as_json: JsonOpt = False,
    seed: Annotated[int, typer.Option(help="seed for the draw, the shoe and the bots")] = 2026,
) -> None:
    """A 1,000-entrant tournament with bots, re-entries and an add-on, run to one winner, with
    chips, balance and the prize pool checked after every hand."""
    from croupier.bench import tournament_bench

    result = tournament_bench.run(seed=seed)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        typer.echo(f"{key:<32} {value}")
