"""Ultimate Texas Hold'em tournaments the room runs (act-uth-2025 16.x): the tournament's own
state, its rounds at its tables, and its money at the cage.

The room holds each :class:`~croupier.uth.tournament.UthTournament` (the fold of its events)
and the round in play at each of its tables. Planning only decides: the tournament's
components (:func:`croupier.uth.tournament_decide.decide`) and a copy of a table's round give
the events, and the room's fold (:func:`fold`) is the only place anything changes, live and on
replay alike. The tournament's events travel wrapped in :class:`AtUthTournamentEvent`, a
round's in :class:`UthTournamentRoundEvent`.

Money reaches a UTH tournament only through the cage: an entry (:class:`EnterUthTournament`)
and a re-buy or add-on (:class:`UthTournamentBuy`) are paid in cash, the prize pool's share and
the tournament commission (16.21) in the same command as the tournament's own record of them;
a prize leaves the pool only as the cage pays it (:class:`PayUthPrize`), never more than the
places awarded the player (16.20). The Tournament Director's commands
(:class:`RunUthTournament`) never move money. Seats are drawn by ballot (16.8) from a seed the
server gives (:class:`DrawUthSeats`); a round is dealt from a deck order the server's shoe
shuffled (:class:`DealUthTournamentRound`: the service keeps it sealed, never in the command's
record, and its commitment is published), and every card dealt is in the round's events, so a
replay of the events gives the same tournament.

A seated player wagers and decides for their own box (:class:`UthTournamentWager`,
:class:`UthTournamentAct`); reserves are registered and seated in a forfeited seat at the cage
(:class:`AddUthReserve`, :class:`SeatUthReserve`, 16.11) and a substitute takes over a position
with the approval of the Tournament Director who sends it (:class:`SubstituteUthPlayer`, 16.12).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container
from dataclasses import dataclass, field, replace
from enum import StrEnum

from croupier.cards import Card
from croupier.room.commands import RoomCommand
from croupier.room.events import RoomEvent
from croupier.rules import IllegalAction, Ruling
from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.rules.uth_registry import find_uth_rules
from croupier.uth import TableLimits, UthConfig, UthRound
from croupier.uth import commands as uc
from croupier.uth import tournament_commands as utc
from croupier.uth.events import UthEvent
from croupier.uth.tournament import (
    Bought,
    Cancelled,
    Entered,
    Placed,
    Refunded,
    ReserveSeated,
    RoundPlayed,
    SessionEnd,
    Status,
    TEvent,
    TournamentConditions,
    UthTournament,
)
from croupier.uth.tournament_decide import decide

ROOM = "croupier room"
CAGE = "croupier cage"

#: Tournament commands that move money or that the room makes itself: never passed through.
_NOT_PASSED = (
    utc.EnterTournament,
    utc.RefundEntry,
    utc.SeatReserve,
    utc.Rebuy,
    utc.AddOn,
    utc.CancelTournament,
    utc.RecordRound,
    utc.DrawSeats,
    utc.SubstitutePlayer,
)
#: ... of which the room's own commands (the rest go through the cage).
_ROOM_OWN = (utc.RecordRound, utc.DrawSeats, utc.SubstitutePlayer)
#: A round's commands the room makes itself: the wagers as the tournament took them, the deal.
_ROOM_DEALS = (uc.PlaceWagers, uc.WithdrawWagers, uc.Deal, uc.DealCard)


# -- commands ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UthTournamentRoomCommand(RoomCommand):
    """Base class of the room's UTH tournament commands."""


@dataclass(frozen=True, slots=True)
class OpenUthTournament(UthTournamentRoomCommand):
    """Open a UTH tournament for entries on its documented conditions (16.3): money in cash,
    chips in tournament chips; ``session`` "rounds", "seconds" or "players"; ``prizes`` the
    pool's shares for 1st, 2nd, ...; ``rules`` the UTH rulebook's id."""

    tournament: str
    entry_fee: int
    commission: int
    starting_chips: int
    minimum: int
    maximum: int
    session_limit: int
    prizes: tuple[int, ...]
    session: str = "rounds"
    players_per_table: int | None = None
    min_players: int = 2
    max_players: int = 7
    added_value: int = 0
    refundable: bool = False
    rules: str = ACT_UTH_2025_RULES.id
    at: int = 0


