"""A table: many rounds of play with players sitting down, adding chips, stepping away and leaving.

:class:`Table` takes :mod:`croupier.table.commands` and answers with events or an
:class:`~croupier.round.IllegalAction` naming the clause, leaving its state unchanged. Its state is
the fold of its events (:meth:`Table.from_events`). The button and blinds come from
:func:`croupier.table.button.next_deal`, the stake rules from :mod:`croupier.table.stakes`, seat
moves from :mod:`croupier.table.seats`; each round is a :class:`croupier.round.Round`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from croupier.cards import Card
from croupier.floor import Incident, apply_incident, reopen, rule
from croupier.floor.rulings import dispute_clause
from croupier.fold import handlers, on
from croupier.round import ConfigError, Fold, Game, Round, RoundConfig, Structure, wellformed
from croupier.round.commands import Command as RoundCommand
from croupier.round.events import BoardDealt, CardBurned, HoleDealt
from croupier.round.events import Event as RoundEvent
from croupier.round.events import RoundVoided as MisdealVoided
from croupier.round.games import HOLDEM
from croupier.rules import IllegalAction, Rulebook, Ruling
from croupier.rules.commission import Commission
from croupier.table.button import (
    MAX_SEATS,
    Blind,
    Buttons,
    Deal,
    Seat,
    Seating,
    SeatingError,
    Status,
    advance,
    next_deal,
)
from croupier.table.commands import (
    Act,
    AddChips,
    CallClock,
    ChangeSeat,
    CloseTable,
    InstructTime,
    Leave,
    LockFunds,
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
from croupier.table.events import (
    CardsDealt,
    ChipsAdded,
    DeadlineSet,
    Declared,
    FloorReported,
    FundsLocked,
    FundsReleased,
    Notice,
    PlayerLeft,
    PlayerSat,
    RoundFinished,
    RoundProgressed,
    RoundReopened,
    RoundStarted,
    RoundVoided,
    SeatChanged,
    StatusChanged,
    TableCheckpoint,
    TableClosed,
    TableEvent,
    TimeCharged,
    TimedOut,
)
from croupier.table.history import Disputable, Sink
from croupier.table.seats import seat_change_penalty
from croupier.table.stakes import (
    RATHOLE_SECONDS,
    Stakes,
    buy_in_refusal,
    continuing,
    top_up_refusal,
)


@dataclass(frozen=True)
class TableConfig:
    """A table's game: rulebook, game, betting structure, stakes, commission or fee, seats.

    ``action_seconds``: act-omaha-2017 4.8(a): the time every player has to act, announced
    before the rounds (``None``: no action timer). ``time_charge``: act-omaha-2017 15.3:
    commission on a time basis instead of from the pots, as ``(chips, seconds)``: each player
    dealt in pays ``chips`` in advance for every ``seconds`` of play, not refunded.
    """

    rulebook: Rulebook
    stakes: Stakes
    game: Game = HOLDEM
    structure: Structure = field(default_factory=Structure.no_limit)
    commission: Commission | None = None
    fee: int = 0
    size: int = MAX_SEATS
    burn: bool = True
    chip_unit: int = 1
    action_seconds: int | None = None
    time_charge: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        self.stakes.check_rulebook(self.rulebook)
        if not 2 <= self.size <= MAX_SEATS:
            raise ConfigError(
                f"a table has 2 to {MAX_SEATS} seats, not {self.size} (qld-holdem-2005 s11(1))"
            )
        if self.action_seconds is not None and self.action_seconds < 1:
            raise ConfigError("the action timer must give at least one second")
        if self.time_charge is not None:
            if not self.rulebook.table.time_charge_allowed:
                raise ConfigError(
                    f"{self.rulebook.id} has no commission on a time basis (act-omaha-2017 15.3)"
                )
            if self.commission is not None or self.fee:
                raise ConfigError(
                    "commission is payable from the pots (15.2) or on a time basis (15.3), "
                    "not both (act-omaha-2017 15.1-15.3)"
                )
            chips, seconds = self.time_charge
            if chips < 1 or seconds < 1:
                raise ConfigError("a time charge needs a positive amount and period")
        # The round configuration refuses what the rulebook forbids; try one now.
        RoundConfig(
            stacks=(self.stakes.min_table_stake,) * 2,
            blinds=(self.stakes.small_blind, self.stakes.big_blind),
            min_bet=self.stakes.big_blind,
            rulebook=self.rulebook,
            game=self.game,
            structure=self.structure,
            max_bet=self.stakes.max_bet,
            commission=self.commission,
            fee=self.fee,
            chip_unit=self.chip_unit,
            burn=self.burn,
        )


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


_TABLE = "croupier table"  # clause of refusals no rulebook clause covers (a seat that is taken)


@dataclass(frozen=True, slots=True)
class _ToRound:
    """A planned step for the round in progress: a command, or a report for the floor to rule
    on. :meth:`Table.apply` runs it on the round and records the events it produced."""

    command: RoundCommand | None
    incident: Incident | None
    at: int


Planned = TableEvent | _ToRound


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
        # The deck croupier deals the round in progress from: the dealer side's input (from
        # StartRound), not state; events record each card dealt, never the order.
        self._deck: tuple[Card, ...] | None = None
        self.disputable: Disputable | None = None  # the last round, while it may be reopened

    # ------------------------------------------------------------------------------------
    # Queries

    def seat_of(self, player: str) -> int | None:
        return next((n for n, s in self.seating.seats if s.player == player), None)

    def seat(self, player: str) -> Seat:
        for _, s in self.seating.seats:
            if s.player == player:
                return s
        raise _refuse(_TABLE, f"{player} is not seated at this table")

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
        return None

    def apply(self, cmd: TableCommand) -> list[TableEvent]:
        """Apply a command: the events it produced, or IllegalAction and no change."""
        if type(cmd) is Act:
            return self._apply_act(cmd)
        planned = self._plan(cmd)
        mark = len(self.events)
        for e in planned:
            if isinstance(e, _ToRound):
                self._run(e)
            else:
                self._emit(e)
        self._after(cmd)
        if self.sink is not None and planned and isinstance(planned[0], TableCheckpoint):
            self._hand_over(mark)
            mark = 0
        return self.events[mark:]

    def _apply_act(self, cmd: Act) -> list[TableEvent]:
        """The hot path: the round checks and applies the command in one step (no change if it
        refuses), and the table records the events it produced."""
        wellformed.check(cmd)
        r = self.round
        if r is None or r.is_over:
            raise _refuse(_TABLE, "no round is in progress")
        mark = len(self.events)
        self._emit(RoundProgressed(tuple(r.apply(cmd.command)), cmd.at))
        self._after(cmd)
        return self.events[mark:]

    def _run(self, step: _ToRound) -> None:
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

    def checkpoint(self) -> TableCheckpoint:
        """The table between rounds, as an event a fold can start from."""
        if self.round is not None:
            raise _refuse(_TABLE, "a checkpoint is taken between rounds")
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
        )

    # ------------------------------------------------------------------------------------
    # Planning: check a command and work out its events, changing nothing

    def _plan(self, cmd: TableCommand) -> list[Planned]:
        wellformed.check(cmd)
        if isinstance(cmd, Act):
            return self._plan_act(cmd)
        handler = _PLANNERS.get(type(cmd))
        if handler is None:
            raise _refuse(_TABLE, f"unknown table command {type(cmd).__name__}")
        if self.closed and not isinstance(cmd, Leave | Tick | ReleaseFunds):
            raise _refuse(self._close_clause(), "the table is closed")
        return handler(self, cmd)

    def _close_clause(self) -> str:
        return self.rules.close_clause

    def _plan_sit(self, cmd: SitDown) -> list[Planned]:
        self._check_seat(cmd.seat)
        if self.seat_of(cmd.player) is not None:
            raise _refuse(
                _TABLE, f"{cmd.player} is already seated in seat {self.seat_of(cmd.player)}"
            )
        holder = self.seating.get(cmd.seat)
        if holder is not None:
            raise _refuse(_TABLE, f"seat {cmd.seat} is taken by {holder.player}")
        _check_chips(cmd.chips)
        rathole = 0
        left = self.departed.get(cmd.player)
        if left is not None and cmd.at - left[1] < RATHOLE_SECONDS:
            rathole = left[0]
        ruling = buy_in_refusal(self.config.rulebook, self.config.stakes, cmd.chips, rathole)
        if ruling is not None:
            raise IllegalAction(ruling)
        first = self.buttons is None and self.round is None
        if self.rules.new_player_may_play_at_once or first:
            status, clause = Status.PLAYING, self.rules.sit_clause
        elif cmd.post:
            status, clause = Status.POSTING, self.rules.entry_clause
        else:
            status, clause = Status.WAITING, self.rules.entry_clause
        return [PlayerSat(cmd.player, cmd.seat, cmd.chips, status, not first, clause, cmd.at)]

    def _plan_add(self, cmd: AddChips) -> list[Planned]:
        self.seat(cmd.player)
        if self.in_round(cmd.player):
            raise _refuse(
                self.rules.no_change_clause,
                f"{cmd.player} may add chips only between rounds, not during one",
            )
        if not isinstance(cmd.chips, int) or isinstance(cmd.chips, bool):
            raise _refuse(_TABLE, f"chips must be a whole number, not {cmd.chips!r}")
        ruling = top_up_refusal(
            self.config.rulebook,
            self.config.stakes,
            self.stacks[cmd.player],
            cmd.chips,
            cmd.player in self.declared,
        )
        if ruling is not None:
            raise IllegalAction(ruling)
        return [ChipsAdded(cmd.player, cmd.chips, self.rules.add_clause)]

    def _plan_remove(self, cmd: RemoveChips) -> list[Planned]:
        self.seat(cmd.player)
        raise _refuse(
            self.rules.reduce_clause,
            f"{cmd.player} may not take chips off the table while seated",
        )

    def _plan_sit_out(self, cmd: SitOut) -> list[Planned]:
        seat = self.seat(cmd.player)
        if seat.status is Status.SITTING_OUT:
            raise _refuse(_TABLE, f"{cmd.player} is already sitting out")
        playing = self.in_round(cmd.player) and not self._folded(cmd.player)
        if playing and self.rules.leaving_in_round_needs_approval and not cmd.approved:
            raise _refuse(
                self.rules.sit_out_clause,
                f"{cmd.player} may leave during a round only with a floor manager's approval",
            )
        return [StatusChanged(cmd.player, Status.SITTING_OUT, self.rules.sit_out_clause, cmd.at)]

    def _plan_return(self, cmd: Return) -> list[Planned]:
        seat = self.seat(cmd.player)
        if seat.status is not Status.SITTING_OUT:
            raise _refuse(_TABLE, f"{cmd.player} is not sitting out")
        stack = self.stacks[cmd.player]
        if stack == 0:
            raise _refuse(
                self.rules.rebuy_clause, f"{cmd.player} has no chips: buy in before returning"
            )
        if self.rules.rejoining_needs_min_stake:
            # qld s19(1)(b), (3): back after missing a round, the minimum table stake applies,
            # unless they left during a round with approval and rejoin in it (s19(5)-(6)).
            rejoining = cmd.player in self.stepped_away and self.in_round(cmd.player)
            missed = cmd.player not in self.last_round and not rejoining
            if missed and stack < self.config.stakes.min_table_stake:
                raise _refuse(
                    self.rules.buy_in_clause,
                    f"{cmd.player} rejoins as a new player and needs the minimum table stake "
                    f"of {self.config.stakes.min_table_stake}, not {stack}",
                )
            return [StatusChanged(cmd.player, Status.PLAYING, self.rules.return_clause, cmd.at)]
        if self.rules.returning_player_owes_missed_blinds and seat.missed:
            status = Status.POSTING if cmd.post else Status.WAITING
            return [StatusChanged(cmd.player, status, self.rules.return_clause, cmd.at)]
        return [StatusChanged(cmd.player, Status.PLAYING, self.rules.sit_clause, cmd.at)]

    def _plan_leave(self, cmd: Leave) -> list[Planned]:
        self.seat(cmd.player)
        if self.in_round(cmd.player) and not self._folded(cmd.player):
            raise _refuse(
                self.rules.no_change_clause,
                f"{cmd.player} is in the round: fold or finish it before leaving with chips",
            )
        if self.in_round(cmd.player):
            raise _refuse(
                self.rules.no_change_clause,
                f"{cmd.player}'s chips are in the round until it ends; leave after it",
            )
        return [PlayerLeft(cmd.player, self.stacks[cmd.player], "croupier leave", cmd.at)]

    def _plan_change_seat(self, cmd: ChangeSeat) -> list[Planned]:
        seat = self.seat(cmd.player)
        origin = self.seat_of(cmd.player)
        assert origin is not None
        self._check_seat(cmd.seat)
        if self.seating.get(cmd.seat) is not None:
            raise _refuse(_TABLE, f"seat {cmd.seat} is taken")
        if self.in_round(cmd.player):
            raise _refuse(
                self.rules.no_change_clause, f"{cmd.player} may change seats only between rounds"
            )
        occupied = [
            n
            for n, s in self.seating.seats
            if s.player != cmd.player and s.status is Status.PLAYING
        ]
        big = None if self.buttons is None else self.buttons.big_blind
        # dunedin-house: the button follows the blinds onto the last small blind's seat (26).
        to_button = (
            self.buttons is not None
            and origin == self.buttons.big_blind
            and cmd.seat == self.buttons.small_blind
        )
        penalty = seat_change_penalty(
            self.config.rulebook, occupied, self.config.size, origin, cmd.seat, big, to_button
        )
        status = seat.status
        clause = penalty.clause if penalty else self.rules.sit_clause
        if penalty is not None and status is Status.PLAYING:
            status = Status.POSTING if cmd.post else Status.WAITING
        return [SeatChanged(cmd.player, origin, cmd.seat, status, clause)]

    def _plan_start(self, cmd: StartRound) -> list[Planned]:
        if self.round is not None and not self.round.is_over:
            raise _refuse(_TABLE, "a round is already in progress")
        events: list[Planned] = []
        seating = self.seating
        stacks = dict(self.stacks)
        # The stake rules for everyone about to be dealt in (qld s31; act 14.3; dunedin 24).
        for _, s in seating.seats:
            if s.status is Status.SITTING_OUT:
                continue
            check = continuing(
                self.config.rulebook,
                self.config.stakes,
                stacks[s.player],
                s.player in self.declared,
            )
            if check.must_leave:
                events.append(PlayerLeft(s.player, stacks[s.player], check.clause, cmd.at))
            elif not check.dealt_in:
                events.append(StatusChanged(s.player, Status.SITTING_OUT, check.clause, cmd.at))
            elif check.declared and s.player not in self.declared:
                events.append(Declared(s.player, check.clause))
        seating = without(seating, events)
        if self.config.time_charge is not None:
            events += self._time_charges(seating, stacks, events, cmd.at)
            seating = without(seating, events)
        buttons = self.buttons
        try:
            try:
                deal = next_deal(seating, self.config.rulebook, buttons)
            except SeatingError:
                if buttons is None:
                    raise
                # Too few players left to carry the button and blinds on: the game starts
                # afresh and deals in everyone seated (act-omaha-2017 17.12; a house default).
                buttons = None
                deal = next_deal(seating, self.config.rulebook, None)
        except SeatingError as e:
            raise _refuse(_TABLE, f"no round can start: {e}") from e
        players = tuple(dict(seating.seats)[n].player for n in deal.dealt_in)
        config = self._round_config(deal, players, stacks, cmd.deck_order)
        restart = buttons is None and self.buttons is not None
        opening = tuple(Round(config).events)  # the forced bets, posted as the round begins
        events.append(
            RoundStarted(
                self.hands + 1,
                deal,
                config,
                players,
                cmd.at,
                restart,
                cmd.commitment,
                cmd.shoe,
                opening,
            )
        )
        if self.sink is not None:
            events.insert(0, self.checkpoint())  # what came before goes to the sink
        return events

    def _time_charges(
        self, seating: Seating, stacks: dict[str, int], events: list[Planned], at: int
    ) -> list[Planned]:
        """act-omaha-2017 15.3: players whose paid time has run out pay the next period in
        advance; one who cannot pay it without emptying their stake sits out."""
        assert self.config.time_charge is not None
        chips, seconds = self.config.time_charge
        gone = {e.player for e in events if isinstance(e, PlayerLeft | StatusChanged)}
        out: list[Planned] = []
        for _, s in seating.seats:
            p = s.player
            if s.status is Status.SITTING_OUT or p in gone or self.paid_until.get(p, -1) > at:
                continue
            if stacks[p] <= chips:
                out.append(StatusChanged(p, Status.SITTING_OUT, "act-omaha-2017 15.3", at))
                continue
            stacks[p] -= chips
            out.append(TimeCharged(p, chips, at + seconds))
        return out

    def _round_config(
        self,
        deal: Deal,
        players: tuple[str, ...],
        stacks: dict[str, int],
        deck_order: tuple[Card, ...] | None,
    ) -> RoundConfig:
        st = self.config.stakes
        n = len(players)
        amount = {Blind.SMALL: st.small_blind, Blind.BIG: st.big_blind}
        blinds = [0] * n
        dead = [0] * n
        for post in deal.posts:
            p = deal.dealt_in.index(post.seat)
            if post.live:
                blinds[p] += amount[post.blind]
            else:
                dead[p] += amount[post.blind]
        antes = [st.ante] * n if st.ante else []
        entries = any(p.entry and p.blind is Blind.BIG and p.live for p in deal.posts)
        big_position = deal.dealt_in.index(deal.big_blind.seat) if entries and n > 2 else None
        if n == 2 and self.config.rulebook.heads_up_button_small_blind:
            blinds.reverse()  # the round engine puts the button's small blind back (95)
            antes.reverse()
        try:
            config = RoundConfig(
                stacks=tuple(stacks[p] for p in players),
                blinds=tuple(blinds),
                min_bet=st.big_blind,
                antes=tuple(antes),
                rulebook=self.config.rulebook,
                game=self.config.game,
                structure=self.config.structure,
                max_bet=st.max_bet,
                chip_unit=self.config.chip_unit,
                burn=self.config.burn,
                croupier_deals=deck_order is not None,  # the deck stays with the dealer side
                record_burns=deck_order is None,  # a live dealer enters or confirms burns
                commission=self.config.commission,
                fee=self.config.fee,
                dead=tuple(dead) if any(dead) else (),
                big_blind_position=big_position,
            )
            if deck_order is not None:
                config.check_deck(deck_order)
            return config
        except ConfigError as e:
            raise _refuse(_TABLE, f"no round can start: {e}") from e

    def _plan_act(self, cmd: Act) -> list[Planned]:
        r = self.round
        if r is None or r.is_over:
            raise _refuse(_TABLE, "no round is in progress")
        ruling = r.why_illegal(cmd.command)
        if ruling is not None:
            raise IllegalAction(ruling)
        return [_ToRound(cmd.command, None, cmd.at)]

    def _plan_report(self, cmd: Report) -> list[Planned]:
        r = self.round
        if r is None or r.is_over:
            raise _refuse("croupier floor", "no round is in progress to rule on")
        rule(r, cmd.incident)  # refuses, naming the clause, what does not fit the round
        return [_ToRound(None, cmd.incident, cmd.at)]

    def _plan_reopen(self, cmd: ReopenRound) -> list[Planned]:
        if self.round is not None:
            raise _refuse(_TABLE, "a round is in progress: take back its actions with the floor")
        last = self._last_finished()
        if last is None:
            raise _refuse(dispute_clause(self.config.rulebook), "no finished round to reopen")
        changed = self._changed_since(last)
        if changed is not None:
            # Reopening restores the table as the round left it; what happened since would be
            # lost or counted twice (chips taken away, then seated again).
            raise _refuse(
                dispute_clause(self.config.rulebook),
                f"the table has changed since the round ended ({changed}): its result stands",
            )
        assert self.disputable is not None
        # the right to dispute ends when a new round begins (dunedin 67; act 17.14)
        reopen(self.disputable.round, cmd.commands, new_round_started=False)
        return [RoundReopened(cmd.commands, dispute_clause(self.config.rulebook))]

    def _plan_lock(self, cmd: LockFunds) -> list[Planned]:
        lock = self.rules.funds_lock_clause
        if not lock:
            raise _refuse(
                _TABLE, f"{self.config.rulebook.id} has no rule for locking up a player's funds"
            )
        self.seat(cmd.player)
        if not cmd.reason.strip():
            raise _refuse(lock, "funds are locked for an investigation: say what it is about")
        if self.in_round(cmd.player):
            raise _refuse(
                lock, f"{cmd.player}'s chips are in play: lock them when the round has ended"
            )
        stack = self.stacks[cmd.player]
        chips = stack if cmd.chips is None else cmd.chips
        if not isinstance(chips, int) or isinstance(chips, bool) or not 1 <= chips <= stack:
            raise _refuse(lock, f"{cmd.player} has {stack} chips; {chips!r} cannot be locked")
        return [FundsLocked(cmd.player, chips, cmd.reason, lock, cmd.at)]

    def _plan_release(self, cmd: ReleaseFunds) -> list[Planned]:
        lock = self.rules.funds_lock_clause or _LOCK
        chips = self.locked.get(cmd.player, 0)
        if not chips:
            raise _refuse(lock, f"no funds of {cmd.player} are locked")
        seated = self.seat_of(cmd.player) is not None
        if seated and self.in_round(cmd.player):
            raise _refuse(
                self.rules.no_change_clause,
                f"{cmd.player} is in a round: the funds return to the stack after it",
            )
        return [FundsReleased(cmd.player, chips, seated, lock, cmd.at)]

    def _changed_since(self, index: int) -> str | None:
        """What changed seats or chips after event ``index``, if anything did."""
        for e in self.events[index + 1 :]:
            what = _SEATS_OR_CHIPS.get(type(e))
            if what is not None:
                return f"{getattr(e, 'player', 'the table')} {what}"
        return None

    def _last_finished(self) -> int | None:
        """The index of the last round's RoundFinished, if no round has started since."""
        for i in range(len(self.events) - 1, -1, -1):
            e = self.events[i]
            if isinstance(e, RoundFinished):
                return i
            if isinstance(e, RoundStarted | RoundVoided):
                return None
        return None

    def _plan_tick(self, cmd: Tick) -> list[Planned]:
        events: list[Planned] = []
        if self.deadline is not None and self.round is not None and not self.round.is_over:
            p, at, clause = self.deadline
            if cmd.at >= at and self.round.actor == p:
                player = self.players[p]
                events += [TimedOut(player, clause, cmd.at), _ToRound(Fold(p), None, cmd.at)]
        away = self.rules.away_seconds
        if away is not None:
            for player, since in self.away_since.items():
                if cmd.at - since > away and player not in self.away_noticed:
                    events.append(
                        Notice(
                            player,
                            self.rules.away_clause,
                            f"{player} has been away more than {away // 60} minutes and may "
                            "lose the seat",
                        )
                    )
        return events

    def _plan_instruct(self, cmd: InstructTime) -> list[Planned]:
        p = self._actor(self.rules.instruction_clause or "act-omaha-2017 4.8(b)")
        seconds = self.rules.instruction_seconds
        if seconds is None:
            book = self.config.rulebook.id
            raise _refuse(book, f"{book} has no forty-second instruction")
        return [DeadlineSet(self.players[p], cmd.at + seconds, self.rules.instruction_clause)]

    def _plan_clock(self, cmd: CallClock) -> list[Planned]:
        clause = self.rules.clock_clause or "dunedin-house 90"
        p = self._actor(clause)
        countdown = self.rules.clock_countdown_seconds
        if countdown is None:
            book = self.config.rulebook.id
            raise _refuse(book, f"{book} has no clock to call on a player")
        if cmd.seconds < 1:
            raise _refuse(clause, "the clock gives at least one second")
        deadline = cmd.at + cmd.seconds + countdown
        return [DeadlineSet(self.players[p], deadline, clause)]

    def _plan_void(self, cmd: VoidRound) -> list[Planned]:
        if cmd.clause not in self.rules.voiding_clauses:
            book = self.config.rulebook.id
            raise _refuse(
                book,
                f"{book} voids a round only as its misdeal rules say; "
                f"{cmd.clause!r} is not a voiding clause of this table's rulebook",
            )
        if self.round is None or self.round.is_over:
            raise _refuse(_TABLE, "no round is in progress to void")
        return [RoundVoided(self.hands + 1, cmd.clause, cmd.reason)]

    def _plan_close(self, cmd: CloseTable) -> list[Planned]:
        return [TableClosed(self._close_clause(), cmd.at)]

    def _check_seat(self, number: int) -> None:
        try:
            self.seating.check_seat(number, "a player")
        except SeatingError as e:
            raise _refuse("qld-holdem-2005 s11(1)", str(e)) from e

    def _actor(self, clause: str) -> int:
        r = self.round
        if r is None or r.is_over or r.actor is None:
            raise _refuse(clause, "no player is to act")
        return r.actor

    def _folded(self, player: str) -> bool:
        p = self.position_of(player)
        return self.round is not None and p is not None and self.round.folded[p]

    # ------------------------------------------------------------------------------------
    # After a command: what follows by itself (the round's end, the next deadline)

    def _after(self, cmd: TableCommand) -> None:
        if isinstance(cmd, StartRound):
            self._deck = cmd.deck_order
        self._deal_due()
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
                    "act-omaha-2017 4.8(a)",
                )
            )

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
            raise _refuse(_TABLE, f"round {started.hand} is not the last round played")
        return d.round

    def hold_deck(self, deck_order: Sequence[Card]) -> None:
        """Give a table rebuilt from its events (:meth:`from_events`) the deck of the round in
        progress, held by the dealer side, so that croupier deals the rest of it."""
        r = self.round
        if r is None or r.is_over or not r.config.automatic:
            raise _refuse(_TABLE, "no round in progress is dealt by croupier")
        try:
            r.config.check_deck(deck_order)
        except ConfigError as e:
            raise _refuse(_TABLE, str(e)) from e
        dealt = {
            c
            for e in r.events
            if isinstance(e, HoleDealt | BoardDealt | CardBurned)
            for c in (e.cards if not isinstance(e, CardBurned) else (e.card,))
        }
        if set(deck_order[: r.deck_pos]) != dealt:
            raise _refuse(_TABLE, "this deck is not the one the round was dealt from")
        self._deck = tuple(deck_order)
        self._deal_due()

    def _finish(self, r: Round) -> None:
        if r.voided:
            # A misdeal: the round never started; the same button deals again (qld-holdem-2005
            # s32(3); act-omaha-2017 17.3; dunedin-house 68).
            clause = next(e.clause for e in r.events if isinstance(e, MisdealVoided))
            self._emit(RoundVoided(self.hands + 1, clause, "misdeal"))
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
        seat = Seat(e.player, e.status, new=e.new)
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
        r = d.round
        mark = r._marks[-e.commands]
        self.round = Round.from_events(r.config, r.events[:mark])
        self.round._marks = r._marks[: -e.commands]
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
        deal = replace(
            deal,
            missed=tuple(m for m in deal.missed if held.get(m.seat) == m.player),
            dealt_in=tuple(n for n in deal.dealt_in if n in held),
        )
        seating = advance(self.seating, deal)
        self.seating = Seating(
            tuple(
                (n, replace(s, status=Status.SITTING_OUT) if s.player in away else s)
                for n, s in seating.seats
            ),
            seating.size,
        )
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

    def _f_voided(self, e: RoundVoided) -> None:
        # Every chip returns: the stacks stay as they were before the round (act-omaha 19.1).
        self.disputable = None
        self.round = None
        self.deal = None
        self.players = ()
        self.deadline = None

    def _f_notice(self, e: Notice) -> None:
        if self.rules.away_seconds is not None and e.clause == self.rules.away_clause:
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


