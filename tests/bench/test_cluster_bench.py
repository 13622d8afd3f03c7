"""``croupier bench cluster`` end to end with tiny parameters: three real nodes on a fresh
PostgreSQL database and a throw-away Redis, 4 bot tables, the owner SIGKILLed twice; every
check of the store passes and the report names each takeover. Bad command lines: one line,
exit 2."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from croupier.bench.cluster_bench import STALL_S
from croupier.cli import app


def test_bench_cluster_survives_two_kills_of_the_owner(pg_server: str) -> None:
    db = pg_server.format(db="postgres")
    if shutil.which("redis-server") is None:
        pytest.skip("no redis-server on this machine")
    args = ["bench", "cluster", "--db", db, "--tables", "4", "--seconds", "12"]
    r = CliRunner().invoke(app, [*args, "--nodes", "3", "--kills", "2", "--json"])
    assert r.exit_code == 0, (r.output, r.exception)
    result = json.loads(r.output)
    assert result["ok"] and result["problems"] == []
    assert all(result["checks"].values()), result["checks"]
    assert result["commands"] > 0 and result["commands_per_s"] > 0
    assert result["p50_ms"] <= result["p99_ms"]
    assert 0 <= result["unknown_applied"] <= result["unknown"]
    assert result["owner_at_start"] in "abc"
    # the bots are spread over the three nodes: each one's commands timed apart
    assert set(result["p99_ms_by_node"]) == set("abc"), result["p99_ms_by_node"]
    assert all(p99 > 0 for p99 in result["p99_ms_by_node"].values())
    # 12 s measured from the start: a slice of 10 s and the rest (if a command was sent then)
    assert 1 <= len(result["p99_ms_by_10s"]) <= 2, result["p99_ms_by_10s"]
    assert all(p99 > 0 for p99 in result["p99_ms_by_10s"])
    assert [k["killed"] in "abc" for k in result["kills"]] == [True, True]
    for kill in result["kills"]:
        assert kill["took_over"] in set("abc") - {kill["killed"]}, kill
        assert 0 < kill["takeover_s"] < 30, kill
    print(json.dumps(result))


def test_bench_cluster_paces_one_node_to_the_rate_asked(pg_server: str) -> None:
    """One node, no kill: the bots at the owner, 0.8 commands a second offered over 2 tables
    (unpaced, they send hundreds), measured after the warm-up. A table's turn comes every
    2.5 s, longer than a stall: waiting for it is not one (no nudge, so no second command
    for a turn, refused 409, as a large room's tables at 1,000/s were)."""
    db = pg_server.format(db="postgres")
    if shutil.which("redis-server") is None:
        pytest.skip("no redis-server on this machine")
    args = ["bench", "cluster", "--db", db, "--tables", "2", "--seconds", "6", "--nodes", "1"]
    r = CliRunner().invoke(app, [*args, "--kills", "0", "--rate", "0.8", "--warmup", "3", "--json"])
    assert r.exit_code == 0, (r.output, r.exception)
    result = json.loads(r.output)
    assert result["ok"] and all(result["checks"].values()), result
    assert result["nodes"] == 1 and result["kills"] == [] and result["offered_per_s"] == 0.8
    assert STALL_S < 2 / 0.8  # a stall is shorter than the seconds between turns
    assert 0.4 <= result["commands_per_s"] <= 1.6, result
    assert result["nudges"] == 0 and result["refused"] == 0, result
    assert result["commands"] > result["commands_per_s"] * 6  # the warm-up's are not measured
    # 6 s measured: one slice of the measured time, holding every command measured
    assert result["p99_ms_by_10s"] == [result["p99_ms"]], result


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--nodes", "0"], "--nodes 0: at least 1, at most 26"),
        (["--nodes", "1"], "--kills 5 with --nodes 1: a kill needs a standby to take over"),
        (["--kills", "-1"], "--kills -1: a count, 0 or more"),
        (
            ["--rate", "-1"],
            "--rate -1.0: commands a second, 0 (as fast as they are answered) or more",
        ),
        (
            ["--rate", "nan"],
            "--rate nan: commands a second, 0 (as fast as they are answered) or more",
        ),
        (["--warmup", "inf"], "--warmup inf: seconds, 0 or more"),
        (
            ["--db", "sqlite:///x.db"],
            "--db: a PostgreSQL server URL, as postgresql://... (the lease needs it)",
        ),
    ],
)
def test_bench_cluster_refuses_bad_input(pg_server: str, args: list[str], line: str) -> None:
    db = [] if "--db" in args else ["--db", pg_server.format(db="postgres")]
    r = CliRunner().invoke(app, ["bench", "cluster", *db, *args])
    assert r.exit_code == 2
    assert r.output.strip().splitlines() == [f"croupier: error: {line}"]


def test_bench_cluster_needs_redis_server(pg_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    r = CliRunner().invoke(app, ["bench", "cluster", "--db", pg_server.format(db="postgres")])
    assert r.exit_code == 2
    assert r.output.strip().splitlines() == [
        "croupier: error: no redis-server on the PATH (the nodes' notices need a Redis)"
    ]
