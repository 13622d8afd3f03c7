"""The card room's HTTP and websocket API (FastAPI): ``croupier serve``.

The routes are routers by area, each with the dependencies of :mod:`croupier.service.deps`
(the caller, the role the policy asks, the room's owner):

* sessions (:mod:`~croupier.service.login_api`): ``POST /login`` gives a bearer token,
  ``POST /ws-ticket`` a one-time ticket that opens a websocket; users
  (:mod:`~croupier.service.users_api`): ``POST /users`` (admin) adds users, dealers are
  assigned to tables with ``POST /users/{name}/tables``.
* the room and its tables (:mod:`~croupier.service.room_api`): ``POST /commands`` takes every
  command as data (:mod:`croupier.service.dispatch`: checked, applied by the room's owner and
  answered once its events are committed); the board, the ledger, a table's view.
* the stream sockets (:mod:`~croupier.service.stream`): tables, UTH tables, tournament tables
  and a tournament's clock, ``/ws/...?ticket=...&after=SEQ``, which take commands too; their
  messages are the public contract, ``GET /contract`` (:mod:`~croupier.service.contract`).
* UTH tables (:mod:`~croupier.service.uth_api`), tournaments
  (:mod:`~croupier.service.tournament_api`, :mod:`~croupier.service.tournament_live`), the
  staff's lists and reports (:mod:`~croupier.service.staff`), the recall
  (:mod:`~croupier.service.recall`) and the auditors' (:mod:`~croupier.service.audit_api`).

Every refusal is a 4xx with ``{"refused": reason, "clause": clause}``
(:class:`croupier.service.deps.Refused`).
"""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from croupier.service import (
    audit_api,
    contract,
    dispatch,
    health,
    limits,
    locale_api,
    login_api,
    my_hands,
    node_channel,
    recall,
    room_api,
    staff,
    stream,
    tournament_api,
    tournament_live,
    users_api,
    uth_api,
    uth_tournament_api,
)
from croupier.service.auth import Directory, Sessions, session_seconds, session_secret
from croupier.service.background import Background
from croupier.service.decks import resume, unlock
from croupier.service.deps import API, Refused, Service, body, mount, now_iso
from croupier.service.forward import Forwarder
from croupier.service.hashing import Hashing
from croupier.service.node import Node
from croupier.service.owner import Hub, RoomOwner, settle_heap, warm
from croupier.service.presence import Presence
from croupier.service.replica import Notices, Replica, notice_key
from croupier.service.store import images
from croupier.service.store.images import RoomImage, image_stream
from croupier.service.store.lease import CLAUSE as LEASE
from croupier.service.store.lease import Lease, LeaseLost
from croupier.service.store.recovery import Recovery, record, recover
from croupier.service.store.rooms import (
    RoomStore,
    sealed_stream,
    table_stream,
    tournament_stream,
    uth_stream,
)
from croupier.service.store.sealing import Keyring
from croupier.service.store.significant import What
from croupier.service.store.store import EventStore
from croupier.service.throttle import Throttle
from croupier.web import mount as mount_console

log = logging.getLogger("croupier.service")

#: Seconds a standby waits before it tries again to load its replica of the room.
REPLICA_RETRY_S = 1.0

__all__ = ["API", "Refused", "Service", "create_app"]

#: The message contract, made once, when first asked for (:func:`croupier.service.contract.schema`
#: reads the events' annotations: a fifth of a second no start should pay).
_contract = functools.cache(contract.schema)


def create_app(
    db: str | None = None,
    room: str = "main",
    clock: Callable[[], int] | None = None,
    shoe_seed: int | None = None,
    settle: bool = False,
    key_file: str | None = None,
    session_hours: float | None = None,
    node: str | None = None,
    lease_s: float = 5.0,
    redis: str | None = None,
    advertise: str | None = None,
) -> FastAPI:
    """The service over the store at ``db``; ``clock`` gives the server's time in seconds
    (default: the machine's); ``shoe_seed`` makes the shoes replayable (tests, demos only);
    ``settle``: the process serves only this app, so its heap is settled once the room is
    rebuilt (:func:`croupier.service.owner.settle_heap`); ``key_file``: the keys that seal
    the decks (:mod:`croupier.service.store.sealing`); ``session_hours``: how long a log-in
    lasts (default: :func:`croupier.service.auth.session_seconds`); ``node``: this server's
    name as one of several nodes serving the room, its writer only while it holds the room's
    lease of ``lease_s`` seconds (:mod:`croupier.service.node`; PostgreSQL only); ``redis``:
    with ``node``, the Redis server of the owner's notices, which every standby follows with
    a warm replica of the room (:mod:`croupier.service.replica`); ``advertise``: with
    ``node``, this node's base URL, where the standbys forward the commands sent to them."""
    seconds = session_seconds(session_hours)  # a bad setting refused before the start
    start = _Start(db, room, clock, shoe_seed, settle, key_file, seconds)
    start.node, start.lease_s = node, lease_s
    start.redis, start.advertise = redis, advertise
    app = FastAPI(
        title="croupier", version="1", lifespan=start.lifespan, responses=limits.RESPONSES
    )
    app.add_middleware(limits.Limits)  # bodies capped, slow ones cut; websockets' slots
    app.state.background = Background()
    _handlers(app)
    health.register(app, room)
    locale_api.register(app)
    routers = (
        login_api,
        users_api,
        room_api,
        my_hands,
        audit_api,
        uth_tournament_api,
        node_channel,
    )
    for router in (r.router for r in routers):
        mount(app, router)
    stream.register(
        app, lambda user, data, token: dispatch.ws_reply(app.state.service, user, data, token)
    )
    staff.register(app)
    recall.register(app)
    uth_api.add_routes(app)
    tournament_api.register(app)
    tournament_live.register(app)

    @app.get("/contract")
    async def message_contract() -> dict[str, Any]:
        """The message contract: every stream socket message as JSON Schema (public)."""
        return await asyncio.to_thread(_contract)

    mount_console(app)  # the web console: static pages over this same public API
    return app


