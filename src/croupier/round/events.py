"""Events: every change to a round is one of these; the round's state is their fold.

Events never change once made: no code assigns to an event's fields. They are not ``frozen``
dataclasses because frozen's ``__setattr__`` made constructing them about 5 % of a round, and
their fields are not ``Final`` because mypyc compiles ``Final`` attributes read-only, which the
dataclass ``__init__`` cannot then set.

Players are numbered by position for the round: 0 is the first player clockwise from the
button, ``n - 1`` the button (qld-holdem-2005 s18 "buck"; PHH numbers them the same way, from 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card


@dataclass(slots=True, unsafe_hash=True)
class Event:
    """Base class of round events."""


@dataclass(slots=True, unsafe_hash=True)
class FeeCharged(Event):
    """A participation fee paid before the round (qld-holdem-2005 s20, s21(2))."""

    player: int
    amount: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class AntePosted(Event):
    player: int
    amount: int


@dataclass(slots=True, unsafe_hash=True)
class DeadPosted(Event):
    """Chips posted dead into the centre, not part of the player's bet: a missed small blind
    made up on return (dunedin-house 27; act-omaha-2017 17.4)."""

    player: int
    amount: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class BlindPosted(Event):
    """A blind or straddle; ``amount`` may be short when the stack is (qld-tournament-2020 4.29)."""

    player: int
    amount: int
    kind: str


@dataclass(slots=True, unsafe_hash=True)
class CardBurned(Event):
    card: Card | None


@dataclass(slots=True, unsafe_hash=True)
class HoleDealt(Event):
    player: int
    cards: tuple[Card | None, ...]  # None: a card the dealer did not enter (a replayed record)


@dataclass(slots=True, unsafe_hash=True)
class BoardDealt(Event):
    cards: tuple[Card, ...]
    street: int


@dataclass(slots=True, unsafe_hash=True)
class Folded(Event):
    player: int


@dataclass(slots=True, unsafe_hash=True)
class Checked(Event):
    player: int


@dataclass(slots=True, unsafe_hash=True)
class Called(Event):
    """``amount`` is what the player added; ``all_in`` when it was the rest of the stack."""

    player: int
    amount: int
    all_in: bool


@dataclass(slots=True, unsafe_hash=True)
class BetOrRaised(Event):
    """A bet or raise to ``to`` (the player's total for the betting round)."""

    player: int
    to: int
    all_in: bool
    full: bool  # at least a full bet or raise; a short all-in is not (dunedin-house 46)


@dataclass(slots=True, unsafe_hash=True)
class BettingRoundEnded(Event):
    street: int


@dataclass(slots=True, unsafe_hash=True)
class BetReturned(Event):
    """The uncalled part of a bet, returned (qld-holdem-2005 s26(3)(a))."""

    player: int
    amount: int


@dataclass(slots=True, unsafe_hash=True)
class HandShown(Event):
    player: int
    cards: tuple[Card, ...]


@dataclass(slots=True, unsafe_hash=True)
class HandMucked(Event):
    player: int


@dataclass(slots=True, unsafe_hash=True)
class Announcement(Event):
    """What the dealer must announce (qld-holdem-2005 s24(8)(b), s26(3), s27(8)-(9))."""

    text: str
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class CommissionTaken(Event):
    amount: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class PotAwarded(Event):
    """One share of one pot. ``half`` is ``high``, ``low`` or ``all``."""

    pot: int
    player: int
    amount: int
    half: str
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class RoundEnded(Event):
    stacks: tuple[int, ...]


# ---------------------------------------------------------------------------------------------
# The floor's rulings (croupier.floor): each records the clause it applies.


@dataclass(slots=True, unsafe_hash=True)
class RulingMade(Event):
    """What the dealer or floor reported, and the ruling croupier made on it."""

    report: str
    clause: str
    message: str


@dataclass(slots=True, unsafe_hash=True)
class RoundVoided(Event):
    """A misdeal: the round is taken not to have started and every chip committed to it,
    fees included, goes back (qld-holdem-2005 s32(3); act-omaha-2017 17.3)."""

    clause: str


@dataclass(slots=True, unsafe_hash=True)
class HandKilled(Event):
    """A hand declared dead outside the turn order: the player is taken to have folded and
    their bets stay in the pot (qld-holdem-2005 s33(2); act-omaha-2017 17.9)."""

    player: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class BettingCapped(Event):
    """No bet or raise above ``cap`` (a "to" amount) for the rest of this betting round
    (qld-holdem-2005 s36(3); dunedin-house 72)."""

    cap: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class CardExposed(Event):
    """A card exposed in error, and what becomes of it: ``burn`` or ``discard`` (out of play),
    ``board`` (dealt as the next community card), ``stub`` (back into the stub, reshuffled) or
    ``aside`` (out of play until the next community card is dealt, then shuffled back:
    qld-tournament-2020 4.42(1)(a), (c))."""

    card: Card
    use: str
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class OutOfTurnHeld(Event):
    """An action out of turn, held until the player's turn: ``action`` is ``fold``,
    ``check``, ``call`` or ``bet`` (a bet or raise to ``to``)."""

    player: int
    action: str
    to: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class OutOfTurnResolved(Event):
    """The player's turn came: the held action binds, or it is withdrawn."""

    player: int
    binding: bool
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class ChipsCommitted(Event):
    """Chips that stay in the pot without being an action (an undercall committed,
    dunedin-house 32; an out-of-turn wager that stands, act-omaha-2017 17.6(c))."""

    player: int
    amount: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class PlayRestricted(Event):
    """The player may only check, call or fold: for one decision (``once``) or the rest of the
    round (dunedin-house 74). ``wager_stands``: a fold then leaves the wager the player held out
    of turn in the pot (qld-tournament-2020 4.41(b), (d))."""

    player: int
    once: bool
    clause: str
    wager_stands: bool = False


@dataclass(slots=True, unsafe_hash=True)
class HoleCardReplaced(Event):
    """An exposed hole card discarded and replaced (act-omaha-2017 17.20)."""

    player: int
    old: Card
    new: Card
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class CardsShownToTable(Event):
    """Cards a player showed to someone, shown to the whole table (dunedin-house 75;
    act-omaha-2017 17.18)."""

    player: int
    cards: tuple[Card, ...]
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class StubReconstituted(Event):
    """A fouled stub rebuilt (dunedin-house 73); ``returned`` are cards already seen that the
    new stub may deal again (the muck mixed into it)."""

    method: str
    returned: tuple[Card, ...]
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class BurnsDue(Event):
    """A ruling sets how many burn cards come before ``street``'s cards (1 otherwise), e.g. none
    before a re-dealt card (qld-tournament-2020 4.42(1)(c), (2))."""

    street: int
    burns: int
    clause: str
