"""Tournaments the room runs: the tournament's own state, its clock on the server's time, and
its money at the cage.

A tournament opened with its :class:`~croupier.tournament.Conditions` is run by the room: the
room holds the :class:`~croupier.tournament.Tournament` (the fold of the tournament's events)
and takes its commands wrapped in :class:`AtTournament`, as it takes a cash table's in
``AtTable``. The tournament's events travel wrapped in :class:`AtTournamentEvent` (the store
keeps them in the tournament's own stream), so the room is rebuilt with the tournament.

Money reaches a tournament only through the cage: an entry (``EnterTournament``) and a re-buy,
add-on or re-entry (:class:`TournamentBuy`) are paid in cash there, the tournament's share to
its prize pool and the administration fee to the house, in the same command as the tournament's
own record of them; a prize leaves the pool only as the cage pays it (``PayPrize``), and never
more than the tournament awarded the player. A director's command that would move money is
refused. So the room's money is conserved at every event, and :meth:`TournamentAccount.balanced`
checks the cage's books against the tournament's.

Time is the server's clock, an input every command carries (``at``): before a started
tournament's command the room brings its clock to ``at`` with a recorded tick (levels and
breaks follow from the seconds of play; paused time does not count), so a replay of the events
gives the same clock, and a display runs it on from the last tick's time.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from croupier.room.commands import EnterTournament, RoomCommand
from croupier.room.events import RoomEvent, TournamentEntered, TournamentTerms
from croupier.rules import IllegalAction, Ruling
from croupier.tournament import Conditions, Tournament
from croupier.tournament import commands as tc
from croupier.tournament import events as te

if TYPE_CHECKING:
    from croupier.cards import Card
    from croupier.room.tournament_hands import LiveHand

ROOM = "croupier room"
CAGE = "croupier cage"

#: Tournament commands that move money: only the cage sends them (as its own commands).
MONEY_COMMANDS = (tc.Register, tc.Buy, tc.Forfeit, tc.Cancel, tc.CancelEntry, tc.SeatAlternates)
MONEY_EVENTS = (te.Registered, te.Bought, te.EntryCancelled, te.TournamentCancelled)


@dataclass(frozen=True, slots=True)
class AtTournament(RoomCommand):
    """A tournament command (:mod:`croupier.tournament.commands`) to a tournament the room
    runs; the room brings the tournament's clock to ``at`` first."""

    tournament: str
    command: tc.TCommand
    at: int = 0


@dataclass(frozen=True, slots=True)
class TournamentBuy(RoomCommand):
    """A re-buy, add-on or re-entry paid at the cage (``kind``: "rebuy", "add-on" or
    "re-entry"; qld-tournament-2020 3.5, 4.22); a re-entry's seat is drawn with ``seed``."""

    player: str
    tournament: str
    kind: str
    at: int = 0
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class CancelTournamentEntry(RoomCommand):
    """An entrant cancels before the start and the cage refunds them (qld-tournament-2020
    3.10: in full, not less than 24 hours before the start; the conditions' start is read as
    the server's UTC time)."""

    player: str
    tournament: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class NextLevel(RoomCommand):
    """The director ends the level or break in progress now: the clock is set forward to the
    start of the next (act-omaha-2017 20.17)."""

    tournament: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class TournamentTick(RoomCommand):
    """The server's clock reached ``at``: the tournament's clock is brought to it (the server
    sends it as a level or break ends, so the change is recorded when it happens)."""

    tournament: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class AtTournamentEvent(RoomEvent):
    """One of a run tournament's own events."""

    tournament: str
    event: te.TEvent


@dataclass(frozen=True, slots=True)
class TournamentBought(RoomEvent):
    """The cage took ``entry`` for the prize pool (a bounty included) and ``fee`` for the
    house for a re-buy, add-on or re-entry."""

    player: str
    tournament: str
    kind: str
    entry: int
    fee: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class TournamentRefunded(RoomEvent):
    """The cage paid back a cancelled entry: ``entry`` from the prize pool, ``fee`` from the
    house's fees."""

    player: str
    tournament: str
    entry: int
    fee: int
    at: int = 0


