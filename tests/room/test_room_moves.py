"""A table change (croupier.room.moves): the floor moves a seated player with their chips to a
free seat at another cash table of the same game and stakes. The chips go with the player, not
through the cage, so the room's money is conserved; refusals name their clause and change
nothing."""

from __future__ import annotations

from croupier.room import AtTable, CashOut, JoinList, OpenTable, RequestSeatChange, Room, TakeSeat
from croupier.room.events import AtTableEvent, BoughtIn, CashedOut, PlayerCalled
from croupier.room.moves import MoveTable, TableChanged
from croupier.room.room import list_key
from croupier.shoe import Shoe
from croupier.table.commands import StartRound
from croupier.table.events import PlayerLeft, PlayerSat
from croupier.table.presets import preset
from support.room import follow_balance, refused

DUN = "dunedin-house"


def two_tables(rules: str = DUN, seats: int = 3) -> Room:
    room = Room(call_seconds=300)
    cfg = preset(rules, seats=seats)
    room.apply(OpenTable("t1", cfg))
    room.apply(OpenTable("t2", cfg))
    room.apply(TakeSeat("ann", "t1", 1, 150))
    room.apply(TakeSeat("bob", "t1", 2, cfg.stakes.min_table_stake))
    room.apply(TakeSeat("cat", "t2", 1, cfg.stakes.min_table_stake))
    return room


def test_the_player_moves_with_their_chips_and_the_money_is_conserved() -> None:
    room = two_tables()
    before = room.ledger()
    events = room.apply(MoveTable("ann", "t1", "t2", 3, at=9))
    assert [type(e) for e in events] == [AtTableEvent, AtTableEvent, TableChanged]
    assert not any(isinstance(e, BoughtIn | CashedOut) for e in events)  # not through the cage
    left, sat = events[0], events[1]
    assert isinstance(left, AtTableEvent) and isinstance(left.event, PlayerLeft)
    assert isinstance(sat, AtTableEvent) and isinstance(sat.event, PlayerSat)
    assert (left.table, left.event.chips) == ("t1", 150)
    assert (sat.table, sat.event.seat, sat.event.chips) == ("t2", 3, 150)
    assert events[2] == TableChanged("ann", "t1", "t2", 3, 150, "dunedin-house 22", 9)
    assert room.tables["t1"].seat_of("ann") is None
    assert room.tables["t2"].seat_of("ann") == 3 and room.tables["t2"].stacks["ann"] == 150
    after = room.ledger()
    assert after == before and after.conserved  # no cash in or out, the same chips in play
    # the fold gives the same room
    again = Room.from_events(room.events)
    assert again.ledger() == after
    assert follow_balance(room.events) == len(room.events)  # the running ledger: both tables
    assert again.tables["t2"].stacks == room.tables["t2"].stacks
    assert again.seated_at("ann") == "t2"


def test_refusals_name_their_clause_and_change_nothing() -> None:
    room = two_tables()
    assert refused(room, MoveTable("ann", "t1", "t1", 3)).ruling.clause == "croupier room"
    assert refused(room, MoveTable("zed", "t1", "t2", 3)).ruling.clause == "croupier room"
    assert refused(room, MoveTable("ann", "t1", "t9", 3)).ruling.clause == "croupier room"
    taken = refused(room, MoveTable("ann", "t1", "t2", 1))  # cat's seat
    assert "taken" in taken.ruling.message
    # another game or stakes: refused
    room.apply(OpenTable("omaha", preset("act-omaha-2017", seats=3)))
    other = refused(room, MoveTable("ann", "t1", "omaha", 1))
    assert other.ruling.clause == "croupier room" and "same game and stakes" in other.ruling.message


def test_no_move_while_the_player_is_in_a_round() -> None:
    room = two_tables()
    deck = Shoe(room.tables["t1"].config.game.deck, seed=1).shuffle()
    room.apply(AtTable("t1", StartRound.dealt_from(deck)))
    assert room.tables["t1"].in_round("ann")
    ruling = refused(room, MoveTable("ann", "t1", "t2", 3)).ruling
    assert ruling.clause == room.tables["t1"].rules.no_change_clause
    assert "round" in ruling.message


def test_players_at_the_target_who_asked_for_a_seat_change_come_first() -> None:
    room = two_tables()
    room.apply(RequestSeatChange("cat", "t2"))
    ruling = refused(room, MoveTable("ann", "t1", "t2", 3)).ruling
    assert ruling.clause == "dunedin-house 17"
    assert "cat" in ruling.message


def test_a_seat_held_for_a_called_player_stays_held_and_the_list_is_called_to_the_vacated_one() -> (
    None
):
    room = two_tables(seats=2)  # t1 full (ann, bob), t2 one seat free
    game, stakes = list_key(room.tables["t1"].config)
    room.apply(JoinList("dan", game, stakes, at=1))
    assert room.calls["dan"].table == "t2"  # called to t2's open seat
    assert refused(room, MoveTable("ann", "t1", "t2", 2)).ruling.clause == "croupier room"
    # once dan's call is answered elsewhere: dan sits at t2; then a seat opens there...
    room.apply(TakeSeat("dan", "t2", 2, 100, at=2))
    room.apply(JoinList("eve", game, stakes, at=3))
    assert "eve" not in room.calls  # no seat open anywhere
    # a move needs a free seat: t2 is full
    refused(room, MoveTable("ann", "t1", "t2", 2))


def test_the_waiting_list_is_called_to_the_seat_the_mover_left() -> None:
    room = two_tables(seats=3)
    game, stakes = list_key(room.tables["t1"].config)
    room.apply(TakeSeat("dan", "t1", 3, 100))  # t1 full; t2: cat, two seats free
    room.apply(JoinList("gus", game, stakes, at=1))
    room.apply(JoinList("hal", game, stakes, at=1))
    assert room.calls["gus"].table == "t2" and room.calls["hal"].table == "t2"
    assert refused(room, MoveTable("ann", "t1", "t2", 2)).ruling.clause == "croupier room"
    room.apply(TakeSeat("gus", "t2", 2, 100, at=2))  # gus answers his call
    # one seat open at t2, held for hal
    held = refused(room, MoveTable("ann", "t1", "t2", 3)).ruling
    assert "hal" in held.message
    room.apply(TakeSeat("hal", "t2", 3, 100, at=2))
    room.apply(JoinList("ivy", game, stakes, at=3))
    assert "ivy" not in room.calls  # both tables full
    refused(room, MoveTable("ann", "t1", "t2", 3))  # nowhere to go
    # cat leaves t2: ivy is called there, so the move waits; ivy sits; bob may not move either
    room.apply(CashOut("cat", "t2", at=4))
    assert room.calls["ivy"].table == "t2"
    refused(room, MoveTable("ann", "t1", "t2", 1))
    room.apply(TakeSeat("ivy", "t2", 1, 100, at=5))
    room.apply(CashOut("gus", "t2", at=6))  # a seat at t2, nobody waiting: ann moves there
    events = room.apply(MoveTable("ann", "t1", "t2", 2, at=7))
    assert room.tables["t2"].seat_of("ann") == 2
    room.apply(JoinList("jon", game, stakes, at=8))
    assert room.calls["jon"].table == "t1"  # the seat ann left
    assert not any(isinstance(e, PlayerCalled) for e in events)
    assert room.ledger().conserved
