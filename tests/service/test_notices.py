"""The owner's notices on Redis (:mod:`croupier.service.replica`): each commit's heads and rows,
sealed with the nodes' key (AES-GCM: a commit's rows hold hole cards); a standby takes only
what that key sealed, and a commit too large to carry is said by its heads alone. With a real
``redis-server``: a replica that looks at the store only once a minute follows the writer's
commits from their notices, and a notice sealed with another key moves nothing."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path

import orjson
import redis.asyncio

from croupier.service.owner import Hub, RoomOwner
from croupier.service.replica import (
    MAX_BACKLOG,
    MAX_ROWS,
    Notices,
    Replica,
    channel,
    notice_key,
    opened,
    seal,
)
from croupier.service.store.rooms import RoomStore
from croupier.service.store.store import EventStore
from support.redis_server import redis_server
from support.store import next_at_a, play_room

KEY = notice_key(b"the session secret")
ROWS = [("table:main/a", 7, "croupier.table.events:Acted", 1, '{"x":1}', "ab" * 32)]


def test_a_notice_is_taken_only_as_sealed_with_the_nodes_key() -> None:
    data = seal(KEY, b'{"room":"main"}')
    assert opened(KEY, data) == b'{"room":"main"}'
    assert b"main" not in data  # unreadable without the key (hole cards ride in the rows)
    assert seal(KEY, b'{"room":"main"}') != data  # a fresh nonce each time
    assert opened(notice_key(b"another secret"), data) is None
    assert opened(KEY, data[:-1] + bytes([data[-1] ^ 1])) is None  # changed after sealing
    assert opened(KEY, b'{"room":"main"}') is None  # not sealed at all
    assert opened(KEY, "text, not bytes") is None
    assert KEY != b"the session secret" and len(KEY) == 32  # derived: never the secret


def test_a_commits_notice_carries_its_heads_and_rows_unless_too_large() -> None:
    notices = Notices("redis://127.0.0.1:6379", "main", KEY)
    note = orjson.loads(opened(KEY, notices.notice({"table:main/a": 7}, ROWS)) or b"null")
    assert note == {"room": "main", "heads": {"table:main/a": 7}, "rows": [list(r) for r in ROWS]}
    big = [(s, n, t, v, "x" * MAX_ROWS, h) for s, n, t, v, _, h in ROWS]
    note = orjson.loads(opened(KEY, notices.notice({"table:main/a": 7}, big)) or b"null")
    assert note == {"room": "main", "heads": {"table:main/a": 7}}  # the store has the rows
    note = orjson.loads(opened(KEY, notices.notice({"table:main/a": 7}, None)) or b"null")
    assert note == {"room": "main", "heads": {"table:main/a": 7}}  # rows left out: a backlog


def test_a_backlog_of_notices_goes_on_without_rows() -> None:
    """Redis slow: past MAX_BACKLOG commits waiting to be sent, the next are queued with their
    heads alone, so the owner's memory stays bounded (the standbys read the store)."""
    notices = Notices("redis://127.0.0.1:6379", "main", KEY)
    for n in range(MAX_BACKLOG + 3):
        notices.committed({"table:main/a": n + 1}, [ROWS[0]])
    queued = [notices._queue.get_nowait() for _ in range(MAX_BACKLOG + 3)]
    assert all(rows == [ROWS[0]] for _, rows in queued[:MAX_BACKLOG])
    assert all(rows is None for _, rows in queued[MAX_BACKLOG:])


async def _until(check: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(0.02)
    return False


def test_a_replica_follows_sealed_notices_and_ignores_forged_ones(tmp_path: Path) -> None:
    store = EventStore(f"sqlite:///{tmp_path / 'croupier.db'}")
    try:
        writer = RoomStore(store)
        play_room(writer, rounds=1)
        with redis_server() as server:
            asyncio.run(_follow(writer, RoomStore(store), server.url))
    finally:
        store.close()


async def _follow(writer: RoomStore, rooms: RoomStore, url: str) -> None:
    notices = Notices(url, rooms.name, KEY)
    replica = Replica(RoomOwner(rooms, Hub()), url, KEY, poll_s=60.0)
    tasks = [asyncio.ensure_future(notices.run()), asyncio.ensure_future(replica.run())]
    client = redis.asyncio.from_url(url)
    try:
        # subscribed: the replica looked at the store once then, and now waits a minute
        assert await _until(lambda: not replica.down, 10)
        rng = random.Random(6)
        for _ in range(8):
            next_at_a(writer, rng)
            notices.committed(dict(writer.heads), writer.written)
        assert await _until(lambda: rooms.heads == writer.heads, 10), (
            "the notices were not followed"
        )
        # the next commit sealed with another key: nothing moves, and no look is made
        next_at_a(writer, rng)
        forged = Notices(url, rooms.name, notice_key(b"not the nodes' secret"))
        await client.publish(channel(rooms.name), forged.notice(dict(writer.heads), writer.written))
        assert not await _until(lambda: rooms.heads == writer.heads, 1.0)
        notices.committed(dict(writer.heads), writer.written)  # and with the nodes' key
        assert await _until(lambda: rooms.heads == writer.heads, 10)
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await client.aclose()
