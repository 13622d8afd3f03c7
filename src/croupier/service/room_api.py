"""The room's routes: every command as data, and what the room shows.

* ``POST /commands`` takes a command as data (:mod:`croupier.service.commands`), checks who
  sends it, applies it to the room and answers only once its events are committed
  (:func:`croupier.service.dispatch.submit`).
* ``GET /tables/{table}/view`` is the caller's view of a table; ``GET /room/board`` the board;
  ``GET /room/ledger`` the room's money; ``GET /me`` who the caller is.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import JSONResponse

from croupier.room.room import Room
from croupier.service import commands as cmds
from croupier.service import contract, dispatch, limits
from croupier.service.auth import Role, User
from croupier.service.deps import (
    Caller,
    Owner,
    Refused,
    Svc,
    allowed,
    area,
    bearer,
    forwards,
    viewer,
)
from croupier.service.store.rooms import table_stream
from croupier.views import table_view

router = area("room")

_COMMAND_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["type"],
                    "properties": {
                        "type": {"type": "string", "enum": sorted(cmds.CATALOGUE)},
                        "table": {"type": "string"},
                        "seq": {"type": "integer"},
                    },
                    "additionalProperties": True,
                }
            }
        },
    }
}


@router.get("/me")
async def me(user: Caller) -> dict[str, Any]:
    return {"name": user.name, "role": user.role.value, "tables": sorted(user.tables)}


@router.post("/commands", openapi_extra=_COMMAND_BODY, response_model=dict[str, Any])
async def command(request: Request, svc: Svc, user: Caller) -> Any:
    """A command as data: accepted (its events committed) or refused with the clause. A
    standby sends it to the room's owner and answers the owner's reply as it is."""
    raw = await request.body()  # capped by limits.Limits before it got here
    try:
        data = limits.loads(raw)
    except limits.BadJson as e:
        raise Refused(400, str(e)) from e
    if svc.forward is not None and forwards(svc):
        status, reply = await svc.forward.send(bearer(request), data)
        return JSONResponse(reply, status_code=status)
    return await dispatch.submit(svc, user, data)


def board_body(room: Room, failed: list[dict[str, str]]) -> dict[str, Any]:
    """The board in the message contract: every open table, the rounds ``played`` at each cash
    table, and the server's parts that stopped (``background_failed``)."""
    rows = [contract.plain(r) for r in room.board()]
    played = {name: t.hands for name, t in room.tables.items()}
    return {"board": rows, "played": played, "background_failed": failed}


def ledger_body(room: Room) -> dict[str, Any]:
    """The room's money in the message contract and whether it is conserved."""
    led = room.ledger()
    return {"ledger": contract.plain(led), "conserved": led.conserved}


@router.get("/room/board")
async def board(request: Request, user: Caller, own: Owner) -> dict[str, Any]:
    """Every open table, the rounds ``played`` at each cash table, and the server's parts
    that stopped (``background_failed``: when, and for staff why)."""
    failed = request.app.state.background.board(user.role is not Role.PLAYER)
    async with own.lock:  # seq: the room's position, to follow the board from (/ws/room/board)
        return {"seq": own.rooms.position, **board_body(own.rooms.room, failed)}


@router.get("/room/ledger")
async def ledger(
    _: Annotated[User, Depends(allowed("GET /room/ledger"))], own: Owner
) -> dict[str, Any]:
    async with own.lock:
        return {"seq": own.rooms.position, **ledger_body(own.rooms.room)}


@router.get("/tables/{table}/view")
async def view(table: str, user: Caller, own: Owner) -> dict[str, Any]:
    """The caller's view of a table: a player's own cards only; the dealer's side all."""
    async with own.lock:
        t = own.rooms.room.tables.get(table)
        if t is None:
            raise Refused(404, f"no cash table {table}")
        seq = own.rooms.heads.get(table_stream(own.rooms.name, table), 0)
        return {"seq": seq, "view": contract.plain(table_view(t, viewer(user, table)))}
