"""A UTH tournament's conditions."""

from __future__ import annotations

from croupier.uth.tournament import (
    SessionEnd,
    TournamentConditions,
)


def conditions(**kw: object) -> TournamentConditions:
    base: dict[str, object] = {
        "entry_fee": 110,
        "commission": 10,
        "starting_chips": 1000,
        "minimum": 25,
        "maximum": 200,
        "session": SessionEnd.ROUNDS,
        "session_limit": 10,
        "prizes": (50, 30, 20),
    }
    return TournamentConditions(**(base | kw))  # type: ignore[arg-type]
