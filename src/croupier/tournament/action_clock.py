"""The clock on a player: "time" called on a player slow to act.

qld-tournament-2020 4.26-4.28: an entrant may ask to put the clock on another; the director
calls "time" (also of their own motion, 4.28) and the player has one minute to act, or their
hand is dead and their wagers stay in the pot. dunedin-house 90: the time limit of the
tournament schedule, then a 10-second countdown, then the hand is declared dead; 91: a player
found deliberately slow more than once may be given at most 10 seconds for every later hand.

Time is an input: every call takes the current time in seconds (any monotonic source).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from croupier.round import Fold, Round
from croupier.rules import Ruling
from croupier.rules.tournament import find_tournament_rules

COUNTDOWN = 10  # dunedin-house 90
SLOW_LIMIT = 10  # dunedin-house 91


class ActionClockError(ValueError):
    """A clock request that cannot be granted."""

    def __init__(self, ruling: Ruling) -> None:
        super().__init__(str(ruling))
        self.ruling = ruling


@dataclass(frozen=True)
class ActionClock:
    """The clock on one player's decision: called at ``called_at`` with ``limit`` seconds."""

    player: int
    called_at: int
    limit: int
    clause: str

    @property
    def deadline(self) -> int:
        return self.called_at + self.limit

    def expired(self, now: int) -> bool:
        return now > self.deadline

    def ruling(self, now: int) -> Ruling | None:
        """The dead-hand ruling once the time is up, or None while the player may act."""
        if not self.expired(now):
            return None
        return Ruling(self.clause, f"time expired: player {self.player}'s hand is dead")

    def enforce(self, r: Round, now: int) -> Fold | None:
        """The fold that kills the hand when time has run out and the player is still to act;
        the wagers already made stay in the pot (qld-tournament-2020 4.26)."""
        if r.actor == self.player and self.expired(now):
            return Fold(self.player)
        return None


@dataclass(frozen=True)
class ClockPolicy:
    """How a tournament runs the clock on players (its rules and schedule)."""

    rules: str
    schedule_seconds: int = 60  # dunedin-house 90: "according to the Tournament Schedule"
    slow_players: frozenset[str] = frozenset()  # dunedin-house 91
    warnings: tuple[tuple[str, int], ...] = ()  # (player, times found deliberately slow)

    def call_time(
        self, r: Round, player_id: str, now: int, requested: bool = True, reasonable: bool = True
    ) -> ActionClock:
        """Put the clock on the player to act in ``r`` (``player_id`` is who they are)."""
        p = r.actor
        if p is None:
            raise ActionClockError(Ruling(self._clause(), "no player is to act"))
        if requested and not reasonable:
            raise ActionClockError(Ruling(self._clause(), "the request is not reasonable yet"))
        book = find_tournament_rules(self.rules)
        if book.clock_countdown:  # the schedule's time, then a countdown
            limit = self.schedule_seconds + book.clock_countdown
            if player_id in self.slow_players and book.slow_player_limit is not None:
                limit = book.slow_player_limit
            return ActionClock(p, now, limit, book.clock_requested_clause)
        clause = book.clock_requested_clause if requested else book.clock_called_clause
        return ActionClock(p, now, 60, clause)

    def found_slow(self, player_id: str) -> ClockPolicy:
        """The director finds ``player_id`` deliberately slow again (dunedin-house 91): from the
        second time, they have at most 10 seconds to act on every later hand."""
        counts = dict(self.warnings)
        counts[player_id] = counts.get(player_id, 0) + 1
        slow = self.slow_players | ({player_id} if counts[player_id] > 1 else set())
        return replace(self, slow_players=frozenset(slow), warnings=tuple(sorted(counts.items())))

    def start_of_hand(self, player_id: str, seat: int, now: int) -> ActionClock | None:
        """A player on the 10-second limit has it on every decision (dunedin-house 91)."""
        if player_id in self.slow_players:
            return ActionClock(seat, now, SLOW_LIMIT, find_tournament_rules(self.rules).slow_clause)
        return None

    def _clause(self) -> str:
        return find_tournament_rules(self.rules).clock_requested_clause
