"""A client may connect to any node (``croupier serve --node NAME --redis URL``): two real
nodes on a fresh PostgreSQL database and a throw-away Redis.

A player plays through the standby only: its commands are forwarded to the owner and
answered with the owner's reply, its reads come from the standby's replica, and its
websocket on the standby is sent every event of the table in order with no gap, the same
messages as the owner's socket sends. With Redis stopped the standby polls the store and
still follows; Redis back, it follows Redis again. The owner SIGKILLed: a command sent to the
standby meanwhile is refused 503 naming the owner (never a 500); the standby takes the room
over from its warm replica, the player's socket stays open, and play goes on through it.
Every accepted command is in the store in order, and ``croupier audit verify`` passes."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from croupier.service import demo
from croupier.service.commands import Issued
from croupier.service.forward import MAY_HAVE_BEEN_APPLIED
from croupier.service.store.rooms import commands_stream
from croupier.service.store.store import EventStore
from support.forks import Forked
from support.processes import (
    CLI,
    Recording,
    env,
    free_port,
    health,
    room_state,
    start_node,
    step,
    unmatched,
)
from support.redis_server import RedisServer, redis_server
from support.service import ticket
from support.store import create_database

LEASE_S = 3.0
GRACE_S = 15.0
TABLE = "qld-1"


class Cluster:
    """Nodes a, b and c on one database and one Redis; their logs in ``folder``. Once up:
    the owner, the standby the test's player uses, and the other standby."""

    def __init__(self, db: str, redis: RedisServer, folder: Path) -> None:
        self.db, self.redis, self.folder = db, redis, folder
        self.ports = {name: free_port() for name in "abc"}
        self.procs: dict[str, Forked] = {}
        self.owner = self.standby = self.third = ""

    def start(self, name: str) -> None:
        log = self.folder / f"{name}.log"
        port, keys = self.ports[name], self.folder / "decks.key"
        more = ["--redis", self.redis.url, "--advertise", f"http://127.0.0.1:{port}"]
        self.procs[name] = start_node(self.db, name, port, LEASE_S, keys, log, more)

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def stop(self) -> None:
        for p in self.procs.values():
            if p.poll() is None:
                p.kill()
            p.wait()


@pytest.fixture
def cluster(pg_server: str, tmp_path: Path) -> Iterator[Cluster]:
    db = create_database(pg_server, f"replica_{tmp_path.name[-20:]}")
    store = EventStore(db)
    try:
        demo.seed(store, "main")
    finally:
        store.close()
    with redis_server() as redis:
        nodes = Cluster(db, redis, tmp_path)
        try:
            for name in nodes.ports:
                nodes.start(name)
            deadline = time.monotonic() + 120
            while True:
                bodies = {n: health(p) or {} for n, p in nodes.ports.items()}
                states = {
                    n: b.get("rooms", {}).get("main", {}).get("state") for n, b in bodies.items()
                }
                standbys = sorted(n for n, b in bodies.items() if "replica" in b.get("node", {}))
                if list(states.values()).count("serving") == 1 and len(standbys) == 2:
                    nodes.owner = next(n for n, state in states.items() if state == "serving")
                    nodes.standby, nodes.third = standbys
                    break
                assert time.monotonic() < deadline, "".join(map(nodes.log, nodes.ports))
                time.sleep(0.1)
            yield nodes
        finally:
            nodes.stop()


class Socket:
    """A player's table socket read in a thread: every message's sequence number (events),
    and whether it ended."""

    def __init__(self, port: int, client: Recording, who: str, after: int) -> None:
        once = ticket(client.c, client.login(who))
        url = f"ws://127.0.0.1:{port}/ws/tables/{TABLE}?ticket={once}&after={after}"
        self.ws: ClientConnection = connect(url)  # closed by the test
        self.seqs: list[int] = []
        self.closed: str | None = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                msg = json.loads(self.ws.recv())
                if "event" in msg:
                    self.seqs.append(msg["seq"])
        except Exception as e:
            self.closed = repr(e)

    def until(self, head: int, seconds: float = 20) -> list[int]:
        deadline = time.monotonic() + seconds
        while (not self.seqs or self.seqs[-1] < head) and time.monotonic() < deadline:
            assert self.closed is None, self.closed
            time.sleep(0.05)
        return list(self.seqs)


