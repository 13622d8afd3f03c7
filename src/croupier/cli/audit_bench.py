"""``croupier bench audit``: events checked per second by ``croupier audit verify``.

A fresh store (a temporary SQLite file, or a new database on the PostgreSQL server a URL names,
dropped afterwards) is filled with about N events of played rounds: a room of dunedin-house
tables, six random bots at each, playing rounds in turn, each command committed as the server
commits it (its events split over the room's, the cage's and the table's streams, the command
recorded with who issued it in the room's commands stream, snapshots as the room takes them),
buy-ins when a bot runs short. Then the audit runs over the whole store, best of ``repeat``
runs: every chain, every fold, every snapshot. ``--keep`` leaves the store in place (its URL
printed) to time another croupier's ``audit verify`` on the same events.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from croupier.bench.serve_bench import fresh_store
from croupier.room import AtTable, BuyIn, OpenTable, TakeSeat
from croupier.service.auth import Role
from croupier.service.commands import Issued
from croupier.service.store import audit
from croupier.service.store.rooms import RoomStore, commands_stream
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.table.presets import preset
from croupier.views import actor_view

ROOM = "audit"
RULEBOOK = "dunedin-house"
SEATS = 6
#: events per table: a room of many streams (a 200-table room's day, in small)
EVENTS_PER_TABLE = 1_000


def fill(url: str, events: int, seed: int = 1) -> int:
    """About ``events`` events of played rounds in the store at ``url``; how many it holds."""
    store = EventStore(url)
    try:
        rooms = RoomStore(store, ROOM)
        cfg = preset(RULEBOOK, seats=SEATS)
        stake = cfg.stakes.min_table_stake
        start = datetime.datetime(2026, 1, 1, 18, tzinfo=datetime.UTC)
        tables = [f"t{k}" for k in range(1, max(2, events // EVENTS_PER_TABLE) + 1)]
        log = commands_stream(ROOM)
        clock = [0]

        def run(cmd: Any, who: str, role: Role, inner: Any = None) -> None:
            clock[0] += 1  # a command a second, by the server's clock
            at = (start + datetime.timedelta(seconds=clock[0])).isoformat()
            issued = Issued(who, role, cmd if inner is None else inner, at)
            rooms.stage(cmd, who, at, [(log, "commands", issued)])

        for name in tables:
            run(OpenTable(name, cfg), "floor", Role.FLOOR)
            for i in range(SEATS):
                run(TakeSeat(f"{name}-{i}", name, i + 1, stake * 2), "cashier", Role.CASHIER)
        rooms.commit()
        rng, bot = random.Random(seed), make_bot("random")
        shoes = {n: Shoe(cfg.game.deck, seed=seed + k) for k, n in enumerate(tables)}
        while store.count() < events:
            for name in tables:
                t = rooms.room.tables[name]
                for p, c in list(t.stacks.items()):
                    if c < stake:
                        run(BuyIn(p, name, stake * 2), "cashier", Role.CASHIER)
                deal = StartRound(shoes[name].shuffle().order)
                # the server records the command without its deck (the sealed stream has it)
                run(AtTable(name, deal), "dealer", Role.DEALER, replace(deal, deck_order=None))
                while t.round is not None and not t.round.is_over:
                    player = t.players[t.round.actor] if t.round.actor is not None else "dealer"
                    act = Act(bot.act(actor_view(t.round), rng))
                    run(AtTable(name, act), player, Role.PLAYER, act)
                rooms.commit()
        return store.count()
    finally:
        store.close()


def timed(url: str, verify: Callable[[EventStore], dict[str, Any]], repeat: int) -> float:
    """The best time, in seconds, of ``verify`` over the store at ``url``; each run must find
    the store intact."""
    best = float("inf")
    for _ in range(repeat):
        store = EventStore(url, migrate=False)
        try:
            t0 = time.perf_counter()
            report = verify(store)
            best = min(best, time.perf_counter() - t0)
        finally:
            store.close()
        if not report["ok"]:
            raise RuntimeError(f"the bench store does not verify: {report['problems'][:3]}")
    return best


def run(
    url: str | None = None, events: int = 100_000, repeat: int = 3, keep: bool = False
) -> dict[str, Any]:
    """Fill a fresh store with about ``events`` events and time ``audit.verify`` over it."""
    with fresh_store(url, keep) as db:
        t0 = time.perf_counter()
        stored = fill(db, events)
        built = time.perf_counter() - t0
        store = EventStore(db, migrate=False)
        try:
            streams = len(store.streams())
        finally:
            store.close()
        seconds = timed(db, audit.verify, repeat)
    result: dict[str, Any] = {
        "database": "sqlite" if db.startswith("sqlite") else "postgresql",
        "events": stored,
        "streams": streams,
        "build_s": round(built, 2),
        "verify_s": round(seconds, 3),
        "events_per_s": round(stored / seconds),
    }
    if keep:
        result["kept"] = db
    return result
