"""Tournament rules: what a tournament rulebook chooses, named by behaviour, and its clauses.

Each tournament rulebook is one :class:`TournamentRules` value in ``rules/books/`` (found by id
with :func:`croupier.rules.tournament.find_tournament_rules`); ``croupier.tournament`` asks it
and never compares ids. Every clause the tournament cites is a field of it, named by what it
governs (``*_clause``), so :func:`croupier.rules.derive.derive` relabels them all. A book gives
every clause: its own, or, where it is silent and croupier applies another rulebook's rule as
the house default, its own "house default (as ...)" naming that rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.rules.rulebook import Rulebook


@dataclass(frozen=True, kw_only=True)
class TournamentRules:
    """How a tournament rulebook runs a tournament.

    Behaviours:

    - ``commission_allowed``: the conditions may retain a commission from each entry fee
      (act-omaha-2017 20.22; qld-tournament-2020 4.36 charges none).
    - ``fixed_clock_seconds``, ``earliest_provisional_elimination``: what the rulebook fixes and
      a conditions file may not change (qld-tournament-2020 4.26: one minute; 4.14: not before
      the completion of level 4).
    - ``add_on_once_only``, ``rebuy_at_most_starting_stack``: the glossary's purchases
      (dunedin-house glossary: Add-on, Re-buy).
    - ``substitutes_allowed``: the director may approve a substitute after the start
      (act-omaha-2017 20.13).
    - ``refunds_cancelled_entries``: an entry cancelled 24 hours ahead is refunded (3.10);
      act-omaha-2017 20.23 makes entry fees non-refundable.
    - ``absent_forfeit_at_start``: a player absent at the start forfeits their position to a
      reserve (act-omaha-2017 20.10-20.11), instead of their stack posting (4.14).
    - ``provisional_elimination``: qld-tournament-2020 4.14.
    - ``time_penalties``: penalties of 10, 20 or 30 minutes away (qld-tournament-2020 4.37).
    - ``missed_hand_penalties``: penalties of hands or rounds missed (dunedin-house 98).
    - ``kills_dead_hands_after_deal``: an absent or penalised player's hand is killed once the
      initial deal is complete (dunedin-house 92, 99), not folded on their turn.
    - ``full_blind_clause``: a partial blind counts as a full one (dunedin-house 94).
    - ``all_in_exposure_clause``: every live hand is turned up once a player is all in and the
      betting is over (qld-tournament-2020 4.30; dunedin-house 84); "" where the showdown order
      applies (act-omaha-2017 13.1).
    - ``hand_for_hand_exposure_clause``: hand-for-hand, those hands wait face down until every
      table's action is done (qld-tournament-2020 4.31).
    - ``absent_big_blind_may_play``: an absent big blind has until their turn to return
      (qld-tournament-2020 4.16.1).
    - ``shares_places_equally``: players out in the same hand share their places equally
      (qld-tournament-2020 4.19), instead of ranking by the chips they had (act-omaha-2017 20.21).
    - ``clock_countdown``, ``slow_player_limit``: dunedin-house 90's 10-second countdown after
      the schedule's time; 91's limit for a player found deliberately slow more than once.
    - ``director_retrieves_any_hand``: dunedin-house 93.
    - ``live_hand_rules``: the conditions' own rules for live hands (qld-tournament-2020
      4.41-4.44) replace the rules of play's where they differ.
    """

    id: str
    title: str
    tables: Rulebook  # the rules of play at its tables
    games: tuple[str, ...] = ("holdem", "omaha")  # the games it governs
    commission_allowed: bool = False
    fixed_clock_seconds: int | None = None
    earliest_provisional_elimination: int = 0
    add_on_once_only: bool = False
    rebuy_at_most_starting_stack: bool = False
    substitutes_allowed: bool = False
    refunds_cancelled_entries: bool = True
    absent_forfeit_at_start: bool = False
    provisional_elimination: bool = False
    time_penalties: bool = False
    missed_hand_penalties: bool = False
    kills_dead_hands_after_deal: bool = False
    full_blind_clause: str = ""
    all_in_exposure_clause: str = ""
    hand_for_hand_exposure_clause: str = ""
    absent_big_blind_may_play: bool = False
    shares_places_equally: bool = False
    clock_countdown: int = 0
    slow_player_limit: int | None = None
    director_retrieves_any_hand: bool = False
    live_hand_rules: bool = False
    # Clauses cited, by what they govern: every one from the book itself, or its own
    # "house default (as ...)" where it is silent and croupier applies another's
    entrant_clause: str  # who is an entrant
    one_entry_clause: str  # one entry each
    eligibility_clause: str  # age and exclusions
    members_clause: str  # entry by loyalty members
    entries_closed_clause: str  # entries closed or full
    records_clause: str  # a player's id for the records
    director_refusal_clause: str  # the director refuses an application
    fees_clause: str  # fees due at entry
    late_registration_clause: str  # late registration
    alternates_clause: str  # alternates
    alternate_seat_clause: str  # a late or alternate entry seated
    transfer_clause: str  # an entry transferred
    substitute_clause: str  # a substitute after the start
    refund_clause: str  # a cancelled entry refunded
    cancel_clause: str  # the tournament does not proceed
    start_clause: str  # the start
    draw_clause: str  # the seat draw
    button_draw_clause: str  # the button draw
    absent_at_start_clause: str  # players absent at the start
    reserve_clause: str  # a reserve takes a forfeited position
    purchase_clause: str  # re-buys and add-ons
    re_entry_clause: str  # re-entry
    add_on_clause: str  # an add-on once only
    rebuy_limit_clause: str  # a re-buy at most the starting bank
    flights_clause: str  # starting flights, bagged stacks
    chips_out_of_view_clause: str  # chips out of view
    tables_clause: str  # tables and their rounds of play
    hand_complete_clause: str  # a round recorded once over
    charges_clause: str  # charges during play
    stacks_clause: str  # stacks between hands
    clock_clause: str  # the tournament clock
    clock_pause_clause: str  # pauses and breaks
    clock_adjust_clause: str  # clock corrections
    moves_clause: str  # players moved, tables broken
    balance_move_clause: str  # a player moved to balance tables
    short_table_clause: str  # a table short of players
    final_table_clause: str  # the final table redrawn
    wrong_seat_clause: str  # a player in the wrong seat
    short_blind_clause: str  # a short blind
    heads_up_clause: str  # heads-up play
    presence_clause: str  # presence at the table
    absent_hand_clause: str  # an absent player's hand
    provisional_clause: str  # provisional elimination
    penalty_hand_clause: str  # a penalised player's hand
    warning_clause: str  # warnings and penalties
    time_penalty_clause: str  # penalties of time away
    missed_hand_penalty_clause: str  # penalties of hands missed
    penalty_disqualification_clause: str  # disqualification as a penalty
    disqualification_clause: str  # disqualification
    busted_clause: str  # busted players eliminated
    elimination_round_clause: str  # an elimination round
    bonus_round_clause: str  # a bonus round
    hand_for_hand_clause: str  # hand-for-hand play
    hand_for_hand_start_clause: str  # hand-for-hand begins
    colour_up_clause: str  # chips coloured up
    colour_up_due_clause: str  # a colour-up due
    race_minimum_clause: str  # nobody raced out
    clock_requested_clause: str  # time requested on a player
    clock_called_clause: str  # time called on a player
    slow_clause: str  # a player deliberately slow
    live_hand_clause: str  # the conditions' rules for live hands
    premature_cards_clause: str  # cards dealt prematurely
    shoe_cards_clause: str  # cards removed from the shoe
    unprotected_hand_clause: str  # an unprotected hand mucked
    hidden_chips_clause: str  # chips hidden behind an all-in
    retrieve_hand_clause: str  # a hand retrieved
    knocked_out_together_clause: str  # players out in the same hand
    prizes_clause: str  # the prizes fixed
    winner_clause: str  # the winner's place
    prize_paid_clause: str  # prizes paid
    bounty_clause: str  # bounties
    unclaimed_bounty_clause: str  # bounties nobody won
    result_log_clause: str  # the result log
    heads_up_tournament_clause: str  # a heads-up knockout
    heads_up_match_clause: str  # a heads-up match
    heads_up_stage_clause: str  # a bracket stage's losers

    def __str__(self) -> str:
        return self.id
