"""A tournament from registration to the final payout, as a fold of its events.

:class:`Tournament` takes the operator's, the floor's and the players' commands (register,
start, re-buy, penalise, ...). Each command is checked first: a refused one raises
:class:`TournamentError` carrying a :class:`~croupier.round.Ruling` that cites its clause, and
changes nothing. An accepted one appends events, and their handlers are the only code that
changes state, so :meth:`Tournament.from_events` rebuilds a tournament from its event list.

The class is layered, each layer a module: ``state`` (the fold and the queries), ``places``
(places and prizes), ``entry`` (entries, purchases, flights), ``hands`` (planning and recording
rounds of play), ``floor`` (tables, colour-ups, absences, penalties), and here the clock.

The hands themselves are ordinary rounds: :meth:`Tournament.plan_hand` gives the round's
configuration (who sits where, the blinds and antes of the current level, whose hands are dead)
and :meth:`Tournament.record` takes the finished rounds back.

Randomness (the seat draws) and cards (button draws, chip races) are inputs, and time is fed in
by :meth:`Tournament.tick`.
"""

from __future__ import annotations

from croupier.tournament import events as ev
from croupier.tournament.bracket import Bracket
from croupier.tournament.hands import HandPlan
from croupier.tournament.state import (
    ALTERNATE,
    BUSTED,
    CANCELLED,
    DISQUALIFIED,
    FORFEITED,
    OUT,
    PLAYING,
    PROVISIONAL,
    REGISTERED,
    Entrant,
    Table,
    TournamentError,
    refuse,
)

__all__ = [
    "ALTERNATE",
    "BUSTED",
    "CANCELLED",
    "DISQUALIFIED",
    "FORFEITED",
    "OUT",
    "PLAYING",
    "PROVISIONAL",
    "REGISTERED",
    "Entrant",
    "HandPlan",
    "Table",
    "Tournament",
    "TournamentError",
]


class Tournament(Bracket):
    """One tournament under its :class:`Conditions`: every command of the floor, the players and
    the operator, each refused with a ruling citing its clause or applied as events."""

    # ------------------------------------------------------------------------------------
    # The clock

    def tick(self, seconds: int) -> list[ev.TEvent]:
        if seconds < 0:
            raise refuse("qld-tournament-2020 4.21", "time does not run backwards")
        return self._emit_all([ev.ClockTicked(seconds)]) if seconds else []

    def pause(self, paused: bool = True) -> list[ev.TEvent]:
        if paused == self.clock.paused:
            raise refuse(
                "act-omaha-2017 20.16", f"the clock is already {'paused' if paused else 'running'}"
            )
        return self._emit_all([ev.ClockPaused(paused, "act-omaha-2017 20.16")])

    def adjust(self, seconds: int) -> list[ev.TEvent]:
        if self.clock.elapsed + seconds < 0:
            raise refuse("act-omaha-2017 20.17", "the clock cannot go back before the start")
        return self._emit_all([ev.ClockAdjusted(seconds, "act-omaha-2017 20.17")])
