"""``croupier bench serve`` runs end to end with tiny parameters; a long table loads from its
latest snapshot equal to the fold of all its events (the snapshot is only a cache); the room's
owner commits commands that queue together in one transaction, each answered after it."""

from __future__ import annotations

import asyncio
import json
import pstats
from pathlib import Path

import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from croupier.bench.serve_bench import _port, long_table, server
from croupier.cli import app
from croupier.room import AtTable, OpenTable, TakeSeat
from croupier.rules import IllegalAction
from croupier.service.owner import Done, Hub, RoomOwner, warm
from croupier.service.store import audit
from croupier.service.store.kinds import table_projection
from croupier.service.store.rooms import RoomStore, table_stream
from croupier.service.store.store import EventStore
from croupier.service.store.tables import fold_table, load_table
from croupier.shoe import Shoe
from croupier.table.commands import StartRound
from croupier.table.events import TableCheckpoint
from croupier.table.presets import preset

KEYS = {"db", "tables", "commands_per_s", "p50_ms", "p99_ms", "rebuild_ms_10k_events"}


def test_bench_serve_runs_and_prints_its_figures() -> None:
    args = ["bench", "serve", "--tables", "2", "--seconds", "2", "--rebuild-events", "300"]
    r = CliRunner().invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    result = json.loads(r.output)
    assert set(result) >= KEYS
    assert result["db"] == "sqlite" and result["tables"] == 2
    assert result["commands"] > 0 and result["commands_per_s"] > 0
    assert 0 < result["p50_ms"] <= result["p99_ms"]
    assert result["rebuild_ms_10k_events"] > 0
    # the bots act on the server's prompts over their websockets: the dealer reads the table
    # once a round, nobody polls a view per command
    assert result["refused"] == 0 and result["views"] * 2 < result["commands"]
    assert result["server_cpu_ms_per_command"] > 0


