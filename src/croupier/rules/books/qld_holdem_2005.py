"""Queensland Casino Gaming Rule, Schedule 14 Texas hold'em poker (2005)."""

from __future__ import annotations

from dataclasses import replace

from croupier.rules.commission import QldCommission
from croupier.rules.floor import (
    BreachKillsHand,
    DealErrorRule,
    ExposedHand,
    FloorRules,
    OutOfTurnAction,
)
from croupier.rules.rulebook import MinRaiseRule, Rulebook
from croupier.rules.table import (
    ButtonRule,
    SeatChangeRule,
    ShortStakeRule,
    TablePreset,
    TableRules,
)

#: qld-holdem-2005 s32-s38 (s37: the bet stands unless a missed player bet more); where the
#: schedule is silent the floor has no rule, and a wager is made with chips alone (s22(2))
QLD_HOLDEM_FLOOR = FloorRules(
    deal_errors=DealErrorRule.MISDEAL_BEFORE_FIRST_ACTION,
    exposed_burn_card_shown_to_all=True,
    flop_error_redealt=False,
    premature_card_clause="qld-holdem-2005 s36",
    missed_burn_flop_clause="qld-holdem-2005 s35(1)",
    missed_burn_clause="qld-holdem-2005 s35(2)",
    fouled_stub_rebuilt=False,
    card_off_table_never_misdeal=False,
    wrong_hole_count_clause="qld-holdem-2005 s33(1)-(2)",
    wrong_hole_count_showdown_clause="qld-holdem-2005 s33(1)-(4)",
    killed_hand_returns_uncalled=False,
    tabled_winner_protected=False,
    killed_hand_clause="qld-holdem-2005 s5(3)",
    mucked_hand_retrievable=False,
    mucked_hand_clause="qld-holdem-2005 s5(3)",
    out_of_turn=OutOfTurnAction.STANDS_UNLESS_MISSED_PLAYER_BET_MORE,
    out_of_turn_clause="qld-holdem-2005 s37(2)",
    out_of_turn_fold_clause="qld-holdem-2005 s37(2)",
    out_of_turn_fold_binds_clause="qld-holdem-2005 s37(1)",
    skipped_player_loses_right_to_act=False,
    exposed_hand=ExposedHand.STAYS_LIVE,
    exposed_hand_clause="qld-holdem-2005 s38(4)",
    shown_cards_clause="qld-holdem-2005 s38(7)-(8)",
    shown_folded_cards_clause="qld-holdem-2005 s38(7)-(8)",
    shown_cards_after_round_clause="qld-holdem-2005 s38(7)-(8)",
    dispute_clause="qld-holdem-2005 house default (as dunedin-house 67)",
    verbal_declarations_bind=False,
    no_oral_wager_clause="qld-holdem-2005 s22(2)",
    declared_check_clause="qld-holdem-2005 s4(1)",
    call_short_of_raise_clause="qld-holdem-2005 s3(1)",
    undercall_clause="qld-holdem-2005 s3(1)",
    forward_motion_binds=False,
    miscounted_call_made_good=False,
    conditional_statements_may_bind=False,
    untabled_hand_read_if_clear=False,
    breach_kills_hand=BreachKillsHand.NEVER,
    chips_lent_clause="qld-holdem-2005 s38(2)",
)

#: qld-holdem-2005's floor rules at a tournament's tables, as qld-tournament-2020 4.2 alters
#: them: 4.41 replaces s37 (action out of turn), 4.38 rules an exposed hand, 4.33-4.34 read
#: oversized chips and 4.17 forbids passing chips
QLD_TOURNAMENT_FLOOR = replace(
    QLD_HOLDEM_FLOOR,
    out_of_turn=OutOfTurnAction.BINDING_UNLESS_ACTION_CHANGED_THEN_CALL_OR_FOLD,
    out_of_turn_clause="qld-tournament-2020 4.41(a)",
    out_of_turn_fold_clause="qld-tournament-2020 4.41(a)",
    out_of_turn_fold_binds_clause="qld-tournament-2020 4.41(a)",
    dealer_directed_action_retracted=True,
    dealer_directed_clause="qld-tournament-2020 4.41(f)",
    exposed_hand=ExposedHand.STAYS_LIVE_DIRECTOR_MAY_PENALISE,
    exposed_hand_clause="qld-tournament-2020 4.38",
    oversized_chip_calls_unless_raise_declared=True,
    chips_lent_clause="qld-tournament-2020 4.17",
)

