"""Never a 500, and bounded resources: JSON that cannot be read is a 400 naming the problem
(on every route and over the websocket), every body is capped while it is read, slow or
silent clients are cut, websocket messages and connections per user are capped. The
resource limits are checked against a real ``croupier serve`` process over real sockets."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState
from uvicorn.protocols.utils import ClientDisconnected
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from croupier.service import limits
from support.service import Room, add_users, served, ticket

BIG_INT = "9" * 5000
BAD = {
    "an integer of more than 4300 digits": f'{{"type": "OpenTable", "x": {BIG_INT}}}',
    "nested too deeply": "[" * 20_000 + "]" * 20_000,
    "not UTF-8": b'{"name": "\xff\xfe"}',
    "Expecting": '{"name": ',
}


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    with served(f"sqlite:///{tmp_path / 'room.db'}") as r:
        r.open_table("t1", "dunedin-house", ["p1", "p2"])
        yield r


def test_json_that_cannot_be_read_is_a_400_naming_the_problem_on_every_route(
    room: Room,
) -> None:
    routes = ["/commands", "/login", "/users"]
    for route in routes:
        who = "admin"
        for problem, body in BAD.items():
            r = room.c.post(
                route,
                content=body,
                headers={**room.headers(who), "content-type": "application/json"},
            )
            assert r.status_code == 400, (route, problem, r.status_code, r.text)
            refusal = r.json()
            assert refusal["clause"] == "croupier api"
            assert refusal["refused"].startswith("malformed JSON"), refusal
            assert problem in refusal["refused"], (route, refusal)


def test_bad_websocket_frames_are_answered_with_a_refusal_and_the_socket_lives(
    room: Room,
) -> None:
    with room.c.websocket_connect(f"/ws/tables/t1?ticket={_ticket(room, 'dealer')}") as ws:
        assert "snapshot" in ws.receive_json()
        frames: list[tuple[str, str | bytes]] = [
            ("an integer of more than 4300 digits", f'{{"command": {BIG_INT}, "id": 1}}'),
            ("nested too deeply", "[" * 50_000),
            ("not UTF-8", b'{"id": "\xff"}'),
            ("Expecting", "{"),
            (f"at most {limits.MAX_WS_MESSAGE} bytes", " " * (limits.MAX_WS_MESSAGE + 1)),
        ]
        for problem, raw in frames:
            if isinstance(raw, bytes):
                ws.send_bytes(raw)
            else:
                ws.send_text(raw)
            reply = ws.receive_json()
            assert reply["status"] == 400 and reply["reply"] is None, reply
            assert problem in reply["refused"], (problem, reply)
        # the socket still takes commands
        ws.send_json({"command": {"type": "StartRound", "table": "t1"}, "id": "go"})
        while "reply" not in (m := ws.receive_json()):
            pass
        assert m["reply"] == "go" and m["status"] == 200, m


# A real server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: The deadlines and pings shortened (the same code, so that the test is quick).
SHORT = (
    "import croupier.service.limits as l; l.HEAD_SECONDS = l.BODY_SECONDS = 1.0;"
    " l.SERVER.update(ws_ping_interval=0.5, ws_ping_timeout=0.5);"
    " from croupier.cli import main; main()"
)


class Served:
    def __init__(self, proc: subprocess.Popen[bytes], port: int, room: Room) -> None:
        self.proc, self.port, self.room = proc, port, room

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
        return kb / 1024

    def raw(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=10)

    def ws(self, path: str) -> Any:
        return connect(f"ws://127.0.0.1:{self.port}{path}", open_timeout=10, max_size=None)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    url = f"sqlite:///{tmp_path_factory.mktemp('limits') / 'room.db'}"
    add_users(url, 3)
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    env.pop("CROUPIER_SOCKETS_PER_USER", None)
    cmd = [sys.executable, "-c", SHORT, "serve", "--db", url, "--port", str(port)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    try:
        for _ in range(300):
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            with contextlib.suppress(httpx.HTTPError):
                if client.get("/openapi.json").status_code == 200:
                    break
            time.sleep(0.1)
        room = Room(client)  # type: ignore[arg-type]
        room.open_table("t1", "dunedin-house", ["p1", "p2"])
        yield Served(proc, port, room)
    finally:
        client.close()
        proc.terminate()
        proc.wait(10)


def _response(s: socket.socket, timeout: float = 10) -> bytes:
    """What the server sends until it closes the connection."""
    s.settimeout(timeout)
    got = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := s.recv(65536):
            got += chunk
    return got


def test_a_declared_length_over_the_cap_is_refused_before_the_body(server: Served) -> None:
    with server.raw() as s:
        s.sendall(
            b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 300000000\r\n\r\n{"
        )
        got = _response(s)
    assert got.startswith(b"HTTP/1.1 413"), got[:200]
    assert b'"clause":"croupier api"' in got and b"at most %d bytes" % limits.MAX_BODY in got


def test_a_chunked_upload_is_cut_at_the_cap_and_the_server_stays_small(
    server: Served,
) -> None:
    """200 MB chunked to ``POST /login`` (anonymous): answered 413 once the cap is passed;
    the server's memory does not follow the upload."""
    before = server.rss_mb()
    peak = [before]
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], server.rss_mb())
            time.sleep(0.01)

    watcher = threading.Thread(target=watch)
    watcher.start()
    got = bytearray()
    sent = 0
    with server.raw() as s:

        def read() -> None:
            got.extend(_response(s, 30))

        reader = threading.Thread(target=read)
        reader.start()
        s.sendall(
            b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"7" * 65536
        frame = b"%x\r\n%s\r\n" % (len(chunk), chunk)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError, TimeoutError):
            while sent < 200 * 1024 * 1024:
                s.sendall(frame)
                sent += len(chunk)
        reader.join(30)
    done.set()
    watcher.join()
    after = server.rss_mb()
    print(f"RSS before {before:.0f} MB, peak {peak[0]:.0f} MB, after {after:.0f} MB; sent {sent}")
    assert bytes(got).startswith(b"HTTP/1.1 413"), bytes(got[:200])
    assert sent < 100 * 1024 * 1024  # the server stopped reading long before the end
    assert peak[0] - before < 40, (before, peak[0])


