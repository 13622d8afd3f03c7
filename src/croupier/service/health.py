"""What a start found, told where an operator looks: the console (a line for each refused
stream, naming the stream and its problems) and ``GET /healthz`` (each room's state).

A start checks every stream before play (:func:`croupier.service.store.recovery.recover`); a
refused stream is also recorded in the significant-events log. ``/healthz`` needs no log-in, so
it gives states and the kind of each problem only: a fold's error is cut to its type, a
ledger to "money not conserved" (no names, amounts or cards).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from croupier.service.store.recovery import Recovery

log = logging.getLogger("croupier.service.health")


def room_of(stream: str) -> str | None:
    """The room a stream belongs to (``table:main/a`` and ``cage:main``: ``main``); ``None``
    for the streams of the whole store (the significant-events log, the users)."""
    kind, sep, rest = stream.partition(":")
    if not sep or kind in ("significant", "users"):
        return None
    return rest.split("/", 1)[0]


def announce(found: Recovery, room: str, closed: bool) -> None:
    """Tell the console what the start refused: each stream with its problems, and whether
    the room this server runs is closed for it."""
    for stream, problems in found.refused.items():
        told = "; ".join(p.removeprefix(f"{stream}: ") for p in problems)
        log.error("croupier: stream %s refused at start: %s", stream, told)
    if closed:
        mine = sorted(s for s in found.refused if room_of(s) == room)
        log.error(
            "croupier: room %s is closed (every request answers 503) until its streams are "
            "repaired: %s",
            room,
            ", ".join(mine),
        )


def public(problem: str) -> str:
    """A problem as ``/healthz`` shows it: the stream and the kind of problem, no detail
    that a fold's error or a ledger might carry."""
    stream, _, what = problem.partition(": ")
    parts = what.split(": ")
    keep = parts[:2] if parts[0] == "does not fold" else parts[:1]
    return f"{stream}: {': '.join(keep)}"


def report(
    found: Recovery, room: str, serving: bool, node: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Each room's state at this start: ``serving`` (the room this server runs), ``ok`` (its
    streams intact, run by no server here), ``refused`` (with its refused streams and their
    problems) or, on a node that does not hold the room's lease, ``standby``; the refused
    streams of no room apart. ``status``: ``ok``, or ``degraded`` where anything was refused.
    ``node``: this node's state (:meth:`croupier.service.node.Node.state`), if it is one."""
    rooms: dict[str, dict[str, Any]] = {}
    for stream in (*found.ready, *found.refused):
        if stream.startswith("room:"):
            rooms[stream.removeprefix("room:")] = {"state": "ok"}
    rooms.setdefault(room, {"state": "ok"})
    elsewhere: dict[str, list[str]] = {}
    for stream, problems in sorted(found.refused.items()):
        shown = [public(p) for p in problems]
        name = room_of(stream)
        if name is None:
            elsewhere[stream] = shown
            continue
        entry = rooms.setdefault(name, {"state": "ok"})
        entry["state"] = "refused"
        entry.setdefault("streams", {})[stream] = shown
    if serving:
        rooms[room]["state"] = "serving"
    elif node is not None and node["state"] != "owner":
        rooms[room]["state"] = "standby"
    out = {
        "status": "ok" if not found.refused else "degraded",
        "room": room,
        "rooms": dict(sorted(rooms.items())),
        "streams": elsewhere,
    }
    if node is not None:
        out["node"] = node
    return out


def register(app: FastAPI, room: str) -> None:
    """``GET /healthz`` on ``app``, the server of ``room``."""

    @app.get("/healthz")
    async def healthz(request: Request) -> JSONResponse:
        """Each room's state since the start, for anyone (states only: no log-in needed);
        503 while the room this server runs is refused, or this node is a standby without a
        replica of the room (one with a replica serves clients: 200)."""
        svc = request.app.state.service
        serving = svc.owner is not None and svc.owner.follows is None
        node = None if svc.node is None else svc.node.state()
        replica = node is not None and svc.owner is not None and svc.owner.follows is not None
        if replica and node is not None:  # a standby serving clients too (``serve --redis``)
            node["replica"] = {"position": svc.owner.rooms.position}
        body = report(request.app.state.recovery, room, serving, node)
        return JSONResponse(body, status_code=200 if serving or replica else 503)
