"""Replaying the public hand histories reproduces their recorded finishing stacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.histories.phh import loads
from croupier.histories.phh_replay import ReplayError, phh_files, replay, replay_files

SHARED = Path(__file__).resolve().parents[3] / "shared" / "phh"
# This record lacks the button's action after the pre-flop raise (p8 never acts, yet p1 acts
# next); strict replay must refuse it rather than repair it.
DEFECTIVE = {"wsop/wsop-2019-42-3-00-01-07.phh"}

needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/phh is not present")


@pytest.mark.shared
@needs_shared
def test_every_in_scope_hand_reproduces_its_finishing_stacks() -> None:
    report = replay_files(phh_files([SHARED]))
    assert report.hands == 3245
    assert report.in_scope == 3199
    assert report.mismatched == []
    errors = {str(Path(e["file"]).relative_to(SHARED)) for e in report.errors}  # type: ignore[arg-type]
    assert errors == DEFECTIVE
    assert report.matched == report.in_scope - len(DEFECTIVE)


@pytest.mark.shared
@needs_shared
def test_batch_verification_reports_exactly_what_the_engine_reports() -> None:
    """The default path (batch verifier, engine for the rest) against the engine alone, hand
    by hand over the whole corpus, in small chunks so that chunk boundaries are crossed."""
    files = phh_files([SHARED])
    fast = replay_files(files, chunk=97)
    slow = replay_files(files, batch=False)
    assert fast.as_json() == slow.as_json()
    assert fast.matched > 3000


@pytest.mark.shared
@needs_shared
def test_defective_record_is_an_error_naming_the_turn() -> None:
    report = replay_files([SHARED / next(iter(DEFECTIVE))])
    assert "it is p8's turn to act, not p1's" in str(report.errors[0]["error"])


@pytest.mark.shared
@needs_shared
def test_cli_json_report() -> None:
    result = CliRunner().invoke(app, ["phh", "replay", str(SHARED / "pluribus" / "100"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hands"] == data["in_scope"] == data["matched"] > 0
    assert data["mismatched"] == [] and data["errors"] == [] and data["skipped"] == 0


TEXT = """
variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "p3 cbr 15"]
"""


def test_a_refused_action_is_an_error_not_a_repair() -> None:
    with pytest.raises(ReplayError, match="the smallest raise allowed is to 20, not 15"):
        replay(loads(TEXT))


def test_a_refused_action_is_named_as_the_file_names_it() -> None:
    """1-based players and the action line's own words, never the engine's repr."""
    with pytest.raises(ReplayError) as info:
        replay(loads(TEXT))
    said = str(info.value)
    assert said.startswith("action 4 (p3 cbr 15): ")
    assert "BetRaise(" not in said and "player 2" not in said


def test_an_unfinished_record_is_an_error() -> None:
    text = TEXT.replace('"p3 cbr 15"', '"p3 cc"')
    with pytest.raises(ReplayError, match="ends before the round does"):
        replay(loads(text))
