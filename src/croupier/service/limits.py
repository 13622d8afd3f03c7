"""The service's bounds against a hostile network: every request's body capped while it is
read, slow or idle connections cut, websocket messages and connections per user capped, and
JSON read without a traceback, whatever arrives.

* :class:`Limits`, a pure ASGI middleware: a body over :data:`MAX_BODY` is answered 413
  (before more than the cap is read, chunked or not), one slower than :data:`BODY_SECONDS`
  408; a websocket handler that fails after the handshake closes with 1011 and a reason.
* :func:`admit`: a websocket's slot among its user's :data:`MAX_SOCKETS_PER_USER`.
* :class:`Wire`: a live socket's frames straight to and from the server's ASGI calls.
* :func:`loads`: JSON from a body or a frame, or :class:`BadJson` naming the problem.
* :data:`SERVER`: uvicorn's options (``croupier serve``): header deadline and size
  (:class:`GuardedHttp`), keep-alive, websocket message size, pings.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

API = "croupier api"
#: The largest request body, on every route (a command is the largest legitimate one).
MAX_BODY = 256 * 1024  # a hand-for-hand record of every table's hand, each with its rules
#: A request's whole body must arrive within this (408 otherwise).
BODY_SECONDS = 30.0
#: A request's line and headers must arrive within this, and be at most ``MAX_HEAD`` bytes.
HEAD_SECONDS = 10.0
MAX_HEAD = 32 * 1024
#: An idle kept-alive HTTP connection is closed after this (uvicorn's ``timeout_keep_alive``).
KEEP_ALIVE_SECONDS = 5
#: The largest websocket message a client may send (uvicorn closes with 1009 beyond it).
MAX_WS_MESSAGE = 64 * 1024
#: Websocket pings: a client that does not answer one within the timeout is closed (1011).
WS_PING_SECONDS = 20.0
WS_PING_TIMEOUT_SECONDS = 20.0
#: Open websockets per user, across every socket route (and per address for the public
#: clock); the next closes with 4429. ``CROUPIER_SOCKETS_PER_USER`` overrides it (the
#: benchmark's one dealer account watches every table).
MAX_SOCKETS_PER_USER = 16
MAX_SOCKETS_PER_ADDRESS = 256
TOO_MANY_SOCKETS = 4429

log = logging.getLogger("croupier.service")


_REASONS = {
    400: "malformed request (JSON that cannot be read, a bad header)",
    401: "not logged in",
    403: "the caller's role or scope may not do this",
    404: "no such table, tournament or round",
    408: f"the body did not arrive within {BODY_SECONDS:g} s",
    409: "the rules refused it, or a stale sequence number, or a conflict",
    413: f"body over {MAX_BODY} bytes",
    422: "not a valid request: a field missing, unknown or of the wrong type",
    429: "too many attempts: retry later",
    503: "the room was refused at recovery",
}
_REFUSAL = {
    "type": "object",
    "required": ["refused", "clause"],
    "properties": {"refused": {"type": "string"}, "clause": {"type": "string"}},
}
#: The refusals any route may answer, documented on every route of the OpenAPI schema (as
#: JSON, whatever the route's own answer is).
RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"description": reason, "content": {"application/json": {"schema": _REFUSAL}}}
    for status, reason in _REASONS.items()
}


class BadJson(ValueError):
    """JSON that cannot be read; the message names the problem."""


def loads(raw: bytes | str) -> Any:
    """``raw`` read as JSON (orjson; the standard library's reader for what orjson refuses
    but it reads, an integer beyond 64 bits); :class:`BadJson` naming the problem otherwise:
    bad syntax or encoding, nesting too deep, an integer of more digits than Python reads."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        pass
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as e:  # JSONDecodeError, UnicodeDecodeError among them
        raise BadJson(describe(e)) from e


BAD_ID = "id: any JSON of at most 200 bytes, its integers of at most 64 bits"


