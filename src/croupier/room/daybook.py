"""The manager's day report: a pure function over a room's events (:func:`day_report`).

Per table and per day (UTC, from each event's ``at``, the room clock in seconds): rounds dealt,
commission and fees collected, cash in and out at the cage; per hour of the day: rounds dealt
and commission; per tournament: entries, re-buys, add-ons and re-entries, refunds, prize pool,
fees and the prizes paid. The cage's money of bot accounts (``bots``: the demo's players) is
also counted apart, so that people's money is told from theirs (people's = all less bots').

A round counts on the day and hour it started (its ``RoundStarted``); its commission and fees
(``RoundFinished``) count with it. A table event without a time of its own (a time charge)
takes the time of the last timed event of its table. Input: the room's events in commit
order, a cash table's own events wrapped in :class:`AtTableEvent` (as ``Room.from_events``
takes them).
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from croupier.room.events import (
    AtTableEvent,
    BoughtIn,
    CashedOut,
    CashTableOpened,
    PrizePaid,
    RoomEvent,
    TournamentEntered,
    TournamentOpened,
    UthTableOpened,
)
from croupier.room.tournaments import AtTournamentEvent, TournamentBought, TournamentRefunded
from croupier.table.events import RoundFinished, RoundStarted, TableRoundVoided, TimeCharged
from croupier.tournament.events import PlacesAwarded


@dataclass
class TableDay:
    """One table's day."""

    table: str
    kind: str  # "cash", "uth" or "tournament"
    rounds: int = 0
    voided: int = 0
    commission: int = 0
    fees: int = 0
    cash_in: int = 0
    cash_out: int = 0
    bots_in: int = 0  # of cash_in, what bot accounts paid the cage
    bots_out: int = 0  # of cash_out, what the cage paid bot accounts


@dataclass
class TournamentDay:
    """One tournament's day at the cage: entries, re-buys, add-ons and re-entries, entries
    refunded, the pool they paid in (less refunds), fees, prizes paid."""

    tournament: str
    name: str
    entries: int = 0
    pool: int = 0
    fees: int = 0
    buys: int = 0  # re-buys, add-ons and re-entries
    refunds: int = 0
    places: list[tuple[int, str, int]] = field(default_factory=list)  # (place, player, prize)
    prizes: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class DayReport:
    day: str  # YYYY-MM-DD (UTC)
    tables: list[TableDay]
    hours: list[tuple[int, int, int]]  # (hour, rounds started, commission), hours 0 to 23
    tournaments: list[TournamentDay]

    @property
    def totals(self) -> TableDay:
        t = TableDay("all tables", "")
        for r in self.tables:
            t.rounds += r.rounds
            t.voided += r.voided
            t.commission += r.commission
            t.fees += r.fees
            t.cash_in += r.cash_in
            t.cash_out += r.cash_out
            t.bots_in += r.bots_in
            t.bots_out += r.bots_out
        return t


def _day_hour(at: int) -> tuple[str, int]:
    d = datetime.datetime.fromtimestamp(at, datetime.UTC)
    return d.date().isoformat(), d.hour


def _timed(events: Iterable[RoomEvent]) -> Iterable[tuple[RoomEvent, str, int]]:
    """Each event with the day and hour it counts on (see the module's docstring)."""
    last: dict[str, int] = {}  # table -> its last event's time
    started: dict[str, int] = {}  # table -> the time its round in progress started
    for e in events:
        if isinstance(e, AtTableEvent):
            inner = e.event
            at = getattr(inner, "at", None)
            if isinstance(inner, RoundStarted):
                started[e.table] = inner.at
            if isinstance(inner, RoundFinished | TableRoundVoided):
                at = started.get(e.table, last.get(e.table, 0))
            elif not isinstance(at, int):
                at = last.get(e.table, 0)
            else:
                last[e.table] = at
            yield (e, *_day_hour(at))
        elif isinstance(e, AtTournamentEvent):
            yield e, "", 0  # a tournament's own events carry no time: on no day
        else:
            at = getattr(e, "at", 0)
            yield (e, *_day_hour(at if isinstance(at, int) else 0))


def days(events: Iterable[RoomEvent]) -> list[str]:
    """The days (UTC) on which anything happened in the room, in order."""
    return sorted({day for _, day, _ in _timed(events) if day})


