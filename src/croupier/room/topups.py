"""Top-up requests: a seated player asks the cage for more chips from their seat.

The request moves no money: it waits at the cage until the cashier tops the player up (a
``BuyIn`` at that table, which answers it) or declines it, saying why. A player's new request
at a table replaces their earlier one there; leaving the table, or the table closing, ends it.
A request is checked as the top-up itself would be (the table's maximum buy-in, say), except
that while the player is in a round it waits for the round's end, when chips may be added.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.room.commands import RoomCommand
from croupier.room.events import RoomEvent
from croupier.rules import IllegalAction, Ruling
from croupier.table.commands import AddChips
from croupier.table.table import Table

CAGE = "croupier cage"


@dataclass(frozen=True, slots=True)
class RequestTopUp(RoomCommand):
    """``player``, seated at the cash table ``table``, asks the cage for ``cash`` more chips."""

    player: str
    table: str
    cash: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class DeclineTopUp(RoomCommand):
    """The cage declines ``player``'s top-up request at ``table``, saying why."""

    player: str
    table: str
    reason: str = ""
    at: int = 0


@dataclass(frozen=True, slots=True)
class TopUpRequested(RoomEvent):
    player: str
    table: str
    cash: int
    at: int = 0


@dataclass(frozen=True, slots=True)
class TopUpDeclined(RoomEvent):
    player: str
    table: str
    reason: str
    at: int = 0


def _refuse(message: str) -> IllegalAction:
    return IllegalAction(Ruling(CAGE, message))


def plan_request(t: Table, cmd: RequestTopUp) -> list[RoomEvent]:
    """The request's event, or a refusal: a seated player, a whole positive amount, and (out
    of a round) chips the table would take now."""
    if t.seat_of(cmd.player) is None:
        raise _refuse(f"{cmd.player} has no seat at {cmd.table}: buy in at the cage")
    if not isinstance(cmd.cash, int) or isinstance(cmd.cash, bool) or cmd.cash < 1:
        raise _refuse(f"a top-up is a whole, positive amount, not {cmd.cash!r}")
    if not t.in_round(cmd.player):
        ruling = t.why_illegal(AddChips(cmd.player, cmd.cash, cmd.at))
        if ruling is not None:
            raise IllegalAction(ruling)
    return [TopUpRequested(cmd.player, cmd.table, cmd.cash, cmd.at)]


def plan_decline(
    pending: dict[tuple[str, str], TopUpRequested], cmd: DeclineTopUp
) -> list[RoomEvent]:
    if (cmd.table, cmd.player) not in pending:
        raise _refuse(f"{cmd.player} has asked for no top-up at {cmd.table}")
    if not isinstance(cmd.reason, str) or not cmd.reason.strip():
        raise _refuse("say why the top-up is declined: the player sees it")
    return [TopUpDeclined(cmd.player, cmd.table, cmd.reason.strip(), cmd.at)]
