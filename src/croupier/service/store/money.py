"""A served room's money, checked before every commit.

Cash in = chips on the tables + cash out + commission + fees + the UTH tables' chips and banks
+ tournament pools and fees (:meth:`Room.ledger`). :class:`Money` keeps the room's running
ledger (:class:`~croupier.room.balance.Balance`) and the gap its store holds (0 in a sound
store); :meth:`Money.check` refuses a commit that would move the money out of balance.
"""

from __future__ import annotations

import logging

from croupier.room import Ledger, Room
from croupier.room.balance import Balance
from croupier.service.store.store import StoreError

log = logging.getLogger("croupier.service")

#: commits between two comparisons of a room's running ledger with its whole ledger
RECOUNT = 1000


class Unbalanced(StoreError):
    """A commit that would move the room's money out of balance (a fault of the core's):
    nothing of it is written."""


def _gap(ledger: Ledger) -> int:
    """How far the money is out of balance: cash taken in less what accounts for it."""
    return ledger.cash_in - ledger.accounted


class Money:
    """The running ledger of room ``name`` as it is now, and how far its money is out of
    balance (:attr:`gap`). A gap already stored is said once; commits that leave it as it is
    go on (so the room can pay its players out), and the audit says where it came from."""

    def __init__(self, name: str, room: Room) -> None:
        self.name = name
        self.balance = Balance(room)
        self.gap = _gap(self.balance.ledger())
        self._checks = 0  # commits checked since the running ledger was made
        if self.gap:
            log.error(
                "croupier: room %s: its stored money is out of balance by %d: "
                "`croupier audit verify` says where",
                name,
                self.gap,
            )

    def check(self) -> None:
        """What is staged leaves the money as far out of balance as it was, or
        :class:`Unbalanced`. Nothing is refused on the running ledger's word alone, and every
        :data:`RECOUNT` commits it is compared with the whole ledger; one that missed a fold
        is made afresh."""
        self._checks += 1
        if _gap(self.balance.ledger()) == self.gap and self._checks % RECOUNT:
            return
        room = self.balance.room
        ledger = room.ledger()
        if ledger != self.balance.ledger():
            log.error("croupier: room %s: its running ledger missed a fold", self.name)
            self.balance = Balance(room)
        now = _gap(ledger)
        if now != self.gap:
            raise Unbalanced(
                f"room {self.name}: the commit would move the room's money out of balance by "
                f"{now - self.gap} (cash in {ledger.cash_in}, accounted for "
                f"{ledger.accounted}): nothing was written"
            )


__all__ = ["RECOUNT", "Money", "Unbalanced"]
