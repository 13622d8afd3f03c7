"""One round of play, clause by clause: each test names the clause it proves.

Rounds here are dealer-driven (the test enters the cards) so every hand is known.
"""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.round import (
    BetRaise,
    CheckCall,
    ConfigError,
    DealBoard,
    DealHole,
    Fold,
    Game,
    Round,
    Split,
    Structure,
)
from croupier.round.events import (
    Announcement,
    BetReturned,
    BlindPosted,
    Called,
    Checked,
    CommissionTaken,
    DeadPosted,
    FeeCharged,
    HandMucked,
    HandShown,
    PotAwarded,
)
from croupier.round.streets import SHOWDOWN
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from croupier.rules.commission import commission_schedule
from support.build import round_config

PL = Structure.pot_limit()


def make(
    holes: list[str],
    *,
    rulebook: Rulebook = DUNEDIN_HOUSE,
    stacks: tuple[int, ...] | None = None,
    blinds: tuple[int, ...] | None = None,
    min_bet: int = 10,
    structure: Structure | None = None,
    game: Game | None = None,
    **kw: object,
) -> Round:
    n = len(holes)
    cfg = round_config(
        stacks=stacks or (1000,) * n,
        blinds=blinds or (5, 10, *([0] * (n - 2))),
        min_bet=min_bet,
        rulebook=rulebook,
        structure=structure or (PL if not rulebook.no_limit_allowed else Structure.no_limit()),
        game=game or Game.holdem(),
        **kw,  # type: ignore[arg-type]
    )
    r = Round(cfg)
    for p, h in enumerate(holes):
        r.apply(DealHole(p, parse_cards(h)))
    return r


def play(r: Round, *script: tuple[str, int] | tuple[str, int, int] | str) -> None:
    """Apply ``("f", p)``, ``("c", p)``, ``("r", p, to)`` or a board string."""
    for step in script:
        if isinstance(step, str):
            r.apply(DealBoard(parse_cards(step)))
        elif step[0] == "f":
            r.apply(Fold(step[1]))
        elif step[0] == "c":
            r.apply(CheckCall(step[1]))
        else:
            r.apply(BetRaise(step[1], step[2]))  # type: ignore[misc]
    if r.street == SHOWDOWN:
        r.resolve_showdown()


def awards(r: Round) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in r.events:
        if isinstance(e, PotAwarded):
            out[e.player] = out.get(e.player, 0) + e.amount
    return out


def refused(r: Round, cmd: object) -> str:
    before = (list(r.stacks), list(r.bets), len(r.events))
    with pytest.raises(IllegalAction) as info:
        r.apply(cmd)  # type: ignore[arg-type]
    assert (list(r.stacks), list(r.bets), len(r.events)) == before, "a refusal changes nothing"
    assert info.value.ruling.clause
    return info.value.ruling.clause


# ---------------------------------------------------------------------------------------------
# qld-holdem-2005


def test_qld_s23_blinds_half_and_full_minimum_wager() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005)
    posted = [(e.player, e.amount) for e in r.events if isinstance(e, BlindPosted)]
    assert posted == [(0, 5), (1, 10)]


def test_qld_s24_4_opening_bet_and_its_raise_equal_the_second_blind() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005)
    la = r.legal_actions()
    assert la is not None and la.player == 2
    assert not la.can_check  # s4(2): no checking in the first round
    assert (la.call_amount, la.min_raise_to, la.max_raise_to) == (10, 20, 20)
    assert refused(r, BetRaise(2, 30)) == "qld-holdem-2005 s24(4)"


def test_qld_s24_8_no_opening_bet_second_blind_wins() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005)
    play(r, ("f", 2), ("f", 0))
    assert r.is_over
    assert r.stacks == [995, 1005, 1000]


def test_qld_s24_6_first_blind_completes_to_stay_active() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005)
    play(r, ("c", 2))
    la = r.legal_actions()
    assert la is not None and la.player == 0 and la.call_amount == 5


def test_qld_s4_2_checking_from_the_second_round() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005)
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h")
    la = r.legal_actions()
    assert la is not None and la.can_check


