"""act-uth-2025 15.5 (a dispute decided by the casino operator, recorded with the corrected
settlement) and 6.3 (the cut recorded when a card shoe is in use), at a UTH table the room
plays. Each test quotes its clause and failed on the code before it."""

from __future__ import annotations

import pytest

from croupier.cards import Deck
from croupier.room import AtUth, OpenUthTable, Room, UthBuyIn, UthCashOut
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.uth.commands import Bet, Deal, PlaceWagers, SettleAll
from croupier.uth.game import ShoeKind, UthConfig
from croupier.uth.limits import TableLimits
from croupier.uth.played import DecideDispute, StartUthRound, UthPlay
from croupier.uth.table import DisputeDecided, Shuffled, UthTable

LIMITS = TableLimits(5, 500)


def played(shoe: ShoeKind = ShoeKind.AUTOMATED) -> Room:
    """ann at box 1 plays one round to its settlement."""
    room = Room()
    room.apply(OpenUthTable("u1", UthConfig(LIMITS, shoe=shoe)))
    room.apply(UthBuyIn("ann", "u1", 500))
    deck = Shoe(Deck.standard(), seed=3).shuffle()
    room.apply(AtUth("u1", StartUthRound(deck.order, deck.commitment, deck.cut_at)))
    room.apply(AtUth("u1", PlaceWagers(1, "ann", 10, 10)))
    room.apply(AtUth("u1", Deal()))
    room.apply(AtUth("u1", Bet(1, 4)))
    room.apply(AtUth("u1", SettleAll()))
    return room


def test_the_operators_decision_in_a_dispute_is_recorded_with_the_corrected_settlement() -> None:
    """act-uth-2025 15.5: "The casino operator's decision in any dispute arising from these
    rules is final, subject to a review by the ACT Gambling and Racing Commission (if
    requested).\""""
    room = played()
    play = room.uth["u1"].play
    last = play.last
    assert last is not None and last.boxes[1].settled is not None
    paid = last.boxes[1].settled.paid_to_player
    chips, bank = play.table.chips["ann"], play.bank
    dispute = DecideDispute(1, "the Blind was paid short", "pay 10 more on the Blind", 10)
    events = room.apply(AtUth("u1", dispute))
    (decided,) = (e.event for e in events)  # type: ignore[attr-defined]
    assert decided == DisputeDecided(
        1, "ann", "the Blind was paid short", "pay 10 more on the Blind", 10, paid,
        "act-uth-2025 15.5",
    )  # fmt: skip
    assert play.table.chips["ann"] == chips + 10 and play.bank == bank - 10
    assert room.ledger().conserved
    again = Room.from_events(room.events)
    assert again.uth["u1"].play.table.chips == play.table.chips
    assert again.uth["u1"].play.bank == play.bank
    # a decision against the player takes chips back to the bank, never more than they have
    room.apply(AtUth("u1", DecideDispute(1, "a second look", "the 10 was paid in error", -10)))
    assert play.table.chips["ann"] == chips and room.ledger().conserved
    for bad in (
        DecideDispute(1, "", "no claim", 0),
        DecideDispute(1, "claim", " ", 0),
        DecideDispute(2, "nobody there", "none", 0),
        DecideDispute(1, "too much back", "all of it", -(chips + 1)),
    ):
        with pytest.raises(IllegalAction) as e:
            room.apply(AtUth("u1", bad))
        assert e.value.ruling.clause == "act-uth-2025 15.5"
    room.apply(UthCashOut("ann", "u1", chips))
    assert room.ledger().conserved


def test_a_correction_waits_for_the_round_to_be_settled() -> None:
    """act-uth-2025 15.5 read with 4.6: chips change between rounds; a decision without a
    correction may be recorded at any time."""
    room = Room()
    room.apply(OpenUthTable("u1", UthConfig(LIMITS)))
    room.apply(UthBuyIn("ann", "u1", 500))
    deck = Shoe(Deck.standard(), seed=4).shuffle()
    room.apply(AtUth("u1", StartUthRound(deck.order, deck.commitment)))
    with pytest.raises(IllegalAction) as e:
        room.apply(AtUth("u1", DecideDispute(1, "claim", "pay", 5)))
    assert e.value.ruling.clause == "act-uth-2025 15.5" and "between rounds" in str(e.value)
    room.apply(AtUth("u1", DecideDispute(1, "the dealer was slow", "no change", 0)))


def test_the_cut_is_recorded_when_a_card_shoe_is_used() -> None:
    """act-uth-2025 6.3: "When a card shoe is in use at a table, after the cards have been
    manually shuffled, the dealer shall cut the cards and then: (a) place the cards on the
    cutting card; and (b) insert all the cards in the card shoe.\""""
    room = played(ShoeKind.CARD_SHOE)
    (shuffled,) = (e for e in room.uth["u1"].play.table.events if isinstance(e, Shuffled))
    cut = Shoe(Deck.standard(), seed=3).shuffle().cut_at
    assert (shuffled.cut_at, shuffled.cut_clause) == (cut, "act-uth-2025 6.3")
    # an automated shuffling shoe (6.2) is not cut by the dealer: nothing is recorded
    (auto,) = (e for e in played().uth["u1"].play.table.events if isinstance(e, Shuffled))
    assert (auto.cut_at, auto.cut_clause) == (0, "")
    # a round opened at a card shoe without its cut is refused, naming 6.3
    deck = Shoe(Deck.standard(), seed=5).shuffle()
    with pytest.raises(IllegalAction) as e:
        room.apply(AtUth("u1", StartUthRound(deck.order, deck.commitment)))
    assert e.value.ruling.clause == "act-uth-2025 6.3"
    # a live dealer's shuffle at a card shoe records the cut too
    t = UthTable(UthConfig(LIMITS, shoe=ShoeKind.CARD_SHOE), bank=0)
    with pytest.raises(IllegalAction):
        t.record_shuffle()
    assert t.record_shuffle(cut_at=20).cut_clause == "act-uth-2025 6.3"
    assert UthPlay.from_events(t.config, t.events).table.shuffled
