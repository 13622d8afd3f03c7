"""``croupier bench serve``: the card room as a service under load.

A fresh store (a temporary SQLite file, or a new database on the PostgreSQL server a URL names,
dropped afterwards) is seeded with N dunedin-house tables of three bots each; ``croupier serve``
runs on it as a separate process on loopback; each table's dealer and players are bots, each on
its own websocket to the table (``/ws/tables/{table}``): the dealer starts a round as soon as
the last one finishes, a player acts as soon as the server prompts it with its view of the
round, and each sends its commands over its websocket. A command's latency is from sending it
to receiving its acknowledgement, which the server gives only once its events are committed.
With ``--pace R`` the bots offer R commands a second in all (each table's commands due one
every ``tables / R`` seconds on a schedule of its own that began at a random moment of its
first round's length, :func:`~croupier.bench.timing.first_spread`; a command that waited for
its turn goes out at once and the schedule keeps its beat): the latency at a given load,
rather than at saturation, where the mean latency is the number of tables over the
throughput (each table has one command in flight). The bots ask for batched frames
(``?batch=1``: the messages ready at one wake in one frame, a line each).

The first ``--warmup`` seconds (default 5) are played but measured apart: the tables deal
their first rounds then, unpaced all at the same moment (a burst no room sees after its
opening), paced over one round's length; their latencies are reported as ``warmup_p99_ms``.

``rebuild_ms_10k_events`` is the time to load a table stream of 10,000 events from the store
into a table's state (:func:`croupier.service.store.tables.load_table`: its latest snapshot and
the events after it), ``fold_ms_10k_events`` the time to fold all 10,000 (what ``croupier audit
verify`` does to check the snapshots).
"""

from __future__ import annotations

import asyncio
import base64
import datetime
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, cast

from croupier.bench.timing import first_spread
from croupier.room import AtTable, BuyIn, OpenTable, TakeSeat
from croupier.service import contract
from croupier.service.auth import STREAM as USERS
from croupier.service.auth import DealerAssigned, Role, UserAdded
from croupier.service.hashing import hash_published
from croupier.service.owner import settle_heap
from croupier.service.store import codec
from croupier.service.store.rooms import RoomStore, table_stream
from croupier.service.store.significant import STREAM as SIGNIFICANT
from croupier.service.store.significant import Significant, What
from croupier.service.store.store import EventStore, resolve_url
from croupier.service.store.tables import fold_table, load_table
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.table.presets import preset
from croupier.views import actor_view

ROOM = "bench"
RULEBOOK = "dunedin-house"
PASSWORD = "bench"
BOTS_PER_TABLE = 3
STAFF = {"admin": Role.ADMIN, "floor": Role.FLOOR, "dealer": Role.DEALER, "cashier": Role.CASHIER}


def _player(table: int, i: int) -> str:
    return f"b{table}-{i}"


def _table(k: int) -> str:
    return f"t{k}"


# ----------------------------------------------------------------------------------------
# The store


@contextmanager
def fresh_store(url: str | None, keep: bool = False) -> Iterator[str]:
    """A URL of an empty store, removed afterwards: a temporary SQLite file by default, else a
    new database on the PostgreSQL server ``url`` names (dropped afterwards); with ``keep``,
    left in place (to time another build on it)."""
    if url is None or resolve_url(url).startswith("sqlite"):
        d = tempfile.mkdtemp(prefix="croupier-bench")
        try:
            yield f"sqlite:///{os.path.join(d, 'bench.db')}"
        finally:
            if not keep:
                shutil.rmtree(d, ignore_errors=True)
        return
    import sqlalchemy as sa

    base = sa.make_url(resolve_url(url))
    name = f"croupier_bench_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        try:
            yield base.set(database=name).render_as_string(hide_password=False)
        finally:
            if not keep:
                with admin.connect() as conn:
                    conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        admin.dispose()


