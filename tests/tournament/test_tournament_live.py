"""Live hands at tournament tables: the clock on a player (qld-tournament-2020 4.26-4.28;
dunedin-house 90-91) and floor reports ruled with the tournament's clauses (4.41-4.44)."""

from __future__ import annotations

import pytest

from croupier.cards import Deck, parse_cards
from croupier.floor import CommunityCardsExposed, HandKilledByDealer, OutOfTurn
from croupier.round import BetRaise, Burn, CheckCall, DealBoard, DealHole, Fold, Round
from croupier.round.events import (
    BetReturned,
    BettingCapped,
    CardExposed,
    Folded,
    HandKilled,
    OutOfTurnHeld,
    PotAwarded,
)
from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.events import (
    ClockCalled,
    FloorRuled,
    FoundSlow,
    HandPlayed,
    TimeExpired,
)
from croupier.tournament.live import CardsRemovedFromShoe
from croupier.tournament.plan import HandPlan
from croupier.tournament.runner import Policy, run_tournament
from support.tournament import QLD, conditions, deal_order, folds, only_table, recording, started


def live_hand(t: Tournament, dealer: bool = False) -> tuple[HandPlan, Round]:
    """The next hand at the only table; ``dealer``: a live dealer enters the cards."""
    plan = t.plan_hand(only_table(t), None if dealer else deal_order(3))
    r = Round(plan.config)
    if dealer:
        deck = iter(Deck.standard().cards)
        for p in range(r.n):
            r.apply(DealHole(p, (next(deck), next(deck))))
    return plan, r


def finish(t: Tournament, plan: HandPlan, r: Round) -> None:
    while not r.is_over:
        if r.awaiting() == "board":
            if r.why_illegal(Burn()) is None:  # the dealer burns where a burn is due
                r.apply(Burn())
            r.apply(DealBoard(parse_cards(["Ts Jd Qh", "Kc", "Ad"][r.street])))
            continue
        if r.awaiting() == "showdown":
            r.resolve_showdown()
            continue
        r.apply(folds(r, r.actor or 0))
    t.apply(*recording([(plan, r)]))


def rebuilt(t: Tournament) -> Tournament:
    return Tournament.from_events(t.conditions, t.events)


# ---------------------------------------------------------------------------------------------
# The clock on a player


def test_qld_tournament_2020_4_26_one_minute_then_the_hand_is_dead_and_wagers_stay() -> None:
    t = started(4, **QLD)
    plan, r = live_hand(t)
    p = r.actor
    assert p is not None
    r.apply(CheckCall(p))  # the player puts chips in, then faces a decision again later
    while r.actor != p:
        r.apply(CheckCall(r.actor or 0))
    [called] = t.apply(cm.CallClock(cm.PlayedHand.of(plan, r), 1000), cm.Inputs(rounds=(r,)))
    assert isinstance(called, ClockCalled)
    assert (called.limit, called.clause) == (60, "qld-tournament-2020 4.26")
    assert called.player == plan.players[p]
    assert (
        t.apply(cm.EnforceClock(cm.PlayedHand.of(plan, r), 1060), cm.Inputs(rounds=(r,))) == []
        and r.actor == p
    )  # the minute is not over
    put_in = r.contrib[p]
    [expired] = t.apply(cm.EnforceClock(cm.PlayedHand.of(plan, r), 1061), cm.Inputs(rounds=(r,)))
    assert isinstance(expired, TimeExpired) and expired.clause == "qld-tournament-2020 4.26"
    assert r.folded[p] and isinstance([e for e in r.events if isinstance(e, Folded)][-1], Folded)
    assert r.contrib[p] == put_in  # 4.26: all wagers made remain in the pot
    assert t.clock_on(plan.table) is None
    finish(t, plan, r)
    again = rebuilt(t)
    assert again.events == t.events and again.clock_on(plan.table) is None


