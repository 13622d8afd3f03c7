"""Events of an Ultimate Texas Hold'em round; the round's state is their fold.

Chips move only through these events: wagers from a player onto the layout, settlements from
the layout back to the player and between player and house bank, refunds when a round is void.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card
from croupier.uth.limits import Counted
from croupier.uth.settle import Settlement

#: Recipients of a dealt card other than a box (boxes are 1..n from the dealer's left).
DEALER = 0
BOARD = -1


@dataclass(frozen=True, slots=True)
class UthEvent:
    """Base class of UTH round events."""


@dataclass(frozen=True, slots=True)
class WagersPlaced(UthEvent):
    box: int
    player: str
    ante: int
    blind: int
    trips: int


@dataclass(frozen=True, slots=True)
class WagersWithdrawn(UthEvent):
    box: int
    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class MarkerPlaced(UthEvent):
    box: int
    maximum: int
    clause: str


@dataclass(frozen=True, slots=True)
class PlayerWarned(UthEvent):
    """The player is advised that further under-minimum wagers are returned (5.4): the only
    warning a round gives."""

    player: str
    clause: str
    message: str


@dataclass(frozen=True, slots=True)
class CardDealt(UthEvent):
    to: int  # a box, DEALER or BOARD
    card: Card
    clause: str


@dataclass(frozen=True, slots=True)
class BoardRevealed(UthEvent):
    """The flop (8.2) or the turn and river (8.4) turned face up."""

    cards: tuple[Card, ...]
    clause: str


@dataclass(frozen=True, slots=True)
class Decided(UthEvent):
    """A box's decision: ``check``, ``fold`` or ``play`` (``amount`` chips, ``multiple`` x Ante)."""

    box: int
    action: str
    multiple: int
    amount: int
    clause: str


@dataclass(frozen=True, slots=True)
class ClockTicked(UthEvent):
    now: int


@dataclass(frozen=True, slots=True)
class DealerHandDeclared(UthEvent):
    """8.8: the dealer's two cards, the hand declared, and whether it qualifies (A, 9.2)."""

    cards: tuple[Card, ...]
    words: str
    qualifies: bool
    clause: str


@dataclass(frozen=True, slots=True)
class BoxSettled(UthEvent):
    """One box settled (9.3): each wager's result, how the limits counted each stake, the chips
    handed back to the player and the house bank's change."""

    box: int
    player: str
    settlement: Settlement
    counted: tuple[Counted, ...]
    paid_to_player: int
    bank_change: int
    clause: str


@dataclass(frozen=True, slots=True)
class RulingMade(UthEvent):
    """A floor ruling that changes no chips (13.4(b), 13.5, 13.6(b), 13.7(c))."""

    clause: str
    message: str


@dataclass(frozen=True, slots=True)
class DealCompleted(UthEvent):
    """Every hole card is dealt: the players may look at their cards and decide (8.1)."""

    clause: str


@dataclass(frozen=True, slots=True)
class BoxVoided(UthEvent):
    """One box's wagers void (12.3, 15.3(a)): the player's chips as before the round."""

    box: int
    player: str
    refund: int
    bank_change: int
    clause: str


@dataclass(frozen=True, slots=True)
class UthRoundVoided(UthEvent):
    """The whole round void: each player's chips restored as they were before it."""

    clause: str
    message: str
    refunds: tuple[tuple[str, int], ...]
    bank_change: int
    #: voided as a misdeal (13.x): the next round's shuffle is 6.1(b)'s
    misdeal: bool = False


@dataclass(frozen=True, slots=True)
class RoundEnded(UthEvent):
    """The last wager settled (A "Round of Play")."""


__all__ = [
    "BOARD",
    "DEALER",
    "BoardRevealed",
    "BoxSettled",
    "BoxVoided",
    "CardDealt",
    "ClockTicked",
    "DealCompleted",
    "DealerHandDeclared",
    "Decided",
    "MarkerPlaced",
    "PlayerWarned",
    "RoundEnded",
    "RulingMade",
    "UthEvent",
    "UthRoundVoided",
    "WagersPlaced",
    "WagersWithdrawn",
]
