"""Seats in the room as the rulebooks write them (issue 32): priority among players already at
the table, a draw of the cards between equals, the clause a refusal cites, dunedin-house 29's
exception for moved players, and call times recorded when a seat frees inside a table command.

Each test quotes its clause; each failed on the code before it.
"""

from __future__ import annotations

import pytest

from croupier.cards import Card
from croupier.room import (
    AtTable,
    CashOut,
    JoinList,
    LeaveList,
    OpenTable,
    RequestSeatChange,
    Room,
    TakeSeat,
    Tick,
    list_key,
)
from croupier.room.draws import DrawForSeat, SeatDrawn
from croupier.room.events import AtTableEvent, PlayerCalled
from croupier.room.moves import MoveTable
from croupier.round import BetRaise, CheckCall, Fold
from croupier.shoe import Shoe
from croupier.table.commands import Act, ChangeSeat, RemoveChips, StartRound
from croupier.table.events import PlayerLeft, RoundStarted, SeatChanged
from croupier.table.presets import preset
from support.room import refused

QLD, ACT, DUN = "qld-holdem-2005", "act-omaha-2017", "dunedin-house"


def cards(*names: str) -> tuple[Card, ...]:
    return tuple(Card.parse(n) for n in names)


def play_out(
    room: Room, table: str, seed: int, at: int, folds: frozenset[str] = frozenset()
) -> int:
    """Deal a round from a seeded shoe and play it out: players in ``folds`` fold (or check),
    the others raise as much as they may, else call. The time after it."""
    t = room.tables[table]
    room.apply(AtTable(table, StartRound(Shoe(t.config.game.deck, seed=seed).shuffle().order, at)))
    while t.round is not None and not t.round.is_over:
        at += 1
        la = t.round.legal_actions()
        assert la is not None
        name = t.players[la.player]
        if name in folds:
            cmd = CheckCall(la.player) if la.can_check else Fold(la.player)
        elif la.max_raise_to is not None:
            cmd = BetRaise(la.player, la.max_raise_to)
        else:
            cmd = CheckCall(la.player)
        room.apply(AtTable(table, Act(cmd, at)))
    return at


def qld_six() -> Room:
    """Six-seat qld table, p1-p6 seated before the first deal, one round played."""
    room = Room(call_seconds=300)
    room.apply(OpenTable("t1", preset(QLD, seats=6)))
    for i in range(1, 7):
        room.apply(TakeSeat(f"p{i}", "t1", i, 100))
    play_out(room, "t1", 1, 10, folds=frozenset(f"p{i}" for i in range(1, 7)))
    return room


# -- 1. qld-holdem-2005 s16(2)(a)-(b) ---------------------------------------------------------


def test_players_in_the_game_since_it_started_come_first_for_a_seat_change() -> None:
    """qld-holdem-2005 s16(2): "(a) players who have been taking part in the game since it
    started are first in priority; (b) other players are second in priority"."""
    room = qld_six()
    t = room.tables["t1"]
    room.apply(CashOut("p5", "t1", at=100))
    room.apply(TakeSeat("late", "t1", 5, 100, at=110))
    assert "late" not in t.original and "p1" in t.original
    room.apply(RequestSeatChange("late", "t1", at=120))
    room.apply(RequestSeatChange("p1", "t1", at=130))
    room.apply(CashOut("p6", "t1", at=140))
    e = refused(room, AtTable("t1", ChangeSeat("late", 6, at=150)))
    assert e.ruling.clause == "qld-holdem-2005 s16(2)" and "p1" in e.ruling.message
    e = refused(room, AtTable("t1", ChangeSeat("p2", 6, at=150)))  # p2 never asked
    assert e.ruling.clause == "qld-holdem-2005 s16(2)" and "has not asked" in e.ruling.message
    room.apply(AtTable("t1", ChangeSeat("p1", 6, at=160)))
    assert t.seat_of("p1") == 6 and room.requests["t1"] == ["late"]
    room.apply(AtTable("t1", ChangeSeat("late", 1, at=170)))  # now late's turn
    assert t.seat_of("late") == 1 and not room.requests["t1"]


