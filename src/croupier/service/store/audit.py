"""The audit: every stream's hash chain, its fold, and its snapshots; game recall.

:func:`verify` reports ``{"streams", "events", "money_checks", "ok", "problems"}``. A
changed event breaks its own hash, a deleted one leaves a gap in the sequence and breaks the
chain, a reordered pair breaks both hashes; a deleted last event no longer matches the
stream's head. Each stream must fold without error (a room with its cage and tables) and
equal its snapshots. A room's money must balance after every command: at each record of its
commands stream (a command's events follow its record in the same commit, so every command
before it is folded whole) and at the end.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import orjson

from croupier.room import Room
from croupier.room.balance import Balance
from croupier.room.books import RoomBooks
from croupier.room.events import AtTableEvent
from croupier.room.image import parts
from croupier.room.tournaments import AtTournamentEvent
from croupier.room.uth_tables import AtUthEvent
from croupier.service.store import codec, images
from croupier.service.store.images import image_stream
from croupier.service.store.kinds import KINDS, Kind, table_projection
from croupier.service.store.played import finished_rounds, spans
from croupier.service.store.reading import Reader
from croupier.service.store.rooms import (
    RoomSettings,
    RoomSnapshot,
    cage_stream,
    commands_stream,
    fold_room,
    merge,
    room_projection,
    room_stream,
    room_streams,
    table_stream,
    tournament_stream,
    uth_stream,
)
from croupier.service.store.store import (
    EventStore,
    Stored,
    StoreError,
    StreamInfo,
    chain,
    genesis,
)
from croupier.table.events import TableCheckpoint


def check_chain(info: StreamInfo, rows: Sequence[Stored]) -> list[str]:
    """Problems with one stream's chain (empty: intact)."""
    problems = []
    if genesis(info.id, info.kind, info.meta.encode()) != info.genesis:
        problems.append(f"{info.id}: its configuration does not match the chain's start")
    previous = info.genesis
    for expected, r in enumerate(rows, 1):
        if r.seq != expected:
            problems.append(f"{info.id}: event {expected} is missing (found {r.seq} next)")
            return problems
        if chain(previous, r.body.encode()) != r.hash:
            problems.append(f"{info.id}: event {r.seq} does not match its hash (changed or moved)")
            return problems
        previous = r.hash
    if info.head_seq != len(rows) or info.head_hash != previous:
        problems.append(
            f"{info.id}: the stream's head is event {info.head_seq} but {len(rows)} events are "
            "stored (an event was deleted or added)"
        )
    return problems


#: Streams that are logs only (nothing folds from them): read back as far as their envelope
#: and type tag, the chain vouching for the rest.
LOGS = frozenset({"commands", "users", "sealed"})


def _shallow(body: str, kind: str) -> str | None:
    """The type tag of a log's stored event if its envelope reads (else ``None``: decode it)."""
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if type(data) is not dict or len(data) != 2 or data.get("v") != codec.VERSION:
        return None
    inner = data.get("e")
    tag = inner.get("$t") if type(inner) is dict else None
    return tag if type(tag) is str else None


class _Stream:
    """One stream as the pass meets its events: its chain so far, its problems, and the fold
    it feeds (alone, and the room's where it belongs to one)."""

    __slots__ = ("alone", "broken", "info", "kind", "previous", "problems", "room", "seq",
                 "unread", "wrap")  # fmt: skip

    def __init__(self, info: StreamInfo) -> None:
        self.info = info
        self.kind = info.kind
        self.seq = 0
        self.previous = info.genesis
        self.broken = False  # its chain broke: diagnosed from its events by sequence number
        self.unread = False  # an event failed to read, or its genesis is wrong: not folded
        self.problems: list[str] = []
        self.alone: _Alone | None = None
        self.room: _RoomFold | None = None
        self.wrap: Any = None  # how the room wraps the stream's own events


