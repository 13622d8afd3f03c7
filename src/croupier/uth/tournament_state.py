"""The state a UTH tournament's fold keeps: its status and each entrant's record."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

#: The house's float of tournament chips; they cannot be exchanged for money (A).
HOUSE_FLOAT = 10**12


class Status(StrEnum):
    ENTRY = "entry"
    RUNNING = "running"
    WAGERING = "wagering"
    IN_ROUND = "in-round"
    FINISHED = "finished"
    CANCELLED = "cancelled"


IN_PLAY = frozenset({Status.RUNNING, Status.WAGERING, Status.IN_ROUND})


@dataclass
class Entrant:
    chips: int = 0
    paid: int = 0  # money paid in: entry fee, re-buys and add-ons (16.24)
    rebuys: int = 0
    addons: int = 0
    out: bool = False  # eliminated, forfeited, refunded or substituted
    out_at: int = -1  # the rounds played (all tables) before the player was eliminated
    out_chips: int = 0
    warned: bool = False  # advised after wagering out of order (16.16)
    forfeited: bool = False


__all__ = ["HOUSE_FLOAT", "IN_PLAY", "Entrant", "Status"]
