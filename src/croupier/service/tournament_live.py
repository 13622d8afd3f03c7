"""Live tournament hands over the API: dealt by the room, played by the players, the clock on a
player called by the director (core: :mod:`croupier.room.tournament_hands`).

* The commands of a live hand go, as every command does, to ``POST /commands`` (or a
  websocket's command message): ``DealTournamentHand`` (the director or a dealer deals the
  table's next hand from the server's shoe; the deck is sealed in the store, only its
  commitment is published), ``TournamentAct`` (a player acts for their own seat by name:
  fold, check, call, bet, raise, all-in, show or muck, ``to`` a bet's total),
  ``CallTournamentClock`` (the director calls "time", ``requested`` at an entrant's request,
  qld-tournament-2020 4.26, or of their own motion, 4.28) and ``EnforceTournamentClock`` (the
  director rules the time ran out). The server's timer also kills the hand as the time runs
  out (:func:`expire_due`).
* ``GET /tournaments/{name}/tables/{table}/hand``: the caller's view of the hand in play.
* ``/ws/tournaments/{name}/tables/{table}?ticket=...&after=SEQ``: the hands at the table as
  numbered messages ``{"seq": n, "event": ...}`` (``n``: the event's number in the room's
  stream, where the hands' events are kept; numbers rise, with gaps), each the caller's
  projection: a player sees their own hole cards, never another's (:mod:`croupier.views`);
  staff see what is face up. Without ``after`` the first message is ``{"seq": n, "snapshot":
  view}``; with it, every hand event after ``n``.

Refusals are ``{"refused": reason, "clause": clause}`` with a 4xx status.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, FastAPI, WebSocket, WebSocketDisconnect

from croupier.room import RoomCommand
from croupier.room.tournament_hands import (
    EnforceTournamentClock,
    LiveHand,
    TournamentHandDealt,
    TournamentHandProgressed,
    clock_due,
)
from croupier.service import limits
from croupier.service.auth import Role, User
from croupier.service.deps import Caller, Owner, Refused, service
from croupier.service.owner import RoomOwner, woken
from croupier.service.store import codec
from croupier.service.store.rooms import RoomStore, room_stream
from croupier.views import Viewer, project_round_events, round_view


def hub_key(room: str, name: str, table: int) -> str:
    """The hub's key for a tournament table's live hands (subscribers are woken by it)."""
    return f"tlive:{room}/{name}/{table}"


def _live(rooms: RoomStore, name: str, table: int) -> LiveHand | None:
    tm = rooms.room.tournaments.get(name)
    return None if tm is None else tm.live.get(table)


def seal_key(name: str, table: int) -> str:
    """The key of a tournament table's shoe and of its sealed decks."""
    return f"tournament:{name}/{table}"


def register(app: FastAPI) -> None:
    """Add the live-hand routes (the view and the websocket) to ``app``."""
    router = APIRouter(tags=["tournaments"])

    @router.get("/tournaments/{name}/tables/{table}/hand")
    async def hand(name: str, table: int, user: Caller, own: Owner) -> Any:
        async with own.lock:
            return _view(own, name, table, user)

    @router.websocket("/ws/tournaments/{name}/tables/{table}")
    async def hand_ws(ws: WebSocket, name: str, table: int) -> None:
        s = service(ws)
        who = s.sessions.redeem(ws.query_params.get("ticket", ""))
        user = None if who is None else s.directory.users.users.get(who)
        if user is None:
            await ws.close(code=4401, reason="log in first: POST /ws-ticket, then ?ticket=")
            return
        own: RoomOwner | None = s.owner
        if own is None:
            await ws.close(code=4503, reason="the room was refused at recovery")
            return
        after_text = ws.query_params.get("after")
        try:
            after = None if after_text is None else int(after_text)
        except ValueError:
            await ws.close(code=4400, reason="after: a whole number")
            return
        stream = room_stream(own.rooms.name)
        if not await limits.admit(ws, user.name):
            return
        async with own.lock:
            tm = own.rooms.room.tournaments.get(name)
            if tm is None or tm.run is None:
                await ws.close(code=4404, reason=f"no tournament {name} run by this room")
                return
            head = own.rooms.heads.get(stream, 0)
            if after is not None and not 0 <= after <= head:
                await ws.close(code=4409, reason=f"stale: the room is at {head}, not {after}")
                return
            sub = own.hub.subscribe(hub_key(own.rooms.name, name, table))
            first = _view(own, name, table, user) if after is None else None
            seen = _Seen(user, name, table, _live(own.rooms, name, table))
        await ws.accept()
        last = head if after is None else after
        try:
            if first is not None:
                await ws.send_json({"seq": first["seq"], "snapshot": first["hand"]})

            async def send_new() -> None:
                nonlocal last
                async with own.lock:
                    upto = own.rooms.heads.get(stream, 0)
                if upto > last:
                    rows = await asyncio.to_thread(own.rooms.store.read, stream, last, upto)
                    for row in rows:
                        message = seen.message(row.seq, row.event())
                        if message is not None:
                            await ws.send_json(message)
                    last = upto

            await send_new()
            async for _ in woken(ws, sub):
                await send_new()
        except WebSocketDisconnect:
            pass
        finally:
            own.hub.unsubscribe(hub_key(own.rooms.name, name, table), sub)

    app.include_router(router)