@dataclass
class TournamentAccount:
    """A tournament in the room: its terms for the board, the cash in its prize pool (bounties
    included) and the house's fees, its entries, and, where the room runs it, the tournament
    itself and the prizes the cage has paid each player."""

    terms: TournamentTerms
    pool: int = 0
    fees: int = 0
    entries: list[str] = field(default_factory=list)
    run: Tournament | None = None
    paid: dict[str, int] = field(default_factory=dict)
    # hands in play at its tables, dealt by the room (croupier.room.tournament_hands), and
    # the decks they are dealt from (held by the dealer side: an input, never in an event)
    live: dict[int, LiveHand] = field(default_factory=dict)
    decks: dict[int, tuple[Card, ...]] = field(default_factory=dict)

    def owed(self, player: str) -> int:
        """What the tournament awarded ``player`` (places, bounties) and the cage has not paid."""
        assert self.run is not None
        e = self.run.entrants.get(player)
        won = 0 if e is None else e.cash + e.bounties
        return won - self.paid.get(player, 0)

    def balanced(self) -> bool:
        """Whether the cage's pool equals the tournament's prize pool and bounties, less the
        prizes paid (always, for a tournament the room does not run)."""
        t = self.run
        if t is None:
            return True
        bounties = t.bounty_fund + sum(e.bounties for e in t.entrants.values())
        return self.pool == t.pool + bounties - sum(self.paid.values())


def terms_of(c: Conditions) -> TournamentTerms:
    """The board's terms of a tournament run under ``c``: its entry to the pool (the bounty
    included) and the house's fee, per entry."""
    return TournamentTerms(
        c.name, c.game, c.entry_fee - c.commission + c.bounty, c.admin_fee + c.commission
    )


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def running(tm: TournamentAccount | None, name: str, shut: bool) -> Tournament:
    """The tournament ``name`` the room runs, or a refusal."""
    if tm is None or shut:
        raise _refuse(ROOM, f"no open tournament {name}")
    if tm.run is None:
        raise _refuse(ROOM, f"{name} was opened without conditions: the room does not run it")
    return tm.run


def _sync(t: Tournament, at: int) -> None:
    """Bring a started tournament's clock to the server's time ``at`` (a recorded tick)."""
    if not t.started or t.finished or t.cancelled:
        return
    if t.clock_at is None:
        t.apply(tc.Tick(0, at))
    elif at > t.clock_at:
        t.apply(tc.Tick(0 if t.clock.paused else at - t.clock_at, at))


def _run(
    t: Tournament, at: int, commit: bool, steps: Callable[[Tournament], object], cage: bool
) -> list[te.TEvent]:
    """Decide ``steps`` on a draft of the tournament with its clock brought to ``at`` before
    and after, then (if ``commit``) fold their events into it: the events, or a refusal with
    the tournament unchanged."""
    target = t.draft()
    try:
        _sync(target, at)
        steps(target)
        _sync(target, at)  # a tournament that just started: its clock starts now
        events = list(target.events)
        if not cage and any(isinstance(e, MONEY_EVENTS) for e in events):
            raise _refuse(CAGE, "money reaches a tournament only through the cage")
    except Exception as e:
        ruling = getattr(e, "ruling", None)
        if isinstance(ruling, Ruling):
            raise IllegalAction(ruling) from e
        # a command the tournament could not take (a player or table it does not have...):
        # refused, the tournament as it was
        raise _refuse(ROOM, f"the tournament cannot take this: {type(e).__name__}: {e}") from e
    if commit:  # the draft's fold of its events kept, not folded again
        t.adopt(target)
    return events