def test_slow_headers_and_bodies_are_cut(server: Served) -> None:
    # slowloris: a header line a little at a time, never finished
    with server.raw() as s:
        began = time.monotonic()
        s.sendall(b"GET /me HTTP/1.1\r\nHost: x\r\n")
        s.settimeout(0.2)
        got = b""
        for _ in range(50):
            try:
                s.sendall(b"X-a: b\r\n")
            except (BrokenPipeError, ConnectionResetError):
                break
            try:
                got += s.recv(4096)
                if got:
                    break
            except TimeoutError:
                pass
        took = time.monotonic() - began
    assert got.startswith(b"HTTP/1.1 408"), got[:200]
    assert took < 5, took
    # a connection that says nothing at all
    with server.raw() as s:
        assert _response(s, 5).startswith(b"HTTP/1.1 408")
    # a body that never ends
    with server.raw() as s:
        s.sendall(b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        got = _response(s, 5)
    assert got.startswith(b"HTTP/1.1 408") and b"did not arrive" in got, got[:300]
    # headers without end
    with server.raw() as s:
        s.sendall(b"GET /me HTTP/1.1\r\n")
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            for _ in range(100):
                s.sendall(b"X-b: " + b"b" * 1000 + b"\r\n")
        assert _response(s, 5).startswith(b"HTTP/1.1 431")


def _ticket(room: Room, who: str) -> str:
    """A one-time ticket that opens one websocket as ``who``."""
    return ticket(room.c, room.login(who))


def _closed(ws: Any) -> Any:
    """The close frame the server sends (after whatever messages come first)."""

    def drain() -> None:  # the messages before the close
        while True:
            ws.recv(10)

    with pytest.raises(ConnectionClosed) as closed:
        drain()
    assert closed.value.rcvd is not None, "closed without a close frame"
    return closed.value.rcvd


def test_websocket_messages_and_connections_are_capped(server: Served) -> None:
    room = server.room
    token = room.login("p1")

    def path() -> str:  # a ticket opens one socket
        return f"/ws/tables/t1?ticket={ticket(room.c, token)}"

    # a message over the cap closes the socket with 1009 (message too big)
    with server.ws(path()) as ws:
        ws.recv(10)
        ws.send("x" * (limits.MAX_WS_MESSAGE + 1))
        assert _closed(ws).code == 1009
    # a user's open sockets: the 17th closes with 4429 and a reason
    with contextlib.ExitStack() as stack:
        opened = [
            stack.enter_context(server.ws(path())) for _ in range(limits.MAX_SOCKETS_PER_USER)
        ]
        with server.ws(path()) as ws:
            close = _closed(ws)
        assert close.code == 4429 and "too many open websockets" in close.reason, close
        with server.ws(f"/ws/tables/t1?ticket={_ticket(room, 'p2')}") as other:
            assert "snapshot" in other.recv(10)  # another user's are their own
        opened.pop().close()
        time.sleep(0.2)
        with server.ws(path()) as ws:
            assert "snapshot" in ws.recv(10)  # a slot given back is taken again


def test_websocket_frames_are_never_compressed(server: Served) -> None:
    """A client offering permessage-deflate (as every browser does) is not granted it: a
    compressed stream would let the size of a player's frames leak their hole cards."""
    room = server.room
    with server.ws(f"/ws/tables/t1?ticket={_ticket(room, 'p1')}") as ws:
        offered = ws.request.headers.get("Sec-WebSocket-Extensions", "")
        assert "permessage-deflate" in offered  # the client asked for it
        assert "snapshot" in ws.recv(10)
        assert ws.response.headers.get("Sec-WebSocket-Extensions") is None
        assert ws.protocol.extensions == []


def test_a_websocket_that_does_not_answer_pings_is_closed(server: Served) -> None:
    once = _ticket(server.room, "p2")
    with server.raw() as s:
        s.sendall(
            f"GET /ws/tables/t1?ticket={once} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        began = time.monotonic()
        got = _response(s, 10)  # never a pong
        took = time.monotonic() - began
    assert got.startswith(b"HTTP/1.1 101")
    assert b"keepalive ping timeout" in got and took < 5, (took, got[-100:])


def test_a_websocket_handler_that_fails_closes_with_a_code_and_a_reason() -> None:
    async def broken(ws: WebSocket) -> None:
        await ws.accept()
        await ws.send_text("hello")
        raise RuntimeError("a bug")

    app = limits.Limits(Starlette(routes=[WebSocketRoute("/ws", broken)]))
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        assert ws.receive_text() == "hello"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == 1011 and "internal error: RuntimeError" in closed.value.reason


def test_a_live_sockets_wire_reads_and_writes_through_the_servers_own_calls() -> None:
    """Behind :class:`limits.Limits`, a live socket's frames go straight through the calls
    the server gave the middleware (not the framework's wrappers), and a socket elsewhere
    through the framework; both arrive."""
    seen: list[bool] = []

    async def live(ws: WebSocket) -> None:
        await ws.accept()
        wire = limits.Wire(ws)
        seen.append("croupier.wire" in ws.scope)
        got = await wire.receive()
        await wire.send_text(f"you said {got['text']}")
        await ws.close()

    for app in (
        limits.Limits(Starlette(routes=[WebSocketRoute("/ws", live)])),
        Starlette(routes=[WebSocketRoute("/ws", live)]),
    ):
        with TestClient(app) as client, client.websocket_connect("/ws") as ws:
            ws.send_text("hi")
            assert ws.receive_text() == "you said hi"
    assert seen == [True, False]


def test_a_wire_keeps_the_frameworks_states_and_its_disconnect() -> None:
    """What Starlette does for a text frame, the wire does: a disconnect read marks the
    client gone, and a send to a client gone (uvicorn's ``ClientDisconnected``) is a
    ``WebSocketDisconnect`` (1006) with the socket marked closed, which the stream socket
    ends on quietly, as it would through the framework."""
    sent: list[Any] = []
    incoming: list[Any] = [
        {"type": "websocket.receive", "text": "hi"},
        {"type": "websocket.disconnect", "code": 1001},
    ]

    async def receive() -> Any:
        return incoming.pop(0)

    async def send(message: Any) -> None:
        if message.get("text") == "to nobody":
            raise ClientDisconnected()
        sent.append(message)

    async def unused(*_: Any) -> Any:
        raise AssertionError("the framework's calls are not used behind Limits")

    scope = {"type": "websocket", "path": "/ws", "headers": [], "croupier.wire": (receive, send)}
    ws = WebSocket(scope, receive=unused, send=unused)
    ws.client_state = ws.application_state = WebSocketState.CONNECTED

    async def play() -> None:
        wire = limits.Wire(ws)
        await wire.send_text("hello")
        assert sent == [{"type": "websocket.send", "text": "hello"}]
        assert (await wire.receive())["text"] == "hi"
        assert ws.client_state is WebSocketState.CONNECTED
        assert (await wire.receive())["type"] == "websocket.disconnect"
        assert ws.client_state is WebSocketState.DISCONNECTED
        with pytest.raises(WebSocketDisconnect) as gone:
            await wire.send_text("to nobody")
        assert gone.value.code == 1006
        assert ws.application_state is WebSocketState.DISCONNECTED

    asyncio.run(play())
