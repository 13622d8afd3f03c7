"""Logging in: failed log-ins throttled per name and per address (429 with Retry-After, longer
each time, recorded, kept across a restart, unlocked by an admin), an unknown name as slow as
a wrong password, and password checks in a bounded pool of their own."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from croupier.service.api import create_app
from croupier.service.hashing import Busy, Hashing
from croupier.service.store import audit
from croupier.service.store.significant import STREAM, What
from croupier.service.store.store import EventStore
from support.service import add_users


@contextmanager
def room(url: str, now: list[int]) -> Iterator[TestClient]:
    with TestClient(create_app(url, clock=lambda: now[0])) as c:
        c.app.state.service.throttle.pause = 0.0  # type: ignore[attr-defined]
        yield c


def _login(c: TestClient, name: str, password: str) -> tuple[int, str | None]:
    r = c.post("/login", json={"name": name, "password": password})
    return r.status_code, r.headers.get("retry-after")


def _admin(c: TestClient) -> dict[str, str]:
    r = c.post("/login", json={"name": "admin", "password": "admin-pw"})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def _significant(url: str, what: What) -> list[str]:
    store = EventStore(url)
    try:
        return [e.detail for e in store.load(STREAM) if e.what is what]
    finally:
        store.close()


def test_failed_log_ins_lock_the_name_longer_each_time_until_an_admin_unlocks(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 2)
    now = [1_000_000]
    with room(url, now) as c:
        headers = _admin(c)
        assert [_login(c, "p1", "wrong")[0] for _ in range(5)] == [401] * 5
        # locked: the right password too is refused, and no password is checked
        assert _login(c, "p1", "p1-pw") == (429, "30")
        assert _login(c, "P1", "p1-pw")[0] == 429  # the name's case changes nothing
        assert _login(c, "p2", "p2-pw")[0] == 200  # another name is not locked
        now[0] += 20
        assert _login(c, "p1", "p1-pw") == (429, "10")
        now[0] += 10
        assert _login(c, "p1", "wrong") == (401, None)  # the lock over: a sixth failure
        assert _login(c, "p1", "p1-pw") == (429, "60")  # locks it twice as long
        now[0] += 60
        assert _login(c, "p1", "wrong")[0] == 401
        assert _login(c, "p1", "p1-pw") == (429, "120")
        # only an admin unlocks
        token = c.post("/login", json={"name": "p2", "password": "p2-pw"}).json()["token"]
        player = {"Authorization": f"Bearer {token}"}
        assert c.post("/users/p1/unlock", headers=player).status_code == 403
        assert _login(c, "p1", "p1-pw")[0] == 429
        r = c.post("/users/p1/unlock", headers=headers)
        assert r.status_code == 200 and r.json()["cleared"] is True
        assert _login(c, "p1", "p1-pw")[0] == 200
    locks = _significant(url, What.LOGIN_THROTTLED)
    assert [d.split(" locked for ")[1].split(" s")[0] for d in locks] == ["30", "60", "120"]
    assert all(d.startswith("name:p1 ") for d in locks)
    assert _significant(url, What.LOGIN_UNLOCKED) == ["name:p1 unlocked"]


def test_a_lock_outlives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 1)
    now = [1_000_000]
    with room(url, now) as c:
        for _ in range(5):
            _login(c, "p1", "wrong")
        assert _login(c, "p1", "p1-pw") == (429, "30")
    now[0] += 5
    with room(url, now) as c:  # the same store, a new server
        assert _login(c, "p1", "p1-pw") == (429, "25")
        now[0] += 25
        assert _login(c, "p1", "wrong")[0] == 401  # the count survived: the next lock doubles
        assert _login(c, "p1", "p1-pw") == (429, "60")
    store = EventStore(url)
    try:
        report = audit.verify(store)  # the throttle stream's kind is one the audit knows
    finally:
        store.close()
    assert report["ok"], report["problems"]


def test_failed_log_ins_from_one_address_lock_it_for_every_name(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 1)
    now = [1_000_000]
    with room(url, now) as c:
        headers = _admin(c)
        # 20 names tried once each: no name is locked, the address is
        assert [_login(c, f"guess{i}", "x")[0] for i in range(20)] == [401] * 20
        assert _login(c, "p1", "p1-pw") == (429, "30")
        r = c.post("/addresses/testclient/unlock", headers=headers)
        assert r.status_code == 200 and r.json()["cleared"] is True
        assert _login(c, "p1", "p1-pw")[0] == 200
    assert any(d.startswith("address:testclient ") for d in _significant(url, What.LOGIN_THROTTLED))


def test_an_unknown_name_takes_as_long_as_a_wrong_password(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 1, default_cost=True)  # as slow as the dummy hash
    now = [1_000_000]
    known: list[float] = []
    unknown: list[float] = []
    with room(url, now) as c:
        _login(c, "nobody-warm", "x")  # the first request's own costs apart
        for i in range(4):  # interleaved, so that the machine's load falls on both alike
            for name, times in (("p1", known), (f"nobody{i}", unknown)):
                t0 = time.perf_counter()
                assert _login(c, name, "wrong")[0] == 401
                times.append(time.perf_counter() - t0)
    # the fastest of each: what a check costs, without the pauses another process's load adds.
    # Without the dummy hash an unknown name costs a hundredth of a check; a loaded machine
    # has put up to 2x between samples of the same kind, so the bound is 3x either way.
    a, b = min(known), min(unknown)
    assert min(a, b) > max(a, b) / 3, (known, unknown)


def test_password_checks_wait_in_a_bounded_pool() -> None:
    pool = Hashing(workers=1, waiting=2)
    gate = threading.Event()

    async def flood() -> list[object]:
        tasks = [pool.run(gate.wait, 10) for _ in range(6)]
        asyncio.get_running_loop().call_later(0.2, gate.set)
        return await asyncio.gather(*tasks, return_exceptions=True)

    try:
        got = asyncio.run(flood())
    finally:
        pool.close()
    assert got[:3] == [True] * 3  # one checked, two waiting
    assert all(isinstance(g, Busy) and g.retry_after == 1 for g in got[3:])


def test_a_flood_of_log_ins_is_refused_503_beyond_the_pool(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 1, default_cost=True)  # checks slow enough to queue
    now = [1_000_000]
    with room(url, now) as c:
        c.app.state.service.hashing = Hashing(workers=1, waiting=2)  # type: ignore[attr-defined]
        answers: list[tuple[int, str | None]] = []
        me = _admin(c)

        def log_in() -> None:
            answers.append(_login(c, "p1", "p1-pw"))

        threads = [threading.Thread(target=log_in) for _ in range(16)]
        for t in threads:
            t.start()
        t0 = time.perf_counter()
        assert c.get("/me", headers=me).status_code == 200  # answered while they wait
        me_s = time.perf_counter() - t0
        for t in threads:
            t.join()
        c.app.state.service.hashing.close()  # type: ignore[attr-defined]
    statuses = sorted(s for s, _ in answers)
    assert 200 in statuses and 503 in statuses and set(statuses) == {200, 503}, statuses
    assert all(after == "1" for s, after in answers if s == 503)
    assert me_s < 1.0


@pytest.mark.parametrize("hours", ["0", "-1", "x", "1e9"])
def test_a_bad_session_lifetime_is_refused(hours: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from croupier.service.auth import UserError, session_seconds

    monkeypatch.setenv("CROUPIER_SESSION_HOURS", hours)
    with pytest.raises(UserError, match="hours"):
        session_seconds()


def test_serve_refuses_a_bad_session_lifetime() -> None:
    from typer.testing import CliRunner

    from croupier.cli import app

    got = CliRunner().invoke(app, ["serve", "--session-hours", "0"])
    assert got.exit_code == 2 and "a session lasts" in got.output


def test_play_keeps_its_pace_while_log_ins_flood_a_real_server() -> None:
    """A small ``croupier bench login-flood``: 2 bot tables at 20 commands/s, 3 s alone, 3 s
    under 20 clients logging in without pause, 3 s alone (before: the flood stopped play)."""
    from croupier.cli import login_flood_bench as login_flood

    got = login_flood.run(tables=2, seconds=3, pace=20, flooders=20, warmup=0.5)
    assert got["ratio"] >= 0.8, got
    assert got["log_ins"].get(200, 0) > 0, got


def test_the_demos_published_password_alone_is_hashed_at_the_least_cost(tmp_path: Path) -> None:
    """The demo's users share the published password at argon2id's least cost (nothing secret
    to guard); a user added to the room afterwards gets the default cost."""
    from argon2 import PasswordHasher, extract_parameters

    from croupier.service import demo
    from croupier.service.auth import Directory, Role

    url = f"sqlite:///{tmp_path / 'room.db'}"
    store = EventStore(url)
    try:
        assert demo.seed(store)
        users = Directory(store)
        users.add("alice", Role.PLAYER, "a chosen secret", "admin", "2026-12-07T00:00:00+00:00")
        hashes = {n: u.password_hash for n, u in Directory(store).users.users.items()}
    finally:
        store.close()
    least = extract_parameters(
        PasswordHasher(time_cost=1, memory_cost=256, parallelism=1).hash("x")
    )
    default = extract_parameters(PasswordHasher().hash("x"))
    for name in (*demo.STAFF, *demo.BOTS, *demo.HUMANS):
        assert extract_parameters(hashes[name]) == least, name
    assert extract_parameters(hashes["alice"]) == default
    assert PasswordHasher().verify(hashes["you"], demo.PASSWORD)
    with TestClient(create_app(url)) as c:
        assert _login(c, "you", demo.PASSWORD)[0] == 200
        assert _login(c, "you", "not the password")[0] == 401
