"""Commands sent to a standby forwarded to the room's owner (``serve --node --redis``).

A standby that keeps a replica of the room (:mod:`croupier.service.replica`) takes commands
as the owner does (``POST /commands``, a stream socket's command message) and sends each, as
it came, over its command channel to the owner (one websocket, ``WS /nodes/commands`` at the
base URL the owner keeps with its lease, ``serve --advertise``; :mod:`.node_channel`), with
the caller's own bearer token (the nodes share the session secret): the owner checks and
applies it as if the caller had sent it there, and its reply, status and body, is returned
unchanged. One channel carries every command in flight, each frame numbered, where an HTTP
request each cost the standby's event loop more than the command cost the owner. An owner
that cannot be reached, or none known: 503 naming it (the command was not sent); an owner
that took the command and sent no reply (the channel closed, or no answer within 30 s): 503
saying that the command may have been applied (the caller reads before sending it again).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import itertools
import json
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import sqlalchemy as sa
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from croupier.service.limits import KEEP_ALIVE_SECONDS, MAX_WS_MESSAGE
from croupier.service.node import Node
from croupier.service.store.lease import CLAUSE, Holder

#: How a refusal says that the owner took the command and sent no reply: perhaps applied.
MAY_HAVE_BEEN_APPLIED = "the command may have been applied"

#: Seconds a forwarded command may take at the owner (a group commit, a loaded machine).
TIMEOUT_S = 30.0


#: The owner's channel at every node (:mod:`.node_channel`).
PATH = "/nodes/commands"
#: Bytes of a frame that are not the command or the token (its id and keys, with room).
FRAME_ROOM = 1024


def node_key(secret: bytes) -> str:
    """The key a node opens another's channel with: the session secret's, never the secret."""
    return hmac.new(secret, b"croupier node channel", hashlib.sha256).hexdigest()


class Unreachable(Exception):
    """The owner's channel could not be opened: nothing was sent."""


class NoReply(Exception):
    """A command sent on the channel got no reply: it may have been applied."""


class Channel:
    """One open channel to the owner at ``url``: numbered frames out, replies matched in."""

    def __init__(self, url: str, ws: ClientConnection) -> None:
        self.url, self.ws = url, ws
        self.pending: dict[int, asyncio.Future[tuple[int, dict[str, Any]]]] = {}
        self.ids = itertools.count(1)
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, url: str, key: str, timeout: float) -> Channel:
        ws_url = "ws" + url.rstrip("/").removeprefix("http") + PATH
        try:
            ws = await connect(
                ws_url,
                additional_headers={"Authorization": f"Bearer {key}"},
                open_timeout=timeout,
                max_size=None,
            )
        except (OSError, TimeoutError, WebSocketException) as e:
            raise Unreachable(f"{type(e).__name__}: {e}") from e
        return cls(url, ws)

    @property
    def open_now(self) -> bool:
        return not self.reader.done()

    async def request(self, token: str, command: str, timeout: float) -> tuple[int, dict[str, Any]]:
        """The owner's status and body for ``command`` (its JSON) sent as the bearer of
        ``token``; :class:`NoReply` if none comes."""
        n = next(self.ids)
        done = self.pending[n] = asyncio.get_running_loop().create_future()
        try:
            frame = f'{{"id":{n},"token":{json.dumps(token)},"command":{command}}}'
            await self.ws.send(frame)
            return await asyncio.wait_for(asyncio.shield(done), timeout)
        except (OSError, TimeoutError, WebSocketException) as e:
            raise NoReply(f"{type(e).__name__}: {e}") from e
        finally:
            self.pending.pop(n, None)

    async def _read(self) -> None:
        why: Exception = NoReply("the channel closed")
        try:
            async for text in self.ws:
                frame = json.loads(text)
                done = self.pending.get(frame.get("id"))
                reply = frame.get("body")
                if done is not None and not done.done():
                    done.set_result((int(frame.get("status", 500)), reply))
        except Exception as e:  # the connection, or a frame not of the channel's shape
            why = NoReply(f"the channel closed: {type(e).__name__}: {e}")
        for done in self.pending.values():
            if not done.done():
                done.set_exception(why)

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(Exception):
            await self.reader


