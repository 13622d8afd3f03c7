"""A tournament the room runs (croupier.room.tournaments): its state the fold of its events,
its money at the cage conserved at every event, its clock on the server's time."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from croupier.room import EnterTournament, OpenTournament, PayPrize, Room, TournamentTerms
from croupier.room.events import TournamentEntered
from croupier.room.tournaments import (
    CAGE,
    AtTournament,
    AtTournamentEvent,
    NextLevel,
    TournamentBought,
    TournamentBuy,
)
from croupier.round import CheckCall, Fold, Round
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.tournament import Conditions, Tournament, load_conditions
from croupier.tournament import commands as tc
from croupier.tournament import events as te
from support.room import follow_balance

SMALL = Path(__file__).parents[2] / "examples/tournaments/small.toml"
NO_TERMS = TournamentTerms("", "", 0)


def conditions(**changes: object) -> Conditions:
    return dataclasses.replace(load_conditions(SMALL), **changes)  # type: ignore[arg-type]


def opened(c: Conditions, players: int = 6, at: int = 100) -> Room:
    room = Room()
    room.apply(OpenTournament("t", NO_TERMS, at, c))
    for i in range(players):
        room.apply(EnterTournament(f"p{i}", "t", at))
    return room


def run(room: Room) -> Tournament:
    t = room.tournaments["t"].run
    assert t is not None
    return t


def checked(room: Room, cmd: object) -> None:
    """Apply ``cmd`` and check the room's money after each of its events."""
    mark = len(room.events)
    room.apply(cmd)  # type: ignore[arg-type]
    for k in range(mark + 1, len(room.events) + 1):
        assert Room.from_events(room.events[:k]).ledger().conserved, room.events[k - 1]
    assert room.tournaments["t"].balanced()


def play_out(room: Room, at: int, seed: int = 1) -> int:
    """Waves of hands (bots calling or folding) until the tournament is won; the time."""
    t = run(room)
    shoe = Shoe(t.conditions.game_rules.deck, seed=seed)
    rng = random.Random(seed)
    checked(room, AtTournament("t", tc.Start(seed=seed, cards=shoe.shuffle().order), at))
    checked(room, TournamentBuy("p0", "t", "rebuy", at))  # qld-tournament-2020 3.5
    waves = 0
    while not t.finished:
        waves += 1
        assert waves < 400
        at += 45
        played = []
        for n in sorted(t.tables):
            why = t.why_not_deal(n)
            if why is None:
                plan = t.plan_hand(n, shoe.shuffle().order)
                r = Round(plan.config)
                while not r.is_over:
                    assert r.actor is not None
                    r.apply(CheckCall(r.actor) if rng.random() < 0.8 else Fold(r.actor))
                played.append(tc.PlayedHand(plan, r.config, tuple(r.events)))
            elif why.clause == t.book.busted_clause:  # busted: a re-buy, or out
                p = next(p for p in t.tables[n].seats.values() if t.entrants[p].status == "busted")
                if t.why_not_buy(p, "rebuy", busted=True) is None and rng.random() < 0.5:
                    checked(room, TournamentBuy(p, "t", "rebuy", at))
                else:
                    checked(room, AtTournament("t", tc.EliminateBusted(n), at))
            elif why.clause == t.book.colour_up_clause:
                checked(room, AtTournament("t", tc.ColourUp(cards=shoe.shuffle().order), at))
            elif t.clock.state.level.is_break:
                checked(room, NextLevel("t", at))
        if played:
            checked(room, AtTournament("t", tc.RecordHands(tuple(played)), at))
        if not t.finished:
            checked(
                room, AtTournament("t", tc.Maintain(seed=waves, cards=shoe.shuffle().order), at)
            )
    return at


def test_a_run_tournament_conserves_money_and_replays() -> None:
    room = opened(conditions(added_prize=100))
    assert room.ledger().cash_in == 100 + 6 * 60 and room.ledger().conserved
    assert [type(e) for e in room.events[1:3]] == [TournamentEntered, AtTournamentEvent]
    at = play_out(room, 1000)
    t, tm = run(room), room.tournaments["t"]
    assert t.finished and tm.pool == t.pool + t.bounty_fund + sum(
        e.bounties for e in t.entrants.values()
    )
    bought = [e for e in room.events if isinstance(e, TournamentBought)]
    assert bought and bought[0].entry == 50 and run(room).entrants["p0"].rebuys >= 1
    assert room.ledger().cash_in == 100 + 6 * 60 + sum(b.entry + b.fee for b in bought)
    # the cage pays what each won, and no more
    winners = {p: tm.owed(p) for p in t.entrants if tm.owed(p)}
    assert sum(winners.values()) == tm.pool
    loser = next(p for p in t.entrants if p not in winners)
    with pytest.raises(IllegalAction) as e:
        room.apply(PayPrize(loser, "t", 1, at))
    assert e.value.ruling.clause == t.book.prize_paid_clause
    for p, amount in winners.items():
        checked(room, PayPrize(p, "t", amount, at))
    assert tm.pool == 0 and room.ledger().conserved
    # the room, the tournament and its clock are the fold of the events
    again = Room.from_events(room.events)
    assert again.ledger() == room.ledger()
    assert follow_balance(room.events) == len(room.events)  # the running ledger: pool, fees
    assert run(again).events == t.events and run(again).clock == t.clock
    assert run(again).clock_at == t.clock_at == at
    alone = Tournament.from_events(
        t.conditions, [e.event for e in room.events if isinstance(e, AtTournamentEvent)]
    )
    assert [(p, x.place, x.cash) for p, x in alone.entrants.items()] == [
        (p, x.place, x.cash) for p, x in t.entrants.items()
    ]


