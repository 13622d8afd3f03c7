"""Commands sent to a standby forwarded to the room's owner (``serve --node --redis``).

A standby that keeps a replica of the room (:mod:`croupier.service.replica`) takes commands
as the owner does (``POST /commands``, a stream socket's command message) and sends each, as
it came, to ``POST /commands`` at the base URL the owner keeps with its lease (``serve
--advertise``), with the caller's own bearer token (the nodes share the session secret): the
owner checks and applies it as if the caller had sent it there, and its reply, status and
body, is returned unchanged. An owner that cannot be reached, or none known: 503 naming it
(the command was not sent); an owner that took the command and sent no reply: 503 saying that
the command may have been applied (the caller reads before sending it again).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import sqlalchemy as sa

from croupier.service.limits import KEEP_ALIVE_SECONDS
from croupier.service.node import Node
from croupier.service.store.lease import CLAUSE, Holder

#: How a refusal says that the owner took the command and sent no reply: perhaps applied.
MAY_HAVE_BEEN_APPLIED = "the command may have been applied"

#: Seconds a forwarded command may take at the owner (a group commit, a loaded machine).
TIMEOUT_S = 30.0


class Forwarder:
    """The standby ``node``'s way to the owner (one HTTP client, its connections kept)."""

    def __init__(self, node: Node, timeout: float = TIMEOUT_S) -> None:
        self.node = node
        # a kept-alive connection let go before the owner closes it; a refused connection
        # tried once more (nothing was sent)
        limits = httpx.Limits(keepalive_expiry=KEEP_ALIVE_SECONDS / 2)
        transport = httpx.AsyncHTTPTransport(retries=1, limits=limits)
        self.client = httpx.AsyncClient(timeout=timeout, transport=transport)
        #: the replica's catch-up to the heads of an accepted command, before its reply
        self.reach: Callable[[dict[str, int]], Awaitable[None]] | None = None

    async def send(self, token: str, data: Any) -> tuple[int, dict[str, Any]]:
        """``data`` sent to the owner as the bearer of ``token``: the owner's status and
        body, or 503 and a refusal naming the owner (unknown, unreachable). An owner that
        cannot be reached is looked up again in the lease (another node may have taken the
        room over since this node last read it), and the command sent there once."""
        h = self.node.lease.seen
        got = await self._post(h, token, data)
        if isinstance(got, httpx.ConnectError | httpx.ConnectTimeout):
            now = await asyncio.to_thread(self._holder)
            if now is not None and h is not None and (now.node, now.epoch) != (h.node, h.epoch):
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
        url = f"{h.url.rstrip('/')}/commands"
        try:
            r = await self.client.post(url, json=data, headers={"Authorization": f"Bearer {token}"})
            body = r.json()
        except (httpx.HTTPError, ValueError) as e:
            return e
        if not isinstance(body, dict):
            body = {"refused": f"node {h.node} answered {body!r}"[:500], "clause": CLAUSE}
        heads = body.get("heads")
        if r.status_code == 200 and isinstance(heads, dict) and self.reach is not None:
            await self.reach(heads)
        return r.status_code, body

    def _why(self, h: Holder | None, e: Exception) -> str:
        """The refusal of a command the owner ``h`` did not answer."""
        node = self.node
        owner = f"room {node.lease.name}'s owner" + (
            "" if h is None else f", node {h.node} at {h.url}"
        )
        said = f"{type(e).__name__}: {e}"
        if isinstance(e, httpx.ConnectError | httpx.ConnectTimeout):
            return (
                f"node {node.name} is a standby: {owner}, cannot be reached ({said}); "
                "nothing was sent: retry in a moment"
            )
        return (
            f"node {node.name} is a standby: {owner}, sent no reply ({said}); "
            f"{MAY_HAVE_BEEN_APPLIED}: read before sending it again"
        )

    async def close(self) -> None:
        await self.client.aclose()