@dataclass(frozen=True, slots=True)
class EnterUthTournament(UthTournamentRoomCommand):
    """An entry paid at the cage (16.6, 16.21)."""

    player: str
    tournament: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class UthTournamentBuy(UthTournamentRoomCommand):
    """A re-buy or add-on paid at the cage (``kind``: "rebuy" or "addon"; 16.3(a)(iii)(G)-(H))."""

    player: str
    tournament: str
    kind: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class RefundUthEntry(UthTournamentRoomCommand):
    """An entry fee paid back at the cage, where the conditions allow it (16.23)."""

    player: str
    tournament: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class CancelUthTournament(UthTournamentRoomCommand):
    """The operator cancels the tournament and the cage pays everything back (16.24)."""

    tournament: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class DrawUthSeats(UthTournamentRoomCommand):
    """Tables and seats by ballot (16.8), drawn with the server's ``seed``; the tournament
    starts now. ``per_table``: the players at each table (16.9; default the fewest tables)."""

    tournament: str
    at: int = 0
    per_table: tuple[int, ...] | None = None
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class RunUthTournament(UthTournamentRoomCommand):
    """The Tournament Director's (or dealer's) command to the tournament: a round begun,
    wagers asked and placed, breaks, tables broken, places awarded ... (never money)."""

    tournament: str
    command: utc.UthTournamentCommand
    at: int = 0


@dataclass(frozen=True, slots=True)
class DealUthTournamentRound(UthTournamentRoomCommand):
    """Deal the round at table ``number`` once its wagers are in (16.17): the wagers as the
    tournament took them, every card from the deck the server's shoe shuffled (16.1, 6.1):
    ``deck_order``, sealed by the service and never in the command's record, and the
    ``commitment`` to it, published as the round opens."""

    tournament: str
    number: int = 1
    at: int = 0
    deck_order: tuple[Card, ...] | None = None
    commitment: str = ""


@dataclass(frozen=True, slots=True)
class UthTournamentDecision(UthTournamentRoomCommand):
    """A command to the round at table ``number``: a player's decision, the settlement, a void;
    the round's result recorded in the tournament as it ends (16.14)."""

    tournament: str
    command: uc.UthCommand
    number: int = 1
    at: int = 0


class UthChoice(StrEnum):
    """A player's decision for their box (8.x): a Play wager, a check or a fold."""

    PLAY = "play"
    CHECK = "check"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class UthTournamentWager(UthTournamentRoomCommand):
    """A seated ``player``'s own Ante (the Blind equals it) and Trips for the round at their
    table (16.15-16.17)."""

    player: str
    tournament: str
    ante: int
    trips: int = 0
    at: int = 0


@dataclass(frozen=True, slots=True)
class UthTournamentAct(UthTournamentRoomCommand):
    """A seated ``player``'s own decision for their box in the round at their table: a Play
    wager of ``multiple`` times the Ante, a check or a fold (8.x, 16.1, 16.9)."""

    player: str
    tournament: str
    action: UthChoice
    multiple: int = 0
    at: int = 0


@dataclass(frozen=True, slots=True)
class AddUthReserve(UthTournamentRoomCommand):
    """Register ``player`` as a reserve for a seat left unfilled (16.11)."""

    player: str
    tournament: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class SeatUthReserve(UthTournamentRoomCommand):
    """The reserve ``player`` takes ``seat_of``'s forfeited seat, paying the entry fee at the
    cage (16.10-16.11)."""

    player: str
    tournament: str
    seat_of: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class SubstituteUthPlayer(UthTournamentRoomCommand):
    """``substitute`` takes over ``player``'s position and chips, approved by the Tournament
    Director ``approved_by`` (16.12: the service names the director who sends it)."""

    player: str
    tournament: str
    substitute: str
    approved_by: str = ""
    at: int = 0


@dataclass(frozen=True, slots=True)
class PayUthPrize(UthTournamentRoomCommand):
    """A prize paid in cash from the tournament's pool (16.20-16.22)."""

    player: str
    tournament: str
    amount: int
    at: int = 0


# -- events -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UthTournamentOpened(RoomEvent):
    tournament: str
    conditions: TournamentConditions
    at: int = 0


