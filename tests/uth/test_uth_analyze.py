"""`croupier uth analyze`: the kernels' counts and results against act-uth-2025 settlement
(uth/settle.py) on every dealer hand, the symmetry bookkeeping, the simulation's decisions,
the simple-strategy file and the command line.

The full exact run (about a minute) is checked by scripts/bench_uth.py, not here.
"""

from __future__ import annotations

import json
import re
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from croupier.cards import parse_cards
from croupier.cli import app
from croupier.hands import Category, evaluate
from croupier.uth import analyze_kernels as k
from croupier.uth.analyze import N_BINS, _net_of_bin
from croupier.uth.analyze_setup import (
    blind_units,
    canonical_flops,
    category_positions,
    hole_class,
    hole_classes,
    pair_index,
    pairs,
    qualifying_strength,
    table_args,
)
from croupier.uth.analyze_sim import simulate
from croupier.uth.paytables import BLIND_TABLE, PayTable
from croupier.uth.settle import ORDER, Box, Outcome, Wager, settle
from croupier.uth.strategy import SimpleStrategy, StrategyError, expand_hands, parse_strategy

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "uth-wizard-simple.toml"
TABLES = table_args()
UNITS = blind_units()
UNIT = UNITS.unit


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def _unseen(*held: list[int]) -> list[int]:
    gone = {c for cs in held for c in cs}
    return [c for c in range(52) if c not in gone]


def _flop_pass(flop: list[int], turn_rivers: list[list[int]], table: PayTable = BLIND_TABLE):
    units = blind_units(table)
    e4, e2, ec = (np.zeros(k.N_PAIRS, np.int64) for _ in range(3))
    h = np.zeros((k.N_PAIRS, N_BINS), np.int64)
    hc = np.zeros((k.N_PAIRS, N_BINS + 1), np.int64)
    k.flop_pass(
        np.array(flop, np.int64), np.array(turn_rivers, np.int64), *TABLES,
        qualifying_strength(), pair_index(), units.bclass, units.pay, units.unit,
        e4, e2, ec, h, hc,
    )  # fmt: skip
    return e4, e2, ec, h, hc


def _reference(hole: list[int], board: list[int], table: PayTable = BLIND_TABLE):
    """Sum ``settle`` over all 990 dealer hands: results of Play 4x, 2x, 1x and of folding (in
    units: the Ante and Blind are ``unit`` chips), and the outcome bins."""
    from croupier.uth.paytables import Payouts

    payouts = Payouts(blind=table)
    unit = blind_units(table).unit
    lowest_first = [ln.category for ln in table.lines[::-1]]
    sums = {4: 0, 2: 0, 1: 0, 0: 0}
    bins = np.zeros(N_BINS, np.int64)
    for dealer in combinations(_unseen(hole, board), 2):
        for mult in (4, 2, 1):
            s = settle(Box(unit, unit, mult * unit), hole, dealer, board, payouts)
            sums[mult] += s.net
        folded = settle(Box(unit, unit, folded=True), hole, dealer, board, payouts)
        sums[0] += folded.net
        cmp = (s.player.strength > s.dealer.strength) - (s.player.strength < s.dealer.strength)
        outcome = {1: 0, 0: 2, -1: 3}[cmp] + (1 if cmp and not s.dealer_qualifies else 0)
        if cmp:
            assert (s[Wager.ANTE].outcome is Outcome.REFUND) == (not s.dealer_qualifies)
        cat = s.player.category
        cls = lowest_first.index(cat) + 1 if cat in lowest_first else 0
        if cmp > 0:
            assert (s[Wager.BLIND].line is None) == (cls == 0)
        bins[outcome * 7 + cls] += 1
    return sums, bins


