"""OHH export and import (issue 18): every export validates against the spec's JSON Schema
(tests/data, written from the OHH 1.4.7 specification), a player's export hides what that player
did not see, the in-scope PHH corpus round-trips PHH -> OHH -> rounds to the same actions and
stacks, croupier's own hands round-trip with their commission in ``rake``, and an OHH hand that
breaks the rules is refused, never repaired."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.histories import ohh
from croupier.histories.ohh_replay import replay_files, replay_hand
from croupier.histories.phh import load
from croupier.histories.phh_export import HOUSE, to_history
from croupier.histories.phh_replay import ReplayError, in_scope, phh_files, replay
from croupier.round import Round
from croupier.rules import find_rulebook
from croupier.sim.simulate import simulate
from croupier.table.presets import preset
from support.build import round_config

SCHEMA = json.loads((Path(__file__).parents[1] / "data" / "ohh-1.4.7.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
SHARED = Path(__file__).resolve().parents[3] / "shared" / "phh"
DEFECTIVE = "wsop-2019-42-3-00-01-07.phh"


def valid(hand: dict[str, Any]) -> dict[str, Any]:
    """The hand as a reader sees it (through JSON), validated against the schema."""
    data: dict[str, Any] = json.loads(ohh.dumps([hand]))
    errors = sorted(VALIDATOR.iter_errors(data), key=str)
    assert not errors, f"{errors[0].message} at {list(errors[0].path)}"
    return data


def same_round(a: Round, b: Round) -> None:
    assert to_history(a, HOUSE).actions == to_history(b, HOUSE).actions
    assert a.stacks == b.stacks


def test_the_schema_rejects_what_the_spec_forbids() -> None:
    """The schema can fail: a missing required field, a misspelt action, a bad card."""
    r = _rounds("dunedin-house", 5)[0][1]
    good = valid(ohh.to_ohh(r, HOUSE))
    for path, value in (
        (("ohh", "dealer_seat"), None),
        (("ohh", "rounds", 0, "actions", 0, "action"), "Posts SB"),
        (("ohh", "game_type"), "Texas"),
        (("ohh", "rounds", 0, "actions", -1, "cards"), ["1x"]),
    ):
        bad = copy.deepcopy(good)
        obj: Any = bad
        for k in path[:-1]:
            obj = obj[k]
        if value is None:
            del obj[path[-1]]
        else:
            obj[path[-1]] = value
        assert list(VALIDATOR.iter_errors(bad)), path


def _rounds(rb: str, hands: int, tmp: Path | None = None, **kw: Any) -> list[tuple[Any, Round]]:
    import tempfile

    d = tmp or Path(tempfile.mkdtemp())
    simulate(preset(rb, **kw), hands, seed=1, seats=6, history=d)
    out = []
    for f in phh_files([d]):
        h = load(f)
        out.append((h, replay(h, find_rulebook(rb))))
    return out


@pytest.mark.parametrize("rb", ["qld-holdem-2005", "act-omaha-2017", "dunedin-house"])
def test_own_rounds_round_trip_with_commission_as_rake(tmp_path: Path, rb: str) -> None:
    rounds = _rounds(rb, 40, tmp_path)
    raked = 0
    for h, r in rounds:
        data = valid(ohh.to_ohh(r, HOUSE, meta=h))
        rake = sum(p["rake"] for p in data["ohh"]["pots"])
        assert rake == r.commission == h.extra.get("_croupier_commission", 0)
        raked += rake > 0
        back = ohh.to_history(json.loads(json.dumps(data), parse_float=ohh.Decimal))
        assert back.finishing_stacks == tuple(r.stacks)
        same_round(r, replay_hand(data, find_rulebook(rb)))
    assert raked  # commission was taken and travelled in rake


def test_a_players_export_hides_what_the_player_did_not_see() -> None:
    checked = 0
    for h, r in _rounds("dunedin-house", 30):
        shown = {a.player - 1 for a in to_history(r, HOUSE).actions if _shows(a)}
        for me in range(r.config.players):
            data = valid(ohh.to_ohh(r, me, meta=h))["ohh"]
            assert data["hero_player_id"] == me
            dealt = {
                a["player_id"]: a.get("cards")
                for a in data["rounds"][0]["actions"]
                if a["action"] == "Dealt Cards"
            }
            assert dealt[me] == [str(c) for c in r.hole[me] or ()]
            showdown = {
                a["player_id"]: a["cards"]
                for rnd in data["rounds"]
                for a in rnd["actions"]
                if a["action"] == "Shows Cards"
            }
            for p, cards in dealt.items():
                if p != me:  # another's cards appear only in the showdown action
                    assert cards is None
                    checked += 1
                if p != me and p in shown:
                    assert showdown[p] == [str(c) for c in r.hole[p] or ()]
            text = json.dumps(data)
            for p in set(range(r.config.players)) - shown - {me}:
                for c in r.hole[p] or ():
                    board = {x for rnd in data["rounds"] for x in rnd.get("cards", [])}
                    assert str(c) in board or f'"{c}"' not in text
        house = valid(ohh.to_ohh(r, HOUSE, meta=h))["ohh"]
        assert "hero_player_id" not in house
        assert all(
            a.get("cards") for a in house["rounds"][0]["actions"] if a["action"] == "Dealt Cards"
        )
    assert checked > 0


def _shows(a: object) -> bool:
    from croupier.histories.phh import PhhShowMuck

    return isinstance(a, PhhShowMuck) and a.cards is not None


@pytest.mark.shared
@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/phh is not present")
def test_the_corpus_round_trips_through_ohh(tmp_path: Path) -> None:
    hands = []
    count = 0
    for f in phh_files([SHARED]):
        h = load(f)
        if not in_scope(h) or f.name == DEFECTIVE:
            continue
        r = replay(h)
        data = ohh.to_ohh(r, HOUSE, meta=h, unit_scale=h.unit_scale)
        if count % 10 == 0:  # every tenth validated for the house and a player, seats in turn
            valid(data)
            me = count // 10 % r.config.players
            valid(ohh.to_ohh(r, me, meta=h, unit_scale=h.unit_scale))
        hand = ohh.loads(ohh.dumps([data]))[0]
        assert ohh.to_history(hand).finishing_stacks == (h.finishing_stacks or tuple(r.stacks)), f
        same_round(r, replay_hand(hand))  # the strict replay replay_files runs on each hand
        if count % 10 == 0:  # and the file's reading, on every tenth
            hands.append(data)
        count += 1
    assert count == 3198
    (tmp_path / "corpus.ohh").write_text(ohh.dumps(hands))
    rep = replay_files([tmp_path / "corpus.ohh"])
    assert (rep.errors, rep.mismatched) == ([], [])
    assert rep.matched == rep.hands == len(hands) == 320


def _hand() -> dict[str, Any]:
    h, r = next((h, r) for h, r in _rounds("dunedin-house", 60) if _has(r, "Raise", "Call"))
    return valid(ohh.to_ohh(r, HOUSE, meta=h))


def _has(r: Round, *actions: str) -> bool:
    data = ohh.to_ohh(r, HOUSE)["ohh"]
    seen = {a["action"] for rnd in data["rounds"] for a in rnd["actions"]}
    return all(x in seen for x in actions)


def _first(data: dict[str, Any], action: str) -> dict[str, Any]:
    return next(a for rnd in data["ohh"]["rounds"] for a in rnd["actions"] if a["action"] == action)


def test_a_hand_that_breaks_the_rules_is_refused_not_repaired() -> None:
    data = _hand()
    rb = find_rulebook("dunedin-house")
    replay_hand(data, rb)
    wrong_call = copy.deepcopy(data)
    _first(wrong_call, "Call")["amount"] += 1
    with pytest.raises(ReplayError, match=r"the record has .* Call"):
        replay_hand(wrong_call, rb)
    small_raise = copy.deepcopy(data)
    raise_ = _first(small_raise, "Raise")
    raise_["amount"] = 1  # a raise of one chip over a bet: below the minimum
    with pytest.raises(ReplayError, match="dunedin-house"):
        replay_hand(small_raise, rb)
    out_of_turn = copy.deepcopy(data)
    acts = out_of_turn["ohh"]["rounds"][0]["actions"]
    betting = [a for a in acts if a["action"] in ("Fold", "Call", "Raise", "Check")]
    betting[0]["player_id"] = (betting[0]["player_id"] + 1) % len(out_of_turn["ohh"]["players"])
    with pytest.raises(ReplayError):
        replay_hand(out_of_turn, rb)


def test_cli_ohh_replay(tmp_path: Path) -> None:
    good = _hand()
    bad = copy.deepcopy(good)
    _first(bad, "Call")["amount"] += 1
    (tmp_path / "a.ohh").write_text(ohh.dumps([good, bad]))
    (tmp_path / "b.ohh").write_text("{not json")
    run = CliRunner().invoke
    res = run(app, ["ohh", "replay", str(tmp_path), "--json"])
    assert res.exit_code == 1, res.output
    report = json.loads(res.output)
    assert report["hands"] == 3 and report["matched"] == 1 and len(report["errors"]) == 2
    res = run(app, ["ohh", "replay", str(tmp_path / "a.ohh"), "-r", "nope"])
    assert res.exit_code == 2
    assert "unknown rulebook" in res.output


def test_random_rounds_of_every_game_round_trip() -> None:
    """Hold'em and Omaha, high and hi/lo, each structure: export, validate, import, replay."""
    import random

    from support.histories import GAMES, random_round

    for code, game, structure in GAMES:
        rng = random.Random(code)
        for seed in range(40):
            r = random_round(rng, seed, game, structure)
            data = valid(ohh.to_ohh(r, HOUSE))
            expected = {"FO/8": "OmahaHiLo", "PO": "Omaha"}.get(code, "Holdem")
            assert data["ohh"]["game_type"] == expected
            back = replay_hand(data)
            same_round(r, back)
            for me in range(r.config.players):  # a player's view: unseen cards unknown
                view = json.loads(ohh.dumps([ohh.to_ohh(r, me)]))  # as a reader sees it
                if me == seed % r.config.players:  # the schema: one seat's view a round, in turn
                    valid(view)
                seen = replay_hand(view)
                assert seen.stacks == r.stacks
                assert _betting(seen) == _betting(r)