def without(seating: Seating, events: Sequence[object]) -> Seating:
    """``seating`` with the players these events removed (left) or sat out."""
    left = {e.player for e in events if isinstance(e, PlayerLeft)}
    out = {e.player for e in events if isinstance(e, StatusChanged)}
    if not (left or out):
        return seating
    return Seating(
        tuple(
            (n, replace(s, status=Status.SITTING_OUT) if s.player in out else s)
            for n, s in seating.seats
            if s.player not in left
        ),
        seating.size,
    )


def _fold_into(r: Round, events: Sequence[RoundEvent], step: bool) -> None:
    """Fold recorded round events into ``r`` (its own fold); ``step``: they are one command's
    (or one ruling's), which the floor may take back (the round's command boundaries)."""
    assert events
    if r.events and r.events[-1] is events[-1]:
        return  # the live round produced these events, folding them as it went
    mark = len(r.events)
    for x in events:
        r._emit(x)
    if step:
        r._marks.append(mark)


def _owed(status: Status, missed: frozenset[Blind]) -> frozenset[Blind]:
    return missed | {Blind.BIG} if status is Status.POSTING else missed


def _check_chips(chips: object) -> None:
    if not isinstance(chips, int) or isinstance(chips, bool) or chips <= 0:
        raise _refuse(_TABLE, f"chips must be a positive whole number, not {chips!r}")


