"""Logging in and out (a router that :mod:`croupier.service.api` includes).

* ``POST /login`` gives a bearer token. Passwords are checked in their own small pool
  (:class:`croupier.service.auth.Hashing`): while it is full the answer is 503 with
  ``Retry-After``. Failed log-ins are throttled per name and per address
  (:mod:`croupier.service.throttle`): while either is locked the answer is 429 with
  ``Retry-After``, and no password is checked. Either refusal is held a second
  (``Throttle.pause``) before it is sent, so that a client retrying at once cannot spin the
  server with refusals.
* ``POST /logout`` ends the caller's session (kept across restarts).
* ``POST /ws-ticket`` gives a one-time ticket, good for ``expires_in`` seconds, that opens one
  websocket as the caller (``/ws/...?ticket=``): the session token never goes in a URL.
* ``POST /users/{name}/unlock`` and ``POST /addresses/{address}/unlock`` (admin) clear a
  name's or an address's failed log-ins and lock.
"""

from __future__ import annotations

import asyncio
import datetime
from typing import Any, Protocol

from fastapi import Request
from pydantic import BaseModel, Field

from croupier.service.auth import TICKET_SECONDS, Directory, Sessions
from croupier.service.deps import Refused, area, bearer, caller, need
from croupier.service.hashing import Busy, Hashing, check_login
from croupier.service.store.recovery import record
from croupier.service.store.significant import What
from croupier.service.store.store import EventStore
from croupier.service.throttle import Throttle, address_key, name_key

API = "croupier api"
LOG_IN_FIRST = "log in first: POST /login, then send 'Authorization: Bearer'"


class Login(BaseModel):
    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=256)


class _Service(Protocol):
    store: EventStore
    directory: Directory
    sessions: Sessions
    throttle: Throttle
    hashing: Hashing


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def _refused(status: int, reason: str, retry_after: int | None = None) -> Refused:
    return Refused(status, reason, API, retry_after)


router = area("sessions")


def service(request: Request) -> _Service:
    svc: _Service = request.app.state.service
    return svc


@router.post(
    "/login",
    responses={
        401: {"description": "unknown user or wrong password"},
        429: {"description": "too many failed log-ins (Retry-After)"},
        503: {"description": "too many log-ins at once (Retry-After)"},
    },
)
async def login(body: Login, request: Request) -> Any:
    """A session token; 429 while the name or the address is locked after failed
    log-ins, 503 while too many passwords wait to be checked."""
    svc = service(request)
    address = request.client.host if request.client is not None else "unknown"
    wait = svc.throttle.wait(body.name, address)
    if wait > 0:
        await asyncio.sleep(svc.throttle.pause)
        wait = max(svc.throttle.wait(body.name, address), 1)
        raise _refused(429, f"too many failed log-ins: try again in {wait} s", wait)
    user = svc.directory.users.users.get(body.name)
    held = None if user is None else user.password_hash
    try:
        ok = await svc.hashing.run(check_login, held, body.password)
    except Busy as e:
        await asyncio.sleep(svc.throttle.pause)
        raise _refused(503, str(e), e.retry_after) from e
    at, via = _now(), f"via the API from {address}"
    if not ok or user is None:
        locks = svc.throttle.failed(body.name, address, at)
        await asyncio.to_thread(record, svc.store, What.LOGIN_FAILED, body.name, via, at)
        await asyncio.to_thread(svc.throttle.save, locks)
        raise _refused(401, "unknown user or wrong password")
    svc.throttle.succeeded(body.name)
    await asyncio.to_thread(record, svc.store, What.LOGIN, body.name, via, at)
    return {"token": svc.sessions.open(user.name), "role": user.role.value}


@router.post("/logout")
async def logout(request: Request) -> dict[str, bool]:
    svc = service(request)
    caller(request)
    await asyncio.to_thread(svc.sessions.close, bearer(request), _now())
    return {"logged_out": True}


@router.post("/ws-ticket")
async def ws_ticket(request: Request) -> Any:
    """A one-time ticket that opens one websocket as the caller (``?ticket=``) within
    ``expires_in`` seconds."""
    caller(request)
    ticket = service(request).sessions.ticket(bearer(request))
    if ticket is None:
        raise _refused(401, LOG_IN_FIRST)
    return {"ticket": ticket, "expires_in": TICKET_SECONDS}


async def unlock(request: Request, key: str, route: str) -> dict[str, Any]:
    svc = service(request)
    user = caller(request)
    need(user, route)
    done = svc.throttle.unlock(key, user.name, _now())
    await asyncio.to_thread(svc.throttle.save, done)
    return {"unlocked": key, "cleared": bool(done)}


@router.post("/users/{name}/unlock")
async def unlock_user(name: str, request: Request) -> dict[str, Any]:
    """Clear a user name's failed log-ins and lock (admin)."""
    return await unlock(request, name_key(name), "POST /users/{name}/unlock")


@router.post("/addresses/{address}/unlock")
async def unlock_address(address: str, request: Request) -> dict[str, Any]:
    """Clear an address's failed log-ins and lock (admin)."""
    return await unlock(request, address_key(address), "POST /addresses/{address}/unlock")
