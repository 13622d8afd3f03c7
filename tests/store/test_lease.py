"""The room's lease (PostgreSQL, a fresh database per test): one node holds it at a time, by
the database's clock; a takeover waits for a commit in flight; a commit of a node whose lease
was taken over is refused whole (nothing of it written) and the room it served writes no more;
a node paused inside a commit has its transaction ended by the database once the lease runs
out, so the standby is not held up by it."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from croupier.room import OpenTable, TakeSeat
from croupier.service.store.lease import Fence, Lease, LeaseError, LeaseLost
from croupier.service.store.rooms import RoomStore
from croupier.service.store.significant import Significant, What
from croupier.service.store.store import EventStore
from croupier.table.presets import preset
from support.store import pg_store

#: A short lease: each test waits it out once or twice.
SECONDS = 1.0


@pytest.fixture
def store(pg_server: str) -> Iterator[EventStore]:
    with pg_store(pg_server, "lease") as s:
        yield s


def _expire() -> None:
    time.sleep(SECONDS + 0.3)


def test_a_sqlite_store_keeps_no_lease(tmp_path: Path) -> None:
    s = EventStore(f"sqlite:///{tmp_path / 'x.db'}")
    with pytest.raises(LeaseError, match="a SQLite file has one writer"):
        Lease(s, "main", "a", SECONDS)
    s.close()


def test_a_node_name_and_a_length_are_checked(store: EventStore) -> None:
    with pytest.raises(LeaseError, match="--node 'a b'"):
        Lease(store, "main", "a b", SECONDS)
    with pytest.raises(LeaseError, match=r"--lease-s 0\.5: at least 1 seconds"):
        Lease(store, "main", "a", 0.5)


def test_one_node_holds_the_lease_until_it_runs_out(store: EventStore) -> None:
    a, b = Lease(store, "main", "a", SECONDS), Lease(store, "main", "b", SECONDS)
    assert b.holder() is None
    assert a.acquire() and a.epoch == 1
    assert not b.acquire() and b.epoch is None
    held = b.holder()
    assert held is not None and (held.node, held.epoch, held.live) == ("a", 1, True)
    for _ in range(3):  # renewed on a heartbeat, it never runs out
        time.sleep(SECONDS / 2)
        assert a.renew()
        assert not b.acquire()
    _expire()
    held = b.holder()
    assert held is not None and not held.live
    assert b.acquire() and b.epoch == 2  # a new epoch at each takeover
    assert not a.renew() and a.epoch is None
    assert not a.acquire()  # b holds it now
    b.release()  # a clean stop: free at once
    assert a.acquire() and a.epoch == 3


def test_a_takeover_waits_for_a_commit_in_flight(store: EventStore) -> None:
    a, b = Lease(store, "main", "a", SECONDS), Lease(store, "main", "b", SECONDS)
    assert a.acquire()
    store.create("s", "significant", None)
    e = Significant(What.LOGIN, "ann", "", "t")
    with store.transaction() as w:
        a.bound().fence(w)  # the commit's first statement: the lease renewed, its row locked
        w.conn.execute(sa.text(f"SELECT pg_sleep({SECONDS + 0.3})"))  # a long statement
        held = b.holder()
        assert held is not None and not held.live  # run out by the clock, but
        assert not b.acquire()  # the row is the commit's until it ends
        w.append("s", 0, [e])
    # committed before any takeover: no other node's epoch began meanwhile
    assert store.stream("s").head_seq == 1
    assert b.acquire() and b.epoch == 2
    with pytest.raises(LeaseLost, match=r"node a no longer holds .* node b does \(epoch 2\)"):
        _append(store, a.bound(), 1, e)
    assert store.stream("s").head_seq == 1


def _append(
    store: EventStore,
    fence: Fence,
    seq: int,
    e: object,
    pause: float = 0.0,
    meanwhile: Callable[[], object] = lambda: None,
) -> None:
    """A commit as a node makes one: fenced first, then ``e`` appended to ``s`` after
    ``seq``; ``pause``: the node paused that long inside it, ``meanwhile`` run then."""
    with store.transaction() as w:
        fence.fence(w)
        if pause:
            time.sleep(pause)  # paused: the database ends a transaction idle past the lease
            meanwhile()
        w.append("s", seq, [e])


def _room(store: EventStore, lease: Lease) -> RoomStore:
    rooms = RoomStore(store, "main")
    rooms.fence = lease.bound()
    return rooms


def test_a_commit_after_a_takeover_is_refused_and_writes_nothing(
    store: EventStore, caplog: pytest.LogCaptureFixture
) -> None:
    a, b = Lease(store, "main", "a", SECONDS), Lease(store, "main", "b", SECONDS)
    assert a.acquire()
    first = _room(store, a)
    cfg = preset("dunedin-house", seats=3)
    first.execute(OpenTable("t", cfg))
    first.execute(TakeSeat("ann", "t", 1, cfg.stakes.min_table_stake * 2))
    _expire()
    assert b.acquire()
    second = _room(store, b)  # loaded from the store, as a node that takes over does
    second.execute(TakeSeat("bob", "t", 2, cfg.stakes.min_table_stake * 2))
    heads = {s.id: s.head_seq for s in store.streams()}
    events = store.count()
    caplog.set_level(logging.ERROR, "croupier.service")
    with pytest.raises(LeaseLost, match="node b does"):
        first.execute(TakeSeat("cat", "t", 3, cfg.stakes.min_table_stake * 2))
    assert "room main: a commit was refused: node a no longer holds" in caplog.text
    assert {s.id: s.head_seq for s in store.streams()} == heads
    assert store.count() == events
    assert first.fenced is not None
    with pytest.raises(LeaseLost):  # the room the lease was lost from writes no more
        first.stage(TakeSeat("dan", "t", 3, cfg.stakes.min_table_stake * 2))
    second.execute(TakeSeat("cat", "t", 3, cfg.stakes.min_table_stake * 2))  # b writes on
    assert store.count() > events


def test_a_node_paused_inside_a_commit_holds_up_no_takeover(store: EventStore) -> None:
    a, b = Lease(store, "main", "a", SECONDS), Lease(store, "main", "b", SECONDS)
    assert a.acquire()
    store.create("s", "significant", None)
    e = Significant(What.LOGIN, "ann", "", "t")
    fence = a.bound()
    with pytest.raises(sa.exc.DBAPIError):
        _append(store, fence, 0, e, pause=SECONDS * 2, meanwhile=b.acquire)
    assert b.epoch == 2
    assert store.stream("s").head_seq == 0
    lost = fence.check()  # what a commit that failed so asks of the lease
    assert lost is not None and "node b does (epoch 2)" in str(lost)
