"""A client may connect to any node (``croupier serve --node NAME --redis URL``): the owner
of the room says on Redis what each commit wrote, and every standby keeps a warm replica of
the room, follows it, and serves its reads and stream sockets from it.

:class:`Notices` (the owner's side): after each group commit, one notice on the room's channel
(:func:`channel`): the heads the commit moved and the rows it wrote to the room's streams,
``{"room", "heads", "rows"}`` (the rows left out past :data:`MAX_ROWS`, or while
:data:`MAX_BACKLOG` notices wait to be sent), sealed with the nodes' key (:func:`seal`:
AES-GCM under :func:`notice_key`, from the session secret they share), since those rows hold
the hole cards of rounds in play. The store stays the truth: a notice lost, not sealed with
that key, or out of turn costs a look at it, nothing else.

:class:`Replica` (a standby's side): the room loaded as a takeover loads it, then each
notice's rows folded as they come when they are exactly what follows its heads (each stream
numbered on, each hash the chain's: :meth:`RoomStore.fold_written`); otherwise, and at least
every ``poll_s`` seconds whatever Redis says, a look at the store (:meth:`RoomStore.follow`),
under the room's lock. What is folded is published to this node's own subscribers exactly as
the owner publishes its commits (:func:`croupier.service.owner.publish`): the same messages,
the same sequence numbers. With Redis down the replica says so on its log and polls the store
every ``down_s`` seconds until Redis answers again; it never stops following.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import os
import sys
from collections import deque
from typing import Any

import orjson
import sqlalchemy as sa
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from croupier.service.auth import STREAM as USERS
from croupier.service.auth import Directory
from croupier.service.owner import RoomOwner, publish, table_items
from croupier.service.store.rooms import table_stream
from croupier.service.store.store import Written

log = logging.getLogger("croupier.service")

#: Seconds between two looks at the store while Redis answers (a notice may be lost).
POLL_S = 2.0
#: Seconds between two looks at the store while Redis is down.
DOWN_S = 0.25
#: Seconds between two tries to reach Redis again.
RETRY_S = 1.0
#: The most bytes of JSON a notice's rows may take; a commit that wrote more is said by its
#: heads alone, and the standbys read its rows from the store.
MAX_ROWS = 256 * 1024
#: Commits waiting to be sent on Redis past which the next ones go without their rows (Redis
#: slow or hung: the backlog stays small, and the standbys read those rows from the store).
MAX_BACKLOG = 1000
#: Seconds a forwarded command's reply waits for its commit's notice to be folded before the
#: replica looks at the store. Only a lost last notice waits this long: a notice without its
#: rows, or one that does not follow the heads held here, makes the replica look at once, and
#: Redis down makes it look without waiting. Under load, a shorter wait (0.05 s was tried) made
#: every reply delayed past it look at the store, which reads every stream's head, under the
#: room's lock: at 2,000 tables those looks queued behind each other.
REACH_S = 0.5
NONCE_BYTES = 12
NOTICE_AAD = b"croupier notice"


def _redis(url: str) -> tuple[Any, tuple[type[BaseException], ...]]:
    """A Redis client of ``url`` (the ``cluster`` extra's ``redis`` package, imported only
    where ``--redis`` is given), and the errors that say Redis is not there."""
    try:
        import redis.asyncio
        from redis.exceptions import RedisError
    except ImportError:
        print(
            "croupier: error: --redis needs the redis package, which is not installed: "
            "pip install 'croupier[cluster]'",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    return redis.asyncio.from_url(url), (RedisError, OSError)


def check_url(url: str) -> str | None:
    """Why ``url`` cannot name a Redis server (``None``: it can); without the ``redis``
    package, said in one line and exit 2."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return f"--redis {url!r}: a Redis URL, as redis://host:port"
    try:
        _redis(url)
    except ValueError as e:
        return f"--redis {url!r}: {e}"
    return None


def channel(room: str) -> str:
    """The Redis channel of ``room``'s notices."""
    return f"croupier:room:{room}"


def notice_key(secret: bytes) -> bytes:
    """The key the nodes seal their notices with (AES-256): the session secret's, never the
    secret."""
    return hmac.new(secret, b"croupier notices", hashlib.sha256).digest()


def seal(key: bytes, payload: bytes) -> bytes:
    """``payload`` sealed with ``key``: AES-256-GCM under a fresh 96-bit nonce, the nonce
    first. A notice carries the rows of the room's streams, hole cards of rounds in play
    among them: a client of Redis without the key reads nothing of it and can forge none."""
    nonce = os.urandom(NONCE_BYTES)
    return nonce + AESGCM(key).encrypt(nonce, payload, NOTICE_AAD)


