"""Commands a player, dealer or the floor sends to a round, and the ruling when one is refused."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card

# re-exported: a refusal is part of the commands' vocabulary
from croupier.rules.rulings import IllegalAction as IllegalAction
from croupier.rules.rulings import Ruling as Ruling


@dataclass(slots=True, unsafe_hash=True)
class Command:
    """Base class of round commands. Like events, commands never change once made (not frozen,
    for the construction cost; see croupier.round.events)."""


@dataclass(slots=True, unsafe_hash=True)
class Fold(Command):
    player: int


@dataclass(slots=True, unsafe_hash=True)
class CheckCall(Command):
    """Check when nothing is owed, otherwise call (all-in for less when the stack is short)."""

    player: int


@dataclass(slots=True, unsafe_hash=True)
class BetRaise(Command):
    """Bet or raise to ``to``: the player's total for this betting round (as PHH writes it)."""

    player: int
    to: int


@dataclass(slots=True, unsafe_hash=True)
class DealHole(Command):
    """Dealer-driven mode: the hole cards actually dealt to a player (None: not entered)."""

    player: int
    cards: tuple[Card | None, ...]


@dataclass(slots=True, unsafe_hash=True)
class DealBoard(Command):
    """Dealer-driven mode: community cards actually dealt (the flop, turn or river)."""

    cards: tuple[Card, ...]


@dataclass(slots=True, unsafe_hash=True)
class Burn(Command):
    """Dealer-driven mode: the burn card dealt before the next community cards, its face
    entered, or ``None``: the dealer confirms it was burned unseen (croupier.round.burns)."""

    card: Card | None = None


@dataclass(slots=True, unsafe_hash=True)
class Show(Command):
    """Show a hand at showdown. ``cards`` are required when the engine has not seen them."""

    player: int
    cards: tuple[Card, ...] | None = None


@dataclass(slots=True, unsafe_hash=True)
class Muck(Command):
    player: int
