"""act-uth-2025: one round of Ultimate Texas Hold'em, clause by clause, through the game's
legal / why-illegal / apply verbs, and a long random simulation that balances the money."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from croupier.cards import JOKER, Card, Deck, parse_cards
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.uth import (
    Box,
    Outcome,
    Payouts,
    Phase,
    ShoeKind,
    TableLimits,
    TableState,
    UthConfig,
    UthRound,
    UthTable,
    Wager,
    deal_order,
    settle,
)
from croupier.uth.commands import (
    Bet,
    BoardExposed,
    BoxVoidReason,
    Check,
    Deal,
    DealCard,
    DealerCardExposed,
    DeckFault,
    DeckIrregularity,
    DeclareMisdeal,
    DeemFolded,
    EmptyBoxDealt,
    Fold,
    MisdealKind,
    PlaceMarker,
    PlaceWagers,
    SettleAll,
    SettleNext,
    ShoeMalfunction,
    Tick,
    UthCommand,
    VoidBox,
    VoidReason,
    VoidRound,
    WithdrawWagers,
)
from croupier.uth.events import (
    BOARD,
    DEALER,
    BoardRevealed,
    BoxSettled,
    CardDealt,
    DealerHandDeclared,
    PlayerWarned,
    RulingMade,
    UthRoundVoided,
)

LIMITS = TableLimits(5, 100)
CONFIG = UthConfig(LIMITS)
BOARD_CARDS = "2c 7d 9h Js 3s"
KINGS = "Kd Kh"  # the dealer's pair of kings qualifies
NO_PAIR = "4h 5h"  # with the board: jack high, does not qualify


def table(bank: int = 100_000, **chips: int) -> TableState:
    return TableState(chips, bank)


def stacked(
    board: str, hands: Mapping[int, str], dealer: str, shoe: ShoeKind = ShoeKind.AUTOMATED
) -> list[Card]:
    """A 52-card dealing order that gives these cards under the order of 7.2 or 7.3."""
    want = {BOARD: list(parse_cards(board)), DEALER: list(parse_cards(dealer))}
    want |= {b: list(parse_cards(h)) for b, h in hands.items()}
    order = [want[to].pop(0) for to, _ in deal_order(sorted(hands), shoe)]
    return order + [c for c in Deck.standard().cards if c not in order]


def start(
    hands: Mapping[int, str],
    dealer: str = KINGS,
    board: str = BOARD_CARDS,
    config: UthConfig = CONFIG,
    ante: int = 10,
    trips: int = 0,
) -> UthRound:
    """A dealt round: box ``b`` is player ``p{b}`` with 1,000 chips wagering ``ante``."""
    t = table(**{f"p{b}": 1000 for b in hands})
    r = UthRound(config, t, stacked(board, hands, dealer, config.shoe))
    for b in hands:
        r.apply(PlaceWagers(b, f"p{b}", ante, ante, trips))
    r.apply(Deal())
    return r


def snapshot(r: UthRound) -> tuple[object, ...]:
    return (len(r.events), dict(r.chips), r.bank, r.phase, repr(r.boxes), r.revealed, r.clock)


def refused(r: UthRound, cmd: UthCommand, clause: str) -> str:
    """Assert ``cmd`` is refused citing ``clause`` and changes nothing; the ruling's words."""
    before = snapshot(r)
    ruling = r.why_illegal(cmd)
    assert ruling is not None, f"{cmd} was allowed"
    assert ruling.clause == clause, ruling
    with pytest.raises(IllegalAction) as err:
        r.apply(cmd)
    assert err.value.ruling == ruling
    assert snapshot(r) == before
    return ruling.message


def money(r: UthRound) -> int:
    return r.bank + sum(r.chips.values()) + r.layout


def settled(r: UthRound) -> dict[int, BoxSettled]:
    return {e.box: e for e in r.events if isinstance(e, BoxSettled)}


def to_river_and_play(r: UthRound) -> None:
    for b in list(r.pending()):
        r.apply(Check(b))
    for b in list(r.pending()):
        r.apply(Check(b))
    for b in list(r.pending()):
        r.apply(Bet(b, 1))


# -- 4.x wagers -------------------------------------------------------------------------------


def test_act_uth_2025_4_2_ante_blind_and_trips_move_chips_to_the_layout() -> None:
    r = UthRound(CONFIG, table(ann=100))
    r.apply(PlaceWagers(2, "ann", 10, 10, 5))
    assert r.chips["ann"] == 75
    assert r.layout == 25
    assert refused(r, PlaceWagers(3, "bob", 0, 0, 0), "act-uth-2025 4.1")