class _Seen:
    """One recipient's projection of a table's hand events: a player sees their own hole cards
    (by their position in each hand's plan), everyone else only what is face up."""

    def __init__(self, user: User, name: str, table: int, live: LiveHand | None) -> None:
        self.user, self.name, self.table = user, name, table
        self.players: dict[int, tuple[str, ...]] = {}
        if live is not None:
            self.players[live.plan.hand] = live.plan.players

    def position(self, hand: int) -> int | Viewer:
        players = self.players.get(hand, ())
        if self.user.role is Role.PLAYER and self.user.name in players:
            return players.index(self.user.name)
        return Viewer.SPECTATOR

    def message(self, seq: int, e: object) -> dict[str, Any] | None:
        if isinstance(e, TournamentHandDealt):
            if e.tournament != self.name or e.plan.table != self.table:
                return None
            self.players[e.plan.hand] = e.plan.players
            return {"seq": seq, "event": codec.encode(e)}
        if isinstance(e, TournamentHandProgressed):
            if e.tournament != self.name or e.number != self.table:
                return None
            seen = project_round_events(e.events, self.position(e.hand))
            shown = TournamentHandProgressed(e.tournament, e.number, e.hand, tuple(seen), e.at)
            return {"seq": seq, "event": codec.encode(shown)}
        return None


def _view(own: RoomOwner, name: str, table: int, user: User) -> dict[str, Any]:
    """The caller's view of the hand in play at the table (``hand``: null between hands)."""
    rooms = own.rooms
    tm = rooms.room.tournaments.get(name)
    if tm is None or tm.run is None:
        raise Refused(404, f"no tournament {name} run by this room")
    seq = rooms.heads.get(room_stream(rooms.name), 0)
    lh = tm.live.get(table)
    if lh is None:
        return {"seq": seq, "hand": None}
    players = lh.plan.players
    mine = user.role is Role.PLAYER and user.name in players
    pos: int | Viewer = players.index(user.name) if mine else Viewer.SPECTATOR
    r = lh.round
    c = tm.run.action_clocks.get(table)
    clock = None
    if c is not None and c.hand == lh.plan.hand:
        clock = {"player": c.player, "at": c.at, "limit": c.limit, "clause": c.clause}
    return {
        "seq": seq,
        "hand": {
            "table": table,
            "hand": lh.plan.hand,
            "players": list(players),
            "seats": list(lh.plan.seats),
            "actor": None if r.actor is None else players[r.actor],
            "over": r.is_over,
            "commitment": lh.commitment,
            "round": codec.encode(round_view(r, pos)),
            "clock": clock,
        },
    }


# ----------------------------------------------------------------------------------------
# The server's side: the clock's expiry on its time


def expire_due(rooms: RoomStore, now: int) -> list[tuple[str, int]]:
    """The live hands whose clock on a player ran out by ``now`` (the server's timer sends
    :class:`EnforceTournamentClock` for each)."""
    out = []
    for name, tm in rooms.room.tournaments.items():
        t = tm.run
        if t is None:
            continue
        for n, lh in tm.live.items():
            if clock_due(t, lh, now):
                out.append((name, n))
    return out


def expiry(name: str, table: int, now: int) -> Any:
    """The server's own command: the time ran out at ``table`` (a ``Prepare``)."""

    def prepare(_: RoomStore) -> tuple[RoomCommand, str, str, Sequence[tuple[str, str, object]]]:
        return EnforceTournamentClock(name, table, now), "server", "", ()

    return prepare
