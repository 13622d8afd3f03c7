"""Several nodes serving one room (``croupier serve --node``) on a fresh PostgreSQL database
each: two real processes, one the room's writer (it holds the room's lease), the other a
standby that answers 503 naming the owner.

Failover: the owner is killed (SIGKILL) in the middle of play; the standby takes the room over
within the lease and a few seconds, rebuilt from the store (a round in progress deals on from
its sealed deck), and play goes on through it with the sessions of before; a player's
websocket reconnects to it and catches up by sequence number. Every command that got a success
reply is in the store in order, no sequence number was acknowledged twice, and ``croupier audit
verify`` passes.

Split brain: the owner is paused (SIGSTOP) past its lease; the standby takes over and commits;
the first is resumed with a command waiting for it: refused (503, naming the new owner) and
said on its log, and nothing of it is in the store."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from croupier.client import Client
from croupier.service import demo
from croupier.service.commands import Issued
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
    wait_for,
)
from support.service import ticket
from support.store import create_database

#: The lease of the test's nodes (seconds): short, yet long beside a loaded machine's stalls.
LEASE_S = 3.0
#: How long a takeover may take beyond the lease on a loaded 2-core machine: the room is
#: loaded as at a start (recovery, image, sealed decks).
GRACE_S = 15.0
TABLE = "qld-1"


class Nodes:
    """Two nodes, a and b, on one database; their logs in ``folder``."""

    def __init__(self, db: str, folder: Path) -> None:
        self.db, self.folder = db, folder
        self.ports = {"a": free_port(), "b": free_port()}
        self.procs: dict[str, Forked] = {}
        self.owner = self.standby = ""  # which is which, once both are up

    def start(self, name: str) -> None:
        log = self.folder / f"{name}.log"
        port, keys = self.ports[name], self.folder / "decks.key"
        self.procs[name] = start_node(self.db, name, port, LEASE_S, keys, log)

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def stop(self) -> None:
        for p in self.procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGCONT)
                p.kill()
            p.wait()


@pytest.fixture
def nodes(pg_server: str, tmp_path: Path) -> Iterator[Nodes]:
    """Nodes a and b started together on the demo room (seeded first): one serves it, the
    other is its standby."""
    db = create_database(pg_server, f"failover_{tmp_path.name[-20:]}")
    store = EventStore(db)
    try:
        demo.seed(store, "main")
    finally:
        store.close()
    two = Nodes(db, tmp_path)
    try:
        two.start("a")
        two.start("b")
        deadline = time.monotonic() + 120
        while {room_state(p) for p in two.ports.values()} != {"serving", "standby"}:
            assert time.monotonic() < deadline, two.log("a") + two.log("b")
            time.sleep(0.1)
        two.owner = "a" if room_state(two.ports["a"]) == "serving" else "b"
        two.standby = "b" if two.owner == "a" else "a"
        yield two
    finally:
        two.stop()


def _stored(db: str) -> list[tuple[str, str]]:
    store = EventStore(db)
    try:
        issued = store.load(commands_stream("main"))
    finally:
        store.close()
    return [(type(i.command).__name__, i.who) for i in issued if isinstance(i, Issued)]


def _room_heads(db: str) -> dict[str, int]:
    """The head of every stream of the room (its tables', cage's, commands', decks'...)."""
    store = EventStore(db)
    try:
        return {s.id: s.head_seq for s in store.streams() if s.id.partition(":")[2][:4] == "main"}
    finally:
        store.close()


def _audit(db: str) -> None:
    done = subprocess.run(
        [*CLI, "audit", "verify", "--db", db, "--json"], env=env(), capture_output=True, timeout=120
    )
    assert done.returncode == 0, done.stdout.decode()[-2000:] + done.stderr.decode()[-2000:]
    assert json.loads(done.stdout)["ok"]


def _standby_refuses(nodes: Nodes) -> None:
    """The standby answers 503 naming the owner."""
    a, b = nodes.owner, nodes.standby
    body = health(nodes.ports[b])
    assert body is not None and body["node"]["state"] == "standby"
    assert body["node"]["owner"]["node"] == a
    client = Recording(nodes.ports[b])
    r = client.send("dealer", {"type": "StartRound", "table": TABLE})
    assert r.status_code == 503
    assert f"node {b} is a standby: room main is served by node {a}" in r.json()["refused"]
    assert r.json()["clause"] == "croupier lease"
    assert client.c.get("/room/board", headers=client.headers("floor")).status_code == 503


def _follow(port: int, client: Client, after: int, head: int) -> list[int]:
    """The sequence numbers a player's websocket on ``TABLE`` is sent after ``after``, up to
    ``head``."""
    once = ticket(client.c, client.login("bot1"))
    url = f"ws://127.0.0.1:{port}/ws/tables/{TABLE}?ticket={once}&after={after}"
    with connect(url) as ws:
        return [json.loads(ws.recv(timeout=30))["seq"] for _ in range(head - after)]


def test_the_standby_takes_over_a_killed_owner(nodes: Nodes) -> None:
    _standby_refuses(nodes)
    one, two = nodes.owner, nodes.standby
    rng = random.Random(31)
    seeded = len(_stored(nodes.db))
    a = Recording(nodes.ports[one])
    for _ in range(15):
        step(a, TABLE, rng)
    head, _ = a.view("bot1", TABLE)
    assert _follow(nodes.ports[one], a, 0, head) == list(range(1, head + 1))
    nodes.procs[one].send_signal(signal.SIGKILL)
    killed = time.monotonic()
    nodes.procs[one].wait()
    took = wait_for(nodes.ports[two], "serving", LEASE_S + GRACE_S) - killed
    print(f"takeover after SIGKILL: {took:.2f} s (lease {LEASE_S:g} s)")
    b = Recording(nodes.ports[two], a.tokens)  # the sessions of before are good here
    assert b.view("bot1", TABLE)[0] >= head  # (and bot1's socket's close, recorded by a)
    for _ in range(15):
        step(b, TABLE, rng)  # a round the kill interrupted deals on from its sealed deck
    now, _ = b.view("bot1", TABLE)
    assert _follow(nodes.ports[two], b, head, now) == list(range(head + 1, now + 1))
    nodes.procs[two].send_signal(signal.SIGTERM)  # a clean stop (uvicorn exits by the signal)
    assert nodes.procs[two].wait(timeout=30) in (0, -signal.SIGTERM)
    stored = _stored(nodes.db)
    accepted = a.accepted + b.accepted
    assert unmatched(accepted, stored) is None
    assert len(stored) == seeded + len(accepted)  # nothing accepted but unanswered (idle kill)
    heads = a.heads + b.heads
    assert len(set(heads)) == len(heads)  # no sequence number acknowledged twice
    _audit(nodes.db)
    assert "took room main's lease (epoch 2)" in nodes.log(two)


def test_a_paused_owner_is_fenced_after_the_takeover(nodes: Nodes) -> None:
    one, two = nodes.owner, nodes.standby
    rng = random.Random(32)
    a = Recording(nodes.ports[one])
    for _ in range(8):
        step(a, TABLE, rng)
    a.login("floor")
    nodes.procs[one].send_signal(signal.SIGSTOP)
    paused = time.monotonic()
    took = wait_for(nodes.ports[two], "serving", LEASE_S + GRACE_S) - paused
    print(f"takeover after SIGSTOP: {took:.2f} s (lease {LEASE_S:g} s)")
    b = Recording(nodes.ports[two], a.tokens)
    for _ in range(8):
        step(b, TABLE, rng)
    before, heads_before = _stored(nodes.db), _room_heads(nodes.db)
    # a command waits for the paused node, which is then resumed
    late: list[httpx.Response | Exception] = []
    cmd = {"type": "OpenTable", "table": "fenced", "preset": {"rulebook": "dunedin-house"}}

    def send() -> None:  # on a connection of its own (the node closes those idle too long)
        try:
            url = f"http://127.0.0.1:{nodes.ports[one]}/commands"
            late.append(httpx.post(url, json=cmd, headers=a.headers("floor"), timeout=30))
        except Exception as e:
            late.append(e)

    sender = threading.Thread(target=send)
    sender.start()
    time.sleep(0.5)
    nodes.procs[one].send_signal(signal.SIGCONT)
    sender.join(60)
    assert late and isinstance(late[0], httpx.Response), late
    assert late[0].status_code == 503, late[0].text
    assert f"node {two}" in late[0].json()["refused"]
    deadline = time.monotonic() + 10
    while "a standby now, writing nothing" not in nodes.log(one):
        assert time.monotonic() < deadline, nodes.log(one)
        time.sleep(0.1)
    assert f"croupier: node {one}: " in nodes.log(one)
    body = health(nodes.ports[one])
    assert body is not None and body["rooms"]["main"]["state"] == "standby"
    assert body["node"]["owner"]["node"] == two
    assert a.send("floor", cmd).status_code == 503  # and stays so
    assert _room_heads(nodes.db) == heads_before  # nothing of a's after the takeover
    step(b, TABLE, rng)  # b plays on
    after = _stored(nodes.db)
    assert after[: len(before)] == before
    assert after[len(before) :] == b.accepted[-(len(after) - len(before)) :]
    assert not any(name == "OpenTable" for name, _ in after[len(before) :])
    heads = a.heads + b.heads
    assert len(set(heads)) == len(heads)
    _audit(nodes.db)


def test_serve_refuses_a_node_on_sqlite(tmp_path: Path) -> None:
    cmd = [*CLI, "serve", "--db", str(tmp_path / "x.db"), "--node", "a"]
    done = subprocess.run(cmd, env=env(), capture_output=True, timeout=120)
    assert done.returncode == 2
    lines = done.stderr.decode().strip().splitlines()
    assert lines == [
        "croupier: error: --node: a SQLite file has one writer and needs no lease "
        "(use postgresql://)"
    ]
