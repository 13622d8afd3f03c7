"""Table stakes: what a player must have to sit, what they may add, and who must leave.

The rulebooks differ:

* qld-holdem-2005: a new player places at least the minimum table stake (s19(2)-(3)); nobody adds
  or removes chips during a round (s19(4)); a continuing player below the minimum permissible
  wager must top up to the minimum table stake or leave (s31(2)-(4)); one below the minimum table
  stake but not the minimum wager may top up (s31(5)-(6)). A player who left during a round with
  a floor manager's approval and rejoins in it keeps the stake they had (s19(5)-(6)).
* act-omaha-2017: at least the minimum table stake to start (4.3), between rounds a top-up brings
  the stake to at least the minimum and at most the maximum buy-in (4.2(a), (i), 4.5), never a
  reduction (4.6); a player below the minimum who does not top up becomes *declared*: they may
  not add chips again, and leave when their stake is lost (14.3).
* dunedin-house: at least the minimum buy-in to start (19); chips added only between hands, never
  removed (22); leaving and returning within 2 hours with fewer chips ("ratholing") is refused:
  the player returns with at least what they left with (23); a player who lost all-in must buy in
  for the minimum before receiving another hand (24).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.rules import Rulebook, Ruling
from croupier.rules.table import ShortStakeRule

#: dunedin-house 23: returning within 2 hours of leaving is at management's discretion.
RATHOLE_SECONDS = 2 * 60 * 60


class StakesError(ValueError):
    """Stakes a table cannot be set up with."""


@dataclass(frozen=True)
class Stakes:
    """A table's chip settings, in chips.

    ``min_bet`` is the minimum permissible wager (the big blind, qld-holdem-2005 s23(2)),
    ``min_table_stake`` the minimum to sit (qld s19(3); act-omaha-2017 4.1, 4.2(a); dunedin-house
    19), ``max_buy_in`` the maximum buy-in (act-omaha-2017 4.2(i); ``None``: no maximum),
    ``max_bet`` the maximum permissible wager for an opening bet (qld s25(4); ``None``: none).
    """

    small_blind: int
    big_blind: int
    min_table_stake: int
    max_buy_in: int | None = None
    ante: int = 0
    max_bet: int | None = None

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "min_table_stake", "ante"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise StakesError(f"{name} must be a whole, non-negative chip count, not {v!r}")
        if self.big_blind < 1:
            raise StakesError("the big blind (minimum permissible wager) must be at least 1 chip")
        if self.small_blind > self.big_blind:
            raise StakesError(
                f"the small blind ({self.small_blind}) exceeds the big blind ({self.big_blind})"
            )
        if self.min_table_stake < self.big_blind:
            raise StakesError(
                f"the minimum table stake ({self.min_table_stake}) is below the minimum "
                f"permissible wager ({self.big_blind})"
            )
        if self.max_buy_in is not None and self.max_buy_in < self.min_table_stake:
            raise StakesError(
                f"the maximum buy-in ({self.max_buy_in}) is below the minimum table stake "
                f"({self.min_table_stake})"
            )

    @property
    def min_bet(self) -> int:
        return self.big_blind

    def check_rulebook(self, rulebook: Rulebook) -> None:
        """qld-holdem-2005 s23(1)-(2): the first blind is half the second (the minimum wager)."""
        if rulebook.table.first_blind_half_second and self.small_blind * 2 != self.big_blind:
            raise StakesError(
                f"the first blind must be half the minimum permissible wager: "
                f"{self.big_blind} / 2, not {self.small_blind} "
                f"({rulebook.table.blind_ratio_clause})"
            )


def buy_in_refusal(
    rulebook: Rulebook, stakes: Stakes, chips: int, rathole_min: int = 0
) -> Ruling | None:
    """Why a player may not sit down with ``chips``, or ``None``.

    ``rathole_min``: the chips the player left this table with less than 2 hours ago
    (dunedin-house 23), 0 if none.
    """
    rules = rulebook.table
    if chips < stakes.min_table_stake:
        return Ruling(
            rules.buy_in_clause,
            f"a new player needs at least the minimum table stake of {stakes.min_table_stake}, "
            f"not {chips}",
        )
    if rules.max_buy_in_enforced and stakes.max_buy_in is not None and chips > stakes.max_buy_in:
        return Ruling(
            rules.max_buy_in_clause,
            f"the maximum buy-in is {stakes.max_buy_in}; {chips} is more",
        )
    if rules.rathole_rule and chips < rathole_min:
        return Ruling(
            rules.rathole_clause,
            f"a player returning within 2 hours must bring back the {rathole_min} chips they "
            f"left with, not {chips}",
        )
    return None


def top_up_refusal(
    rulebook: Rulebook, stakes: Stakes, stack: int, chips: int, declared: bool
) -> Ruling | None:
    """Why a seated player with ``stack`` may not add ``chips`` between rounds, or ``None``."""
    rule = rulebook.table.short_stake_rule
    if chips <= 0:
        return Ruling(
            rulebook.table.reduce_clause,
            f"a player may add chips but never reduce their stake ({chips})",
        )
    if rule is ShortStakeRule.DECLARED_BELOW_MINIMUM:
        if declared:
            return Ruling(
                rulebook.table.declared_player_clause,
                "a declared player may not add to their table stake",
            )
        if stack + chips < stakes.min_table_stake:
            return Ruling(
                rulebook.table.add_clause,
                f"a top-up must bring the stake to at least {stakes.min_table_stake}, "
                f"not {stack + chips}",
            )
        if stakes.max_buy_in is not None and stack + chips > stakes.max_buy_in:
            return Ruling(
                rulebook.table.add_clause,
                f"a top-up may bring the stake to at most the maximum buy-in of "
                f"{stakes.max_buy_in}, not {stack + chips}",
            )
    if (
        rule is ShortStakeRule.TOP_UP_OR_LEAVE
        and stack < stakes.min_bet
        and stack + chips < stakes.min_table_stake
    ):
        return Ruling(
            rulebook.table.rebuy_clause,
            f"a player below the minimum wager must top up to at least the minimum table stake "
            f"of {stakes.min_table_stake}, not {stack + chips}",
        )
    if rule is ShortStakeRule.BUY_IN_AFTER_BUST and stack == 0 and chips < stakes.min_table_stake:
        return Ruling(
            rulebook.table.rebuy_clause,
            f"a player who lost all-in buys in for at least the minimum of "
            f"{stakes.min_table_stake}, not {chips}",
        )
    return None


@dataclass(frozen=True)
class StakeCheck:
    """What a continuing player's stake means for the next round."""

    dealt_in: bool  # may be dealt the next round
    must_leave: bool  # must leave the game now
    declared: bool  # act-omaha-2017 14.3: becomes (or stays) a declared player
    clause: str = ""


def continuing(rulebook: Rulebook, stakes: Stakes, stack: int, declared: bool) -> StakeCheck:
    """Whether a player who took part in the last round may take part in the next with
    ``stack`` (after any top-up they chose)."""
    rules = rulebook.table
    rule = rules.short_stake_rule
    if rule is ShortStakeRule.TOP_UP_OR_LEAVE:
        if stack < stakes.min_bet:
            return StakeCheck(False, True, False, rules.must_leave_clause)
        return _PLAYS
    if rule is ShortStakeRule.DECLARED_BELOW_MINIMUM:
        if stack == 0:
            return StakeCheck(False, declared, declared, rules.declared_player_clause)
        if stack < stakes.min_table_stake or declared:
            return StakeCheck(True, False, True, rules.declared_player_clause)
        return _PLAYS
    if stack == 0:
        return StakeCheck(False, False, False, rules.rebuy_clause)
    return _PLAYS


# The answer continuing gives most often, made once (it runs for every player before every round).
_PLAYS = StakeCheck(True, False, False)