def test_qld_tournament_2020_4_26_unreasonable_request_refused_and_4_28_director_calls_time() -> (
    None
):
    t = started(4, **QLD)
    plan, r = live_hand(t)
    n = len(t.events)
    with pytest.raises(TournamentError) as info:
        t.apply(
            cm.CallClock(cm.PlayedHand.of(plan, r), 0, reasonable=False), cm.Inputs(rounds=(r,))
        )
    assert info.value.ruling.clause == "qld-tournament-2020 4.26" and len(t.events) == n
    [called] = t.apply(
        cm.CallClock(cm.PlayedHand.of(plan, r), 0, requested=False), cm.Inputs(rounds=(r,))
    )
    assert isinstance(called, ClockCalled) and called.clause == "qld-tournament-2020 4.28"
    with pytest.raises(TournamentError, match="already on"):
        t.apply(cm.CallClock(cm.PlayedHand.of(plan, r), 5), cm.Inputs(rounds=(r,)))


def test_qld_tournament_2020_4_26_acting_in_time_stops_the_clock() -> None:
    t = started(4, **QLD)
    plan, r = live_hand(t)
    p = r.actor
    assert p is not None
    t.apply(cm.CallClock(cm.PlayedHand.of(plan, r), 0), cm.Inputs(rounds=(r,)))
    r.apply(CheckCall(p))
    assert t.apply(cm.EnforceClock(cm.PlayedHand.of(plan, r), 500), cm.Inputs(rounds=(r,))) == []
    assert not r.folded[p]


def test_dunedin_house_90_schedule_time_then_a_ten_second_countdown() -> None:
    t = started(4, clock_seconds=30)
    plan, r = live_hand(t)
    [called] = t.apply(cm.CallClock(cm.PlayedHand.of(plan, r), 100), cm.Inputs(rounds=(r,)))
    assert isinstance(called, ClockCalled)
    assert (called.limit, called.clause) == (40, "dunedin-house 90")
    assert t.apply(cm.EnforceClock(cm.PlayedHand.of(plan, r), 140), cm.Inputs(rounds=(r,))) == []
    [expired] = t.apply(cm.EnforceClock(cm.PlayedHand.of(plan, r), 141), cm.Inputs(rounds=(r,)))
    assert isinstance(expired, TimeExpired) and expired.clause == "dunedin-house 90"


def test_dunedin_house_91_deliberately_slow_twice_has_ten_seconds_on_later_hands() -> None:
    t = started(4)
    plan, r = live_hand(t)
    slow = plan.players[r.actor or 0]
    [found] = t.apply(cm.FindSlow(slow))
    assert isinstance(found, FoundSlow) and found.clause == "dunedin-house 91"
    assert (
        t.apply(cm.StartDecision(cm.PlayedHand.of(plan, r), 0), cm.Inputs(rounds=(r,))) == []
    )  # once is not "more than one occasion"
    t.apply(cm.FindSlow(slow))
    finish(t, plan, r)
    for _ in range(4):  # hands later, the slow player's every decision is on a 10 s clock
        plan, r = live_hand(t)
        while not r.is_over and plan.players[r.actor or 0] != slow:
            r.apply(folds(r, r.actor or 0))
        if not r.is_over:
            break
        t.apply(*recording([(plan, r)]))
    else:
        pytest.fail("the slow player never had a decision")
    [called] = t.apply(cm.StartDecision(cm.PlayedHand.of(plan, r), 50), cm.Inputs(rounds=(r,)))
    assert isinstance(called, ClockCalled)
    assert (called.limit, called.clause) == (10, "dunedin-house 91")
    with pytest.raises(TournamentError, match="already on"):
        t.apply(cm.CallClock(cm.PlayedHand.of(plan, r), 51), cm.Inputs(rounds=(r,)))
    assert t.apply(cm.EnforceClock(cm.PlayedHand.of(plan, r), 60), cm.Inputs(rounds=(r,))) == []
    [expired] = t.apply(cm.EnforceClock(cm.PlayedHand.of(plan, r), 61), cm.Inputs(rounds=(r,)))
    assert isinstance(expired, TimeExpired) and expired.clause == "dunedin-house 91"
    assert rebuilt(t).slow == {slow: 2}


def test_qld_tournament_2020_4_27_director_directs_a_slow_player() -> None:
    t = started(4, **QLD)
    [found] = t.apply(cm.FindSlow("p1"))
    assert isinstance(found, FoundSlow) and found.clause == "qld-tournament-2020 4.27"
    t.apply(cm.FindSlow("p1"))
    plan, r = live_hand(t)
    assert (
        t.apply(cm.StartDecision(cm.PlayedHand.of(plan, r), 0), cm.Inputs(rounds=(r,))) == []
    )  # no 10-second limit outside dunedin-house 91