@dataclass(frozen=True, slots=True)
class UthTournamentPaid(RoomEvent):
    """The cage took ``pool`` for the prize pool and ``commission`` for the house (an entry,
    re-buy or add-on: ``kind``)."""

    player: str
    tournament: str
    kind: str
    pool: int
    commission: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class UthTournamentRefunded(RoomEvent):
    """The cage paid back an entry: ``pool`` from the prize pool, ``commission`` from the
    house's (16.23)."""

    player: str
    tournament: str
    pool: int
    commission: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class UthTournamentCancelled(RoomEvent):
    """The cage paid back everything each player paid in (16.24): ``refunds``, of which
    ``commission`` was the house's; the operator took back its ``added`` value."""

    tournament: str
    refunds: tuple[tuple[str, int], ...]
    commission: int
    added: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class UthPrizePaid(RoomEvent):
    player: str
    tournament: str
    amount: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class AtUthTournamentEvent(RoomEvent):
    """One of a UTH tournament's own events."""

    tournament: str
    event: TEvent


@dataclass(frozen=True, slots=True)
class UthTournamentRoundOpened(RoomEvent):
    """A round opens at table ``number`` from the tournament's chips as they stand, dealt from
    the deck ``commitment`` commits to (empty: recorded before commitments were)."""

    tournament: str
    number: int
    at: int = 0
    commitment: str = ""


@dataclass(frozen=True, slots=True)
class UthTournamentRoundEvent(RoomEvent):
    """One of the events of the round in play at table ``number``."""

    tournament: str
    number: int
    event: UthEvent


EVENTS = (
    UthTournamentOpened,
    UthTournamentPaid,
    UthTournamentRefunded,
    UthTournamentCancelled,
    UthPrizePaid,
    AtUthTournamentEvent,
    UthTournamentRoundOpened,
    UthTournamentRoundEvent,
)


# -- the account ------------------------------------------------------------------------


@dataclass
class UthTournamentAccount:
    """A UTH tournament in the room: the tournament, the round in play at each table, and the
    cage's books of it: cash taken and paid, the pool held and the commission."""

    run: UthTournament
    rounds: dict[int, UthRound] = field(default_factory=dict)
    last: dict[int, UthRound] = field(default_factory=dict)  # each table's last round over
    commitments: dict[int, str] = field(default_factory=dict)  # each table's last deck's
    cash_in: int = 0
    cash_out: int = 0
    pool: int = 0
    commission: int = 0
    paid: dict[str, int] = field(default_factory=dict)

    def won(self, player: str) -> int:
        """The prize the places awarded ``player`` (16.20)."""
        return sum(e.prize for e in self.run.events if isinstance(e, Placed) and e.player == player)

    def owed(self, player: str) -> int:
        return self.won(player) - self.paid.get(player, 0)

    def balanced(self) -> bool:
        """Whether the cage's pool is the tournament's prize pool less the prizes paid, and its
        commission the tournament's (cancelled: nothing left, 16.24)."""
        run = self.run
        if run.status is Status.CANCELLED:
            return self.pool == 0 and self.commission == 0
        return self.pool == run.pool - sum(self.paid.values()) and self.commission == run.commission


def round_config(run: UthTournament, number: int) -> UthConfig:
    """A table's settings for its rounds: the conditions' limits (16.3(a)(vii)), its boxes."""
    c = run.conditions
    boxes = len(run.table_in_play(number).boxes)
    return UthConfig(TableLimits(c.minimum, c.maximum), boxes=boxes, rules=c.rules)


# -- planning: decide only --------------------------------------------------------------


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def _account(
    accounts: dict[str, UthTournamentAccount], name: str, shut: bool
) -> UthTournamentAccount:
    acc = accounts.get(name)
    if acc is None or shut:
        raise _refuse(ROOM, f"no open UTH tournament {name}")
    return acc


def _wrap(name: str, events: list[TEvent]) -> list[RoomEvent]:
    return [AtUthTournamentEvent(name, e) for e in events]