def seed(url: str, tables: int) -> None:
    """Users (cheap hashes), and ``tables`` tables with their bots seated and the dealer
    assigned, written in a few transactions."""
    store = EventStore(url)
    try:
        at = datetime.datetime.now(datetime.UTC).isoformat()
        pw = hash_published(PASSWORD)
        users: list[object] = [UserAdded(n, r, pw, at) for n, r in STAFF.items()]
        for k in range(1, tables + 1):
            users += [UserAdded(_player(k, i), Role.PLAYER, pw, at) for i in range(BOTS_PER_TABLE)]
            users.append(DealerAssigned("dealer", _table(k), at))
        note = Significant(What.USER_CHANGED, "bench", f"{len(users)} bench users", at)
        with store.transaction() as w:
            w.create(USERS, "users", None)
            w.append(USERS, 0, users)
            if w.head(SIGNIFICANT) is None:
                w.create(SIGNIFICANT, "significant", None)
            w.append(SIGNIFICANT, w.head(SIGNIFICANT) or 0, [note])
        rooms = RoomStore(store, ROOM)
        cfg = preset(RULEBOOK, seats=6)
        for first in range(1, tables + 1, 50):
            events = []
            for k in range(first, min(first + 50, tables + 1)):
                events += rooms.room.apply(OpenTable(_table(k), cfg))
                for i in range(BOTS_PER_TABLE):
                    cash = cfg.stakes.min_table_stake * 4
                    sit = TakeSeat(_player(k, i), _table(k), i + 1, cash, post=True)
                    events += rooms.room.apply(sit)
            rooms.save(events, "bench", at)
            rooms.commit()
    finally:
        store.close()


def long_table(url: str, events: int = 10_000, seed: int = 1) -> str:
    """A table (in room ``rebuild``) whose stream holds at least ``events`` events, played by
    random bots and committed a round at a time; its stream's id."""
    store = EventStore(url)
    try:
        rooms = RoomStore(store, "rebuild")
        cfg = preset(RULEBOOK, seats=3)
        rooms.execute(OpenTable("long", cfg))
        for i in range(3):
            rooms.execute(TakeSeat(f"l{i}", "long", i + 1, cfg.stakes.min_table_stake * 2))
        rng, bot = random.Random(seed), make_bot("random")
        shoe = Shoe(cfg.game.deck, seed=seed)
        t, stream = rooms.room.tables["long"], table_stream("rebuild", "long")
        while rooms.heads[stream] < events:
            done = []
            for p, c in list(t.stacks.items()):
                if c < cfg.stakes.min_table_stake:
                    done += rooms.room.apply(BuyIn(p, "long", cfg.stakes.min_table_stake * 2))
            rooms.save(done, "bench", "")  # staged: the checkpoint's head counts them
            start = AtTable("long", StartRound(shoe.shuffle().order))
            rooms.begin_round(start)
            done = rooms.room.apply(start)
            while t.round is not None and not t.round.is_over:
                done += rooms.room.apply(AtTable("long", Act(bot.act(actor_view(t.round), rng))))
            rooms.save(done, "bench", "")
            rooms.commit()
        return stream
    finally:
        store.close()


def rebuild_ms(
    url: str, stream: str, repeat: int = 5, load: Callable[[EventStore, str], object] = load_table
) -> float:
    """The best time, in ms, to load ``stream`` from the store into a table's state (by
    ``load``: its latest snapshot and the events after it, or :func:`fold_table`: every event)."""
    store = EventStore(url, migrate=False)
    try:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            load(store, stream)
            best = min(best, time.perf_counter() - t0)
        return best * 1000
    finally:
        store.close()


# ----------------------------------------------------------------------------------------
# The server and the bots


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(
    url: str, port: int, tries: int = 1200, profile: str | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """``croupier serve`` on ``url`` as a separate process, once it answers (asked ``tries``
    times, a tenth of a second apart); under cProfile, its stats written to ``profile``, if
    given."""
    import httpx

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    env["CROUPIER_SOCKETS_PER_USER"] = "1000000"  # one dealer account at every bot table
    cli = [sys.executable, "-c", "from croupier.cli import main; main()"]
    if profile:
        code = (
            "from croupier.bench.serve_bench import profiled; from croupier.cli import main;"
            f" profiled(main, {profile!r})"
        )
        cli = [sys.executable, "-c", code]
    cmd = [*cli, "serve", "--db", url, "--port", str(port), "--room", ROOM]
    # its log to a file, not a pipe: a pipe nobody reads while it plays would stop the server
    # once full (64 KiB of warnings)
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=log)
        try:
            for _ in range(tries):
                if proc.poll() is not None:
                    log.seek(0)
                    err = log.read().decode(errors="replace")
                    raise RuntimeError(f"croupier serve exited: {err[-2000:]}")
                try:
                    up = httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=1)
                    if up.status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            else:
                raise RuntimeError("croupier serve did not start")
            yield proc
        finally:
            proc.terminate()
            try:
                proc.wait(120 if profile else 10)  # the profiler's stats take a while to write
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def profiled(main: Callable[[], object], path: str) -> None:
    """``main`` (``croupier serve``, its arguments in ``sys.argv``) under cProfile, its worker
    threads too (a command is committed in one), their stats merged into ``path`` once it
    stops."""
    import cProfile
    import pstats
    import signal
    import threading

    threads: list[cProfile.Profile] = []

    def start(*_: object) -> None:  # each new thread's first call: its own profiler
        sys.setprofile(None)
        prof = cProfile.Profile()
        threads.append(prof)
        prof.enable()

    # uvicorn raises the SIGTERM it caught again once stopped: an exit, the stats written
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    threading.setprofile(start)
    prof = cProfile.Profile()
    try:
        prof.runcall(main)
    except SystemExit:
        pass
    finally:
        threading.setprofile(None)
        pstats.Stats(prof, *threads).dump_stats(path)


