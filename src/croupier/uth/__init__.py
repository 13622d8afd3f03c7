"""Ultimate Texas Hold'em, house-banked (act-uth-2025): pay tables, settlement, Trips edge.

Pure and deterministic: cards in, integer chips out, every outcome citing its clause.
"""

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

__all__ = [
    "ACT_UTH_2025",
    "ANTE_ODDS",
    "BLIND_TABLE",
    "PLAY_ODDS",
    "TRIPS_TABLE",
    "Box",
    "Odds",
    "Outcome",
    "PayLine",
    "PayTable",
    "PayTableError",
    "Payouts",
    "Settlement",
    "Wager",
    "WagerError",
    "WagerResult",
    "dealer_qualifies",
    "settle",
]