def plan(
    accounts: dict[str, UthTournamentAccount],
    cmd: UthTournamentRoomCommand,
    is_open: Callable[[str], bool],
    shut: Container[str],
) -> list[RoomEvent]:
    """The events of ``cmd``, nothing changed; ``is_open``: whether the room has a table or
    tournament of a name open; ``shut``: the names closed."""
    assert hasattr(cmd, "tournament")
    name: str = cmd.tournament
    if isinstance(cmd, OpenUthTournament):
        return _plan_open(accounts, cmd, is_open(name) or name in shut)
    acc = _account(accounts, name, name in shut)
    run = acc.run
    match cmd:
        case EnterUthTournament():
            events = decide(run, utc.EnterTournament(cmd.player))
            cage: list[RoomEvent] = [
                UthTournamentPaid(
                    e.player, name, "entry", e.fee - e.commission, e.commission, cmd.at
                )
                for e in events
                if isinstance(e, Entered)
            ]
            return [*cage, *_wrap(name, events)]
        case UthTournamentBuy():
            kinds = {"rebuy": utc.Rebuy, "addon": utc.AddOn}
            if cmd.kind not in kinds:
                raise _refuse(CAGE, f"a purchase is a 'rebuy' or an 'addon', not {cmd.kind!r}")
            events = decide(run, kinds[cmd.kind](cmd.player))
            cage = [
                UthTournamentPaid(e.player, name, e.kind, e.cost, 0, cmd.at)
                for e in events
                if isinstance(e, Bought)
            ]
            return [*cage, *_wrap(name, events)]
        case RefundUthEntry():
            events = decide(run, utc.RefundEntry(cmd.player))
            fee = run.conditions.commission
            cage = [
                UthTournamentRefunded(e.player, name, e.amount - fee, fee, cmd.at)
                for e in events
                if isinstance(e, Refunded)
            ]
            return [*cage, *_wrap(name, events)]
        case CancelUthTournament():
            events = decide(run, utc.CancelTournament())
            added = run.conditions.added_value
            cage = [
                UthTournamentCancelled(name, e.refunds, acc.commission, added, cmd.at)
                for e in events
                if isinstance(e, Cancelled)
            ]
            return [*cage, *_wrap(name, events)]
        case DrawUthSeats():
            if cmd.seed is None:
                raise _refuse(run.conditions.rules.tournament.draw_clause, "the server draws")
            ballot = sorted(p for p, e in run.players.items() if not e.out)
            random.Random(cmd.seed).shuffle(ballot)
            draw = utc.DrawSeats(ballot, cmd.at, cmd.per_table)
            return _wrap(name, decide(run, draw))
        case RunUthTournament():
            inner = cmd.command
            if not isinstance(inner, utc.UthTournamentCommand) or isinstance(inner, _NOT_PASSED):
                raise _refuse(
                    ROOM if isinstance(inner, _ROOM_OWN) else CAGE,
                    f"{type(inner).__name__} goes through the cage or the room's own commands",
                )
            if isinstance(inner, utc.ClockTick | utc.OfferBreak):
                inner = replace(inner, now=cmd.at)  # the server's clock, never a client's
            return _wrap(name, decide(run, inner))
        case DealUthTournamentRound():
            return _plan_deal(acc, cmd)
        case UthTournamentDecision():
            return _plan_decision(acc, cmd)
        case UthTournamentWager() | UthTournamentAct():
            return _plan_player(acc, cmd)
        case AddUthReserve() | SeatUthReserve() | SubstituteUthPlayer():
            return _plan_reserve(acc, cmd)
        case PayUthPrize():
            if isinstance(cmd.amount, bool) or not isinstance(cmd.amount, int) or cmd.amount < 1:
                raise _refuse(CAGE, f"a prize is a whole, positive amount, not {cmd.amount!r}")
            owed = acc.owed(cmd.player)
            if cmd.amount > owed:
                raise _refuse(
                    run.conditions.rules.tournament.places_clause,
                    f"{cmd.player} is owed {owed} from {name}'s prizes, not {cmd.amount}",
                )
            return [UthPrizePaid(cmd.player, name, cmd.amount, cmd.at)]
    raise _refuse(ROOM, f"the room cannot take {type(cmd).__name__}")


def _plan_open(
    accounts: dict[str, UthTournamentAccount], cmd: OpenUthTournament, taken: bool
) -> list[RoomEvent]:
    if taken or cmd.tournament in accounts:
        raise _refuse(ROOM, f"{cmd.tournament} is taken: a table or tournament has that name")
    rules = find_uth_rules(cmd.rules)
    try:
        conditions = TournamentConditions(
            entry_fee=cmd.entry_fee,
            commission=cmd.commission,
            starting_chips=cmd.starting_chips,
            minimum=cmd.minimum,
            maximum=cmd.maximum,
            session=SessionEnd(cmd.session),
            session_limit=cmd.session_limit,
            prizes=tuple(cmd.prizes),
            players_per_table=cmd.players_per_table,
            min_players=cmd.min_players,
            max_players=cmd.max_players,
            added_value=cmd.added_value,
            refundable=cmd.refundable,
            rules=rules,
        )
    except ValueError as e:
        raise _refuse(rules.tournament.conditions_clause, str(e)) from e
    return [UthTournamentOpened(cmd.tournament, conditions, cmd.at)]


