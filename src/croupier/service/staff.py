"""The staff's routes of the room service (a router that :mod:`croupier.service.api`
includes): what the web console's staff screens need and the core
API did not give.

* ``GET /room/lists``: the waiting lists in order, each called player's table and call-in
  deadline, and an estimated wait from the seats this list filled lately; staff see every
  name, a player sees their own place and how many wait ahead. Each table lists the seated
  players who asked for a seat change (``seat_changes``: a player sees only their own).
* ``GET /room/topups``: the top-up requests waiting at the cage (staff see all, a player their
  own), and for a player how their last requests were answered (topped up, or declined and why).
* ``GET /reports/day`` and ``GET /reports/day.csv``: the manager's day report
  (:mod:`croupier.room.daybook`) as JSON or CSV; the cage's money of bot accounts (the demo's
  players, ``User.bot``) is also given apart (``bots_cash_in``, ``bots_cash_out``).

Every refusal is a 4xx with ``{"refused": reason, "clause": clause}``, as in the core API.
"""

from __future__ import annotations

import asyncio
import datetime
import re
import threading
import weakref
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import Response

from croupier.room import daybook
from croupier.room.events import BoughtIn, ListJoined, ListLeft
from croupier.room.room import Room, list_key
from croupier.room.topups import TopUpDeclined, TopUpRequested
from croupier.service.auth import Role, User
from croupier.service.deps import Refused, caller, clock, need, room_owner, service
from croupier.service.owner import RoomOwner
from croupier.service.store.rooms import (
    cage_stream,
    merge,
    room_stream,
    room_streams,
)

API = "croupier api"
#: The window of seatings an estimated wait is drawn from (seconds).
WINDOW = 2 * 60 * 60
STAFF = frozenset(Role) - {Role.PLAYER}


# ------------------------------------------------------------------------------------------
# Waiting lists


def _seatings(events: list[Any], since: int) -> dict[tuple[str, str], list[int]]:
    """When players of each list were seated from it, at or after ``since``."""
    out: dict[tuple[str, str], list[int]] = {}
    for e in events:
        if isinstance(e, ListLeft) and e.reason.startswith("seated") and e.at >= since:
            out.setdefault((e.game, e.stakes), []).append(e.at)
    return out


def _joined(events: list[Any]) -> dict[tuple[str, str, str], int]:
    """When each player now waiting joined their list: (game, stakes, player) -> at."""
    out: dict[tuple[str, str, str], int] = {}
    for e in events:
        if isinstance(e, ListJoined):
            out[(e.game, e.stakes, e.player)] = e.at
    return out


def estimate(position: int, seated: list[int], now: int) -> tuple[int | None, str]:
    """An honest estimated wait for the ``position``-th player not yet called (1: next), from
    the times players were seated from this list in the last :data:`WINDOW`: seconds, or None
    with the reason there is none."""
    if not seated:
        return None, "no estimate: nobody was seated from this list in the last two hours"
    span = max(now - min(seated), 60)
    per = span / len(seated)
    minutes = round(per / 60)
    basis = f"{len(seated)} seated from this list in the last {max(round(span / 60), 1)} min"
    return round(per * position), f"about one seat every {minutes} min ({basis})"


#: The room stream's events read so far, by room owner: each poll reads only what is new (a
#: stream only grows).
_READ: weakref.WeakKeyDictionary[Any, list[Any]] = weakref.WeakKeyDictionary()
_CAGE_READ: weakref.WeakKeyDictionary[Any, list[Any]] = weakref.WeakKeyDictionary()
_READING = threading.Lock()


def _room_events(own: RoomOwner) -> list[Any]:
    with _READING:
        seen = _READ.setdefault(own, [])
        seen += own.rooms.store.load(room_stream(own.rooms.name), after=len(seen))
        return list(seen)


def _cage_events(own: RoomOwner) -> list[Any]:
    """The cage stream's events (buy-ins, cash-outs, top-up requests and their answers)."""
    with _READING:
        seen = _CAGE_READ.setdefault(own, [])
        seen += own.rooms.store.load(cage_stream(own.rooms.name), after=len(seen))
        return list(seen)


def lists_body(room: Room, events: list[Any], user: User, at: int) -> dict[str, Any]:
    """The waiting lists as ``user`` may see them (see the module's docstring)."""
    staff = user.role in STAFF
    joined = _joined(events)
    seated = _seatings(events, at - WINDOW)
    keys: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for name, t in room.tables.items():
        if name in room.shut or t.closed:
            continue
        free = t.config.size - len(t.seating.seats)
        asking = [p for p in room.requests.get(name, []) if staff or p == user.name]
        keys.setdefault(list_key(t.config), []).append(
            {"table": name, "seats": t.config.size, "free": free, "seat_changes": asking}
        )
    out = []
    for (game, stakes), tables in sorted(keys.items()):
        players = room.lists.get((game, stakes), [])
        rows, waiting_ahead, called_ahead = [], 0, 0
        for i, p in enumerate(players, start=1):
            call = room.calls.get(p)
            called = call is not None and (call.game, call.stakes) == (game, stakes)
            row: dict[str, Any] = {"position": i, "joined": joined.get((game, stakes, p))}
            mine = p == user.name
            if staff or mine:
                row["player"] = p
            row["me"] = mine
            if called and call is not None:
                row["called"] = {"table": call.table, "deadline": call.deadline}
                row["seconds_left"] = max(call.deadline - at, 0)
                called_ahead += 1
            else:
                waiting_ahead += 1
                wait, basis = estimate(waiting_ahead, seated.get((game, stakes), []), at)
                row["estimate"] = wait
                row["basis"] = basis
                row["ahead"] = i - 1
                row["called_ahead"] = called_ahead
            if staff or mine:
                rows.append(row)
        out.append(
            {
                "game": game,
                "stakes": stakes,
                "tables": tables,
                "waiting": len(players),
                "players": rows,
            }
        )
    return {"now": at, "call_seconds": room.call_seconds, "lists": out}


