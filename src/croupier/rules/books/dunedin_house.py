"""Dunedin Casino House Rules for Poker (TDA-derived)."""

from __future__ import annotations

from croupier.rules.floor import FloorRules
from croupier.rules.rulebook import Rulebook

#: dunedin-house 3-76: the floor rules' defaults are this rulebook's
DUNEDIN_HOUSE_FLOOR = FloorRules()

DUNEDIN_HOUSE = Rulebook(
    id="dunedin-house",
    title="Dunedin Casino House Rules for Poker (TDA-derived)",
    blinds_clause="dunedin-house 25",
    first_round_clause="dunedin-house glossary: Call",
    check_clause="dunedin-house glossary: Check",
    min_raise_clause="dunedin-house 37",
    max_bet_clause="dunedin-house 36",
    all_in_clause="dunedin-house glossary: Call",
    reopen_clause="dunedin-house 46",
    raise_cap_clause="dunedin-house 39",
    turn_clause="dunedin-house 57",
    showdown_clause="dunedin-house 64",
    split_clause="dunedin-house 61",
    # The house rules are silent on odd chips; croupier applies the TDA practice as a documented
    # house default: the first winner clockwise from the button takes them.
    odd_chip_clause="dunedin-house house default (odd chip left of the button)",
    uncontested_clause="dunedin-house glossary: Pot",
    uncalled_clause="dunedin-house glossary: Pot",
    side_pot_clause="dunedin-house glossary: Main Pot",
    floor=DUNEDIN_HOUSE_FLOOR,
)
