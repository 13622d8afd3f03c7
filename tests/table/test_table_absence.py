"""Disconnections (issue 15 §3): a player whose connection drops keeps the seat for the table's
grace period; past it the rulebook's rules for an absent player apply (their hand folded on
their turn, their seat sitting out and missing blinds). Every step is an event carrying the
server's time, so the fold of a table's events gives the same state as the live table."""

from __future__ import annotations

import pytest

from croupier.round import CheckCall, Fold
from croupier.round.config import ConfigError
from croupier.round.events import Folded
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.table.absence import (
    ABSENT,
    DEFAULT_GRACE_SECONDS,
    GRACE,
    AbsentFolded,
    GraceExpired,
    PlayerDisconnected,
    PlayerReconnected,
)
from croupier.table.button import Status
from croupier.table.commands import (
    Act,
    Disconnect,
    ExpireGrace,
    Leave,
    Reconnect,
    Return,
    SitDown,
    StartRound,
    TableCommand,
    Tick,
)
from croupier.table.events import (
    Notice,
    RoundProgressed,
    StatusChanged,
    TableCheckpoint,
    TableEvent,
)
from croupier.table.presets import preset
from croupier.table.table import Table, TableConfig
from support.integrity_state import differences, state
from support.table import make_table

QLD, ACT, DUN = "qld-holdem-2005", "act-omaha-2017", "dunedin-house"
#: the clause each rulebook's absent player's hand is folded under
HAND_CLAUSE = {QLD: ABSENT, ACT: "act-omaha-2017 4.8(a)", DUN: "dunedin-house 92"}


def seated(rules: str, n: int = 3, grace: int = 30) -> Table:
    t = make_table(rules, seats=6, grace_seconds=grace)
    for i in range(n):
        t.apply(SitDown(f"p{i + 1}", i + 1, 200))
    return t


def start(t: Table, at: int = 0) -> None:
    deck = Shoe(t.config.game.deck, seed=t.hands + 5).shuffle().order
    t.apply(StartRound(deck, at=at))


def actor(t: Table) -> str:
    r = t.round
    assert r is not None and r.actor is not None
    return t.players[r.actor]


def refused(t: Table, cmd: TableCommand, clause: str) -> None:
    """``cmd`` is refused citing ``clause``, and the table's state is unchanged."""
    before = state(t)
    ruling = t.why_illegal(cmd)
    assert ruling is not None and clause in ruling.clause, ruling
    with pytest.raises(IllegalAction):
        t.apply(cmd)
    assert differences(state(t), before) == []


def same_as_fold(t: Table) -> None:
    again = Table.from_events(t.config, t.events)
    assert differences(state(again), state(t)) == []


def test_the_grace_period_is_set_per_table() -> None:
    assert preset(DUN).grace_seconds == DEFAULT_GRACE_SECONDS == 60
    assert preset(DUN, grace_seconds=5).grace_seconds == 5
    cfg = preset(DUN)
    for bad in (-1, True):
        with pytest.raises(ConfigError):
            TableConfig(cfg.rulebook, cfg.stakes, grace_seconds=bad)
    t = seated(DUN, grace=45)
    (e,) = t.apply(Disconnect("p2", at=100))
    assert e == PlayerDisconnected("p2", 145, GRACE, 100)
    assert t.disconnected == {"p2": 145}
    same_as_fold(t)


def test_refusals_name_their_clause_and_change_nothing() -> None:
    t = seated(DUN)
    refused(t, Disconnect("nobody", at=1), "croupier table")
    refused(t, Reconnect("p1", at=1), "croupier table")  # never disconnected
    refused(t, ExpireGrace("p1", at=100), GRACE)  # connected: no grace period runs
    t.apply(Disconnect("p1", at=10))
    refused(t, Disconnect("p1", at=11), "croupier table")
    refused(t, ExpireGrace("p1", at=39), GRACE)  # the grace runs until 40
    t.apply(Reconnect("p1", at=20))
    refused(t, ExpireGrace("p1", at=40), GRACE)  # back in time: the seat is theirs
    assert t.disconnected == {} and t.absent == set()
    assert t.seat("p1").status is Status.PLAYING
    same_as_fold(t)


@pytest.mark.parametrize("rules", [QLD, ACT, DUN])
def test_an_absent_player_to_act_has_the_hand_folded_and_sits_out(rules: str) -> None:
    t = seated(rules)
    start(t, at=0)
    who = actor(t)
    position = t.players.index(who)
    t.apply(Disconnect(who, at=5))
    events = t.apply(ExpireGrace(who, at=35))
    assert events[0] == GraceExpired(who, GRACE, 35)
    assert StatusChanged(who, Status.SITTING_OUT, t.rules.sit_out_clause, 35) in events
    folds = [e for e in events if isinstance(e, AbsentFolded)]
    assert folds == [AbsentFolded(who, HAND_CLAUSE[rules], 35)]
    progressed = next(e for e in events if isinstance(e, RoundProgressed))
    assert progressed.events[0] == Folded(position)
    r = t.round
    assert r is not None and r.folded[position]
    assert t.absent == {who} and t.disconnected == {}
    refused(t, ExpireGrace(who, at=36), GRACE)  # already away
    same_as_fold(t)


