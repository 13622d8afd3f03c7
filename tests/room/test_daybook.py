"""The manager's day report, a pure function over the room's events, against a day worked out
by hand."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

from croupier.room.daybook import day_report, days, to_csv
from croupier.room.events import (
    AtTableEvent,
    BoughtIn,
    CashedOut,
    CashTableOpened,
    PrizePaid,
    RoomEvent,
    TournamentEntered,
    TournamentOpened,
    TournamentTerms,
)
from croupier.room.tournaments import AtTournamentEvent, TournamentBought, TournamentRefunded
from croupier.shoe import Shoe
from croupier.table.commands import SitDown, StartRound
from croupier.table.events import RoundFinished, RoundStarted, TableRoundVoided, TimeCharged
from croupier.table.presets import preset
from croupier.table.table import Table
from croupier.tournament.events import PlacesAwarded

DAY = 1_764_201_600  # 2025-11-27 00:00:00 UTC
H = 3600


def _started() -> RoundStarted:
    cfg = preset("dunedin-house", seats=3)
    t = Table(cfg)
    for seat, name in enumerate(("ann", "bob"), 1):
        t.apply(SitDown(name, seat, 100))
    events = t.apply(StartRound(Shoe(cfg.game.deck, seed=1).shuffle().order, 0))
    return next(e for e in events if isinstance(e, RoundStarted))


def _events() -> list[RoomEvent]:
    cfg = preset("dunedin-house", seats=3)
    s = _started()

    def at(table: str, e: object) -> AtTableEvent:
        return AtTableEvent(table, e)  # type: ignore[arg-type]

    def finished(hand: int, commission: int, fees: int = 0) -> RoundFinished:
        return RoundFinished(hand, (("ann", 100), ("bob", 100)), commission, fees)

    terms = TournamentTerms("Friday", "holdem", 100, 10)
    return [
        CashTableOpened("a", cfg, DAY - 10 * H),  # the day before
        CashTableOpened("b", cfg, DAY - 10 * H),
        TournamentOpened("cup", terms, DAY - 10 * H),
        BoughtIn("ann", "a", 300, DAY - 2 * H),  # the day before: not counted
        at("a", replace(s, hand=1, at=DAY - H)),  # a round the day before, over after midnight:
        at("a", finished(1, 7)),  # it counts on the day it started
        BoughtIn("bob", "a", 200, DAY + 9 * H),
        at("a", replace(s, hand=2, at=DAY + 9 * H + 60)),
        at("a", finished(2, 3)),
        at("a", replace(s, hand=3, at=DAY + 9 * H + 600)),
        at("a", finished(3, 4, fees=1)),
        at("a", TimeCharged("bob", 5, DAY + 11 * H)),  # at the time of the table's last event
        at("b", replace(s, hand=1, at=DAY + 14 * H)),
        at("b", TableRoundVoided(1, "dunedin-house 67", "misdeal")),
        at("a", replace(s, hand=4, at=DAY + 23 * H + 59 * 60)),
        CashedOut("ann", "a", 150, "", DAY + 23 * H + 59 * 60 + 30),
        at("a", finished(4, 2)),  # after midnight: counts at 23h, the hour its round started
        TournamentEntered("cy", "cup", 100, 10, DAY + 10 * H),
        TournamentEntered("di", "cup", 100, 10, DAY + 10 * H),
        TournamentBought("cy", "cup", "rebuy", 100, 10, DAY + 12 * H),
        TournamentEntered("ed", "cup", 100, 10, DAY + 12 * H),
        TournamentRefunded("ed", "cup", 100, 10, DAY + 13 * H),
        AtTournamentEvent("cup", PlacesAwarded((("cy", 2, 0, ""),), "qld-tournament-2020 4.22")),
        AtTournamentEvent("cup", PlacesAwarded((("di", 1, 200, ""),), "qld-tournament-2020 4.22")),
        PrizePaid("di", "cup", 200, DAY + 20 * H),
        BoughtIn("cy", "a", 50, DAY + 24 * H + 5),  # the next day
    ]


def test_a_day_by_hand() -> None:
    r = day_report(_events(), "2025-11-27")
    a, b, cup = r.tables
    assert (a.table, a.kind, a.rounds, a.voided, a.commission, a.fees) == ("a", "cash", 3, 0, 9, 6)
    assert (a.cash_in, a.cash_out) == (200, 150)
    assert (b.table, b.rounds, b.voided, b.commission) == ("b", 1, 1, 0)
    assert (cup.table, cup.kind, cup.cash_in, cup.cash_out, cup.fees) == (
        "cup",
        "tournament",
        440,
        310,
        30,
    )
    hours = {h: (n, c) for h, n, c in r.hours if n or c}
    assert hours == {9: (2, 7), 14: (1, 0), 23: (1, 2)}
    (tm,) = r.tournaments
    # the re-buy's money counts; the refunded entry is counted and paid back
    assert (tm.name, tm.entries, tm.buys, tm.refunds) == ("Friday", 3, 1, 1)
    assert (tm.pool, tm.fees) == (300, 30)
    assert tm.prizes == [("di", 200)]
    assert tm.places == [(1, "di", 200), (2, "cy", 0)]  # the results, in place order
    t = r.totals
    assert (t.rounds, t.commission, t.fees, t.cash_in, t.cash_out) == (4, 9, 36, 640, 460)


def test_bots_money_is_told_from_peoples() -> None:
    """Bob and Di are bot accounts: of the cage's money, theirs is counted apart."""
    r = day_report(_events(), "2025-11-27", bots={"bob", "di"})
    a, _, cup = r.tables
    assert (a.cash_in, a.cash_out, a.bots_in, a.bots_out) == (200, 150, 200, 0)
    assert (cup.cash_in, cup.cash_out, cup.bots_in, cup.bots_out) == (440, 310, 110, 200)
    assert (r.totals.bots_in, r.totals.bots_out) == (310, 200)
    rows = list(csv.reader(io.StringIO(to_csv(r))))
    assert rows[1][-2:] == ["200", "0"] and rows[4][-2:] == ["310", "200"]
    assert day_report(_events(), "2025-11-27").totals.bots_in == 0  # nobody a bot


