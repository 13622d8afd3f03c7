"""Dunedin Casino House Rules for Poker (TDA-derived)."""

from __future__ import annotations

from croupier.rules.commission import PostedRake
from croupier.rules.floor import FloorRules
from croupier.rules.rulebook import Rulebook
from croupier.rules.table import (
    ButtonRule,
    SeatChangeRule,
    ShortStakeRule,
    TablePreset,
    TableRules,
)

#: dunedin-house 3-76: the floor rules' defaults are this rulebook's
DUNEDIN_HOUSE_FLOOR = FloorRules()

DUNEDIN_HOUSE = Rulebook(
    id="dunedin-house",
    title="Dunedin Casino House Rules for Poker (TDA-derived)",
    currency="NZD",
    table=TableRules(
        button_rule=ButtonRule.DEAD_BUTTON,
        short_stake_rule=ShortStakeRule.BUY_IN_AFTER_BUST,
        seat_change_rule=SeatChangeRule.MORE_THAN_TWO_SEATS_WAITS,
        returning_player_owes_missed_blinds=True,
        rathole_rule=True,
        away_seconds=15 * 60,
        clock_countdown_seconds=10,
        sit_clause="dunedin-house 19",
        entry_clause="dunedin-house 29",
        no_change_clause="dunedin-house 22",
        add_clause="dunedin-house 22",
        reduce_clause="dunedin-house 22",
        rebuy_clause="dunedin-house 24",
        buy_in_clause="dunedin-house 19",
        sit_out_clause="dunedin-house 18",
        absent_hand_clause="dunedin-house 92",
        return_clause="dunedin-house 26",
        sitting_out_clause="dunedin-house 26",
        first_button_clause="dunedin-house glossary: Dealer Button",
        blind_clauses=("dunedin-house 26", "dunedin-house 26"),
        seat_draw_clause="dunedin-house 16",
        vacancy_clause="dunedin-house 17",
        vacancy_draw_clause="dunedin-house 16",
        seat_change_clause="dunedin-house 28",
        moved_player_may_take_button=True,
        away_clause="dunedin-house 18",
        clock_clause="dunedin-house 90",
        funds_lock_clause="dunedin-house 77",
        preset=TablePreset(
            "holdem",
            "no-limit",
            1,
            2,
            40,
            PostedRake(percent=5, cap=5, no_flop_no_drop=True),
        ),
    ),
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
    # the round engine's own rulings; the house rules charge no participation fee, set no table
    # maximum bet and rank no hands: house defaults, as the Queensland and ACT rules do
    fee_clause="dunedin-house house default (as qld-holdem-2005 s20(2))",
    table_max_bet_clause="dunedin-house house default (as qld-holdem-2005 s25(4))",
    fee_with_commission_clause="dunedin-house house default (as qld-holdem-2005 s20(3))",
    structured_bet_sizes_clause="dunedin-house house default (as qld-holdem-2005 s28(8))",
    hand_order_clause="dunedin-house house default (as qld-holdem-2005 s8)",
    reduced_deck_hand_order_clause="dunedin-house house default (as act-omaha-2017 3.4)",
    short_deck_hand_order_clause="dunedin-house house default (as qld-tournament-2020 4.46(2))",
)
