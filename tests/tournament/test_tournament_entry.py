"""Entry: eligibility, limits, alternates, transfers, refunds, cancellation, the prize pool."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.events import Bought, Forfeited, Registered
from support.tournament import ACT, cards, conditions, started


def refused(t: Tournament, clause: str, call: object) -> None:
    """``call`` (a zero-argument function) is refused citing ``clause``; nothing changes."""
    before = len(t.events)
    with pytest.raises(TournamentError) as info:
        call()  # type: ignore[operator]
    assert info.value.ruling.clause == clause
    assert len(t.events) == before


def test_qld_tournament_2020_3_13_entrants_are_18_and_not_excluded() -> None:
    t = Tournament(conditions())
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.13)",
        lambda: t.apply(cm.Register("kid", age=17)),
    )
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.13)",
        lambda: t.apply(cm.Register("ex", excluded=True)),
    )
    t.apply(cm.Register("adult", age=18))
    assert t.entries_total == 1


def test_qld_tournament_2020_3_2_members_or_the_directors_discretion() -> None:
    t = Tournament(conditions())
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.2)",
        lambda: t.apply(cm.Register("guest", member=False)),
    )
    t.apply(cm.Register("guest", member=False, director_approves=True))
    assert "guest" in t.entrants


def test_qld_tournament_2020_3_7_director_may_refuse_and_3_3_fees_due_at_entry() -> None:
    t = Tournament(conditions())
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.7)",
        lambda: t.apply(cm.Register("a", director_refuses=True)),
    )
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.3)",
        lambda: t.apply(cm.Register("a", paid=False)),
    )


def test_act_omaha_2017_20_6_one_entry_only() -> None:
    t = Tournament(conditions(**ACT, game="omaha"))
    t.apply(cm.Register("a"))
    refused(t, "act-omaha-2017 20.6", lambda: t.apply(cm.Register("a")))


def test_qld_tournament_2020_3_12_limit_and_3_6_alternates() -> None:
    t = Tournament(conditions(max_entrants=2, alternates=1))
    t.apply(cm.Register("a"))
    t.apply(cm.Register("b"))
    t.apply(cm.Register("c"))
    assert t.entrants["c"].status == "alternate"
    assert t.pool == 200  # an alternate pays when a seat is theirs
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.12)",
        lambda: t.apply(cm.Register("d")),
    )


def test_act_omaha_2017_20_10_absent_at_the_start_forfeits_and_20_11_alternate_seated() -> None:
    t = Tournament(conditions(**ACT, game="omaha", max_entrants=3, alternates=1))
    for p in ("a", "b", "c", "d"):
        t.apply(cm.Register(p))
    t.apply(cm.Start(absent=("b",)), cm.Inputs(random.Random(1), cards()))
    assert any(isinstance(e, Forfeited) and e.player == "b" for e in t.events)
    assert t.entrants["b"].status == "forfeited"
    assert t.entrants["d"].status == "playing"  # the reserve took the seat on payment
    assert any(isinstance(e, Bought) and e.player == "d" for e in t.events)
    assert t.pool == 4 * 100  # b's fee stays in the pool (20.10)
    assert sorted(t.seated) == ["a", "c", "d"]


def test_qld_tournament_2020_3_4_entries_transfer_to_a_player_not_entered() -> None:
    t = Tournament(conditions())
    t.apply(cm.Register("a"))
    t.apply(cm.Register("b"))
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.4)",
        lambda: t.apply(cm.Transfer("a", "b")),
    )
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.13)",
        lambda: t.apply(cm.Transfer("a", "kid", age=16)),
    )
    t.apply(cm.Transfer("a", "z", "Zed"))
    assert "a" not in t.entrants and t.entrants["z"].name == "Zed"
    assert t.pool == 200


def test_qld_tournament_2020_3_10_refund_only_24_hours_before() -> None:
    t = Tournament(conditions())
    t.apply(cm.Register("a"))
    t.apply(cm.Register("b"))
    refused(t, "dunedin-house house default (as qld-tournament-2020 3.10)",
            lambda: t.apply(cm.CancelEntry("a", datetime(2026, 11, 27, 8, 0))))  # fmt: skip
    t.apply(cm.CancelEntry("a", datetime(2026, 11, 26, 19, 0)))
    assert t.entrants["a"].status == "cancelled"
    assert (t.pool, t.house, t.entries_total) == (100, 10, 1)


def test_act_omaha_2017_20_23_fees_are_non_refundable() -> None:
    t = Tournament(conditions(**ACT, game="omaha"))
    t.apply(cm.Register("a"))
    refused(t, "act-omaha-2017 20.23", lambda: t.apply(cm.CancelEntry("a", datetime(2026, 1, 1))))


@pytest.mark.parametrize(
    ("rules", "clause"),
    [
        ({}, "dunedin-house house default (as qld-tournament-2020 3.10)"),
        (ACT, "act-omaha-2017 20.23"),
    ],
)
def test_cancelled_tournament_refunds_every_fee_rebuy_and_add_on(
    rules: dict[str, str], clause: str
) -> None:
    t = started(4, rebuy={"price": 100, "chips": 1000, "until_level": 2}, **rules)
    t.apply(cm.Buy("p1", "rebuy"))
    paid = {p: e.paid for p, e in t.entrants.items()}
    assert paid["p1"] == 210
    t.apply(cm.Cancel())
    cancelled = t.events[-1]
    assert dict(cancelled.refunds) == paid  # type: ignore[attr-defined]
    assert cancelled.clause == clause  # type: ignore[attr-defined]
    assert t.pool == 0


def test_qld_tournament_2020_4_4_4_5_pool_is_every_buy_in_plus_additions() -> None:
    t = started(5, added_prize=500, rebuy={"price": 100, "chips": 1000, "until_level": 2})
    t.apply(cm.Buy("p2", "rebuy"))
    assert t.pool == 5 * 100 + 100 + 500
    assert t.house == 5 * 10  # the administration fee is not prize money


def test_act_omaha_2017_20_22_commission_retained_from_entry_fees() -> None:
    t = Tournament(conditions(**ACT, game="omaha", commission=15))
    t.apply(cm.Register("a"))
    reg = t.events[-1]
    assert isinstance(reg, Registered)
    assert (reg.fee, reg.admin_fee) == (85, 25)
    assert (t.pool, t.house) == (85, 25)


def test_qld_tournament_2020_3_9_disqualified_entrant_gets_no_refund() -> None:
    t = started(4)
    chips = t.chips_in_play
    stack = t.stack("p1")
    t.apply(cm.Disqualify("p1"))
    assert t.entrants["p1"].status == "disqualified"
    assert t.chips_in_play == chips - stack  # chips taken out of play
    assert t.pool == 400  # nothing refunded


def test_qld_tournament_2020_late_registration_seats_an_alternate_with_a_full_stack() -> None:
    t = started(4, late_registration_levels=1)
    t.apply(cm.Register("late"), cm.Inputs(random.Random(3)))
    assert t.entrants["late"].status == "playing"
    assert t.stack("late") == 1000
    t.apply(cm.Tick(600))  # level 2: late registration closed
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.3)",
        lambda: t.apply(cm.Register("later"), cm.Inputs(random.Random(3))),
    )


def test_act_omaha_2017_20_13_director_approves_a_substitute() -> None:
    t = started(3, **ACT)
    seat, stack = t.entrants["p1"].seat, t.stack("p1")
    refused(
        t,
        "act-omaha-2017 house default (as qld-tournament-2020 3.4)",
        lambda: t.apply(cm.Transfer("p1", "sub")),
    )
    t.apply(cm.Transfer("p1", "sub", substitute=True))
    assert t.entrants["sub"].seat == seat and t.stack("sub") == stack
    assert "sub" in t.seated and "p1" not in t.seated
    refused(
        t,
        "dunedin-house house default (as qld-tournament-2020 3.4)",
        lambda: started(3).apply(cm.Transfer("p1", "x", substitute=True)),
    )


def test_dunedin_house_96_chips_out_of_view_are_forfeited() -> None:
    t = started(3)
    refused(t, "dunedin-house 96", lambda: t.apply(cm.ForfeitChips("p1", 5000)))
    t.apply(cm.ForfeitChips("p1", 300))
    assert t.stack("p1") == 700
    assert t.chips_in_play == t.chips_on_tables() == 2700
