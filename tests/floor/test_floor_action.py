"""The floor's rulings on the action: out of turn, exposed cards with action pending, show one
show all, and the end of the right to dispute a pot. The same scenario runs under each rulebook
where they disagree."""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.floor import (
    CardsExposedInPlay,
    CardsShownToPlayer,
    OutOfTurn,
    PotDisputed,
    SkippedPlayerSilent,
    apply_incident,
    reopen,
)
from croupier.round import (
    BetRaise,
    CheckCall,
    Fold,
    Round,
)
from croupier.round.events import (
    BetOrRaised,
    CardsShownToTable,
    Checked,
    Folded,
    RulingMade,
)
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from support.floor import flop, resolved


def refuse(r: Round, incident: object) -> str:
    before = (list(r.stacks), list(r.bets), len(r.events), dict(r.pending))
    with pytest.raises(IllegalAction) as info:
        apply_incident(r, incident)  # type: ignore[arg-type]
    assert (list(r.stacks), list(r.bets), len(r.events), dict(r.pending)) == before
    return info.value.ruling.clause


# ---------------------------------------------------------------------------------------------
# Out of turn: the same two scenarios under each rulebook


@pytest.mark.parametrize(
    ("rulebook", "outcome", "clause"),
    [
        (QLD_HOLDEM_2005, "bet", "qld-holdem-2005 s37(3)"),  # the bet stands
        (ACT_OMAHA_2017, "check", "act-omaha-2017 17.6(a)"),  # the player checks
        (DUNEDIN_HOUSE, "bet", "dunedin-house 57"),  # binding: the action did not change
    ],
)
def test_qld_s37_3_act_17_6_a_dunedin_57_out_of_turn_bet_missed_players_check(
    rulebook: Rulebook, outcome: str, clause: str
) -> None:
    r = flop(rulebook)
    apply_incident(r, OutOfTurn(BetRaise(2, 30)))
    assert r.pending and r.actor == 0
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, True, clause)]
    last = r.events[-1]
    if outcome == "bet":
        assert isinstance(last, BetOrRaised) and (last.player, last.to) == (2, 30)
        assert r.actor == 3
    else:
        assert isinstance(last, Checked) and last.player == 2


@pytest.mark.parametrize(
    ("rulebook", "binding", "raise_ok"),
    [
        (QLD_HOLDEM_2005, True, None),  # s37(3)(c): a smaller bet leaves the raise standing
        (ACT_OMAHA_2017, False, False),  # 17.6(b): call or fold, no raise
        (DUNEDIN_HOUSE, False, True),  # 57: the action changed: all options
    ],
)
def test_qld_s37_3_c_act_17_6_b_dunedin_57_out_of_turn_bet_a_missed_player_bets_less(
    rulebook: Rulebook, binding: bool, raise_ok: bool | None
) -> None:
    r = flop(rulebook)
    apply_incident(r, OutOfTurn(BetRaise(2, 30)))
    r.apply(BetRaise(0, 10))
    r.apply(CheckCall(1))
    assert [b for _, b, _ in resolved(r)] == [binding]
    if binding:
        assert r.current_bet == 30 and r.bets[2] == 30 and r.actor == 3
    else:
        la = r.legal_actions()
        assert la is not None and la.player == 2
        assert (la.min_raise_to is not None) is raise_ok


def test_qld_s37_4_5_out_of_turn_bet_returned_when_a_missed_player_bets_more() -> None:
    r = flop(QLD_HOLDEM_2005)
    apply_incident(r, OutOfTurn(BetRaise(2, 20)))
    r.apply(BetRaise(0, 30))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, False, "qld-holdem-2005 s37(4)-(5)")]
    la = r.legal_actions()
    assert la is not None and la.player == 2 and la.min_raise_to is not None  # may call and raise
    assert r.bets[2] == 0
    r.apply(Fold(2))
    assert r.stacks[2] == 990  # s37(5): the out-of-turn bet came back


def test_qld_s37_6_out_of_turn_bet_above_the_maximum_is_cut_to_it() -> None:
    r = flop(QLD_HOLDEM_2005)
    apply_incident(r, OutOfTurn(BetRaise(2, 500)))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    assert r.bets[2] == 40  # the full pot; the difference stays with the player
    assert resolved(r)[0][2] == "qld-holdem-2005 s37(3)"


