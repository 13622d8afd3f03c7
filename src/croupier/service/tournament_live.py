"""Live tournament hands over the API: dealt by the room, played by the players, the clock on a
player called by the director (core: :mod:`croupier.room.tournament_hands`).

* ``POST /tournaments/{name}/tables/{table}/deal``: the director or a dealer deals the table's
  next hand from the server's shoe; the deck is sealed in the store (as a cash table's), only
  its commitment is published.
* ``POST /tournaments/{name}/tables/{table}/act``: a player acts for their own seat, ``{"action":
  "fold" | "check" | "call" | "bet" | "raise" | "all-in" | "show" | "muck", "to": N}`` (``to``:
  a bet's or raise's total for the betting round).
* ``POST /tournaments/{name}/tables/{table}/clock``: the director calls "time" on the player
  to act, ``{"requested": true}`` at an entrant's request (qld-tournament-2020 4.26) or of their
  own motion (4.28); ``.../clock/expire``: the director rules the time ran out. The server's
  timer also kills the hand as the time runs out (:func:`expire_due`).
* ``GET /tournaments/{name}/tables/{table}/hand``: the caller's view of the hand in play.
* ``/ws/tournaments/{name}/tables/{table}?ticket=...&after=SEQ``: the hands at the table, a
  stream socket (:mod:`croupier.service.stream`): a player sees their own hole cards, never
  another's (:mod:`croupier.views`); staff see what is face up.

Refusals are ``{"refused": reason, "clause": clause}`` with a 4xx status.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse

from croupier.room import RoomCommand
from croupier.room.tournament_hands import (
    CallTournamentClock,
    DealTournamentHand,
    EnforceTournamentClock,
    LiveHand,
    TournamentAct,
    clock_due,
    hold_deck,
)
from croupier.round.commands import BetRaise, CheckCall, Command, Fold, Muck, Show
from croupier.rules import IllegalAction
from croupier.service import contract, limits
from croupier.service.auth import ROLES_CLAUSE, Role, User
from croupier.service.commands import Issued
from croupier.service.owner import DeckSealed, RoomOwner, sealed_decks
from croupier.service.policy import TL, tournament_table
from croupier.service.store.rooms import RoomStore, commands_stream, room_stream, sealed_stream
from croupier.service.store.sealing import Keyring
from croupier.shoe import Shoe
from croupier.views import Viewer, round_view

API = "croupier api"


class Refusal(Exception):
    def __init__(self, status: int, reason: str, clause: str = API) -> None:
        super().__init__(reason)
        self.status, self.reason, self.clause = status, reason, clause


def _answer(e: Refusal) -> JSONResponse:
    return JSONResponse({"refused": e.reason, "clause": e.clause}, e.status)


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def _live(rooms: RoomStore, name: str, table: int) -> LiveHand | None:
    tm = rooms.room.tournaments.get(name)
    return None if tm is None else tm.live.get(table)


def seal_key(name: str, table: int) -> str:
    return f"tournament:{name}/{table}"


def _action(lh: LiveHand, pos: int, body: Any) -> Command:
    """The round command a player's ``{"action": ..., "to": ...}`` asks for."""
    if not isinstance(body, dict):
        raise Refusal(422, 'send {"action": "fold" | "check" | "call" | ..., "to": N}')
    what, to = body.get("action"), body.get("to")
    r = lh.round
    la = r.legal_actions() if r.actor == pos else None
    if what == "fold":
        return Fold(pos)
    if what in ("check", "call"):
        if what == "check" and la is not None and not la.can_check:
            raise Refusal(409, "there is a bet to call: call, raise or fold", _betting(lh))
        return CheckCall(pos)
    if what in ("bet", "raise"):
        if type(to) is not int:
            raise Refusal(422, f"{what}: give 'to', the total for the betting round")
        return BetRaise(pos, to)
    if what == "all-in":
        if la is None or la.call_amount >= r.stacks[pos]:
            return CheckCall(pos)  # all in to call (or refused out of turn by the round)
        return BetRaise(pos, la.all_in_to)
    if what == "show":
        return Show(pos)
    if what == "muck":
        return Muck(pos)
    raise Refusal(422, f"action: fold, check, call, bet, raise, all-in, show or muck, not {what!r}")


