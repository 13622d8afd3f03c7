"""Crash safety: ``croupier serve`` as a real process, on SQLite and on a throw-away PostgreSQL,
bots playing at two tables through HTTP while the cashier and the director run the demo
tournament, killed with SIGKILL at random moments during play (3 times; CROUPIER_CRASH_KILLS=8
for a longer run) and restarted each time. Every
command that got a success reply is in the store (in order; at most one more per kill:
committed, reply lost), every stream folds (the tournament's too) with the room's money
conserved, play goes on, and a player's websocket catches up by sequence number after each
restart with nothing missing or repeated. A round a kill interrupted deals on from its sealed
deck (the dealer side's, never a client's)."""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from croupier.client import Client, ClientError
from croupier.service import demo
from croupier.service.commands import Issued
from croupier.service.store import audit
from croupier.service.store.rooms import commands_stream, tournament_stream
from croupier.service.store.store import EventStore
from croupier.service.tournament_commands import ENTRIES
from croupier.tournament import Tournament
from support.forks import Forked
from support.processes import free_port, serve, step, unmatched
from support.service import demo_users, ticket
from support.store import create_database

KILLS = int(os.environ.get("CROUPIER_CRASH_KILLS", "3"))
#: Steps of play after the last restart (each plays at both tables and runs the tournament).
PLAY_ON = 30
TABLES = ("qld-1", "dun-1")
TOURNAMENT = "sat-1"
#: Who the cashier enters in the demo tournament before the director starts it.
ENTRANTS = (*demo.BOTS[:6], *demo.HUMANS)
#: Times the director moves the clock on (the demo's levels: two, a break, two more).
NEXT_LEVELS = 3


def _start(db: str, port: int, log: Path) -> Forked:
    server = serve(["--demo", "--db", db, "--port", str(port)], log)
    for _ in range(600):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("the server did not start")


def api_name(cmd: object) -> str:
    """The API's name of a stored command (a tournament's own is stored as the tournament's
    command: ``Pause`` for both PauseClock and ResumeClock)."""
    for name, (cls, scope, fixed) in ENTRIES.items():
        if scope != "tournament" or type(cmd) is not cls:
            continue
        if all(getattr(cmd, k) == v for k, v in fixed.items()):
            return name
    return type(cmd).__name__


def run_tournament(client: Client, rng: random.Random, moved: list[int]) -> None:
    """One command for the demo tournament, whatever state the restart left it in: the cashier
    enters the next player, the director starts it, then pauses and resumes the clock or moves
    it to the next level (``moved`` counts those, across restarts)."""
    r = client.c.get(f"/tournaments/{TOURNAMENT}/clock")
    if r.status_code != 200:
        raise ClientError(f"the wall clock: {r.status_code} {r.text}")
    clock = r.json()["clock"]
    t = {"tournament": TOURNAMENT}
    if clock["status"] == "registering":
        if clock["entries"] < len(ENTRANTS):
            player = ENTRANTS[clock["entries"]]
            client.ok("cashier", {"type": "EnterTournament", "player": player, **t})
        else:
            client.ok("director", {"type": "StartTournament", **t})
    elif clock["status"] == "paused":
        client.ok("director", {"type": "ResumeClock", **t})
    elif moved[0] < NEXT_LEVELS and rng.random() < 0.3:
        client.ok("director", {"type": "NextLevel", **t})
        moved[0] += 1
    else:
        client.ok("director", {"type": "PauseClock", **t})


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store: a SQLite file, or a new database on a throw-away PostgreSQL; the demo's
    users in it with cheap hashes (dozens of log-ins across the restarts)."""
    if request.param == "sqlite":
        url = str(tmp_path / "crash.db")
    else:
        url = create_database(request.getfixturevalue("pg_server"), f"crash_{tmp_path.name[-20:]}")
    demo_users(url)
    return url


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_no_accepted_command(db: str, tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    url = f"http://127.0.0.1:{port}"
    rng = random.Random(20)
    accepted: list[tuple[str, str]] = []
    last_seen, hands_at_kill = 0, []
    moved = [0]
    server = _start(db, port, log)
    try:
        for kill in range(KILLS + 1):
            # a fresh start on a loaded machine may be slow to answer
            with httpx.Client(base_url=url, timeout=30) as http:
                client = Client(http, lambda _: demo.PASSWORD)
                # the player's websocket catches up from the last seq it saw, across the crash
                head = client.view("bot1", "qld-1")[0]
                once = ticket(http, client.login("bot1"))
                ws_url = f"ws://127.0.0.1:{port}/ws/tables/qld-1?ticket={once}"
                with connect(f"{ws_url}&after={last_seen}") as ws:
                    seqs = [json.loads(ws.recv(timeout=30))["seq"] for _ in range(head - last_seen)]
                assert seqs == list(range(last_seen + 1, head + 1))
                last_seen = head
                for name in (
                    "dealer",
                    "cashier",
                    "director",
                    *demo.TABLES["qld-1"][1],
                    *demo.TABLES["dun-1"][1],
                    *demo.HUMANS,  # seated at dun-1 too: logged in before the kill's timer
                ):
                    client.login(name)
                hands_at_kill.append(client.view("dealer", "dun-1")[1].hands)
                if kill == KILLS:
                    for _ in range(PLAY_ON):  # play goes on after the last restart
                        for table in TABLES:
                            step(client, table, rng)
                        run_tournament(client, rng, moved)
                    accepted += client.accepted
                    break
                pid = server.pid
                timer = threading.Timer(rng.uniform(0.2, 1.5), os.kill, (pid, signal.SIGKILL))
                try:
                    while True:
                        for table in TABLES:
                            step(client, table, rng)
                        run_tournament(client, rng, moved)
                        # the kill comes at a random moment once play is under way (on a
                        # loaded machine a first step can outlast the timer)
                        if timer.ident is None:
                            timer.start()
                except (httpx.TransportError, ClientError) as e:
                    if isinstance(e, ClientError) and server.poll() is None:
                        raise
                accepted += client.accepted
                timer.join()
            server.wait()
            server = _start(db, port, log)
    finally:
        server.kill()
        server.wait()
    assert hands_at_kill[-1] > hands_at_kill[0]
    store = EventStore(db)
    try:
        report = audit.verify(store)
        assert report["ok"], report["problems"]
        issued = store.load(commands_stream("main"))
        stored = [(api_name(i.command), i.who) for i in issued if isinstance(i, Issued)]
        # every success reply's command is in the store, in order; extras only from kills
        assert unmatched(accepted, stored) is None
        seeding = len(demo.BOTS) + len(demo.HUMANS) + 5
        assert len(stored) - len(accepted) <= KILLS + seeding
        assert len(accepted) >= 3 * PLAY_ON
        # the tournament ran through the kills: its commands stored, its stream folds
        ran = [a for a in accepted if a[1] == "director" or a[0] == "EnterTournament"]
        assert {"EnterTournament", "StartTournament", "PauseClock", "ResumeClock", "NextLevel"} <= {
            a for a, _ in ran
        }
        assert unmatched(ran, stored) is None
        stream = tournament_stream("main", TOURNAMENT)
        alone = Tournament.from_events(store.stream(stream).config()[0], store.load(stream))
        assert alone.entries_total == len(ENTRANTS)
        assert any(type(e).__name__ == "TournamentStarted" for e in alone.events)
    finally:
        store.close()
