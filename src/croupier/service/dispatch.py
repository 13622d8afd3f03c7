"""The one command path: a command as data (``POST /commands`` or a websocket's command
message) parsed once into the core's catalogue (:mod:`croupier.service.commands`), authorised
by the policy (:mod:`croupier.service.policy`), filled by the server (the clock, a player's own
name or position, a shoe's deck), applied by the room's owner (:class:`RoomOwner`) and
answered once its events are committed.

:func:`submit` is what every transport calls; :func:`ws_reply` wraps it for a websocket's
``{"command": {...}, "id": ...}`` message. Every refusal is :class:`Refused`.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from croupier.cards import Deck
from croupier.room import CAGE, RoomCommand
from croupier.room.tournament_hands import DealTournamentHand
from croupier.room.uth_tournaments import DealUthTournamentRound
from croupier.rules import IllegalAction
from croupier.service import commands as cmds
from croupier.service import limits, policy, tournament_live, uth_api, uth_tournament_api, words
from croupier.service import tournament_commands as tcmds
from croupier.service.auth import ROLES_CLAUSE, Role, User
from croupier.service.deps import API, Refused, Service, body, forwards, now_iso, owner_of
from croupier.service.owner import DeckSealed
from croupier.service.store.lease import CLAUSE as LEASE
from croupier.service.store.lease import LeaseLost
from croupier.service.store.money import Unbalanced
from croupier.service.store.recovery import record
from croupier.service.store.rooms import (
    RoomStore,
    commands_stream,
    sealed_stream,
    table_stream,
    uth_stream,
)
from croupier.service.store.significant import What
from croupier.shoe import ShuffledDeck
from croupier.table.commands import StartRound
from croupier.uth.game import DECK as UTH_DECK
from croupier.uth.played import StartUthRound

#: Commands dealt from a shoe: recorded without the deck's order (only its commitment).
DEALT = (StartRound, StartUthRound, DealTournamentHand, DealUthTournamentRound)
Also = list[tuple[str, str, object]]


async def submit(svc: Service, user: User, data: Any) -> dict[str, Any]:
    """``data``, a command as data sent by ``user`` (over HTTP or a websocket): its reply
    once its events are committed; :class:`Refused` (status, reason, clause) otherwise."""
    try:
        req = cmds.parse(data)
    except cmds.BadCommand as e:
        raise Refused(422, str(e)) from e
    own = owner_of(svc)
    if (why := policy.why_not(req.name, user)) is not None:
        raise Refused(403, why, ROLES_CLAUSE)
    expected = data.get("seq") if isinstance(data, dict) else None

    def prepare(rooms: RoomStore) -> tuple[RoomCommand, str, str, Also]:
        # run by the room's owner when the command's turn comes, with the room as it is then
        return _prepare(svc, rooms, user, req, expected)

    try:
        done = await own.submit(prepare, req.table)
    except IllegalAction as e:
        raise Refused(409, e.ruling.message, e.ruling.clause) from e
    except LeaseLost as e:  # this node no longer writes the room: said on its log too
        raise Refused(503, str(e), LEASE) from e
    except Unbalanced as e:  # a fault of the core's, caught before it was written: recorded
        await asyncio.to_thread(record, svc.store, What.ERROR, "server", str(e), now_iso())
        raise Refused(409, str(e), CAGE) from e
    return {
        "accepted": True,
        "type": req.name,
        "events": [type(e).__name__ for e in done.events],
        "said": words.said(done.events),
        "heads": done.heads,
        "actor": done.actor,
        "position": done.position,  # the room's reads (/ws/room/...) show it from there on
    }


def _prepare(
    svc: Service, rooms: RoomStore, user: User, req: cmds.Request, expected: Any
) -> tuple[RoomCommand, str, str, Also]:
    """The room command ``req`` is, with the room as it is when its turn comes: checked
    (scope, names, the sender's own seat, the sequence number), filled and recorded."""
    at = svc.clock()
    _allowed(user, req, cmds.targets(req), rooms)
    try:
        cmds.check_new(req, rooms.room, svc.directory.users.users)
    except cmds.BadCommand as e:
        raise Refused(422, str(e)) from e
    fill, sealed = _fill(svc, rooms, user, req, at)
    try:
        tcmds.target(req.name, req.spec.scope, req.tournament)
        inner = cmds.build(req.spec.cls, req.fields, fill)
    except (cmds.BadCommand, tcmds.Malformed) as e:
        raise Refused(422, str(e)) from e
    _allowed(user, req, cmds.hand_tables(req, inner), rooms)
    _check_own(rooms, user, req, inner)
    if expected is not None:
        _check_seq(rooms, req, expected)
    recorded = replace(inner, deck_order=None) if isinstance(inner, DEALT) else inner
    issued = cmds.Issued(user.name, user.role, recorded, now_iso())
    also: Also = [(commands_stream(rooms.name), "commands", issued)]
    if sealed is not None:
        key, deck = sealed
        seal = DeckSealed(key, deck.commitment, deck.order, deck.salt)
        also.append((sealed_stream(rooms.name), "sealed", seal))
    return cmds.wrap(req, inner, at), user.name, issued.at, also


async def ws_reply(svc: Service, user: User, data: Any, token: str = "") -> dict[str, Any]:
    """A command sent over a websocket, ``{"command": {...}, "id": ...}``: its reply
    ``{"reply": id, "status": 200, ...}`` as the HTTP route's body, or with the refusal's
    status, reason and clause. A standby forwards it to the owner with the user's ``token``
    and answers the owner's reply (:mod:`croupier.service.forward`)."""
    if isinstance(data, limits.BadJson):  # a frame that is not JSON
        return {"reply": None, "status": 400, **body(str(data), API)}
    ref = data.get("id") if isinstance(data, dict) else None
    if not limits.echoable(ref):
        return {"reply": None, "status": 400, **body(limits.BAD_ID, API)}
    if not isinstance(data, dict) or not isinstance(data.get("command"), dict):
        return {"reply": ref, "status": 422, **body('send {"command": {...}, "id": ...}', API)}
    status, reply = await answer(svc, user, data["command"], token, "websocket command")
    return {"reply": ref, "status": status, **reply}


async def answer(
    svc: Service, user: User, data: Any, token: str, via: str
) -> tuple[int, dict[str, Any]]:
    """``data``, a command sent by ``user`` (bearer of ``token``) other than as an HTTP
    request (``via`` says how, on the log): the status and body ``POST /commands`` would
    answer. A standby forwards it to the owner."""
    if svc.forward is not None and forwards(svc):
        return await svc.forward.send(token, data)
    try:
        return 200, await submit(svc, user, data)
    except Refused as e:
        return e.status, e.body()
    except Exception as e:  # a bug: recorded, and the command was not accepted
        detail = f"{via}: {type(e).__name__}: {e}"[:500]
        await asyncio.to_thread(record, svc.store, What.ERROR, "server", detail, now_iso())
        return 500, {"error": "internal error: nothing was accepted"}


def _fill(
    svc: Service, rooms: RoomStore, user: User, req: cmds.Request, at: int
) -> tuple[dict[str, Any], tuple[str, ShuffledDeck] | None]:
    """The fields the server sets: the clock, a player's own name or position, the shoe; and
    the shuffled deck a command deals from, by its shoe's key (to be sealed in the store)."""
    fill: dict[str, Any] = dict(req.prefill)
    fields = set(req.spec.cls.__dataclass_fields__)  # type: ignore[attr-defined]
    if "at" in fields:
        fill["at"] = at
    fill.update(
        tcmds.server_fill(rooms.room, req.name, req.spec.cls, req.tournament, at, svc.shoe_seed)
    )
    if req.spec.scope == "uth":
        box, deck = uth_api.fill(rooms, user, req, fill)
        if deck is None:
            return box, None
        assert req.table is not None
        shuffled = svc.shuffle(req.table, deck)
        box.update(
            deck_order=shuffled.order, commitment=shuffled.commitment, cut_at=shuffled.cut_at
        )
        return box, (req.table, shuffled)
    if req.spec.own and user.role is Role.PLAYER and req.spec.own not in req.fields:
        own = _position(rooms, user, req) if req.spec.scope == "round" else user.name
        fill[req.spec.own] = own
    fill.update(uth_tournament_api.fill(req, user))
    if req.name == "DrawForSeat":  # a draw for a seat (qld s16(3)): the cards from a shoe
        fill["deck_order"] = svc.shuffle("draw for a seat", Deck.standard()).order
    found = _deals(rooms, req)
    if found is None:
        return fill, None
    key, deck = found
    shuffled = svc.shuffle(key, deck)
    fill.update(deck_order=shuffled.order, commitment=shuffled.commitment, shoe=shuffled.source)
    return fill, (key, shuffled)


def _deals(rooms: RoomStore, req: cmds.Request) -> tuple[str, Deck] | None:
    """The shoe a command deals from (its key and deck), if it deals: a cash table's round
    from the server's shoe, a tournament table's hand."""
    if req.name == "StartRound" and not req.live:
        assert req.table is not None
        t = rooms.room.tables.get(req.table)
        return None if t is None else (req.table, t.config.game.deck)
    if req.name == "DealTournamentHand":
        name, number = req.fields.get("tournament"), req.fields.get("number")
        if not isinstance(name, str) or type(number) is not int:
            return None  # refused as the fields are read
        tm = rooms.room.tournaments.get(name)
        if tm is None or tm.run is None:
            return None  # the room refuses it, naming why
        return tournament_live.seal_key(name, number), tm.run.conditions.game_rules.deck
    if req.name == "DealUthTournamentRound":  # a UTH tournament table's round (16.1, 6.1)
        name, number = req.fields.get("tournament"), req.fields.get("number", 1)
        if not isinstance(name, str) or type(number) is not int:
            return None  # refused as the fields are read
        return uth_tournament_api.seal_key(name, number), UTH_DECK
    return None


def _allowed(user: User, req: cmds.Request, at: list[str], rooms: RoomStore) -> None:
    """The policy's scope: a dealer at assigned tables, the director closing tournaments."""
    why = policy.why_not(req.name, user, at, rooms.room.tournaments)
    if why is not None:
        raise Refused(403, why, ROLES_CLAUSE)


def _position(rooms: RoomStore, user: User, req: cmds.Request) -> int:
    assert req.table is not None
    t = rooms.room.tables.get(req.table)
    if t is None or user.name not in t.players:
        raise Refused(403, f"{user.name} is not dealt into a round at {req.table}", ROLES_CLAUSE)
    return t.players.index(user.name)


def _check_own(rooms: RoomStore, user: User, req: cmds.Request, inner: Any) -> None:
    """A player acts only for themselves (their name, their round position)."""
    if req.spec.own is None or user.role is not Role.PLAYER:
        return
    if req.spec.scope == "uth":
        uth_api.check_own(rooms, user, req, inner)
        return
    if req.name in cmds.UTH_TOURNAMENT_PLAYS:
        uth_tournament_api.check_own(rooms, user, inner)
        return
    value = getattr(inner, req.spec.own)
    mine: object = _position(rooms, user, req) if req.spec.scope == "round" else user.name
    if value != mine:
        raise Refused(403, f"a player acts only for their own seat ({user.name})", ROLES_CLAUSE)


def _check_seq(rooms: RoomStore, req: cmds.Request, expected: Any) -> None:
    """A client may say which sequence number it saw last: a stale one is refused."""
    if type(expected) is not int:
        raise Refused(422, "seq: expected a whole number")
    stream = table_stream(rooms.name, req.table) if req.table is not None else f"room:{rooms.name}"
    if req.spec.scope == "uth" and req.table is not None:
        stream = uth_stream(rooms.name, req.table)
    head = rooms.heads.get(stream, 0)
    if expected != head:
        raise Refused(409, f"stale: {stream} is at {head}, not {expected}")
