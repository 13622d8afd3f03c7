"""Betting structures: how much a bet or raise may be, per betting round."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Limit(Enum):
    NO_LIMIT = "no-limit"  # dunedin-house 39; act-omaha-2017 "No Limit"
    FULL_POT = "full-pot"  # qld-holdem-2005 s28(5); act-omaha-2017 4.2(g); dunedin-house 36
    HALF_POT = "half-pot"  # qld-holdem-2005 s28(6); act-omaha-2017 4.2(g)
    STRADDLE = "straddle"  # qld-holdem-2005 s28(7)
    FIXED = "fixed"  # qld-holdem-2005 s28(8) structured; dunedin glossary "Fixed Limit"


@dataclass(frozen=True)
class Structure:
    """The limit of each of the four betting rounds, fixed-limit amounts, and the raise cap.

    ``small_bet``/``big_bet``: the fixed bet and raise of rounds 1-2 and 3-4 (qld-holdem-2005
    s28(8): the minimum and maximum permissible wagers). ``max_raises`` caps raises per
    betting round (qld-holdem-2005 s9(2), dunedin-house 39); ``uncapped_heads_up`` lifts it
    when only two players remain (dunedin-house 39).
    """

    limits: tuple[Limit, Limit, Limit, Limit]
    small_bet: int = 0
    big_bet: int = 0
    max_raises: int | None = None
    uncapped_heads_up: bool = False

    @classmethod
    def no_limit(cls) -> Structure:
        return cls((Limit.NO_LIMIT,) * 4)

    @classmethod
    def pot_limit(cls, half: bool = False) -> Structure:
        return cls(((Limit.HALF_POT if half else Limit.FULL_POT),) * 4)

    @classmethod
    def fixed_limit(
        cls,
        small_bet: int,
        big_bet: int,
        max_raises: int | None = 3,
        uncapped_heads_up: bool = True,
    ) -> Structure:
        """Structured betting; three raises unless heads-up by default (dunedin-house 39)."""
        return cls((Limit.FIXED,) * 4, small_bet, big_bet, max_raises, uncapped_heads_up)

    @classmethod
    def straddle(cls) -> Structure:
        return cls((Limit.STRADDLE,) * 4)

    @classmethod
    def combination(cls, middle: Limit, final: Limit) -> Structure:
        """qld-holdem-2005 s28(10)-(11): straddle first, the table's betting in rounds 2-3,
        full or half pot in the final round."""
        if final not in (Limit.FULL_POT, Limit.HALF_POT):
            raise ValueError("combination betting ends with full or half pot (s28(11)(c))")
        return cls((Limit.STRADDLE, middle, middle, final))

    def fixed_amount(self, street: int) -> int:
        return self.small_bet if street < 2 else self.big_bet

    @property
    def name(self) -> str:
        kinds = {lim.value for lim in self.limits}
        return kinds.pop() if len(kinds) == 1 else "combination"
