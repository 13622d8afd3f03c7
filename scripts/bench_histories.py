"""Benchmark (not a test): OHH export and import, rounds per second, against pokerkit's PHH read
and write on the same rounds, in one run.

    PYTHONPATH=src python scripts/bench_histories.py [PHH_FOLDER] [--repeat N]

The rounds are the in-scope hands of the PHH folder (default ../shared/phh), replayed once
through the engine before timing. Measured per pass over all rounds, best of ``--repeat``:

* OHH export: ``croupier.histories.ohh.to_ohh`` (house view) and the JSON text of the file;
* OHH import: parsing that text and turning every hand into a PHH history (no replay);
* OHH import + replay: the same, then the strict engine replay of ``croupier ohh replay``;
* pokerkit PHH write: ``pokerkit.HandHistory.dumps`` of every hand;
* pokerkit PHH read: ``pokerkit.HandHistory.loads`` of every hand's text;
* pokerkit PHH read + play: the same, then pokerkit's game state through every action;
* croupier PHH write / read: ``croupier.histories.phh.dumps`` / ``loads``, for reference.
"""

from __future__ import annotations

import argparse
import json
import time
import warnings
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from croupier.histories import ohh
from croupier.histories.ohh_replay import replay_hand
from croupier.histories.phh import dumps as phh_dumps
from croupier.histories.phh import load
from croupier.histories.phh import loads as phh_loads
from croupier.histories.phh_export import HOUSE
from croupier.histories.phh_replay import in_scope, phh_files, replay


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", nargs="?", default=str(Path(__file__).parents[2] / "shared" / "phh"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    import pokerkit

    files, hands, rounds, texts = [], [], [], []
    for f in phh_files([Path(args.folder)]):
        h = load(f)
        if not in_scope(h):
            continue
        try:
            r = replay(h)
        except ValueError:
            continue
        files.append(f)
        hands.append(h)
        rounds.append(r)
        texts.append(f.read_text())
    n = len(rounds)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pk = [pokerkit.HandHistory.loads(t) for t in texts]
    out: dict[str, float] = {}

    def export() -> str:
        pairs = zip(rounds, hands, strict=True)
        return ohh.dumps([ohh.to_ohh(r, HOUSE, meta=h, unit_scale=h.unit_scale) for r, h in pairs])

    text = export()
    parsed = [json.loads(t, parse_float=Decimal) for t in text.split("\n\n") if t]
    out["OHH export (to_ohh + JSON)"] = best(export, args.repeat)
    out["OHH import (JSON + to_history)"] = best(
        lambda: [ohh.to_history(x) for x in ohh.loads(text)], args.repeat
    )
    out["OHH import + strict replay"] = best(
        lambda: [replay_hand(x) for x in parsed], max(1, args.repeat - 2)
    )

    def pk_read() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for t in texts:
                pokerkit.HandHistory.loads(t)

    def pk_play() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for t in texts:
                for _ in pokerkit.HandHistory.loads(t):
                    pass

    out["pokerkit PHH write (dumps)"] = best(lambda: [h.dumps() for h in pk], args.repeat)
    out["pokerkit PHH read (loads)"] = best(pk_read, args.repeat)
    out["pokerkit PHH read + play"] = best(pk_play, max(1, args.repeat - 2))
    out["croupier PHH write (dumps)"] = best(lambda: [phh_dumps(h) for h in hands], args.repeat)
    out["croupier PHH read (loads)"] = best(lambda: [phh_loads(t) for t in texts], args.repeat)
    print(f"{n} rounds from {args.folder}; CPU seconds (process_time), best of {args.repeat}")
    for k, secs in out.items():
        print(f"{k:34s} {n / secs:10,.0f} rounds/s   ({secs:.3f} s)")


if __name__ == "__main__":
    main()