def test_act_uth_2025_4_2_a_box_needs_an_ante_and_blind() -> None:
    r = UthRound(CONFIG, table(ann=100))
    refused(r, PlaceWagers(1, "ann", 0, 0, 0), "act-uth-2025 4.2")
    refused(r, PlaceWagers(1, "ann", -5, -5, 0), "act-uth-2025 4.1")


def test_act_uth_2025_a_blind_equals_ante() -> None:
    r = UthRound(CONFIG, table(ann=100))
    assert "must equal" in refused(r, PlaceWagers(1, "ann", 10, 20, 0), "act-uth-2025 A")


def test_act_uth_2025_4_3_trips_only_with_ante_and_blind() -> None:
    r = UthRound(CONFIG, table(ann=100))
    refused(r, PlaceWagers(1, "ann", 0, 0, 10), "act-uth-2025 4.3")


def test_act_uth_2025_4_4_one_hand_per_player() -> None:
    r = UthRound(CONFIG, table(ann=100))
    r.apply(PlaceWagers(1, "ann", 10, 10))
    assert "one hand" in refused(r, PlaceWagers(2, "ann", 10, 10), "act-uth-2025 4.4")


def test_act_uth_2025_4_5_one_wager_per_box() -> None:
    r = UthRound(CONFIG, table(ann=100, bob=100))
    r.apply(PlaceWagers(1, "ann", 10, 10))
    refused(r, PlaceWagers(1, "bob", 10, 10), "act-uth-2025 4.5")


def test_act_uth_2025_4_1_wagers_with_chips_on_the_appropriate_box() -> None:
    r = UthRound(CONFIG, TableState({"ann": 30, "bob": 100}, 0, seats={1: "ann"}))
    assert "has 30 chips" in refused(r, PlaceWagers(2, "ann", 15, 15, 5), "act-uth-2025 4.1")
    assert "ann's" in refused(r, PlaceWagers(1, "bob", 10, 10), "act-uth-2025 4.1")
    refused(r, PlaceWagers(9, "bob", 10, 10), "act-uth-2025 4.1")
    refused(r, PlaceWagers(2, "cat", 10, 10), "act-uth-2025 4.1")


def test_act_uth_2025_4_6_nothing_placed_changed_or_withdrawn_after_the_first_card() -> None:
    t = table(ann=100, bob=100)
    r = UthRound(CONFIG, t, stacked(BOARD_CARDS, {1: "Ac Ad"}, KINGS))
    r.apply(PlaceWagers(1, "ann", 10, 10))
    r.apply(PlaceWagers(2, "bob", 10, 10))
    r.apply(WithdrawWagers(2))  # before the first card: allowed
    assert r.chips["bob"] == 100
    r.apply(Deal())
    refused(r, PlaceWagers(2, "bob", 10, 10), "act-uth-2025 4.6")
    refused(r, WithdrawWagers(1), "act-uth-2025 4.6")
    refused(r, PlaceMarker(1, 500), "act-uth-2025 4.6")


# -- 5.x limits -------------------------------------------------------------------------------


def test_act_uth_2025_5_3_permitted_multiples() -> None:
    r = UthRound(UthConfig(TableLimits(5, 100, multiple=5)), table(ann=100))
    assert "multiple of 5" in refused(r, PlaceWagers(1, "ann", 12, 12), "act-uth-2025 5.3")
    refused(r, PlaceWagers(1, "ann", 10, 10, 7), "act-uth-2025 5.3")


def test_act_uth_2025_5_4_under_minimum_paid_once_with_a_warning_then_returned() -> None:
    r = UthRound(CONFIG, table(p1=1000), stacked(BOARD_CARDS, {1: "Ac Ad"}, KINGS))
    events = r.apply(PlaceWagers(1, "p1", 2, 2))
    assert [type(e) for e in events] == [type(events[0]), PlayerWarned]
    assert events[1].clause == "act-uth-2025 5.4"
    r.apply(Deal())
    r.apply(Bet(1, 4))
    r.apply(SettleAll())
    s = settled(r)[1]
    # aces beat kings: the under-minimum Ante and Play are paid in full (13.8 (first)(a))
    assert s.settlement[Wager.ANTE].amount == 2
    assert s.settlement[Wager.PLAY].amount == 8
    assert {c.clause for c in s.counted} == {"act-uth-2025 13.8 (first)"}
    assert all(c.counted == c.stake for c in s.counted)
    assert r.chips["p1"] == 1000 + 2 + 8
    # the next round: a further under-minimum wager is returned
    nxt = UthRound(CONFIG, r.table_after())
    assert "returned" in refused(nxt, PlaceWagers(1, "p1", 2, 2), "act-uth-2025 5.4")
    refused(nxt, PlaceWagers(1, "p1", 5, 5, 1), "act-uth-2025 5.4")
    nxt.apply(PlaceWagers(1, "p1", 5, 5))  # at the minimum: fine


