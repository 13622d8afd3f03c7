"""The button and the blinds round after round: one scenario per clause, each rulebook's outcome."""

from __future__ import annotations

import pytest

from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, Rulebook
from croupier.table import (
    Blind,
    Buttons,
    Deal,
    DealtOut,
    Missed,
    Post,
    Seat,
    Seating,
    SeatingError,
    Status,
    advance,
    next_deal,
)

QLD, ACT, DUN = QLD_HOLDEM_2005, ACT_OMAHA_2017, DUNEDIN_HOUSE


def table(seats: dict[int, str | Seat], size: int = 10) -> Seating:
    return Seating.of({n: Seat(s) if isinstance(s, str) else s for n, s in seats.items()}, size)


def five() -> Seating:
    return table({1: "a", 2: "b", 3: "c", 4: "d", 5: "e"})


def newcomer(name: str, status: Status = Status.WAITING) -> Seat:
    return Seat(name, status, new=True)


def shape(deal: Deal) -> tuple[int, int, int]:
    return deal.button.seat, deal.small_blind.seat, deal.big_blind.seat


# --- the first round ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rulebook", "clause"),
    [
        (QLD, "qld-holdem-2005 s18(1)"),
        (ACT, "act-omaha-2017 8.3"),
        (DUN, "dunedin-house glossary: Dealer Button"),
    ],
)
def test_s18_1_8_3_dealer_button_first_button_on_dealers_right(
    rulebook: Rulebook, clause: str
) -> None:
    deal = next_deal(table({2: "b", 5: "e", 7: "g"}), rulebook)
    assert shape(deal) == (7, 2, 5)
    assert deal.button.clause == clause
    assert deal.dealt_in == (2, 5, 7)


def test_qld_s23_1_2_blinds_next_to_the_buck() -> None:
    deal = next_deal(table({2: "b", 5: "e", 7: "g"}), QLD)
    assert deal.posts == (
        Post(2, "b", Blind.SMALL, True, "qld-holdem-2005 s23(1)"),
        Post(5, "e", Blind.BIG, True, "qld-holdem-2005 s23(2)"),
    )
    assert deal.entries == ()


# --- moving the button -------------------------------------------------------------------------


def test_qld_s18_2_buck_passes_to_next_player() -> None:
    deal = next_deal(five(), QLD, Buttons(1, 2, 3))
    assert shape(deal) == (2, 3, 4)
    assert deal.button.clause == "qld-holdem-2005 s18(2)"
    assert deal.dealt_in == (3, 4, 5, 1, 2)


def test_act_8_3_8_5_button_passes_and_blinds_follow_it() -> None:
    deal = next_deal(five(), ACT, Buttons(1, 2, 3))
    assert shape(deal) == (2, 3, 4)
    assert (deal.button.clause, deal.big_blind.clause) == (
        "act-omaha-2017 8.3",
        "act-omaha-2017 8.5",
    )


def test_dunedin_26_big_blind_moves_one_player() -> None:
    deal = next_deal(five(), DUN, Buttons(1, 2, 3))
    assert shape(deal) == (2, 3, 4)
    assert not deal.button.dead and not deal.small_blind.dead
    assert [p.clause for p in deal.posts] == ["dunedin-house 26", "dunedin-house 26"]


def test_dead_button_glossary_vs_qld_s18_2_when_the_small_blind_leaves() -> None:
    """The small blind's player leaves: qld and act pass the button on; dunedin leaves it dead."""
    seating = table({1: "a", 3: "c", 4: "d", 5: "e"})
    for rulebook in (QLD, ACT):
        deal = next_deal(seating, rulebook, Buttons(1, 2, 3))
        assert shape(deal) == (3, 4, 5)  # c, big blind last round, skips the small blind
        assert not deal.button.dead
    deal = next_deal(seating, DUN, Buttons(1, 2, 3))
    assert shape(deal) == (2, 3, 4)
    assert deal.button.dead
    assert deal.button.clause == "dunedin-house glossary: Dead Button"
    assert deal.dealt_in == (3, 4, 5, 1)  # position 3 (the last) is a, not the dead button


