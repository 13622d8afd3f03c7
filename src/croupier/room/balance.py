"""The room's ledger kept as its events fold, so that its money can be checked after every
command at a cost that does not grow with the room.

:meth:`Room.ledger` sums every table's and every tournament's part: a few microseconds each,
too much to ask after each of a day's hundreds of thousands of commands at a room of hundreds
of tables and a history of tournaments. :class:`Balance` holds those sums and takes again only
the parts of the tables and tournaments that the events folded since the last look named (by
their ``table`` or ``tournament``). It reads the room; it changes nothing.
"""

from __future__ import annotations

from croupier.room.events import RoomEvent
from croupier.room.room import Ledger, Room

#: one name's part of the ledger, in :class:`Ledger`'s order: cash in and out (a UTH
#: tournament's), chips, commission, fees, UTH chips, pools, tournament fees, UTH house
_Part = tuple[int, int, int, int, int, int, int, int, int]
_NONE: _Part = (0, 0, 0, 0, 0, 0, 0, 0, 0)


def _part(room: Room, name: str) -> _Part:
    """What the table, UTH table, tournament or UTH tournament called ``name`` holds."""
    t, u = room.tables.get(name), room.uth.get(name)
    tm, a = room.tournaments.get(name), room.uth_tournaments.get(name)
    return (
        a.cash_in if a else 0,
        a.cash_out if a else 0,
        t.total_chips if t else 0,
        t.commission if t else 0,
        t.fees if t else 0,
        u.play.player_chips if u else 0,
        (tm.pool if tm else 0) + (a.pool if a else 0),
        (tm.fees if tm else 0) + (a.commission if a else 0),
        u.play.bank if u else 0,
    )


class Balance:
    """:meth:`Room.ledger` of ``room``, kept up to date by :meth:`fold`."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._parts: dict[str, _Part] = {}
        self._sums = list(_NONE)
        self._moved: set[str] = {
            *room.tables,
            *room.uth,
            *room.tournaments,
            *room.uth_tournaments,
        }

    def fold(self, e: RoomEvent) -> None:
        """Note the table or tournament ``e`` names (after the room folded it): its part is
        taken again at the next :meth:`ledger`."""
        for attr in ("table", "tournament"):
            name = getattr(e, attr, None)
            if isinstance(name, str):
                self._moved.add(name)

    def ledger(self) -> Ledger:
        """The room's ledger now: equal to :meth:`Room.ledger`."""
        room, sums = self.room, self._sums
        for name in self._moved:
            new, old = _part(room, name), self._parts.get(name, _NONE)
            if new != old:
                self._parts[name] = new
                for i in range(len(sums)):
                    sums[i] += new[i] - old[i]
        self._moved.clear()
        return Ledger(
            cash_in=room.cash_in + sums[0],
            cash_out=room.cash_out + sums[1],
            chips=sums[2],
            commission=sums[3],
            fees=sums[4],
            uth_chips=sums[5],
            pools=sums[6],
            tournament_fees=sums[7],
            uth_house=sums[8],
        )


__all__ = ["Balance"]
