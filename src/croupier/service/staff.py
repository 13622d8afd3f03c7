"""The staff's routes of the room service, beside :mod:`croupier.service.api` (whose
``create_app`` calls :func:`register`): what the web console's staff screens need and the core
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
* the auditor's recall of rounds: :mod:`croupier.service.recall`.

The lists' times, the top-up answers and the day reports are read from the room's read models
(:mod:`croupier.room.books`, kept by the room's store as events commit), never scanned from the
store per request.

Every refusal is a 4xx with ``{"refused": reason, "clause": clause}``, as in the core API.
"""

from __future__ import annotations

import asyncio
import datetime
import re
from typing import Annotated, Any, Protocol

from fastapi import FastAPI, Query, Request
from fastapi.responses import JSONResponse, Response

from croupier.room import daybook
from croupier.room.books import ListBook, TopUpBook
from croupier.room.room import Room, list_key
from croupier.service import policy
from croupier.service.auth import ROLES_CLAUSE, Role, User
from croupier.service.store.rooms import RoomStore
from croupier.service.store.store import EventStore

API = "croupier api"
#: The window of seatings an estimated wait is drawn from (seconds).
WINDOW = 2 * 60 * 60
STAFF = frozenset(Role) - {Role.PLAYER}


class Refusal(Exception):
    """A 4xx answer naming its reason and clause."""

    def __init__(self, status: int, reason: str, clause: str = API) -> None:
        super().__init__(reason)
        self.status, self.reason, self.clause = status, reason, clause


class _Owner(Protocol):
    rooms: RoomStore
    lock: asyncio.Lock


def service(request: Request) -> Any:
    return request.app.state.service


def caller(request: Request) -> User:
    """The logged-in user who sends ``request`` (401 otherwise)."""
    svc = service(request)
    auth = request.headers.get("authorization", "")
    token = auth[7:] if auth.lower().startswith("bearer ") else ""
    name = svc.sessions.user(token) if token else None
    user: User | None = None if name is None else svc.directory.users.users.get(name)
    if user is None:
        raise Refusal(401, "log in first: POST /login, then send 'Authorization: Bearer'")
    return user


def need(user: User, route: str) -> None:
    """Refuse (403, naming the roles and the caller's) unless the policy lets ``user`` call
    ``route`` (:mod:`croupier.service.policy`)."""
    why = policy.why_not(route, user)
    if why is not None:
        raise Refusal(403, why, ROLES_CLAUSE)


def owner(request: Request) -> _Owner:
    own: _Owner | None = service(request).owner
    if own is None:
        why = f"the room was refused at recovery: {service(request).refused}"[:500]
        raise Refusal(503, why, "croupier store")
    return own


def store(request: Request) -> EventStore:
    s: EventStore = service(request).store
    return s


def now(request: Request) -> int:
    t: int = service(request).clock()
    return t


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
        raise Refusal(422, f"day: a date such as 2026-11-27, not {value[:40]!r}")
    try:
        datetime.date.fromisoformat(value)
    except ValueError as e:
        raise Refusal(422, f"day: {e}") from e
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
    """Add the staff's routes (and the recall's) to the service's ``app``."""
    from croupier.service import recall

    @app.exception_handler(Refusal)
    async def refused(_: Request, e: Refusal) -> JSONResponse:
        return JSONResponse({"refused": e.reason, "clause": e.clause}, status_code=e.status)

    @app.get("/room/lists")
    async def lists(request: Request) -> dict[str, Any]:
        """The waiting lists: staff see every name, a player their own place."""
        user = caller(request)
        own = owner(request)
        async with own.lock:
            return lists_body(own.rooms.room, own.rooms.books.lists, user, now(request))

    @app.get("/room/topups")
    async def topups(request: Request) -> dict[str, Any]:
        """Top-up requests: staff see every one waiting, a player their own and its answer."""
        user = caller(request)
        own = owner(request)
        async with own.lock:
            return topups_body(own.rooms.room, own.rooms.books.topups, user)

    async def report(request: Request, day: str | None) -> tuple[daybook.DayReport, list[str]]:
        user = caller(request)
        need(user, "GET /reports/day")
        own = owner(request)
        users = service(request).directory.users.users.values()
        bots = {u.name for u in users if u.bot}  # a fact of the account (UserAdded.bot)
        async with own.lock:  # the read model, as committed (kept as events commit)
            book = own.rooms.books.day
            known = book.days()
            return book.report(_day(day, known), bots), known

    @app.get("/reports/day")
    async def day_json(request: Request, day: Day = None) -> dict[str, Any]:
        """The day report (UTC day; default: the last day with activity)."""
        r, known = await report(request, day)
        return _report_json(r, known)

    @app.get("/reports/day.csv", responses={200: {"content": {"text/csv": {}}}})
    async def day_csv(request: Request, day: Day = None) -> Response:
        """The day report as CSV (a download)."""
        r, _ = await report(request, day)
        return Response(
            daybook.to_csv(r),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="croupier-day-{r.day}.csv"'},
        )

    recall.register(app)


__all__ = ["Refusal", "caller", "need", "owner", "register"]