def test_act_uth_2025_5_5_over_maximum_paid_or_collected_to_the_maximum() -> None:
    win = start({1: "Ac Ad"}, ante=150)  # table maximum 100
    win.apply(Bet(1, 3))  # Play 450: three times the Ante
    win.apply(SettleAll())
    s = settled(win)[1]
    assert s.settlement[Wager.ANTE].stake == 100
    assert s.settlement[Wager.PLAY].stake == 300  # 3x the counted Ante
    assert s.settlement[Wager.ANTE].amount == 100
    assert s.settlement[Wager.PLAY].amount == 300
    assert win.chips["p1"] == 1000 + 100 + 300  # the excess came back, neither won nor lost
    assert all(c.clause == "act-uth-2025 13.8 (first)" for c in s.counted)
    lose = start({1: "4c 5d"}, ante=150)
    lose.apply(Bet(1, 3))
    lose.apply(SettleAll())
    assert lose.chips["p1"] == 1000 - 100 - 100 - 300  # collected only to the maximum
    assert lose.bank == 100_000 + 500


def test_act_uth_2025_5_2_a_marker_allows_more_than_the_maximum() -> None:
    t = table(p1=1000)
    r = UthRound(CONFIG, t, stacked(BOARD_CARDS, {1: "Ac Ad"}, KINGS))
    refused(r, PlaceMarker(1, 100), "act-uth-2025 5.2")
    r.apply(PlaceMarker(1, 200))
    r.apply(PlaceWagers(1, "p1", 150, 150))
    r.apply(Deal())
    r.apply(Bet(1, 4))
    r.apply(SettleAll())
    s = settled(r)[1]
    assert s.counted == ()
    assert r.chips["p1"] == 1000 + 150 + 600


def test_act_uth_2025_10_1_maximum_blind_payout_applies_in_the_game() -> None:
    cfg = UthConfig(LIMITS, payouts=Payouts(max_blind_payout=50))
    r = start({1: "Tc 8d"}, config=cfg, ante=100)  # a straight: Blind pays 1 to 1 = 100
    r.apply(Bet(1, 4))
    r.apply(SettleAll())
    blind = settled(r)[1].settlement[Wager.BLIND]
    assert (blind.amount, blind.uncapped, blind.pay_clause) == (50, 100, "act-uth-2025 10.1 **")


# -- 7.x the deal -----------------------------------------------------------------------------


def test_act_uth_2025_7_2_board_first_then_two_at_a_time_to_wagered_boxes() -> None:
    r = start({2: "Ac Ad", 5: "4c 5d"})
    dealt = [(e.to, e.clause) for e in r.events if isinstance(e, CardDealt)]
    assert [to for to, _ in dealt] == [BOARD] * 5 + [2, 2, 5, 5, DEALER, DEALER]
    assert dealt[0][1] == "act-uth-2025 7.2(a)" and dealt[-1][1] == "act-uth-2025 7.2(d)"
    assert r.boxes[2].hole == list(parse_cards("Ac Ad"))
    assert r.dealer == list(parse_cards(KINGS))
    assert 1 not in r.boxes  # a box without Ante and Blind is dealt nothing
    assert r.phase is Phase.PREFLOP and r.revealed == 0


def test_act_uth_2025_7_3_card_shoe_one_card_at_a_time() -> None:
    cfg = UthConfig(LIMITS, shoe=ShoeKind.CARD_SHOE)
    r = start({2: "Ac Ad", 5: "4c 5d"}, config=cfg)
    dealt = [e.to for e in r.events if isinstance(e, CardDealt)]
    assert dealt == [BOARD] * 5 + [2, 5, DEALER, 2, 5, DEALER]
    assert r.boxes[5].hole == list(parse_cards("4c 5d"))
    assert r.dealer == list(parse_cards(KINGS))


def test_act_uth_2025_7_2_dealer_driven_cards_are_checked() -> None:
    r = UthRound(CONFIG, table(p1=100, p3=100))
    refused(r, DealCard(Card(0)), "act-uth-2025 7.2")  # no box wagered yet
    r.apply(PlaceWagers(1, "p1", 10, 10))
    r.apply(PlaceWagers(3, "p3", 10, 10))
    refused(r, Deal(), "croupier dealing")
    refused(r, DealCard(Card(0), to=1), "act-uth-2025 7.2(a)")  # the board comes first
    order = stacked(BOARD_CARDS, {1: "Ac Ad", 3: "4c 5d"}, KINGS)[:11]
    for c in order[:5]:
        r.apply(DealCard(c))
    refused(r, DealCard(order[0]), "act-uth-2025 2.1")  # already dealt
    refused(r, DealCard(JOKER), "act-uth-2025 2.1")
    refused(r, DealCard(order[5], to=3), "act-uth-2025 7.2(c)")
    for c in order[5:]:
        r.apply(DealCard(c))
    assert r.phase is Phase.PREFLOP
    assert r.boxes[3].hole == list(parse_cards("4c 5d"))
    refused(r, DealCard(order[0]), "act-uth-2025 7.1")


