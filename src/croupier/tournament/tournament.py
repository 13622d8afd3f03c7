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
and :meth:`Tournament.record` takes the finished rounds back.

Every operation is a command (:mod:`croupier.tournament.commands`), applied through the same
verbs as a round's and a table's: :meth:`Tournament.why_illegal`, :meth:`Tournament.legal` and
:meth:`Tournament.apply`. Randomness (the seat draws) and cards (button draws, chip races) are
inputs the commands carry, and time is fed in by :class:`~croupier.tournament.commands.Tick`.
The methods named after the operations (``register``, ``start``, ...) build a command and
apply it, drawing from the caller's generator and cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from croupier.cards import Card
from croupier.floor import Incident
from croupier.round import Round
from croupier.rules import Ruling
from croupier.tournament import commands as cm
from croupier.tournament import events as ev
from croupier.tournament.bracket import Bracket
from croupier.tournament.entry import EntryDesk
from croupier.tournament.floor import Floor
from croupier.tournament.hands import Dealing, HandPlan
from croupier.tournament.headsup import HeadsUpResult
from croupier.tournament.live import LiveHands
from croupier.tournament.places import Prizes
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


@dataclass
class _Inputs:
    """What a command draws on besides the tournament: the random generator and cards it
    carries (its ``seed`` and ``cards``), or a caller's own; the live rounds it acts on."""

    rng: random.Random | None = None
    cards: Iterator[Card] = field(default_factory=lambda: iter(()))
    rounds: Sequence[Round] | None = None


C = TypeVar("C", bound=cm.TCommand)
_Handler = Callable[["Tournament", Any, _Inputs], list[ev.TEvent]]


def _does(
    command: type[C], handler: Callable[[Tournament, C, _Inputs], list[ev.TEvent]]
) -> tuple[type[Any], _Handler]:
    """Pair a command type with the handler that applies it (mypy checks the pair)."""
    return command, handler


class _NoSeed(random.Random):
    """The generator of a command that carries no seed: refuses the first draw asked of it,
    citing ``clause`` (the rulebook's draw)."""

    def __init__(self, clause: str) -> None:
        super().__init__()
        self.clause = clause

    def random(self) -> float:
        raise refuse(self.clause, "a draw is needed: give the command a seed")

    def getrandbits(self, k: int, /) -> int:
        return int(self.random())


def _draws(t: Tournament, i: _Inputs) -> random.Random:
    return _NoSeed(t.book.draw_clause) if i.rng is None else i.rng


def _inputs(c: cm.TCommand) -> _Inputs:
    seed: int | None = getattr(c, "seed", None)
    cards: tuple[Card, ...] = getattr(c, "cards", ())
    return _Inputs(None if seed is None else random.Random(seed), iter(cards))


def _rounds(hands: Sequence[cm.PlayedHand], given: Sequence[Round] | None) -> list[Round]:
    """The rounds a command acts on: the caller's own, or each rebuilt from its events."""
    if given is not None:
        return list(given)
    return [Round.from_events(h.config, h.events) for h in hands]


def _played(plan: HandPlan, r: Round) -> cm.PlayedHand:
    return cm.PlayedHand(plan, r.config, tuple(r.events))


