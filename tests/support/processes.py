"""``croupier serve`` as real processes, for the crash and failover tests: a free port, a node
started and waited for by its ``/healthz``, one command of play whatever state a crash left a
table in, and the check that every accepted command is in the store in order."""

from __future__ import annotations

import os
import random
import socket
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

from croupier.client import Client
from croupier.service import demo
from croupier.service.store import codec
from croupier.sim.bots import make_bot
from support.forks import FORKS, Forked

CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def env(**more: str) -> dict[str, str]:
    """The environment of a child server: this process's, its import path, and ``more``."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), **more}


def serve(args: Sequence[str], log: Path, **more_env: str) -> Forked:
    """``croupier serve ARGS`` as a real process, forked from a helper that has imported
    croupier already (:mod:`support.forks`), its output appended to ``log``."""
    return FORKS.spawn(["serve", *args], env(**more_env), log, log)


def start_node(
    db: str,
    name: str,
    port: int,
    lease_s: float,
    keys: Path,
    log: Path,
    more: Sequence[str] = (),
) -> Forked:
    """``croupier serve --node NAME`` on ``db`` (and ``more`` options), its output to
    ``log``; every node given the same deck keys and session secret (a token from one node is
    good at the others)."""
    args = ["--db", db, "--port", str(port), "--node", name]
    args += ["--lease-s", str(lease_s), "--key-file", str(keys), *more]
    return serve(args, log, CROUPIER_SECRET="the nodes' shared session secret")


def health(port: int) -> dict[str, Any] | None:
    """The server's ``/healthz`` body (``None``: no answer)."""
    try:
        r = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
    except httpx.HTTPError:
        return None
    body: dict[str, Any] = r.json()
    return body


def room_state(port: int, room: str = "main") -> str | None:
    """The room's state as the server's ``/healthz`` says (``serving``, ``standby``...)."""
    body = health(port)
    return None if body is None else str(body["rooms"][room]["state"])


def wait_for(port: int, state: str, seconds: float) -> float:
    """Wait until the room is ``state`` on the server at ``port``; when it was (monotonic)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if room_state(port) == state:
            return time.monotonic()
        time.sleep(0.1)
    raise AssertionError(f"the room was not {state} at :{port} within {seconds} s")


class Recording(Client):
    """A client that keeps every success reply's heads (stream, sequence number)."""

    def __init__(self, port: int, tokens: dict[str, str] | None = None) -> None:
        super().__init__(
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30),
            lambda _: demo.PASSWORD,
        )
        self.tokens.update(tokens or {})
        self.heads: list[tuple[str, int]] = []

    def ok(self, who: str, cmd: dict[str, Any]) -> dict[str, Any]:
        body = super().ok(who, cmd)
        self.heads += list(body["heads"].items())
        return body


def step(client: Client, table: str, rng: random.Random) -> dict[str, Any]:
    """One command at ``table``, whatever state a restart left it in: top-ups and a new
    round between rounds, else the player to act acts from their own view; the reply."""
    _, tv = client.view("dealer", table)
    if tv.round is None or tv.round.actor is None:
        for player, stack in tv.stacks:
            if stack < 100:
                client.ok(
                    "cashier", {"type": "BuyIn", "player": player, "table": table, "cash": 300}
                )
        return client.ok("dealer", {"type": "StartRound", "table": table})
    player = tv.players[tv.round.actor]
    _, mine = client.view(player, table)
    assert mine.round is not None
    cmd = make_bot("random").act(mine.round, rng)
    data = {k: v for k, v in codec.encode(cmd).items() if k not in ("$t", "player")}
    return client.ok(player, {"type": type(cmd).__name__, "table": table, **data})


def unmatched(
    accepted: list[tuple[str, str]], stored: list[tuple[str, str]]
) -> tuple[int, tuple[str, str], list[tuple[str, str]]] | None:
    """The first accepted command not in the store in order (its index, it, and the stored
    commands near where it was looked for), or None."""
    at = 0
    for n, a in enumerate(accepted):
        start = at
        while at < len(stored) and stored[at] != a:
            at += 1
        if at == len(stored):
            return n, a, stored[start : start + 12]
        at += 1
    return None
