"""The table asks its rulebook's table rules (settings named by behaviour, clause ids), never a
rulebook's id: a rulebook that changes one setting changes the table, and an unknown id fails."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from croupier.cards import parse_cards
from croupier.rules import DUNEDIN_HOUSE, UnknownRulebook
from croupier.shoe import Shoe
from croupier.table.button import Status
from croupier.table.commands import SitDown, StartRound
from croupier.table.events import PlayerSat
from croupier.table.presets import preset
from croupier.table.seats import Priority, draw_for_seat, vacancy_claimants
from croupier.table.stakes import Stakes
from croupier.table.table import Table, TableConfig

TABLE_SRC = Path(__file__).resolve().parents[2] / "src" / "croupier" / "table"

#: A house set that inherits dunedin-house and lets a new player play at once.
OPEN_DOORS = replace(
    DUNEDIN_HOUSE,
    id="open-doors-house",
    table=replace(DUNEDIN_HOUSE.table, new_player_may_play_at_once=True),
)


def _between_rounds(config: TableConfig) -> Table:
    t = Table(config)
    for i in range(3):
        t.apply(SitDown(f"p{i + 1}", i + 1, 100))
    t.apply(StartRound(Shoe(config.game.deck, seed=3).shuffle().order))
    return t


def test_no_table_module_compares_a_rulebook_id() -> None:
    pattern = re.compile(r"\b(QLD|ACT|DUNEDIN)\b|\.id\s*[!=]=|rules\s*[!=]=|rulebook\s*[!=]=")
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in sorted(TABLE_SRC.glob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []


def test_one_setting_changes_the_table() -> None:
    stakes = Stakes(1, 2, 40)
    house = _between_rounds(TableConfig(DUNEDIN_HOUSE, stakes))
    house.apply(SitDown("late", 7, 100))
    assert house.seat("late").status is Status.WAITING
    open_doors = _between_rounds(TableConfig(OPEN_DOORS, stakes))
    open_doors.apply(SitDown("late", 7, 100))
    assert open_doors.seat("late").status is Status.PLAYING
    sat = open_doors.events[-1]
    assert isinstance(sat, PlayerSat) and sat.clause == "dunedin-house 19"


def test_an_unknown_rulebook_fails_clearly() -> None:
    with pytest.raises(UnknownRulebook, match="macau-house"):
        draw_for_seat("macau-house", dict(zip("ab", parse_cards("AhKs"), strict=True)))
    with pytest.raises(UnknownRulebook, match="macau-house"):
        vacancy_claimants("macau-house", [("a", Priority.PLAYER)])
    with pytest.raises(UnknownRulebook, match="macau-house"):
        preset("macau-house")
