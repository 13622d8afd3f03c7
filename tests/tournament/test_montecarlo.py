"""The tournament Monte Carlo (``croupier.tournament.montecarlo``): runs from given starting
stacks, the place distribution and equity of each stack, and the ICM beside them."""

from __future__ import annotations

from itertools import permutations

import pytest

from croupier.tournament import load_conditions
from croupier.tournament.events import Seated
from croupier.tournament.montecarlo import Finish, icm, plan, play, summarize
from croupier.tournament.runner import run_tournament
from support.tournament import EXAMPLES

SMALL = load_conditions(EXAMPLES / "small.toml")


def harville(stacks: list[int], shares: list[float]) -> list[float]:
    """The ICM by brute force: every finishing order, each with its Harville probability."""
    n = len(stacks)
    out = [0.0] * n
    for order in permutations(range(n)):
        p, left = 1.0, sum(stacks)
        for i in order:
            p *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order[: len(shares)]):
            out[i] += p * shares[place]
    return out


@pytest.mark.parametrize(
    ("stacks", "shares"),
    [
        ([3000, 1000], [1.0]),
        ([5000, 3000, 2000], [0.5, 0.3, 0.2]),
        ([4000, 2000, 2000, 1000, 1000, 500], [0.5, 0.3, 0.2]),
        ([100, 200, 300, 400, 500], [0.65, 0.35]),
    ],
)
def test_icm_is_malmuth_harville(stacks: list[int], shares: list[float]) -> None:
    got = icm(stacks, shares)
    assert got is not None
    assert got == pytest.approx(harville(stacks, shares))
    assert sum(got) == pytest.approx(sum(shares))


def test_icm_of_two_players_is_their_share_of_the_chips() -> None:
    assert icm([3000, 1000], [1.0]) == pytest.approx([0.75, 0.25])


def test_icm_gives_up_on_too_many_orders() -> None:
    assert icm([1000] * 200, [0.01] * 100) is None


def test_summary_counts_places_and_equity_per_starting_stack() -> None:
    runs = [
        Finish(places=(1, 2, 3), cash=(60, 40, 0), pool=100, prizes=(60, 40)),
        Finish(places=(3, 1, 2), cash=(0, 60, 40), pool=100, prizes=(60, 40)),
    ]
    s = summarize([2000, 1000, 1000], runs)
    assert s.runs == 2 and s.players == 3 and s.shares == pytest.approx((0.6, 0.4))
    big, small = s.by_stack
    assert (big.stack, big.players, small.stack, small.players) == (2000, 1, 1000, 2)
    assert big.places == (0.5, 0.0, 0.5) and big.mean_place == 2.0
    assert small.places == (0.25, 0.5, 0.25) and small.in_the_money == 0.75
    assert big.equity == pytest.approx(0.3) and small.equity == pytest.approx(0.35)
    model = icm([2000, 1000, 1000], [0.6, 0.4])
    assert model is not None and big.icm == pytest.approx(model[0])


def test_a_run_starts_from_the_stacks_given_and_pays_the_pool() -> None:
    stacks = (4000, 2000, 1000, 1000)
    t, _ = run_tournament(SMALL, 4, 3, stacks=stacks)
    seated = {e.player: e.stack for e in t.events if isinstance(e, Seated)}
    assert seated == {"P0001": 4000, "P0002": 2000, "P0003": 1000, "P0004": 1000}
    f = play(SMALL, stacks, False, 3)
    assert sorted(f.places) == [1, 2, 3, 4] and sum(f.cash) == f.pool == sum(f.prizes)
    assert f == play(SMALL, stacks, False, 3)  # a function of its seed
    with pytest.raises(ValueError, match="3 starting stacks for 4 players"):
        run_tournament(SMALL, 4, 3, stacks=(1000, 1000, 1000))


def test_each_run_has_its_seed_however_the_runs_are_chunked() -> None:
    one = [s for (chunk,) in plan(10, 5, 1) for s in chunk]
    three = [s for (chunk,) in plan(10, 5, 3) for s in chunk]
    assert one == three and len(set(one)) == 10
    assert [len(c) for (c,) in plan(10, 5, 3)] == [3, 3, 3, 1]
    assert plan(2, None, 5) == [([None, None],)]
