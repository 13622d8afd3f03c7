"""Irregularities the dealer or floor reports during a round (act-uth-2025 11.1, 13.1-13.7),
each answered with the ruling its clause gives.

Pure planning: these functions read a round and return the events of the ruling; the round
folds them (see :mod:`croupier.uth.game`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from croupier.rules import IllegalAction, Ruling
from croupier.uth.commands import (
    BoardExposed,
    DealerCardExposed,
    DeckIrregularity,
    DeclareMisdeal,
    EmptyBoxDealt,
    MisdealKind,
    ShoeMalfunction,
    UthCommand,
    VoidBox,
    VoidReason,
    VoidRound,
)
from croupier.uth.events import BoxVoided, RulingMade, UthEvent, UthRoundVoided
from croupier.uth.round_state import DECISION_PHASES, BoxState, Phase, ShoeKind

if TYPE_CHECKING:
    from croupier.uth.game import UthRound


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def void_round(r: UthRound, clause: str, message: str, misdeal: bool = False) -> UthRoundVoided:
    """Every wager of the round void (A "Void": no result): each player gets back what they
    staked, and a box already settled gives back what it won or takes back what it lost.
    ``misdeal``: voided as a misdeal (13.x), so the next shuffle is 6.1(b)'s."""
    refunds: dict[str, int] = defaultdict(int)
    bank = 0
    for b in r.boxes.values():
        if not b.void:
            refunds[b.player] += _refund(b)
            bank -= 0 if b.settled is None else _refund(b)
    return UthRoundVoided(clause, message, tuple(sorted(refunds.items())), bank, misdeal)


def _refund(b: BoxState) -> int:
    """What voiding a box hands its player: the stakes on the layout, or, once settled, the
    stakes less what the settlement paid back (negative when the box had won)."""
    return b.stakes if b.settled is None else b.stakes - b.settled.paid_to_player


def _dealt(r: UthRound, clause: str) -> None:
    if r.phase is Phase.WAGERS:
        raise _refuse(clause, "no card of this round has been dealt")


def _decided(r: UthRound) -> bool:
    return r.phase > Phase.PREFLOP or any(
        b.folded or b.play or b.checked_in is not None for b in r.boxes.values()
    )


def _misdeal(r: UthRound, cmd: DeclareMisdeal) -> list[UthEvent]:
    if cmd.kind is MisdealKind.CARD_REVEALED_IN_DEAL:
        clause = r.rules.revealed_in_deal_clause
        _dealt(r, clause)
        if _decided(r):
            raise _refuse(clause, "the deal is over: players have acted on their cards")
        why = "a card was revealed during the deal"
    else:
        clause = r.rules.wrong_count_clause
        _dealt(r, clause)
        why = "an incorrect number of cards was dealt"
    msg = f"misdeal: {why}; all wagers are void and a new round is dealt (13.3)"
    return [void_round(r, clause, msg, misdeal=True)]


def _dealer_exposed(r: UthRound, cmd: DealerCardExposed) -> list[UthEvent]:
    clause = r.rules.dealer_exposed_clause
    _dealt(r, clause)
    if r.phase >= Phase.SETTLEMENT:
        raise _refuse(clause, "the dealer's hand has already been revealed (8.8)")
    # Reading of 13.4: (a) and (b) turn on whether a Play wager stands when the card is seen.
    # With none, the round is a misdeal wherever the deal has reached; once any Play wager is
    # made, play continues.
    if r.plays == 0:
        msg = "dealer's card exposed before any Play wager: misdeal, all wagers void (13.3)"
        return [void_round(r, r.rules.dealer_exposed_misdeal_clause, msg, misdeal=True)]
    played_on = r.rules.dealer_exposed_play_on_clause
    return [RulingMade(played_on, "dealer's card exposed after Play wagers: play continues")]


def _board_exposed(r: UthRound, cmd: BoardExposed) -> list[UthEvent]:
    clause = r.rules.board_exposed_clause
    _dealt(r, clause)
    hidden = 5 - r.revealed
    if r.phase not in (Phase.DEALING, *DECISION_PHASES) or hidden == 0:
        raise _refuse(clause, "every communal card is already face up")
    if not isinstance(cmd.count, int) or not 1 <= cmd.count <= hidden:
        raise _refuse(clause, f"{hidden} communal cards are face down, not {cmd.count!r}")
    undecided = [n for n, b in sorted(r.boxes.items()) if b.continuing and not b.play]
    boxes = ", ".join(map(str, undecided)) or "none"
    msg = (
        f"{cmd.count} communal card(s) exposed early; boxes still to decide ({boxes}) keep "
        "the option to bet, check or fold"
    )
    return [RulingMade(clause, msg)]


