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
* ``/ws/tournaments/{name}/tables/{table}?ticket=...&after=SEQ``: the hands at the table, a
  stream socket (:mod:`croupier.service.stream`): a player sees their own hole cards, never
  another's (:mod:`croupier.views`); staff see what is face up.

Refusals are ``{"refused": reason, "clause": clause}`` with a 4xx status.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI

from croupier.room import RoomCommand
from croupier.room.tournament_hands import (
    EnforceTournamentClock,
    LiveHand,
    clock_due,
)
from croupier.service import contract
from croupier.service.auth import Role, User
from croupier.service.deps import Caller, Owner, Refused, area, mount
from croupier.service.owner import RoomOwner
from croupier.service.store.rooms import RoomStore, room_stream
from croupier.views import Viewer, round_view


def _live(rooms: RoomStore, name: str, table: int) -> LiveHand | None:
    tm = rooms.room.tournaments.get(name)
    return None if tm is None else tm.live.get(table)


def seal_key(name: str, table: int) -> str:
    """The key of a tournament table's shoe and of its sealed decks."""
    return f"tournament:{name}/{table}"


def register(app: FastAPI) -> None:
    """Add the live-hand routes (the view and the websocket) to ``app``."""
    router = area("tournaments")

    @router.get("/tournaments/{name}/tables/{table}/hand")
    async def hand(name: str, table: int, user: Caller, own: Owner) -> Any:
        async with own.lock:
            return hand_view(own, name, table, user)

    mount(app, router)


def hand_view(own: RoomOwner, name: str, table: int, user: User) -> dict[str, Any]:
    """The caller's view of the hand in play at the table (``hand``: null between hands), in
    the message contract (:mod:`croupier.service.contract`)."""
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
            "round": contract.plain(round_view(r, pos)),
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