# Boards chosen to reach every branch: dealer qualifying or not, ties, Blind lines from a
# straight to a royal flush, flushes on the board.
BOARDS = [
    ("Ah Kh Qh 2c 7d", "Jh Th"),  # royal flush
    ("9s 8s 7s 2d 2c", "6s 5s"),  # straight flush; dealer full houses
    ("Qc Qd 4h 4s 9c", "Qh 4c"),  # quads? no: full house over a paired board
    ("2c 5d 9h Jc Ks", "3s 4h"),  # high-card board: many dealers do not qualify
    ("Tc Jd Qh Ks 3c", "9d 8c"),  # straight on board: ties are common
    ("3h 7h Th Kh 5c", "Ah 2d"),  # flush with the ace (3 to 2 Blind)
    ("6c 6d 6h 6s Ad", "Kc Qc"),  # quads on the board: ties with kickers
]


@pytest.mark.parametrize(("board_text", "hole_text"), BOARDS)
def test_act_uth_2025_9_5_to_9_8_river_results_agree_with_settle(
    board_text: str, hole_text: str
) -> None:
    board, hole = _cards(board_text), _cards(hole_text)
    e4, e2, ec, h, _ = _flop_pass(board[:3], [board[3:]])
    g = int(pair_index()[hole[0], hole[1]])
    sums, bins = _reference(hole, board)
    assert e4[g] == sums[4]
    assert e2[g] == sums[2]
    assert ec[g] == max(sums[1], sums[0])
    assert list(h[g]) == list(bins)
    assert h[g].sum() == k.DEALER_HANDS


def test_act_uth_2025_10_1_blind_odds_in_whole_units_for_a_custom_table() -> None:
    table = PayTable.from_spec("house", "200-40:3-9-3-5:2-1", Category.STRAIGHT)
    units = blind_units(table)
    assert units.unit == 6  # lcm of 3 and 2: every line pays whole units
    board, hole = _cards("3h 7h Th Kh 5c"), _cards("Ah 2d")
    e4, _, _, _, _ = _flop_pass(board[:3], [board[3:]], table)
    sums, _ = _reference(hole, board, table)
    assert e4[int(pair_index()[hole[0], hole[1]])] == sums[4]


def test_act_uth_2025_8_3_8_5_flop_sums_over_turns_and_rivers() -> None:
    flop = _cards("Kd 8c 3s")
    hole = _cards("Qs 8h")
    rest = _unseen(flop, hole)
    trs = [[rest[0], rest[10]], [rest[5], rest[30]], [rest[20], rest[44]]]
    e4, e2, ec, h, hc = _flop_pass(flop, trs)
    g = int(pair_index()[hole[0], hole[1]])
    want = {4: 0, 2: 0, "c": 0}
    want_hc = np.zeros(N_BINS + 1, np.int64)
    for tr in trs:
        sums, bins = _reference(hole, flop + tr)
        want[4] += sums[4]
        want[2] += sums[2]
        want["c"] += max(sums[1], sums[0])
        if sums[1] > sums[0]:
            want_hc[:N_BINS] += bins
        else:
            want_hc[N_BINS] += k.DEALER_HANDS
    assert (e4[g], e2[g], ec[g]) == (want[4], want[2], want["c"])
    assert list(hc[g]) == list(want_hc)
    assert h[g].sum() == 3 * k.DEALER_HANDS


def test_exact_flops_weights_and_selects_each_flop_decision() -> None:
    flops = canonical_flops()
    f = 7
    flop = [int(c) for c in flops.cards[f]]
    rest = _unseen(flop)
    trs = [list(tr) for tr in combinations(rest, 2)]
    e4, e2, ec, h, hc = _flop_pass(flop, trs)
    t4, tc = np.zeros((1, k.N_PAIRS), np.int64), np.zeros((1, k.N_PAIRS), np.int64)
    h4 = np.zeros((1, k.N_PAIRS, N_BINS), np.int64)
    hck = np.zeros((1, k.N_PAIRS, 2 * N_BINS + 1), np.int64)
    raise2 = np.zeros((len(flops.cards), k.N_PAIRS), np.uint8)
    k.exact_flops(
        flops.cards, flops.weights, f, f + 1, *TABLES, qualifying_strength(), pair_index(),
        UNITS.bclass, UNITS.pay, UNIT, t4, tc, h4, hck, raise2,
    )  # fmt: skip
    w = int(flops.weights[f])
    for g, (a, b) in enumerate(pairs()):
        if a in flop or b in flop:
            assert t4[0, g] == 0
            continue
        r2 = e2[g] > ec[g]
        assert raise2[f, g] == r2
        assert t4[0, g] == w * e4[g]
        assert tc[0, g] == w * max(e2[g], ec[g])
        assert (h4[0, g] == w * h[g]).all()
        assert hck[0, g].sum() == w * comb(47, 2) * k.DEALER_HANDS
        if r2:
            assert (hck[0, g, :N_BINS] == w * h[g]).all()
        else:
            assert (hck[0, g, N_BINS:] == w * hc[g]).all()


