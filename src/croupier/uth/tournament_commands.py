"""What the Tournament Director, the dealer and the players tell a UTH tournament (16.x):
commands as frozen dataclasses, each decided by one component of
:mod:`croupier.uth.tournament_decide` and applied by :meth:`UthTournament.apply
<croupier.uth.tournament.UthTournament.apply>`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from croupier.cards import Card
from croupier.uth.game import UthRound


@dataclass(frozen=True, slots=True)
class UthTournamentCommand:
    """Base class of UTH tournament commands."""


@dataclass(frozen=True, slots=True)
class EnterTournament(UthTournamentCommand):
    """``player`` enters, paying the entry fee (16.6, 16.21)."""

    player: str


@dataclass(frozen=True, slots=True)
class RefundEntry(UthTournamentCommand):
    """``player`` asks for the entry fee back (16.23: only where the conditions allow)."""

    player: str


@dataclass(frozen=True, slots=True)
class ForfeitSeat(UthTournamentCommand):
    """``player`` did not take the allocated seat by the starting time (16.10)."""

    player: str


@dataclass(frozen=True, slots=True)
class DrawSeats(UthTournamentCommand):
    """Tables and seats by ballot (16.8), the tournament starting at ``now``: ``ballot`` is
    the drawn order; ``per_table`` the players at each table the Tournament Director decides
    (16.9; ``None``: the fewest tables, shared as evenly as possible)."""

    ballot: Sequence[str]
    now: int
    per_table: Sequence[int] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "ballot", tuple(self.ballot))
        if self.per_table is not None:
            object.__setattr__(self, "per_table", tuple(self.per_table))


@dataclass(frozen=True, slots=True)
class AddReserve(UthTournamentCommand):
    """Register ``player`` as a reserve for a seat left unfilled (16.11)."""

    player: str


@dataclass(frozen=True, slots=True)
class SeatReserve(UthTournamentCommand):
    """The reserve ``player`` takes ``seat_of``'s forfeited seat, paying the entry fee (16.11)."""

    player: str
    seat_of: str


@dataclass(frozen=True, slots=True)
class SubstitutePlayer(UthTournamentCommand):
    """``substitute`` takes over ``player``'s position and chips, with the approval of the
    Tournament Director named (16.12)."""

    player: str
    substitute: str
    approved_by: str


@dataclass(frozen=True, slots=True)
class Rebuy(UthTournamentCommand):
    """A re-buy for ``player`` (16.3(a)(iii)(G))."""

    player: str


@dataclass(frozen=True, slots=True)
class AddOn(UthTournamentCommand):
    """The add-on for ``player`` (16.3(a)(iii)(H))."""

    player: str


@dataclass(frozen=True, slots=True)
class BreakTable(UthTournamentCommand):
    """Break ``table`` (16.9): each player still in moves to the (table, box) ``to`` names;
    ``None``: the free boxes of the other tables in table and box order."""

    table: int
    to: Mapping[str, tuple[int, int]] | None = None

    def __post_init__(self) -> None:
        if self.to is not None:
            object.__setattr__(self, "to", MappingProxyType(dict(self.to)))


@dataclass(frozen=True, slots=True)
class OfferBreak(UthTournamentCommand):
    """A break of ``seconds`` from ``now`` (16.18)."""

    now: int
    seconds: int


@dataclass(frozen=True, slots=True)
class ClockTick(UthTournamentCommand):
    """The tournament clock reads ``now`` (a timed session may end)."""

    now: int


@dataclass(frozen=True, slots=True)
class BeginRound(UthTournamentCommand):
    """Begin the next round at ``table`` (16.15-16.16)."""

    table: int = 1


@dataclass(frozen=True, slots=True)
class PlaceWager(UthTournamentCommand):
    """``player``'s Ante (the Blind equals it) and Trips for this round; a ``table`` or
    ``box`` given must be the player's own (16.9)."""

    player: str
    ante: int
    trips: int = 0
    table: int | None = None
    box: int | None = None


@dataclass(frozen=True, slots=True)
class AskNext(UthTournamentCommand):
    """The dealer asks the next player at ``table`` (16.17)."""

    table: int = 1


@dataclass(frozen=True, slots=True)
class RecordRound(UthTournamentCommand):
    """The finished round ``played`` at ``table``: each player's result (16.14)."""

    played: UthRound = field(compare=False)
    table: int = 1


@dataclass(frozen=True, slots=True)
class AwardPlaces(UthTournamentCommand):
    """Award the places once the session is over (16.20); ``draw``: the cards level players
    drew (16.3(a)(iii)(E)(c))."""

    draw: Mapping[str, Card] | None = None

    def __post_init__(self) -> None:
        if self.draw is not None:
            object.__setattr__(self, "draw", MappingProxyType(dict(self.draw)))


@dataclass(frozen=True, slots=True)
class CancelTournament(UthTournamentCommand):
    """The operator cancels: everything paid comes back (16.24)."""


__all__ = [
    "AddOn",
    "AddReserve",
    "AskNext",
    "AwardPlaces",
    "BeginRound",
    "BreakTable",
    "CancelTournament",
    "ClockTick",
    "DrawSeats",
    "EnterTournament",
    "ForfeitSeat",
    "OfferBreak",
    "PlaceWager",
    "Rebuy",
    "RecordRound",
    "RefundEntry",
    "SeatReserve",
    "SubstitutePlayer",
    "UthTournamentCommand",
]
