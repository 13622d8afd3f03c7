"""The floor's rules: how a rulebook rules on irregularities (croupier.floor, and the round's one
hook for them: settling an action out of turn when the player's turn comes).

Each setting is named by the behaviour it chooses. Where a behaviour is one rulebook's own, its
ruling cites that rulebook's clauses (a rulebook choosing it adopts them); where several
rulebooks share a behaviour, the clause each cites is a field. The behaviours' defaults are
dunedin-house's (30-76); no clause has a default: each book in ``croupier.rules.books`` names its
own, and a clause a book leaves empty is one its behaviours never cite.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class OutOfTurnAction(Enum):
    """What becomes of a check, call, bet or raise made out of turn when the turn comes."""

    #: binding unless the action to the player changed (dunedin-house 57)
    BINDING_UNLESS_ACTION_CHANGED = "binding-unless-action-changed"
    #: the bet stands unless a missed player bet more (qld-holdem-2005 s37(3)-(5))
    STANDS_UNLESS_MISSED_PLAYER_BET_MORE = "stands-unless-missed-player-bet-more"
    #: a check if every missed player checked, binding if none wagered, otherwise withdrawn:
    #: call or fold only while the missed wager is within it (act-omaha-2017 17.6(a)-(d))
    WITHDRAWN_IF_MISSED_PLAYER_WAGERED = "withdrawn-if-missed-player-wagered"
    #: binding unless the action changed; a missed wager within it leaves only call or fold,
    #: and a larger one frees the player (qld-tournament-2020 4.41(a)-(d))
    BINDING_UNLESS_ACTION_CHANGED_THEN_CALL_OR_FOLD = "binding-then-call-or-fold"


class DealErrorRule(Enum):
    """When an error in the deal is a misdeal, and what is done otherwise."""

    #: a misdeal only before the first betting round starts; a deal that can be put right is
    #: reconstructed (qld-holdem-2005 s32)
    MISDEAL_BEFORE_FIRST_ACTION = "misdeal-before-first-action"
    #: a misdeal until the first betting round ends; one exposed card is replaced
    #: (act-omaha-2017 17.1-17.3, 17.20-17.21)
    MISDEAL_UNTIL_FIRST_ROUND_ENDS = "misdeal-until-first-round-ends"
    #: a misdeal until substantial action; one exposed card is replaced (dunedin-house 68)
    MISDEAL_UNTIL_SUBSTANTIAL_ACTION = "misdeal-until-substantial-action"


class ExposedHand(Enum):
    """What exposing one's own hand with action pending costs."""

    #: a breach, but the hand stays live (qld-holdem-2005 s38(4), act-omaha-2017 17.15)
    STAYS_LIVE = "stays-live"
    #: the hand stays live and the director may penalise (qld-tournament-2020 4.37-4.38)
    STAYS_LIVE_DIRECTOR_MAY_PENALISE = "stays-live-director-may-penalise"
    #: passive play only, or folded when facing action (dunedin-house 74)
    PASSIVE_OR_FOLDED = "passive-or-folded"


class BreachKillsHand(Enum):
    """Which breaches of the rules fold a live hand."""

    NEVER = "never"
    #: a phone used with live cards (dunedin-house 4)
    PHONE = "phone"
    #: any breach of the rules (act-omaha-2017 19.2(a))
    ANY_RULE = "any-rule"


