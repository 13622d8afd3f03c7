"""A room in the store: its own stream, the cage's stream and one stream per cash table.

:meth:`RoomStore.execute` applies a command to the room and commits its events in one
transaction, split by stream; only then is the command accepted. A table's stream holds the
table's own events and folds alone (``Table.from_events``); the room is rebuilt by merging its
streams in commit order. Every ``snapshot_every`` events a stream also stores a snapshot of its
projection (a cache: the audit checks it against the fold).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from croupier.room import Room, RoomCommand, RoomEvent, list_key
from croupier.room.events import (
    AtTableEvent,
    BoughtIn,
    CashedOut,
    CashTableOpened,
    PrizePaid,
    TableShut,
    TournamentEntered,
    TournamentOpened,
    UthTableOpened,
)
from croupier.service.store.kinds import table_projection
from croupier.service.store.significant import STREAM as SIGNIFICANT
from croupier.service.store.significant import Significant, What
from croupier.service.store.store import EventStore, Stored, StoreError, Writer

CAGE_EVENTS = (BoughtIn, CashedOut, TournamentEntered, PrizePaid)
CONFIG_EVENTS = (CashTableOpened, UthTableOpened, TournamentOpened, TableShut)


def _describe(e: RoomEvent) -> str:
    if isinstance(e, CashTableOpened):
        game, stakes = list_key(e.config)
        return f"cash table {e.table} opened: {e.config.rulebook.id}, {game}, {stakes}"
    if isinstance(e, UthTableOpened):
        return f"UTH table {e.table} opened: {e.config}"
    if isinstance(e, TournamentOpened):
        return f"tournament {e.tournament} opened: {e.terms}"
    return f"{type(e).__name__}: {e}"


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


@dataclass(frozen=True, slots=True)
class RoomSettings:
    """A room stream's configuration."""

    room: str
    call_seconds: int


def room_stream(room: str) -> str:
    return f"room:{room}"


def cage_stream(room: str) -> str:
    return f"cage:{room}"


def table_stream(room: str, table: str) -> str:
    return f"table:{room}/{table}"


def commands_stream(room: str) -> str:
    """Where a server records each accepted command with who issued it."""
    return f"commands:{room}"


def sealed_stream(room: str) -> str:
    """Where a server keeps the shuffled deck of each round it deals (never sent to a client
    while the round is played): a table rebuilt mid-round deals on from it."""
    return f"sealed:{room}"


def room_projection(room: Room) -> object:
    return (tuple(room.board()), room.ledger())


def merge(room: str, rows: Sequence[Stored]) -> list[RoomEvent]:
    """The room's events in commit order, each table's own events wrapped again."""
    prefix = table_stream(room, "")
    out: list[RoomEvent] = []
    for r in rows:
        e = r.event()
        out.append(AtTableEvent(r.stream[len(prefix) :], e) if r.stream.startswith(prefix) else e)
    return out


def room_streams(store: EventStore, room: str) -> list[str]:
    prefix = table_stream(room, "")
    tables = [s.id for s in store.streams("table") if s.id.startswith(prefix)]
    return [room_stream(room), cage_stream(room), *tables]