def _betting(r: Round) -> list[object]:
    from croupier.histories.phh import PhhDealHole, PhhShowMuck

    return [a for a in to_history(r, HOUSE).actions if not isinstance(a, PhhDealHole | PhhShowMuck)]


def test_no_call_of_nothing_and_a_post_that_empties_the_stack_is_all_in(tmp_path: Path) -> None:
    """qld-holdem-2005's big blind taking the option is a Check, not a Call of 0 (and still
    round-trips); a blind that takes a player's last chip is posted all in."""
    from croupier.cards import parse_cards
    from croupier.round import DealBoard, DealHole, Fold

    checks = 0
    for h, r in _rounds("qld-holdem-2005", 40, tmp_path):
        data = valid(ohh.to_ohh(r, HOUSE, meta=h))
        acts = [a for rd in data["ohh"]["rounds"] for a in rd["actions"]]
        assert not [a for a in acts if a["action"] == "Call" and a["amount"] == 0]
        checks += sum(a["action"] == "Check" for a in data["ohh"]["rounds"][0]["actions"])
        same_round(r, replay_hand(data, find_rulebook("qld-holdem-2005")))
    assert checks
    r = Round(round_config(stacks=(1, 50, 50), blinds=(1, 2, 0), min_bet=2))
    for p, c in enumerate(["AsKs", "QdQc", "7h2c"]):
        r.apply(DealHole(p, parse_cards(c)))
    r.apply(Fold(2))
    for board in ("Ad7c2d", "3s", "9h"):
        r.apply(DealBoard(parse_cards(board)))
    posts = valid(ohh.to_ohh(r, HOUSE))["ohh"]["rounds"][0]["actions"][:2]
    assert [(a["action"], a["is_allin"]) for a in posts] == [
        ("Post SB", True),
        ("Post BB", False),
    ]


def test_replay_uses_each_files_rulebook_and_refuses_an_empty_folder(tmp_path: Path) -> None:
    """`phh replay` and `ohh replay` without --rulebook replay each hand under the rulebook it
    records (here qld-holdem-2005 and act-omaha-2017 together); a folder with no hands is an
    error (exit 2), not "0 hands"."""
    run = CliRunner().invoke
    for rb in ("qld-holdem-2005", "act-omaha-2017"):
        simulate(preset(rb), 30, seed=3, seats=6, history=tmp_path / "phh" / rb)
    res = run(app, ["phh", "replay", str(tmp_path / "phh"), "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["matched"] == report["hands"] == 60 and report["errors"] == []
    out = tmp_path / "all.ohh"
    res = run(app, ["export", "-f", "ohh", str(tmp_path / "phh"), "--out", str(out)])
    assert res.exit_code == 0, res.output
    res = run(app, ["ohh", "replay", str(out), "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["matched"] == report["hands"] == 60 and report["errors"] == []
    (tmp_path / "empty").mkdir()
    for fmt in ("phh", "ohh"):
        res = run(app, [fmt, "replay", str(tmp_path / "empty")])
        assert res.exit_code == 2 and f"no .{fmt} hand histories" in res.output, res.output
