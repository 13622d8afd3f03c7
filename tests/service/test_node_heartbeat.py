"""A node's heartbeat renews its lease on a thread of its own: work queued in the event loop's
default thread pool (thousands of sockets opening at once each record their connection there)
must not hold a renewal back until the lease has run out."""

from __future__ import annotations

import asyncio
import itertools
import os
import time
from collections.abc import Iterator

import pytest

from croupier.service.node import Node
from croupier.service.store.lease import Lease
from croupier.service.store.store import EventStore
from support.store import create_database

_names = itertools.count()


@pytest.fixture
def store(pg_server: str) -> Iterator[EventStore]:
    s = EventStore(create_database(pg_server, f"heartbeat{next(_names)}"))
    yield s
    s.close()


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
