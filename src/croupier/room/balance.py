"""The room's ledger kept as its events fold, so that its money can be checked after every
command at a cost that does not grow with the room.

:meth:`Room.ledger` sums every table's chips, commission and fees: a few microseconds a table,
too much to ask after each of a day's hundreds of thousands of commands at a room of hundreds
of tables. :class:`Balance` holds those sums and takes again only the parts of the tables
that the events folded since the last look named. It reads the room; it changes nothing.
"""

from __future__ import annotations

from croupier.room import uth_tournaments as ut
from croupier.room.events import RoomEvent
from croupier.room.room import Ledger, Room

#: a cash table's part: chips (locked funds included), commission, fees
_Cash = tuple[int, int, int]
#: a UTH table's part: the players' chips, the house bank's result
_Uth = tuple[int, int]


class Balance:
    """:meth:`Room.ledger` of ``room``, kept up to date by :meth:`fold`."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._cash: dict[str, _Cash] = {}
        self._uth: dict[str, _Uth] = {}
        self._sums = [0, 0, 0, 0, 0]  # chips, commission, fees, UTH chips, UTH house
        self._moved: set[str] = set(room.tables) | set(room.uth)

    def fold(self, e: RoomEvent) -> None:
        """Note the table ``e`` names (after the room folded it): its part is taken again at
        the next :meth:`ledger`."""
        table = getattr(e, "table", None)
        if isinstance(table, str):
            self._moved.add(table)

    def ledger(self) -> Ledger:
        """The room's ledger now: equal to :meth:`Room.ledger`."""
        room, sums = self.room, self._sums
        for name in self._moved:
            t = room.tables.get(name)
            if t is not None:
                new: _Cash = (t.total_chips, t.commission, t.fees)
                old = self._cash.get(name, (0, 0, 0))
                self._cash[name] = new
                for i in range(3):
                    sums[i] += new[i] - old[i]
            u = room.uth.get(name)
            if u is not None:
                part: _Uth = (u.play.player_chips, u.play.bank)
                was = self._uth.get(name, (0, 0))
                self._uth[name] = part
                sums[3] += part[0] - was[0]
                sums[4] += part[1] - was[1]
        self._moved.clear()
        uth_in, uth_out, uth_pools, uth_fees = ut.ledger(room.uth_tournaments)
        runs = room.tournaments.values()
        return Ledger(
            cash_in=room.cash_in + uth_in,
            cash_out=room.cash_out + uth_out,
            chips=sums[0],
            commission=sums[1],
            fees=sums[2],
            uth_chips=sums[3],
            pools=sum(tm.pool for tm in runs) + uth_pools,
            tournament_fees=sum(tm.fees for tm in runs) + uth_fees,
            uth_house=sums[4],
        )


__all__ = ["Balance"]
