"""dunedin-house's tournament rules: 78-107: tournaments.

Every clause a tournament under it cites is named here: the book's own, or its own "house
default (as ...)" where it is silent and croupier applies another rulebook's rule.
"""

from __future__ import annotations

from croupier.rules.books.dunedin_house import DUNEDIN_HOUSE
from croupier.rules.tournament_rules import TournamentRules

DUNEDIN_HOUSE_TOURNAMENT = TournamentRules(
    id="dunedin-house",
    title="Dunedin Casino House Rules for Poker (TDA-derived), 78-107: tournaments",
    tables=DUNEDIN_HOUSE,
    add_on_once_only=True,
    rebuy_at_most_starting_stack=True,
    missed_hand_penalties=True,
    kills_dead_hands_after_deal=True,
    full_blind_clause="dunedin-house 94",
    all_in_exposure_clause="dunedin-house 84",
    clock_countdown=10,
    slow_player_limit=10,
    director_retrieves_any_hand=True,
    entrant_clause="dunedin-house 78",
    one_entry_clause="dunedin-house 78",
    eligibility_clause="dunedin-house house default (as qld-tournament-2020 3.13)",
    members_clause="dunedin-house house default (as qld-tournament-2020 3.2)",
    entries_closed_clause="dunedin-house house default (as qld-tournament-2020 3.12)",
    records_clause="dunedin-house house default (as qld-tournament-2020 4.9)",
    director_refusal_clause="dunedin-house house default (as qld-tournament-2020 3.7)",
    fees_clause="dunedin-house house default (as qld-tournament-2020 3.3)",
    late_registration_clause="dunedin-house house default (as qld-tournament-2020 3.3)",
    alternates_clause="dunedin-house house default (as qld-tournament-2020 3.6)",
    alternate_seat_clause="dunedin-house house default (as qld-tournament-2020 2 Alternates)",
    transfer_clause="dunedin-house house default (as qld-tournament-2020 3.4)",
    substitute_clause="dunedin-house house default (as act-omaha-2017 20.13)",
    refund_clause="dunedin-house house default (as qld-tournament-2020 3.10)",
    cancel_clause="dunedin-house house default (as qld-tournament-2020 3.10)",
    start_clause="dunedin-house house default (as qld-tournament-2020 4.6)",
    draw_clause="dunedin-house 78",
    button_draw_clause="dunedin-house 80",
    absent_at_start_clause="dunedin-house house default (as qld-tournament-2020 4.14)",
    reserve_clause="dunedin-house house default (as act-omaha-2017 20.11)",
    purchase_clause="dunedin-house house default (as qld-tournament-2020 4.22)",
    re_entry_clause="dunedin-house house default (as qld-tournament-2020 3.5)",
    add_on_clause="dunedin-house glossary: Add-on",
    rebuy_limit_clause="dunedin-house glossary: Re-buy",
    flights_clause="dunedin-house house default (as qld-tournament-2020 4.13)",
    chips_out_of_view_clause="dunedin-house 96",
    tables_clause="dunedin-house house default (as qld-tournament-2020 4.23)",
    hand_complete_clause="dunedin-house house default (as qld-tournament-2020 4.11)",
    charges_clause="dunedin-house house default (as qld-tournament-2020 4.36)",
    stacks_clause="dunedin-house house default (as qld-tournament-2020 4.17)",
    clock_clause="dunedin-house house default (as qld-tournament-2020 4.21)",
    clock_pause_clause="dunedin-house house default (as act-omaha-2017 20.16)",
    clock_adjust_clause="dunedin-house house default (as act-omaha-2017 20.17)",
    moves_clause="dunedin-house 81",
    balance_move_clause="dunedin-house 82",
    short_table_clause="dunedin-house 83",
    final_table_clause="dunedin-house house default (as qld-tournament-2020 4.25)",
    wrong_seat_clause="dunedin-house 78",
    short_blind_clause="dunedin-house 94",
    heads_up_clause="dunedin-house 95",
    presence_clause="dunedin-house house default (as qld-tournament-2020 4.15)",
    absent_hand_clause="dunedin-house 92",
    provisional_clause="dunedin-house house default (as qld-tournament-2020 4.14)",
    penalty_hand_clause="dunedin-house 99",
    warning_clause="dunedin-house 98",
    time_penalty_clause="dunedin-house house default (as qld-tournament-2020 4.37)",
    missed_hand_penalty_clause="dunedin-house 98",
    penalty_disqualification_clause="dunedin-house 98",
    disqualification_clause="dunedin-house 100",
    busted_clause="dunedin-house 89",
    elimination_round_clause="dunedin-house house default (as qld-tournament-2020 4.22)",
    bonus_round_clause="dunedin-house house default (as qld-tournament-2020 4.45(5))",
    hand_for_hand_clause="dunedin-house house default (as qld-tournament-2020 4.20)",
    hand_for_hand_start_clause="dunedin-house house default (as qld-tournament-2020 4.20(a))",
    colour_up_clause="dunedin-house 87",
    colour_up_due_clause="dunedin-house 88",
    race_minimum_clause="dunedin-house 87",
    clock_requested_clause="dunedin-house 90",
    clock_called_clause="dunedin-house 90",
    slow_clause="dunedin-house 91",
    live_hand_clause="dunedin-house house default (as qld-tournament-2020 4.41)",
    premature_cards_clause="dunedin-house house default (as qld-tournament-2020 4.42)",
    shoe_cards_clause="dunedin-house house default (as qld-tournament-2020 4.43)",
    unprotected_hand_clause="dunedin-house house default (as qld-tournament-2020 4.44)",
    hidden_chips_clause="dunedin-house 85",
    retrieve_hand_clause="dunedin-house 93",
    # silent on players knocked out together: croupier applies the TDA practice
    # act-omaha-2017 20.21 also follows (more chips at the start of the hand)
    knocked_out_together_clause=(
        "dunedin-house house default (TDA: more chips at the start of the hand)"
    ),
    prizes_clause="dunedin-house house default (as qld-tournament-2020 4.4)",
    winner_clause="dunedin-house house default (as act-omaha-2017 20.18)",
    prize_paid_clause="dunedin-house house default (as act-omaha-2017 20.19)",
    bounty_clause="dunedin-house house default (as qld-tournament-2020 2 Bounty)",
    unclaimed_bounty_clause=(
        "dunedin-house house default (as qld-tournament-2020 2 Bounty (unclaimed))"
    ),
    result_log_clause=(
        "dunedin-house house default (as qld-tournament-2020 2 Tournament Result Log)"
    ),
    heads_up_tournament_clause="dunedin-house house default (as qld-tournament-2020 4.45)",
    heads_up_match_clause="dunedin-house house default (as qld-tournament-2020 2)",
    heads_up_stage_clause="dunedin-house house default (as qld-tournament-2020 4.19)",
)
