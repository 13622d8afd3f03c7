"""A table: many rounds of play with players sitting down, adding chips, stepping away and leaving.

:class:`Table` takes :mod:`croupier.table.commands` and answers with events or an
:class:`~croupier.round.IllegalAction` naming the clause, leaving its state unchanged. Its state is
the fold of its events (:meth:`Table.from_events`). The button and blinds come from
:func:`croupier.table.button.next_deal`, the stake rules from :mod:`croupier.table.stakes`, seat
moves from :mod:`croupier.table.seats`; each round is a :class:`croupier.round.Round`. The
commands are planned (checked, their events worked out) in :mod:`croupier.table.seat_plans` and
:mod:`croupier.table.round_plans`; the configuration is :mod:`croupier.table.config`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from croupier.cards import Card
from croupier.floor import apply_incident
from croupier.fold import Handler, handlers, on
from croupier.round import ConfigError, Round, wellformed
from croupier.round.events import BoardDealt, CardBurned, HoleDealt, RoundVoided
from croupier.round.events import Event as RoundEvent
from croupier.rules import IllegalAction, Ruling
from croupier.table import absence, round_plans, seat_plans
from croupier.table.absence import (
    AbsentFolded,
    GraceExpired,
    PlayerDisconnected,
    PlayerReconnected,
)
from croupier.table.button import (
    Blind,
    Buttons,
    Deal,
    Seat,
    Seating,
    Status,
    advance,
)
from croupier.table.commands import (
    Act,
    AddChips,
    CallClock,
    ChangeSeat,
    CloseTable,
    Disconnect,
    ExpireGrace,
    InstructTime,
    Leave,
    LockFunds,
    Reconnect,
    ReleaseFunds,
    RemoveChips,
    ReopenRound,
    Report,
    Return,
    SitDown,
    SitOut,
    StartRound,
    TableCommand,
    Tick,
    VoidRound,
)
from croupier.table.config import TableConfig
from croupier.table.events import (
    CardsDealt,
    ChipsAdded,
    DeadlineSet,
    Declared,
    FloorReported,
    FundsLocked,
    FundsReleased,
    Notice,
    NoticeKind,
    PlayerLeft,
    PlayerSat,
    RoundFinished,
    RoundProgressed,
    RoundReopened,
    RoundStarted,
    SeatChanged,
    StatusChanged,
    TableCheckpoint,
    TableClosed,
    TableEvent,
    TableRoundVoided,
    TimeCharged,
    TimedOut,
)
from croupier.table.history import Disputable, Sink
from croupier.table.planning import TABLE, Planned, ToRound, refuse
from croupier.table.round_plans import without
from croupier.table.stakes import (
    RATHOLE_SECONDS,
)


class Table:
    """One table's state and its three verbs: :meth:`why_illegal`, :meth:`apply`, and the
    queries the dealer's console shows."""

    def __init__(self, config: TableConfig, sink: Sink | None = None) -> None:
        self.config = config
        # given a sink, the table hands it the events before each round it starts (after a
        # checkpoint, so its events still fold to its state): memory stays bounded
        self.sink = sink
        self.rules = config.rulebook.table
        self.events: list[TableEvent] = []
        self.seating = Seating((), config.size)
        self.stacks: dict[str, int] = {}
        self.buttons: Buttons | None = None
        self.declared: set[str] = set()
        self.departed: dict[str, tuple[int, int]] = {}  # player -> (chips, at) (dunedin 23)
        self.away_since: dict[str, int] = {}
        self.away_noticed: set[str] = set()
        self.abstained: dict[str, int] = {}
        self.original: set[str] = set()  # in the game since it started (qld s16(2)(a))
        self.stepped_away: set[str] = set()  # left during a round with approval (qld s19(5))
        self.last_round: set[str] = set()  # players dealt into the last finished round
        self.hands = 0
        self.round: Round | None = None
        self.deal: Deal | None = None
        self.players: tuple[str, ...] = ()  # the round's players by position
        self.deadline: tuple[int, int, str] | None = None  # (position, at, clause)
        self.closed = False
        self.commission = 0
        self.fees = 0
        self.paid_until: dict[str, int] = {}  # act-omaha-2017 15.3: time paid for in advance
        self.locked: dict[str, int] = {}  # dunedin-house 77: funds held during an investigation
        # croupier.table.absence: connections dropped (player -> end of the grace period), and
        # players away past it (their hand is folded on their turn)
        self.disconnected: dict[str, int] = {}
        self.absent: set[str] = set()
        # The deck croupier deals the round in progress from: the dealer side's input (from
        # StartRound), not state; events record each card dealt, never the order.
        self._deck: tuple[Card, ...] | None = None
        self.disputable: Disputable | None = None  # the last round, while it may be reopened
        # the round plan_start built to work out a round's opening events, and those events:
        # the round a RoundStarted carrying exactly these events folds to (a memo, not state)
        self._opened: tuple[tuple[RoundEvent, ...], Round] | None = None

    # ------------------------------------------------------------------------------------
    # Queries

    def seat_of(self, player: str) -> int | None:
        return next((n for n, s in self.seating.seats if s.player == player), None)

    def seat(self, player: str) -> Seat:
        for _, s in self.seating.seats:
            if s.player == player:
                return s
        raise refuse(TABLE, f"{player} is not seated at this table")

    def position_of(self, player: str) -> int | None:
        """The player's position in the round in progress, if dealt in."""
        return self.players.index(player) if player in self.players else None

    def in_round(self, player: str) -> bool:
        return self.round is not None and not self.round.is_over and player in self.players

    @property
    def total_chips(self) -> int:
        """Chips at the table, with any funds management holds locked (dunedin-house 77):
        during a round the stacks are those it started with."""
        return sum(self.stacks.values()) + sum(self.locked.values())

    # ------------------------------------------------------------------------------------
    # The verbs

    def why_illegal(self, cmd: TableCommand) -> Ruling | None:
        try:
            self._plan(cmd)
        except IllegalAction as e:
            return e.ruling
        finally:
            self._opened = None  # a plan's memo, for the apply that follows it only
        return None

    def remember_opening(self, opening: tuple[RoundEvent, ...], opened: Round) -> None:
        """A plan's memo for the apply that follows it: the round its ``RoundStarted`` opens,
        already folded from ``opening`` (the table takes it rather than folding them again)."""
        self._opened = (opening, opened)

    def apply(self, cmd: TableCommand) -> list[TableEvent]:
        """Apply a command: the events it produced, or IllegalAction and no change."""
        if type(cmd) is Act:
            return self._apply_act(cmd)
        planned = self._plan(cmd)
        mark = len(self.events)
        for e in planned:
            if isinstance(e, ToRound):
                self._run(e)
            else:
                self._emit(e)
        self._after(cmd)
        if self.sink is not None and planned and isinstance(planned[0], TableCheckpoint):
            self._hand_over(mark)
            mark = 0
        return self.events[mark:]

    def trim(self) -> None:
        """Forget the events before the last round's start, where something else (an event
        store) keeps them: the state is unchanged and what the table still reads of its log
        (since the last round began: a round reopened, 16.x) stays."""
        events = self.events
        for i in range(len(events) - 1, 0, -1):
            if isinstance(events[i], RoundStarted):
                del events[:i]
                return

    def _apply_act(self, cmd: Act) -> list[TableEvent]:
        """The hot path: the round checks and applies the command in one step (no change if it
        refuses), and the table records the events it produced. The round checks the
        command's shape in full; the table checks the rest of ``Act``."""
        wellformed.check_outer(cmd)
        r = self.round
        if r is None or r.is_over:
            raise refuse(TABLE, "no round is in progress")
        mark = len(self.events)
        self._emit(RoundProgressed(tuple(r.apply(cmd.command)), cmd.at))
        self._after(cmd)
        return self.events[mark:]

    def _run(self, step: ToRound) -> None:
        """Run a planned step on the live round (the round folds its own events as it goes);
        record the events it produced."""
        r = self.round
        assert r is not None
        if step.incident is not None:
            made = apply_incident(r, step.incident)
            self._emit(FloorReported(step.incident, tuple(made), step.at))
        else:
            assert step.command is not None
            self._emit(RoundProgressed(tuple(r.apply(step.command)), step.at))

    def _hand_over(self, mark: int) -> None:
        """Give the sink the events before the checkpoint at ``mark``; keep the rest."""
        assert self.sink is not None
        self.sink(self.events[:mark])
        del self.events[:mark]

    @classmethod
    def from_events(cls, config: TableConfig, events: Sequence[TableEvent]) -> Table:
        """The fold of ``events``: a table's whole history, or a checkpoint and what followed."""
        t = cls(config)
        for e in events:
            t._emit(e)
        return t

    def fold(self, e: TableEvent) -> None:
        """Fold one stored event (a table rebuilt event by event; no rule is checked)."""
        self._emit(e)

    def checkpoint(self) -> TableCheckpoint:
        """The table between rounds, as an event a fold can start from."""
        if self.round is not None:
            raise refuse(TABLE, "a checkpoint is taken between rounds")
        return TableCheckpoint(
            seating=self.seating,
            stacks=tuple(self.stacks.items()),
            buttons=self.buttons,
            hands=self.hands,
            commission=self.commission,
            fees=self.fees,
            closed=self.closed,
            declared=frozenset(self.declared),
            departed=tuple(self.departed.items()),
            away_since=tuple(self.away_since.items()),
            away_noticed=frozenset(self.away_noticed),
            abstained=tuple(self.abstained.items()),
            original=frozenset(self.original),
            stepped_away=frozenset(self.stepped_away),
            last_round=frozenset(self.last_round),
            paid_until=tuple(self.paid_until.items()),
            locked=tuple(self.locked.items()),
            disconnected=tuple(self.disconnected.items()),
            absent=frozenset(self.absent),
        )

    # ------------------------------------------------------------------------------------
    # Planning: check a command and work out its events, changing nothing

    def _plan(self, cmd: TableCommand) -> list[Planned]:
        wellformed.check(cmd)
        if isinstance(cmd, Act):
            return round_plans.plan_act(self, cmd)
        handler = _PLANNERS.get(type(cmd))
        if handler is None:
            raise refuse(TABLE, f"unknown table command {type(cmd).__name__}")
        if self.closed and not isinstance(cmd, Leave | Tick | ReleaseFunds):
            raise refuse(self.rules.close_clause, "the table is closed")
        return handler(self, cmd)

    # ------------------------------------------------------------------------------------
    # After a command: what follows by itself (the round's end, the next deadline)

    def _after(self, cmd: TableCommand) -> None:
        if isinstance(cmd, StartRound):
            self._deck = cmd.deck_order
        self._deal_due()
        self._fold_absent(getattr(cmd, "at", 0))
        r = self.round
        if r is None:
            return
        if r.is_over:
            self._finish(r)
            return
        at = getattr(cmd, "at", 0)
        actor = r.actor
        if (
            self.config.action_seconds is not None
            and actor is not None
            and (self.deadline is None or self.deadline[0] != actor or isinstance(cmd, StartRound))
        ):
            self._emit(
                DeadlineSet(
                    self.players[actor],
                    at + self.config.action_seconds,
                    self.rules.action_timer_clause,
                )
            )

    def _fold_absent(self, at: int) -> None:
        """Fold the hand of each player to act who is away past their grace period
        (:mod:`croupier.table.absence`), recording it."""
        p = absence.absent_actor(self)
        while p is not None:
            for step in absence.folded(self, p, at):
                if isinstance(step, ToRound):
                    self._run(step)
                else:
                    self._emit(step)
            self._deal_due()
            p = absence.absent_actor(self)

    def _deal_due(self) -> None:
        """Deal from the held deck whatever cards the round is waiting for, recording them."""
        r, deck = self.round, self._deck
        while r is not None and deck is not None and not r.is_over:
            dealt = r.deal_due(deck)
            if not dealt:
                return
            self._emit(CardsDealt(tuple(r.record_dealt(dealt))))

    def last_round_played(self, started: RoundStarted) -> Round:
        """The round ``started`` began, once over: a round can end inside ``StartRound``
        (heads-up, the blinds all in, nobody to act), and the table has closed it already."""
        d = self.disputable
        if d is None or d.hands != started.hand - 1 or not d.round.is_over:
            raise refuse(TABLE, f"round {started.hand} is not the last round played")
        return d.round

    def hold_deck(self, deck_order: Sequence[Card]) -> None:
        """Give a table rebuilt from its events (:meth:`from_events`) the deck of the round in
        progress, held by the dealer side, so that croupier deals the rest of it."""
        r = self.round
        if r is None or r.is_over or not r.config.automatic:
            raise refuse(TABLE, "no round in progress is dealt by croupier")
        try:
            r.config.check_deck(deck_order)
        except ConfigError as e:
            raise refuse(TABLE, str(e)) from e
        dealt = {
            c
            for e in r.events
            if isinstance(e, HoleDealt | BoardDealt | CardBurned)
            for c in (e.cards if not isinstance(e, CardBurned) else (e.card,))
        }
        if set(deck_order[: r.deck_pos]) != dealt:
            raise refuse(TABLE, "this deck is not the one the round was dealt from")
        self._deck = tuple(deck_order)
        self._deal_due()

    def _finish(self, r: Round) -> None:
        if r.voided:
            # A misdeal: the round never started; the same button deals again (qld-holdem-2005
            # s32(3); act-omaha-2017 17.3; dunedin-house 68).
            clause = next(e.clause for e in r.events if isinstance(e, RoundVoided))
            self._emit(TableRoundVoided(self.hands + 1, clause, "misdeal"))
            return
        stacks = tuple((p, r.stacks[i]) for i, p in enumerate(self.players))
        self._emit(RoundFinished(self.hands + 1, stacks, r.commission, r.fees))
        rounds = self.rules.abstain_rounds
        if rounds is not None:
            full = len(self.seating.seats) == self.config.size
            for _, s in self.seating.seats:
                count = self.abstained.get(s.player, 0)
                if full and s.player not in self.last_round and count == rounds:
                    self._emit(
                        Notice(
                            s.player,
                            self.rules.abstain_clause,
                            f"{s.player} has abstained for {_COUNT.get(rounds, rounds)} rounds at "
                            "a full table and may be required to vacate the seat",
                            NoticeKind.ABSTAINED,
                        )
                    )

    # ------------------------------------------------------------------------------------
    # Folding events into state

    def _emit(self, e: TableEvent) -> None:
        self.events.append(e)
        _FOLD[type(e)](self, e)

    def _set_seat(self, player: str, status: Status) -> None:
        seats = [
            (n, replace(s, status=status) if s.player == player else s)
            for n, s in self.seating.seats
        ]
        self.seating = Seating(tuple(seats), self.seating.size)

    def _f_sat(self, e: PlayerSat) -> None:
        seat = Seat(e.player, e.status, new=e.new, moved=e.moved)
        self.seating = Seating((*self.seating.seats, (e.seat, seat)), self.seating.size)
        self.stacks[e.player] = e.chips
        self.departed.pop(e.player, None)
        if not e.new:
            self.original.add(e.player)

    def _f_added(self, e: ChipsAdded) -> None:
        self.stacks[e.player] += e.chips

    def _f_status(self, e: StatusChanged) -> None:
        self._set_seat(e.player, e.status)
        if e.status is Status.SITTING_OUT:
            self.away_since[e.player] = e.at
            if self.in_round(e.player):
                self.stepped_away.add(e.player)
        else:
            self.away_since.pop(e.player, None)
            self.away_noticed.discard(e.player)

    def _f_left(self, e: PlayerLeft) -> None:
        self.seating = Seating(
            tuple((n, s) for n, s in self.seating.seats if s.player != e.player),
            self.seating.size,
        )
        self.stacks.pop(e.player, None)
        self.declared.discard(e.player)
        self.away_since.pop(e.player, None)
        self.away_noticed.discard(e.player)
        self.abstained.pop(e.player, None)
        self.departed[e.player] = (e.chips, e.at)
        absence.forget(self, e.player)

    def _f_seat_changed(self, e: SeatChanged) -> None:
        seats = [
            (e.target, replace(s, status=e.status, missed=_owed(e.status, s.missed)))
            if s.player == e.player
            else (n, s)
            for n, s in self.seating.seats
        ]
        self.seating = Seating(tuple(seats), self.seating.size)

    def _f_time_charged(self, e: TimeCharged) -> None:
        self.stacks[e.player] -= e.amount
        self.fees += e.amount
        self.paid_until[e.player] = e.until

    def _f_declared(self, e: Declared) -> None:
        self.declared.add(e.player)

    def _f_started(self, e: RoundStarted) -> None:
        self.disputable = None  # the right to dispute ends when a new round begins
        # forget what no rule can use again (the table clock only moves forward): departures
        # past the rathole window (dunedin-house 23), time paid for that has run out (15.3)
        if self.departed:
            self.departed = {
                p: left for p, left in self.departed.items() if e.at - left[1] < RATHOLE_SECONDS
            }
        if self.paid_until:
            self.paid_until = {p: t for p, t in self.paid_until.items() if t > e.at}
        self.deal = e.deal
        self.players = e.players
        opened, self._opened = self._opened, None
        if opened is not None and opened[0] is e.opening and opened[1].config is e.config:
            self.round = opened[1]  # the round the plan built from these very events
        else:
            self.round = Round.from_events(e.config, e.opening)
        self.deadline = None
        for p in e.players:
            self.stepped_away.discard(p)

    def _f_dealt(self, e: CardsDealt) -> None:
        assert self.round is not None
        _fold_into(self.round, e.events, step=False)

    def _f_progressed(self, e: RoundProgressed) -> None:
        assert self.round is not None
        _fold_into(self.round, e.events, step=True)
        self._lapse_deadline()

    def _f_reported(self, e: FloorReported) -> None:
        assert self.round is not None
        _fold_into(self.round, e.events, step=True)
        self._lapse_deadline()

    def _lapse_deadline(self) -> None:
        """A deadline lapses once its player is no longer the one to act (part of the fold,
        so a table rebuilt from its events has the same deadline as the live one)."""
        if self.deadline is not None and (
            self.round is None or self.round.actor != self.deadline[0]
        ):
            self.deadline = None

    def _f_reopened(self, e: RoundReopened) -> None:
        # the table as the round left it, before its result: nothing has changed seats or
        # chips since (ReopenRound is refused otherwise)
        d = self.disputable
        assert d is not None
        self.stacks = dict(d.stacks)
        self.commission = d.commission
        self.fees = d.fees
        self.seating = d.seating
        self.buttons = d.buttons
        self.hands = d.hands
        self.last_round = set(d.last_round)
        self.abstained = dict(d.abstained)
        self.deal = d.deal
        self.players = d.players
        self.deadline = d.deadline
        self.disputable = None
        # the round before its last commands (checked by the floor when planned): a fold
        self.round = d.round.before(e.commands)
        self._lapse_deadline()

    def _f_checkpoint(self, e: TableCheckpoint) -> None:
        self.seating = e.seating
        self.stacks = dict(e.stacks)
        self.buttons = e.buttons
        self.hands = e.hands
        self.commission = e.commission
        self.fees = e.fees
        self.closed = e.closed
        self.declared = set(e.declared)
        self.departed = dict(e.departed)
        self.away_since = dict(e.away_since)
        self.away_noticed = set(e.away_noticed)
        self.abstained = dict(e.abstained)
        self.original = set(e.original)
        self.stepped_away = set(e.stepped_away)
        self.last_round = set(e.last_round)
        self.paid_until = dict(e.paid_until)
        self.locked = dict(e.locked)
        self.disconnected = dict(e.disconnected)
        self.absent = set(e.absent)
        # written as a round begins: no round in progress, and the last one's dispute is over
        self.round = None
        self.deal = None
        self.players = ()
        self.deadline = None
        self.disputable = None

    def _f_deadline(self, e: DeadlineSet) -> None:
        self.deadline = (self.players.index(e.player), e.deadline, e.clause)

    def _f_timed_out(self, e: TimedOut) -> None:
        self.deadline = None

    def _f_finished(self, e: RoundFinished) -> None:
        assert self.deal is not None and self.round is not None
        self.disputable = Disputable(
            self.round,
            self.deal,
            self.players,
            self.deadline,
            tuple(self.stacks.items()),
            self.commission,
            self.fees,
            self.seating,
            self.buttons,
            self.hands,
            frozenset(self.last_round),
            tuple(self.abstained.items()),
        )
        for player, stack in e.stacks:
            self.stacks[player] = stack
        self.commission += e.commission
        self.fees += e.fees
        self._close_round(self.deal)

    def _close_round(self, deal: Deal) -> None:
        # Players who moved, left or stepped away during the round keep what they did then.
        held = {n: s.player for n, s in self.seating.seats}
        away = {s.player for _, s in self.seating.seats if s.status is Status.SITTING_OUT}
        missed = tuple([m for m in deal.missed if held.get(m.seat) == m.player])
        dealt_in = tuple([n for n in deal.dealt_in if n in held])
        if missed != deal.missed or dealt_in != deal.dealt_in:
            deal = replace(deal, missed=missed, dealt_in=dealt_in)
        seating = advance(self.seating, deal)
        if any(s.player in away and s.status is not Status.SITTING_OUT for _, s in seating.seats):
            seating = Seating(
                tuple(
                    (n, replace(s, status=Status.SITTING_OUT) if s.player in away else s)
                    for n, s in seating.seats
                ),
                seating.size,
            )
        self.seating = seating
        self.buttons = deal.buttons
        self.hands += 1
        self.last_round = set(self.players)
        full = len(self.seating.seats) == self.config.size
        for _, s in self.seating.seats:
            if s.player in self.last_round or not full:
                self.abstained[s.player] = 0
            else:
                self.abstained[s.player] = self.abstained.get(s.player, 0) + 1
        self.round = None
        self.deal = None
        self.players = ()
        self.deadline = None

    def _f_voided(self, e: TableRoundVoided) -> None:
        # Every chip returns: the stacks stay as they were before the round (act-omaha 19.1).
        self.disputable = None
        self.round = None
        self.deal = None
        self.players = ()
        self.deadline = None

    def _f_notice(self, e: Notice) -> None:
        if e.kind is NoticeKind.AWAY:
            self.away_noticed.add(e.player)

    def _f_closed(self, e: TableClosed) -> None:
        self.closed = True

    def _f_locked(self, e: FundsLocked) -> None:
        self.stacks[e.player] -= e.chips
        self.locked[e.player] = self.locked.get(e.player, 0) + e.chips

    def _f_released(self, e: FundsReleased) -> None:
        del self.locked[e.player]
        if e.seated:
            self.stacks[e.player] += e.chips

    @staticmethod
    def fold_handlers() -> dict[type[Any], Handler[Table]]:
        """The table's fold: the handler of each event type (its own methods)."""
        return handlers(
            on(PlayerSat, Table._f_sat),
            on(ChipsAdded, Table._f_added),
            on(StatusChanged, Table._f_status),
            on(PlayerLeft, Table._f_left),
            on(SeatChanged, Table._f_seat_changed),
            on(Declared, Table._f_declared),
            on(TimeCharged, Table._f_time_charged),
            on(RoundStarted, Table._f_started),
            on(RoundProgressed, Table._f_progressed),
            on(CardsDealt, Table._f_dealt),
            on(FloorReported, Table._f_reported),
            on(RoundReopened, Table._f_reopened),
            on(TableCheckpoint, Table._f_checkpoint),
            on(DeadlineSet, Table._f_deadline),
            on(TimedOut, Table._f_timed_out),
            on(RoundFinished, Table._f_finished),
            on(TableRoundVoided, Table._f_voided),
            on(Notice, Table._f_notice),
            on(TableClosed, Table._f_closed),
            on(FundsLocked, Table._f_locked),
            on(FundsReleased, Table._f_released),
            on(PlayerDisconnected, absence.f_disconnected),
            on(PlayerReconnected, absence.f_reconnected),
            on(GraceExpired, absence.f_expired),
            on(AbsentFolded, absence.f_absent_folded),
        )


