"""Tournament conditions files: the examples load; invalid files name the field and problem."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from croupier.tournament import ConditionsError, load_conditions, parse_conditions
from support.tournament import EXAMPLES

BASE: dict[str, Any] = {
    "name": "Test Cup",
    "date": "2026-11-27T19:00",
    "rules": "dunedin-house",
    "entry_fee": 100,
    "starting_stack": 5000,
    "levels": [
        {"small_blind": 25, "big_blind": 50, "minutes": 10},
        {"small_blind": 50, "big_blind": 100, "minutes": 10},
    ],
}


def conditions(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_examples_load(path: Path) -> None:
    c = load_conditions(path)
    assert c.levels and c.starting_stack > 0 and c.name


def test_qld_tournament_2020_1_minimum_requirements_are_read() -> None:
    c = parse_conditions(conditions(admin_fee=10, max_entrants=120))
    assert (c.entry_fee, c.admin_fee, c.max_entrants, c.starting_stack) == (100, 10, 120, 5000)
    assert c.start.year == 2026 and c.start.hour == 19
    assert [lv.big_blind for lv in c.levels] == [50, 100]


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"date": None}, "date", "missing"),
        ({"date": "next friday"}, "date", "date and time"),
        ({"name": None}, "name", "missing"),
        ({"rules": "wsop"}, "rules", "must be one of"),
        ({"entry_fee": "100"}, "entry_fee", "whole number"),
        ({"entry_fee": -5}, "entry_fee", "at least 0"),
        ({"starting_stack": 0}, "starting_stack", "at least 1"),
        ({"starting_stack": 5010}, "starting_stack", "multiple"),
        ({"levels": []}, "levels", "required"),
        ({"levels": [{"small_blind": 100, "big_blind": 50, "minutes": 10}]},
         "levels[1].small_blind", "exceeds the big blind"),
        ({"levels": [{"small_blind": 25, "big_blind": 50}]}, "levels[1].minutes", "missing"),
        ({"levels": [{"small_blind": 25, "big_blind": 60, "minutes": 5}]},
         "levels[1].big_blind", "cannot be paid in 25 chips"),
        ({"levels": [{"small_blind": 25, "big_blind": 50, "minutes": 5, "colour_up": 100}]},
         "levels[1].colour_up", "smallest chip"),
        ({"levels": [{"small_blind": 25, "big_blind": 50, "minutes": 5, "blinds": 3}]},
         "levels[1].blinds", "unknown field"),
        ({"levels": [{"break": True, "minutes": 5}]}, "levels", "break"),
        ({"chips": [25, 60]}, "chips", "not a multiple"),
        ({"payouts": [50, 30, 10]}, "payouts", "not 100"),
        ({"payouts": [30, 50, 20]}, "payouts", "lower place"),
        ({"table_size": 11}, "table_size", "at most 10"),
        ({"final_table_size": 10, "table_size": 9}, "final_table_size", "exceeds"),
        ({"minimum_age": 16}, "minimum_age", "under 18"),
        ({"commission": 10}, "commission", "retain no tournament commission"),
        ({"rebuy": {"price": 100, "chips": 5000, "until_level": 9}}, "rebuy.until_level",
         "only 2 blind levels"),
        ({"rebuy": {"price": 100}}, "rebuy.chips", "missing"),
        ({"add_on": {"price": 100, "chips": 5000}}, "add_on", "re-buy period"),
        ({"heads_up": {"matches": 5}}, "heads_up.matches", "best of three"),
        ({"flights": {"names": ["1A"]}}, "flights.names", "two or more"),
        ({"flights": {"names": ["1A", "1B"]}}, "flights", "survive_fraction"),
        ({"game": "omaha", "rules": "qld-tournament-2020", "structure": "full-pot"}, "game",
         "governs holdem, short-deck"),
        ({"game": "short-deck"}, "game", "short-deck"),
        ({"colour": "red"}, "colour", "unknown field"),
        ({"special_rounds": [{"level": 9, "kind": "bonus", "chips": 100}]},
         "special_rounds[1].level", "only 2"),
        ({"special_rounds": [{"level": 1, "kind": "bonus"}]}, "special_rounds[1]", "chips or"),
        ({"special_rounds": [{"level": 1, "kind": "lottery"}]}, "special_rounds[1].kind",
         "must be one of"),
    ],
)  # fmt: skip
def test_invalid_conditions_name_the_field(changes: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(ConditionsError) as info:
        parse_conditions(conditions(**changes))
    assert info.value.field == field
    assert words in str(info.value)


def test_qld_tournament_2020_4_1_no_limit_is_not_a_queensland_structure() -> None:
    with pytest.raises(ConditionsError, match="qld-holdem-2005, which has no no-limit") as info:
        parse_conditions(conditions(rules="qld-tournament-2020"))
    assert info.value.field == "structure"
    c = parse_conditions(conditions(rules="qld-tournament-2020", structure="full-pot"))
    assert c.rulebook.id == "qld-holdem-2005"


def test_qld_tournament_2020_4_46_short_deck_option_selects_the_hand_order() -> None:
    for option in ("A", "B"):
        c = parse_conditions(
            conditions(rules="qld-tournament-2020", structure="full-pot", game="short-deck",
                       short_deck_option=option)
        )  # fmt: skip
        assert c.game_rules.deck.size == 36
        assert c.game_rules.order.name == f"short-deck-{option}"


def test_act_omaha_2017_20_22_commission_is_retained_from_the_entry_fee() -> None:
    c = parse_conditions(conditions(rules="act-omaha-2017", commission=10, game="omaha"))
    assert c.commission == 10 and c.game_rules.omaha


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("name = \n", encoding="utf-8")
    with pytest.raises(ConditionsError, match="not valid TOML") as info:
        load_conditions(bad)
    assert info.value.field == "file"
    with pytest.raises(ConditionsError, match="cannot read"):
        load_conditions(tmp_path / "missing.toml")
