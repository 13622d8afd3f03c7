"""``croupier bench``: performance against named peers, in one run, as ratios."""

from __future__ import annotations

import json
from collections.abc import Sequence
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
    rows = [
        ("croupier", "7-card, batch", result["batch7_per_s"]),
        ("croupier", "Omaha, batch", result["omaha_batch_per_s"]),
        ("croupier", "7-card, per call", result["single7_per_s"]),
        ("croupier", "Omaha high, per call", result["single_omaha_per_s"]),
        ("croupier", "Omaha hi/lo, per call", result["single_omaha_hilo_per_s"]),
    ]
    kinds = {"seven": "7-card, per call", "omaha": "Omaha high, per call"}
    for peer, rates in result["peers"].items():
        rows += [(peer, kinds.get(kind, kind), r) for kind, r in rates.items()]
    typer.echo(
        table(("evaluator", "hands", "per second"), [(a, b, rounded(r)) for a, b, r in rows])
    )
    typer.echo("")
    ratio_rows = []
    for name, ratio in result["ratios"].items():
        kind = "batch vs per call" if "batch" in name else "per call vs per call"
        ratio_rows.append((name, kind, f"{ratio:,.1f}x"))
    typer.echo(table(("ratio", "compares", "croupier / peer"), ratio_rows))


def rounded(per_s: float | None) -> str:
    """A rate with three significant figures: ``1.23 M/s``, ``826 /s``."""
    if per_s is None:
        return "not measured"
    for scale, unit in ((1e9, " G/s"), (1e6, " M/s"), (1e3, " k/s")):
        if per_s >= scale:
            return f"{per_s / scale:.3g}{unit}"
    return f"{per_s:.3g} /s"


def table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> str:
    """Rows under a header, columns padded; the last column right-aligned."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(r: tuple[str, ...]) -> str:
        cells = [c.ljust(w) for c, w in zip(r[:-1], widths, strict=False)]
        return "  ".join([*cells, r[-1].rjust(widths[-1])])

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *map(line, rows)])


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

    rows = [
        ("croupier", "rounds", rounded(result["rounds_per_s"])),
        ("croupier", "PHH replay", rounded(result["phh_replay_per_s"])),
    ]
    for peer, rates in result["peers"].items():
        rows.append((peer, "rounds", rounded(rates["rounds_per_s"])))
        rows.append((peer, "PHH replay", rounded(rates["phh_replay_per_s"])))
    typer.echo(table(("engine", "work", "per second"), rows))
    typer.echo("")
    ratio_rows = [(name, f"{ratio:,.1f}x") for name, ratio in result["ratios"].items()]
    typer.echo(table(("ratio", "croupier / peer"), ratio_rows))
    for key, value in result["detail"].items():
        typer.echo(f"  {key}: {value}")


@app.command("simulate")
def bench_simulate(
    as_json: JsonOpt = False,
    rounds: Annotated[int, typer.Option(min=1, help="rounds of each simulated table")] = 20_000,
    seed: Annotated[int, typer.Option(help="seed of the shoe, bots and arrivals")] = 1,
) -> None:
    """Rounds per second of ``croupier simulate`` (dunedin-house hold'em and act-omaha-2017
    pot-limit Omaha, every per-round check running) and of the round engine alone."""
    from croupier.bench import simulate_bench

    result = simulate_bench.run(rounds, rounds, seed)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    rows = [
        ("simulate, dunedin-house hold'em", rounded(result["holdem_rounds_per_s"])),
        ("simulate, act-omaha-2017 pot-limit Omaha", rounded(result["omaha_rounds_per_s"])),
        ("round engine alone, six-max no-limit", rounded(result["engine_rounds_per_s"])),
    ]
    typer.echo(table(("rounds", "per second"), rows))


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


@app.command("serve")
def bench_serve(
    as_json: JsonOpt = False,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="PostgreSQL server URL (a fresh database is made on it and dropped); "
            "default: a temporary SQLite file",
        ),
    ] = None,
    tables: Annotated[int, typer.Option("--tables", min=1, help="bot tables")] = 200,
    seconds: Annotated[float, typer.Option("--seconds", min=0.5, help="how long to play")] = 20.0,
    events: Annotated[
        int, typer.Option("--rebuild-events", min=1, help="events of the table to rebuild")
    ] = 10_000,
    pace: Annotated[
        float,
        typer.Option(
            "--pace",
            min=0,
            help="commands per second the bots offer in all, spread over the tables "
            "(default 0: every bot acts as soon as it may)",
        ),
    ] = 0.0,
) -> None:
    """``croupier serve`` on loopback with N bot tables: commands committed per second, the
    latency to each acknowledgement (p50, p99), and the time to load a 10,000-event table."""
    from croupier.service import bench as serve_bench

    result = serve_bench.run(db, tables, seconds, events, pace)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        typer.echo(f"{key:<24} {value}")