# -- 2. qld-holdem-2005 s16(3)-(4) ------------------------------------------------------------


def full_three(rules: str) -> tuple[Room, str, str]:
    room = Room(call_seconds=300)
    cfg = preset(rules, seats=3)
    room.apply(OpenTable("t1", cfg))
    stake = cfg.stakes.min_table_stake
    for i in range(1, 4):
        room.apply(TakeSeat(f"p{i}", "t1", i, stake))
    game, stakes = list_key(cfg)
    room.apply(JoinList("w1", game, stakes, at=1))
    room.apply(JoinList("w2", game, stakes, at=2))
    return room, game, stakes


def test_persons_of_equal_priority_draw_cards_for_the_seat_and_the_highest_wins() -> None:
    """qld-holdem-2005 s16(3): "If 2 or more persons have the same priority to fill a vacant
    seat ... and no-one has a higher priority, the seating position must be decided by a draw
    of the cards." (4): "the player who has the card with the highest ranking wins the draw"."""
    room, _, _ = full_three(QLD)
    events = room.apply(CashOut("p3", "t1", at=50))
    assert not any(isinstance(e, PlayerCalled) for e in events) and not room.calls
    e = refused(room, TakeSeat("w1", "t1", 3, 100, at=60))
    assert e.ruling.clause == "qld-holdem-2005 s16(3)-(4)"
    refused(room, DrawForSeat("t1", cards("As"), at=60))  # one card for two drawers
    refused(room, DrawForSeat("t1", cards("As", "As"), at=60))  # a card twice
    events = room.apply(DrawForSeat("t1", cards("7h", "Kd", "2c"), at=70))
    drawn, called = events
    assert drawn == SeatDrawn(
        "t1", (("w1", Card.parse("7h")), ("w2", Card.parse("Kd"))), ("w2",),
        "qld-holdem-2005 s16(3)-(4)", False, 70,
    )  # fmt: skip
    assert isinstance(called, PlayerCalled) and (called.player, called.at) == ("w2", 70)
    assert called.deadline == 370
    refused(room, DrawForSeat("t1", cards("As", "Ks"), at=80))  # decided: none is due
    refused(room, TakeSeat("w1", "t1", 3, 100, at=80))
    room.apply(TakeSeat("w2", "t1", 3, 100, at=90))
    again = Room.from_events(room.events, call_seconds=300)
    assert again.calls == room.calls and again.waiting(*list_key(room.tables["t1"].config)) == (
        "w1",
    )


def test_a_suit_breaks_a_tie_of_ranks_in_the_draw() -> None:
    """qld-holdem-2005 s16(4), read with the bridge order of suits (docs/design.md)."""
    room, _, _ = full_three(QLD)
    room.apply(CashOut("p3", "t1", at=50))
    drawn, _ = room.apply(DrawForSeat("t1", cards("Ks", "Kh"), at=60))
    assert isinstance(drawn, SeatDrawn) and drawn.winners == ("w1",)


@pytest.mark.parametrize("rules", [DUN, ACT])
def test_where_the_rulebook_is_silent_the_list_order_calls(rules: str) -> None:
    """dunedin-house 17, act-omaha-2017 8.2 speak of "a player waiting to join" and set no order
    among them: the waiting list's order calls (house default), and no draw is held."""
    room, _, _ = full_three(rules)
    room.apply(CashOut("p3", "t1", at=50))
    assert room.calls["w1"].table == "t1" and "w2" not in room.calls
    e = refused(room, DrawForSeat("t1", cards("As", "Ks"), at=60))
    assert e.ruling.clause == room.tables["t1"].rules.vacancy_draw_clause


