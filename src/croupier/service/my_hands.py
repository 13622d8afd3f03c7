"""A player's own hands, downloaded from their page: ``GET /me/hands?table=&format=&last=``.

The caller's finished rounds at a cash table, in OHH (``format=ohh``) or PokerStars text
(``format=pokerstars``), exported as the caller saw them: their own hole cards and the hands
shown to the table, never an opponent's hand mucked or folded unseen
(:func:`croupier.histories.ohh.to_ohh`, :func:`croupier.histories.pokerstars.to_text` with the
player's position as recipient).
"""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import Depends, Query
from fastapi.responses import PlainTextResponse

from croupier.histories import ohh, pokerstars
from croupier.service.auth import User
from croupier.service.deps import Owner, Refused, allowed, area
from croupier.service.store.played import finished_rounds
from croupier.service.store.rooms import table_stream
from croupier.service.store.store import EventStore

router = area("room")

FORMATS = {"ohh": "ohh", "pokerstars": "txt"}


def my_hands(store: EventStore, room: str, table: str, name: str, fmt: str, last: int) -> str:
    """The text of ``name``'s hands among ``table``'s last ``last`` finished rounds."""
    played = [p for p in finished_rounds(store, table_stream(room, table), last)
              if name in p.players]  # fmt: skip
    if not played:
        raise Refused(404, f"you played no finished round at table {table}")
    texts, hands = [], []
    for p in played:
        me = p.players.index(name)
        meta = p.history(me)
        try:
            if fmt == "ohh":
                hands.append(ohh.to_ohh(p.round, me, meta=meta, unit_scale=meta.unit_scale))
            else:
                texts.append(pokerstars.to_text(p.round, me, meta=meta, unit_scale=meta.unit_scale))
        except pokerstars.NotExpressible as e:
            raise Refused(409, f"hand {p.started.hand} has no {fmt} form: {e}") from e
    return ohh.dumps(hands) if fmt == "ohh" else pokerstars.dumps(texts)


@router.get("/me/hands")
async def hands(
    user: Annotated[User, Depends(allowed("GET /me/hands"))],
    own: Owner,
    table: Annotated[str, Query(min_length=1, max_length=64)],
    format: Annotated[str, Query(max_length=16)] = "pokerstars",
    last: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> PlainTextResponse:
    """The caller's own hands at ``table`` (the last ``last`` finished rounds), as they saw
    them, as a file to download."""
    if format not in FORMATS:
        raise Refused(400, f"no format {format!r}: ohh or pokerstars")
    if table not in own.rooms.room.tables:
        raise Refused(404, f"no cash table {table}")
    store, room = own.rooms.store, own.rooms.name
    text = await asyncio.to_thread(my_hands, store, room, table, user.name, format, last)
    ext = FORMATS[format]
    name = f"croupier-{table}-{user.name}.{ext}"
    return PlainTextResponse(
        text,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