def test_act_uth_2025_7_1_no_deal_without_wagers_and_only_once() -> None:
    r = UthRound(CONFIG, table(p1=100), Shoe(Deck.standard(), seed=1).shuffle().order)
    refused(r, Deal(), "act-uth-2025 7.2")
    r.apply(PlaceWagers(1, "p1", 10, 10))
    r.apply(Deal())
    refused(r, Deal(), "act-uth-2025 7.1")


# -- 8.x decisions ----------------------------------------------------------------------------


def test_act_uth_2025_8_1_before_the_flop_check_fold_or_play_3x_or_4x() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d", 3: "Qc Qd", 4: "6c 6d"})
    assert all(d.multiples == (3, 4) and d.can_check for d in r.legal_actions())
    assert "3x or 4x" in refused(r, Bet(1, 2), "act-uth-2025 8.1(c)(ii)")
    r.apply(Bet(1, 4))
    r.apply(Bet(2, 3))
    r.apply(Fold(3))
    assert r.chips["p1"] == 1000 - 20 - 40 and r.chips["p2"] == 1000 - 20 - 30
    assert r.revealed == 0  # 8.2: box 4 has yet to decide
    refused(r, Check(1), "act-uth-2025 8.3")  # a Play ends the decisions
    refused(r, Check(3), "act-uth-2025 8.6")
    r.apply(Check(4))
    assert r.revealed == 3 and r.phase is Phase.FLOP


def test_act_uth_2025_8_2_the_flop_is_revealed_once_all_have_decided() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d"})
    r.apply(Check(1))
    assert not any(isinstance(e, BoardRevealed) for e in r.events)
    refused(r, Check(1), "act-uth-2025 8.1")
    events = r.apply(Check(2))
    flop = next(e for e in events if isinstance(e, BoardRevealed))
    assert flop.cards == parse_cards("2c 7d 9h") and flop.clause == "act-uth-2025 8.2"


def test_act_uth_2025_8_3_after_the_flop_only_checkers_decide_2x() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d"})
    r.apply(Bet(1, 3))
    r.apply(Check(2))
    assert [d.box for d in r.legal_actions()] == [2]
    assert r.legal_actions()[0].multiples == (2,)
    refused(r, Bet(2, 3), "act-uth-2025 8.3(c)(ii)")
    refused(r, Fold(1), "act-uth-2025 8.3")
    events = r.apply(Bet(2, 2))
    assert any(isinstance(e, BoardRevealed) and e.clause == "act-uth-2025 8.4" for e in events)
    assert any(isinstance(e, DealerHandDeclared) for e in events)  # nobody left to decide


def test_act_uth_2025_8_5_on_the_river_fold_or_play_1x() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d"})
    for _ in range(2):
        r.apply(Check(1))
        r.apply(Check(2))
    assert r.phase is Phase.RIVER and r.revealed == 5
    assert all(not d.can_check and d.multiples == (1,) for d in r.legal_actions())
    refused(r, Check(1), "act-uth-2025 8.5")
    refused(r, Bet(1, 2), "act-uth-2025 8.5(b)(ii)")
    r.apply(Bet(1, 1))
    events = r.apply(Fold(2))
    assert settled(r)[2].settlement.folded
    assert settled(r)[2].clause == "act-uth-2025 8.5(a)"
    assert any(isinstance(e, DealerHandDeclared) for e in events)


def test_act_uth_2025_8_6_folded_cards_cannot_return_and_lose_every_wager() -> None:
    r = start({1: "Ac Ad"}, trips=5)
    r.apply(Fold(1))
    s = settled(r)[1]
    assert s.settlement.net == -25 and s.clause == "act-uth-2025 8.1(a)"
    assert all(x.clause == "act-uth-2025 8.1(a)" for x in s.settlement.results)
    assert r.bank == 100_000 + 25 and r.is_over


def test_act_uth_2025_4_1_play_needs_the_chips() -> None:
    r = UthRound(CONFIG, table(p1=50), stacked(BOARD_CARDS, {1: "Ac Ad"}, KINGS))
    r.apply(PlaceWagers(1, "p1", 10, 10))
    r.apply(Deal())
    assert r.legal_actions()[0].multiples == (3,)
    refused(r, Bet(1, 4), "act-uth-2025 4.1")


