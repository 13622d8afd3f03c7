"""What the dealer, the floor and the players tell a table between and during rounds.

Every command carries ``at``: the table clock in whole seconds, an input (the core never reads
the machine's clock). Round actions are wrapped in :class:`Act`. Commands never change once
made; like the round's they are not ``frozen`` (one is made for every action; see
:mod:`croupier.round.events`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.cards import Card
from croupier.floor.incidents import Incident
from croupier.round.commands import Command as RoundCommand
from croupier.shoe import ShuffledDeck


@dataclass(slots=True, unsafe_hash=True)
class TableCommand:
    """Base class of table commands."""


@dataclass(slots=True, unsafe_hash=True)
class SitDown(TableCommand):
    """A player takes an empty seat with ``chips``; ``post``: posts a big blind to be dealt in at
    once instead of waiting for the big blind (act-omaha-2017 17.11; dunedin-house 29);
    ``moved``: the floor moved the player here, or they join from a game that has closed
    (dunedin-house 29 lets them be dealt in at the button)."""

    player: str
    seat: int
    chips: int
    at: int = 0
    post: bool = False
    moved: bool = False


@dataclass(slots=True, unsafe_hash=True)
class AddChips(TableCommand):
    """A seated player adds chips to their table stake (between their rounds)."""

    player: str
    chips: int
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class RemoveChips(TableCommand):
    """A seated player asks to take chips off the table (never allowed while seated)."""

    player: str
    chips: int
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class SitOut(TableCommand):
    """A player steps away (a comfort break); ``approved``: a floor manager approved leaving
    during a round they are playing (qld-holdem-2005 s19(5))."""

    player: str
    at: int = 0
    approved: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Return(TableCommand):
    """A player back from a break; ``post``: posts what they owe to be dealt in at once."""

    player: str
    at: int = 0
    post: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Leave(TableCommand):
    """A player leaves the table with their chips."""

    player: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class ChangeSeat(TableCommand):
    """A player moves to an empty seat; ``post``: posts a big blind rather than wait."""

    player: str
    seat: int
    at: int = 0
    post: bool = False


@dataclass(slots=True, unsafe_hash=True)
class StartRound(TableCommand):
    """Deal the next round. ``deck_order``: the shuffled deck (automatic mode; the table holds
    it and records each card as it is dealt, never the order); ``None``: a live dealer enters
    the cards dealt. ``commitment`` and ``shoe`` are recorded with the round's start (see
    :class:`~croupier.table.events.RoundStarted`); :meth:`dealt_from` fills all three."""

    deck_order: tuple[Card, ...] | None = field(default=None, repr=False)
    at: int = 0
    commitment: str = ""
    shoe: str = ""

    @classmethod
    def dealt_from(cls, deck: ShuffledDeck, at: int = 0) -> StartRound:
        """The next round dealt from a shoe's shuffled deck, its commitment published."""
        return cls(deck.order, at, deck.commitment, deck.source)


@dataclass(slots=True, unsafe_hash=True)
class Act(TableCommand):
    """A command to the round in progress (an action, a card dealt, a show or muck)."""

    command: RoundCommand
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Tick(TableCommand):
    """The table clock reached ``at``: an action timer or clock may have run out."""

    at: int


@dataclass(slots=True, unsafe_hash=True)
class InstructTime(TableCommand):
    """act-omaha-2017 4.8(b): the player to act is told they have forty seconds."""

    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class CallClock(TableCommand):
    """dunedin-house 90: the clock is called on the player to act: ``seconds`` to decide, then a
    ten-second countdown, then the hand is dead."""

    seconds: int
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class VoidRound(TableCommand):
    """act-omaha-2017 19.1, 19.3: the operator voids the round in progress (``clause``: which)."""

    clause: str
    reason: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class CloseTable(TableCommand):
    """act-omaha-2017 18.2: the table closes after notice; no round starts after this."""

    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Report(TableCommand):
    """The dealer or floor reports an irregularity in the round in progress; croupier rules on
    it as the table's rulebook says (:mod:`croupier.floor`)."""

    incident: Incident
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class LockFunds(TableCommand):
    """dunedin-house 77: management locks up a seated player's chips (``chips``; ``None``: the
    whole stack) while an investigation is undertaken; ``reason`` is recorded for the audit."""

    player: str
    reason: str
    chips: int | None = None
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class ReleaseFunds(TableCommand):
    """dunedin-house 77: the investigation is over and the locked funds go back to the player:
    to their stack if seated, paid out to them if they have left the table."""

    player: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class ReopenRound(TableCommand):
    """A disputed result: take back the last ``commands`` commands of the round just finished,
    before the next round begins (dunedin-house 67; act-omaha-2017 17.14)."""

    commands: int = 1
    at: int = 0


# ----------------------------------------------------------------------------------------
# A player's connection (croupier.table.absence plans them)


@dataclass(slots=True, unsafe_hash=True)
class Disconnect(TableCommand):
    """The server saw ``player``'s last connection to the table close at ``at``."""

    player: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Reconnect(TableCommand):
    """The server saw ``player`` connect to the table again at ``at``."""

    player: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class ExpireGrace(TableCommand):
    """The server's clock reached ``at``: ``player``'s grace period may have run out."""

    player: str
    at: int = 0
