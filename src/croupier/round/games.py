"""Game variants: how many hole cards, how hands are formed, and who wins a pot."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from croupier.cards import Deck
from croupier.hands import HandOrder, LowRule
from croupier.hands.evaluate import (
    describe_low_strength,
    describe_strength,
    low_strength,
    omaha_low_strength,
    omaha_strength,
    strength,
)


class Split(Enum):
    HIGH = "high"  # high ball (act-omaha-2017 3.5(b))
    LOW = "low"  # low ball (3.5(b))
    HILO = "hilo"  # high/low split, low qualifying with 8 or better (3.5(c)-(d))


@dataclass(frozen=True)
class Game:
    """A poker variant: hole cards, the hand-forming rule, hand order and split."""

    name: str
    hole_cards: int
    omaha: bool
    order: HandOrder = field(default_factory=HandOrder.standard)
    split: Split = Split.HIGH

    @property
    def deck(self) -> Deck:
        return self.order.deck

    @property
    def low_rule(self) -> LowRule | None:
        if self.split is Split.HIGH:
            return None
        return LowRule(
            qualifier=6 if self.split is Split.HILO else None,
            ace_low=self.order.ace_low,
            deck=self.deck,
        )

    def high(self, hole: Sequence[int], board: Sequence[int]) -> int:
        if self.omaha:
            return omaha_strength(hole, board, self.order)
        return strength((*hole, *board), self.order)

    def low(self, hole: Sequence[int], board: Sequence[int]) -> int:
        rule = self.low_rule
        assert rule is not None
        if self.omaha:
            return omaha_low_strength(hole, board, rule)
        return low_strength((*hole, *board), rule)

    def describe(self, high: int | None, low: int | None) -> str:
        """A shown hand in words, its high and/or low."""
        parts = []
        if high is not None:
            parts.append(describe_strength(high, self.order))
        if low is not None and self.low_rule is not None:
            parts.append(describe_low_strength(low, self.low_rule))
        return "; ".join(parts)

    @classmethod
    def holdem(cls) -> Game:
        """Texas hold'em: two hole cards, best five of seven (qld-holdem-2005 s2 "hand")."""
        return HOLDEM

    @classmethod
    def omaha_game(
        cls, deck: Deck | None = None, split: Split = Split.HIGH, ace_low: bool = True
    ) -> Game:
        """Omaha: four hole cards, exactly two with three board cards (act-omaha-2017 9.1)."""
        d = deck or Deck.standard()
        order = (
            HandOrder.standard()
            if d == Deck.standard() and ace_low
            else HandOrder.for_deck(d, ace_low)
        )
        return cls("omaha", 4, True, order, split)

    @classmethod
    def short_deck(cls, option: str = "A") -> Game:
        """Short-deck hold'em on 36 cards (qld-tournament-2020 4.46)."""
        return cls(f"short-deck-{option.upper()}", 2, False, HandOrder.short_deck(option))


HOLDEM = Game("holdem", 2, False)