def test_qld_s28_4_min_raise_after_an_opening_bet_is_the_opening_bet() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005)
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h", ("r", 0, 25))
    la = r.legal_actions()
    assert la is not None and la.min_raise_to == 50  # call 25, raise at least 25


def test_qld_s28_5_full_pot_raise_counts_the_call_first() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005)
    # pot 30; P0 bets 30 (pot 60); P1's call of 30 brings it to 90: raise up to 90, to 120
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h", ("r", 0, 30))
    la = r.legal_actions()
    assert la is not None and la.max_raise_to == 120
    assert refused(r, BetRaise(1, 121)) == "qld-holdem-2005 s28(5)-(8)"


def test_qld_s28_6_half_pot_raise() -> None:
    r = make(
        ["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005, structure=Structure.pot_limit(half=True)
    )
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h")
    la = r.legal_actions()
    assert la is not None and la.max_raise_to == 15  # half of 30
    play(r, ("r", 0, 15))
    la = r.legal_actions()
    assert la is not None and la.max_raise_to == 15 + 30  # call 15 -> pot 60, half is 30


def test_qld_s28_7_straddle_raise_at_most_twice_the_opening_bet() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005, structure=Structure.straddle())
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h", ("r", 0, 40))
    la = r.legal_actions()
    assert la is not None and la.max_raise_to == 40 + 80


def test_qld_s28_8_structured_raises_are_fixed() -> None:
    r = make(
        ["AsAd", "KsKd", "QsQd"],
        rulebook=QLD_HOLDEM_2005,
        structure=Structure.fixed_limit(10, 20, max_raises=None),
    )
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h")
    la = r.legal_actions()
    assert la is not None and (la.min_raise_to, la.max_raise_to) == (10, 10)
    play(r, ("c", 0), ("c", 1), ("c", 2), "Ts")
    la = r.legal_actions()
    assert la is not None and (la.min_raise_to, la.max_raise_to) == (20, 20)


def test_qld_s28_1_no_no_limit_betting() -> None:
    with pytest.raises(ConfigError, match=r"s28\(1\)"):
        round_config(
            stacks=(100, 100),
            blinds=(5, 10),
            min_bet=10,
            rulebook=QLD_HOLDEM_2005,
            structure=Structure.no_limit(),
        )


def test_qld_s29_6_all_in_player_wins_only_the_pot_formed_before() -> None:
    # The clause's example: A all-in early; B beats C; A beats both.
    r = make(["AsAd", "KsKd", "QsQd"], stacks=(100, 1000, 1000), structure=Structure.no_limit())
    play(r, ("r", 2, 100), ("c", 0), ("c", 1), "2c 7d 9h", ("r", 1, 200), ("c", 2), "3s")
    play(r, ("c", 1), ("c", 2), "4d", ("c", 1), ("c", 2))
    assert r.is_over
    assert awards(r) == {0: 300, 1: 400}


def test_qld_s26_3a_uncalled_bet_returned() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], structure=Structure.no_limit())
    play(r, ("r", 2, 300), ("f", 0), ("f", 1))
    returned = [e for e in r.events if isinstance(e, BetReturned)]
    assert returned == [BetReturned(2, 290)]
    assert awards(r) == {2: 25}


def test_qld_s27_11_leftover_of_a_split_goes_to_the_first_winner_clockwise() -> None:
    r = make(["AsKd", "AhKc", "2c3d"], rulebook=QLD_HOLDEM_2005)
    play(r, ("c", 2), ("c", 0), ("c", 1), "Qs Js 9h", ("c", 0), ("c", 1), ("r", 2, 15))
    play(r, ("c", 0), ("c", 1), "8d", ("r", 0, 10), ("c", 1), ("f", 2), "4h", ("c", 0), ("c", 1))
    got = awards(r)
    # pot 95: players 0 and 1 tie with ace-king high; 47 each and the odd chip to player 0
    assert got == {0: 48, 1: 47}
    assert any(
        e.clause == "qld-holdem-2005 s27(9)(e)(ii)" for e in r.events if isinstance(e, PotAwarded)
    )


