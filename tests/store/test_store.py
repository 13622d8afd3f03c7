"""The event store, on SQLite and on a throw-away PostgreSQL: append and read, optimistic
concurrency, atomic commits, the hash chain, snapshots, a room kept in the store, and the audit
finding a changed, deleted or reordered event edited directly in the database."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from typer.testing import CliRunner

from croupier.cli import app
from croupier.histories.phh import loads
from croupier.room import (
    OpenTable,
    Room,
    TakeSeat,
)
from croupier.rules import IllegalAction
from croupier.service.store import audit
from croupier.service.store.recovery import record, recover
from croupier.service.store.rooms import (
    RoomStore,
    cage_stream,
    fold_room,
    room_stream,
    table_stream,
)
from croupier.service.store.schema import metadata
from croupier.service.store.significant import STREAM, Significant, What
from croupier.service.store.store import ConcurrencyError, EventStore, StoreError, resolve_url
from croupier.shoe import Shoe
from croupier.table.events import ChipsAdded, RoundFinished, RoundStarted, TableClosed
from croupier.table.presets import preset
from support.store import create_database, play_room

_names = itertools.count()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'croupier.db'}"
    base = request.getfixturevalue("pg_server")
    return create_database(base, f"t{next(_names)}")


@pytest.fixture
def store(url: str) -> Iterator[EventStore]:
    s = EventStore(url)
    yield s
    s.close()


def room_view(room: Room) -> object:
    return (
        room.board(),
        room.ledger(),
        {n: (t.seating, dict(t.stacks), t.hands) for n, t in room.tables.items()},
        dict(room.calls),
    )


# ----------------------------------------------------------------------------------------
# The store


def test_urls() -> None:
    assert resolve_url("x.db") == "sqlite:///x.db"
    assert resolve_url("postgresql://u@h/db").startswith("postgresql+psycopg://")


def test_append_read_and_the_chain(store: EventStore) -> None:
    store.create("table:x", "table", preset("dunedin-house", seats=3))
    events = [ChipsAdded("p", 5, "c"), TableClosed("c", 3)]
    assert store.append("table:x", 0, events) == 2
    rows = store.read("table:x")
    assert [r.seq for r in rows] == [1, 2] and [r.event() for r in rows] == events
    assert store.stream("table:x").head_hash == rows[-1].hash
    assert audit.check_chain(store.stream("table:x"), rows) == []
    with pytest.raises(StoreError):
        store.create("table:x", "table", None)
    with pytest.raises(StoreError):
        store.append("nope", 0, events)


def test_optimistic_concurrency_writes_nothing(store: EventStore) -> None:
    store.create("s", "significant", None)
    e = Significant(What.RESTART, "server", "start", "2026-01-01T00:00:00Z")
    store.append("s", 0, [e])
    with pytest.raises(ConcurrencyError):
        store.append("s", 0, [e, e])
    with pytest.raises(ConcurrencyError):
        store.append("s", 2, [e])
    assert [r.seq for r in store.read("s")] == [1]


def test_a_transaction_commits_every_stream_or_none(store: EventStore) -> None:
    e = Significant(What.LOGIN, "ann", "", "2026-01-01T00:00:00Z")

    def both() -> None:
        with store.transaction() as w:
            w.create("s1", "significant", None)
            w.append("s1", 0, [e])
            w.append("s1", 0, [e])  # stale: the whole transaction rolls back

    with pytest.raises(ConcurrencyError):
        both()
    assert store.streams() == []


def test_two_stores_race_for_one_stream(url: str) -> None:
    one, two = EventStore(url), EventStore(url)
    one.create("s", "significant", None)
    e = Significant(What.LOGIN, "ann", "", "t")
    one.append("s", 0, [e])
    with pytest.raises(ConcurrencyError):
        two.append("s", 0, [e])
    assert two.append("s", 1, [e]) == 2
    one.close()
    two.close()


def test_schema_equals_the_migrations(store: EventStore) -> None:
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
        assert diff == []
        version = conn.execute(sa.text("select version_num from alembic_version")).scalar()
    assert version == "0003"
    store.migrate()  # idempotent


def test_sqlite_is_durable(tmp_path: Path) -> None:
    s = EventStore(f"sqlite:///{tmp_path / 'x.db'}")
    with s.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    s.close()


# ----------------------------------------------------------------------------------------
# A room kept in the store


def test_a_room_survives_a_restart(url: str) -> None:
    store = EventStore(url)
    rs = RoomStore(store, snapshot_every=20)
    play_room(rs)
    live = room_view(rs.room)
    assert rs.room.ledger().conserved
    store.close()
    again = RoomStore(EventStore(url))
    assert room_view(again.room) == live
    ids = {s.id for s in again.store.streams()}
    assert {room_stream("main"), cage_stream("main"), table_stream("main", "a")} <= ids
    assert again.store.snapshots(table_stream("main", "a"))
    assert again.store.snapshots(room_stream("main"))
    report = audit.verify(again.store)
    assert report["ok"], report["problems"]
    changes = again.store.load(STREAM)  # the tables opened: configuration changes
    assert [e.what for e in changes] == [What.CONFIG_CHANGED] * 2
    assert changes[0].detail == "main: cash table a opened: dunedin-house, holdem no-limit, 1/2"
    assert report["events"] == again.store.count() and report["streams"] == len(ids)
    again.store.close()


def test_a_served_room_keeps_its_state_not_its_log(tmp_path: Path) -> None:
    """The store keeps the events; the room in memory keeps the state, and of its log only
    what the rules still read (a cash table's events since its last round began), however
    long it plays: equal to the fold of the store, after a restart too."""
    url = f"sqlite:///{tmp_path / 'croupier.db'}"
    store = EventStore(url)
    rs = RoomStore(store, snapshot_every=20)
    play_room(rs, rounds=12)
    assert rs.room.events == []
    for name, t in rs.room.tables.items():
        kept = t.events
        assert kept and isinstance(kept[0], RoundStarted), name
        assert sum(isinstance(e, RoundStarted) for e in kept) == 1, name
        stream = store.load(table_stream("main", name))
        last = max(i for i, e in enumerate(stream) if isinstance(e, RoundStarted))
        assert kept == stream[last:], name
    assert len(rs.room.tables["a"].events) * 6 < len(store.load(table_stream("main", "a")))
    assert room_view(rs.room) == room_view(fold_room(store, "main"))
    assert rs.room.ledger().conserved
    store.close()
    again = RoomStore(EventStore(url))
    assert again.room.events == []
    assert all(
        sum(isinstance(e, RoundStarted) for e in t.events) == 1 for t in again.room.tables.values()
    )
    assert room_view(again.room) == room_view(rs.room)
    again.store.close()


def test_a_refused_command_writes_nothing(store: EventStore) -> None:
    rs = RoomStore(store)
    rs.execute(OpenTable("a", preset("dunedin-house", seats=3)))
    before = store.count()
    with pytest.raises(IllegalAction):
        rs.execute(TakeSeat("x", "a", 1, 1))
    assert store.count() == before


def test_a_failed_commit_is_not_accepted(url: str) -> None:
    one = RoomStore(EventStore(url))
    two = RoomStore(EventStore(url))
    one.execute(OpenTable("a", preset("dunedin-house", seats=3)))
    with pytest.raises(StoreError):  # two's room is stale: its commit fails, it reloads
        two.execute(OpenTable("b", preset("dunedin-house", seats=3)))
    assert set(two.room.tables) == {"a"}
    two.execute(OpenTable("b", preset("dunedin-house", seats=3)))
    assert set(RoomStore(EventStore(url)).room.tables) == {"a", "b"}


# ----------------------------------------------------------------------------------------
# Tampering, directly in the database


def _tampered(url: str, *sql: str) -> dict[str, object]:
    store = EventStore(url)
    rs = RoomStore(store, snapshot_every=25)
    play_room(rs, rounds=3)
    assert audit.verify(store)["ok"]
    with store.engine.begin() as conn:
        for statement in sql:
            conn.exec_driver_sql(statement)
    report = audit.verify(store)
    store.close()
    assert not report["ok"] and report["problems"]
    return report


T = "'table:main/a'"


def test_a_changed_event_is_reported(url: str) -> None:
    report = _tampered(
        url,
        f"update events set body = replace(body, '\"chips\":80', '\"chips\":81') "
        f"where stream_id = {T} and seq = 1",
    )
    assert any("event 1 does not match its hash" in p for p in report["problems"])  # type: ignore[attr-defined]


def test_a_deleted_event_is_reported(url: str) -> None:
    report = _tampered(url, f"delete from events where stream_id = {T} and seq = 5")
    assert any("event 5 is missing" in p for p in report["problems"])  # type: ignore[attr-defined]


def test_a_deleted_last_event_is_reported(url: str) -> None:
    report = _tampered(
        url,
        f"delete from events where stream_id = {T} and seq = "
        f"(select max(seq) from events where stream_id = {T})",
    )
    assert any("head" in p for p in report["problems"])  # type: ignore[attr-defined]


def test_reordered_events_are_reported(url: str) -> None:
    report = _tampered(
        url,
        f"update events set seq = -1 where stream_id = {T} and seq = 3",
        f"update events set seq = 3 where stream_id = {T} and seq = 4",
        f"update events set seq = 4 where stream_id = {T} and seq = -1",
    )
    assert any("event 3 does not match" in p for p in report["problems"])  # type: ignore[attr-defined]


def test_a_changed_snapshot_is_reported(url: str) -> None:
    report = _tampered(
        url,
        "insert into snapshots (stream_id, seq, version, body) select stream_id, 1, version, "
        f"body from snapshots where stream_id = {T} and seq = "
        f"(select max(seq) from snapshots where stream_id = {T})",
    )
    assert "table:main/a: the snapshot at event 1 differs from the fold" in report["problems"]  # type: ignore[operator]


def test_a_changed_room_snapshot_in_the_middle_is_reported(url: str) -> None:
    # the audit folds the room once, checking each snapshot as the fold passes its commit:
    # a changed ledger in the second snapshot is found, the others still match
    room = "'room:main'"
    second = f"(select seq from snapshots where stream_id = {room} order by seq limit 1 offset 1)"
    report = _tampered(
        url,
        f"update snapshots set body = replace(body, '\"commission\":', '\"commission\":9') "
        f"where stream_id = {room} and seq = {second}",
    )
    problems = [p for p in report["problems"] if p.startswith("room:main")]  # type: ignore[attr-defined]
    assert len(problems) == 1 and "differs from the fold" in problems[0], problems


def test_a_stream_that_does_not_fold_is_reported(store: EventStore) -> None:
    store.create("table:x", "table", preset("dunedin-house", seats=3))
    store.append("table:x", 0, [ChipsAdded("nobody", 5, "c")])  # a valid chain, a bad fold
    store.create("significant", "significant", None)
    store.append("significant", 0, [ChipsAdded("nobody", 5, "c")])
    problems = audit.verify(store)["problems"]
    assert any(p.startswith("table:x: does not fold") for p in problems)
    assert any(p.startswith("significant: does not fold") for p in problems)


# ----------------------------------------------------------------------------------------
# The command line


def test_audit_verify_and_recall_on_the_command_line(url: str) -> None:
    store = EventStore(url)
    play_room(RoomStore(store), rounds=4)
    store.close()
    runner = CliRunner()
    out = runner.invoke(app, ["audit", "verify", "--db", url, "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["ok"] is True and report["problems"] == [] and report["events"] > 50
    out = runner.invoke(app, ["audit", "recall", "table:main/a", "--db", url, "--last", "2"])
    assert out.exit_code == 0, out.output
    assert out.output.count("round ") == 2
    out = runner.invoke(app, ["audit", "recall", "a", "--db", url, "--last", "1", "--json"])
    rounds = json.loads(out.output)
    assert len(rounds) == 1 and rounds[0][0]["$t"].endswith(":RoundStarted")
    out = runner.invoke(app, ["audit", "recall", "a", "--db", url, "--last", "3", "--phh"])
    assert out.exit_code == 0, out.output
    assert out.output.count("finishing_stacks") == 3
    # Each exported round ends with the stacks the table recorded for it.
    store = EventStore(url)
    texts = audit.recall_phh(store, table_stream("main", "a"), 3)
    finished = [e for e in store.load(table_stream("main", "a")) if isinstance(e, RoundFinished)]
    store.close()
    assert [list(loads(t).finishing_stacks) for t in texts] == [
        [s for _, s in e.stacks] for e in finished[-3:]
    ]
    engine = sa.create_engine(resolve_url(url))
    with engine.begin() as conn:
        conn.execute(sa.text(f"delete from events where stream_id = {T} and seq = 2"))
    engine.dispose()
    out = runner.invoke(app, ["audit", "verify", "--db", url, "--json"])
    assert out.exit_code == 1
    assert json.loads(out.output)["ok"] is False


# ----------------------------------------------------------------------------------------
# Significant events and recovery before play


def test_recovery_refuses_a_broken_stream_and_logs_it(url: str) -> None:
    store = EventStore(url)
    rs = RoomStore(store)
    play_room(rs, rounds=2)
    record(store, What.LOGIN, "ann", "cashier", "2026-11-26T10:00:00Z")
    good = recover(store, "2026-11-26T10:01:00Z")
    assert not good.refused and table_stream("main", "a") in good.ready
    with store.engine.begin() as conn:
        conn.exec_driver_sql(f"delete from events where stream_id = {T} and seq = 2")
    bad = recover(store, "2026-11-26T10:02:00Z")
    assert list(bad.refused) == [table_stream("main", "a")]
    assert table_stream("main", "b") in bad.ready
    log = store.load(STREAM)
    assert [e.what for e in log[:4]] == [What.CONFIG_CHANGED] * 2 + [What.LOGIN, What.RESTART]
    assert any(e.what is What.REFUSED_STREAM and "table:main/a" in e.detail for e in log), log
    assert log[-1].what is What.RECOVERY
    store.close()


def test_the_core_never_imports_the_service() -> None:
    code = (
        "import sys, croupier.room, croupier.table, croupier.tournament, croupier.uth, "
        "croupier.sim.simulate; bad = [m for m in sys.modules if m.startswith(('croupier.service', "
        "'sqlalchemy', 'alembic'))]; assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ})
    root = Path(__file__).resolve().parents[2] / "src" / "croupier"
    for path in root.rglob("*.py"):
        if {"service", "cli", "bench"} & set(path.parts) or path.name == "client.py":
            continue  # the service, and what sits above it: the CLI, benchmarks, the client
        if path.name == "compiled.py":
            continue  # the build's list of modules to compile, the service's among them
        assert "croupier.service" not in path.read_text(encoding="utf-8"), path


def test_the_database_comes_from_croupier_db(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = EventStore(url)
    record(store, What.CONFIG_CHANGED, "admin", "opened the room", "2026-11-26T10:00:00Z")
    store.close()
    monkeypatch.setenv("CROUPIER_DB", url)
    out = CliRunner().invoke(app, ["audit", "verify", "--json"])
    assert out.exit_code == 0, out.output
    report = {"streams": 1, "events": 1, "money_checks": 0, "ok": True, "problems": []}
    assert json.loads(out.output) == report


# ----------------------------------------------------------------------------------------
# The other kinds of stream fold with the core's own folds


def test_tournament_and_uth_streams_fold_and_equal_their_snapshots(store: EventStore) -> None:
    from croupier.cards import Deck
    from croupier.service.store.kinds import KINDS
    from croupier.tournament.conditions import load_conditions
    from croupier.tournament.runner import run_tournament
    from croupier.uth import TableLimits, UthConfig
    from croupier.uth.commands import Deal, Fold, PlaceWagers
    from croupier.uth.table import UthTable
    from croupier.uth.tournament import SessionEnd, TournamentConditions, UthTournament
    from croupier.uth.tournament_commands import DrawSeats, EnterTournament

    root = Path(__file__).resolve().parents[2]
    conditions = load_conditions(root / "examples" / "tournaments" / "small.toml")
    t, _ = run_tournament(conditions, 6, seed=2)
    uth_config = UthConfig(TableLimits(5, 100))
    u = UthTable(uth_config, bank=10_000)
    u.seat(1, "ann", 500)
    u.seat(2, "bob", 500)
    r = u.new_round(Shoe(Deck.standard(), seed=5).shuffle())
    r.apply(PlaceWagers(1, "ann", 10, 10))
    r.apply(Deal())
    r.apply(Fold(1))
    u.finish_round()
    terms = TournamentConditions(
        entry_fee=110, commission=10, starting_chips=1000, minimum=25, maximum=200,
        session=SessionEnd.ROUNDS, session_limit=10, prizes=(50, 30, 20),
    )  # fmt: skip
    ut = UthTournament(terms)
    for p in "abcd":
        ut.apply(EnterTournament(p))
    ut.apply(DrawSeats(list("abcd"), now=0))
    streams = {
        "tournament:main/sat": ("tournament", (conditions, ""), t.events, t),
        "uth-table:main/u1": ("uth-table", (uth_config, 10_000), u.events, u),
        "uth-tournament:main/u": ("uth-tournament", terms, ut.events, ut),
    }
    for name, (kind, meta, events, live) in streams.items():
        with store.transaction() as w:
            w.create(name, kind, meta)
            w.append(name, 0, events)
            w.snapshot(name, len(events), KINDS[kind].project(live))
    assert len(t.events) > 50
    assert audit.verify(store)["ok"], audit.verify(store)["problems"]
    with store.engine.begin() as conn:
        conn.exec_driver_sql(
            "update snapshots set seq = seq - 1 where stream_id = 'tournament:main/sat'"
        )
    assert audit.verify(store)["problems"] == [
        f"tournament:main/sat: the snapshot at event {len(t.events) - 1} differs from the fold"
    ]


def test_significant_events_recorded_from_many_threads_at_once(store: EventStore) -> None:
    """Log-ins come together: each is recorded once, none refused as too busy."""
    from concurrent.futures import ThreadPoolExecutor

    at = "2026-01-01T00:00:00+00:00"
    with ThreadPoolExecutor(8) as pool:
        seqs = list(pool.map(lambda i: record(store, What.LOGIN, f"u{i}", "test", at), range(32)))
    assert sorted(seqs) == list(range(1, 33))
    assert [e.who for e in store.load(STREAM)] == [
        f"u{i}" for i in sorted(range(32), key=seqs.__getitem__)
    ]
