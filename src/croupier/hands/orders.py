"""Hand orders: which hand categories beat which, for each deck the rulebooks allow.

A :class:`HandOrder` is data: the deck, the categories from lowest to highest, and whether an
ace may play low in a straight. A :class:`LowRule` says how low hands rank and qualify.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from croupier.cards import Deck


class Category(IntEnum):
    """Poker hand categories; the numeric value is an id, not a ranking (orders rank them)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9
    ROYAL_FLUSH = 10

    @property
    def key(self) -> str:
        """The census key, e.g. ``royal_flush``."""
        return self.name.lower()

    @property
    def words(self) -> str:
        return self.name.lower().replace("_", " ")


C = Category

#: qld-holdem-2005 s8(1), act-uth-2025 3.1, act-omaha-2017 3.3 (full deck), lowest to highest.
FULL_DECK_RANKING = (
    C.HIGH_CARD,
    C.ONE_PAIR,
    C.TWO_PAIR,
    C.THREE_OF_A_KIND,
    C.STRAIGHT,
    C.FLUSH,
    C.FULL_HOUSE,
    C.FOUR_OF_A_KIND,
    C.STRAIGHT_FLUSH,
    C.FIVE_OF_A_KIND,
    C.ROYAL_FLUSH,
)
#: act-omaha-2017 3.4 (reduced deck): a flush beats a full house.
REDUCED_DECK_RANKING = (
    C.HIGH_CARD,
    C.ONE_PAIR,
    C.TWO_PAIR,
    C.THREE_OF_A_KIND,
    C.STRAIGHT,
    C.FULL_HOUSE,
    C.FLUSH,
    C.FOUR_OF_A_KIND,
    C.STRAIGHT_FLUSH,
    C.FIVE_OF_A_KIND,
    C.ROYAL_FLUSH,
)
#: qld-tournament-2020 4.46(2) option A (the same order as act-omaha-2017 3.4, without the joker).
SHORT_DECK_OPTION_A = REDUCED_DECK_RANKING
#: qld-tournament-2020 4.46(2) option B: three of a kind also beats a straight.
SHORT_DECK_OPTION_B = (
    C.HIGH_CARD,
    C.ONE_PAIR,
    C.TWO_PAIR,
    C.STRAIGHT,
    C.THREE_OF_A_KIND,
    C.FULL_HOUSE,
    C.FLUSH,
    C.FOUR_OF_A_KIND,
    C.STRAIGHT_FLUSH,
    C.FIVE_OF_A_KIND,
    C.ROYAL_FLUSH,
)


@dataclass(frozen=True)
class HandOrder:
    """How high hands rank for one game: deck, category ranking, and the ace-low option.

    ``ace_low``: an ace may also play below the deck's lowest rank in a straight
    (qld-holdem-2005 s8(6); act-omaha-2017 3.5(a); qld-tournament-2020 4.46(3)). In a reduced
    deck the lowest straight is the ace and the four lowest ranks, e.g. 8-7-6-5-A in 40 cards.
    """

    name: str = field(compare=False)
    deck: Deck = field(default_factory=Deck.standard)
    ranking: tuple[Category, ...] = FULL_DECK_RANKING
    ace_low: bool = True
    #: short-deck hold'em's ranking (its rulebook cites the clause: see
    #: :meth:`croupier.rules.rulebook.Rulebook.hand_order_clause_for`); a reduced Omaha deck's
    #: ranking may be the same, under another clause
    is_short_deck: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        if sorted(self.ranking) != sorted(Category):
            raise ValueError("a hand order must rank every category exactly once")

    def __hash__(self) -> int:
        # Orders key the table caches and are hashed on every evaluation: hash once.
        try:
            return self.__dict__["_hash"]  # type: ignore[no-any-return]
        except KeyError:
            h = hash((self.deck, self.ranking, self.ace_low))
            object.__setattr__(self, "_hash", h)
            return h

    def position(self, category: Category) -> int:
        """The category's place in this order (0 = lowest)."""
        return self.ranking.index(category)

    @property
    def table_key(self) -> str:
        """A stable name for this order's lookup tables (the joker needs no tables of its own)."""
        pos = "".join(f"{self.position(c):x}" for c in Category)
        return f"r{self.deck.lowest_rank}-a{int(self.ace_low)}-{pos}"

    # Named orders ------------------------------------------------------------------------

    @classmethod
    def standard(cls) -> HandOrder:
        """52 cards, ace high or low (qld-holdem-2005 s7-s8, act-uth-2025, act-omaha-2017 3.3)."""
        return STANDARD

    @classmethod
    def for_deck(cls, deck: Deck, ace_low: bool = True) -> HandOrder:
        """The act-omaha-2017 order for a deck: 3.3 for a full deck, 3.4 for a reduced one."""
        full = deck.lowest_rank == 0
        return cls(
            name=f"{deck.size}-card" + ("" if ace_low else " ace-high-only"),
            deck=deck,
            ranking=FULL_DECK_RANKING if full else REDUCED_DECK_RANKING,
            ace_low=ace_low,
        )

    @classmethod
    def short_deck(cls, option: str = "A") -> HandOrder:
        """Short deck hold'em, 36 cards, option A or B (qld-tournament-2020 4.46)."""
        opt = option.upper()
        if opt not in ("A", "B"):
            raise ValueError(f"short deck hand order must be option A or B, not {option!r}")
        return cls(
            name=f"short-deck-{opt}",
            deck=Deck.short(),
            ranking=SHORT_DECK_OPTION_A if opt == "A" else SHORT_DECK_OPTION_B,
            ace_low=True,
            is_short_deck=True,
        )


STANDARD = HandOrder(name="standard")


@dataclass(frozen=True)
class LowRule:
    """How low hands rank (act-omaha-2017 3.5(b)-(d), 3.6).

    Straights and flushes do not count against a low (3.6); pairs do. ``qualifier`` is the
    highest rank a qualifying low may hold (``6`` = eight, for 8-or-better, 3.5(d)); a
    qualifying low must be five odd cards. ``ace_low`` makes the ace the lowest card
    (3.5(a)); without it the ace is high in a low hand too.
    """

    qualifier: int | None = None
    ace_low: bool = True
    deck: Deck = field(default_factory=Deck.standard)

    @classmethod
    def eight_or_better(cls, deck: Deck | None = None) -> LowRule:
        return cls(qualifier=6, ace_low=True, deck=deck or Deck.standard())

    @property
    def table_key(self) -> str:
        return f"low-r{self.deck.lowest_rank}-a{int(self.ace_low)}"
