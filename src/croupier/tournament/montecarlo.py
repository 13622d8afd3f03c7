"""Tournament Monte Carlo: the same tournament played many times by bots from the same
starting stacks, each run from its own seed (:func:`croupier.sim.seeds.derive_seed`), with the
finishing-place distribution and the equity (the mean share of the prize pool won) of each
starting stack, beside the Independent Chip Model's equity (Malmuth-Harville) of those stacks.

Each run is :func:`croupier.tournament.runner.run_tournament`, every check it makes on; by
default the bots neither re-buy, add on nor re-enter, so a player's chips are only those it
started with (the ICM's premise). The runs are independent: they can be played in chunks, in
this process or on Dask's workers, and the summary is the same either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from croupier.sim.seeds import derive_seed
from croupier.tournament.conditions import Conditions
from croupier.tournament.runner import InvariantBroken, Policy, run_tournament

#: The bots' choices when they may not buy chips: no re-buys, add-ons nor re-entries.
NO_BUYS = Policy(rebuy=0.0, add_on=0.0, re_entry=0.0)
#: The most sets of players placed that the ICM works through (beyond, it is not given).
ICM_STATES = 200_000


@dataclass(frozen=True)
class Finish:
    """One run: each player's best place and total cash (registration order), the prize pool
    and each paid place's prize, first place first."""

    places: tuple[int, ...]
    cash: tuple[int, ...]
    pool: int
    prizes: tuple[int, ...]


def play(conditions: Conditions, stacks: Sequence[int], buys: bool, seed: int | None) -> Finish:
    """One tournament from ``stacks`` (player ``P0001`` has ``stacks[0]``), played to a winner."""
    policy = Policy() if buys else NO_BUYS
    t, _ = run_tournament(conditions, len(stacks), seed, policy=policy, stacks=stacks)
    places, cash = [], []
    for p in t.order:
        results = t.entrants[p].results
        if not results:
            raise InvariantBroken(f"{p} has no place at the end")
        places.append(min(r[0] for r in results))
        cash.append(sum(r[1] for r in results))
    prizes = tuple(p.cash for p in sorted(t.prizes or [], key=lambda p: p.place))
    return Finish(tuple(places), tuple(cash), t.pool, prizes)


def play_runs(
    conditions: Conditions, stacks: tuple[int, ...], buys: bool, seeds: list[int | None]
) -> list[Finish]:
    """A chunk of runs, one per seed (a Dask task: module-level, to be pickled)."""
    return [play(conditions, stacks, buys, s) for s in seeds]


def plan(runs: int, seed: int | None, per_chunk: int) -> list[tuple[list[int | None]]]:
    """The seeds of ``runs`` runs (None: secure shoes), ``per_chunk`` runs to a chunk; run ``r``
    has the same seed however the runs are chunked."""
    seeds = [None if seed is None else derive_seed(seed, r) for r in range(runs)]
    return [(seeds[i : i + per_chunk],) for i in range(0, runs, per_chunk)]


@dataclass(frozen=True)
class StackResult:
    """The players who started with ``stack``: the chance of each place (first place first),
    the mean place, the chance of a prize, and the equity and ICM equity per player, as
    shares of the prize pool."""

    stack: int
    players: int
    places: tuple[float, ...]
    mean_place: float
    in_the_money: float
    equity: float
    icm: float | None


@dataclass(frozen=True)
class Summary:
    runs: int
    players: int
    shares: tuple[float, ...]  # each paid place's mean share of the pool
    by_stack: tuple[StackResult, ...]  # the largest stack first


def summarize(stacks: Sequence[int], finishes: Sequence[Finish]) -> Summary:
    """The finishing-place distribution and equity of each starting stack over the runs."""
    if not finishes:
        raise ValueError("no runs to summarize")
    n = len(stacks)
    depth = max(max(f.places) for f in finishes)
    paid = max(len(f.prizes) for f in finishes)
    shares = [0.0] * paid
    for f in finishes:
        for k, cash in enumerate(f.prizes):
            shares[k] += cash / f.pool / len(finishes) if f.pool else 0.0
    model = icm(stacks, shares)
    out = []
    for stack in sorted(set(stacks), reverse=True):
        who = [i for i in range(n) if stacks[i] == stack]
        counts = [0] * depth
        won = 0.0
        cashed = 0
        for f in finishes:
            for i in who:
                counts[f.places[i] - 1] += 1
                won += f.cash[i] / f.pool if f.pool else 0.0
                cashed += f.cash[i] > 0
        trials = len(who) * len(finishes)
        out.append(
            StackResult(
                stack=stack,
                players=len(who),
                places=tuple(c / trials for c in counts),
                mean_place=sum((k + 1) * c for k, c in enumerate(counts)) / trials,
                in_the_money=cashed / trials,
                equity=won / trials,
                icm=None if model is None else sum(model[i] for i in who) / len(who),
            )
        )
    return Summary(len(finishes), n, tuple(shares), tuple(out))


def icm(stacks: Sequence[int], shares: Sequence[float]) -> list[float] | None:
    """Each player's Malmuth-Harville equity (a share of the pool): the chance of finishing
    first is the share of the chips, and of each next place the same among those left. None
    where there are too many ways to fill the paid places to work through."""
    n, k = len(stacks), min(len(shares), len(stacks))
    if sum(comb(n, j) for j in range(k)) > ICM_STATES:
        return None
    memo: dict[int, list[float]] = {}

    def rest(placed: int, place: int) -> list[float]:
        """Equity from places ``place``.. given the players in bit set ``placed`` above them."""
        if place == k:
            return [0.0] * n
        if placed in memo:
            return memo[placed]
        left = [i for i in range(n) if not placed >> i & 1]
        chips = sum(stacks[i] for i in left)
        out = [0.0] * n
        for i in left:
            p = stacks[i] / chips
            out[i] += p * shares[place]
            for j, e in enumerate(rest(placed | 1 << i, place + 1)):
                out[j] += p * e
        memo[placed] = out
        return out

    return rest(0, 0)