class _Start:
    """The service's start and stop (the app's lifespan): recovery, the room rebuilt, its
    rounds given their decks back, the tasks beside the requests."""

    def __init__(
        self,
        db: str | None,
        room: str,
        clock: Callable[[], int] | None,
        shoe_seed: int | None,
        settle: bool,
        key_file: str | None,
        seconds: int,
    ) -> None:
        self.db, self.room, self.clock, self.shoe_seed = db, room, clock, shoe_seed
        self.settle, self.key_file, self.seconds = settle, key_file, seconds
        self.node: str | None = None
        self.lease_s = 5.0
        self.redis: str | None = None
        self.advertise: str | None = None
        self.notices: Notices | None = None  # the owner's, with --redis
        self.replica: Replica | None = None  # a standby's, with --redis
        self.following: asyncio.Task[None] | None = None  # the replica following the owner
        self.loading: asyncio.Future[None] | None = None  # the replica being loaded

    def _mine(self, found: Recovery) -> dict[str, list[str]]:
        """The streams of this room that recovery refused."""
        room = self.room
        return {
            s: p
            for s, p in found.refused.items()
            if s in (f"room:{room}", f"cage:{room}", f"commands:{room}", sealed_stream(room))
            or s.startswith(
                (table_stream(room, ""), uth_stream(room, ""), tournament_stream(room, ""))
            )
        }

    def _image(self, store: EventStore) -> RoomImage | None:
        """The room's latest image, if one is taken and reads with its digest; else the start
        checks and folds every event (a refused image recorded, with why)."""
        try:
            return images.latest(store, self.room)
        except images.ImageError as e:
            log.error("croupier: room %s: image refused: %s", self.room, e)
            problem = f"{image_stream(self.room)}: {e}"
            record(store, What.REFUSED_STREAM, "server", problem, now_iso())
            return None

    async def _room(
        self, app: FastAPI, store: EventStore
    ) -> tuple[RoomStore | None, Keyring | None, dict[str, list[str]]]:
        """Recovery before play (every stream checked; a room with a refused stream is
        closed), then the room rebuilt and its rounds given their decks back: the room (None:
        refused), the keys that seal its decks, and its refused streams."""
        image = await asyncio.to_thread(self._image, store)
        found = await asyncio.to_thread(recover, store, now_iso(), "server", image)
        mine = self._mine(found)
        keys, locked = await asyncio.to_thread(unlock, store, self.room, self.key_file, now_iso())
        mine.update(locked)  # a room without the keys of its sealed decks waits for them
        health.announce(found, self.room, closed=bool(mine))
        found.refused.update(locked)  # /healthz names the missing key too (said by unlock)
        app.state.recovery = found
        rooms = None
        if not mine:
            rooms = await asyncio.to_thread(
                RoomStore, store, self.room, image=image, images_apart=True
            )
            if image is not None and rooms.refused_image is not None:
                # folded from every event instead, and every event checked: say why
                problem = f"{image_stream(self.room)}: {rooms.refused_image}"
                log.error("croupier: room %s: image refused: %s", self.room, problem)
                await asyncio.to_thread(
                    record, store, What.REFUSED_STREAM, "server", problem, now_iso()
                )
                found = app.state.recovery = await asyncio.to_thread(recover, store, now_iso())
                if self._mine(found):
                    mine.update(self._mine(found))
                    rooms = None
        if rooms is not None:
            # rounds a crash interrupted deal on from their sealed decks
            await asyncio.to_thread(resume, rooms, keys)
            await asyncio.to_thread(warm, rooms)
        if self.settle:
            settle_heap()
        return rooms, keys, mine

    def _open(self, store: EventStore, node: Node | None) -> Service:
        """The service, serving no room yet (:meth:`_serve`)."""
        directory = Directory(store)
        clocked = self.clock or (lambda: int(time.time()))
        secret = session_secret(store.url)
        return Service(
            store=store,
            rooms=None,
            refused={},
            directory=directory,
            sessions=Sessions(secret, directory.stamp, seconds=self.seconds, store=store),
            hub=Hub(),
            owner=None,
            users_lock=asyncio.Lock(),
            clock=clocked,
            shoe_seed=self.shoe_seed,
            shoes={},
            throttle=Throttle(store, clocked),
            hashing=Hashing(),
            node=node,
        )

    async def _serve(self, app: FastAPI, svc: Service) -> None:
        """Serve the room: recovery, the room rebuilt (:meth:`_room`), its owner, and the
        players' connections a crash left open recorded as lost. On a node, its commits are
        fenced by the lease and the users read again (another node may have added some)."""
        loading = self.loading
        if loading is not None:  # a replica being loaded: promoted once loaded
            await asyncio.wait([loading])
        if svc.owner is not None and svc.owner.follows is not None:
            owner = await self._promote(app, svc, svc.owner)
        else:
            rooms, keys, svc.refused = await self._room(app, svc.store)
            if rooms is None:
                return
            owner = RoomOwner(rooms, svc.hub, keys)
        self._fence(svc, owner)
        try:
            if svc.node is not None:
                await asyncio.to_thread(svc.directory.load)
            presence = Presence(owner, svc.clock, app.state.background)
            # nobody is connected yet: the connections a crash left open are disconnections
            # now, and every recorded disconnection times out
            await presence.recover()
            presence.resume()
        except BaseException:
            if svc.owner is owner:  # a promoted replica: dropped, and loaded again
                await self._drop(app, svc, "the room could not be served: see the log")
            raise
        svc.rooms, svc.presence, svc.owner = owner.rooms, presence, owner

    def _fence(self, svc: Service, owner: RoomOwner) -> None:
        """On a node, the room's commits fenced by the lease held now; with Redis, each
        commit said there."""
        if self.notices is not None:
            owner.committed = self.notices.committed
        if svc.node is not None:
            owner.rooms.fence, owner.lost = svc.node.lease.bound(), svc.node.fenced

    async def _drop(self, app: FastAPI, svc: Service, reason: str) -> None:
        """Stop serving the room (this node lost its lease): every command refused with
        ``reason``, every stream socket closed, the players' grace timers stopped; with
        Redis, a replica loaded afresh (what a refused commit left in memory is dropped)."""
        owner, presence = svc.owner, svc.presence
        svc.owner = svc.presence = svc.rooms = None
        following, self.following, self.replica = self.following, None, None
        if following is not None:  # a replica being promoted when the lease was lost
            following.cancel()
        if owner is not None:
            owner.close(reason)
        if presence is not None:
            await presence.close()
        if self.settle:  # the dropped room may be collected (the next room settles again)
            gc.unfreeze()
        if self.redis is not None:
            self.loading = asyncio.ensure_future(self._follow(app, svc))

    async def _follow(self, app: FastAPI, svc: Service) -> None:
        """A standby with Redis: the room loaded as a takeover loads it, kept as a replica
        that follows the owner's commits (:class:`Replica`), its reads and sockets served."""
        assert self.redis is not None and svc.node is not None
        try:
            while True:
                try:
                    rooms, keys, svc.refused = await self._room(app, svc.store)
                    break
                except Exception:
                    log.exception(
                        "croupier: node %s could not load its replica of room %s",
                        svc.node.name,
                        self.room,
                    )
                    if svc.node.taking is not None:  # a takeover loads the room itself
                        return
                    await asyncio.sleep(REPLICA_RETRY_S)  # a standby keeps trying
            if rooms is None:
                return
            owner = RoomOwner(rooms, svc.hub, keys)
            owner.follows = (
                f"node {svc.node.name} is a standby: its replica of room {self.room} writes nothing"
            )
            key = notice_key(svc.sessions.secret)
            self.replica = Replica(owner, self.redis, key, svc.directory)
            svc.rooms, svc.owner = rooms, owner
            if svc.forward is not None:
                svc.forward.reach = self.replica.reach
            bg: Background = app.state.background
            self.following = bg.task("the room's replica", self.replica.run())
        finally:
            self.loading = None

    async def _promote(self, app: FastAPI, svc: Service, owner: RoomOwner) -> RoomOwner:
        """A replica becomes the room's owner (this node took the lease): no reload, only
        what the owner committed before its lease ran out folded in, and the decks of the
        rounds in play given back. A failure leaves it a replica, following again."""
        following, replica = self.following, self.replica
        assert replica is not None and replica.own is owner
        self.following = None
        if following is not None:
            following.cancel()
            await asyncio.wait([following])
        try:
            await replica.catch_up()  # the lease is held: nothing more is committed elsewhere
            await asyncio.to_thread(owner.rooms.lead)
            await asyncio.to_thread(resume, owner.rooms, owner.keys)
        except BaseException:
            bg: Background = app.state.background
            self.following = bg.task("the room's replica", replica.run())
            raise
        self.replica = None
        if svc.forward is not None:
            svc.forward.reach = None
        self._fence(svc, owner)  # before it takes a command
        owner.follows = None
        return owner

    @asynccontextmanager
    async def lifespan(self, app: FastAPI) -> AsyncIterator[None]:
        store = EventStore(self.db)
        node = None
        if self.node is not None:
            node = Node(Lease(store, self.room, self.node, self.lease_s, self.advertise))
        app.state.recovery = Recovery((), {})  # a standby's, until it serves the room
        svc = app.state.service = self._open(store, node)
        if node is not None and self.redis is not None:
            svc.forward = Forwarder(node, svc.sessions.secret)
        bg: Background = app.state.background  # threads and tasks beside the requests
        beat = None
        if node is None:
            await self._serve(app, svc)
        else:
            node.take = functools.partial(self._serve, app, svc)
            node.drop = functools.partial(self._drop, app, svc)
            node.ready = lambda: self.loading is None  # not while its replica is loading
            if self.redis is not None:
                self.notices = Notices(self.redis, self.room, notice_key(svc.sessions.secret))
                bg.task("the room's notices on Redis", self.notices.run())
            await node.beat()  # a free lease is taken, and the room loaded, before serving
            beat = bg.task("the room's lease", node.run())
            await node.started()
            if self.redis is not None and not node.serving and node.taking is None:
                self.loading = asyncio.ensure_future(self._follow(app, svc))
                await asyncio.wait([self.loading])
        bg.attach(store)
        timer = bg.task("the tournaments' level timer", tournament_api.level_timer(app))
        try:
            yield
        finally:
            timer.cancel()
            if beat is not None:
                beat.cancel()
            if node is not None and node.taking is not None:
                node.taking.cancel()
            for task in (self.following, self.loading):
                if task is not None:
                    task.cancel()
            if svc.presence is not None:
                await svc.presence.close()
            if node is not None:  # a clean stop: a standby takes over at its next heartbeat
                await node.release()
            if svc.forward is not None:
                await svc.forward.close()
            svc.hashing.close()
            bg.detach()
            if svc.rooms is not None and svc.rooms.apart is not None:
                await asyncio.to_thread(svc.rooms.apart.wait, 10)  # an image being written
            store.close()


