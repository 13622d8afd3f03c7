"""Ultimate Texas Hold'em tables over the API: the server's side of the ``Uth...`` commands
(:data:`croupier.service.commands.UTH`), the views and the websocket.

* A player sends wagers and decisions for their own box only (the box they were seated at by
  the cage's ``UthBuyIn``); the server fills ``box`` (and ``player``) when the player leaves
  them out, and refuses another's.
* ``UthStartRound`` (the dealer assigned to the table) opens the next round dealt from the
  server's shoe: the deck's commitment is published in the round's opening ``Shuffled`` event,
  the order and salt kept in the sealed stream (never sent while the round is played), from
  which a server restarted mid-round gives the round its deck back (:func:`resume_uth`).
* ``GET /uth/{table}/view``: the caller's view (:func:`croupier.uth.view.uth_view`).
* ``/ws/uth/{table}?ticket=...&after=SEQ``: the caller's projection of the table's stream,
  numbered by sequence number, as ``/ws/tables/{table}`` does for a cash table: ``{"seq": n,
  "event": ...}``, or ``{"seq": n, "snapshot": view}`` first without ``after`` and to a client
  too far behind.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect

from croupier.service import commands as cmds
from croupier.service import limits, uth_tournament_api
from croupier.service.auth import ROLES_CLAUSE, Role, User
from croupier.service.owner import RoomOwner, Subscriber, sealed_decks
from croupier.service.store import codec
from croupier.service.store.rooms import RoomStore, uth_stream
from croupier.service.store.schema import events as events_table
from croupier.service.store.sealing import Keyring
from croupier.shoe import Shoe, ShuffledDeck
from croupier.uth.game import DECK
from croupier.uth.played import StartUthRound, UthPlay
from croupier.uth.table import Shuffled
from croupier.uth.view import UthProjector, uth_view
from croupier.views import Viewer

if TYPE_CHECKING:
    from croupier.service.api import Service

#: A websocket client further behind than this gets a snapshot of its view instead.
MAX_BEHIND = 1_000


def _refused(status: int, reason: str, clause: str = ROLES_CLAUSE) -> Exception:
    from croupier.service.api import Refused  # the API module imports this one

    return Refused(status, reason, clause)


def _play(rooms: RoomStore, table: str | None) -> UthPlay:
    u = None if table is None else rooms.room.uth.get(table)
    if u is None or table in rooms.room.shut:
        raise _refused(404, f"no open UTH table {table}", "croupier api")
    return u.play


def fill(
    svc: Service, rooms: RoomStore, user: User, req: cmds.Request, fields: dict[str, Any]
) -> tuple[dict[str, Any], ShuffledDeck | None]:
    """The fields the server sets on a UTH command: a player's own box and name, and the
    shoe's deck (with its commitment) at ``UthStartRound``; that deck, to be sealed."""
    play = _play(rooms, req.table)
    names = set(req.spec.cls.__dataclass_fields__)  # type: ignore[attr-defined]
    if user.role is Role.PLAYER:
        if "box" in names and "box" not in req.fields:
            box = play.box_of(user.name)
            if box is None:
                raise _refused(403, f"{user.name} has no box at {req.table}: buy in at the cage")
            fields["box"] = box
        if "player" in names and "player" not in req.fields:
            fields["player"] = user.name
    if req.spec.cls is not StartUthRound:
        return fields, None
    assert req.table is not None
    shoe = svc.shoes.get(req.table)
    if shoe is None:
        seed = None if svc.shoe_seed is None else svc.shoe_seed + len(svc.shoes)
        shoe = svc.shoes[req.table] = Shoe(DECK, seed=seed)
    deck = shoe.shuffle()
    fields.update(deck_order=deck.order, commitment=deck.commitment, cut_at=deck.cut_at)
    return fields, deck


def check_own(rooms: RoomStore, user: User, req: cmds.Request, inner: Any) -> None:
    """A player wagers and decides only for their own box, in their own name."""
    if user.role is not Role.PLAYER:
        return
    box = _play(rooms, req.table).box_of(user.name)
    if getattr(inner, "player", user.name) != user.name or getattr(inner, "box", box) != box:
        raise _refused(403, f"a player acts only for their own box ({user.name}, box {box})")


def resume_uth(rooms: RoomStore, keys: Keyring | None = None) -> list[str]:
    """Give each UTH round rebuilt before its deal the deck it is dealt from, kept (sealed
    under ``keys``) in the sealed stream; the tables resumed."""
    waiting = {
        name: u.play
        for name, u in rooms.room.uth.items()
        if u.play.round is not None and not u.play.round.dealt
    }
    if not waiting:
        return []

    def wanted(table: str, commitment: str) -> bool:
        play = waiting.get(table)
        return play is not None and play.commitment == commitment

    resumed = []
    for e in sealed_decks(rooms.store, rooms.name, keys, wanted):
        if waiting[e.table].hold_deck(e.order, e.commitment):
            resumed.append(e.table)
    return resumed


def viewer(user: User, table: str) -> str | Viewer:
    if user.role is Role.PLAYER:
        return user.name
    if user.role is Role.FLOOR or (user.role is Role.DEALER and table in user.tables):
        return Viewer.DEALER
    return Viewer.SPECTATOR


