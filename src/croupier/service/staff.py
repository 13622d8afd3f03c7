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

The lists' times, the top-up answers and the day reports are read from the room's read models
(:mod:`croupier.room.books`, kept by the room's store as events commit), never scanned from the
store per request.

Every refusal is a 4xx with ``{"refused": reason, "clause": clause}``, as in the core API.
"""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import Response

from croupier.room import daybook
from croupier.room.books import ListBook, TopUpBook
from croupier.room.room import Room, list_key
from croupier.service.auth import Role, User
from croupier.service.deps import Refused, area, caller, clock, mount, need, room_owner, service

API = "croupier api"
#: The window of seatings an estimated wait is drawn from (seconds).
WINDOW = 2 * 60 * 60
STAFF = frozenset(Role) - {Role.PLAYER}


# ------------------------------------------------------------------------------------------
# Waiting lists


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


def lists_body(room: Room, book: ListBook, user: User, at: int) -> dict[str, Any]:
    """The waiting lists as ``user`` may see them (see the module's docstring), from the room
    and its read model of the lists' times."""
    staff = user.role in STAFF
    joined = book.joined
    seated = book.seated_since(at - WINDOW)
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


def topups_body(room: Room, book: TopUpBook, user: User) -> dict[str, Any]:
    """The top-up requests as ``user`` may see them (see the module's docstring)."""
    staff = user.role in STAFF
    pending = [
        {"player": e.player, "table": e.table, "cash": e.cash, "at": e.at}
        for e in room.topups.values()
        if staff or e.player == user.name
    ]
    return {"pending": pending, "answered": book.answers(user.name)}


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
    router = area("staff")

    @router.get("/room/lists")
    async def lists(request: Request) -> dict[str, Any]:
        """The waiting lists: staff see every name, a player their own place."""
        user = caller(request)
        own = room_owner(request)
        async with own.lock:
            body = lists_body(own.rooms.room, own.rooms.books.lists, user, clock(request))
            return {"seq": own.rooms.position, **body}  # to follow from (/ws/room/lists)

    @router.get("/room/topups")
    async def topups(request: Request) -> dict[str, Any]:
        """Top-up requests: staff see every one waiting, a player their own and its answer."""
        user = caller(request)
        own = room_owner(request)
        async with own.lock:
            body = topups_body(own.rooms.room, own.rooms.books.topups, user)
            return {"seq": own.rooms.position, **body}  # to follow from (/ws/room/topups)

    async def report(request: Request, day: str | None) -> tuple[daybook.DayReport, list[str]]:
        user = caller(request)
        need(user, "GET /reports/day")
        own = room_owner(request)
        users = service(request).directory.users.users.values()
        bots = {u.name for u in users if u.bot}  # a fact of the account (UserAdded.bot)
        async with own.lock:  # the read model, as committed (kept as events commit)
            book = own.rooms.books.day
            known = book.days()
            return book.report(_day(day, known), bots), known

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

    mount(app, router)


__all__ = ["register"]
