"""Tournament floor rules in the round engine and the floor layer: every live hand face up once
a player is all in (qld-tournament-2020 4.30; dunedin-house 84), action out of turn at qld
tournament tables (4.41), oversized and two-chip bets (4.33-4.34) and an exposed hand (4.38)."""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.floor import CardsExposedInPlay, ChipsPushed, OutOfTurn, apply_incident
from croupier.round import (
    BetRaise,
    Burn,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Round,
    Show,
)
from croupier.round.events import (
    BetOrRaised,
    BetReturned,
    Called,
    ChipsCommitted,
    Folded,
    HandMucked,
    HandShown,
    PlayRestricted,
    RulingMade,
)
from croupier.rules import DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from croupier.rules.books.qld_holdem_2005 import QLD_TOURNAMENT_FLOOR
from croupier.tournament import commands as cm
from croupier.tournament.events import FloorRuled
from support.build import round_config
from support.floor import HOLES, resolved
from support.floor import flop as action_flop
from support.tournament import ACT, QLD, deal_order, only_table, stacked, started

QLD_TOURNAMENT = QLD_HOLDEM_2005.for_tournament()


def flop(rulebook: Rulebook = QLD_TOURNAMENT, players: int = 4) -> Round:
    """Everyone in for 10 before the flop; the flop is out and player 0 is to act."""
    return action_flop(rulebook, players)


def unchanged_refusal(r: Round, muck: Muck | None) -> str:
    """The clause refusing ``muck`` (None: resolving the showdown); the round is unchanged."""
    before = (list(r.stacks), list(r.bets), len(r.events), list(r.mucked))
    act = (lambda: r.apply(muck)) if muck is not None else r.resolve_showdown
    with pytest.raises(IllegalAction) as info:
        act()
    assert (list(r.stacks), list(r.bets), len(r.events), list(r.mucked)) == before
    return info.value.ruling.clause


# ---------------------------------------------------------------------------------------------
# 4.30 / dunedin-house 84: every live hand face up once a player is all in


def all_in_round(expose: str, automatic: bool = True) -> Round:
    """Player 0 (best hand) all in before the flop; players 1 and 2 call and check it down."""
    holes = ["As Ad", "Kc Qd", "8s 8h"]
    cfg = round_config(
        stacks=(50, 1000, 1000),
        blinds=(0, 5, 10),
        min_bet=10,
        rulebook=DUNEDIN_HOUSE,
        deck_order=stacked(holes, "2c 7d 9h Js 3s") if automatic else None,
        expose_all_in=expose,
    )
    r = Round(cfg)
    if not automatic:
        for p, h in enumerate(holes):
            r.apply(DealHole(p, parse_cards(h.replace(" ", ""))))
    r.apply(BetRaise(0, 50))
    while r.actor is not None or r.awaiting() == "board":
        if r.awaiting() == "board":
            r.apply(DealBoard(parse_cards(["2c7d9h", "Js", "3s"][r.street])))
        else:
            r.apply(CheckCall(r.actor))  # type: ignore[arg-type]
    return r


def test_dunedin_house_84_every_live_hand_is_shown_when_a_player_is_all_in() -> None:
    plain = all_in_round("")
    assert plain.is_over and any(isinstance(e, HandMucked) for e in plain.events)
    r = all_in_round("dunedin-house 84")
    assert r.is_over and r.all_in[0]
    assert not any(isinstance(e, HandMucked) for e in r.events)
    assert sorted(e.player for e in r.events if isinstance(e, HandShown)) == [0, 1, 2]
    assert r.awarded == plain.awarded  # turning the cards up changes no result


def test_qld_tournament_2020_4_30_dealer_driven_muck_refused_from_a_live_hand() -> None:
    r = all_in_round("qld-tournament-2020 4.30", automatic=False)
    assert r.awaiting() == "showdown"
    assert unchanged_refusal(r, Muck(1)) == "qld-tournament-2020 4.30"
    r.apply(Show(2))
    r.resolve_showdown()
    assert r.is_over
    assert sorted(e.player for e in r.events if isinstance(e, HandShown)) == [0, 1, 2]


def test_qld_tournament_2020_4_30_unentered_cards_must_be_named() -> None:
    holes = ["AsAd", "KcQd"]
    cfg = round_config(
        stacks=(50, 1000),
        blinds=(5, 10),
        min_bet=10,
        rulebook=DUNEDIN_HOUSE,
        expose_all_in="qld-tournament-2020 4.30",
    )
    r = Round(cfg)
    r.apply(DealHole(0, parse_cards(holes[0])))
    r.apply(DealHole(1, (None, None)))
    r.apply(BetRaise(1, 50))
    r.apply(CheckCall(0))
    for board in ("2c7d9h", "Js", "3s"):
        r.apply(DealBoard(parse_cards(board)))
    assert r.awaiting() == "showdown"
    assert unchanged_refusal(r, None) == "qld-tournament-2020 4.30"
    r.apply(Show(1, parse_cards(holes[1])))
    r.resolve_showdown()
    assert r.is_over and not any(isinstance(e, HandMucked) for e in r.events)


