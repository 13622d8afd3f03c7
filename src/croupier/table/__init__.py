"""The table: many rounds of play at one table, players coming and going."""

from croupier.table.button import (
    MAX_SEATS,
    Blind,
    Buttons,
    Deal,
    DealtOut,
    Missed,
    Placement,
    Post,
    Seat,
    Seating,
    SeatingError,
    Status,
    advance,
    next_deal,
)

__all__ = [
    "MAX_SEATS",
    "Blind",
    "Buttons",
    "Deal",
    "DealtOut",
    "Missed",
    "Placement",
    "Post",
    "Seat",
    "Seating",
    "SeatingError",
    "Status",
    "advance",
    "next_deal",
]
