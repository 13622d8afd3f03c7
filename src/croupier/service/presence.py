"""Who is connected to each cash table, and the grace period of a player whose connection drops
(issue 15 §3; the rules are the core's, :mod:`croupier.table.absence`).

The service counts each seated player's open websockets per table. When a player's last one
closes it submits :class:`~croupier.table.commands.Disconnect` through the room's owner (the
single writer: committed and published like any command, at the server's time), and starts a
timer that submits :class:`~croupier.table.commands.ExpireGrace` at the deadline the core
recorded; when one opens again it submits :class:`~croupier.table.commands.Reconnect` and stops
the timer. The core refuses an expiry whose grace has not run out or whose player is back, so a
timer that fires late or twice changes nothing.

A server killed outright (SIGKILL, a power cut) runs none of that, so who was connected is kept
durably: a player's first connection to a table and the loss of their last are significant
events (``What.CONNECTED`` and ``What.CONNECTION_LOST``, ``who`` the player, ``detail`` the
table's stream), appended outside the room's owner (never on the command path), those due at
the same time in one append.
The connection is recorded before it is accepted, and its loss after the disconnection is
committed, so after any crash the log says connected for everyone who was (and maybe for one
whose disconnection is already on the table, which the start skips). At start, before play
(:meth:`Presence.recover`), every player the log leaves connected to a table where they are
still seated, and not already recorded disconnected or absent there, is disconnected at the
server's time of the restart, and every such connection is recorded lost; then every recorded
disconnection gets its timer (:meth:`Presence.resume`): nobody is connected to a server that
just started. A player who comes back after the restart is reconnected as after any drop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import sqlalchemy as sa

from croupier.room import RoomCommand
from croupier.room.commands import AtTable
from croupier.room.events import AtTableEvent
from croupier.rules import IllegalAction
from croupier.service.background import Background
from croupier.service.owner import Done, Prepare, RoomOwner
from croupier.service.store import codec
from croupier.service.store.lease import LeaseLost
from croupier.service.store.recovery import record_all
from croupier.service.store.rooms import RoomStore, table_stream
from croupier.service.store.schema import events
from croupier.service.store.significant import STREAM as SIGNIFICANT
from croupier.service.store.significant import Significant, What
from croupier.service.store.store import EventStore
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
#: what the stored body of a connection record holds (``What.CONNECTED`` and
#: ``What.CONNECTION_LOST`` by name), and no other significant event's: a filter, checked after
_CONNECTION_RECORD = '"name":"CONNECT'


class Presence:
    """Open websockets per (table, player), and the grace timers of disconnected players."""

    def __init__(
        self, owner: RoomOwner, clock: Callable[[], int], background: Background | None = None
    ) -> None:
        self.owner = owner
        self.clock = clock
        # runs the grace timers and the recording of drops: one that dies is reported
        self.background = background or Background()
        self.store: EventStore = owner.rooms.store
        self.open: dict[tuple[str, str], int] = {}
        self.timers: dict[tuple[str, str], asyncio.Task[None]] = {}
        self.tasks: set[asyncio.Task[None]] = set()  # disconnections being recorded
        # the connections the significant-events log says are open (what it says last)
        self.noted: set[tuple[str, str]] = set()
        self._noting: dict[tuple[str, str], asyncio.Lock] = {}  # one record at a time
        # connection records waiting for the next append, and the task making it
        self._due: list[tuple[Significant, asyncio.Future[None]]] = []
        self._writing: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------------------------
    # What the websockets tell it

    async def opened(self, table: str, player: str) -> bool:
        """A websocket of ``player`` at ``table`` opens: the connection is recorded, and a
        disconnected player is back (both committed before the connection is accepted, so the
        return follows what they missed). ``False``, nothing changed, if the connection could
        not be recorded: the caller refuses it."""
        key = (table, player)
        self.open[key] = self.open.get(key, 0) + 1
        first = self.open[key] == 1  # (counted before any wait: openers may come together)
        try:
            await self._note(table, player)  # each opener waits until the log says connected
        except Exception:
            log.exception("recording %s's connection to %s failed", player, table)
            left = self.open[key] - 1
            if left > 0:
                self.open[key] = left
            else:
                del self.open[key]
            return False
        if not first:
            return True
        timer = self.timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        if self._recorded(table, player):
            await self._reconnect(table, player)
        return True

    async def closed(self, table: str, player: str) -> None:
        """A websocket of ``player`` at ``table`` closed: if it was the last, the seat is kept
        for the table's grace period (the disconnection committed, then the loss of the
        connection recorded, before the handler ends)."""
        key = (table, player)
        left = self.open.get(key, 0) - 1
        if left > 0:
            self.open[key] = left
            return
        self.open.pop(key, None)
        t = self.owner.rooms.room.tables.get(table)
        seated = t is not None and t.seat_of(player) is not None  # a seated player's seat is kept
        # shielded: a handler cancelled as its connection goes still records the drop
        part = f"recording the loss of {player}'s connection to {table}"
        task = self.background.task(part, self._lost(table, player, seated))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        await asyncio.shield(task)

    async def recover(self) -> int:
        """Before play, after a start: every player the significant-events log leaves connected
        to a table (the server stopped, or was killed, with the connection open) and who is
        still seated there, not recorded disconnected or absent, is disconnected at the
        server's time now; each such connection is then recorded lost. How many were
        disconnected (:meth:`resume` starts their timers)."""
        prefix = table_stream(self.owner.rooms.name, "")
        left = await asyncio.to_thread(connected, self.store, prefix)
        seated: list[tuple[str, str]] = []
        for stream, player in left:
            table = stream[len(prefix) :]
            t = self.owner.rooms.room.tables.get(table)
            if (
                t is not None
                and t.seat_of(player) is not None
                and not self._recorded(table, player)
            ):
                seated.append((stream, player))

        def drop(player: str) -> Callable[[int], TableCommand]:
            return lambda at: Disconnect(player, at)

        # submitted together, so that the owner commits them in a group or a few: one commit
        # each, awaited in turn, kept a takeover of 200 busy tables from serving for seconds
        done = await asyncio.gather(
            *(self._submit(stream[len(prefix) :], drop(player)) for stream, player in seated)
        )
        # one not recorded: the log still says connected (the next start tries again)
        failed = {k for k, d in zip(seated, done, strict=True) if d is None}
        lost = [
            Significant(What.CONNECTION_LOST, player, stream, self._at())
            for stream, player in left
            if (stream, player) not in failed
        ]
        if lost:  # one append for them all
            await asyncio.to_thread(record_all, self.store, lost)
        return len(seated) - len(failed)

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

    def _at(self) -> str:
        return datetime.fromtimestamp(self.clock(), UTC).isoformat()

    async def _note(self, table: str, player: str) -> None:
        """Bring the log in line with the connections open now (shielded: a record written is
        a record noted, even if the caller is cancelled)."""
        task = asyncio.ensure_future(self._sync(table, player))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        await asyncio.shield(task)

    async def _sync(self, table: str, player: str) -> None:
        key = (table, player)
        lock = self._noting.setdefault(key, asyncio.Lock())
        async with lock:  # the records of one (table, player) in the order of the changes
            now = bool(self.open.get(key))
            if (key in self.noted) == now:
                return
            what = What.CONNECTED if now else What.CONNECTION_LOST
            stream = table_stream(self.owner.rooms.name, table)
            await self._log(Significant(what, player, stream, self._at()))
            if now:
                self.noted.add(key)
            else:
                self.noted.discard(key)

    async def _log(self, e: Significant) -> None:
        """Append ``e`` with the other connection records due now, in one append: thousands
        of sockets opening at once (a room's bots, clients reconnecting after a restart) make
        a few appends, not one each contending for the significant-events stream."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._due.append((e, done))
        if self._writing is None:
            self._writing = asyncio.ensure_future(self._write())
        await done

    async def _write(self) -> None:
        try:
            while self._due:
                due, self._due = self._due, []
                try:
                    await asyncio.to_thread(record_all, self.store, [e for e, _ in due])
                except Exception as ex:  # each waiter is told (shielded callers see it)
                    for _, done in due:
                        if not done.done():
                            done.set_exception(ex)
                    continue
                for _, done in due:
                    if not done.done():
                        done.set_result(None)
        finally:
            self._writing = None

    async def _lost(self, table: str, player: str, seated: bool) -> None:
        if seated:
            await self._disconnect(table, player)
        try:
            await self._sync(table, player)
        except Exception:  # the log still says connected: a restart disconnects them (if due)
            log.exception("recording the loss of %s's connection to %s failed", player, table)

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
        part = f"the grace timer of {player} at {table}"
        self.timers[key] = self.background.task(part, self._expire(table, player, until))

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
        except (IllegalAction, LeaseLost):  # refused (said where the lease was lost)
            return None
        except Exception:  # a failed commit: nothing was accepted; the next look tries again
            log.exception("recording a connection change at %s failed", table)
            return None


def connected(store: EventStore, prefix: str) -> list[tuple[str, str]]:
    """The (table stream, player) pairs whose last connection record in the significant-events
    log, among the tables whose streams start with ``prefix``, says connected. Only the
    connection records are decoded (the database picks them out of the log-ins and the rest)."""
    q = (
        sa.select(events.c.body)
        .where(events.c.stream_id == SIGNIFICANT, events.c.body.contains(_CONNECTION_RECORD))
        .order_by(events.c.seq)
    )
    last: dict[tuple[str, str], bool] = {}
    with store.reading() as conn:
        bodies = [body for (body,) in conn.execute(q)]
    for body in bodies:
        e = codec.unwrap(body)
        if (
            isinstance(e, Significant)
            and e.what in (What.CONNECTED, What.CONNECTION_LOST)
            and e.detail.startswith(prefix)
        ):
            last[(e.detail, e.who)] = e.what is What.CONNECTED
    return [k for k, now in last.items() if now]