def test_qld_s27_2_with_no_final_bet_the_designated_player_shows_first() -> None:
    r = make(["AsKd", "QhQc", "2c3d"], rulebook=QLD_HOLDEM_2005)
    assert r.showing_order() == [2, 0, 1]


def test_dunedin_64_last_aggressor_shows_first() -> None:
    r = make(["AsKd", "QhQc", "2c3d"], structure=Structure.no_limit())
    play(r, ("c", 2), ("c", 0), ("c", 1), "Qs Js 9h", ("c", 0), ("c", 1), ("c", 2), "8d")
    play(r, ("c", 0), ("c", 1), ("c", 2), "2h", ("c", 0), ("r", 1, 20), ("c", 2), ("c", 0))
    first = next(e for e in r.events if isinstance(e, (HandShown, HandMucked)))
    assert first.player == 1


def test_qld_s30_4_b_commission_excludes_the_uncalled_raise() -> None:
    r = make(
        ["AsAd", "KsKd", "QsQd"],
        rulebook=QLD_HOLDEM_2005,
        commission=commission_schedule("qld"),
    )
    # pot 95 -> 5 % of 80 = 4
    play(r, ("r", 2, 20), ("c", 0), ("c", 1), "2c 7d 9h", ("c", 0), ("c", 1), ("r", 2, 35))
    play(r, ("f", 0), ("f", 1))
    # the uncalled 35 is returned and not part of the pot (s30(4)(b)): 5 % of 60 = 3
    assert [e.amount for e in r.events if isinstance(e, CommissionTaken)] == [3]
    assert awards(r) == {2: 57}
    assert sum(r.stacks) + r.commission == 3000
    texts = [e.text for e in r.events if isinstance(e, Announcement)]
    assert texts == ["pot 60", "commission 3", "pot less commission 57"]  # s26(3)(b)-(e)


def test_qld_s30_1a_no_commission_on_19_or_less() -> None:
    r = make(
        ["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005, commission=commission_schedule("qld")
    )
    play(r, ("f", 2), ("f", 0))
    assert not [e for e in r.events if isinstance(e, CommissionTaken)]


def test_qld_s30_2_pot_counted_at_most_100_times_minimum_wager() -> None:
    r = make(
        ["AsAd", "KsKd"],
        rulebook=QLD_HOLDEM_2005,
        stacks=(5000, 5000),
        min_bet=10,
        commission=commission_schedule("qld"),
    )
    play(r, ("r", 0, 20), ("r", 1, 60), ("c", 0), "2c 7d 9h", ("r", 0, 120), ("r", 1, 480))
    play(r, ("c", 0), "3s", ("r", 0, 100), ("c", 1), "4d", ("c", 0), ("c", 1))
    assert sum(r.contrib) == 1280  # the pot, before commission (and 0 left in the middle)
    assert r.pot_total == 0
    assert [e.amount for e in r.events if isinstance(e, CommissionTaken)] == [50]  # 5 % of 1,000


def test_qld_s20_participation_fee_instead_of_commission() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005, fee=2)
    assert [e.amount for e in r.events if isinstance(e, FeeCharged)] == [2, 2, 2]
    with pytest.raises(ConfigError, match=r"s20\(3\)"):
        round_config(
            stacks=(100, 100),
            blinds=(5, 10),
            min_bet=10,
            rulebook=QLD_HOLDEM_2005,
            structure=PL,
            fee=2,
            commission=commission_schedule("qld"),
        )


# ---------------------------------------------------------------------------------------------
# act-omaha-2017


OMAHA = Game.omaha_game()


def test_act_omaha_15_2_a_i_five_percent_rounded_down_to_the_dollar() -> None:
    r = make(
        ["AsAdKsKd", "QsQdJsJd", "2c3c4c5c"],
        rulebook=ACT_OMAHA_2017,
        game=OMAHA,
        structure=PL,
        commission=commission_schedule("act-5", cap=10),
    )
    play(r, ("r", 2, 30), ("c", 0), ("c", 1), "2h 7d 9h", ("f", 0), ("f", 1))
    assert r.is_over
    assert [e.amount for e in r.events if isinstance(e, CommissionTaken)] == [4]  # 5 % of 90