def opened(key: bytes, data: object) -> bytes | None:
    """The payload of ``data`` if sealed with ``key`` (:func:`seal`) and unchanged, else
    ``None``."""
    if not isinstance(data, bytes) or len(data) <= NONCE_BYTES:
        return None
    try:
        return AESGCM(key).decrypt(data[:NONCE_BYTES], data[NONCE_BYTES:], NOTICE_AAD)
    except InvalidTag:
        return None


class Notices:
    """The owner's notices (see the module's docstring): :meth:`committed` is the room
    owner's hook (on the event loop); :meth:`run` sends them, in order, for the server's
    life. Redis down: said once on the log (and once when it is back); play goes on."""

    def __init__(self, url: str, room: str, key: bytes) -> None:
        self.url, self.room, self.key = url, room, key
        self._queue: asyncio.Queue[tuple[dict[str, int], list[Written] | None]] = asyncio.Queue()
        self._down = False
        self._errors: tuple[type[BaseException], ...] = ()

    def committed(self, heads: dict[str, int], rows: list[Written]) -> None:
        self._queue.put_nowait((heads, rows if self._queue.qsize() < MAX_BACKLOG else None))

    async def run(self) -> None:
        client, self._errors = _redis(self.url)
        try:
            while True:
                commits = [await self._queue.get()]
                while not self._queue.empty():  # what queued meanwhile, in one round trip
                    commits.append(self._queue.get_nowait())
                await self._send(client, commits)
        finally:
            await client.aclose()

    def notice(self, heads: dict[str, int], rows: list[Written] | None) -> bytes:
        """One commit's notice, sealed (its heads alone without ``rows`` or past
        :data:`MAX_ROWS`)."""
        payload = b""
        if rows is not None:
            payload = orjson.dumps({"room": self.room, "heads": heads, "rows": rows})
        if rows is None or len(payload) > MAX_ROWS:
            payload = orjson.dumps({"room": self.room, "heads": heads})
        return seal(self.key, payload)

    async def _send(
        self, client: Any, commits: list[tuple[dict[str, int], list[Written] | None]]
    ) -> None:
        try:
            async with client.pipeline(transaction=False) as pipe:
                for heads, rows in commits:
                    pipe.publish(channel(self.room), self.notice(heads, rows))
                await pipe.execute()
        except self._errors as e:
            if not self._down:
                log.warning("croupier: redis %s: notices not sent (%s); standbys poll", self.url, e)
            self._down = True
            return
        if self._down:
            log.warning("croupier: redis %s answers again: notices sent", self.url)
            self._down = False