#: the clause of a refusal about locked funds where the rulebook has no lock (a release)
_LOCK = "dunedin-house 77"
_COUNT = {3: "three"}

# Events after a finished round that change who sits where or with what (ReopenRound).
_SEATS_OR_CHIPS: dict[type, str] = {
    PlayerSat: "sat down",
    ChipsAdded: "added chips",
    StatusChanged: "stepped away or came back",
    PlayerLeft: "left",
    SeatChanged: "changed seats",
    FundsLocked: "had funds locked",
    FundsReleased: "had funds released",
    TableClosed: "closed",
}

C = TypeVar("C")


def _planner(
    command: type[C], planner: Callable[[Table, C], list[Planned]]
) -> tuple[type[C], Callable[[Table, Any], list[Planned]]]:
    """Pair a command type with the method that plans it (checked by mypy, as in the fold)."""
    return command, planner


_PLANNERS: dict[type, Callable[[Table, Any], list[Planned]]] = dict(
    (
        _planner(SitDown, Table._plan_sit),
        _planner(AddChips, Table._plan_add),
        _planner(RemoveChips, Table._plan_remove),
        _planner(SitOut, Table._plan_sit_out),
        _planner(Return, Table._plan_return),
        _planner(Leave, Table._plan_leave),
        _planner(ChangeSeat, Table._plan_change_seat),
        _planner(StartRound, Table._plan_start),
        _planner(Tick, Table._plan_tick),
        _planner(Report, Table._plan_report),
        _planner(ReopenRound, Table._plan_reopen),
        _planner(InstructTime, Table._plan_instruct),
        _planner(CallClock, Table._plan_clock),
        _planner(VoidRound, Table._plan_void),
        _planner(CloseTable, Table._plan_close),
        _planner(LockFunds, Table._plan_lock),
        _planner(ReleaseFunds, Table._plan_release),
    )
)

_FOLD = handlers(
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
    on(RoundVoided, Table._f_voided),
    on(Notice, Table._f_notice),
    on(TableClosed, Table._f_closed),
    on(FundsLocked, Table._f_locked),
    on(FundsReleased, Table._f_released),
)
