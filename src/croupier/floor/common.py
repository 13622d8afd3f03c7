"""Helpers every floor ruling shares: checks that a report names a real player, and the events
that declare a hand dead."""

from __future__ import annotations

from croupier.floor.decision import Decision, refuse
from croupier.round.engine import Round
from croupier.round.events import (
    BetOrRaised,
    BetReturned,
    Called,
    Checked,
    Event,
    Folded,
    HandKilled,
)
from croupier.rules import Ruling


def decide(clause: str, message: str, *events: Event) -> Decision:
    return Decision(Ruling(clause, message), tuple(events))


def player(r: Round, p: int | None, clause: str, *, live: bool = True) -> int:
    if p is None or not 0 <= p < r.n:
        raise refuse(clause, f"there is no player {p}")
    if live and r.folded[p]:
        raise refuse(clause, f"player {p} has no live hand")
    return p


def actions(r: Round) -> int:
    """Actions players have taken in the round so far."""
    return sum(1 for e in r.events if isinstance(e, (Folded, Checked, Called, BetOrRaised)))


def kill(r: Round, p: int, clause: str, *, return_uncalled: bool = False) -> list[Event]:
    """The events that declare a hand dead, checked against the round."""
    others = [i for i in r.live() if i != p]
    if not others and not any(isinstance(e, Folded) for e in r.events):
        raise refuse(
            clause, "no hand would be left to win the pot; the floor must void the round instead"
        )
    events: list[Event] = []
    if return_uncalled and r.betting:
        top = max((r.bets[i] for i in range(r.n) if i != p), default=0)
        if r.bets[p] > top:
            events.append(BetReturned(p, r.bets[p] - top))  # dunedin-house 69
    events.append(HandKilled(p, clause))
    return events