def test_canonical_flops_cover_all_22100_flops_by_suit_symmetry() -> None:
    flops = canonical_flops()
    assert len(flops.cards) == 1755
    assert int(flops.weights.sum()) == comb(52, 3)
    every = np.array(list(combinations(range(52), 3)), dtype=np.int64)
    a, b, c = every[:, 0], every[:, 1], every[:, 2]
    colex = a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6
    perm = flops.perm[colex]
    mapped = np.sort((every & ~3) | np.take_along_axis(perm, every & 3, axis=1), axis=1)
    assert (mapped == flops.cards[flops.canon[colex]]).all()
    assert (np.bincount(flops.canon, minlength=1755) == flops.weights).all()


def test_169_starting_hand_classes() -> None:
    classes = hole_classes()
    assert len(classes) == 169
    sizes = {name: len(holes) for name, holes in classes.items()}
    assert sum(sizes.values()) == comb(52, 2)
    assert sizes["AA"] == 6 and sizes["AKs"] == 4 and sizes["AKo"] == 12
    for name, holes in classes.items():
        for g in holes:
            assert hole_class(*map(int, pairs()[g])) == name


def test_dealer_qualifies_from_the_lowest_pair() -> None:
    thr = qualifying_strength()
    assert evaluate(_cards("2c 2d 3h 4s 5c 7d 9h"), ORDER).strength >= thr  # 2-2 pair
    assert evaluate(_cards("Ac Kd Qh Js 9c 7d 5h"), ORDER).strength < thr  # ace high


def test_net_of_each_outcome_bin_follows_9_5_to_9_8() -> None:
    # WQ with a flush (line 2: 3 to 2) on Play 4x: Ante 1 + Blind 3/2 + Play 4.
    assert _net_of_bin(0 * 7 + 2, 4, UNITS.pay, UNIT) == 1 + 1.5 + 4
    assert _net_of_bin(1 * 7 + 0, 2, UNITS.pay, UNIT) == 2  # dealer does not qualify
    assert _net_of_bin(2 * 7 + 5, 4, UNITS.pay, UNIT) == 0  # tie
    assert _net_of_bin(3 * 7, 1, UNITS.pay, UNIT) == -3
    assert _net_of_bin(4 * 7, 1, UNITS.pay, UNIT) == -2  # the Ante pushes (9.2)


# --------------------------------------------------------------------------------------------
# The simulation's pieces


