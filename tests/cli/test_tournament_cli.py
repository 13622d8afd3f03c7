"""``croupier tournament run`` and ``croupier tournament clock`` (typer's runner, real commands)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli import app
from croupier.histories.phh import load
from support.tournament import EXAMPLES

run = CliRunner().invoke


def test_run_prints_places_and_writes_the_result_log_and_hand_histories(tmp_path: Path) -> None:
    r = run(app, ["tournament", "run", str(EXAMPLES / "small.toml"), "--bots", "12",
                  "--seed", "5", "--out", str(tmp_path), "--every", "1"])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "players" in r.output and "avg stack" in r.output and "tables" in r.output
    log = json.loads((tmp_path / "result_log.json").read_text())
    assert [row["place"] for row in log][:1] == [1]
    assert {row["tournament"] for row in log} == {"Dunedin Tuesday Turbo"}
    assert len(log) == 12  # one row per entry; re-buys are not entries
    hands = sorted((tmp_path / "hands").glob("*.phh"))
    assert hands
    history = load(tmp_path / "hands" / "table001-hand00001.phh")  # the first deal
    assert history.extra["_croupier_rulebook"] == "dunedin-house"
    assert history.event == "Dunedin Tuesday Turbo" and history.level == 1
    assert history.players is not None and len(history.players) == len(history.starting_stacks)
    winner = next(row for row in log if row["place"] == 1)
    assert f"{winner['player']}" in r.output


def test_run_json_pays_the_whole_pool(tmp_path: Path) -> None:
    r = run(app, ["tournament", "run", str(EXAMPLES / "small.toml"), "--bots", "9", "--json",
                  "--out", str(tmp_path), "--no-histories"])  # fmt: skip
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert sum(p["cash"] for p in out["places"]) == out["pool"]
    assert out["hand_histories"] is None


def test_run_heads_up_format(tmp_path: Path) -> None:
    r = run(app, ["tournament", "run", str(EXAMPLES / "heads_up.toml"), "--bots", "4",
                  "--json", "--out", str(tmp_path)])  # fmt: skip
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert sorted(p["place"] for p in out["places"]) == [1, 2, 3, 3]
    assert sum(p["cash"] for p in out["places"]) == out["pool"] == 1000
    log = json.loads((tmp_path / "result_log.json").read_text())
    assert sorted((row["player"], row["place"], row["cash"]) for row in log) == sorted(
        (p["player"], p["place"], p["cash"]) for p in out["places"]
    )
    hands = sorted((tmp_path / "hands").glob("match*.phh"))
    assert len(hands) == out["hands"] > 0
    first = load(tmp_path / "hands" / "match001-hand00001.phh")
    assert first.event == "Star Heads-Up Championship" and first.level == 1
    assert first.players is not None and len(first.players) == 2


def test_run_heads_up_text_shows_each_round(tmp_path: Path) -> None:
    r = run(app, ["tournament", "run", str(EXAMPLES / "heads_up.toml"), "--bots", "3",
                  "--out", str(tmp_path), "--no-histories"])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "round 1:" in r.output and "round 2:" in r.output and "prize pool" in r.output


def test_invalid_conditions_exit_2_naming_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    text = (EXAMPLES / "small.toml").read_text().replace("starting_stack = 2000", "")
    bad.write_text(text)
    r = run(app, ["tournament", "run", str(bad)])
    assert r.exit_code == 2
    assert "starting_stack: missing" in r.output


def test_clock_display_driven_by_a_simulated_time_source() -> None:
    r = run(app, ["tournament", "clock", str(EXAMPLES / "small.toml"), "--simulate",
                  "--speed", "300", "--updates", "6"])  # fmt: skip
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert len(lines) == 6
    assert lines[0].startswith("Level 1") and "25/50" in lines[0] and "10:00" in lines[0]
    assert "05:00" in lines[1]
    assert lines[2].startswith("Level 2") and "next: break" in lines[2]
    assert lines[4].startswith("BREAK")
    assert lines[5].startswith("Level 3") and "bb ante 200" in lines[5]
