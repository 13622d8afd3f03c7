"""Everything that happens in the room, as events; the room's state is the fold of its events.

A cash table's own events travel wrapped in :class:`AtTableEvent`, whatever their type, so the
room stays generic over the tables' event classes.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.table.events import TableEvent
from croupier.table.table import TableConfig
from croupier.tournament.conditions import Conditions
from croupier.uth.game import UthConfig


@dataclass(frozen=True, slots=True)
class TournamentTerms:
    """What the room needs of a tournament: its name and game for the board, and the entry
    (to the prize pool) and administration fee in cash."""

    name: str
    game: str
    entry: int
    fee: int = 0


@dataclass(frozen=True, slots=True)
class RoomEvent:
    """Base class of room events."""


@dataclass(frozen=True, slots=True)
class CashTableOpened(RoomEvent):
    table: str
    config: TableConfig
    at: int = 0


@dataclass(frozen=True, slots=True)
class UthTableOpened(RoomEvent):
    table: str
    config: UthConfig
    at: int = 0


@dataclass(frozen=True, slots=True)
class TournamentOpened(RoomEvent):
    tournament: str
    terms: TournamentTerms
    at: int = 0
    conditions: Conditions | None = None  # the room runs it


@dataclass(frozen=True, slots=True)
class TableShut(RoomEvent):
    """A table, UTH table or tournament taken off the board."""

    table: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class ListJoined(RoomEvent):
    player: str
    game: str
    stakes: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class ListLeft(RoomEvent):
    player: str
    game: str
    stakes: str
    reason: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class PlayerCalled(RoomEvent):
    """A seat is open at ``table``: the player is called and must come by ``deadline``."""

    player: str
    game: str
    stakes: str
    table: str
    deadline: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class CallLapsed(RoomEvent):
    """The call-in time passed: the player loses their place on the list (house rule)."""

    player: str
    game: str
    stakes: str
    table: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class CallWithdrawn(RoomEvent):
    """The table closed: the call ends and the player keeps their place."""

    player: str
    table: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class SeatChangeRequested(RoomEvent):
    player: str
    table: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class AtTableEvent(RoomEvent):
    """One of a cash table's own events."""

    table: str
    event: TableEvent


@dataclass(frozen=True, slots=True)
class BoughtIn(RoomEvent):
    """The cage took ``cash`` and put as many chips in front of the player at ``table``."""

    player: str
    table: str
    cash: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class CashedOut(RoomEvent):
    """The cage paid ``cash`` for the player's chips from ``table``."""

    player: str
    table: str
    cash: int
    reason: str = ""
    at: int = 0


@dataclass(frozen=True, slots=True)
class TournamentEntered(RoomEvent):
    player: str
    tournament: str
    entry: int
    fee: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class PrizePaid(RoomEvent):
    player: str
    tournament: str
    amount: int
    at: int = 0