def _deals(n: int, seed: int) -> list[tuple[list[int], list[int], list[int]]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        d = [int(c) for c in rng.permutation(52)[:9]]
        out.append((sorted(d[:2]), d[2:4], d[4:]))
    return out


def test_act_uth_2025_9_x_simulation_settles_as_settle_does() -> None:
    for hole, dealer, board in _deals(300, 1):
        sp = evaluate(hole + board, ORDER).strength
        sd = evaluate(dealer + board, ORDER).strength
        for mult in (1, 2, 3, 4):
            got = k._settle_units(
                sp, sd, UNITS.bclass[sp], mult, qualifying_strength(), UNITS.pay, UNIT
            )
            want = settle(Box(UNIT, UNIT, mult * UNIT), hole, dealer, board).net
            assert got == want


def test_act_uth_2025_8_5_river_decision_matches_the_count_of_dealer_hands() -> None:
    for hole, _, board in _deals(12, 2):
        sp = evaluate(hole + board, ORDER).strength
        got = k._river_bets_optimal(
            np.array(hole, np.int64), np.array(board, np.int64), sp, UNITS.bclass[sp],
            *TABLES, qualifying_strength(), UNITS.pay, UNIT,
        )  # fmt: skip
        sums, _ = _reference(hole, board)
        assert got == (sums[1] > sums[0])


def _simple_flop(hole: list[int], flop: list[int], s: SimpleStrategy) -> bool:
    """The Wizard flop rules, written plainly."""
    if s.flop_two_pair_or_better:
        cat = evaluate(hole + flop, ORDER).category
        if ORDER.position(cat) >= ORDER.position(Category.TWO_PAIR):
            return True
    ranks = [c >> 2 for c in hole]
    pmin = s.flop_hidden_pair_min_pocket
    if pmin is not None and (
        (ranks[0] == ranks[1] and ranks[0] >= pmin) or any(c >> 2 in ranks for c in flop)
    ):
        return True
    fmin = s.flop_four_flush_min_hidden
    if fmin is not None:
        for suit in range(4):
            n = sum(c & 3 == suit for c in hole + flop)
            if n >= 4 and any(c & 3 == suit and c >> 2 >= fmin for c in hole):
                return True
    return False


def _simple_river(hole: list[int], board: list[int], s: SimpleStrategy) -> bool:
    mine = evaluate(hole + board, ORDER)
    if s.river_hidden_pair_or_better:
        ranks = [c >> 2 for c in hole]
        if ranks[0] == ranks[1] or any(c >> 2 in ranks for c in board):
            return True
        if ORDER.position(mine.category) > ORDER.position(evaluate(board, ORDER).category):
            return True
    outs = sum(evaluate([c, *board], ORDER).strength > mine.strength for c in _unseen(hole, board))
    return outs < s.river_dealer_outs_below


def test_simple_strategy_flop_and_river_rules_as_written() -> None:
    s = parse_strategy(EXAMPLE.read_text())
    params = s.params()
    two_pair = ORDER.position(Category.TWO_PAIR)
    seen_flop = seen_river = 0
    for hole, _, board in _deals(400, 3):
        h, b = np.array(hole, np.int64), np.array(board, np.int64)
        f = k._flop_bets_simple(h, b, params, *TABLES, category_positions(), two_pair)
        assert f == _simple_flop(hole, board[:3], s)
        sp = evaluate(hole + board, ORDER).strength
        r = k._river_bets_simple(h, b, sp, params, *TABLES, category_positions())
        assert r == _simple_river(hole, board, s)
        seen_flop += f
        seen_river += r
    assert 0 < seen_flop < 400 and 0 < seen_river < 400  # both answers were exercised


def test_simulation_is_a_function_of_its_seed() -> None:
    s = parse_strategy(EXAMPLE.read_text())
    a, b = simulate(20_000, s, seed=5), simulate(20_000, s, seed=5)
    c = simulate(20_000, s, seed=6)
    assert a == b
    assert a.house_edge_per_ante != c.house_edge_per_ante


def test_simulation_decision_frequencies_and_average_bet_agree() -> None:
    s = parse_strategy(EXAMPLE.read_text())
    r = simulate(60_000, s, seed=7)
    assert sum(r.decisions.values()) == pytest.approx(1.0)
    mults = {"raise4x": 4, "raise3x": 3, "raise2x": 2, "raise1x": 1, "fold": 0}
    assert r.avg_total_bet == pytest.approx(2 + sum(mults[d] * f for d, f in r.decisions.items()))
    lo, hi = r.ci99
    assert lo < r.house_edge_per_ante < hi
    # The pre-flop hands of the file are dealt at their exact rate (binomial 99.9 % bound).
    p = sum(len(hole_classes()[h]) for h in s.hands) / comb(52, 2)
    sd = (p * (1 - p) / r.rounds) ** 0.5
    assert abs(r.decisions["raise4x"] - p) < 3.3 * sd


def test_act_uth_2025_8_1_a_3x_strategy_plays_3x_only() -> None:
    every = ", ".join(f'"{r}2+"' for r in "3456789TJQKA")
    s = parse_strategy(f'[preflop]\nplay = 3\nhands = ["22+", {every}]\n')
    r = simulate(5_000, s, seed=1)
    assert r.decisions["raise3x"] == 1.0
    assert r.avg_total_bet == 5.0


# --------------------------------------------------------------------------------------------
# The simple-strategy file


def test_wizard_simple_strategy_file_pre_flop_hands() -> None:
    s = parse_strategy(EXAMPLE.read_text())
    assert s.play == 4
    pairs_ = {h for h in s.hands if h[0] == h[1]}
    assert pairs_ == {r * 2 for r in "3456789TJQKA"}
    assert {h for h in s.hands if h[0] == "A" and h != "AA"} == {
        f"A{r}{x}" for r in "23456789TJQK" for x in "so"
    }
    assert "K2s" in s.hands and "K4o" not in s.hands and "K5o" in s.hands
    assert "Q6s" in s.hands and "Q7o" not in s.hands and "J8s" in s.hands
    assert "JTo" in s.hands and "J9o" not in s.hands and "T9s" not in s.hands


def test_expand_hands() -> None:
    assert expand_hands("K5o+") == [f"K{r}o" for r in "56789TJQ"]
    assert expand_hands("TT+") == ["TT", "JJ", "QQ", "KK", "AA"]
    assert expand_hands("AK") == ["AKs", "AKo"]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('[preflop]\nplay = 2\nhands = ["AA"]\n', "preflop.play"),
        ("[preflop]\nplay = 2\n", "act-uth-2025 8.1(c)(ii)"),
        ('[preflop]\nhands = ["AA", "K1s+"]\n', "preflop.hands[1]"),
        ('[preflop]\nhands = ["AAs"]\n', "preflop.hands[0]"),
        ('[preflop]\nhands = ["KA"]\n', "preflop.hands[0]"),
        ('[preflop]\nhands = "AA"\n', "preflop.hands"),
        ('[flop]\nfour_flush_min_hidden = "X"\n', "flop.four_flush_min_hidden"),
        ("[flop]\ntwo_pair_or_better = 1\n", "flop.two_pair_or_better"),
        ("[flop]\nthree_flush = true\n", "flop.three_flush"),
        ("[river]\ndealer_outs_below = -1\n", "river.dealer_outs_below"),
        ("[turn]\nx = 1\n", "turn"),
        ("name = 3\n", "name"),
        ("[preflop\n", "not valid TOML"),
    ],
)
def test_strategy_file_errors_name_the_field(text: str, field: str) -> None:
    with pytest.raises(StrategyError, match=re.escape(field)):
        parse_strategy(text)


