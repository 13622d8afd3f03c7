"""``croupier tournament``: run a tournament with bots, or show a tournament clock."""

from __future__ import annotations

import csv
import json
import math
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.clock_screen import Field, run_live
from croupier.cli.paths import fresh_folder, output_folder
from croupier.cli.tournament_sim_cmd import simulate
from croupier.cli.usage import fail
from croupier.tournament.clock import Clock, format_seconds
from croupier.tournament.conditions import (
    MAX_ENTRANTS,
    Conditions,
    ConditionsError,
    Level,
    load_conditions,
)

app = typer.Typer(help="Tournaments: qld-tournament-2020, act-omaha-2017, dunedin-house.")
app.command("simulate")(simulate)

ConditionsArg = Annotated[Path, typer.Argument(help="the tournament's conditions (TOML)")]


def _load(path: Path) -> Conditions:
    try:
        return load_conditions(path)
    except ConditionsError as e:
        raise fail(f"conditions {path}: {e}") from e


def _blinds(level: Level) -> str:
    if level.is_break:
        return "break"
    text = f"{level.small_blind:,}/{level.big_blind:,}"
    if level.ante:
        text += f" ante {level.ante:,}"
    if level.big_blind_ante:
        text += f" bb ante {level.big_blind_ante:,}"
    return text


def _shoe(t: object) -> str:
    """The source of the cards, as the tournament's start recorded it."""
    from croupier.tournament.events import TournamentStarted

    events = getattr(t, "events", ())
    return next((e.shoe for e in events if isinstance(e, TournamentStarted)), "")


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "tournament"


