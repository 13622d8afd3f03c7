"""The manager's day report: a pure fold of a room's events (:class:`DayBook`, kept as events
commit and read for any day; :func:`day_report` folds a list of events at once).

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
from croupier.table.events import (
    RoundFinished,
    RoundProgressed,
    RoundStarted,
    TableRoundVoided,
    TimeCharged,
)
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


_EPOCH = datetime.date(1970, 1, 1)


def _day_hour(at: int, names: dict[int, str] | None = None) -> tuple[str, int]:
    """The UTC day (YYYY-MM-DD) and hour of ``at``; ``names``: the days' names made so far."""
    number, second = divmod(at, 86_400)
    name = None if names is None else names.get(number)
    if name is None:
        name = (_EPOCH + datetime.timedelta(days=number)).isoformat()
        if names is not None:
            names[number] = name
    return name, second // 3600


@dataclass
class _TableBook:
    """A table's day as folded: its cage money kept per player, so that any set of bot
    accounts can be told apart when the report is asked for."""

    kind: str
    rounds: int = 0
    voided: int = 0
    commission: int = 0
    fees: int = 0
    cage: dict[str, list[int]] = field(default_factory=dict)  # player -> [in, out]

    def row(self, table: str, bots: Collection[str]) -> TableDay:
        t = TableDay(table, self.kind, self.rounds, self.voided, self.commission, self.fees)
        for player, (cash_in, cash_out) in self.cage.items():
            t.cash_in += cash_in
            t.cash_out += cash_out
            if player in bots:
                t.bots_in += cash_in
                t.bots_out += cash_out
        return t


@dataclass
class _Day:
    tables: dict[str, _TableBook] = field(default_factory=dict)
    hours: list[list[int]] = field(default_factory=lambda: [[0, 0] for _ in range(24)])
    tournaments: dict[str, TournamentDay] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DayState:
    """A :class:`DayBook`'s contents as data (for a room's image)."""

    kinds: dict[str, str]
    names: dict[str, str]
    awarded: dict[str, dict[str, tuple[int, int]]]
    last: dict[str, int]
    started: dict[str, int]
    days: dict[str, _Day]
    seen: frozenset[str]


