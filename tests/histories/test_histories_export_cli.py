"""``croupier export`` and tournament results (issue 18): a table's rounds and a tournament's
hands in PHH, OHH and PokerStars text, per recipient; results as CSV, JSON and the PokerStars
summary layout; every bad input one line on stderr with exit status 2."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.histories import ohh
from croupier.histories.ohh_replay import replay_files
from croupier.histories.phh import load, loads
from croupier.histories.phh_replay import phh_files, replay
from croupier.rules import find_rulebook
from croupier.sim.simulate import simulate
from croupier.table.presets import preset

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tournaments"
SCHEMA = json.loads((Path(__file__).parents[1] / "data" / "ohh-1.4.7.schema.json").read_text())
run = CliRunner().invoke


@pytest.fixture(scope="module")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("t")
    res = run(app, ["tournament", "run", str(EXAMPLES / "small.toml"), "--bots", "12",
                    "--seed", "2", "--out", str(out), "--every", "1000"])  # fmt: skip
    assert res.exit_code == 0, res.output
    return out


def test_results_csv_json_and_summary(tournament: Path) -> None:
    doc = json.loads((tournament / "results.json").read_text())
    res = run(app, ["export", "-f", "csv", str(tournament)])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(res.output)))
    assert [int(r["place"]) for r in rows] == list(range(1, 13))
    assert {"place", "player", "prize", "bounties", "re_entries"} <= set(rows[0])
    assert sum(int(r["prize"]) for r in rows) == doc["prize_pool"]
    res = run(app, ["export", "-f", "json", str(tournament)])
    assert json.loads(res.output)["results"] == doc["results"]
    third = rows[2]["player"]
    res = run(app, ["export", "-f", "summary", str(tournament), "--player", third])
    lines = res.output.splitlines()
    assert lines[0].startswith("PokerStars Tournament #") and "No Limit Hold'em" in lines[0]
    assert lines[2] == "12 players"
    # a Dunedin tournament is in New Zealand dollars, as its rulebook says
    assert lines[1].endswith(" NZD") and "AUD" not in res.output
    assert lines[3] == f"Total Prize Pool: ${doc['prize_pool']} NZD"
    assert lines[-1] == "You finished in 3rd place."
    first = rows[0]
    share = 100 * int(first["prize"]) / doc["prize_pool"]
    assert f"  1: {first['player']} ({first['name']}), ${first['prize']} ({share:.2f}%)" in lines


def test_a_players_tournament_hands_replay_from_ohh(tournament: Path, tmp_path: Path) -> None:
    """Each player's view of every hand they played validates and replays to its stacks (the
    uncalled bet of a hand with a big-blind ante went to the ante's payer before the fix)."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    hands = tournament / "hands"
    players = {p for f in phh_files([hands]) for p in load(f).players or ()}
    for p in sorted(players)[:4]:
        res = run(app, ["export", "-f", "ohh", str(hands), "--player", p])
        assert res.exit_code == 0, res.output
        got = ohh.loads(res.output)
        assert got and all(h["ohh"]["tournament"] for h in got)
        for h in json.loads("[" + ",".join(res.output.split("\n\n")[:-1]) + "]"):
            assert not list(validator.iter_errors(h))
            me = h["ohh"]["hero_player_id"]
            assert h["ohh"]["players"][me]["name"] == p
        (tmp_path / f"{p}.ohh").write_text(res.output)
        rep = replay_files([tmp_path / f"{p}.ohh"], find_rulebook("dunedin-house"))
        assert (rep.errors, rep.mismatched) == ([], [])
        assert rep.matched == len(got)


def test_a_tables_rounds_in_every_hand_format(tmp_path: Path) -> None:
    simulate(preset("act-omaha-2017"), 20, seed=3, seats=6, history=tmp_path / "h")
    src = str(tmp_path / "h")
    res = run(app, ["export", "-f", "pokerstars", src])
    assert res.exit_code == 0, res.output
    assert res.output.count("PokerStars Hand #") == 20
    assert "Omaha Pot Limit" in res.output
    res = run(app, ["export", "-f", "ohh", src, "--out", str(tmp_path / "all.ohh")])
    assert res.exit_code == 0, res.output
    assert len(ohh.loads((tmp_path / "all.ohh").read_text())) == 20
    name = load(phh_files([tmp_path / "h"])[0]).players[0]  # type: ignore[index]
    res = run(app, ["export", "-f", "phh", src, "--player", name, "--out", str(tmp_path / "p")])
    assert res.exit_code == 0, res.output
    for f in phh_files([tmp_path / "p"]):
        h = load(f)
        assert h.players is not None and name in h.players
        assert h.extra["_croupier_recipient"] == f"p{h.players.index(name) + 1}"
        assert replay(h, find_rulebook("act-omaha-2017")).stacks == list(h.finishing_stacks or ())
    res = run(app, ["export", "-f", "phh", str(phh_files([tmp_path / "h"])[0])])
    assert loads(res.output).extra["_croupier_recipient"] == "house"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-f", "xml", "."], "no format 'xml'"),
        (["-f", "ohh", "/no/such/place"], "no such file or folder"),
        (["-f", "csv", "."], "give one tournament folder"),
        (["-f", "ohh", "{hands}", "--player", "nobody"], "no hand of player 'nobody'"),
        (["-f", "ohh", "{hands}", "-r", "nope"], "unknown rulebook"),
        (["-f", "pokerstars", "{halfpot}"], "half-pot betting has no PokerStars name"),
        (["-f", "ohh", "{forged}"], "records stacks"),
    ],
)
def test_every_bad_input_is_one_line_and_status_2(
    tmp_path: Path, args: list[str], message: str
) -> None:
    hands = tmp_path / "hands"
    simulate(preset("dunedin-house"), 3, seed=1, history=hands)
    halfpot = tmp_path / "halfpot"
    simulate(preset("qld-holdem-2005", structure="half-pot"), 2, seed=1, history=halfpot)
    forged = tmp_path / "forged.phh"
    text = phh_files([hands])[0].read_text()
    forged.write_text(text.replace("finishing_stacks = [", "finishing_stacks = [1"))
    where = {"{hands}": str(hands), "{halfpot}": str(halfpot), "{forged}": str(forged)}
    res = run(app, ["export", *(where.get(a, a) for a in args)])
    assert res.exit_code == 2, res.output
    err = res.stderr if res.stderr_bytes is not None else res.output
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("croupier: error:") and message in lines[0]
