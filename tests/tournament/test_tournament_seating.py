"""Seating: the draw, connected players, the button draw, balancing, breaking, halting."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from croupier.cards import Card
from croupier.tournament.seating import (
    TableView,
    balance,
    between_button_and_small_blind,
    break_table,
    connections,
    draw_button,
    draw_final_table,
    draw_seats,
    halted,
    next_big_blind,
    worst_position,
)

PLAYERS = [f"p{i:02d}" for i in range(23)]


def test_qld_tournament_2020_4_6_act_omaha_2017_20_8_dunedin_78_seats_by_ballot() -> None:
    a = draw_seats(PLAYERS, 9, random.Random(1))
    b = draw_seats(PLAYERS, 9, random.Random(2))
    assert a != b  # a ballot, not a fixed order
    assert a == draw_seats(PLAYERS, 9, random.Random(1))  # the generator is the only input
    per_table = Counter(t for t, _ in a.values())
    assert sorted(per_table.values()) == [7, 8, 8]  # spread evenly (4.8)
    assert len(set(a.values())) == len(PLAYERS)
    assert all(1 <= s <= 9 for _, s in a.values())


def test_qld_tournament_2020_4_7_dunedin_79_connected_players_at_different_tables() -> None:
    groups = [["p00", "p01", "p02"], ["p03", "p04"]]
    links = connections(groups)
    for seed in range(20):
        seats = draw_seats(PLAYERS, 9, random.Random(seed), links)
        for g in groups:
            assert len({seats[p][0] for p in g}) == len(g)


def test_qld_tournament_2020_4_7_connected_players_apart_on_the_final_table() -> None:
    links = connections([["a", "b"]])
    for seed in range(20):
        seats = draw_final_table(["a", "b", "c", "d", "e", "f"], 9, random.Random(seed), links)
        assert abs(seats["a"] - seats["b"]) not in (1, 8)


def test_dunedin_house_80_button_to_the_highest_card() -> None:
    cards = iter(Card.parse(c) for c in ["Kd", "As", "7h", "Ac"])
    button, dealt = draw_button([7, 2, 4, 9], cards)
    assert dealt == {2: Card.parse("Kd"), 4: Card.parse("As"), 7: Card.parse("7h"),
                     9: Card.parse("Ac")}  # fmt: skip
    assert button == 4  # two aces: spades over clubs


def test_dunedin_house_82_balancing_moves_the_next_big_blind_to_the_worst_position() -> None:
    full = TableView(1, {s: f"a{s}" for s in range(1, 10)}, 9, big_blind=4)
    short = TableView(2, {1: "b1", 2: "b2", 5: "b5", 6: "b6", 7: "b7", 8: "b8", 9: "b9"}, 9, 6)
    assert next_big_blind(full) == "a5"
    assert worst_position(short) == 3  # the empty seat the big blind reaches first
    moves = balance([full, short], "dunedin-house 82")
    assert [(m.player, m.from_table, m.to_table, m.to_seat) for m in moves] == [("a5", 1, 2, 3)]
    assert moves[0].clause == "dunedin-house 82"


def test_act_omaha_2017_20_9_balancing_leaves_tables_within_one() -> None:
    views = [
        TableView(1, {s: f"a{s}" for s in range(1, 10)}, 9, 1),
        TableView(2, {s: f"b{s}" for s in range(1, 4)}, 9, 1),
        TableView(3, {s: f"c{s}" for s in range(1, 6)}, 9, 2),
    ]
    moves = balance(views, "act-omaha-2017 20.9")
    counts = Counter({1: 9, 2: 3, 3: 5})
    for m in moves:
        counts[m.from_table] -= 1
        counts[m.to_table] += 1
    assert max(counts.values()) - min(counts.values()) <= 1
    assert len(moves) == 3


@pytest.mark.parametrize(
    ("clause"), ["dunedin-house 81", "qld-tournament-2020 4.24", "act-omaha-2017 20.9"]
)
def test_breaking_a_table_fills_the_shortest_tables_by_draw(clause: str) -> None:
    views = [
        TableView(1, {s: f"a{s}" for s in range(1, 8)}, 9, 1),
        TableView(2, {s: f"b{s}" for s in range(1, 7)}, 9, 1),
        TableView(3, {1: "c1", 5: "c5", 6: "c6"}, 9, 1),
    ]
    moves = break_table(views, 3, random.Random(4), clause)
    assert sorted(m.player for m in moves) == ["c1", "c5", "c6"]
    assert Counter(m.to_table for m in moves) == Counter({2: 2, 1: 1})
    assert all(m.clause == clause for m in moves)
    with pytest.raises(ValueError, match="need seats"):
        break_table([views[0], TableView(4, {s: f"d{s}" for s in range(1, 10)}, 9)], 4,
                    random.Random(1), clause)  # fmt: skip


def test_dunedin_house_81_qld_4_24_no_hand_between_button_and_small_blind() -> None:
    assert between_button_and_small_blind(5, 3, 6, 9)
    assert not between_button_and_small_blind(6, 3, 6, 9)  # the small blind itself
    assert not between_button_and_small_blind(3, 3, 6, 9)  # the button
    assert between_button_and_small_blind(1, 8, 2, 9)  # wrapping past seat 9


def test_dunedin_house_83_play_halts_on_a_table_three_short() -> None:
    views = [
        TableView(1, {s: "x" + str(s) for s in range(1, 10)}, 9),
        TableView(2, {s: "y" + str(s) for s in range(1, 7)}, 9),
        TableView(3, {s: "z" + str(s) for s in range(1, 8)}, 9),
    ]
    assert halted(views) == [2]
    assert halted(views[1:]) == []
