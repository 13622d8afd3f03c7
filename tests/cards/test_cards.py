"""Cards and decks: text forms, errors, and every deck the rulebooks allow.

act-omaha-2017 2.2 (52/48/44/40/36/32 cards, lowest ranks removed), 2.3 (the joker),
qld-tournament-2020 4.46(1) (short deck: 36 cards, 2-5 removed), qld-holdem-2005 s13
(complete deck of 52).
"""

from __future__ import annotations

import pytest

from croupier.cards import (
    JOKER,
    JOKER_ID,
    REDUCED_DECK_SIZES,
    Card,
    CardError,
    Deck,
    check_distinct,
    format_cards,
    parse_cards,
)

SUITS = "cdhs"

# act-omaha-2017 2.2 (a)-(f), copied from the rulebook's text (10 written as T).
ACT_OMAHA_2_2 = {
    52: "A K Q J T 9 8 7 6 5 4 3 2",
    48: "A K Q J T 9 8 7 6 5 4 3",
    44: "A K Q J T 9 8 7 6 5 4",
    40: "A K Q J T 9 8 7 6 5",
    36: "A K Q J T 9 8 7 6",
    32: "A K Q J T 9 8 7",
}


def _cards_of(ranks_text: str) -> set[Card]:
    return {Card.parse(r + s) for r in ranks_text.split() for s in SUITS}


# --- text round trips ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card_id", "printed"),
    [
        pytest.param("As", 12 * 4 + 3, "As", id="ace of spades"),
        pytest.param("Td", 8 * 4 + 1, "Td", id="ten of diamonds"),
        pytest.param("2c", 0, "2c", id="two of clubs is id 0"),
        pytest.param("10d", 8 * 4 + 1, "Td", id="10d accepted, printed Td"),
        pytest.param("10H", 8 * 4 + 2, "Th", id="10H accepted, printed Th"),
        pytest.param("td", 8 * 4 + 1, "Td", id="lower-case rank accepted"),
        pytest.param("KS", 11 * 4 + 3, "Ks", id="upper-case suit accepted"),
        pytest.param(" 9h ", 7 * 4 + 2, "9h", id="surrounding space ignored"),
        pytest.param("Xx", JOKER_ID, "Xx", id="act-omaha-2017 2.3 joker Xx"),
    ],
)
def test_card_text(text: str, card_id: int, printed: str) -> None:
    card = Card.parse(text)
    assert card == card_id
    assert str(card) == printed
    assert Card.parse(str(card)) == card


def test_every_card_round_trips() -> None:
    seen = set()
    for i in range(52):
        c = Card(i)
        text = str(c)
        assert len(text) == 2
        assert Card.parse(text) == i
        assert Card.of(c.rank, c.suit) == i
        assert c.rank == i // 4
        assert c.suit == i % 4
        seen.add(text)
    assert len(seen) == 52
    assert str(JOKER) == "Xx"
    assert JOKER.is_joker
    assert not Card(0).is_joker


def test_card_is_an_int_with_the_rank_suit_encoding() -> None:
    """rank * 4 + suit, ranks 2..A = 0..12, suits c, d, h, s = 0..3 (cards.py docstring)."""
    assert Card.of(0, 0) == 0 and str(Card.of(0, 0)) == "2c"
    assert Card.of(12, 3) == 51 and str(Card.of(12, 3)) == "As"
    assert Card.of(8, 2) == 34 and str(Card.of(8, 2)) == "Th"
    assert isinstance(Card(5), int)
    assert repr(Card.parse("Qh")) == "Card('Qh')"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("AsKd10c", ("As", "Kd", "Tc"), id="run with 10"),
        pytest.param("As Kd 10c", ("As", "Kd", "Tc"), id="spaced"),
        pytest.param("As, Kd,Tc", ("As", "Kd", "Tc"), id="commas"),
        pytest.param(["As", "kd", "10c"], ("As", "Kd", "Tc"), id="list"),
        pytest.param("Xx As", ("Xx", "As"), id="joker in a list"),
        pytest.param("", (), id="empty"),
    ],
)
def test_parse_cards(text: str | list[str], expected: tuple[str, ...]) -> None:
    cards = parse_cards(text)
    assert tuple(map(str, cards)) == expected
    assert format_cards(cards) == " ".join(expected)
    assert all(isinstance(c, Card) for c in cards)


