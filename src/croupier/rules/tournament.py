"""Tournament rules: what a tournament rulebook chooses, named by behaviour, and its clauses.

Each tournament rulebook (qld-tournament-2020, act-omaha-2017's rule 20, dunedin-house 78-107)
is one :class:`TournamentRules` value giving only what differs from the defaults, found by id
with :func:`find_tournament_rules`. ``croupier.tournament`` asks it and never compares ids.

Where a rulebook is silent on something another governs (entry eligibility, refunds,
penalties, halting short tables, ...), croupier applies the clause of the rulebook that does
govern it as the house default and cites that clause: the defaults below are those clauses.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.rules.books.act_omaha_2017 import ACT_OMAHA_2017
from croupier.rules.books.dunedin_house import DUNEDIN_HOUSE
from croupier.rules.books.qld_holdem_2005 import QLD_HOLDEM_2005
from croupier.rules.rulebook import Rulebook


@dataclass(frozen=True)
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
    all_in_exposure_clause: str = "qld-tournament-2020 4.30"
    hand_for_hand_exposure_clause: str = ""
    absent_big_blind_may_play: bool = False
    shares_places_equally: bool = False
    clock_countdown: int = 0
    slow_player_limit: int | None = None
    director_retrieves_any_hand: bool = False
    live_hand_rules: bool = False
    # Clauses cited
    entrant_clause: str = "qld-tournament-2020 3.1"  # who is an entrant
    one_entry_clause: str = "qld-tournament-2020 3.4"
    chips_out_of_view_clause: str = "qld-tournament-2020 4.18"
    cancel_clause: str = "qld-tournament-2020 3.10"  # the tournament does not proceed
    draw_clause: str = "qld-tournament-2020 4.6"  # the seat draw
    moves_clause: str = "qld-tournament-2020 4.24"  # players moved, tables broken
    short_blind_clause: str = "qld-tournament-2020 4.29"
    heads_up_clause: str = "qld-tournament-2020 4.35"
    absent_hand_clause: str = "qld-tournament-2020 4.16.1"
    penalty_hand_clause: str = "qld-tournament-2020 4.37"  # a penalised player's hand
    knocked_out_together_clause: str = "qld-tournament-2020 4.19"
    busted_clause: str = "qld-tournament-2020 4.22"
    warning_clause: str = "qld-tournament-2020 4.37"
    penalty_disqualification_clause: str = "qld-tournament-2020 4.37"
    disqualification_clause: str = "qld-tournament-2020 3.9"
    colour_up_clause: str = "qld-tournament-2020 4.40"
    clock_requested_clause: str = "qld-tournament-2020 4.26"
    clock_called_clause: str = "qld-tournament-2020 4.28"
    slow_clause: str = "qld-tournament-2020 4.27"

    def __str__(self) -> str:
        return self.id


QLD_TOURNAMENT_2020 = TournamentRules(
    id="qld-tournament-2020",
    title="Queensland Poker Tournament Rules (2020)",
    tables=QLD_HOLDEM_2005,
    games=("holdem", "short-deck"),  # 4.1: Texas hold'em; 4.46: short deck
    fixed_clock_seconds=60,
    earliest_provisional_elimination=4,
    provisional_elimination=True,
    time_penalties=True,
    hand_for_hand_exposure_clause="qld-tournament-2020 4.31",
    absent_big_blind_may_play=True,
    shares_places_equally=True,
    live_hand_rules=True,
)

ACT_OMAHA_2017_TOURNAMENT = TournamentRules(
    id="act-omaha-2017",
    title="Casino Canberra Rules of Poker - Omaha (ACT, 2017), rule 20: tournaments",
    tables=ACT_OMAHA_2017,
    commission_allowed=True,
    substitutes_allowed=True,
    refunds_cancelled_entries=False,
    absent_forfeit_at_start=True,
    all_in_exposure_clause="",
    entrant_clause="act-omaha-2017 20.2",
    one_entry_clause="act-omaha-2017 20.6",
    chips_out_of_view_clause="act-omaha-2017 20.15",
    cancel_clause="act-omaha-2017 20.23",
    draw_clause="act-omaha-2017 20.8",
    moves_clause="act-omaha-2017 20.9",
    heads_up_clause="act-omaha-2017 20.20",
    absent_hand_clause="act-omaha-2017 20.12",
    penalty_hand_clause="act-omaha-2017 20.17",
    knocked_out_together_clause="act-omaha-2017 20.21",
    busted_clause="act-omaha-2017 20.7",
    warning_clause="act-omaha-2017 20.17",
    penalty_disqualification_clause="act-omaha-2017 20.15",
    disqualification_clause="act-omaha-2017 20.15",
)

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
    chips_out_of_view_clause="dunedin-house 96",
    draw_clause="dunedin-house 78",
    moves_clause="dunedin-house 81",
    short_blind_clause="dunedin-house 94",
    heads_up_clause="dunedin-house 95",
    absent_hand_clause="dunedin-house 92",
    penalty_hand_clause="dunedin-house 99",
    # dunedin-house is silent on players knocked out together: croupier applies the TDA
    # practice act-omaha-2017 20.21 also follows (more chips at the start of the hand)
    knocked_out_together_clause=(
        "dunedin-house house default (TDA: more chips at the start of the hand)"
    ),
    busted_clause="dunedin-house 89",
    warning_clause="dunedin-house 98",
    penalty_disqualification_clause="dunedin-house 98",
    disqualification_clause="dunedin-house 100",
    colour_up_clause="dunedin-house 87",
    clock_requested_clause="dunedin-house 90",
    clock_called_clause="dunedin-house 90",
    slow_clause="dunedin-house 91",
)

TOURNAMENT_RULES: dict[str, TournamentRules] = {
    r.id: r for r in (QLD_TOURNAMENT_2020, ACT_OMAHA_2017_TOURNAMENT, DUNEDIN_HOUSE_TOURNAMENT)
}


class UnknownTournamentRules(ValueError):
    """A tournament rulebook id croupier does not know."""


def find_tournament_rules(name: str) -> TournamentRules:
    """The tournament rules with this id; an unknown id fails naming the ones there are."""
    try:
        return TOURNAMENT_RULES[name]
    except KeyError:
        raise UnknownTournamentRules(
            f"unknown tournament rules {name!r}; choose one of {', '.join(TOURNAMENT_RULES)}"
        ) from None
