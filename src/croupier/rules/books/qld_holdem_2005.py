"""Queensland Casino Gaming Rule, Schedule 14 Texas hold'em poker (2005)."""

from __future__ import annotations

from croupier.rules.rulebook import MinRaiseRule, Rulebook

QLD_HOLDEM_2005 = Rulebook(
    id="qld-holdem-2005",
    title="Queensland Casino Gaming Rule, Schedule 14 Texas hold'em poker (2005)",
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
    irregularities="qld",
    dead_hand_clause="qld-holdem-2005 s33",
)