@dataclass(frozen=True)
class FloorRules:
    """A rulebook's rules on irregularities; the behaviours' defaults are dunedin-house's, every
    clause is the book's own (empty where its behaviours cite none)."""

    # -- the deal, burn and community cards
    deal_errors: DealErrorRule = DealErrorRule.MISDEAL_UNTIL_SUBSTANTIAL_ACTION
    #: an exposed burn card is shown to all and, dealing the river, discarded (qld s34)
    exposed_burn_card_shown_to_all: bool = False
    #: a card the dealer exposes between betting rounds is used in the normal sequence
    #: (act-omaha-2017 17.19); otherwise it must be entered as dealt
    exposed_card_used_in_sequence: bool = False
    #: a flop dealt without a burn card, or exposed early, is dealt again (dunedin-house 71)
    flop_error_redealt: bool = True
    #: a community card exposed before the betting ends goes back into the stub
    #: (act-omaha-2017 17.17); otherwise it is dealt next with the betting capped
    premature_card_shuffled_back: bool = False
    premature_card_clause: str = ""
    missed_burn_flop_clause: str = ""
    missed_burn_clause: str = ""  # the turn and the river
    #: a fouled stub is rebuilt and the deal played out (dunedin-house 73)
    fouled_stub_rebuilt: bool = True
    #: a card off the table is never a misdeal (dunedin-house 70)
    card_off_table_never_misdeal: bool = True
    # -- dead hands
    wrong_hole_count_clause: str = ""
    wrong_hole_count_showdown_clause: str = ""
    #: a hand the dealer killed has no redress but its uncalled bet goes back (dunedin-house 69)
    killed_hand_returns_uncalled: bool = True
    #: the dealer cannot kill a tabled winning hand (dunedin-house 63)
    tabled_winner_protected: bool = True
    killed_hand_clause: str = ""
    #: a clearly identifiable hand in the muck may be retrieved (dunedin-house 56)
    mucked_hand_retrievable: bool = True
    mucked_hand_clause: str = ""
    # -- action out of turn
    out_of_turn: OutOfTurnAction = OutOfTurnAction.BINDING_UNLESS_ACTION_CHANGED
    out_of_turn_clause: str = ""  # a check, call, bet or raise held
    out_of_turn_fold_clause: str = ""  # a fold held
    out_of_turn_fold_binds_clause: str = ""  # the held fold made in turn
    #: an action out of turn the dealer directed is retracted (act-omaha-2017 17.5)
    dealer_directed_action_retracted: bool = False
    dealer_directed_clause: str = ""
    #: a skipped player who stays silent loses the right to act (dunedin-house 59)
    skipped_player_loses_right_to_act: bool = True
    # -- exposed and shown cards, disputes
    exposed_hand: ExposedHand = ExposedHand.PASSIVE_OR_FOLDED
    exposed_hand_clause: str = ""
    shown_cards_clause: str = ""  # a live hand shown during the round
    shown_folded_cards_clause: str = ""
    shown_cards_after_round_clause: str = ""
    #: a round's result may be disputed until the next round begins
    dispute_clause: str = ""
    # -- chips and words
    #: a verbal declaration binds and silent chips are read by dunedin-house 30-53; otherwise
    #: a wager is made with chips alone (act-omaha-2017 17.7-17.8)
    verbal_declarations_bind: bool = True
    no_oral_wager_clause: str = ""  # where verbal declarations do not bind
    declared_check_clause: str = ""  # a check declared without chips
    call_short_of_raise_clause: str = ""  # chips above a call, below a raise: a call
    undercall_clause: str = ""  # chips short of a call: fold with them back or call
    #: a single oversized chip is a call unless "raise" is declared; so are two like chips
    #: short of a raise (qld-tournament-2020 4.33-4.34)
    oversized_chip_calls_unless_raise_declared: bool = False
    # -- conduct
    forward_motion_binds: bool = True  # in limit poker (dunedin-house 33)
    miscounted_call_made_good: bool = True  # dunedin-house 40
    conditional_statements_may_bind: bool = True  # dunedin-house 43
    untabled_hand_read_if_clear: bool = True  # dunedin-house 62
    breach_kills_hand: BreachKillsHand = BreachKillsHand.PHONE
    chips_lent_clause: str = ""
    #: the players may all agree a course for an irregularity the rules do not cover
    #: (act-omaha-2017 17.16)
    players_may_agree_course: bool = False
    # -- the clauses each behaviour cites (empty where a book's behaviours never cite one)
    # errors in the initial deal (croupier.floor.rulings)
    misdeal_too_late_clause: str = ""  # found too late to be a misdeal: the hand goes on
    misdeal_clause: str = ""  # a misdeal of another kind
    deal_reconstructed_clause: str = ""  # no misdeal: the dealer reconstructs the deal
    deal_reconstructed_discards_clause: str = ""  # ... a vacant seat's cards to the discards
    vacant_seat_discard_clause: str = ""  # a vacant seat's cards, discarded
    dealing_misdeal_clause: str = ""  # cards dealt out of turn, missed or miscounted: misdeal
    cut_exposed_misdeal_clause: str = ""
    not_cut_misdeal_clause: str = ""
    hole_exposed_misdeal_clause: str = ""  # hole cards exposed by the dealer: misdeal
    one_hole_exposed_misdeal_clause: str = ""  # one exposed, no burn card to replace it
    hole_card_replaced_clause: str = ""  # one exposed hole card, discarded and replaced
    boxed_card_misdeal_clause: str = ""
    boxed_card_clause: str = ""  # a boxed card set aside, the deal going on
    defective_deck_clause: str = ""  # five or more boxed cards: the deck is defective
    defective_deck_misdeal_clause: str = ""
    too_many_cards_misdeal_clause: str = ""  # a player dealt too many cards
    dealt_out_of_turn_clause: str = ""  # dealt out of turn, reconstructed
    dealt_out_of_turn_misdeal_clause: str = ""
    player_missed_clause: str = ""  # a player missed in the deal, reconstructed
    player_missed_misdeal_clause: str = ""
    # dead hands, burn and community cards, the stub
    tabled_winner_clause: str = ""  # the dealer cannot kill a tabled winning hand
    muck_retrieval_clause: str = ""  # a clearly identifiable hand retrieved from the muck
    exposed_burn_clause: str = ""  # an exposed burn card dealing the flop or turn
    exposed_burn_river_clause: str = ""  # ... dealing the river
    card_in_sequence_clause: str = ""  # an exposed card used in the normal sequence
    flop_redealt_clause: str = ""
    stub_clause: str = ""  # a fouled stub rebuilt
    card_off_table_clause: str = ""
    skipped_player_clause: str = ""  # a skipped player's silence
    # chips and words: where verbal declarations bind (croupier.floor.chips)
    verbal_action_clause: str = ""  # a verbal action in turn binds
    declared_call_clause: str = ""
    declared_raise_clause: str = ""
    declared_raise_made_valid_clause: str = ""  # a declared raise below the minimum
    oversize_chip_raise_clause: str = ""  # one oversize chip, "raise" declared first
    string_bet_clause: str = ""  # chips added in a second motion
    every_chip_pushed_clause: str = ""
    oversize_chip_bet_clause: str = ""  # one oversize chip not facing a bet
    silent_bet_clause: str = ""  # the 50 % rule
    undercall_committed_clause: str = ""
    oversize_chip_call_clause: str = ""  # one oversize chip facing a bet
    multiple_chips_call_clause: str = ""  # no chip could be removed: a call
    multiple_chips_bet_clause: str = ""
    official_terms_clause: str = ""  # "check", "knock", "all-in", "pot"
    bet_the_pot_clause: str = ""  # "I bet the pot" outside pot-limit
    declared_pot_clause: str = ""  # "pot" at pot-limit
    ambiguous_amount_clause: str = ""  # a declared size with two meanings: the lesser
    ambiguous_amount_raise_clause: str = ""
    #: where an oversized chip calls unless "raise" is declared: one chip, two like chips
    oversized_chip_called_clause: str = ""
    two_chips_called_clause: str = ""
    # conduct (croupier.floor.conduct)
    forward_motion_clause: str = ""
    miscounted_call_clause: str = ""
    conditional_statement_clause: str = ""
    untabled_hand_clause: str = ""
    breach_clause: str = ""  # a breach that folds the hand (``breach_kills_hand``)
    agreed_course_clause: str = ""
    floor_decision_clause: str = ""  # the floor decides where the rules are silent

    # -- The round's ruling when a held action out of turn comes to its turn (round.betting)
    #: the held action binds (qld-holdem-2005 s37(3); act-omaha-2017 17.6(d);
    #: qld-tournament-2020 4.41(a))
    out_of_turn_binds_clause: str = ""
    #: every missed player checked, so the held action becomes a check (act-omaha-2017 17.6(a))
    out_of_turn_becomes_check_clause: str = ""
    #: the held action is withdrawn: a missed player bet more (qld-holdem-2005 s37(4)-(5);
    #: act-omaha-2017 17.6(c); qld-tournament-2020 4.41(c))
    out_of_turn_withdrawn_clause: str = ""
    #: a missed wager within the held one: the player may only call or fold
    #: (act-omaha-2017 17.6(b); qld-tournament-2020 4.41(b))
    missed_wager_call_or_fold_clause: str = ""
    #: folding then, the held wager stays in the pot (qld-tournament-2020 4.41(d))
    held_wager_stays_clause: str = ""