@pytest.mark.parametrize(
    ("rules", "clause"),
    [(QLD, "qld-holdem-2005 s16(3)-(4)"), (DUN, "dunedin-house 16"), (ACT, "act-omaha-2017 8.2")],
)
def test_seated_players_of_one_priority_draw_for_the_vacated_seat(rules: str, clause: str) -> None:
    """qld-holdem-2005 s16(3); dunedin-house 16 "Where two or more players desire the same
    seat a draw of cards will decide"; act-omaha-2017 8.2 "a draw of cards shall decide"."""
    room, _, _ = full_three(rules)
    room.apply(RequestSeatChange("p1", "t1", at=10))
    room.apply(RequestSeatChange("p2", "t1", at=11))
    refused(room, DrawForSeat("t1", cards("As", "Ks"), at=12))  # no seat is vacant yet
    room.apply(CashOut("p3", "t1", at=20))
    e = refused(room, AtTable("t1", ChangeSeat("p1", 3, at=21)))
    assert e.ruling.clause == clause and "draw" in e.ruling.message
    (drawn,) = room.apply(DrawForSeat("t1", cards("3c", "Jd"), at=22))
    assert isinstance(drawn, SeatDrawn) and drawn.players
    assert (drawn.winners, drawn.clause) == (("p2",), clause)
    e = refused(room, AtTable("t1", ChangeSeat("p1", 3, at=23)))
    assert "p2 won the draw" in e.ruling.message
    assert Room.from_events(room.events, call_seconds=300).drawn == {"t1": "p2"}
    room.apply(AtTable("t1", ChangeSeat("p2", 3, at=24)))
    assert not room.drawn and room.requests["t1"] == ["p1"]
    room.apply(AtTable("t1", ChangeSeat("p1", 2, at=25)))


# -- 3. A house label where the rulebook has a clause ----------------------------------------


@pytest.mark.parametrize(
    ("rules", "clause"),
    [(DUN, "dunedin-house 22"), (ACT, "act-omaha-2017 4.6"), (QLD, "qld-holdem-2005 s19(4)")],
)
def test_taking_chips_off_the_table_cites_the_rulebook(rules: str, clause: str) -> None:
    """dunedin-house 22: players "may not remove chips from the table at any time";
    act-omaha-2017 4.6: "A player may not reduce their table stake"; qld-holdem-2005 s19(4):
    "A player must not add to or reduce the player's table stake during a round of play"."""
    room, _, _ = full_three(rules)
    e = refused(room, AtTable("t1", RemoveChips("p1", 5)))
    assert e.ruling.clause == clause


# -- 4. dunedin-house 29's exception ----------------------------------------------------------


def _button_seat_round(moved: bool) -> RoundStarted:
    """Seats 1-3 of t1 play a round (button 3, blinds 1 and 2); seat 1 leaves, so the next
    button is seat 1; ``x`` sits there posting a big blind, moved from t2 or as a newcomer."""
    room = Room()
    cfg = preset(DUN, seats=6)
    room.apply(OpenTable("t1", cfg))
    room.apply(OpenTable("t2", cfg))
    for i in range(1, 4):
        room.apply(TakeSeat(f"p{i}", "t1", i, 100))
    room.apply(TakeSeat("x", "t2", 1, 100))
    play_out(room, "t1", 3, 10, folds=frozenset({"p1", "p2", "p3"}))
    room.apply(CashOut("p1", "t1", at=100))
    if moved:
        room.apply(MoveTable("x", "t2", "t1", 1, at=110, post=True))
    else:
        room.apply(CashOut("x", "t2", at=105))
        room.apply(TakeSeat("x", "t1", 1, 100, at=110, post=True))
    deck = Shoe(cfg.game.deck, seed=4).shuffle().order
    events = room.apply(AtTable("t1", StartRound(deck, 120)))
    (started,) = (
        e.event for e in events if isinstance(e, AtTableEvent) and isinstance(e.event, RoundStarted)
    )
    return started


def test_a_player_moved_by_the_floor_may_be_dealt_in_at_the_button() -> None:
    """dunedin-house 29: "With the exception of players joining a game from an existing game
    that has closed, or players being moved by a poker supervisor, new players to a game may
    not be seated and subsequently dealt a hand, at the position on the table where the dealer
    button is placed."""
    newcomer = _button_seat_round(moved=False)
    assert newcomer.deal.button.seat == 1 and 1 not in newcomer.deal.dealt_in
    assert [d.clause for d in newcomer.deal.dealt_out] == ["dunedin-house 29"]
    moved = _button_seat_round(moved=True)
    assert moved.deal.button.seat == 1 and not moved.deal.button.dead
    assert 1 in moved.deal.dealt_in and "x" in moved.players
    assert [(p.player, p.clause) for p in moved.deal.entries] == [("x", "dunedin-house 29")]


