"""Ultimate Texas Hold'em tournaments (act-uth-2025 16.x), event-sourced and pure.

Players buy in for tournament chips and play rounds against the house (each round an ordinary
:class:`~croupier.uth.game.UthRound`, 16.1). A session ends after a set number of rounds, a set
time (the clock is an input) or when a set number of players remain (A "Session"). The prize
pool is the entry fees less tournament commission, plus re-buys, add-ons and anything the
operator adds (16.21-16.22); integer money throughout.

A tournament may play at several tables (16.9, :mod:`croupier.uth.tournament_tables`): the draw
allocates each player a table and box, each table plays its own rounds, and the Tournament
Director breaks tables as players go. Commands that act at a table take its number (table 1 by
default, the only table of a one-table tournament).

Decide, then fold: a command (:mod:`croupier.uth.tournament_commands`) goes to its component
(:mod:`croupier.uth.tournament_decide`), which returns its events without changing anything;
:meth:`UthTournament.apply` folds them, :meth:`UthTournament.why_illegal` only decides. Every
clause cited is the tournament's rules' (:attr:`TournamentConditions.rules`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from croupier.cards import Card
from croupier.fold import Handler, handlers, on
from croupier.rules import IllegalAction, Ruling
from croupier.uth.game import TableState
from croupier.uth.tournament_commands import UthTournamentCommand
from croupier.uth.tournament_conditions import Purchase as Purchase
from croupier.uth.tournament_conditions import SessionEnd as SessionEnd
from croupier.uth.tournament_conditions import TournamentConditions as TournamentConditions
from croupier.uth.tournament_decide import decide
from croupier.uth.tournament_events import (
    Asked,
    Bought,
    BreakOffered,
    Cancelled,
    Eliminated,
    Entered,
    Forfeited,
    OutOfOrder,
    Placed,
    Refunded,
    Reserved,
    ReserveSeated,
    RoundBegan,
    RoundPlayed,
    SessionEnded,
    Started,
    Substituted,
    TableBroken,
    TEvent,
    Ticked,
    Wagered,
)
from croupier.uth.tournament_state import HOUSE_FLOAT, IN_PLAY, Entrant, Status
from croupier.uth.tournament_tables import UthTournamentTable


@dataclass
class UthTournament:
    """A tournament at one table or several (16.9): :meth:`apply` a command for its events,
    or :class:`IllegalAction` with nothing changed."""

    conditions: TournamentConditions
    events: list[TEvent] = field(default_factory=list)

    def __post_init__(self) -> None:
        pending, self.events = self.events, []
        self.players: dict[str, Entrant] = {}
        self.tables: dict[int, UthTournamentTable] = {}  # the tables in play, by number
        self.drawn: list[str] = []  # everyone who has held a position, in the order drawn
        self.reserves: list[str] = []  # registered reserve players (16.11)
        self.breaks: list[tuple[int, int]] = []  # each break's start and end (16.18)
        self.status = Status.ENTRY
        self.rounds = 0  # rounds played at all tables together, void rounds not counted
        self.started_at = 0
        self.now = 0
        self.pool = self.conditions.added_value
        self.commission = 0
        self.placed = False  # the places have been awarded (16.20)
        for e in pending:
            self._emit(e)

    # -- the verbs ----------------------------------------------------------------------

    def apply(self, cmd: UthTournamentCommand) -> list[TEvent]:
        """Decide ``cmd``, then fold its events: the events, or :class:`IllegalAction` and
        nothing changed."""
        events = decide(self, cmd)
        for e in events:
            self._emit(e)
        return events

    def why_illegal(self, cmd: UthTournamentCommand) -> Ruling | None:
        """Why ``cmd`` is refused now (the clause and the reason), or ``None``: decided
        alone, nothing folded."""
        try:
            decide(self, cmd)
        except IllegalAction as e:
            return e.ruling
        return None

    def fold(self, e: TEvent) -> None:
        """Fold one event (a stream rebuilt event by event; no rule checked)."""
        self._emit(e)

    # -- queries ------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.status in IN_PLAY

    @property
    def seats(self) -> tuple[str, ...]:
        """The seated players in table and box order (a one-table tournament: its boxes)."""
        return tuple(p for t in self.in_play() for p in t.seated())

    # The round at the first table in play: the only one of a one-table tournament.
    @property
    def order(self) -> tuple[str, ...]:
        return self._first().order

    @property
    def asked(self) -> int:
        return self._first().asked

    @property
    def wagers(self) -> dict[str, tuple[int, int]]:
        return self._first().wagers

    @property
    def marker(self) -> int:
        return self._first().marker

    def active(self) -> list[str]:
        """Players still in, in table and box order."""
        return [p for p in self.seats if not self.players[p].out]

    def position(self, player: str) -> tuple[int, int] | None:
        """The (table, box) the Tournament Director assigned ``player`` (16.8-16.9)."""
        pos = self.where(player)
        return None if pos is None else (pos[0].number, pos[1] + 1)

    def box_of(self, player: str) -> int:
        pos = self.position(player)
        if pos is None:
            raise ValueError(f"{player} holds no position")
        return pos[1]

    def table_of(self, player: str) -> int:
        pos = self.position(player)
        if pos is None:
            raise ValueError(f"{player} holds no position")
        return pos[0]

    @property
    def session_over(self) -> bool:
        """Whether the session's end is reached (A "Session").

        Readings: with several tables, a session of N rounds is N rounds at each table that
        still has players (16.9 lets the TD set the tables; each plays its own rounds, so every
        player plays the rounds of their table); it ends when every such table has played N
        and no round is in play. A timed session counts playing time only: a break (16.18)
        does not consume it (:meth:`played_seconds`)."""
        c = self.conditions
        if c.session is SessionEnd.ROUNDS:
            playing = [t for t in self.in_play() if self.active_at(t)]
            return all(t.rounds >= c.session_limit for t in playing)
        if c.session is SessionEnd.SECONDS:
            return self.played_seconds() >= c.session_limit
        return len(self.active()) <= c.session_limit

    def played_seconds(self, now: int | None = None) -> int:
        """Playing time from the start to ``now`` (the last tick by default), breaks excluded
        (a house reading of 16.18: the break does not consume the session's time)."""
        at = self.now if now is None else now
        paused = sum(max(0, min(at, end) - start) for start, end in self.breaks)
        return at - self.started_at - paused

    @property
    def break_ends(self) -> int | None:
        """When the break in progress ends (16.18), or ``None``."""
        if self.breaks and self.now < self.breaks[-1][1]:
            return self.breaks[-1][1]
        return None

    def table_state(self, table: int = 1) -> TableState:
        """The table for the round being played there: its players' tournament chips against
        the house's float (16.1: the game's rules apply)."""
        tbl = self.table_in_play(table)
        chips = {p: self.players[p].chips for p in self.active_at(tbl)}
        seats = {i + 1: p for i, p in enumerate(tbl.boxes) if p is not None}
        return TableState(chips, HOUSE_FLOAT, seats=seats)

    def in_play(self) -> list[UthTournamentTable]:
        """The tables in play, by number."""
        return [self.tables[n] for n in sorted(self.tables)]

    def _first(self) -> UthTournamentTable:
        return (
            self.tables[min(self.tables)]
            if self.tables
            else UthTournamentTable(0, [], Status.ENTRY)
        )

    def active_at(self, tbl: UthTournamentTable) -> list[str]:
        """The players still in at ``tbl``, in box order."""
        return [p for p in tbl.seated() if not self.players[p].out]

    def where(self, player: str) -> tuple[UthTournamentTable, int] | None:
        """The table and box index ``player`` holds, or ``None``."""
        for t in self.tables.values():
            if player in t.boxes:
                return t, t.boxes.index(player)
        return None

    def table_in_play(self, number: int) -> UthTournamentTable:
        """Table ``number``; refused (16.9) when it is not in play."""
        if number not in self.tables:
            clause = self.conditions.rules.tournament.seating_clause
            raise IllegalAction(Ruling(clause, f"there is no table {number} in play"))
        return self.tables[number]

    def idle_except(self, tbl: UthTournamentTable) -> bool:
        """Whether no round is in play at any table but ``tbl``."""
        return all(t.status is Status.RUNNING for t in self.tables.values() if t is not tbl)

    def seat_key(self, p: str) -> tuple[int, int, int]:
        """Seat order: table and box, then those without a position in the order drawn."""
        pos = self.position(p)
        return (0, *pos) if pos else (1, self.drawn.index(p), 0)

    # -- standings (16.20) --------------------------------------------------------------

    def standings(self, draw: Mapping[str, Card] | None = None) -> list[list[str]]:
        """Players from first place down; players level share a group. Active players rank by
        chips; eliminated ones below them, later eliminations first (rounds played at all
        tables), then by the chips they held (a house reading of 16.3(a)(iii)(E)(b)). With
        ``draw``, the higher card breaks a tie (16.3(a)(iii)(E)(c); suits rank clubs <
        diamonds < hearts < spades). Forfeited and substituted players take no place."""
        ranked = sorted(
            sorted((p for p in self.drawn if not self.players[p].forfeited), key=self.seat_key),
            key=lambda p: self._rank_key(p),
            reverse=True,
        )
        groups: list[list[str]] = []
        for p in ranked:
            if groups and self._rank_key(groups[-1][0]) == self._rank_key(p):
                groups[-1].append(p)
            else:
                groups.append([p])
        if draw is None:
            return groups
        return [[p] for g in groups for p in sorted(g, key=lambda q: draw[q], reverse=True)]

    def _rank_key(self, p: str) -> tuple[int, int, int]:
        e = self.players[p]
        if not e.out:
            return (1, 0, e.chips)
        return (0, e.out_at, e.out_chips)

    # -- fold ---------------------------------------------------------------------------

    def _emit(self, e: TEvent) -> None:
        self.events.append(e)
        self._FOLD[type(e)](self, e)
        if self.running:  # in play: WAGERING or IN_ROUND while any table is
            states = {t.status for t in self.tables.values()}
            busy = [s for s in (Status.WAGERING, Status.IN_ROUND) if s in states]
            self.status = busy[0] if busy else Status.RUNNING

    def _f_entered(self, e: Entered) -> None:
        self.players[e.player] = Entrant(paid=e.fee)
        self.pool += e.fee - e.commission
        self.commission += e.commission
        if e.player in self.reserves:
            self.reserves.remove(e.player)

    def _f_refunded(self, e: Refunded) -> None:
        p = self.players[e.player]
        p.out, p.paid = True, 0
        self.pool -= e.amount - self.conditions.commission
        self.commission -= self.conditions.commission

    def _f_forfeited(self, e: Forfeited) -> None:
        p = self.players[e.player]
        p.out, p.forfeited, p.chips = True, True, 0

    def _f_started(self, e: Started) -> None:
        self.started_at, self.now = e.now, e.now
        self.status = Status.RUNNING
        for n, boxes in enumerate(e.tables or (e.seats,), start=1):
            self.tables[n] = UthTournamentTable(n, list(boxes), Status.RUNNING)
        self.drawn = list(e.seats)
        for s in e.seats:
            self.players[s].chips = self.conditions.starting_chips

    def _f_bought(self, e: Bought) -> None:
        p = self.players[e.player]
        p.chips += e.chips
        p.paid += e.cost
        self.pool += e.cost
        if e.kind == "rebuy":
            p.rebuys += 1
            p.out = False
        else:
            p.addons += 1

    def _f_eliminated(self, e: Eliminated) -> None:
        p = self.players[e.player]
        p.out, p.out_at, p.out_chips = True, self.rounds, e.chips

    def _f_wagered(self, e: Wagered) -> None:
        self._seat(e.player)[0].wagers[e.player] = (e.ante, e.trips)

    def _f_out_of_order(self, e: OutOfOrder) -> None:
        self.players[e.player].warned = True

    def _f_ticked(self, e: Ticked) -> None:
        self.now = e.now

    def _f_session_ended(self, e: SessionEnded) -> None:
        self.status = Status.FINISHED

    def _f_cancelled(self, e: Cancelled) -> None:
        self.status = Status.CANCELLED

    def _f_placed(self, e: Placed) -> None:
        self.placed = True

    def _f_round_began(self, e: RoundBegan) -> None:
        t = self.tables[e.table]
        t.order, t.wagers, t.asked = e.order, {}, -1
        t.marker = t.boxes.index(e.order[0])
        t.begun += 1
        t.status = Status.WAGERING

    def _f_asked(self, e: Asked) -> None:
        t = self.tables[e.table]
        if e.player:
            t.asked = t.order.index(e.player)
        else:
            t.status = Status.IN_ROUND

    def _f_round_played(self, e: RoundPlayed) -> None:
        t = self.tables[e.table]
        for who, net in e.nets:
            self.players[who].chips += net
        self.rounds += not e.void
        t.rounds += not e.void
        t.status = Status.RUNNING

    def _f_table_broken(self, e: TableBroken) -> None:
        del self.tables[e.table]
        for who, n, box in e.moves:
            self.tables[n].boxes[box - 1] = who

    def _f_reserved(self, e: Reserved) -> None:
        self.reserves.append(e.player)

    def _f_reserve_seated(self, e: ReserveSeated) -> None:
        t, i = self._seat(e.seat_of)
        t.boxes[i] = e.player
        self.players[e.player] = Entrant(self.conditions.starting_chips, paid=e.fee)
        self.pool += e.fee - e.commission
        self.commission += e.commission
        self.drawn.append(e.player)
        self.reserves.remove(e.player)

    def _f_substituted(self, e: Substituted) -> None:
        old = self.players[e.player]
        self.players[e.substitute] = Entrant(old.chips, rebuys=old.rebuys, addons=old.addons)
        old.out, old.chips = True, 0
        t, i = self._seat(e.player)
        t.boxes[i] = e.substitute
        self.drawn[self.drawn.index(e.player)] = e.substitute
        if e.substitute in self.reserves:
            self.reserves.remove(e.substitute)

    def _f_break_offered(self, e: BreakOffered) -> None:
        self.now = e.now
        self.breaks.append((e.now, e.now + e.seconds))

    def _seat(self, player: str) -> tuple[UthTournamentTable, int]:
        pos = self.where(player)
        assert pos is not None, f"{player} holds no position"
        return pos

    _FOLD: ClassVar[dict[type[Any], Handler[UthTournament]]] = handlers(
        on(Entered, _f_entered),
        on(Refunded, _f_refunded),
        on(Forfeited, _f_forfeited),
        on(Started, _f_started),
        on(Bought, _f_bought),
        on(Eliminated, _f_eliminated),
        on(Wagered, _f_wagered),
        on(OutOfOrder, _f_out_of_order),
        on(Ticked, _f_ticked),
        on(SessionEnded, _f_session_ended),
        on(Cancelled, _f_cancelled),
        on(Placed, _f_placed),
        on(RoundBegan, _f_round_began),
        on(Asked, _f_asked),
        on(RoundPlayed, _f_round_played),
        on(TableBroken, _f_table_broken),
        on(Reserved, _f_reserved),
        on(ReserveSeated, _f_reserve_seated),
        on(Substituted, _f_substituted),
        on(BreakOffered, _f_break_offered),
    )


__all__ = [
    "HOUSE_FLOAT",
    "Asked",
    "Bought",
    "BreakOffered",
    "Cancelled",
    "Eliminated",
    "Entered",
    "Entrant",
    "Forfeited",
    "OutOfOrder",
    "Placed",
    "Purchase",
    "Refunded",
    "ReserveSeated",
    "Reserved",
    "RoundBegan",
    "RoundPlayed",
    "SessionEnd",
    "SessionEnded",
    "Started",
    "Status",
    "Substituted",
    "TEvent",
    "TableBroken",
    "Ticked",
    "TournamentConditions",
    "UthTournament",
    "Wagered",
]
