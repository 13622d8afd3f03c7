"""A table's configuration: rulebook, game, betting structure, stakes, commission, seats."""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.round import ConfigError, Game, RoundConfig, Structure
from croupier.round.games import HOLDEM
from croupier.rules import Rulebook
from croupier.rules.commission import Commission, citing
from croupier.table.button import MAX_SEATS
from croupier.table.stakes import Stakes


@dataclass(frozen=True)
class TableConfig:
    """A table's game: rulebook, game, betting structure, stakes, commission or fee, seats.

    ``action_seconds``: act-omaha-2017 4.8(a): the time every player has to act, announced
    before the rounds (``None``: no action timer). ``time_charge``: act-omaha-2017 15.3:
    commission on a time basis instead of from the pots, as ``(chips, seconds)``: each player
    dealt in pays ``chips`` in advance for every ``seconds`` of play, not refunded.
    ``grace_seconds``: how long a player whose connection dropped keeps the seat before the
    rulebook's rules for an absent player apply (:mod:`croupier.table.absence`).
    ``ask_showdown``: croupier's rounds ask each player who need not show whether to show or
    muck (RoundConfig.ask_showdown), all-in hands tabled under the rulebook's
    ``all_in_showdown_clause``; otherwise croupier shows or mucks for them.
    """

    rulebook: Rulebook
    stakes: Stakes
    game: Game = HOLDEM
    structure: Structure = field(default_factory=Structure.no_limit)
    commission: Commission | None = None
    fee: int = 0
    size: int = MAX_SEATS
    burn: bool = True
    chip_unit: int = 1
    action_seconds: int | None = None
    time_charge: tuple[int, int] | None = None
    grace_seconds: int = 60
    ask_showdown: bool = False

    def __post_init__(self) -> None:
        if self.commission is not None:
            # a schedule that names no clause cites the table's rulebook's
            cited = citing(self.commission, self.rulebook.table.commission_clause)
            object.__setattr__(self, "commission", cited)
        self.stakes.check_rulebook(self.rulebook)
        most = min(self.rulebook.table.max_seats, MAX_SEATS)
        if (
            isinstance(self.size, bool)
            or not isinstance(self.size, int)
            or not 2 <= self.size <= most
        ):
            clause = self.rulebook.table.seats_clause or f"{self.rulebook.id} (house default)"
            raise ConfigError(f"seats: a table has 2 to {most} seats, not {self.size} ({clause})")
        if self.action_seconds is not None and self.action_seconds < 1:
            raise ConfigError("the action timer must give at least one second")
        if isinstance(self.grace_seconds, bool) or not (
            isinstance(self.grace_seconds, int) and self.grace_seconds >= 0
        ):
            raise ConfigError("the grace period is a whole number of seconds, 0 or more")
        if self.time_charge is not None:
            if not self.rulebook.table.time_charge_allowed:
                raise ConfigError(f"{self.rulebook.id} has no commission on a time basis")
            if self.commission is not None or self.fee:
                raise ConfigError(
                    "commission is payable from the pots or on a time basis, not both "
                    f"({self.rulebook.table.time_charge_clause})"
                )
            chips, seconds = self.time_charge
            if chips < 1 or seconds < 1:
                raise ConfigError("a time charge needs a positive amount and period")
        # The round configuration refuses what the rulebook forbids; try one now.
        RoundConfig(
            stacks=(self.stakes.min_table_stake,) * 2,
            blinds=(self.stakes.small_blind, self.stakes.big_blind),
            min_bet=self.stakes.big_blind,
            rulebook=self.rulebook,
            game=self.game,
            structure=self.structure,
            max_bet=self.stakes.max_bet,
            commission=self.commission,
            fee=self.fee,
            chip_unit=self.chip_unit,
            burn=self.burn,
        )
