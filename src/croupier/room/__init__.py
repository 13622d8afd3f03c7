"""The card room: cash tables, UTH tables and tournaments, waiting lists, the board, the cage.

Pure core like the rest: no I/O, no clock, no randomness; commands through ``why_illegal`` and
``apply``; state the fold of events (:meth:`Room.from_events`).
"""

from croupier.room.commands import (
    AtTable,
    BuyIn,
    CashOut,
    CloseTable,
    EnterTournament,
    JoinList,
    LeaveList,
    OpenTable,
    OpenTournament,
    OpenUthTable,
    PayPrize,
    RequestSeatChange,
    RoomCommand,
    TakeSeat,
    Tick,
    UthBuyIn,
    UthCashOut,
)
from croupier.room.events import RoomEvent, TournamentTerms
from croupier.room.room import CAGE, CALL_SECONDS, ROOM, BoardRow, Ledger, Room, list_key, uth_key
from croupier.room.uth_tables import AtUth, AtUthEvent

__all__ = [
    "CAGE",
    "CALL_SECONDS",
    "ROOM",
    "AtTable",
    "AtUth",
    "AtUthEvent",
    "BoardRow",
    "BuyIn",
    "CashOut",
    "CloseTable",
    "EnterTournament",
    "JoinList",
    "LeaveList",
    "Ledger",
    "OpenTable",
    "OpenTournament",
    "OpenUthTable",
    "PayPrize",
    "RequestSeatChange",
    "Room",
    "RoomCommand",
    "RoomEvent",
    "TakeSeat",
    "Tick",
    "TournamentTerms",
    "UthBuyIn",
    "UthCashOut",
    "list_key",
    "uth_key",
]
