"""A UTH tournament run through the real app: opened, entered, seats drawn, a round's wagers
in; its view as a role or a player sees it."""

from __future__ import annotations

from typing import Any

from croupier.service.store import codec
from croupier.uth import tournament_commands as utc
from support.service import Room

T = "uthcup"
OPEN: dict[str, Any] = {
    "type": "OpenUthTournament",
    "tournament": T,
    "entry_fee": 110,
    "commission": 10,
    "starting_chips": 1000,
    "minimum": 200,
    "maximum": 500,
    "session_limit": 4,
    "prizes": [60, 40],
}


def body(room: Room, who: str = "director") -> dict[str, Any]:
    """``GET /uth-tournaments/T`` as ``who`` sees it: ``view`` and, to a player, ``seat``."""
    r = room.c.get(f"/uth-tournaments/{T}", headers=room.headers(who))
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def tview(room: Room, who: str = "director") -> dict[str, Any]:
    view: dict[str, Any] = body(room, who)["view"]
    return view


def table(room: Room, n: int) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in tview(room)["tables"] if t["number"] == n)
    return found


def run(room: Room, cmd: utc.UthTournamentCommand, who: str = "director") -> dict[str, Any]:
    """The director's command to the tournament (``RunUthTournament``)."""
    return room.ok(who, {"type": "RunUthTournament", "tournament": T, "command": codec.encode(cmd)})


def opened(room: Room, players: list[str], **conditions: Any) -> None:
    """Open the tournament, enter ``players`` at the cage and draw the seats."""
    room.ok("director", {**OPEN, **conditions})
    for p in players:
        room.ok("cashier", {"type": "EnterUthTournament", "player": p, "tournament": T})
    room.ok("director", {"type": "DrawUthSeats", "tournament": T})


def wagers_in(room: Room, n: int = 1, ante: int = 200, begin: bool = True) -> None:
    """Begin a round at table ``n`` (unless begun); each player asked wagers ``ante`` for their
    own box (``UthTournamentWager``), the director asking the next, until it can be dealt."""
    if begin:
        run(room, utc.BeginRound(n))
    while (t := table(room, n))["status"] == "wagering":
        p = t["asked"]
        if p is not None and p not in t["wagers"]:
            room.ok(p, {"type": "UthTournamentWager", "tournament": T, "ante": ante})
        run(room, utc.AskNext(n))


def deal(room: Room, n: int = 1) -> dict[str, Any]:
    return room.ok("director", {"type": "DealUthTournamentRound", "tournament": T, "number": n})


__all__ = ["OPEN", "T", "body", "deal", "opened", "run", "table", "tview", "wagers_in"]
