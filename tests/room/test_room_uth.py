"""Ultimate Texas Hold'em tables played in the room: buy-ins on a box, rounds dealt from the
shoe, settlement, cash-outs; the room's money conserved after every command, the house bank's
wins and losses included; the state equal to the fold of the events, mid-round too."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.room import AtUth, CloseTable, OpenUthTable, Room, UthBuyIn, UthCashOut
from croupier.room.uth_tables import AtUthEvent
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.uth.commands import (
    Bet,
    BoxVoidReason,
    Check,
    Deal,
    Fold,
    PlaceWagers,
    SettleAll,
    SettleNext,
    VoidBox,
    VoidReason,
    VoidRound,
    WithdrawWagers,
)
from croupier.uth.game import DECK, Phase, UthConfig
from croupier.uth.limits import TableLimits
from croupier.uth.played import StartUthRound
from croupier.uth.table import ChipsAdded, ChipsRedeemed, Left, Seated
from support.room import follow_balance

CONFIG = UthConfig(TableLimits(5, 500))


def refused(room: Room, cmd: object) -> IllegalAction:
    before = (len(room.events), room.ledger(), snapshot(room))
    with pytest.raises(IllegalAction) as e:
        room.apply(cmd)  # type: ignore[arg-type]
    assert (len(room.events), room.ledger(), snapshot(room)) == before
    return e.value


def snapshot(room: Room) -> object:
    out = []
    for name, u in sorted(room.uth.items()):
        p = u.play
        r = p.round
        out.append(
            (
                name,
                dict(p.table.seats),
                dict(p.table.chips),
                p.bank,
                p.player_chips,
                None if r is None else (r.phase, dict(r.chips), r.layout, len(r.events)),
                p.commitment,
            )
        )
    return (out, room.ledger(), room.board())


def start(room: Room, shoe: Shoe) -> None:
    deck = shoe.shuffle()
    room.apply(AtUth("u1", StartUthRound(deck.order, deck.commitment)))


def play_round(room: Room, shoe: Shoe, rng: random.Random, players: list[str]) -> None:
    start(room, shoe)
    for box, p in enumerate(players, start=1):
        room.apply(AtUth("u1", PlaceWagers(box, p, 10, 10, rng.choice((0, 5)))))
        assert room.ledger().conserved
    room.apply(AtUth("u1", Deal()))
    r = room.uth["u1"].play.round
    assert r is not None
    while r.phase in (Phase.PREFLOP, Phase.FLOP, Phase.RIVER):
        for d in r.legal_actions():
            choice = rng.random()
            if d.multiples and choice < 0.4:
                cmd: object = Bet(d.box, d.multiples[-1])
            elif d.can_check and choice < 0.9:
                cmd = Check(d.box)
            else:
                cmd = Fold(d.box)
            room.apply(AtUth("u1", cmd))  # type: ignore[arg-type]
            assert room.ledger().conserved
    if r.phase is Phase.SETTLEMENT:
        room.apply(AtUth("u1", SettleAll()))
    assert room.uth["u1"].play.round is None and room.uth["u1"].play.last is r


def test_rounds_buy_ins_and_cash_outs_conserve_the_room_money() -> None:
    room = Room()
    room.apply(OpenUthTable("u1", CONFIG))
    for i, p in enumerate(("ann", "bob", "cat"), start=1):
        events = room.apply(UthBuyIn(p, "u1", 300))
        assert AtUthEvent("u1", Seated(i, p, 300)) in events
    assert room.apply(UthBuyIn("ann", "u1", 50))[1] == AtUthEvent("u1", ChipsAdded(1, "ann", 50))
    shoe, rng = Shoe(DECK, seed=4), random.Random(2)
    banks = set()
    for _ in range(12):
        play_round(room, shoe, rng, ["ann", "bob", "cat"])
        led = room.ledger()
        assert led.conserved and led.uth_house == room.uth["u1"].play.bank
        banks.add(led.uth_house)
        assert Room.from_events(room.events).ledger() == led
        assert snapshot(Room.from_events(room.events)) == snapshot(room)
    assert len(banks) > 3  # the house won and lost
    chips = room.uth["u1"].play.table.chips
    part = room.apply(UthCashOut("bob", "u1", chips["bob"] // 2))
    assert isinstance(part[0], AtUthEvent) and isinstance(part[0].event, ChipsRedeemed)
    refused(room, CloseTable("u1"))
    for p in ("ann", "bob", "cat"):
        out = room.apply(UthCashOut(p, "u1", room.uth["u1"].play.table.chips[p]))
        assert isinstance(out[0], AtUthEvent) and isinstance(out[0].event, Left)
    led = room.ledger()
    assert led.uth_chips == 0 and led.conserved
    assert led.cash_in - led.cash_out == led.uth_house  # the house kept what it won
    room.apply(CloseTable("u1"))
    assert room.ledger().conserved
    assert follow_balance(room.events) == len(room.events)


def test_refusals_name_the_clause_and_change_nothing() -> None:
    room = Room()
    room.apply(OpenUthTable("u1", CONFIG))
    empty = Shoe(DECK, seed=2).shuffle()
    refused(room, AtUth("u1", StartUthRound(empty.order, empty.commitment)))  # nobody seated
    room.apply(UthBuyIn("ann", "u1", 100))
    room.apply(UthBuyIn("bob", "u1", 100, box=3))
    assert refused(room, UthBuyIn("cat", "u1", 100, box=3)).ruling.clause == "act-uth-2025 4.5"
    assert refused(room, UthBuyIn("ann", "u1", 100, box=2)).ruling.clause == "act-uth-2025 4.4"
    assert refused(room, UthCashOut("ann", "u1", 101)).ruling.clause == "act-uth-2025 4.1"
    assert refused(room, AtUth("u1", Deal())).ruling.clause == "act-uth-2025 6.1(a)"
    shoe = Shoe(DECK, seed=1)
    deck = shoe.shuffle()
    refused(room, AtUth("u1", StartUthRound(deck.order, "")))  # no commitment: refused
    room.apply(AtUth("u1", StartUthRound(deck.order, deck.commitment)))
    assert refused(room, AtUth("u1", PlaceWagers(1, "ann", 10, 5))).ruling.clause == (
        "act-uth-2025 A"
    )
    assert refused(room, AtUth("u1", PlaceWagers(3, "ann", 10, 10))).ruling.clause == (
        "act-uth-2025 4.1"
    )
    assert refused(room, UthBuyIn("cat", "u1", 100)).ruling.clause == "act-uth-2025 4.6"
    assert refused(room, UthCashOut("ann", "u1", 100)).ruling.clause == "act-uth-2025 4.6"
    room.apply(AtUth("u1", PlaceWagers(1, "ann", 10, 10)))
    room.apply(AtUth("u1", Deal()))
    assert refused(room, AtUth("u1", Bet(1, 2))).ruling.clause == "act-uth-2025 8.1(c)(ii)"
    room.apply(AtUth("u1", Fold(1)))
    assert room.uth["u1"].play.round is None  # bob wagered nothing: the round is over
    again = AtUth("u1", StartUthRound(deck.order, deck.commitment))
    assert refused(room, again).ruling.clause == "act-uth-2025 6.1(a)"
    assert room.ledger().conserved and room.ledger().uth_house == 20


def test_a_voided_box_cannot_be_withdrawn_and_paid_again() -> None:
    """Found by the property below: the box's wagers came back once by the void (15.3)."""
    room = Room()
    room.apply(OpenUthTable("u1", CONFIG))
    room.apply(UthBuyIn("ann", "u1", 100))
    deck = Shoe(DECK, seed=1).shuffle()
    room.apply(AtUth("u1", StartUthRound(deck.order, deck.commitment)))
    room.apply(AtUth("u1", PlaceWagers(1, "ann", 5, 5)))
    room.apply(AtUth("u1", VoidBox(1, BoxVoidReason.COLLUSION)))
    assert refused(room, AtUth("u1", WithdrawWagers(1))).ruling.clause == "act-uth-2025 4.6"
    assert room.ledger().conserved and room.ledger().uth_chips == 100


