"""A cash table's stream loaded into the table's state: from its latest snapshot (the table's
checkpoint as a round began) and the events after it. A snapshot is only a cache: the audit
and recovery before play check every event's hash and that the snapshots equal the fold."""

from __future__ import annotations

from croupier.service.store.store import EventStore
from croupier.table.events import TableCheckpoint
from croupier.table.table import Table, TableConfig


def load_table(store: EventStore, stream: str, config: TableConfig | None = None) -> Table:
    """The table ``stream`` holds: its latest checkpoint and the events after it, else the
    fold of all its events (``config``: the stream's, where the caller has it)."""
    if config is None:
        config = store.stream(stream).config()
    latest = store.latest_snapshot(stream)
    if latest is not None and isinstance(latest[1], TableCheckpoint):
        seq, checkpoint = latest
        return Table.from_events(config, [checkpoint, *store.load(stream, after=seq)])
    return Table.from_events(config, store.load(stream))


def fold_table(store: EventStore, stream: str) -> Table:
    """The table ``stream`` holds, folded from all its events (what a snapshot must equal)."""
    return Table.from_events(store.stream(stream).config(), store.load(stream))