def test_dunedin_house_84_applies_only_with_a_player_all_in() -> None:
    cfg = round_config(
        stacks=(1000, 1000),
        blinds=(5, 10),
        min_bet=10,
        rulebook=DUNEDIN_HOUSE,
        expose_all_in="dunedin-house 84",
    )
    r = Round(cfg)
    r.apply(DealHole(0, parse_cards("AsAd")))
    r.apply(DealHole(1, parse_cards("KcQd")))
    r.apply(CheckCall(1))
    r.apply(CheckCall(0))
    for board in ("2c7d9h", "Js", "3s"):
        r.apply(DealBoard(parse_cards(board)))
        while r.actor is not None:
            r.apply(CheckCall(r.actor))
    r.apply(Show(0))
    r.apply(Muck(1))  # no one all in: the showdown order applies
    assert r.is_over and r.mucked[1]


@pytest.mark.parametrize(
    ("changes", "clause"),
    [(QLD, "qld-tournament-2020 4.30"), ({}, "dunedin-house 84"), (ACT, "")],
)
def test_qld_tournament_2020_4_30_tournament_rounds_expose_per_rulebook(
    changes: dict[str, str], clause: str
) -> None:
    t = started(4, **changes)
    plan = t.plan_hand(only_table(t), deal_order(1))
    assert plan.config.expose_all_in == clause
    floor = plan.config.rulebook.floor
    assert (floor == QLD_TOURNAMENT_FLOOR) == (changes is QLD)
    assert plan.config.rulebook.id == t.conditions.rulebook.id


# ---------------------------------------------------------------------------------------------
# 4.41: action out of turn at qld tournament tables


def test_qld_tournament_2020_4_41_a_binds_when_no_missed_player_wagers() -> None:
    r = flop()
    [made] = apply_incident(r, OutOfTurn(BetRaise(2, 30)))[:1]
    assert isinstance(made, RulingMade) and made.clause == "qld-tournament-2020 4.41(a)"
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, True, "qld-tournament-2020 4.41(a)")]
    last = r.events[-1]
    assert isinstance(last, BetOrRaised) and (last.player, last.to) == (2, 30)


def test_qld_tournament_2020_4_41_b_a_missed_wager_leaves_only_call_or_fold() -> None:
    r = flop()
    apply_incident(r, OutOfTurn(BetRaise(2, 30)))
    r.apply(BetRaise(0, 20))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, False, "qld-tournament-2020 4.41(b)")]
    assert PlayRestricted(2, True, "qld-tournament-2020 4.41(b)", wager_stands=True) in r.events
    la = r.legal_actions()
    assert la is not None and la.player == 2 and la.min_raise_to is None
    with pytest.raises(IllegalAction) as info:
        r.apply(BetRaise(2, 60))
    assert info.value.ruling.clause == "qld-tournament-2020 4.41(b)"
    r.apply(CheckCall(2))  # calls the missed wager, not the out-of-turn bet
    assert r.bets[2] == 20 and r.stacks[2] == 1000 - 10 - 20


def test_qld_tournament_2020_4_41_d_a_fold_leaves_the_out_of_turn_bet_in_the_pot() -> None:
    r = flop()
    apply_incident(r, OutOfTurn(BetRaise(2, 30)))
    r.apply(BetRaise(0, 20))
    r.apply(CheckCall(1))
    pot = r.pot_total
    r.apply(Fold(2))
    committed, folded = r.events[-2:]
    assert committed == ChipsCommitted(2, 30, "qld-tournament-2020 4.41(d)")
    assert folded == Folded(2)
    assert r.pot_total == pot + 30
    r.apply(CheckCall(3))
    assert r.street == 1 and not r.betting  # the betting round is over
    assert not any(isinstance(e, BetReturned) and e.player == 2 for e in r.events)
    assert r.stacks[2] == 1000 - 10 - 30


def test_qld_tournament_2020_4_41_c_a_bigger_missed_wager_frees_the_player() -> None:
    r = flop()
    apply_incident(r, OutOfTurn(BetRaise(2, 30)))
    r.apply(BetRaise(0, 40))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, False, "qld-tournament-2020 4.41(c)")]
    la = r.legal_actions()
    assert la is not None and la.player == 2 and la.min_raise_to is not None
    r.apply(Fold(2))
    assert r.events[-1] == Folded(2) and not isinstance(r.events[-2], ChipsCommitted)
    assert r.stacks[2] == 1000 - 10


def test_qld_tournament_2020_4_41_c_a_call_out_of_turn_then_a_missed_bet() -> None:
    r = flop()
    apply_incident(r, OutOfTurn(CheckCall(2)))
    r.apply(BetRaise(0, 20))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, False, "qld-tournament-2020 4.41(c)")]
    r.apply(Fold(2))
    assert r.stacks[2] == 1000 - 10


def test_qld_tournament_2020_4_41_e_a_bet_over_the_maximum_is_cut_to_it() -> None:
    r = flop()
    apply_incident(r, OutOfTurn(BetRaise(2, 500)))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, True, "qld-tournament-2020 4.41(a)")]
    last = r.events[-1]
    assert isinstance(last, BetOrRaised) and last.player == 2
    la_max = r.pot_total - last.to  # pot limit: the bet was at most the pot before it
    assert last.to == la_max < 500


