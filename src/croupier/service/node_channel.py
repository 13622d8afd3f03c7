"""The owner's end of the command channel between nodes (``serve --node --redis``).

A standby forwards the commands sent to it over one websocket per owner, ``WS
/nodes/commands``, instead of an HTTP request each: a frame ``{"id": n, "token": t,
"command": {...}}`` is checked and applied exactly as ``POST /commands`` with the bearer token
``t`` would be (the caller's own: the nodes share the session secret), and answered ``{"id":
n, "status": s, "body": {...}}`` once committed or refused, the route's status and body.
Frames are answered as they finish, not in order. The channel itself is opened only with the
nodes' key (:func:`node_key`, derived from the session secret) in the ``Authorization``
header; any other client is closed with 4401 before a frame is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from croupier.service import dispatch, limits
from croupier.service.deps import LOG_IN_FIRST, Refused, Service, area, user_of
from croupier.service.forward import PATH, node_key

router = area()


@router.websocket(PATH)
async def channel(ws: WebSocket) -> None:
    svc: Service = ws.app.state.service
    given = ws.headers.get("authorization", "").removeprefix("Bearer ")
    if not hmac.compare_digest(given, node_key(svc.sessions.secret)):
        await ws.close(code=4401, reason="the nodes' key, or no channel")
        return
    await ws.accept()
    running: set[asyncio.Task[None]] = set()

    async def answer(frame: dict[str, Any]) -> None:
        status, reply = await one(svc, frame.get("token"), frame.get("command"))
        with contextlib.suppress(Exception):  # the channel closed meanwhile: the standby
            # answers its caller that the command may have been applied
            await ws.send_json({"id": frame.get("id"), "status": status, "body": reply})

    try:
        while True:
            try:
                frame = limits.loads((await ws.receive_text()).encode())
            except limits.BadJson:
                continue  # a node sends JSON: nothing to answer
            if isinstance(frame, dict):
                task = asyncio.ensure_future(answer(frame))
                running.add(task)
                task.add_done_callback(running.discard)
    except WebSocketDisconnect:
        return


async def one(svc: Service, token: Any, data: Any) -> tuple[int, dict[str, Any]]:
    """A forwarded command's status and body, as ``POST /commands`` answers it (a node that
    is no longer the owner sends it on to the new one)."""
    user = user_of(svc, token)
    if user is None:
        return 401, Refused(401, LOG_IN_FIRST).body()
    return await dispatch.answer(svc, user, data, token, "forwarded command")