def test_dead_small_blind_glossary_vs_qld_s18_2_when_the_big_blind_leaves() -> None:
    seating = table({1: "a", 2: "b", 4: "d", 5: "e"})
    for rulebook in (QLD, ACT):
        assert shape(next_deal(seating, rulebook, Buttons(1, 2, 3))) == (2, 4, 5)
    deal = next_deal(seating, DUN, Buttons(1, 2, 3))
    assert shape(deal) == (2, 3, 4)
    assert deal.small_blind.dead
    assert deal.small_blind.clause == "dunedin-house glossary: Dead Small Blind"
    assert deal.posts == (Post(4, "d", Blind.BIG, True, "dunedin-house 26"),)  # nobody posts the SB


def test_dunedin_dead_button_nobody_misses_or_pays_twice_over_an_orbit() -> None:
    """Round after round with a player leaving: each remaining player posts each blind once."""
    seating = table({1: "a", 2: "b", 3: "c", 4: "d", 5: "e", 6: "f"})
    deal = next_deal(seating, DUN)
    assert shape(deal) == (6, 1, 2)
    posted: dict[str, list[Blind]] = {}
    for rnd in range(12):
        if rnd == 2:  # c, the small blind of round 2, leaves
            seating = Seating.of({n: s for n, s in seating.seats if s.player != "c"})
        deal = next_deal(seating, DUN, deal.buttons)
        seating = advance(seating, deal)
        for post in deal.posts:
            if rnd >= 2:
                posted.setdefault(post.player, []).append(post.blind)
    # Rounds 2-11 are two orbits of the five who remain: each paid each blind twice.
    assert {p: sorted(b, key=lambda x: x.value) for p, b in posted.items()} == {
        p: [Blind.BIG, Blind.BIG, Blind.SMALL, Blind.SMALL] for p in "abdef"
    }


# --- sitting out and missed blinds -------------------------------------------------------------


def test_qld_s23_3_sitting_out_is_not_dealt_in_and_owes_nothing() -> None:
    seating = table({1: "a", 2: "b", 3: Seat("c", Status.SITTING_OUT), 4: "d"})
    deal = next_deal(seating, QLD, Buttons(1, 2, 4))
    assert shape(deal) == (2, 4, 1)
    assert deal.missed == ()
    assert deal.dealt_out == (DealtOut(3, "c", "qld-holdem-2005 s23(3)"),)


def test_dunedin_26_sitting_out_misses_the_big_blind_and_owes_it() -> None:
    seating = table({1: "a", 2: "b", 3: "c", 4: Seat("d", Status.SITTING_OUT), 5: "e"})
    deal = next_deal(seating, DUN, Buttons(1, 2, 3))
    assert shape(deal) == (2, 3, 5)
    assert deal.missed == (Missed(4, "d", Blind.BIG, "dunedin-house 26"),)
    assert 4 not in deal.dealt_in
    after = advance(seating, deal)
    assert after.get(4) == Seat("d", Status.SITTING_OUT, missed=frozenset({Blind.BIG}))


def test_dunedin_27_missed_small_blind_posted_dead_big_blind_live() -> None:
    owes = Seat("c", Status.POSTING, missed=frozenset({Blind.SMALL, Blind.BIG}))
    seating = table({1: "a", 2: "b", 3: owes, 4: "d", 5: "e", 6: "f"})
    deal = next_deal(seating, DUN, Buttons(4, 5, 6))
    assert shape(deal) == (5, 6, 1)
    assert deal.entries == (
        Post(3, "c", Blind.BIG, True, "dunedin-house 26", entry=True),
        Post(3, "c", Blind.SMALL, False, "dunedin-house 27", entry=True),
    )
    assert 3 in deal.dealt_in
    assert advance(seating, deal).get(3) == Seat("c")