def _wrap(name: str, events: list[te.TEvent]) -> list[RoomEvent]:
    return [AtTournamentEvent(name, e) for e in events]


def plan_at(
    tm: TournamentAccount | None, shut: bool, cmd: AtTournament, commit: bool
) -> list[RoomEvent]:
    """A director's (or dealer's) tournament command: its events, wrapped."""
    t = running(tm, cmd.tournament, shut)
    inner = cmd.command
    if not isinstance(inner, tc.TCommand):
        raise _refuse(ROOM, "AtTournament carries a tournament command")
    if isinstance(inner, MONEY_COMMANDS):
        raise _refuse(
            CAGE, "money reaches a tournament only through the cage: EnterTournament, TournamentBuy"
        )
    if isinstance(inner, tc.RecordHands) and not inner.hands:
        raise _refuse(ROOM, "RecordHands records one hand or more")
    if isinstance(inner, tc.Tick):
        raise _refuse(ROOM, "the tournament clock runs on the server's time, not a client's")
    if tm is not None and tm.live:
        _check_live_tables(tm, inner)

    def step(x: Tournament) -> None:
        x.apply(inner)
        keeps_live_hands(tm, x)

    return _wrap(cmd.tournament, _run(t, cmd.at, commit, step, False))


#: Commands a dealer's device sends for a hand it holds: not for a hand the room deals.
_HAND_COMMANDS = (tc.CallClock, tc.StartDecision, tc.EnforceClock, tc.Report)
#: The floor's work between hands (qld-tournament-2020 4.24; dunedin-house 82, 87).
_BETWEEN_HANDS = (tc.Maintain, tc.ColourUp, tc.CorrectSeat)


def _check_live_tables(tm: TournamentAccount, inner: tc.TCommand) -> None:
    """A hand the room deals (:mod:`croupier.room.tournament_hands`) is played, clocked and
    recorded there; tables are balanced and chips coloured up between hands."""
    tables = set(tm.live)
    if isinstance(inner, tc.RecordHands) and any(h.plan.table in tables for h in inner.hands):
        raise _refuse(ROOM, "the room deals that table's hand and records it as it ends")
    if isinstance(inner, _HAND_COMMANDS) and inner.hand.plan.table in tables:
        raise _refuse(ROOM, "the room deals that table's hand: call the clock on it there")
    if isinstance(inner, _BETWEEN_HANDS):
        raise _refuse(ROOM, f"between hands: a hand is in play at table {min(tables)}")


def keeps_live_hands(tm: TournamentAccount | None, x: Tournament) -> None:
    """A command between a live hand's deal and its record leaves its players where they sat
    with the chips they were dealt in with (the hand is recorded against them), or is
    refused: seats, stacks and entries change between hands."""
    for n, lh in (tm.live if tm is not None else {}).items():
        table = x.tables.get(n)
        for i, (p, seat) in enumerate(zip(lh.plan.players, lh.plan.seats, strict=True)):
            e = x.entrants.get(p)
            if (
                table is None
                or e is None
                or table.seats.get(seat) != p
                or e.stack != lh.plan.config.stacks[i]
            ):
                raise _refuse(ROOM, f"between hands: {p} is in the hand in play at table {n}")


def plan_next_level(
    tm: TournamentAccount | None, shut: bool, cmd: NextLevel, commit: bool
) -> list[RoomEvent]:
    t = running(tm, cmd.tournament, shut)
    if not t.started or t.finished:
        raise _refuse(
            t.book.clock_adjust_clause, "the clock runs only while the tournament is in play"
        )

    def step(x: Tournament) -> None:
        s = x.clock.state
        if s.index == len(x.conditions.levels) - 1:
            raise _refuse(
                x.book.clock_adjust_clause, "this is the last level: it goes on until the end"
            )
        x.apply(tc.Adjust(s.remaining))

    return _wrap(cmd.tournament, _run(t, cmd.at, commit, step, False))


