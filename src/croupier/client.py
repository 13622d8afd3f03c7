"""A client of ``croupier serve``, and bots that play through it (``croupier bots``).

The client works over any ``httpx.Client`` (a real server's address, or the test client that
runs the app in process). Bots log in as players and act from the view their own session gets
(``GET /tables/{table}/view``): what their seat may see, never another's cards. The demo's bots
act only for bot accounts: a person at their table acts through the API themselves (the round
waits for them; the grace and absent-player rules apply when they go), and only the bots are
topped up at the cage.
"""

from __future__ import annotations

import functools
import logging
import random
import threading
import time
from collections.abc import Callable, Collection
from typing import Any

import httpx

from croupier.service import contract
from croupier.service.store import codec
from croupier.sim.bots import make_bot
from croupier.views import TableView

log = logging.getLogger(__name__)


class ClientError(RuntimeError):
    """The server refused or failed a request the client needed."""


class Client:
    """Sessions for several users on one server (``password(name)`` gives each one's)."""

    def __init__(self, http: httpx.Client, password: Callable[[str], str]) -> None:
        self.c = http
        self.password = password
        self.tokens: dict[str, str] = {}
        self.accepted: list[tuple[str, str]] = []  # (command type, sender) of each success

    def login(self, name: str) -> str:
        if name not in self.tokens:
            r = self.c.post("/login", json={"name": name, "password": self.password(name)})
            if r.status_code != 200:
                raise ClientError(f"log-in of {name}: {r.status_code} {r.text}")
            self.tokens[name] = r.json()["token"]
        return self.tokens[name]

    def headers(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.login(who)}"}

    def send(self, who: str, cmd: dict[str, Any]) -> httpx.Response:
        r = self.c.post("/commands", json=cmd, headers=self.headers(who))
        if r.status_code == 200:
            self.accepted.append((cmd["type"], who))
        return r

    def ok(self, who: str, cmd: dict[str, Any]) -> dict[str, Any]:
        r = self.send(who, cmd)
        if r.status_code != 200:
            raise ClientError(f"{cmd} by {who}: {r.status_code} {r.text}")
        body: dict[str, Any] = r.json()
        return body

    def view(self, who: str, table: str) -> tuple[int, TableView]:
        r = self.c.get(f"/tables/{table}/view", headers=self.headers(who))
        if r.status_code != 200:
            raise ClientError(f"view of {table} for {who}: {r.status_code} {r.text}")
        body = r.json()
        return body["seq"], contract.decode(body["view"])


def play_round(
    client: Client,
    table: str,
    rng: random.Random,
    dealer: str = "dealer",
    cashier: str = "cashier",
    top_up: int = 300,
    bots: Collection[str] | None = None,
    poll: float = 0.25,
) -> int:
    """One round at ``table``: short bots buy more at the cage, the dealer starts the round
    from the server's shoe, each bot acts from its own view. ``bots``: the players the client
    acts for (None: every player, a room of the caller's own); the round waits for any other
    (a person, who acts through the API), looking every ``poll`` seconds. The commands sent."""

    def acts_for(player: str) -> bool:
        return bots is None or player in bots

    _, before = client.view(dealer, table)
    sent = 1
    for player, stack in before.stacks:
        if acts_for(player) and stack < top_up // 3:  # a short bot buys more chips at the cage
            client.ok(cashier, {"type": "BuyIn", "player": player, "table": table, "cash": top_up})
            sent += 1
    client.ok(dealer, {"type": "StartRound", "table": table})
    bot = make_bot("calling-station" if rng.random() < 0.5 else "random")
    while True:
        _, tv = client.view(dealer, table)
        if tv.round is None or tv.round.actor is None:
            return sent
        player = tv.players[tv.round.actor]
        if not acts_for(player):
            time.sleep(poll)
            continue
        _, mine = client.view(player, table)
        if mine.round is None:
            raise ClientError(f"{player} sees no round at {table}")
        cmd = bot.act(mine.round, rng)
        data = {k: v for k, v in codec.encode(cmd).items() if k not in ("$t", "player")}
        client.ok(player, {"type": type(cmd).__name__, "table": table, **data})
        sent += 1