class Http:
    """One keep-alive HTTP/1.1 connection (a minimal client: the bots' own cost stays small
    beside the server's on a shared machine)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, token: str | None = None, body: object = None
    ) -> tuple[int, Any]:
        try:
            return await self._request(method, path, token, body)
        except (ConnectionError, IndexError):  # the server closed an idle connection: again
            self.close()
            self.writer = None
            return await self._request(method, path, token, body)

    async def _request(
        self, method: str, path: str, token: str | None = None, body: object = None
    ) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        data = b"" if body is None else json.dumps(body).encode()
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            key, _, value = line.partition(b":")
            if key.strip().lower() == b"content-length":
                length = int(value)
        return status, json.loads(await self.reader.readexactly(length)) if length else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)  # accepted commands, seconds
    warming: list[float] = field(default_factory=list)  # those sent during the warm-up
    since: float = float("inf")  # when the measured time began (perf_counter)
    accepted: int = 0
    refused: int = 0
    views: int = 0  # view requests made in the measured time
    server_cpu: float = float("nan")  # CPU seconds the server spent while measured
    bots_cpu: float = float("nan")

    def took(self, sent: float) -> None:
        """A command sent at ``sent`` acknowledged now: counted if sent in the measured time."""
        latency = time.perf_counter() - sent
        if sent >= self.since:
            self.latencies.append(latency)
            self.accepted += 1
        else:
            self.warming.append(latency)


async def _login(http: Http, name: str) -> str:
    status, body = await http.request("POST", "/login", body={"name": name, "password": PASSWORD})
    if status != 200:
        raise RuntimeError(f"log-in of {name}: {status} {body}")
    return str(body["token"])


class Ws(asyncio.Protocol):
    """A minimal websocket client (RFC 6455: text frames, ping, close) that hands each text
    message to ``on_text`` as it arrives: the bots' own cost stays small beside the server's
    on a shared machine."""

    def __init__(
        self,
        path: str,
        on_text: Callable[[str], None],
        on_lost: Callable[[], None] | None = None,
    ) -> None:
        self.path = path
        self.on_text = on_text
        self.on_lost = on_lost  # told once the connection, opened, is lost
        self.buf = bytearray()
        self.parts: list[bytes] = []
        self.transport: asyncio.Transport | None = None
        self.open: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        key = base64.b64encode(os.urandom(16)).decode()
        self.transport.write(
            f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.open.done():
            self.open.set_exception(ConnectionError(f"websocket {self.path} closed: {exc}"))
        elif self.on_lost is not None:
            self.on_lost()

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.open.done():
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(buf[:end])
            del buf[: end + 4]
            if not head.startswith(b"HTTP/1.1 101"):
                self.open.set_exception(ConnectionError(head.decode(errors="replace")[:300]))
                return
            self.open.set_result(None)
        while len(buf) >= 2:
            first, length, at = buf[0], buf[1] & 0x7F, 2
            if length >= 126:
                at = 4 if length == 126 else 10
                if len(buf) < at:
                    return
                length = int.from_bytes(buf[2:at], "big")
            if len(buf) < at + length:
                return
            payload = bytes(buf[at : at + length])
            del buf[: at + length]
            op = first & 0x0F
            if op in (0, 1, 2):
                self.parts.append(payload)
                if first & 0x80:
                    text = b"".join(self.parts).decode()
                    self.parts.clear()
                    self.on_text(text)
            elif op == 9:  # ping
                self._frame(0xA, payload)
            elif op == 8:  # close
                self.close()

    def send_text(self, text: str) -> None:
        self._frame(0x1, text.encode())

    def _frame(self, op: int, payload: bytes) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        n = len(payload)
        if n < 126:
            head = bytes([0x80 | op, 0x80 | n])
        elif n < 65536:
            head = bytes([0x80 | op, 0x80 | 126]) + n.to_bytes(2, "big")
        else:
            head = bytes([0x80 | op, 0x80 | 127]) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        key = int.from_bytes((mask * (n // 4 + 1))[:n], "big")
        body = (int.from_bytes(payload, "big") ^ key).to_bytes(n, "big") if n else b""
        self.transport.write(head + mask + body)

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self._frame(0x8, (1000).to_bytes(2, "big"))
            self.transport.close()


class Socket:
    """A bot's websocket on a table: commands go over it, ``{"command": ..., "id": n}``, each
    timed to its reply."""

    def __init__(self, tally: Tally) -> None:
        self.ws: Ws | None = None
        self.tally = tally
        self.sent: dict[int, float] = {}
        self.n = 0

    def send(self, cmd: dict[str, Any]) -> None:
        assert self.ws is not None
        self.n += 1
        self.sent[self.n] = time.perf_counter()
        self.ws.send_text(json.dumps({"command": cmd, "id": self.n}))

    def replied(self, text: str) -> dict[str, Any]:
        """A reply read: tallied (its latency if accepted); the reply."""
        reply: dict[str, Any] = json.loads(text)
        began = self.sent.pop(reply["reply"])
        if reply["status"] == 200:
            self.tally.took(began)
        else:
            self.tally.refused += 1
        return reply


#: Sockets a user opens at once, each between its ticket and its opening: fewer than the tickets
#: a session may hold (``auth.TICKETS_PER_USER``), which the one dealer of every table shares.
_OPENING = 16
_openings: dict[tuple[int, str], asyncio.Semaphore] = {}


async def open_socket(
    port: int,
    table: str,
    token: str,
    on_line: Callable[[str], None],
    after: int | None = None,
    on_lost: Callable[[], None] | None = None,
) -> Ws:
    """A websocket on ``table`` at the server on ``port`` for the bearer of ``token`` (its
    ticket asked for first), each line of its batched frames given to ``on_line``; with
    ``after``, the events after that sequence number first; ``on_lost``: told if it drops."""
    loop = asyncio.get_running_loop()
    slot = _openings.setdefault((id(loop), token), asyncio.Semaphore(_OPENING))

    def frame(text: str) -> None:
        for line in text.split("\n"):
            on_line(line)

    async with slot:  # a ticket is used before the session's oldest ones are let go
        http = Http(port)
        try:
            status, body = await http.request("POST", "/ws-ticket", token)
        finally:
            http.close()
        if status != 200:
            raise RuntimeError(f"a websocket ticket for {table}: {status} {body}")
        # batch=1: the messages ready at once come in one frame, one per line
        path = f"/ws/tables/{table}?ticket={body['ticket']}&turns=1&batch=1"
        if after is not None:
            path += f"&after={after}"
        _, ws = await loop.create_connection(lambda: Ws(path, frame, on_lost), "127.0.0.1", port)
        await asyncio.wait_for(ws.open, 60)
    return ws


async def _connect(
    port: int, table: str, token: str, tally: Tally, on_text: Callable[[Socket, str], None]
) -> Socket:
    sock = Socket(tally)
    sock.ws = await open_socket(port, table, token, lambda line: on_text(sock, line))
    return sock


async def _bot_table(
    k: int,
    port: int,
    tokens: dict[str, str],
    tally: Tally,
    clock: Clock,
    rng: random.Random,
    interval: float = 0.0,
) -> None:
    """One table's bots, each on its own websocket: the dealer starts a round as soon as the
    last one finishes (the cashier first tops up short stacks over HTTP); a player acts as soon
    as the server prompts it (``{"turn": view}``), from that view. With an ``interval``, the
    table's commands are due one every ``interval`` seconds from a random start (a paced
    load; the latency is still from sending a command to its acknowledgement); a command
    whose time passed before its turn came goes at once, and the schedule stays: were it
    to restart from that moment, tables answered by the same group commit would move in
    step, and the room would get its load in bursts."""
    table, http = _table(k), Http(port)
    loop = asyncio.get_running_loop()
    last = [0.0]  # when the table's last command went out, or is due to
    bot = make_bot("calling-station" if k % 2 else "random")
    top_up = preset(RULEBOOK, seats=6).stakes.min_table_stake * 2
    players = [_player(k, i) for i in range(BOTS_PER_TABLE)]
    failed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    running: set[asyncio.Task[None]] = set()

    def fail(e: BaseException) -> None:
        if not failed.done():
            failed.set_exception(e)

    def paced(sock: Socket, cmd: dict[str, Any]) -> None:
        now = time.perf_counter()
        due = last[0] = last[0] + interval
        if due <= now:
            sock.send(cmd)
            return

        def send() -> None:
            try:
                sock.send(cmd)
            except Exception as e:
                fail(e)

        loop.call_later(due - now, send)

    def spawn(coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        running.add(task)

        def done(t: asyncio.Task[None]) -> None:
            running.discard(t)
            if not t.cancelled() and t.exception() is not None:
                fail(t.exception())  # type: ignore[arg-type]

        task.add_done_callback(done)

    async def view(who: str) -> dict[str, Any]:
        if time.perf_counter() >= tally.since:
            tally.views += 1
        status, body = await http.request("GET", f"/tables/{table}/view", tokens[who])
        if status != 200:
            raise RuntimeError(f"view of {table} for {who}: {status} {body}")
        got: dict[str, Any] = body["view"]
        return got

    async def start(pause: float = 0.0) -> None:
        """Top up short stacks, then start a round (unless one is in progress)."""
        await asyncio.sleep(pause)
        if time.perf_counter() >= clock.until:
            return
        tv = await view("dealer")
        if tv["round"] is not None and tv["round"]["actor"] is not None:
            return
        for player, stack in tv["stacks"]:
            if stack < top_up // 2:
                buy = {"type": "BuyIn", "player": player, "table": table, "cash": top_up}
                t0 = time.perf_counter()
                status, _ = await http.request("POST", "/commands", tokens["cashier"], buy)
                if status == 200:
                    tally.took(t0)
        paced(dealer, {"type": "StartRound", "table": table})

    def deal(me: Socket, text: str) -> None:
        try:
            if text.startswith('{"reply"'):
                if me.replied(text)["status"] != 200:  # e.g. too few players with chips
                    spawn(start(0.05))
            elif text.startswith('{"seq"') and ("RoundFinished" in text or "RoundVoided" in text):
                spawn(start())
        except Exception as e:
            fail(e)

    def play(me: Socket, text: str) -> None:
        try:
            if text.startswith('{"reply"'):
                if me.replied(text)["status"] != 200:
                    raise RuntimeError(f"{table}: a bot's action was refused: {text}")
            elif '"turn":' in text[:32]:
                mine = contract.decode(json.loads(text)["turn"])
                cmd = bot.act(mine, rng)
                data = {k: v for k, v in codec.encode(cmd).items() if k not in ("$t", "player")}
                paced(me, {"type": type(cmd).__name__, "table": table, **data})
        except Exception as e:
            fail(e)

    dealer = await _connect(port, table, tokens["dealer"], tally, deal)
    seats = [await _connect(port, table, tokens[p], tally, play) for p in players]
    await clock.ready()
    # paced, a table begins at a random moment of its first round's length (first_spread):
    # the tables offer an even load rather than all their rounds starting at once
    phase = rng.random() * first_spread(interval, clock.warmup)
    last[0] = time.perf_counter() + phase - interval
    spawn(start(phase))
    try:
        await asyncio.wait_for(asyncio.shield(failed), max(clock.until - time.perf_counter(), 0))
    except TimeoutError:
        pass
    finally:
        for t in list(running):
            t.cancel()
        for sock in (dealer, *seats):
            assert sock.ws is not None
            sock.ws.close()
        http.close()


def _cpu(pid: int | None = None) -> float:
    """CPU seconds (user and system) spent by process ``pid`` (default: this one); NaN where
    ``/proc`` does not say."""
    if pid is None:
        t = os.times()
        return t.user + t.system
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


async def _load(
    port: int, tables: int, seconds: float, pid: int, pace: float = 0.0, warmup: float = 0.0
) -> tuple[Tally, float]:
    names = [*STAFF, *(_player(k, i) for k in range(1, tables + 1) for i in range(3))]
    logins = [Http(port)]  # one at a time: log-ins are not what is measured
    tokens: dict[str, str] = {}
    for first in range(0, len(names), len(logins)):
        batch = names[first : first + len(logins)]
        got = await asyncio.gather(*(_login(h, n) for h, n in zip(logins, batch, strict=False)))
        tokens.update(zip(batch, got, strict=True))
    for h in logins:
        h.close()
    tally = Tally()
    clock = Clock(asyncio.Event(), tables, seconds, pid, tally, warmup)
    interval = tables / pace if pace > 0 else 0.0
    await asyncio.gather(
        *(
            _bot_table(k, port, tokens, tally, clock, random.Random(k), interval)
            for k in range(1, tables + 1)
        )
    )
    tally.server_cpu = _cpu(pid) - clock.cpu[0]
    tally.bots_cpu = _cpu() - clock.cpu[1]
    return tally, time.perf_counter() - clock.began


@dataclass
class Clock:
    """The measured time: it begins once every table's bots are connected."""

    go: asyncio.Event
    waiting: int
    seconds: float
    server: int  # the server's process id
    tally: Tally
    warmup: float = 0.0  # seconds played before the measured time begins
    began: float = 0.0
    until: float = 0.0
    cpu: tuple[float, float] = (0.0, 0.0)  # the server's and the bots' CPU seconds then

    async def ready(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            settle_heap()  # the bots' collector pauses are not the server's latency
            self.began = self.tally.since = time.perf_counter() + self.warmup
            self.until = self.began + self.seconds
            asyncio.get_running_loop().call_later(self.warmup, self._measure)
            self.go.set()
        await self.go.wait()

    def _measure(self) -> None:
        self.cpu = (_cpu(self.server), _cpu())


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where installed (the bots' own cost stays small), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(
    db: str | None = None,
    tables: int = 200,
    seconds: float = 20.0,
    rebuild_events: int = 10_000,
    pace: float = 0.0,
    warmup: float = 5.0,
    profile: str | None = None,
) -> dict[str, Any]:
    """The benchmark's figures (see the module's docstring); ``pace``: the commands per second
    the bots offer in all (0: each as soon as it may); ``warmup``: seconds the bots play
    before the measured ``seconds`` begin; ``profile``: a file for the server's cProfile
    stats (the server then runs slower)."""
    with fresh_store(db) as url:
        dialect = "sqlite" if url.startswith("sqlite") else "postgresql"
        seed(url, tables)
        port = _port()
        with (
            server(url, port, profile=profile) as proc,
            asyncio.Runner(loop_factory=_loop_factory()) as runner,
        ):
            tally, elapsed = runner.run(_load(port, tables, seconds, proc.pid, pace, warmup))
    # in a store of its own: the server's recovery before play need not check it
    with fresh_store(db) as url:
        long = long_table(url, rebuild_events)
        rebuild, fold = rebuild_ms(url, long), rebuild_ms(url, long, load=fold_table)
    return {
        "db": dialect,
        "tables": tables,
        "pace": pace or None,
        "seconds": round(elapsed, 2),
        "commands": tally.accepted,
        "refused": tally.refused,
        "views": tally.views,
        "commands_per_s": round(tally.accepted / elapsed, 1),
        "p50_ms": round(_percentile(tally.latencies, 0.50) * 1000, 2),
        "p99_ms": round(_percentile(tally.latencies, 0.99) * 1000, 2),
        # the first seconds, when every table deals its first rounds at once, apart
        "warmup_s": warmup,
        "warmup_commands": len(tally.warming),
        "warmup_p99_ms": round(_percentile(tally.warming, 0.99) * 1000, 2),
        "rebuild_ms_10k_events": round(rebuild, 2),
        # the same table folded from every event, its snapshots unused
        "fold_ms_10k_events": round(fold, 2),
        # CPU per accepted command: what a loaded machine's figures are best compared by
        "server_cpu_ms_per_command": round(tally.server_cpu * 1000 / max(tally.accepted, 1), 3),
        "bots_cpu_ms_per_command": round(tally.bots_cpu * 1000 / max(tally.accepted, 1), 3),
        "load_average": round(os.getloadavg()[0], 2),
    }
