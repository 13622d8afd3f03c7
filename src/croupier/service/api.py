"""The card room's HTTP and websocket API (FastAPI): ``croupier serve``.

* ``POST /login`` gives a bearer token, ``POST /ws-ticket`` a one-time ticket that opens a
  websocket (:mod:`croupier.service.login_api`); ``POST /users`` (admin) adds users; dealers
  are assigned to tables with ``POST /users/{name}/tables``.
* ``POST /commands`` takes a command as data (:mod:`croupier.service.commands`), checks who
  sends it, applies it to the room and answers only once its events are committed.
* ``GET /tables/{table}/view`` is the caller's view of a table; ``GET /room/board`` the board.
* ``/ws/tables/{table}?ticket=...&after=SEQ`` and the other stream sockets (UTH tables,
  tournament tables, a tournament's clock) are :mod:`croupier.service.stream`'s; their
  messages are the public contract, ``GET /contract`` (:mod:`croupier.service.contract`).
* UTH tables: ``GET /uth/{table}/view`` (:mod:`croupier.service.uth_api`).

Every refusal is a 4xx with ``{"refused": reason, "clause": clause}``.
"""

from __future__ import annotations

import asyncio
import datetime
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from croupier.cards import Deck
from croupier.room import RoomCommand
from croupier.rules import IllegalAction
from croupier.service import commands as cmds
from croupier.service import (
    contract,
    health,
    limits,
    login_api,
    policy,
    stream,
    tournament_api,
    tournament_live,
    users_api,
    uth_api,
    words,
)
from croupier.service import tournament_commands as tcmds
from croupier.service.auth import (
    ROLES_CLAUSE,
    Directory,
    Role,
    Sessions,
    User,
    session_seconds,
    session_secret,
)
from croupier.service.background import Background
from croupier.service.hashing import Hashing
from croupier.service.owner import (
    DeckSealed,
    Hub,
    RoomOwner,
    resume,
    settle_heap,
    unlock,
    warm,
)
from croupier.service.presence import Presence
from croupier.service.store import codec
from croupier.service.store.recovery import record, recover
from croupier.service.store.rooms import (
    RoomStore,
    commands_stream,
    sealed_stream,
    table_stream,
    tournament_stream,
    uth_stream,
)
from croupier.service.store.significant import What
from croupier.service.store.store import EventStore
from croupier.service.throttle import Throttle
from croupier.shoe import Shoe, ShuffledDeck
from croupier.table.commands import StartRound
from croupier.table.events import RoundFinished, TableRoundVoided
from croupier.uth.played import StartUthRound
from croupier.views import table_view
from croupier.web import mount as mount_console

API = "croupier api"
#: The message contract, made once (:func:`croupier.service.contract.schema`).
_CONTRACT: dict[str, Any] = contract.schema()


class Refused(Exception):
    def __init__(self, status: int, reason: str, clause: str = API) -> None:
        super().__init__(reason)
        self.status, self.reason, self.clause = status, reason, clause


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


@dataclass
class Service:
    store: EventStore
    rooms: RoomStore | None
    refused: dict[str, list[str]]
    directory: Directory
    sessions: Sessions
    hub: Hub
    owner: RoomOwner | None
    users_lock: asyncio.Lock
    clock: Callable[[], int]
    shoe_seed: int | None
    shoes: dict[str, Shoe]
    throttle: Throttle  # failed log-ins
    hashing: Hashing  # the pool that checks passwords
    presence: Presence | None = None  # players' connections and their grace periods


def _body(reason: str, clause: str) -> dict[str, str]:
    return {"refused": reason, "clause": clause}