def test_dunedin_26_27_big_blind_sits_out_so_the_small_blind_is_dead_and_owed() -> None:
    seating = table({1: "a", 2: "b", 3: Seat("c", Status.SITTING_OUT), 4: "d", 5: "e"})
    deal = next_deal(seating, DUN, Buttons(1, 2, 3))
    assert shape(deal) == (2, 3, 4)
    assert deal.small_blind.dead
    assert deal.missed == (Missed(3, "c", Blind.SMALL, "dunedin-house 26"),)
    owed = advance(seating, deal).get(3)
    assert owed is not None and owed.missed == frozenset({Blind.SMALL})
    back = table({1: "a", 2: "b", 3: Seat("c", Status.POSTING, missed=owed.missed), 4: "d", 5: "e"})
    later = next_deal(back, DUN, deal.buttons)
    assert later.entries == (Post(3, "c", Blind.SMALL, False, "dunedin-house 27", entry=True),)


def test_act_17_4_missed_blinds_owed_and_posted_to_rejoin() -> None:
    seating = table({1: "a", 2: "b", 3: "c", 4: Seat("d", Status.SITTING_OUT), 5: "e"})
    deal = next_deal(seating, ACT, Buttons(1, 2, 3))
    assert shape(deal) == (2, 3, 5)
    assert deal.missed == (Missed(4, "d", Blind.BIG, "act-omaha-2017 17.4"),)
    seating = advance(seating, deal)
    deal = next_deal(seating, ACT, deal.buttons)  # still out: skipped for the small blind
    assert shape(deal) == (3, 5, 1)
    assert deal.missed == (Missed(4, "d", Blind.SMALL, "act-omaha-2017 17.4"),)
    owed = advance(seating, deal).get(4)
    assert owed is not None and owed.missed == frozenset({Blind.SMALL, Blind.BIG})
    back = table({1: "a", 2: "b", 3: "c", 4: Seat("d", Status.POSTING, missed=owed.missed), 5: "e"})
    rejoin = next_deal(back, ACT, deal.buttons)
    assert rejoin.entries == (
        Post(4, "d", Blind.BIG, True, "act-omaha-2017 17.4", entry=True),
        Post(4, "d", Blind.SMALL, False, "act-omaha-2017 17.4", entry=True),
    )


def test_act_17_4_waiting_player_rejoins_when_their_blind_is_due() -> None:
    owes = frozenset({Blind.BIG})
    seating = table({1: "a", 2: "b", 3: "c", 4: Seat("d", Status.WAITING, missed=owes), 5: "e"})
    early = next_deal(seating, ACT, Buttons(5, 1, 2))
    assert shape(early) == (1, 2, 3)
    assert early.dealt_out == (DealtOut(4, "d", "act-omaha-2017 17.4"),)
    due = next_deal(seating, ACT, Buttons(1, 2, 3))
    assert shape(due) == (2, 3, 4)
    assert due.big_blind.clause == "act-omaha-2017 17.4"
    assert due.entries == () and 4 in due.dealt_in
    assert advance(seating, due).get(4) == Seat("d")


def test_act_17_4_returning_player_may_not_rejoin_at_the_button() -> None:
    back = Seat("b", Status.POSTING, missed=frozenset({Blind.BIG}))
    seating = table({1: "a", 2: back, 3: "c", 4: "d", 5: "e"})
    deal = next_deal(seating, ACT, Buttons(1, 5, 1))
    assert deal.button.seat == 3  # passes over b
    assert deal.entries == (Post(2, "b", Blind.BIG, True, "act-omaha-2017 17.4", entry=True),)
    assert deal.dealt_in == (4, 5, 1, 2, 3)


# --- new players -------------------------------------------------------------------------------


def newcomer_at_2(status: Status) -> Seating:
    return table({1: "a", 2: newcomer("n", status), 3: "c", 4: "d", 5: "e"})


def test_act_17_11_newcomer_never_enters_on_the_button_waits_or_posts() -> None:
    deal = next_deal(newcomer_at_2(Status.WAITING), ACT, Buttons(1, 3, 4))
    assert shape(deal) == (3, 4, 5)
    assert deal.dealt_out == (DealtOut(2, "n", "act-omaha-2017 17.11"),)
    deal = next_deal(newcomer_at_2(Status.POSTING), ACT, Buttons(1, 3, 4))
    assert deal.entries == (Post(2, "n", Blind.BIG, True, "act-omaha-2017 17.11", entry=True),)
    assert deal.dealt_in == (4, 5, 1, 2, 3)