def test_act_omaha_15_2_d_no_commission_on_blinds_only() -> None:
    r = make(
        ["AsAdKsKd", "QsQdJsJd", "2c3c4c5c"],
        rulebook=ACT_OMAHA_2017,
        game=OMAHA,
        structure=PL,
        blinds=(50, 100, 0),
        min_bet=100,
        commission=commission_schedule("act-10", table_max_stake=500),
    )
    play(r, ("f", 2), ("f", 0))
    assert not [e for e in r.events if isinstance(e, CommissionTaken)]


def test_act_omaha_15_2_c_no_commission_when_only_tied_players_contributed() -> None:
    r = make(
        ["AsKdQcJh", "AhKcQdJs"],
        rulebook=ACT_OMAHA_2017,
        game=OMAHA,
        structure=PL,
        blinds=(10, 20),
        min_bet=20,
        commission=commission_schedule("act-5"),
    )
    play(r, ("c", 0), ("c", 1), "2c 7d 9h", ("r", 0, 40), ("c", 1), "3s", ("c", 0), ("c", 1))
    play(r, "4d", ("c", 0), ("c", 1))
    assert awards(r) == {0: 60, 1: 60}
    assert not [e for e in r.events if isinstance(e, CommissionTaken)]


def test_act_omaha_9_1_exactly_two_hole_cards() -> None:
    # Player 0 holds four hearts; with only two hearts on the board it is no flush.
    r = make(
        ["AhKhQhJh", "2c2d3s3d"], rulebook=ACT_OMAHA_2017, game=OMAHA, structure=PL, blinds=(5, 10)
    )
    play(r, ("c", 0), ("c", 1), "9h 8h 2s", ("c", 0), ("c", 1), "7c", ("c", 0), ("c", 1))
    play(r, "4s", ("c", 0), ("c", 1))
    assert awards(r) == {1: 20}


def test_act_omaha_3_5_d_no_qualifying_low_high_takes_all() -> None:
    hilo = Game.omaha_game(split=Split.HILO)
    r = make(["AsAd2c3c", "KsKdQsQd"], rulebook=ACT_OMAHA_2017, game=hilo, structure=PL)
    play(r, ("c", 0), ("c", 1), "Kh Qh 9c", ("c", 0), ("c", 1), "Tc", ("c", 0), ("c", 1))
    play(r, "Jd", ("c", 0), ("c", 1))
    assert awards(r) == {1: 20}


def test_act_omaha_3_5_c_high_low_split() -> None:
    hilo = Game.omaha_game(split=Split.HILO)
    r = make(["As2d9s9h", "KsKdQsQd"], rulebook=ACT_OMAHA_2017, game=hilo, structure=PL)
    play(r, ("c", 0), ("c", 1), "Kh 4h 5c", ("c", 0), ("c", 1), "6c", ("c", 0), ("c", 1))
    play(r, "Jd", ("c", 0), ("c", 1))
    assert awards(r) == {1: 10, 0: 10}


def test_act_omaha_13_2_split_in_units_of_the_smallest_chip() -> None:
    r = make(
        ["AsAdQcJh", "AhAcQdJs", "2c3d4h9s"],
        rulebook=ACT_OMAHA_2017,
        game=OMAHA,
        structure=PL,
        chip_unit=5,
    )
    play(r, ("c", 2), ("c", 0), ("c", 1), "Ts 7d 6c", ("c", 0), ("c", 1), ("r", 2, 15), ("c", 0))
    play(r, ("c", 1), "Kd", ("r", 0, 10), ("c", 1), ("f", 2), "2h", ("c", 0), ("c", 1))
    got = awards(r)
    assert sum(got.values()) == 95
    assert got == {0: 50, 1: 45}  # 19 $5 chips: 10 to the first winner left of the button


# ---------------------------------------------------------------------------------------------
# dunedin-house (TDA-style): the rules the public hand histories were played under


def test_dunedin_37_raise_at_least_the_largest_previous_raise() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], structure=Structure.no_limit())
    play(r, ("r", 2, 50))  # a raise of 40
    la = r.legal_actions()
    assert la is not None and la.min_raise_to == 90
    assert refused(r, BetRaise(0, 80)) == "dunedin-house 37"


