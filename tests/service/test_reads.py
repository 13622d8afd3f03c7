"""The service's reads of the store take no write lock: on SQLite a connection taken from the
engine as it is begins as a writer does (``BEGIN IMMEDIATE``), so a read made so while the
room's commit holds the lock waits for it (up to the busy timeout) and holds up the next
commit. Every socket that opens reads the start of its table's round this way."""

from __future__ import annotations

import time
from pathlib import Path

import croupier.service
from croupier.service.decks import last_start, round_starts
from croupier.service.presence import connected
from croupier.service.store.rooms import RoomStore, table_stream, uth_stream
from croupier.service.store.sealing import any_sealed, sealed_keys
from croupier.service.store.store import EventStore
from croupier.service.uth_api import last_shuffle
from croupier.table.events import RoundStarted
from support.store import play_room


def test_reads_made_while_a_commit_holds_the_write_lock_do_not_wait_for_it(
    tmp_path: Path,
) -> None:
    store = EventStore(f"sqlite:///{tmp_path / 'room.db'}")
    try:
        rs = RoomStore(store)
        play_room(rs, rounds=2)
        streams = [table_stream("main", n) for n in ("a", "b")]
        with store.transaction():  # a writer holds SQLite's write lock, as a commit does
            began = time.monotonic()
            assert last_start(rs, streams[0], rs.heads[streams[0]]) > 0
            starts = round_starts(rs, streams)
            assert all(isinstance(e, RoundStarted) for e in starts.values())
            assert connected(store, table_stream("main", "")) == []
            assert last_shuffle(rs, uth_stream("main", "u"), 10) == 0
            assert sealed_keys(store) == {}
            assert not any_sealed(store)
            took = time.monotonic() - began
        # before, the first of them waited out the busy timeout (10 s), then failed
        assert took < 2, f"the reads waited {took:.1f} s for the write lock"
    finally:
        store.close()


def test_only_the_store_takes_connections_from_the_engine() -> None:
    """Reads elsewhere go through ``EventStore.reading`` (or a snapshot), writes through
    ``EventStore.transaction`` (the schema's migrations apart): a connection taken from the
    engine directly would begin as a writer on SQLite."""
    root = Path(croupier.service.__file__).parent
    found = [
        f"{p.relative_to(root)}:{n}"
        for p in sorted(root.rglob("*.py"))
        if p.name != "store.py" and "migrations" not in p.parts  # alembic's own writes
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if "engine.connect(" in line or "engine.begin(" in line
    ]
    assert found == []
