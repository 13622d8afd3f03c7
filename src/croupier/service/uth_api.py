"""Ultimate Texas Hold'em tables over the API: the server's side of the ``Uth...`` commands
(:data:`croupier.service.commands.UTH`), the views and the websocket.

* A player sends wagers and decisions for their own box only (the box they were seated at by
  the cage's ``UthBuyIn``); the server fills ``box`` (and ``player``) when the player leaves
  them out, and refuses another's.
* ``UthStartRound`` (the dealer assigned to the table) opens the next round dealt from the
  server's shoe: the deck's commitment is published in the round's opening ``Shuffled`` event,
  the order and salt kept in the sealed stream (never sent while the round is played), from
  which a server restarted mid-round gives the round its deck back
  (:func:`croupier.service.decks.resume`).
* ``GET /uth/{table}/view``: the caller's view (:func:`croupier.uth.view.uth_view`).
* ``/ws/uth/{table}?ticket=...&after=SEQ``: the caller's projection of the table's stream,
  numbered by sequence number, as ``/ws/tables/{table}`` does for a cash table: ``{"seq": n,
  "event": ...}``, or ``{"seq": n, "snapshot": view}`` first without ``after`` and to a client
  too far behind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from fastapi import FastAPI

from croupier.cards import Deck
from croupier.service import commands as cmds
from croupier.service import contract
from croupier.service.auth import ROLES_CLAUSE, Role, User
from croupier.service.deps import Caller, Owner, Refused, area, mount, viewer
from croupier.service.store import codec
from croupier.service.store.rooms import RoomStore, uth_stream
from croupier.service.store.schema import events as events_table
from croupier.uth.game import DECK
from croupier.uth.played import StartUthRound, UthPlay
from croupier.uth.table import Shuffled
from croupier.uth.view import uth_view

if TYPE_CHECKING:
    pass


def _refused(status: int, reason: str, clause: str = ROLES_CLAUSE) -> Refused:
    return Refused(status, reason, clause)


def _play(rooms: RoomStore, table: str | None) -> UthPlay:
    u = None if table is None else rooms.room.uth.get(table)
    if u is None or table in rooms.room.shut:
        raise _refused(404, f"no open UTH table {table}", "croupier api")
    return u.play


def fill(
    rooms: RoomStore, user: User, req: cmds.Request, fields: dict[str, Any]
) -> tuple[dict[str, Any], Deck | None]:
    """The fields the server sets on a UTH command: a player's own box and name; and, at
    ``UthStartRound``, the deck its shoe is made of (the caller shuffles it)."""
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
    return fields, DECK if req.spec.cls is StartUthRound else None


def check_own(rooms: RoomStore, user: User, req: cmds.Request, inner: Any) -> None:
    """A player wagers and decides only for their own box, in their own name."""
    if user.role is not Role.PLAYER:
        return
    box = _play(rooms, req.table).box_of(user.name)
    if getattr(inner, "player", user.name) != user.name or getattr(inner, "box", box) != box:
        raise _refused(403, f"a player acts only for their own box ({user.name}, box {box})")


def last_shuffle(rooms: RoomStore, stream: str, upto: int) -> int:
    """The sequence number of the last shuffle in ``stream`` at or before ``upto`` (0: none):
    a round in progress opened there or later."""
    q = sa.select(sa.func.max(events_table.c.seq)).where(
        events_table.c.stream_id == stream,
        events_table.c.type == codec.type_name(Shuffled),
        events_table.c.seq <= upto,
    )
    with rooms.store.reading() as conn:
        return int(conn.execute(q).scalar() or 0)


def add_routes(app: FastAPI) -> None:
    """The UTH view and websocket on ``app`` (a router of its own)."""
    router = area("uth")

    @router.get("/uth/{table}/view")
    async def uth_table_view(table: str, user: Caller, own: Owner) -> dict[str, Any]:
        """The caller's view of a UTH table: a player's own box's cards only."""
        async with own.lock:
            play = _play(own.rooms, table)
            seq = own.rooms.heads.get(uth_stream(own.rooms.name, table), 0)
            # the auditor sees every card of a round once it is over
            view = uth_view(play, viewer(user, table), recall=user.role is Role.AUDITOR)
            return {"seq": seq, "view": contract.plain(view)}

    mount(app, router)


__all__ = ["add_routes", "check_own", "fill", "viewer"]
