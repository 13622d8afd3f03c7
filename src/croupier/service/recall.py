"""The auditor's recall of rounds over the API (a router that :mod:`croupier.service.api`
includes).

Only rounds that are over (finished or void) are recalled: every card is seen once the round
is over, never during it.

* ``GET /audit/rounds?table=&player=&since=&until=&limit=``: find rounds (newest first).
* ``GET /audit/rounds/{table}/{hand}?as=house|spectator|NAME``: the round event by event as
  that recipient saw it (:func:`croupier.views.project_table_events`), each step with the
  recipient's view of the table after it (:func:`croupier.views.table_view`) and in words.
* ``GET /audit/rounds/{table}/{hand}/deck``: the sealed deck the server dealt the round from,
  revealed (order and salt), with the check of its published commitment
  (:func:`croupier.shoe.verify_commitment`) and of the cards dealt against its order.
* ``GET /audit/rounds/{table}/{hand}/phh``: the round as a PHH hand history (text), the
  house's full record.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import PlainTextResponse

from croupier.cards import Card
from croupier.narration import Narration
from croupier.round import events as rv
from croupier.service import contract
from croupier.service.decks import sealed_decks
from croupier.service.deps import Refused, area, caller, mount, need, room_owner
from croupier.service.store.played import Played, Span, fold_round, spans
from croupier.service.store.rooms import table_stream
from croupier.service.store.sealing import Keyring, SealingError
from croupier.service.store.store import EventStore, StoreError
from croupier.shoe import verify_commitment
from croupier.table.events import (
    CardsDealt,
    RoundFinished,
    RoundStarted,
    TableCheckpoint,
    TableEvent,
    TableRoundVoided,
)
from croupier.table.table import Table
from croupier.views import Viewer, project_table_events, table_view

HOUSE, SPECTATOR = "house", "spectator"


class Announcer:
    """A round's table events in words, in order (:mod:`croupier.narration`, the words every
    screen uses), each line with its clause where the event has one."""

    def __init__(self, players: Sequence[str]) -> None:
        self.narration = Narration(None, players)

    def say(self, e: TableEvent) -> list[str]:
        """A table's event in words (one line per round event it carries)."""
        return [f"{x.text} ({x.clause})" if x.clause else x.text for x in self.narration(e)]


def _viewer(value: str) -> str | Viewer:
    if value == HOUSE:
        return Viewer.DEALER
    if value == SPECTATOR:
        return Viewer.SPECTATOR
    return value


class Recalled:
    """A table's stored events and the round of one hand among them."""

    def __init__(self, store: EventStore, stream: str, hand: int) -> None:
        try:
            info = store.stream(stream)
        except StoreError as e:
            raise Refused(404, f"no table stream {stream}") from e
        self.config = info.config()
        self.events: list[Any] = store.load(stream)
        found = [
            s
            for s in spans(self.events)
            if isinstance(self.events[s.start], RoundStarted)
            and self.events[s.start].hand == hand
            and isinstance(self.events[s.end], RoundFinished | TableRoundVoided)
        ]
        if not found:
            raise Refused(
                404, f"no round {hand} over at {stream} (a round in play is not recalled)"
            )
        self.span: Span = found[-1]
        self.started: RoundStarted = self.events[self.span.start]
        self.checkpoints = [
            (seq, snap)
            for seq, snap in store.snapshots(stream)
            if isinstance(snap, TableCheckpoint) and seq <= self.span.start
        ]

    @property
    def round_events(self) -> list[Any]:
        return self.events[self.span.start : self.span.end + 1]

    def table_at(self, i: int) -> Table:
        """The table after the round's ``i``-th event (0: its start), folded from the last
        checkpoint before the round."""
        base: list[Any] = []
        first = 0
        if self.checkpoints:
            seq, snap = self.checkpoints[-1]
            base, first = [snap], seq
        return Table.from_events(
            self.config, [*base, *self.events[first : self.span.start + i + 1]]
        )

    def steps(self, who: str | Viewer) -> list[dict[str, Any]]:
        seen = project_table_events(self.round_events, who)
        out = []
        announcer = Announcer(self.started.players)
        for i, e in enumerate(seen):
            view = table_view(self.table_at(i), who)
            out.append(
                {
                    "seq": self.span.start + i + 1,
                    "type": type(e).__name__,
                    "said": announcer.say(e),
                    "event": contract.plain(e),
                    "view": contract.plain(view),
                }
            )
        return out


def _dealt(events: Sequence[Any]) -> list[Card]:
    """The cards the server dealt in a round, in the order it dealt them."""
    out: list[Card] = []
    for e in events:
        inner = e.events if isinstance(e, CardsDealt) else ()
        if isinstance(e, RoundStarted):
            inner = e.opening
        for x in inner:
            if isinstance(x, rv.HoleDealt | rv.BoardDealt):
                out += [c for c in x.cards if c is not None]
            elif isinstance(x, rv.CardBurned) and x.card is not None:
                out.append(x.card)
    return out