# ---------------------------------------------------------------------------------------------
# Floor reports


def to_flop(t: Tournament) -> tuple[HandPlan, Round]:
    plan, r = live_hand(t, dealer=True)
    while r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(Burn())
    r.apply(DealBoard(parse_cards("Ts Jd Qh")))
    return plan, r


def test_qld_tournament_2020_4_42_flop_exposed_early_is_shuffled_back_without_a_cap() -> None:
    t = started(4, **QLD)
    plan, r = live_hand(t, dealer=True)
    [ruled] = t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), CommunityCardsExposed(parse_cards("Ts Jd Qh"))),
        cm.Inputs(rounds=(r,)),
    )
    assert isinstance(ruled, FloorRuled) and ruled.clause == "qld-tournament-2020 4.42"
    assert [e.use for e in r.events if isinstance(e, CardExposed)] == ["stub"] * 3
    assert not any(isinstance(e, BettingCapped) for e in r.events)  # s36(3) is replaced


def test_qld_tournament_2020_4_42_2_river_exposed_early() -> None:
    t = started(4, **QLD)
    plan, r = to_flop(t)
    while r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(Burn())
    r.apply(DealBoard(parse_cards("Kc")))
    t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), CommunityCardsExposed(parse_cards("9c"))),
        cm.Inputs(rounds=(r,)),
    )
    assert [(str(e.card), e.use, e.clause) for e in r.events if isinstance(e, CardExposed)] == [
        ("9c", "stub", "qld-tournament-2020 4.42(2)")
    ]
    while r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(DealBoard(parse_cards("9c")))  # shuffled back: it may come again
    finish(t, plan, r)


def test_qld_tournament_2020_4_44_dealer_mucks_an_unprotected_hand_raise_uncalled_back() -> None:
    t = started(4, **QLD)
    plan, r = to_flop(t)
    p = r.actor or 0
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is not None
    r.apply(BetRaise(p, la.min_raise_to))
    before = r.stacks[p]
    t.apply(cm.Report(cm.PlayedHand.of(plan, r), HandKilledByDealer(p)), cm.Inputs(rounds=(r,)))
    assert [e for e in r.events if isinstance(e, BetReturned)] == [BetReturned(p, la.min_raise_to)]
    assert r.stacks[p] == before + la.min_raise_to
    assert HandKilled(p, "qld-tournament-2020 4.44") in r.events
    finish(t, plan, r)
    assert sum(t.stack(x) for x in plan.players) == sum(plan.config.stacks)


def test_qld_tournament_2020_4_44_called_wagers_stay_in_the_pot() -> None:
    t = started(4, **QLD)
    plan, r = to_flop(t)
    p = r.actor or 0
    put_in = r.contrib[p]
    t.apply(cm.Report(cm.PlayedHand.of(plan, r), HandKilledByDealer(p)), cm.Inputs(rounds=(r,)))
    assert not any(isinstance(e, BetReturned) for e in r.events) and r.contrib[p] == put_in


def test_qld_tournament_2020_4_43_mixed_cards_return_the_round_and_split_the_pot() -> None:
    t = started(4, **QLD)
    plan, r = to_flop(t)
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is not None
    r.apply(BetRaise(r.actor or 0, la.min_raise_to))
    r.apply(Fold(r.actor or 0))
    live = r.live()
    pot_before_round = sum(r.contrib) - sum(r.bets)
    t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), CardsRemovedFromShoe(mixed=True)),
        cm.Inputs(rounds=(r,)),
    )
    assert r.is_over
    awards = [e for e in r.events if isinstance(e, PotAwarded)]
    assert sorted(e.player for e in awards) == live
    assert sum(e.amount for e in awards) == pot_before_round
    assert max(e.amount for e in awards) - min(e.amount for e in awards) <= plan.config.chip_unit
    t.apply(*recording([(plan, r)]))
    assert sum(t.stack(x) for x in plan.players) == sum(plan.config.stacks)


def test_qld_tournament_2020_4_43_cards_not_mixed_are_shuffled_back() -> None:
    t = started(4, **QLD)
    plan, r = to_flop(t)
    stacks = list(r.stacks)
    [ruled] = t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), CardsRemovedFromShoe(mixed=False)),
        cm.Inputs(rounds=(r,)),
    )
    assert isinstance(ruled, FloorRuled) and ruled.clause == "qld-tournament-2020 4.43"
    assert list(r.stacks) == stacks and not r.is_over


