"""A card room served through the real FastAPI app (starlette's TestClient), for the service's
tests: users of every role, tables opened through the API, bots playing through it."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from croupier.bots import make_bot
from croupier.service.api import create_app
from croupier.service.auth import Directory, Role
from croupier.service.store import codec
from croupier.service.store.store import EventStore
from croupier.views import TableView

STAFF = {
    "admin": Role.ADMIN,
    "floor": Role.FLOOR,
    "dealer": Role.DEALER,
    "director": Role.DIRECTOR,
    "cashier": Role.CASHIER,
    "auditor": Role.AUDITOR,
}


def add_users(url: str, players: int) -> None:
    store = EventStore(url)
    try:
        d = Directory(store)
        for name, role in STAFF.items():
            d.add(name, role, f"{name}-pw", "test", "2026-01-01T00:00:00+00:00")
        for i in range(1, players + 1):
            d.add(f"p{i}", Role.PLAYER, f"p{i}-pw", "test", "2026-01-01T00:00:00+00:00")
    finally:
        store.close()


class Room:
    """A client of the served room with a session for every user."""

    def __init__(self, client: TestClient) -> None:
        self.c = client
        self.tokens: dict[str, str] = {}
        self.accepted: list[tuple[str, str]] = []  # (command type, sender) of each success

    def login(self, name: str) -> str:
        if name not in self.tokens:
            r = self.c.post("/login", json={"name": name, "password": f"{name}-pw"})
            assert r.status_code == 200, r.text
            self.tokens[name] = r.json()["token"]
        return self.tokens[name]

    def send(self, who: str, cmd: dict[str, Any]) -> Any:
        headers = {"Authorization": f"Bearer {self.login(who)}"}
        r = self.c.post("/commands", json=cmd, headers=headers)
        if r.status_code == 200:
            self.accepted.append((cmd["type"], who))
        return r

    def ok(self, who: str, cmd: dict[str, Any]) -> dict[str, Any]:
        r = self.send(who, cmd)
        assert r.status_code == 200, (cmd, r.status_code, r.text)
        body: dict[str, Any] = r.json()
        return body

    def view(self, who: str, table: str) -> tuple[int, TableView]:
        headers = {"Authorization": f"Bearer {self.login(who)}"}
        r = self.c.get(f"/tables/{table}/view", headers=headers)
        assert r.status_code == 200, r.text
        body = r.json()
        return body["seq"], codec.decode(body["view"])

    def open_table(self, table: str, rulebook: str, players: list[str], seats: int = 6) -> None:
        self.ok(
            "floor",
            {"type": "OpenTable", "table": table, "preset": {"rulebook": rulebook, "seats": seats}},
        )
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
def served(url: str, players: int = 6) -> Iterator[Room]:
    add_users(url, players)
    ticks = itertools.count(1_000_000)
    app = create_app(url, clock=lambda: next(ticks), shoe_seed=11)
    with TestClient(app) as client:
        yield Room(client)


def play_round(room: Room, table: str, rng: random.Random) -> int:
    """One round at ``table``: the dealer starts it, each player acts from the view their
    own session gets. The number of commands sent."""
    _, before = room.view("dealer", table)
    sent = 1
    for player, stack in before.stacks:
        if stack < 100:  # a busted or short player buys more chips at the cage
            room.ok("cashier", {"type": "BuyIn", "player": player, "table": table, "cash": 300})
            sent += 1
    room.ok("dealer", {"type": "StartRound", "table": table})
    bot = make_bot("calling-station" if rng.random() < 0.5 else "random")
    while True:
        _, tv = room.view("dealer", table)
        if tv.round is None or tv.round.actor is None:
            return sent
        player = tv.players[tv.round.actor]
        _, mine = room.view(player, table)
        assert mine.round is not None
        cmd = bot.act(mine.round, rng)
        data = {k: _json(v) for k, v in codec.encode(cmd).items() if k not in ("$t", "player")}
        room.ok(player, {"type": type(cmd).__name__, "table": table, **data})
        sent += 1


def _json(v: Any) -> Any:
    return v