def test_the_clock_runs_on_the_commands_time_and_stops_when_paused() -> None:
    room = opened(conditions())
    t = run(room)
    shoe = Shoe(t.conditions.game_rules.deck, seed=4)
    room.apply(AtTournament("t", tc.Start(seed=4, cards=shoe.shuffle().order), 1000))
    assert t.clock.elapsed == 0 and t.clock_at == 1000
    room.apply(AtTournament("t", tc.Pause(True), 1130))
    assert t.clock.elapsed == 130 and t.clock.paused
    room.apply(AtTournament("t", tc.Pause(False), 1500))  # paused time does not count
    assert t.clock.elapsed == 130 and t.clock_at == 1500
    room.apply(AtTournament("t", tc.FindSlow("p1"), 1550))
    assert t.clock.elapsed == 180
    room.apply(NextLevel("t", 1560))
    assert t.level_number == 2 and t.clock.state.remaining == 600
    ticks = [e.event for e in room.events if isinstance(e, AtTournamentEvent)]
    assert [e.at for e in ticks if isinstance(e, te.ClockTicked)] == [1000, 1130, 1500, 1550, 1560]
    for _ in range(len(t.conditions.levels) - 2):
        room.apply(NextLevel("t", 1560))
    with pytest.raises(IllegalAction) as e:
        room.apply(NextLevel("t", 1570))
    assert e.value.ruling.clause == t.book.clock_adjust_clause


def test_refused_commands_change_nothing_and_money_goes_through_the_cage() -> None:
    room = opened(conditions())
    t = run(room)
    shoe = Shoe(t.conditions.game_rules.deck, seed=5)
    room.apply(AtTournament("t", tc.Start(seed=5, cards=shoe.shuffle().order), 1000))
    plan = t.plan_hand(1, shoe.shuffle().order)
    r = Round(plan.config)
    while not r.is_over:
        assert r.actor is not None
        r.apply(Fold(r.actor))
    hand = tc.PlayedHand(plan, r.config, tuple(r.events))
    room.apply(AtTournament("t", tc.RecordHands((hand,)), 1100))
    events, tevents = list(room.events), list(t.events)
    # a stale plan, a minute later: refused, and the clock's tick before it taken back too
    stale = AtTournament("t", tc.RecordHands((hand,)), 1160)
    assert room.why_illegal(stale) is not None
    with pytest.raises(IllegalAction) as e:
        room.apply(stale)
    assert e.value.ruling.clause == t.book.tables_clause
    assert room.events == events and t.events == tevents and t.clock_at == 1100
    for money in (tc.Register("late"), tc.Buy("p1", "rebuy"), tc.Cancel()):
        with pytest.raises(IllegalAction) as e:
            room.apply(AtTournament("t", money, 1200))
        assert e.value.ruling.clause == CAGE
    with pytest.raises(IllegalAction):  # the server's clock, never a client's
        room.apply(AtTournament("t", tc.Tick(600), 1200))
    assert room.events == events and room.ledger().conserved


def test_a_tournament_opened_without_conditions_stays_a_ledger_entry() -> None:
    room = Room()
    room.apply(OpenTournament("s", TournamentTerms("s", "holdem", 100, 10)))
    room.apply(EnterTournament("a", "s"))
    assert room.tournaments["s"].run is None and room.ledger().pools == 100
    with pytest.raises(IllegalAction) as e:
        room.apply(AtTournament("s", tc.Pause(True)))
    assert "without conditions" in e.value.ruling.message


def test_a_cancelled_entry_is_refunded_at_the_cage() -> None:
    """qld-tournament-2020 3.10: refunded in full when cancelled 24 hours or more before the
    start (the conditions' start read as the server's UTC time); later, or once started, not."""
    import datetime

    from croupier.room.tournaments import CancelTournamentEntry, TournamentRefunded

    c = conditions()
    start = int(c.start.replace(tzinfo=datetime.UTC).timestamp())
    room = opened(c, players=3, at=start - 3 * 86_400)
    checked(room, CancelTournamentEntry("p1", "t", start - 2 * 86_400))
    refund = room.events[-2]
    assert isinstance(refund, TournamentRefunded) and (refund.entry, refund.fee) == (50, 10)
    assert room.ledger().cash_out == 60 and room.tournaments["t"].pool == 100
    assert room.tournaments["t"].entries == ["p0", "p2"] and run(room).entries_total == 2
    events = list(room.events)
    with pytest.raises(IllegalAction) as e:
        room.apply(CancelTournamentEntry("p2", "t", start - 3600))
    assert e.value.ruling.clause == run(room).book.refund_clause and room.events == events
    checked(room, EnterTournament("p1", "t", start - 3600))  # and may enter again
    assert Room.from_events(room.events).ledger() == room.ledger()