def _plan_deal(acc: UthTournamentAccount, cmd: DealUthTournamentRound) -> list[RoomEvent]:
    run, n = acc.run, cmd.number
    tc = run.conditions.rules.tournament
    tbl = run.table_in_play(n)
    if tbl.status is not Status.IN_ROUND or n in acc.rounds:
        raise _refuse(tc.order_clause, f"table {n} has no round whose wagers are all in")
    deck_clause = run.conditions.rules.deck_clause
    if cmd.deck_order is None:
        raise _refuse(deck_clause, "the server's shoe shuffles the deck")
    try:
        r = UthRound(round_config(run, n), run.table_state(n), cmd.deck_order)
    except ValueError as e:
        raise _refuse(deck_clause, str(e)) from e
    for p, (ante, trips) in tbl.wagers.items():
        r.apply(uc.PlaceWagers(run.box_of(p), p, ante, ante, trips))
    r.apply(uc.Deal())
    opened: list[RoomEvent] = [UthTournamentRoundOpened(cmd.tournament, n, cmd.at, cmd.commitment)]
    return [*opened, *_round_events(acc, cmd.tournament, n, r, r.events)]


def _plan_decision(acc: UthTournamentAccount, cmd: UthTournamentDecision) -> list[RoomEvent]:
    live = acc.rounds.get(cmd.number)
    if live is None:
        clause = acc.run.conditions.rules.tournament.order_clause
        raise _refuse(clause, f"no round is in play at table {cmd.number}")
    if not isinstance(cmd.command, uc.UthCommand) or isinstance(cmd.command, _ROOM_DEALS):
        raise _refuse(ROOM, "the room places the wagers the tournament took and deals them")
    r = UthRound.from_events(live.config, live.start, live.events, live.deck)
    events = r.apply(cmd.command)
    return _round_events(acc, cmd.tournament, cmd.number, r, events)


def _plan_player(
    acc: UthTournamentAccount, cmd: UthTournamentWager | UthTournamentAct
) -> list[RoomEvent]:
    """A seated player's own wager, or decision for the box the Tournament Director assigned
    them (16.9: a player plays only in that position)."""
    run, name = acc.run, cmd.tournament
    if isinstance(cmd, UthTournamentWager):
        return _wrap(name, decide(run, utc.PlaceWager(cmd.player, cmd.ante, cmd.trips)))
    pos = run.position(cmd.player)
    if pos is None or run.players[cmd.player].out:
        clause = run.conditions.rules.tournament.seating_clause
        raise _refuse(clause, f"{cmd.player} holds no box in {name}")
    n, box = pos
    choices: dict[UthChoice, uc.UthCommand] = {
        UthChoice.PLAY: uc.Bet(box, cmd.multiple),
        UthChoice.CHECK: uc.Check(box),
        UthChoice.FOLD: uc.Fold(box),
    }
    decision = UthTournamentDecision(name, choices[UthChoice(cmd.action)], n, cmd.at)
    return _plan_decision(acc, decision)


def _plan_reserve(
    acc: UthTournamentAccount, cmd: AddUthReserve | SeatUthReserve | SubstituteUthPlayer
) -> list[RoomEvent]:
    """Reserves (16.11) and substitutes (16.12): a reserve seated pays the entry fee at the
    cage, the pool's share and the commission as for an entry (16.21); a substitution moves
    no money (what each paid stays theirs, 16.24)."""
    run, name = acc.run, cmd.tournament
    match cmd:
        case AddUthReserve():
            return _wrap(name, decide(run, utc.AddReserve(cmd.player)))
        case SeatUthReserve():
            events = decide(run, utc.SeatReserve(cmd.player, cmd.seat_of))
            cage: list[RoomEvent] = [
                UthTournamentPaid(
                    e.player, name, "entry", e.fee - e.commission, e.commission, cmd.at
                )
                for e in events
                if isinstance(e, ReserveSeated)
            ]
            return [*cage, *_wrap(name, events)]
    sub = utc.SubstitutePlayer(cmd.player, cmd.substitute, cmd.approved_by)
    return _wrap(name, decide(run, sub))


