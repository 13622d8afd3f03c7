"""``croupier bench login-flood``: play while log-ins flood the server.

``croupier serve`` runs as a separate process on a fresh store (as ``croupier bench serve``
does, :mod:`croupier.bench.serve_bench`), with N bot tables playing at a paced load over their
websockets. The measure is the bots' accepted commands a second in three phases of equal
length, each on a fresh store and server: alone, while ``flooders`` clients each log in
again and again as a user whose password has argon2's default cost (the right password:
every attempt that is let through costs a full check), and alone again. ``ratio`` is the
flooded phase's rate over the mean of the two quiet ones. Also reported: the log-ins
answered 200 and those refused (503: the password pool full; 429: throttled), how long
``GET /me`` took during the flood (median and worst), and each phase's p99 command latency.
"""

from __future__ import annotations

import asyncio
import datetime
import os
import random
import statistics
import time
from typing import Any

from croupier.bench.serve_bench import (
    PASSWORD,
    STAFF,
    Clock,
    Http,
    Tally,
    _bot_table,
    _cpu,
    _login,
    _loop_factory,
    _player,
    _port,
    fresh_store,
    seed,
    server,
)
from croupier.service.auth import Directory, Role, UserAdded, hash_password
from croupier.service.store.store import EventStore

FLOOD_USER = "flood"


def _add_flood_user(url: str) -> None:
    store = EventStore(url)
    try:
        at = datetime.datetime.now(datetime.UTC).isoformat()
        user = UserAdded(FLOOD_USER, Role.PLAYER, hash_password(PASSWORD), at)
        Directory(store).change(user, "bench")
    finally:
        store.close()


async def _flood(port: int, until: float, statuses: dict[int, int]) -> None:
    """One client logging in as the flood user until ``until``, as fast as answered."""
    http = Http(port)
    body = {"name": FLOOD_USER, "password": PASSWORD}
    try:
        while time.perf_counter() < until:
            status, _ = await http.request("POST", "/login", body=body)
            statuses[status] = statuses.get(status, 0) + 1
    finally:
        http.close()


async def _me(port: int, token: str, until: float, took: list[float]) -> None:
    http = Http(port)
    try:
        while time.perf_counter() < until:
            t0 = time.perf_counter()
            status, _ = await http.request("GET", "/me", token)
            if status != 200:
                raise RuntimeError(f"GET /me: {status}")
            took.append(time.perf_counter() - t0)
            await asyncio.sleep(0.1)
    finally:
        http.close()


async def _phase(
    port: int,
    pid: int,
    tables: int,
    seconds: float,
    pace: float,
    warmup: float,
    flooders: int,
) -> dict[str, Any]:
    """One phase: the bots log in and connect, play ``warmup`` seconds, then ``seconds``
    measured, with ``flooders`` logging in through the measured time."""
    names = [*STAFF, *(_player(k, i) for k in range(1, tables + 1) for i in range(3))]
    http = Http(port)
    tokens = {n: await _login(http, n) for n in names}
    http.close()
    tally = Tally()
    clock = Clock(asyncio.Event(), tables, seconds, pid, tally, warmup)
    interval = tables / pace if pace > 0 else 0.0
    statuses: dict[int, int] = {}
    took: list[float] = []

    async def flood() -> None:
        await clock.go.wait()
        await asyncio.sleep(max(clock.began - time.perf_counter(), 0))
        if flooders:
            await asyncio.gather(
                *(_flood(port, clock.until, statuses) for _ in range(flooders)),
                _me(port, tokens["admin"], clock.until, took),
            )

    await asyncio.gather(
        flood(),
        *(
            _bot_table(k, port, tokens, tally, clock, random.Random(k), interval)
            for k in range(1, tables + 1)
        ),
    )
    elapsed = clock.until - clock.began  # the flood's last answers may come after it
    out: dict[str, Any] = {
        "commands_per_s": round(tally.accepted / elapsed, 1),
        "server_cpu_s": round(_cpu(pid) - clock.cpu[0], 2),
        "p99_ms": round(sorted(tally.latencies)[int(0.99 * len(tally.latencies))] * 1000, 1)
        if tally.latencies
        else None,
        "refused": tally.refused,
    }
    if flooders:
        out["log_ins"] = dict(sorted(statuses.items()))
        out["me_p50_ms"] = round(statistics.median(took) * 1000, 1) if took else None
        out["me_max_ms"] = round(max(took) * 1000, 1) if took else None
    return out


def run(
    db: str | None = None,
    tables: int = 10,
    seconds: float = 10.0,
    pace: float = 50.0,
    flooders: int = 50,
    warmup: float = 2.0,
) -> dict[str, Any]:
    """The benchmark's figures (see the module's docstring)."""
    phases = []
    for n in (0, flooders, 0):  # each on a fresh store and server: the same start
        with fresh_store(db) as url:
            seed(url, tables)
            _add_flood_user(url)
            port = _port()
            with server(url, port) as proc, asyncio.Runner(loop_factory=_loop_factory()) as r:
                phases.append(r.run(_phase(port, proc.pid, tables, seconds, pace, warmup, n)))
    quiet = (phases[0]["commands_per_s"] + phases[2]["commands_per_s"]) / 2
    flooded = phases[1]
    return {
        "tables": tables,
        "pace": pace or None,
        "seconds": seconds,
        "flooders": flooders,
        "quiet_commands_per_s": [phases[0]["commands_per_s"], phases[2]["commands_per_s"]],
        "flooded_commands_per_s": flooded["commands_per_s"],
        "ratio": round(flooded["commands_per_s"] / quiet, 3) if quiet else None,
        "log_ins": flooded["log_ins"],
        "me_p50_ms": flooded["me_p50_ms"],
        "me_max_ms": flooded["me_max_ms"],
        "server_cpu_s": [p["server_cpu_s"] for p in phases],
        "p99_ms": [p["p99_ms"] for p in phases],
        "refused": [p["refused"] for p in phases],
        "cpus": os.cpu_count(),
        "load_average": round(os.getloadavg()[0], 2),
    }