def _fold_into(r: Round, events: Sequence[RoundEvent], step: bool) -> None:
    """Fold recorded round events into ``r`` (its own fold); ``step``: they are one command's
    (or one ruling's), which the floor may take back (the round's command boundaries)."""
    assert events
    if r.events and r.events[-1] is events[-1]:
        return  # the live round produced these events, folding them as it went
    if step:
        r.fold_step(events)
    else:
        for x in events:
            r.emit(x)


def _owed(status: Status, missed: frozenset[Blind]) -> frozenset[Blind]:
    return missed | {Blind.BIG} if status is Status.POSTING else missed


_COUNT = {3: "three"}


C = TypeVar("C")


def _planner(
    command: type[C], planner: Callable[[Table, C], list[Planned]]
) -> tuple[type[C], Callable[[Table, Any], list[Planned]]]:
    """Pair a command type with the method that plans it (checked by mypy, as in the fold)."""
    return command, planner


_PLANNERS: dict[type, Callable[[Table, Any], list[Planned]]] = dict(
    (
        _planner(SitDown, seat_plans.plan_sit),
        _planner(AddChips, seat_plans.plan_add),
        _planner(RemoveChips, seat_plans.plan_remove),
        _planner(SitOut, seat_plans.plan_sit_out),
        _planner(Return, seat_plans.plan_return),
        _planner(Leave, seat_plans.plan_leave),
        _planner(ChangeSeat, seat_plans.plan_change_seat),
        _planner(StartRound, round_plans.plan_start),
        _planner(Tick, round_plans.plan_tick),
        _planner(Report, round_plans.plan_report),
        _planner(ReopenRound, round_plans.plan_reopen),
        _planner(InstructTime, round_plans.plan_instruct),
        _planner(CallClock, round_plans.plan_clock),
        _planner(VoidRound, round_plans.plan_void),
        _planner(CloseTable, round_plans.plan_close),
        _planner(LockFunds, seat_plans.plan_lock),
        _planner(ReleaseFunds, seat_plans.plan_release),
        _planner(Disconnect, absence.plan_disconnect),
        _planner(Reconnect, absence.plan_reconnect),
        _planner(ExpireGrace, absence.plan_expire),
    )
)

_FOLD = Table.fold_handlers()

__all__ = ["Table", "TableConfig", "without"]