def echoable(ref: Any) -> bool:
    """Whether a websocket message's ``id`` can be sent back in its reply as it came (not
    an integer beyond 64 bits, nor a lone surrogate, which the standard library reads)."""
    try:
        return len(orjson.dumps(ref)) <= 200
    except TypeError:
        return False


def describe(e: BaseException) -> str:
    """What was wrong with a JSON text that raised ``e``, for a refusal."""
    if isinstance(e, RecursionError):
        return "malformed JSON: nested too deeply"
    if isinstance(e, UnicodeDecodeError):
        return f"malformed JSON: not UTF-8 ({e.reason} at byte {e.start})"
    text = str(e)
    if "integer string conversion" in text:
        return "malformed JSON: an integer of more than 4300 digits"
    return f"malformed JSON: {text}"[:300]


# Bodies


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


async def _refuse(send: Send, status: int, reason: str) -> None:
    body = orjson.dumps({"refused": reason, "clause": API})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),  # the rest of the body is not read
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class Limits:
    """The ASGI middleware (outside the routes): an HTTP request's body is read here, at
    most :data:`MAX_BODY` bytes within :data:`BODY_SECONDS`, before the app sees it; a
    websocket gets its slot holder (:func:`admit`) and a close frame whatever happens."""

    def __init__(self, app: App, sockets_per_user: int | None = None) -> None:
        self.app = app
        env = os.environ.get("CROUPIER_SOCKETS_PER_USER", "")
        self.per_user = sockets_per_user or (int(env) if env.isdigit() else MAX_SOCKETS_PER_USER)
        self.open: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        length = dict(scope["headers"]).get(b"content-length")
        refusal = None
        if length is not None and not length.isdigit():
            refusal = 400, "Content-Length: a whole number of bytes"
        elif length is not None and int(length) > MAX_BODY:
            refusal = 413, f"a request's body is at most {MAX_BODY} bytes"
        else:
            try:
                async with asyncio.timeout(BODY_SECONDS):
                    body = await self._body(receive)
            except _TooLarge:
                refusal = 413, f"a request's body is at most {MAX_BODY} bytes"
            except TimeoutError:
                refusal = 408, f"the body did not arrive within {BODY_SECONDS:g} s"
        if refusal is not None:
            await _refuse(send, *refusal)
            return
        if body is None:  # the client went
            return
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    @staticmethod
    async def _body(receive: Receive) -> bytes | None:
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                raise _TooLarge
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        slot = _Slot(self)
        scope["croupier.socket"] = slot
        scope["croupier.wire"] = (receive, send)  # the server's own calls: see Wire
        state = {"accepted": False, "closed": False}

        async def watch(message: Message) -> None:
            if message["type"] == "websocket.accept":
                state["accepted"] = True
            elif message["type"] == "websocket.close":
                state["closed"] = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as e:
            # a bug: the client is told, with a code and a reason, rather than cut off
            log.exception("websocket %s", scope.get("path"))
            if state["accepted"] and not state["closed"]:
                reason = f"internal error: {type(e).__name__}"
                with contextlib.suppress(Exception):  # the client is gone already
                    await send({"type": "websocket.close", "code": 1011, "reason": reason})
            elif not state["accepted"]:
                raise
        finally:
            slot.release()


class Wire:
    """A live socket's frames read and written through the server's own ASGI calls, as
    :class:`Limits` received them, past the framework's wrappers (Starlette's state checks,
    its exception handler's sender, :class:`Limits`' own watch): each costs a coroutine a
    frame, and a busy room's sockets write several frames a command (about 3 % more
    commands a second at saturation, docs/design.md). What those wrappers would do for a
    text frame is done here: Starlette's states kept, a send to a client that is gone
    raised as its :class:`WebSocketDisconnect` (1006). A socket not behind :class:`Limits`
    goes through the framework."""

    __slots__ = ("_receive", "_send", "ws")

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        calls: tuple[Receive, Send] | None = ws.scope.get("croupier.wire")
        self._receive: Receive
        self._send: Send
        self._receive, self._send = calls if calls is not None else (ws.receive, ws.send)

    async def receive(self) -> Message:
        got = await self._receive()
        if got["type"] == "websocket.disconnect":
            self.ws.client_state = WebSocketState.DISCONNECTED
        return got

    async def send_text(self, text: str) -> None:
        try:
            await self._send({"type": "websocket.send", "text": text})
        except OSError as e:  # uvicorn's ClientDisconnected: the client went meanwhile
            self.ws.application_state = WebSocketState.DISCONNECTED
            raise WebSocketDisconnect(code=1006) from e


