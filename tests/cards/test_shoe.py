"""The shoe: shuffle (qld-holdem-2005 s17(1), act-omaha-2017 7.1), cut (s17(3), 7.2), commitment."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np
import pytest

from croupier.cards import JOKER, REDUCED_DECK_SIZES, Deck
from croupier.rules import ACT_OMAHA_2017, QLD_HOLDEM_2005
from croupier.shoe import (
    RANDOM_BLOCK,
    SALT_BYTES,
    SecureRandBelow,
    Shoe,
    ShoeError,
    ShuffledDeck,
    commitment_of,
    cut,
    draw_cut,
    fisher_yates,
    verify_commitment,
)

T = TypeVar("T")

ALL_DECKS = [Deck.of_size(n, joker) for n in REDUCED_DECK_SIZES for joker in (False, True)]


def _deck_id(deck: Deck) -> str:
    return deck.describe().replace(" ", "-")


# --- shuffle: s17(1) / act-omaha-2017 7.1 ------------------------------------------------------


@pytest.mark.parametrize("deck", ALL_DECKS, ids=_deck_id)
def test_s17_1_every_deck_size_shuffles_to_a_permutation(deck: Deck) -> None:
    """act-omaha-2017 2.2/2.3 decks, shuffled per qld-holdem-2005 s17(1), keep every card once."""
    for shoe in (Shoe(deck, seed=7), Shoe(deck)):
        dealt = shoe.shuffle()
        assert len(dealt) == deck.size
        assert sorted(dealt.order) == sorted(deck.cards)
        deck.check(dealt.order)


def test_act_omaha_2_3_joker_deck_includes_the_joker() -> None:
    """act-omaha-2017 2.3: the optional joker is shuffled in with the rest."""
    dealt = Shoe(Deck.of_size(52, joker=True), seed=1).shuffle()
    assert JOKER in dealt.order
    assert len(dealt.order) == 53
    assert JOKER not in Shoe(Deck.standard(), seed=1).shuffle().order


def test_s17_1_secure_shuffle_is_a_valid_permutation() -> None:
    """qld-holdem-2005 s17(1) with the default secrets-backed source: permutations, and varied."""
    shoe = Shoe(Deck.standard())
    assert not shoe.seeded
    orders = {shoe.shuffle().order for _ in range(50)}
    for order in orders:
        assert sorted(order) == list(Deck.standard().cards)
    assert len(orders) == 50  # 52! orders: a repeat means a broken source


def test_s17_1_seeded_shoes_are_reproducible_for_replays() -> None:
    """Seeded shoes (tests/replays only) give the same sequence of shuffles, cuts and salts."""
    a, b = Shoe(Deck.standard(), seed=2024), Shoe(Deck.standard(), seed=2024)
    assert a.seeded
    first = [a.shuffle() for _ in range(5)]
    assert first == [b.shuffle() for _ in range(5)]
    assert len({d.order for d in first}) == 5  # successive hands differ


def test_s17_1_different_seeds_differ() -> None:
    """Different seeds give different shuffles (qld-holdem-2005 s17(1))."""
    orders = {Shoe(Deck.standard(), seed=s).shuffle().order for s in range(20)}
    assert len(orders) == 20


def test_fisher_yates_uses_the_source_and_leaves_input_alone() -> None:
    """Fisher–Yates with randbelow(i+1) == i at every step is the identity; == 0 rotates."""
    items = list(range(10))
    assert fisher_yates(items, lambda n: n - 1) == items
    assert fisher_yates(items, lambda n: 0) == [*items[1:], items[0]]
    assert items == list(range(10))
    assert fisher_yates([], lambda n: 0) == []


def test_fisher_yates_rejects_an_out_of_range_source() -> None:
    with pytest.raises(ShoeError, match="outside"):
        fisher_yates(range(5), lambda n: n)
    with pytest.raises(ShoeError, match="outside"):
        fisher_yates(range(5), lambda n: -1)


# --- cut: s17(3) / act-omaha-2017 7.2 ----------------------------------------------------------


@pytest.mark.parametrize("deck", [Deck.standard(), Deck.short(), Deck.of_size(32, joker=True)])
def test_s17_3_a_cut_one_card_from_either_end_is_rejected(deck: Deck) -> None:
    """qld-holdem-2005 s17(3)(a): cut at least 2 cards from either end; 1 and n-1 are refused."""
    n = deck.size
    shoe = Shoe(deck, seed=3, cut_clause=QLD_HOLDEM_2005.cut_clause)
    for bad in (0, 1, n - 1, n, -1, n + 1):
        with pytest.raises(ShoeError, match=r"qld-holdem-2005 s17\(3\)\(a\)") as exc:
            shoe.shuffle(cut_at=bad)
        assert f"got {bad}" in str(exc.value)
    with pytest.raises(ShoeError) as exc:
        shoe.shuffle(cut_at=1)
    assert str(exc.value).startswith(
        "cut must leave at least 2 cards at either end (qld-holdem-2005 s17(3)(a)); got 1"
    )


def test_act_omaha_7_2_cut_rejection_cites_the_omaha_clause() -> None:
    """act-omaha-2017 7.2: "more than one card from either end" — same range, own clause."""
    shoe = Shoe(Deck.of_size(40), seed=3, cut_clause=ACT_OMAHA_2017.cut_clause)
    with pytest.raises(ShoeError, match=r"act-omaha-2017 7\.2"):
        shoe.shuffle(cut_at=39)
    with pytest.raises(ShoeError, match=r"act-omaha-2017 7\.2"):
        cut(range(40), 1, rule_clause=ACT_OMAHA_2017.cut_clause)
    assert shoe.shuffle(cut_at=38).cut_at == 38


@pytest.mark.parametrize("deck", [Deck.standard(), Deck.short(), Deck.of_size(32, joker=True)])
def test_s17_3_a_cut_at_2_and_n_minus_2_accepted(deck: Deck) -> None:
    """qld-holdem-2005 s17(3)(a): 2 cards from either end is the limit, and allowed."""
    n = deck.size
    for at in (2, n - 2):
        dealt = Shoe(deck, seed=5).shuffle(cut_at=at)
        assert dealt.cut_at == at
        assert sorted(dealt.order) == sorted(deck.cards)


def test_s17_3_b_c_top_portion_goes_under() -> None:
    """s17(3)(b): former top onto the cutting card (bottom); s17(3)(c): former bottom on top."""
    deck = list(range(10))  # index 0 = top card
    assert cut(deck, 3) == (3, 4, 5, 6, 7, 8, 9, 0, 1, 2)
    assert cut(deck, 2) == (*range(2, 10), 0, 1)
    assert cut(deck, 8) == (8, 9, *range(8))


def test_s17_3_b_c_shoe_cuts_the_shuffled_deck() -> None:
    """The shoe's order is its shuffle cut per s17(3)(b)-(c), same source, same draws."""
    deck = Deck.standard()
    dealt = Shoe(deck, seed=11).shuffle(cut_at=20)
    rng = random.Random(11)
    shuffled = fisher_yates(deck.cards, rng.randrange)
    assert dealt.order == (*shuffled[20:], *shuffled[:20])


