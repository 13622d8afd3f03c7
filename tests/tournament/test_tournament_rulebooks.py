"""Tournament rules asked by behaviour: no rulebook id compared in croupier.tournament, an
unknown id refused clearly, and a new tournament rulebook is one value."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from croupier.rules.tournament import (
    DUNEDIN_HOUSE_TOURNAMENT,
    TOURNAMENT_RULES,
    UnknownTournamentRules,
    find_tournament_rules,
)
from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from support.tournament import started

SOURCES = Path(__file__).resolve().parents[2] / "src" / "croupier" / "tournament"

#: a rulebook id compared, or a clause picked by its rulebook's position
ID_BRANCH = re.compile(
    r"""(==|!=)\s*["'](qld-tournament-2020|act-omaha-2017|dunedin-house)["']"""
    r"""|\b(QLD|ACT|DUNEDIN)\b|self\.c\(|rules\s*(==|!=)"""
)


def test_no_rulebook_id_is_compared_in_tournaments() -> None:
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in sorted(SOURCES.glob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if ID_BRANCH.search(line)
    ]
    assert found == []


def test_an_unknown_tournament_rulebook_is_refused_by_name() -> None:
    with pytest.raises(UnknownTournamentRules, match=r"macau-house.*qld-tournament-2020"):
        find_tournament_rules("macau-house")


def test_each_book_runs_its_own_tables() -> None:
    assert {r.tables.id for r in TOURNAMENT_RULES.values()} == {
        "qld-holdem-2005",
        "act-omaha-2017",
        "dunedin-house",
    }


def test_a_new_tournament_rulebook_is_one_value(monkeypatch: pytest.MonkeyPatch) -> None:
    house = replace(DUNEDIN_HOUSE_TOURNAMENT, id="test-house", time_penalties=True)
    monkeypatch.setitem(TOURNAMENT_RULES, house.id, house)
    t = started(4)
    with pytest.raises(TournamentError):  # dunedin-house has no time penalties
        t.apply(cm.Penalise("p1", "minutes", 10))
    ours = Tournament(replace(t.conditions, rules="test-house"))
    ours = Tournament.from_events(ours.conditions, t.events)
    ours.apply(cm.Penalise("p1", "minutes", 10))
    assert ours.entrants["p1"].away_until == ours.clock.elapsed + 600
    assert ours.conditions.rulebook.id == "dunedin-house"
