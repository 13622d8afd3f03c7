"""Everything that happens at a table, as events; a table's state is the fold of its events.

Events never change once made: no code assigns to an event's fields. Like the round's events
(see :mod:`croupier.round.events`) they are not ``frozen`` dataclasses: frozen's ``__setattr__``
keeps mypyc from building them natively, and one is made for every action.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from croupier.floor.incidents import Incident
from croupier.round.config import RoundConfig
from croupier.round.events import Event as RoundEvent
from croupier.table.button import Buttons, Deal, Seating, Status


@dataclass(slots=True, unsafe_hash=True)
class TableEvent:
    """Base class of table events."""


@dataclass(slots=True, unsafe_hash=True)
class PlayerSat(TableEvent):
    player: str
    seat: int
    chips: int
    status: Status
    new: bool
    clause: str
    at: int = 0
    moved: bool = False  # moved by the floor or from a closed game (dunedin-house 29)


@dataclass(slots=True, unsafe_hash=True)
class ChipsAdded(TableEvent):
    player: str
    chips: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class StatusChanged(TableEvent):
    player: str
    status: Status
    clause: str
    at: int = 0


#: the clause of a player leaving by their own choice (croupier's procedure, no rulebook's)
LEFT_BY_CHOICE = "croupier leave"


@dataclass(slots=True, unsafe_hash=True)
class PlayerLeft(TableEvent):
    player: str
    chips: int
    clause: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class SeatChanged(TableEvent):
    player: str
    origin: int
    target: int
    status: Status
    clause: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Declared(TableEvent):
    """act-omaha-2017 14.3: a player below the minimum who did not top up."""

    player: str
    clause: str = ""


@dataclass(slots=True, unsafe_hash=True)
class TimeCharged(TableEvent):
    """act-omaha-2017 15.3: commission on a time basis, paid in advance up to ``until``."""

    player: str
    amount: int
    until: int
    clause: str = ""


@dataclass(slots=True, unsafe_hash=True)
class RoundStarted(TableEvent):
    """A round begins: its deal (button, blinds, who is in) and the round's configuration,
    sealed (:meth:`RoundConfig.sealed`: never the deck order, which the dealer side holds).
    ``commitment``: the published commitment to the deck order (:mod:`croupier.shoe`), when
    croupier deals from a shoe's deck; ``shoe``: where the order came from, ``secure`` or
    ``seeded:N`` (a seeded shoe, for tests and replays only), empty when not told.
    ``opening``: the round's first events (fees, antes, dead and live blinds posted)."""

    hand: int
    deal: Deal
    config: RoundConfig
    players: tuple[str, ...]  # by round position
    at: int = 0
    restart: bool = False  # the game started afresh: fewer than two players carried it on
    commitment: str = ""
    shoe: str = ""
    opening: tuple[RoundEvent, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class CardsDealt(TableEvent):
    """Cards croupier dealt from the dealer side's deck: the round's own events (hole cards,
    burn, board), as it records them, and what followed them by itself (the betting round
    opened, a showdown and its settlement). A table is rebuilt from these, never from a deck
    order; :mod:`croupier.views` projects them for each recipient (another seat's hole cards
    hidden)."""

    events: tuple[RoundEvent, ...]


@dataclass(slots=True, unsafe_hash=True)
class RoundProgressed(TableEvent):
    """The round's events one command to the round produced (an action, a card a live dealer
    entered, a showdown): facts, which a fold records without asking the rules again."""

    events: tuple[RoundEvent, ...]
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class TimedOut(TableEvent):
    """The player to act ran out of time: their hand is folded, their bets stay in the pot."""

    player: str
    clause: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class DeadlineSet(TableEvent):
    """The player to act must act by ``deadline`` (an action timer, instruction or clock)."""

    player: str
    deadline: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class RoundFinished(TableEvent):
    hand: int
    stacks: tuple[tuple[str, int], ...]
    commission: int
    fees: int


@dataclass(slots=True, unsafe_hash=True)
class TableRoundVoided(TableEvent):
    """The round is void: every chip committed returns to its player."""

    hand: int
    clause: str
    reason: str


class NoticeKind(Enum):
    """What a :class:`Notice` tells the floor."""

    AWAY = "away"  # a player away past the rulebook's time may lose the seat
    ABSTAINED = "abstained"  # a player abstaining at a full table may be required to vacate


@dataclass(slots=True, unsafe_hash=True)
class Notice(TableEvent):
    """A ruling the floor must act on (a seat that may be lost, a player to vacate)."""

    player: str
    clause: str
    message: str
    kind: NoticeKind


def stored_notice(fields: dict[str, object]) -> Notice:
    """A :class:`Notice` as stored, also in its first form, without ``kind``: then its kind is
    read from its message, which said which notice it was (the rulebooks' two notices)."""
    kind = fields.get("kind")
    if kind is None:
        message = fields.get("message")
        if not isinstance(message, str):
            raise ValueError("a notice has a message")
        kind = NoticeKind.AWAY if " has been away " in message else NoticeKind.ABSTAINED
    if not isinstance(kind, NoticeKind):
        raise ValueError(f"not a notice's kind: {kind!r}")
    player, clause, message = (fields.get(k) for k in ("player", "clause", "message"))
    if not (isinstance(player, str) and isinstance(clause, str) and isinstance(message, str)):
        raise ValueError(f"not a stored notice: {sorted(fields)}")
    unknown = fields.keys() - {"player", "clause", "message", "kind"}
    if unknown:
        raise ValueError(f"unknown fields {sorted(unknown)}")
    return Notice(player, clause, message, kind)


@dataclass(slots=True, unsafe_hash=True)
class TableClosed(TableEvent):
    clause: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class FloorReported(TableEvent):
    """An irregularity reported in the round, and the round's events of the floor's ruling on
    it (the ruling made first)."""

    incident: Incident
    events: tuple[RoundEvent, ...]
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class FundsLocked(TableEvent):
    """dunedin-house 77: ``chips`` move from the player's stack to funds management holds."""

    player: str
    chips: int
    reason: str
    clause: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class FundsReleased(TableEvent):
    """dunedin-house 77: locked funds released, to the stack (``seated``) or paid out."""

    player: str
    chips: int
    seated: bool
    clause: str
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class RoundReopened(TableEvent):
    """The last round's result is disputed: it resumes before its last ``commands`` commands."""

    commands: int
    clause: str


@dataclass(slots=True, unsafe_hash=True)
class TableCheckpoint(TableEvent):
    """The whole table between rounds, written as a round begins when the table hands the events
    before it to a sink: a fold may start here (``Table.from_events`` of this event and those
    after it). Mappings are (key, value) pairs in the table's order."""

    seating: Seating
    stacks: tuple[tuple[str, int], ...]
    buttons: Buttons | None
    hands: int
    commission: int
    fees: int
    closed: bool
    declared: frozenset[str]
    departed: tuple[tuple[str, tuple[int, int]], ...]
    away_since: tuple[tuple[str, int], ...]
    away_noticed: frozenset[str]
    abstained: tuple[tuple[str, int], ...]
    original: frozenset[str]
    stepped_away: frozenset[str]
    last_round: frozenset[str]
    paid_until: tuple[tuple[str, int], ...]
    locked: tuple[tuple[str, int], ...]
    disconnected: tuple[tuple[str, int], ...] = ()  # croupier.table.absence
    absent: frozenset[str] = frozenset()
