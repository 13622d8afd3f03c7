"""Disconnections across a crash: ``croupier serve`` as a real process over a real SQLite file
(and a throw-away PostgreSQL), players' and a dealer's websockets open, the server killed with
SIGKILL and started again. The players it dropped are disconnected at the restart, before
play: their grace period runs from there, the one to act has their hand folded after it
(dunedin-house 92), one who comes back within it is reconnected and keeps the hand, a seated
player who was not connected is left alone, and the significant-events log says who connected
and whose connection was lost."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from croupier.client import Client
from croupier.service.auth import SECRET_ENV
from croupier.service.store.significant import What
from croupier.service.store.store import EventStore
from croupier.table.absence import (
    AbsentFolded,
    GraceExpired,
    PlayerDisconnected,
    PlayerReconnected,
)
from croupier.views import TableView
from support.forks import Forked
from support.processes import free_port, serve
from support.service import add_users
from support.store import create_database

PLAYERS = ["p1", "p2", "p3"]
STREAM = "table:main/t1"
GRACE = 2  # seconds: a player back within it keeps the hand


class Server:
    """``croupier serve`` over ``db`` on ``port``, started (and killed) as a real process."""

    def __init__(self, db: str, port: int, log: Path) -> None:
        self.db, self.port, self.log = db, port, log
        self.process: Forked | None = None

    def start(self) -> None:
        args = ["--db", self.db, "--port", str(self.port)]
        self.process = serve(args, self.log, **{SECRET_ENV: "presence"})
        for _ in range(600):  # the lifespan (recovery, the restart's disconnections) ran first
            try:
                r = httpx.get(f"http://127.0.0.1:{self.port}/openapi.json", timeout=1)
                if r.status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        self.process.kill()
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    @contextmanager
    def ws(self, token: str) -> Iterator[ClientConnection]:
        """A websocket to t1, once accepted (its first message, the snapshot, received)."""
        got = httpx.post(
            f"http://127.0.0.1:{self.port}/ws-ticket", headers={"Authorization": f"Bearer {token}"}
        )
        ticket = got.json()["ticket"]
        with connect(f"ws://127.0.0.1:{self.port}/ws/tables/t1?ticket={ticket}") as ws:
            assert "snapshot" in json.loads(ws.recv(timeout=10))
            yield ws


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A server over a fresh store: a SQLite file, or a new database on a throw-away
    PostgreSQL (sessions signed with ``$CROUPIER_SECRET``: they outlive the process)."""
    if request.param == "sqlite":
        db = f"sqlite:///{tmp_path / 'room.db'}"
    else:
        db = create_database(request.getfixturevalue("pg_server"), f"pres_{tmp_path.name[-20:]}")
    add_users(db, len(PLAYERS))
    s = Server(db, free_port(), tmp_path / "serve.log")
    try:
        yield s
    finally:
        if s.process is not None and s.process.poll() is None:
            s.process.kill()
            s.process.wait()


def stored(db: str) -> list[Any]:
    store = EventStore(db)
    try:
        return store.load(STREAM)
    finally:
        store.close()


def wait_for(db: str, found: Any, seconds: float = 15) -> list[Any]:
    """The table's stored events once ``found(events)`` holds."""
    limit = time.monotonic() + seconds
    while True:
        events = stored(db)
        if found(events):
            return events
        assert time.monotonic() < limit, f"not in {seconds} s: {[type(e).__name__ for e in events]}"
        time.sleep(0.05)


