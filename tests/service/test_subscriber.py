"""A websocket's subscriber (croupier.service.owner.Subscriber): a wake is never lost, a wait
ends at once when woken before it, and a stream that ends wakes every socket."""

from __future__ import annotations

import asyncio

from croupier.service.owner import Hub, Subscriber
from croupier.service.projection import Item
from croupier.table.events import PlayerLeft


def _item(seq: int) -> Item:
    return Item(seq, PlayerLeft("p1", 0, "test"))


def test_a_wake_is_never_lost() -> None:
    async def go() -> None:
        sub = Subscriber()
        sub.put(_item(1))  # woken before it waits: the wait ends at once
        assert sub.wait().done()
        waiting = sub.wait()  # nothing since: it waits
        assert not waiting.done()
        sub.note(1, "reply")
        await asyncio.wait_for(waiting, 1)
        assert [i.seq for i in sub.items] == [1] and list(sub.notes) == [(1, "reply")]
        waiting = sub.wait()
        sub.put(_item(2))
        sub.put(_item(3))  # a second wake while the first is not yet seen: the next wait too
        await asyncio.wait_for(waiting, 1)
        assert sub.wait().done()
        assert not sub.wait().done()

    asyncio.run(go())


def test_a_wait_given_up_loses_nothing_for_the_next() -> None:
    async def go() -> None:
        sub = Subscriber()
        waiting = sub.wait()
        waiting.cancel()
        sub.put(_item(1))
        assert [i.seq for i in sub.items] == [1]

    asyncio.run(go())


def test_a_stream_that_ends_wakes_every_socket() -> None:
    async def go() -> None:
        hub = Hub()
        subs = [hub.subscribe("table:main/a") for _ in range(3)]
        waits = [s.wait() for s in subs]
        hub.publish("table:main/a", [(1, PlayerLeft("p1", 0, "test"))])
        await asyncio.wait_for(asyncio.gather(*waits), 1)
        waits = [s.wait() for s in subs]
        hub.close("node a stopped writing the room")
        await asyncio.wait_for(asyncio.gather(*waits), 1)
        assert {s.closed for s in subs} == {"node a stopped writing the room"}

    asyncio.run(go())
