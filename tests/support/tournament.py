"""Helpers shared by the tournament scenario tests (it holds no tests itself)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from croupier.cards import Card, Deck
from croupier.round import BetRaise, CheckCall, Command, Fold, Round
from croupier.shoe import Shoe
from croupier.tournament import (
    Conditions,
    HandPlan,
    Tournament,
    parse_conditions,
)
from croupier.tournament import commands as cm
from croupier.tournament.events import (
    HandPlayed,
)

BASE: dict[str, Any] = {
    "name": "Scenario Cup",
    "date": "2026-11-27T19:00",
    "rules": "dunedin-house",
    "entry_fee": 100,
    "admin_fee": 10,
    "starting_stack": 1000,
    "table_size": 9,
    "payouts": [50, 30, 20],
    "levels": [
        {"small_blind": 25, "big_blind": 50, "minutes": 10},
        {"small_blind": 50, "big_blind": 100, "minutes": 10},
        {"small_blind": 100, "big_blind": 200, "minutes": 10},
        {"small_blind": 200, "big_blind": 400, "minutes": 10},
        {"small_blind": 300, "big_blind": 600, "minutes": 10},
        {"small_blind": 400, "big_blind": 800, "minutes": 10},
    ],
}

QLD = {"rules": "qld-tournament-2020", "structure": "full-pot"}
ACT = {"rules": "act-omaha-2017", "structure": "full-pot"}


def recording(results: Sequence[tuple[HandPlan, Round]]) -> tuple[cm.RecordHands, cm.Inputs]:
    """The command recording finished rounds, and the rounds themselves as its inputs:
    ``t.apply(*recording(results))``."""
    hands = tuple(cm.PlayedHand.of(plan, r) for plan, r in results)
    return cm.RecordHands(hands), cm.Inputs(rounds=[r for _, r in results])


def conditions(**changes: Any) -> Conditions:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return parse_conditions(data)


def cards(seed: int = 7) -> Iterator[Card]:
    shoe = Shoe(Deck.standard(), seed=seed)
    while True:
        yield from shoe.shuffle().order


def started(n: int = 6, seed: int = 0, absent: Sequence[str] = (), **changes: Any) -> Tournament:
    t = Tournament(conditions(**changes))
    for i in range(n):
        t.apply(cm.Register(f"p{i + 1}"))
    t.apply(cm.Start(absent=tuple(absent)), cm.Inputs(random.Random(seed), cards(seed)))
    return t


def stacked(holes: Sequence[str], board: str = "2c 7d 9h Js 3s") -> tuple[Card, ...]:
    """A deck order dealing ``holes`` (by position, e.g. "As Ah") and ``board``."""
    hands = [tuple(Card.parse(c) for c in h.split()) for h in holes]
    top = [hands[p][j] for j in range(2) for p in range(len(hands))]
    b = [Card.parse(c) for c in board.split()]
    used = set(top) | set(b)
    rest = [c for c in Deck.standard().cards if c not in used]
    order = [*top, rest[0], *b[:3], rest[1], b[3], rest[2], b[4]]
    return tuple(order + list(rest[3:]))


def deal_order(seed: int = 0) -> tuple[Card, ...]:
    return Shoe(Deck.standard(), seed=seed).shuffle().order


Policy = Callable[[Round, int], Command]


def calls(r: Round, p: int) -> Command:
    return CheckCall(p)


def folds(r: Round, p: int) -> Command:
    la = r.legal_actions()
    return CheckCall(p) if la is not None and la.can_check else Fold(p)


def play(
    t: Tournament, table: int, policy: Policy = calls, deck: Sequence[Card] | None = None
) -> tuple[HandPlan, Round]:
    plan = t.plan_hand(
        table,
        deck
        if deck is not None
        else Shoe(Deck.standard(), seed=t.tables[table].hands).shuffle().order,
    )
    r = Round(plan.config)
    while not r.is_over:
        p = r.actor
        assert p is not None
        r.apply(plan.forced_action(r) or policy(r, p))
    return plan, r


def only_table(t: Tournament) -> int:
    (number,) = t.tables
    return number


EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tournaments"


def shove(r: Round, p: int) -> Command:
    la = r.legal_actions()
    assert la is not None
    if la.max_raise_to is not None:
        return BetRaise(p, la.max_raise_to)
    return CheckCall(p)


def short_big_blind(t: Tournament, left: int) -> str:
    """Leave the next big blind ``left`` chips (4.13 forfeits take the rest out of play)."""
    plan = t.plan_hand(only_table(t))
    who = plan.players[plan.players.index(t.tables[plan.table].seats[plan.deal.big_blind.seat])]
    t.apply(cm.ForfeitChips(who, t.stack(who) - left))
    return who


def all_in_hand(t: Tournament, seed: int) -> tuple[str, str, HandPlayed]:
    """A hand where the first player shoves and the next calls; the rest fold."""
    table = only_table(t)
    shover: list[int] = []

    def policy(r: Round, p: int) -> Command:
        la = r.legal_actions()
        assert la is not None
        if not shover and la.max_raise_to is not None:
            shover.append(p)
            return BetRaise(p, la.max_raise_to)
        if len(shover) == 1 and p != shover[0]:
            shover.append(p)
            return CheckCall(p)
        return folds(r, p)

    plan, r = play(t, table, policy, deal_order(seed))
    t.apply(*recording([(plan, r)]))
    hand = [e for e in t.events if isinstance(e, HandPlayed)][-1]
    return plan.players[shover[0]], plan.players[shover[1]], hand


def bust_one(t: Tournament, table: int, loser: str) -> tuple[object, Round]:
    """A hand at ``table`` where ``loser`` shoves with 7-2 into aces and everyone else folds."""
    plan = t.plan_hand(table, deal_order())
    winner = next(p for p in plan.players if p != loser)
    junk = ["7c 2d", "8c 3d", "9c 4h", "Tc 5h", "Jc 6h", "Qc 8h"]
    holes = ["As Ah" if p == winner else junk[i] for i, p in enumerate(plan.players)]
    plan = t.plan_hand(table, stacked(holes, "Kd Qs 6s Jh 2s"))
    r = Round(plan.config)
    while not r.is_over:
        p = r.actor or 0
        name = plan.players[p]
        r.apply(shove(r, p) if name in (loser, winner) else Fold(p))
    return plan, r


def play_out(t: Tournament, policy: object) -> None:
    table = only_table(t)
    for _ in range(500):
        if t.finished:
            return
        t.apply(*recording([play(t, table, policy)]))  # type: ignore[arg-type]
        t.apply(cm.EliminateBusted(table))
    raise AssertionError("the tournament did not finish")
