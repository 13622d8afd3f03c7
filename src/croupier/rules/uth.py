"""The house-banked game's rulebook: every clause :mod:`croupier.uth` cites, by what it governs.

A UTH rulebook (``act-uth-2025`` in :mod:`croupier.rules.books.act_uth_2025`) is a
:class:`UthRules` value; a table (:class:`croupier.uth.game.UthConfig`) and a tournament
(:class:`croupier.uth.tournament_conditions.TournamentConditions`) take one and cite its fields,
so a house's book derived under its own id (:func:`croupier.rules.derive.derive`) cites its own
id everywhere. Every field named ``*_clause`` holds one clause.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StreetClauses:
    """One betting round's decisions (8.1 before the flop, 8.3 on the flop, 8.5 on the river)."""

    #: the decision itself (a box with no hand, a decision out of its time)
    decision_clause: str
    #: a fold, losing every wager
    fold_clause: str
    #: a check (before the river), or the river's refusal of one
    check_clause: str
    #: a Play wager made
    play_clause: str
    #: the multiples of the Ante the Play wager may be here
    multiples_clause: str


@dataclass(frozen=True)
class DealClauses:
    """A dealing order (7.2 from an automated shoe, 7.3 from a card shoe): who gets each card."""

    #: the order itself (no box holds an Ante and Blind to deal to)
    order_clause: str
    #: the five communal cards
    board_clause: str
    #: the boxes' (first) hole cards
    boxes_clause: str
    #: the dealer's (first) hole card(s)
    dealer_clause: str
    #: the boxes' second hole card, where dealt in a second pass ("": dealt in one)
    second_boxes_clause: str = ""
    #: the dealer's second hole card, where dealt in a second pass
    second_dealer_clause: str = ""


@dataclass(frozen=True)
class SettlementClauses:
    """How each wager settles against the dealer (9.x) and what the house pays (10.1)."""

    #: a box folded after the dealer's hand, losing every wager
    folded_clause: str
    #: settlement order, from the dealer's right
    order_clause: str
    #: the Ante refunded when the dealer does not qualify
    ante_refund_clause: str
    ante_win_clause: str
    ante_lose_clause: str
    ante_push_clause: str
    blind_win_clause: str
    blind_lose_clause: str
    blind_push_clause: str
    #: the Blind pushes on a win below the lowest line of its pay table
    blind_no_line_clause: str
    trips_win_clause: str
    trips_lose_clause: str
    play_win_clause: str
    play_lose_clause: str
    play_push_clause: str
    #: the pay table (a line that names no clause of its own cites this)
    paytable_clause: str
    #: the maximum payout per table shown on a notice at the table
    max_payout_clause: str


@dataclass(frozen=True)
class UthTournamentClauses:
    """A UTH tournament's clauses (16.x)."""

    #: the documented conditions (16.3)
    conditions_clause: str
    #: re-buys (16.3(a)(iii)(G)) and add-ons ((H))
    rebuy_clause: str
    addon_clause: str
    #: players level at the end draw cards (16.3(a)(iii)(E))
    tie_clause: str
    #: the table limits of the conditions (16.3(a)(vii))
    limits_clause: str
    #: one entry per player
    entry_clause: str
    #: an eliminated player stays out
    eliminated_clause: str
    #: seats drawn by ballot
    draw_clause: str
    #: tables and positions the Tournament Director allocates, breaking tables
    seating_clause: str
    #: a seat not taken by the starting time is forfeited
    forfeit_clause: str
    #: reserve players
    reserve_clause: str
    #: a substitute with the Tournament Director's approval
    substitute_clause: str
    #: chips change only by a round's result
    chips_clause: str
    #: a player who cannot wager the minimum is eliminated
    minimum_clause: str
    #: wagers asked from the marker clockwise; out-of-order wagers
    order_clause: str
    #: a player's opportunity to wager ends when the next is asked
    opportunity_clause: str
    #: breaks
    break_clause: str
    #: places awarded
    places_clause: str
    #: refunds
    refund_clause: str
    #: cancellation, everything paid back
    cancel_clause: str
    #: a session's end (A "Session")
    session_clause: str


