"""The chip race: qld-tournament-2020 4.40 (a)-(g) and dunedin-house 87."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from croupier.cards import Card
from croupier.rules.tournament import DUNEDIN_HOUSE_TOURNAMENT, QLD_TOURNAMENT_2020
from croupier.tournament.chiprace import ChipRaceError, chip_race, new_chips_for


def deck(text: str) -> Iterator[Card]:
    return iter(Card.parse(c) for c in text.split())


@pytest.mark.parametrize(("tally", "chips"), [(450, 5), (475, 5), (425, 4), (400, 4), (49, 0)])
def test_qld_tournament_2020_4_40_c_rounds_odd_chip_tally_at_half_a_new_chip(
    tally: int, chips: int
) -> None:
    assert new_chips_for(tally, 100) == chips


def test_qld_tournament_2020_4_40_example_tallies_450_and_475_race_five_chips() -> None:
    # nine players with odd $25 chips; tallies of $450 and $475 give five $100 chips each
    for odd in ([75, 75, 75, 75, 50, 50, 25, 25, 0], [75, 75, 75, 75, 75, 50, 25, 25, 0]):
        stacks = [1000 + o for o in odd]
        cards = deck("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd")
        res = chip_race(stacks, 25, 100, cards, rules=QLD_TOURNAMENT_2020)
        assert res.new_chips == 5
        assert len(res.winners) == 5
        assert sum(res.stacks) == 9 * 1000 + 500


def test_qld_tournament_2020_4_40_d_deals_from_the_first_seat_left_of_the_dealer() -> None:
    stacks = [1025, 1025, 1025]  # one odd chip each: 75 → one new chip
    res = chip_race(stacks, 25, 100, deck("Kc Ah 2d"), first=2, rules=QLD_TOURNAMENT_2020)
    assert res.cards == ((Card.parse("Ah"),), (Card.parse("2d"),), (Card.parse("Kc"),))
    assert res.winners == (0,)
    assert res.stacks == (1100, 1000, 1000)


def test_qld_tournament_2020_4_40_e_f_highest_cards_win_at_most_one_chip_each() -> None:
    # seat 0 holds three odd chips and the two best cards, yet wins a single chip (f)
    stacks = [1075, 1050, 1025, 1025]  # tally 175: one whole chip, 75 rounds up: two chips
    res = chip_race(stacks, 25, 100, deck("Ac 9d 3h 2s Ks 8c Qd"), rules=QLD_TOURNAMENT_2020)
    assert res.odd_chips == (3, 2, 1, 1)
    assert res.new_chips == 2
    assert res.winners == (0, 1)
    assert res.stacks == (1100, 1100, 1000, 1000)


def test_qld_tournament_2020_4_40_e_tie_for_the_last_chip_is_re_dealt() -> None:
    stacks = [1050, 1025, 1025]  # tally 100: one chip; seats 1 and 2 tie on kings
    res = chip_race(stacks, 25, 100, deck("5c Kd Kh 6c 3s 9d"), rules=QLD_TOURNAMENT_2020)
    assert res.winners == (2,)
    assert res.cards[1] == (Card.parse("Kd"), Card.parse("3s"))
    assert res.cards[2] == (Card.parse("Kh"), Card.parse("9d"))


def test_qld_tournament_2020_4_40_g_nobody_is_raced_out() -> None:
    res = chip_race([25, 1050, 2000], 25, 100, deck("2c Ac Kd Qh"), rules=QLD_TOURNAMENT_2020)
    assert res.minimum == (0,)
    assert res.stacks[0] == 100
    assert "qld-tournament-2020 4.40(g)" in res.clauses


def test_dunedin_house_87_race_starts_in_seat_one() -> None:
    res = chip_race([1025, 1025], 25, 100, deck("Ac 2c"), rules=DUNEDIN_HOUSE_TOURNAMENT)
    assert res.cards == ((Card.parse("Ac"),), (Card.parse("2c"),))
    assert res.clauses[0] == "dunedin-house 87"


def test_a_race_needs_a_larger_multiple_and_whole_chips() -> None:
    with pytest.raises(ChipRaceError, match=r"4\.40"):
        chip_race([1000], 100, 150, deck("Ac"), rules=QLD_TOURNAMENT_2020)
    with pytest.raises(ChipRaceError, match="whole 25 chips"):
        chip_race([1010], 25, 100, deck("Ac"), rules=QLD_TOURNAMENT_2020)