def test_qld_s18_2_s18_3_newcomer_next_to_the_buck_receives_it() -> None:
    deal = next_deal(newcomer_at_2(Status.WAITING), QLD, Buttons(1, 3, 4))
    assert shape(deal) == (2, 3, 4)
    assert deal.dealt_in == (3, 4, 5, 1, 2)
    assert deal.entries == ()


def test_dunedin_29_newcomer_waits_for_the_big_blind_or_posts_it() -> None:
    deal = next_deal(newcomer_at_2(Status.WAITING), DUN, Buttons(1, 3, 4))
    assert shape(deal) == (3, 4, 5)
    assert deal.dealt_out == (DealtOut(2, "n", "dunedin-house 29"),)
    deal = next_deal(newcomer_at_2(Status.POSTING), DUN, Buttons(1, 3, 4))
    assert deal.entries == (Post(2, "n", Blind.BIG, True, "dunedin-house 29", entry=True),)
    due = next_deal(newcomer_at_2(Status.WAITING), DUN, Buttons(5, 1, 1))
    assert due.big_blind.seat == 2 and due.big_blind.clause == "dunedin-house 29"


def test_dunedin_29_newcomer_not_dealt_in_on_the_button_seat() -> None:
    seating = table({1: "a", 2: newcomer("n", Status.POSTING), 3: "c", 4: "d", 5: "e"})
    deal = next_deal(seating, DUN, Buttons(1, 2, 3))
    assert shape(deal) == (2, 3, 4)
    assert deal.button.dead
    assert deal.dealt_out == (DealtOut(2, "n", "dunedin-house 29"),)
    assert deal.entries == ()


def test_dunedin_29_newcomer_not_dealt_in_between_the_button_and_small_blind() -> None:
    seating = table({1: "a", 2: "b", 3: newcomer("n", Status.POSTING), 4: "d", 5: "e", 6: "f"})
    deal = next_deal(seating, DUN, Buttons(1, 2, 4))
    assert shape(deal) == (2, 4, 5)
    assert deal.dealt_out == (DealtOut(3, "n", "dunedin-house 29"),)
    assert deal.dealt_in == (4, 5, 6, 1, 2)


def test_act_17_12_newcomer_free_before_the_button_has_passed_their_seat() -> None:
    first = next_deal(table({1: "a", 2: "b", 3: "c", 5: "e"}), ACT)
    assert shape(first) == (5, 1, 2)
    seating = table({1: "a", 2: "b", 3: "c", 4: newcomer("n"), 5: "e"})
    deal = next_deal(seating, ACT, first.buttons)
    assert shape(deal) == (1, 2, 3)
    assert 4 in deal.dealt_in and deal.entries == ()
    # Once the button has gone round the table, 17.11 applies to newcomers.
    seating = advance(seating, deal)
    for _ in range(4):
        deal = next_deal(seating, ACT, deal.buttons)
    assert deal.orbit is None
    late = table({1: "a", 2: "b", 3: "c", 4: "d", 5: "e", 7: newcomer("m")})
    assert next_deal(late, ACT, deal.buttons).dealt_out == (
        DealtOut(7, "m", "act-omaha-2017 17.11"),
    )


def test_act_17_12_seat_the_button_has_passed_falls_under_17_11() -> None:
    first = next_deal(table({1: "a", 2: "b", 3: "c", 5: "e"}), ACT)
    seating = table({1: "a", 2: "b", 3: "c", 5: "e", 7: newcomer("n")})
    deal = next_deal(seating, ACT, first.buttons)  # the button went 5 -> 1, past seat 7
    assert deal.dealt_out == (DealtOut(7, "n", "act-omaha-2017 17.11"),)


def test_act_8_5_two_playing_with_a_newcomer_between_the_button_posts_the_big_blind() -> None:
    seating = table({1: "a", 2: newcomer("n"), 3: "c"})
    deal = next_deal(seating, ACT, Buttons(3, 1, 3))
    assert shape(deal) == (1, 3, 1)
    assert deal.heads_up
    assert deal.dealt_out == (DealtOut(2, "n", "act-omaha-2017 17.11"),)