def _json_body(schema: dict[str, Any], required: bool) -> dict[str, Any]:
    content = {"application/json": {"schema": schema}}
    return {"requestBody": {"required": required, "content": content}}


ACTIONS = ["fold", "check", "call", "bet", "raise", "all-in", "show", "muck"]
_ACT_BODY = _json_body(
    {
        "type": "object",
        "required": ["action"],
        "properties": {"action": {"enum": ACTIONS}, "to": {"type": "integer"}},
    },
    required=True,
)
_CLOCK_BODY = _json_body(
    {"type": "object", "properties": {"requested": {"type": "boolean"}}}, required=False
)


def _betting(lh: LiveHand) -> str:
    return f"{lh.plan.config.rulebook.id} (betting)"


def register(
    app: FastAPI,
    caller: Callable[[Request], User],
    need: Callable[..., None],
    owner: Callable[[Any], RoomOwner],
) -> None:
    """Add the live-hand routes to ``app`` (the service's own helpers passed in)."""

    def svc(r: Request | WebSocket) -> Any:
        return r.app.state.service

    async def submit(
        s: Any,
        user: User,
        name: str,
        table: int,
        build: Callable[[RoomStore, int], tuple[RoomCommand, Sequence[tuple[str, str, object]]]],
    ) -> Any:
        own = owner(s)

        def prepare(
            rooms: RoomStore,
        ) -> tuple[RoomCommand, str, str, list[tuple[str, str, object]]]:
            at = s.clock()
            cmd, also = build(rooms, at)
            recorded = cmd
            if isinstance(cmd, DealTournamentHand):
                recorded = DealTournamentHand(
                    cmd.tournament, cmd.number, None, cmd.commitment, cmd.shoe, cmd.at
                )
            issued = Issued(user.name, user.role, recorded, _now())
            return (
                cmd,
                user.name,
                issued.at,
                [(commands_stream(rooms.name), "commands", issued), *also],
            )

        try:
            done = await own.submit(prepare)
        except Refusal as e:
            return _answer(e)
        except IllegalAction as e:
            return _answer(Refusal(409, e.ruling.message, e.ruling.clause))
        return {
            "accepted": True,
            "events": [type(e).__name__ for e in done.events],
            "heads": done.heads,
        }

    @app.post("/tournaments/{name}/tables/{table}/deal")
    async def deal(name: str, table: int, request: Request) -> Any:
        s = svc(request)
        user = caller(request)
        need(user, f"POST {TL}/deal", tournament_table(name, table))

        def build(rooms: RoomStore, at: int) -> tuple[RoomCommand, list[tuple[str, str, object]]]:
            tm = rooms.room.tournaments.get(name)
            if tm is None or tm.run is None:
                raise Refusal(404, f"no tournament {name} run by this room")
            key = seal_key(name, table)
            shoe = s.shoes.get(key)
            if shoe is None:
                seed = None if s.shoe_seed is None else s.shoe_seed + len(s.shoes)
                shoe = s.shoes[key] = Shoe(tm.run.conditions.game_rules.deck, seed=seed)
            d = shoe.shuffle()
            cmd = DealTournamentHand(name, table, d.order, d.commitment, d.source, at)
            seal = DeckSealed(key, d.commitment, d.order, d.salt)
            return cmd, [(sealed_stream(rooms.name), "sealed", seal)]

        return await submit(s, user, name, table, build)

    @app.post("/tournaments/{name}/tables/{table}/act", openapi_extra=_ACT_BODY)
    async def act(name: str, table: int, request: Request) -> Any:
        s = svc(request)
        user = caller(request)
        need(user, f"POST {TL}/act")
        try:
            body = limits.loads(await request.body())
        except limits.BadJson as e:
            return _answer(Refusal(400, str(e)))

        def build(rooms: RoomStore, at: int) -> tuple[RoomCommand, list[tuple[str, str, object]]]:
            lh = _live(rooms, name, table)
            if lh is None:
                raise Refusal(
                    409, f"no hand is in play at table {table} of {name}", "croupier room"
                )
            if user.name not in lh.plan.players:
                raise Refusal(403, f"{user.name} is not dealt into this hand", ROLES_CLAUSE)
            pos = lh.plan.players.index(user.name)  # a player acts only for their own seat
            return TournamentAct(name, table, _action(lh, pos, body), at), []

        return await submit(s, user, name, table, build)

    @app.post("/tournaments/{name}/tables/{table}/clock", openapi_extra=_CLOCK_BODY)
    async def clock(name: str, table: int, request: Request) -> Any:
        s = svc(request)
        user = caller(request)
        need(user, f"POST {TL}/clock")
        raw = await request.body()
        try:
            body = limits.loads(raw) if raw else {}
        except limits.BadJson as e:
            return _answer(Refusal(400, str(e)))
        requested = body.get("requested", False) if isinstance(body, dict) else None
        if type(requested) is not bool:
            return _answer(Refusal(422, "requested: true (an entrant asked) or false"))

        def build(rooms: RoomStore, at: int) -> tuple[RoomCommand, list[tuple[str, str, object]]]:
            return CallTournamentClock(name, table, requested, at), []

        return await submit(s, user, name, table, build)

    @app.post("/tournaments/{name}/tables/{table}/clock/expire")
    async def expire(name: str, table: int, request: Request) -> Any:
        s = svc(request)
        user = caller(request)
        need(user, f"POST {TL}/clock/expire")

        def build(rooms: RoomStore, at: int) -> tuple[RoomCommand, list[tuple[str, str, object]]]:
            return EnforceTournamentClock(name, table, at), []

        return await submit(s, user, name, table, build)

    @app.get("/tournaments/{name}/tables/{table}/hand")
    async def hand(name: str, table: int, request: Request) -> Any:
        s = svc(request)
        user = caller(request)
        own = owner(s)
        async with own.lock:
            return hand_view(own, name, table, user)