def test_the_day_before_and_after() -> None:
    before = day_report(_events(), "2025-11-26")
    (a,) = [t for t in before.tables if t.table == "a"]
    assert (a.rounds, a.commission, a.cash_in) == (1, 7, 300)
    after = day_report(_events(), "2025-11-28")
    assert [(t.table, t.cash_in, t.rounds) for t in after.tables] == [("a", 50, 0)]
    assert days(_events()) == ["2025-11-26", "2025-11-27", "2025-11-28"]
    assert day_report([], "2025-11-27").totals.rounds == 0


def test_the_csv_holds_the_same_numbers() -> None:
    rows = list(csv.reader(io.StringIO(to_csv(day_report(_events(), "2025-11-27")))))
    assert rows[0] == [
        "day",
        "table",
        "kind",
        "rounds",
        "voided",
        "commission",
        "fees",
        "cash in",
        "cash out",
        "bots' cash in",
        "bots' cash out",
    ]
    assert rows[1] == ["2025-11-27", "a", "cash", "3", "0", "9", "6", "200", "150", "0", "0"]
    assert rows[4] == ["2025-11-27", "all tables", "", "4", "1", "9", "36", "640", "460", "0", "0"]
    hours = [r for r in rows if len(r) == 4 and r[1].endswith(":00")]
    assert len(hours) == 24 and hours[9] == ["2025-11-27", "09:00", "2", "7"]
    assert ["2025-11-27", "cup", "Friday", "3", "1", "1", "300", "30", "di", "200"] in rows
    assert rows[-3] == ["day", "tournament", "name", "place", "player", "prize"]
    assert rows[-2:] == [
        ["2025-11-27", "cup", "Friday", "1", "di", "200"],
        ["2025-11-27", "cup", "Friday", "2", "cy", "0"],
    ]
