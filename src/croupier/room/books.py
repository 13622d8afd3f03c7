"""The room's read models: what the staff's screens read, folded one event at a time as the
events commit (:meth:`RoomBooks.add`) instead of scanning the room's history on each request.

* :class:`DayBook` (:mod:`croupier.room.daybook`): the day reports;
* :class:`ListBook`: when each player now waiting joined their list, and when players were
  seated from each list (the estimated waits);
* :class:`TopUpBook`: how each player's last top-up requests were answered.

The board, the waiting lists themselves and the cage's totals are the room's own state
(:meth:`Room.board`, :attr:`Room.lists`, :meth:`Room.ledger`), folded the same way. Each book
is a pure fold: ``RoomBooks.of(events)`` over a room's events in commit order equals the books
kept event by event.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from croupier.room.daybook import DayBook, DayState
from croupier.room.events import (
    AtTableEvent,
    BoughtIn,
    CallLapsed,
    ListJoined,
    ListLeft,
    RoomEvent,
)
from croupier.room.topups import TopUpDeclined, TopUpRequested


@dataclass
class ListBook:
    """``joined``: (game, stakes, player) -> when each player on a list joined it;
    ``seatings``: (game, stakes) -> when players were seated from that list, in commit order."""

    joined: dict[tuple[str, str, str], int] = field(default_factory=dict)
    seatings: dict[tuple[str, str], list[int]] = field(default_factory=dict)

    def add(self, e: RoomEvent) -> None:
        if isinstance(e, ListJoined):
            self.joined[(e.game, e.stakes, e.player)] = e.at
        elif isinstance(e, ListLeft):
            self.joined.pop((e.game, e.stakes, e.player), None)
            if e.reason.startswith("seated"):
                self.seatings.setdefault((e.game, e.stakes), []).append(e.at)
        elif isinstance(e, CallLapsed):  # off the list too
            self.joined.pop((e.game, e.stakes, e.player), None)

    def seated_since(self, since: int) -> dict[tuple[str, str], list[int]]:
        """When players of each list were seated from it, at or after ``since``."""
        out = {k: [t for t in times if t >= since] for k, times in self.seatings.items()}
        return {k: v for k, v in out.items() if v}


@dataclass
class TopUpBook:
    """Each player's top-up requests: those not answered yet and the answers (by table, in the
    order answered)."""

    asked: dict[tuple[str, str], TopUpRequested] = field(default_factory=dict)
    answered: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def add(self, e: RoomEvent) -> None:
        if not isinstance(e, TopUpRequested | TopUpDeclined | BoughtIn):
            return
        key = (e.table, e.player)
        mine = self.answered.setdefault(e.player, {})
        if isinstance(e, TopUpRequested):
            self.asked[key] = e
            mine.pop(e.table, None)
        elif key in self.asked:
            del self.asked[key]
            if isinstance(e, TopUpDeclined):
                mine[e.table] = {"table": e.table, "declined": e.reason, "at": e.at}
            else:
                mine[e.table] = {"table": e.table, "topped_up": e.cash, "at": e.at}
        if not mine:
            del self.answered[e.player]

    def answers(self, player: str) -> list[dict[str, Any]]:
        """How ``player``'s last top-up requests were answered (one per table)."""
        return [dict(a) for a in self.answered.get(player, {}).values()]


@dataclass(frozen=True, slots=True)
class BooksState:
    """The room's books as data (for a room's image)."""

    day: DayState
    lists: ListBook
    topups: TopUpBook


class RoomBooks:
    """The room's read models together (see the module's docstring)."""

    def __init__(self) -> None:
        self.day = DayBook()
        self.lists = ListBook()
        self.topups = TopUpBook()

    @classmethod
    def of(cls, events: Iterable[RoomEvent]) -> RoomBooks:
        books = cls()
        books.extend(events)
        return books

    def state(self) -> BooksState:
        """The books as data (shared with them: encode it before they move on)."""
        return BooksState(self.day.state(), self.lists, self.topups)

    @classmethod
    def restored(cls, s: BooksState) -> RoomBooks:
        books = cls()
        books.day = DayBook.restored(s.day)
        books.lists = ListBook(
            dict(s.lists.joined), {k: list(v) for k, v in s.lists.seatings.items()}
        )
        answered = {p: dict(a) for p, a in s.topups.answered.items()}
        books.topups = TopUpBook(dict(s.topups.asked), answered)
        return books

    def add(self, e: RoomEvent) -> None:
        self.day.add(e)
        if type(e) is not AtTableEvent:  # a table's own events: only the day report's
            self.lists.add(e)
            self.topups.add(e)

    def extend(self, events: Iterable[RoomEvent]) -> None:
        for e in events:
            self.add(e)