def test_act_uth_2025_8_8_dealer_hand_declared_after_all_decided() -> None:
    r = start({1: "Ac Ad"})
    r.apply(Bet(1, 4))
    hand = next(e for e in r.events if isinstance(e, DealerHandDeclared))
    assert hand.clause == "act-uth-2025 8.8" and hand.qualifies
    assert hand.words == "one pair, kings" and r.phase is Phase.SETTLEMENT


# -- 9.x settlement ---------------------------------------------------------------------------


def test_act_uth_2025_9_3_settles_from_dealers_right() -> None:
    r = start({1: "Ac Ad", 3: "4c 5d", 5: "Qc Qd"})
    for b in (1, 3, 5):
        r.apply(Bet(b, 4))
    assert r.to_settle() == [5, 3, 1]
    r.apply(SettleNext())
    assert list(settled(r)) == [5]
    r.apply(SettleNext())
    r.apply(SettleNext())
    assert list(settled(r)) == [5, 3, 1] and r.is_over
    assert all(s.clause == "act-uth-2025 9.3" for s in settled(r).values())
    refused(UthRound(CONFIG, table()), SettleNext(), "act-uth-2025 9.3")


def test_act_uth_2025_9_1_a_player_may_fold_after_the_dealers_hand() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d"}, trips=5)
    r.apply(Bet(1, 4))
    r.apply(Bet(2, 4))
    refused(r, Check(2), "act-uth-2025 9.1")
    refused(r, Bet(2, 1), "act-uth-2025 9.1")
    r.apply(Fold(2))  # concedes: loses every wager, Trips included
    s = settled(r)[2]
    assert s.clause == "act-uth-2025 9.1" and s.settlement.net == -(10 + 10 + 40 + 5)
    assert {x.clause for x in s.settlement.results} == {"act-uth-2025 9.1"}
    r.apply(SettleNext())
    refused(r, Fold(1), "croupier round")  # the round has ended


def test_act_uth_2025_9_2_dealer_not_qualifying_refunds_the_ante() -> None:
    r = start({1: "4c 6d"}, dealer=NO_PAIR)  # jack high vs jack high: the player's 7... kicker
    r.apply(Bet(1, 4))
    r.apply(SettleAll())
    ante = settled(r)[1].settlement[Wager.ANTE]
    assert ante.outcome is Outcome.REFUND and ante.clause == "act-uth-2025 9.2"


def test_act_uth_2025_9_4_each_box_settles_as_settle_py_says() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d", 4: "Tc 8d"}, trips=5)
    for b in (1, 2, 4):
        r.apply(Bet(b, 3))
    r.apply(SettleAll())
    board, dealer = parse_cards(BOARD_CARDS), parse_cards(KINGS)
    for n, e in settled(r).items():
        b = r.boxes[n]
        alone = settle(Box(10, 10, 30, 5), b.hole, dealer, board)
        assert e.settlement.results == alone.results
        assert r.chips[f"p{n}"] == 1000 + alone.net


# -- 13.x irregularities ----------------------------------------------------------------------


def voided(r: UthRound) -> UthRoundVoided:
    v = r.void
    assert v is not None and r.is_over
    return v


def test_act_uth_2025_13_1_wrong_card_count_voids_every_wager() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d"}, trips=5)
    r.apply(Bet(1, 4))
    r.apply(Fold(2))  # already collected
    r.apply(DeclareMisdeal(MisdealKind.WRONG_CARD_COUNT))
    assert voided(r).clause == "act-uth-2025 13.1"
    assert r.chips == {"p1": 1000, "p2": 1000} and r.bank == 100_000 and r.layout == 0


def test_act_uth_2025_13_2_a_card_revealed_during_the_deal_is_a_misdeal() -> None:
    r = UthRound(CONFIG, table(p1=100))
    r.apply(PlaceWagers(1, "p1", 10, 10))
    refused(r, DeclareMisdeal(MisdealKind.CARD_REVEALED_IN_DEAL), "act-uth-2025 13.2")
    r.apply(DealCard(Card(0)))
    r.apply(DeclareMisdeal(MisdealKind.CARD_REVEALED_IN_DEAL))
    assert voided(r).clause == "act-uth-2025 13.2" and r.chips["p1"] == 100
    late = start({1: "Ac Ad"})
    late.apply(Check(1))
    refused(late, DeclareMisdeal(MisdealKind.CARD_REVEALED_IN_DEAL), "act-uth-2025 13.2")


