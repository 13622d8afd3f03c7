"""A card room: its tables, waiting lists, the board and the cage.

:class:`Room` takes :mod:`croupier.room.commands` through the core's three verbs
(:meth:`Room.why_illegal`, :meth:`Room.apply`) and answers with events or an
:class:`~croupier.round.IllegalAction` naming the clause, with nothing changed. Its state is the
fold of its events (:meth:`Room.from_events`): a cash table's events are wrapped, whatever their
type, and the table is rebuilt by its own fold.

Chips reach and leave a cash table only through the cage, one chip for one unit of cash, so the
room's money is conserved after every command, whose events commit together (:meth:`Room.ledger`):
cash in = chips on the cash tables (and locked there) + commission + fees + cash out
+ players' chips at UTH tables + the house bank's result there + tournament pools + tournament
fees. A UTH table is played as its own stream (:mod:`croupier.room.uth_tables`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from croupier.fold import Handler, handlers, on
from croupier.room import commands as c
from croupier.room import draws as dr
from croupier.room import moves as mv
from croupier.room import topups as tu
from croupier.room import tournament_hands as th
from croupier.room import tournaments as tr
from croupier.room import uth_tables as uth
from croupier.room import uth_tournaments as ut
from croupier.room.events import (
    AtTableEvent,
    BoughtIn,
    CallLapsed,
    CallWithdrawn,
    CashedOut,
    CashTableOpened,
    ListJoined,
    ListLeft,
    PlayerCalled,
    PrizePaid,
    RoomEvent,
    SeatChangeRequested,
    TableShut,
    TournamentEntered,
    TournamentOpened,
    TournamentTerms,
    UthTableOpened,
)
from croupier.rules import IllegalAction, Ruling
from croupier.table.commands import (
    AddChips,
    ChangeSeat,
    Leave,
    RemoveChips,
    SitDown,
    TableCommand,
)
from croupier.table.commands import CloseTable as CloseCashTable
from croupier.table.events import FundsReleased, PlayerLeft, SeatChanged
from croupier.table.table import Table, TableConfig
from croupier.tournament import Conditions, Tournament
from croupier.uth.game import UthConfig
from croupier.uth.played import UthPlay

ROOM = "croupier room"  # house refusals no rulebook clause covers
CAGE = "croupier cage"
#: The call-in time a called player has to come to the table (house default, seconds).
CALL_SECONDS = 5 * 60


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def list_key(config: TableConfig) -> tuple[str, str]:
    """The waiting list a cash table serves: its game and its stakes, as the board shows them."""
    limit = config.structure.limits[0].value
    stakes = config.stakes
    return f"{config.game.name} {limit}", f"{stakes.small_blind}/{stakes.big_blind}"


def uth_key(config: UthConfig) -> tuple[str, str]:
    return "ultimate texas hold'em", f"{config.limits.minimum}-{config.limits.maximum}"


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One line of the room board."""

    table: str
    kind: str  # "cash", "uth" or "tournament"
    game: str
    stakes: str
    seats: int
    taken: int
    waiting: int

    @property
    def free(self) -> int:
        return self.seats - self.taken


@dataclass(frozen=True, slots=True)
class Ledger:
    """The room's money, each term in cash units (one chip is one unit)."""

    cash_in: int
    cash_out: int
    chips: int  # on the cash tables, locked funds included
    commission: int
    fees: int
    uth_chips: int  # the players' chips at UTH tables, those on the layout included
    pools: int  # tournament prize pools not yet paid
    tournament_fees: int
    uth_house: int = 0  # the UTH house banks' wins less their losses (negative: a loss)

    @property
    def accounted(self) -> int:
        return (
            self.cash_out
            + self.chips
            + self.commission
            + self.fees
            + self.uth_chips
            + self.uth_house
            + self.pools
            + self.tournament_fees
        )

    @property
    def conserved(self) -> bool:
        return self.cash_in == self.accounted


@dataclass
class Call:
    game: str
    stakes: str
    table: str
    deadline: int


@dataclass
class _Uth:
    config: UthConfig
    play: UthPlay  # the table and its round in progress
    players: dict[str, int] = field(default_factory=dict)  # cash bought less redeemed


_Tournament = tr.TournamentAccount


