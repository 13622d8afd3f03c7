"""Live hands at a tournament's tables: dealt by the room, played by the players.

A tournament the room runs plans each hand (:meth:`Tournament.plan_hand`, the plan a dealer's
device gets over the API); here the room deals that hand itself and holds its round:

* :class:`DealTournamentHand` deals the next hand at a table from a shuffled deck, an input
  as a cash table's ``StartRound`` takes it: the deck stays with the dealer side (the service
  seals it in its own stream); the events carry the plan with its configuration sealed
  (:meth:`RoundConfig.sealed`) and the cards as they are dealt.
* :class:`TournamentPlay`: a player's action by name (fold, check, call, bet, raise, all-in;
  show or muck), read against the round ("all-in" as the floor's declared all-in), then
  played as :class:`TournamentAct`, a round command checked by the round engine, refused
  with its clause and nothing changed.
* :class:`CallTournamentClock`: the director calls "time" on the player to act (an entrant's
  request, qld-tournament-2020 4.26, or their own call, 4.28), and
  :class:`EnforceTournamentClock`: the time ran out and the hand is dead, its wagers in the pot
  (4.26; dunedin-house 90). Both through the tournament's own clock on a player
  (:mod:`croupier.tournament.live`), whose events the tournament keeps. A player who acts
  after the time ran out is refused: the hand is dead. A player found deliberately slow under
  dunedin-house 91 has the clock on at each of their decisions (``start_decision``).

When the round ends the room records it into the tournament as ``RecordHands`` does (the
same :meth:`Tournament.record`, in the same command): stacks, eliminations, places follow.
Hand-for-hand (qld-tournament-2020 4.20) the hands of every table are recorded together, as
the runner does: a finished hand waits until every table that can deal has finished its own.

The round's events travel in :class:`TournamentHandProgressed`, and a live hand is the fold
of its :class:`TournamentHandDealt` and those; the recorded ``HandPlayed`` ends it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from croupier.cards import Card
from croupier.floor.chips import declared_all_in
from croupier.room.commands import RoomCommand
from croupier.room.events import RoomEvent
from croupier.room.tournaments import (
    ROOM,
    AtTournamentEvent,
    TournamentAccount,
    _refuse,
    _run,
    _wrap,
    running,
)
from croupier.round import Round
from croupier.round.commands import BetRaise, CheckCall, Command, Fold, Muck, Show
from croupier.round.events import Event
from croupier.rules import IllegalAction
from croupier.tournament import Tournament
from croupier.tournament import commands as cm
from croupier.tournament import events as te
from croupier.tournament.live import _acted
from croupier.tournament.plan import HandPlan

#: Player actions a tournament table takes from its players.
PLAYER_COMMANDS = (Fold, CheckCall, BetRaise, Show, Muck)


@dataclass
class LiveHand:
    """A hand in play at a tournament table: its plan (configuration sealed) and round."""

    plan: HandPlan
    round: Round
    commitment: str = ""


# ----------------------------------------------------------------------------------------
# Commands


@dataclass(frozen=True, slots=True)
class DealTournamentHand(RoomCommand):
    """Deal the next hand at table ``number`` of ``tournament`` from ``deck_order`` (the
    shoe's shuffled deck, held by the dealer side; ``commitment`` and ``shoe`` recorded)."""

    tournament: str
    number: int
    deck_order: tuple[Card, ...] | None = field(default=None, repr=False)
    commitment: str = ""
    shoe: str = ""
    at: int = 0


@dataclass(frozen=True, slots=True)
class TournamentAct(RoomCommand):
    """A player's action in the hand at table ``number`` (a round command: ``Fold``,
    ``CheckCall``, ``BetRaise``, ``Show``, ``Muck``, by the player's position)."""

    tournament: str
    number: int
    command: Command
    at: int = 0


class Action(StrEnum):
    """The actions a player names in :class:`TournamentPlay`."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"
    SHOW = "show"
    MUCK = "muck"


@dataclass(frozen=True, slots=True)
class TournamentPlay(RoomCommand):
    """``player``'s action in the hand at table ``number``, by name (an :class:`Action`;
    ``to``: a bet's or raise's total for the betting round). The room reads it against the
    round as it stands (:func:`player_command`) and plays it as :class:`TournamentAct`."""

    tournament: str
    number: int
    player: str
    action: Action
    to: int | None = None
    at: int = 0


@dataclass(frozen=True, slots=True)
class CallTournamentClock(RoomCommand):
    """The director calls "time" on the player to act at table ``number``: at an entrant's
    request (``requested``, qld-tournament-2020 4.26) or of their own motion (4.28)."""

    tournament: str
    number: int
    requested: bool = False
    at: int = 0


@dataclass(frozen=True, slots=True)
class EnforceTournamentClock(RoomCommand):
    """The server's time reached ``at``: the player on the clock at table ``number`` who has
    not acted has a dead hand (4.26; dunedin-house 90)."""

    tournament: str
    number: int
    at: int = 0


# ----------------------------------------------------------------------------------------
# Events


@dataclass(frozen=True, slots=True)
class TournamentHandDealt(RoomEvent):
    """The room dealt hand ``plan.hand`` at table ``plan.table`` (the plan's configuration
    sealed: no deck order); ``commitment`` to the deck, published."""

    tournament: str
    plan: HandPlan
    commitment: str = ""
    shoe: str = ""
    at: int = 0


@dataclass(frozen=True, slots=True)
class TournamentHandProgressed(RoomEvent):
    """The round's own events one command produced at a tournament table (cards dealt,
    actions, a showdown and its pots): facts, folded without asking the rules again."""

    tournament: str
    number: int
    hand: int
    events: tuple[Event, ...]
    at: int = 0


# ----------------------------------------------------------------------------------------
# Queries


def live_hand(tm: TournamentAccount, number: int) -> LiveHand:
    """The hand in play at table ``number``, or a refusal."""
    lh = tm.live.get(number)
    if lh is None:
        raise _refuse(ROOM, f"no hand is in play at table {number}")
    return lh


def _copy(lh: LiveHand) -> Round:
    return Round.from_events(lh.plan.config, lh.round.events)


def clock_due(t: Tournament, lh: LiveHand, now: int) -> bool:
    """Whether the clock on the player to act at the hand's table ran out by ``now`` and they
    have not acted: :class:`EnforceTournamentClock` kills the hand."""
    c = t.action_clocks.get(lh.plan.table)
    r = lh.round
    if c is None or c.hand != lh.plan.hand or r.is_over or r.actor is None:
        return False
    p = r.actor
    return lh.plan.players[p] == c.player and _acted(r, p) == c.acted and now > c.at + c.limit


# ----------------------------------------------------------------------------------------
# Planning


def _advance(plan: HandPlan, r: Round, deck: tuple[Card, ...] | None) -> None:
    """Deal what the round waits for from the held deck, and fold the dead hands of absent or
    penalised players on their turn (qld-tournament-2020 4.16.1; as the runner does)."""
    while not r.is_over:
        if deck is not None:
            dealt = r.deal_due(deck)
            if dealt:
                r.record_dealt(dealt)
                continue
        forced = plan.forced_action(r)
        if forced is None:
            return
        r.apply(forced)


def _after(x: Tournament, tm: TournamentAccount, plan: HandPlan, r: Round, at: int) -> None:
    """The tournament's part after a command to the round: the slow player's clock on their
    next decision (dunedin-house 91), or the finished hand recorded (hand-for-hand: with every
    table's, once all are finished: qld-tournament-2020 4.20)."""
    if not r.is_over:
        if r.actor is not None:
            x.apply(cm.StartDecision(cm.PlayedHand.of(plan, r), at), cm.Inputs(rounds=(r,)))
        return
    results = [(plan, r)]
    if x.hand_for_hand and len(x.tables) > 1:
        others = {n: lh for n, lh in tm.live.items() if n != plan.table}
        if any(not lh.round.is_over for lh in others.values()):
            return  # 4.20: recorded with the other tables' hands once they finish
        dealing = [n for n in x.tables if n not in tm.live and n != plan.table]
        if any(x.why_not_deal(n) is None for n in dealing):
            return  # a table still to deal this hand: recorded with its hand
        results += [(lh.plan, lh.round) for lh in others.values()]
        results.sort(key=lambda pr: pr[0].table)
    hands = tuple(cm.PlayedHand.of(p, pr) for p, pr in results)
    x.apply(cm.RecordHands(hands), cm.Inputs(rounds=[pr for _, pr in results]))


def plan_deal(
    tm: TournamentAccount | None, shut: bool, cmd: DealTournamentHand, commit: bool
) -> list[RoomEvent]:
    """The next hand at a table, dealt: the plan the tournament gives at the server's time
    (its clock brought to ``at`` first), the blinds and antes posted, the hole cards dealt."""
    t = running(tm, cmd.tournament, shut)
    assert tm is not None
    n = cmd.number
    if not isinstance(n, int) or isinstance(n, bool):
        raise _refuse(ROOM, f"a tournament table is a number, not {n!r}")
    held = tm.live.get(n)
    if held is not None:
        if held.round.is_over:
            raise _refuse(
                t.book.hand_for_hand_clause,
                f"hand-for-hand: table {n} waits for every table to complete the current hand",
            )
        raise _refuse(ROOM, f"table {n}: hand {held.plan.hand} is in play")
    deck = cmd.deck_order
    if deck is None:
        raise _refuse(ROOM, "the room deals a tournament hand from a shuffled deck")
    got: list[tuple[HandPlan, Round]] = []

    def steps(x: Tournament) -> None:
        plan = x.plan_hand(n, deck)
        sealed = replace(plan, config=plan.config.sealed())
        r = Round(sealed.config)
        _advance(sealed, r, tuple(deck))
        got.append((sealed, r))
        _after(x, tm, sealed, r, cmd.at)

    tevents = _run(t, cmd.at, commit, steps, False)
    plan, r = got[-1]
    if commit:
        tm.decks[n] = tuple(deck)
    dealt: list[RoomEvent] = [
        TournamentHandDealt(cmd.tournament, plan, cmd.commitment, cmd.shoe, cmd.at),
        TournamentHandProgressed(cmd.tournament, n, plan.hand, tuple(r.events), cmd.at),
    ]
    return _order(dealt, _wrap(cmd.tournament, tevents))


def _order(round_events: list[RoomEvent], tevents: list[RoomEvent]) -> list[RoomEvent]:
    """The round's events first (the tournament's clock ticks fold apart from them), then the
    tournament's: a recorded hand ends the live hand after its last events are folded."""
    return [*round_events, *tevents]


def plan_act(
    tm: TournamentAccount | None, shut: bool, cmd: TournamentAct, commit: bool
) -> list[RoomEvent]:
    """A player's action, checked by the round engine; the cards it brings dealt; the hand
    recorded into the tournament once it is over."""
    t = running(tm, cmd.tournament, shut)
    assert tm is not None
    lh = live_hand(tm, cmd.number)
    inner = cmd.command
    if not isinstance(inner, PLAYER_COMMANDS):
        raise _refuse(ROOM, f"a player's action, not {type(inner).__name__}")
    if lh.round.is_over:
        raise _refuse(
            t.book.hand_for_hand_clause, "hand-for-hand: this hand is over and waits for the others"
        )
    c = t.action_clocks.get(cmd.number)
    if (
        c is not None
        and clock_due(t, lh, cmd.at)
        and getattr(inner, "player", None) == (lh.plan.players.index(c.player))
    ):
        raise _refuse(c.clause, f"time expired: {c.player}'s hand is dead")
    r = _copy(lh)
    ruling = r.why_illegal(inner)
    if ruling is not None:
        raise IllegalAction(ruling)
    mark = len(r.events)
    r.apply(inner)
    _advance(lh.plan, r, tm.decks.get(cmd.number))
    tevents = _run(t, cmd.at, commit, lambda x: _after(x, tm, lh.plan, r, cmd.at), False)
    moved = TournamentHandProgressed(
        cmd.tournament, cmd.number, lh.plan.hand, tuple(r.events[mark:]), cmd.at
    )
    return _order([moved], _wrap(cmd.tournament, tevents))


def player_command(lh: LiveHand, player: str, action: Action, to: int | None) -> Command:
    """The round command ``player``'s named ``action`` is in the hand ``lh``: "all-in" as the
    floor's declared all-in (:func:`~croupier.floor.chips.declared_all_in`); "check" facing a
    bet is refused (a call, a raise or a fold is wanted)."""
    if player not in lh.plan.players:
        raise _refuse(ROOM, f"{player} is not dealt into hand {lh.plan.hand}")
    pos = lh.plan.players.index(player)
    r = lh.round
    la = r.legal_actions() if r.actor == pos else None
    betting = f"{lh.plan.config.rulebook.id} (betting)"
    match action:
        case Action.FOLD:
            return Fold(pos)
        case Action.CHECK if la is not None and not la.can_check:
            raise _refuse(betting, "there is a bet to call: call, raise or fold")
        case Action.CHECK | Action.CALL:
            return CheckCall(pos)
        case Action.BET | Action.RAISE if to is None:
            raise _refuse(betting, f"{action}: give 'to', the total for the betting round")
        case Action.BET | Action.RAISE:
            assert to is not None
            return BetRaise(pos, to)
        case Action.ALL_IN:
            return declared_all_in(pos, la)
        case Action.SHOW:
            return Show(pos)
        case Action.MUCK:
            return Muck(pos)
    raise _refuse(ROOM, f"action: one of {', '.join(a.value for a in Action)}, not {action!r}")


def plan_play(
    tm: TournamentAccount | None, shut: bool, cmd: TournamentPlay, commit: bool
) -> list[RoomEvent]:
    """A player's named action (:func:`player_command`), played as :func:`plan_act` plays it."""
    running(tm, cmd.tournament, shut)
    assert tm is not None
    inner = player_command(live_hand(tm, cmd.number), cmd.player, cmd.action, cmd.to)
    return plan_act(tm, shut, TournamentAct(cmd.tournament, cmd.number, inner, cmd.at), commit)


def plan_clock(
    tm: TournamentAccount | None, shut: bool, cmd: CallTournamentClock, commit: bool
) -> list[RoomEvent]:
    """Time called on the player to act (qld-tournament-2020 4.26, 4.28)."""
    t = running(tm, cmd.tournament, shut)
    assert tm is not None
    lh = live_hand(tm, cmd.number)
    r = _copy(lh)

    def steps(x: Tournament) -> None:
        call = cm.CallClock(cm.PlayedHand.of(lh.plan, r), cmd.at, cmd.requested, True)
        x.apply(call, cm.Inputs(rounds=(r,)))

    return _wrap(cmd.tournament, _run(t, cmd.at, commit, steps, False))


def plan_enforce(
    tm: TournamentAccount | None, shut: bool, cmd: EnforceTournamentClock, commit: bool
) -> list[RoomEvent]:
    """The time ran out: the hand is dead, its wagers stay in the pot (4.26); the round goes on
    (or ends and is recorded)."""
    t = running(tm, cmd.tournament, shut)
    assert tm is not None
    lh = live_hand(tm, cmd.number)
    c = t.action_clocks.get(cmd.number)
    if c is None or c.hand != lh.plan.hand:
        raise _refuse(t.book.clock_called_clause, f"no clock is running at table {cmd.number}")
    if not clock_due(t, lh, cmd.at):
        raise _refuse(c.clause, f"{c.player} still has time or has acted")
    r = _copy(lh)
    mark = len(r.events)

    def steps(x: Tournament) -> None:
        enforce = cm.EnforceClock(cm.PlayedHand.of(lh.plan, r), cmd.at)
        if not x.apply(enforce, cm.Inputs(rounds=(r,))):
            raise _refuse(c.clause, f"{c.player} still has time or has acted")
        _advance(lh.plan, r, tm.decks.get(cmd.number))
        _after(x, tm, lh.plan, r, cmd.at)

    tevents = _run(t, cmd.at, commit, steps, False)
    moved = TournamentHandProgressed(
        cmd.tournament, cmd.number, lh.plan.hand, tuple(r.events[mark:]), cmd.at
    )
    return _order([moved], _wrap(cmd.tournament, tevents))


def hold_deck(tm: TournamentAccount, number: int, order: tuple[Card, ...]) -> None:
    """Give a live hand rebuilt from its events the deck it is dealt from (held by the dealer
    side, never in an event), so the room deals the rest of it: a restart resumes the hand."""
    lh = live_hand(tm, number)
    r = lh.round
    dealt = {c for e in r.events for c in _cards_of(e)}
    if set(order[: r.deck_pos]) != dealt:
        raise _refuse(ROOM, "this deck is not the one the hand was dealt from")
    tm.decks[number] = tuple(order)


def _cards_of(e: Event) -> tuple[Card, ...]:
    from croupier.round.events import BoardDealt, CardBurned, HoleDealt

    if isinstance(e, HoleDealt | BoardDealt):
        return tuple(c for c in e.cards if c is not None)
    if isinstance(e, CardBurned) and e.card is not None:
        return (e.card,)
    return ()


# ----------------------------------------------------------------------------------------
# The fold


def fold_dealt(tm: TournamentAccount, e: TournamentHandDealt) -> None:
    tm.live[e.plan.table] = LiveHand(e.plan, Round(e.plan.config, _start=False), e.commitment)


def fold_progressed(tm: TournamentAccount, e: TournamentHandProgressed) -> None:
    lh = tm.live[e.number]
    for x in e.events:
        lh.round.emit(x)


def fold_tournament_event(tm: TournamentAccount, e: AtTournamentEvent) -> None:
    """A recorded hand ends the live hand it records."""
    x = e.event
    if isinstance(x, te.HandPlayed):
        lh = tm.live.get(x.table)
        if lh is not None and lh.plan.hand == x.hand:
            del tm.live[x.table]
            tm.decks.pop(x.table, None)


__all__ = [
    "CallTournamentClock",
    "DealTournamentHand",
    "EnforceTournamentClock",
    "LiveHand",
    "TournamentAct",
    "TournamentHandDealt",
    "TournamentHandProgressed",
    "clock_due",
    "hold_deck",
    "live_hand",
]