def test_dunedin_46_short_all_in_does_not_reopen_the_betting() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], stacks=(1000, 1000, 130), structure=Structure.no_limit())
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h", ("r", 0, 100), ("c", 1), ("r", 2, 120))
    la = r.legal_actions()
    assert la is not None and la.player == 0 and la.min_raise_to is None  # faces only 20 more
    assert refused(r, BetRaise(0, 300)) == "dunedin-house 46"


def test_dunedin_39_three_raises_unless_heads_up() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], structure=Structure.fixed_limit(10, 20))
    play(r, ("r", 2, 20), ("r", 0, 30), ("r", 1, 40))
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is None
    assert refused(r, BetRaise(2, 50)) == "dunedin-house 39"


def test_dunedin_39_no_cap_heads_up() -> None:
    r = make(["AsAd", "KsKd"], structure=Structure.fixed_limit(10, 20))
    play(r, ("r", 1, 20), ("r", 0, 30), ("r", 1, 40), ("r", 0, 50))
    la = r.legal_actions()
    assert la is not None and la.min_raise_to == 60


def test_dunedin_95_heads_up_button_posts_small_blind_and_acts_first() -> None:
    r = make(["AsAd", "KsKd"])
    posted = [(e.player, e.amount) for e in r.events if isinstance(e, BlindPosted)]
    assert posted == [(0, 10), (1, 5)]
    assert r.actor == 1
    q = make(["AsAd", "KsKd"], rulebook=QLD_HOLDEM_2005)
    posted = [(e.player, e.amount) for e in q.events if isinstance(e, BlindPosted)]
    assert posted == [(0, 5), (1, 10)]  # qld-holdem-2005 s23: next to the buck posts first
    assert q.actor == 0


def test_qld_tournament_4_29_short_blind_posts_what_it_has() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], stacks=(1000, 4, 1000), structure=Structure.no_limit())
    posted = [(e.player, e.amount) for e in r.events if isinstance(e, BlindPosted)]
    assert posted == [(0, 5), (1, 4)]
    assert r.all_in[1]


def test_dunedin_36_pot_limit_counts_the_call_first() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], structure=PL)
    la = r.legal_actions()
    assert la is not None and la.max_raise_to == 35  # call 10 -> pot 25, raise 25


# ---------------------------------------------------------------------------------------------
# Bad input: a clear refusal naming the clause, and nothing changes


def test_wrong_player_is_refused() -> None:
    r = make(["AsAd", "KsKd", "QsQd"])
    assert refused(r, CheckCall(0)) == "dunedin-house 57"


def test_amount_above_the_stack_is_refused() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], structure=Structure.no_limit())
    assert refused(r, BetRaise(2, 5000)) == "dunedin-house glossary: Call"


def test_card_already_dealt_is_refused() -> None:
    cfg = round_config(stacks=(100, 100), blinds=(5, 10), min_bet=10)
    r = Round(cfg)
    r.apply(DealHole(0, parse_cards("AsAd")))
    assert refused(r, DealHole(1, parse_cards("AsKd"))) == "dunedin-house glossary: Defective Deck"
    assert refused(r, DealHole(1, parse_cards("Kd"))) == "dunedin-house glossary: Defective Deck"


def test_action_after_the_round_is_refused() -> None:
    r = make(["AsAd", "KsKd", "QsQd"])
    play(r, ("f", 2), ("f", 0))
    assert r.is_over
    assert refused(r, CheckCall(1))


def test_board_before_betting_ends_is_refused() -> None:
    r = make(["AsAd", "KsKd", "QsQd"])
    assert refused(r, DealBoard(parse_cards("2c 3c 4c")))


# ---------------------------------------------------------------------------------------------
# Replay and undo


def test_undo_takes_back_the_last_action() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], structure=Structure.no_limit())
    play(r, ("r", 2, 40))
    before = (list(r.stacks), r.actor, len(r.events))
    play(r, ("c", 0))
    back = r.undo()
    assert (list(back.stacks), back.actor, len(back.events)) == before


