"""Multi-flight days and the forfeit-and-buy-back option (qld-tournament-2020 4.13)."""

from __future__ import annotations

import pytest

from croupier.tournament import TournamentError, load_conditions
from croupier.tournament import commands as cm
from croupier.tournament.events import ChipsForfeited, StackBagged
from croupier.tournament.runner import Policy, run_flights
from support.tournament import EXAMPLES, started


def test_qld_tournament_2020_4_13_flights_bag_stacks_for_the_final_day() -> None:
    cond = load_conditions(EXAMPLES / "two_flights.toml")
    final, flights, _ = run_flights(cond, 40, seed=4, policy=Policy(tight_share=0.5))
    assert len(flights) == 2
    bagged = {}
    for f in flights:
        bags = {e.player: e.stack for e in f.events if isinstance(e, StackBagged)}
        assert bags and all(
            e.clause == f.book.flights_clause for e in f.events if isinstance(e, StackBagged)
        )
        end = next(i for i, e in enumerate(f.events) if isinstance(e, StackBagged))
        for e in f.events[end:]:  # bags forfeited to buy back into a later flight
            if isinstance(e, ChipsForfeited):
                assert bags.pop(e.player) == e.chips
        assert sum(bags.values()) == f.chips_in_play  # every chip left goes in a bag
        bagged.update(bags)
        assert f.why_not_deal(min(f.tables)) is not None  # the flight deals no more
    seated = [e for e in final.events if type(e).__name__ == "Seated"]
    assert {e.player: e.stack for e in seated} == bagged  # type: ignore[attr-defined]
    assert final.entries_total == sum(f.entries_total for f in flights)
    assert final.pool == sum(f.pool for f in flights)
    log = final.result_log()
    places = sorted(int(r["place"]) for r in log)  # type: ignore[call-overload]
    assert len(places) == final.entries_total and places[0] == 1
    for place in set(places):  # a place shared by k players is followed by place + k
        nxt = place + places.count(place)
        assert nxt > places[-1] or nxt in places
    assert sum(int(r["cash"]) for r in log) == final.pool  # type: ignore[call-overload]


def test_qld_tournament_2020_4_13_forfeit_and_buy_back_after_the_re_entry_period() -> None:
    t = started(4, re_entry={"price": 100, "chips": 1000, "until_level": 1})
    with pytest.raises(TournamentError, match="end of the re-entry"):
        t.apply(cm.Forfeit("p1"))
    t.apply(cm.Tick(600))  # the re-entry period is over
    t.entrants["p2"].stack = 1500
    t.chips_in_play += 500
    with pytest.raises(TournamentError, match="more than the starting stack"):
        t.apply(cm.Forfeit("p2"))
    chips = t.chips_in_play
    t.apply(cm.Forfeit("p1"))
    assert any(isinstance(e, ChipsForfeited) and e.chips == 1000 for e in t.events)
    assert t.stack("p1") == 1000 and t.entries_total == 5 and t.pool == 500
    assert t.chips_in_play == chips == t.chips_on_tables()


def test_qld_tournament_2020_4_13_players_enter_later_flights() -> None:
    cond = load_conditions(EXAMPLES / "two_flights.toml")
    policy = Policy(tight_share=0.5, next_flight=1.0, forfeit=1.0)
    final, flights, _ = run_flights(cond, 40, seed=4, policy=policy)
    first, second = flights
    forfeited = {e.player for e in first.events if isinstance(e, ChipsForfeited)}
    knocked_out = {p for p, e in first.entrants.items() if e.status == "eliminated"}
    assert forfeited and knocked_out
    assert forfeited | knocked_out <= set(second.entrants)  # both came back for flight 2
    assert all(p not in final.entrants or final.entrants[p].entries >= 2 for p in forfeited)
    assert final.entries_total == first.entries_total + second.entries_total
    assert final.pool == first.pool + second.pool
    log = final.result_log()
    assert len(log) == final.entries_total  # one result for every entry, each flight's too
    twice = [p for p in forfeited if sum(r["player"] == p for r in log) >= 2]
    assert twice  # a forfeited bag ends that entry: it takes a place of its own
    assert sum(int(r["cash"]) for r in log) == final.pool  # type: ignore[call-overload]


def test_qld_tournament_2020_4_13_a_buy_back_inside_a_flight_ends_that_entry() -> None:
    """A flight's player forfeits at the end of the re-entry period and buys back in at once
    (not bagged yet): on the final day the forfeited entry still takes a place of its own, so
    every entry has a result and the whole pool is paid."""
    import random

    from croupier.tournament import Tournament
    from croupier.tournament.runner import _bagged, _final_day, check_payouts
    from support.tournament import cards, play_out, shove

    cond = load_conditions(EXAMPLES / "two_flights.toml")
    flights = []
    for k, (name, players) in enumerate((("1A", "p1 p2 p3 p4"), ("1B", "p5 p6")), 1):
        f = Tournament(cond, flight=name)
        for p in players.split():
            f.apply(cm.Register(p))
        f.apply(cm.Start(), cm.Inputs(random.Random(k), cards(k)))
        flights.append(f)
    first = flights[0]
    first.apply(cm.Tick(2 * 20 * 60))  # the re-entry period (levels 1-2) is over
    first.apply(cm.Forfeit("p1"))  # 4.13: buys back in at once
    assert first.entrants["p1"].entries == 2 and first.entries_total == 5
    for f in flights:
        f.apply(cm.EndFlight())
    final = _final_day(cond, flights)
    bagged = {p: s for f in flights for p, s in _bagged(f).items()}
    final.apply(cm.Start(stacks=tuple(bagged.items())), cm.Inputs(random.Random(3), cards(3)))
    assert final.entries_total == 7
    play_out(final, shove)
    assert len(final.result_log()) == final.entries_total
    assert len(final.entrants["p1"].results) == 2
    check_payouts(final)