def test_players_dropped_by_sigkill_are_disconnected_at_the_restart(server: Server) -> None:
    server.start()
    with httpx.Client(base_url=f"http://127.0.0.1:{server.port}", timeout=10) as http:
        c = Client(http, lambda name: f"{name}-pw")
        preset = {"rulebook": "dunedin-house", "seats": 6, "grace_seconds": GRACE}
        c.ok("floor", {"type": "OpenTable", "table": "t1", "preset": preset})
        admin = {"Authorization": f"Bearer {c.login('admin')}"}
        assert http.post("/users/dealer/tables", json={"table": "t1"}, headers=admin).is_success
        for seat, p in enumerate(PLAYERS, start=1):
            cmd = {"type": "TakeSeat", "player": p, "table": "t1", "seat": seat, "cash": 400}
            c.ok("cashier", {**cmd, "post": True})
        actor = c.ok("dealer", {"type": "StartRound", "table": "t1"})["actor"]
        back, _away = (p for p in PLAYERS if p != actor)  # ``_away`` never connects
        for who in (actor, back, "dealer", "floor", "auditor"):
            c.login(who)  # sessions outlive the server (the key that signs them is kept)
        with ExitStack() as sockets:
            for who in (actor, back, "dealer"):
                sockets.enter_context(server.ws(c.login(who)))
            before = stored(server.db)
            killed = int(time.time())
            server.kill()  # the websockets' close is never seen by the server
        assert not [e for e in before if isinstance(e, PlayerDisconnected)]

        server.start()
        # ``back`` returns within the grace; the actor does not
        with server.ws(c.login(back)):
            events = wait_for(
                server.db, lambda es: any(isinstance(e, PlayerReconnected) for e in es)
            )
            dropped = {e.player: e for e in events if isinstance(e, PlayerDisconnected)}
            assert set(dropped) == {actor, back}  # not ``away``, not the dealer
            for e in dropped.values():  # at the restart, by the server's clock
                assert e.at >= killed and e.until == e.at + GRACE
            returned = next(e for e in events if isinstance(e, PlayerReconnected))
            assert returned.player == back and not returned.late
            _, view = c.view("floor", "t1")
            assert view.disconnected == ((actor, dropped[actor].until),) and view.absent == ()
            # past the grace: the actor's hand folded in turn, their seat sitting out
            events = wait_for(server.db, lambda es: any(isinstance(e, AbsentFolded) for e in es))
            folded = next(e for e in events if isinstance(e, AbsentFolded))
            expired = [e for e in events if isinstance(e, GraceExpired)]
            assert folded == AbsentFolded(actor, "dunedin-house 92", folded.at)
            assert [e.player for e in expired] == [actor]
            assert expired[0].at >= dropped[actor].until
            _, view = c.view("floor", "t1")
            assert isinstance(view, TableView)
            assert view.absent == (actor,) and view.disconnected == ()
            assert (1 + PLAYERS.index(actor), actor, "sitting out") in view.seats
            assert view.round is not None and view.round.folded[PLAYERS.index(actor)]
            # ``back`` keeps the hand: the action is theirs or another live player's
            assert not view.round.folded[PLAYERS.index(back)]

        # the significant-events log: each connection, the restart, then the losses (the
        # last once the server has seen ``back``'s websocket close)
        limit = time.monotonic() + 10
        while True:
            r = http.get("/significant", headers=c.headers("auditor"))
            assert r.status_code == 200
            log = [e["event"] for e in r.json()["events"]]  # the message contract's
            assert all(e["type"] == "Significant" for e in log)
            connections = [
                (What(e["what"]), e["who"])
                for e in log
                if e["what"] in (What.CONNECTED, What.CONNECTION_LOST, What.RESTART)
            ]
            if connections[-1] == (What.CONNECTION_LOST, back) or time.monotonic() > limit:
                break
            time.sleep(0.05)
        restarted = [n for n, (what, _) in enumerate(connections) if what is What.RESTART][-1]
        assert set(connections[:restarted]) == {
            (What.RESTART, "server"),
            (What.CONNECTED, actor),
            (What.CONNECTED, back),
        }
        assert sorted(connections[restarted + 1 :], key=str) == sorted(
            [
                (What.CONNECTION_LOST, actor),
                (What.CONNECTION_LOST, back),  # dropped by the restart
                (What.CONNECTED, back),
                (What.CONNECTION_LOST, back),  # closed after the return
            ],
            key=str,
        )
    assert all(e["detail"] == STREAM for e in log if e["what"] == What.CONNECTED)
