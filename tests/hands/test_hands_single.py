"""The single-hand fast paths (one table load per hole pair for Omaha, one suit counter for
seven cards) give the batch kernels' values on many random hands of every order and low rule,
flush-heavy deals included, and the benchmark reports the per-call figures side by side."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.cards import Card
from croupier.hands import (
    HandOrder,
    low_strength,
    omaha_hilo_strength,
    omaha_low_strength,
    omaha_strength,
    strength,
)
from croupier.hands.batch import evaluate_batch, low_batch, omaha_batch, omaha_low_batch
from support.hands import LOW_CASES, LOW_IDS, ORDER_CASES, ORDER_IDS, random_hands

N = 4000


def _suited_heavy(rng: np.random.Generator, deck: list[int], n: int) -> np.ndarray:
    """Nine-card deals where most cards share one suit (flushes on most boards)."""
    rows = []
    for _ in range(n):
        s = int(rng.integers(4))
        suited = [c for c in deck if c & 3 == s]
        other = [c for c in deck if c & 3 != s]
        k = int(rng.integers(5, min(9, len(suited)) + 1))
        row = list(rng.choice(suited, k, replace=False)) + list(
            rng.choice(other, 9 - k, replace=False)
        )
        rng.shuffle(row)
        rows.append(row)
    return np.array(rows, dtype=np.uint8)


@pytest.mark.parametrize("case", ORDER_CASES, ids=ORDER_IDS)
def test_single_omaha_and_seven_equal_the_batch(case: object) -> None:
    order = case.order()  # type: ignore[attr-defined]
    deck = list(order.deck.cards)
    rng = np.random.default_rng(17)
    nine = np.concatenate(
        [random_hands(rng, deck, N, 9), _suited_heavy(rng, [c for c in deck if c < 52], N // 2)]
    )
    hole, board = np.ascontiguousarray(nine[:, :4]), np.ascontiguousarray(nine[:, 4:])
    want = omaha_batch(hole, board, order).tolist()
    got = [omaha_strength(h, b, order) for h, b in zip(hole.tolist(), board.tolist(), strict=True)]
    assert got == want
    seven = np.ascontiguousarray(nine[:, :7])
    assert [strength(h, order) for h in seven.tolist()] == evaluate_batch(seven, order).tolist()
    # the engine passes Card objects and tuples
    h, b = tuple(map(Card, hole[0].tolist())), tuple(map(Card, board[0].tolist()))
    assert omaha_strength(h, b, order) == want[0]


@pytest.mark.parametrize("case", LOW_CASES, ids=LOW_IDS)
def test_single_omaha_low_equals_the_batch(case: object) -> None:
    rule = case.rule()  # type: ignore[attr-defined]
    deck = list(rule.deck.cards)
    rng = np.random.default_rng(18)
    nine = random_hands(rng, deck, N, 9)
    hole, board = np.ascontiguousarray(nine[:, :4]), np.ascontiguousarray(nine[:, 4:])
    want = omaha_low_batch(hole, board, rule).tolist()
    got = [
        omaha_low_strength(h, b, rule) for h, b in zip(hole.tolist(), board.tolist(), strict=True)
    ]
    assert got == want
    assert any(want)
    seven = np.ascontiguousarray(nine[:, :7])
    assert [low_strength(h, rule) for h in seven.tolist()] == low_batch(seven, rule).tolist()
    order = HandOrder.for_deck(rule.deck, rule.ace_low)
    high = omaha_batch(hole, board, order).tolist()
    both = [
        omaha_hilo_strength(h, b, rule, order)
        for h, b in zip(hole.tolist(), board.tolist(), strict=True)
    ]
    assert both == list(zip(high, want, strict=True))


def test_short_boards_still_evaluate() -> None:
    """Three- and four-card boards take the per-five path (no board table for them)."""
    hole, board = [48, 49, 0, 5], [50, 44, 40, 20]
    assert omaha_strength(hole, board) == max(
        strength((a, b, *t))
        for i, a in enumerate(hole)
        for b in hole[i + 1 :]
        for t in ((50, 44, 40), (50, 44, 20), (50, 40, 20), (44, 40, 20))
    )


def test_bench_reports_per_call_figures_side_by_side() -> None:
    pytest.importorskip("phevaluator")
    from croupier.bench.eval_bench import run

    r = run(n_batch=4000, n_single=2000, n_peer=2000)
    for key in ("single7_per_s", "single_omaha_per_s", "single_omaha_hilo_per_s"):
        assert r[key] > 0
    assert r["peers"]["phevaluator"]["seven"] > 0 and r["peers"]["phevaluator"]["omaha"] > 0
    for key in (
        "single7_vs_phevaluator",
        "single_omaha_vs_phevaluator",
        "single_omaha_hilo_vs_phevaluator",
        "batch7_vs_phevaluator",
    ):
        assert r["ratios"][key] > 0