class Tournament(TournamentState):
    """One tournament under its :class:`Conditions`: every command of the floor, the players and
    the operator, each refused with a ruling citing its clause or applied as events."""

    # ------------------------------------------------------------------------------------
    # The verbs

    def why_illegal(self, c: cm.TCommand) -> Ruling | None:
        """Why the rules refuse ``c`` now, or None: the command decided, nothing changed."""
        try:
            self.decide(c)
        except TournamentError as e:
            return e.ruling
        return None

    def legal(self, c: cm.TCommand) -> bool:
        return self.why_illegal(c) is None

    def decide(self, c: cm.TCommand) -> list[ev.TEvent]:
        """The events ``c`` would produce, or TournamentError citing the clause; the tournament
        does not change either way."""
        return self._decide(c, _inputs(c)).events

    def apply(self, c: cm.TCommand) -> list[ev.TEvent]:
        """Apply a command: decided on a draft, then its events folded (the draft's fold kept);
        or TournamentError (citing the clause) and no change."""
        return self._run(c, _inputs(c))

    def _decide(self, c: cm.TCommand, inputs: _Inputs) -> Tournament:
        """The draft on which ``c`` was decided: its events, folded there."""
        handler = _COMMANDS.get(type(c))
        if handler is None:
            raise TypeError(f"not a tournament command: {c!r}")
        draft = self.draft()
        handler(draft, c, inputs)
        return draft

    def _run(self, c: cm.TCommand, inputs: _Inputs) -> list[ev.TEvent]:
        draft = self._decide(c, inputs)
        self.adopt(draft)
        return draft.events

    # ------------------------------------------------------------------------------------
    # The operations as methods: each builds its command and applies it

    def register(
        self,
        player: str,
        name: str = "",
        *,
        age: int = 18,
        member: bool = True,
        excluded: bool = False,
        director_approves: bool = False,
        director_refuses: bool = False,
        paid: bool = True,
        rng: random.Random | None = None,
    ) -> list[ev.TEvent]:
        c = cm.Register(
            player, name, age, member, excluded, director_approves, director_refuses, paid
        )
        return self._run(c, _Inputs(rng))

    def transfer(
        self,
        player: str,
        to: str,
        name: str = "",
        *,
        age: int = 18,
        member: bool = True,
        excluded: bool = False,
        director_approves: bool = False,
        substitute: bool = False,
    ) -> list[ev.TEvent]:
        c = cm.Transfer(player, to, name, age, member, excluded, director_approves, substitute)
        return self.apply(c)

    def forfeit_chips(self, player: str, chips: int, clause: str = "") -> list[ev.TEvent]:
        return self.apply(cm.ForfeitChips(player, chips, clause))

    def cancel_entry(self, player: str, now: datetime) -> list[ev.TEvent]:
        return self.apply(cm.CancelEntry(player, now))

    def cancel(self) -> list[ev.TEvent]:
        return self.apply(cm.Cancel())

    def start(
        self,
        rng: random.Random,
        cards: Iterator[Card],
        absent: Collection[str] = (),
        connected: Sequence[Collection[str]] = (),
        stacks: Mapping[str, int] | None = None,
        shoe: str = "",
    ) -> list[ev.TEvent]:
        c = cm.Start(
            None,
            (),
            tuple(absent),
            tuple(tuple(g) for g in connected),
            None if stacks is None else tuple(stacks.items()),
            shoe,
        )
        return self._run(c, _Inputs(rng, cards))

    def buy(self, player: str, kind: str, rng: random.Random | None = None) -> list[ev.TEvent]:
        return self._run(cm.Buy(player, kind), _Inputs(rng))

    def end_flight(self) -> list[ev.TEvent]:
        return self.apply(cm.EndFlight())

    def forfeit(self, player: str, buy_back: bool = True) -> list[ev.TEvent]:
        return self.apply(cm.Forfeit(player, buy_back))

    def seat_alternates(self, rng: random.Random) -> list[ev.TEvent]:
        return self._run(cm.SeatAlternates(), _Inputs(rng))

    def record(self, results: Sequence[tuple[HandPlan, Round]]) -> list[ev.TEvent]:
        c = cm.RecordHands(tuple(_played(plan, r) for plan, r in results))
        return self._run(c, _Inputs(rounds=[r for _, r in results]))

    def eliminate_busted(self, table: int) -> list[ev.TEvent]:
        return self.apply(cm.EliminateBusted(table))

    def record_heads_up(self, result: HeadsUpResult, shoe: str = "") -> list[ev.TEvent]:
        return self.apply(cm.RecordHeadsUp(result, shoe))

    def maintain(self, rng: random.Random, cards: Iterator[Card]) -> list[ev.TEvent]:
        return self._run(cm.Maintain(), _Inputs(rng, cards))

    def colour_up(self, cards: Iterator[Card]) -> list[ev.TEvent]:
        return self._run(cm.ColourUp(), _Inputs(cards=cards))

    def correct_seat(self, player: str, table: int, seat: int) -> list[ev.TEvent]:
        return self.apply(cm.CorrectSeat(player, table, seat))

    def set_present(
        self, player: str, present: bool, rng: random.Random | None = None
    ) -> list[ev.TEvent]:
        return self._run(cm.SetPresent(player, present), _Inputs(rng))

    def provisionally_eliminate(self, player: str) -> list[ev.TEvent]:
        return self.apply(cm.ProvisionallyEliminate(player))

    def penalise(self, player: str, kind: str, amount: int = 0) -> list[ev.TEvent]:
        return self.apply(cm.Penalise(player, kind, amount))

    def disqualify(self, player: str, clause: str = "") -> list[ev.TEvent]:
        return self.apply(cm.Disqualify(player, clause))

    def announce_round(
        self, table: int, kind: str, chips: int = 0, prize: int = 0
    ) -> list[ev.TEvent]:
        return self.apply(cm.AnnounceRound(table, kind, chips, prize))

    def call_clock(
        self, plan: HandPlan, r: Round, now: int, *, requested: bool = True, reasonable: bool = True
    ) -> list[ev.TEvent]:
        c = cm.CallClock(_played(plan, r), now, requested, reasonable)
        return self._run(c, _Inputs(rounds=[r]))

    def find_slow(self, player: str) -> list[ev.TEvent]:
        return self.apply(cm.FindSlow(player))

    def start_decision(self, plan: HandPlan, r: Round, now: int) -> list[ev.TEvent]:
        return self._run(cm.StartDecision(_played(plan, r), now), _Inputs(rounds=[r]))

    def enforce_clock(self, plan: HandPlan, r: Round, now: int) -> list[ev.TEvent]:
        """Time is up: the hand is dead, and ``r`` (the round being dealt) folds it."""
        return self._run(cm.EnforceClock(_played(plan, r), now), _Inputs(rounds=[r]))

    def report(self, plan: HandPlan, r: Round, incident: Incident) -> list[ev.TEvent]:
        """The floor's ruling on a report, applied to ``r`` (the round being dealt)."""
        return self._run(cm.Report(_played(plan, r), incident), _Inputs(rounds=[r]))

    def rule_hidden_chips(
        self, player: str, chips: int, *, part_of_action: bool = False, award_to: str = ""
    ) -> list[ev.TEvent]:
        return self.apply(cm.RuleHiddenChips(player, chips, part_of_action, award_to))

    def tick(self, seconds: int) -> list[ev.TEvent]:
        return self.apply(cm.Tick(seconds))

    def pause(self, paused: bool = True) -> list[ev.TEvent]:
        return self.apply(cm.Pause(paused))

    def adjust(self, seconds: int) -> list[ev.TEvent]:
        return self.apply(cm.Adjust(seconds))

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

    def tick(self, seconds: int, at: int | None = None) -> list[ev.TEvent]:
        if seconds < 0:
            raise refuse(self.t.book.clock_clause, "time does not run backwards")
        if at is not None and self.t.clock_at is not None and at < self.t.clock_at:
            raise refuse(self.t.book.clock_clause, "the server's time does not run backwards")
        if not seconds and at is None:
            return []
        return self.t.emit_all([ev.ClockTicked(seconds, at)])

    def pause(self, paused: bool = True) -> list[ev.TEvent]:
        if paused == self.t.clock.paused:
            raise refuse(
                self.t.book.clock_pause_clause,
                f"the clock is already {'paused' if paused else 'running'}",
            )
        return self.t.emit_all([ev.ClockPaused(paused, self.t.book.clock_pause_clause)])

    def adjust(self, seconds: int) -> list[ev.TEvent]:
        if self.t.clock.elapsed + seconds < 0:
            raise refuse(
                self.t.book.clock_adjust_clause, "the clock cannot go back before the start"
            )
        return self.t.emit_all([ev.ClockAdjusted(seconds, self.t.book.clock_adjust_clause)])


