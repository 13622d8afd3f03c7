"""``croupier users add``, and ``croupier serve --demo`` as a real process with
``croupier bots`` playing through it over HTTP; the store checks out afterwards."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from typer.testing import CliRunner
from websockets.sync.client import connect

from croupier.cli import app
from croupier.service.auth import Directory, Role, check_password
from croupier.service.store import audit
from croupier.service.store.store import EventStore

run = CliRunner().invoke
CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]


def test_users_add(tmp_path: Path) -> None:
    db = str(tmp_path / "u.db")
    r = run(app, ["users", "add", "ann", "--role", "cashier", "--password", "s3cret", "--db", db])
    assert r.exit_code == 0, r.output
    assert (
        run(
            app, ["users", "add", "ann", "--role", "floor", "--password", "x", "--db", db]
        ).exit_code
        == 2  # a name taken is the user's mistake: a refusal
    )
    assert (
        run(app, ["users", "add", "bob", "--role", "king", "--password", "x", "--db", db]).exit_code
        == 2
    )
    store = EventStore(db)
    try:
        ann = Directory(store).users.users["ann"]
        assert ann.role is Role.CASHIER and check_password(ann.password_hash, "s3cret")
        assert not check_password(ann.password_hash, "wrong")
    finally:
        store.close()


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_demo_and_bots_over_http(tmp_path: Path) -> None:
    db, port = str(tmp_path / "demo.db"), _port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    server = subprocess.Popen(
        [*CLI, "serve", "--demo", "--db", db, "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{url}/openapi.json", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        bots = subprocess.run(
            [*CLI, "bots", "--server", url, "--tables", "4", "--rounds", "8"],
            env=env,
            capture_output=True,
            text=True,
            timeout=240,
        )
        assert bots.returncode == 0, bots.stdout + bots.stderr
        assert "8 rounds at 4 tables" in bots.stdout
        # a player's websocket on the real server: every event of the table, numbered
        token = httpx.post(f"{url}/login", json={"name": "bot1", "password": "demo"}).json()
        h = {"Authorization": f"Bearer {token['token']}"}
        head = httpx.get(f"{url}/tables/qld-1/view", headers=h).json()["seq"]
        ticket = httpx.post(f"{url}/ws-ticket", headers=h).json()["ticket"]
        ws_url = f"ws://127.0.0.1:{port}/ws/tables/qld-1?ticket={ticket}&after=0"
        with connect(ws_url) as ws:
            seqs = [json.loads(ws.recv(timeout=10))["seq"] for _ in range(head)]
        assert seqs == list(range(1, head + 1))
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=30)
    assert "password 'demo'" in out and f"{url}" in out
    store = EventStore(db)
    try:
        report = audit.verify(store)
        assert report["ok"], report["problems"]
        assert any(s.id == "table:main/bots-4" for s in store.streams("table"))
    finally:
        store.close()