class DayBook:
    """The day reports of a room, folded one event at a time (:meth:`add`, in commit order)
    and read for any day (:meth:`report`): a read model kept as events commit, never a scan
    of the room's history. ``DayBook.of(events)`` is the same fold from the start."""

    def __init__(self) -> None:
        self._kinds: dict[str, str] = {}
        self._names: dict[str, str] = {}
        self._awarded: dict[str, dict[str, tuple[int, int]]] = {}  # tournament -> player -> ..
        self._last: dict[str, int] = {}  # table -> its last timed event's time
        self._started: dict[str, int] = {}  # table -> when its round in progress started
        self._days: dict[str, _Day] = {}
        self._seen: set[str] = set()  # days with any event
        self._day_names: dict[int, str] = {}  # day number since 1970 -> YYYY-MM-DD

    @classmethod
    def of(cls, events: Iterable[RoomEvent]) -> DayBook:
        book = cls()
        for e in events:
            book.add(e)
        return book

    def state(self) -> DayState:
        """What the book holds, as data (shared with the book: encode it before it moves on)."""
        return DayState(
            self._kinds,
            self._names,
            self._awarded,
            self._last,
            self._started,
            self._days,
            frozenset(self._seen),
        )

    @classmethod
    def restored(cls, s: DayState) -> DayBook:
        """The book that held ``s`` (a fresh copy of it)."""
        book = cls()
        book._kinds, book._names = dict(s.kinds), dict(s.names)
        book._awarded = {k: dict(v) for k, v in s.awarded.items()}
        book._last, book._started = dict(s.last), dict(s.started)
        book._days = dict(s.days)
        book._seen = set(s.seen)
        return book

    def _when(self, e: RoomEvent) -> tuple[str, int]:
        """The day and hour ``e`` counts on (see the module's docstring); ``("", 0)``: none."""
        if isinstance(e, AtTableEvent):
            inner = e.event
            if type(inner) is RoundProgressed:  # most of a table's events: just their time
                self._last[e.table] = inner.at
                return _day_hour(inner.at, self._day_names)
            at = getattr(inner, "at", None)
            if isinstance(inner, RoundStarted):
                self._started[e.table] = inner.at
            if isinstance(inner, RoundFinished | TableRoundVoided):
                at = self._started.get(e.table, self._last.get(e.table, 0))
            elif not isinstance(at, int):
                at = self._last.get(e.table, 0)
            else:
                self._last[e.table] = at
            return _day_hour(at, self._day_names)
        if isinstance(e, AtTournamentEvent):
            return "", 0  # a tournament's own events carry no time: on no day
        at = getattr(e, "at", 0)
        return _day_hour(at if isinstance(at, int) else 0, self._day_names)

    def add(self, e: RoomEvent) -> None:
        """Fold one event of the room (a table's own wrapped in :class:`AtTableEvent`)."""
        on, hour = self._when(e)
        if isinstance(e, CashTableOpened):
            self._kinds[e.table] = "cash"
        elif isinstance(e, UthTableOpened):
            self._kinds[e.table] = "uth"
        elif isinstance(e, TournamentOpened):
            self._kinds[e.tournament] = "tournament"
            self._names[e.tournament] = e.terms.name
        elif isinstance(e, AtTournamentEvent) and isinstance(e.event, PlacesAwarded):
            # the results as awarded, whenever: a tournament's events carry no time
            won = self._awarded.setdefault(e.tournament, {})
            won.update({player: (place, cash) for player, place, cash, _ in e.event.awards})
        if not on:
            return
        self._seen.add(on)
        if isinstance(e, AtTableEvent):
            inner = e.event
            if isinstance(inner, RoundStarted):
                self._row(on, e.table).rounds += 1
                self._day(on).hours[hour][0] += 1
            elif isinstance(inner, RoundFinished):
                r = self._row(on, e.table)
                r.commission += inner.commission
                r.fees += inner.fees
                self._day(on).hours[hour][1] += inner.commission
            elif isinstance(inner, TableRoundVoided):
                self._row(on, e.table).voided += 1
            elif isinstance(inner, TimeCharged):
                self._row(on, e.table).fees += inner.amount
        elif isinstance(e, BoughtIn):
            self._cage(on, e.table, e.player, e.cash, 0)
        elif isinstance(e, CashedOut):
            self._cage(on, e.table, e.player, 0, e.cash)
        elif isinstance(e, TournamentEntered | TournamentBought):
            t = self._tour(on, e.tournament)
            if isinstance(e, TournamentEntered):
                t.entries += 1
            else:
                t.buys += 1
            t.pool += e.entry
            t.fees += e.fee
            self._cage(on, e.tournament, e.player, e.entry + e.fee, 0).fees += e.fee
        elif isinstance(e, TournamentRefunded):
            t = self._tour(on, e.tournament)
            t.refunds += 1
            t.pool -= e.entry
            t.fees -= e.fee
            self._cage(on, e.tournament, e.player, 0, e.entry + e.fee).fees -= e.fee
        elif isinstance(e, PrizePaid):
            self._tour(on, e.tournament).prizes.append((e.player, e.amount))
            self._cage(on, e.tournament, e.player, 0, e.amount)

    def _day(self, on: str) -> _Day:
        day = self._days.get(on)
        if day is None:
            day = self._days[on] = _Day()
        return day

    def _row(self, on: str, table: str) -> _TableBook:
        tables = self._day(on).tables
        if table not in tables:
            tables[table] = _TableBook(self._kinds.get(table, "cash"))
        return tables[table]

    def _cage(self, on: str, table: str, player: str, cash_in: int, cash_out: int) -> _TableBook:
        r = self._row(on, table)
        money = r.cage.setdefault(player, [0, 0])
        money[0] += cash_in
        money[1] += cash_out
        return r

    def _tour(self, on: str, name: str) -> TournamentDay:
        tournaments = self._day(on).tournaments
        if name not in tournaments:
            tournaments[name] = TournamentDay(name, self._names.get(name, name))
        return tournaments[name]

    def days(self) -> list[str]:
        """The days (UTC) on which anything happened in the room, in order."""
        return sorted(self._seen)

    def report(self, day: str, bots: Collection[str] = frozenset()) -> DayReport:
        """The report of ``day`` (YYYY-MM-DD, UTC); ``bots``: the bot accounts, whose cage
        money is also counted apart. Its cost is that of the day's tables and players, not of
        the room's history."""
        d = self._days.get(day, _Day())
        tours = []
        for name, t in sorted(d.tournaments.items()):
            places = sorted((pl, p, c) for p, (pl, c) in self._awarded.get(name, {}).items())
            money = (t.entries, t.pool, t.fees, t.buys, t.refunds)
            tours.append(TournamentDay(name, t.name, *money, places, list(t.prizes)))
        return DayReport(
            day,
            [r.row(name, bots) for name, r in sorted(d.tables.items())],
            [(h, r, c) for h, (r, c) in enumerate(d.hours)],
            tours,
        )


def days(events: Iterable[RoomEvent]) -> list[str]:
    """The days (UTC) on which anything happened in the room, in order."""
    return DayBook.of(events).days()


def day_report(
    events: Iterable[RoomEvent], day: str, bots: Collection[str] = frozenset()
) -> DayReport:
    """The report of ``day`` (YYYY-MM-DD, UTC) from the room's events; ``bots``: the bot
    accounts, whose cage money is also counted apart (:meth:`DayBook.report`)."""
    return DayBook.of(events).report(day, bots)


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
