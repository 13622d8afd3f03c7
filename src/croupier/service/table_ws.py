"""A cash table's websocket, ``/ws/tables/{table}?ticket=...&after=SEQ``: the caller's
projection of the table's events, numbered by their sequence numbers in the table's stream,
and commands taken as ``POST /commands`` takes them (:func:`croupier.service.dispatch.ws_reply`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from croupier.service import dispatch, limits
from croupier.service.auth import Role
from croupier.service.deps import service, viewer
from croupier.service.owner import Projector, RoomOwner, Subscriber, last_start
from croupier.service.store import codec
from croupier.service.store.rooms import table_stream
from croupier.views import table_view

#: A websocket client further behind than this gets a snapshot of its view instead.
MAX_BEHIND = 1_000

router = APIRouter(tags=["tables"])


@router.websocket("/ws/tables/{table}")
async def table_ws(ws: WebSocket, table: str) -> None:
    await _table_ws(ws, table)


async def _table_ws(ws: WebSocket, table: str) -> None:
    """Messages ``{"seq": n, "event": ...}`` (the caller's projection of the table's event
    number n), or ``{"seq": n, "snapshot": ...}`` (the caller's view after event n: sent
    first without ``after``, and to a client too far behind); with ``turns=1``, a player
    is sent ``{"seq": n, "turn": view}``, its view of the round, when it is to act after
    event n. The client may send commands over it, ``{"command": {...}, "id": ...}``, each
    answered ``{"reply": id, "status": ...}`` once committed (or refused): the reply follows
    the command's events."""
    svc = service(ws)
    name = svc.sessions.redeem(ws.query_params.get("ticket", ""))
    user = None if name is None else svc.directory.users.users.get(name)
    if user is None:
        await ws.close(code=4401, reason="log in first: POST /ws-ticket, then ?ticket=")
        return
    if svc.owner is None:
        await ws.close(code=4503, reason="the room was refused at recovery")
        return
    own = svc.owner
    stream = table_stream(own.rooms.name, table)
    after_text = ws.query_params.get("after")
    try:
        after = None if after_text is None else int(after_text)
    except ValueError:
        await ws.close(code=4400, reason="after: a whole number")
        return
    who = viewer(user, table)
    # ?turns=1: a player is also sent its view of the round when it is to act
    turns = ws.query_params.get("turns") in ("1", "true")
    player = user.name if user.role is Role.PLAYER and turns else None
    if not await limits.admit(ws, user.name):
        return
    async with own.lock:
        if table not in own.rooms.room.tables:
            await ws.close(code=4404, reason=f"no cash table {table}")
            return
        head = own.rooms.heads.get(stream, 0)
        if after is not None and not 0 <= after <= head:
            await ws.close(code=4409, reason=f"stale: the table is at {head}, not {after}")
            return
        sub = own.hub.subscribe(stream, who=player)
        snapshot = None
        if after is None or head - after > MAX_BEHIND:
            snapshot = codec.encode(table_view(own.rooms.room.tables[table], who))
    present = svc.presence if isinstance(who, str) else None  # a player's connection
    try:
        # the connection, and a return, are recorded before the connection is accepted
        if present is not None and not await present.opened(table, user.name):
            present = None  # nothing was counted
            await ws.close(code=4503, reason="the connection could not be recorded: retry")
            return
        await ws.accept()
        projector = Projector(who)
        read = own.rooms.store.read
        if snapshot is None:
            # from the start of the round in progress at ``after``: its players give the
            # positions; only what follows ``after`` is sent
            assert after is not None
            start = await asyncio.to_thread(last_start, own.rooms, stream, after)
            for r in await asyncio.to_thread(
                read, stream, max(start - 1, 0) if start else after, head
            ):
                e = projector(r.event())
                if r.seq > after:
                    await ws.send_json({"seq": r.seq, "event": codec.encode(e)})
        else:
            await _prime(own, projector, stream, head)
            await ws.send_json({"seq": head, "snapshot": snapshot})

        async def reply(data: Any) -> None:
            answer = orjson.dumps(await dispatch.ws_reply(svc, user, data)).decode()
            # after the events of the table already published (its own among them)
            sub.note(own.rooms.heads.get(stream, 0), answer)

        batch = ws.query_params.get("batch") in ("1", "true")
        await _live(ws, own, sub, projector, head, table, who, reply, batch)
    except WebSocketDisconnect:
        pass
    finally:
        own.hub.unsubscribe(stream, sub)
        if present is not None:
            await present.closed(table, user.name)


async def _live(
    ws: WebSocket,
    own: RoomOwner,
    sub: Subscriber,
    projector: Projector,
    last: int,
    table: str,
    who: Any,
    reply: Callable[[Any], Awaitable[None]],
    batch: bool = False,
) -> None:
    """Send ``sub``'s items and notes as they come; run each command the client sends (its
    reply comes as a note once it is committed or refused). With ``batch``, the messages
    ready at once go in one frame, one per line (a message's JSON holds no line break): a
    write to the socket per wake, not per message."""
    running: set[asyncio.Task[None]] = set()

    async def read() -> None:
        try:
            while True:
                got = await ws.receive()
                if got.get("type") == "websocket.disconnect":
                    return
                try:
                    data = limits.frame(got)
                except limits.BadJson as e:
                    data = e  # answered with a refusal, in turn
                task = asyncio.ensure_future(reply(data))
                running.add(task)
                task.add_done_callback(running.discard)
        finally:
            sub.ready.set()  # the writer below sees the reader is done

    reader = asyncio.ensure_future(read())
    try:
        while True:
            await sub.wait()
            if reader.done():
                return await reader
            if sub.lagged:
                async with own.lock:
                    sub.lagged = False
                    sub.items.clear()
                    last = own.rooms.heads.get(table_stream(own.rooms.name, table), 0)
                    t = own.rooms.room.tables.get(table)
                    snap = None if t is None else codec.encode(table_view(t, who))
                    await _prime(own, projector, table_stream(own.rooms.name, table), last)
                await ws.send_json({"seq": last, "snapshot": snap})
                continue
            items, notes = sub.items, sub.notes
            ready: list[str] = []
            while items or notes:
                if items and (not notes or items[0].seq <= notes[0][0]):
                    item = items.popleft()
                    if item.seq <= last:
                        continue
                    last = item.seq
                    text = projector.message(item)
                else:
                    text = notes.popleft()[1]
                if batch:
                    ready.append(text)
                else:
                    await ws.send_text(text)
            if ready:
                await ws.send_text("\n".join(ready))
    finally:
        reader.cancel()


async def _prime(own: RoomOwner, projector: Projector, stream: str, upto: int) -> None:
    """Give ``projector`` the round start in effect after event ``upto``."""
    start = await asyncio.to_thread(last_start, own.rooms, stream, upto)
    if start:
        rows = await asyncio.to_thread(own.rooms.store.read, stream, start - 1, start)
        projector(rows[0].event())
