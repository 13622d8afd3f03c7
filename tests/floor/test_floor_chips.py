"""Chips pushed forward in turn and what they mean: verbal declarations, string bets, the
undercall, the 50 % rule, oversize and multiple chips (dunedin-house 30-53); wrong amounts
(act-omaha-2017 17.7-17.8); no oral wagers (qld-holdem-2005 s22(2))."""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.floor import ChipsPushed, apply_incident, rule
from croupier.round import (
    CheckCall,
    DealBoard,
    Fold,
    Structure,
)
from croupier.round.events import RulingMade
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from support.floor import clause, facing_20, outcome


@pytest.mark.parametrize(
    ("chips", "declared", "expect", "cited"),
    [
        ((100,), None, ("call", 20), "dunedin-house 49"),  # a single oversize chip
        ((60,), "raise", ("raise", 60), "dunedin-house 50"),  # declared before the chip
        ((25, 25), "raise", ("raise", 50), "dunedin-house 30, 35"),  # 50: declared first
        ((15, 15), None, ("call", 20), "dunedin-house 52"),  # no chip can come off
        ((10, 10, 10), None, ("raise", 40), "dunedin-house 53, 37"),  # half a raise or more
        ((5, 20), None, ("call", 20), "dunedin-house 53, 37"),  # less than half: a call
        ((25, 25), None, ("raise", 50), "dunedin-house 53, 37"),  # a full raise
        ((5,), None, ("commit", 5), "dunedin-house 32"),  # undercall committed
        ((100,), "call", ("call", 20), "dunedin-house 30, 34"),  # the word binds, not the chip
        ((5,), "raise", ("raise", 40), "dunedin-house 35, 41"),  # a declared raise binds
    ],
)
def test_dunedin_house_30_to_53_chips_pushed_facing_a_bet(
    chips: tuple[int, ...], declared: str | None, expect: tuple[str, int], cited: str
) -> None:
    r = facing_20()
    apply_incident(r, ChipsPushed(1, chips, declared))
    assert outcome(r) == expect
    assert clause(r) == cited


def test_dunedin_house_30_a_verbal_fold_in_turn_binds() -> None:
    r = facing_20()
    apply_incident(r, ChipsPushed(1, (), "fold"))
    assert r.folded[1]


def test_dunedin_house_31_chips_in_a_second_motion_are_returned() -> None:
    r = facing_20()
    apply_incident(r, ChipsPushed(1, (20,), None, later=(40,)))
    assert outcome(r) == ("call", 20) and r.stacks[1] == 970
    assert "string bet" in [e for e in r.events if isinstance(e, RulingMade)][-1].message


def test_dunedin_house_32_committed_undercall_stays_in_the_pot_when_the_player_folds() -> None:
    r = facing_20()
    apply_incident(r, ChipsPushed(1, (5,)))
    la = r.legal_actions()
    assert la is not None and la.player == 1 and la.call_amount == 15
    r.apply(Fold(1))
    assert r.contrib[1] == 15  # the big blind and the 5 committed


def test_dunedin_house_51_oversize_chip_not_facing_a_bet_is_a_bet_of_its_value() -> None:
    r = facing_20()
    r.apply(CheckCall(1))
    r.apply(CheckCall(2))
    r.apply(DealBoard(parse_cards("Tc")))
    apply_incident(r, ChipsPushed(0, (25,)))
    assert r.current_bet == 25 and clause(r) == "dunedin-house 51"


@pytest.mark.parametrize(
    ("rulebook", "expect", "cited"),
    [
        (DUNEDIN_HOUSE, ("raise", 40), "dunedin-house 53, 37"),  # the 50 % rule
        (ACT_OMAHA_2017, ("call", 20), "act-omaha-2017 17.7"),  # a call, the excess back
        (QLD_HOLDEM_2005, ("call", 20), "qld-holdem-2005 s3(1)"),
    ],
)
def test_dunedin_37_act_17_7_qld_s3_more_than_a_call_less_than_a_raise(
    rulebook: Rulebook, expect: tuple[str, int], cited: str
) -> None:
    r = facing_20(rulebook)
    apply_incident(r, ChipsPushed(1, (10, 10, 10)))
    assert outcome(r) == expect and clause(r) == cited
    assert r.stacks[1] == 1000 - 10 - expect[1]


@pytest.mark.parametrize(
    ("rulebook", "committed"),
    [(DUNEDIN_HOUSE, 5), (ACT_OMAHA_2017, 0), (QLD_HOLDEM_2005, 0)],
)
def test_act_omaha_2017_17_8_undercall_fold_with_the_chips_back_or_make_up_the_call(
    rulebook: Rulebook, committed: int
) -> None:
    r = facing_20(rulebook)
    apply_incident(r, ChipsPushed(1, (5,)))
    la = r.legal_actions()
    assert la is not None and la.player == 1 and la.call_amount == 20 - committed
    if not committed:  # 17.8: fold or call, nothing more
        assert la.min_raise_to is None
    r.apply(Fold(1))
    assert r.stacks[1] == 990 - committed


def test_qld_s22_2_no_oral_wager() -> None:
    r = facing_20(QLD_HOLDEM_2005)
    with pytest.raises(IllegalAction) as info:
        rule(r, ChipsPushed(1, (), "call"))
    assert info.value.ruling.clause == "qld-holdem-2005 s22(2)"
    apply_incident(r, ChipsPushed(1, (20,), "raise"))  # the chips speak: a call
    assert outcome(r) == ("call", 20)


def test_dunedin_house_36_chips_over_the_pot_limit_are_cut_to_it() -> None:
    r = facing_20()
    apply_incident(r, ChipsPushed(1, (500,), "raise"))
    assert outcome(r) == ("raise", 90)  # 30 + 20 + 20 to call, plus the call


@pytest.mark.parametrize("limit", [Structure.pot_limit(), Structure.no_limit()])
def test_dunedin_house_45_every_chip_pushed_is_all_in_up_to_the_limit(limit: Structure) -> None:
    r = facing_20(DUNEDIN_HOUSE, limit)
    apply_incident(r, ChipsPushed(1, (500, 490)))
    no_limit = limit == Structure.no_limit()
    assert outcome(r) == ("raise", 990 if no_limit else 90)
    assert r.all_in[1] is no_limit
