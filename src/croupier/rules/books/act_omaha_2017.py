"""Casino Canberra Rules of Poker - Omaha (ACT, 2017)."""

from __future__ import annotations

from croupier.rules.rulebook import Rulebook

ACT_OMAHA_2017 = Rulebook(
    id="act-omaha-2017",
    title="Casino Canberra Rules of Poker - Omaha (ACT, 2017)",
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
    cut_clause="act-omaha-2017 7.2",
    winner_clause="act-omaha-2017 13.1",
    irregularities="act",
    dead_hand_clause="act-omaha-2017 17.9",
)