class _Slot:
    """A websocket's place among its user's open sockets, given back when it ends."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.key: str | None = None

    def take(self, key: str, cap: int) -> bool:
        n = self.limits.open.get(key, 0)
        if n >= cap:
            return False
        self.limits.open[key] = n + 1
        self.key = key
        return True

    def release(self) -> None:
        if self.key is not None:
            n = self.limits.open[self.key] - 1
            if n:
                self.limits.open[self.key] = n
            else:
                del self.limits.open[self.key]
            self.key = None


async def admit(ws: WebSocket, user: str | None) -> bool:
    """Whether ``user``'s websocket (``None``: an anonymous one, counted by address) may
    open; if not, it is accepted and closed at once with 4429 and the reason."""
    slot = ws.scope.get("croupier.socket")
    if not isinstance(slot, _Slot) or slot.key is not None:
        return True  # not behind Limits (or counted already)
    if user is None:
        client = ws.scope.get("client")
        key, cap = f"address {client[0] if client else '?'}", MAX_SOCKETS_PER_ADDRESS
    else:
        key, cap = f"user {user}", slot.limits.per_user
    if slot.take(key, cap):
        return True
    await ws.accept()
    await ws.close(code=TOO_MANY_SOCKETS, reason=f"too many open websockets ({cap}) for {key}")
    return False


def frame(message: Message) -> Any:
    """A websocket message read as JSON; :class:`BadJson` naming the problem (over
    :data:`MAX_WS_MESSAGE`, not JSON)."""
    text = message.get("text")
    raw: bytes | str = text if text is not None else message.get("bytes") or b""
    if len(raw) > MAX_WS_MESSAGE:
        raise BadJson(f"a message is at most {MAX_WS_MESSAGE} bytes")
    return loads(raw)


# The server


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a deadline on each request's line and headers
    (:data:`HEAD_SECONDS`, answered 408) and a cap on their size (:data:`MAX_HEAD`, 431):
    a client that sends them slowly (slowloris) or endlessly is cut off."""

    _deadline: asyncio.TimerHandle | None = None
    _head = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._deadline is not None:  # the head is not complete yet: all of this was head
            self._head += len(data)
            if self._head > MAX_HEAD:
                self._cut(431, "request headers too large")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def _arm(self) -> None:
        self._disarm()
        self._head = 0
        self._deadline = self.loop.call_later(HEAD_SECONDS, self._cut, 408, "request too slow")

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _cut(self, status: int, reason: str) -> None:
        self._disarm()
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:
            body = orjson.dumps({"refused": reason, "clause": API})
            self.transport.write(
                f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
                f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode()
                + body
            )
        self.transport.close()


#: ``uvicorn.run``'s options for ``croupier serve``.
SERVER: dict[str, Any] = {
    "http": GuardedHttp,
    "timeout_keep_alive": KEEP_ALIVE_SECONDS,
    "ws_max_size": MAX_WS_MESSAGE,
    "ws_ping_interval": WS_PING_SECONDS,
    "ws_ping_timeout": WS_PING_TIMEOUT_SECONDS,
    # No permessage-deflate (uvicorn's default offers it): a compressed stream shares its
    # window between a player's hole cards and text others choose (names, notices), so the
    # size of the frames on the wire, visible through TLS, could tell a watcher the cards
    # (as CRIME and BREACH read secrets); and compressing every frame costs the server CPU.
    "ws_per_message_deflate": False,
}
