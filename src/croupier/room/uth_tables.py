"""The room's Ultimate Texas Hold'em tables, played: each a :class:`~croupier.uth.played.UthPlay`
whose events travel wrapped in :class:`AtUthEvent` (one stream per UTH table).

Chips reach a UTH table only through the cage (:class:`~croupier.room.commands.UthBuyIn`: a
seat at a box, or more chips for the player's box) and leave it only through the cage
(:class:`~croupier.room.commands.UthCashOut`), one chip for one unit of cash; every other
command goes through :class:`AtUth`. In between chips move between the players, the layout and
the house bank, and the room's ledger counts both: the players' chips at UTH tables (on the
layout included) and the house bank's result there, a loss as a negative amount.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.room.commands import RoomCommand, UthBuyIn, UthCashOut
from croupier.room.events import BoughtIn, CashedOut, RoomEvent
from croupier.uth.commands import UthCommand
from croupier.uth.played import PlayEvent, UthPlay, UthTableCommand


@dataclass(frozen=True, slots=True)
class AtUth(RoomCommand):
    """A command to a UTH table or its round: wagers, decisions, the deal, settlement."""

    table: str
    command: UthCommand | UthTableCommand
    at: int = 0


@dataclass(frozen=True, slots=True)
class AtUthEvent(RoomEvent):
    """One of a UTH table's own events (its stream's)."""

    table: str
    event: PlayEvent


def wrap(table: str, events: list[PlayEvent]) -> list[RoomEvent]:
    return [AtUthEvent(table, e) for e in events]


def plan_buy_in(play: UthPlay, cmd: UthBuyIn, commit: bool) -> list[RoomEvent]:
    """The cage takes the cash; the chips go on the player's box (its first seat, or more)."""
    events = play.buy_in(cmd.player, cmd.cash, cmd.box, commit)
    return [BoughtIn(cmd.player, cmd.table, cmd.cash, cmd.at), *wrap(cmd.table, events)]


def plan_cash_out(play: UthPlay, cmd: UthCashOut, commit: bool) -> list[RoomEvent]:
    """The chips come off the player's box (all of them: the player leaves it); the cage pays."""
    events = play.cash_out(cmd.player, cmd.chips, commit)
    return [
        *wrap(cmd.table, events),
        CashedOut(cmd.player, cmd.table, cmd.chips, "redeemed", cmd.at),
    ]


def plan_at_uth(play: UthPlay, cmd: AtUth, commit: bool) -> list[RoomEvent]:
    return wrap(cmd.table, play.command(cmd.command, commit))


__all__ = ["AtUth", "AtUthEvent", "plan_at_uth", "plan_buy_in", "plan_cash_out", "wrap"]