@app.command("run")
def run(
    conditions: ConditionsArg,
    bots: Annotated[
        int | None,
        typer.Option(
            max=MAX_ENTRANTS, help="bot players to register (default: the maximum entrants)"
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="seed the draws, cards and bots (reproducible; default: secure shoe)"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            help="folder for the result log and hand histories (default: a new folder "
            "./tournaments/NAME in the working directory, NAME-2 and so on if taken)"
        ),
    ] = None,
    every: Annotated[
        int, typer.Option(min=1, help="print the live display every N rounds of deals")
    ] = 10,
    histories: Annotated[bool, typer.Option(help="write every hand's PHH history")] = True,
) -> None:
    """Run a whole tournament with bot players to one winner: a live display (level, clock,
    players left, average stack, tables), then places and payouts; writes the result log
    (qld-tournament-2020 2) and the hand histories (PHH)."""
    from croupier.histories.phh import dump
    from croupier.tournament.runner import (
        InvariantBroken,
        RunStats,
        run_flights,
        run_heads_up_tournament,
        run_tournament,
    )
    from croupier.tournament.tournament import Tournament, TournamentError

    cond = _load(conditions)
    n = cond.max_entrants if bots is None else bots
    if n < 2:
        raise fail("--bots: a tournament needs at least 2 players")

    shown: dict[str, int] = {}  # the schedule index last announced, per flight or day

    def show(t: Tournament, stats: RunStats) -> None:
        if as_json:
            return
        s = t.clock.state
        part = f"flight {t.flight}: " if t.flight else ("final day: " if cond.flights else "")
        if shown.get(part) != s.index:  # each level (or break) announced once, as it begins
            shown[part] = s.index
            what = "break" if s.level.is_break else f"level {s.number}: {_blinds(s.level)}"
            length = format_seconds(s.level.seconds)
            last = s.index == len(t.clock.levels) - 1
            typer.echo(f"{part}{what} ({length}{', the last level: it goes on' if last else ''})")
        if stats.waves % every and not t.finished:
            return
        left = len(t.alive)
        avg = t.chips_in_play // max(left, 1)
        hfh = "  hand-for-hand" if t.hand_for_hand else ""
        last = s.index == len(t.clock.levels) - 1 and s.remaining == 0
        clock = "no clock (last level)" if last else f"{format_seconds(s.remaining)} left"
        typer.echo(
            f"  {part}{clock:<21} players {left:>5}  avg stack {avg:>10,}  "
            f"tables {len(t.tables):>3}  hands {stats.hands:>6}{hfh}"
        )

    if out is not None and (
        (out / "result_log.json").exists()
        or ((out / "hands").is_dir() and any((out / "hands").iterdir()))
    ):
        raise fail(f"--out: {out} holds an earlier run's results: name another folder")
    folder = output_folder(
        out if out is not None else fresh_folder(Path("tournaments") / _slug(cond.name)), "--out"
    )
    if not as_json:
        typer.echo(f"{cond.name}  ({cond.rules}, {cond.structure} {cond.game})  {n} players")
    start = time.perf_counter()
    bracket = None
    try:
        if cond.heads_up_matches:
            t, bracket, stats = run_heads_up_tournament(cond, n, seed, keep_histories=histories)
        elif cond.flights is not None:
            t, _, stats = run_flights(cond, n, seed, on_wave=show)
            histories = False
        else:
            t, stats = run_tournament(cond, n, seed, keep_histories=histories, on_wave=show)
    except (TournamentError, InvariantBroken) as e:
        raise fail(str(e)) from e
    seconds = time.perf_counter() - start
    log = t.result_log()
    (folder / "result_log.json").write_text(json.dumps(log, indent=2) + "\n", encoding="utf-8")
    with (folder / "result_log.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(log[0]) if log else ["tournament"])
        writer.writeheader()
        writer.writerows(log)
    from croupier.histories.results import document, to_json

    (folder / "results.json").write_text(to_json(document(t)), encoding="utf-8")
    if histories:
        hands = folder / "hands"
        hands.mkdir(exist_ok=True)
        kind = "match" if bracket is not None else "table"
        for table, hand, history in stats.histories:
            dump(history, hands / f"{kind}{table:03d}-hand{hand:05d}.phh")
    paid = [r for r in log if r["cash"] or r["seat"]]
    result = {
        "tournament": cond.name,
        "entries": t.entries_total,
        "pool": t.pool,
        "hands": stats.hands,
        "shoe": _shoe(t),
        "seconds": round(seconds, 3),
        "places": paid,
        "result_log": str(folder / "result_log.json"),
        "hand_histories": str(folder / "hands") if histories else None,
    }
    if bracket is not None:
        result["byes"] = list(bracket.byes)
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    if bracket is not None:
        for k, stage in enumerate(bracket.rounds, 1):
            for rnd in stage:
                score = "-".join(str(sum(m.winner == p for m in rnd.matches)) for p in rnd.players)
                typer.echo(
                    f"round {k}: {rnd.players[0]} v {rnd.players[1]}  {score}  -> {rnd.winner}"
                )
    typer.echo(
        f"\n{t.entries_total} entries, prize pool {t.pool:,}, {stats.hands} hands "
        f"({_shoe(t)} shoe{'' if seed is None else f', from --seed {seed}'})"
    )
    typer.echo(f"{'place':>5}  {'player':<10} {'prize':>10}")
    for r in paid:
        prize = f"seat: {r['seat']}" if r["seat"] else f"{r['cash']:,}"
        typer.echo(f"{r['place']:>5}  {r['player']!s:<10} {prize:>10}")
    typer.echo(f"result log: {folder / 'result_log.json'}")
    if histories:
        typer.echo(f"hand histories: {folder / 'hands'} ({len(stats.histories)} files)")


def clock_lines(
    cond: Conditions, now: Callable[[], float], updates: int | None = None, entries: int = 0
) -> Iterator[str]:
    """The clock display, one line per update; ``now`` is the time source (seconds), which the
    caller controls: the machine clock scaled by ``--speed``, or a simulated one in tests. With
    ``entries``, each line ends with the players, the average stack and the prize pool."""
    field = Field(entries).line(cond) if entries else ""
    clock = Clock(cond.levels)
    start = now()
    shown = 0
    while updates is None or shown < updates:
        elapsed = int(now() - start)
        clock = clock.tick(max(0, elapsed - clock.elapsed))
        s = clock.state
        nxt = cond.levels[s.index + 1] if s.index + 1 < len(cond.levels) else None
        name = "BREAK" if s.level.is_break else f"Level {s.number}"
        upcoming = f"next: {_blinds(nxt)}" if nxt is not None else "final level"
        line = f"{name:<9} {_blinds(s.level):<26} {format_seconds(s.remaining):>8}   {upcoming}"
        yield f"{line}   {field}" if field else line
        shown += 1
        if s.index == len(cond.levels) - 1 and s.remaining == 0:
            return


@app.command("clock")
def clock(
    conditions: ConditionsArg,
    speed: Annotated[float, typer.Option(help="clock seconds per real second")] = 1.0,
    updates: Annotated[int | None, typer.Option(min=1, help="stop after this many updates")] = None,
    simulate: Annotated[
        bool, typer.Option(help="advance the clock by --speed seconds per update without waiting")
    ] = False,
    fresh: Annotated[
        bool, typer.Option(help="start from level 1 instead of where the clock was left")
    ] = False,
    entries: Annotated[
        int | None,
        typer.Option(
            min=0,
            max=1_000_000,
            help="entries so far: the display shows players, average stack and prize pool "
            "(on a terminal, e adds an entry and x puts a player out)",
        ),
    ] = None,
) -> None:
    """A terminal clock display for a live event: level, blinds, time left, next level. On a
    terminal it redraws in place with large digits; keys pause (p), resume (r), add (+) or
    take off (-) a minute, skip to the next level (n) and quit (q), and a restart resumes where
    the clock was. Elsewhere (a pipe, --simulate, --updates) it prints one line per update."""
    cond = _load(conditions)
    if not math.isfinite(speed) or speed <= 0:
        raise fail(f"--speed must be a positive number, not {speed}")
    if not simulate and updates is None and sys.stdin.isatty() and sys.stdout.isatty():
        from croupier.hands.tables import cache_dir

        run_live(cond, conditions, cache_dir(), speed, _blinds, fresh, entries)
        return
    if simulate:
        ticks = iter(range(10**12))

        def fake() -> float:  # the first two reads (start, first line) are both time 0
            return max(0, next(ticks) - 1) * speed

        source: Callable[[], float] = fake
    else:
        base = time.monotonic()

        def source() -> float:
            return (time.monotonic() - base) * speed

    for line in clock_lines(cond, source, updates, entries or 0):
        typer.echo(line)
        if not simulate:
            time.sleep(1.0)
