"""``croupier tournament simulate`` in this process: its table, sparklines and stacks."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli.place_chart import sparkline
from croupier.cli.tournament_sim_cmd import parse_stacks
from croupier.tournament import load_conditions
from support.tournament import EXAMPLES

SMALL = EXAMPLES / "small.toml"


def test_prints_each_stack_with_its_places_equity_and_icm() -> None:
    r = CliRunner().invoke(
        app,
        ["tournament", "simulate", str(SMALL), "--runs", "4", "--stacks", "3000,2000x2",
         "--seed", "1"],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Dunedin Tuesday Turbo: 4 runs of 3 players")
    assert "in this process" in lines[0] and "no buys" in lines[0]
    assert lines[1] == "prizes by place, share of the pool: 1: 50.0%, 2: 30.0%, 3: 20.0%"
    assert lines[2].split()[:2] == ["stack", "players"]
    rows = lines[3:]
    assert [row.split()[:2] for row in rows] == [["3,000", "1"], ["2,000", "2"]]
    for row in rows:  # the equity of the runs, then the ICM's, then the places' sparkline
        assert re.search(r" \d+\.\d\d% +\d+\.\d\d%  [ ▁▂▃▄▅▆▇█]{3}$", row), row


def test_stacks_are_written_as_a_list_with_repeats() -> None:
    assert parse_stacks("4000, 2000x3,1000", load_conditions(SMALL)) == (
        4000, 2000, 2000, 2000, 1000,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"), [("2010", "the 25 chip"), ("2000x0", "at least 1"), ("x3", "'x3'")]
)
def test_stacks_that_cannot_be_read_are_named(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_stacks(text, load_conditions(SMALL))


def test_a_sparkline_draws_the_largest_value_full() -> None:
    assert sparkline([0.0, 0.5, 1.0], 1.0) == " ▄█"
    assert sparkline([0.0, 0.0], 0.0) == "  "