def hand_view(own: RoomOwner, name: str, table: int, user: User) -> dict[str, Any]:
    """The caller's view of the hand in play at the table (``hand``: null between hands), in
    the message contract (:mod:`croupier.service.contract`)."""
    rooms = own.rooms
    tm = rooms.room.tournaments.get(name)
    if tm is None or tm.run is None:
        raise _http(404, f"no tournament {name} run by this room")
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


def _http(status: int, reason: str) -> Exception:
    from starlette.exceptions import HTTPException

    return HTTPException(status, reason)


# ----------------------------------------------------------------------------------------
# The server's side: decks given back after a restart, the clock's expiry on its time


def resume_tournament_hands(rooms: RoomStore, keys: Keyring | None = None) -> list[tuple[str, int]]:
    """Give each live tournament hand rebuilt from the store the deck it was dealt from (kept,
    sealed under ``keys``, in the sealed stream), so a restart resumes the hand; the hands
    resumed."""
    live = {
        seal_key(name, n): (name, n, lh.commitment)
        for name, tm in rooms.room.tournaments.items()
        for n, lh in tm.live.items()
    }
    if not live:
        return []
    out = []
    for deck in sealed_decks(
        rooms.store, rooms.name, keys, lambda key, c: key in live and live[key][2] == c
    ):
        name, n, _ = live[deck.table]
        hold_deck(rooms.room.tournaments[name], n, deck.order)
        out.append((name, n))
    return out


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
