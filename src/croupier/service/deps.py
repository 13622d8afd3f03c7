"""What every route of the service shares: the one refusal (:class:`Refused`, answered
``{"refused": reason, "clause": clause}`` with its 4xx status), the service's state
(:class:`Service`) and the FastAPI dependencies for the caller (:data:`Caller`), the role the
policy asks of a route (:func:`allowed`) and the room's owner (:data:`Owner`)."""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Request, WebSocket

from croupier.cards import Deck
from croupier.service import limits, policy
from croupier.service.auth import ROLES_CLAUSE, Directory, Role, Sessions, User
from croupier.service.forward import Forwarder
from croupier.service.hashing import Hashing
from croupier.service.node import Node
from croupier.service.owner import Hub, RoomOwner
from croupier.service.presence import Presence
from croupier.service.store.lease import CLAUSE as LEASE
from croupier.service.store.rooms import RoomStore
from croupier.service.store.store import EventStore
from croupier.service.throttle import Throttle
from croupier.shoe import Shoe, ShuffledDeck
from croupier.views import Viewer

API = "croupier api"
LOG_IN_FIRST = "log in first: POST /login, then send 'Authorization: Bearer'"


class Refused(Exception):
    """A request or command refused: its status (4xx, 503), reason and clause; nothing
    changed. The one refusal of the service, over HTTP (:func:`body`) and websockets."""

    def __init__(
        self, status: int, reason: str, clause: str = API, retry_after: int | None = None
    ) -> None:
        super().__init__(reason)
        self.status, self.reason, self.clause = status, reason, clause
        self.retry_after = retry_after

    def body(self) -> dict[str, str]:
        return body(self.reason, self.clause)


def body(reason: str, clause: str) -> dict[str, str]:
    """The one reply shape of a refusal."""
    return {"refused": reason, "clause": clause}


def now_iso() -> str:
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
    node: Node | None = None  # one of several nodes serving the room (``serve --node``)
    forward: Forwarder | None = None  # a standby's way to the owner (``serve --redis``)

    def shuffle(self, key: str, deck: Deck) -> ShuffledDeck:
        """The next shuffle of the shoe ``key`` (a table, a tournament table, the draw for
        seats), made on first use: the only place the service makes a shoe. With
        ``shoe_seed`` the shoes are replayable (tests and demos only)."""
        shoe = self.shoes.get(key)
        if shoe is None:
            seed = None if self.shoe_seed is None else self.shoe_seed + len(self.shoes)
            shoe = self.shoes[key] = Shoe(deck, seed=seed)
        return shoe.shuffle()


def service(request: Request | WebSocket) -> Service:
    svc: Service = request.app.state.service
    return svc


def bearer(request: Request) -> str:
    auth = request.headers.get("authorization", "")
    return auth[7:] if auth.lower().startswith("bearer ") else ""


def caller(request: Request) -> User:
    """The logged-in user who sends ``request`` (refused 401 otherwise)."""
    user = user_of(service(request), bearer(request))
    if user is None:
        raise Refused(401, LOG_IN_FIRST)
    return user


def user_of(svc: Service, token: object) -> User | None:
    """The user whose session ``token`` is, if it is one."""
    name = svc.sessions.user(token) if isinstance(token, str) and token else None
    return None if name is None else svc.directory.users.users.get(name)


def need(user: User, route: str, *at: str) -> None:
    """Refuse (403) unless the policy lets ``user`` call ``route`` at the tables ``at``."""
    why = policy.why_not(route, user, at)
    if why is not None:
        raise Refused(403, why, ROLES_CLAUSE)


def allowed(route: str) -> Callable[[Request], Awaitable[User]]:
    """A dependency: the caller, if the policy lets their role call ``route`` (refused
    401 or 403 otherwise)."""
    policy.entry(route)  # a route the policy does not know fails at the start

    async def check(request: Request) -> User:
        user = caller(request)
        need(user, route)
        return user

    return check


def viewer(user: User, table: str) -> str | Viewer:
    """Whom ``user`` sees a table as: a player (by name), the dealer's side (the floor, a
    dealer at an assigned table) or a spectator (every card of a round over: the recall)."""
    if user.role is Role.PLAYER:
        return user.name
    if user.role is Role.FLOOR or (user.role is Role.DEALER and table in user.tables):
        return Viewer.DEALER
    return Viewer.SPECTATOR


def owner_of(svc: Service) -> RoomOwner:
    """The room's owner (refused 503 when the room was refused at recovery, or this node is
    a standby: the reason names the node that serves it)."""
    if svc.owner is None:
        raise Refused(503, *unserved(svc))
    return svc.owner


def unserved(svc: Service) -> tuple[str, str]:
    """Why this server does not serve the room now, and the clause."""
    if svc.node is not None and not svc.refused:
        return svc.node.refusal(), LEASE
    return f"the room was refused at recovery: {svc.refused}"[:500], "croupier store"


def forwards(svc: Service) -> bool:
    """Whether this node sends the commands it is given to the room's owner: a standby that
    can (``serve --redis``), not the owner, and not a room refused at recovery."""
    own = svc.owner
    return (
        svc.forward is not None
        and not svc.refused
        and (own is None or own.follows is not None)
        and svc.node is not None
        and not svc.node.serving
    )


def room_owner(request: Request) -> RoomOwner:
    return owner_of(service(request))


def clock(request: Request) -> int:
    return service(request).clock()


# The dependencies are coroutines: FastAPI runs a plain function given to ``Depends`` in its
# thread pool, a hop to a thread and back for every request (they only read memory).


async def _caller(request: Request) -> User:
    return caller(request)


async def _room_owner(request: Request) -> RoomOwner:
    return room_owner(request)


async def _http_service(request: Request) -> Service:
    return service(request)


#: The logged-in caller (a dependency).
Caller = Annotated[User, Depends(_caller)]
#: The room's owner (a dependency).
Owner = Annotated[RoomOwner, Depends(_room_owner)]


#: The service (a dependency).
Svc = Annotated[Service, Depends(_http_service)]


def area(*tags: str) -> APIRouter:
    """An area's routes (``tags``: their heading in the API's documents), with the answers
    every route may give (:data:`limits.RESPONSES`), to :func:`mount` on the app."""
    return APIRouter(tags=list(tags), responses=limits.RESPONSES)


def mount(app: FastAPI, router: APIRouter) -> None:
    """``router``'s routes (an area's) as the app's own, in order. FastAPI's
    ``include_router`` keeps an included router apart and matches each request through it
    twice (its routes once to choose it, then again among them): 58 us to route a view
    against 17-28 us here."""
    app.router.routes.extend(router.routes)