@dataclass(frozen=True)
class UthRules:
    """Clauses of a UTH rulebook, named by what they govern."""

    id: str
    #: the operator's decision in a dispute is final (subject to a review, if requested)
    dispute_clause: str
    #: the dealer cuts the cards after a manual shuffle when a card shoe is used
    cut_clause: str
    #: the layout: 1 to 7 boxes
    layout_clause: str
    #: one 52-card deck without jokers
    deck_clause: str
    #: the order of hands
    hand_order_clause: str
    #: the wagers of a box: chips, its box, placed before the deal
    wager_clause: str
    #: a box is played with an Ante and a Blind
    ante_blind_clause: str
    #: a Trips wager needs an Ante and a Blind
    trips_clause: str
    #: one hand a round per player
    one_hand_clause: str
    #: one wager per box
    one_box_clause: str
    #: no wager placed, withdrawn or changed after the first card is dealt
    no_more_wagers_clause: str
    #: the Blind equals the Ante; a void box's wagers (the definitions)
    definitions_clause: str
    #: a marker allows a box more than the table maximum
    marker_clause: str
    #: the permitted multiple of every initial wager
    multiples_clause: str
    #: a wager under the minimum: paid this once, later returned
    under_minimum_clause: str
    #: a wager over the maximum
    over_maximum_clause: str
    #: how the limits count each stake at settlement
    limits_at_settlement_clause: str
    #: the cards, once dealt, are not dealt again
    dealt_clause: str
    #: the dealing orders: automated shoe and card shoe
    automated_deal: DealClauses
    card_shoe_deal: DealClauses
    #: the betting rounds
    preflop: StreetClauses
    flop: StreetClauses
    river: StreetClauses
    #: every hole card dealt: the players decide
    deal_completed_clause: str
    #: the flop, then the turn and river, turned face up
    flop_revealed_clause: str
    turn_river_revealed_clause: str
    #: folded cards cannot return to play
    folded_clause: str
    #: the dealer's hand revealed and declared
    dealer_hand_clause: str
    #: an undecided box deemed folded when its time runs out
    timeout_clause: str
    #: the house pays the odds from its bank
    bank_clause: str
    settlement: SettlementClauses
    #: misdeals: a wrong number of cards, a card revealed in the deal
    wrong_count_clause: str
    revealed_in_deal_clause: str
    #: a dealer's card exposed; before any Play wager (a misdeal), after (play continues)
    dealer_exposed_clause: str
    dealer_exposed_misdeal_clause: str
    dealer_exposed_play_on_clause: str
    #: communal cards exposed early
    board_exposed_clause: str
    #: an empty box dealt; before anyone handled their cards (void), after (that hand void)
    empty_box_clause: str
    empty_box_void_clause: str
    empty_box_hand_void_clause: str
    #: a missing or foreign card: the round void, the deck checked
    deck_void_clause: str
    deck_check_clause: str
    #: an automated shoe's malfunction
    shoe_malfunction_clause: str
    #: the operator voids a round: a disturbance, impractical play, fraud; collusion
    disturbance_clause: str
    impractical_clause: str
    collusion_clause: str
    #: the operator voids one box's wagers
    void_box_clause: str
    #: the shuffle before each round, after a misdeal, and one the supervisor orders
    round_shuffle_clause: str
    misdeal_shuffle_clause: str
    ordered_shuffle_clause: str
    #: a seated player who abstained three rounds may be required to vacate
    vacate_clause: str
    tournament: UthTournamentClauses
    #: who may review the operator's decision, as the rulebook names them
    review: str = ""


__all__ = [
    "DealClauses",
    "SettlementClauses",
    "StreetClauses",
    "UthRules",
    "UthTournamentClauses",
]
