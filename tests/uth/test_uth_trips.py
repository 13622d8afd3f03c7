"""act-uth-2025 9.7, 10.1: the exact Trips house edge from the census of all 7-card hands."""

from __future__ import annotations

from fractions import Fraction

from croupier.hands import Category
from croupier.uth import TRIPS_TABLE, PayTable
from croupier.uth.trips import (
    SEVEN_CARD_HANDS,
    seven_card_counts,
    trips_house_edge,
    trips_return,
)


def test_seven_card_census_counts() -> None:
    counts = seven_card_counts()
    assert SEVEN_CARD_HANDS == 133_784_560
    assert sum(counts.values()) == SEVEN_CARD_HANDS
    assert counts[Category.ROYAL_FLUSH] == 4_324
    assert counts[Category.STRAIGHT_FLUSH] == 37_260
    assert counts[Category.THREE_OF_A_KIND] == 6_461_620


def test_10_1_trips_table_house_edge_exact() -> None:
    edge = trips_house_edge(TRIPS_TABLE)
    assert edge == Fraction(4_679_700, 133_784_560)
    assert f"{float(edge):.4%}" == "3.4979%"
    assert trips_return(TRIPS_TABLE) == -edge


def test_10_1_house_trips_50_40_30_8_6_5_3_edge() -> None:
    table = PayTable.from_spec("house", "50-40-30-8-6-5-3", Category.THREE_OF_A_KIND, "house")
    edge = trips_house_edge(table)
    assert edge == Fraction(2_547_324, 133_784_560)
    assert f"{float(edge):.4%}" == "1.9040%"
