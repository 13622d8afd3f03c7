"""Every round exports to PHH; the export replays to the same stacks (issue: hand histories)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from croupier.cards import Deck
from croupier.histories.phh import dumps, load, loads
from croupier.histories.phh_export import HOUSE, to_history, variant_code
from croupier.histories.phh_replay import replay
from croupier.round import (
    BetRaise,
    Fold,
    Game,
    Round,
    Structure,
)
from croupier.shoe import Shoe
from support.build import round_config
from support.histories import GAMES, random_round


def _script() -> ModuleType:
    """scripts/phh_pokerkit.py, loaded without putting scripts/ on the path (it holds a
    coverage.py that would shadow the package)."""
    path = Path(__file__).parents[2] / "scripts" / "phh_pokerkit.py"
    spec = importlib.util.spec_from_file_location("phh_pokerkit", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["phh_pokerkit"] = module
    spec.loader.exec_module(module)
    return module


pokerkit_check = _script().check


@pytest.mark.parametrize(("code", "game", "structure"), GAMES, ids=[g[0] for g in GAMES])
def test_export_replays_to_the_same_stacks(code: str, game: Game, structure: Structure) -> None:
    rng = random.Random(code)
    for seed in range(150):
        r = random_round(rng, seed, game, structure)
        assert variant_code(r) == code
        h = loads(dumps(to_history(r, HOUSE)))
        assert h.finishing_stacks == tuple(r.stacks)
        assert replay(h).stacks == r.stacks


def test_export_names_the_rulebook() -> None:
    r = random_round(random.Random(1), 1, Game.holdem(), Structure.no_limit())
    assert to_history(r, HOUSE).extra["_croupier_rulebook"] == "dunedin-house"
    assert Deck.standard().size == 52


def test_floor_rulings_travel_with_the_exported_round() -> None:
    """A killed hand exports as a fold; the ruling and a misdeal travel as _croupier_ fields."""
    from croupier.cards import parse_cards
    from croupier.floor import DealError, DealIrregularity, HandKilledByDealer, apply_incident
    from croupier.histories.phh import PhhFold
    from croupier.round import DealHole, Round

    cfg = round_config(stacks=(100, 100, 100), blinds=(1, 2, 0), min_bet=2)
    r = Round(cfg)
    for p, cards in enumerate(["AsKs", "QdQc", "7h2c"]):
        r.apply(DealHole(p, parse_cards(cards)))
    apply_incident(r, HandKilledByDealer(2))
    h = loads(dumps(to_history(r, HOUSE)))
    assert PhhFold(3) in h.actions
    assert any("dunedin-house 69" in x for x in h.extra["_croupier_rulings"])  # type: ignore[union-attr]

    v = Round(cfg)
    apply_incident(v, DealIrregularity(DealError.CUT_EXPOSED))
    assert "dunedin-house 68" in str(loads(dumps(to_history(v, HOUSE))).extra["_croupier_voided"])


@pytest.mark.parametrize("rulebook", ["qld-holdem-2005", "act-omaha-2017", "dunedin-house"])
def test_pokerkit_reads_exports_to_croupiers_stacks(rulebook: str, tmp_path: Path) -> None:
    """pokerkit, knowing only the PHH specification, reaches croupier's final stacks (commission
    aside) on at least 99 % of a table's exports: full pot written as a standard variant, dead
    blinds as dead antes, newcomers' blinds that do not open, heads-up blinds as PHH orders them
    (issue 30)."""
    from croupier.sim.simulate import simulate
    from croupier.table.presets import preset

    simulate(preset(rulebook), 60, 1, 9, tmp_path)
    files = sorted(tmp_path.glob("*.phh"))
    bad = [f"{f.name}: {why}" for f in files if (why := pokerkit_check(load(f))) is not None]
    assert len(files) == 60
    assert len(bad) <= len(files) // 100, bad
    h = load(files[-1])
    n = h.player_count
    # names are not PHH's names of positions; a cash hand carries its seats, table and date
    assert h.players is not None and not set(h.players) & {f"p{i}" for i in range(1, 11)}
    assert h.seats is not None and len(h.seats) == n and h.table == "simulation"
    assert h.year is not None and h.month is not None and h.day is not None and h.time


def test_a_game_phh_cannot_express_is_a_one_line_error(tmp_path: Path) -> None:
    """Short-deck with the flush above the full house (option A) has no PHH variant: export
    says so in one line, exit status 2; croupier's own file still replays."""
    from typer.testing import CliRunner

    from croupier.cli import app
    from croupier.sim.simulate import simulate
    from croupier.table.presets import preset

    simulate(preset("dunedin-house", "short-deck", "no-limit"), 2, 1, 9, tmp_path / "h")
    res = CliRunner().invoke(app, ["export", "-f", "phh", str(tmp_path / "h")])
    assert res.exit_code == 2
    assert "PHH has no variant for short-deck-A" in res.output
    assert len(res.output.strip().splitlines()) == 1


def test_heads_up_blinds_read_by_pokerkit_as_croupier_posts_them() -> None:
    """act-omaha-2017 heads-up: the player left of the button posts the small blind and acts
    first; PHH reverses heads-up blinds, so they are written reversed (croupier's own in
    _croupier_config), and both readers reach the same stacks."""
    from croupier.rules import find_rulebook

    rb = find_rulebook("act-omaha-2017")
    cfg = round_config(
        stacks=(100, 100), blinds=(1, 2), min_bet=2, rulebook=rb,
        game=Game.omaha_game(), structure=Structure.pot_limit(),
        deck_order=Shoe(Game.omaha_game().deck, seed=3).shuffle().order,
    )  # fmt: skip
    r = Round(cfg)
    r.apply(BetRaise(0, 6))
    r.apply(Fold(1))
    h = loads(dumps(to_history(r, HOUSE)))
    assert h.blinds_or_straddles == (2, 1)
    assert replay(h, rb).stacks == r.stacks == [102, 98]
    assert pokerkit_check(h) is None
