"""Sessions: tokens the server signs with a secret kept outside every event stream, so a
restart keeps users logged in; forged, tampered, expired, logged-out tokens (across a
restart too) and those of a user whose password changed are refused; a websocket opens with a
one-time ticket, never the token."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from croupier.service.api import create_app
from croupier.service.auth import PasswordSet, Sessions, hash_password, session_secret
from croupier.service.store import audit
from croupier.service.store.store import EventStore
from support.service import add_users, ticket


def _me(client: TestClient, token: str) -> int:
    return client.get("/me", headers={"Authorization": f"Bearer {token}"}).status_code


def test_a_token_outlives_a_restart_of_the_server(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 1)
    with TestClient(create_app(url)) as c:
        token = c.post("/login", json={"name": "p1", "password": "p1-pw"}).json()["token"]
        assert _me(c, token) == 200
    with TestClient(create_app(url)) as c:  # a new process would read the same secret
        assert c.get("/me", headers={"Authorization": f"Bearer {token}"}).json()["name"] == "p1"
        # logged in: the websocket is refused for the table (4404), not the token (4401)
        ws_url = f"/ws/tables/none?ticket={ticket(c, token)}"
        with pytest.raises(WebSocketDisconnect) as closed, c.websocket_connect(ws_url) as ws:
            ws.receive_json()
        assert closed.value.code == 4404
    key = tmp_path / "room.db.secret"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    # the secret is in no stream of the store: not its bytes, nor any text form of them
    secret = key.read_bytes()
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        dump = "\n".join(
            repr(tuple(row))
            for table in sa.inspect(engine).get_table_names()
            for row in conn.execute(sa.text(f'SELECT * FROM "{table}"'))
        )
    engine.dispose()
    for form in (secret.hex(), repr(secret)[2:-1]):
        assert form not in dump


def test_forged_tampered_expired_and_closed_tokens_are_refused() -> None:
    now = [1_000_000.0]
    held = {"p1": "hash-1", "p2": "hash-2"}
    s = Sessions(b"k" * 32, held.get, lambda: now[0], seconds=60)
    token = s.open("p1")
    assert s.user(token) == "p1"
    assert Sessions(b"x" * 32, held.get, lambda: now[0]).user(token) is None  # another key
    _, rest = token.split(".", 1)
    other = s.open("p2").split(".", 1)[0]
    assert s.user(f"{other}.{rest}") is None  # p1's signature under p2's name
    assert s.user(token[:-2] + ("AA" if token[-2:] != "AA" else "BB")) is None
    assert s.user("") is None and s.user("a.b.c") is None and s.user("." * 600) is None
    held["p1"] = "hash-1b"  # a new password ends the old sessions
    assert s.user(token) is None
    fresh = s.open("p1")
    now[0] += 61
    assert s.user(fresh) is None  # expired
    now[0] -= 61
    s.close(fresh)
    assert s.user(fresh) is None
    assert s.user(s.open("p2")) == "p2"


def test_a_new_password_logs_the_user_out_through_the_api(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 1)
    with TestClient(create_app(url)) as c:
        token = c.post("/login", json={"name": "p1", "password": "p1-pw"}).json()["token"]
        svc = c.app.state.service  # type: ignore[attr-defined]
        svc.directory.change(PasswordSet("p1", hash_password("new"), "2026-01-01"), "admin")
        assert _me(c, token) == 401
        again = c.post("/login", json={"name": "p1", "password": "new"}).json()["token"]
        assert _me(c, again) == 200
        out = c.post("/logout", headers={"Authorization": f"Bearer {again}"})
        assert out.status_code == 200
        assert _me(c, again) == 401


def test_the_secret_comes_from_the_environment_or_a_private_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CROUPIER_SECRET", raising=False)
    url = f"sqlite:///{tmp_path / 'a.db'}"
    first = session_secret(url)
    assert session_secret(url) == first and len(first) == 32
    assert session_secret(f"sqlite:///{tmp_path / 'b.db'}") != first
    assert session_secret("sqlite://") != session_secret("sqlite://")  # in memory: per process
    monkeypatch.setenv("CROUPIER_SECRET", "a long shared secret")
    assert session_secret(url) == session_secret("postgresql+psycopg://x/y") != first
    EventStore(url).close()
    assert os.path.exists(tmp_path / "a.db.secret")


def test_a_logged_out_token_stays_refused_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 2)
    with TestClient(create_app(url)) as c:
        out = c.post("/login", json={"name": "p1", "password": "p1-pw"}).json()["token"]
        kept = c.post("/login", json={"name": "p1", "password": "p1-pw"}).json()["token"]
        assert c.post("/logout", headers={"Authorization": f"Bearer {out}"}).status_code == 200
        assert _me(c, out) == 401
    with TestClient(create_app(url)) as c:  # a new server over the same store and secret
        assert _me(c, out) == 401
        assert _me(c, kept) == 200  # only the token logged out
    # the store keeps a digest of the token, never the token
    store = EventStore(url)
    try:
        closed = store.load("sessions")
        report = audit.verify(store)  # the new stream's kind is one the audit knows
    finally:
        store.close()
    assert len(closed) == 1 and out not in repr(closed)
    assert report["ok"], report["problems"]


def test_the_session_lifetime_is_configurable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 1)

    def lifetime(c: TestClient) -> int:
        token = c.post("/login", json={"name": "p1", "password": "p1-pw"}).json()["token"]
        return int(token.split(".")[1]) - int(time.time())

    monkeypatch.delenv("CROUPIER_SESSION_HOURS", raising=False)
    with TestClient(create_app(url)) as c:
        assert abs(lifetime(c) - 16 * 3600) <= 2  # the default
    with TestClient(create_app(url, session_hours=0.5)) as c:
        assert abs(lifetime(c) - 1800) <= 2
    monkeypatch.setenv("CROUPIER_SESSION_HOURS", "2")
    with TestClient(create_app(url)) as c:
        assert abs(lifetime(c) - 7200) <= 2


WS_ROUTES = ["/ws/tables/none", "/ws/uth/none", "/ws/tournaments/none/tables/1"]


def _closed(c: TestClient, path: str) -> int:
    with pytest.raises(WebSocketDisconnect) as closed, c.websocket_connect(path) as ws:
        ws.receive_json()
    return closed.value.code


def test_a_websocket_opens_with_a_one_time_ticket_not_the_session_token(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 1)
    with TestClient(create_app(url)) as c:
        token = c.post("/login", json={"name": "p1", "password": "p1-pw"}).json()["token"]
        r = c.post("/ws-ticket", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200 and r.json()["expires_in"] == 30
        assert c.post("/ws-ticket").status_code == 401
        for route in WS_ROUTES:
            # the session token in the URL is refused (4401); a ticket is taken, once: the
            # refusal is then for the missing table (4404), not for who is asking
            assert _closed(c, f"{route}?token={token}") == 4401
            once = ticket(c, token)
            assert _closed(c, f"{route}?ticket={once}") == 4404
            assert _closed(c, f"{route}?ticket={once}") == 4401
        # a ticket dies with its session
        once = ticket(c, token)
        assert c.post("/logout", headers={"Authorization": f"Bearer {token}"}).status_code == 200
        assert _closed(c, f"/ws/tables/none?ticket={once}") == 4401


def test_a_ticket_expires_and_names_its_own_user() -> None:
    now = [1_000_000.0]
    held = {"p1": "hash-1", "p2": "hash-2"}
    s = Sessions(b"k" * 32, held.get, lambda: now[0])
    one, two = s.ticket(s.open("p1")), s.ticket(s.open("p2"))
    assert one is not None and two is not None and s.ticket("forged") is None
    assert s.redeem(two) == "p2" and s.redeem(two) is None
    late = s.ticket(s.open("p1"))
    assert late is not None
    now[0] += 31
    assert s.redeem(one) is None and s.redeem(late) is None  # expired
    assert s.redeem("") is None and s.redeem("x" * 100) is None
    # a session holds a bounded number of tickets: the oldest go first
    token = s.open("p1")
    tickets = [s.ticket(token) for _ in range(40)]
    assert s.redeem(str(tickets[0])) is None and s.redeem(str(tickets[-1])) == "p1"
    assert len(s.tickets) <= 32
