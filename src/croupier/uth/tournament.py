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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from croupier.cards import Card
from croupier.rules import IllegalAction, Ruling
from croupier.tournament.payouts import find_payout_scheme, share_equally
from croupier.uth.game import TableState, UthRound
from croupier.uth.tournament_conditions import Purchase as Purchase
from croupier.uth.tournament_conditions import SessionEnd as SessionEnd
from croupier.uth.tournament_conditions import TournamentConditions as TournamentConditions
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
from croupier.uth.tournament_tables import SEATING, UthTournamentTable, draw_layout, plan_break

R = "act-uth-2025 "
CONDITIONS = R + "16.3"
#: The house's float of tournament chips; they cannot be exchanged for money (A).
HOUSE_FLOAT = 10**12


class Status(StrEnum):
    ENTRY = "entry"
    RUNNING = "running"
    WAGERING = "wagering"
    IN_ROUND = "in-round"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass
class Entrant:
    chips: int = 0
    paid: int = 0  # money paid in: entry fee, re-buys and add-ons (16.24)
    rebuys: int = 0
    addons: int = 0
    out: bool = False  # eliminated, forfeited, refunded or substituted
    out_at: int = -1  # the rounds played (all tables) before the player was eliminated
    out_chips: int = 0
    warned: bool = False  # advised after wagering out of order (16.16)
    forfeited: bool = False


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


IN_PLAY = frozenset({Status.RUNNING, Status.WAGERING, Status.IN_ROUND})
SESSION = "act-uth-2025 A"


