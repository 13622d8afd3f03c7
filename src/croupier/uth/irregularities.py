"""Irregularities the dealer or floor reports during a round (act-uth-2025 11.1, 13.1-13.7),
each answered with the ruling its clause gives.

Pure planning: these functions read a round and return the events of the ruling; the round
folds them (see :mod:`croupier.uth.game`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from croupier.uth.game import BoxState, UthRound

R = "act-uth-2025 "


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def void_round(r: UthRound, clause: str, message: str) -> UthRoundVoided:
    """Every wager of the round void (A "Void": no result): each player gets back what they
    staked, and a box already settled gives back what it won or takes back what it lost."""
    refunds: dict[str, int] = defaultdict(int)
    bank = 0
    for b in r.boxes.values():
        if not b.void:
            refunds[b.player] += _refund(b)
            bank -= 0 if b.settled is None else _refund(b)
    return UthRoundVoided(clause, message, tuple(sorted(refunds.items())), bank)


def _refund(b: BoxState) -> int:
    """What voiding a box hands its player: the stakes on the layout, or, once settled, the
    stakes less what the settlement paid back (negative when the box had won)."""
    return b.stakes if b.settled is None else b.stakes - b.settled.paid_to_player


def _dealt(r: UthRound, clause: str) -> None:
    from croupier.uth.game import Phase

    if r.phase is Phase.WAGERS:
        raise _refuse(clause, "no card of this round has been dealt")


def _decided(r: UthRound) -> bool:
    from croupier.uth.game import Phase

    return r.phase > Phase.PREFLOP or any(
        b.folded or b.play or b.checked_in is not None for b in r.boxes.values()
    )


def _misdeal(r: UthRound, cmd: DeclareMisdeal) -> list[UthEvent]:
    if cmd.kind is MisdealKind.CARD_REVEALED_IN_DEAL:
        clause = R + "13.2"
        _dealt(r, clause)
        if _decided(r):
            raise _refuse(clause, "the deal is over: players have acted on their cards")
        why = "a card was revealed during the deal"
    else:
        clause = R + "13.1"
        _dealt(r, clause)
        why = "an incorrect number of cards was dealt"
    msg = f"misdeal: {why}; all wagers are void and a new round is dealt (13.3)"
    return [void_round(r, clause, msg)]


def _dealer_exposed(r: UthRound, cmd: DealerCardExposed) -> list[UthEvent]:
    from croupier.uth.game import Phase

    clause = R + "13.4"
    _dealt(r, clause)
    if r.phase >= Phase.SETTLEMENT:
        raise _refuse(clause, "the dealer's hand has already been revealed (8.8)")
    # Reading of 13.4: (a) and (b) turn on whether a Play wager stands when the card is seen.
    # With none, the round is a misdeal wherever the deal has reached; once any Play wager is
    # made, play continues.
    if r.plays == 0:
        msg = "dealer's card exposed before any Play wager: misdeal, all wagers void (13.3)"
        return [void_round(r, clause + "(a)", msg)]
    return [RulingMade(clause + "(b)", "dealer's card exposed after Play wagers: play continues")]


def _board_exposed(r: UthRound, cmd: BoardExposed) -> list[UthEvent]:
    from croupier.uth.game import DECISION_PHASES, Phase

    clause = R + "13.5"
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
    from croupier.uth.game import Phase

    clause = R + "13.6"
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
        return [void_round(r, clause + "(a)", msg)]
    msg = f"a hand was dealt to box {cmd.box}, which has no wagers, after players handled "
    msg += "their cards: only that hand is void; play continues"
    return [RulingMade(clause + "(b)", msg)]


def _deck(r: UthRound, cmd: DeckIrregularity) -> list[UthEvent]:
    clause = R + "13.7"
    what = "a card missing from the shoe" if cmd.fault == "missing" else "a foreign card"
    msg = f"{what}: rounds already completed stand (13.7(a)); this round is void and all "
    msg += "money returned"
    return [
        void_round(r, clause + "(b)", msg),
        RulingMade(clause + "(c)", "check the deck for further missing or foreign cards"),
    ]


def _shoe(r: UthRound, cmd: ShoeMalfunction) -> list[UthEvent]:
    from croupier.uth.game import ShoeKind

    clause = R + "11.1"
    if r.config.shoe is not ShoeKind.AUTOMATED:
        raise _refuse(clause, "this table deals from a card shoe, not an automated shoe")
    _dealt(r, clause)  # A "Round of Play" begins with the first card out of the shoe
    return [void_round(r, clause, "automated shuffling shoe malfunction: the round is void")]


VOID_CLAUSE = {
    VoidReason.DISTURBANCE: R + "15.2",
    VoidReason.IMPRACTICAL: R + "15.4",
    VoidReason.FRAUD: R + "15.4",
    VoidReason.COLLUSION: R + "12.3",
}


def _void_round(r: UthRound, cmd: VoidRound) -> list[UthEvent]:
    clause = VOID_CLAUSE.get(cmd.reason)
    if clause is None:
        raise _refuse(R + "15.4", f"no rule voids a round for {cmd.reason!r}")
    msg = f"the casino operator voids the round ({cmd.reason.value}): all wagers returned"
    return [void_round(r, clause, msg)]


def _void_box(r: UthRound, cmd: VoidBox) -> list[UthEvent]:
    clause = R + ("12.3" if cmd.reason == "collusion" else "15.3")
    b = r.boxes.get(cmd.box) if isinstance(cmd.box, int) else None
    if b is None or b.void:
        raise _refuse(clause, f"box {cmd.box!r} holds no wagers in play")
    refund = _refund(b)
    bank = 0 if b.settled is None else -refund
    return [BoxVoided(cmd.box, b.player, refund, bank, clause)]


def plan(r: UthRound, cmd: UthCommand) -> list[UthEvent]:
    """The events of the ruling on an irregularity, or :class:`IllegalAction`."""
    if isinstance(cmd, DeclareMisdeal):
        return _misdeal(r, cmd)
    if isinstance(cmd, DealerCardExposed):
        return _dealer_exposed(r, cmd)
    if isinstance(cmd, BoardExposed):
        return _board_exposed(r, cmd)
    if isinstance(cmd, EmptyBoxDealt):
        return _empty_box(r, cmd)
    if isinstance(cmd, DeckIrregularity):
        return _deck(r, cmd)
    if isinstance(cmd, ShoeMalfunction):
        return _shoe(r, cmd)
    if isinstance(cmd, VoidRound):
        return _void_round(r, cmd)
    if isinstance(cmd, VoidBox):
        return _void_box(r, cmd)
    raise _refuse("croupier round", f"unknown irregularity {cmd!r}")


__all__ = ["plan", "void_round"]
