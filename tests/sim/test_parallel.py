"""Simulations as chunked Dask tasks (``--workers N``, ``--scheduler ADDRESS``;
``croupier.sim.parallel``) on real local clusters: the same seed gives the same result on one
worker, on two, and in this process; bad options and a missing Dask are one line, exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.sim import table_chunks
from croupier.sim.parallel import Cluster, run_chunks
from croupier.sim.seeds import chunk_sizes, derive_seed
from croupier.sim.table_chunks import Preset
from croupier.uth.analyze_sim import simulate
from croupier.uth.strategy import load_strategy

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "examples" / "tournaments" / "small.toml"
FLIGHTS = ROOT / "examples" / "tournaments" / "two_flights.toml"
SIMPLE = ROOT / "examples" / "uth-wizard-simple.toml"
TIMING = {"seconds", "rounds_per_s", "elapsed_s"}


def json_of(*args: str) -> dict[str, Any]:
    r = CliRunner().invoke(app, list(args))
    assert r.exit_code == 0, r.output
    out: dict[str, Any] = json.loads(r.stdout)
    return {k: v for k, v in out.items() if k not in TIMING}


def croupier(*args: str, first: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m croupier ARGS`` with this checkout's sources (``first``: a folder put
    ahead of them on the path)."""
    paths = [str(ROOT / "src"), *os.environ.get("PYTHONPATH", "").split(os.pathsep)]
    if first is not None:
        paths.insert(0, str(first))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    return subprocess.run(
        [sys.executable, "-m", "croupier", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )


def one_line(run: subprocess.CompletedProcess[str]) -> str:
    assert run.returncode == 2, (run.stdout, run.stderr)
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("croupier: error: "), run.stderr
    return lines[0]


def one_line_here(*args: str) -> str:
    """The command run in this process (typer's runner): exit 2, one line on stderr."""
    r = CliRunner().invoke(app, list(args))
    assert r.exit_code == 2, r.output
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("croupier: error: "), r.stderr
    return lines[0]


def test_derived_seeds_depend_on_the_seed_and_the_chunk_alone() -> None:
    seeds = [derive_seed(7, i) for i in range(100)]
    assert len(set(seeds)) == 100 and all(0 <= s < 2**63 for s in seeds)
    assert seeds == [derive_seed(7, i) for i in range(100)]
    assert derive_seed(8, 0) not in seeds
    assert chunk_sizes(250, 100) == [100, 100, 50] and chunk_sizes(200, 100) == [100, 100]


def test_simulate_gives_the_same_result_on_one_worker_two_and_in_process() -> None:
    args = ("simulate", "--hands", "300", "--chunk", "75", "--seed", "11", "--json")
    one = json_of(*args, "--workers", "1")
    two = json_of(*args, "--workers", "2")
    assert one == two
    assert one["rounds"] == 300 and one["tables"] == 4 and one["shoe"] == "seeded:11"
    table = Preset("dunedin-house", None, None, 9)
    here = table_chunks.total(
        run_chunks(table_chunks.play_chunk, (table,), table_chunks.plan(300, 75, 11))
    )
    assert here.commission == one["commission"] and here.joins == one["joins"]
    assert {str(n): {"rounds": r, "net": net} for n, (r, net) in here.seats.items()} == one["seats"]
    other = table_chunks.total(
        run_chunks(table_chunks.play_chunk, (table,), table_chunks.plan(300, 75, 12))
    )
    assert other.seats != here.seats  # the seed matters


def test_tournament_simulate_same_on_one_and_two_workers_and_draws_the_chart(
    tmp_path: Path,
) -> None:
    args = ("tournament", "simulate", str(SMALL), "--runs", "6", "--stacks", "4000,2000x3,1000",
            "--seed", "7", "--json")  # fmt: skip
    chart = tmp_path / "places.svg"
    one = json_of(*args, "--workers", "1", "--chart", str(chart))
    two = json_of(*args, "--workers", "2")
    here = json_of(*args)
    assert one["by_stack"] == two["by_stack"] == here["by_stack"]
    assert [g["stack"] for g in one["by_stack"]] == [4000, 2000, 1000]
    assert [g["players"] for g in one["by_stack"]] == [1, 3, 1]
    for g in one["by_stack"]:
        assert abs(sum(g["places"]) - 1) < 1e-9 and len(g["places"]) == 5
    svg = ET.parse(chart).getroot()
    assert svg.tag.endswith("svg")
    assert len([e for e in svg.iter() if e.tag.endswith("polyline")]) == 3


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A Dask scheduler with one thread worker, started here: its address."""
    from dask.distributed import LocalCluster

    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as c:
        yield c.scheduler_address


def test_uth_analyze_on_a_scheduler_gives_the_in_process_figures(scheduler: str) -> None:
    n = 260_000  # two chunks: 250,000 and 10,000 rounds
    out = json_of("uth", "analyze", "--simulate", str(n), "--strategy", str(SIMPLE),
                  "--seed", "3", "--json", "--scheduler", scheduler)  # fmt: skip
    r = simulate(n, load_strategy(SIMPLE), 3)
    assert out["house_edge_per_ante"] == r.house_edge_per_ante
    assert out["std_dev"] == r.std_dev and out["decisions"] == r.decisions
    assert out["rounds"] == n and out["seed"] == 3


def test_tournament_simulate_on_a_scheduler(scheduler: str) -> None:
    args = ("tournament", "simulate", str(SMALL), "--runs", "3", "--bots", "4", "--seed", "2",
            "--json")  # fmt: skip
    assert json_of(*args, "--scheduler", scheduler) == json_of(*args)


def test_run_chunks_keeps_chunk_order_and_checks_weights() -> None:
    assert run_chunks(pow, (2,), [(3,), (1,), (2,)]) == [8, 2, 4]
    with pytest.raises(ValueError, match="2 weights for 3 chunks"):
        run_chunks(pow, (2,), [(3,), (1,), (2,)], weights=[1, 1])
    assert Cluster.of(None, None) is None
    assert Cluster.of(2, None) == Cluster(2, None)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "--hands", "10", "--workers", "0"), "--workers must be at least 1, not 0"),
        (("simulate", "--workers", "1", "--scheduler", "tcp://127.0.0.1:9"), "choose one of"),
        (("simulate", "--scheduler", " "), "--scheduler needs an address"),
        (("uth", "analyze", "--workers", "2"), "the exact analysis runs here"),
        (("tournament", "simulate", str(FLIGHTS)), "flights"),
        (("tournament", "simulate", str(SMALL), "--stacks", "2000,1010"), "the 25 chip"),
        (("tournament", "simulate", str(SMALL), "--stacks", "2000,lots"), "'lots'"),
        (("tournament", "simulate", str(SMALL), "--stacks", "2000", "--bots", "3"), "not both"),
        (("tournament", "simulate", str(SMALL), "--stacks", "2000x19"), "at most 18"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    assert message in one_line_here(*args)


def test_history_stays_in_process(tmp_path: Path) -> None:
    line = one_line_here("simulate", "--history", str(tmp_path), "--workers", "1")
    assert "in-process only" in line


def test_a_scheduler_nobody_answers_is_one_line() -> None:
    line = one_line(croupier("simulate", "--hands", "10", "--scheduler", "tcp://127.0.0.1:9"))
    assert "--scheduler tcp://127.0.0.1:9" in line


def test_without_dask_the_options_name_the_extra_and_the_rest_runs(tmp_path: Path) -> None:
    """A ``dask`` that cannot be imported stands for a plain install (no extras)."""
    (tmp_path / "dask").mkdir()
    (tmp_path / "dask" / "__init__.py").write_text("raise ImportError('not installed')\n")
    run = croupier("simulate", "--hands", "10", "--workers", "2", first=tmp_path)
    assert "pip install 'croupier[dask]'" in one_line(run)
    run = croupier("simulate", "--hands", "10", "--seed", "1", first=tmp_path)
    assert run.returncode == 0, run.stderr