def test_a_round_rebuilt_mid_play_goes_on_as_the_live_one() -> None:
    live = Room()
    live.apply(OpenUthTable("u1", CONFIG))
    live.apply(UthBuyIn("ann", "u1", 200))
    shoe = Shoe(DECK, seed=9)
    deck = shoe.shuffle()
    live.apply(AtUth("u1", StartUthRound(deck.order, deck.commitment)))
    live.apply(AtUth("u1", PlaceWagers(1, "ann", 10, 10)))
    rebuilt = Room.from_events(live.events)
    assert snapshot(rebuilt) == snapshot(live)
    with pytest.raises(IllegalAction):  # no deck: the dealer side must give it back
        rebuilt.apply(AtUth("u1", Deal()))
    play = rebuilt.uth["u1"].play
    assert not play.hold_deck(deck.order, "another")
    assert play.hold_deck(deck.order, deck.commitment)
    for room in (live, rebuilt):
        room.apply(AtUth("u1", Deal()))
        room.apply(AtUth("u1", Bet(1, 4)))
    assert snapshot(rebuilt) == snapshot(live)
    assert snapshot(Room.from_events(live.events)) == snapshot(live)


def weighted(*options: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """One of ``options``, each as often as it is listed."""
    return st.sampled_from(options).flatmap(lambda s: s)


def _commands() -> st.SearchStrategy[object]:
    """Commands to the room's UTH table "u1", weighted towards rounds that go somewhere."""
    players = st.sampled_from(["ann", "bob", "cat"])
    boxes = st.integers(0, 4)
    mine = st.integers(1, 3)
    chips = st.sampled_from([0, 5, 7, 10, 20])

    def start(seed: int) -> object:
        deck = Shoe(DECK, seed=seed).shuffle()
        return AtUth("u1", StartUthRound(deck.order, deck.commitment))

    def wager(box: int, ante: int, trips: int) -> object:
        return PlaceWagers(box, ("ann", "bob", "cat")[box - 1], ante, ante, trips)

    good = st.builds(wager, mine, st.sampled_from([5, 10, 20]), st.sampled_from([0, 5]))
    decisions = st.one_of(
        st.builds(Check, mine), st.builds(Bet, mine, st.integers(1, 4)), st.builds(Fold, mine)
    )
    uth_commands = weighted(
        good,
        good,
        good,
        st.just(Deal()),
        decisions,
        decisions,
        decisions,
        decisions,
        st.just(SettleAll()),
        st.builds(PlaceWagers, boxes, players, chips, chips, st.sampled_from([0, 5, 9])),
        st.builds(WithdrawWagers, boxes),
        st.just(SettleNext()),
        st.builds(VoidRound, st.sampled_from(list(VoidReason))),
        st.builds(VoidBox, boxes, st.sampled_from(list(BoxVoidReason))),
    )
    return weighted(
        uth_commands.map(lambda c: AtUth("u1", c)),
        uth_commands.map(lambda c: AtUth("u1", c)),
        uth_commands.map(lambda c: AtUth("u1", c)),
        st.integers(0, 3).map(start),
        st.builds(UthBuyIn, players, st.just("u1"), st.integers(-5, 300), st.just(0), boxes),
        st.builds(UthCashOut, players, st.just("u1"), st.integers(-5, 400)),
        st.just(CloseTable("u1")),
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(_commands(), min_size=20, max_size=60))
def test_any_uth_command_is_applied_or_refused_with_nothing_changed(cmds: list[object]) -> None:
    room = Room()
    room.apply(OpenUthTable("u1", CONFIG))
    for i, p in enumerate(("ann", "bob", "cat"), start=1):
        room.apply(UthBuyIn(p, "u1", 200, box=i))
    for cmd in cmds:
        if room.why_illegal(cmd) is None:  # type: ignore[arg-type]
            room.apply(cmd)  # type: ignore[arg-type]
        else:
            refused(room, cmd)
        assert room.ledger().conserved
    assert snapshot(Room.from_events(room.events)) == snapshot(room)
