"""Readings of clauses the rulebooks leave open, as recorded in docs/design.md (issue 13):
each test pins the reading chosen, so changing it means changing the note too."""

from __future__ import annotations

from croupier.round import Round
from croupier.rules import ACT_OMAHA_2017
from croupier.table import Buttons, Seat, Seating, Status, next_deal
from croupier.tournament import Tournament
from croupier.tournament.events import Eliminated, HandForHand, PlacesAwarded
from support.tournament import (
    QLD,
    bust_one,
    deal_order,
    only_table,
    recording,
    short_big_blind,
    started,
)


def test_act_omaha_2017_17_11_with_8_3_the_button_passes_over_a_newcomer() -> None:
    # 8.3: the button "shall be passed in a clockwise direction to the next player in turn";
    # 17.11: "A new player cannot enter a game on the dealer button". Reading: a newcomer who
    # has not yet come in is not a player in turn, so the button passes over their seat to the
    # next player; it is neither dealt to them nor left dead in front of them.
    seats = {n: Seat(p) for n, p in {1: "a", 3: "c", 4: "d", 5: "e"}.items()}
    seats[2] = Seat("new", Status.WAITING, new=True)
    deal = next_deal(Seating.of(seats, 10), ACT_OMAHA_2017, Buttons(1, 3, 4))
    assert deal.button.seat == 3 and deal.button.clause == "act-omaha-2017 8.3"
    assert (deal.small_blind.seat, deal.big_blind.seat) == (4, 5)
    assert 2 not in deal.dealt_in  # waiting for the big blind (17.11(a))


def test_dunedin_house_94_a_partial_blind_counts_as_a_full_one_for_the_others() -> None:
    # 94: "In all-in situations, a partial blind will be treated as a full blind." Reading: the
    # others call the full big blind to play and a raise is reckoned from it (and the blinds
    # and button move on as usual: tests/tournament/test_tournament_chips.py).
    t = started(4, chips=[5, 25, 100])
    short_big_blind(t, 40)  # the big blind is 50
    plan = t.plan_hand(only_table(t), deal_order(2))
    assert plan.config.full_blind == "dunedin-house 94"
    r = Round(plan.config)
    la = r.legal_actions()
    assert la is not None and (la.call_amount, la.min_raise_to) == (50, 100)
    # qld-tournament-2020 4.29 only lets the short player go all in: the others call what
    # was posted
    q = started(4, chips=[5, 25, 100], **QLD)
    short_big_blind(q, 40)
    qr = Round(q.plan_hand(only_table(q), deal_order(2)).config)
    assert qr.legal_actions() is not None and qr.legal_actions().call_amount == 40  # type: ignore[union-attr]


def test_qld_tournament_2020_4_19_players_out_in_one_hand_for_hand_deal_share_places() -> None:
    # 4.19: players "eliminated in the same round of play" share their places equally.
    # Reading: during hand-for-hand (4.20) every table deals one hand together, so players out
    # at different tables in one hand-for-hand deal are out in the same round of play.
    base = started(12, table_size=6, payouts=[40, 25, 15, 10, 6, 4], **QLD)
    t = Tournament.from_events(
        base.conditions, [*base.events, HandForHand(True, "qld-tournament-2020 4.20(a)")]
    )
    t1, t2 = sorted(t.tables)
    losers = [t.tables[n].seats[min(t.tables[n].seats)] for n in (t1, t2)]
    for p, chips in zip(losers, (300, 700), strict=True):  # different stacks: still shared
        t.chips_in_play -= t.stack(p) - chips
        t.entrants[p].stack = chips
    t.apply(*recording([bust_one(t, t1, losers[0]), bust_one(t, t2, losers[1])]))  # type: ignore[list-item]
    (group,) = [e for e in t.events if isinstance(e, Eliminated)]
    assert sorted(group.players) == sorted(losers) and group.clause == "qld-tournament-2020 4.19"
    awards = {a[0]: a[1] for e in t.events if isinstance(e, PlacesAwarded) for a in e.awards}
    assert awards[losers[0]] == awards[losers[1]] == 11  # 11th and 12th shared: both 11th