def test_qld_tournament_2020_4_43_refused_when_croupier_deals_itself() -> None:
    t = started(4, **QLD)
    plan, r = live_hand(t)  # dealt from croupier's own deck order
    n, m = len(t.events), len(r.events)
    with pytest.raises(TournamentError) as info:
        t.apply(
            cm.Report(cm.PlayedHand.of(plan, r), CardsRemovedFromShoe(mixed=True)),
            cm.Inputs(rounds=(r,)),
        )
    assert info.value.ruling.clause == "qld-tournament-2020 4.43"
    assert (len(t.events), len(r.events)) == (n, m)


def test_qld_tournament_2020_4_41_f_directed_by_the_dealer_retracts() -> None:
    t = started(4, **QLD)
    plan, r = to_flop(t)
    behind = r.queue[1]
    [ruled] = t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), OutOfTurn(CheckCall(behind), directed_by_dealer=True)),
        cm.Inputs(rounds=(r,)),
    )
    assert isinstance(ruled, FloorRuled) and ruled.clause == "qld-tournament-2020 4.41(f)"
    assert not any(isinstance(e, OutOfTurnHeld) for e in r.events)


def test_qld_tournament_2020_4_41_a_missed_players_act_first() -> None:
    t = started(4, **QLD)
    plan, r = to_flop(t)
    first, behind = r.queue[0], r.queue[1]
    [ruled] = t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), OutOfTurn(Fold(behind))), cm.Inputs(rounds=(r,))
    )
    assert isinstance(ruled, FloorRuled) and ruled.clause == "qld-tournament-2020 4.41(a)"
    assert r.actor == first
    r.apply(CheckCall(first))
    assert r.folded[behind]  # the held fold binds when the turn comes


def test_dunedin_house_tournament_reports_follow_the_rules_of_play() -> None:
    t = started(4)
    plan, r = to_flop(t)
    t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), CommunityCardsExposed(parse_cards("9c"))),
        cm.Inputs(rounds=(r,)),
    )
    assert [e.clause for e in t.events if isinstance(e, FloorRuled)] == ["dunedin-house 72"]
    with pytest.raises(TournamentError) as info:
        t.apply(
            cm.Report(cm.PlayedHand.of(plan, r), CardsRemovedFromShoe(mixed=True)),
            cm.Inputs(rounds=(r,)),
        )
    assert "silent" in info.value.ruling.clause


def test_qld_tournament_2020_4_41_report_on_a_stale_hand_is_refused() -> None:
    t = started(4, **QLD)
    plan, r = live_hand(t)
    finish(t, plan, r)
    n = len(t.events)
    with pytest.raises(TournamentError):
        t.apply(
            cm.Report(cm.PlayedHand.of(plan, r), CardsRemovedFromShoe(mixed=False)),
            cm.Inputs(rounds=(r,)),
        )
    assert len(t.events) == n


@pytest.mark.parametrize("changes", [QLD, {}])
def test_qld_tournament_2020_4_26_dunedin_house_90_91_the_runner_puts_slow_bots_on_the_clock(
    changes: dict[str, str],
) -> None:
    cond = conditions(**changes)
    t, stats = run_tournament(cond, 12, seed=4, policy=Policy(tank=0.05))
    expired = [e for e in t.events if isinstance(e, TimeExpired)]
    called = [e for e in t.events if isinstance(e, ClockCalled)]
    assert stats.clocks == len(called) > 0
    assert stats.timed_out == len(expired) > 0
    dead = {(e.table, e.hand, e.player) for e in expired}
    for h in (e for e in t.events if isinstance(e, HandPlayed)):
        for table, hand, player in dead:
            if (h.table, h.hand) == (table, hand):
                p = h.players.index(player)
                assert any(isinstance(x, Folded) and x.player == p for x in h.round_events)
    if not changes:  # dunedin-house 91: a bot found slow twice has 10 seconds from then on
        assert any(e.clause == "dunedin-house 91" for e in called)
    assert Tournament.from_events(cond, t.events).result_log() == t.result_log()