class _Alone:
    """A stream's fold on its own, checked against its snapshots as the fold passes them."""

    def __init__(self, info: StreamInfo, kind: Kind, snaps: list[tuple[int, str]]) -> None:
        self.info, self.kind, self.snaps = info, kind, snaps
        self.config = info.config()
        self.count = 0
        self.events: list[Any] = []
        self.failed = False
        self.problems: list[str] = []
        self.table: Any = None
        self.state: Any = None
        if info.kind == "table":
            from croupier.table.table import Table

            self.table = Table(self.config)
        elif kind.step is not None:
            self.state = kind.fold(self.config, [])
        self._due()

    def _due(self) -> None:
        """Check the snapshots taken at the events folded so far."""
        while self.snaps and self.snaps[0][0] <= self.count:
            seq, body = self.snaps.pop(0)
            self._compare(seq, codec.unwrap(body))

    def _compare(self, seq: int, snap: Any) -> None:
        if self.table is not None:
            t = self.table
            if isinstance(snap, TableCheckpoint):
                same = t.round is None and t.checkpoint() == snap
            else:  # a projection kept by an earlier croupier
                same = table_projection(t) == snap
        elif self.state is not None:
            same = self.kind.project(self.state) == snap
        else:
            same = self.kind.project(self.kind.fold(self.config, self.events[:seq])) == snap
        if not same:
            self.problems.append(
                f"{self.info.id}: the snapshot at event {seq} differs from the fold"
            )
            if self.table is not None:
                self.snaps.clear()  # as a table's snapshots fold one from the last: the first

    def fold(self, e: Any) -> None:
        if self.table is not None:
            self.table.fold(e)
            if self.count % 1000 == 999:
                self.table.trim()
        elif self.state is not None:
            self.kind.step(self.state, e)  # type: ignore[misc]
        else:
            self.events.append(e)
        self.count += 1
        if self.snaps and self.snaps[0][0] <= self.count:
            self._due()

    def finish(self) -> None:
        if self.table is None and self.state is None:
            self.kind.fold(self.config, self.events)
        while self.snaps:
            seq, body = self.snaps.pop(0)
            self._compare(seq, codec.unwrap(body))


class _RoomFold:
    """A room folded event by event in commit order from its streams, each of its snapshots
    and each of its tables' snapshots compared with the fold as the fold passes them."""

    def __init__(
        self, store: EventStore, info: StreamInfo, snaps: dict[str, list[tuple[int, str]]]
    ) -> None:
        self.store, self.stream, self.name = store, info.id, info.id.removeprefix("room:")
        settings = info.config()
        if not isinstance(settings, RoomSettings):
            raise StoreError(f"room stream {self.name} has no room settings")
        self.room = Room(settings.call_seconds)
        self.balance = Balance(self.room)
        self.balanced = True  # no command yet found with the money out of balance
        self.checked = 0  # the places its money was checked at: each command, and the end
        self.snaps = list(snaps.get(info.id, []))
        self.tables: dict[str, list[tuple[int, str]]] = {}  # a table's stream -> its snapshots
        self.table_snaps = snaps
        self.counts: dict[str, int] = {}
        self.total = 0
        self.dead = False
        self.problems: dict[str, list[str]] = {}

    def member(self, s: _Stream) -> None:
        room = self.name
        table, uth, run = table_stream(room, ""), uth_stream(room, ""), tournament_stream(room, "")
        sid = s.info.id
        if sid.startswith(table) and s.kind == "table":
            s.wrap = (AtTableEvent, sid[len(table) :])
            self.tables[sid] = list(self.table_snaps.get(sid, []))
        elif sid.startswith(uth) and s.kind == "uth-table":
            s.wrap = (AtUthEvent, sid[len(uth) :])
        elif sid.startswith(run) and s.kind == "tournament":
            s.wrap = (AtTournamentEvent, sid[len(run) :])
        elif sid not in (room_stream(room), cage_stream(room)):
            return
        s.room = self

    def fold(self, s: _Stream, seq: int, e: Any) -> None:
        if s.wrap is not None:
            e = s.wrap[0](s.wrap[1], e)
        try:
            self.room.replay(e)
        except Exception as err:  # the audit reports whatever a fold raises
            where = s.info.id if isinstance(e, AtTableEvent) else self.stream
            self.fail(where, f"does not fold: {type(err).__name__}: {err}")
            return
        self.balance.fold(e)
        sid = s.info.id
        self.counts[sid] = seq
        self.total += 1
        if self.total % 5000 == 0:
            self.room.forget()
        due = self.tables.get(sid)
        if due and due[0][0] <= seq:
            self._table_due(sid, s.wrap[1], due)
        if self.snaps and self.snaps[0][0] <= self.total:
            self._due()

    def command(self, seq: int) -> None:
        """The record of the next command, event ``seq`` of the room's commands stream: the
        money must balance here (the first place it does not is reported)."""
        if self.dead or not self.balanced:
            return
        ledger = self.balance.ledger()
        self.checked += 1
        if not ledger.conserved:
            self.balanced = False
            where = f"{commands_stream(self.name)} event {seq}"
            self.problems.setdefault(self.stream, []).append(
                f"{self.stream}: money not conserved before the command recorded as {where}: "
                f"cash in {ledger.cash_in}, accounted for {ledger.accounted} ({ledger})"
            )

    def fail(self, stream: str, problem: str) -> None:
        self.problems.setdefault(stream, []).append(f"{stream}: {problem}")
        self.dead = True

    def _table_due(self, sid: str, name: str, due: list[tuple[int, str]]) -> None:
        t = self.room.tables[name]
        while due and due[0][0] <= self.counts.get(sid, 0):
            seq, body = due.pop(0)
            snap = codec.unwrap(body)
            if isinstance(snap, TableCheckpoint):
                same = t.round is None and t.checkpoint() == snap
            else:  # a projection kept by an earlier croupier
                same = table_projection(t) == snap
            if not same:
                self.problems.setdefault(sid, []).append(
                    f"{sid}: the snapshot at event {seq} differs from the fold"
                )
                due.clear()

    def _due(self, end: bool = False) -> None:
        while self.snaps and (end or self.snaps[0][0] <= self.total):
            seq, body = self.snaps.pop(0)
            snap = codec.unwrap(body)
            if not isinstance(snap, RoomSnapshot):
                self.fail(self.stream, f"the snapshot at event {seq} is not a room's")
                continue
            heads = {k: v for k, v in snap.heads.items() if v}
            if self.counts == heads:
                same = room_projection(self.room) == snap.projection
            else:  # not a commit this pass meets in order: fold the room up to its heads alone
                folded = fold_room(self.store, self.name, snap.heads)
                same = room_projection(folded) == snap.projection
            if not same:
                self.problems.setdefault(self.stream, []).append(
                    f"{self.stream}: the snapshot at event {seq} differs from the fold"
                )

    def finish(self) -> None:
        prefix = table_stream(self.name, "")
        for sid, due in self.tables.items():
            if due:
                self._table_due(sid, sid.removeprefix(prefix), due)
        self._due(end=True)
        ledger = self.room.ledger()
        self.checked += 1
        if not ledger.conserved:
            self.fail(self.stream, f"money not conserved: {ledger}")


