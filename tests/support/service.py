"""A card room served through the real FastAPI app (starlette's TestClient), for the service's
tests: users of every role, tables opened through the API, bots playing through it."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from fastapi.testclient import TestClient

from croupier.client import Client, play_round
from croupier.service.api import create_app
from croupier.service.auth import Directory, Role, UserAdded, hash_password
from croupier.service.hashing import hash_published
from croupier.service.store.store import EventStore

STAFF = {
    "admin": Role.ADMIN,
    "floor": Role.FLOOR,
    "dealer": Role.DEALER,
    "director": Role.DIRECTOR,
    "cashier": Role.CASHIER,
    "auditor": Role.AUDITOR,
}


@functools.cache
def password_hash(password: str, default_cost: bool = False) -> str:
    """A real argon2 hash, made once per password and test process: at the smallest cost (a
    test's password is published in its source: :func:`hash_published`; a log-in against it
    takes well under a millisecond), or
    (``default_cost``) at the server's own, for tests of what that cost does to log-ins."""
    return hash_password(password) if default_cost else hash_published(password)


def add_users(url: str, players: int, default_cost: bool = False) -> None:
    """The staff (``STAFF``) and players p1..p``players``, each with the password NAME-pw
    (hashed at the smallest cost unless ``default_cost``)."""
    store = EventStore(url)
    at = "2026-01-01T00:00:00+00:00"
    users = [*STAFF.items(), *((f"p{i}", Role.PLAYER) for i in range(1, players + 1))]
    try:
        d = Directory(store)
        for name, role in users:
            hashed = password_hash(f"{name}-pw", default_cost)
            d.change(UserAdded(name, role, hashed, at), "test")
    finally:
        store.close()


def demo_users(url: str) -> None:
    """The users of ``croupier serve --demo`` (password ``demo``), hashed at the smallest cost,
    stored before the server first starts: the demo's seeding keeps the users it finds."""
    from croupier.service import demo

    store = EventStore(url)
    at = "2026-01-01T00:00:00+00:00"
    people = [(name, role, False) for name, role in demo.STAFF.items()]
    people += [(b, Role.PLAYER, True) for b in demo.BOTS]
    people += [(h, Role.PLAYER, False) for h in demo.HUMANS]
    try:
        d = Directory(store)
        for name, role, bot in people:
            d.change(UserAdded(name, role, password_hash(demo.PASSWORD), at, bot=bot), "test")
    finally:
        store.close()


def ticket(client: httpx.Client, token: str) -> str:
    """A one-time websocket ticket (``POST /ws-ticket``) for the session ``token``."""
    r = client.post("/ws-ticket", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return str(r.json()["ticket"])


class Room(Client):
    """A client of the served room with a session for every user (password: NAME-pw)."""

    def __init__(self, client: TestClient) -> None:
        super().__init__(client, lambda name: f"{name}-pw")

    def open_table(
        self, table: str, rulebook: str, players: list[str], seats: int = 6, **preset: object
    ) -> None:
        """Open ``table`` by preset (``preset``: more of its settings, ``grace_seconds``...),
        assign the dealer and seat ``players`` from seat 1."""
        settings = {"rulebook": rulebook, "seats": seats, **preset}
        self.ok("floor", {"type": "OpenTable", "table": table, "preset": settings})
        r = self.c.post(
            "/users/dealer/tables",
            json={"table": table},
            headers={"Authorization": f"Bearer {self.login('admin')}"},
        )
        assert r.status_code == 200, r.text
        for n, p in enumerate(players, start=1):
            self.ok(
                "cashier",
                {
                    "type": "TakeSeat",
                    "player": p,
                    "table": table,
                    "seat": n,
                    "cash": 400,
                    "post": True,
                },
            )


@contextmanager
def served(url: str, players: int = 6, users: bool = True) -> Iterator[Room]:
    if users:
        add_users(url, players)
    ticks = itertools.count(1_000_000)
    app = create_app(url, clock=lambda: next(ticks), shoe_seed=11)
    with TestClient(app) as client:
        yield Room(client)


__all__ = ["STAFF", "Room", "add_users", "demo_users", "play_round", "served", "ticket"]
