"""The rulebooks a round can run under: data, plus the few places their logic differs.

Each rulebook names the clause behind each of its choices, and croupier cites that clause in
every ruling and rejection.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rulebook:
    """How a rulebook conducts a round of play.

    ``qld_first_round``: qld-holdem-2005 s24: in the first round the opening bet, and a raise
    made with it, equal the second blind; no opening bet means the second blind wins; and
    checking is allowed only from the second round (s4(2)).

    ``min_raise``: ``"largest"`` (a raise is at least the largest previous bet or raise of the
    round: dunedin-house 37, act-omaha-2017 5.1, 6.2) or ``"qld"`` (qld-holdem-2005 s28(4): the
    opening bet, the last call, or the raiser's own call).

    ``heads_up_button_small_blind``: heads-up, the button posts the small blind and acts first
    before the flop (dunedin-house 95). qld-holdem-2005 s23 has the player next to the buck post
    the first blind at any table size.

    ``short_all_in_reopens``: a short all-in reopens the betting only for players facing at least
    a full raise in total (dunedin-house 46); act-omaha-2017 14.5 forbids raising "in respect of"
    a short tap-out, which croupier reads the same way.

    ``irregularities``: whose rules on irregularities apply (croupier.floor, and the engine's
    one hook for them: settling an action out of turn when the player's turn comes):
    ``"qld"`` (qld-holdem-2005 s32-s37; s37: the bet stands unless a missed player bet more),
    ``"qld-tournament"`` (qld-holdem-2005's, with qld-tournament-2020 4.41 for s37, 4.33-4.34
    for chips and 4.38 for an exposed hand: tournament tables, qld-tournament-2020 4.2),
    ``"act"`` (act-omaha-2017 17.x; 17.6(a)-(d)) or ``"dunedin"`` (dunedin-house 30-75; 57-58:
    binding unless the action changed).
    """

    id: str
    title: str
    qld_first_round: bool = False
    min_raise: str = "largest"
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
    split_clause: str = ""
    odd_chip_clause: str = ""
    uncontested_clause: str = ""
    uncalled_clause: str = ""
    side_pot_clause: str = ""
    low_clause: str = "act-omaha-2017 3.5(d)"
    dead_blind_clause: str = "dunedin-house 27"
    deck_clause: str = "dunedin-house glossary: Defective Deck"
    winner_clause: str = "dunedin-house 64"  # the dealer announces the winning hand
    # the dealer announces pot, commission and the pot less commission (qld s26(3), s27(9))
    announces_commission: bool = False
    irregularities: str = "dunedin"
    dead_hand_clause: str = "dunedin-house 55"  # a hand declared dead, and who then wins

    def __str__(self) -> str:
        return self.id


QLD_HOLDEM_2005 = Rulebook(
    id="qld-holdem-2005",
    title="Queensland Casino Gaming Rule, Schedule 14 Texas hold'em poker (2005)",
    qld_first_round=True,
    min_raise="qld",
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
    winner_clause="qld-holdem-2005 s27(8)",
    announces_commission=True,
    irregularities="qld",
    dead_hand_clause="qld-holdem-2005 s33",
)

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
    winner_clause="act-omaha-2017 13.1",
    irregularities="act",
    dead_hand_clause="act-omaha-2017 17.9",
)

DUNEDIN_HOUSE = Rulebook(
    id="dunedin-house",
    title="Dunedin Casino House Rules for Poker (TDA-derived)",
    blinds_clause="dunedin-house 25",
    first_round_clause="dunedin-house glossary: Call",
    check_clause="dunedin-house glossary: Check",
    min_raise_clause="dunedin-house 37",
    max_bet_clause="dunedin-house 36",
    all_in_clause="dunedin-house glossary: Call",
    reopen_clause="dunedin-house 46",
    raise_cap_clause="dunedin-house 39",
    turn_clause="dunedin-house 57",
    showdown_clause="dunedin-house 64",
    split_clause="dunedin-house 61",
    # The house rules are silent on odd chips; croupier applies the TDA practice as a documented
    # house default: the first winner clockwise from the button takes them.
    odd_chip_clause="dunedin-house house default (odd chip left of the button)",
    uncontested_clause="dunedin-house glossary: Pot",
    uncalled_clause="dunedin-house glossary: Pot",
    side_pot_clause="dunedin-house glossary: Main Pot",
)

RULEBOOKS = {r.id: r for r in (QLD_HOLDEM_2005, ACT_OMAHA_2017, DUNEDIN_HOUSE)}


def rulebook(name: str) -> Rulebook:
    try:
        return RULEBOOKS[name]
    except KeyError:
        raise ValueError(
            f"unknown rulebook {name!r}; choose one of {', '.join(RULEBOOKS)}"
        ) from None
