"""The state of a UTH round that its planners share: the phases, the shoe and each box.

Kept apart from :mod:`croupier.uth.game` so the irregularities' rulings
(:mod:`croupier.uth.irregularities`) read it without importing the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from croupier.cards import Card
from croupier.uth.events import BoxSettled


class ShoeKind(StrEnum):
    AUTOMATED = "automated"  # 7.2: an automated shuffling shoe, two cards at a time
    CARD_SHOE = "card-shoe"  # 7.3: a card shoe, one card at a time


class Phase(IntEnum):
    WAGERS = 0
    DEALING = 1
    PREFLOP = 2
    FLOP = 3
    RIVER = 4
    SETTLEMENT = 5
    OVER = 6


DECISION_PHASES = (Phase.PREFLOP, Phase.FLOP, Phase.RIVER)


@dataclass
class BoxState:
    player: str
    ante: int
    blind: int
    trips: int
    play: int = 0
    multiple: int = 0
    folded: bool = False
    checked_in: Phase | None = None  # the last betting round the box checked in
    hole: list[Card] = field(default_factory=list)
    settled: BoxSettled | None = None
    void: bool = False

    @property
    def stakes(self) -> int:
        return self.ante + self.blind + self.trips + self.play

    @property
    def continuing(self) -> bool:
        """Still to be settled against the dealer (9.3)."""
        return not (self.folded or self.void or self.settled)


__all__ = ["DECISION_PHASES", "BoxState", "Phase", "ShoeKind"]
