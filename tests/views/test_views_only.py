"""Views are the one place that reads another seat's hole cards (issue 14 item 5).

A scan of every module's syntax tree finds each read of a ``hole`` or ``holes`` attribute (how
a round holds its positions' hole cards, ``Round.hole[p]``, and an Ultimate Texas Hold'em box
its own, ``BoxState.hole``) and allows it only in :mod:`croupier.views`, in the code that
owns and conducts the cards, and in the exporters that write the house's full record. The CLI,
the bots, the benchmarks and the room ask a view for what a recipient may see.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from croupier.round import CheckCall
from croupier.shoe import Shoe
from croupier.table.commands import Act, SitDown, StartRound
from croupier.table.presets import preset
from croupier.table.table import Table
from croupier.views import Viewer, hole_cards

SRC = Path(__file__).resolve().parents[2] / "src" / "croupier"

ATTRIBUTES = {"hole", "holes"}

#: Where reading the hole cards is allowed, with the reason (paths relative to src/croupier).
ALLOWED = {
    "views.py": "the one projection for a recipient",
    "round/": "the round owns its positions' cards",
    "table/": "the table deals and conducts the round",
    "floor/": "floor rulings act on the cards (dead and exposed hands, replacements)",
    "tournament/hands.py": "the tournament's deal turns live hands face up (qld-tournament-2020 "
    "4.30, dunedin-house 84)",
    "uth/": "the UTH round owns its boxes' cards and settles them",
    "hands/": "a hand value's own cards",
    "histories/": "hand-history exporters write the house's full record",
    "histories/phh_export.py": "the PHH exporter writes the house's full record",
}


def _allowed(rel: str) -> bool:
    return any(rel == a or (a.endswith("/") and rel.startswith(a)) for a in ALLOWED)


def reads(tree: ast.AST) -> list[int]:
    return sorted(
        n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in ATTRIBUTES
    )


def test_the_scan_finds_hole_card_reads() -> None:
    found = reads(ast.parse("a = r.hole[2]\nb = box.hole\nc = t.holes\nd = view.own_hole\n"))
    assert found == [1, 2, 3]


def test_allowed_paths_exist() -> None:
    for a in ALLOWED:
        assert (SRC / a).exists(), a


@pytest.mark.parametrize("rel", sorted(p.relative_to(SRC).as_posix() for p in SRC.rglob("*.py")))
def test_only_views_read_hole_cards(rel: str) -> None:
    if _allowed(rel):
        return
    found = reads(ast.parse((SRC / rel).read_text(), rel))
    assert not found, f"src/croupier/{rel} reads hole cards at lines {found}: ask croupier.views"


def test_a_seat_sees_its_own_cards_and_the_dealer_every_hand() -> None:
    cfg = preset("dunedin-house", seats=3)
    t = Table(cfg)
    for seat, name in enumerate(("ann", "bob", "cat"), 1):
        t.apply(SitDown(name, seat, 100))
    t.apply(StartRound(Shoe(cfg.game.deck, seed=4).shuffle().order, 0))
    r = t.round
    assert r is not None
    for p in range(3):
        dealt = hole_cards(r, p, Viewer.DEALER)
        assert len(dealt) == 2
        assert hole_cards(r, p, p) == dealt
        assert hole_cards(r, p, (p + 1) % 3) == ()
        assert hole_cards(r, p, Viewer.SPECTATOR) == ()
    while t.round is not None:
        la = t.round.legal_actions()
        assert la is not None
        t.apply(Act(CheckCall(la.player), 0))
