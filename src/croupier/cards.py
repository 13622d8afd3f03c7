"""Cards and decks.

A card is a small integer: ``rank * 4 + suit`` with ranks 2..A as 0..12 and suits
clubs, diamonds, hearts, spades as 0..3 (the order phevaluator and most evaluators use),
and the joker as 52. Its text form is the hand-history world's: ``As``, ``Td``, ``2c``
(``10d`` is accepted too) and ``Xx`` for the joker.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
RANK_PLURALS = tuple("sixes" if n == "six" else n + "s" for n in RANK_NAMES)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
ACE = 12
JOKER_ID = 52
JOKER_TEXT = "Xx"


class CardError(ValueError):
    """A card's text or a set of cards is malformed for the deck in use."""


class Card(int):
    """A playing card; an ``int`` so that cards go straight into numpy arrays."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= value <= JOKER_ID:
            raise CardError(f"card id {value} is out of range 0..{JOKER_ID}")
        return super().__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (0 = two .. 12 = ace) and ``suit`` (0 = clubs .. 3 = spades)."""
        if not (0 <= rank <= ACE and 0 <= suit <= 3):
            raise CardError(f"no card with rank {rank} and suit {suit}")
        return cls(rank * 4 + suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``As``, ``td``, ``10d`` or the joker ``Xx``/``JK``."""
        t = text.strip()
        if t.upper() in ("XX", "JK", "JOKER", "*"):
            return JOKER
        if len(t) == 3 and t[:2] == "10":
            t = "T" + t[2]
        if len(t) != 2:
            raise CardError(f"malformed card {text!r}: expected a rank and a suit such as 'As'")
        r = RANK_CHARS.find(t[0].upper())
        s = SUIT_CHARS.find(t[1].lower())
        if r < 0:
            raise CardError(f"malformed card {text!r}: unknown rank {t[0]!r}")
        if s < 0:
            raise CardError(f"malformed card {text!r}: unknown suit {t[1]!r}")
        return cls(r * 4 + s)

    @property
    def is_joker(self) -> bool:
        return int(self) == JOKER_ID

    @property
    def rank(self) -> int:
        if self.is_joker:
            raise CardError("the joker has no rank of its own")
        return int(self) >> 2

    @property
    def suit(self) -> int:
        if self.is_joker:
            raise CardError("the joker has no suit of its own")
        return int(self) & 3

    def __str__(self) -> str:
        if self.is_joker:
            return JOKER_TEXT
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


JOKER = Card(JOKER_ID)
#: Each card's text by its id: ``CARD_TEXT[c] == str(c)``, made once.
CARD_TEXT: tuple[str, ...] = tuple(str(Card(i)) for i in range(JOKER_ID + 1))


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards written together (``"AsKd"``), spaced (``"As Kd 10c"``) or as a list.

    Raises :class:`CardError` naming the malformed card or the first duplicate.
    """
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
        parts: list[str] = []
        for token in tokens:
            parts.extend(_split_run(token))
    else:
        parts = list(text)
    cards = tuple(Card.parse(p) for p in parts)
    check_distinct(cards)
    return cards


def _split_run(token: str) -> list[str]:
    """Split a run such as ``AsKd10c`` into single cards."""
    out: list[str] = []
    i = 0
    while i < len(token):
        if token.startswith("10", i):
            out.append(token[i : i + 3])
            i += 3
        else:
            out.append(token[i : i + 2])
            i += 2
    return out


def check_distinct(cards: Sequence[int]) -> None:
    """Raise :class:`CardError` if a card appears twice."""
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise CardError(f"duplicate card {Card(c)}")
        seen.add(c)


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(str(Card(c)) for c in cards)


REDUCED_DECK_SIZES = (52, 48, 44, 40, 36, 32)


@dataclass(frozen=True)
class Deck:
    """A deck of cards: every suit of each rank from ``lowest_rank`` to the ace, and maybe a joker.

    act-omaha-2017 2.2 allows 52, 48, 44, 40, 36 or 32 cards, removing the lowest ranks;
    2.3 adds an optional joker (wild card). qld-tournament-2020 4.46(1) strips the 2-5 for
    short deck (36 cards). qld-holdem-2005 s13 and act-uth-2025 use the complete 52.
    """

    lowest_rank: int = 0
    joker: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.lowest_rank <= 5:
            raise CardError(
                f"a deck's lowest rank must be between two and seven, not {self.lowest_rank}"
            )

    @classmethod
    def standard(cls) -> Deck:
        """The complete 52-card deck (qld-holdem-2005 s13)."""
        return cls()

    @classmethod
    def of_size(cls, size: int, joker: bool = False) -> Deck:
        """A deck of 52, 48, 44, 40, 36 or 32 cards (act-omaha-2017 2.2), plus the joker of 2.3."""
        if size not in REDUCED_DECK_SIZES:
            allowed = ", ".join(map(str, REDUCED_DECK_SIZES))
            raise CardError(f"no {size}-card deck: a reduced deck has {allowed} cards")
        return cls(lowest_rank=(52 - size) // 4, joker=joker)

    @classmethod
    def short(cls) -> Deck:
        """The 36-card short deck, 2-5 removed (qld-tournament-2020 4.46(1))."""
        return cls(lowest_rank=4)

    @property
    def size(self) -> int:
        return (13 - self.lowest_rank) * 4 + (1 if self.joker else 0)

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck in a fixed order (ranks ascending, then suits; the joker last)."""
        base = tuple(Card(i) for i in range(self.lowest_rank * 4, 52))
        return (*base, JOKER) if self.joker else base

    @property
    def ranks(self) -> range:
        return range(self.lowest_rank, ACE + 1)

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, int):
            return False
        if card == JOKER_ID:
            return self.joker
        return self.lowest_rank * 4 <= card < 52

    @cached_property
    def card_set(self) -> frozenset[int]:
        return frozenset(self.cards)

    def is_permutation(self, cards: Sequence[int]) -> bool:
        """Whether ``cards`` is exactly this deck's cards, each once (a shuffled deck)."""
        return len(cards) == self.size and frozenset(cards) == self.card_set

    def check(self, cards: Sequence[int]) -> None:
        """Raise :class:`CardError` if a card is not in this deck or appears twice."""
        if len(set(cards)) == len(cards) and self.card_set.issuperset(cards):
            return  # the common case, without a membership test per card
        for c in cards:
            if c not in self:
                raise CardError(f"{Card(c)} is not in the {self.describe()}")
        check_distinct(cards)

    def describe(self) -> str:
        return f"{self.size}-card deck" + (" with joker" if self.joker else "")

    def __str__(self) -> str:
        return self.describe()
