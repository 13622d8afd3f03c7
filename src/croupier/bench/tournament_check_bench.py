"""Tournament check benchmark: the cost of deciding one command, early and late in a tournament.

A tournament's command is decided on a draft of its state (never by replaying its events), so
checking one (``why_illegal``) and applying one should cost the same whether the tournament
has stored 1,000 events or 50,000. This runs the 1,000-entrant bot tournament of ``bench
tournament`` and times, at three points, the check of a mix of floor commands (a warning, an
absence, a purchase, a pause, a seat correction, hidden chips) and the application of a pair
(pause, resume):

- ``small``: the tournament at its first hand after ``small`` stored events (just after the
  start: every entrant registered, seated and dealt in);
- ``padded``: the same state with its history lengthened to ``large`` events by the server's
  clock ticks (``ClockTicked(0, at)``, which the room records with each command): only the
  history differs;
- ``late``: the tournament at its first hand after ``late`` of its own events (near its end),
  with a server tick recorded after each, about ``large`` stored events in all.

The garbage collector is off while timing, as :mod:`timeit` has it.

Reported: microseconds per command at each point (the median of ``rounds`` rounds, the points
timed in turn) and the ratios to ``small``. Run it with
``croupier bench tournament-check``.
"""

from __future__ import annotations

import gc
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from croupier.bench.tournament_bench import DEFAULT, TIGHT_SHARE
from croupier.tournament import commands as cm
from croupier.tournament.conditions import Conditions, load_conditions
from croupier.tournament.events import ClockTicked, HandPlayed, TEvent
from croupier.tournament.runner import Policy, run_tournament
from croupier.tournament.tournament import PLAYING, Tournament


def _cut(events: list[TEvent], n: int) -> list[TEvent]:
    """``events`` to the first hand recorded at or after ``n`` of them."""
    end = next(
        (i + 1 for i in range(n - 1, len(events)) if isinstance(events[i], HandPlayed)),
        len(events),
    )
    return events[:end]


def _fold(cond: Conditions, events: list[TEvent]) -> Tournament:
    t = Tournament(cond)
    for e in events:
        t.fold(e)
    return t


def _checks(t: Tournament) -> list[cm.TCommand]:
    playing = [p for p in t.order if t.entrants[p].status == PLAYING]
    a, b = playing[0], playing[-1]
    ea = t.entrants[a]
    assert ea.table is not None and ea.seat is not None
    return [
        cm.Penalise(a, "warning"),
        cm.SetPresent(b, False),
        cm.Buy(b, "add-on"),
        cm.Pause(True),
        cm.CorrectSeat(a, ea.table, ea.seat),
        cm.RuleHiddenChips(a, t.smallest_chip()),
    ]


def _timed(work: Any) -> float:
    """Seconds ``work()`` takes, the garbage collector off as :mod:`timeit` has it (a full
    collection walks the whole heap, stored events included, whatever the command)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        work()
        return time.perf_counter() - start
    finally:
        gc.enable()


def _time_checks(t: Tournament, repeat: int) -> float:
    commands = _checks(t)

    def work() -> None:
        for _ in range(repeat):
            for c in commands:
                t.why_illegal(c)

    return _timed(work) / (repeat * len(commands))


def _time_applies(t: Tournament, repeat: int) -> float:
    pause, resume = cm.Pause(True), cm.Pause(False)

    def work() -> None:
        for _ in range(repeat):
            t.apply(pause)
            t.apply(resume)

    return _timed(work) / (2 * repeat)


def run(
    conditions: Path = DEFAULT,
    seed: int = 2026,
    small: int = 1_000,
    large: int = 50_000,
    late: int = 25_000,
    repeat: int = 300,
    rounds: int = 5,
) -> dict[str, Any]:
    cond = load_conditions(conditions)
    full, _ = run_tournament(cond, 1000, seed, policy=Policy(tight_share=TIGHT_SHARE))
    events = list(full.events)
    early = _cut(events, small)
    ticks: list[TEvent] = [ClockTicked(0, i) for i in range(large - len(early))]
    ticked: list[TEvent] = []
    for i, e in enumerate(_cut(events, late)):
        ticked += [e, ClockTicked(0, i)]
    histories = {"small": early, "padded": early + ticks, "late": ticked}
    result: dict[str, Any] = {"conditions": str(conditions), "seed": seed, "repeat": repeat}
    states = {label: _fold(cond, history) for label, history in histories.items()}
    times: dict[str, list[float]] = {}
    for _ in range(rounds):  # the sizes in turn, so a busy moment hits each alike
        for label, t in states.items():
            times.setdefault(f"{label}_check_us", []).append(_time_checks(t, repeat))
            times.setdefault(f"{label}_apply_us", []).append(_time_applies(t, repeat))
    for label in states:
        result[f"{label}_events"] = len(histories[label])
    for key, seconds in times.items():
        result[key] = round(statistics.median(seconds) * 1e6, 1)
    for label in ("padded", "late"):
        for what in ("check", "apply"):
            ratio = result[f"{label}_{what}_us"] / result[f"small_{what}_us"]
            result[f"{label}_{what}_ratio"] = round(ratio, 2)
    return result


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    result = run()
    if "--json" in args:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        print(f"{key:<20} {value}")


if __name__ == "__main__":
    main()