def _taken(cluster: Cluster, names: tuple[str, ...]) -> tuple[str, float]:
    """Which of ``names`` served the room, and when (monotonic)."""
    deadline = time.monotonic() + LEASE_S + GRACE_S
    while time.monotonic() < deadline:
        states = {n: room_state(cluster.ports[n]) for n in names}
        if "serving" in states.values():
            new = next(n for n, state in states.items() if state == "serving")
            when = time.monotonic()
            while f"node {new} serves room main (loaded in" not in cluster.log(new):
                assert time.monotonic() < deadline, cluster.log(new)  # said just after
                time.sleep(0.05)
            print(f"node {new} took the room over")
            for other in (n for n in names if n != new):  # it forwards once it has read so
                while _owner_seen(cluster.ports[other]) != new:
                    assert time.monotonic() < deadline, cluster.log(other)
                    time.sleep(0.05)
            return new, when
        time.sleep(0.1)
    raise AssertionError("".join(map(cluster.log, cluster.ports)))


def _owner_seen(port: int) -> str | None:
    """The owner the node at ``port`` last read from the lease (``/healthz``)."""
    owner = ((health(port) or {}).get("node") or {}).get("owner") or {}
    return owner.get("node")


def _follows(client: Recording, view: tuple[int, Any], seconds: float = 10) -> None:
    """The node of ``client`` reads ``view`` of bot1's within ``seconds``."""
    deadline = time.monotonic() + seconds
    while client.view("bot1", TABLE) != view:
        assert time.monotonic() < deadline, (client.view("bot1", TABLE), view)
        time.sleep(0.1)


def _paused_owner_follows(cluster: Cluster, owner: str, played: Recording, rng: Any) -> None:
    """The owner paused past its lease: the last standby takes over and play goes on there;
    resumed, the paused node drops the room and follows it as a replica again."""
    (other,) = [n for n, p in cluster.procs.items() if p.poll() is None and n != owner]
    cluster.procs[owner].send_signal(signal.SIGSTOP)
    try:
        _taken(cluster, (other,))
        there = Recording(cluster.ports[other], played.tokens)
        there.accepted, there.heads = played.accepted, played.heads
        for _ in range(3):
            step(there, TABLE, rng)
    finally:
        cluster.procs[owner].send_signal(signal.SIGCONT)
    deadline = time.monotonic() + GRACE_S
    while "replica" not in (health(cluster.ports[owner]) or {}).get("node", {}):
        assert time.monotonic() < deadline, cluster.log(owner)
        time.sleep(0.1)
    assert "a standby now, writing nothing" in cluster.log(owner)
    _follows(Recording(cluster.ports[owner]), there.view("bot1", TABLE))


def _the_owner_answers_a_command_too_large_for_a_frame(port: int, standby: Recording) -> None:
    """A command over a websocket message's cap (a hand-for-hand record may be) is forwarded
    as its own HTTP request, not on the channel: the owner's own refusal comes back, not a
    503 for a channel closed under it; a small one goes on the channel, refused alike."""
    auth = {"Authorization": f"Bearer {standby.login('dealer')}"}
    for pad in (10, 100_000):
        cmd = {"type": "NoSuchCommand", "table": TABLE, "note": "x" * pad}
        r = httpx.post(f"http://127.0.0.1:{port}/commands", json=cmd, headers=auth, timeout=30)
        assert r.status_code == 422 and "NoSuchCommand" in r.json()["refused"], (pad, r.text)


def _a_new_user_logs_in_at_the_standby(owner: Recording, standby: Recording) -> None:
    """A user added at the owner logs in at the standby within a look or two."""
    new = {"name": "late", "role": "player", "password": demo.PASSWORD}
    r = owner.c.post("/users", json=new, headers=owner.headers("admin"))
    assert r.status_code == 200, r.text
    deadline = time.monotonic() + 10
    while standby.c.post("/login", json=new).status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(1)  # a few failed log-ins: fewer than the throttle's


def _by_socket(port: int, client: Recording, who: str, cmd: dict[str, Any]) -> dict[str, Any]:
    """``cmd`` sent by ``who`` over a table socket at ``port``: the reply."""
    once = ticket(client.c, client.login(who))
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{TABLE}?ticket={once}") as ws:
        ws.send(json.dumps({"command": cmd, "id": 7}))
        while True:
            msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
            if "reply" in msg:
                return msg


def _stored(db: str) -> list[tuple[str, str]]:
    store = EventStore(db)
    try:
        issued = store.load(commands_stream("main"))
    finally:
        store.close()
    return [(type(i.command).__name__, i.who) for i in issued if isinstance(i, Issued)]


