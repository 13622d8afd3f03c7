"""Measurement (not a test): does pokerkit's PokerStars parser read croupier's text?

    PYTHONPATH=src python scripts/pokerstars_pokerkit.py [--hands 1000] [--seed 11] [--seats 6]

Plays ``--hands`` seeded no-limit hold'em rounds under each rulebook that allows no-limit
betting (``croupier simulate``), writes them as one PokerStars text file as ``croupier export``
does, reads the file with ``pokerkit.notation.PokerStarsParser`` and compares pokerkit's final
stacks with croupier's, rake aside (pokerkit pays the whole pot: each player's difference is
what the rake took) and the odd chip of a split pot (pokerkit places it by its own rule).
pokerkit reads no antes or dead blinds, and takes the two seats after the button for the
blinds: such hands are counted apart. Prints matched/total per rulebook and the first misses.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import tempfile
import warnings
from pathlib import Path

from croupier.histories import pokerstars as ps
from croupier.histories.phh import load
from croupier.histories.phh_export import HOUSE
from croupier.histories.phh_replay import phh_files, replay
from croupier.round import Round
from croupier.rules import find_rulebook
from croupier.table.presets import PresetError, preset

RULEBOOKS = ("qld-holdem-2005", "act-omaha-2017", "dunedin-house")


def measure(texts: dict[int, str], want: dict[int, list[int]]) -> tuple[int, list[str]]:
    """How many hands pokerkit reads to croupier's stacks, and the first misses."""
    from pokerkit.notation import PokerStarsParser

    text = ps.dumps(list(texts.values()))
    rakes = {int(m[1]): int(m[2]) for m in re.finditer(r"Hand #(\d+):.*?Rake \D?(\d+)", text, re.S)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        read = {}
        for number, t in texts.items():
            with contextlib.suppress(Exception):  # a hand pokerkit cannot parse is a miss
                (read[number],) = list(PokerStarsParser()(t, error_status=True))
        ok, misses = 0, []
        for number, stacks in want.items():
            hh = read.get(number)
            try:
                got = [int(s) for s in list(hh)[-1].stacks] if hh is not None else None
            except Exception:  # a hand pokerkit cannot play is a miss
                got = None
            diff = None if got is None else [a - b for a, b in zip(got, stacks, strict=True)]
            odd = -1 if split(texts[number]) else 0  # a split pot's odd chip: pokerkit's rule
            if diff is not None and min(diff) >= odd and sum(diff) == rakes[number]:
                ok += 1
            elif len(misses) < 5:
                misses.append(f"hand {number}: pokerkit {got} croupier {stacks}")
    return ok, misses


def split(text: str) -> bool:
    """Whether two or more players share a pot of the hand."""
    pots = re.findall(r"^.+ collected \S+ from (.+)$", text, re.M)
    return len(pots) != len(set(pots))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--seats", type=int, default=6)
    args = ap.parse_args()
    from croupier.sim.simulate import simulate

    for rb in RULEBOOKS:
        try:
            table = preset(rb, "holdem", "no-limit")
        except PresetError as e:
            print(f"{rb}: no no-limit hold'em, which pokerkit's parser alone reads ({e})")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            simulate(table, args.hands, args.seed, args.seats, Path(tmp))
            texts, want, kinds = {}, {}, {}
            for f in phh_files([Path(tmp)]):
                h = load(f)
                r = replay(h, find_rulebook(rb))
                number = int(str(h.hand))
                texts[number] = ps.to_text(r, HOUSE, meta=h)
                want[number] = list(r.stacks)
                kinds[number] = kind(r)
        plain = [k for k, v in kinds.items() if v is None]
        ok, misses = measure({k: texts[k] for k in plain}, {k: want[k] for k in plain})
        print(f"{rb}: {ok}/{len(plain)} ({100 * ok / max(1, len(plain)):.1f} %) of the hands "
              "pokerkit can play")  # fmt: skip
        for what in sorted({v for v in kinds.values() if v is not None}):
            some = [k for k, v in kinds.items() if v == what]
            got, _ = measure({k: texts[k] for k in some}, {k: want[k] for k in some})
            print(f"  {what}: {got}/{len(some)}")
        for m in misses:
            print(f"  e.g. {m}")


def kind(r: Round) -> str | None:
    """Why pokerkit's parser may not read the hand, or None: antes or dead blinds (dead money,
    which it does not read), a live blind from the seat after the button (it takes the two seats
    after the button for the blinds)."""
    cfg = r.config
    if any(cfg.antes) or any(cfg.dead):
        return "antes or dead blinds"
    big = cfg.min_bet
    if cfg.players > 2 and cfg.blinds[0] >= big and sum(b >= big for b in cfg.blinds) > 1:
        return "a live blind from the seat after the button"
    return None


if __name__ == "__main__":
    main()
