"""The folds of the floor's rulings on a round (:mod:`croupier.floor`): the voided round, the
betting capped, cards exposed, actions out of turn held and resolved, chips committed by a
ruling, play restricted, a hole card replaced and the stub rebuilt. Part of the round's one fold
(:mod:`croupier.round.engine`), the only code that changes a round's state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.round.events import (
    BettingCapped,
    CardExposed,
    ChipsCommitted,
    HoleCardReplaced,
    OutOfTurnHeld,
    OutOfTurnResolved,
    PlayRestricted,
    RoundVoided,
    StubReconstituted,
)
from croupier.round.streets import OVER

if TYPE_CHECKING:
    from croupier.round.engine import Round


def voided(r: Round, e: RoundVoided) -> None:
    r.stacks = list(r.config.stacks)  # fees included: the round never started
    r.bets = [0] * r.n
    r.contrib = [0] * r.n
    r.fees = 0
    r.voided = True
    r.betting = False
    r.queue = []
    r.street = OVER


def capped(r: Round, e: BettingCapped) -> None:
    r.bet_cap = e.cap
    r.limited = True
    r.cap_clause = e.clause


def exposed(r: Round, e: CardExposed) -> None:
    if e.use == "stub":
        return
    r.cards_out.add(e.card)
    if e.use == "aside":
        r.set_aside.append(e.card)
    if e.use == "board":
        r.board_due.append(e.card)
        r.board_due_clause = e.clause


def held(r: Round, e: OutOfTurnHeld) -> None:
    r.pending[e.player] = (e.action, e.to, r.current_bet, len(r.events))


def resolved(r: Round, e: OutOfTurnResolved) -> None:
    r.pending.pop(e.player, None)


def committed(r: Round, e: ChipsCommitted) -> None:
    p = e.player
    r.stacks[p] -= e.amount
    r.bets[p] += e.amount
    r.contrib[p] += e.amount
    if r.stacks[p] == 0:
        r.all_in[p] = True
        if p in r.queue:
            r.queue.remove(p)


def restricted(r: Round, e: PlayRestricted) -> None:
    r.passive[e.player] = (e.clause, e.once, len(r.events), e.wager_stands)
    r.limited = True


def replaced(r: Round, e: HoleCardReplaced) -> None:
    hole = r.hole[e.player]
    assert hole is not None
    r.hole[e.player] = tuple(e.new if c == e.old else c for c in hole)
    r.cards_out.add(e.new)


def stub(r: Round, e: StubReconstituted) -> None:
    r.cards_out.difference_update(e.returned)
