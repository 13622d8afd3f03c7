"""How a rulebook runs a table: seating, stakes, the button and blinds, absences and the floor's
table-side powers, as settings named by behaviour and the clauses behind them.

:mod:`croupier.table` asks a rulebook's :class:`TableRules` (``rulebook.table``) and never
compares a rulebook's id.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from croupier.rules.commission import Commission


class ButtonRule(Enum):
    """How the button and blinds move from one round to the next."""

    #: the buck to the next player, the blinds to the two after (qld-holdem-2005 s18(2), s23)
    BUCK_TO_NEXT_PLAYER = "buck-to-next-player"
    #: a moving button that skips newcomers, within an orbit (act-omaha-2017 8.3, 8.5, 17.4)
    MOVING_BUTTON = "moving-button"
    #: the big blind moves one player, the small blind and button follow onto the last round's
    #: seats, dead where nobody plays (dunedin-house 26-29, glossary: Dead Button)
    DEAD_BUTTON = "dead-button"


class ShortStakeRule(Enum):
    """What a player short of chips may add, and whether they are dealt the next round."""

    #: below the minimum wager: top up to the minimum table stake or leave (qld-holdem-2005 s31)
    TOP_UP_OR_LEAVE = "top-up-or-leave"
    #: top-ups between the minimum and the maximum buy-in; one below the minimum who does not
    #: top up is declared and leaves when the stake is lost (act-omaha-2017 4.5, 14.3)
    DECLARED_BELOW_MINIMUM = "declared-below-minimum"
    #: a player who lost all-in buys in for the minimum before another hand (dunedin-house 24)
    BUY_IN_AFTER_BUST = "buy-in-after-bust"


class SeatChangeRule(Enum):
    """What a move to another seat between rounds costs."""

    #: nothing (qld-holdem-2005 has no seat-change rule)
    FREE = "free"
    #: a move further from the blinds waits for the big blind or posts one (act-omaha-2017 17.13)
    FURTHER_FROM_BLINDS_WAITS = "further-from-blinds-waits"
    #: a move more than two live seats clockwise waits or posts a penalty big blind (dunedin 28)
    MORE_THAN_TWO_SEATS_WAITS = "more-than-two-seats-waits"


@dataclass(frozen=True)
class TablePreset:
    """A rulebook's usual table, as a floor would post it on the table's sign (chips are
    dollars): game, betting structure, blinds, stakes and commission."""

    game: str
    structure: str
    small_blind: int
    big_blind: int
    min_table_stake: int
    commission: Commission
    max_buy_in: int | None = None


@dataclass(frozen=True)
class TableRules:
    """A rulebook's table rules (defaults: none of the optional powers, no clause)."""

    button_rule: ButtonRule
    short_stake_rule: ShortStakeRule
    seat_change_rule: SeatChangeRule
    #: the most players a table seats (qld-holdem-2005 s11(1): 10); a rulebook that says none
    #: takes the house default, 10, cited under its own id
    max_seats: int = 10
    seats_clause: str = ""
    #: a new player is dealt in at once, posting nothing (qld-holdem-2005 s19(2))
    new_player_may_play_at_once: bool = False
    #: a player may leave during a round only with a floor manager's approval (qld s19(5))
    leaving_in_round_needs_approval: bool = False
    #: back after missing a round, a player rejoins as a new one and needs the minimum table
    #: stake, unless they left in a round with approval and rejoin in it (qld s19(1)(b), (3))
    rejoining_needs_min_stake: bool = False
    #: a returning player owes the blinds they missed (act-omaha-2017 17.4; dunedin-house 26)
    returning_player_owes_missed_blinds: bool = False
    #: the first blind is half the second (qld-holdem-2005 s23(1)-(2))
    first_blind_half_second: bool = False
    #: a buy-in above the maximum buy-in is refused (act-omaha-2017 4.2(i))
    max_buy_in_enforced: bool = False
    #: a player back within 2 hours brings the chips they left with (dunedin-house 23)
    rathole_rule: bool = False
    #: a vacated seat goes first to original players, then other players (qld s16(2)); else
    #: players at the table come before players waiting to join
    vacancy_original_players_first: bool = False
    #: persons waiting to join, of one priority, draw cards for a vacated seat (qld s16(2)(c),
    #: (3)); else they are called in the waiting list's order (house default: the rulebook
    #: speaks only of "a player waiting to join", and sets no order among them)
    vacancy_newcomers_draw: bool = False
    #: a player moved by the floor, or joining from a game that has closed, may be seated and
    #: dealt in at the button (dunedin-house 29's exception)
    moved_player_may_take_button: bool = False
    #: the button's orbit is tracked from the first round (act-omaha-2017 8.3, 8.5)
    button_orbit: bool = False
    #: rounds abstained at a full table before the seat may be required (act-omaha-2017 19.6)
    abstain_rounds: int | None = None
    #: an away player past this many seconds may lose the seat (dunedin-house 18)
    away_seconds: int | None = None
    #: seconds of the dealer's instruction to act (act-omaha-2017 4.8(b)); None: no instruction
    instruction_seconds: int | None = None
    #: the clock's countdown after its time (dunedin-house 90); None: no clock on a player
    clock_countdown_seconds: int | None = None
    #: commission may be charged on a time basis (act-omaha-2017 15.3)
    time_charge_allowed: bool = False
    #: the clauses under which the floor may void a round in progress (act-omaha-2017 19.1, 19.3)
    voiding_clauses: tuple[str, ...] = ()
    # Clause ids cited by the table.
    sit_clause: str = ""  # a player sits down and plays
    entry_clause: str = ""  # a new player waits for or posts the big blind
    no_change_clause: str = ""  # no chips or seats change during a round
    add_clause: str = ""  # chips added between rounds
    reduce_clause: str = ""  # a stake is never reduced
    rebuy_clause: str = ""  # a player without chips buys in again
    buy_in_clause: str = ""  # the minimum table stake to sit
    sit_out_clause: str = ""  # a player steps away
    return_clause: str = ""  # a player comes back (owing blinds, or rejoining)
    sitting_out_clause: str = ""  # a player sitting out gets no cards
    first_button_clause: str = ""  # who takes the button as the game starts
    blind_clauses: tuple[str, str] = ("", "")  # small blind, big blind
    seat_draw_clause: str = ""  # a draw for a seat
    vacancy_clause: str = ""  # priority for a vacated seat
    vacancy_draw_clause: str = ""  # a draw between claimants of one priority for a vacated seat
    seat_change_clause: str = ""  # what a seat change costs ("": nothing)
    close_clause: str = ""
    abstain_clause: str = ""
    away_clause: str = ""
    absent_hand_clause: str = ""  # an absent player's hand, folded in turn; "": house default
    instruction_clause: str = ""
    clock_clause: str = ""
    funds_lock_clause: str = ""  # funds management may lock a player's funds; "": no such rule
    # -- the clauses each behaviour cites (empty where a book's behaviours never cite one)
    button_clause: str = ""  # the button moved for the next round
    dead_button_clause: str = ""  # the button on a seat nobody plays
    dead_small_blind_clause: str = ""
    heads_up_blinds_clause: str = ""  # heads-up, where the button posts the small blind
    missed_blind_clause: str = ""  # a blind missed by a player sitting out
    blind_ratio_clause: str = ""  # the first blind half the second
    max_buy_in_clause: str = ""
    rathole_clause: str = ""  # a player back within 2 hours brings their chips
    declared_player_clause: str = ""  # a player below the minimum who did not top up
    must_leave_clause: str = ""  # a player below the minimum wager who did not top up
    time_charge_clause: str = ""  # commission on a time basis
    action_timer_clause: str = ""  # the deadline the table's action timer sets
    #: commission taken from the pots (a schedule that names no clause of its own cites this)
    commission_clause: str = ""
    preset: TablePreset | None = None  # the usual table (croupier.table.presets)
