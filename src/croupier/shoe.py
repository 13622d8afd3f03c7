"""The shoe: shuffle, cut and a commitment to the deck order.

The engine is deterministic (DESIGN.md principle 1): the shuffled order is an *input* to a hand.
This module is where that input is made. It

* shuffles a :class:`~croupier.cards.Deck` with Fisher–Yates (:func:`fisher_yates`) — "the cards
  must be shuffled immediately before the start of a round of play" (qld-holdem-2005 s17(1);
  act-omaha-2017 7.1). A shoe draws as :func:`secrets.randbelow` does by default, from the
  system's CSPRNG read in blocks (:class:`SecureRandBelow`). A shoe built with
  ``seed=`` draws from :class:`random.Random` instead: **seeded shoes are for tests and replays
  only**, never for live play, since anyone who knows the seed knows every card;
* cuts the shuffled deck once, at least 2 cards from either end (qld-holdem-2005 s17(3)(a);
  act-omaha-2017 7.2 "more than one card from either end"), and reunites it as s17(3)(b)-(c)
  describe: the former top portion goes under, the former bottom portion on top (:func:`cut`);
* publishes, before the hand, a commitment to the dealing order — the SHA-256 of a secret
  32-byte salt followed by the card ids in dealing order — and reveals order and salt after the
  hand, so that anyone can check with :func:`verify_commitment` that the cards dealt were the
  cards committed to.

Dealing order: ``order[0]`` is the top card of the deck in the shoe, dealt first.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from croupier.cards import JOKER_ID, Card, Deck

__all__ = [
    "MIN_CUT",
    "RANDOM_BLOCK",
    "RANGE_CLAUSE",
    "SALT_BYTES",
    "RandBelow",
    "SecureRandBelow",
    "Shoe",
    "ShoeError",
    "ShuffledDeck",
    "commitment_of",
    "cut",
    "draw_cut",
    "fisher_yates",
    "verify_commitment",
]

T = TypeVar("T")

RandBelow = Callable[[int], int]
"""A source of randomness: ``randbelow(n)`` returns a uniform integer in ``0 .. n-1``."""

#: What a cut refused by a shoe built without a rulebook cites: the shoe's own range. A table
#: passes its own rulebook's ``cut_clause``.
RANGE_CLAUSE = "croupier shoe: at least 2 cards from either end"
MIN_CUT = 2
"""Fewest cards either side of the cut: "at least 2 cards from either end of the deck"
(qld-holdem-2005 s17(3)(a)); "more than one card from either end" (act-omaha-2017 7.2)."""
SALT_BYTES = 32
#: Bytes of the system's randomness a secure shoe reads at a time (:class:`SecureRandBelow`):
#: 512 bits; a 52-card shuffle and its cut take 260 of them, about 390 with the draws rejected.
RANDOM_BLOCK = 64


class ShoeError(ValueError):
    """A shuffle, cut or commitment that the rulebooks or the shoe's contract do not allow."""


def fisher_yates(items: Sequence[T], randbelow: RandBelow) -> list[T]:
    """A uniformly random permutation of ``items`` (Durstenfeld's Fisher–Yates).

    For ``i`` from the last index down to 1, swap item ``i`` with item ``randbelow(i + 1)``.
    Every one of the ``n!`` orders is equally likely when ``randbelow`` is uniform. The source
    is a parameter so that the secure and the seeded shoe run this same code, and so that the
    statistical test exercises it. ``items`` is not modified.
    """
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = randbelow(i + 1)
        if not 0 <= j <= i:
            raise ShoeError(f"randbelow({i + 1}) returned {j}, outside 0..{i}")
        out[i], out[j] = out[j], out[i]
    return out


def _check_cut(size: int, at: int, rule_clause: str) -> None:
    if size < 2 * MIN_CUT:
        raise ShoeError(
            f"a {size}-card deck cannot be cut at least {MIN_CUT} cards from either end "
            f"({rule_clause})"
        )
    if not MIN_CUT <= at <= size - MIN_CUT:
        raise ShoeError(
            f"cut must leave at least {MIN_CUT} cards at either end ({rule_clause}); got {at}"
            f" of {size} (allowed {MIN_CUT}..{size - MIN_CUT})"
        )


