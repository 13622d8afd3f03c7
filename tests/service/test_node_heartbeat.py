"""A node's heartbeat renews its lease on a thread of its own: work queued in the event loop's
default thread pool (thousands of sockets opening at once each record their connection there)
must not hold a renewal back until the lease has run out. A node not ready to serve at once
(its replica still loading) leaves a free lease to a standby that is, for two heartbeats."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator

import pytest

from croupier.service.node import Node
from croupier.service.store.lease import Lease
from croupier.service.store.store import EventStore
from support.store import pg_store


@pytest.fixture
def store(pg_server: str) -> Iterator[EventStore]:
    with pg_store(pg_server, "heartbeat") as s:
        yield s


def test_a_renewal_does_not_wait_behind_the_default_thread_pool(store: EventStore) -> None:
    lease = Lease(store, "main", "a", 1.0)
    node = Node(lease)

    async def beat_while_the_pool_is_busy() -> float:
        await node.beat()  # acquires (nothing to load)
        await node.started()
        assert lease.epoch == 1
        loop = asyncio.get_running_loop()
        # every thread of the default pool taken, twice over
        threads = min(32, (os.cpu_count() or 1) + 4)  # the default pool's (asyncio's) size
        busy = [loop.run_in_executor(None, time.sleep, 0.8) for _ in range(2 * threads)]
        await asyncio.sleep(0.05)
        t0 = time.monotonic()
        await node.beat()  # a renewal
        took = time.monotonic() - t0
        assert lease.epoch == 1  # renewed, not lost
        await asyncio.gather(*busy)
        await node.release()
        return took

    took = asyncio.run(beat_while_the_pool_is_busy())
    assert took < 0.5, f"the renewal took {took:.2f} s behind the pool's work"


def test_a_node_still_loading_leaves_a_free_lease_to_a_ready_standby(store: EventStore) -> None:
    owner, warm = Node(Lease(store, "main", "a", 1.0)), Node(Lease(store, "main", "w", 1.0))
    cold = Node(Lease(store, "main", "c", 1.0))
    cold.ready = lambda: False  # its replica still loading: a takeover would wait for it

    async def play() -> None:
        await owner.beat()
        assert owner.lease.epoch == 1
        await owner.release()  # the lease free (as when it runs out after a SIGKILL)
        await cold.beat()
        assert cold.lease.epoch is None  # left to a standby that can serve at once
        await warm.beat()
        assert warm.lease.epoch == 2
        await cold.beat()  # held: nothing to take
        await warm.release()
        await cold.beat()
        assert cold.lease.epoch is None
        await asyncio.sleep(2 * cold.lease.every + 0.05)  # no ready standby took it meanwhile
        await cold.beat()
        assert cold.lease.epoch == 3
        await cold.release()

    asyncio.run(play())
