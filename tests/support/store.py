"""A throw-away PostgreSQL from the machine's own binaries, for the store's tests.

``initdb`` refuses to run as root, so as root the server runs as the ``postgres`` (or
``nobody``) user. Skips, with the reason, only where no binaries exist.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import random
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from croupier.room import (
    AtTable,
    CashOut,
    JoinList,
    OpenTable,
    RoomEvent,
    TakeSeat,
    list_key,
)
from croupier.service.store.rooms import (
    RoomStore,
)
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.table.presets import preset
from croupier.views import actor_view


def pg_bin() -> Path | None:
    """The directory holding initdb and pg_ctl: $PATH, else /usr/lib/postgresql/*/bin."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(d) / "pg_ctl").exists() and (Path(d) / "initdb").exists():
            return Path(d)
    return None


def _as_user() -> tuple[list[str], str | None]:
    if os.geteuid() != 0:
        return [], None
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"], user
    raise RuntimeError("running as root and no unprivileged user to run PostgreSQL as")


_INITDB = ("--auth=trust", "-E", "UTF8", "--no-sync")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def postgresql() -> Iterator[str]:
    """Start a PostgreSQL server in a temporary directory; yields its base URL (no database)."""
    bindir = pg_bin()
    if bindir is None:
        raise FileNotFoundError("no PostgreSQL binaries (initdb, pg_ctl) on this machine")
    prefix, user = _as_user()
    root = Path(tempfile.mkdtemp(prefix="crpg"))
    if user is not None:
        shutil.chown(root, user)
    data, port = root / "data", _free_port()
    initdb = [str(bindir / "initdb"), "-D", str(data), "-U", "postgres", *_INITDB]
    subprocess.run([*prefix, *initdb], check=True, capture_output=True)
    opts = f"-k {root} -p {port} -c listen_addresses='' -c fsync=off"
    start = [str(bindir / "pg_ctl"), "-D", str(data), "-o", opts, "-w", "-l", str(root / "log")]
    subprocess.run([*prefix, *start, "start"], check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@/{{db}}?host={root}&port={port}"
    finally:
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


def create_database(base: str, name: str) -> str:
    """A fresh database on the server at ``base``; its URL."""
    import psycopg

    with psycopg.connect(base.format(db="postgres"), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return base.format(db=name)


_databases = itertools.count()


@contextmanager
def pg_store(base: str, prefix: str) -> Iterator[EventStore]:
    """An event store on a fresh database of its own (named ``prefix`` and a number) on the
    PostgreSQL server at ``base``."""
    s = EventStore(create_database(base, f"{prefix}{next(_databases)}"))
    try:
        yield s
    finally:
        s.close()


@contextmanager
def store_on(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    """An event store on a new SQLite file in ``tmp_path`` (``kind`` "sqlite"), else on a
    fresh database of the test process's PostgreSQL."""
    if kind != "sqlite":
        with pg_store(request.getfixturevalue("pg_server"), "s") as s:
            yield s
        return
    s = EventStore(f"sqlite:///{tmp_path / 'croupier.db'}")
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A throw-away PostgreSQL for the test process (its base URL), or a skip with the reason:
    started once, not once a module; each test makes a database of its own on it."""
    if pg_bin() is None:
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl) on this machine")
    with postgresql() as base:
        yield base


def play_room(rs: RoomStore, rounds: int = 6, seed: int = 1) -> None:
    """Two tables, a waiting list, rounds played by bots, a cash-out."""
    rng = random.Random(seed)
    for name, rules in (("a", "dunedin-house"), ("b", "act-omaha-2017")):
        cfg = preset(rules, seats=3)
        rs.execute(OpenTable(name, cfg))
        for i in range(3):
            rs.execute(TakeSeat(f"{name}{i}", name, i + 1, cfg.stakes.min_table_stake * 2))
    rs.execute(JoinList("w", *list_key(rs.room.tables["a"].config)))
    bot = make_bot("random")
    for name in ("a", "b"):
        t = rs.room.tables[name]
        shoe = Shoe(t.config.game.deck, seed=seed)
        for _ in range(rounds):
            start = AtTable(name, StartRound(shoe.shuffle().order))
            if rs.room.why_illegal(start) is not None:
                break
            rs.execute(start)
            while t.round is not None and not t.round.is_over:
                rs.execute(AtTable(name, Act(bot.act(actor_view(t.round), rng))))
    rs.execute(CashOut("a0", "a"))


def next_at_a(writer: RoomStore, rng: random.Random) -> list[RoomEvent]:
    """After :func:`play_room`: the next command at its table "a" (a round started where none
    is in play, else a calling station's decision), committed; its events."""
    t = writer.room.tables["a"]
    if t.round is None or t.round.is_over:
        shoe = Shoe(t.config.game.deck, seed=rng.randrange(1 << 30))
        return writer.execute(AtTable("a", StartRound(shoe.shuffle().order)))
    move = make_bot("calling-station").act(actor_view(t.round), rng)
    return writer.execute(AtTable("a", Act(move)))