def test_act_uth_2025_13_3_after_a_misdeal_a_new_round_is_dealt() -> None:
    r = start({1: "Ac Ad"})
    r.apply(DeclareMisdeal(MisdealKind.WRONG_CARD_COUNT))
    assert "new round" in voided(r).message
    nxt = UthRound(CONFIG, r.table_after(), Shoe(Deck.standard(), seed=2).shuffle().order)
    nxt.apply(PlaceWagers(1, "p1", 10, 10))
    nxt.apply(Deal())
    assert nxt.phase is Phase.PREFLOP


def test_act_uth_2025_13_4_dealer_card_exposed() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d"})
    r.apply(Check(1))
    r.apply(DealerCardExposed())
    assert voided(r).clause == "act-uth-2025 13.4(a)" and r.chips["p1"] == 1000
    r = start({1: "Ac Ad", 2: "4c 5d"})
    r.apply(Bet(1, 4))
    events = r.apply(DealerCardExposed())
    assert events == [RulingMade("act-uth-2025 13.4(b)", events[0].message)]  # type: ignore[attr-defined]
    assert r.void is None and r.phase is Phase.PREFLOP
    r.apply(Check(2))
    assert r.phase is Phase.FLOP


def test_act_uth_2025_13_5_board_exposed_early_keeps_every_option() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d"})
    r.apply(Bet(1, 3))
    (ruling,) = r.apply(BoardExposed(2))
    assert isinstance(ruling, RulingMade) and ruling.clause == "act-uth-2025 13.5"
    assert "(2)" in ruling.message
    assert r.legal_actions()[0].multiples == (3, 4) and r.legal_actions()[0].can_check
    refused(r, BoardExposed(6), "act-uth-2025 13.5")


def test_act_uth_2025_13_6_hand_dealt_to_a_box_without_wagers() -> None:
    r = start({1: "Ac Ad"})
    refused(r, EmptyBoxDealt(1, False), "act-uth-2025 13.6")
    r.apply(EmptyBoxDealt(4, handled=False))
    assert voided(r).clause == "act-uth-2025 13.6(a)" and r.chips["p1"] == 1000
    r = start({1: "Ac Ad", 2: "4c 5d"})
    r.apply(Check(1))  # a player has handled their cards
    (ruling,) = r.apply(EmptyBoxDealt(4, handled=False))
    assert isinstance(ruling, RulingMade) and ruling.clause == "act-uth-2025 13.6(b)"
    assert r.void is None


def test_act_uth_2025_13_7_missing_or_foreign_card_voids_the_round() -> None:
    tbl = UthTable(CONFIG, bank=100_000)
    tbl.seat(1, "p1", 1000)
    first = tbl.new_round(stacked(BOARD_CARDS, {1: "Ac Ad"}, KINGS))
    first.apply(PlaceWagers(1, "p1", 10, 10))
    first.apply(Deal())
    first.apply(Bet(1, 4))
    first.apply(SettleAll())
    tbl.finish_round()
    won = tbl.chips["p1"]
    assert won == 1000 + 10 + 40
    r = tbl.new_round(stacked(BOARD_CARDS, {1: "4c 5d"}, KINGS))
    r.apply(PlaceWagers(1, "p1", 10, 10))
    r.apply(Deal())
    r.apply(Bet(1, 4))
    events = r.apply(DeckIrregularity(DeckFault.FOREIGN))
    assert [e.clause for e in events] == ["act-uth-2025 13.7(b)", "act-uth-2025 13.7(c)"]  # type: ignore[attr-defined]
    tbl.finish_round()
    assert tbl.chips["p1"] == won  # (a): the earlier round stands


def test_act_uth_2025_11_1_shoe_malfunction_voids_the_round() -> None:
    r = UthRound(CONFIG, table(p1=100), Shoe(Deck.standard(), seed=3).shuffle().order)
    r.apply(PlaceWagers(1, "p1", 10, 10))
    refused(r, ShoeMalfunction(), "act-uth-2025 11.1")  # no round of play before a card
    r.apply(Deal())
    r.apply(ShoeMalfunction())
    assert voided(r).clause == "act-uth-2025 11.1" and r.chips["p1"] == 100
    card_shoe = start({1: "Ac Ad"}, config=UthConfig(LIMITS, shoe=ShoeKind.CARD_SHOE))
    refused(card_shoe, ShoeMalfunction(), "act-uth-2025 11.1")


def test_act_uth_2025_13_8_second_a_player_not_deciding_in_time_is_folded() -> None:
    cfg = UthConfig(LIMITS, decision_seconds=30)
    r = start({1: "Ac Ad", 2: "4c 5d", 3: "Qc Qd"}, config=cfg)
    r.apply(Tick(100))
    r.apply(Bet(1, 4))
    assert r.apply(Tick(129)) and not settled(r)
    refused(r, Tick(50), "croupier clock")
    r.apply(Check(2))
    events = r.apply(Tick(130))
    assert list(settled(r)) == [3] and settled(r)[3].clause == "act-uth-2025 13.8 (second)"
    assert any(isinstance(e, BoardRevealed) for e in events)  # the flop follows at once
    refused(r, DeemFolded(1), "act-uth-2025 13.8 (second)")  # box 1 has nothing to decide
    r.apply(DeemFolded(2))  # the dealer reports box 2 absent
    assert settled(r)[2].settlement.folded