def test_bench_serve_profiles_the_server_and_its_commit_thread(tmp_path: Path) -> None:
    out = tmp_path / "serve.prof"
    args = ["bench", "serve", "--tables", "2", "--seconds", "1", "--warmup", "0"]
    r = CliRunner().invoke(app, [*args, "--rebuild-events", "300", "--profile", str(out), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["commands"] > 0
    names = {name for (_, _, name) in pstats.Stats(str(out)).stats}
    # the event loop's work and the commit's, done in a worker thread
    assert {"_live", "_group"} <= names


def test_a_server_that_cannot_start_is_reported_with_its_log(tmp_path: Path) -> None:
    """The bench's server logs to a file (a pipe nobody reads during play would stop it once
    full); a server that exits is reported with the end of that log."""
    missing = tmp_path / "no-such-folder" / "bench.db"
    with (
        pytest.raises(RuntimeError, match=r"croupier serve exited: (.|\n)*no-such-folder"),
        server(f"sqlite:///{missing}", _port()),
    ):
        pass


def test_bench_serve_paces_the_bots_to_the_rate_asked() -> None:
    # 2 tables offered 10 commands a second in all: each table's commands go out 0.2 s apart
    # (unpaced, two tables commit hundreds a second)
    args = ["bench", "serve", "--tables", "2", "--seconds", "3", "--rebuild-events", "100"]
    r = CliRunner().invoke(app, [*args, "--pace", "10", "--json"])
    assert r.exit_code == 0, r.output
    result = json.loads(r.output)
    assert result["pace"] == 10
    assert 0 < result["commands_per_s"] <= 14, result
    assert 0 < result["p50_ms"] <= result["p99_ms"]


def test_a_long_table_loads_from_its_snapshot_equal_to_the_fold(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'long.db'}"
    stream = long_table(url, 10_000)
    store = EventStore(url)
    try:
        latest = store.latest_snapshot(stream)
        assert latest is not None and isinstance(latest[1], TableCheckpoint)
        assert store.stream(stream).head_seq - latest[0] < 100
        loaded, folded = load_table(store, stream), fold_table(store, stream)
        assert len(loaded.events) < 100 < 10_000 <= len(folded.events)
        assert table_projection(loaded) == table_projection(folded)
        assert loaded.checkpoint() == folded.checkpoint()
        assert (loaded.buttons, loaded.players) == (folded.buttons, folded.players)
        report = audit.verify(store)
        assert report["ok"], report["problems"]
        # a snapshot that differs from the fold is found
        earlier = store_body(store, stream, latest[0])
        with store.engine.begin() as conn:
            conn.execute(
                sa.text("UPDATE snapshots SET body = :b WHERE stream_id = :s AND seq = :q"),
                {"b": earlier, "s": stream, "q": latest[0]},
            )
        assert not audit.verify(store)["ok"]
    finally:
        store.close()


def store_body(store: EventStore, stream: str, seq: int) -> str:
    """The snapshot before the one at ``seq`` stored as if it were that one."""
    with store.engine.connect() as conn:
        row = conn.execute(
            sa.text(
                "SELECT body FROM snapshots WHERE stream_id = :s AND seq < :q ORDER BY seq DESC"
            ),
            {"s": stream, "q": seq},
        ).first()
    assert row is not None
    return str(row[0])


def test_commands_that_queue_together_commit_in_one_transaction(tmp_path: Path) -> None:
    store = EventStore(f"sqlite:///{tmp_path / 'group.db'}")
    commits = []
    sa.event.listen(store.engine, "commit", lambda _: commits.append(1))
    try:
        rooms = RoomStore(store, "g")
        cfg = preset("dunedin-house", seats=6)
        owner_ = RoomOwner(rooms, Hub())
        shoe = Shoe(cfg.game.deck, seed=3)

        def job(cmd: object) -> object:
            return lambda _: (cmd, "test", "2026-01-01T00:00:00+00:00", ())

        async def play() -> list[Done | BaseException]:
            seats = [OpenTable(f"t{k}", cfg) for k in range(8)]
            seats += [TakeSeat(f"p{k}-{i}", f"t{k}", i + 1, 400) for k in range(8) for i in (1, 2)]
            seats.append(TakeSeat("p0-1", "t0", 3, 400))  # seated already: refused
            first = await asyncio.gather(
                *(owner_.submit(job(c), None) for c in seats),  # type: ignore[arg-type]
                return_exceptions=True,
            )
            starts = [AtTable(f"t{k}", StartRound(shoe.shuffle().order)) for k in range(8)]
            second = await asyncio.gather(
                *(owner_.submit(job(c), c.table) for c in starts)  # type: ignore[arg-type]
            )
            return [*first, *second]

        before = len(commits)
        out = asyncio.run(play())
        assert isinstance(out[24], IllegalAction)
        done = [o for o in out if isinstance(o, Done)]
        assert len(done) == len(out) - 1
        # 33 commands, answered only after their commits: far fewer transactions
        assert len(commits) - before <= 4
        assert all(d.actor is not None for d in done[-8:])
        again = RoomStore(store, "g")
        for k in range(8):
            t, u = rooms.room.tables[f"t{k}"], again.room.tables[f"t{k}"]
            assert table_projection(t) == table_projection(u)
            stream = table_stream("g", f"t{k}")
            assert again.heads[stream] == rooms.heads[stream]
        assert audit.verify(store)["ok"]
    finally:
        store.close()


def test_the_hand_tables_of_every_open_game_are_warmed_before_play(tmp_path: Path) -> None:
    store = EventStore(f"sqlite:///{tmp_path / 'warm.db'}")
    try:
        rooms = RoomStore(store, "w")
        for k, rulebook in enumerate(["dunedin-house", "dunedin-house", "act-omaha-2017"]):
            rooms.execute(OpenTable(f"t{k}", preset(rulebook, seats=6)))
        # one hold'em game and one Omaha game, each evaluated once
        assert warm(rooms) == len({id(t.config.game) for t in rooms.room.tables.values()}) == 2
    finally:
        store.close()
