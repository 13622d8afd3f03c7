"""Casino Canberra Rules of Poker - Omaha (ACT, 2017)."""

from __future__ import annotations

from croupier.rules.commission import Commission
from croupier.rules.rulebook import Rulebook
from croupier.rules.table import (
    ButtonRule,
    SeatChangeRule,
    ShortStakeRule,
    TablePreset,
    TableRules,
)

ACT_OMAHA_2017 = Rulebook(
    id="act-omaha-2017",
    title="Casino Canberra Rules of Poker - Omaha (ACT, 2017)",
    table=TableRules(
        button_rule=ButtonRule.MOVING_BUTTON,
        short_stake_rule=ShortStakeRule.DECLARED_BELOW_MINIMUM,
        seat_change_rule=SeatChangeRule.FURTHER_FROM_BLINDS_WAITS,
        returning_player_owes_missed_blinds=True,
        max_buy_in_enforced=True,
        button_orbit=True,
        abstain_rounds=3,
        instruction_seconds=40,
        time_charge_allowed=True,
        voiding_clauses=("act-omaha-2017 19.1", "act-omaha-2017 19.3"),
        sit_clause="act-omaha-2017 4.3",
        entry_clause="act-omaha-2017 17.11",
        no_change_clause="act-omaha-2017 4.4",
        add_clause="act-omaha-2017 4.5",
        reduce_clause="act-omaha-2017 4.6",
        rebuy_clause="act-omaha-2017 14.3",
        buy_in_clause="act-omaha-2017 4.3",
        sit_out_clause="act-omaha-2017 17.4",
        return_clause="act-omaha-2017 17.4",
        sitting_out_clause="act-omaha-2017 17.4",
        first_button_clause="act-omaha-2017 8.3",
        blind_clauses=("act-omaha-2017 8.5", "act-omaha-2017 8.5"),
        seat_draw_clause="act-omaha-2017 8.2",
        vacancy_clause="act-omaha-2017 8.2",
        close_clause="act-omaha-2017 18.2",
        abstain_clause="act-omaha-2017 19.6",
        instruction_clause="act-omaha-2017 4.8(b)",
        preset=TablePreset(
            "omaha", "pot-limit", 1, 2, 40, Commission("act-5", cap=5), max_buy_in=400
        ),
    ),
    heads_up_button_small_blind=False,
    blinds_clause="act-omaha-2017 4.2(c)-(f)",
    first_round_clause="act-omaha-2017 10.2",
    check_clause="act-omaha-2017 11.1-11.2",
    min_raise_clause="act-omaha-2017 5.1, 6.2",
    max_bet_clause="act-omaha-2017 4.2(g)",
    all_in_clause="act-omaha-2017 14.1",
    reopen_clause="act-omaha-2017 14.5",
    raise_cap_clause="act-omaha-2017 betting round (dictionary)",
    turn_clause="act-omaha-2017 10.1, 12.3",
    showdown_clause="act-omaha-2017 13.1",
    split_clause="act-omaha-2017 13.2",
    odd_chip_clause="act-omaha-2017 13.2",
    uncontested_clause="act-omaha-2017 12.4(a)",
    uncalled_clause="act-omaha-2017 15.2(b)",
    side_pot_clause="act-omaha-2017 14.2",
    dead_blind_clause="act-omaha-2017 17.4",
    deck_clause="act-omaha-2017 2.2",
    winner_clause="act-omaha-2017 13.1",
    irregularities="act",
    dead_hand_clause="act-omaha-2017 17.9",
)