def _live(t: Tournament, h: cm.PlayedHand, i: _Inputs) -> Round:
    (r,) = _rounds([h], i.rounds)
    return r


def _register(t: Tournament, c: cm.Register, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).register(
        c.player,
        c.name,
        age=c.age,
        member=c.member,
        excluded=c.excluded,
        director_approves=c.director_approves,
        director_refuses=c.director_refuses,
        paid=c.paid,
        rng=i.rng,
    )


def _transfer(t: Tournament, c: cm.Transfer, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).transfer(
        c.player,
        c.to,
        c.name,
        age=c.age,
        member=c.member,
        excluded=c.excluded,
        director_approves=c.director_approves,
        substitute=c.substitute,
    )


def _cancel_entry(t: Tournament, c: cm.CancelEntry, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).cancel_entry(c.player, c.now)


def _cancel(t: Tournament, c: cm.Cancel, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).cancel()


def _start(t: Tournament, c: cm.Start, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).start(
        _draws(t, i),
        i.cards,
        c.absent,
        c.connected,
        None if c.stacks is None else dict(c.stacks),
        c.shoe,
    )


def _buy(t: Tournament, c: cm.Buy, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).buy(c.player, c.kind, i.rng)


def _seat_alternates(t: Tournament, c: cm.SeatAlternates, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).seat_alternates(_draws(t, i))


