"""Tapping out under act-omaha-2017 14.1, 14.2 and 14.5, in a dealer-driven Omaha round."""

from __future__ import annotations

from croupier.cards import parse_cards
from croupier.round import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Game,
    Round,
    Structure,
)
from croupier.rules import ACT_OMAHA_2017
from support.build import round_config

HOLES = ("AsAhKdKc", "7c7d2s3h", "QsJsTs9h")  # A: aces, B: sevens, C: a straight draw


def _round(stacks: tuple[int, ...]) -> Round:
    cfg = round_config(
        stacks=stacks,
        blinds=(5, 10, 0),
        min_bet=10,
        rulebook=ACT_OMAHA_2017,
        game=Game.omaha_game(),
        structure=Structure.pot_limit(),
    )
    r = Round(cfg)
    for p, cards in enumerate(HOLES):
        r.apply(DealHole(p, parse_cards(cards)))
    return r


def test_act_omaha_2017_14_1_a_short_player_taps_out_and_takes_no_further_part() -> None:
    r = _round((1000, 1000, 25))
    r.apply(CheckCall(2))  # the short player calls 10 pre-flop
    r.apply(BetRaise(0, 30))
    r.apply(CheckCall(1))
    events = r.apply(CheckCall(2))  # 15 left to meet a 30 bet: the whole stake goes in
    assert r.stacks[2] == 0 and r.all_in[2]
    assert any(getattr(e, "all_in", False) for e in events)
    r.apply(DealBoard(parse_cards("2c8h9d")))
    seen = set()
    while r.actor is not None:
        seen.add(r.actor)
        r.apply(CheckCall(r.actor))
    assert 2 not in seen  # no part in later betting rounds


def test_act_omaha_2017_14_2_a_tapped_out_player_wins_only_the_pots_formed_before() -> None:
    r = _round((1000, 1000, 25))
    r.apply(CheckCall(2))
    r.apply(BetRaise(0, 30))
    r.apply(CheckCall(1))
    r.apply(CheckCall(2))  # taps out for 25 in all
    r.apply(DealBoard(parse_cards("2c8h9d")))
    r.apply(BetRaise(0, 50))
    r.apply(CheckCall(1))
    r.apply(DealBoard(parse_cards("Kh")))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    r.apply(DealBoard(parse_cards("Qc")))  # C: J-T with Q-9-8 on the board, a straight
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    r.resolve_showdown()
    assert r.is_over
    main = 25 * 3  # what the tap-out could match from each player
    # C (the tapped-out player) holds the best hand and wins only the main pot; A's set of kings
    # beats B's sevens for the rest.
    side = (30 - 25) * 2 + 50 * 2
    assert r.stacks == [1000 - 80 + side, 1000 - 80, main]


def test_act_omaha_2017_14_5_a_short_tap_out_does_not_reopen_the_betting() -> None:
    r = _round((1000, 1000, 55))
    r.apply(CheckCall(2))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    r.apply(DealBoard(parse_cards("2c8h9d")))
    r.apply(BetRaise(0, 30))
    r.apply(CheckCall(1))
    r.apply(BetRaise(2, 45))  # taps out: 15 more than 30, short of a full raise to 60
    la = r.legal_actions()
    assert la is not None and la.player == 0
    assert la.min_raise_to is None  # A already acted and faces less than a full raise: call or fold
    assert r.why_illegal(BetRaise(0, 100)) is not None