def test_s17_3_a_drawn_cut_stays_in_range() -> None:
    """A generator-drawn cut is always 2..n-2 (qld-holdem-2005 s17(3)(a)) and reaches both ends."""
    rng = random.Random(0)
    cuts = {draw_cut(52, rng.randrange) for _ in range(5000)}
    assert cuts == set(range(2, 51))
    assert {draw_cut(4, rng.randrange) for _ in range(20)} == {2}
    shoe = Shoe(Deck.short(), seed=9)
    assert all(2 <= shoe.shuffle().cut_at <= 34 for _ in range(200))


def test_s17_3_a_stub_too_small_to_cut() -> None:
    """A 3-card stub has no cut at least 2 cards from either end (qld-holdem-2005 s17(3)(a))."""
    with pytest.raises(ShoeError, match=r"cannot be cut .*s17\(3\)\(a\)"):
        cut([1, 2, 3], 2, rule_clause=QLD_HOLDEM_2005.cut_clause)
    with pytest.raises(ShoeError, match="croupier shoe"):
        cut([1, 2, 3], 2)  # a shoe without a rulebook cites its own range
    assert cut([1, 2, 3, 4], 2, rule_clause=QLD_HOLDEM_2005.cut_clause) == (3, 4, 1, 2)


# --- commitment ----------------------------------------------------------------------------


