"""The API of the tournaments the room runs: the public clock, the tournament's state, and the
plan of a hand for the dealer.

* ``GET /tournaments/{name}/clock`` and ``/ws/tournaments/{name}/clock?after=SEQ``: the wall
  clock (:func:`croupier.tournament.wall.clock_view`) at the server's time, for anyone, logged in
  or not: a clock on the casino's wall shows nothing secret (docs/design.md, "Tournaments").
  Each message is ``{"seq": n, "clock": ...}``, the clock after event ``n`` of the tournament's
  stream; a client that reconnects with ``after`` gets the clock now if anything happened
  since, then one message per commit.
* ``GET /tournaments/{name}``: entrants (status, table and seat, chips, place, prize and what
  the cage still owes), tables and what ``BalanceTables`` would do now (``proposed``: the
  table to break or the balancing moves), for any logged-in user (what a tournament board
  shows).
* ``GET /tournaments/{name}/tables/{table}/plan?deck=live|server``: the next hand's plan at a
  table (seats, blinds and antes of the level, dead hands) in the store's tagged JSON, for the
  director and dealers; the played hand goes back as ``RecordHands``. ``deck=server`` deals
  from croupier's shoe (the plan holds the shuffled deck: for the dealer's device only).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket

from croupier.room import RoomCommand
from croupier.room.tournaments import TournamentTick, level_due
from croupier.service import contract, tournament_live
from croupier.service.deps import Refused, area, caller, mount, need, owner_of
from croupier.service.owner import Prepare, RoomOwner
from croupier.service.policy import tournament_table
from croupier.service.store.lease import LeaseLost
from croupier.service.store.rooms import RoomStore, tournament_stream
from croupier.service.tournament_live import seal_key
from croupier.tournament import Tournament, TournamentError
from croupier.tournament.floor import Floor
from croupier.tournament.seating import balance
from croupier.tournament.wall import clock_view

#: How often the server looks for a level or break that has ended (seconds).
TIMER_SECONDS = 1.0


async def level_timer(app: FastAPI, every: float = TIMER_SECONDS) -> None:
    """Record each level's and break's end as it happens: a ``TournamentTick`` at the server's
    time for every tournament whose level has run out (the wall clock's subscribers get the new
    level at once). Runs for the server's life; a refusal or failure waits for the next look."""
    while True:
        await asyncio.sleep(every)
        svc = app.state.service
        own: RoomOwner | None = svc.owner
        if own is None or own.follows is not None:  # a standby's replica writes nothing
            continue
        try:
            due, expired, now = await _due(own, svc.clock)
        except LeaseLost:  # this node stopped writing the room meanwhile
            continue
        for name in due:
            try:
                await own.submit(_tick(name, now))
            except Exception:  # refused or failed: nothing was accepted; look again later
                continue
        for name, table in expired:  # qld-tournament-2020 4.26: the hand is dead
            try:
                await own.submit(tournament_live.expiry(name, table, now))
            except Exception:  # refused or failed: nothing was accepted; look again later
                continue


async def _due(
    own: RoomOwner, clock: Callable[[], int]
) -> tuple[list[str], list[tuple[str, int]], int]:
    """The tournaments whose level has run out, the live hands whose time has, and now."""
    async with own.lock:
        runs = [
            (n, tm.run)
            for n, tm in own.rooms.room.tournaments.items()
            if tm.run is not None and tm.run.started and not tm.run.finished
        ]
        now = clock() if runs else 0
        due = [n for n, t in runs if level_due(t, now)]
        expired = tournament_live.expire_due(own.rooms, now) if runs else []
    return due, expired, now


def _tick(name: str, now: int) -> Prepare:
    def prepare(_: RoomStore) -> tuple[RoomCommand, str, str, Sequence[tuple[str, str, object]]]:
        return TournamentTick(name, now), "server", "", ()

    return prepare


def _run(own: RoomOwner, name: str) -> Tournament:
    tm = own.rooms.room.tournaments.get(name)
    if tm is None or tm.run is None:
        raise Refused(404, f"no tournament {name} run by this room")
    return tm.run