def cut(order: Sequence[T], at: int, rule_clause: str = RANGE_CLAUSE) -> tuple[T, ...]:
    """Cut ``order`` once, lifting the top ``at`` cards, and reunite it.

    ``at`` must leave at least 2 cards in each portion (qld-holdem-2005 s17(3)(a);
    act-omaha-2017 7.2 says "more than one card from either end", the same range), so
    ``2 <= at <= len(order) - 2``; otherwise :class:`ShoeError` citing ``rule_clause``.

    The cards that formed the top go on the cutting card, at the bottom (s17(3)(b)); the cards
    that formed the bottom go on top of them (s17(3)(c)). With ``order[0]`` the top card the
    result is ``order[at:] + order[:at]``; within each portion the order is unchanged (the
    dunedin-house glossary's "Cut").
    """
    _check_cut(len(order), at, rule_clause)
    return (*order[at:], *order[:at])


def draw_cut(size: int, randbelow: RandBelow, rule_clause: str = RANGE_CLAUSE) -> int:
    """A cut position drawn uniformly from the allowed ``2 .. size - 2`` (s17(3)(a))."""
    _check_cut(size, MIN_CUT, rule_clause)
    return MIN_CUT + randbelow(size - 2 * MIN_CUT + 1)


def _order_bytes(order: Sequence[int]) -> bytes:
    return bytes(order)


def commitment_of(order: Sequence[int], salt: bytes) -> str:
    """SHA-256 hex digest of ``salt`` followed by one byte per card id, in dealing order."""
    return hashlib.sha256(bytes(salt) + _order_bytes(order)).hexdigest()


def verify_commitment(commitment: str, order: Sequence[int], salt: bytes) -> bool:
    """Whether ``order`` and ``salt``, revealed after the hand, match the published commitment.

    Returns ``False`` (never raises) for an order holding something that is not a card id.
    """
    try:
        if order and (min(order) < 0 or max(order) > JOKER_ID):
            return False
        expected = commitment_of(order, salt)
    except (TypeError, ValueError):
        return False
    return hmac.compare_digest(expected.encode(), commitment.strip().lower().encode())


@dataclass(frozen=True)
class ShuffledDeck:
    """One shuffled and cut deck, ready for the shoe: the input to one hand.

    The engine deals from ``order`` in sequence. Before the hand, publish only ``commitment``;
    after it, publish :meth:`reveal`. ``order`` and ``salt`` are left out of ``repr`` so that a
    log line cannot leak the cards. ``source`` says where the order came from: ``secure``
    (:mod:`secrets`) or ``seeded:N`` (a seeded shoe: tests and replays only).
    """

    order: tuple[Card, ...] = field(repr=False)
    salt: bytes = field(repr=False)
    commitment: str
    cut_at: int
    source: str = ""

    def __post_init__(self) -> None:
        if len(self.salt) != SALT_BYTES:
            raise ShoeError(f"salt must be {SALT_BYTES} bytes, not {len(self.salt)}")
        if not verify_commitment(self.commitment, self.order, self.salt):
            raise ShoeError("commitment does not match the order and salt")

    def reveal(self) -> tuple[tuple[Card, ...], bytes]:
        """The dealing order and salt, to publish after the hand (see :func:`verify_commitment`)."""
        return self.order, self.salt

    def __len__(self) -> int:
        return len(self.order)


