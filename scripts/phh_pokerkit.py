"""Measurement (not a test): do croupier's PHH exports read the same in pokerkit?

    PYTHONPATH=src python scripts/phh_pokerkit.py [--hands 300] [--seed 1] [--games]
        [--tournament [NAME ...]]

Plays ``--hands`` seeded rounds at each rulebook's usual table (``croupier simulate``; with
``--games`` every game and structure the rulebook allows), and with ``--tournament`` seeded
tournaments of examples/tournaments (default: heads_up.toml), exports each
round to PHH, loads the text with ``pokerkit.HandHistory.loads``, plays it through pokerkit's
states and compares pokerkit's final stacks with croupier's replay of the same file without
commission (pokerkit's PHH reader knows no commission). Prints, per rulebook, matched/total and
the first failures.
"""

from __future__ import annotations

import argparse
import tempfile
import warnings
from collections import Counter
from pathlib import Path

from croupier.histories.phh import HandHistory, dumps, load
from croupier.histories.phh_replay import replay
from croupier.histories.roundconfig import KEY
from croupier.rules import find_rulebook

RULEBOOKS = ("qld-holdem-2005", "act-omaha-2017", "dunedin-house")
GAMES = [
    (g, s)
    for g in ("holdem", "omaha", "short-deck")
    for s in ("no-limit", "pot-limit", "half-pot", "fixed", "straddle")
]


def croupier_stacks(h: HandHistory) -> list[int]:
    """Croupier's final stacks for the history, commission aside."""
    own = dict(h.extra.get(KEY) or {})  # type: ignore[call-overload]
    own.pop("commission", None)
    extra = {**h.extra, KEY: own}
    from dataclasses import replace

    rb = find_rulebook(str(h.extra.get("_croupier_rulebook", "dunedin-house")))
    return list(replay(replace(h, extra=extra), rb).stacks)


def pokerkit_stacks(text: str) -> list[int]:
    """pokerkit's final stacks for a PHH text."""
    import pokerkit

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hh = pokerkit.HandHistory.loads(text)
        states = list(hh)
    return [int(s) for s in states[-1].stacks]


def check(h: HandHistory) -> str | None:
    """None where pokerkit reaches croupier's stacks, else why not (one line)."""
    try:
        got = pokerkit_stacks(dumps(h))
    except Exception as e:
        return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:160]
    want = croupier_stacks(h)
    return None if got == want else f"stacks {got} != croupier {want}"


def measure(files: list[Path]) -> tuple[int, Counter[str], list[str]]:
    ok, why, first = 0, Counter[str](), []
    for f in files:
        bad = check(load(f))
        if bad is None:
            ok += 1
        else:
            why[bad.split(":")[0].split(" [")[0]] += 1
            if len(first) < 5:
                first.append(f"{f.name}: {bad}")
    return ok, why, first


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--tournament", nargs="*", metavar="NAME",
        help="also a tournament of examples/tournaments (default heads_up)",
    )  # fmt: skip
    ap.add_argument("--games", action="store_true", help="every game and structure of each")
    args = ap.parse_args()
    from croupier.sim.simulate import simulate
    from croupier.table.presets import preset

    with tempfile.TemporaryDirectory() as tmp:
        runs: list[tuple[str, list[Path]]] = []
        for rb in RULEBOOKS:
            for game, structure in GAMES if args.games else [(None, None)]:
                name = rb if game is None else f"{rb} {game} {structure}"
                folder = Path(tmp) / name.replace(" ", "-")
                try:
                    table = preset(rb, game, structure)
                except ValueError:
                    continue  # not a game the rulebook allows
                simulate(table, args.hands, args.seed, 9, folder)
                files = sorted(folder.glob("*.phh"))
                variant = load(files[0]).variant
                if variant.startswith("croupier:"):
                    print(f"{name}: not a PHH variant ({variant})")
                    continue
                runs.append((f"{name} ({variant})", files))
        import subprocess
        import sys

        for t in (args.tournament or ["heads_up"]) if args.tournament is not None else []:
            conditions = Path(__file__).parents[1] / "examples" / "tournaments" / f"{t}.toml"
            out = Path(tmp) / t
            subprocess.run(
                [sys.executable, "-m", "croupier", "tournament", "run", str(conditions),
                 "--seed", str(args.seed), "--out", str(out), "--json"],
                check=True, stdout=subprocess.DEVNULL,
            )  # fmt: skip
            runs.append((f"tournament {t}", sorted(out.glob("**/*.phh"))))
        for name, files in runs:
            ok, why, first = measure(files)
            print(f"{name}: {ok}/{len(files)} ({100 * ok / max(1, len(files)):.1f} %)")
            for k, v in why.most_common():
                print(f"  {v} x {k}")
            for line in first:
                print(f"  e.g. {line}")


if __name__ == "__main__":
    main()