def test_state_is_a_fold_of_the_events() -> None:
    r = make(["AsAd", "KsKd", "QsQd"], structure=Structure.no_limit())
    play(r, ("r", 2, 40), ("c", 0), ("f", 1), "2c 7d 9h", ("r", 0, 60))
    again = Round.from_events(r.config, r.events)
    assert again.stacks == r.stacks and again.board == r.board and again.actor == r.actor
    assert again.pots() == r.pots()


def test_qld_s27_8_dealer_announces_the_winning_hand() -> None:
    r = make(["AsKd", "QhQc", "2c3d"], rulebook=QLD_HOLDEM_2005)
    play(r, ("c", 2), ("c", 0), ("c", 1), "Qs Js 9h", ("c", 0), ("c", 1), ("c", 2), "8d")
    play(r, ("c", 0), ("c", 1), ("c", 2), "2h", ("c", 0), ("c", 1), ("c", 2))
    said = [e for e in r.events if isinstance(e, Announcement)]
    assert said[-1].clause == "qld-holdem-2005 s27(8)"
    assert said[-1].text == "winning hand: player 1: three of a kind, queens"


def test_dunedin_47_limit_all_in_of_half_a_raise_reopens_the_betting() -> None:
    r = make(
        ["AsAd", "KsKd", "QsQd"], stacks=(1000, 1000, 26), structure=Structure.fixed_limit(10, 20)
    )
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h", ("r", 0, 10), ("c", 1), ("r", 2, 16))
    la = r.legal_actions()  # all-in raise of 6 is at least half of 10: a raise, by the structure
    assert la is not None and la.player == 0 and (la.min_raise_to, la.max_raise_to) == (26, 26)


