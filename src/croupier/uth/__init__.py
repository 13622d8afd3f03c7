"""Ultimate Texas Hold'em, house-banked (act-uth-2025): pay tables, settlement, Trips edge,
the round of play (wagers, deal, decisions, settlement, irregularities), the table over many
rounds, and tournaments.

Pure and deterministic: cards in, integer chips out, every outcome citing its clause.
"""

from croupier.uth.game import (
    Phase,
    ShoeKind,
    TableState,
    UthConfig,
    UthRound,
    deal_order,
)
from croupier.uth.limits import Counted, LimitsError, TableLimits, counted_stake
from croupier.uth.paytables import (
    ACT_UTH_2025,
    ANTE_ODDS,
    BLIND_TABLE,
    PLAY_ODDS,
    TRIPS_TABLE,
    Odds,
    PayLine,
    Payouts,
    PayTable,
    PayTableError,
)
from croupier.uth.settle import (
    Box,
    Outcome,
    Settlement,
    Wager,
    WagerError,
    WagerResult,
    dealer_qualifies,
    settle,
)
from croupier.uth.table import UthTable
from croupier.uth.tournament import (
    Purchase,
    SessionEnd,
    TournamentConditions,
    UthTournament,
)

__all__ = [
    "ACT_UTH_2025",
    "ANTE_ODDS",
    "BLIND_TABLE",
    "PLAY_ODDS",
    "TRIPS_TABLE",
    "Box",
    "Counted",
    "LimitsError",
    "Odds",
    "Outcome",
    "PayLine",
    "PayTable",
    "PayTableError",
    "Payouts",
    "Phase",
    "Purchase",
    "SessionEnd",
    "Settlement",
    "ShoeKind",
    "TableLimits",
    "TableState",
    "TournamentConditions",
    "UthConfig",
    "UthRound",
    "UthTable",
    "UthTournament",
    "Wager",
    "WagerError",
    "WagerResult",
    "counted_stake",
    "deal_order",
    "dealer_qualifies",
    "settle",
]