def last_shuffle(rooms: RoomStore, stream: str, upto: int) -> int:
    """The sequence number of the last shuffle in ``stream`` at or before ``upto`` (0: none):
    a round in progress opened there or later."""
    q = sa.select(sa.func.max(events_table.c.seq)).where(
        events_table.c.stream_id == stream,
        events_table.c.type == codec.type_name(Shuffled),
        events_table.c.seq <= upto,
    )
    with rooms.store.engine.connect() as conn:
        return int(conn.execute(q).scalar() or 0)


def _prime(projector: UthProjector, play: UthPlay) -> None:
    """Start ``projector`` at the table as it is now (who wagers on which box)."""
    r = play.round
    projector.boxes = {} if r is None else {n: b.player for n, b in r.boxes.items()}


def add_routes(app: FastAPI) -> None:
    """The UTH view and websocket on ``app`` (made by :func:`croupier.service.api.create_app`),
    and the UTH tournaments' view (:mod:`croupier.service.uth_tournament_api`)."""
    uth_tournament_api.add_routes(app, _refused)

    def service(request: Request | WebSocket) -> Service:
        svc: Service = request.app.state.service
        return svc

    def caller(svc: Service, token: str) -> User | None:
        name = svc.sessions.user(token) if token else None
        return None if name is None else svc.directory.users.users.get(name)

    @app.get("/uth/{table}/view")
    async def uth_table_view(table: str, request: Request) -> dict[str, Any]:
        """The caller's view of a UTH table: a player's own box's cards only."""
        svc = service(request)
        auth = request.headers.get("authorization", "")
        user = caller(svc, auth[7:] if auth.lower().startswith("bearer ") else "")
        if user is None:
            raise _refused(401, "log in first: POST /login, then send 'Authorization: Bearer'")
        own = svc.owner
        if own is None:
            raise _refused(503, "the room was refused at recovery", "croupier store")
        async with own.lock:
            play = _play(own.rooms, table)
            seq = own.rooms.heads.get(uth_stream(own.rooms.name, table), 0)
            # the auditor sees every card of a round once it is over
            view = uth_view(play, viewer(user, table), recall=user.role is Role.AUDITOR)
            return {"seq": seq, "view": codec.encode(view)}

    @app.websocket("/ws/uth/{table}")
    async def uth_ws(ws: WebSocket, table: str) -> None:
        svc = service(ws)
        name = svc.sessions.redeem(ws.query_params.get("ticket", ""))
        user = None if name is None else svc.directory.users.users.get(name)
        if user is None:
            await ws.close(code=4401, reason="log in first: POST /ws-ticket, then ?ticket=")
            return
        own = svc.owner
        if own is None:
            await ws.close(code=4503, reason="the room was refused at recovery")
            return
        try:
            text = ws.query_params.get("after")
            after = None if text is None else int(text)
        except ValueError:
            await ws.close(code=4400, reason="after: a whole number")
            return
        stream = uth_stream(own.rooms.name, table)
        who = viewer(user, table)
        projector = UthProjector(who)
        if not await limits.admit(ws, user.name):
            return
        async with own.lock:
            u = own.rooms.room.uth.get(table)
            if u is None:
                await ws.close(code=4404, reason=f"no UTH table {table}")
                return
            head = own.rooms.heads.get(stream, 0)
            if after is not None and not 0 <= after <= head:
                await ws.close(code=4409, reason=f"stale: the table is at {head}, not {after}")
                return
            sub = own.hub.subscribe(stream)
            snapshot = None
            if after is None or head - after > MAX_BEHIND:
                snapshot = codec.encode(uth_view(u.play, who))
                _prime(projector, u.play)
        await ws.accept()
        try:
            if snapshot is None:
                assert after is not None
                start = await asyncio.to_thread(last_shuffle, own.rooms, stream, after)
                since = start - 1 if start else after
                rows = await asyncio.to_thread(own.rooms.store.read, stream, since, head)
                for r in rows:
                    e = projector(r.event())
                    if r.seq > after:
                        await ws.send_json({"seq": r.seq, "event": codec.encode(e)})
            else:
                await ws.send_json({"seq": head, "snapshot": snapshot})
            await _live(ws, own, sub, projector, head, table, who)
        except WebSocketDisconnect:
            pass
        finally:
            own.hub.unsubscribe(stream, sub)


async def _live(
    ws: WebSocket,
    own: RoomOwner,
    sub: Subscriber,
    projector: UthProjector,
    last: int,
    table: str,
    who: str | Viewer,
) -> None:
    stream = uth_stream(own.rooms.name, table)
    receive = asyncio.ensure_future(ws.receive())
    try:
        while True:
            wait = asyncio.ensure_future(sub.wait())
            done, _ = await asyncio.wait({receive, wait}, return_when=asyncio.FIRST_COMPLETED)
            if receive in done:
                wait.cancel()
                if receive.result().get("type") == "websocket.disconnect":
                    return
                receive = asyncio.ensure_future(ws.receive())
                continue
            if sub.lagged:
                async with own.lock:
                    sub.lagged = False
                    sub.items.clear()
                    last = own.rooms.heads.get(stream, 0)
                    u = own.rooms.room.uth.get(table)
                    snap = None if u is None else codec.encode(uth_view(u.play, who))
                    if u is not None:
                        _prime(projector, u.play)
                await ws.send_json({"seq": last, "snapshot": snap})
                continue
            while sub.items:
                item = sub.items.popleft()
                seq, e = item.seq, item.event
                if seq <= last:
                    continue
                last = seq
                await ws.send_json({"seq": seq, "event": codec.encode(projector(e))})
    finally:
        receive.cancel()


__all__ = ["add_routes", "check_own", "fill", "resume_uth", "viewer"]
