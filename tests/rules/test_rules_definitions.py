"""Definitions and glossary entries that carry a rule, and rules the round applies by its shape:
qld-holdem-2005 s2, act-omaha-2017 A, 8.4, 10.2-10.4 and 16.2, dunedin-house 101 and the
dunedin-house glossary (All-in, Blind, Burn Card, Cards Speak, Defective Deck)."""

from __future__ import annotations

import pytest

from croupier.cards import Card, Deck, parse_cards
from croupier.floor import DealError, DealIrregularity, apply_incident
from croupier.round import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Game,
    Round,
    Show,
    Structure,
)
from croupier.round.events import (
    BettingRoundEnded,
    BlindPosted,
    BoardDealt,
    CardBurned,
    HoleDealt,
    PotAwarded,
    RoundVoided,
)
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from support.build import round_config

C = parse_cards
OMAHA = Game.omaha_game()


def automatic(
    rulebook: Rulebook, stacks: tuple[int, ...], *, burn: bool = True, **kw: object
) -> Round:
    cfg = round_config(
        stacks=stacks,
        blinds=(5, 10, *([0] * (len(stacks) - 2))),
        min_bet=10,
        rulebook=rulebook,
        structure=Structure.pot_limit(),
        burn=burn,
        deck_order=Deck.standard().cards,
        **kw,  # type: ignore[arg-type]
    )
    return Round(cfg)


def dealt(holes: list[str], rulebook: Rulebook = DUNEDIN_HOUSE, game: Game | None = None) -> Round:
    cfg = round_config(
        stacks=(1000,) * len(holes),
        blinds=(5, 10, *([0] * (len(holes) - 2))),
        min_bet=10,
        rulebook=rulebook,
        structure=Structure.pot_limit(),
        **({"game": game} if game else {}),  # type: ignore[arg-type]
    )
    r = Round(cfg)
    for p, h in enumerate(holes):
        r.apply(DealHole(p, C(h)))
    return r


def to_end(r: Round) -> None:
    while not r.is_over:
        assert r.actor is not None
        r.apply(CheckCall(r.actor))


def won(r: Round) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in r.events:
        if isinstance(e, PotAwarded):
            out[e.player] = out.get(e.player, 0) + e.amount
    return out


def test_qld_s2_definitions_blind_bets_burn_community_cards_pot_and_table_stake() -> None:
    r = automatic(QLD_HOLDEM_2005, (500, 500, 500))
    posted = [(e.player, e.amount) for e in r.events if isinstance(e, BlindPosted)]
    assert posted == [(0, 5), (1, 10)]  # blind bets: half and all of the minimum wager
    r.apply(Fold(r.actor))  # type: ignore[arg-type]
    assert r.live() == [0, 1]  # an active player has not folded
    to_end(r)
    boards = [len(e.cards) for e in r.events if isinstance(e, BoardDealt)]
    assert boards == [3, 1, 1]  # flop, turn, river
    burned = [e.card for e in r.events if isinstance(e, CardBurned)]
    assert len(burned) == 3 and not set(burned) & set(r.board)  # each burned unseen
    assert sum(won(r).values()) == sum(r.contrib)  # the pot: every bet made in the round
    assert sum(r.stacks) == 1500  # table stakes: chips in front of the players


def test_act_omaha_2017_a_dictionary_decks_wild_card_blinds_and_void() -> None:
    assert Deck.standard().size == 52  # full deck
    assert [Deck.of_size(n).size for n in (48, 44, 40, 36, 32)] == [48, 44, 40, 36, 32]
    assert Deck.of_size(52, joker=True).size == 53  # the wild card
    r = dealt(["AsAdKsKd", "QsQdJsJd", "2c3c4c5c"], ACT_OMAHA_2017, OMAHA)
    assert [e.amount for e in r.events if isinstance(e, BlindPosted)] == [5, 10]  # small, big
    r2 = Round(r.config)
    apply_incident(r2, DealIrregularity(DealError.NOT_CUT))  # void: every chip goes back
    assert r2.is_over and r2.stacks == list(r2.config.stacks)
    assert any(isinstance(e, RoundVoided) for e in r2.events)


def test_act_omaha_2017_8_4_a_blind_cannot_be_refused() -> None:
    r = dealt(["AsAdKsKd", "QsQdJsJd", "2c3c4c5c"], ACT_OMAHA_2017, OMAHA)
    first = [type(e) for e in r.events[:2]]
    assert first == [BlindPosted, BlindPosted]  # posted before anyone may act
    r.apply(Fold(2))
    r.apply(Fold(0))  # the small blind folds: the blind stays in the pot
    assert r.is_over and r.stacks == [995, 1005, 1000]


def test_act_omaha_2017_10_2_to_10_4_the_first_betting_round() -> None:
    r = dealt(["AsAdKsKd", "QsQdJsJd", "2c3c4c5c"], ACT_OMAHA_2017, OMAHA)
    la = r.legal_actions()
    # 10.2: the opener (after the last blind) calls, calls and raises, or folds
    assert la is not None and la.player == 2 and la.call_amount == 10
    assert la.can_fold and la.min_raise_to is not None and not la.can_check
    r.apply(CheckCall(2))
    r.apply(CheckCall(0))  # 10.3: each in turn, clockwise
    la = r.legal_actions()
    assert la is not None and la.player == 1 and la.min_raise_to is not None  # unraised: 1 raises
    r.apply(BetRaise(1, 40))
    r.apply(CheckCall(2))
    r.apply(CheckCall(0))
    # 10.4(b): contributions equal, the round ends
    assert [e.street for e in r.events if isinstance(e, BettingRoundEnded)] == [0]
    assert r.contrib == [40, 40, 40]
    r2 = dealt(["AsAdKsKd", "QsQdJsJd", "2c3c4c5c"], ACT_OMAHA_2017, OMAHA)
    r2.apply(Fold(2))
    r2.apply(Fold(0))  # 10.4(a): one player remains and wins the pot
    assert r2.is_over and r2.stacks == [995, 1005, 1000]