def test_a_player_plays_through_the_standby(cluster: Cluster) -> None:
    one, two, three = cluster.owner, cluster.standby, cluster.third
    rng = random.Random(33)
    seeded = len(_stored(cluster.db))
    a, b = Recording(cluster.ports[one]), Recording(cluster.ports[two])
    a.accepted, a.heads = b.accepted, b.heads  # one record of both, in the order played
    for name in (two, three):  # a standby that serves clients: its check says so
        r = httpx.get(f"http://127.0.0.1:{cluster.ports[name]}/healthz", timeout=10)
        assert (r.status_code, r.json()["rooms"]["main"]["state"]) == (200, "standby")
    start, _ = b.view("bot1", TABLE)  # read from the standby's replica
    sock = Socket(cluster.ports[two], b, "bot1", start)
    reply = _by_socket(cluster.ports[two], b, "dealer", {"type": "StartRound", "table": TABLE})
    assert (reply["reply"], reply["status"], reply["type"]) == (7, 200, "StartRound"), reply
    b.accepted.append(("StartRound", "dealer"))  # forwarded, and answered by the owner
    b.heads += list(reply["heads"].items())
    for _ in range(12):  # forwarded to the owner; the reply once the replica has it
        step(b, TABLE, rng)
    head, mine = b.view("bot1", TABLE)
    assert a.view("bot1", TABLE) == (head, mine)  # the replica reads as the owner
    assert sock.until(head) == list(range(start + 1, head + 1))
    _the_owner_answers_a_command_too_large_for_a_frame(cluster.ports[two], b)

    _a_new_user_logs_in_at_the_standby(a, b)
    cluster.redis.stop()  # the standby polls the store meanwhile
    for _ in range(4):
        step(a, TABLE, rng)  # played at the owner: the standby is told nothing
    head, _ = a.view("bot1", TABLE)
    assert sock.until(head) == list(range(start + 1, head + 1))
    assert b.view("bot1", TABLE)[0] == head
    assert "unreachable" in cluster.log(two), cluster.log(two)
    cluster.redis.start()
    deadline = time.monotonic() + 10
    while "answers again" not in cluster.log(two):
        assert time.monotonic() < deadline, cluster.log(two)
        time.sleep(0.1)
    for _ in range(4):
        step(b, TABLE, rng)

    cluster.procs[one].send_signal(signal.SIGKILL)
    killed = time.monotonic()
    cluster.procs[one].wait()
    r = b.send("dealer", {"type": "StartRound", "table": TABLE})
    assert r.status_code == 503, r.text
    refused = r.json()["refused"]  # the owner unreachable, or its lease run out already
    assert f"node {one} at http://127.0.0.1:" in refused or "no node serves" in refused, refused
    # or sent on the forward's socket before the standby read that the kill closed it: no
    # reply, and the standby cannot know the command was not applied
    said = ("cannot be reached", "taking", "no node", MAY_HAVE_BEEN_APPLIED)
    assert any(s in refused for s in said), refused
    print("refused while the owner was down:", refused)
    new, took = _taken(cluster, (two, three))
    took -= killed
    print(f"takeover after SIGKILL from a warm replica: {took:.2f} s (lease {LEASE_S:g} s)")
    for _ in range(12):  # at the new owner, or forwarded to it: the player's node is the same
        step(b, TABLE, rng)  # a round the kill interrupted deals on from its sealed deck
    now, mine = b.view("bot1", TABLE)
    assert sock.until(now) == list(range(start + 1, now + 1))  # the same socket, no gap
    sock.ws.close()
    c = Recording(cluster.ports[three])
    _follows(c, (now, mine))  # the other node follows whichever owns
    _paused_owner_follows(cluster, new, b, rng)
    stored = _stored(cluster.db)
    assert unmatched(b.accepted, stored) is None
    assert len(stored) == seeded + len(b.accepted)
    assert len(set(b.heads)) == len(b.heads)  # no sequence number acknowledged twice
    done = subprocess.run(
        [*CLI, "audit", "verify", "--db", cluster.db, "--json"],
        env=env(),
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout.decode()[-2000:] + done.stderr.decode()[-2000:]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["--redis", "redis://127.0.0.1:1"],
            "--redis: only with --node (several nodes serving one room on PostgreSQL)",
        ),
        (
            ["--node", "a", "--redis", "redis://127.0.0.1:1"],
            "--node: a SQLite file has one writer and needs no lease (use postgresql://)",
        ),
        (
            ["--node", "a", "--redis", "http://127.0.0.1:1"],
            "--redis 'http://127.0.0.1:1': a Redis URL, as redis://host:port",
        ),
        (
            ["--node", "a", "--advertise", "127.0.0.1:8000"],
            "--advertise '127.0.0.1:8000': a base URL, as http://host:port",
        ),
    ],
)
def test_serve_refuses_redis_where_it_cannot_work(
    tmp_path: Path, args: list[str], line: str
) -> None:
    cmd = [*CLI, "serve", "--db", str(tmp_path / "x.db"), *args]
    done = subprocess.run(cmd, env=env(), capture_output=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.decode().strip().splitlines() == [f"croupier: error: {line}"]
    assert not (tmp_path / "x.db").exists() or args[0] == "--node"
