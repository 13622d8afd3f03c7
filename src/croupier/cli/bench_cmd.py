"""``croupier bench``: performance against named peers, in one run, as ratios."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli import bench_login_cmd, bench_uth_cmd
from croupier.cli.bench_options import BenchDb, JsonOpt, figures_table, table

app = typer.Typer(help="Benchmarks against named peers (install them with the bench extra).")
app.command("uth")(bench_uth_cmd.bench_uth)
app.command("login-flood")(bench_login_cmd.bench_login_flood)


@app.command("audit")
def bench_audit(
    events: Annotated[int, typer.Option("--events", min=100, help="events to store")] = 100_000,
    db: BenchDb = None,
    repeat: Annotated[int, typer.Option("--repeat", min=1, help="verify runs (best)")] = 3,
    keep: Annotated[
        bool, typer.Option("--keep", help="keep the store (its URL is printed) to time others")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Events per second ``croupier audit verify`` checks over a store of about N events.

    The store holds played rounds across many streams; chains, folds and snapshots are
    checked."""
    from croupier.cli.audit_bench import run

    result = run(db, events, repeat, keep)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    typer.echo(figures_table(result))


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
    typer.echo(table(RATIO_HEADER, ratio_rows(result["ratios"]), numbers=2))


#: bench eval's ratios: croupier's rate over a peer's per-call rate, the batch's beside the
#: per-call one, so that the batch's advantage is never read as the evaluator's alone.
RATIO_HEADER = ("peer", "hands", "croupier batch vs peer per call", "per call vs per call")


def ratio_rows(ratios: dict[str, float]) -> list[tuple[str, ...]]:
    """One row per peer and kind of hand from :func:`croupier.bench.eval_bench.run`'s ratios:
    ``batch7_vs_P`` beside ``single7_vs_P``, ``omaha_batch_vs_P`` beside
    ``single_omaha_vs_P``; Omaha hi/lo is timed per call only."""
    kinds = (
        ("7-card", "batch7_vs_", "single7_vs_"),
        ("Omaha high", "omaha_batch_vs_", "single_omaha_vs_"),
        ("Omaha hi/lo", None, "single_omaha_hilo_vs_"),
    )
    peers = dict.fromkeys(name.split("_vs_", 1)[1] for name in ratios)
    rows: list[tuple[str, ...]] = []
    for peer in peers:
        for label, batch, single in kinds:
            b = ratios.get(f"{batch}{peer}") if batch else None
            one = ratios.get(f"{single}{peer}")
            if b is None and one is None:
                continue
            rows.append((peer, label, times(b), times(one)))
    return rows


def times(ratio: float | None) -> str:
    """A ratio with three significant figures: ``12.3x``, ``0.812x``; a dash where none."""
    if ratio is None:
        return "-"
    return f"{ratio:,.0f}x" if ratio >= 1000 else f"{ratio:.3g}x"


def rounded(per_s: float | None) -> str:
    """A rate with three significant figures: ``1.23 M/s``, ``826 /s``."""
    if per_s is None:
        return "not measured"
    for scale, unit in ((1e9, " G/s"), (1e6, " M/s"), (1e3, " k/s")):
        if per_s >= scale:
            return f"{per_s / scale:.3g}{unit}"
    return f"{per_s:.3g} /s"