def test_act_omaha_2017_16_2_one_hand_per_player() -> None:
    r = dealt(["AsAdKsKd", "QsQdJsJd"], ACT_OMAHA_2017, OMAHA)
    with pytest.raises(IllegalAction):
        r.apply(DealHole(0, C("2c3c4c5c")))  # a second hand for player 0
    to_showdown = dealt(["AsAdKsKd", "QsQdJsJd"], ACT_OMAHA_2017, OMAHA)
    for board in ("2h7h9d", "Tc", "3s"):
        while to_showdown.actor is not None:
            to_showdown.apply(CheckCall(to_showdown.actor))
        to_showdown.apply(DealBoard(C(board)))
    while to_showdown.actor is not None:
        to_showdown.apply(CheckCall(to_showdown.actor))
    with pytest.raises(IllegalAction):
        to_showdown.apply(Show(0, C("QsQdJsJd")))  # another player's hand
    with pytest.raises(IllegalAction):
        to_showdown.apply(Show(0, C("AsAdKsKd8c")))  # more cards than one hand


def test_dunedin_house_101_unexposed_hands_can_be_read_after_the_round() -> None:
    r = automatic(DUNEDIN_HOUSE, (500, 500, 500))
    r.apply(Fold(r.actor))  # type: ignore[arg-type]
    to_end(r)
    folded = next(p for p in range(3) if r.folded[p])
    dealt_to = {e.player: e.cards for e in r.events if isinstance(e, HoleDealt)}
    assert r.shown[folded] is None and len(dealt_to[folded]) == 2  # never shown, yet recorded
    assert Round.from_events(r.config, r.events).hole[folded] == dealt_to[folded]


def test_dunedin_house_glossary_all_in_wins_only_what_it_matched() -> None:
    r = Round(
        round_config(stacks=(50, 1000, 1000), blinds=(5, 10, 0), min_bet=10, rulebook=DUNEDIN_HOUSE)
    )
    for p, h in enumerate(("AsAd", "KsKd", "QsQd")):
        r.apply(DealHole(p, C(h)))
    r.apply(BetRaise(2, 100))
    r.apply(CheckCall(0))  # all in for 50
    r.apply(CheckCall(1))
    for board in ("2c7h9d", "Tc", "3s"):
        r.apply(DealBoard(C(board)))
        while r.actor is not None:
            r.apply(CheckCall(r.actor))
    r.resolve_showdown()
    assert won(r) == {0: 150, 1: 100}  # 50 from each; the side pot goes to the next best


def test_dunedin_house_glossary_blind_is_a_live_bet_that_wins_if_not_called() -> None:
    r = dealt(["AsAd", "KsKd", "QsQd"])
    r.apply(CheckCall(2))
    r.apply(CheckCall(0))
    la = r.legal_actions()
    assert la is not None and la.player == 1 and la.can_check  # live: it counts as the call
    r2 = dealt(["AsAd", "KsKd", "QsQd"])
    r2.apply(Fold(2))
    r2.apply(Fold(0))
    assert r2.is_over and r2.stacks == [995, 1005, 1000]


@pytest.mark.parametrize("burn", [True, False])
def test_dunedin_house_glossary_burn_card_taken_from_the_top_unexposed(burn: bool) -> None:
    r = automatic(DUNEDIN_HOUSE, (500, 500), burn=burn)
    to_end(r)
    order = list(Deck.standard().cards)
    burned = [e.card for e in r.events if isinstance(e, CardBurned)]
    assert len(burned) == (3 if burn else 0)
    if burn:
        flop_at = order.index(r.board[0])
        assert order[flop_at - 1] == burned[0]  # the top card, just before the flop
        assert not set(burned) & set(r.board)


def test_dunedin_house_glossary_cards_speak() -> None:
    r = dealt(["7s2d", "KsKd"])
    while r.actor is not None:
        r.apply(CheckCall(r.actor))
    for board in ("7h7c2c", "9d", "3h"):
        r.apply(DealBoard(C(board)))
        while r.actor is not None:
            r.apply(CheckCall(r.actor))
    r.apply(Show(0))  # no one names the full house: the cards are read
    r.apply(Show(1))
    assert won(r) == {0: 20}


def test_dunedin_house_glossary_defective_deck() -> None:
    r = dealt(["AsAd", "KsKd"])
    with pytest.raises(IllegalAction):
        r.apply(DealBoard(C("AsQc2c")))  # a duplicate card
    with pytest.raises(IllegalAction):
        r.apply(DealBoard((Card(52), *C("Qc2c"))))  # a joker in a deck without one
    boxed = Round(r.config)
    boxed.apply(DealHole(0, C("AsAd")))
    apply_incident(boxed, DealIrregularity(DealError.BOXED_CARD, C("2c3c4c5c6c")))
    assert boxed.is_over and boxed.stacks == list(boxed.config.stacks)  # five boxed: void
    one = Round(r.config)
    one.apply(DealHole(0, C("AsAd")))
    apply_incident(one, DealIrregularity(DealError.BOXED_CARD, C("2c")))
    assert not one.is_over  # one boxed card is set aside
