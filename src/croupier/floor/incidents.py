"""What the dealer or floor reports happened at the table: one typed report per irregularity.

Players are numbered by position for the round, as in :mod:`croupier.round.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from croupier.cards import Card
from croupier.round.commands import BetRaise, CheckCall, Fold


@dataclass(frozen=True, slots=True)
class Incident:
    """Base class of reports."""


class DealError(Enum):
    """What went wrong in the initial deal (qld-holdem-2005 s32(1); act-omaha-2017 17.1;
    dunedin-house 68)."""

    CUT_EXPOSED = "a card was exposed in the cut"
    NOT_CUT = "the cards were not cut"
    HOLE_EXPOSED = "the dealer exposed hole card(s)"
    BOXED_CARD = "a card was found face up in the deck"
    OUT_OF_TURN = "a card was dealt out of turn"
    PLAYER_MISSED = "a player was dealt no cards"
    WRONG_COUNT = "a player was dealt the wrong number of cards"
    VACANT_SEAT = "a card was dealt to a seat with no player"


@dataclass(frozen=True, slots=True)
class DealIrregularity(Incident):
    """An error in the initial deal. ``cards``: the cards exposed or misdealt; ``player``: who
    received (or missed) them; ``looked``: a player looked at a card not theirs;
    ``reconstructable``: the dealer can give everyone the cards they should have had;
    ``replacement``: the card that replaced an exposed hole card already entered."""

    error: DealError
    cards: tuple[Card, ...] = ()
    player: int | None = None
    looked: bool = False
    reconstructable: bool = True
    replacement: Card | None = None


@dataclass(frozen=True, slots=True)
class WrongHoleCount(Incident):
    """A player found holding too few or too many hole cards (qld-holdem-2005 s33;
    act-omaha-2017 17.9; dunedin-house 55(e))."""

    player: int
    held: int


@dataclass(frozen=True, slots=True)
class HandKilledByDealer(Incident):
    """The dealer killed (mucked) a live hand by mistake, or it was fouled (dunedin-house 69)."""

    player: int


@dataclass(frozen=True, slots=True)
class CardsInMuck(Incident):
    """A player's cards reached the discards (act-omaha-2017 17.10; dunedin-house 56).
    ``identifiable`` and ``retrieve``: under dunedin-house 56 management may retrieve a clearly
    identifiable hand and rule it live."""

    player: int
    identifiable: bool = False
    retrieve: bool = False


@dataclass(frozen=True, slots=True)
class BurnCardExposed(Incident):
    """Dealing the flop, turn or river, the dealer exposed the card that would have been the
    next burn card (qld-holdem-2005 s34)."""

    card: Card


@dataclass(frozen=True, slots=True)
class BurnCardMissed(Incident):
    """The dealer dealt ``card`` as a community card without burning first (qld-holdem-2005
    s35; dunedin-house 71)."""

    card: Card


@dataclass(frozen=True, slots=True)
class CommunityCardsExposed(Incident):
    """Community cards exposed before they were due, in the order exposed (qld-holdem-2005
    s36; act-omaha-2017 17.17, 17.19; dunedin-house 71-72)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class StubFouled(Incident):
    """The stub was fouled (dunedin-house 73). ``method``: ``order`` (its original order
    rebuilt), ``stub`` (a new stub of the stub cards only) or ``with-muck`` (mixed with the
    muck and burn cards: all of them make the new stub)."""

    method: str


@dataclass(frozen=True, slots=True)
class OutOfTurn(Incident):
    """A player acted out of turn. ``directed_by_dealer``: the dealer directed them to act
    (act-omaha-2017 17.5)."""

    action: Fold | CheckCall | BetRaise
    directed_by_dealer: bool = False


@dataclass(frozen=True, slots=True)
class SkippedPlayerSilent(Incident):
    """The player skipped by action out of turn did not speak up before substantial action
    (dunedin-house 59); the floor restricts the hand to passive play, or kills it (``kill``)."""

    player: int
    kill: bool = False


