"""Top-up requests (croupier.room.topups): a seated player asks the cage for chips from their
seat; the cage tops them up (a BuyIn answers the request) or declines it with a reason. No
money moves with a request; refusals name their clause and change nothing."""

from __future__ import annotations

from croupier.room import AtTable, BuyIn, CashOut, OpenTable, Room, TakeSeat
from croupier.room.topups import DeclineTopUp, RequestTopUp, TopUpDeclined, TopUpRequested
from croupier.shoe import Shoe
from croupier.table.commands import AddChips, StartRound
from croupier.table.presets import preset
from support.room import refused

ACT = "act-omaha-2017"


def seated(rules: str = "dunedin-house") -> Room:
    room = Room()
    cfg = preset(rules, seats=3)
    room.apply(OpenTable("t1", cfg))
    room.apply(TakeSeat("ann", "t1", 1, cfg.stakes.min_table_stake))
    room.apply(TakeSeat("bob", "t1", 2, cfg.stakes.min_table_stake))
    return room


def test_a_request_waits_at_the_cage_until_the_top_up_answers_it() -> None:
    room = seated()
    before = room.ledger()
    events = room.apply(RequestTopUp("ann", "t1", 60, at=5))
    assert events == [TopUpRequested("ann", "t1", 60, 5)]
    assert room.ledger() == before  # a request moves no money
    assert room.topups[("t1", "ann")].cash == 60
    # a new request replaces the earlier one
    room.apply(RequestTopUp("ann", "t1", 80, at=6))
    assert room.topups[("t1", "ann")].cash == 80 and len(room.topups) == 1
    room.apply(BuyIn("ann", "t1", 80, at=7))
    assert ("t1", "ann") not in room.topups
    assert room.tables["t1"].stacks["ann"] == 40 + 80
    # the fold gives the same pending requests
    room.apply(RequestTopUp("bob", "t1", 10, at=8))
    assert Room.from_events(room.events).topups == room.topups


def test_the_cage_declines_with_a_reason_and_the_player_may_ask_again() -> None:
    room = seated()
    room.apply(RequestTopUp("bob", "t1", 50))
    refused(room, DeclineTopUp("bob", "t1", "  "))  # the player is told why
    refused(room, DeclineTopUp("ann", "t1", "no"))  # ann asked for nothing
    events = room.apply(DeclineTopUp("bob", "t1", "the cage is closing", at=3))
    assert events == [TopUpDeclined("bob", "t1", "the cage is closing", 3)]
    assert not room.topups
    refused(room, DeclineTopUp("bob", "t1", "again"))
    room.apply(RequestTopUp("bob", "t1", 20))
    assert ("t1", "bob") in room.topups


def test_requests_are_refused_as_the_top_up_would_be() -> None:
    room = seated()
    assert refused(room, RequestTopUp("carl", "t1", 50)).ruling.clause == "croupier cage"
    refused(room, RequestTopUp("ann", "t1", 0))
    refused(room, RequestTopUp("ann", "t2", 50))
    # act-omaha-2017 has a maximum buy-in: more than it allows is refused with its clause
    act = seated(ACT)
    stakes = act.tables["t1"].config.stakes
    assert stakes.max_buy_in is not None
    too_much = stakes.max_buy_in + 1
    why = refused(act, RequestTopUp("ann", "t1", too_much))
    assert why.ruling.clause.startswith(ACT)


def test_a_request_made_in_a_round_waits_for_its_end() -> None:
    room = seated()
    deck = Shoe(room.tables["t1"].config.game.deck, seed=1).shuffle()
    room.apply(AtTable("t1", StartRound.dealt_from(deck)))
    assert room.tables["t1"].in_round("ann")
    # out of a round more than the chips allowed would be refused; in one the request waits
    # and the top-up itself is checked when the cage makes it
    assert room.tables["t1"].why_illegal(AddChips("ann", 10)) is not None
    room.apply(RequestTopUp("ann", "t1", 10))
    assert ("t1", "ann") in room.topups
    assert Room.from_events(room.events).topups == room.topups


def test_leaving_the_table_ends_the_request() -> None:
    room = seated()
    room.apply(RequestTopUp("ann", "t1", 30))
    room.apply(RequestTopUp("bob", "t1", 30))
    room.apply(CashOut("ann", "t1"))
    assert set(room.topups) == {("t1", "bob")}
    assert Room.from_events(room.events).topups == room.topups