def _end_flight(t: Tournament, c: cm.EndFlight, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).end_flight()


def _forfeit(t: Tournament, c: cm.Forfeit, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).forfeit(c.player, c.buy_back)


def _forfeit_chips(t: Tournament, c: cm.ForfeitChips, i: _Inputs) -> list[ev.TEvent]:
    return EntryDesk(t).forfeit_chips(c.player, c.chips, c.clause)


def _tick(t: Tournament, c: cm.Tick, i: _Inputs) -> list[ev.TEvent]:
    return Timekeeper(t).tick(c.seconds, c.at)


def _pause(t: Tournament, c: cm.Pause, i: _Inputs) -> list[ev.TEvent]:
    return Timekeeper(t).pause(c.paused)


def _adjust(t: Tournament, c: cm.Adjust, i: _Inputs) -> list[ev.TEvent]:
    return Timekeeper(t).adjust(c.seconds)


def _record_hands(t: Tournament, c: cm.RecordHands, i: _Inputs) -> list[ev.TEvent]:
    return Dealing(t).record(
        list(zip((h.plan for h in c.hands), _rounds(c.hands, i.rounds), strict=True))
    )


def _eliminate_busted(t: Tournament, c: cm.EliminateBusted, i: _Inputs) -> list[ev.TEvent]:
    return Dealing(t).eliminate_busted(c.table)


def _record_heads_up(t: Tournament, c: cm.RecordHeadsUp, i: _Inputs) -> list[ev.TEvent]:
    return Bracket(t).record_heads_up(c.result, c.shoe)


def _maintain(t: Tournament, c: cm.Maintain, i: _Inputs) -> list[ev.TEvent]:
    return Floor(t).maintain(_draws(t, i), i.cards)


def _colour_up(t: Tournament, c: cm.ColourUp, i: _Inputs) -> list[ev.TEvent]:
    return Floor(t).colour_up(i.cards)


def _correct_seat(t: Tournament, c: cm.CorrectSeat, i: _Inputs) -> list[ev.TEvent]:
    return Floor(t).correct_seat(c.player, c.table, c.seat)


