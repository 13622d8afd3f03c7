"""The floor's rulings on burn and community cards: burn card exposed or not dealt, community
cards exposed early (with the Queensland bet cap), the first card in the shoe, a fouled stub."""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.floor import (
    BurnCardExposed,
    BurnCardMissed,
    CommunityCardsExposed,
    StubFouled,
    apply_incident,
)
from croupier.round import (
    BetRaise,
    CheckCall,
    DealBoard,
    Fold,
    Round,
    Structure,
)
from croupier.round.events import Announcement, BettingCapped, CardExposed, RulingMade
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from support.build import make_round

HOLES = ["AsAd", "KsKd", "QsQd"]


def deal(rulebook: Rulebook, *, burn: bool = True) -> Round:
    return make_round(HOLES, rulebook=rulebook, structure=Structure.pot_limit(), burn=burn)


def finish_preflop(r: Round) -> None:
    while r.street == 0 and r.actor is not None:
        r.apply(CheckCall(r.actor))


def to_flop(r: Round) -> None:
    finish_preflop(r)
    r.apply(DealBoard(parse_cards("2c7h9d")))


def last_ruling(r: Round) -> RulingMade:
    return [e for e in r.events if isinstance(e, RulingMade)][-1]


def uses(r: Round) -> list[tuple[str, str]]:
    return [(str(e.card), e.use) for e in r.events if isinstance(e, CardExposed)]


def refused(r: Round, cmd: DealBoard) -> str:
    n = len(r.events)
    with pytest.raises(IllegalAction) as info:
        r.apply(cmd)
    assert len(r.events) == n
    return info.value.ruling.clause


def test_qld_s34_2_burn_card_exposed_dealing_the_flop_is_the_next_burn_card() -> None:
    r = deal(QLD_HOLDEM_2005)
    finish_preflop(r)
    apply_incident(r, BurnCardExposed(parse_cards("Jh")[0]))
    assert uses(r) == [("Jh", "burn")]
    shown = [e for e in r.events if isinstance(e, Announcement)][-1]
    assert shown.clause == "qld-holdem-2005 s34(2), (4)"  # all players may view it
    assert refused(r, DealBoard(parse_cards("Jh7h9d"))) == "qld-holdem-2005 s13"
    r.apply(DealBoard(parse_cards("2c7h9d")))


def test_qld_s34_3_card_exposed_dealing_the_river_goes_to_the_discards() -> None:
    r = deal(QLD_HOLDEM_2005)
    to_flop(r)
    for p in (0, 1, 2):
        r.apply(CheckCall(p))
    r.apply(DealBoard(parse_cards("Tc")))
    for p in (0, 1, 2):
        r.apply(CheckCall(p))
    apply_incident(r, BurnCardExposed(parse_cards("Jh")[0]))
    assert uses(r) == [("Jh", "discard")]
    assert last_ruling(r).clause == "qld-holdem-2005 s34(3)-(4)"


@pytest.mark.parametrize(
    ("rulebook", "use", "clause"),
    [
        (QLD_HOLDEM_2005, "burn", "qld-holdem-2005 s35(1)"),
        (DUNEDIN_HOUSE, "stub", "dunedin-house 71"),  # a new flop
        (ACT_OMAHA_2017, "burn", "act-omaha-2017 4.2(h)"),
    ],
)
def test_qld_s35_flop_dealt_without_a_burn_card(rulebook: Rulebook, use: str, clause: str) -> None:
    r = deal(rulebook)
    finish_preflop(r)
    apply_incident(r, BurnCardMissed(parse_cards("2c")[0]))
    assert uses(r) == [("2c", use)] and last_ruling(r).clause == clause
    if use == "stub":  # back in the stub: the new flop may hold it again
        r.apply(DealBoard(parse_cards("2c7h9d")))
    else:
        refused(r, DealBoard(parse_cards("2c7h9d")))


def test_qld_s35_2_turn_dealt_without_a_burn_card_is_burned_and_replaced() -> None:
    r = deal(QLD_HOLDEM_2005)
    to_flop(r)
    for p in (0, 1, 2):
        r.apply(CheckCall(p))
    apply_incident(r, BurnCardMissed(parse_cards("Tc")[0]))
    assert last_ruling(r).clause == "qld-holdem-2005 s35(2)"
    r.apply(DealBoard(parse_cards("Jc")))


def test_qld_s36_exposed_card_dealt_after_the_round_and_the_bet_capped_at_the_minimum() -> None:
    r = deal(QLD_HOLDEM_2005)
    to_flop(r)
    la = r.legal_actions()
    assert la is not None and la.max_raise_to == 30  # a full-pot bet before the error
    apply_incident(r, CommunityCardsExposed(parse_cards("Tc")))
    la = r.legal_actions()
    assert la is not None and (la.min_raise_to, la.max_raise_to) == (10, 10)  # s36(3)(b)
    n = len(r.events)
    with pytest.raises(IllegalAction) as info:
        r.apply(BetRaise(0, 20))
    assert info.value.ruling.clause == "qld-holdem-2005 s36" and len(r.events) == n
    r.apply(BetRaise(0, 10))
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is None  # s36(3)(a): no more than the bet made
    r.apply(CheckCall(1))
    r.apply(CheckCall(2))
    # s36(2): the exposed card is the turn
    assert refused(r, DealBoard(parse_cards("Jc"))) == "qld-holdem-2005 s36"
    r.apply(DealBoard(parse_cards("Tc")))
    la = r.legal_actions()
    assert la is not None and la.max_raise_to == 60  # the cap ends with its round


