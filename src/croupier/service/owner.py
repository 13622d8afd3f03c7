"""The owner of a room's streams: one at a time, commit, then reply and broadcast.

A :class:`RoomStore` commits a room's command to the room's, the cage's and its tables'
streams in one transaction (the room's money is conserved across them), so the room is the
unit of ownership: :class:`RoomOwner` holds an asyncio lock per room, runs the command in a
worker thread (the event loop goes on serving websockets) and only after the commit publishes
each table's new events, numbered by their sequence numbers in the table's stream, to that
table's subscribers (:class:`Hub`). A subscriber that falls too far behind is marked lagging
and is sent a snapshot of its view instead.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from croupier.cards import Card
from croupier.room import RoomCommand, RoomEvent
from croupier.room.events import AtTableEvent
from croupier.service.store import codec
from croupier.service.store.rooms import RoomStore, sealed_stream, table_stream
from croupier.service.store.schema import events as events_table
from croupier.table.events import RoundStarted, TableEvent
from croupier.views import Viewer, project_table_events

#: Events a subscriber may have waiting before it is sent a snapshot instead.
MAX_QUEUE = 10_000


class Subscriber:
    """One websocket's queue of ``(seq, event)`` for one stream."""

    def __init__(self, limit: int = MAX_QUEUE) -> None:
        self.items: deque[tuple[int, Any]] = deque()
        self.limit = limit
        self.lagged = False
        self.ready = asyncio.Event()

    def put(self, item: tuple[int, Any]) -> None:
        if len(self.items) >= self.limit:
            self.items.clear()
            self.lagged = True
        else:
            self.items.append(item)
        self.ready.set()

    async def wait(self) -> None:
        await self.ready.wait()
        self.ready.clear()


class Hub:
    """Subscribers by stream."""

    def __init__(self) -> None:
        self.subs: dict[str, set[Subscriber]] = {}

    def subscribe(self, stream: str, limit: int = MAX_QUEUE) -> Subscriber:
        sub = Subscriber(limit)
        self.subs.setdefault(stream, set()).add(sub)
        return sub

    def unsubscribe(self, stream: str, sub: Subscriber) -> None:
        self.subs.get(stream, set()).discard(sub)

    def publish(self, stream: str, items: Sequence[tuple[int, Any]]) -> None:
        for sub in self.subs.get(stream, ()):
            for item in items:
                sub.put(item)


def table_items(
    room: str, before: dict[str, int], events: Sequence[RoomEvent]
) -> dict[str, list[tuple[int, TableEvent]]]:
    """Each table stream's new events with the sequence numbers the commit gave them."""
    out: dict[str, list[tuple[int, TableEvent]]] = {}
    for e in events:
        if isinstance(e, AtTableEvent):
            stream = table_stream(room, e.table)
            got = out.setdefault(stream, [])
            got.append((before.get(stream, 0) + len(got) + 1, e.event))
    return out


class RoomOwner:
    """Serialises one room's commands (see the module's docstring)."""

    def __init__(self, rooms: RoomStore, hub: Hub) -> None:
        self.rooms = rooms
        self.hub = hub
        self.lock = asyncio.Lock()

    async def execute(
        self, cmd: RoomCommand, who: str, when: str, also: Sequence[tuple[str, str, object]]
    ) -> tuple[list[RoomEvent], dict[str, int]]:
        """Apply and commit ``cmd`` (the caller holds :attr:`lock`); then broadcast. The
        events and the heads of the streams they went to."""
        before = dict(self.rooms.heads)
        events = await asyncio.to_thread(self.rooms.execute, cmd, who, when, also)
        heads = {k: v for k, v in self.rooms.heads.items() if v != before.get(k)}
        for stream, items in table_items(self.rooms.name, before, events).items():
            self.hub.publish(stream, items)
        return events, heads


@dataclass(frozen=True, slots=True)
class DeckSealed:
    """The shuffled deck a round at ``table`` is dealt from, with the salt of its published
    commitment: kept by the dealer side in the sealed stream, never sent to a client."""

    table: str
    commitment: str
    order: tuple[Card, ...]
    salt: bytes


def resume(rooms: RoomStore) -> list[str]:
    """Give each table rebuilt with a round in progress dealt by croupier the deck it was
    dealt from (:meth:`Table.hold_deck`); the tables resumed."""
    sealed: dict[str, DeckSealed] = {}
    stream = sealed_stream(rooms.name)
    if any(s.id == stream for s in rooms.store.streams("sealed")):
        for e in rooms.store.load(stream):
            if isinstance(e, DeckSealed):
                sealed[e.commitment] = e
    resumed = []
    for name, t in rooms.room.tables.items():
        r = t.round
        if r is None or r.is_over or not r.config.automatic:
            continue
        ts = table_stream(rooms.name, name)
        start = last_start(rooms, ts, rooms.heads.get(ts, 0))
        started = rooms.store.read(ts, start - 1, start)[0].event() if start else None
        deck = sealed.get(getattr(started, "commitment", ""))
        if deck is not None:
            t.hold_deck(deck.order)
            resumed.append(name)
    return resumed


def last_start(rooms: RoomStore, stream: str, upto: int) -> int:
    """The sequence number of the last round start in ``stream`` at or before ``upto`` (0:
    none): a recipient's projection needs the players of the round in progress."""
    name = codec.type_name(RoundStarted)
    q = sa.select(sa.func.max(events_table.c.seq)).where(
        events_table.c.stream_id == stream,
        events_table.c.type == name,
        events_table.c.seq <= upto,
    )
    with rooms.store.engine.connect() as conn:
        found = conn.execute(q).scalar()
    return int(found or 0)


class Projector:
    """One recipient's projection of a table's events, one at a time, keeping the round
    start in effect (its players give the positions)."""

    def __init__(self, who: str | Viewer) -> None:
        self.who = who
        self.started: RoundStarted | None = None

    def __call__(self, e: TableEvent) -> TableEvent:
        if isinstance(e, RoundStarted):
            self.started = e
        if self.started is None or e is self.started:
            return project_table_events([e], self.who)[0]
        return project_table_events([self.started, e], self.who)[1]
