"""A tournament from registration to the final payout, as a fold of its events.

:class:`Tournament` takes the operator's, the floor's and the players' commands (register,
start, re-buy, penalise, ...). Each command is checked first: a refused one raises
:class:`TournamentError` carrying a :class:`~croupier.round.Ruling` that cites its clause, and
changes nothing. An accepted one appends events, and their handlers are the only code that
changes state, so :meth:`Tournament.from_events` rebuilds a tournament from its event list.

The class is a facade over one state (``state``: the fold and the queries) and the components
that work on it, each a module: ``entry`` (the entry desk: entries, purchases, flights),
``hands`` (dealing: planning and recording rounds of play), ``floor`` (tables, seating moves,
colour-ups, absences, penalties), ``live`` (the clock on a player, the floor's reports),
``places`` (places and prizes), ``bracket`` (heads-up knockouts), and here the clock.

The hands themselves are ordinary rounds: :meth:`Tournament.plan_hand` gives the round's
configuration (who sits where, the blinds and antes of the current level, whose hands are dead)
and the :class:`~croupier.tournament.commands.RecordHands` command takes the finished rounds
back.

Every operation is a command (:mod:`croupier.tournament.commands`), taken through the same
verbs as a round's and a table's: :meth:`Tournament.decide` (the events it would produce, or
the refusal), :meth:`Tournament.why_illegal` (decide alone), :meth:`Tournament.legal` and
:meth:`Tournament.apply` (decide, then fold). Each command goes to the component method that
decides it; that method reads the command itself. Randomness (the seat draws) and cards
(button draws, chip races) are inputs the commands carry or the caller passes as
:class:`~croupier.tournament.commands.Inputs`, and time is fed in by
:class:`~croupier.tournament.commands.Tick`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from croupier.cards import Card
from croupier.rules import Ruling
from croupier.tournament import commands as cm
from croupier.tournament import events as ev
from croupier.tournament.bracket import Bracket
from croupier.tournament.entry import EntryDesk
from croupier.tournament.floor import Floor
from croupier.tournament.hands import Dealing
from croupier.tournament.live import LiveHands
from croupier.tournament.places import Prizes
from croupier.tournament.plan import HandPlan
from croupier.tournament.state import (
    ALTERNATE,
    BUSTED,
    CANCELLED,
    DISQUALIFIED,
    FORFEITED,
    OUT,
    PLAYING,
    PROVISIONAL,
    REGISTERED,
    Component,
    Entrant,
    TournamentError,
    TournamentState,
    TournamentTable,
    refuse,
)

__all__ = [
    "ALTERNATE",
    "BUSTED",
    "CANCELLED",
    "DISQUALIFIED",
    "FORFEITED",
    "OUT",
    "PLAYING",
    "PROVISIONAL",
    "REGISTERED",
    "Entrant",
    "HandPlan",
    "Tournament",
    "TournamentError",
    "TournamentTable",
]


class Tournament(TournamentState):
    """One tournament under its :class:`Conditions`: every command of the floor, the players and
    the operator, each refused with a ruling citing its clause or applied as events."""

    # ------------------------------------------------------------------------------------
    # The verbs

    def why_illegal(self, c: cm.TCommand, inputs: cm.Inputs | None = None) -> Ruling | None:
        """Why the rules refuse ``c`` now, or None: the command decided, nothing changed."""
        try:
            self._decide(c, inputs)
        except TournamentError as e:
            return e.ruling
        return None

    def legal(self, c: cm.TCommand, inputs: cm.Inputs | None = None) -> bool:
        return self.why_illegal(c, inputs) is None

    def decide(self, c: cm.TCommand, inputs: cm.Inputs | None = None) -> list[ev.TEvent]:
        """The events ``c`` would produce, or TournamentError citing the clause; the tournament
        does not change either way. ``inputs``: the caller's generator, cards and live rounds
        in place of those the command carries."""
        return self._decide(c, inputs).events

    def apply(self, c: cm.TCommand, inputs: cm.Inputs | None = None) -> list[ev.TEvent]:
        """Decide ``c``, then fold its events (the draft's fold of them kept); or
        TournamentError (citing the clause) and no change."""
        draft = self._decide(c, inputs)
        self.adopt(draft)
        return draft.events

    def _decide(self, c: cm.TCommand, inputs: cm.Inputs | None) -> Tournament:
        """The draft on which ``c`` was decided: its events, folded there."""
        does = _COMMANDS.get(type(c))
        if does is None:
            raise TypeError(f"not a tournament command: {c!r}")
        component, method = does
        draft = self.draft()
        method(component(draft), c, cm.Inputs.of(c) if inputs is None else inputs)
        return draft

    # ------------------------------------------------------------------------------------
    # Queries answered by the components

    def why_not_buy(self, player: str, kind: str, busted: bool = False) -> Ruling | None:
        return EntryDesk(self).why_not_buy(player, kind, busted)

    def why_not_deal(self, table: int) -> Ruling | None:
        """Why a hand cannot be dealt at ``table`` now, or None."""
        return Dealing(self).why_not_deal(table)

    def plan_hand(self, table: int, deck_order: Sequence[Card] | None = None) -> HandPlan:
        return Dealing(self).plan_hand(table, deck_order)

    def result_log(self) -> list[dict[str, object]]:
        return Prizes(self).result_log()

    def clock_on(self, table: int) -> ev.ClockCalled | None:
        """The clock running at ``table``, if any."""
        return LiveHands(self).clock_on(table)


class Timekeeper(Component):
    """The tournament clock: time fed in, pauses and corrections (qld-tournament-2020 4.21;
    act-omaha-2017 20.16-20.17)."""

    def tick(self, cmd: cm.Tick, i: cm.Inputs) -> list[ev.TEvent]:
        seconds, at = cmd.seconds, cmd.at
        if seconds < 0:
            raise refuse(self.t.book.clock_clause, "time does not run backwards")
        if at is not None and self.t.clock_at is not None and at < self.t.clock_at:
            raise refuse(self.t.book.clock_clause, "the server's time does not run backwards")
        if not seconds and at is None:
            return []
        return self.t.emit_all([ev.ClockTicked(seconds, at)])

    def pause(self, cmd: cm.Pause, i: cm.Inputs) -> list[ev.TEvent]:
        paused = cmd.paused
        if paused == self.t.clock.paused:
            raise refuse(
                self.t.book.clock_pause_clause,
                f"the clock is already {'paused' if paused else 'running'}",
            )
        return self.t.emit_all([ev.ClockPaused(paused, self.t.book.clock_pause_clause)])

    def adjust(self, cmd: cm.Adjust, i: cm.Inputs) -> list[ev.TEvent]:
        seconds = cmd.seconds
        if self.t.clock.elapsed + seconds < 0:
            raise refuse(
                self.t.book.clock_adjust_clause, "the clock cannot go back before the start"
            )
        return self.t.emit_all([ev.ClockAdjusted(seconds, self.t.book.clock_adjust_clause)])


C = TypeVar("C", bound=cm.TCommand)
K = TypeVar("K", bound=Component)
_Method = Callable[[Any, Any, cm.Inputs], list[ev.TEvent]]


def _does(
    command: type[C], component: type[K], method: Callable[[K, C, cm.Inputs], list[ev.TEvent]]
) -> tuple[type[Any], tuple[type[Component], _Method]]:
    """Pair a command type with the component method that decides it (mypy checks the pair)."""
    return command, (component, method)


_COMMANDS: dict[type, tuple[type[Component], _Method]] = dict(
    [
        _does(cm.Register, EntryDesk, EntryDesk.register),
        _does(cm.Transfer, EntryDesk, EntryDesk.transfer),
        _does(cm.CancelEntry, EntryDesk, EntryDesk.cancel_entry),
        _does(cm.Cancel, EntryDesk, EntryDesk.cancel),
        _does(cm.Start, EntryDesk, EntryDesk.start),
        _does(cm.Buy, EntryDesk, EntryDesk.buy),
        _does(cm.SeatAlternates, EntryDesk, EntryDesk.seat_alternates),
        _does(cm.EndFlight, EntryDesk, EntryDesk.end_flight),
        _does(cm.Forfeit, EntryDesk, EntryDesk.forfeit),
        _does(cm.ForfeitChips, EntryDesk, EntryDesk.forfeit_chips),
        _does(cm.Tick, Timekeeper, Timekeeper.tick),
        _does(cm.Pause, Timekeeper, Timekeeper.pause),
        _does(cm.Adjust, Timekeeper, Timekeeper.adjust),
        _does(cm.RecordHands, Dealing, Dealing.record),
        _does(cm.EliminateBusted, Dealing, Dealing.eliminate_busted),
        _does(cm.RecordHeadsUp, Bracket, Bracket.record_heads_up),
        _does(cm.Maintain, Floor, Floor.maintain),
        _does(cm.ColourUp, Floor, Floor.colour_up),
        _does(cm.CorrectSeat, Floor, Floor.correct_seat),
        _does(cm.SetPresent, Floor, Floor.set_present),
        _does(cm.ProvisionallyEliminate, Floor, Floor.provisionally_eliminate),
        _does(cm.Penalise, Floor, Floor.penalise),
        _does(cm.Disqualify, Floor, Floor.disqualify),
        _does(cm.AnnounceRound, Floor, Floor.announce_round),
        _does(cm.CallClock, LiveHands, LiveHands.call_clock),
        _does(cm.StartDecision, LiveHands, LiveHands.start_decision),
        _does(cm.EnforceClock, LiveHands, LiveHands.enforce_clock),
        _does(cm.FindSlow, LiveHands, LiveHands.find_slow),
        _does(cm.Report, LiveHands, LiveHands.report),
        _does(cm.RuleHiddenChips, LiveHands, LiveHands.rule_hidden_chips),
    ]
)
