"""A table change: the floor moves a seated player, with their chips, to a free seat at another
cash table of the same game and stakes.

The chips go with the player, never through the cage: a player may not take chips off the table
(dunedin-house 22) nor come back to the game with fewer (23), so the move is the source table's
departure and the target table's seating with the same chips, and the room's money stays where
it was (no cash in, none out; the chips on the cash tables are the same). The record
(:class:`TableChanged`) cites the table's own clause against taking chips off it
(dunedin-house 22, act-omaha-2017 4.6, qld-holdem-2005 s19(4)). The rulebooks have no clause of
their own for a table change; the house reads them so:

* only between the player's rounds: while they are in a round their chips are in it
  (the source table's own refusal, qld-holdem-2005 s19 / dunedin-house 22 as it applies them);
* only to a table of the same game and stakes, so the chips mean the same and the waiting list
  is the same list (``croupier room``); the player needs a stack the target table takes as a
  buy-in (its minimum and maximum: the target table's own refusal, e.g. qld-holdem-2005 s17);
* the target's seated players who asked for a seat change come first for its open seat, as
  they do before a player waiting to join (dunedin-house 17; qld-holdem-2005 s16(2);
  act-omaha-2017 8.2): the mover joins that table as a newcomer would;
* a seat held for a called player stays held (``croupier room``); the move itself takes no
  seat from the waiting list, whose next player is called to the seat the mover left;
* at the new table the player comes in as any player sitting down there does: dealt in at once
  where the book allows, else waiting for the big blind or posting one (``post``) (act-omaha-2017
  17.11, dunedin-house 29). Dunedin-house 29 lets a player moved by a poker supervisor, or
  joining from a game that has closed, be seated and dealt a hand at the button: the mover sits
  down ``moved`` and is not barred there (they still wait for or post the big blind, as 29's
  second sentence asks of every new player). A table closes only when empty, so the floor moves
  its players with this command, and the exception covers them too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from croupier.room.commands import RoomCommand
from croupier.room.draws import check_newcomer
from croupier.room.events import AtTableEvent, RoomEvent
from croupier.rules import IllegalAction, Ruling
from croupier.table.commands import Leave, SitDown
from croupier.table.events import PlayerLeft, PlayerSat
from croupier.table.table import Table

ROOM = "croupier room"


@dataclass(frozen=True, slots=True)
class MoveTable(RoomCommand):
    """The floor moves ``player``, seated at the cash table ``table``, with their chips to
    ``seat`` at the cash table ``to`` of the same game and stakes; ``post``: posts a big blind
    there to be dealt in at once where the book lets a newcomer do so."""

    player: str
    table: str
    to: str
    seat: int
    at: int = 0
    post: bool = False


@dataclass(frozen=True, slots=True)
class TableChanged(RoomEvent):
    """The record of a table change (the tables' own events, beside it, move the chips)."""

    player: str
    table: str
    to: str
    seat: int
    chips: int
    clause: str = ""
    at: int = 0


def _chips_stay(t: Table) -> str:
    """The table's own clause against taking chips off it (dunedin-house 22, act-omaha-2017
    4.6, qld-holdem-2005 s19(4)), not another rulebook's."""
    return t.rules.reduce_clause or ROOM


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def plan_move(
    source: Table,
    target: Table,
    keys: tuple[tuple[str, str], tuple[str, str]],
    cmd: MoveTable,
    requests: Sequence[str],
    called: Sequence[str],
    commit: bool,
) -> list[RoomEvent]:
    """The move's events, or a refusal naming its clause with nothing changed. ``keys``: the
    two tables' (game, stakes); ``requests``: the target's players who asked for a seat
    change; ``called``: the players called to the target table."""
    if cmd.table == cmd.to:
        raise _refuse(ROOM, f"{cmd.player} is already at {cmd.to}: a seat change is ChangeSeat")
    if source.seat_of(cmd.player) is None:
        raise _refuse(ROOM, f"{cmd.player} is not seated at {cmd.table}")
    if keys[0] != keys[1] or source.config.rulebook != target.config.rulebook:
        raise _refuse(
            ROOM,
            f"{cmd.table} plays {' '.join(keys[0])} and {cmd.to} plays {' '.join(keys[1])}: "
            "a player moves with their chips only to the same game and stakes",
        )
    if source.locked.get(cmd.player):
        raise _refuse(
            source.rules.funds_lock_clause or ROOM,
            f"{cmd.player}'s funds are locked at {cmd.table}: the floor releases them first",
        )
    ruling = source.why_illegal(Leave(cmd.player, cmd.at))
    if ruling is not None:
        raise IllegalAction(ruling)
    chips = source.stacks[cmd.player]
    free = target.config.size - len(target.seating.seats)
    if called and free <= len(called):
        raise _refuse(ROOM, f"the open seats at {cmd.to} are held for {', '.join(called)}")
    check_newcomer(target, requests, cmd.player)
    sit = SitDown(cmd.player, cmd.seat, chips, cmd.at, cmd.post, moved=True)
    ruling = target.why_illegal(sit)
    if ruling is not None:
        raise IllegalAction(ruling)
    if not commit:
        return []
    left = source.apply(Leave(cmd.player, cmd.at))
    sat = target.apply(sit)
    assert any(isinstance(e, PlayerLeft) and e.chips == chips for e in left)
    assert any(isinstance(e, PlayerSat) and e.chips == chips for e in sat)
    return [
        *(AtTableEvent(cmd.table, e) for e in left),
        *(AtTableEvent(cmd.to, e) for e in sat),
        TableChanged(cmd.player, cmd.table, cmd.to, cmd.seat, chips, _chips_stay(source), cmd.at),
    ]