@app.command("engine")
def bench_engine(
    as_json: JsonOpt = False,
    rounds: Annotated[int, typer.Option(min=1, help="croupier's random rounds")] = 10_000,
    peer_rounds: Annotated[
        int, typer.Option(min=1, help="pokerkit's random rounds (time-box)")
    ] = 2_000,
    peer_hands: Annotated[int, typer.Option(min=1, help="pokerkit's PHH hands (time-box)")] = 500,
    seed: Annotated[int, typer.Option(help="seed of the stacks, decisions and shoe")] = 2026,
    phh: Annotated[
        Path | None,
        typer.Option(
            exists=True,
            file_okay=False,
            help="PHH folder to replay (default ../shared/phh/pluribus)",
        ),
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
    ratios = [(name, times(ratio)) for name, ratio in result["ratios"].items()]
    typer.echo(table(("ratio", "croupier / peer"), ratios))
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
    typer.echo(figures_table(result))


@app.command("tournament-check")
def bench_tournament_check(
    as_json: JsonOpt = False,
    seed: Annotated[int, typer.Option(help="seed for the draw, the shoe and the bots")] = 2026,
) -> None:
    """The cost of checking and applying a tournament command as its history grows.

    After 1,000 and after 50,000 stored events: it must not grow with the history."""
    from croupier.bench import tournament_check_bench

    result = tournament_check_bench.run(seed=seed)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    typer.echo(figures_table(result))


@app.command("serve")
def bench_serve(
    as_json: JsonOpt = False,
    db: BenchDb = None,
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
    warmup: Annotated[
        float,
        typer.Option(
            "--warmup",
            min=0,
            help="seconds the bots play before the measured time (its latencies are reported "
            "apart: every table deals its first rounds at once)",
        ),
    ] = 5.0,
    profile: Annotated[
        str | None,
        typer.Option("--profile", help="run the server under cProfile; its stats to this file"),
    ] = None,
) -> None:
    """``croupier serve`` with N bot tables: commands per second and their latency.

    Commands committed per second on loopback, the latency to each acknowledgement (p50,
    p99), and the time to load a 10,000-event table."""
    from croupier.bench import serve_bench

    result = serve_bench.run(db, tables, seconds, events, pace, warmup, profile)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    typer.echo(figures_table(result))


@app.command("report")
def bench_report(
    as_json: JsonOpt = False,
    db: BenchDb = None,
    events: Annotated[int, typer.Option("--events", min=1_000, help="events to store")] = 1_000_000,
    requests: Annotated[
        int, typer.Option("--requests", min=1, help="requests timed per day asked for")
    ] = 200,
    scan: Annotated[
        bool, typer.Option("--scan/--no-scan", help="also time the fold and scan of before")
    ] = True,
) -> None:
    """``GET /reports/day`` over ``croupier serve`` with about N events of play stored: p50
    and p99 of the answer, the time to start (the room and its read models rebuilt), and what
    each request cost when the report scanned the store."""
    from croupier.bench import report_bench

    result = report_bench.run(db, events, requests, scan)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    typer.echo(figures_table(result))


@app.command("cluster")
def bench_cluster(
    as_json: JsonOpt = False,
    db: Annotated[
        str | None,
        typer.Option(
            "--db", help="PostgreSQL server URL (a fresh database is made on it and dropped)"
        ),
    ] = None,
    nodes: Annotated[int, typer.Option("--nodes", help="croupier serve --node processes")] = 3,
    tables: Annotated[int, typer.Option("--tables", min=1, help="bot tables")] = 20,
    seconds: Annotated[float, typer.Option("--seconds", min=1, help="how long to play")] = 60.0,
    kills: Annotated[int, typer.Option("--kills", help="SIGKILLs of the owner, spread")] = 5,
    lease_s: Annotated[float, typer.Option("--lease-s", min=1, help="the room's lease")] = 2.0,
    rate: Annotated[
        float,
        typer.Option("--rate", help="commands a second offered in all (0: each as soon as it may)"),
    ] = 0.0,
    warmup: Annotated[
        float, typer.Option("--warmup", help="seconds played before the measured --seconds")
    ] = 0.0,
) -> None:
    """Several ``croupier serve --node`` processes on one room (or one), the bots at every
    node, the owner SIGKILLed again and again: commands per second, latency, each takeover,
    and the store checked afterwards.

    Needs a PostgreSQL server (``--db``) and ``redis-server`` on the PATH. Exits 1 if a
    check fails."""
    from croupier.bench import cluster_bench

    try:
        result = cluster_bench.run(db, nodes, tables, seconds, kills, lease_s, rate, warmup)
    except cluster_bench.BadInput as e:
        typer.echo(f"croupier: error: {e}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(result, indent=2))
    else:
        skip = ("kills", "checks", "problems", "p99_ms_by_node", "p99_ms_by_10s")
        rows = {k: v for k, v in result.items() if k not in skip}
        rows.update({f"p99_ms, bots at node {n}": v for n, v in result["p99_ms_by_node"].items()})
        rows["p99_ms by 10 s"] = ", ".join(f"{v:g}" for v in result["p99_ms_by_10s"])
        rows.update({f"check: {k}": v for k, v in result["checks"].items()})
        typer.echo(figures_table(rows))
        for problem in result["problems"]:
            typer.echo(f"problem: {problem}")
        for k in result["kills"]:
            typer.echo(
                f"kill at {k['at_s']:.1f} s: node {k['killed']} -> node {k['took_over']} "
                f"serving after {k['takeover_s']} s"
            )
    if not result["ok"]:
        raise typer.Exit(1)