# -- replay and the table ---------------------------------------------------------------------


def test_round_state_is_the_fold_of_its_events() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d", 6: "Tc 8d"}, trips=5)
    r.apply(Bet(1, 4))
    r.apply(Check(2))
    r.apply(Check(6))
    r.apply(Fold(2))
    deck = stacked(BOARD_CARDS, {1: "Ac Ad", 2: "4c 5d", 6: "Tc 8d"}, KINGS)
    again = UthRound.from_events(r.config, r.start, r.events, deck)
    assert snapshot(again) == snapshot(r)
    assert again.legal_actions() == r.legal_actions()


def test_act_uth_2025_15_7_abstaining_three_rounds_at_a_full_table() -> None:
    cfg = UthConfig(LIMITS, boxes=2)
    tbl = UthTable(cfg, bank=10_000)
    tbl.seat(1, "ann", 500)
    tbl.seat(2, "idle", 500)
    shoe = Shoe(Deck.standard(), seed=9)
    for n in range(3):
        assert tbl.why_not_vacate(2) is not None
        r = tbl.new_round(shoe.shuffle().order)
        r.apply(PlaceWagers(1, "ann", 10, 10))
        r.apply(Deal())
        r.apply(Fold(1))
        tbl.finish_round()
        assert tbl.abstained["idle"] == n + 1 and tbl.abstained["ann"] == 0
    assert tbl.why_not_vacate(1) is not None
    left = tbl.require_vacate(2)
    assert left.clause == "act-uth-2025 15.7" and 2 not in tbl.seats
    again = UthTable.from_events(cfg, 10_000, tbl.events)
    assert again.seats == tbl.seats and again.chips == tbl.chips


def test_act_uth_2025_15_7_not_while_a_seat_is_free() -> None:
    tbl = UthTable(UthConfig(LIMITS, boxes=3), bank=0)
    tbl.seat(1, "idle", 100)
    tbl.abstained["idle"] = 5
    with pytest.raises(IllegalAction) as err:
        tbl.require_vacate(1)
    assert err.value.ruling.clause == "act-uth-2025 15.7" and "free" in str(err.value)


# -- the money balances, round by round -------------------------------------------------------


def random_round(rng: random.Random, r: UthRound, players: list[str]) -> None:
    limits = r.config.limits
    for box, p in enumerate(players, start=1):
        if rng.random() < 0.15:
            continue
        kind = rng.random()
        if kind < 0.1:
            ante = rng.randint(1, limits.minimum - 1)
        elif kind < 0.2:
            ante = rng.randint(limits.maximum + 1, 2 * limits.maximum)
        else:
            ante = rng.randint(limits.minimum, limits.maximum)
        trips = rng.choice((0, 0, limits.minimum, rng.randint(1, 3 * limits.maximum)))
        cmd = PlaceWagers(box, p, ante, ante, trips)
        if r.why_illegal(cmd) is None:
            r.apply(cmd)
    if not r.boxes:
        return
    r.apply(Deal())
    while r.phase in (Phase.PREFLOP, Phase.FLOP, Phase.RIVER):
        floor = rng.random()
        if floor < 0.004:  # now and then the floor rules on an irregularity
            r.apply(DealerCardExposed())
            continue
        if floor < 0.008:
            box = rng.choice(list(r.boxes))
            if r.why_illegal(VoidBox(box, BoxVoidReason.RULE_BREACH)) is None:
                r.apply(VoidBox(box, BoxVoidReason.RULE_BREACH))
            continue
        for d in r.legal_actions():
            options: list[UthCommand] = [Fold(d.box)] * (1 if r.phase is Phase.RIVER else 0)
            options += [Bet(d.box, m) for m in d.multiples] + [Check(d.box)] * d.can_check
            if not options or rng.random() < 0.05:
                options.append(Fold(d.box))
            r.apply(rng.choice(options))
    while not r.is_over:
        if rng.random() < 0.003:
            r.apply(DeckIrregularity(DeckFault.MISSING))
        elif r.to_settle() and rng.random() < 0.03:
            r.apply(Fold(r.to_settle()[-1]))
        else:
            r.apply(SettleNext())