@dataclass(frozen=True, slots=True)
class ChipsPushed(Incident):
    """Chips a player pushed forward in turn, each chip's value. ``declared``: what they said
    first (``"call"``, ``"raise"``, ``"fold"`` or None); ``declared_to``: the total they named
    (a "to" amount for the round); ``later``: chips added in a second motion without a prior
    declaration (a string bet, dunedin-house 31)."""

    player: int
    chips: tuple[int, ...]
    declared: str | None = None
    declared_to: int | None = None
    later: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CardsExposedInPlay(Incident):
    """A player exposed their own hole cards with action pending (dunedin-house 74); the floor
    may deem a hand facing action folded (``deem_folded``), otherwise it restricts it to passive
    play."""

    player: int
    deem_folded: bool = False


@dataclass(frozen=True, slots=True)
class CardsShownToPlayer(Incident):
    """A player showed cards to another player (dunedin-house 75; act-omaha-2017 17.18)."""

    player: int
    cards: tuple[Card, ...]
    to_player: int


@dataclass(frozen=True, slots=True)
class PotDisputed(Incident):
    """A player disputes the round's result (dunedin-house 67; act-omaha-2017 17.14);
    ``new_round_started``: the table has begun the next round."""

    player: int
    new_round_started: bool


@dataclass(frozen=True, slots=True)
class ForwardMotion(Incident):
    """In limit poker a player in turn moved chips forward and so caused another player to act
    (dunedin-house 33): the floor has the action completed, a call or (``raise_``) a raise."""

    player: int
    raise_: bool = False


@dataclass(frozen=True, slots=True)
class MiscountedCall(Incident):
    """A caller asked for the count, was told too little and put in ``chips`` (dunedin-house
    40): the caller is bound to the correct amount."""

    player: int
    chips: int


@dataclass(frozen=True, slots=True)
class AmountDeclared(Incident):
    """A declared bet whose size can reasonably mean more than one amount (dunedin-house 42):
    ``meanings`` are the totals for the betting round it could mean."""

    player: int
    meanings: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ConditionalStatement(Incident):
    """A player stated a future action ("if you bet, I raise"); the turn has come and the floor
    rules whether the statement binds (dunedin-house 43)."""

    action: Fold | CheckCall | BetRaise
    binding: bool


@dataclass(frozen=True, slots=True)
class HandNotTabled(Incident):
    """At the showdown a player mucked without fully tabling the hand (dunedin-house 62);
    ``readable``: the floor rules the hand was clearly read, as ``cards`` (None: as entered)."""

    player: int
    readable: bool
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class CardOffTable(Incident):
    """A card left the table (dunedin-house 70). ``player``: whose hole card it is (None: a card
    from the stub); ``by_dealer``: the dealer's error, not the player's; ``replacement``: the
    card that replaced it, when it is replaced."""

    card: Card
    player: int | None
    by_dealer: bool
    replacement: Card | None = None


@dataclass(frozen=True, slots=True)
class RuleBreached(Incident):
    """A player contravened the rules (act-omaha-2017 19.2(a)) or used a phone with live cards
    (``phone``, dunedin-house 4): the floor rules the hand folded, its wagers in the pot."""

    player: int
    phone: bool = False


@dataclass(frozen=True, slots=True)
class ChipsLent(Incident):
    """A player gave, lent or offered chips to another, or bet for them (qld-holdem-2005
    s38(2); act-omaha-2017 14.4; dunedin-house 20; qld-tournament-2020 4.17)."""

    player: int
    to_player: int
    amount: int


@dataclass(frozen=True, slots=True)
class OptionsAgreed(Incident):
    """For an irregularity the rules do not cover, the operator offered the players a course of
    action (act-omaha-2017 17.16): ``option`` is ``void`` (every chip back) or ``play on``;
    ``all_agree``: every player agreed (otherwise the operator decides, 19.4)."""

    option: str
    all_agree: bool
