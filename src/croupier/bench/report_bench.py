"""``croupier bench report``: the day report of a room with about a million events stored.

A fresh store is filled through the room's own store (:class:`RoomStore`, a commit per table)
with the events of real play: a few template tables are played in memory by bots, round after
round (buy-ins at the cage for short stacks, players cashing out and others taking their seats,
commission on every pot), then copied table by table under new table and player names and
later times, spread over ``days`` days, until the store holds ``events`` events. Half of the
tables' players are bot accounts (``UserAdded.bot``), whose cage money the report also counts
apart.

What a server playing these events would have left beside them is then written (each
table's checkpoint, the room's image: :func:`as_served`, which also times the room loaded by
folding every event, ``fold_load_s``, and from the image, ``image_load_s``, and checks the two
equal). ``croupier serve`` then runs on the store as a separate process (the room loaded from
its image and the events after it, its read models with it: ``start_s`` is from the process's
start to its first answer) and ``GET /reports/day`` (the last day, and the first) is timed
over HTTP from a logged-in manager, one request at a time: p50, p99, the slowest. ``read_s``,
``room_fold_s`` and ``books_fold_s`` (unless ``scan=False``) are the parts of a fold of every
event in process; ``scan_s`` is what each request cost before the read models: read every
stream of the room and fold the day's report from them.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import random
import sys
import time
from dataclasses import replace
from typing import Any

import httpx

from croupier.bench.serve_bench import PASSWORD, ROOM, _percentile, _port, server
from croupier.bench.serve_bench import fresh_store as fresh_store
from croupier.room import AtTable, BuyIn, CashOut, OpenTable, Room, RoomEvent, TakeSeat, daybook
from croupier.room.books import RoomBooks
from croupier.room.events import AtTableEvent
from croupier.service.auth import STREAM as USERS
from croupier.service.auth import Role, UserAdded
from croupier.service.hashing import hash_published
from croupier.service.store import codec, images
from croupier.service.store.rooms import RoomStore, merge, room_streams, table_stream
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.table.events import CardsDealt, RoundProgressed
from croupier.table.presets import preset
from croupier.views import actor_view

#: how many times a start is waited for, a tenth of a second apart: an hour or more
HOUR = 36_000
RULEBOOK = "dunedin-house"
SEATS = 6
#: the first day's start (UTC): 2026-11-02 00:00
EPOCH = 1_793_577_600
TEMPLATE = "T"


def _template(seed: int, rounds: int) -> list[RoomEvent]:
    """A table's events: opened, six players seated, ``rounds`` rounds played by bots a
    minute apart (from time 0), short stacks buying more at the cage, a player cashing out
    every 25 rounds and a new one taking the seat."""
    room, rng = Room(), random.Random(seed)
    cfg = preset(RULEBOOK, seats=SEATS)
    stake = cfg.stakes.min_table_stake
    shoe = Shoe(cfg.game.deck, seed=seed)
    bots = [make_bot("calling-station"), make_bot("random")]
    out = room.apply(OpenTable(TEMPLATE, cfg, at=0))
    newcomer = SEATS
    for i in range(SEATS):
        out += room.apply(TakeSeat(f"P{i}", TEMPLATE, i + 1, stake * 2, at=i))
    t = room.tables[TEMPLATE]
    for n in range(rounds):
        at = 60 * (n + 1)
        if n % 25 == 24:  # someone goes home; a newcomer takes the seat
            player = rng.choice(sorted(t.stacks))
            seat = t.seat_of(player)
            out += room.apply(CashOut(player, TEMPLATE, at=at))
            if seat is not None:
                out += room.apply(TakeSeat(f"P{newcomer}", TEMPLATE, seat, stake * 2, at=at))
                newcomer += 1
        for p, c in list(t.stacks.items()):
            if c < stake // 2:
                out += room.apply(BuyIn(p, TEMPLATE, stake * 2, at=at))
        out += room.apply(AtTable(TEMPLATE, StartRound(shoe.shuffle().order, at=at)))
        bot = bots[n % 2]
        step = 0
        while t.round is not None and not t.round.is_over:
            step += 1
            act = bot.act(actor_view(t.round), rng)
            out += room.apply(AtTable(TEMPLATE, Act(act, at=at + step)))
    return out


def _copy(e: RoomEvent, names: dict[str, str], shift: int) -> RoomEvent:
    """A template's event at another table, with other players, ``shift`` seconds later."""
    if isinstance(e, AtTableEvent):  # a table's events name players by position
        if isinstance(e.event, RoundProgressed):
            return AtTableEvent(names[e.table], replace(e.event, at=e.event.at + shift))
        if isinstance(e.event, CardsDealt):  # no time of its own
            return AtTableEvent(names[e.table], e.event)
    renamed: RoomEvent = _renamed(e, names, shift)
    return renamed