def test_dunedin_48_limit_all_in_under_half_a_raise_call_or_raise_to_the_structure() -> None:
    r = make(
        ["AsAd", "KsKd", "QsQd"], stacks=(1000, 1000, 24), structure=Structure.fixed_limit(10, 20)
    )
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h", ("r", 0, 10), ("f", 1), ("r", 2, 14))
    la = r.legal_actions()  # a raise of 4 is under half: player 0 already acted and may only call
    assert la is not None and la.player == 0 and la.min_raise_to is None and la.call_amount == 4
    r2 = make(
        ["AsAd", "KsKd", "QsQd"], stacks=(1000, 24, 1000), structure=Structure.fixed_limit(10, 20)
    )
    play(r2, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h", ("r", 0, 10))
    play(r2, ("r", 1, 14))  # all-in 4 over 10: player 2 may call 14 or raise to 20
    la = r2.legal_actions()
    assert la is not None and la.player == 2 and (la.min_raise_to, la.max_raise_to) == (20, 20)


def test_act_omaha_4_2_c_three_blinds() -> None:
    r = make(
        ["AsAdKsKd", "QsQdJsJd", "2c3c4c5c", "6c7c8c9c"],
        rulebook=ACT_OMAHA_2017,
        game=OMAHA,
        structure=PL,
        blinds=(5, 10, 10, 0),
    )
    posted = [(e.player, e.amount) for e in r.events if isinstance(e, BlindPosted)]
    assert posted == [(0, 5), (1, 10), (2, 10)]
    assert r.actor == 3  # act-omaha-2017 10.1: the player after the last blind opens


def test_act_omaha_4_2_e_over_blind_sets_the_bet_to_raise() -> None:
    r = make(
        ["AsAdKsKd", "QsQdJsJd", "2c3c4c5c", "6c7c8c9c"],
        rulebook=ACT_OMAHA_2017,
        game=OMAHA,
        structure=Structure.no_limit(),
        blinds=(5, 10, 20, 0),
    )
    la = r.legal_actions()
    assert la is not None and la.player == 3 and la.call_amount == 20
    assert la.min_raise_to == 30  # 5.1: not less than the previous raise (the over-blind's 10)
    play(r, ("c", 3), ("c", 0), ("c", 1))
    la = r.legal_actions()
    assert la is not None and la.player == 2 and la.can_check  # the over-blind's option


def test_act_omaha_15_2_e_ten_percent_only_at_tables_up_to_500() -> None:
    with pytest.raises(ValueError, match=r"act-omaha-2017 15.2\(e\)"):
        commission_schedule("act-10", table_max_stake=1000)
    with pytest.raises(ValueError, match=r"act-omaha-2017 15.2\(e\)"):
        commission_schedule("act-10")
    assert commission_schedule("act-10", table_max_stake=500).kind == "act-10"


def test_dunedin_27_a_missed_small_blind_is_posted_dead() -> None:
    """The returning player (position 2) posts the big blind live and the small blind dead:
    the dead 5 sits in the centre, outside their bet, so they owe nothing more to call 10."""
    r = make(["AsAd", "KsKd", "QsQd", "JsJd"], blinds=(5, 10, 10, 0), dead=(0, 0, 5, 0))
    dead = [(e.player, e.amount, e.clause) for e in r.events if isinstance(e, DeadPosted)]
    assert dead == [(2, 5, "dunedin-house 27")]
    assert r.bets == [5, 10, 10, 0] and r.pot_total == 30
    play(r, ("c", 3), ("c", 0), ("c", 1), ("c", 2))
    assert r.pot_total == 45 and r.awaiting() == "board"


def test_dunedin_27_dead_money_is_not_a_side_pot_of_its_own() -> None:
    # Position 2 posts 5 dead and goes all-in on the flop; its dead chips are in the main pot,
    # which it can win, and no one-player side pot hands them back.
    r = make(
        ["AsAd", "KsKd", "QsQd"],
        blinds=(5, 10, 0),
        dead=(0, 0, 5),
        stacks=(1000, 1000, 65),
        structure=Structure.no_limit(),
    )
    play(r, ("c", 2), ("c", 0), ("c", 1), "2c 7d 9h", ("c", 0), ("c", 1), ("r", 2, 50))
    play(r, ("c", 0), ("c", 1), "3s", ("c", 0), ("c", 1), "4d", ("c", 0), ("c", 1))
    assert r.is_over
    assert awards(r) == {0: 185}  # aces win 30 + 5 dead + 150
    assert sum(r.stacks) == 2065


def test_act_omaha_17_4_dead_blind_cites_its_rulebook() -> None:
    r = make(
        ["AsAdKsKd", "QsQdJsJd", "2c3c4c5c"],
        rulebook=ACT_OMAHA_2017,
        game=OMAHA,
        structure=PL,
        dead=(0, 0, 5),
    )
    assert [e.clause for e in r.events if isinstance(e, DeadPosted)] == ["act-omaha-2017 17.4"]


def test_dead_blinds_must_name_every_position() -> None:
    with pytest.raises(ConfigError, match="dead blinds name 2 positions for 3 players"):
        round_config(stacks=(100, 100, 100), blinds=(5, 10, 0), min_bet=10, dead=(0, 5))


def test_qld_s24_5_second_blind_calls_nothing_rather_than_checks() -> None:
    """qld-holdem-2005 s4(2): no checking in the first round; the second blind's turn after
    the opening bet is only called is a call (s24(5)) of nothing."""
    r = make(["AsAd", "KsKd", "QsQd"], rulebook=QLD_HOLDEM_2005)
    play(r, ("c", 2), ("c", 0))
    events = r.apply(CheckCall(1))
    assert isinstance(events[0], Called) and events[0].amount == 0
    assert not any(isinstance(e, Checked) for e in r.events)


def test_dead_ante_poster_alone_gets_back_exactly_what_they_posted() -> None:
    """A big-blind ante (dead money) and the blind from one player, everyone folds: the blind is
    uncalled and returned, the dead ante is won back once, never returned and won both."""
    from croupier.cards import Deck
    from croupier.shoe import Shoe

    order = Shoe(Deck.standard(), seed=1).shuffle().order
    cfg = round_config(
        stacks=(1000, 1000, 1000),
        blinds=(0, 100, 0),
        antes=(0, 100, 0),
        antes_dead=True,
        min_bet=100,
        deck_order=order,
    )
    r = Round(cfg)
    while not r.is_over:
        r.apply(Fold(r.actor))  # type: ignore[arg-type]
    assert r.stacks == [1000, 1000, 1000]