# --- malformed cards and duplicates ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "named"),
    [
        pytest.param("1s", "'1s'", id="rank 1"),
        pytest.param("Az", "'Az'", id="unknown suit"),
        pytest.param("Zs", "'Zs'", id="unknown rank"),
        pytest.param("A", "'A'", id="rank only"),
        pytest.param("Ass", "'Ass'", id="three letters"),
        pytest.param("11d", "'11d'", id="eleven"),
        pytest.param("", "''", id="empty"),
        pytest.param("s", "'s'", id="suit only"),
    ],
)
def test_malformed_card_names_the_card(text: str, named: str) -> None:
    with pytest.raises(CardError, match="malformed card") as err:
        Card.parse(text)
    assert named in str(err.value)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        pytest.param("As Kd 1c", "'1c'", id="spaced"),
        pytest.param("AsKdQz", "'Qz'", id="run"),
        pytest.param(["As", "Kx"], "'Kx'", id="list"),
    ],
)
def test_parse_cards_names_the_malformed_card(text: str | list[str], named: str) -> None:
    with pytest.raises(CardError) as err:
        parse_cards(text)
    assert named in str(err.value)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        pytest.param("As Kd As", "As", id="ace twice"),
        pytest.param("Td 10d", "Td", id="10d is Td"),
        pytest.param("Xx 2c Xx", "Xx", id="joker twice"),
    ],
)
def test_duplicate_cards_name_the_card(text: str, named: str) -> None:
    with pytest.raises(CardError, match=f"duplicate card {named}"):
        parse_cards(text)
    with pytest.raises(CardError, match=f"duplicate card {named}"):
        check_distinct([Card.parse(t) for t in text.split()])


@pytest.mark.parametrize("value", [-1, 53, 100])
def test_card_id_out_of_range(value: int) -> None:
    with pytest.raises(CardError, match=str(value)):
        Card(value)


@pytest.mark.parametrize(("rank", "suit"), [(13, 0), (-1, 0), (0, 4), (0, -1)])
def test_card_of_out_of_range(rank: int, suit: int) -> None:
    with pytest.raises(CardError):
        Card.of(rank, suit)


def test_joker_has_no_rank_or_suit() -> None:
    with pytest.raises(CardError, match="joker"):
        _ = JOKER.rank
    with pytest.raises(CardError, match="joker"):
        _ = JOKER.suit


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


# --- decks ----------------------------------------------------------------------------------


def test_qld_holdem_s13_complete_deck_of_52() -> None:
    deck = Deck.standard()
    assert deck.size == 52
    assert set(deck.cards) == _cards_of(ACT_OMAHA_2_2[52])
    assert deck.cards == tuple(Card(i) for i in range(52))
    assert JOKER not in deck
    assert str(deck) == "52-card deck"


@pytest.mark.parametrize(
    "size",
    [pytest.param(n, id=f"act-omaha-2017 2.2: {n} cards") for n in REDUCED_DECK_SIZES],
)
def test_act_omaha_2_2_deck_sizes(size: int) -> None:
    deck = Deck.of_size(size)
    expected = _cards_of(ACT_OMAHA_2_2[size])
    assert deck.size == size
    assert len(deck.cards) == size
    assert set(deck.cards) == expected
    assert len(set(deck.cards)) == size
    # lowest ranks removed: every rank from the deck's lowest up to the ace, four suits each
    removed = (52 - size) // 4
    assert deck.lowest_rank == removed
    assert list(deck.ranks) == list(range(removed, 13))
    assert min(c.rank for c in deck.cards) == removed
    # fixed order: ranks ascending, then suits
    assert list(deck.cards) == sorted(deck.cards)
    for card in expected:
        assert card in deck
    for i in range(52):
        assert (Card(i) in deck) == (Card(i) in expected)
    assert JOKER not in deck
    assert deck.describe() == f"{size}-card deck"