@dataclass
class UthTournament:
    """A tournament at one table or several (16.9). Methods check a command and return its
    events, or raise :class:`IllegalAction` with nothing changed."""

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
        for e in pending:
            self._emit(e)

    # -- queries ------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.status in IN_PLAY

    @property
    def seats(self) -> tuple[str, ...]:
        """The seated players in table and box order (a one-table tournament: its boxes)."""
        return tuple(p for t in self._in_play() for p in t.seated())

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
        pos = self._where(player)
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
            playing = [t for t in self._in_play() if self._active_at(t)]
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
        tbl = self._table(table)
        chips = {p: self.players[p].chips for p in self._active_at(tbl)}
        seats = {i + 1: p for i, p in enumerate(tbl.boxes) if p is not None}
        return TableState(chips, HOUSE_FLOAT, seats=seats)

    def _in_play(self) -> list[UthTournamentTable]:
        return [self.tables[n] for n in sorted(self.tables)]

    def _first(self) -> UthTournamentTable:
        return (
            self.tables[min(self.tables)]
            if self.tables
            else UthTournamentTable(0, [], Status.ENTRY)
        )

    def _active_at(self, tbl: UthTournamentTable) -> list[str]:
        return [p for p in tbl.seated() if not self.players[p].out]

    def _where(self, player: str) -> tuple[UthTournamentTable, int] | None:
        for t in self.tables.values():
            if player in t.boxes:
                return t, t.boxes.index(player)
        return None

    def _table(self, number: int) -> UthTournamentTable:
        if number not in self.tables:
            raise _refuse(SEATING, f"there is no table {number} in play")
        return self.tables[number]

    def _idle_except(self, tbl: UthTournamentTable) -> bool:
        return all(t.status is Status.RUNNING for t in self.tables.values() if t is not tbl)

    def _seat_key(self, p: str) -> tuple[int, int, int]:
        pos = self.position(p)
        return (0, *pos) if pos else (1, self.drawn.index(p), 0)

    # -- entry (16.6, 16.8, 16.10, 16.11, 16.21, 16.23) ---------------------------------

    def enter(self, player: str) -> list[TEvent]:
        c = self.conditions
        if self.status is not Status.ENTRY:
            raise _refuse(R + "16.8", "entries close when seats are drawn")
        if player in self.players:
            raise _refuse(R + "16.6", f"{player} has entered already: one entry only")
        if len(self.players) >= c.max_players:
            raise _refuse(CONDITIONS, f"the tournament takes at most {c.max_players} players")
        return self._do(Entered(player, c.entry_fee, c.commission))

    def refund(self, player: str) -> list[TEvent]:
        """A player asks for their entry fee back (16.23: only where the conditions allow)."""
        if player not in self.players or self.players[player].out:
            raise _refuse(R + "16.23", f"{player} holds no entry")
        if not self.conditions.refundable or self.status is not Status.ENTRY:
            raise _refuse(R + "16.23", "entry fees, re-buys and add-ons are not refundable")
        return self._do(Refunded(player, self.players[player].paid, R + "16.23"))

    def forfeit(self, player: str) -> list[TEvent]:
        """The player did not take the allocated seat by the starting time (16.10)."""
        pos = self._where(player)
        if pos is None or self.players[player].out:
            raise _refuse(R + "16.10", f"{player} has no seat to forfeit")
        if not self.running or pos[0].rounds or pos[0].status is not Status.RUNNING:
            raise _refuse(R + "16.10", "a seat is forfeited only before the session begins")
        return self._do(Forfeited(player, R + "16.10"))

    def start(
        self, ballot: Sequence[str], now: int, per_table: Sequence[int] | None = None
    ) -> list[TEvent]:
        """Tables and seats by ballot (16.8): ``ballot`` is the drawn order, an input; the
        first ``per_table[0]`` players drawn fill boxes 1, 2, ... of table 1, and so on. The
        Tournament Director decides ``per_table`` (16.9); by default the fewest tables of
        ``players_per_table`` boxes, shared as evenly as possible."""
        if self.status is not Status.ENTRY:
            raise _refuse(R + "16.8", "the seats have been drawn")
        live = sorted(p for p, e in self.players.items() if not e.out)
        if sorted(ballot) != live:
            raise _refuse(R + "16.8", "the ballot must seat every entered player exactly once")
        if len(live) < self.conditions.min_players:
            raise _refuse(CONDITIONS, f"at least {self.conditions.min_players} players needed")
        layout = draw_layout(ballot, self.conditions.players_per_table, per_table)
        return self._do(Started(tuple(ballot), now, R + "16.8", layout))

    def add_reserve(self, player: str) -> list[TEvent]:
        """Register ``player`` as a reserve for a seat left unfilled (16.11)."""
        if self.status in (Status.FINISHED, Status.CANCELLED):
            raise _refuse(R + "16.11", f"the tournament is {self.status}")
        if player in self.players:
            raise _refuse(R + "16.6", f"{player} has entered already: one entry only")
        if player in self.reserves:
            raise _refuse(R + "16.11", f"{player} is a reserve already")
        return self._do(Reserved(player, R + "16.11"))

    def seat_reserve(self, player: str, seat_of: str) -> list[TEvent]:
        """The TD offers ``seat_of``'s forfeited seat (16.10) to the reserve ``player``, who
        pays the entry fee (16.11); fee and commission go as for an entry (16.21). Reading:
        the player's first session commences when the first round at that table begins."""
        clause = R + "16.11"
        if player not in self.reserves:
            raise _refuse(clause, f"{player} is not a registered reserve")
        pos = self._where(seat_of)
        if pos is None or not self.players[seat_of].forfeited:
            raise _refuse(clause, f"{seat_of} holds no forfeited seat (16.10)")
        if not self.running or pos[0].begun:
            raise _refuse(clause, "a reserve is seated only before the session commences")
        c = self.conditions
        return self._do(ReserveSeated(player, seat_of, c.entry_fee, c.commission, clause))

    def substitute(self, player: str, substitute: str, approved_by: str) -> list[TEvent]:
        """``substitute`` takes over ``player``'s position and chips (with the re-buys and
        add-ons used) with the approval of the Tournament Director named (16.12), between
        rounds at that table. Readings: the money each paid stays theirs (16.24 refunds it to
        them); a warning for wagering out of order (16.16) was given to the person and does
        not pass on; the player replaced takes no place."""
        clause = R + "16.12"
        if not approved_by.strip():
            raise _refuse(clause, "a substitute needs the Tournament Director's approval")
        if substitute in self.players:
            raise _refuse(clause, f"{substitute} has entered already: one entry only (16.6)")
        pos = self._where(player)
        if pos is None or not self.running:
            raise _refuse(clause, f"{player} holds no position to hand over")
        if self.players[player].out:
            raise _refuse(clause, f"{player} is out of the tournament: nothing to hand over")
        if pos[0].status is not Status.RUNNING:
            raise _refuse(clause, f"table {pos[0].number} is in a round: wait until it ends")
        return self._do(Substituted(player, substitute, approved_by.strip(), clause))

    # -- re-buys and add-ons (16.3(a)(iii)(G)-(H)) --------------------------------------

    def rebuy(self, player: str) -> list[TEvent]:
        terms = self.conditions.rebuy
        clause = CONDITIONS + "(a)(iii)(G)"
        e, tbl = self._between_rounds(player, terms, clause, "re-buys")
        if e.forfeited:
            raise _refuse(R + "16.10", f"{player} forfeited the seat")
        if e.chips >= self.conditions.required:
            raise _refuse(clause, f"{player} can still wager the table minimum: no re-buy needed")
        assert terms is not None
        if e.rebuys >= terms.per_player:
            raise _refuse(clause, f"{player} has used all {terms.per_player} re-buy(s)")
        if tbl is None:  # the box was given to another player, or the table broken (16.9)
            raise _refuse(SEATING, f"{player} holds no position to buy back into")
        return self._do(Bought(player, "rebuy", terms.cost, terms.chips, clause))

    def add_on(self, player: str) -> list[TEvent]:
        terms = self.conditions.addon
        clause = CONDITIONS + "(a)(iii)(H)"
        e, _ = self._between_rounds(player, terms, clause, "add-ons")
        if e.out:
            raise _refuse(R + "16.7", f"{player} has been eliminated")
        assert terms is not None
        if e.addons >= terms.per_player:
            raise _refuse(clause, f"{player} has taken the add-on")
        return self._do(Bought(player, "addon", terms.cost, terms.chips, clause))

    def _between_rounds(
        self, player: str, terms: Purchase | None, clause: str, what: str
    ) -> tuple[Entrant, UthTournamentTable | None]:
        """The player's entry and table; the purchase is on offer between rounds at that
        table, until its round ``until_round`` (counted at the player's table)."""
        if terms is None:
            raise _refuse(clause, f"the conditions offer no {what}")
        pos = self._where(player)
        tbl = pos[0] if pos else None
        if not self.running or (tbl is not None and tbl.status is not Status.RUNNING):
            raise _refuse(clause, f"{what} are made between rounds of a running session")
        if player not in self.drawn:
            raise _refuse(R + "16.6", f"{player} has no entry")
        played = tbl.rounds if tbl else self.rounds
        if terms.until_round is not None and played > terms.until_round:
            raise _refuse(clause, f"{what} ended after round {terms.until_round}")
        return self.players[player], tbl

    # -- tables and breaks (16.9, 16.18) ------------------------------------------------

    def break_table(
        self, table: int, to: Mapping[str, tuple[int, int]] | None = None
    ) -> list[TEvent]:
        """Break ``table`` from play as players are eliminated (16.9): each player still in
        moves to the (table, box) ``to`` names, by default the free boxes of the other tables
        in table and box order. Refused when there is no room, or a round is in play at the
        broken table or a receiving one. Players out at the broken table lose their position."""
        if not self.running:
            raise _refuse(SEATING, "tables are broken while the tournament is in play")
        moves = plan_break(self.tables, table, to, lambda p: self.players[p].out)
        return self._do(TableBroken(table, moves, SEATING))

    def offer_break(self, now: int, seconds: int) -> list[TEvent]:
        """The Tournament Director offers a break of ``seconds`` from ``now`` (16.18). Rounds
        in play complete; no round begins until the break ends; a timed session's clock
        stops for it (:meth:`played_seconds`)."""
        clause = R + "16.18"
        if not self.running:
            raise _refuse(clause, f"no break: the tournament is {self.status}")
        if now < self.now:
            raise _refuse("croupier clock", f"time runs forward: {now} after {self.now}")
        if seconds < 1:
            raise _refuse(clause, "the Tournament Director specifies the break's length")
        if self.breaks and now < self.breaks[-1][1]:
            raise _refuse(clause, f"the players are on a break until {self.breaks[-1][1]}")
        return self._do(BreakOffered(now, seconds, clause))

    # -- rounds (16.15-16.17) -----------------------------------------------------------

    def tick(self, now: int) -> list[TEvent]:
        if now < self.now:
            raise _refuse("croupier clock", f"time runs forward: {now} after {self.now}")
        c = self.conditions
        # a timed session ends when its time is up, once the rounds in play are complete
        over = c.session is SessionEnd.SECONDS and self.played_seconds(now) >= c.session_limit
        if over and self.status is Status.RUNNING:
            return self._do(Ticked(now), SessionEnded(SESSION))
        return self._do(Ticked(now))

    def begin_round(self, table: int = 1) -> list[TEvent]:
        """Eliminate who at the table cannot wager the table minimum (16.15), then ask for
        wagers from the starting marker clockwise (16.16); the session may end first."""
        if not self.running:
            raise _refuse(R + "16.16", f"no round can begin: the tournament is {self.status}")
        tbl = self._table(table)
        if tbl.status is not Status.RUNNING:
            raise _refuse(R + "16.16", f"no round can begin: table {table} is {tbl.status}")
        idle = self._idle_except(tbl)
        c = self.conditions
        done = tbl.rounds >= c.session_limit if c.session is SessionEnd.ROUNDS else None
        if self.session_over if done is None else done:
            if self.session_over and idle:
                return self._do(SessionEnded(SESSION))
            raise _refuse(SESSION, f"the session is over at table {table}; it ends with the rest")
        if (ends := self.break_ends) is not None:
            raise _refuse(R + "16.18", f"the players are on a break until {ends}")
        req = c.required
        here = self._active_at(tbl)
        out: list[TEvent] = [
            Eliminated(p, self.players[p].chips, R + "16.15")
            for p in here
            if self.players[p].chips < req
        ]
        left = [p for p in here if self.players[p].chips >= req]
        still = len(left) + len(self.active()) - len(here)
        if still <= 1 or (c.session is SessionEnd.PLAYERS and still <= c.session_limit):
            if not out and not idle:
                raise _refuse(SESSION, "the session ends when the rounds in play are complete")
            # with a round in play elsewhere, the session ends when it is recorded
            return self._do(*out, *([SessionEnded(SESSION)] if idle else []))
        if not left:
            if not out:
                raise _refuse(SEATING, f"table {table} has no player left: break it")
            return self._do(*out)
        # the marker moves one player clockwise each round (a house reading of 16.16)
        order = tuple(p for p in tbl.clockwise() if p in left)
        return self._do(*out, RoundBegan(tbl.rounds + 1, order, table), Asked(order[0], table))

    def wager(
        self,
        player: str,
        ante: int,
        trips: int = 0,
        *,
        table: int | None = None,
        box: int | None = None,
    ) -> list[TEvent]:
        """A player's Ante (the Blind equals it) and Trips for this round, at their table. A
        ``table`` or ``box`` given must be the player's own (16.9)."""
        pos = self._where(player)
        if (table, box) != (None, None):
            mine = None if pos is None else (pos[0].number, pos[1] + 1)
            if mine is None or table not in (None, mine[0]) or box not in (None, mine[1]):
                held = f"table {mine[0]} box {mine[1]}" if mine else "no position"
                raise _refuse(SEATING, f"{player} plays only where assigned: {held}")
        tbl = pos[0] if pos else None
        if not self.running or (tbl.status if tbl else self.status) is not Status.WAGERING:
            raise _refuse(R + "16.17", "no round is taking wagers")
        if tbl is None or player not in tbl.order:
            raise _refuse(R + "16.15", f"{player} is not in this round")
        c = self.conditions
        if ante < c.minimum:
            raise _refuse(R + "16.15", f"every player wagers at least the minimum {c.minimum}")
        if ante > c.maximum or trips > c.maximum or trips < 0:
            raise _refuse(CONDITIONS + "(a)(vii)", f"wagers are at most {c.maximum}")
        if 2 * ante + trips > self.players[player].chips:
            raise _refuse(R + "16.14", f"{player} has {self.players[player].chips} chips")
        at = tbl.order.index(player)
        if at < tbl.asked:
            raise _refuse(R + "16.16", f"{player}'s opportunity to wager has ended (16.17)")
        if at == tbl.asked:
            return self._do(Wagered(player, ante, trips))
        if player in tbl.wagers:
            raise _refuse(R + "16.16", f"{player}'s out-of-order wager stands")
        e = self.players[player]
        void = e.warned and c.void_repeated_out_of_order
        return self._do(
            *([] if void else [Wagered(player, ante, trips, R + "16.16")]),
            OutOfOrder(player, void, R + "16.16"),
        )

    def ask_next(self, table: int = 1) -> list[TEvent]:
        """The dealer asks the next player, ending this player's opportunity (16.17)."""
        tbl = self._at(table, Status.WAGERING, R + "16.17", "no round is taking wagers")
        p = tbl.order[tbl.asked]
        if p not in tbl.wagers:
            raise _refuse(R + "16.15", f"{p} must wager at least the table minimum")
        nxt = tbl.asked + 1
        while nxt < len(tbl.order) and tbl.order[nxt] in tbl.wagers:
            nxt += 1  # an out-of-order wager stands and is not asked for again
        if nxt == len(tbl.order):
            return self._do(Asked("", table))
        return self._do(Asked(tbl.order[nxt], table))

    def record_round(self, played: UthRound, table: int = 1) -> list[TEvent]:
        """The finished round's result for each player (16.14: no other change to chips);
        each box must be played by the player assigned to it (16.9)."""
        tbl = self._at(table, Status.IN_ROUND, R + "16.14", "no round is awaiting its result")
        here = self._active_at(tbl)
        if not played.is_over or set(played.start.chips) != set(here):
            raise _refuse(R + "16.14", "that is not this round, finished")
        for n, b in played.boxes.items():
            if not 1 <= n <= len(tbl.boxes) or tbl.boxes[n - 1] != b.player:
                raise _refuse(SEATING, f"{b.player} played box {n}: not the position assigned")
        if played.void is None:
            placed = {b.player: (b.ante, b.trips) for b in played.boxes.values()}
            if placed != tbl.wagers:
                raise _refuse(R + "16.16", "the round's wagers are not those placed")
        after = played.table_after().chips
        nets = tuple((p, after[p] - played.start.chips[p]) for p in here)
        if any(self.players[p].chips != played.start.chips[p] for p in here):
            raise _refuse(R + "16.14", "the round started from other chip counts")
        void = played.void is not None
        events: list[TEvent] = [RoundPlayed(nets, void, table)]
        if self._over_after(tbl, void):
            events.append(SessionEnded(SESSION))
        return self._do(*events)

    def _at(self, table: int, status: Status, clause: str, message: str) -> UthTournamentTable:
        if not self.running:
            raise _refuse(clause, message)
        tbl = self._table(table)
        if tbl.status is not status:
            raise _refuse(clause, message)
        return tbl

    def _over_after(self, tbl: UthTournamentTable, void: bool) -> bool:
        """Whether the session ends once this round at ``tbl`` is recorded: never while a
        round is in play at another table."""
        if not self._idle_except(tbl):
            return False
        c = self.conditions
        if c.session is SessionEnd.ROUNDS:
            playing = [t for t in self._in_play() if self._active_at(t)]
            return all(t.rounds + (t is tbl and not void) >= c.session_limit for t in playing)
        if c.session is SessionEnd.SECONDS:
            return self.played_seconds() >= c.session_limit
        # players are eliminated when their table's next round begins (16.15)
        return len(self.active()) <= c.session_limit

    # -- the end (16.20-16.24) ----------------------------------------------------------

    def standings(self, draw: Mapping[str, Card] | None = None) -> list[list[str]]:
        """Players from first place down; players level share a group. Active players rank by
        chips; eliminated ones below them, later eliminations first (rounds played at all
        tables), then by the chips they held (a house reading of 16.3(a)(iii)(E)(b)). With
        ``draw``, the higher card breaks a tie (16.3(a)(iii)(E)(c); suits rank clubs <
        diamonds < hearts < spades). Forfeited and substituted players take no place."""
        ranked = sorted(
            sorted((p for p in self.drawn if not self.players[p].forfeited), key=self._seat_key),
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

    def finish(self, draw: Mapping[str, Card] | None = None) -> list[TEvent]:
        """Calculate and award the places (16.20) from the prize pool (16.21-16.22)."""
        if self.status is not Status.FINISHED or any(isinstance(e, Placed) for e in self.events):
            raise _refuse(R + "16.20", "places are awarded once, when the session is over")
        c = self.conditions
        groups = self.standings()
        if not c.split_ties and any(len(g) > 1 for g in groups):
            tied = {p for g in groups if len(g) > 1 for p in g}
            if draw is None or not tied <= set(draw) or len(set(draw.values())) != len(draw):
                raise _refuse(CONDITIONS + "(a)(iii)(E)", "level players draw distinct cards")
            groups = self.standings(draw)
        # whole units the shares leave over go to first place (house default)
        prizes = find_payout_scheme("shares").amounts(self.pool, len(self.drawn), c.prizes)
        events: list[TEvent] = []
        place = 1
        for g in groups:
            share = sum(prizes[place - 1 + k] for k in range(len(g)) if place - 1 + k < len(prizes))
            # odd units one each to the level players in seat order (house default)
            won = share_equally(share, sorted(g, key=self._seat_key))
            for p in sorted(g, key=self._seat_key):
                events.append(Placed(p, place, won[p], tuple(q for q in g if q != p), R + "16.20"))
            place += len(g)
        return self._do(*events)

    def cancel(self) -> list[TEvent]:
        """The operator cancels: every fee, commission, re-buy and add-on back in full (16.24)."""
        if self.status in (Status.FINISHED, Status.CANCELLED):
            raise _refuse(R + "16.24", f"the tournament is {self.status}")
        refunds = tuple((p, e.paid) for p, e in self.players.items() if e.paid)
        return self._do(Cancelled(refunds, R + "16.24"))

    # -- fold ---------------------------------------------------------------------------

    def _do(self, *events: TEvent) -> list[TEvent]:
        for e in events:
            self._emit(e)
        return list(events)

    def _emit(self, e: TEvent) -> None:
        self.events.append(e)
        if isinstance(e, Entered):
            self.players[e.player] = Entrant(paid=e.fee)
            self.pool += e.fee - e.commission
            self.commission += e.commission
            if e.player in self.reserves:
                self.reserves.remove(e.player)
        elif isinstance(e, Refunded):
            p = self.players[e.player]
            p.out, p.paid = True, 0
            self.pool -= e.amount - self.conditions.commission
            self.commission -= self.conditions.commission
        elif isinstance(e, Forfeited):
            p = self.players[e.player]
            p.out, p.forfeited, p.chips = True, True, 0
        elif isinstance(e, Started):
            self.started_at, self.now = e.now, e.now
            self.status = Status.RUNNING
            for n, boxes in enumerate(e.tables or (e.seats,), start=1):
                self.tables[n] = UthTournamentTable(n, list(boxes), Status.RUNNING)
            self.drawn = list(e.seats)
            for s in e.seats:
                self.players[s].chips = self.conditions.starting_chips
        elif isinstance(e, Bought):
            p = self.players[e.player]
            p.chips += e.chips
            p.paid += e.cost
            self.pool += e.cost
            if e.kind == "rebuy":
                p.rebuys += 1
                p.out = False
            else:
                p.addons += 1
        elif isinstance(e, Eliminated):
            p = self.players[e.player]
            p.out, p.out_at, p.out_chips = True, self.rounds, e.chips
        elif isinstance(e, Wagered):
            self._seat(e.player)[0].wagers[e.player] = (e.ante, e.trips)
        elif isinstance(e, OutOfOrder):
            self.players[e.player].warned = True
        elif isinstance(e, Ticked):
            self.now = e.now
        elif isinstance(e, SessionEnded):
            self.status = Status.FINISHED
        elif isinstance(e, Cancelled):
            self.status = Status.CANCELLED
        else:
            self._emit_admin(e)

    def _emit_admin(self, e: TEvent) -> None:
        """Fold the events of a table's round and of the Tournament Director."""
        if isinstance(e, RoundBegan):
            t = self.tables[e.table]
            t.order, t.wagers, t.asked = e.order, {}, -1
            t.marker = t.boxes.index(e.order[0])
            t.begun += 1
            t.status = Status.WAGERING
        elif isinstance(e, Asked):
            t = self.tables[e.table]
            if e.player:
                t.asked = t.order.index(e.player)
            else:
                t.status = Status.IN_ROUND
        elif isinstance(e, RoundPlayed):
            t = self.tables[e.table]
            for who, net in e.nets:
                self.players[who].chips += net
            self.rounds += not e.void
            t.rounds += not e.void
            t.status = Status.RUNNING
        elif isinstance(e, TableBroken):
            del self.tables[e.table]
            for who, n, box in e.moves:
                self.tables[n].boxes[box - 1] = who
        elif isinstance(e, Reserved):
            self.reserves.append(e.player)
        elif isinstance(e, ReserveSeated):
            t, i = self._seat(e.seat_of)
            t.boxes[i] = e.player
            self.players[e.player] = Entrant(self.conditions.starting_chips, paid=e.fee)
            self.pool += e.fee - e.commission
            self.commission += e.commission
            self.drawn.append(e.player)
            self.reserves.remove(e.player)
        elif isinstance(e, Substituted):
            old = self.players[e.player]
            self.players[e.substitute] = Entrant(old.chips, rebuys=old.rebuys, addons=old.addons)
            old.out, old.chips = True, 0
            t, i = self._seat(e.player)
            t.boxes[i] = e.substitute
            self.drawn[self.drawn.index(e.player)] = e.substitute
            if e.substitute in self.reserves:
                self.reserves.remove(e.substitute)
        elif isinstance(e, BreakOffered):
            self.now = e.now
            self.breaks.append((e.now, e.now + e.seconds))
        if self.running:  # in play: WAGERING or IN_ROUND while any table is
            states = {t.status for t in self.tables.values()}
            busy = [s for s in (Status.WAGERING, Status.IN_ROUND) if s in states]
            self.status = busy[0] if busy else Status.RUNNING

    def _seat(self, player: str) -> tuple[UthTournamentTable, int]:
        pos = self._where(player)
        assert pos is not None, f"{player} holds no position"
        return pos


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
