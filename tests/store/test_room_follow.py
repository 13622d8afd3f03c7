"""A standby's replica of a room (:meth:`RoomStore.follow`): loaded once, then folding what
another writer commits, commit after commit, it holds the room, its tables and its books as the
writer does; the events it folds are the writer's, in the order committed, and a new table's
stream is followed from its first event. A replica reads by position after its load
(one query, not one condition a stream) and falls back to reading stream by stream where that
misses a row; it folds the rows a commit wrote, as the owner sends them, only where they follow
its heads. On SQLite and PostgreSQL."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier.room import AtTable, OpenTable, RoomEvent, TakeSeat
from croupier.service.store import images
from croupier.service.store.rooms import RoomStore
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.table.presets import preset
from croupier.views import actor_view
from support.store import next_at_a, pg_store, play_room


def _same(replica: RoomStore, writer: RoomStore, written: list[RoomEvent]) -> None:
    before, events = replica.follow()
    assert events == written
    assert replica.heads == writer.heads
    assert replica.position == sum(replica.heads.values()) == writer.position
    assert images.fingerprint(replica.room, replica.books) == images.fingerprint(
        writer.room, writer.books
    )
    assert before != replica.heads or not written


def test_a_replica_folds_what_the_writer_commits(tmp_path: Path) -> None:
    store = EventStore(f"sqlite:///{tmp_path / 'croupier.db'}")
    try:
        writer = RoomStore(store, image_every=40)
        play_room(writer, rounds=2)
        replica = RoomStore(store)  # loaded as a takeover loads it
        _same(replica, writer, [])
        cfg = preset("act-omaha-2017", seats=3)  # nobody waits for its game
        written = writer.execute(OpenTable("c", cfg))  # a new table's stream, in the commit
        for i in range(3):
            written += writer.execute(TakeSeat(f"c{i}", "c", i + 1, cfg.stakes.min_table_stake * 2))
        _same(replica, writer, written)  # several commits at one look
        t, bot, rng = writer.room.tables["c"], make_bot("random"), random.Random(5)
        shoe = Shoe(t.config.game.deck, seed=5)
        rounds = 0
        for _ in range(3):
            start = AtTable("c", StartRound(shoe.shuffle().order))
            if writer.room.why_illegal(start) is not None:
                break  # a player went broke
            rounds += 1
            _same(replica, writer, writer.execute(start))
            while t.round is not None and not t.round.is_over:
                move = AtTable("c", Act(bot.act(actor_view(t.round), rng)))
                _same(replica, writer, writer.execute(move))  # each decision, mid-round
        assert rounds >= 1
        again = RoomStore(store)  # and as a fresh load of the store has it
        assert images.fingerprint(again.room, again.books) == images.fingerprint(
            replica.room, replica.books
        )
    finally:
        store.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    if request.param == "sqlite":
        s = EventStore(f"sqlite:///{tmp_path / 'croupier.db'}")
        try:
            yield s
        finally:
            s.close()
        return
    with pg_store(request.getfixturevalue("pg_server"), "follow") as s:
        yield s


def test_a_replica_reads_by_position_and_falls_back_where_that_misses_a_row(
    store: EventStore,
) -> None:
    writer = RoomStore(store)
    play_room(writer, rounds=1)
    replica = RoomStore(store)
    # loaded: it reads after the last position it saw; then after each look's last
    assert replica._followed == store.last_position()
    rng = random.Random(3)
    _same(replica, writer, next_at_a(writer, rng))
    assert replica._followed == store.last_position()
    for _ in range(4):  # several commits at a look, then one at a time
        written = next_at_a(writer, rng) + next_at_a(writer, rng)
        _same(replica, writer, written)
    # a row stored at a position before the last one followed (no single writer would store
    # one so): the count of rows read by position falls short, and the look reads stream by
    # stream; it folds the same events
    replica._followed = 10**12
    _same(replica, writer, next_at_a(writer, rng))
    assert replica._followed == store.last_position()  # the look's, again


def test_a_replica_folds_the_rows_a_commit_wrote_only_where_they_follow_its_heads(
    store: EventStore,
) -> None:
    """The owner sends each commit's rows (:attr:`RoomStore.written`); a replica folds them
    where each stream's rows number on from its head and chain from its hash, passes over a
    commit a look already read, and folds nothing from rows that skip a commit or were
    changed (its next look reads the store)."""
    writer = RoomStore(store)
    play_room(writer, rounds=1)
    replica = RoomStore(store)
    rng = random.Random(4)
    for _ in range(6):
        written = next_at_a(writer, rng)
        assert writer.written and {r[0] for r in writer.written} <= set(writer.heads)
        got = replica.fold_written(writer.written)
        assert got is not None and got[1] == written
        assert got[0] == {
            s: replica.heads[s] - n for s, n in Counter(r[0] for r in writer.written).items()
        }
        assert replica.heads == writer.heads
        assert replica.position == sum(replica.heads.values()) == writer.position
        assert writer.position == sum(writer.heads.values())
        assert images.fingerprint(replica.room, replica.books) == images.fingerprint(
            writer.room, writer.books
        )
    next_at_a(writer, rng)
    replica.follow()  # a look read that commit: its rows are passed over
    assert replica.fold_written(writer.written) == ({}, [])
    next_at_a(writer, rng)
    skipped = writer.written
    next_at_a(writer, rng)
    heads = dict(replica.heads)
    assert replica.fold_written(writer.written) is None  # the commit before is missing
    stream, seq, kind, version, body, digest = skipped[0]
    changed = [(stream, seq, kind, version, body.replace("1", "2", 1), digest), *skipped[1:]]
    assert replica.fold_written(changed) is None  # its hash is not the chain's
    assert replica.heads == heads
    assert replica.fold_written(skipped) is not None
    assert replica.fold_written(writer.written) is not None
    assert images.fingerprint(replica.room, replica.books) == images.fingerprint(
        writer.room, writer.books
    )