def register(app: FastAPI) -> None:
    """Add the tournament routes (a router of their own) to ``app``."""
    router = area("tournaments")

    def svc(r: Request | WebSocket) -> Any:
        return r.app.state.service

    @router.get("/tournaments/{name}/clock")
    async def clock(name: str, request: Request) -> dict[str, Any]:
        """The wall clock now: public (no log-in needed)."""
        s = svc(request)
        own = owner_of(s)
        async with own.lock:
            return clock_message(own, name, s.clock())

    @router.get("/tournaments/{name}")
    async def tournament(name: str, request: Request) -> dict[str, Any]:
        s = svc(request)
        caller(request)
        own = owner_of(s)
        async with own.lock:
            return tournament_state(own, name, s.clock())

    @router.get("/tournaments/{name}/tables/{table}/plan")
    async def plan(
        name: str,
        table: int,
        request: Request,
        deck: Annotated[Literal["live", "server"], Query()] = "live",
    ) -> Any:
        s = svc(request)
        user = caller(request)
        need(user, "GET /tournaments/{name}/tables/{table}/plan", tournament_table(name, table))
        own = owner_of(s)
        async with own.lock:
            t = _run(own, name)
            order = None
            if deck == "server":
                order = s.shuffle(seal_key(name, table), t.conditions.game_rules.deck).order
            try:
                p = t.plan_hand(table, order)
            except TournamentError as e:
                raise Refused(409, e.ruling.message, e.ruling.clause) from e
            return {"plan": contract.plain(p)}

    mount(app, router)


def tournament_state(own: RoomOwner, name: str, now: int) -> dict[str, Any]:
    """A tournament as its board shows it (``GET /tournaments/{name}``)."""
    t = _run(own, name)
    tm = own.rooms.room.tournaments[name]
    entrants = [
        {
            "player": p,
            "status": e.status,
            "table": e.table,
            "seat": e.seat,
            "stack": e.stack,
            "entries": e.entries,
            "place": e.place,
            "cash": e.cash,
            "bounties": e.bounties,
            "owed": tm.owed(p),
            "slow": t.slow.get(p, 0),
        }
        for p, e in t.entrants.items()
    ]
    tables = {str(n): {str(k): v for k, v in x.seats.items()} for n, x in t.tables.items()}
    seq = own.rooms.heads.get(tournament_stream(own.rooms.name, name), 0)
    return {
        "seq": seq,
        "entrants": entrants,
        "tables": tables,
        "proposed": proposed(t),
        "pool": tm.pool,
        "fees": tm.fees,
        "balanced": tm.balanced(),
        "clock": clock_view(t, now),
    }


def proposed(t: Tournament) -> dict[str, Any]:
    """What ``BalanceTables`` would do now, for the director to see first: the final table's
    redraw (qld-tournament-2020 4.25), the table it would break (its players' seats drawn
    then: act-omaha-2017 20.9; qld-tournament-2020 4.24) or the balancing moves
    (dunedin-house 82), and what a deal waits for (``due``)."""
    c = t.conditions
    views = [x.view() for x in t.tables.values()]
    final = len(views) > 1 and len(t.alive) <= c.final_table_size
    breaking = None
    if not final and len(views) > 1 and len(t.seated) <= (len(views) - 1) * c.table_size:
        breaking = max(t.tables)
    moves = [] if final or breaking is not None else balance(views, t.book.balance_move_clause)
    due = Floor(t).floor_due() if t.started and not t.finished else None
    return {
        "final_table": final,
        "final_table_clause": t.book.final_table_clause if final else "",
        "break_table": breaking,
        "break_clause": t.book.moves_clause if breaking is not None else "",
        "moves": [
            {
                "player": m.player,
                "from_table": m.from_table,
                "from_seat": m.from_seat,
                "to_table": m.to_table,
                "to_seat": m.to_seat,
                "clause": m.clause,
            }
            for m in moves
        ],
        "due": None if due is None else {"refused": due.message, "clause": due.clause},
    }


def clock_message(own: RoomOwner, name: str, now: int) -> dict[str, Any]:
    """The clock's message on its stream socket, ``{"seq": n, "clock": ...}`` (in the message
    contract: plain JSON)."""
    t = _run(own, name)
    seq = own.rooms.heads.get(tournament_stream(own.rooms.name, name), 0)
    return {"seq": seq, "clock": clock_view(t, now)}
