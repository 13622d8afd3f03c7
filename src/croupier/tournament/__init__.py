"""Tournaments: conditions, entries, seating, the clock, chip races, places and prizes."""

from croupier.tournament.chiprace import ChipRaceError, RaceResult, chip_race, new_chips_for
from croupier.tournament.clock import Clock, ClockError, ClockState
from croupier.tournament.conditions import (
    Conditions,
    ConditionsError,
    Level,
    Purchase,
    load_conditions,
    parse_conditions,
)
from croupier.tournament.payouts import Prize, default_shares, schedule, shared_places
from croupier.tournament.tournament import HandPlan, Tournament, TournamentError

__all__ = [
    "ChipRaceError",
    "Clock",
    "ClockError",
    "ClockState",
    "Conditions",
    "ConditionsError",
    "HandPlan",
    "Level",
    "Prize",
    "Purchase",
    "RaceResult",
    "Tournament",
    "TournamentError",
    "chip_race",
    "default_shares",
    "load_conditions",
    "new_chips_for",
    "parse_conditions",
    "schedule",
    "shared_places",
]