def demo_tables(client: Client, tables: int) -> tuple[list[str], set[str]]:
    """``tables`` cash tables of the demo room with bots seated: the seeded ones first, then
    dunedin-house tables the floor opens (and bot players the admin adds) as needed; and the
    bots seated there."""
    from croupier.service import demo

    names = list(demo.TABLES)[:tables]
    seated = {b for t in names for b in demo.TABLES[t][1]}
    for k in range(len(demo.TABLES) + 1, tables + 1):
        table = f"bots-{k}"
        names.append(table)
        bots = [f"bot{3 * (k - 1) + i}" for i in range(1, 4)]
        seated.update(bots)
        for b in bots:
            user = {"name": b, "role": "player", "password": client.password(b), "bot": True}
            r = client.c.post("/users", json=user, headers=client.headers("admin"))
            if r.status_code not in (200, 409):
                raise ClientError(f"adding {b}: {r.status_code} {r.text}")
        opened = client.send(
            "floor", {"type": "OpenTable", "table": table, "preset": {"rulebook": "dunedin-house"}}
        )
        if opened.status_code != 200:
            continue  # opened by an earlier run
        r = client.c.post(
            "/users/dealer/tables", json={"table": table}, headers=client.headers("admin")
        )
        if r.status_code != 200:
            raise ClientError(f"assigning the dealer to {table}: {r.text}")
        for n, b in enumerate(bots, start=1):
            seat = {"type": "TakeSeat", "player": b, "table": table, "seat": n, "cash": 160}
            client.ok("cashier", {**seat, "post": True})
    return names, seated


def run_bots(
    server: str, tables: int, rounds: int | None, password: str, pace: float = 0.0, seed: int = 0
) -> int:
    """Bots play ``rounds`` rounds (None: until stopped) at ``tables`` tables of the demo room
    on ``server``; the rounds played."""
    rng = random.Random(seed)
    with httpx.Client(base_url=server, timeout=30) as http:
        client = Client(http, lambda _: password)
        names, bots = demo_tables(client, tables)
        played = 0
        while rounds is None or played < rounds:
            for table in names:
                play_round(client, table, rng, bots=bots)
                played += 1
                if rounds is not None and played >= rounds:
                    break
                time.sleep(pace)
    return played


#: Starts ``work`` beside the caller under a name (``Background.thread``: its death reported).
Spawn = Callable[[str, Callable[[], None]], object]


def _thread(part: str, work: Callable[[], None]) -> threading.Thread:
    t = threading.Thread(target=work, name=part, daemon=True)
    t.start()
    return t


def run_demo(
    server: str,
    password: str,
    bots: Collection[str],
    pace: float = 1.0,
    tries: int = 10,
    spawn: Spawn = _thread,
) -> None:
    """Bots play at every demo table until the process stops, each table's in a part of its
    own (``spawn``: a thread by default), so that a table waiting for a person holds up no
    other; after a round with a person in it they wait ``3 * pace`` seconds, for the result
    to be seen. The bots act only for ``bots``. A table's bots that fail ``tries`` times in a
    row (``5 * pace + 1`` seconds apart: the server gone, the table closed) give up: their
    part raises :class:`ClientError` with the last cause."""
    from croupier.service import demo

    def table_loop(table: str, rng: random.Random) -> None:
        with httpx.Client(base_url=server, timeout=30) as http:
            client = Client(http, lambda _: password)
            failed = 0
            while True:
                try:
                    _, before = client.view("dealer", table)
                    play_round(client, table, rng, bots=bots)
                    failed = 0
                    people = any(
                        p not in bots and status != "sitting out" for _, p, status in before.seats
                    )
                    time.sleep(pace * (3 if people else 1))
                except (ClientError, httpx.HTTPError) as e:
                    failed += 1
                    cause = f"{type(e).__name__}: {e}"[:300]
                    if failed >= tries:
                        raise ClientError(
                            f"the bots at {table} gave up after {failed} failures in a row: {cause}"
                        ) from e
                    log.warning(
                        "croupier: the demo's bots at %s (will try again): %s", table, cause
                    )
                    time.sleep(5 * pace + 1)

    for k, t in enumerate(demo.TABLES):
        spawn(f"the demo's bots at {t}", functools.partial(table_loop, t, random.Random(k)))
