"""An accepted command's events in words, for the person who sent it (the status line of the
staff screens): "Cashed out 500 for alice at table qld-1", never an event's class name.

Only what the sender may see is said: a round's events are summed up without their cards (the
table's own stream shows each viewer what they may see), and an event with no words of its own
is said by its name spelt out ("seat changed"), so no internal name reaches a screen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from croupier.room import events as ev
from croupier.room import moves as mv
from croupier.room import topups as tu
from croupier.room import tournaments as tr
from croupier.room import uth_tournaments as ut
from croupier.room.uth_tables import AtUthEvent
from croupier.table import events as te
from croupier.tournament import events as tv


def spelt(name: str) -> str:
    """A class name as words: ``SeatChanged`` -> ``seat changed``."""
    return " ".join(w.lower() for w in re.findall(r"[A-Z][a-z]*|[a-z]+|\d+", name)) or name


def _and(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _table(table: str, e: object) -> str | None:
    """A cash table's event in words (None: said by the room's own event beside it)."""
    at = f"table {table}"
    match e:
        case te.PlayerSat():
            return f"{e.player} sits in seat {e.seat} at {at} with {e.chips} chips"
        case te.ChipsAdded():
            return f"{e.chips} chips added to {e.player}'s stack at {at}"
        case te.PlayerLeft():
            return f"{e.player} leaves {at} with {e.chips} chips"
        case te.StatusChanged():
            return f"{e.player} is now {e.status.value} at {at}"
        case te.SeatChanged():
            return f"{e.player} moves from seat {e.origin} to seat {e.target} at {at}"
        case te.FundsLocked():
            return f"{e.chips} of {e.player}'s chips locked at {at}: {e.reason}"
        case te.FundsReleased():
            return f"{e.chips} of {e.player}'s chips released at {at}"
        case te.RoundReopened():
            return f"the round at {at} is reopened ({e.commands} commands taken back)"
        case te.TableRoundVoided():
            return f"hand {e.hand} at {at} is void: {e.reason}"
        case te.RoundStarted():
            return f"hand {e.hand} starts at {at}"
        case te.RoundFinished():
            return f"hand {e.hand} at {at} is over"
        case te.Notice():
            return f"{e.player}: {e.message}"
        case te.TableClosed():
            return f"{at} is closed"
        case te.TimeCharged():
            return f"{e.player} is charged {e.amount} for time at {at}"
        case te.Declared():
            return f"{e.player} declares at {at}"
        case te.FloorReported():
            return f"the floor's report at {at} is ruled"
        case te.CardsDealt() | te.RoundProgressed() | te.DeadlineSet():
            return f"the round at {at} goes on"
        case te.TableCheckpoint():
            return None
    return f"{spelt(type(e).__name__)} at {at}"


def _tournament(name: str, e: object) -> str | None:
    match e:
        case tv.ClockTicked():
            return None  # the clock's own bookkeeping: the screens show the clock
        case tv.Registered():
            return f"{e.player} is registered in {name}"
        case tv.Eliminated():
            return f"{_and(e.players)} eliminated from {name}"
        case tv.PrizePaid():
            return f"{name} owes {e.player} a prize of {e.cash}"
        case tv.PlayerMoved():
            return (
                f"{e.player} moves from table {e.from_table} seat {e.from_seat} "
                f"to table {e.to_table} seat {e.to_seat} in {name}"
            )
        case tv.Penalised():
            if e.kind == "warning":
                return f"{e.player} is warned in {name}"
            return f"{e.player} is penalised ({e.kind}) in {name}"
        case tv.TournamentFinished():
            return f"{name} is won by {e.winner}"
        case tv.Seated():
            return f"{e.player} is seated at table {e.table}, seat {e.seat} in {name}"
    return f"{name}: {spelt(type(e).__name__)}"


def say(e: object) -> str | None:
    """One event in words (None: nothing worth saying on its own)."""
    match e:
        case ev.BoughtIn():
            return f"Took {e.cash} in cash for {e.player}'s chips at table {e.table}"
        case ev.CashedOut():
            return f"Cashed out {e.cash} for {e.player} at table {e.table}"
        case ev.PrizePaid():
            return f"Paid a prize of {e.amount} to {e.player} from {e.tournament}"
        case ev.TournamentEntered():
            return f"{e.player} entered {e.tournament}: {e.entry} to the pool, {e.fee} fee"
        case tr.TournamentBought():
            return f"{e.player} bought a {e.kind} in {e.tournament}: {e.entry} + {e.fee} fee"
        case tr.TournamentRefunded():
            return f"Refunded {e.entry + e.fee} to {e.player} from {e.tournament}"
        case ev.ListJoined():
            return f"{e.player} is on the list for {e.game} {e.stakes}"
        case ev.ListLeft():
            return f"{e.player} is off the list for {e.game} {e.stakes} ({e.reason})"
        case ev.PlayerCalled():
            return f"{e.player} is called to table {e.table}"
        case ev.CallLapsed():
            return f"{e.player}'s call to table {e.table} lapsed"
        case ev.CallWithdrawn():
            return f"{e.player}'s call to table {e.table} is withdrawn"
        case ev.SeatChangeRequested():
            return f"{e.player} asked for a seat change at table {e.table}"
        case ev.CashTableOpened() | ev.UthTableOpened():
            return f"table {e.table} is open"
        case ev.TournamentOpened():
            return f"{e.tournament} is open for entries"
        case ev.TableShut():
            return f"{e.table} is off the board"
        case tu.TopUpRequested():
            return f"{e.player} asks the cage for {e.cash} more at table {e.table}"
        case tu.TopUpDeclined():
            return f"{e.player}'s top-up at table {e.table} is declined: {e.reason}"
        case mv.TableChanged():
            return (
                f"Moved {e.player} with {e.chips} chips from table {e.table} "
                f"to seat {e.seat} at table {e.to}"
            )
        case ev.AtTableEvent():
            return _table(e.table, e.event)
        case tr.AtTournamentEvent():
            return _tournament(e.tournament, e.event)
        case AtUthEvent():
            return f"{spelt(type(e.event).__name__)} at table {e.table}"
        case ut.UthTournamentPaid():
            return f"{e.player} paid {e.pool + e.commission} for a {e.kind} in {e.tournament}"
        case ut.AtUthTournamentEvent():
            return f"{spelt(type(e.event).__name__)} in {e.tournament}"
        case ut.UthTournamentRoundEvent():
            return f"{spelt(type(e.event).__name__)} at {e.tournament} table {e.number}"
    return spelt(type(e).__name__)


def said(events: Sequence[object]) -> list[str]:
    """The events in words, in order, each line once."""
    out: list[str] = []
    for e in events:
        line = say(e)
        if line and line not in out:
            out.append(line)
    return out