def create_app(
    db: str | None = None,
    room: str = "main",
    clock: Callable[[], int] | None = None,
    shoe_seed: int | None = None,
    settle: bool = False,
    key_file: str | None = None,
    session_hours: float | None = None,
) -> FastAPI:
    """The service over the store at ``db``; ``clock`` gives the server's time in seconds
    (default: the machine's); ``shoe_seed`` makes the shoes replayable (tests, demos only);
    ``settle``: the process serves only this app, so its heap is settled once the room is
    rebuilt (:func:`croupier.service.owner.settle_heap`); ``key_file``: the keys that seal
    the decks (:mod:`croupier.service.store.sealing`); ``session_hours``: how long a log-in
    lasts (default: :func:`croupier.service.auth.session_seconds`)."""
    seconds = session_seconds(session_hours)  # a bad setting refused before the start

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = EventStore(db)
        # Recovery before play: every stream checked; a room with a refused stream is closed.
        found = await asyncio.to_thread(recover, store, _now())
        mine = {
            s: p
            for s, p in found.refused.items()
            if s in (f"room:{room}", f"cage:{room}", f"commands:{room}", sealed_stream(room))
            or s.startswith(
                (table_stream(room, ""), uth_stream(room, ""), tournament_stream(room, ""))
            )
        }
        keys, locked = await asyncio.to_thread(unlock, store, room, key_file, _now())
        mine.update(locked)  # a room without the keys of its sealed decks waits for them
        health.announce(found, room, closed=bool(mine))
        found.refused.update(locked)  # /healthz names the missing key too (said by unlock)
        app.state.recovery = found
        rooms = None if mine else await asyncio.to_thread(RoomStore, store, room)
        if rooms is not None:
            # rounds a crash interrupted deal on from their sealed decks
            await asyncio.to_thread(resume, rooms, keys)
            await asyncio.to_thread(uth_api.resume_uth, rooms, keys)
            await asyncio.to_thread(tournament_live.resume_tournament_hands, rooms, keys)
            await asyncio.to_thread(warm, rooms)
        if settle:
            settle_heap()
        hub = Hub()
        directory = Directory(store)
        clocked = clock or (lambda: int(time.time()))
        secret = session_secret(store.url)
        sessions = Sessions(secret, directory.stamp, seconds=seconds, store=store)
        app.state.service = Service(
            store=store,
            rooms=rooms,
            refused=mine,
            directory=directory,
            sessions=sessions,
            hub=hub,
            owner=None if rooms is None else RoomOwner(rooms, hub, keys),
            users_lock=asyncio.Lock(),
            clock=clocked,
            shoe_seed=shoe_seed,
            shoes={},
            throttle=Throttle(store, clocked),
            hashing=Hashing(),
        )
        svc = app.state.service
        bg: Background = app.state.background  # threads and tasks beside the requests
        bg.attach(store)
        if svc.owner is not None:
            svc.presence = Presence(svc.owner, svc.clock, bg)
            # nobody is connected yet: the connections a crash left open are disconnections
            # now, and every recorded disconnection times out
            await svc.presence.recover()
            svc.presence.resume()
        timer = bg.task("the tournaments' level timer", tournament_api.level_timer(app))
        try:
            yield
        finally:
            timer.cancel()
            if svc.presence is not None:
                await svc.presence.close()
            svc.hashing.close()
            bg.detach()
            store.close()

    app = FastAPI(title="croupier", version="1", lifespan=lifespan, responses=limits.RESPONSES)
    app.add_middleware(limits.Limits)  # bodies capped, slow ones cut; websockets' slots
    app.state.background = Background()
    from croupier.service.staff import register  # waiting lists, the day report, the recall

    register(app)
    health.register(app, room)

    @app.exception_handler(Refused)
    async def refused(_: Request, e: Refused) -> JSONResponse:
        return JSONResponse(_body(e.reason, e.clause), status_code=e.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, e: RequestValidationError) -> JSONResponse:
        for err in e.errors():
            if err.get("type") == "json_invalid":  # the body is not JSON at all
                where = err.get("loc", ("body", "?"))[-1]
                what = (err.get("ctx") or {}).get("error", "not JSON")
                return JSONResponse(_body(f"malformed JSON: {what} (at {where})", API), 400)
        errors = "; ".join(
            f"{'.'.join(str(x) for x in err.get('loc', ()))}: {err.get('msg')}"
            for err in e.errors()
        )
        return JSONResponse(_body(errors[:500], API), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, e: StarletteHTTPException) -> JSONResponse:
        detail = str(e.detail)
        if e.status_code == 400 and e.__cause__ is not None:  # FastAPI could not read the body
            detail = limits.describe(e.__cause__)
        return JSONResponse(_body(detail, API), status_code=e.status_code, headers=e.headers)

    @app.exception_handler(Exception)
    async def crash(request: Request, e: Exception) -> JSONResponse:
        # A bug: recorded for the auditors (a command's owner has already rebuilt the room
        # from the store), and the reply says the command was not accepted.
        svc: Service = request.app.state.service
        detail = f"{request.method} {request.url.path}: {type(e).__name__}: {e}"[:500]
        await asyncio.to_thread(record, svc.store, What.ERROR, "server", detail, _now())
        return JSONResponse(
            {"error": "internal error: nothing was accepted", "detail": detail}, status_code=500
        )

    def service(request: Request | WebSocket) -> Service:
        svc: Service = request.app.state.service
        return svc

    def bearer(request: Request) -> str:
        auth = request.headers.get("authorization", "")
        return auth[7:] if auth.lower().startswith("bearer ") else ""

    def caller(request: Request) -> User:
        svc = service(request)
        token = bearer(request)
        name = svc.sessions.user(token) if token else None
        user = None if name is None else svc.directory.users.users.get(name)
        if user is None:
            raise Refused(401, "log in first: POST /login, then send 'Authorization: Bearer'")
        return user

    def need(user: User, route: str, *at: str) -> None:
        """Refuse (403) unless the policy lets ``user`` call ``route`` at the tables ``at``."""
        why = policy.why_not(route, user, at)
        if why is not None:
            raise Refused(403, why, ROLES_CLAUSE)

    def owner(svc: Service) -> RoomOwner:
        if svc.owner is None:
            raise Refused(
                503, f"room {room} was refused at recovery: {svc.refused}"[:500], "croupier store"
            )
        return svc.owner

    login_api.register(app, caller, need, bearer)

    @app.get("/me")
    async def me(request: Request) -> dict[str, Any]:
        user = caller(request)
        return {"name": user.name, "role": user.role.value, "tables": sorted(user.tables)}

    users_api.register(app, caller, need)

    @app.post(
        "/commands",
        openapi_extra={
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
        },
    )
    async def command(request: Request) -> dict[str, Any]:
        """A command as data: accepted (its events committed) or refused with the clause."""
        svc = service(request)
        user = caller(request)
        raw = await request.body()  # capped by limits.Limits before it got here
        try:
            body = limits.loads(raw)
        except limits.BadJson as e:
            raise Refused(400, str(e)) from e
        return await run_command(svc, user, body)

    async def run_command(svc: Service, user: User, body: Any) -> dict[str, Any]:
        """``body``, a command as data sent by ``user`` (over HTTP or a websocket), once its
        events are committed; ``Refused`` with the clause."""
        try:
            req = cmds.parse(body)
        except cmds.BadCommand as e:
            raise Refused(422, str(e)) from e
        own = owner(svc)
        if (why := policy.why_not(req.name, user)) is not None:
            raise Refused(403, why, ROLES_CLAUSE)
        expected = body.get("seq") if isinstance(body, dict) else None

        def prepare(
            rooms: RoomStore,
        ) -> tuple[RoomCommand, str, str, list[tuple[str, str, object]]]:
            # run by the room's owner when the command's turn comes, with the room as it is then
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
            dealt = isinstance(inner, StartRound | StartUthRound)
            recorded = replace(inner, deck_order=None) if dealt else inner
            issued = cmds.Issued(user.name, user.role, recorded, _now())
            also: list[tuple[str, str, object]] = [
                (commands_stream(rooms.name), "commands", issued)
            ]
            if sealed is not None and req.table is not None:
                seal = DeckSealed(req.table, sealed.commitment, sealed.order, sealed.salt)
                also.append((sealed_stream(rooms.name), "sealed", seal))
            return cmds.wrap(req, inner, at), user.name, issued.at, also

        try:
            done = await own.submit(prepare, req.table)
        except IllegalAction as e:
            raise Refused(409, e.ruling.message, e.ruling.clause) from e
        return {
            "accepted": True,
            "type": req.name,
            "events": [type(e).__name__ for e in done.events],
            "said": words.said(done.events),
            "heads": done.heads,
            "actor": done.actor,
        }

    @app.get("/room/board")
    async def board(request: Request) -> dict[str, Any]:
        """Every open table, the rounds ``played`` at each cash table, and the server's parts
        that stopped (``background_failed``: when, and for staff why)."""
        svc = service(request)
        user = caller(request)
        own = owner(svc)
        async with own.lock:
            rows = [codec.encode(r) for r in own.rooms.room.board()]
            played = {name: t.hands for name, t in own.rooms.room.tables.items()}
        failed = request.app.state.background.board(user.role is not Role.PLAYER)
        return {"board": rows, "played": played, "background_failed": failed}

    @app.get("/room/ledger")
    async def ledger(request: Request) -> dict[str, Any]:
        svc = service(request)
        user = caller(request)
        need(user, "GET /room/ledger")
        own = owner(svc)
        async with own.lock:
            led = own.rooms.room.ledger()
        return {"ledger": codec.encode(led), "conserved": led.conserved}

    @app.get("/tables/{table}/view")
    async def view(table: str, request: Request) -> dict[str, Any]:
        """The caller's view of a table: a player's own cards only; the dealer's side all."""
        svc = service(request)
        user = caller(request)
        own = owner(svc)
        async with own.lock:
            t = own.rooms.room.tables.get(table)
            if t is None:
                raise Refused(404, f"no cash table {table}")
            seq = own.rooms.heads.get(table_stream(own.rooms.name, table), 0)
            return {"seq": seq, "view": codec.encode(table_view(t, stream.viewer(user, table)))}

    @app.get("/significant")
    async def significant(
        request: Request, after: Annotated[int, Query(ge=0, le=2**62)] = 0
    ) -> dict[str, Any]:
        """The significant-events log (auditors and admins)."""
        svc = service(request)
        user = caller(request)
        need(user, "GET /significant")
        from croupier.service.store.significant import STREAM

        rows = await asyncio.to_thread(svc.store.read, STREAM, after)
        return {"events": [{"seq": r.seq, "event": codec.encode(r.event())} for r in rows[:1000]]}

    @app.get("/audit/verify")
    async def audit_verify(request: Request) -> dict[str, Any]:
        svc = service(request)
        user = caller(request)
        need(user, "GET /audit/verify")
        from croupier.service.store import audit

        report: dict[str, Any] = await asyncio.to_thread(audit.verify, svc.store)
        return report

    @app.get("/audit/recall/{table}")
    async def audit_recall(
        table: str, request: Request, last: Annotated[int, Query(ge=1, le=1000)] = 10
    ) -> dict[str, Any]:
        """The last finished rounds of a table with every event, hole cards included: the
        auditor sees every card once the round is over, never during it."""
        svc = service(request)
        user = caller(request)
        need(user, "GET /audit/recall/{table}")
        own = owner(svc)
        from croupier.service.store import audit

        stream = table_stream(own.rooms.name, table)
        if table not in own.rooms.room.tables:
            raise Refused(404, f"no cash table {table}")
        rounds = await asyncio.to_thread(audit.recall, svc.store, stream, last + 1)
        done = [r for r in rounds if isinstance(r[-1], RoundFinished | TableRoundVoided)][-last:]
        return {"rounds": [[codec.encode(e) for e in r] for r in done]}

    uth_api.add_routes(app)
    tournament_api.register(app, caller, need, owner)
    tournament_live.register(app, caller, need, owner)

    async def _ws_command(svc: Service, user: User, data: Any) -> dict[str, Any]:
        """A command sent over a websocket, ``{"command": {...}, "id": ...}``: its reply
        ``{"reply": id, "status": 200, ...}`` as the HTTP route's body, or with the refusal's
        status, reason and clause."""
        if isinstance(data, limits.BadJson):  # a frame that is not JSON
            return {"reply": None, "status": 400, **_body(str(data), API)}
        ref = data.get("id") if isinstance(data, dict) else None
        if not limits.echoable(ref):
            return {"reply": None, "status": 400, **_body(limits.BAD_ID, API)}
        if not isinstance(data, dict) or not isinstance(data.get("command"), dict):
            return {"reply": ref, "status": 422, **_body('send {"command": {...}, "id": ...}', API)}
        try:
            return {"reply": ref, "status": 200, **await run_command(svc, user, data["command"])}
        except Refused as e:
            return {"reply": ref, "status": e.status, **_body(e.reason, e.clause)}
        except Exception as e:  # a bug: recorded, and the command was not accepted
            detail = f"websocket command: {type(e).__name__}: {e}"[:500]
            await asyncio.to_thread(record, svc.store, What.ERROR, "server", detail, _now())
            return {"reply": ref, "status": 500, "error": "internal error: nothing was accepted"}

    async def ws_reply(user: User, data: Any) -> dict[str, Any]:
        return await _ws_command(app.state.service, user, data)

    stream.register(app, ws_reply)

    @app.get("/contract")
    async def message_contract() -> dict[str, Any]:
        """The message contract: every stream socket message as JSON Schema (public)."""
        return _CONTRACT

    mount_console(app)  # the web console: static pages over this same public API
    return app