@pytest.mark.slow
def test_money_balances_round_by_round_over_many_random_rounds() -> None:
    """8,000 automatic rounds, five players, random legal decisions and wager sizes (under the
    minimum, over the maximum, Trips): house bank + players' chips never changes."""
    rng = random.Random(20250718)
    cfg = UthConfig(TableLimits(5, 100), boxes=5, payouts=Payouts(max_blind_payout=2000))
    players = [f"p{i}" for i in range(1, 6)]
    shoe = Shoe(Deck.standard(), seed=77)
    state = TableState(dict.fromkeys(players, 10**7), 10**9)
    total = state.total
    settled_boxes = warned = capped = voids = 0
    for _ in range(8_000):
        r = UthRound(cfg, state, shoe.shuffle().order)
        random_round(rng, r, players)
        assert money(r) == total
        if r.boxes:
            assert r.is_over
            state = r.table_after()
        for e in settled(r).values():
            settled_boxes += 1
            capped += any(c.counted < c.stake for c in e.counted)
            assert e.paid_to_player == r.boxes[e.box].stakes + e.settlement.net
            assert e.bank_change == -e.settlement.net
        assert state.total == total
        warned = len(state.warned)
        voids += r.void is not None or any(b.void for b in r.boxes.values())
    assert settled_boxes > 24_000 and capped > 400 and warned == len(players) and voids > 40


@pytest.mark.parametrize("fault", list(DeckFault))
def test_act_uth_2025_13_7_void_mid_settlement_restores_every_chip(fault: DeckFault) -> None:
    r = start({1: "Ac Ad", 2: "4c 5d", 3: "Tc 8d"}, trips=5)
    for b in (1, 2, 3):
        r.apply(Bet(b, 4))
    r.apply(SettleNext())
    r.apply(SettleNext())
    r.apply(DeckIrregularity(fault))
    assert r.chips == dict.fromkeys(("p1", "p2", "p3"), 1000) and r.bank == 100_000


# -- the operator's voids (12.3, 15.2-15.4) ---------------------------------------------------


@pytest.mark.parametrize(
    ("reason", "clause"),
    [
        (VoidReason.DISTURBANCE, "act-uth-2025 15.2"),
        (VoidReason.IMPRACTICAL, "act-uth-2025 15.4"),
        (VoidReason.FRAUD, "act-uth-2025 15.4"),
        (VoidReason.COLLUSION, "act-uth-2025 12.3"),
    ],
)
def test_act_uth_2025_15_2_15_4_12_3_operator_voids_the_round(
    reason: VoidReason, clause: str
) -> None:
    r = start({1: "Ac Ad", 2: "4c 5d"}, trips=5)
    r.apply(Bet(1, 4))
    r.apply(Bet(2, 4))
    r.apply(SettleNext())
    r.apply(VoidRound(reason))
    assert voided(r).clause == clause
    assert r.chips == {"p1": 1000, "p2": 1000} and r.bank == 100_000


def test_act_uth_2025_12_3_a_colluding_player_is_excluded_from_the_round() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d", 3: "Qc Qd"})
    r.apply(Check(1))
    (e,) = r.apply(VoidBox(1, BoxVoidReason.COLLUSION))
    assert e.clause == "act-uth-2025 12.3" and r.chips["p1"] == 1000  # type: ignore[attr-defined]
    refused(r, Check(1), "act-uth-2025 A")
    refused(r, VoidBox(1, BoxVoidReason.COLLUSION), "act-uth-2025 12.3")
    r.apply(Bet(2, 4))
    r.apply(Bet(3, 4))  # the others play on
    r.apply(SettleAll())
    assert r.is_over and sorted(settled(r)) == [2, 3] and money(r) == 100_000 + 3000


def test_act_uth_2025_15_3_a_breach_voids_the_players_wagers_even_once_settled() -> None:
    r = start({1: "Ac Ad", 2: "4c 5d"})
    r.apply(Bet(1, 4))
    r.apply(Bet(2, 4))
    r.apply(SettleNext())  # box 2 (from the dealer's right) loses
    r.apply(SettleNext())  # box 1 wins
    assert r.is_over
    refused(r, VoidBox(1, BoxVoidReason.RULE_BREACH), "croupier round")
    r = start({1: "Ac Ad", 2: "4c 5d"})
    r.apply(Bet(1, 4))
    r.apply(Bet(2, 4))
    r.apply(SettleNext())
    assert r.chips["p2"] == 1000 - 60
    (e,) = r.apply(VoidBox(2, BoxVoidReason.RULE_BREACH))
    assert e.clause == "act-uth-2025 15.3" and r.chips["p2"] == 1000  # type: ignore[attr-defined]
    r.apply(SettleNext())
    assert r.is_over and r.bank == 100_000 - 50 and money(r) == 100_000 + 2000