def _set_present(t: Tournament, c: cm.SetPresent, i: _Inputs) -> list[ev.TEvent]:
    return Floor(t).set_present(c.player, c.present, i.rng)


def _provisionally_eliminate(
    t: Tournament, c: cm.ProvisionallyEliminate, i: _Inputs
) -> list[ev.TEvent]:
    return Floor(t).provisionally_eliminate(c.player)


def _penalise(t: Tournament, c: cm.Penalise, i: _Inputs) -> list[ev.TEvent]:
    return Floor(t).penalise(c.player, c.kind, c.amount)


def _disqualify(t: Tournament, c: cm.Disqualify, i: _Inputs) -> list[ev.TEvent]:
    return Floor(t).disqualify(c.player, c.clause)


def _announce_round(t: Tournament, c: cm.AnnounceRound, i: _Inputs) -> list[ev.TEvent]:
    return Floor(t).announce_round(c.table, c.kind, c.chips, c.prize)


def _call_clock(t: Tournament, c: cm.CallClock, i: _Inputs) -> list[ev.TEvent]:
    return LiveHands(t).call_clock(
        c.hand.plan, _live(t, c.hand, i), c.now, requested=c.requested, reasonable=c.reasonable
    )


def _start_decision(t: Tournament, c: cm.StartDecision, i: _Inputs) -> list[ev.TEvent]:
    return LiveHands(t).start_decision(c.hand.plan, _live(t, c.hand, i), c.now)


def _enforce_clock(t: Tournament, c: cm.EnforceClock, i: _Inputs) -> list[ev.TEvent]:
    return LiveHands(t).enforce_clock(c.hand.plan, _live(t, c.hand, i), c.now)


def _find_slow(t: Tournament, c: cm.FindSlow, i: _Inputs) -> list[ev.TEvent]:
    return LiveHands(t).find_slow(c.player)


def _report(t: Tournament, c: cm.Report, i: _Inputs) -> list[ev.TEvent]:
    return LiveHands(t).report(c.hand.plan, _live(t, c.hand, i), c.incident)


def _rule_hidden_chips(t: Tournament, c: cm.RuleHiddenChips, i: _Inputs) -> list[ev.TEvent]:
    return LiveHands(t).rule_hidden_chips(
        c.player, c.chips, part_of_action=c.part_of_action, award_to=c.award_to
    )


_COMMANDS: dict[type, _Handler] = dict(
    [
        _does(cm.Register, _register),
        _does(cm.Transfer, _transfer),
        _does(cm.CancelEntry, _cancel_entry),
        _does(cm.Cancel, _cancel),
        _does(cm.Start, _start),
        _does(cm.Buy, _buy),
        _does(cm.SeatAlternates, _seat_alternates),
        _does(cm.EndFlight, _end_flight),
        _does(cm.Forfeit, _forfeit),
        _does(cm.ForfeitChips, _forfeit_chips),
        _does(cm.Tick, _tick),
        _does(cm.Pause, _pause),
        _does(cm.Adjust, _adjust),
        _does(cm.RecordHands, _record_hands),
        _does(cm.EliminateBusted, _eliminate_busted),
        _does(cm.RecordHeadsUp, _record_heads_up),
        _does(cm.Maintain, _maintain),
        _does(cm.ColourUp, _colour_up),
        _does(cm.CorrectSeat, _correct_seat),
        _does(cm.SetPresent, _set_present),
        _does(cm.ProvisionallyEliminate, _provisionally_eliminate),
        _does(cm.Penalise, _penalise),
        _does(cm.Disqualify, _disqualify),
        _does(cm.AnnounceRound, _announce_round),
        _does(cm.CallClock, _call_clock),
        _does(cm.StartDecision, _start_decision),
        _does(cm.EnforceClock, _enforce_clock),
        _does(cm.FindSlow, _find_slow),
        _does(cm.Report, _report),
        _does(cm.RuleHiddenChips, _rule_hidden_chips),
    ]
)
