"""A player whose connection drops: the seat is kept for the table's grace period, then the
rulebook's rules for an absent player apply.

The service records what its server saw as commands carrying the server's time ``at`` (the core
never reads a clock): :class:`Disconnect` when a player's last connection to the table closes,
:class:`Reconnect` when one opens again, :class:`ExpireGrace` at the deadline. Each answers with
an event, so a table rebuilt from its events (:meth:`Table.from_events`) has the same absences.

Past the grace period (``TableConfig.grace_seconds``) the player is away as though they had
stepped away: their status is sitting out under the rulebook's sit-out clause, so they are not
dealt into the next rounds, miss their blinds and owe them on return as the rulebook says
(qld-holdem-2005 s23(3); act-omaha-2017 17.4; dunedin-house 18, 26), and the floor is told when
they have been away too long (dunedin-house 18). Their hand in the round in progress is folded
when it is their turn, their bets staying in the pot (:class:`AbsentFolded`), under the
rulebook's clause for an absent player's hand (``TableRules.absent_hand_clause``):

* dunedin-house 92: "A player must be at his seat in order to have a live hand". Reading: the
  hand is folded in turn, not killed out of turn, so nobody after it acts on a changed pot;
* act-omaha-2017 4.8(a): a player who does not act in the time the operator announced (here
  the table's grace period) has their hand folded and their bets remain in the pot;
* qld-holdem-2005 is silent: a player may leave during a round only with a floor manager's
  approval (s19(5)); one whose connection dropped has none, and the house default
  (``croupier absent player``) folds the hand in turn as the other two rulebooks do.

A player who reconnects before the grace runs out plays on as before (the expiry is refused);
one who reconnects after it is sitting out and comes back with ``Return`` (what they owe as the
rulebook says); a hand not yet folded is theirs to play again.

The commands live with the table's others (:mod:`croupier.table.commands`, which runs as Python);
this module, compiled, holds the events (a compiled class's subclasses must be compiled too) and
the planning.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from croupier.round.commands import Fold
from croupier.table.button import Status
from croupier.table.commands import Disconnect, ExpireGrace, Reconnect
from croupier.table.events import StatusChanged, TableEvent
from croupier.table.planning import TABLE, Planned, ToRound, refuse

if TYPE_CHECKING:
    from croupier.table.table import Table

#: the clause of the grace period itself (no rulebook has one: a house rule of the room)
GRACE = "croupier grace period"
#: the house default for an absent player's hand where a rulebook is silent (qld-holdem-2005)
ABSENT = "croupier absent player"
#: the grace period a table gives when its configuration names none
DEFAULT_GRACE_SECONDS = 60


# ----------------------------------------------------------------------------------------
# Events


@dataclass(slots=True, unsafe_hash=True)
class PlayerDisconnected(TableEvent):
    """``player``'s connection dropped at ``at``; the seat is kept until ``until``."""

    player: str
    until: int
    clause: str = GRACE
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class PlayerReconnected(TableEvent):
    """``player`` is connected again at ``at`` (``late``: after the grace period ran out)."""

    player: str
    late: bool = False
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class GraceExpired(TableEvent):
    """``player``'s grace period ran out at ``at``: the rulebook's rules for an absent player
    apply from now on."""

    player: str
    clause: str = GRACE
    at: int = 0


@dataclass(slots=True, unsafe_hash=True)
class AbsentFolded(TableEvent):
    """An absent player's hand is folded on their turn (the round's events follow in a
    ``RoundProgressed``); their bets stay in the pot."""

    player: str
    clause: str
    at: int = 0


# ----------------------------------------------------------------------------------------
# Planning


def plan_disconnect(t: Table, cmd: Disconnect) -> list[Planned]:
    t.seat(cmd.player)  # refused, changing nothing, for a player not seated
    if cmd.player in t.disconnected or cmd.player in t.absent:
        raise refuse(TABLE, f"{cmd.player} is already disconnected")
    return [PlayerDisconnected(cmd.player, cmd.at + t.config.grace_seconds, GRACE, cmd.at)]


def plan_reconnect(t: Table, cmd: Reconnect) -> list[Planned]:
    t.seat(cmd.player)
    if cmd.player not in t.disconnected and cmd.player not in t.absent:
        raise refuse(TABLE, f"{cmd.player} is not disconnected")
    return [PlayerReconnected(cmd.player, cmd.player in t.absent, cmd.at)]


def plan_expire(t: Table, cmd: ExpireGrace) -> list[Planned]:
    seat = t.seat(cmd.player)
    until = t.disconnected.get(cmd.player)
    if until is None:
        why = "is already away" if cmd.player in t.absent else "is connected"
        raise refuse(GRACE, f"{cmd.player} {why}: no grace period is running")
    if cmd.at < until:
        raise refuse(
            GRACE,
            f"{cmd.player}'s grace period runs until {until}; it is only {cmd.at}",
        )
    events: list[Planned] = [GraceExpired(cmd.player, GRACE, cmd.at)]
    if seat.status is not Status.SITTING_OUT:
        events.append(StatusChanged(cmd.player, Status.SITTING_OUT, t.rules.sit_out_clause, cmd.at))
    # a hand to act now is folded after these, as every absent actor's is (Table._fold_absent)
    return events


def folded(t: Table, position: int, at: int) -> list[Planned]:
    """The absent player at ``position``, to act, has their hand folded."""
    clause = t.rules.absent_hand_clause or ABSENT
    return [AbsentFolded(t.players[position], clause, at), ToRound(Fold(position), None, at)]


def absent_actor(t: Table) -> int | None:
    """The position of the player to act, if they are away past their grace period."""
    r = t.round
    if not t.absent or r is None or r.is_over or r.actor is None:
        return None
    return r.actor if t.players[r.actor] in t.absent else None


# ----------------------------------------------------------------------------------------
# Folding the events into a table's state


def f_disconnected(t: Table, e: PlayerDisconnected) -> None:
    t.disconnected[e.player] = e.until


def f_reconnected(t: Table, e: PlayerReconnected) -> None:
    t.disconnected.pop(e.player, None)
    t.absent.discard(e.player)


def f_expired(t: Table, e: GraceExpired) -> None:
    t.disconnected.pop(e.player, None)
    t.absent.add(e.player)


def f_absent_folded(t: Table, e: AbsentFolded) -> None:
    """A record: the fold itself is the ``RoundProgressed`` that follows."""


def forget(t: Table, player: str) -> None:
    """A player who left the table is no longer disconnected or away."""
    t.disconnected.pop(player, None)
    t.absent.discard(player)
