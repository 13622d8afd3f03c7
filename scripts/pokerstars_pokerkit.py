"""Measurement (not a test): does pokerkit's PokerStars parser read croupier's text?

    PYTHONPATH=src python scripts/pokerstars_pokerkit.py [--hands 1000] [--seed 11] [--seats 6]

Plays ``--hands`` seeded no-limit hold'em rounds under each rulebook that allows no-limit
betting (``croupier simulate``), writes them as one PokerStars text file as ``croupier export``
does, reads each hand with ``pokerkit.notation.PokerStarsParser`` and compares pokerkit's final
stacks with croupier's, rake aside (pokerkit pays the whole pot: each player's difference is
what the rake took) and the odd chip of a split pot (pokerkit places it by its own rule).
Prints matched/total per rulebook, of all hands and of those pokerkit's parser can be given,
then the hands of each construct it cannot be given (tests/histories/
test_histories_pokerstars_pokerkit.py says why), and the first misses.

Seed 11, 6 seats, 1,000 hands: dunedin-house 981 of 1,000 (98.1 %), act-omaha-2017 969 of
1,000 (96.9 %); 969 of 969 and 957 of 957 of the hands it can be given. Apart: dead money, 16
and 20 hands (12 and 12 read), and a live blind from a seat it takes for a blind, 15 and 23
(none read). qld-holdem-2005 has no no-limit betting.
"""

from __future__ import annotations

import argparse
import contextlib
import io
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
            quiet = contextlib.redirect_stderr(io.StringIO())  # pokerkit prints tracebacks
            with quiet, contextlib.suppress(Exception):  # a hand it cannot parse is a miss
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
        ok, _ = measure(texts, want)
        plain = [k for k, v in kinds.items() if v is None]
        got, misses = measure({k: texts[k] for k in plain}, {k: want[k] for k in plain})
        print(f"{rb}: {ok}/{len(want)} ({100 * ok / max(1, len(want)):.1f} %) of all hands, "
              f"{got}/{len(plain)} ({100 * got / max(1, len(plain)):.1f} %) of those pokerkit's "
              "parser can be given")  # fmt: skip
        for what in sorted({v for v in kinds.values() if v is not None}):
            some = [k for k, v in kinds.items() if v == what]
            got, _ = measure({k: texts[k] for k in some}, {k: want[k] for k in some})
            print(f"  {what}: {got}/{len(some)} read")
        for m in misses:
            print(f"  e.g. {m}")


def kind(r: Round) -> str | None:
    """The construct pokerkit's parser cannot be given, or None: dead money (it reads no ante,
    not "posts small & big blinds", and a dead small blind alone as a live one), or a live
    blind from a seat it takes for a blind (it takes the first two players after the button
    for the blinds, every later post for a post bet)."""
    cfg = r.config
    if any(cfg.antes) or any(cfg.dead):
        return "dead money"
    if cfg.players == 2:
        return None
    blinds = cfg.blinds
    ours = cfg.big_blind_position
    if ours is None:  # the largest blind, the last of equals
        ours = max(range(cfg.players), key=lambda p: (blinds[p], p))
    theirs = max((0, 1), key=lambda p: (blinds[p], p))
    return None if ours == theirs else "a live blind from a seat pokerkit takes for a blind"


if __name__ == "__main__":
    main()