def topups_body(room: Room, events: list[Any], user: User) -> dict[str, Any]:
    """The top-up requests as ``user`` may see them (see the module's docstring)."""
    staff = user.role in STAFF
    pending = [
        {"player": e.player, "table": e.table, "cash": e.cash, "at": e.at}
        for e in room.topups.values()
        if staff or e.player == user.name
    ]
    asked: dict[tuple[str, str], TopUpRequested] = {}
    answered: dict[tuple[str, str], dict[str, Any]] = {}
    for e in events:
        if isinstance(e, TopUpRequested | TopUpDeclined | BoughtIn) and e.player != user.name:
            continue
        if not isinstance(e, TopUpRequested | TopUpDeclined | BoughtIn):
            continue
        key = (e.table, e.player)
        if isinstance(e, TopUpRequested):
            asked[key] = e
            answered.pop(key, None)
        elif key in asked:
            del asked[key]
            if isinstance(e, TopUpDeclined):
                answered[key] = {"table": e.table, "declined": e.reason, "at": e.at}
            else:
                answered[key] = {"table": e.table, "topped_up": e.cash, "at": e.at}
    return {"pending": pending, "answered": list(answered.values())}


Day = Annotated[str | None, Query(max_length=20, json_schema_extra={"format": "date"})]


def _day(value: str | None, known: list[str]) -> str:
    if value is None:
        return known[-1] if known else datetime.datetime.now(datetime.UTC).date().isoformat()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise Refused(422, f"day: a date such as 2026-11-27, not {value[:40]!r}")
    try:
        datetime.date.fromisoformat(value)
    except ValueError as e:
        raise Refused(422, f"day: {e}") from e
    return value


def _report_json(report: daybook.DayReport, known: list[str]) -> dict[str, Any]:
    def table(t: daybook.TableDay) -> dict[str, Any]:
        return {
            "table": t.table,
            "kind": t.kind,
            "rounds": t.rounds,
            "voided": t.voided,
            "commission": t.commission,
            "fees": t.fees,
            "cash_in": t.cash_in,
            "cash_out": t.cash_out,
            # of which bot accounts' (people's: the rest)
            "bots_cash_in": t.bots_in,
            "bots_cash_out": t.bots_out,
        }

    return {
        "day": report.day,
        "days": known,
        "zone": "UTC",
        "tables": [table(t) for t in report.tables],
        "totals": table(report.totals),
        "hours": [{"hour": h, "rounds": r, "commission": c} for h, r, c in report.hours],
        "tournaments": [
            {
                "tournament": tm.tournament,
                "name": tm.name,
                "entries": tm.entries,
                "buys": tm.buys,
                "refunds": tm.refunds,
                "pool": tm.pool,
                "fees": tm.fees,
                "prizes": [{"player": p, "amount": a} for p, a in tm.prizes],
                "places": [{"place": n, "player": p, "prize": c} for n, p, c in tm.places],
            }
            for tm in report.tournaments
        ],
    }


def register(app: FastAPI) -> None:
    """Add the staff's routes (a router of their own) to the service's ``app``."""
    router = APIRouter(tags=["staff"])

    @router.get("/room/lists")
    async def lists(request: Request) -> dict[str, Any]:
        """The waiting lists: staff see every name, a player their own place."""
        user = caller(request)
        own = room_owner(request)
        events = await asyncio.to_thread(_room_events, own)
        async with own.lock:
            return lists_body(own.rooms.room, events, user, clock(request))

    @router.get("/room/topups")
    async def topups(request: Request) -> dict[str, Any]:
        """Top-up requests: staff see every one waiting, a player their own and its answer."""
        user = caller(request)
        own = room_owner(request)
        events = await asyncio.to_thread(_cage_events, own)
        async with own.lock:
            return topups_body(own.rooms.room, events, user)

    async def report(request: Request, day: str | None) -> tuple[daybook.DayReport, list[str]]:
        user = caller(request)
        need(user, "GET /reports/day")
        own = room_owner(request)

        def events() -> list[Any]:
            names = room_streams(own.rooms.store, own.rooms.name)
            return merge(own.rooms.name, own.rooms.store.read_streams(names))

        found = await asyncio.to_thread(events)
        known = daybook.days(found)
        users = service(request).directory.users.users.values()
        bots = {u.name for u in users if u.bot}  # a fact of the account (UserAdded.bot)
        return daybook.day_report(found, _day(day, known), bots), known

    @router.get("/reports/day")
    async def day_json(request: Request, day: Day = None) -> dict[str, Any]:
        """The day report (UTC day; default: the last day with activity)."""
        r, known = await report(request, day)
        return _report_json(r, known)

    @router.get("/reports/day.csv", responses={200: {"content": {"text/csv": {}}}})
    async def day_csv(request: Request, day: Day = None) -> Response:
        """The day report as CSV (a download)."""
        r, _ = await report(request, day)
        return Response(
            daybook.to_csv(r),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="croupier-day-{r.day}.csv"'},
        )

    app.include_router(router)


__all__ = ["register"]