class Room:
    """The room's state and its verbs."""

    def __init__(self, call_seconds: int = CALL_SECONDS) -> None:
        self.call_seconds = call_seconds
        self.events: list[RoomEvent] = []
        self.configs: dict[str, TableConfig] = {}
        self.tables: dict[str, Table] = {}
        self.uth: dict[str, _Uth] = {}
        self.tournaments: dict[str, _Tournament] = {}
        self.uth_tournaments: dict[str, ut.UthTournamentAccount] = {}
        self.shut: set[str] = set()
        self.lists: dict[tuple[str, str], list[str]] = {}
        self.calls: dict[str, Call] = {}  # the called player -> their call
        self.requests: dict[str, list[str]] = {}  # table -> players asking for a seat change
        self.drawn: dict[str, str] = {}  # table -> the winner of its seated players' draw
        self.topups: dict[tuple[str, str], tu.TopUpRequested] = {}  # (table, player) -> ask
        self.cash_in = 0
        self.cash_out = 0

    # ------------------------------------------------------------------------------------
    # Queries

    def is_open(self, table: str) -> bool:
        kinds = (self.tables, self.uth, self.tournaments, self.uth_tournaments)
        return any(table in k for k in kinds) and table not in self.shut

    def board(self) -> list[BoardRow]:
        """Every open table: game, stakes, seats taken and free, and its list's length."""
        rows = []
        for name, t in self.tables.items():
            if name in self.shut:
                continue
            key = list_key(t.config)
            rows.append(
                BoardRow(
                    name, "cash", *key, t.config.size, len(t.seating.seats), self._waiting(key)
                )
            )
        for name, u in self.uth.items():
            if name not in self.shut:
                key = uth_key(u.config)
                seated = len(u.play.table.seats)
                rows.append(BoardRow(name, "uth", *key, u.config.boxes, seated, self._waiting(key)))
        for name, tm in self.tournaments.items():
            if name not in self.shut:
                entries = len(tm.entries)
                stakes = f"{tm.terms.entry}+{tm.terms.fee}"
                rows.append(BoardRow(name, "tournament", tm.terms.game, stakes, 0, 0, entries))
        for name, game, stakes, entries in ut.board(self.uth_tournaments, self.shut):
            rows.append(BoardRow(name, "uth-tournament", game, stakes, 0, 0, entries))
        return rows

    def ledger(self) -> Ledger:
        cash = list(self.tables.values())
        uth_in, uth_out, uth_pools, uth_fees = ut.ledger(self.uth_tournaments)
        return Ledger(
            cash_in=self.cash_in + uth_in,
            cash_out=self.cash_out + uth_out,
            chips=sum(t.total_chips for t in cash),
            commission=sum(t.commission for t in cash),
            fees=sum(t.fees for t in cash),
            uth_chips=sum(u.play.player_chips for u in self.uth.values()),
            pools=sum(tm.pool for tm in self.tournaments.values()) + uth_pools,
            tournament_fees=sum(tm.fees for tm in self.tournaments.values()) + uth_fees,
            uth_house=sum(u.play.bank for u in self.uth.values()),
        )

    def seated_at(self, player: str) -> str | None:
        """The open cash table where ``player`` has a seat, if any."""
        return next(
            (
                n
                for n, t in self.tables.items()
                if n not in self.shut and t.seat_of(player) is not None
            ),
            None,
        )

    def waiting(self, game: str, stakes: str) -> tuple[str, ...]:
        return tuple(self.lists.get((game, stakes), ()))

    def _waiting(self, key: tuple[str, str]) -> int:
        return len(self.lists.get(key, ()))

    def _keys(self) -> set[tuple[str, str]]:
        """The games with waiting lists: those of the open cash tables (house default: a UTH
        table is banked by the house and players take a free box, so it keeps no list)."""
        return {list_key(t.config) for n, t in self.tables.items() if n not in self.shut}

    # ------------------------------------------------------------------------------------
    # The verbs

    def why_illegal(self, cmd: c.RoomCommand) -> Ruling | None:
        try:
            self._plan(cmd, commit=False)
        except IllegalAction as e:
            return e.ruling
        return None

    def apply(self, cmd: c.RoomCommand) -> list[RoomEvent]:
        """Apply a command: the events it produced, or IllegalAction and no change."""
        events = self._plan(cmd, commit=True)
        mark = len(self.events)
        for e in events:
            self._fold(e)
        at = _time(cmd)  # checked by the plan: a whole number
        for e in self._calls(at if isinstance(at, int) else 0):
            self._fold(e)
        return self.events[mark:]

    def forget(self, tables: Iterable[str] | None = None) -> None:
        """Forget the events already kept elsewhere (an event store): the room's own log, and
        each cash table's before its last round began (of ``tables``, default all). The state
        is unchanged; a long-running room's memory stays bounded."""
        self.events.clear()
        for name in self.tables if tables is None else tables:
            t = self.tables.get(name)
            if t is not None:
                t.trim()

    @classmethod
    def from_events(cls, events: Sequence[RoomEvent], call_seconds: int = CALL_SECONDS) -> Room:
        room = cls(call_seconds)
        for e in events:
            room.replay(e)
        return room

    def replay(self, e: RoomEvent, own: bool = True) -> None:
        """Fold one stored event, a table's, UTH table's or tournament's own event into that
        table or tournament too (``own=False``: the room's state only, theirs folded apart,
        see :mod:`croupier.room.image`): a room rebuilt event by event (no rule is checked)."""
        if own and isinstance(e, AtTableEvent):
            self.tables[e.table].fold(e.event)
        elif own and isinstance(e, uth.AtUthEvent):
            self.uth[e.table].play.fold(e.event)
        elif own and isinstance(e, tr.AtTournamentEvent):
            run = self.tournaments[e.tournament].run
            if run is None:
                raise ValueError(f"{e.tournament}: events of a tournament the room does not run")
            run.fold(e.event)
        self._fold(e)

    # ------------------------------------------------------------------------------------
    # Planning: check a command and work out its events. Only a table's own apply changes
    # anything here (commit=True), and only after every check of the room's has passed.

    def _plan(self, cmd: c.RoomCommand, commit: bool) -> list[RoomEvent]:
        at = _time(cmd)
        if not isinstance(at, int) or isinstance(at, bool) or at < 0:
            raise _refuse(ROOM, f"the time 'at' is a whole number of seconds, not {at!r}")
        for attr in ("player", "table", "tournament"):
            name = getattr(cmd, attr, "?")
            if not isinstance(name, str) or not name:
                raise _refuse(ROOM, f"{type(cmd).__name__} needs a {attr}'s name")
        try:
            return self._dispatch(cmd, commit)
        except IllegalAction:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            raise _refuse(ROOM, f"malformed {type(cmd).__name__}: {e}") from e

    def _dispatch(self, cmd: c.RoomCommand, commit: bool) -> list[RoomEvent]:
        match cmd:
            case c.OpenTable():
                return self._plan_open(cmd)
            case c.OpenUthTable():
                return self._plan_open_uth(cmd)
            case c.OpenTournament():
                return self._plan_open_tournament(cmd)
            case ut.UthTournamentRoomCommand():  # croupier.room.uth_tournaments
                return ut.plan(self.uth_tournaments, cmd, self.is_open, self.shut)
            case c.CloseTable():
                return self._plan_close(cmd, commit)
            case c.JoinList():
                return self._plan_join(cmd)
            case c.LeaveList():
                return self._plan_leave_list(cmd)
            case c.Tick():
                return self._plan_tick(cmd)
            case c.RequestSeatChange():
                return self._plan_request(cmd)
            case c.TakeSeat():
                return self._plan_take_seat(cmd, commit)
            case dr.DrawForSeat():
                return self._plan_draw(cmd)
            case c.BuyIn():
                return self._plan_buy_in(cmd, commit)
            case tu.RequestTopUp():
                return tu.plan_request(self._cash_table(cmd.table), cmd)
            case tu.DeclineTopUp():
                self._cash_table(cmd.table)
                return tu.plan_decline(self.topups, cmd)
            case c.CashOut():
                self._cash_table(cmd.table)
                return self._at(cmd.table, Leave(cmd.player, cmd.at), commit)
            case c.AtTable():
                return self._plan_at_table(cmd, commit)
            case mv.MoveTable():
                return self._plan_move(cmd, commit)
            case c.UthBuyIn():
                return self._plan_uth_buy_in(cmd, commit)
            case c.UthCashOut():
                return self._plan_uth_cash_out(cmd, commit)
            case uth.AtUth():
                return uth.plan_at_uth(self._uth(cmd.table).play, cmd, commit)
            case c.EnterTournament():
                return self._plan_enter(cmd, commit)
            case c.PayPrize():
                return self._plan_prize(cmd)
            case tr.AtTournament():
                tm = self.tournaments.get(cmd.tournament)
                return tr.plan_at(tm, cmd.tournament in self.shut, cmd, commit)
            case tr.TournamentBuy():
                tm = self.tournaments.get(cmd.tournament)
                return tr.plan_buy(tm, cmd.tournament in self.shut, cmd, commit)
            case tr.CancelTournamentEntry():
                tm = self.tournaments.get(cmd.tournament)
                return tr.plan_refund(tm, cmd.tournament in self.shut, cmd, commit)
            case tr.TournamentTick():
                tm = self.tournaments.get(cmd.tournament)
                return tr.plan_tick(tm, cmd.tournament in self.shut, cmd, commit)
            case tr.NextLevel():
                tm = self.tournaments.get(cmd.tournament)
                return tr.plan_next_level(tm, cmd.tournament in self.shut, cmd, commit)
            case th.DealTournamentHand():
                tm = self.tournaments.get(cmd.tournament)
                return th.plan_deal(tm, cmd.tournament in self.shut, cmd, commit)
            case th.TournamentAct():
                tm = self.tournaments.get(cmd.tournament)
                return th.plan_act(tm, cmd.tournament in self.shut, cmd, commit)
            case th.TournamentPlay():
                tm = self.tournaments.get(cmd.tournament)
                return th.plan_play(tm, cmd.tournament in self.shut, cmd, commit)
            case th.CallTournamentClock():
                tm = self.tournaments.get(cmd.tournament)
                return th.plan_clock(tm, cmd.tournament in self.shut, cmd, commit)
            case th.EnforceTournamentClock():
                tm = self.tournaments.get(cmd.tournament)
                return th.plan_enforce(tm, cmd.tournament in self.shut, cmd, commit)
        raise _refuse(ROOM, f"the room takes no {type(cmd).__name__} command")

    def _new_name(self, name: str) -> None:
        if not isinstance(name, str) or not name:
            raise _refuse(ROOM, "a table needs a name")
        if name in self.tables or name in self.uth or name in self.tournaments:
            raise _refuse(ROOM, f"{name} is already a table or tournament of this room")

    def _cash_table(self, name: str) -> Table:
        t = self.tables.get(name)
        if t is None or name in self.shut:
            raise _refuse(ROOM, f"no open cash table {name}")
        return t

    def _plan_open(self, cmd: c.OpenTable) -> list[RoomEvent]:
        self._new_name(cmd.table)
        if not isinstance(cmd.config, TableConfig):
            raise _refuse(ROOM, "a cash table opens with a table configuration")
        return [CashTableOpened(cmd.table, cmd.config, cmd.at)]

    def _plan_open_uth(self, cmd: c.OpenUthTable) -> list[RoomEvent]:
        self._new_name(cmd.table)
        if not isinstance(cmd.config, UthConfig):
            raise _refuse(ROOM, "a UTH table opens with a UTH configuration")
        return [UthTableOpened(cmd.table, cmd.config, cmd.at)]

    def _plan_open_tournament(self, cmd: c.OpenTournament) -> list[RoomEvent]:
        self._new_name(cmd.tournament)
        terms = cmd.terms
        if not isinstance(terms, TournamentTerms):
            raise _refuse(ROOM, "a tournament opens with its terms")
        _cash(terms.entry, "an entry", CAGE, zero=True)
        _cash(terms.fee, "a fee", CAGE, zero=True)
        if cmd.conditions is not None:
            if not isinstance(cmd.conditions, Conditions):
                raise _refuse(ROOM, "a tournament the room runs opens with its conditions")
            terms = tr.terms_of(cmd.conditions)
        return [TournamentOpened(cmd.tournament, terms, cmd.at, cmd.conditions)]

    def _plan_close(self, cmd: c.CloseTable, commit: bool) -> list[RoomEvent]:
        name = cmd.table
        if not self.is_open(name):
            raise _refuse(ROOM, f"no open table or tournament {name}")
        events: list[RoomEvent] = []
        if name in self.tables:
            t = self.tables[name]
            if t.seating.seats or t.locked:
                raise _refuse(ROOM, f"{name} still has players or locked funds: cash them out")
            if not t.closed:
                events += self._at(name, CloseCashTable(cmd.at), commit)
        elif name in self.uth:
            play = self.uth[name].play
            if play.player_chips or play.table.seats or play.round is not None:
                raise _refuse(CAGE, f"{name}'s chips are not all redeemed")
        elif self.tournaments[name].pool:
            raise _refuse(CAGE, f"{name}'s prize pool is not all paid")
        events += [
            CallWithdrawn(p, name, cmd.at) for p, call in self.calls.items() if call.table == name
        ]
        return [*events, TableShut(name, cmd.at)]

    def _plan_join(self, cmd: c.JoinList) -> list[RoomEvent]:
        key = (cmd.game, cmd.stakes)
        if key not in self._keys():
            raise _refuse(ROOM, f"no open table spreads {cmd.game} at {cmd.stakes}")
        if cmd.player in self.lists.get(key, ()):
            raise _refuse(ROOM, f"{cmd.player} is already on the list for {cmd.game} {cmd.stakes}")
        seated = self.seated_at(cmd.player)
        if seated is not None and list_key(self.tables[seated].config) == key:
            raise _refuse(ROOM, f"{cmd.player} already plays {cmd.game} {cmd.stakes} at {seated}")
        return [ListJoined(cmd.player, cmd.game, cmd.stakes, cmd.at)]

    def _plan_leave_list(self, cmd: c.LeaveList) -> list[RoomEvent]:
        if cmd.player not in self.lists.get((cmd.game, cmd.stakes), ()):
            raise _refuse(ROOM, f"{cmd.player} is not on the list for {cmd.game} {cmd.stakes}")
        return [ListLeft(cmd.player, cmd.game, cmd.stakes, "asked to leave the list", cmd.at)]

    def _plan_tick(self, cmd: c.Tick) -> list[RoomEvent]:
        return [
            CallLapsed(p, call.game, call.stakes, call.table, cmd.at)
            for p, call in self.calls.items()
            if call.deadline <= cmd.at
        ]

    def _plan_request(self, cmd: c.RequestSeatChange) -> list[RoomEvent]:
        t = self._cash_table(cmd.table)
        if t.seat_of(cmd.player) is None:
            raise _refuse(ROOM, f"{cmd.player} is not seated at {cmd.table}")
        if cmd.player in self.requests.get(cmd.table, ()):
            raise _refuse(ROOM, f"{cmd.player} has already asked for a seat change")
        return [SeatChangeRequested(cmd.player, cmd.table, cmd.at)]

    def _plan_take_seat(self, cmd: c.TakeSeat, commit: bool) -> list[RoomEvent]:
        t = self._cash_table(cmd.table)
        _cash(cmd.cash, "a buy-in", CAGE)
        seated = self.seated_at(cmd.player)
        if seated is not None:
            raise _refuse(ROOM, f"{cmd.player} is seated at {seated}: one seat per player")
        key = list_key(t.config)
        queue = self.lists.get(key, [])
        call = self.calls.get(cmd.player)
        if queue and (call is None or call.table != cmd.table):
            raise dr.list_refusal(t, *key)
        dr.check_newcomer(t, self.requests.get(cmd.table, []), cmd.player)
        sit = SitDown(cmd.player, cmd.seat, cmd.cash, cmd.at, cmd.post)
        events: list[RoomEvent] = [BoughtIn(cmd.player, cmd.table, cmd.cash, cmd.at)]
        events += self._at(cmd.table, sit, commit)
        if cmd.player in queue:
            events.append(ListLeft(cmd.player, *key, f"seated at {cmd.table}", cmd.at))
        return events

    def _plan_buy_in(self, cmd: c.BuyIn, commit: bool) -> list[RoomEvent]:
        self._cash_table(cmd.table)
        _cash(cmd.cash, "a buy-in", CAGE)
        add = AddChips(cmd.player, cmd.cash, cmd.at)
        return [
            BoughtIn(cmd.player, cmd.table, cmd.cash, cmd.at),
            *self._at(cmd.table, add, commit),
        ]

    def _plan_draw(self, cmd: dr.DrawForSeat) -> list[RoomEvent]:
        t = self._cash_table(cmd.table)
        key = list_key(t.config)
        called = sum(1 for call in self.calls.values() if call.table == cmd.table)
        waiting = dr.waiting_for(t, self.lists.get(key, []), set(self.calls))
        free = t.config.size - len(t.seating.seats) - called
        requests = self.requests.get(cmd.table, [])
        drawn = self.drawn.get(cmd.table)
        return dr.plan_draw(t, cmd, requests, drawn, waiting, free, key, self.call_seconds)

    def _plan_at_table(self, cmd: c.AtTable, commit: bool) -> list[RoomEvent]:
        t = self._cash_table(cmd.table)
        inner = cmd.command
        if isinstance(inner, RemoveChips):  # the table refuses it, citing its rulebook
            raise IllegalAction(t.why_illegal(inner) or Ruling(CAGE, "chips stay on the table"))
        if isinstance(inner, ChangeSeat):  # qld s16(2)-(4), dunedin-house 16-17, act 8.2
            requests = self.requests.get(cmd.table, [])
            dr.check_change_seat(t, requests, self.drawn.get(cmd.table), inner.player)
        if isinstance(cmd.command, SitDown | AddChips | Leave):
            raise _refuse(
                CAGE,
                "chips reach and leave a table only through the cage: TakeSeat, BuyIn, CashOut",
            )
        return self._at(cmd.table, cmd.command, commit)

    def _plan_move(self, cmd: mv.MoveTable, commit: bool) -> list[RoomEvent]:
        source, target = self._cash_table(cmd.table), self._cash_table(cmd.to)
        called = [p for p, call in self.calls.items() if call.table == cmd.to]
        keys = (list_key(source.config), list_key(target.config))
        requests = self.requests.get(cmd.to, [])
        return mv.plan_move(source, target, keys, cmd, requests, called, commit)

    def _plan_uth_buy_in(self, cmd: c.UthBuyIn, commit: bool) -> list[RoomEvent]:
        u = self._uth(cmd.table)
        _cash(cmd.cash, "a buy-in", CAGE)
        return uth.plan_buy_in(u.play, cmd, commit)

    def _plan_uth_cash_out(self, cmd: c.UthCashOut, commit: bool) -> list[RoomEvent]:
        u = self._uth(cmd.table)
        _cash(cmd.chips, "a cash-out", CAGE)
        if cmd.player not in u.players:
            raise _refuse(CAGE, f"{cmd.player} bought no chips at {cmd.table}")
        return uth.plan_cash_out(u.play, cmd, commit)

    def _plan_enter(self, cmd: c.EnterTournament, commit: bool) -> list[RoomEvent]:
        tm = self.tournaments.get(cmd.tournament)
        if tm is None or cmd.tournament in self.shut:
            raise _refuse(ROOM, f"no open tournament {cmd.tournament}")
        if not cmd.player:
            raise _refuse(ROOM, "an entry takes a player's name")
        if tm.run is not None:
            return tr.plan_entry(tm, False, cmd, commit)
        return [TournamentEntered(cmd.player, cmd.tournament, tm.terms.entry, tm.terms.fee, cmd.at)]

    def _plan_prize(self, cmd: c.PayPrize) -> list[RoomEvent]:
        tm = self.tournaments.get(cmd.tournament)
        if tm is None:
            raise _refuse(ROOM, f"no tournament {cmd.tournament}")
        _cash(cmd.amount, "a prize", CAGE)
        if cmd.player not in tm.entries:
            raise _refuse(CAGE, f"{cmd.player} did not enter {cmd.tournament}")
        if cmd.amount > tm.pool:
            raise _refuse(CAGE, f"the prize pool of {cmd.tournament} holds only {tm.pool}")
        tr.check_prize(tm, cmd.player, cmd.amount)
        return [PrizePaid(cmd.player, cmd.tournament, cmd.amount, cmd.at)]

    def _uth(self, name: str) -> _Uth:
        u = self.uth.get(name)
        if u is None or name in self.shut:
            raise _refuse(ROOM, f"no open UTH table {name}")
        return u

    def _at(self, name: str, cmd: TableCommand, commit: bool) -> list[RoomEvent]:
        """A table command's events, wrapped, and the cage's payment for chips that left."""
        t = self.tables[name]
        if not commit:
            ruling = t.why_illegal(cmd)
            if ruling is not None:
                raise IllegalAction(ruling)
            return []
        out: list[RoomEvent] = []
        for e in t.apply(cmd):
            out.append(AtTableEvent(name, e))
            if (isinstance(e, PlayerLeft) and e.chips) or (
                isinstance(e, FundsReleased) and not e.seated and e.chips
            ):
                out.append(CashedOut(e.player, name, e.chips, e.clause, e.at))
        return out

    def _calls(self, at: int) -> list[RoomEvent]:
        """Call the next players where seats are open and nobody has been called for them."""
        out: list[RoomEvent] = []
        if not any(self.lists.values()):  # nobody waits: nothing to look at table by table
            return out
        called = set(self.calls)
        for name, t in self.tables.items():
            if name in self.shut or t.closed:
                continue
            key = list_key(t.config)
            free = t.config.size - len(t.seating.seats)
            free -= sum(1 for call in self.calls.values() if call.table == name)
            waiting = dr.waiting_for(t, self.lists.get(key, ()), called)
            if dr.newcomers_draw(t, waiting, free):
                continue  # qld s16(3): they draw for the seat (DrawForSeat)
            for p in waiting[: max(free, 0)]:
                called.add(p)
                out.append(PlayerCalled(p, *key, name, at + self.call_seconds, at))
        return out

    # ------------------------------------------------------------------------------------
    # The fold: the only code that changes the room's own state

    def _fold(self, e: RoomEvent) -> None:
        self.events.append(e)
        _FOLD[type(e)](self, e)

    def _f_cash_opened(self, e: CashTableOpened) -> None:
        self.configs[e.table] = e.config
        self.tables[e.table] = Table(e.config)

    def _f_uth_opened(self, e: UthTableOpened) -> None:
        self.uth[e.table] = _Uth(e.config, UthPlay(e.config))

    def _f_tournament_opened(self, e: TournamentOpened) -> None:
        tm = self.tournaments[e.tournament] = _Tournament(e.terms)
        if e.conditions is not None:
            tm.run = Tournament(e.conditions)
            # qld-tournament-2020 4.5: the house adds its prize to the pool as it opens
            tm.pool += e.conditions.added_prize
            self.cash_in += e.conditions.added_prize

    def _f_shut(self, e: TableShut) -> None:
        self.shut.add(e.table)
        for key in [k for k in self.topups if k[0] == e.table]:
            del self.topups[key]

    def _f_topup_requested(self, e: tu.TopUpRequested) -> None:
        self.topups[(e.table, e.player)] = e

    def _f_topup_declined(self, e: tu.TopUpDeclined) -> None:
        del self.topups[(e.table, e.player)]

    def _f_joined_list(self, e: ListJoined) -> None:
        self.lists.setdefault((e.game, e.stakes), []).append(e.player)

    def _f_called(self, e: PlayerCalled) -> None:
        self.calls[e.player] = Call(e.game, e.stakes, e.table, e.deadline)

    def _f_lapsed(self, e: CallLapsed) -> None:
        del self.calls[e.player]
        self.lists[(e.game, e.stakes)].remove(e.player)

    def _f_withdrawn(self, e: CallWithdrawn) -> None:
        del self.calls[e.player]

    def _f_change_requested(self, e: SeatChangeRequested) -> None:
        self.requests.setdefault(e.table, []).append(e.player)

    def _f_seat_drawn(self, e: dr.SeatDrawn) -> None:
        if e.players:  # the winner may change seats; persons waiting to join are called
            self.drawn[e.table] = e.winners[0]

    def _f_prize(self, e: PrizePaid) -> None:
        tm = self.tournaments[e.tournament]
        tm.pool -= e.amount
        tm.paid[e.player] = tm.paid.get(e.player, 0) + e.amount
        self.cash_out += e.amount

    def _f_tournament_bought(self, e: tr.TournamentBought) -> None:
        tm = self.tournaments[e.tournament]
        self.cash_in += e.entry + e.fee
        tm.pool += e.entry
        tm.fees += e.fee
        if e.kind == "re-entry":
            tm.entries.append(e.player)

    def _f_tournament_refunded(self, e: tr.TournamentRefunded) -> None:
        tm = self.tournaments[e.tournament]
        self.cash_out += e.entry + e.fee
        tm.pool -= e.entry
        tm.fees -= e.fee
        tm.entries.remove(e.player)

    def _f_at_tournament(self, e: tr.AtTournamentEvent) -> None:
        # the tournament folded its own event when it applied the command, or is rebuilt from
        # its events by from_events; a recorded hand ends the room's live hand
        th.fold_tournament_event(self.tournaments[e.tournament], e)

    def _f_uth_tournament(self, e: RoomEvent) -> None:
        ut.fold(self.uth_tournaments, e)

    def _f_hand_dealt(self, e: th.TournamentHandDealt) -> None:
        th.fold_dealt(self.tournaments[e.tournament], e)

    def _f_hand_progressed(self, e: th.TournamentHandProgressed) -> None:
        th.fold_progressed(self.tournaments[e.tournament], e)

    def _f_left_list(self, e: ListLeft) -> None:
        self.lists[(e.game, e.stakes)].remove(e.player)
        call = self.calls.get(e.player)
        if call is not None and (call.game, call.stakes) == (e.game, e.stakes):
            del self.calls[e.player]

    def _f_at_table(self, e: AtTableEvent) -> None:
        # The table folded its own event when it applied the command (live), or is rebuilt
        # from its events by from_events; the room keeps only the seat-change requests.
        if isinstance(e.event, SeatChanged | PlayerLeft):
            waiting = self.requests.get(e.table, [])
            if e.event.player in waiting:
                waiting.remove(e.event.player)
            if self.drawn.get(e.table) == e.event.player:
                del self.drawn[e.table]
        if isinstance(e.event, PlayerLeft):
            self.topups.pop((e.table, e.event.player), None)

    def _f_table_changed(self, e: mv.TableChanged) -> None:
        pass  # the record of a move: the two tables' own events moved the player and chips

    def _f_bought(self, e: BoughtIn) -> None:
        self.cash_in += e.cash
        self.topups.pop((e.table, e.player), None)  # the cage's top-up answers the request
        u = self.uth.get(e.table)
        if u is not None:
            u.players[e.player] = u.players.get(e.player, 0) + e.cash

    def _f_cashed(self, e: CashedOut) -> None:
        self.cash_out += e.cash
        u = self.uth.get(e.table)
        if u is not None:
            u.players[e.player] = max(0, u.players[e.player] - e.cash)

    def _f_at_uth(self, e: uth.AtUthEvent) -> None:
        # the UTH table folded its own event when it applied the command (live), or is
        # rebuilt from its events by from_events
        pass

    def _f_entered(self, e: TournamentEntered) -> None:
        tm = self.tournaments[e.tournament]
        self.cash_in += e.entry + e.fee
        tm.pool += e.entry
        tm.fees += e.fee
        tm.entries.append(e.player)

    @staticmethod
    def fold_handlers() -> dict[type[Any], Handler[Room]]:
        """The room's fold: the handler of each event type (its own methods)."""
        return handlers(
            on(CashTableOpened, Room._f_cash_opened),
            on(UthTableOpened, Room._f_uth_opened),
            on(TournamentOpened, Room._f_tournament_opened),
            on(TableShut, Room._f_shut),
            on(ListJoined, Room._f_joined_list),
            on(ListLeft, Room._f_left_list),
            on(PlayerCalled, Room._f_called),
            on(CallLapsed, Room._f_lapsed),
            on(CallWithdrawn, Room._f_withdrawn),
            on(SeatChangeRequested, Room._f_change_requested),
            on(dr.SeatDrawn, Room._f_seat_drawn),
            on(AtTableEvent, Room._f_at_table),
            on(uth.AtUthEvent, Room._f_at_uth),
            on(BoughtIn, Room._f_bought),
            on(CashedOut, Room._f_cashed),
            on(TournamentEntered, Room._f_entered),
            on(tu.TopUpRequested, Room._f_topup_requested),
            on(tu.TopUpDeclined, Room._f_topup_declined),
            on(PrizePaid, Room._f_prize),
            on(mv.TableChanged, Room._f_table_changed),
            on(tr.TournamentBought, Room._f_tournament_bought),
            on(tr.AtTournamentEvent, Room._f_at_tournament),
            on(tr.TournamentRefunded, Room._f_tournament_refunded),
            on(th.TournamentHandDealt, Room._f_hand_dealt),
            on(th.TournamentHandProgressed, Room._f_hand_progressed),
            *(on(t, Room._f_uth_tournament) for t in ut.EVENTS),
        )


_FOLD = Room.fold_handlers()


def _time(cmd: c.RoomCommand) -> object:
    """When a command happened: its ``at``; a table command's own for :class:`AtTable`."""
    return getattr(cmd.command if isinstance(cmd, c.AtTable) else cmd, "at", 0)


def _cash(amount: object, what: str, clause: str, zero: bool = False) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < (0 if zero else 1):
        raise _refuse(clause, f"{what} is a whole, positive amount, not {amount!r}")
