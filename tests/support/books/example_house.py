"""An example house's rulebook: dunedin-house's rules, except that a flop exposed early or dealt
without a burn card is not dealt again (dunedin-house 71): the exposed card is dealt as the
first card of the flop with the betting capped (72), and a card dealt in a missed burn card's
place is burned (76), as at the turn and river."""

from __future__ import annotations

from dataclasses import replace

from croupier.rules import DUNEDIN_HOUSE, register_rulebook

EXAMPLE_HOUSE = register_rulebook(
    replace(
        DUNEDIN_HOUSE,
        id="example-house",
        title="Example House Rules (dunedin-house, flop errors not redealt)",
        floor=replace(DUNEDIN_HOUSE.floor, flop_error_redealt=False),
    )
)