def plan_tick(
    tm: TournamentAccount | None, shut: bool, cmd: TournamentTick, commit: bool
) -> list[RoomEvent]:
    t = running(tm, cmd.tournament, shut)
    return _wrap(cmd.tournament, _run(t, cmd.at, commit, lambda x: None, False))


def level_due(t: Tournament, now: int) -> bool:
    """Whether the level or break in progress ended by the server's time ``now`` with no tick
    recorded since (the last level goes on: never due)."""
    if not t.started or t.finished or t.cancelled or t.clock.paused or t.clock_at is None:
        return False
    s = t.clock.state
    last = s.index == len(t.conditions.levels) - 1
    return not last and now - t.clock_at >= s.remaining


def plan_entry(
    tm: TournamentAccount, shut: bool, cmd: EnterTournament, commit: bool
) -> list[RoomEvent]:
    """An entry paid at the cage to a tournament the room runs: the application for entry
    (qld-tournament-2020 3.1-3.3) and the cash for its pool and fee, together."""
    t = running(tm, cmd.tournament, shut)
    reg = tc.Register(cmd.player, cmd.name, cmd.age, cmd.member, seed=cmd.seed)
    events = _run(t, cmd.at, commit, lambda x: x.apply(reg), True)
    paid = [e for e in events if isinstance(e, te.Registered)]
    cage: list[RoomEvent] = [
        TournamentEntered(e.player, cmd.tournament, e.fee + e.bounty, e.admin_fee, cmd.at)
        for e in paid
    ]
    return [*cage, *_wrap(cmd.tournament, events)]


def plan_buy(
    tm: TournamentAccount | None, shut: bool, cmd: TournamentBuy, commit: bool
) -> list[RoomEvent]:
    """A re-buy, add-on or re-entry paid at the cage."""
    t = running(tm, cmd.tournament, shut)
    buy = tc.Buy(cmd.player, cmd.kind, cmd.seed)

    def step(x: Tournament) -> None:
        x.apply(buy)
        keeps_live_hands(tm, x)

    events = _run(t, cmd.at, commit, step, True)
    cage: list[RoomEvent] = [
        TournamentBought(e.player, cmd.tournament, e.kind, e.price + e.bounty, e.admin_fee, cmd.at)
        for e in events
        if isinstance(e, te.Bought)
    ]
    return [*cage, *_wrap(cmd.tournament, events)]


def plan_refund(
    tm: TournamentAccount | None, shut: bool, cmd: CancelTournamentEntry, commit: bool
) -> list[RoomEvent]:
    """A cancelled entry refunded at the cage, with the tournament's record of it."""
    t = running(tm, cmd.tournament, shut)
    now = datetime.datetime.fromtimestamp(cmd.at, datetime.UTC).replace(tzinfo=None)
    terms = terms_of(t.conditions)
    refunds: list[RoomEvent] = []

    def step(x: Tournament) -> None:
        for e in x.apply(tc.CancelEntry(cmd.player, now)):
            if isinstance(e, te.EntryCancelled):
                entry, fee = (terms.entry, terms.fee) if e.refund else (0, 0)
                if entry + fee != e.refund:  # the cage pays back what the entry paid in
                    raise _refuse(CAGE, f"a refund of {e.refund} is not the entry's {entry + fee}")
                refunds.append(TournamentRefunded(e.player, cmd.tournament, entry, fee, cmd.at))

    events = _run(t, cmd.at, commit, step, True)
    return [*refunds, *_wrap(cmd.tournament, events)]


def check_prize(tm: TournamentAccount, player: str, amount: int) -> None:
    """A prize the cage pays from a run tournament: never more than it owes the player."""
    if tm.run is None:
        return
    owed = tm.owed(player)
    if amount > owed:
        raise _refuse(
            tm.run.book.prize_paid_clause,
            f"{player} is owed {owed} from {tm.terms.name}'s prizes, not {amount}",
        )