@pytest.mark.parametrize(
    "size",
    [pytest.param(n, id=f"act-omaha-2017 2.3: {n} cards + joker") for n in REDUCED_DECK_SIZES],
)
def test_act_omaha_2_3_joker_is_an_additional_card(size: int) -> None:
    deck = Deck.of_size(size, joker=True)
    assert deck.joker
    assert deck.size == size + 1
    assert len(deck.cards) == size + 1
    assert deck.cards[-1] == JOKER  # the joker last
    assert set(deck.cards) == _cards_of(ACT_OMAHA_2_2[size]) | {JOKER}
    assert JOKER in deck
    assert JOKER_ID in deck
    assert deck.describe() == f"{size + 1}-card deck with joker"
    deck.check([JOKER, *deck.cards[:3]])


def test_qld_tournament_4_46_1_short_deck() -> None:
    """4.46(1): stripped from 52 to 36 cards by removing the 2, 3, 4 and 5 of each suit."""
    deck = Deck.short()
    assert deck.size == 36
    full = _cards_of(ACT_OMAHA_2_2[52])
    assert set(deck.cards) == full - _cards_of("2 3 4 5")
    assert deck.cards == Deck.of_size(36).cards
    assert not deck.joker
    for text in ("2c", "3d", "4h", "5s"):
        assert Card.parse(text) not in deck
    for text in ("6c", "9d", "Ah"):
        assert Card.parse(text) in deck


@pytest.mark.parametrize("size", [0, 28, 50, 51, 53, 56, 104])
def test_invalid_deck_size_names_the_sizes_allowed(size: int) -> None:
    """act-omaha-2017 2.2's sizes; the deck has no rulebook, so its error cites none."""
    with pytest.raises(CardError, match=r"has 52, 48, 44, 40, 36, 32 cards") as err:
        Deck.of_size(size)
    assert f"no {size}-card deck" in str(err.value)


@pytest.mark.parametrize("lowest", [-1, 6, 13])
def test_invalid_lowest_rank_is_refused(lowest: int) -> None:
    with pytest.raises(CardError, match=rf"between two and seven, not {lowest}$"):
        Deck(lowest_rank=lowest)


def test_decks_are_values() -> None:
    assert Deck.of_size(52) == Deck.standard()
    assert Deck.of_size(36) == Deck.short()
    assert Deck.of_size(40, joker=True) != Deck.of_size(40)
    assert hash(Deck.of_size(40)) == hash(Deck(lowest_rank=3))


# --- Deck.check -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "card", "message"),
    [
        pytest.param(Deck.of_size(40), "4c", "4c is not in the 40-card deck", id="4c in 40 cards"),
        pytest.param(Deck.short(), "5h", "5h is not in the 36-card deck", id="5h in short deck"),
        pytest.param(Deck.of_size(32), "6s", "6s is not in the 32-card deck", id="6s in 32"),
        pytest.param(Deck.of_size(48), "2d", "2d is not in the 48-card deck", id="2d in 48"),
        pytest.param(Deck.standard(), "Xx", "Xx is not in the 52-card deck", id="joker in 52"),
        pytest.param(
            Deck.of_size(40, joker=True),
            "3c",
            "3c is not in the 41-card deck with joker",
            id="40+j",
        ),
    ],
)
def test_deck_check_rejects_a_card_not_in_the_deck(deck: Deck, card: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        deck.check([Card.parse("As"), Card.parse(card)])
    assert Card.parse(card) not in deck


def test_deck_check_rejects_duplicates_and_accepts_the_whole_deck() -> None:
    for size in REDUCED_DECK_SIZES:
        for joker in (False, True):
            deck = Deck.of_size(size, joker)
            deck.check(deck.cards)
            with pytest.raises(CardError, match="duplicate card As"):
                deck.check([Card.parse("As"), Card.parse("Ks"), Card.parse("As")])


def test_non_cards_are_not_in_a_deck() -> None:
    deck = Deck.standard()
    assert "As" not in deck
    assert None not in deck
    assert -1 not in deck
    assert 53 not in deck