def deck_body(
    store: EventStore, room: str, table: str, rec: Recalled, keys: Keyring | None
) -> dict[str, Any]:
    """The deck of a round over, opened with ``keys`` and revealed (see ``/deck``)."""
    started = rec.started
    body: dict[str, Any] = {
        "table": table,
        "hand": started.hand,
        "commitment": started.commitment,
        "shoe": started.shoe,
    }
    if not started.commitment:
        return {**body, "sealed": False, "reason": "a live dealer dealt this round: no deck"}
    try:
        found = sealed_decks(store, room, keys, lambda t, c: t == table and c == started.commitment)
    except SealingError as e:
        return {**body, "sealed": False, "reason": str(e)}
    sealed = found[-1] if found else None
    if sealed is None:
        return {**body, "sealed": False, "reason": "no sealed deck recorded for this commitment"}
    order = [int(c) for c in sealed.order]
    dealt = [int(c) for c in _dealt(rec.round_events)]
    return {
        **body,
        "sealed": True,
        "order": order,
        "cards": [str(c) for c in sealed.order],
        "salt": sealed.salt.hex(),
        "verified": verify_commitment(started.commitment, order, sealed.salt),
        "dealt": [str(Card(c)) for c in dealt],
        # the cards dealt are the deck's top cards (dealt round the table one at a time, they
        # are recorded seat by seat: the same cards, not the same order)
        "dealt_from_top": sorted(order[: len(dealt)]) == sorted(dealt),
        "check": "sha256(salt bytes + one byte per card id, top card first) = the commitment",
    }


def _index(
    store: EventStore, room: str, tables: list[str], player: str | None, since: int, until: int
) -> list[dict[str, Any]]:
    out = []
    for table in tables:
        events = store.load(table_stream(room, table))
        for s in spans(events):
            started, end = events[s.start], events[s.end]
            if not isinstance(started, RoundStarted) or not isinstance(
                end, RoundFinished | TableRoundVoided
            ):
                continue
            if player and player not in started.players:
                continue
            if not since <= started.at <= until:
                continue
            out.append(
                {
                    "table": table,
                    "hand": started.hand,
                    "at": started.at,
                    "players": list(started.players),
                    "end": "finished" if isinstance(end, RoundFinished) else "void",
                    "commission": end.commission if isinstance(end, RoundFinished) else 0,
                    "commitment": started.commitment,
                    "events": s.end - s.start + 1,
                }
            )
    out.sort(key=lambda r: (r["at"], r["table"], r["hand"]), reverse=True)
    return out


def register(app: FastAPI) -> None:
    """Add the recall's routes (a router of their own) to the service's ``app``."""
    router = area("audit")

    def recalled(request: Request, table: str, hand: int) -> tuple[str, Recalled]:
        user = caller(request)
        need(user, "GET /audit/rounds/{table}/{hand}")
        own = room_owner(request)
        if table not in own.rooms.room.tables:
            raise Refused(404, f"no cash table {table}")
        return own.rooms.name, Recalled(own.rooms.store, table_stream(own.rooms.name, table), hand)

    @router.get("/audit/rounds")
    async def find(
        request: Request,
        table: Annotated[str | None, Query(max_length=64)] = None,
        player: Annotated[str | None, Query(max_length=64)] = None,
        since: Annotated[int, Query(ge=0, le=2**62)] = 0,
        until: Annotated[int, Query(ge=0, le=2**62)] = 2**62,
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    ) -> dict[str, Any]:
        """Rounds over, newest first: at a table, with a player, started between two times."""
        user = caller(request)
        need(user, "GET /audit/rounds")
        own = room_owner(request)
        tables = sorted(own.rooms.room.tables)
        if table:
            if table not in own.rooms.room.tables:
                raise Refused(404, f"no cash table {table}")
            tables = [table]
        rows = await asyncio.to_thread(
            _index, own.rooms.store, own.rooms.name, tables, player, since, until
        )
        return {"rounds": rows[:limit], "found": len(rows)}

    @router.get("/audit/rounds/{table}/{hand}")
    async def replay(
        table: str,
        hand: int,
        request: Request,
        as_: Annotated[str, Query(alias="as", max_length=64)] = HOUSE,
    ) -> dict[str, Any]:
        """The round step by step as ``as`` saw it: the house, a spectator or a player."""

        def run() -> dict[str, Any]:
            _, rec = recalled(request, table, hand)
            viewers = [HOUSE, SPECTATOR, *rec.started.players]
            if as_ not in viewers:
                raise Refused(404, f"{as_} was not at hand {hand}: one of {', '.join(viewers)}")
            return {
                "recall": True,
                "table": table,
                "hand": hand,
                "as": as_,
                "at": rec.started.at,
                "players": list(rec.started.players),
                "viewers": viewers,
                "commitment": rec.started.commitment,
                "steps": rec.steps(_viewer(as_)),
            }

        return await asyncio.to_thread(run)

    @router.get("/audit/rounds/{table}/{hand}/deck")
    async def deck(table: str, hand: int, request: Request) -> dict[str, Any]:
        """The sealed deck of a round over, revealed, with its commitment checked."""

        def run() -> dict[str, Any]:
            room, rec = recalled(request, table, hand)
            own = room_owner(request)
            return deck_body(own.rooms.store, room, table, rec, own.keys)

        return await asyncio.to_thread(run)

    @router.get("/audit/rounds/{table}/{hand}/phh", response_class=PlainTextResponse)
    async def phh(table: str, hand: int, request: Request) -> PlainTextResponse:
        """The round as a PHH hand history: the house's full record."""
        from croupier.histories.phh import dumps
        from croupier.histories.phh_export import HOUSE as ALL

        def run() -> str:
            _, rec = recalled(request, table, hand)
            if not isinstance(rec.round_events[-1], RoundFinished):
                raise Refused(409, f"hand {hand} was void: no hand history to export")
            finished = rec.round_events[-1]
            r = fold_round(rec.config, rec.events, rec.span)
            return dumps(Played(table, rec.config.size, rec.started, finished, r).history(ALL))

        text = await asyncio.to_thread(run)
        name = f"croupier-{table}-{hand}.phh"
        return PlainTextResponse(
            text, headers={"Content-Disposition": f'attachment; filename="{name}"'}
        )

    mount(app, router)
