"""The documented conditions of an Ultimate Texas Hold'em tournament (act-uth-2025 16.3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.rules.uth import UthRules


class SessionEnd(StrEnum):
    ROUNDS = "rounds"  # a designated number of rounds of play
    SECONDS = "seconds"  # a set period of time
    PLAYERS = "players"  # until a designated number of players remain


@dataclass(frozen=True)
class Purchase:
    """A re-buy or add-on: its cost in money, the tournament chips it gives, how many each
    player may buy, and the last round after which it is on offer (16.3(a)(iii)(G)-(H), (iv))."""

    cost: int
    chips: int
    per_player: int = 1
    until_round: int | None = None


@dataclass(frozen=True)
class TournamentConditions:
    """The documented conditions of 16.3; money in the smallest unit, chips in tournament chips.

    ``prizes`` are the shares of the pool for 1st, 2nd, ... place (16.3(a)(ix)); ``split_ties``
    chooses, for players level at the end, between combining and dividing the prizes equally
    and a draw of cards (16.3(a)(iii)(E)(c)).
    """

    entry_fee: int
    commission: int
    starting_chips: int
    minimum: int
    maximum: int
    session: SessionEnd
    session_limit: int
    prizes: tuple[int, ...]
    split_ties: bool = True
    rebuy: Purchase | None = None
    addon: Purchase | None = None
    added_value: int = 0
    min_players: int = 2
    max_players: int = 7
    refundable: bool = False
    void_repeated_out_of_order: bool = True
    players_per_table: int | None = None  # boxes at each table (16.9); None: one table
    #: The rulebook the tournament plays under: every clause it cites is this book's.
    rules: UthRules = ACT_UTH_2025_RULES

    def __post_init__(self) -> None:
        money = (self.entry_fee, self.commission, self.added_value, self.starting_chips)
        if any(not isinstance(v, int) or v < 0 for v in money):
            raise ValueError("fees, commission, chips and added value are whole and >= 0")
        if self.commission > self.entry_fee:
            raise ValueError("the tournament commission comes out of the entry fee (16.21)")
        if not 1 <= self.minimum <= self.maximum:
            raise ValueError("the table limits need 1 <= minimum <= maximum (16.3(a)(vii))")
        if self.session_limit < 1 or not self.prizes or min(self.prizes) < 0:
            raise ValueError("a session needs a positive limit and prize shares (16.3)")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError("the player numbers need 1 <= minimum <= maximum (16.3(a)(v))")
        if self.players_per_table is not None and not 1 <= self.players_per_table <= 7:
            raise ValueError("a table has 1 to 7 boxes (1.1) for its players (16.9)")

    @property
    def required(self) -> int:
        """Chips needed to play a round: an Ante of the table minimum and the equal Blind."""
        return 2 * self.minimum
