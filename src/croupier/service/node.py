"""This process as one node of several serving a room (``croupier serve --node NAME``): the
room's writer while it holds the room's lease (:mod:`croupier.service.store.lease`), a standby
otherwise.

Every third of the lease (:attr:`Lease.every`) the node's heartbeat renews the lease it holds,
or tries to acquire it. A node that acquires it loads the room from the store as a start does
(recovery before play, the room from its image and the events after it, the rounds given
their sealed decks back) and serves it; the heartbeat goes on renewing meanwhile. A node that
loses it (a renewal refused, or a commit refused by the lease: :class:`LeaseLost`) says so on
its log, refuses every command from then on (503, naming the node that holds the lease),
closes its stream sockets and drops the room: a standby again. While standby every command and
read of the room is answered 503 naming the owner, and ``/healthz`` says ``standby``.

A node that could not serve at once (:attr:`Node.ready` false: its replica of the room still
loading, after a restart) leaves a free lease for two heartbeats to the standbys that can (a
warm replica is promoted in a fraction of a second; a cold load takes seconds), then takes it
if none has.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import sqlalchemy as sa

from croupier.service.store.lease import Holder, Lease

log = logging.getLogger("croupier.service")

T = TypeVar("T")

#: What a node runs to serve the room once it holds the lease, and to stop serving it (why).
Take = Callable[[], Awaitable[None]]
Drop = Callable[[str], Awaitable[None]]


async def _nothing(_: str = "") -> None:
    return None


class Node:
    """One node's side of a room's lease (see the module's docstring)."""

    def __init__(self, lease: Lease, take: Take = _nothing, drop: Drop = _nothing) -> None:
        self.lease = lease
        self.take, self.drop = take, drop
        self.serving = False  # the room is loaded and served here
        self.taking: asyncio.Task[None] | None = None  # the room being loaded
        self._renewed = 0.0  # when the lease was last renewed (this node's clock, a hint)
        self._losing = False  # the room being dropped: no new try until it is
        self._tasks: set[asyncio.Future[None]] = set()
        #: whether this node could serve the room at once if it took the lease
        self.ready: Callable[[], bool] = lambda: True
        self._free_since: float | None = None  # when this unready node first saw it free
        # the lease's own thread: a renewal queued behind the default pool's work (thousands
        # of sockets opening at once each record their connection there) could come too late
        self._thread = ThreadPoolExecutor(1, f"croupier-lease-{lease.node}")

    async def _run(self, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn)

    @property
    def name(self) -> str:
        return self.lease.node

    def state(self) -> dict[str, Any]:
        """What ``/healthz`` says of this node: its name, whether it serves the room
        (``owner``), is loading it (``taking over``) or waits (``standby``), and who holds the
        lease as last read."""
        role = "owner" if self.serving else "taking over" if self.taking else "standby"
        h = self.lease.seen
        owner = None if h is None or not h.live else {"node": h.node, "epoch": h.epoch}
        return {"name": self.name, "state": role, "lease_s": self.lease.seconds, "owner": owner}

    def refusal(self) -> str:
        """Why this node does not serve the room now (the reason of its 503)."""
        room, h = self.lease.name, self.lease.seen
        if self.taking is not None:
            return f"node {self.name} is taking room {room} over: retry in a moment"
        if h is not None and h.live and h.node != self.name:
            return (
                f"node {self.name} is a standby: room {room} is served by node {h.node} "
                f"(lease epoch {h.epoch}); send it there"
            )
        return (
            f"node {self.name} is a standby: no node serves room {room} now; one takes it "
            f"over within {self.lease.seconds:g} s"
        )

    async def run(self) -> None:
        """The heartbeat, for the server's life."""
        while True:
            await asyncio.sleep(self.lease.every)
            await self.beat()

    async def beat(self) -> None:
        """Renew the lease held, else try to acquire it (and load the room in the
        background); drop the room if the lease is lost."""
        lease = self.lease
        if self._losing:
            return
        if lease.epoch is None:
            if self.serving or self.taking is not None:  # a commit found it lost
                await self.lose(f"node {self.name} no longer holds room {lease.name}'s lease")
                return
            if not await self._defers():
                await self._acquire()
            return
        try:
            held = await self._run(lease.renew)
        except sa.exc.DBAPIError as e:  # the database unreachable: held until it runs out
            log.warning("croupier: node %s: the lease not renewed: %s", self.name, e)
            held = time.monotonic() - self._renewed < lease.seconds
        if held:
            self._renewed = time.monotonic()
            return
        now = await self._run(self._read)  # the owner its refusals name
        where = "" if now is None or not now.live else f": node {now.node} holds it now"
        await self.lose(f"node {self.name}'s lease of room {lease.name} ran out{where}")

    async def _defers(self) -> bool:
        """Whether this node leaves the lease to a readier standby for now."""
        if self.ready():
            self._free_since = None
            return False
        now = await self._run(self._read)
        if now is not None and now.live:
            self._free_since = None
            return True  # held: nothing to take
        first = self._free_since = self._free_since or time.monotonic()
        # a ready standby tries every heartbeat: two of them are time enough to take it
        return time.monotonic() - first < 2 * self.lease.every

    def _read(self) -> Holder | None:
        """Who holds the lease now (as last read, if the database cannot say)."""
        try:
            return self.lease.holder()
        except sa.exc.DBAPIError:
            return self.lease.seen

    async def _acquire(self) -> None:
        try:
            got = await self._run(self.lease.acquire)
        except sa.exc.DBAPIError as e:
            log.warning("croupier: node %s: the lease not acquired: %s", self.name, e)
            return
        await self._run(self._read)
        if not got:
            return
        self._renewed = time.monotonic()
        log.warning(
            "croupier: node %s took room %s's lease (epoch %s): loading the room",
            self.name,
            self.lease.name,
            self.lease.epoch,
        )
        self.taking = asyncio.ensure_future(self._take())

    async def _take(self) -> None:
        began = time.monotonic()
        try:
            await self.take()
        except Exception:
            log.exception("croupier: node %s could not load the room: lease let go", self.name)
            await self._run(self.lease.release)
            return
        finally:
            if self.taking is asyncio.current_task():
                self.taking = None
        self.serving = True
        log.warning(
            "croupier: node %s serves room %s (loaded in %.2f s)",
            self.name,
            self.lease.name,
            time.monotonic() - began,
        )

    async def release(self) -> None:
        """A clean stop: let the lease go (a standby takes over at its next heartbeat)."""
        try:
            await self._run(self.lease.release)
        finally:
            self._thread.shutdown(wait=False)

    async def started(self) -> None:
        """Wait for the room being loaded, if any (a start that acquired the lease)."""
        taking = self.taking
        if taking is not None:
            await asyncio.wait([taking])

    def fenced(self, reason: str) -> None:
        """A commit was refused for want of the lease (told by the room's owner, on the
        event loop): drop the room now rather than at the next heartbeat."""
        task = asyncio.ensure_future(self.lose(reason))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def lose(self, reason: str) -> None:
        """Stop serving the room (see the module's docstring): a standby again."""
        self.lease.epoch = None
        taking, self.taking = self.taking, None
        if taking is not None:
            taking.cancel()
        if not self.serving and taking is None:
            return
        self.serving, self._losing = False, True
        try:
            await self.drop(reason)  # at once: nothing more is read or written here
            now = await self._run(self._read)
            said = "" if now is None or not now.live else f"; node {now.node} holds it"
            said = "" if said[2:] in reason else said  # the reason named it already
            log.error(
                "croupier: node %s: %s%s; a standby now, writing nothing", self.name, reason, said
            )
        finally:
            self._losing = False
