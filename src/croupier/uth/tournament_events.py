"""The events of an Ultimate Texas Hold'em tournament (act-uth-2025 16.x): a tournament's state
is the fold of these (:class:`croupier.uth.tournament.UthTournament`)."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.uth.tournament_tables import Layout


@dataclass(frozen=True, slots=True)
class TEvent:
    """Base class of tournament events."""


@dataclass(frozen=True, slots=True)
class Entered(TEvent):
    player: str
    fee: int
    commission: int


@dataclass(frozen=True, slots=True)
class Forfeited(TEvent):
    player: str
    clause: str


@dataclass(frozen=True, slots=True)
class Refunded(TEvent):
    player: str
    amount: int
    clause: str


@dataclass(frozen=True, slots=True)
class Started(TEvent):
    seats: tuple[str, ...]  # the ballot, in the order drawn
    now: int
    clause: str
    tables: Layout = ()  # each table's boxes (16.9); () is one table of ``seats``


@dataclass(frozen=True, slots=True)
class Bought(TEvent):
    player: str
    kind: str  # "rebuy" or "addon"
    cost: int
    chips: int
    clause: str


@dataclass(frozen=True, slots=True)
class Eliminated(TEvent):
    player: str
    chips: int
    clause: str


@dataclass(frozen=True, slots=True)
class RoundBegan(TEvent):
    number: int  # the table's round number
    order: tuple[str, ...]  # wagering order from the starting marker, clockwise (16.16)
    table: int = 1


@dataclass(frozen=True, slots=True)
class Asked(TEvent):
    player: str  # the dealer asks this player to wager (16.17); "" when all have
    table: int = 1


@dataclass(frozen=True, slots=True)
class Wagered(TEvent):
    player: str
    ante: int
    trips: int
    clause: str = ""


@dataclass(frozen=True, slots=True)
class OutOfOrder(TEvent):
    player: str
    voided: bool
    clause: str


@dataclass(frozen=True, slots=True)
class RoundPlayed(TEvent):
    """A round's result; a void round (13.3, 13.7) changes no chips and does not count."""

    nets: tuple[tuple[str, int], ...]
    void: bool = False
    table: int = 1


@dataclass(frozen=True, slots=True)
class Ticked(TEvent):
    now: int


@dataclass(frozen=True, slots=True)
class SessionEnded(TEvent):
    clause: str


@dataclass(frozen=True, slots=True)
class Placed(TEvent):
    player: str
    place: int
    prize: int
    tied_with: tuple[str, ...]
    clause: str


@dataclass(frozen=True, slots=True)
class Cancelled(TEvent):
    refunds: tuple[tuple[str, int], ...]
    clause: str


@dataclass(frozen=True, slots=True)
class TableBroken(TEvent):
    """A table broken from play; each player still in moves to (table, box) (16.9)."""

    table: int
    moves: tuple[tuple[str, int, int], ...]
    clause: str


@dataclass(frozen=True, slots=True)
class Reserved(TEvent):
    player: str  # registered as a reserve player (16.11)
    clause: str


@dataclass(frozen=True, slots=True)
class ReserveSeated(TEvent):
    """A reserve takes a forfeited seat on paying the entry fee (16.11)."""

    player: str
    seat_of: str
    fee: int
    commission: int
    clause: str


@dataclass(frozen=True, slots=True)
class Substituted(TEvent):
    """``substitute`` takes over ``player``'s position and chips (16.12)."""

    player: str
    substitute: str
    approved_by: str
    clause: str


@dataclass(frozen=True, slots=True)
class BreakOffered(TEvent):
    now: int
    seconds: int
    clause: str


__all__ = [
    "Asked",
    "Bought",
    "BreakOffered",
    "Cancelled",
    "Eliminated",
    "Entered",
    "Forfeited",
    "OutOfOrder",
    "Placed",
    "Refunded",
    "ReserveSeated",
    "Reserved",
    "RoundBegan",
    "RoundPlayed",
    "SessionEnded",
    "Started",
    "Substituted",
    "TEvent",
    "TableBroken",
    "Ticked",
    "Wagered",
]
