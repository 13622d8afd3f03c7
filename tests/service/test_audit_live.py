"""Start and audit: a start that refuses a tampered stream says so on the console, in the
significant-events log and at ``/healthz``; ``audit verify`` reads one snapshot of the store, so
that it finds nothing on a clean store while a writer appends, on SQLite and PostgreSQL; and
``croupier bench audit`` reports its figures."""

from __future__ import annotations

import itertools
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.room import AtTable, BuyIn, OpenTable, TakeSeat
from croupier.service.store import audit
from croupier.service.store.rooms import RoomStore
from croupier.service.store.significant import STREAM, What
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.table.presets import preset
from croupier.views import actor_view
from support.store import create_database

CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]
_names = itertools.count()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'croupier.db'}"
    return create_database(request.getfixturevalue("pg_server"), f"live{next(_names)}")


def _played(url: str) -> None:
    """A room with two tables and a few rounds at each (bots playing)."""
    from support.store import play_room

    store = EventStore(url)
    try:
        play_room(RoomStore(store), rounds=2)
    finally:
        store.close()


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(db: str) -> tuple[subprocess.Popen[bytes], int]:
    port = _port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    cmd = [*CLI, "serve", "--db", db, "--port", str(port)]
    server = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for _ in range(600):
        try:
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return server, port
        except httpx.HTTPError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("the server did not start")


def _stop(server: subprocess.Popen[bytes]) -> str:
    server.terminate()
    _, err = server.communicate(timeout=20)
    return err.decode()


def test_a_refused_start_is_told_on_the_console_in_the_log_and_at_healthz(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'croupier.db'}"
    _played(db)
    server, port = _serve(db)
    health = httpx.get(f"http://127.0.0.1:{port}/healthz").json()
    clean = _stop(server)
    assert health["status"] == "ok" and health["rooms"] == {"main": {"state": "serving"}}
    assert "refused at start" not in clean and "closed" not in clean, clean

    store = EventStore(db)
    with store.engine.begin() as conn:
        conn.exec_driver_sql("delete from events where stream_id = 'table:main/a' and seq = 2")
    store.close()
    server, port = _serve(db)
    r = httpx.get(f"http://127.0.0.1:{port}/healthz")
    board = httpx.get(f"http://127.0.0.1:{port}/room/board")
    console = _stop(server)
    assert r.status_code == 503 and board.status_code in (401, 503)
    assert r.json() == {
        "status": "degraded",
        "room": "main",
        "rooms": {
            "main": {
                "state": "refused",
                "streams": {"table:main/a": ["table:main/a: event 2 is missing (found 3 next)"]},
            }
        },
        "streams": {},
    }
    assert "stream table:main/a refused at start: event 2 is missing (found 3 next)" in console
    assert "room main is closed" in console and "table:main/a" in console
    store = EventStore(db)
    log = store.load(STREAM)
    store.close()
    refused = [e for e in log if e.what is What.REFUSED_STREAM]
    assert len(refused) == 1 and refused[0].detail.startswith("table:main/a: event 2 is missing")


def test_healthz_names_no_detail_of_a_fold_and_keeps_other_rooms_apart(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from croupier.service.api import create_app
    from croupier.table.events import ChipsAdded

    db = f"sqlite:///{tmp_path / 'croupier.db'}"
    store = EventStore(db)
    RoomStore(store, "side")
    store.create("table:side/x", "table", preset("dunedin-house", seats=3))
    store.append("table:side/x", 0, [ChipsAdded("nobody-secret", 5, "c")])  # does not fold
    store.close()
    with TestClient(create_app(db)) as client:
        r = client.get("/healthz")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "degraded" and body["rooms"]["main"] == {"state": "serving"}
    side = body["rooms"]["side"]
    assert side["state"] == "refused" and list(side["streams"]) == ["table:side/x"]
    (problem,) = side["streams"]["table:side/x"]
    assert problem.startswith("table:side/x: does not fold: ") and "nobody-secret" not in r.text


# ----------------------------------------------------------------------------------------
# One snapshot


def _writer(url: str, stop: threading.Event, tables: int = 12) -> threading.Thread:
    """A room whose tables take turns, a command committed at a time, with checkpoint and room
    snapshots every few events: many streams moving while the audit reads."""

    def run() -> None:
        store = EventStore(url)
        try:
            rooms = RoomStore(store, "live", snapshot_every=5)
            cfg = preset("dunedin-house", seats=3)
            stake = cfg.stakes.min_table_stake
            names = [f"t{k}" for k in range(tables)]
            for n in names:
                rooms.execute(OpenTable(n, cfg))
                for i in range(3):
                    rooms.execute(TakeSeat(f"{n}-{i}", n, i + 1, stake * 4))
            rng, bot, shoe = random.Random(3), make_bot("random"), Shoe(cfg.game.deck, seed=3)
            while not stop.is_set():
                for n in names:
                    t = rooms.room.tables[n]
                    if t.round is not None and not t.round.is_over:
                        rooms.execute(AtTable(n, Act(bot.act(actor_view(t.round), rng))))
                        continue
                    for p, c in list(t.stacks.items()):
                        if c < stake:
                            rooms.execute(BuyIn(p, n, stake * 2))
                    rooms.execute(AtTable(n, StartRound(shoe.shuffle().order)))
        finally:
            store.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_verify_during_play_reports_nothing(url: str) -> None:
    stop = threading.Event()
    store = EventStore(url)  # the schema made before the writer starts
    thread = _writer(url, stop)
    try:
        deadline = time.monotonic() + 60
        while store.count() < 200 and time.monotonic() < deadline:
            time.sleep(0.1)
        reports = []
        for _ in range(6):
            reports.append(audit.verify(store))
        assert thread.is_alive(), "the writer stopped"
        for report in reports:
            assert report["ok"], report["problems"]
        assert reports[-1]["events"] > reports[0]["events"], "no event written while verifying"
    finally:
        stop.set()
        thread.join(30)
        store.close()


# ----------------------------------------------------------------------------------------
# The bench


def test_bench_audit_reports_its_figures() -> None:
    out = CliRunner().invoke(app, ["bench", "audit", "--events", "2000", "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["database"] == "sqlite" and result["events"] >= 2000 and result["streams"] > 3
    assert result["events_per_s"] > 0 and result["verify_s"] > 0


def test_the_bulk_reader_reads_every_event_as_the_codec_does(tmp_path: Path) -> None:
    from croupier.service.store import codec
    from croupier.service.store.reading import Reader

    db = f"sqlite:///{tmp_path / 'croupier.db'}"
    _played(db)
    store = EventStore(db)
    with store.engine.connect() as conn:
        bodies = [b for (b,) in conn.exec_driver_sql("select body from events order by position")]
    store.close()
    reader = Reader()
    for body in bodies * 2:  # the second time from the shared values
        got, want = reader.read(body), codec.unwrap(body)
        assert type(got) is type(want) and got == want and repr(got) == repr(want)
    assert reader.memo, "nothing recurred"
    bad = bodies[-1].replace('"v":1', '"v":7')
    with pytest.raises(codec.CodecError, match="version 7"):
        reader.read(bad)
    unknown = bodies[-1].replace('{"$t":', '{"extra":1,"$t":', 1)
    with pytest.raises(codec.CodecError, match="unknown fields"):
        reader.read(unknown)
