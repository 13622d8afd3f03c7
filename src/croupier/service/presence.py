"""Who is connected to each cash table, and the grace period of a player whose connection drops
(issue 15 §3; the rules are the core's, :mod:`croupier.table.absence`).

The service counts each seated player's open websockets per table. When a player's last one
closes it submits :class:`~croupier.table.commands.Disconnect` through the room's owner (the
single writer: committed and published like any command, at the server's time), and starts a
timer that submits :class:`~croupier.table.commands.ExpireGrace` at the deadline the core
recorded; when one opens again it submits :class:`~croupier.table.commands.Reconnect` and stops
the timer. The core refuses an expiry whose grace has not run out or whose player is back, so a
timer that fires late or twice changes nothing. After a restart every recorded disconnection
gets its timer again (:meth:`Presence.resume`): nobody is connected to a server that just
started.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from croupier.room import RoomCommand
from croupier.room.commands import AtTable
from croupier.room.events import AtTableEvent
from croupier.rules import IllegalAction
from croupier.service.owner import Done, Prepare, RoomOwner
from croupier.service.store.rooms import RoomStore
from croupier.table.absence import PlayerDisconnected
from croupier.table.commands import Disconnect, ExpireGrace, Reconnect, TableCommand

log = logging.getLogger(__name__)

Also = tuple[str, str, object]

#: who the store records as the sender of the server's own commands
SERVER = "server"
#: how long a timer waits before looking again when the core says the grace has not run out
RETRY_SECONDS = 0.25
#: how many times a timer looks before it gives up (the deadline passed, refused each time)
RETRIES = 40


class Presence:
    """Open websockets per (table, player), and the grace timers of disconnected players."""

    def __init__(self, owner: RoomOwner, clock: Callable[[], int]) -> None:
        self.owner = owner
        self.clock = clock
        self.open: dict[tuple[str, str], int] = {}
        self.timers: dict[tuple[str, str], asyncio.Task[None]] = {}
        self.tasks: set[asyncio.Task[None]] = set()  # disconnections being recorded

    # ------------------------------------------------------------------------------------
    # What the websockets tell it

    async def opened(self, table: str, player: str) -> None:
        """A websocket of ``player`` at ``table`` opens: a disconnected player is back (their
        return committed before the connection is accepted, so it follows what they missed)."""
        key = (table, player)
        self.open[key] = self.open.get(key, 0) + 1
        if self.open[key] != 1:
            return
        timer = self.timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        if self._recorded(table, player):
            await self._reconnect(table, player)

    async def closed(self, table: str, player: str) -> None:
        """A websocket of ``player`` at ``table`` closed: if it was the last, the seat is kept
        for the table's grace period (the disconnection committed before the handler ends)."""
        key = (table, player)
        left = self.open.get(key, 0) - 1
        if left > 0:
            self.open[key] = left
            return
        self.open.pop(key, None)
        t = self.owner.rooms.room.tables.get(table)
        if t is not None and t.seat_of(player) is not None:  # a seated player's seat is kept
            # shielded: a handler cancelled as its connection goes still records the drop
            task = asyncio.ensure_future(self._disconnect(table, player))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
            await asyncio.shield(task)

    def resume(self) -> int:
        """Timers for the disconnections recorded before the server started; how many."""
        n = 0
        for name, t in self.owner.rooms.room.tables.items():
            for player, until in t.disconnected.items():
                self._start_timer(name, player, until)
                n += 1
        return n

    async def close(self) -> None:
        """Stop every timer (the server is shutting down)."""
        await asyncio.gather(*self.tasks, return_exceptions=True)  # drops being recorded
        pending = list(self.timers.values())
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        self.timers.clear()

    # ------------------------------------------------------------------------------------
    # Submitting the server's commands

    def _recorded(self, table: str, player: str) -> bool:
        t = self.owner.rooms.room.tables.get(table)
        return t is not None and (player in t.disconnected or player in t.absent)

    async def _disconnect(self, table: str, player: str) -> None:
        # the core refuses a player not seated at the table (a spectator's name): no change
        done = await self._submit(table, lambda at: Disconnect(player, at))
        if done is None:
            return
        if self.open.get((table, player)):
            # back before the disconnection was committed: record the return at once
            await self._reconnect(table, player)
            return
        for e in done.events:
            if isinstance(e, AtTableEvent) and isinstance(e.event, PlayerDisconnected):
                self._start_timer(table, player, e.event.until)

    async def _reconnect(self, table: str, player: str) -> None:
        await self._submit(table, lambda at: Reconnect(player, at))

    def _start_timer(self, table: str, player: str, until: int) -> None:
        key = (table, player)
        old = self.timers.pop(key, None)
        if old is not None:
            old.cancel()
        self.timers[key] = asyncio.ensure_future(self._expire(table, player, until))

    async def _expire(self, table: str, player: str, until: int) -> None:
        """Wait for the server's clock to reach ``until``, then submit the expiry (the core
        refuses it, changing nothing, if the player came back or the grace has not run out)."""
        key = (table, player)
        try:
            for _ in range(RETRIES):
                wait = until - self.clock()
                if wait > 0:
                    await asyncio.sleep(wait)
                    continue
                t = self.owner.rooms.room.tables.get(table)
                if self.open.get(key) or t is None or player not in t.disconnected:
                    return
                if await self._submit(table, lambda at: ExpireGrace(player, at)) is not None:
                    return
                await asyncio.sleep(RETRY_SECONDS)
        finally:
            if self.timers.get(key) is asyncio.current_task():
                del self.timers[key]

    async def _submit(self, table: str, make: Callable[[int], TableCommand]) -> Done | None:
        """Submit the command ``make(now)`` through the room's owner; ``None`` if refused."""
        clock = self.clock

        def prepare(_: RoomStore) -> tuple[RoomCommand, str, str, Sequence[Also]]:
            # the server's time when the command's turn comes, as a player's command takes it
            return AtTable(table, make(clock())), SERVER, "", ()

        p: Prepare = prepare
        try:
            return await self.owner.submit(p, table)
        except IllegalAction:
            return None
        except Exception:  # a failed commit: nothing was accepted; the next look tries again
            log.exception("recording a connection change at %s failed", table)
            return None
