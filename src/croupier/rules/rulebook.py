"""A rulebook: its clause ids and its settings, named by the behaviour they choose.

Each rulebook names the clause behind each of its choices, and croupier cites that clause in
every ruling and rejection.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from croupier.hands.orders import HandOrder
from croupier.rules.floor import FloorRules
from croupier.rules.table import TableRules


class MinRaiseRule(Enum):
    """How small a raise may be."""

    #: at least the largest previous bet or raise of the round (dunedin-house 37,
    #: act-omaha-2017 5.1, 6.2)
    LARGEST_BET_OR_RAISE = "largest"
    #: the opening bet, the last call, or the raiser's own call (qld-holdem-2005 s28(4))
    OPENING_BET_OR_LAST_CALL = "opening-bet-or-last-call"


@dataclass(frozen=True)
class Rulebook:
    """How a rulebook conducts a round of play.

    ``opening_bet_equals_big_blind``: qld-holdem-2005 s24: in the first round the opening bet,
    and a raise made with it, equal the second blind; no opening bet means the second blind
    wins; and checking is allowed only from the second round (s4(2)).

    ``min_raise_rule``: see :class:`MinRaiseRule`.

    ``heads_up_button_small_blind``: heads-up, the button posts the small blind and acts first
    before the flop (dunedin-house 95). qld-holdem-2005 s23 has the player next to the buck post
    the first blind at any table size.

    ``short_all_in_reopens``: a short all-in reopens the betting only for players facing at least
    a full raise in total (dunedin-house 46); act-omaha-2017 14.5 forbids raising "in respect of"
    a short tap-out, which croupier reads the same way.

    ``floor``: the rules on irregularities (croupier.floor, and the round's one hook for them:
    settling an action out of turn), see :class:`croupier.rules.floor.FloorRules`.
    ``tournament_floor``: where a tournament's rules alter them at its tables (qld-tournament-2020
    4.2), the floor rules there; :meth:`for_tournament` gives the rulebook so altered.

    ``table``: how the rulebook runs a table (:class:`~croupier.rules.table.TableRules`).
    """

    id: str
    title: str
    floor: FloorRules
    table: TableRules
    opening_bet_equals_big_blind: bool = False
    min_raise_rule: MinRaiseRule = MinRaiseRule.LARGEST_BET_OR_RAISE
    heads_up_button_small_blind: bool = True
    no_limit_allowed: bool = True
    max_caps_min_raise: bool = False  # qld-holdem-2005 s28(3)
    # Clause ids cited by the engine.
    blinds_clause: str = ""
    first_round_clause: str = ""
    check_clause: str = ""
    min_raise_clause: str = ""
    max_bet_clause: str = ""
    all_in_clause: str = ""
    reopen_clause: str = ""
    raise_cap_clause: str = ""
    turn_clause: str = ""
    showdown_clause: str = ""
    #: every live hand turned face up at the showdown once a player is all in and the betting
    #: is over, where the players decide at the showdown (RoundConfig.ask_showdown); "": the
    #: all-in hand shows as any other (qld-holdem-2005 s27(4), (14); act-omaha-2017 13.1)
    all_in_showdown_clause: str = ""
    split_clause: str = ""
    odd_chip_clause: str = ""
    uncontested_clause: str = ""
    uncalled_clause: str = ""
    side_pot_clause: str = ""
    # No clause has a default: each book names its own, and where it is silent and croupier
    # applies a house default, says so under its own id ("<id> house default (as ...)").
    low_clause: str = ""  # the low hand's qualifier and ranking
    dead_blind_clause: str = ""
    burn_clause: str = ""  # a card burned before each street
    deck_clause: str = ""
    cut_clause: str = ""  # the cut, at least 2 cards from either end
    winner_clause: str = ""  # the dealer announces the winning hand
    # the dealer announces pot, commission and the pot less commission (qld s26(3), s27(9))
    announces_commission: bool = False
    tournament_floor: FloorRules | None = None
    dead_hand_clause: str = ""  # a hand declared dead, and who then wins

    #: the currency a hand history states for the chips (OHH ``currency``); XSC: play chips
    currency: str = "XSC"

    # -- The round engine's own rulings (croupier.round, croupier.hands): the clause each cites.
    #: a participation fee paid before the round starts (qld-holdem-2005 s20(2))
    fee_clause: str = ""
    #: a table's maximum bet limits an opening bet (qld-holdem-2005 s25(4))
    table_max_bet_clause: str = ""
    #: the round's configuration: betting without a limit refused (qld-holdem-2005 s28(1)), a
    #: fee together with commission (s20(3), s30(5)), structured betting's two bet sizes (s28(8))
    no_limit_clause: str = ""
    #: with ``opening_bet_equals_big_blind``, the second blind calling nothing once the opening
    #: bet is only called: a call, not a check (qld-holdem-2005 s24(5))
    call_of_nothing_clause: str = ""
    fee_with_commission_clause: str = ""
    structured_bet_sizes_clause: str = ""
    #: with ``announces_commission``, the pot and commission announced at a showdown
    #: (qld-holdem-2005 s27(9)) and when the pot is won uncontested (s26(3))
    commission_announced_clause: str = ""
    uncontested_commission_announced_clause: str = ""
    #: the ranking of high hands: a full deck (qld-holdem-2005 s8; act-omaha-2017 3.3), a reduced
    #: deck (act-omaha-2017 3.4) and short-deck hold'em (qld-tournament-2020 4.46(2))
    hand_order_clause: str = ""
    reduced_deck_hand_order_clause: str = ""
    short_deck_hand_order_clause: str = ""

    # A rulebook never changes once made, so a copy is the rulebook itself. (Compiled, a frozen
    # dataclass cannot be rebuilt field by field as copy.deepcopy would.)
    def __copy__(self) -> Rulebook:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Rulebook:
        return self

    def __str__(self) -> str:
        return self.id

    def hand_order_clause_for(self, order: HandOrder) -> str:
        """The clause that ranks hands under ``order`` in this rulebook."""
        if order.is_short_deck:
            return self.short_deck_hand_order_clause
        if order.deck.lowest_rank:
            return self.reduced_deck_hand_order_clause
        return self.hand_order_clause

    def for_tournament(self) -> Rulebook:
        """This rulebook at a tournament's tables: its floor rules as the tournament's rules
        alter them (the rules of play, and the id, stay this rulebook's)."""
        if self.tournament_floor is None:
            return self
        return replace(self, floor=self.tournament_floor)
