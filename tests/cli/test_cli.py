"""The command line: what a person types and sees (typer's runner, the real commands)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from croupier.cli import app

run = CliRunner().invoke


def test_eval_names_each_hand_and_the_winner() -> None:
    r = run(app, ["eval", "-p", "AsKs", "-p", "QhQd", "-b", "Js Ts 2c 3d 9h"])
    assert r.exit_code == 0, r.output
    assert "one pair, queens" in r.output
    assert "winner: p2 wins" in r.output


def test_eval_omaha_hilo_on_a_40_card_deck() -> None:
    r = run(
        app,
        ["eval", "-g", "omaha", "-d", "40", "--split", "hilo", "-b", "Ah 8d 7c 6s Kh",
         "-p", "5c 6d Qs Qd", "-p", "As Ts Jh Tc"],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "act-omaha-2017 3.4" in r.output
    assert "straight, eight high" in r.output
    assert "low: p1 wins" in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "AsAs", "-b", "Js Ts 2c 3d 9h"], "duplicate card As"),
        (["-p", "AsKx", "-b", "Js Ts 2c 3d 9h"], "unknown suit 'x'"),
        (["-d", "40", "-p", "As2s", "-b", "Js Ts 9c 8d 7h"], "2s is not in the 40-card deck"),
        (["-p", "AsKsQs", "-b", "Js Ts 2c 3d 9h"], "holds 3 cards"),
        (["-p", "AsKs", "-b", "Js Ts 2c 3d"], "the board has 4 cards"),
        (["-d", "50", "-p", "AsKs", "-b", "Js Ts 2c 3d 9h"], "no 50-card deck"),
    ],
)
def test_eval_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    r = run(app, ["eval", *args])
    assert r.exit_code == 2
    lines = [line for line in r.output.splitlines() if line]
    assert len(lines) == 1 and message in lines[0], r.output


def test_census_json() -> None:
    r = run(app, ["eval", "census", "--deck", "36", "--cards", "5", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["deck"] == 36 and data["cards"] == 5
    assert sum(data["counts"].values()) == 376_992  # C(36, 5)
    assert set(data["counts"]) == {
        "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
        "three_of_a_kind", "two_pair", "one_pair", "high_card",
    }  # fmt: skip


def test_census_json_with_the_joker_counts_five_of_a_kind() -> None:
    r = run(app, ["eval", "census", "--deck", "52", "--joker", "--cards", "5", "--json"])
    data = json.loads(r.output)
    assert data["deck"] == 53 and data["counts"]["five_of_a_kind"] == 13


@pytest.mark.slow
def test_uth_trips_house_edge() -> None:
    r = run(app, ["uth", "trips", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["trips_house_edge_fraction"] == "4679700/133784560"
    r = run(app, ["uth", "trips", "--paytable", "50-40-30-8-6-5-3"])
    assert "house edge 1.9040%" in r.output


def test_uth_trips_bad_paytable() -> None:
    r = run(app, ["uth", "trips", "--paytable", "50-40-x"])
    assert r.exit_code == 2
    assert "has 3 payouts" in r.output


def test_demo_plays_a_queensland_round() -> None:
    r = run(app, ["demo", "--seed", "7"])
    assert r.exit_code == 0, r.output
    assert "seat 1 posts the small blind, 5" in r.output
    assert "(qld-holdem-2005 s30)" in r.output  # commission named by its clause
    assert "revealed: salt" in r.output


def _commands(command: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The path of every command under ``command`` (a typer-built group; the root imports
    each of its commands when it is asked for it)."""
    out = [path]
    if hasattr(command, "list_commands"):
        ctx = typer.Context(command)
        for name in command.list_commands(ctx):
            out += _commands(command.get_command(ctx, name), (*path, name))
    return out


def test_help_names_every_option_value_in_words() -> None:
    """``--help`` shows ``--hands HANDS``, never a bare type (``<int>``, ``<str>``, ``INTEGER``,
    ``TEXT``), and a flag shows no value at all."""
    paths = _commands(typer.main.get_command(app))
    assert ("simulate",) in paths and ("bench", "simulate") in paths
    bare = re.compile(r"<(int|str|bool|float|path|file|text)[^>]*>|\bINTEGER\b|\bTEXT\b|\bFLOAT\b")
    for path in paths:
        r = run(app, [*path, "--help"], env={"COLUMNS": "200"})
        assert r.exit_code == 0, (path, r.output)
        options = r.output.split("─ Options ─")[-1].split("╰")[0]
        assert not bare.search(options), (path, bare.findall(options), r.output)
    r = run(app, ["simulate", "--help"], env={"COLUMNS": "200"})
    assert re.search(r"--hands\s+HANDS", r.output)
    assert re.search(r"--json\s+print the summary", r.output)


def test_bench_simulate_prints_the_three_rates_as_json() -> None:
    r = run(app, ["bench", "simulate", "--json", "--rounds", "30"])
    assert r.exit_code == 0, r.output
    result = json.loads(r.output)
    assert set(result) == {"holdem_rounds_per_s", "omaha_rounds_per_s", "engine_rounds_per_s"}
    assert all(v > 0 for v in result.values())
    r = run(app, ["bench", "simulate", "--rounds", "30"])
    assert r.exit_code == 0, r.output
    assert "simulate, dunedin-house hold'em" in r.output


def test_the_command_line_imports_only_the_command_it_runs() -> None:
    """``croupier --version`` and a mistyped command answer without importing the core (a
    fresh process: this one has imported everything)."""
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from croupier.cli import app\n"
        "for args in (['--version'], ['nosuch']):\n"
        "    assert CliRunner().invoke(app, args).exit_code in (0, 2), args\n"
        "print(' '.join(m for m in sys.modules if m.startswith('croupier.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert "croupier.cli.usage" in loaded
    assert not {m for m in loaded if m.split(".")[1] in ("round", "room", "service", "hands")}