def _pass(
    store: EventStore, infos: list[StreamInfo]
) -> tuple[int, dict[str, _Stream], list[_RoomFold]]:
    """One pass over every event in commit order: each stream's chain, each event read back,
    every fold fed; the events met, the streams, the rooms' folds."""
    snaps = store.all_snapshots()
    streams = {i.id: _Stream(i) for i in infos}
    rooms: list[_RoomFold] = []
    for s in streams.values():
        if genesis(s.info.id, s.kind, s.info.meta.encode()) != s.info.genesis:
            s.problems.append(f"{s.info.id}: its configuration does not match the chain's start")
            s.unread = True
        if s.kind == "room" and not s.unread:
            try:
                rooms.append(_RoomFold(store, s.info, snaps))
            except Exception as err:  # the audit reports whatever a fold raises
                s.problems.append(f"{s.info.id}: does not fold: {type(err).__name__}: {err}")
                s.unread = True
    for r in rooms:
        for s in streams.values():
            r.member(s)
    for s in streams.values():
        kind = KINDS.get(s.kind)
        if kind is None:
            s.problems.append(f"{s.info.id}: unknown stream kind {s.kind!r}")
            s.unread = True
        elif s.kind not in ("room", "cage") and not (s.kind == "table" and s.room is not None):
            try:
                own = [] if s.kind == "image" else list(snaps.get(s.info.id, []))  # below
                s.alone = _Alone(s.info, kind, own)
            except Exception as err:  # the audit reports whatever a fold raises
                s.problems.append(f"{s.info.id}: does not fold: {type(err).__name__}: {err}")
                s.unread = True
    marks = {commands_stream(r.name): r for r in rooms}  # each room's command records
    count = 0
    sha256, fromhex, unwrap, name = hashlib.sha256, bytes.fromhex, Reader().read, codec.type_name
    for sid, seq, typ, _version, body, stored_hash in store.rows():
        count += 1
        found = streams.get(sid)
        if found is None or found.broken:
            continue
        s = found
        data = body.encode()
        if seq != s.seq + 1 or sha256(fromhex(s.previous) + data).hexdigest() != stored_hash:
            s.broken = True
            continue
        s.seq, s.previous = seq, stored_hash
        marked = marks.get(sid)
        if marked is not None:
            marked.command(seq)
        if s.kind in LOGS and not s.unread and _shallow(body, s.kind) == typ:
            continue
        try:
            e = unwrap(body)
        except codec.CodecError as err:
            s.problems.append(f"{sid}: event {seq} cannot be read: {err}")
            s.unread = True
            _stop(s)
            continue
        if name(type(e)) != typ:
            s.problems.append(f"{sid}: event {seq} is a {name(type(e))}, not {typ}")
            s.unread = True
            _stop(s)
        if s.unread:
            continue
        if s.alone is not None and not s.alone.failed:
            try:
                s.alone.fold(e)
            except Exception as err:  # the audit reports whatever a fold raises
                s.alone.failed = True
                s.alone.problems.append(f"{sid}: does not fold: {type(err).__name__}: {err}")
        if s.room is not None and not s.room.dead:
            s.room.fold(s, seq, e)
    return count, streams, rooms