class Forwarder:
    """The standby ``node``'s way to the owner: one channel, opened when first needed and
    again after it closes, to whichever node holds the lease (``secret``: the session
    secret, whose :func:`node_key` opens the owner's channel)."""

    def __init__(self, node: Node, secret: bytes, timeout: float = TIMEOUT_S) -> None:
        self.node, self.key, self.timeout = node, node_key(secret), timeout
        self.channel: Channel | None = None
        self._opening: asyncio.Lock | None = None
        self._http: httpx.AsyncClient | None = None  # commands too large for a frame
        #: the replica's catch-up to the heads of an accepted command, before its reply
        self.reach: Callable[[dict[str, int]], Awaitable[None]] | None = None

    async def send(self, token: str, data: Any) -> tuple[int, dict[str, Any]]:
        """``data`` sent to the owner as the bearer of ``token``: the owner's status and
        body, or 503 and a refusal naming the owner (unknown, unreachable). An owner that
        cannot be reached is looked up again in the lease (another node may have taken the
        room over since this node last read it), and the command sent there once."""
        h = self.node.lease.seen
        got = await self._post(h, token, data)
        if isinstance(got, Unreachable):
            now = await asyncio.to_thread(self._holder)
            if now is not None and (h is None or (now.node, now.epoch) != (h.node, h.epoch)):
                h, got = now, await self._post(now, token, data)
        if isinstance(got, tuple):
            return got
        return 503, {"refused": self._why(h, got)[:500], "clause": CLAUSE}

    def _holder(self) -> Holder | None:
        try:
            return self.node.lease.holder()
        except sa.exc.DBAPIError:
            return self.node.lease.seen

    async def _post(
        self, h: Holder | None, token: str, data: Any
    ) -> tuple[int, dict[str, Any]] | Exception:
        """The owner ``h``'s reply to ``data``, or the error of sending it (none: a 503)."""
        node = self.node
        if h is None or not h.live or h.node == node.name or not h.url:
            return 503, {"refused": node.refusal(), "clause": CLAUSE}
        try:
            command = json.dumps(data)  # once: its size, then the frame's text
            if len(command) + len(token) > MAX_WS_MESSAGE - FRAME_ROOM:
                status, body = await self._post_http(h.url, token, command)
            else:
                channel = await self._channel(h.url)
                status, body = await channel.request(token, command, self.timeout)
        except (Unreachable, NoReply) as e:
            return e
        if not isinstance(body, dict):
            body = {"refused": f"node {h.node} answered {body!r}"[:500], "clause": CLAUSE}
        heads = body.get("heads")
        if status == 200 and isinstance(heads, dict) and self.reach is not None:
            await self.reach(heads)
        return status, body

    async def _post_http(self, url: str, token: str, command: str) -> tuple[int, Any]:
        """A command larger than a frame (a hand-for-hand record of many hands) sent as its
        own ``POST /commands`` (the body's cap is larger than a websocket message's)."""
        if self._http is None:
            limits = httpx.Limits(keepalive_expiry=KEEP_ALIVE_SECONDS / 2)
            transport = httpx.AsyncHTTPTransport(retries=1, limits=limits)
            self._http = httpx.AsyncClient(timeout=self.timeout, transport=transport)
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        try:
            r = await self._http.post(
                f"{url.rstrip('/')}/commands", content=command, headers=headers
            )
            return r.status_code, r.json()
        except (httpx.ConnectError, httpx.ConnectTimeout) as e:
            raise Unreachable(f"{type(e).__name__}: {e}") from e
        except (httpx.HTTPError, ValueError) as e:
            raise NoReply(f"{type(e).__name__}: {e}") from e

    async def _channel(self, url: str) -> Channel:
        """The open channel to ``url``: the one kept, or a new one (one opening at a time; a
        refused connection tried once more, nothing was sent)."""
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            kept = self.channel
            if kept is not None and kept.url == url and kept.open_now:
                return kept
            if kept is not None:
                self.channel = None
                await kept.close()
            try:
                self.channel = await Channel.open(url, self.key, self.timeout)
            except Unreachable:
                await asyncio.sleep(0.05)
                self.channel = await Channel.open(url, self.key, self.timeout)
            return self.channel

    def _why(self, h: Holder | None, e: Exception) -> str:
        """The refusal of a command the owner ``h`` did not answer."""
        node = self.node
        owner = f"room {node.lease.name}'s owner" + (
            "" if h is None else f", node {h.node} at {h.url}"
        )
        if isinstance(e, Unreachable):
            return (
                f"node {node.name} is a standby: {owner}, cannot be reached ({e}); "
                "nothing was sent: retry in a moment"
            )
        return (
            f"node {node.name} is a standby: {owner}, sent no reply ({e}); "
            f"{MAY_HAVE_BEEN_APPLIED}: read before sending it again"
        )

    async def close(self) -> None:
        if self.channel is not None:
            await self.channel.close()
            self.channel = None
        if self._http is not None:
            await self._http.aclose()