def test_act_omaha_2017_17_6_c_out_of_turn_wager_stays_in_the_pot_if_the_player_folds() -> None:
    r = flop(ACT_OMAHA_2017)
    apply_incident(r, OutOfTurn(BetRaise(2, 20)))
    r.apply(BetRaise(0, 30))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, False, "act-omaha-2017 17.6(c)")]
    la = r.legal_actions()
    assert la is not None and la.call_amount == 10 and la.min_raise_to is not None
    r.apply(Fold(2))
    assert r.stacks[2] == 970 and r.contrib[2] == 30  # the 20 wagered out of turn stayed


def test_act_omaha_2017_17_6_d_a_missed_fold_lets_the_wager_stand() -> None:
    r = flop(ACT_OMAHA_2017)
    apply_incident(r, OutOfTurn(BetRaise(2, 20)))
    r.apply(Fold(0))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, True, "act-omaha-2017 17.6(d)")]
    assert r.bets[2] == 20


@pytest.mark.parametrize(
    ("rulebook", "held"),
    [(ACT_OMAHA_2017, False), (QLD_HOLDEM_2005, True), (DUNEDIN_HOUSE, True)],
)
def test_act_omaha_2017_17_5_action_directed_by_the_dealer_is_retracted(
    rulebook: Rulebook, held: bool
) -> None:
    r = flop(rulebook)
    apply_incident(r, OutOfTurn(BetRaise(2, 20), directed_by_dealer=True))
    assert bool(r.pending) is held


@pytest.mark.parametrize("rulebook", [QLD_HOLDEM_2005, ACT_OMAHA_2017, DUNEDIN_HOUSE])
def test_dunedin_house_58_an_out_of_turn_fold_binds(rulebook: Rulebook) -> None:
    r = flop(rulebook)
    apply_incident(r, OutOfTurn(Fold(2)))
    r.apply(BetRaise(0, 30))  # even after the action changed
    r.apply(CheckCall(1))
    assert r.folded[2] and resolved(r)[0][1]
    assert any(isinstance(e, Folded) and e.player == 2 for e in r.events)


def test_dunedin_house_57_out_of_turn_call_binds_when_action_does_not_change() -> None:
    r = flop(DUNEDIN_HOUSE)
    r.apply(BetRaise(0, 20))
    apply_incident(r, OutOfTurn(CheckCall(2)))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, True, "dunedin-house 57")] and r.bets[2] == 20


def test_dunedin_house_59_skipped_player_who_stays_silent_plays_passively() -> None:
    r = flop(DUNEDIN_HOUSE)
    apply_incident(r, OutOfTurn(CheckCall(1)))
    assert refuse(r, SkippedPlayerSilent(0)) == "dunedin-house 59"  # one player is not enough
    apply_incident(r, OutOfTurn(BetRaise(2, 20)))
    apply_incident(r, SkippedPlayerSilent(0))
    la = r.legal_actions()
    assert la is not None and la.player == 0 and la.min_raise_to is None
    r.apply(CheckCall(0))
    assert [b for _, b, _ in resolved(r)] == [True, True]  # the action out of turn binds
    assert r.bets[2] == 20


def test_dunedin_house_59_the_floor_may_kill_the_skipped_hand() -> None:
    r = flop(DUNEDIN_HOUSE)
    apply_incident(r, OutOfTurn(CheckCall(1)))
    apply_incident(r, OutOfTurn(CheckCall(2)))
    apply_incident(r, SkippedPlayerSilent(0, kill=True))
    assert r.folded[0] and r.actor == 3


def test_qld_s37_2_act_17_6_a_skipped_player_keeps_the_right_to_act() -> None:
    for rulebook in (QLD_HOLDEM_2005, ACT_OMAHA_2017):
        r = flop(rulebook)
        apply_incident(r, OutOfTurn(CheckCall(1)))
        apply_incident(r, OutOfTurn(CheckCall(2)))
        assert refuse(r, SkippedPlayerSilent(0)).startswith(rulebook.id)


def test_act_17_6_c_out_of_turn_rulings_replay_from_events_and_undo() -> None:
    r = flop(ACT_OMAHA_2017)
    apply_incident(r, OutOfTurn(BetRaise(2, 20)))
    r.apply(BetRaise(0, 30))
    r.apply(CheckCall(1))
    again = Round.from_events(r.config, r.events)
    assert (again.stacks, again.bets, again.pending, again.actor) == (
        r.stacks,
        r.bets,
        r.pending,
        r.actor,
    )
    undone = r.undo(2)  # back before player 1's call: the out-of-turn wager is held again
    assert 2 in undone.pending and undone.bets[2] == 0