class Replica:
    """A standby's replica of the room (see the module's docstring), for ``own``: a room
    owner that writes nothing (:attr:`RoomOwner.follows`)."""

    def __init__(
        self,
        own: RoomOwner,
        url: str,
        key: bytes,
        directory: Directory | None = None,
        poll_s: float = POLL_S,
        down_s: float = DOWN_S,
    ) -> None:
        self.own, self.url, self.key, self.poll_s, self.down_s = own, url, key, poll_s, down_s
        #: the users, read again when their stream moves (a user added at another node)
        self.directory = directory
        self._users = -1
        self.wake = asyncio.Event()
        self.down = True  # until subscribed
        #: the catch-up under way, which every caller that asks meanwhile awaits
        self._catching: asyncio.Future[int] | None = None
        self._said_down = False
        self._notes: deque[list[Any]] = deque()  # the notices' rows, to fold in turn
        self._look = False  # a look at the store wanted (a notice without its rows)
        self._folded = asyncio.Event()  # set, and replaced, whenever something is folded
        self._said_unsealed = False

    async def run(self) -> None:
        """Listen to Redis and follow the store, until cancelled (a takeover, a stop). The
        store unreachable: said once, and tried again (nothing was folded: a catch-up reads
        before it folds). A catch-up that fails otherwise (a bug) may have folded part of
        what it read: the replica is loaded again and its sockets closed (their clients
        reconnect and catch up from the store)."""
        listener = asyncio.ensure_future(self._listen())
        failing = False
        try:
            while True:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(
                        self.wake.wait(), self.down_s if self.down else self.poll_s
                    )
                look, self._look = not self.wake.is_set() or self._look, False
                self.wake.clear()
                try:
                    if self._notes and not await self._fold_notes():
                        look = True
                    if look:
                        await self.catch_up()
                except sa.exc.DBAPIError as e:
                    if not failing:
                        log.warning("croupier: the replica cannot read the store: %s", e)
                    failing = True
                    continue
                except Exception:
                    log.exception("croupier: the replica failed to follow: loading it again")
                    await self.reload()
                failing = False
        finally:
            listener.cancel()

    async def reload(self) -> None:
        """The replica loaded again from the store; every socket following it closed."""
        own = self.own
        async with own.lock:
            own.hub.close(f"{own.follows}: its replica was loaded again; reconnect")
            await asyncio.to_thread(own.rooms.load)

    async def catch_up(self) -> int:
        """Fold what the owner committed since the last look, and publish it here: the
        events folded. The users read again if their stream moved. The look begins after
        the call (it sees what was committed before); calls made meanwhile share it: a call
        while a look is under way waits for it to end, then shares the next look, which the
        first of them begins. Under load the replies to forwarded commands, each wanting its
        events here first, share a look or two instead of queueing one each."""
        running = self._catching
        if running is not None:  # begun before this call: perhaps blind to what it wants
            with contextlib.suppress(Exception):
                await asyncio.shield(running)
        if self._catching is None:
            self._catching = asyncio.ensure_future(self._catch_up())
            self._catching.add_done_callback(self._caught)
        return await asyncio.shield(self._catching)

    def _caught(self, done: asyncio.Future[int]) -> None:
        if self._catching is done:
            self._catching = None

    async def _catch_up(self) -> int:
        own = self.own
        rooms = own.rooms
        async with own.lock:
            before, events = await asyncio.to_thread(rooms.follow)
            self._publish(before, events)
        # the users read again if their stream moved (its head read by the same look)
        head = rooms.seen.get(USERS, 0)
        if self.directory is not None and head != self._users:
            await asyncio.to_thread(self.directory.load)
            self._users = head
        return len(events)

    def _publish(self, before: dict[str, int], events: list[Any]) -> None:
        """What was folded, to this node's subscribers (the room's lock held)."""
        rooms = self.own.rooms
        if events:
            items = table_items(rooms, before, events)
            prefix = table_stream(rooms.name, "")
            tables = {k: k[len(prefix) :] for k in items if k.startswith(prefix)}
            publish(self.own.hub, rooms, [items], tables, True)
        self._folded.set()
        self._folded = asyncio.Event()

    async def _fold_notes(self) -> bool:
        """Fold the notices' rows in turn; ``False`` at the first that does not follow the
        heads held here (the rest dropped: a look at the store reads them)."""
        own = self.own
        async with own.lock:
            while self._notes:
                got = own.rooms.fold_written(self._notes.popleft())
                if got is None:
                    self._notes.clear()
                    return False
                self._publish(*got)
        return True

    async def reach(self, heads: dict[str, int]) -> None:
        """Wait until the replica has ``heads`` (a command this node forwarded was committed
        there): its reply then follows its events here, and the reads after it show it. Its
        commit's notice is waited for :data:`REACH_S` seconds, then the store is looked at. A
        failure is left to the following loop (the command was accepted)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + REACH_S
        have = self.own.rooms.heads
        while any(have.get(stream, 0) < head for stream, head in heads.items()):
            left = deadline - loop.time()
            if self.down or left <= 0:
                try:
                    await self.catch_up()
                except Exception:  # the reply stands; the loop tries again
                    self.wake.set()
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._folded.wait(), left)
            have = self.own.rooms.heads

    async def _listen(self) -> None:
        while True:
            client, errors = _redis(self.url)
            try:
                async with client.pubsub() as sub:
                    await sub.subscribe(channel(self.own.rooms.name))
                    if self.down and self._said_down:
                        log.warning("croupier: redis %s answers again: following it", self.url)
                    self.down, self._said_down = False, False
                    self.wake.set()  # what was committed while not subscribed
                    async for message in sub.listen():
                        if message.get("type") == "message":
                            self._take(message["data"])
            except errors as e:
                self.down = True
                if not self._said_down:
                    log.warning(
                        "croupier: redis %s unreachable (%s): the replica polls the store "
                        "every %g s",
                        self.url,
                        e,
                        self.down_s,
                    )
                    self._said_down = True
            finally:
                await client.aclose()
            await asyncio.sleep(RETRY_S)

    def _take(self, data: object) -> None:
        """A notice: its rows queued to fold, or a look wanted if it names a head not read
        here and carries no rows. One not sealed with the nodes' key is ignored (said once)."""
        payload = opened(self.key, data)
        if payload is None:
            if not self._said_unsealed:
                log.warning("croupier: a notice not sealed with the nodes' key: ignored")
                self._said_unsealed = True
            return
        try:
            note = orjson.loads(payload)
            rows, heads = note.get("rows"), note["heads"]
            have = self.own.rooms.heads
            if isinstance(rows, list):
                self._notes.append(rows)
            elif any(int(n) > have.get(str(s), 0) for s, n in heads.items()):
                self._look = True
            else:
                return
        except (ValueError, KeyError, TypeError, AttributeError):
            self._look = True
        self.wake.set()
