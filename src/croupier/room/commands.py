"""What the floor, the cage and the players tell the room: commands as frozen dataclasses.

Every command carries ``at``, the room clock in whole seconds: an input, never the machine clock.
Chips reach a cash table only through the cage (:class:`TakeSeat`, :class:`BuyIn`) and leave
it only through the cage (:class:`CashOut`, or a table's own departure); every other table
command goes through :class:`AtTable`.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.room.events import TournamentTerms
from croupier.table.commands import TableCommand
from croupier.table.table import TableConfig
from croupier.tournament.conditions import Conditions
from croupier.uth.game import UthConfig


@dataclass(frozen=True, slots=True)
class RoomCommand:
    """Base class of room commands."""


@dataclass(frozen=True, slots=True)
class OpenTable(RoomCommand):
    """Open a cash table under ``config`` (rulebook, game, structure, stakes, seats)."""

    table: str
    config: TableConfig
    at: int = 0


@dataclass(frozen=True, slots=True)
class OpenUthTable(RoomCommand):
    """Open an Ultimate Texas Hold'em table (act-uth-2025) under ``config``."""

    table: str
    config: UthConfig
    at: int = 0


@dataclass(frozen=True, slots=True)
class OpenTournament(RoomCommand):
    """Open a tournament for entries on ``terms`` (entry and administration fee in cash); with
    ``conditions`` the room runs it (:mod:`croupier.room.tournaments`)."""

    tournament: str
    terms: TournamentTerms
    at: int = 0
    conditions: Conditions | None = None


@dataclass(frozen=True, slots=True)
class CloseTable(RoomCommand):
    """Close a table, UTH table or tournament: nobody may be seated and no chips left there."""

    table: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class JoinList(RoomCommand):
    """Put ``player`` on the waiting list for ``game`` at ``stakes`` (as the board names them)."""

    player: str
    game: str
    stakes: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class LeaveList(RoomCommand):
    player: str
    game: str
    stakes: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class Tick(RoomCommand):
    """The room clock reached ``at``: calls past their call-in time lapse."""

    at: int


@dataclass(frozen=True, slots=True)
class RequestSeatChange(RoomCommand):
    """A seated player asks for the next seat that opens at their table (qld-holdem-2005
    s16(2); dunedin-house 17: ahead of players waiting to join)."""

    player: str
    table: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class TakeSeat(RoomCommand):
    """Seat a player with a buy-in of ``cash``, turned into chips by the cage. Where players wait
    for the game, only a called player may sit."""

    player: str
    table: str
    seat: int
    cash: int
    at: int = 0
    post: bool = False


@dataclass(frozen=True, slots=True)
class BuyIn(RoomCommand):
    """A seated player buys more chips at their table (a top-up between their rounds)."""

    player: str
    table: str
    cash: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class CashOut(RoomCommand):
    """A player leaves the table; the cage turns their chips back into cash."""

    player: str
    table: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class AtTable(RoomCommand):
    """Any other command to a cash table: round actions, breaks, seat changes, the floor."""

    table: str
    command: TableCommand


@dataclass(frozen=True, slots=True)
class UthBuyIn(RoomCommand):
    """Chips for ``cash`` on the player's box at a UTH table: a seat at ``box`` (0: the first
    free box) or, for a seated player, more chips (:mod:`croupier.room.uth_tables`)."""

    player: str
    table: str
    cash: int
    at: int = 0
    box: int = 0


@dataclass(frozen=True, slots=True)
class UthCashOut(RoomCommand):
    """A player's chips from a UTH table redeemed for cash (all of them: the box is freed)."""

    player: str
    table: str
    chips: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class EnterTournament(RoomCommand):
    """An entry paid at the cage: the entry fee to the prize pool, the administration fee to
    the house (qld-tournament-2020 1.x; act-uth-2025 16.3). A tournament the room runs takes
    the application with it (``name``, ``age``, ``member``; a late entry's seat drawn by
    ``seed``)."""

    player: str
    tournament: str
    at: int = 0
    name: str = ""
    age: int = 18
    member: bool = True
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class PayPrize(RoomCommand):
    """A prize paid from a tournament's pool in cash."""

    player: str
    tournament: str
    amount: int
    at: int = 0