QLD_HOLDEM_2005 = Rulebook(
    id="qld-holdem-2005",
    title="Queensland Casino Gaming Rule, Schedule 14 Texas hold'em poker (2005)",
    table=TableRules(
        button_rule=ButtonRule.BUCK_TO_NEXT_PLAYER,
        short_stake_rule=ShortStakeRule.TOP_UP_OR_LEAVE,
        seat_change_rule=SeatChangeRule.FREE,
        new_player_may_play_at_once=True,
        leaving_in_round_needs_approval=True,
        rejoining_needs_min_stake=True,
        first_blind_half_second=True,
        vacancy_original_players_first=True,
        sit_clause="qld-holdem-2005 s19(2)",
        entry_clause="qld-holdem-2005 s19(2)",
        no_change_clause="qld-holdem-2005 s19(4)",
        add_clause="qld-holdem-2005 s31(6)",
        reduce_clause="qld-holdem-2005 s19(4)",
        rebuy_clause="qld-holdem-2005 s31(3)",
        buy_in_clause="qld-holdem-2005 s19(3)(a)",
        sit_out_clause="qld-holdem-2005 s19(5)",
        return_clause="qld-holdem-2005 s19(6)",
        sitting_out_clause="qld-holdem-2005 s23(3)",
        first_button_clause="qld-holdem-2005 s18(1)",
        blind_clauses=("qld-holdem-2005 s23(1)", "qld-holdem-2005 s23(2)"),
        seat_draw_clause="qld-holdem-2005 s16(1), (4)",
        vacancy_clause="qld-holdem-2005 s16(2)",
        preset=TablePreset("holdem", "pot-limit", 5, 10, 100, QldCommission()),
    ),
    opening_bet_equals_big_blind=True,
    min_raise_rule=MinRaiseRule.OPENING_BET_OR_LAST_CALL,
    heads_up_button_small_blind=False,
    no_limit_allowed=False,
    max_caps_min_raise=True,
    blinds_clause="qld-holdem-2005 s23",
    first_round_clause="qld-holdem-2005 s24(4)",
    check_clause="qld-holdem-2005 s4(2)",
    min_raise_clause="qld-holdem-2005 s28(4)",
    max_bet_clause="qld-holdem-2005 s28(5)-(8)",
    all_in_clause="qld-holdem-2005 s29(2)",
    reopen_clause="qld-holdem-2005 s28(4)",
    raise_cap_clause="qld-holdem-2005 s9(2)",
    turn_clause="qld-holdem-2005 s10",
    showdown_clause="qld-holdem-2005 s27(2)-(4)",
    split_clause="qld-holdem-2005 s27(9)(e)(ii)",
    odd_chip_clause="qld-holdem-2005 s27(11)",
    uncontested_clause="qld-holdem-2005 s24(8)-(9), s25(7)",
    uncalled_clause="qld-holdem-2005 s26(3)(a)",
    side_pot_clause="qld-holdem-2005 s29(5)-(6)",
    deck_clause="qld-holdem-2005 s13",
    cut_clause="qld-holdem-2005 s17(3)(a)",
    winner_clause="qld-holdem-2005 s27(8)",
    announces_commission=True,
    floor=QLD_HOLDEM_FLOOR,
    tournament_floor=QLD_TOURNAMENT_FLOOR,
    dead_hand_clause="qld-holdem-2005 s33",
)