class RoomStore:
    """One room kept in an :class:`EventStore`."""

    def __init__(self, store: EventStore, room: str = "main", snapshot_every: int = 100) -> None:
        self.store = store
        self.name = room
        self.snapshot_every = snapshot_every
        self.heads: dict[str, int] = {}
        self.room = self._open()

    def _open(self) -> Room:
        ids = {s.id: s for s in self.store.streams()}
        main = ids.get(room_stream(self.name))
        if main is None:
            settings = RoomSettings(self.name, Room().call_seconds)
            with self.store.transaction() as w:
                w.create(room_stream(self.name), "room", settings)
                w.create(cage_stream(self.name), "cage", self.name)
            self.heads = {room_stream(self.name): 0, cage_stream(self.name): 0}
            return Room(settings.call_seconds)
        return self.load()

    def load(self) -> Room:
        """The room rebuilt from its streams."""
        names = room_streams(self.store, self.name)
        settings: RoomSettings = self.store.stream(room_stream(self.name)).config()
        rows = self.store.read_streams(names)
        self.heads = {n: self.store.stream(n).head_seq for n in names}
        self.room = Room.from_events(merge(self.name, rows), settings.call_seconds)
        return self.room

    def execute(
        self,
        cmd: RoomCommand,
        who: str = "system",
        when: str = "",
        also: Sequence[tuple[str, str, object]] = (),
    ) -> list[RoomEvent]:
        """Apply ``cmd`` and commit its events; the events, once committed. A refused command
        raises ``IllegalAction`` and writes nothing; a failed commit reloads the room from the
        store and raises (the command was not accepted). Tables opened and closed are also
        configuration changes in the significant-events log, by ``who`` at ``when`` (ISO 8601;
        default: now, by the server's clock), in the same transaction. ``also``: records a
        server keeps beside the room's streams, ``(stream, kind, value)`` each, appended in the
        same transaction (who issued the command, the sealed deck of a round dealt)."""
        events = self.room.apply(cmd)
        try:
            self._save(events, who, when, also)
        except Exception:
            self.load()
            raise
        return events

    def _save(
        self,
        events: Sequence[RoomEvent],
        who: str,
        when: str,
        also: Sequence[tuple[str, str, object]] = (),
    ) -> None:
        by_stream: dict[str, list[Any]] = {}
        changes = [
            Significant(What.CONFIG_CHANGED, who, f"{self.name}: {_describe(e)}", when or _now())
            for e in events
            if isinstance(e, CONFIG_EVENTS)
        ]
        with self.store.transaction() as w:
            if changes:
                head = w.head(SIGNIFICANT)
                if head is None:
                    w.create(SIGNIFICANT, "significant", None)
                w.append(SIGNIFICANT, head or 0, changes)
            for log, kind, value in also:
                head = w.head(log)
                if head is None:
                    w.create(log, kind, self.name)
                w.append(log, head or 0, [value])
            for e in events:
                if isinstance(e, CashTableOpened):
                    name = table_stream(self.name, e.table)
                    w.create(name, "table", e.config)
                    self.heads[name] = 0
                stream, value = self._route(e)
                by_stream.setdefault(stream, []).append(value)
            heads = dict(self.heads)
            for stream, values in by_stream.items():
                heads[stream] = w.append(stream, heads[stream], values)
            self._snapshots(w, heads)
        self.heads = heads

    def _route(self, e: RoomEvent) -> tuple[str, object]:
        if isinstance(e, AtTableEvent):
            return table_stream(self.name, e.table), e.event
        if isinstance(e, CAGE_EVENTS):
            return cage_stream(self.name), e
        return room_stream(self.name), e

    def _snapshots(self, w: Writer, heads: dict[str, int]) -> None:
        """Snapshot each table stream every N of its events, and the room every N events of
        all its streams together (keyed by that total)."""
        n = self.snapshot_every
        prefix = table_stream(self.name, "")
        for stream, head in heads.items():
            if stream.startswith(prefix) and head // n != self.heads.get(stream, 0) // n:
                w.snapshot(stream, head, table_projection(self.room.tables[stream[len(prefix) :]]))
        total, before = sum(heads.values()), sum(self.heads.values())
        if total // n != before // n:
            snap = RoomSnapshot(heads, room_projection(self.room))
            w.snapshot(room_stream(self.name), total, snap)


@dataclass(frozen=True, slots=True)
class RoomSnapshot:
    """The room's board and ledger after the commit that left its streams at ``heads``
    (stored under the total of the heads)."""

    heads: dict[str, int]
    projection: object


def fold_room(store: EventStore, room: str, heads: dict[str, int] | None = None) -> Room:
    """The room folded from its streams (up to ``heads`` where given)."""
    names = room_streams(store, room)
    settings = store.stream(room_stream(room)).config()
    if not isinstance(settings, RoomSettings):
        raise StoreError(f"room stream {room} has no room settings")
    rows = store.read_streams(names)
    if heads is not None:
        rows = [r for r in rows if r.seq <= heads.get(r.stream, 0)]
    return Room.from_events(merge(room, rows), settings.call_seconds)