class SecureRandBelow:
    """``randbelow(n)`` drawn from the operating system's CSPRNG as :func:`secrets.randbelow`
    draws it (the ``n.bit_length()`` bits of a draw taken again while they make ``n`` or
    more: rejection, no modulo bias), the bits read :data:`RANDOM_BLOCK` bytes at a time: a
    shuffle's 51 draws and its cut cost about one read of the system's randomness, not one
    each. ``read(k)`` gives ``k`` random bytes (default :func:`secrets.token_bytes`; a test
    may pass a known source). One shoe's, used by one thread at a time."""

    def __init__(self, read: Callable[[int], bytes] = secrets.token_bytes) -> None:
        self._read = read
        self._pool = 0  # random bits not yet used, the next draw's in the lowest
        self._bits = 0  # how many

    def __call__(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow: n must be positive")
        k = n.bit_length()
        mask = (1 << k) - 1
        while True:
            if self._bits < k:
                fresh = int.from_bytes(self._read(RANDOM_BLOCK), "little")
                self._pool |= fresh << self._bits
                self._bits += 8 * RANDOM_BLOCK
            r = self._pool & mask
            self._pool >>= k
            self._bits -= k
            if r < n:
                return r


def _seeded_randbelow(rng: random.Random) -> RandBelow:
    """A uniform ``randbelow`` by rejection sampling on ``getrandbits`` (what ``randrange``
    does, without its argument handling, which dominates a 52-card shuffle)."""
    bits = rng.getrandbits

    def randbelow(n: int) -> int:
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    return randbelow


class Shoe:
    """Shuffles and cuts one deck for each hand and commits to the order.

    ``Shoe(deck)`` draws every shuffle, cut and salt from :mod:`secrets` (the shuffle and cut
    through :class:`SecureRandBelow`). ``Shoe(deck, seed=s)`` draws them all from
    ``random.Random(s)``: the same seed gives the same sequence of shuffled decks, which is
    what tests and replays need and what live play must never use.
    ``cut_clause`` is the clause a rejected cut cites: the table's rulebook's ``cut_clause``
    (every rulebook sets the same range), or :data:`RANGE_CLAUSE` without one.
    """

    def __init__(
        self, deck: Deck, *, seed: int | None = None, cut_clause: str = RANGE_CLAUSE
    ) -> None:
        _check_cut(deck.size, MIN_CUT, cut_clause)
        self._deck = deck
        self._seed = seed
        self._cut_clause = cut_clause
        self._randbelow: RandBelow
        self._token_bytes: Callable[[int], bytes]
        if seed is None:
            self._randbelow = SecureRandBelow()
            self._token_bytes = secrets.token_bytes
        else:
            rng = random.Random(seed)
            self._randbelow = _seeded_randbelow(rng)
            self._token_bytes = rng.randbytes

    @property
    def deck(self) -> Deck:
        return self._deck

    @property
    def seeded(self) -> bool:
        """True for a replay/test shoe, whose every card follows from its seed."""
        return self._seed is not None

    @property
    def source(self) -> str:
        """Where this shoe's orders come from, as events record it: ``secure`` or ``seeded:N``."""
        return "secure" if self._seed is None else f"seeded:{self._seed}"

    def shuffle(self, cut_at: int | None = None) -> ShuffledDeck:
        """Shuffle (qld-holdem-2005 s17(1)), cut once (s17(3)) and commit to the result.

        ``cut_at`` is the number of cards the dealer lifts off the top; ``None`` draws it
        uniformly from ``2 .. size - 2``. A cut outside that range raises :class:`ShoeError`
        citing the clause, before any randomness is used.
        """
        size = self._deck.size
        if cut_at is not None:
            _check_cut(size, cut_at, self._cut_clause)
        shuffled = fisher_yates(self._deck.cards, self._randbelow)
        at = draw_cut(size, self._randbelow, self._cut_clause) if cut_at is None else cut_at
        order = cut(shuffled, at, self._cut_clause)
        salt = self._token_bytes(SALT_BYTES)
        return ShuffledDeck(
            order=order,
            salt=salt,
            commitment=commitment_of(order, salt),
            cut_at=at,
            source=self.source,
        )

    def __repr__(self) -> str:
        kind = "seeded (tests/replays only)" if self.seeded else "secure"
        return f"Shoe({self._deck.describe()}, {kind})"