# ---------------------------------------------------------------------------------------------
# Exposed cards, show one show all, disputes


def test_dunedin_house_74_exposed_cards_with_action_pending() -> None:
    r = flop(DUNEDIN_HOUSE)
    assert refuse(r, CardsExposedInPlay(2, deem_folded=True)) == "dunedin-house 74"
    apply_incident(r, CardsExposedInPlay(2))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    la = r.legal_actions()
    assert la is not None and la.player == 2 and la.min_raise_to is None  # passive play only
    r.apply(CheckCall(2))
    r.apply(BetRaise(3, 20))
    apply_incident(r, CardsExposedInPlay(1, deem_folded=True))  # facing action: folded
    assert r.folded[1]


@pytest.mark.parametrize("rulebook", [QLD_HOLDEM_2005, ACT_OMAHA_2017])
def test_qld_s38_4_act_17_15_exposed_cards_with_action_pending_stay_live(
    rulebook: Rulebook,
) -> None:
    r = flop(rulebook)
    apply_incident(r, CardsExposedInPlay(2))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    la = r.legal_actions()
    assert la is not None and la.player == 2 and la.min_raise_to is not None


def test_dunedin_house_75_show_one_show_all_during_the_round() -> None:
    r = flop(DUNEDIN_HOUSE)
    apply_incident(r, CardsShownToPlayer(3, parse_cards("Js"), to_player=0))
    shown = [e for e in r.events if isinstance(e, CardsShownToTable)]
    assert [(e.player, e.clause) for e in shown] == [(3, "dunedin-house 75")]


def shown_clauses(r: Round) -> list[tuple[int, str]]:
    return [(e.player, e.clause) for e in r.events if isinstance(e, CardsShownToTable)]


def test_act_omaha_2017_16_5_16_6_cards_shown_during_the_round_are_shared_with_all() -> None:
    r = flop(ACT_OMAHA_2017)
    apply_incident(r, CardsShownToPlayer(3, parse_cards("Js"), 0))  # a live hand: 16.6
    r.apply(Fold(0))
    apply_incident(r, CardsShownToPlayer(0, parse_cards("Ad"), 2))  # a folded hand: 16.5
    assert shown_clauses(r) == [(3, "act-omaha-2017 16.6"), (0, "act-omaha-2017 16.5")]
    assert refuse(r, CardsShownToPlayer(0, parse_cards("Ks"), 2))  # not player 0's card


def test_act_omaha_2017_17_18_show_one_show_all_at_the_end_of_the_round() -> None:
    r = flop(ACT_OMAHA_2017)
    r.apply(BetRaise(0, 20))
    for p in (1, 2, 3):
        r.apply(Fold(p))
    assert r.is_over
    apply_incident(r, CardsShownToPlayer(0, parse_cards("As"), 1))
    assert shown_clauses(r) == [(0, "act-omaha-2017 17.18")]


@pytest.mark.parametrize(
    ("rulebook", "clause"),
    [
        (DUNEDIN_HOUSE, "dunedin-house 67"),
        (ACT_OMAHA_2017, "act-omaha-2017 17.14"),
        (QLD_HOLDEM_2005, "qld-holdem-2005 house default (as dunedin-house 67)"),
    ],
)
def test_dunedin_house_67_act_17_14_right_to_dispute_ends_with_the_next_round(
    rulebook: Rulebook, clause: str
) -> None:
    r = flop(rulebook)
    r.apply(BetRaise(0, 20))
    for p in (1, 2, 3):
        r.apply(Fold(p))
    assert r.is_over and r.stacks[0] == 1030
    with pytest.raises(IllegalAction) as info:
        reopen(r, 1, new_round_started=True)
    assert info.value.ruling.clause == clause
    apply_incident(r, PotDisputed(1, new_round_started=False))  # heard: the floor may correct
    assert r.events[-1] == RulingMade(
        repr(PotDisputed(1, False)),
        clause,
        "the dispute is heard: the floor may correct the round (reopen)",
    )
    back = reopen(r, 2, new_round_started=False)  # the ruling, then the last fold
    assert not back.is_over and back.actor == 3 and r.is_over