@pytest.mark.parametrize("rules", [ACT, DUN])
def test_a_player_not_to_act_is_folded_on_their_turn_and_misses_the_next_rounds(
    rules: str,
) -> None:
    t = seated(rules, n=4)
    start(t, at=0)
    first = actor(t)
    away = next(p for p in t.players if p != first and t.players.index(p) > t.players.index(first))
    t.apply(Disconnect(away, at=1))
    events = t.apply(ExpireGrace(away, at=31))
    assert not [e for e in events if isinstance(e, AbsentFolded)]  # not their turn yet
    r = t.round
    assert r is not None and not r.folded[t.players.index(away)]
    folded_at = None
    while r.actor is not None and not r.is_over and folded_at is None:
        out = t.apply(Act(CheckCall(r.actor), at=40))
        folded_at = next((e for e in out if isinstance(e, AbsentFolded)), None)
    assert folded_at == AbsentFolded(away, HAND_CLAUSE[rules], 40)
    same_as_fold(t)
    # the rest of the round, then the next: the absent player is not dealt in
    while t.round is not None:
        rr = t.round
        assert rr.actor is not None
        t.apply(Act(CheckCall(rr.actor), at=50))
    start(t, at=60)
    assert away not in t.players
    assert t.seat(away).status is Status.SITTING_OUT
    same_as_fold(t)


def test_reconnecting_after_the_grace_clears_the_absence_and_the_player_returns() -> None:
    t = seated(DUN, n=3)
    t.apply(Disconnect("p3", at=0))
    t.apply(ExpireGrace("p3", at=30))
    (back,) = t.apply(Reconnect("p3", at=50))
    assert back == PlayerReconnected("p3", True, 50)
    assert t.absent == set() and t.seat("p3").status is Status.SITTING_OUT
    t.apply(Return("p3", at=51))
    assert t.seat("p3").status is not Status.SITTING_OUT
    same_as_fold(t)


def test_a_reconnected_player_in_the_round_plays_their_own_turn() -> None:
    t = seated(DUN, n=3)
    start(t)
    last = t.players[1]  # the big blind: the others act first
    assert actor(t) != last
    t.apply(Disconnect(last, at=1))
    t.apply(ExpireGrace(last, at=31))
    t.apply(Reconnect(last, at=32))
    while actor(t) != last:
        r = t.round
        assert r is not None and r.actor is not None
        t.apply(Act(CheckCall(r.actor), at=33))
    r = t.round
    assert r is not None and r.actor is not None
    t.apply(Act(Fold(r.actor), at=34))  # the player's own action, not an absent fold
    assert not [e for e in t.events if isinstance(e, AbsentFolded)]
    same_as_fold(t)


def test_absences_survive_a_checkpoint_and_leaving_forgets_them() -> None:
    handed: list[TableEvent] = []
    cfg = preset(DUN, seats=6, grace_seconds=10)
    t = Table(cfg, sink=handed.extend)
    for i in range(3):
        t.apply(SitDown(f"p{i + 1}", i + 1, 200))
    t.apply(Disconnect("p1", at=0))
    t.apply(Disconnect("p2", at=0))
    t.apply(ExpireGrace("p2", at=10))
    start(t, at=11)
    assert isinstance(t.events[0], TableCheckpoint) and handed
    assert t.events[0].disconnected == (("p1", 10),) and t.events[0].absent == {"p2"}
    same_as_fold(t)  # a fold from the checkpoint
    whole = Table.from_events(cfg, [*handed, *t.events])
    assert whole.disconnected == {"p1": 10} and whole.absent == {"p2"}
    while t.round is not None:
        r = t.round
        assert r.actor is not None
        t.apply(Act(CheckCall(r.actor), at=12))
    t.apply(Leave("p1", at=13))
    t.apply(Leave("p2", at=13))
    assert t.disconnected == {} and t.absent == set()
    same_as_fold(t)


def test_dunedin_house_18_an_absent_player_away_too_long_may_lose_the_seat() -> None:
    t = seated(DUN, n=3)
    t.apply(Disconnect("p2", at=0))
    t.apply(ExpireGrace("p2", at=30))
    assert not [e for e in t.apply(Tick(30 + 15 * 60)) if isinstance(e, Notice)]
    (notice,) = [e for e in t.apply(Tick(31 + 15 * 60)) if isinstance(e, Notice)]
    assert notice.player == "p2" and notice.clause == "dunedin-house 18"
    same_as_fold(t)