def _empty_box(r: UthRound, cmd: EmptyBoxDealt) -> list[UthEvent]:
    clause = r.rules.empty_box_clause
    _dealt(r, clause)
    if r.phase >= Phase.SETTLEMENT:
        raise _refuse(clause, "the dealer's hand has been declared; the deal stands")
    if not isinstance(cmd.box, int) or not 1 <= cmd.box <= r.config.boxes:
        raise _refuse(clause, f"there is no box {cmd.box!r}")
    if cmd.box in r.boxes:
        raise _refuse(clause, f"box {cmd.box} holds an Ante and Blind: its hand is not in error")
    if not (cmd.handled or _decided(r)):
        msg = f"a hand was dealt to box {cmd.box}, which has no wagers, before any player "
        msg += "handled their cards: the whole round is void"
        return [void_round(r, r.rules.empty_box_void_clause, msg, misdeal=True)]
    msg = f"a hand was dealt to box {cmd.box}, which has no wagers, after players handled "
    msg += "their cards: only that hand is void; play continues"
    return [RulingMade(r.rules.empty_box_hand_void_clause, msg)]


def _deck(r: UthRound, cmd: DeckIrregularity) -> list[UthEvent]:
    what = "a card missing from the shoe" if cmd.fault == "missing" else "a foreign card"
    msg = f"{what}: rounds already completed stand (13.7(a)); this round is void and all "
    msg += "money returned"
    return [
        void_round(r, r.rules.deck_void_clause, msg, misdeal=True),
        RulingMade(
            r.rules.deck_check_clause, "check the deck for further missing or foreign cards"
        ),
    ]


def _shoe(r: UthRound, cmd: ShoeMalfunction) -> list[UthEvent]:
    clause = r.rules.shoe_malfunction_clause
    if r.config.shoe is not ShoeKind.AUTOMATED:
        raise _refuse(clause, "this table deals from a card shoe, not an automated shoe")
    _dealt(r, clause)  # A "Round of Play" begins with the first card out of the shoe
    return [void_round(r, clause, "automated shuffling shoe malfunction: the round is void")]


def _void_round(r: UthRound, cmd: VoidRound) -> list[UthEvent]:
    rules = r.rules
    clause = {
        VoidReason.DISTURBANCE: rules.disturbance_clause,
        VoidReason.IMPRACTICAL: rules.impractical_clause,
        VoidReason.FRAUD: rules.impractical_clause,
        VoidReason.COLLUSION: rules.collusion_clause,
    }.get(cmd.reason)
    if clause is None:
        raise _refuse(rules.impractical_clause, f"no rule voids a round for {cmd.reason!r}")
    msg = f"the casino operator voids the round ({cmd.reason.value}): all wagers returned"
    return [void_round(r, clause, msg)]


def _void_box(r: UthRound, cmd: VoidBox) -> list[UthEvent]:
    rules = r.rules
    clause = rules.collusion_clause if cmd.reason == "collusion" else rules.void_box_clause
    b = r.boxes.get(cmd.box) if isinstance(cmd.box, int) else None
    if b is None or b.void:
        raise _refuse(clause, f"box {cmd.box!r} holds no wagers in play")
    refund = _refund(b)
    bank = 0 if b.settled is None else -refund
    return [BoxVoided(cmd.box, b.player, refund, bank, clause)]


#: Each irregularity's ruling, by its command's type.
PLANNERS: dict[type, Callable[[UthRound, Any], list[UthEvent]]] = {
    DeclareMisdeal: _misdeal,
    DealerCardExposed: _dealer_exposed,
    BoardExposed: _board_exposed,
    EmptyBoxDealt: _empty_box,
    DeckIrregularity: _deck,
    ShoeMalfunction: _shoe,
    VoidRound: _void_round,
    VoidBox: _void_box,
}


def plan(r: UthRound, cmd: UthCommand) -> list[UthEvent]:
    """The events of the ruling on an irregularity, or :class:`IllegalAction`."""
    planner = PLANNERS.get(type(cmd))
    if planner is None:
        raise _refuse("croupier round", f"unknown irregularity {cmd!r}")
    return planner(r, cmd)


__all__ = ["PLANNERS", "plan", "void_round"]
