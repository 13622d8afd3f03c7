"""Every history croupier writes replays under its rulebook to its recorded stacks (issue 18):
cash tables under each rulebook, game and betting structure (commission, newcomers' posted big
blinds, dead blinds, raise caps), and tournaments (heads-up by the tournament's rules)."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.histories.phh import load
from croupier.histories.phh_replay import phh_files, replay_files
from croupier.histories.roundconfig import KEY
from croupier.rules import find_rulebook
from croupier.sim.simulate import simulate
from croupier.table.presets import GAMES, STRUCTURES, PresetError, preset
from croupier.tournament.conditions import load_conditions
from croupier.tournament.runner import run_heads_up_tournament, run_tournament

RULEBOOKS = ("qld-holdem-2005", "act-omaha-2017", "dunedin-house")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tournaments"

CASES = [(rb, g, s) for rb in RULEBOOKS for g in GAMES for s in STRUCTURES]


@pytest.mark.parametrize(("rb", "game", "structure"), CASES, ids=["-".join(c) for c in CASES])
def test_simulated_histories_replay_to_their_stacks(
    tmp_path: Path, rb: str, game: str, structure: str
) -> None:
    try:
        cfg = preset(rb, game=game, structure=structure, seats=6)
    except PresetError:
        assert rb == "qld-holdem-2005" and structure == "no-limit"  # s28(1)
        return
    simulate(cfg, 30, seed=len(game) + len(structure), seats=6, history=tmp_path)
    files = phh_files([tmp_path])
    assert len(files) == 30
    for batch in (True, False):
        rep = replay_files(files, find_rulebook(rb), batch=batch)
        assert (rep.errors, rep.mismatched, rep.odd_chip) == ([], [], [])
        assert rep.in_scope == rep.matched == 30


def test_the_replay_applies_commission_and_newcomers_blinds(tmp_path: Path) -> None:
    """The cases the issue found: commission not taken on replay, and a newcomer's posted big
    blind read as the round's big blind (the wrong player then acts first)."""
    simulate(preset("act-omaha-2017"), 200, seed=0, history=tmp_path)
    files = phh_files([tmp_path])
    hands = [load(f) for f in files]
    raked = [h for h in hands if h.extra.get("_croupier_commission")]
    newcomer = [h for h in hands if "big_blind_position" in h.extra[KEY]]
    assert raked and newcomer
    rep = replay_files(files, find_rulebook("act-omaha-2017"))
    assert rep.matched == rep.in_scope == 200


def test_tournament_histories_replay(tmp_path: Path) -> None:
    c = load_conditions(EXAMPLES / "small.toml")
    _, stats = run_tournament(c, 12, seed=3, keep_histories=True)
    hc = load_conditions(EXAMPLES / "heads_up.toml")
    _, _, hstats = run_heads_up_tournament(hc, 4, seed=3, keep_histories=True)
    for conditions, histories in ((c, stats.histories), (hc, hstats.histories)):
        from croupier.histories.phh import dump

        out = tmp_path / conditions.rules
        out.mkdir()
        for table, hand, h in histories:
            dump(h, out / f"{table:03d}-{hand:05d}.phh")
        rep = replay_files(phh_files([out]), find_rulebook(conditions.rulebook.id))
        assert (rep.errors, rep.mismatched) == ([], [])
        assert rep.matched == rep.in_scope == len(histories) > 0