def test_qld_tournament_2020_4_41_a_fold_out_of_turn_binds() -> None:
    r = flop()
    apply_incident(r, OutOfTurn(Fold(2)))
    r.apply(BetRaise(0, 20))
    r.apply(CheckCall(1))
    assert resolved(r) == [(2, True, "qld-tournament-2020 4.41(a)")]
    assert r.folded[2] and r.stacks[2] == 1000 - 10


def test_qld_tournament_2020_4_41_f_directed_by_the_dealer_at_the_floor() -> None:
    r = flop()
    events = apply_incident(r, OutOfTurn(BetRaise(2, 30), directed_by_dealer=True))
    assert [e.clause for e in events if isinstance(e, RulingMade)] == [
        "qld-tournament-2020 4.41(f)"
    ]
    assert not r.pending


def test_qld_holdem_2005_s37_unchanged_a_smaller_missed_bet_binds() -> None:
    r = flop(QLD_HOLDEM_2005)
    apply_incident(r, OutOfTurn(BetRaise(2, 30)))
    r.apply(BetRaise(0, 20))
    r.apply(CheckCall(1))
    assert [b for _, b, _ in resolved(r)] == [True]


def test_qld_tournament_2020_4_41_b_d_at_a_tournament_table() -> None:
    t = started(4, **QLD)
    plan = t.plan_hand(only_table(t), None)
    r = Round(plan.config)
    for p, h in enumerate(HOLES):
        r.apply(DealHole(p, parse_cards(h)))
    while r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(Burn())
    r.apply(DealBoard(parse_cards("2c7h9d")))
    first, second, behind = r.queue[0], r.queue[1], r.queue[2]
    bet = 3 * plan.config.min_bet
    [ruled] = t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), OutOfTurn(BetRaise(behind, bet))),
        cm.Inputs(rounds=(r,)),
    )
    assert isinstance(ruled, FloorRuled) and ruled.clause == "qld-tournament-2020 4.41(a)"
    r.apply(BetRaise(first, 2 * plan.config.min_bet))
    r.apply(CheckCall(second))
    before = r.stacks[behind] + r.bets[behind]
    r.apply(Fold(behind))
    assert ChipsCommitted(behind, bet, "qld-tournament-2020 4.41(d)") in r.events
    assert r.stacks[behind] == before - bet


# ---------------------------------------------------------------------------------------------
# 4.33, 4.34: chips pushed at qld tournament tables; 4.38: an exposed hand


def test_qld_tournament_2020_4_33_an_oversized_chip_without_raise_is_a_call() -> None:
    r = flop()
    r.apply(BetRaise(0, 20))
    apply_incident(r, ChipsPushed(1, (100,)))
    assert r.events[-1] == Called(1, 20, False)
    assert [e.clause for e in r.events if isinstance(e, RulingMade)] == ["qld-tournament-2020 4.33"]


def test_qld_tournament_2020_4_33_an_oversized_chip_with_raise_called_raises() -> None:
    r = flop()
    r.apply(BetRaise(0, 20))
    apply_incident(r, ChipsPushed(1, (100,), declared="raise"))
    last = r.events[-1]
    assert isinstance(last, BetOrRaised) and last.to == 100


def test_qld_holdem_2005_a_single_chip_of_a_raise_is_a_raise() -> None:
    r = flop(QLD_HOLDEM_2005)
    r.apply(BetRaise(0, 20))
    apply_incident(r, ChipsPushed(1, (100,)))
    last = r.events[-1]
    assert isinstance(last, BetOrRaised) and last.to == 100


def test_qld_tournament_2020_4_34_two_same_chips_between_call_and_raise_are_a_call() -> None:
    r = flop()
    r.apply(BetRaise(0, 40))
    apply_incident(r, ChipsPushed(1, (25, 25)))  # 50: over the call, short of 80
    assert r.events[-1] == Called(1, 40, False)
    assert [e.clause for e in r.events if isinstance(e, RulingMade)] == ["qld-tournament-2020 4.34"]


def test_qld_tournament_2020_4_34_two_chips_making_a_raise_raise() -> None:
    r = flop()
    r.apply(BetRaise(0, 40))
    apply_incident(r, ChipsPushed(1, (50, 50)))
    last = r.events[-1]
    assert isinstance(last, BetOrRaised) and last.to == 100


def test_qld_tournament_2020_4_38_an_exposed_hand_is_not_folded() -> None:
    r = flop()
    before = len(r.events)
    with pytest.raises(IllegalAction) as info:
        apply_incident(r, CardsExposedInPlay(0, deem_folded=True))
    assert info.value.ruling.clause == "qld-tournament-2020 4.38"
    assert len(r.events) == before
    apply_incident(r, CardsExposedInPlay(0))
    assert [e.clause for e in r.events if isinstance(e, RulingMade)] == ["qld-tournament-2020 4.38"]
    assert not r.folded[0] and r.actor == 0
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is not None  # not restricted