def day_report(
    events: Iterable[RoomEvent], day: str, bots: Collection[str] = frozenset()
) -> DayReport:
    """The report of ``day`` (YYYY-MM-DD, UTC) from the room's events; ``bots``: the bot
    accounts, whose cage money is also counted apart."""
    kinds: dict[str, str] = {}
    names: dict[str, str] = {}
    tables: dict[str, TableDay] = {}
    hours = {h: [0, 0] for h in range(24)}
    tournaments: dict[str, TournamentDay] = {}
    awarded: dict[str, dict[str, tuple[int, int]]] = {}  # tournament -> player -> place, prize

    def row(table: str) -> TableDay:
        if table not in tables:
            tables[table] = TableDay(table, kinds.get(table, "cash"))
        return tables[table]

    def cage(table: str, player: str, cash_in: int, cash_out: int) -> TableDay:
        r = row(table)
        r.cash_in += cash_in
        r.cash_out += cash_out
        if player in bots:
            r.bots_in += cash_in
            r.bots_out += cash_out
        return r

    def tour(name: str) -> TournamentDay:
        if name not in tournaments:
            tournaments[name] = TournamentDay(name, names.get(name, name))
        return tournaments[name]

    for e, on, hour in _timed(events):
        if isinstance(e, CashTableOpened):
            kinds[e.table] = "cash"
        elif isinstance(e, UthTableOpened):
            kinds[e.table] = "uth"
        elif isinstance(e, TournamentOpened):
            kinds[e.tournament] = "tournament"
            names[e.tournament] = e.terms.name
        elif isinstance(e, AtTournamentEvent) and isinstance(e.event, PlacesAwarded):
            # the results as awarded, whenever: a tournament's events carry no time
            won = awarded.setdefault(e.tournament, {})
            won.update({player: (place, cash) for player, place, cash, _ in e.event.awards})
        if on != day:
            continue
        if isinstance(e, AtTableEvent):
            inner = e.event
            if isinstance(inner, RoundStarted):
                row(e.table).rounds += 1
                hours[hour][0] += 1
            elif isinstance(inner, RoundFinished):
                row(e.table).commission += inner.commission
                row(e.table).fees += inner.fees
                hours[hour][1] += inner.commission
            elif isinstance(inner, TableRoundVoided):
                row(e.table).voided += 1
            elif isinstance(inner, TimeCharged):
                row(e.table).fees += inner.amount
        elif isinstance(e, BoughtIn):
            cage(e.table, e.player, e.cash, 0)
        elif isinstance(e, CashedOut):
            cage(e.table, e.player, 0, e.cash)
        elif isinstance(e, TournamentEntered):
            t = tour(e.tournament)
            t.entries += 1
            t.pool += e.entry
            t.fees += e.fee
            r = cage(e.tournament, e.player, e.entry + e.fee, 0)
            r.fees += e.fee
        elif isinstance(e, TournamentBought):
            t = tour(e.tournament)
            t.buys += 1
            t.pool += e.entry
            t.fees += e.fee
            r = cage(e.tournament, e.player, e.entry + e.fee, 0)
            r.fees += e.fee
        elif isinstance(e, TournamentRefunded):
            t = tour(e.tournament)
            t.refunds += 1
            t.pool -= e.entry
            t.fees -= e.fee
            r = cage(e.tournament, e.player, 0, e.entry + e.fee)
            r.fees -= e.fee
        elif isinstance(e, PrizePaid):
            tour(e.tournament).prizes.append((e.player, e.amount))
            cage(e.tournament, e.player, 0, e.amount)
    for name, t in tournaments.items():
        t.places = sorted((place, p, cash) for p, (place, cash) in awarded.get(name, {}).items())
    return DayReport(
        day,
        sorted(tables.values(), key=lambda t: t.table),
        [(h, r, c) for h, (r, c) in hours.items()],
        sorted(tournaments.values(), key=lambda t: t.tournament),
    )


CSV_COLUMNS = (
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
)


def to_csv(report: DayReport) -> str:
    """The report as CSV: one line per table and a line of totals, then the hours, then the
    tournaments' prizes, then their results (places awarded), if any."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)
    for t in [*report.tables, report.totals]:
        sums = (t.commission, t.fees, t.cash_in, t.cash_out, t.bots_in, t.bots_out)
        counts = (t.rounds, t.voided, *sums)
        w.writerow((report.day, t.table, t.kind, *counts))
    w.writerow(())
    w.writerow(("day", "hour (UTC)", "rounds", "commission"))
    for hour, rounds, commission in report.hours:
        w.writerow((report.day, f"{hour:02d}:00", rounds, commission))
    w.writerow(())
    heads = ("day", "tournament", "name", "entries", "buys", "refunds", "pool", "fees")
    w.writerow((*heads, "player", "prize"))
    for tm in report.tournaments:
        money = (tm.entries, tm.buys, tm.refunds, tm.pool, tm.fees)
        base = (report.day, tm.tournament, tm.name, *money)
        for player, amount in tm.prizes or [("", 0)]:
            w.writerow((*base, player, amount if player else ""))
    if any(tm.places for tm in report.tournaments):
        w.writerow(())
        w.writerow(("day", "tournament", "name", "place", "player", "prize"))
        for tm in report.tournaments:
            for place, player, cash in tm.places:
                w.writerow((report.day, tm.tournament, tm.name, place, player, cash))
    return out.getvalue()
