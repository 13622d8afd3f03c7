"""Hand-evaluation benchmark: croupier's batch and single paths against installed peers.

Peers (phevaluator, eval7, treys, pokerkit) come from the ``bench`` extra and are skipped
when absent. Every evaluator sees the same random hands; slow peers see a prefix of them.
Per-call figures time one call a hand, each result dropped as soon as it is made (as a caller
uses it), for croupier and every peer alike: keeping 200,000 results in a list would time the
cyclic collector walking them too, which counts against an evaluator returning a tuple (Omaha
hi/lo: its high and its low) and not one returning an int.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.bench.timing import rate
from croupier.cards import Card
from croupier.hands import omaha_hilo_strength, omaha_strength, strength
from croupier.hands.batch import evaluate_batch, omaha_batch
from croupier.round.games import Game, Split

Hands = npt.NDArray[np.uint8]


def random_hands(n: int, k: int, seed: int = 2026) -> Hands:
    """``n`` random deals of ``k`` distinct cards from 52."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for start in range(0, n, 500_000):  # in chunks: a full (n, 52) key array would be huge
        stop = min(n, start + 500_000)
        keys = rng.random((stop - start, 52), dtype=np.float32)
        out[start:stop] = np.argpartition(keys, k, axis=1)[:, :k]
    return out


def _calls(fn: Callable[..., object], args: Sequence[Sequence[Any]]) -> Callable[[], None]:
    """One call of ``fn`` per argument list, each result dropped at once."""

    def run() -> None:
        for a in args:
            fn(*a)

    return run


def _installed(name: str) -> bool:
    return importlib.util.find_spec(name) is not None


def run(
    n_batch: int = 10_000_000, n_single: int = 200_000, n_peer: int = 200_000
) -> dict[str, Any]:
    seven = random_hands(n_batch, 7)
    nine = random_hands(n_batch // 4, 9, seed=7)
    hole, board = np.ascontiguousarray(nine[:, :4]), np.ascontiguousarray(nine[:, 4:])
    evaluate_batch(seven[:100])  # compile and load tables outside the timing
    omaha_batch(hole[:100], board[:100])
    out: dict[str, Any] = {
        "hands": {"seven": n_batch, "omaha": len(nine)},
        "batch7_per_s": rate(lambda: evaluate_batch(seven), n_batch),
        "omaha_batch_per_s": rate(lambda: omaha_batch(hole, board), len(nine)),
    }
    singles = seven[:n_single].tolist()
    om = [(h[:4], h[4:]) for h in nine[:n_single].tolist()]
    rule = Game.omaha_game(split=Split.HILO).low_rule
    assert rule is not None
    strength(singles[0])  # load the single-hand tables outside the timing
    omaha_strength(*om[0])
    omaha_hilo_strength(*om[0], rule)
    one = [(h,) for h in singles]
    out["single7_per_s"] = rate(_calls(strength, one), len(singles))
    out["single_omaha_per_s"] = rate(_calls(omaha_strength, om), len(om))
    hilo = [(a, b, rule) for a, b in om]
    out["single_omaha_hilo_per_s"] = rate(_calls(omaha_hilo_strength, hilo), len(om))
    peers: dict[str, dict[str, float]] = {}
    if _installed("phevaluator"):
        peers["phevaluator"] = _phevaluator(seven[:n_peer], nine[:n_peer])
    if _installed("eval7"):
        peers["eval7"] = _eval7(seven[:n_peer])
    if _installed("treys"):
        peers["treys"] = _treys(seven[: n_peer // 4])
    if _installed("pokerkit"):
        peers["pokerkit"] = _pokerkit(seven[:5_000], nine[:2_000])
    out["peers"] = peers
    # Batch figures against the peers' per-call ones, then per call against per call (a peer's
    # figures are all per call from Python, one hand a call).
    ratios: dict[str, float] = {}
    for p, v in peers.items():
        if "seven" in v:
            ratios[f"batch7_vs_{p}"] = out["batch7_per_s"] / v["seven"]
        if "omaha" in v:
            ratios[f"omaha_batch_vs_{p}"] = out["omaha_batch_per_s"] / v["omaha"]
    for p, v in peers.items():
        if "seven" in v:
            ratios[f"single7_vs_{p}"] = out["single7_per_s"] / v["seven"]
        if "omaha" in v:
            ratios[f"single_omaha_vs_{p}"] = out["single_omaha_per_s"] / v["omaha"]
            ratios[f"single_omaha_hilo_vs_{p}"] = out["single_omaha_hilo_per_s"] / v["omaha"]
    out["ratios"] = ratios
    return out


def _phevaluator(seven: Hands, nine: Hands) -> dict[str, float]:
    from phevaluator import evaluate_cards, evaluate_omaha_cards

    s = seven.tolist()
    o = [h[4:] + h[:4] for h in nine.tolist()]  # board first, then the hole cards
    return {
        "seven": rate(_calls(evaluate_cards, s), len(s)),
        "omaha": rate(_calls(evaluate_omaha_cards, o), len(o)),
    }


def _eval7(seven: Hands) -> dict[str, float]:
    import eval7

    cards = [eval7.Card(str(Card(c))) for c in range(52)]
    hands = [[cards[c] for c in h] for h in seven.tolist()]
    one = [(h,) for h in hands]
    return {"seven": rate(_calls(eval7.evaluate, one), len(hands), repeat=1)}


def _treys(seven: Hands) -> dict[str, float]:
    from treys import Card as TCard
    from treys import Evaluator

    ev = Evaluator()
    cards = [TCard.new(str(Card(c))) for c in range(52)]
    hands = [([cards[c] for c in h[:5]], [cards[c] for c in h[5:]]) for h in seven.tolist()]
    return {"seven": rate(_calls(ev.evaluate, hands), len(hands), repeat=1)}


def _pokerkit(seven: Hands, nine: Hands) -> dict[str, float]:
    from pokerkit import OmahaHoldemHand, StandardHighHand

    def text(cs: list[int]) -> str:
        return "".join(str(Card(c)) for c in cs)

    s = [(text(h[:2]), text(h[2:])) for h in seven.tolist()]
    o = [(text(h[:4]), text(h[4:])) for h in nine.tolist()]
    return {
        "seven": rate(_calls(StandardHighHand.from_game, s), len(s), repeat=1),
        "omaha": rate(_calls(OmahaHoldemHand.from_game, o), len(o), repeat=1),
    }