def test_qld_s36_3_a_bet_already_made_caps_the_round() -> None:
    r = deal(QLD_HOLDEM_2005)
    to_flop(r)
    r.apply(BetRaise(0, 20))
    apply_incident(r, CommunityCardsExposed(parse_cards("Tc")))
    assert [e.cap for e in r.events if isinstance(e, BettingCapped)] == [20]
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is None and la.call_amount == 20


@pytest.mark.parametrize(
    ("rulebook", "use", "cap"),
    [
        (QLD_HOLDEM_2005, "board", 10),  # s36: dealt next, bet capped
        (ACT_OMAHA_2017, "stub", None),  # 17.17: shuffled back into the shoe
        (DUNEDIN_HOUSE, "board", 10),  # 72: used in sequence, betting capped
    ],
)
def test_qld_s36_act_17_17_dunedin_72_turn_card_exposed_during_flop_betting(
    rulebook: Rulebook, use: str, cap: int | None
) -> None:
    r = deal(rulebook)
    to_flop(r)
    apply_incident(r, CommunityCardsExposed(parse_cards("Tc")))
    assert uses(r) == [("Tc", use)]
    assert r.bet_cap == cap
    for p in (0, 1, 2):
        r.apply(CheckCall(p))
    if use == "board":
        refused(r, DealBoard(parse_cards("Jc")))
    r.apply(DealBoard(parse_cards("Tc")))  # a reshuffled card may still come


@pytest.mark.parametrize(
    ("rulebook", "use", "clause"),
    [
        (QLD_HOLDEM_2005, "board", "qld-holdem-2005 s36"),
        (ACT_OMAHA_2017, "stub", "act-omaha-2017 17.17"),
        (DUNEDIN_HOUSE, "stub", "dunedin-house 71"),  # a new flop
    ],
)
def test_qld_s36_act_17_17_dunedin_71_flop_card_exposed_during_first_betting(
    rulebook: Rulebook, use: str, clause: str
) -> None:
    r = deal(rulebook)
    apply_incident(r, CommunityCardsExposed(parse_cards("2c")))
    assert uses(r) == [("2c", use)] and last_ruling(r).clause == clause


def test_dunedin_house_72_two_cards_exposed_only_the_correct_card_stays() -> None:
    r = deal(DUNEDIN_HOUSE)
    to_flop(r)
    apply_incident(r, CommunityCardsExposed(parse_cards("TcJc")))
    assert uses(r) == [("Tc", "board"), ("Jc", "stub")]


def test_dunedin_house_72_a_second_exposure_in_the_same_round_goes_back_to_the_stub() -> None:
    r = deal(DUNEDIN_HOUSE)
    to_flop(r)
    apply_incident(r, CommunityCardsExposed(parse_cards("Tc")))
    apply_incident(r, CommunityCardsExposed(parse_cards("Jc")))
    assert uses(r) == [("Tc", "board"), ("Jc", "stub")]
    for p in (0, 1, 2):
        r.apply(CheckCall(p))
    r.apply(DealBoard(parse_cards("Tc")))  # the turn is the first card exposed


@pytest.mark.parametrize("burn", [True, False])
def test_act_omaha_2017_17_19_first_card_in_the_shoe_used_in_sequence(burn: bool) -> None:
    r = deal(ACT_OMAHA_2017, burn=burn)
    finish_preflop(r)
    apply_incident(r, CommunityCardsExposed(parse_cards("2c")))
    assert last_ruling(r).clause == "act-omaha-2017 17.19"
    if burn:  # the first card is the burn card: burned as usual
        assert uses(r) == [("2c", "burn")]
        refused(r, DealBoard(parse_cards("2c7h9d")))
        r.apply(DealBoard(parse_cards("3c7h9d")))
    else:  # the first card is the flop's first card
        assert uses(r) == [("2c", "board")]
        refused(r, DealBoard(parse_cards("3c7h9d")))
        r.apply(DealBoard(parse_cards("2c7h9d")))


def test_dunedin_house_73_fouled_stub_mixed_with_the_muck_can_deal_mucked_cards_again() -> None:
    r = deal(DUNEDIN_HOUSE)
    r.apply(Fold(2))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    refused(r, DealBoard(parse_cards("Qs7h9d")))  # player 2's folded queen
    apply_incident(r, StubFouled("with-muck"))
    assert last_ruling(r).clause == "dunedin-house 73"
    r.apply(DealBoard(parse_cards("Qs7h9d")))


@pytest.mark.parametrize("method", ["order", "stub"])
def test_dunedin_house_73_fouled_stub_rebuilt_without_the_muck(method: str) -> None:
    r = deal(DUNEDIN_HOUSE)
    r.apply(Fold(2))
    apply_incident(r, StubFouled(method))
    assert last_ruling(r).clause == "dunedin-house 73"
    assert parse_cards("Qs")[0] in r.cards_out
