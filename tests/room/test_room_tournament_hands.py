"""Live hands at a tournament's tables (croupier.room.tournament_hands): dealt by the room,
played by the players' actions, recorded into the tournament as RecordHands records them; the
room the fold of its events after every command; refusals name their clause and change
nothing; the clock on a player (qld-tournament-2020 4.26-4.28)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from croupier.room import EnterTournament, OpenTournament, Room, RoomCommand, TournamentTerms
from croupier.room.tournament_hands import (
    CallTournamentClock,
    DealTournamentHand,
    EnforceTournamentClock,
    TournamentAct,
    TournamentHandDealt,
    TournamentHandProgressed,
)
from croupier.room.tournaments import (
    AtTournament,
    NextLevel,
    TournamentBuy,
    TournamentTick,
)
from croupier.round import BetRaise, CheckCall, Fold, Round
from croupier.round.events import HoleDealt, RoundEnded
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.tournament import Conditions, Tournament, load_conditions
from croupier.tournament import commands as tc
from croupier.tournament import events as te
from support.integrity_state import differences, state

SMALL = Path(__file__).parents[2] / "examples/tournaments/small.toml"
NO_TERMS = TournamentTerms("", "", 0)


def conditions(**changes: object) -> Conditions:
    return dataclasses.replace(load_conditions(SMALL), **changes)  # type: ignore[arg-type]


def started(c: Conditions, players: int, at: int = 100, seed: int = 3) -> tuple[Room, Shoe]:
    room = Room()
    room.apply(OpenTournament("t", NO_TERMS, at, c))
    for i in range(players):
        room.apply(EnterTournament(f"p{i}", "t", at))
    shoe = Shoe(c.game_rules.deck, seed=seed)
    room.apply(AtTournament("t", tc.Start(seed=seed, cards=shoe.shuffle().order), at))
    return room, shoe


def run(room: Room) -> Tournament:
    t = room.tournaments["t"].run
    assert t is not None
    return t


def live_state(room: Room) -> object:
    """The live hands and the tournament, as two rooms are compared."""
    tm = room.tournaments["t"]
    t = run(room)
    hands = {
        n: (lh.plan, tuple(lh.round.events), tuple(lh.round.stacks), lh.round.actor)
        for n, lh in tm.live.items()
    }
    return hands, tuple(t.events), {p: (e.stack, e.status, e.place) for p, e in t.entrants.items()}


def folds(room: Room) -> None:
    """The room is the fold of its events: the tournament, and every live hand's whole round
    (every attribute of the engine's state, tests/support/integrity_state.py)."""
    again = Room.from_events(room.events)
    assert live_state(again) == live_state(room)
    a, b = again.tournaments["t"].live, room.tournaments["t"].live
    assert a.keys() == b.keys()
    for n in a:
        assert differences(state(a[n].round), state(b[n].round)) == []
        assert a[n].plan == b[n].plan and a[n].commitment == b[n].commitment
    assert room.ledger().conserved


def refused(room: Room, cmd: RoomCommand) -> IllegalAction:
    """``cmd`` is refused by both verbs and leaves the room as it was."""
    before = (len(room.events), live_state(room), room.ledger())
    ruling = room.why_illegal(cmd)
    assert ruling is not None
    with pytest.raises(IllegalAction) as e:
        room.apply(cmd)
    assert e.value.ruling == ruling
    assert (len(room.events), live_state(room), room.ledger()) == before
    return e.value


def choose(room: Room, n: int, rng: random.Random, at: int) -> TournamentAct:
    r = room.tournaments["t"].live[n].round
    la = r.legal_actions()
    assert la is not None and r.actor is not None
    x = rng.random()
    if la.max_raise_to is not None and x < 0.03:
        return TournamentAct("t", n, BetRaise(r.actor, la.max_raise_to), at)
    if x < 0.3 and not la.can_check:
        return TournamentAct("t", n, Fold(r.actor), at)
    return TournamentAct("t", n, CheckCall(r.actor), at)


def test_players_play_a_tournament_to_its_winner_and_the_room_is_its_fold() -> None:
    room, shoe = started(conditions(table_size=5, final_table_size=5), 14)
    t, tm = run(room), room.tournaments["t"]
    rng = random.Random(1)
    at, commands, waited = 200, 0, 0
    while not t.finished:
        at += 40
        assert at < 200 + 40 * 600
        room.apply(TournamentTick("t", at))  # the server records the level's end
        for n in [*sorted(t.tables), *sorted(t.tables)]:  # again: a table the floor freed
            why = t.why_not_deal(n) if n in t.tables and n not in tm.live else None
            if n not in t.tables or n in tm.live:
                continue
            if why is None:
                room.apply(DealTournamentHand("t", n, shoe.shuffle().order, at=at))
            elif why.clause == t.book.busted_clause:
                p = next(p for p in t.tables[n].seats.values() if t.entrants[p].status == "busted")
                if t.why_not_buy(p, "rebuy", busted=True) is None and rng.random() < 0.5:
                    room.apply(TournamentBuy(p, "t", "rebuy", at))
                else:
                    room.apply(AtTournament("t", tc.EliminateBusted(n), at))
            elif why.clause == t.book.colour_up_clause:
                room.apply(AtTournament("t", tc.ColourUp(cards=shoe.shuffle().order), at))
            elif t.clock.state.level.is_break:
                room.apply(NextLevel("t", at))
        while tm.live:
            playing = [n for n, lh in tm.live.items() if not lh.round.is_over]
            for n in [n for n, lh in tm.live.items() if lh.round.is_over]:
                # hand-for-hand: a finished hand waits for the other tables' (4.20)
                assert t.hand_for_hand and playing
                e = refused(room, DealTournamentHand("t", n, shoe.shuffle().order, at=at))
                assert e.ruling.clause == t.book.hand_for_hand_clause
                waited += 1
            n = playing[0]
            room.apply(choose(room, n, rng, at))
            commands += 1
            if commands < 60 or commands % 40 == 0:
                folds(room)
        if not t.finished:
            room.apply(AtTournament("t", tc.Maintain(seed=at, cards=shoe.shuffle().order), at))
    folds(room)
    assert commands > 100 and waited  # hand-for-hand on the way
    assert sum(1 for e in t.events if isinstance(e, te.HandPlayed)) > 30
    assert [p for p, e in t.entrants.items() if e.place == 1]
    # every hand the room dealt was recorded, its round's events those the players made
    dealt = [e for e in room.events if isinstance(e, TournamentHandDealt)]
    played = [e for e in t.events if isinstance(e, te.HandPlayed)]
    assert len(dealt) == len(played)
    assert all(d.plan.config.deck_order is None for d in dealt)  # the deck is in no event


def test_a_hand_is_recorded_as_record_hands_records_it() -> None:
    room, shoe = started(conditions(), 6)
    t, tm = run(room), room.tournaments["t"]
    room.apply(DealTournamentHand("t", 1, shoe.shuffle().order, at=150))
    lh = tm.live[1]
    twin = Tournament.from_events(t.conditions, t.events, t.flight)
    while 1 in tm.live:
        r = tm.live[1].round
        assert r.actor is not None
        before = len(t.events)
        room.apply(TournamentAct("t", 1, CheckCall(r.actor), 150))
    recorded = t.events[before:]
    again = twin.apply(
        tc.RecordHands((tc.PlayedHand(lh.plan, lh.round.config, tuple(lh.round.events)),))
    )
    assert recorded == again
    assert isinstance(recorded[0], te.HandPlayed)
    assert isinstance(recorded[0].round_events[-1], RoundEnded)
    folds(room)


def test_refused_actions_name_their_clause_and_change_nothing() -> None:
    room, shoe = started(conditions(), 6)
    tm = room.tournaments["t"]
    assert refused(room, TournamentAct("t", 1, Fold(0), 150)).ruling.clause == "croupier room"
    room.apply(DealTournamentHand("t", 1, shoe.shuffle().order, at=150))
    r = tm.live[1].round
    assert r.actor is not None
    other = (r.actor + 1) % r.n
    e = refused(room, TournamentAct("t", 1, CheckCall(other), 150))  # out of turn
    assert e.ruling.clause
    e = refused(room, TournamentAct("t", 1, BetRaise(r.actor, 10**6), 150))
    assert e.ruling.clause
    assert refused(room, DealTournamentHand("t", 1, shoe.shuffle().order, at=150)).ruling.clause
    assert refused(room, DealTournamentHand("t", 1, None, at=150)).ruling.clause
    assert refused(room, DealTournamentHand("t", 9, shoe.shuffle().order, at=150)).ruling.clause
    # the hand's table is not balanced, and its hand not recorded from a device, mid-hand
    assert refused(room, AtTournament("t", tc.Maintain(seed=1), 150)).ruling.clause
    assert refused(room, EnforceTournamentClock("t", 1, 150)).ruling.clause
    # seats, stacks and entries change between hands: the hand is recorded against them
    p = tm.live[1].plan.players[0]
    e = refused(room, TournamentBuy(p, "t", "rebuy", 150))
    assert e.ruling.message == f"between hands: {p} is in the hand in play at table 1"
    assert refused(room, AtTournament("t", tc.Disqualify(p), 150)).ruling.clause
    room.apply(AtTournament("t", tc.FindSlow(p), 150))  # what changes no seat or stack goes on
    folds(room)


def test_the_clock_on_a_player_kills_the_hand_when_time_runs_out() -> None:
    """qld-tournament-2020 4.26, 4.28: time called, one minute to act, then the hand is dead
    and the player's wagers stay in the pot."""
    c = conditions(rules="qld-tournament-2020", structure="full-pot")
    room, shoe = started(c, 6)
    t, tm = run(room), room.tournaments["t"]
    room.apply(DealTournamentHand("t", 1, shoe.shuffle().order, at=150))
    r = tm.live[1].round
    slow = r.actor
    assert slow is not None
    room.apply(CallTournamentClock("t", 1, requested=False, at=160))
    called = t.action_clocks[1]
    assert called.clause == "qld-tournament-2020 4.28" and called.limit == 60
    assert refused(room, CallTournamentClock("t", 1, at=161)).ruling.clause  # already on
    e = refused(room, EnforceTournamentClock("t", 1, 220))  # 60 seconds: time remains
    assert e.ruling.clause == "qld-tournament-2020 4.28"
    # too late: acting after the minute is refused, the hand is dead
    e = refused(room, TournamentAct("t", 1, CheckCall(slow), 221))
    assert e.ruling.clause == "qld-tournament-2020 4.28"
    bet = r.bets[slow]
    room.apply(EnforceTournamentClock("t", 1, 221))
    assert r.folded[slow] and r.bets[slow] == bet  # the wagers stay in the pot
    expired = [e for e in t.events if isinstance(e, te.TimeExpired)]
    assert expired and expired[-1].player == tm.live[1].plan.players[slow]
    folds(room)


def test_the_store_keeps_the_cards_dealt_and_never_the_deck() -> None:
    room, shoe = started(conditions(), 6)
    room.apply(DealTournamentHand("t", 1, shoe.shuffle().order, at=150))
    progressed = [e for e in room.events if isinstance(e, TournamentHandProgressed)]
    holes = [x for e in progressed for x in e.events if isinstance(x, HoleDealt)]
    assert holes and all(None not in h.cards for h in holes)  # the cards dealt, as dealt
    dealt = next(e for e in room.events if isinstance(e, TournamentHandDealt))
    assert dealt.plan.config.deck_order is None
    # rebuilt from its events the hand holds no deck: the dealer side gives it back
    again = Room.from_events(room.events)
    assert again.tournaments["t"].decks == {}
    lh = again.tournaments["t"].live[1]
    assert Round.from_events(lh.plan.config, lh.round.events).events == lh.round.events


def test_a_player_found_slow_twice_has_the_clock_on_each_decision() -> None:
    """dunedin-house 91: found deliberately slow more than once, a player has at most 10
    seconds on each later decision; when they run out the hand is dead (90)."""
    room, shoe = started(conditions(), 6)
    t, tm = run(room), room.tournaments["t"]
    room.apply(DealTournamentHand("t", 1, shoe.shuffle().order, at=150))
    r = tm.live[1].round
    players = tm.live[1].plan.players
    assert r.actor is not None
    slow = players[(r.actor + 1) % r.n]  # the next to act
    for _ in range(2):
        room.apply(AtTournament("t", tc.FindSlow(slow), 150))
    assert 1 not in t.action_clocks
    room.apply(TournamentAct("t", 1, CheckCall(r.actor), 151))  # now the slow player decides
    assert r.actor is not None and players[r.actor] == slow
    c = t.action_clocks[1]
    assert (c.player, c.at, c.limit, c.clause) == (slow, 151, 10, "dunedin-house 91")
    refused(room, EnforceTournamentClock("t", 1, 161))
    room.apply(EnforceTournamentClock("t", 1, 162))
    assert r.folded[players.index(slow)]
    assert any(isinstance(e, te.TimeExpired) and e.player == slow for e in t.events)
    folds(room)
