"""``croupier bench cluster``: several ``croupier serve --node`` processes serving one room
under load, their owner SIGKILLed again and again.

A fresh database on the PostgreSQL server ``--db`` names (dropped afterwards) is seeded as
``bench serve`` seeds it (N dunedin-house tables of three bots each, :func:`serve_bench.seed`);
a throw-away ``redis-server`` (the machine's binary) runs on a free port in a temporary
directory; K nodes (``a``, ``b``, ...) serve the room with ``--redis`` and a short lease. Each
table's dealer and players are bots on websockets (``serve_bench``'s), table by table at every
node in turn (the owner among them): a command sent to a standby is forwarded to the owner.
Each bot has one command in flight; ``--rate`` paces each table's commands (as ``bench serve``
does), and the figures are of the commands sent after ``--warmup``. ``--kills`` times, spread
evenly over the run, the owner is SIGKILLed; the takeover time is from the signal to another node's
``/healthz`` saying the room is ``serving``; the killed node is then started again, a fresh
standby. A bot whose socket drops reconnects to the next live node and catches up with
``after=SEQ``; a command whose reply was lost with the socket is never sent again (it may have
been applied): counted ``unknown``. A table that made no progress for a while (a prompt lost
with a socket, a refusal while no node owned the room) is nudged from the views (HTTP).

At the end the store is checked: every acknowledged command is in the room's commands stream
at the sequence number its reply gave, as sent (type, issuer), each number acknowledged once
and each bot's commands in the order sent; the commands stored beyond those acknowledged are
no more than the ``unknown`` ones; the room's money is conserved; ``croupier audit verify``
passes (the money balanced after every command); no server recorded an error (a fault: a 500,
or a commit refused for leaving the money out of balance). Any check failed: :attr:`Report.ok`
is false (the command exits 1).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from croupier.bench.serve_bench import (
    BOTS_PER_TABLE,
    PASSWORD,
    ROOM,
    RULEBOOK,
    STAFF,
    Http,
    Ws,
    _loop_factory,
    _percentile,
    _player,
    _port,
    _table,
    fresh_store,
    open_socket,
    seed,
)
from croupier.bench.timing import first_spread
from croupier.service import contract
from croupier.service.forward import MAY_HAVE_BEEN_APPLIED
from croupier.service.owner import settle_heap
from croupier.service.store import codec
from croupier.sim.bots import make_bot
from croupier.table.presets import preset

CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]
#: a table with no reply or event for this long (after its paced turn) is nudged from the views
STALL_S = 2.0


class BadInput(ValueError):
    """What the command line asked for cannot run (one line, exit 2)."""


def check_input(
    db: str | None, nodes: int, kills: int, rate: float = 0.0, warmup: float = 0.0
) -> str:
    """The ``redis-server`` binary, or :class:`BadInput` naming what is wrong."""
    if not 1 <= nodes <= 26:
        raise BadInput(f"--nodes {nodes}: at least 1, at most 26")
    if kills < 0:
        raise BadInput(f"--kills {kills}: a count, 0 or more")
    if kills and nodes < 2:
        raise BadInput(f"--kills {kills} with --nodes 1: a kill needs a standby to take over")
    if not rate >= 0 or rate == float("inf"):
        raise BadInput(
            f"--rate {rate}: commands a second, 0 (as fast as they are answered) or more"
        )
    if not 0 <= warmup < float("inf"):
        raise BadInput(f"--warmup {warmup}: seconds, 0 or more")
    if db is None or not db.startswith(("postgresql:", "postgresql+", "postgres:")):
        raise BadInput("--db: a PostgreSQL server URL, as postgresql://... (the lease needs it)")
    binary = shutil.which("redis-server")
    if binary is None:
        raise BadInput("no redis-server on the PATH (the nodes' notices need a Redis)")
    return binary


@contextmanager
def redis(binary: str, folder: Path) -> Iterator[str]:
    """A throw-away ``redis-server`` on a free port in ``folder``, nothing saved: its URL."""
    port = _port()
    cmd = [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder)]
    log = (folder / "redis.log").open("ab")
    proc = subprocess.Popen([*cmd, "--save", "", "--appendonly", "no"], stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start: see " + str(folder))
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait()
        log.close()


class Nodes:
    """The ``croupier serve --node`` processes (logs in ``folder``)."""

    def __init__(self, url: str, redis_url: str, folder: Path, count: int, lease_s: float):
        self.url, self.redis_url, self.folder, self.lease_s = url, redis_url, folder, lease_s
        self.names = [chr(ord("a") + i) for i in range(count)]
        self.ports = {n: _port() for n in self.names}
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.down: set[str] = set()  # killed, or started again and without a replica yet

    def start(self, name: str) -> None:
        port = self.ports[name]
        cmd = [*CLI, "serve", "--db", self.url, "--port", str(port), "--room", ROOM]
        cmd += ["--node", name, "--lease-s", str(self.lease_s), "--redis", self.redis_url]
        cmd += ["--advertise", f"http://127.0.0.1:{port}"]
        cmd += ["--key-file", str(self.folder / "decks.key")]
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
            "CROUPIER_SECRET": "the bench nodes' shared session secret",
            "CROUPIER_SOCKETS_PER_USER": "1000000",  # one dealer account at every table
        }
        log = (self.folder / f"{name}.log").open("ab")
        self.procs[name] = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
        log.close()

    def kill(self, name: str) -> None:
        self.down.add(name)
        self.procs[name].send_signal(signal.SIGKILL)
        self.procs[name].wait()

    def warm(self, name: str, seconds: float = 120) -> None:
        """Wait for ``name``'s replica (or its serving the room): then bots may connect."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.procs[name].poll() is None:
            body = self.health(name)
            if "replica" in body.get("node", {}) or _state(body) == "serving":
                self.down.discard(name)
                return
            time.sleep(0.2)

    def live(self) -> list[str]:
        return [n for n in self.names if n not in self.down]

    def health(self, name: str) -> dict[str, Any]:
        import httpx

        try:
            body = httpx.get(f"http://127.0.0.1:{self.ports[name]}/healthz", timeout=2).json()
        except (httpx.HTTPError, ValueError):
            return {}
        return body if isinstance(body, dict) else {}

    def state(self, name: str) -> str | None:
        return _state(self.health(name))

    def owner(self, among: list[str] | None = None) -> str | None:
        """The node whose ``/healthz`` says it serves the room, if any."""
        for n in among or self.live():
            if self.state(n) == "serving":
                return n
        return None

    def ready(self, seconds: float = 180) -> str:
        """Wait for one owner and every other node's replica; the owner."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for n, p in self.procs.items():
                if p.poll() is not None:
                    raise RuntimeError(f"node {n} exited: {self.log(n)[-2000:]}")
            bodies = {n: self.health(n) for n in self.names}
            owners = [n for n, b in bodies.items() if _state(b) == "serving"]
            replicas = [n for n, b in bodies.items() if "replica" in b.get("node", {})]
            if len(owners) == 1 and len(replicas) == len(self.names) - 1:
                return owners[0]
            time.sleep(0.2)
        raise RuntimeError("the nodes did not come up: " + self.log(self.names[0])[-2000:])

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def loaded_in(self, name: str) -> float | None:
        """The seconds ``name`` last said it took to load the room at its takeover."""
        said = re.findall(r"serves room \S+ \(loaded in ([0-9.]+) s\)", self.log(name))
        return float(said[-1]) if said else None

    def stop(self) -> None:
        for p in self.procs.values():
            if p.poll() is None:
                p.kill()
            p.wait()


def _state(body: dict[str, Any]) -> str | None:
    state = body.get("rooms", {}).get(ROOM, {}).get("state")
    return None if state is None else str(state)


@dataclass
class Acked:
    """An acknowledged command: who sent it, its type, and the heads its reply gave."""

    who: str
    type: str
    table: str
    heads: dict[str, int]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)  # of the commands measured
    sent_at: list[float] = field(default_factory=list)  # ... when each was sent
    by_port: dict[int, list[float]] = field(default_factory=dict)  # ... by the node sent to
    since: float = float("inf")  # commands sent from then on are measured (after the warm-up)
    until: float = float("inf")  # ... until then
    acked: list[Acked] = field(default_factory=list)
    refused: int = 0
    unknown: int = 0  # sent, and the reply lost with its connection
    reconnects: int = 0
    nudges: int = 0
    statuses: Counter[int] = field(default_factory=Counter)  # the refusals' statuses
    reasons: dict[int, str] = field(default_factory=dict)  # the first refusal's, by status

    def refusal(self, status: int, body: dict[str, Any]) -> None:
        self.refused += 1
        self.statuses[status] += 1
        reason = body.get("refused") or body.get("error") or ""
        self.reasons.setdefault(status, f"{reason} ({body.get('clause', '')})"[:300])

    def took(
        self, sent: float, who: str, kind: str, table: str, body: dict[str, Any], port: int
    ) -> None:
        if self.since <= sent < self.until:
            latency = time.perf_counter() - sent
            self.latencies.append(latency)
            self.sent_at.append(sent)
            self.by_port.setdefault(port, []).append(latency)
        self.acked.append(Acked(who, kind, table, dict(body.get("heads") or {})))


@dataclass
class Play:
    """What every table shares: the nodes, the tokens, the tally, the end of play."""

    nodes: Nodes
    tokens: dict[str, str]
    tally: Tally
    until: float
    interval: float = 0.0  # seconds between a table's commands (``--rate``; 0: unpaced)
    spread: float = 0.0  # seconds over which paced tables begin (``timing.first_spread``)
    turn: int = 0  # round robin over the live nodes, for reconnections
    #: the killed nodes started again, until their replicas are loaded
    warming: list[asyncio.Future[None]] = field(default_factory=list)

    def next_port(self, avoid: int | None = None) -> int:
        live = [self.nodes.ports[n] for n in self.nodes.live()] or list(self.nodes.ports.values())
        ports = [p for p in live if p != avoid] or live
        self.turn += 1
        return ports[self.turn % len(ports)]


class Conn:
    """One bot's socket: commands ``{"command", "id"}`` timed to their replies; dropped, it
    reconnects to another live node and catches up after the last sequence number seen."""

    def __init__(self, table: Bots, who: str) -> None:
        self.table, self.who = table, who
        self.ws: Ws | None = None
        self.port = 0
        self.seq: int | None = None  # the last sequence number seen
        self.sent: dict[int, tuple[float, str]] = {}
        self.held: dict[str, Any] | None = None
        self.n = 0

    async def open(self, port: int) -> None:
        play = self.table.play
        self.port = port
        self.ws = await open_socket(
            port, self.table.name, play.tokens[self.who], self.line, self.seq, self.lost
        )

    def send(self, cmd: dict[str, Any]) -> bool:
        """``cmd`` sent, unless the socket is down; while a command of this bot awaits its
        reply, held until it comes (one at a time: the replies come in the order the store
        has the commands), in place of any held before."""
        if self.ws is None:
            return False
        if self.sent:
            self.held = cmd
            return True
        self.n += 1
        self.sent[self.n] = (time.perf_counter(), str(cmd["type"]))
        self.ws.send_text(json.dumps({"command": cmd, "id": self.n}))
        return True

    def line(self, text: str) -> None:
        if not text:
            return
        msg = json.loads(text)
        if "seq" in msg:
            self.seq = max(self.seq or 0, int(msg["seq"]))
        self.table.heard(self, text, msg)

    def lost(self) -> None:
        tally = self.table.play.tally
        tally.unknown += len(self.sent)
        self.sent.clear()
        self.ws, self.held = None, None
        self.table.spawn(self.reconnect())

    async def reconnect(self) -> None:
        play = self.table.play
        port = play.next_port(avoid=self.port)
        await asyncio.sleep(0.1)
        while time.perf_counter() < play.until:
            try:
                await self.open(port)
                play.tally.reconnects += 1
                return
            except (OSError, RuntimeError, TimeoutError, IndexError):
                await asyncio.sleep(0.2)
                port = play.next_port(avoid=port)


class Bots:
    """One table's dealer and players (see the module's docstring)."""

    def __init__(self, k: int, play: Play) -> None:
        self.k, self.name, self.play = k, _table(k), play
        self.bot = make_bot("calling-station" if k % 2 else "random")
        self.rng = random.Random(k)
        self.top_up = preset(RULEBOOK, seats=6).stakes.min_table_stake * 2
        self.players = [_player(k, i) for i in range(BOTS_PER_TABLE)]
        self.conns = {w: Conn(self, w) for w in ["dealer", *self.players]}
        self.moved = time.perf_counter()  # the last reply or event heard
        self.tasks: set[asyncio.Task[None]] = set()
        self.starting = False
        self.due = 0.0  # when the table's last command went out, or is due to (``--rate``)

    def spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def heard(self, conn: Conn, text: str, msg: dict[str, Any]) -> None:
        self.moved = time.perf_counter()
        tally = self.play.tally
        if "reply" in msg:
            sent = conn.sent.pop(msg["reply"], None)
            if sent is None:
                return
            if conn.held is not None and time.perf_counter() < self.play.until:
                held, conn.held = conn.held, None
                conn.send(held)
            if msg["status"] == 200:
                tally.took(sent[0], conn.who, sent[1], self.name, msg, conn.port)
            else:
                tally.refusal(msg["status"], msg)
                # forwarded, and the owner sent no reply: perhaps applied
                if msg["status"] == 503 and MAY_HAVE_BEEN_APPLIED in text:
                    tally.unknown += 1
                if conn.who == "dealer":
                    self.spawn(self.start(0.2))
        elif conn.who == "dealer":
            if "event" in msg and ("RoundFinished" in text or "RoundVoided" in text):
                self.spawn(self.start())
        elif "turn" in msg:
            self.act(conn, contract.decode(msg["turn"]))

    def act(self, conn: Conn, mine: Any) -> None:
        try:
            cmd = self.bot.act(mine, self.rng)
        except ValueError:  # a view the round has moved past (a nudge's): the next one acts
            return
        data = {k: v for k, v in codec.encode(cmd).items() if k not in ("$t", "player")}
        self.paced(conn, {"type": type(cmd).__name__, "table": self.name, **data})

    def paced(self, conn: Conn, cmd: dict[str, Any]) -> None:
        """``cmd`` sent now, or at its time under ``--rate``: the table's commands are due one
        every :attr:`Play.interval` seconds from a random start, and one whose time passed
        goes at once with the schedule kept (as ``bench serve`` paces its tables)."""
        interval = self.play.interval
        if not interval:
            conn.send(cmd)
            return
        now = time.perf_counter()
        if not self.due:  # the first is due at a random moment of a round's length
            self.due = now + self.rng.random() * self.play.spread - interval
        due = self.due = max(self.due + interval, now - interval)
        if due <= now:
            conn.send(cmd)
        else:
            asyncio.get_running_loop().call_later(due - now, conn.send, cmd)

    async def view(self, who: str) -> dict[str, Any] | None:
        http = Http(self.conns["dealer"].port)
        try:
            status, body = await http.request(
                "GET", f"/tables/{self.name}/view", self.play.tokens[who]
            )
        except (OSError, IndexError, ValueError):
            return None
        finally:
            http.close()
        return body["view"] if status == 200 else None

    async def start(self, pause: float = 0.0) -> None:
        """Top up short stacks (the cashier, over HTTP), then start a round; or, a round in
        progress (a nudge), the player to act acts from their view."""
        if self.starting:
            return
        self.starting = True
        try:
            await asyncio.sleep(pause)
            if time.perf_counter() < self.play.until:
                await self._start()
        finally:
            self.starting = False

    async def _start(self) -> None:
        tv = await self.view("dealer")
        if tv is None:
            return
        if tv["round"] is not None and tv["round"]["actor"] is not None:
            who = tv["players"][tv["round"]["actor"]]
            mine = await self.view(who)
            if mine is not None and mine["round"] is not None:
                self.act(self.conns[who], contract.decode(mine).round)
            return
        for player, stack in tv["stacks"]:
            if stack < self.top_up // 2:
                await self._buy(player)
        self.paced(self.conns["dealer"], {"type": "StartRound", "table": self.name})

    async def _buy(self, player: str) -> None:
        tally = self.play.tally
        buy = {"type": "BuyIn", "player": player, "table": self.name, "cash": self.top_up}
        port = self.conns["dealer"].port
        http = Http(port)
        t0 = time.perf_counter()
        try:
            status, body = await http.request("POST", "/commands", self.play.tokens["cashier"], buy)
        except (OSError, IndexError, ValueError, asyncio.CancelledError) as e:
            tally.unknown += 1  # perhaps sent: never sent again
            if isinstance(e, asyncio.CancelledError):
                raise
            return
        finally:
            http.close()
        if status == 200:
            tally.took(t0, "cashier", "BuyIn", self.name, body, port)
        else:
            tally.refusal(status, body if isinstance(body, dict) else {})
            if status == 503 and MAY_HAVE_BEEN_APPLIED in str(body):
                tally.unknown += 1

    async def run(self, port: int, ready: asyncio.Event) -> None:
        for conn in self.conns.values():
            await conn.open(port)
        await ready.wait()
        self.moved = time.perf_counter()
        self.spawn(self.start())
        while time.perf_counter() < self.play.until:
            await asyncio.sleep(0.5)
            # a table waiting for its paced turn (2,000 tables at 1,000/s: one every 2 s) is
            # not stalled: its clock runs from the later of the last word and that turn
            if time.perf_counter() - max(self.moved, self.due) > STALL_S and not self.starting:
                self.play.tally.nudges += 1
                self.moved = time.perf_counter()
                self.spawn(self.start())
        deadline = time.perf_counter() + 5  # the replies still to come (none is sent now)
        while self.tasks or any(c.sent for c in self.conns.values()):
            if time.perf_counter() > deadline:
                break
            await asyncio.sleep(0.05)
        for t in list(self.tasks):
            t.cancel()
        for conn in self.conns.values():
            self.play.tally.unknown += len(conn.sent)  # sent, and no reply: perhaps applied
            conn.sent.clear()
            if conn.ws is not None:
                conn.ws.on_lost = None
                conn.ws.close()


# ----------------------------------------------------------------------------------------
# The run


@dataclass
class Kill:
    """One SIGKILL of the owner: when (seconds into play), which node, which took over and
    how long after the signal its ``/healthz`` said ``serving``."""

    at_s: float
    killed: str
    took_over: str | None = None
    takeover_s: float | None = None
    loaded_s: float | None = None  # of which loading the room (the new owner's log says)


async def _kills(play: Play, kills: int, seconds: float, began: float) -> list[Kill]:
    """``kills`` SIGKILLs of the owner, evenly spread; each killed node started again once
    another took over (or the wait gave up)."""
    nodes, done = play.nodes, []
    warming: list[asyncio.Future[None]] = []
    for i in range(kills):
        await asyncio.sleep(max(began + seconds * (i + 1) / (kills + 1) - time.perf_counter(), 0))
        owner = await asyncio.to_thread(nodes.owner)
        wait = time.perf_counter() + nodes.lease_s + 20
        while owner is None and time.perf_counter() < wait:  # a takeover still under way
            await asyncio.sleep(0.2)
            owner = await asyncio.to_thread(nodes.owner)
        if owner is None:
            continue
        kill = Kill(round(time.perf_counter() - began, 2), owner)
        t0 = time.perf_counter()
        await asyncio.to_thread(nodes.kill, owner)
        deadline = t0 + nodes.lease_s + 30
        while time.perf_counter() < deadline:
            new = await asyncio.to_thread(nodes.owner, nodes.live())
            if new is not None:
                kill.took_over, kill.takeover_s = new, round(time.perf_counter() - t0, 2)
                await asyncio.sleep(0.2)  # said just after
                kill.loaded_s = nodes.loaded_in(new)
                break
            await asyncio.sleep(0.05)
        nodes.start(owner)  # a fresh standby, used by the bots once its replica is loaded
        warming.append(asyncio.ensure_future(asyncio.to_thread(nodes.warm, owner)))
        done.append(kill)
    play.warming = warming
    return done


async def _play(
    nodes: Nodes,
    owner: str,
    tables: int,
    seconds: float,
    kills: int,
    rate: float = 0.0,
    warmup: float = 0.0,
) -> tuple[Tally, list[Kill], float]:
    port = nodes.ports[owner]
    http = Http(port)  # log-ins at the owner, one at a time: not what is measured
    names = [*STAFF, *(_player(k, i) for k in range(1, tables + 1) for i in range(BOTS_PER_TABLE))]
    tokens = {}
    for n in names:
        status, body = await http.request("POST", "/login", body={"name": n, "password": PASSWORD})
        if status != 200:
            raise RuntimeError(f"log-in of {n}: {status} {body}")
        tokens[n] = str(body["token"])
    http.close()
    tally = Tally()
    interval = tables / rate if rate else 0.0
    play = Play(nodes, tokens, tally, float("inf"), interval, first_spread(interval, warmup))
    ports = [nodes.ports[n] for n in nodes.names]  # every node, the owner among them
    ready = asyncio.Event()
    bots = [Bots(k, play) for k in range(1, tables + 1)]
    opened = [b.run(ports[k % len(ports)], ready) for k, b in enumerate(bots)]
    running = [asyncio.ensure_future(o) for o in opened]
    while not all(c.ws is not None for b in bots for c in b.conns.values()):
        for t in running:
            if t.done() and t.exception() is not None:
                raise t.exception()  # type: ignore[misc]
        await asyncio.sleep(0.05)
    settle_heap()  # the bots' collector pauses (thousands of sockets) are not the nodes' latency
    began = time.perf_counter()
    tally.since = began + warmup
    play.until = tally.until = began + warmup + seconds
    ready.set()
    await asyncio.sleep(warmup)
    killed = await _kills(play, kills, seconds, began + warmup)
    await asyncio.gather(*running)
    elapsed = time.perf_counter() - began - warmup  # the last replies' wait included
    await asyncio.gather(*play.warming)  # nothing of the nodes' left half done
    return tally, killed, elapsed


@dataclass
class Checks:
    """What the store says after play (see the module's docstring)."""

    in_store: bool = False
    once: bool = False
    in_order: bool = False
    extra: int = 0  # commands stored beyond those acknowledged
    conserved: bool = False
    audit: bool = False
    errors: list[str] = field(default_factory=list)  # recorded by the servers: faults
    problems: list[str] = field(default_factory=list)


def _skipped(acked: list[str], stored: list[str]) -> int | None:
    """How many of ``stored`` are skipped to find ``acked`` in it in order (None: not found)."""
    at = 0
    for a in acked:
        while at < len(stored) and stored[at] != a:
            at += 1
        if at == len(stored):
            return None
        at += 1
    return len(stored) - len(acked)


def _compare(tally: Tally, stored: list[Any], c: Checks) -> None:
    """Each player's acknowledged commands in the store in the order sent (a player plays at
    one table, one command at a time); the staff's (at every table) counted by type; every
    stream's head acknowledged once."""
    mine: dict[str, list[str]] = {}
    for i in stored:
        mine.setdefault(i.who, []).append(type(i.command).__name__)
    acked: dict[str, list[str]] = {}
    for a in tally.acked:
        acked.setdefault(a.who, []).append(a.type)
    c.in_store = c.in_order = True
    for who, types in acked.items():
        have = Counter(mine.get(who, []))
        if not all(have[t] >= n for t, n in Counter(types).items()):
            c.in_store = False
            c.problems.append(f"{who}: an acknowledged command is not in the store")
        if who not in STAFF and _skipped(types, mine.get(who, [])) is None:
            c.in_order = False
            c.problems.append(f"{who}'s acknowledged commands not in the store in order")
    heads = [(s, n) for a in tally.acked for s, n in a.heads.items()]
    c.once = len(set(heads)) == len(heads)


def check(url: str, tally: Tally, seeded: int) -> Checks:
    """The store against what was acknowledged."""
    from croupier.service.commands import Issued
    from croupier.service.store.rooms import RoomStore, commands_stream
    from croupier.service.store.significant import STREAM, What
    from croupier.service.store.store import EventStore

    c = Checks()
    store = EventStore(url, migrate=False)
    try:
        stored = [e for e in store.load(commands_stream(ROOM)) if isinstance(e, Issued)]
        led = RoomStore(store, ROOM).room.ledger()
        c.errors = [e.detail for e in store.load(STREAM) if e.what is What.ERROR]
    finally:
        store.close()
    _compare(tally, stored[seeded:], c)
    c.extra = len(stored) - seeded - len(tally.acked)
    c.conserved = led.conserved
    done = subprocess.run(
        [*CLI, "audit", "verify", "--db", url], capture_output=True, text=True, timeout=600
    )
    c.audit = done.returncode == 0
    if not c.once:
        c.problems.append("a stream's sequence number acknowledged twice")
    if not 0 <= c.extra <= tally.unknown:
        c.problems.append(
            f"{c.extra} commands stored beyond those acknowledged ({tally.unknown} unknown)"
        )
    if not c.conserved:
        c.problems.append(f"money not conserved: {led}")
    if not c.audit:
        c.problems.append("croupier audit verify failed: " + (done.stdout + done.stderr)[-500:])
    c.problems += [f"a server recorded an error: {detail}" for detail in c.errors[:5]]
    return c


def _seeded(url: str) -> int:
    from croupier.service.commands import Issued
    from croupier.service.store.rooms import commands_stream
    from croupier.service.store.store import EventStore

    store = EventStore(url, migrate=False)
    try:
        ids = {s.id for s in store.streams()}
        if commands_stream(ROOM) not in ids:
            return 0
        return sum(isinstance(e, Issued) for e in store.load(commands_stream(ROOM)))
    finally:
        store.close()


def _by_slice(tally: Tally, width: float) -> list[float]:
    """The p99 (ms) of the commands sent in each ``width`` seconds of the measured time, in
    order: a tail made by a few stalls shows in one or two slices, a load past the nodes'
    in every one."""
    slices: dict[int, list[float]] = {}
    for sent, latency in zip(tally.sent_at, tally.latencies, strict=True):
        slices.setdefault(int((sent - tally.since) // width), []).append(latency)
    return [round(_percentile(v, 0.99) * 1000, 2) for _, v in sorted(slices.items())]


def run(
    db: str | None,
    nodes: int = 3,
    tables: int = 20,
    seconds: float = 60.0,
    kills: int = 5,
    lease_s: float = 2.0,
    rate: float = 0.0,
    warmup: float = 0.0,
) -> dict[str, Any]:
    """The benchmark's figures and checks (see the module's docstring); ``ok`` false if any
    check failed. ``rate``: the commands a second the bots offer in all (0: each as soon as
    it may); ``warmup``: seconds played before the measured ``seconds``. :class:`BadInput`
    for what cannot run."""
    binary = check_input(db, nodes, kills, rate, warmup)
    with (
        fresh_store(db) as url,
        tempfile.TemporaryDirectory(prefix="croupier-cluster-") as folder,
        redis(binary, Path(folder)) as redis_url,
    ):
        seed(url, tables)
        seeded = _seeded(url)
        cluster = Nodes(url, redis_url, Path(folder), nodes, lease_s)
        try:
            for n in cluster.names:
                cluster.start(n)
            owner = cluster.ready()
            with asyncio.Runner(loop_factory=_loop_factory()) as runner:
                tally, killed, elapsed = runner.run(
                    _play(cluster, owner, tables, seconds, kills, rate, warmup)
                )
        finally:
            cluster.stop()
        checks = check(url, tally, seeded)
    # where a tail comes from: the commands sent to the owner against those a standby forwarded
    by_node = {
        n: round(_percentile(tally.by_port[p], 0.99) * 1000, 2)
        for n, p in cluster.ports.items()
        if tally.by_port.get(p)
    }
    took = [k.takeover_s for k in killed if k.takeover_s is not None]
    ok = not checks.problems and all(k.took_over for k in killed) and len(killed) == kills
    return {
        "nodes": nodes,
        "tables": tables,
        "lease_s": lease_s,
        "offered_per_s": rate or None,
        "warmup_s": warmup,
        "seconds": round(elapsed, 2),
        "commands": len(tally.acked),
        "commands_per_s": round(len(tally.latencies) / seconds, 1),
        "p50_ms": round(_percentile(tally.latencies, 0.50) * 1000, 2),
        "p99_ms": round(_percentile(tally.latencies, 0.99) * 1000, 2),
        "owner_at_start": owner,
        "p99_ms_by_node": by_node,
        "p99_ms_by_10s": _by_slice(tally, 10.0),
        "refused": tally.refused,
        "unknown": tally.unknown,
        "unknown_applied": checks.extra,
        "refused_by_status": {str(k): v for k, v in sorted(tally.statuses.items())},
        "first_refusal_by_status": {str(k): v for k, v in sorted(tally.reasons.items())},
        "reconnects": tally.reconnects,
        "nudges": tally.nudges,
        "kills": [k.__dict__ for k in killed],
        "takeover_s_max": max(took) if took else None,
        "takeover_s_mean": round(sum(took) / len(took), 2) if took else None,
        "checks": {
            "acknowledged_in_store": checks.in_store,
            "acknowledged_once": checks.once,
            "in_order": checks.in_order,
            "chips_conserved": checks.conserved,
            "audit_verify": checks.audit,
            "no_server_errors": not checks.errors,
        },
        "problems": checks.problems,
        "ok": ok,
    }
