"""The audit: every stream's hash chain, its fold, and its snapshots; game recall.

:func:`verify` reports ``{"streams", "events", "ok", "problems"}``. A changed event breaks its
own hash, a deleted one leaves a gap in the sequence and breaks the chain, a reordered pair
breaks both hashes; a deleted last event no longer matches the stream's head. Each stream must
fold without error (a room with its cage and tables, its money conserved) and equal its
snapshots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.room import Room
from croupier.service.store import codec
from croupier.service.store.kinds import KINDS, table_projection
from croupier.service.store.played import finished_rounds, spans
from croupier.service.store.rooms import (
    RoomSettings,
    RoomSnapshot,
    cage_stream,
    fold_room,
    merge,
    room_projection,
    room_stream,
    room_streams,
    table_stream,
    tournament_stream,
)
from croupier.service.store.store import (
    EventStore,
    Stored,
    StoreError,
    StreamInfo,
    chain,
    genesis,
)


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


def _decode(info: StreamInfo, rows: Sequence[Stored]) -> tuple[list[Any], list[str]]:
    out, problems = [], []
    for r in rows:
        try:
            e = r.event()
        except codec.CodecError as err:
            problems.append(f"{info.id}: event {r.seq} cannot be read: {err}")
            continue
        if codec.type_name(type(e)) != r.type:
            found = codec.type_name(type(e))
            problems.append(f"{info.id}: event {r.seq} is a {found}, not {r.type}")
        out.append(e)
    return out, problems


def _fold(store: EventStore, info: StreamInfo, events: list[Any]) -> list[str]:
    kind = KINDS.get(info.kind)
    if kind is None:
        return [f"{info.id}: unknown stream kind {info.kind!r}"]
    problems = []
    try:
        config = info.config()
        kind.fold(config, events)
        if info.kind == "table":
            return _table_snapshots(store, info, config, events)
        state, done = kind.fold(config, []), 0
        for seq, snap in store.snapshots(info.id):
            if kind.step is None or seq < done:  # no fold one event at a time: from the start
                state = kind.fold(config, events[:seq])
            else:
                for e in events[done:seq]:
                    kind.step(state, e)
            done = seq
            if kind.project(state) != snap:
                problems.append(f"{info.id}: the snapshot at event {seq} differs from the fold")
    except Exception as err:  # the audit reports whatever a fold raises
        problems.append(f"{info.id}: does not fold: {type(err).__name__}: {err}")
    return problems


def _table_snapshots(
    store: EventStore, info: StreamInfo, config: Any, events: list[Any]
) -> list[str]:
    """A table's snapshots against the fold, in one pass: each checkpoint must equal the
    checkpoint of the table folded from the one before it (the first: from the start) and the
    events between them, so by induction each equals the fold of every event before it."""
    from croupier.table.events import TableCheckpoint
    from croupier.table.table import Table

    problems = []
    start: list[Any] = []
    last = 0
    for seq, snap in store.snapshots(info.id):
        folded = Table.from_events(config, [*start, *events[last:seq]])
        if isinstance(snap, TableCheckpoint):
            same = folded.round is None and folded.checkpoint() == snap
            start, last = [snap], seq
        else:  # a projection kept by an earlier croupier
            same = table_projection(folded) == snap
        if not same:
            problems.append(f"{info.id}: the snapshot at event {seq} differs from the fold")
            break
    return problems


def _room(store: EventStore, info: StreamInfo) -> list[str]:
    room = info.id.removeprefix("room:")
    problems: list[str] = []
    try:
        folded = _room_snapshots(store, room, info.id, problems)
        ledger = folded.ledger()
        if not ledger.conserved:
            problems.append(f"{info.id}: money not conserved: {ledger}")
    except Exception as err:  # the audit reports whatever a fold raises
        problems.append(f"{info.id}: does not fold: {type(err).__name__}: {err}")
    return problems


def _room_snapshots(store: EventStore, room: str, stream: str, problems: list[str]) -> Room:
    """The room folded event by event in commit order, each of its snapshots compared with the
    fold at the commit it was taken after, in one pass; the whole room folded."""
    settings = store.stream(room_stream(room)).config()
    if not isinstance(settings, RoomSettings):
        raise StoreError(f"room stream {room} has no room settings")
    rows = store.read_streams(room_streams(store, room))
    events = merge(room, rows)
    folded, done, counts = Room(settings.call_seconds), 0, dict[str, int]()
    for seq, snap in store.snapshots(stream):
        if not isinstance(snap, RoomSnapshot):
            problems.append(f"{stream}: the snapshot at event {seq} is not a room's")
            continue
        heads = {k: v for k, v in snap.heads.items() if v}
        while done < len(rows) and counts != heads and sum(counts.values()) < sum(heads.values()):
            folded.replay(events[done])
            counts[rows[done].stream] = counts.get(rows[done].stream, 0) + 1
            done += 1
        if counts == heads:
            same = room_projection(folded) == snap.projection
        else:  # not a commit this pass meets in order: fold the room up to its heads alone
            same = room_projection(fold_room(store, room, snap.heads)) == snap.projection
        if not same:
            problems.append(f"{stream}: the snapshot at event {seq} differs from the fold")
    for e in events[done:]:
        folded.replay(e)
    return folded


def check(store: EventStore) -> tuple[int, int, dict[str, list[str]]]:
    """Check every stream: (streams, events, problems by stream). A room is checked with its
    cage and tables once each of them is intact; a broken one is reported, not folded."""
    problems: dict[str, list[str]] = {}
    count = 0
    infos = store.streams()
    for info in infos:
        rows = store.read(info.id)
        count += len(rows)
        found = check_chain(info, rows)
        events, unread = _decode(info, rows)
        found += unread
        if not found and info.kind not in ("room", "cage"):
            found += _fold(store, info, events)
        if found:
            problems[info.id] = found
    for info in infos:
        if info.kind == "room":
            room = info.id.removeprefix("room:")
            mine = {room_stream(room), cage_stream(room)}
            own = (table_stream(room, ""), tournament_stream(room, ""))
            if not any(b in mine or b.startswith(own) for b in problems):
                found = _room(store, info)
                if found:
                    problems[info.id] = found
    return len(infos), count, problems


def verify(store: EventStore) -> dict[str, Any]:
    """Check every stream; the report ``{"streams", "events", "ok", "problems"}``."""
    streams, count, by_stream = check(store)
    problems = [p for found in by_stream.values() for p in found]
    return {"streams": streams, "events": count, "ok": not problems, "problems": problems}


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