def _handlers(app: FastAPI) -> None:
    """Every refusal answered ``{"refused": reason, "clause": clause}``; a bug recorded."""

    @app.exception_handler(Refused)
    async def refused(_: Request, e: Refused) -> JSONResponse:
        headers = None if e.retry_after is None else {"Retry-After": str(e.retry_after)}
        return JSONResponse(e.body(), status_code=e.status, headers=headers)

    @app.exception_handler(LeaseLost)
    async def lease_lost(_: Request, e: LeaseLost) -> JSONResponse:
        return JSONResponse(body(str(e), LEASE), status_code=503)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, e: RequestValidationError) -> JSONResponse:
        for err in e.errors():
            if err.get("type") == "json_invalid":  # the body is not JSON at all
                where = err.get("loc", ("body", "?"))[-1]
                what = (err.get("ctx") or {}).get("error", "not JSON")
                return JSONResponse(body(f"malformed JSON: {what} (at {where})", API), 400)
        errors = "; ".join(
            f"{'.'.join(str(x) for x in err.get('loc', ()))}: {err.get('msg')}"
            for err in e.errors()
        )
        return JSONResponse(body(errors[:500], API), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, e: StarletteHTTPException) -> JSONResponse:
        detail = str(e.detail)
        if e.status_code == 400 and e.__cause__ is not None:  # FastAPI could not read the body
            detail = limits.describe(e.__cause__)
        return JSONResponse(body(detail, API), status_code=e.status_code, headers=e.headers)

    @app.exception_handler(Exception)
    async def crash(request: Request, e: Exception) -> JSONResponse:
        # A bug: recorded for the auditors (a command's owner has already rebuilt the room
        # from the store), and the reply says the command was not accepted.
        svc: Service = request.app.state.service
        detail = f"{request.method} {request.url.path}: {type(e).__name__}: {e}"[:500]
        await asyncio.to_thread(record, svc.store, What.ERROR, "server", detail, now_iso())
        return JSONResponse(
            {"error": "internal error: nothing was accepted", "detail": detail}, status_code=500
        )