def _stop(s: _Stream) -> None:
    """A stream that cannot be folded stops its room's fold too."""
    if s.room is not None:
        s.room.dead = True


def check(store: EventStore) -> tuple[int, int, dict[str, list[str]]]:
    """Check every stream of one snapshot of the store: (streams, events, problems by
    stream). A room is checked with its cage and tables once each of them is intact; a broken
    one is reported, not folded."""
    streams, count, problems, _ = _check(store)
    return streams, count, problems


def _check(store: EventStore) -> tuple[int, int, dict[str, list[str]], int]:
    """:func:`check`, and the places the rooms' money was checked at."""
    with store.snapshot() as view:
        infos = view.streams()
        count, streams, rooms = _pass(view, infos)
        problems: dict[str, list[str]] = {}
        for s in streams.values():
            found = list(s.problems)
            if s.broken:
                chain_found = check_chain(s.info, view.read(s.info.id))
                found = chain_found or [f"{s.info.id}: its events are stored out of their order"]
                if s.room is not None:
                    s.room.dead = True
            elif s.info.head_seq != s.seq or s.info.head_hash != s.previous:
                found.append(
                    f"{s.info.id}: the stream's head is event {s.info.head_seq} but {s.seq} "
                    "events are stored (an event was deleted or added)"
                )
                if s.room is not None:
                    s.room.dead = True
            if not found and s.alone is not None and not s.alone.failed:
                try:
                    s.alone.finish()
                except Exception as err:  # the audit reports whatever a fold raises
                    s.alone.problems.append(
                        f"{s.info.id}: does not fold: {type(err).__name__}: {err}"
                    )
            if not found and s.alone is not None:
                found += s.alone.problems
            if found:
                problems[s.info.id] = found
        for r in rooms:
            if not r.dead:
                try:
                    r.finish()
                except Exception as err:  # the audit reports whatever a fold raises
                    r.fail(r.stream, f"does not fold: {type(err).__name__}: {err}")
            for sid, found in r.problems.items():
                if sid != r.stream:
                    problems.setdefault(sid, []).extend(found)
            if not r.dead:
                for problem in check_image(view, r.name):
                    problems.setdefault(image_stream(r.name), []).append(problem)
            mine = {room_stream(r.name), cage_stream(r.name)}
            own = (table_stream(r.name, ""), tournament_stream(r.name, ""), uth_stream(r.name, ""))
            if r.stream in r.problems and not any(b in mine or b.startswith(own) for b in problems):
                problems[r.stream] = r.problems[r.stream]
        return len(infos), count, problems, sum(r.checked for r in rooms)


def check_image(store: EventStore, room: str) -> list[str]:
    """The room's latest image compared with the room and its books folded from every event
    up to it (a room with no image: nothing to compare)."""
    try:
        image = images.latest(store, room)
    except images.ImageError as e:
        return [f"{images.image_stream(room)}: {e}"]
    if image is None:
        return []
    names = room_streams(store, room)
    rows = [r for r in store.read_streams(names) if r.position <= image.position]
    events = merge(room, rows)
    settings = store.stream(room_stream(room)).config()
    folded = Room.from_events(events, settings.call_seconds)
    held = codec.canonical((image.parts, image.books))
    if held != codec.canonical((parts(folded), RoomBooks.of(events).state())):
        return [
            f"{images.image_stream(room)}: the image after event {image.position} differs "
            "from the fold"
        ]
    return []


def verify(store: EventStore) -> dict[str, Any]:
    """Check every stream; the report ``{"streams", "events", "money_checks", "ok",
    "problems"}`` (``money_checks``: the places the rooms' money was found to balance or
    not, after each command recorded and at the end)."""
    streams, count, by_stream, checked = _check(store)
    problems = [p for found in by_stream.values() for p in found]
    return {
        "streams": streams,
        "events": count,
        "money_checks": checked,
        "ok": not problems,
        "problems": problems,
    }


def recall(store: EventStore, stream: str, last: int = 10) -> list[list[Any]]:
    """The last ``last`` rounds of a cash table's stream, each as its events in order (from
    the round's start to its end or void; a reopened round to its new end)."""
    events = store.load(stream)
    rounds = spans(events)[-last:] if last > 0 else []
    return [events[s.start : s.end + 1] for s in rounds]


def recall_phh(store: EventStore, stream: str, last: int = 10) -> list[str]:
    """The last ``last`` finished rounds of a cash table as PHH hand histories: each round
    folded to its end and exported as it was played, with every card (the auditor's view)."""
    from croupier.histories.phh import dumps
    from croupier.histories.phh_export import HOUSE

    return [dumps(p.history(HOUSE)) for p in finished_rounds(store, stream, last)]