def test_dunedin_29_95_only_the_blinds_can_play_so_heads_up_and_the_newcomer_waits() -> None:
    seating = table({2: "b", 3: newcomer("n"), 5: "e"})
    deal = next_deal(seating, DUN, Buttons(1, 2, 5))
    assert deal.heads_up
    assert shape(deal) == (5, 5, 2)
    assert deal.dealt_out == (DealtOut(3, "n", "dunedin-house 29"),)
    assert deal.dealt_in == (2, 5)


# --- heads-up ----------------------------------------------------------------------------------


def test_dunedin_95_heads_up_button_posts_small_blind_no_big_blind_twice() -> None:
    seating = table({3: "c", 7: "g"})
    deal = next_deal(seating, DUN, Buttons(3, 5, 7))  # e, last round's small blind, left
    assert deal.heads_up
    assert shape(deal) == (7, 7, 3)
    assert deal.big_blind.clause == "dunedin-house 95"
    assert deal.dealt_in == (3, 7)
    deal = next_deal(seating, DUN, deal.buttons)
    assert shape(deal) == (3, 3, 7)


@pytest.mark.parametrize(
    ("rulebook", "button_clause", "blind_clause"),
    [
        (QLD, "qld-holdem-2005 s18(2)", "qld-holdem-2005 s23(2)"),
        (ACT, "act-omaha-2017 8.3", "act-omaha-2017 8.5"),
    ],
)
def test_s23_8_5_heads_up_blinds_next_to_the_button_vs_dunedin_95(
    rulebook: Rulebook, button_clause: str, blind_clause: str
) -> None:
    deal = next_deal(table({3: "c", 7: "g"}), rulebook, Buttons(3, 5, 7))
    assert deal.heads_up
    assert shape(deal) == (7, 3, 7)  # g posts the big blind again: the rule as written
    assert (deal.button.clause, deal.big_blind.clause) == (button_clause, blind_clause)


def test_dunedin_95_29_heads_up_newcomer_takes_the_big_blind() -> None:
    seating = table({3: "c", 7: newcomer("n")})
    deal = next_deal(seating, DUN, Buttons(3, 5, 6))
    assert shape(deal) == (3, 3, 7)
    assert deal.dealt_in == (7, 3)


# --- bad input ---------------------------------------------------------------------------------


def test_bad_input_two_players_in_one_seat() -> None:
    with pytest.raises(SeatingError, match="two players in seat 3: c and x"):
        Seating.of([(3, Seat("c")), (3, Seat("x"))])


def test_bad_input_s11_1_seat_11_does_not_exist() -> None:
    with pytest.raises(SeatingError, match=r"seat 11 does not exist: the table has seats 1-10"):
        table({1: "a", 11: "k"})
    with pytest.raises(SeatingError, match="seat 0 does not exist"):
        table({0: "a", 1: "b"})


def test_bad_input_s11_1_table_of_more_than_10_places() -> None:
    with pytest.raises(SeatingError, match=r"2 to 10 seats, not 11$"):
        table({1: "a"}, size=11)


def test_bad_input_one_player_in_two_seats() -> None:
    with pytest.raises(SeatingError, match="player a is in two seats: 1 and 4"):
        table({1: "a", 4: "a"})


@pytest.mark.parametrize("buttons", [Buttons(12, 1, 2), Buttons(7, 1, 2), Buttons(1, 2, 0)])
def test_bad_input_button_on_an_out_of_range_seat(buttons: Buttons) -> None:
    seating = table({1: "a", 2: "b", 3: "c"}, size=6)
    with pytest.raises(SeatingError, match=r"on seat (12|7|0): the table has seats 1-6"):
        next_deal(seating, DUN, buttons)


@pytest.mark.parametrize("rulebook", [QLD, ACT, DUN])
def test_bad_input_fewer_than_two_players(rulebook: Rulebook) -> None:
    seating = table({1: "a", 2: Seat("b", Status.SITTING_OUT)})
    with pytest.raises(SeatingError, match="at least 2 players, not 1"):
        next_deal(seating, rulebook, Buttons(1, 2, 1))