# -- 5. Call times of seats freed inside a table command -------------------------------------


def test_a_seat_freed_at_the_deal_calls_the_list_at_the_time_of_the_deal() -> None:
    """qld-holdem-2005 s31(4): "the player must leave the game before the new round starts"; the
    listed player is called then, with the full call-in time (not from time 0)."""
    room = Room(call_seconds=300)
    cfg = preset(QLD, seats=3)
    room.apply(OpenTable("t1", cfg))
    room.apply(TakeSeat("a", "t1", 1, 100))
    room.apply(TakeSeat("b", "t1", 2, 300))
    room.apply(TakeSeat("c", "t1", 3, 300))
    room.apply(JoinList("w1", *list_key(cfg), at=5))
    at = play_out(room, "t1", 14, 10, folds=frozenset({"c"}))
    assert room.tables["t1"].stacks["a"] == 0
    deck = Shoe(cfg.game.deck, seed=12).shuffle().order
    events = room.apply(AtTable("t1", StartRound(deck, at + 1000)))
    left = [e.event for e in events if isinstance(e, AtTableEvent)]
    assert any(isinstance(e, PlayerLeft) and e.player == "a" for e in left)
    (call,) = (e for e in events if isinstance(e, PlayerCalled))
    assert (call.at, call.deadline) == (at + 1000, at + 1300)
    room.apply(Tick(at + 1001))
    assert "w1" in room.calls  # the call stands until its call-in time
    refused(room, AtTable("t1", StartRound(deck, -1)))  # a table command's time is checked


@pytest.mark.parametrize(
    ("rules", "clause"),
    [(DUN, "dunedin-house 22"), (ACT, "act-omaha-2017 4.6"), (QLD, "qld-holdem-2005 s19(4)")],
)
def test_a_table_change_cites_the_tables_own_rulebook(rules: str, clause: str) -> None:
    """The chips go with a moved player because the rulebook keeps them on the table
    (dunedin-house 22; act-omaha-2017 4.6; qld-holdem-2005 s19(4)): each table cites its own
    clause, not dunedin-house's."""
    room = Room()
    cfg = preset(rules, seats=3)
    room.apply(OpenTable("t1", cfg))
    room.apply(OpenTable("t2", cfg))
    room.apply(TakeSeat("ann", "t1", 1, cfg.stakes.min_table_stake))
    (*_, changed) = room.apply(MoveTable("ann", "t1", "t2", 2, at=7))
    assert changed.clause == clause  # type: ignore[attr-defined]


def test_a_seat_change_records_its_time() -> None:
    """A seat freed by a seat change is freed at the change's time (the list is called then)."""
    room, game, stakes = full_three(DUN)
    room.apply(CashOut("p3", "t1", at=40))
    room.apply(LeaveList("w1", game, stakes, at=41))
    room.apply(LeaveList("w2", game, stakes, at=42))
    room.apply(JoinList("w3", game, stakes, at=43))
    events = room.apply(AtTable("t1", ChangeSeat("p1", 3, at=60)))
    changed = next(e.event for e in events if isinstance(e, AtTableEvent))
    assert isinstance(changed, SeatChanged) and changed.at == 60


def test_events_stored_before_these_fields_still_decode() -> None:
    """Stored events keep decoding: the fields added here have defaults, so an event written
    without them reads back as it was (no codec upgrade needed)."""
    from croupier.service.store import codec
    from croupier.table.button import Status
    from croupier.table.events import PlayerSat
    from croupier.uth.table import Shuffled

    for event, new in (
        (PlayerSat("ann", 1, 100, Status.PLAYING, False, "dunedin-house 19", 5), "moved"),
        (SeatChanged("ann", 1, 2, Status.PLAYING, "dunedin-house 19"), "at"),
        (Shuffled("act-uth-2025 6.1(a)", "round", "c0ffee"), "cut_at"),
    ):
        stored = codec.encode(event)
        old = {k: v for k, v in stored.items() if k not in (new, "cut_clause")}
        assert codec.decode(old) == event
