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
    omaha_hilo_strength,
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
        rule = _low_rule(self)
        if rule is None:
            raise ValueError(f"{self.name} has no low half")
        if self.omaha:
            return omaha_low_strength(hole, board, rule)
        return low_strength((*hole, *board), rule)

    def values(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, int]:
        """A shown hand's (high, low) strengths, -1 where the game has no such half."""
        if self.split is Split.HIGH:
            return self.high(hole, board), -1
        if self.split is Split.HILO and self.omaha:
            rule = _low_rule(self)
            assert rule is not None  # a hi/lo game always has a low rule
            return omaha_hilo_strength(hole, board, rule, self.order)
        return (-1 if self.split is Split.LOW else self.high(hole, board)), self.low(hole, board)

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

# Each game's low rule, by the game's identity: building or hashing one per shown hand costs
# more than evaluating it. Bounded: games are few and long-lived.
_LOW_RULES: dict[int, tuple[Game, LowRule | None]] = {}


def _low_rule(game: Game) -> LowRule | None:
    e = _LOW_RULES.get(id(game))
    if e is not None and e[0] is game:
        return e[1]
    rule = game.low_rule
    if len(_LOW_RULES) < 256:
        _LOW_RULES[id(game)] = (game, rule)
    return rule
