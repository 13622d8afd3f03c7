"""act-uth-2025 6.1 at the table: every round dealt from a fresh shuffle, the shuffle after a
misdeal, and the shuffle a supervisor orders."""

from __future__ import annotations

import pytest

from croupier.cards import Deck
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.uth import TableLimits, UthConfig
from croupier.uth.commands import (
    Deal,
    DeclareMisdeal,
    Fold,
    MisdealKind,
    PlaceWagers,
    VoidReason,
    VoidRound,
)
from croupier.uth.table import Shuffled, UthTable

CONFIG = UthConfig(TableLimits(5, 100))


def seated() -> UthTable:
    tbl = UthTable(CONFIG, bank=10_000)
    tbl.seat(1, "ann", 500)
    return tbl


def play_and_fold(tbl: UthTable, deck: object = None) -> None:
    r = tbl.new_round(deck)  # type: ignore[arg-type]
    r.apply(PlaceWagers(1, "ann", 10, 10))
    r.apply(Deal())
    r.apply(Fold(1))
    tbl.finish_round()


def refused(clause: str, fn: object, *args: object) -> None:
    with pytest.raises(IllegalAction) as err:
        fn(*args)  # type: ignore[operator]
    assert err.value.ruling.clause == clause


def test_6_1_a_each_round_from_a_fresh_shuffle() -> None:
    tbl = seated()
    shoe = Shoe(Deck.standard(), seed=5)
    deck = shoe.shuffle()
    play_and_fold(tbl, deck)
    before = (list(tbl.events), dict(tbl.chips), set(tbl.dealt))
    refused("act-uth-2025 6.1(a)", tbl.new_round, deck)  # the same order again
    refused("act-uth-2025 6.1(a)", tbl.new_round, deck.order)  # as a plain order too
    assert (tbl.events, tbl.chips, tbl.dealt) == before and tbl.round is None
    play_and_fold(tbl, shoe.shuffle())
    shuffles = [e for e in tbl.events if isinstance(e, Shuffled)]
    assert [e.clause for e in shuffles] == ["act-uth-2025 6.1(a)"] * 2
    assert len({e.commitment for e in shuffles}) == 2


def test_6_1_a_a_live_dealer_records_the_shuffle_before_each_round() -> None:
    tbl = seated()
    count = len(tbl.events)
    refused("act-uth-2025 6.1(a)", tbl.new_round)
    assert len(tbl.events) == count and not tbl.shuffled and tbl.round is None
    e = tbl.record_shuffle()
    assert (e.clause, e.reason, e.commitment) == ("act-uth-2025 6.1(a)", "round", "")
    r = tbl.new_round()
    assert r.deck is None  # dealer-driven: the cards are entered as dealt
    r.apply(PlaceWagers(1, "ann", 10, 10))
    r.apply(VoidRound(VoidReason.IMPRACTICAL))  # 15.4: void, but not a misdeal
    tbl.finish_round()
    refused("act-uth-2025 6.1(a)", tbl.new_round)  # the last shuffle was used
    assert tbl.record_shuffle().clause == "act-uth-2025 6.1(a)"


def test_6_1_b_the_shuffle_after_a_misdeal() -> None:
    tbl = seated()
    shoe = Shoe(Deck.standard(), seed=8)
    r = tbl.new_round(shoe.shuffle())
    r.apply(PlaceWagers(1, "ann", 10, 10))
    r.apply(Deal())
    r.apply(DeclareMisdeal(MisdealKind.CARD_REVEALED_IN_DEAL))
    assert r.void is not None and r.void.clause.startswith("act-uth-2025 13.")
    tbl.finish_round()
    assert tbl.chips["ann"] == 500  # 13.3: the wagers were returned
    play_and_fold(tbl, shoe.shuffle())
    last = [e for e in tbl.events if isinstance(e, Shuffled)][-1]
    assert (last.clause, last.reason) == ("act-uth-2025 6.1(b)", "misdeal")
    play_and_fold(tbl, shoe.shuffle())  # the round after that is an ordinary one again
    last = [e for e in tbl.events if isinstance(e, Shuffled)][-1]
    assert last.clause == "act-uth-2025 6.1(a)"


def test_6_1_c_the_supervisor_orders_a_shuffle_between_rounds_only() -> None:
    tbl = seated()
    shoe = Shoe(Deck.standard(), seed=2)
    r = tbl.new_round(shoe.shuffle())
    count = len(tbl.events)
    refused("act-uth-2025 6.1(c)", tbl.record_shuffle, "cards appear marked")
    assert len(tbl.events) == count
    r.apply(PlaceWagers(1, "ann", 10, 10))
    r.apply(Deal())
    r.apply(Fold(1))
    tbl.finish_round()
    e = tbl.record_shuffle("cards appear marked")
    assert (e.clause, e.reason) == ("act-uth-2025 6.1(c)", "cards appear marked")


def test_6_1_the_table_is_a_fold_of_its_events() -> None:
    tbl = seated()
    shoe = Shoe(Deck.standard(), seed=4)
    deck = shoe.shuffle()
    play_and_fold(tbl, deck)
    tbl.record_shuffle("supervisor")
    again = UthTable.from_events(CONFIG, 10_000, tbl.events)
    assert (again.dealt, again.shuffled, again.chips) == (tbl.dealt, tbl.shuffled, tbl.chips)
    refused("act-uth-2025 6.1(a)", again.new_round, deck)


def test_6_1_a_bad_deck_is_refused_before_anything_is_recorded() -> None:
    tbl = seated()
    with pytest.raises(ValueError, match=r"2\.1"):
        tbl.new_round(Deck.standard().cards[:51])
    assert len(tbl.events) == 1 and not tbl.dealt and tbl.round is None