def test_commitment_verifies_after_reveal() -> None:
    """Commitment published before the hand matches the order and salt revealed after it."""
    for shoe in (Shoe(Deck.standard()), Shoe(Deck.of_size(36, joker=True), seed=4)):
        dealt = shoe.shuffle()
        order, salt = dealt.reveal()
        assert order == dealt.order
        assert len(salt) == SALT_BYTES
        assert len(dealt.commitment) == 64
        assert verify_commitment(dealt.commitment, order, salt)
        assert verify_commitment(dealt.commitment.upper(), list(order), salt)
        assert dealt.commitment == commitment_of(order, salt)


def test_commitment_fails_on_tampered_order_or_salt() -> None:
    dealt = Shoe(Deck.standard(), seed=8).shuffle()
    order, salt = dealt.reveal()
    swapped = (order[1], order[0], *order[2:])
    assert not verify_commitment(dealt.commitment, swapped, salt)
    assert not verify_commitment(dealt.commitment, order[:-1], salt)
    assert not verify_commitment(dealt.commitment, (*order, JOKER), salt)
    assert not verify_commitment(dealt.commitment, order, bytes([salt[0] ^ 1]) + salt[1:])
    assert not verify_commitment(dealt.commitment, order, salt[:-1])
    assert not verify_commitment(dealt.commitment, [*order[:-1], 999], salt)
    assert not verify_commitment("0" * 64, order, salt)


def test_commitment_salt_is_fresh_per_hand() -> None:
    """The same order gives different commitments under different salts (nothing to brute force)."""
    shoe = Shoe(Deck.standard())
    salts = {shoe.shuffle().salt for _ in range(20)}
    assert len(salts) == 20
    seeded = Shoe(Deck.standard(), seed=1)
    assert seeded.shuffle().salt != seeded.shuffle().salt


def test_shuffled_deck_is_immutable_and_checked() -> None:
    dealt = Shoe(Deck.standard(), seed=12).shuffle()
    with pytest.raises(AttributeError):
        dealt.cut_at = 5  # type: ignore[misc]
    assert "order" not in repr(dealt)
    assert "salt" not in repr(dealt)
    with pytest.raises(ShoeError, match="does not match"):
        ShuffledDeck(
            order=dealt.order[::-1], salt=dealt.salt, commitment=dealt.commitment, cut_at=2
        )
    with pytest.raises(ShoeError, match="salt"):
        ShuffledDeck(order=dealt.order, salt=b"short", commitment=dealt.commitment, cut_at=2)


# --- statistics: the shuffle is uniform --------------------------------------------------------

#: 50,000 shuffles: the naive shuffle below fails with p ~ 0, the shoe's passes (p ~ 0.07)
N_SHUFFLES = 50_000
STAT_SEED = 20_240_601


def naive_swap_shuffle(items: Sequence[T], randbelow: Callable[[int], int]) -> list[T]:
    """The classic biased shuffle: swap each i with randbelow(n) instead of randbelow(i + 1)."""
    out = list(items)
    n = len(out)
    for i in range(n):
        j = randbelow(n)
        out[i], out[j] = out[j], out[i]
    return out


def card_position_p_value(
    shuffle: Callable[[Sequence[int], Callable[[int], int]], list[int]],
    seed: int,
    n_shuffles: int = N_SHUFFLES,
    n_cards: int = 52,
    randbelow: Callable[[int], int] | None = None,
) -> float:
    """Chi-square p-value of the card x position count table ((n-1)^2 degrees of freedom)."""
    from scipy.stats import chi2

    randbelow = randbelow or random.Random(seed).randrange
    cards = list(range(n_cards))
    orders = np.array([shuffle(cards, randbelow) for _ in range(n_shuffles)], dtype=np.int64)
    cells = orders * n_cards + np.arange(n_cards)  # card * n + position
    counts = np.bincount(cells.ravel(), minlength=n_cards * n_cards).reshape(n_cards, n_cards)
    assert (counts.sum(axis=0) == n_shuffles).all()
    assert (counts.sum(axis=1) == n_shuffles).all()
    expected = n_shuffles / n_cards
    statistic = float(((counts - expected) ** 2 / expected).sum())
    return float(chi2.sf(statistic, (n_cards - 1) ** 2))