def _renamed(value: Any, names: dict[str, str], shift: int) -> Any:
    """``value`` with every string that ``names`` maps renamed and every ``at`` moved by
    ``shift`` seconds (dataclasses, tuples and lists walked; anything else kept)."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, tuple):
        return tuple(_renamed(v, names, shift) for v in value)
    if isinstance(value, list):
        return [_renamed(v, names, shift) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            if not f.init:
                continue
            old = getattr(value, f.name)
            if f.name == "at" and isinstance(old, int):
                new = old + shift
            elif isinstance(old, str | tuple | list) or dataclasses.is_dataclass(old):
                new = _renamed(old, names, shift)
            else:
                continue
            if new is not old and new != old:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value


def _players(events: list[RoomEvent]) -> list[str]:
    """Everyone who played in ``events`` (each bought in at the cage as they sat)."""
    return sorted({p for e in events if isinstance(p := getattr(e, "player", None), str)})


def fill(url: str, events: int, days: int = 7, templates: int = 4, seed: int = 1) -> dict[str, Any]:
    """Fill the empty store at ``url`` with about ``events`` events (see the module's
    docstring); what was written."""
    t0 = time.perf_counter()
    played = [_template(seed + k, 400) for k in range(templates)]
    template_s = time.perf_counter() - t0
    names = [_players(p) for p in played]
    store = EventStore(url)
    written = tables = 0
    rng = random.Random(seed)
    bots: list[str] = []
    try:
        # no snapshots nor images while filling (the room in memory is not the store's):
        # :func:`as_served` writes what a server playing these events would have left
        rooms = RoomStore(store, ROOM, snapshot_every=10**9, image_every=10**15)
        while written < events:
            k = tables % templates
            tables += 1
            table = f"t{tables}"
            mine = {TEMPLATE: table, **{p: f"{table}-{p.lower()}" for p in names[k]}}
            if tables % 2:
                bots += [v for p, v in mine.items() if p != TEMPLATE]
            shift = EPOCH + rng.randrange(days) * 86_400 + rng.randrange(16 * 3600)
            copy = [_copy(e, mine, shift) for e in played[k]]
            rooms.save(copy, "bench", "")
            rooms.commit()
            written += len(copy)
        at = datetime.datetime.now(datetime.UTC).isoformat()
        pw = hash_published(PASSWORD)
        users: list[object] = [
            UserAdded("floor", Role.FLOOR, pw, at),
            *(UserAdded(b, Role.PLAYER, pw, at, bot=True) for b in bots),
        ]
        with store.transaction() as w:
            if w.head(USERS) is None:
                w.create(USERS, "users", None)
            w.append(USERS, w.head(USERS) or 0, users)
    finally:
        store.close()
    took = time.perf_counter() - t0
    return {
        "events": written,
        "tables": tables,
        "days": days,
        "fill_s": round(took, 1),
        "template_s": round(template_s, 1),
    }


def as_served(url: str) -> dict[str, Any]:
    """What a server that played the filled events would have left beside them: the room
    loaded by folding every event (``fold_load_s``, the start before images), each table's
    checkpoint at its head and the room's image (``image_ms``); then the room loaded from the
    image and the events after it (``image_load_s``), checked equal to the fold."""
    store = EventStore(url, migrate=False)
    try:
        t0 = time.perf_counter()
        rooms = RoomStore(store, ROOM)
        out: dict[str, Any] = {"fold_load_s": round(time.perf_counter() - t0, 2)}
        with store.transaction() as w:  # as a round begins at each table (RoomStore.stage)
            for name, t in rooms.room.tables.items():
                stream = table_stream(ROOM, name)
                if t.round is None and rooms.heads[stream]:
                    w.snapshot(stream, rooms.heads[stream], t.checkpoint())
        t0 = time.perf_counter()
        if not rooms.take_image():
            raise RuntimeError("no image of the filled room could be taken")
        out["image_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        image = images.latest(store, ROOM)
        assert image is not None
        out["image_kb"] = round(len(codec.canonical(image)) / 1024)
        t0 = time.perf_counter()
        again = RoomStore(store, ROOM)
        out["image_load_s"] = round(time.perf_counter() - t0, 2)
        if again.loaded != "image" or images.fingerprint(
            again.room, again.books
        ) != images.fingerprint(rooms.room, rooms.books):
            raise RuntimeError(f"the room loaded from its image is not the fold's: {again.loaded}")
        return out
    finally:
        store.close()


def rebuild(url: str) -> dict[str, float]:
    """The parts of a start, in process: the room's streams read and decoded, the room folded
    from them, the read models folded from them; and what each request for the report cost
    before the read models (the streams read and decoded, the day's report folded)."""
    store = EventStore(url, migrate=False)
    try:
        t0 = time.perf_counter()
        merged = merge(ROOM, store.read_streams(room_streams(store, ROOM)))
        read_s = time.perf_counter() - t0
    finally:
        store.close()
    t0 = time.perf_counter()
    Room.from_events(merged)
    room_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    books = RoomBooks.of(merged)
    books_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    day = books.day.days()[-1]
    old = daybook.day_report(merged, day)
    report_s = time.perf_counter() - t0
    if old != books.day.report(day):
        raise RuntimeError(f"the read model's report of {day} is not the fold's")
    return {
        "read_s": round(read_s, 2),
        "room_fold_s": round(room_s, 2),
        "books_fold_s": round(books_s, 2),
        "scan_s": round(read_s + report_s, 2),
    }


def timed(port: int, requests: int) -> dict[str, Any]:
    """``GET /reports/day`` timed one request at a time (the last day, then the first)."""
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=600) as http:
        r = http.post("/login", json={"name": "floor", "password": PASSWORD})
        r.raise_for_status()
        auth = {"Authorization": f"Bearer {r.json()['token']}"}
        first = http.get("/reports/day", headers=auth)
        first.raise_for_status()
        body = first.json()
        days = body["days"]
        out: dict[str, Any] = {"days_reported": len(days)}
        for label, day in (("last_day", days[-1]), ("first_day", days[0])):
            took = []
            for _ in range(requests):
                t0 = time.perf_counter()
                r = http.get("/reports/day", params={"day": day}, headers=auth)
                took.append(time.perf_counter() - t0)
                r.raise_for_status()
            report = r.json()
            out[f"{label}_tables"] = len(report["tables"])
            out[f"{label}_rounds"] = report["totals"]["rounds"]
            out[f"{label}_bots_cash_in"] = report["totals"]["bots_cash_in"]
            ms = [x * 1000 for x in took]
            out[f"{label}_p50_ms"] = round(_percentile(ms, 0.5), 2)
            out[f"{label}_p99_ms"] = round(_percentile(ms, 0.99), 2)
            out[f"{label}_max_ms"] = round(max(ms), 2)
        return out


def run(
    db: str | None, events: int = 1_000_000, requests: int = 200, scan: bool = True
) -> dict[str, Any]:
    """Fill a fresh store, serve it and time the day report (see the module's docstring)."""
    with fresh_store(db) as url:
        result: dict[str, Any] = {"store": url.split(":", 1)[0]}
        result.update(fill(url, events))
        _say(result)
        if scan:
            result.update(rebuild(url))
            _say(result)
        result.update(as_served(url))
        _say(result)
        port = _port()
        t0 = time.perf_counter()
        with server(url, port, tries=HOUR):  # from the room's image and the events after it
            result["start_s"] = round(time.perf_counter() - t0, 1)
            _say(result)
            result.update(timed(port, requests))
        return result


def _say(result: dict[str, Any]) -> None:
    """The figures so far, on stderr (a long run says where it is)."""
    print(json.dumps(result), file=sys.stderr, flush=True)