def _round_events(
    acc: UthTournamentAccount, name: str, n: int, r: UthRound, events: list[UthEvent]
) -> list[RoomEvent]:
    """The round's events, wrapped, and the tournament's record of the round once it is over."""
    out: list[RoomEvent] = [UthTournamentRoundEvent(name, n, e) for e in events]
    if r.is_over:
        out += _wrap(name, decide(acc.run, utc.RecordRound(r, n)))
    return out


# -- the fold: the only code that changes an account -----------------------------------


def fold(accounts: dict[str, UthTournamentAccount], e: RoomEvent) -> None:
    """Fold one of :data:`EVENTS` (live or replayed: the same code)."""
    if isinstance(e, UthTournamentOpened):
        acc = accounts[e.tournament] = UthTournamentAccount(UthTournament(e.conditions))
        acc.cash_in += e.conditions.added_value  # the operator's added value (16.22)
        acc.pool += e.conditions.added_value
        return
    assert isinstance(e, EVENTS)
    acc = accounts[e.tournament]
    match e:
        case UthTournamentPaid():
            acc.cash_in += e.pool + e.commission
            acc.pool += e.pool
            acc.commission += e.commission
        case UthTournamentRefunded():
            acc.cash_out += e.pool + e.commission
            acc.pool -= e.pool
            acc.commission -= e.commission
        case UthTournamentCancelled():
            paid_back = sum(amount for _, amount in e.refunds)
            acc.cash_out += paid_back + e.added
            acc.pool -= paid_back - e.commission + e.added
            acc.commission -= e.commission
        case UthPrizePaid():
            acc.cash_out += e.amount
            acc.pool -= e.amount
            acc.paid[e.player] = acc.paid.get(e.player, 0) + e.amount
        case AtUthTournamentEvent():
            acc.run.fold(e.event)
            if isinstance(e.event, RoundPlayed):
                over = acc.rounds.pop(e.event.table, None)
                if over is not None:
                    acc.last[e.event.table] = over
        case UthTournamentRoundOpened():
            n = e.number
            acc.rounds[n] = UthRound(round_config(acc.run, n), acc.run.table_state(n))
            acc.commitments[n] = e.commitment
        case UthTournamentRoundEvent():
            acc.rounds[e.number].fold(e.event)


def board(
    accounts: dict[str, UthTournamentAccount], shut: Container[str]
) -> list[tuple[str, str, str, int]]:
    """Each open UTH tournament for the board: its name, game, entry fee and entrants."""
    return [
        (name, "ultimate texas hold'em", f"{a.run.conditions.entry_fee}", len(a.run.players))
        for name, a in accounts.items()
        if name not in shut
    ]


def ledger(accounts: dict[str, UthTournamentAccount]) -> tuple[int, int, int, int]:
    """The UTH tournaments' cash in, cash out, pools and commission, summed."""
    a = list(accounts.values())
    return (
        sum(x.cash_in for x in a),
        sum(x.cash_out for x in a),
        sum(x.pool for x in a),
        sum(x.commission for x in a),
    )


__all__ = [
    "EVENTS",
    "AddUthReserve",
    "AtUthTournamentEvent",
    "CancelUthTournament",
    "DealUthTournamentRound",
    "DrawUthSeats",
    "EnterUthTournament",
    "OpenUthTournament",
    "PayUthPrize",
    "RefundUthEntry",
    "RunUthTournament",
    "SeatUthReserve",
    "SubstituteUthPlayer",
    "UthChoice",
    "UthPrizePaid",
    "UthTournamentAccount",
    "UthTournamentAct",
    "UthTournamentBuy",
    "UthTournamentCancelled",
    "UthTournamentDecision",
    "UthTournamentOpened",
    "UthTournamentPaid",
    "UthTournamentRefunded",
    "UthTournamentRoomCommand",
    "UthTournamentRoundEvent",
    "UthTournamentRoundOpened",
    "UthTournamentWager",
    "board",
    "fold",
    "ledger",
    "plan",
    "round_config",
]