@pytest.mark.slow
def test_s17_1_fisher_yates_is_uniform_by_chi_square() -> None:
    """qld-holdem-2005 s17(1) shuffle: 50,000 shuffles, card x position chi-square p > 0.001.

    Runs the shoe's own :func:`fisher_yates` with a fixed-seed source (deterministic in CI), and
    shows the test has power: the naive swap-with-any-card shuffle fails it with p < 0.001.
    """
    start = time.perf_counter()
    p_fair = card_position_p_value(fisher_yates, STAT_SEED)
    p_biased = card_position_p_value(naive_swap_shuffle, STAT_SEED)
    elapsed = time.perf_counter() - start
    print(f"chi-square p: fisher_yates={p_fair:.6g} naive={p_biased:.6g} ({elapsed:.1f} s)")
    assert p_fair > 0.001
    assert p_biased < 0.001


# --- the secure shoe's draws: the system's randomness read in blocks ----------------------------


def _known(data: bytes) -> Callable[[int], bytes]:
    """A source that gives ``data`` first, then zeros, ``k`` bytes a read."""
    stream = bytearray(data)

    def read(k: int) -> bytes:
        got = bytes(stream[:k]).ljust(k, b"\0")
        del stream[:k]
        return got

    return read


def test_secure_draws_take_each_draws_bits_in_turn_and_reject_rather_than_fold() -> None:
    # 0xE4 is 11 10 01 00: randbelow(3) takes two bits a draw from the lowest, and a 3 is drawn
    # again (folding it onto 0 would make 0 twice as likely as 1 or 2)
    draw = SecureRandBelow(_known(b"\xe4"))
    assert [draw(3) for _ in range(4)] == [0, 1, 2, 0]
    assert SecureRandBelow(_known(b"\x2a"))(64) == 42  # six bits, 101010
    with pytest.raises(ValueError, match="positive"):
        draw(0)


def test_secure_draws_read_the_system_randomness_about_once_a_shuffle() -> None:
    reads: list[int] = []

    def counted(k: int) -> bytes:
        reads.append(k)
        return random.Random(len(reads)).randbytes(k)

    draw = SecureRandBelow(counted)
    deck = list(range(52))
    for _ in range(1_000):
        assert sorted(fisher_yates(deck, draw)) == deck
        assert 2 <= draw_cut(52, draw) <= 50
    assert set(reads) == {RANDOM_BLOCK}
    # 260 bits a shuffle and cut, about 390 with the rejected draws, in blocks of 512: about
    # 760 reads for 1,000 (secrets.randbelow reads once a draw: 52,000)
    assert 700 <= len(reads) <= 820


def test_a_secure_shoe_draws_through_the_block_reader() -> None:
    shoe = Shoe(Deck.standard())
    assert isinstance(shoe._randbelow, SecureRandBelow)
    assert len({shoe.shuffle().order for _ in range(50)}) == 50


def _draws_p_value(draw: Callable[[int], int], n: int, count: int) -> float:
    from scipy.stats import chisquare

    counts = np.bincount([draw(n) for _ in range(count)], minlength=n)
    return float(chisquare(counts).pvalue)


@pytest.mark.parametrize("n", [3, 5, 52])
def test_secure_draws_are_uniform_by_chi_square_and_a_folded_draw_is_not(n: int) -> None:
    """30,000 draws below ``n`` from known random bytes: p > 0.001; the same bits folded
    (``bits % n``, no rejection) fail it."""
    p = _draws_p_value(SecureRandBelow(random.Random(STAT_SEED).randbytes), n, 30_000)
    assert p > 0.001
    bits = random.Random(STAT_SEED)
    p_folded = _draws_p_value(lambda m: bits.getrandbits(m.bit_length()) % m, n, 30_000)
    assert p_folded < 0.001


@pytest.mark.slow
def test_s17_1_the_secure_shoes_shuffle_is_uniform_by_chi_square() -> None:
    """The secure shoe's draws (from known random bytes, deterministic in CI) through
    :func:`fisher_yates`: 50,000 shuffles, card x position chi-square p > 0.001."""
    draw = SecureRandBelow(random.Random(STAT_SEED).randbytes)
    assert card_position_p_value(fisher_yates, STAT_SEED, randbelow=draw) > 0.001