# --------------------------------------------------------------------------------------------
# The command line

run = CliRunner().invoke


def test_cli_uth_analyze_simulate_json() -> None:
    r = run(
        app,
        ["uth", "analyze", "--simulate", "4000", "--strategy", str(EXAMPLE), "--seed", "3",
         "--json"],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    for key in ("trips_house_edge", "house_edge_per_ante", "element_of_risk", "avg_total_bet"):
        assert isinstance(out[key], float)
    assert set(out["decisions"]) == {"raise4x", "raise3x", "raise2x", "raise1x", "fold"}
    assert out["ci99"][0] < out["house_edge_per_ante"] < out["ci99"][1]
    assert out["trips_house_edge_fraction"] == "233985/6689228"  # 4,679,700 / 133,784,560


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--exact", "--simulate", "10"], "choose one of --exact and --simulate"),
        (["--simulate", "1"], "at least 2 rounds"),
        (["--strategy", "x.toml"], "exact analysis is of the optimal strategy"),
        (["--simulate", "10", "--strategy", "no-such.toml"], "no-such.toml: cannot read"),
        (["--paytable", "500-50-10"], "royal flush down to straight is 6 hands"),
        (["--trips-paytable", "50-40-x"], "trips"),
    ],
)
def test_cli_uth_analyze_errors(args: list[str], message: str) -> None:
    r = run(app, ["uth", "analyze", *args])
    assert r.exit_code == 2
    assert message in r.output