def _fill(
    svc: Service, rooms: RoomStore, user: User, req: cmds.Request, at: int
) -> tuple[dict[str, Any], ShuffledDeck | None]:
    """The fields the server sets: the clock, a player's own name or position, the shoe; and
    the shuffled deck a StartRound deals from (to be sealed in the store)."""
    fill: dict[str, Any] = dict(req.prefill)
    fields = set(req.spec.cls.__dataclass_fields__)  # type: ignore[attr-defined]
    if "at" in fields:
        fill["at"] = at
    fill.update(
        tcmds.server_fill(rooms.room, req.name, req.spec.cls, req.tournament, at, svc.shoe_seed)
    )
    if req.spec.scope == "uth":
        return uth_api.fill(svc, rooms, user, req, fill)
    if req.spec.own and user.role is Role.PLAYER and req.spec.own not in req.fields:
        if req.spec.scope == "round":
            pos = _position(rooms, user, req)
            fill[req.spec.own] = pos
        else:
            fill[req.spec.own] = user.name
    if req.name == "DrawForSeat":  # a draw for a seat (qld s16(3)): the cards from a shoe
        shoe = svc.shoes.get("draw for a seat")
        if shoe is None:
            seed = None if svc.shoe_seed is None else svc.shoe_seed + len(svc.shoes)
            shoe = svc.shoes["draw for a seat"] = Shoe(Deck.standard(), seed=seed)
        fill["deck_order"] = shoe.shuffle().order
    if req.name == "StartRound" and not req.live:
        assert req.table is not None
        t = rooms.room.tables.get(req.table)
        if t is not None:
            shoe = svc.shoes.get(req.table)
            if shoe is None:
                seed = None if svc.shoe_seed is None else svc.shoe_seed + len(svc.shoes)
                shoe = svc.shoes[req.table] = Shoe(t.config.game.deck, seed=seed)
            deck = shoe.shuffle()
            fill.update(deck_order=deck.order, commitment=deck.commitment, shoe=deck.source)
            return fill, deck
    return fill, None


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
