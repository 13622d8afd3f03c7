"""Commands players, the dealer and the floor send to an Ultimate Texas Hold'em round.

Refusals reuse the poker engine's :class:`~croupier.round.commands.Ruling` and
:class:`~croupier.round.commands.IllegalAction`. Boxes are numbered 1..n from the dealer's left.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from croupier.cards import Card
from croupier.rules import IllegalAction, Ruling


@dataclass(frozen=True, slots=True)
class UthCommand:
    """Base class of UTH round commands."""


# -- wagers (4.x, 5.2) ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceWagers(UthCommand):
    """A player's Ante, Blind and optional Trips on one box (4.2)."""

    box: int
    player: str
    ante: int
    blind: int
    trips: int = 0


@dataclass(frozen=True, slots=True)
class WithdrawWagers(UthCommand):
    """Take a box's wagers back before the first card (4.6 allows it until then)."""

    box: int


@dataclass(frozen=True, slots=True)
class PlaceMarker(UthCommand):
    """The operator lets a box wager above the table maximum, up to ``maximum`` (5.2)."""

    box: int
    maximum: int


# -- the deal (7.x) ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal(UthCommand):
    """Automatic mode: deal every card from the round's deck order (7.1-7.3)."""


@dataclass(frozen=True, slots=True)
class DealCard(UthCommand):
    """Dealer-driven mode: the card the dealer actually dealt next. ``to`` (optional: a box
    number, :data:`DEALER` or :data:`BOARD`) is checked against the order of 7.2 or 7.3."""

    card: Card
    to: int | None = None


# -- decisions (8.x, 9.1, 13.8 (second)) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check(UthCommand):
    box: int


@dataclass(frozen=True, slots=True)
class Fold(UthCommand):
    """Fold before the dealer's hand (8.1(a), 8.3(a), 8.5(a)) or concede after it (9.1)."""

    box: int


@dataclass(frozen=True, slots=True)
class Bet(UthCommand):
    """A Play wager of ``multiple`` times the Ante: 3 or 4 pre-flop, 2 on the flop, 1 on the
    river (8.1(c), 8.3(c), 8.5(b))."""

    box: int
    multiple: int


@dataclass(frozen=True, slots=True)
class Tick(UthCommand):
    """The clock, as an input: ``now`` in whole seconds, never decreasing (13.8 (second))."""

    now: int


@dataclass(frozen=True, slots=True)
class DeemFolded(UthCommand):
    """The dealer reports that a box's player refuses, or is not present, to decide
    (13.8 (second))."""

    box: int


# -- settlement (8.8, 9.x) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SettleNext(UthCommand):
    """Settle the next continuing box from the dealer's right (9.3)."""


@dataclass(frozen=True, slots=True)
class SettleAll(UthCommand):
    """Settle every remaining box, in turn from the dealer's right (9.3)."""


# -- irregularities (11, 13) ------------------------------------------------------------------


class MisdealKind(StrEnum):
    WRONG_CARD_COUNT = "wrong-card-count"  # 13.1
    CARD_REVEALED_IN_DEAL = "card-revealed-in-deal"  # 13.2


class DeckFault(StrEnum):
    MISSING = "missing"  # 13.7
    FOREIGN = "foreign"  # 13.7


@dataclass(frozen=True, slots=True)
class DeclareMisdeal(UthCommand):
    kind: MisdealKind


@dataclass(frozen=True, slots=True)
class DealerCardExposed(UthCommand):
    """The dealer inadvertently revealed one or both of the dealer's cards (13.4)."""


@dataclass(frozen=True, slots=True)
class BoardExposed(UthCommand):
    """The dealer inadvertently revealed ``count`` communal cards early (13.5)."""

    count: int


@dataclass(frozen=True, slots=True)
class EmptyBoxDealt(UthCommand):
    """A hand was dealt to ``box``, which holds no Ante and Blind (13.6). ``handled``: some
    player has handled their cards (a decision already made implies it)."""

    box: int
    handled: bool


@dataclass(frozen=True, slots=True)
class DeckIrregularity(UthCommand):
    """A card found missing from the shoe, or a foreign card found (13.7)."""

    fault: DeckFault


class VoidReason(StrEnum):
    DISTURBANCE = "disturbance"  # 15.2: civil commotion, fire, riot, brawl, robbery ...
    IMPRACTICAL = "impractical"  # 15.4: impractical to continue
    FRAUD = "fraud"  # 15.4: a fraudulent act affecting the outcome
    COLLUSION = "collusion"  # 12.3: a breach of rule 12


class BoxVoidReason(StrEnum):
    COLLUSION = "collusion"  # 12.3: the player excluded from the round
    RULE_BREACH = "rule-breach"  # 15.3(a): the player's wagers declared void


@dataclass(frozen=True, slots=True)
class VoidRound(UthCommand):
    """The casino operator voids the round (12.3, 15.2, 15.4)."""

    reason: VoidReason


@dataclass(frozen=True, slots=True)
class VoidBox(UthCommand):
    """The casino operator voids one player's wagers (12.3, 15.3(a))."""

    box: int
    reason: BoxVoidReason


@dataclass(frozen=True, slots=True)
class ShoeMalfunction(UthCommand):
    """The automated shuffling shoe malfunctioned during the round (11.1, 11.3)."""


__all__ = [
    "Bet",
    "BoardExposed",
    "BoxVoidReason",
    "Check",
    "Deal",
    "DealCard",
    "DealerCardExposed",
    "DeckFault",
    "DeckIrregularity",
    "DeclareMisdeal",
    "DeemFolded",
    "EmptyBoxDealt",
    "Fold",
    "IllegalAction",
    "MisdealKind",
    "PlaceMarker",
    "PlaceWagers",
    "Ruling",
    "SettleAll",
    "SettleNext",
    "ShoeMalfunction",
    "Tick",
    "UthCommand",
    "VoidBox",
    "VoidReason",
    "VoidRound",
    "WithdrawWagers",
]
