"""A served room restarted from its image (croupier.service.store.images): the start checks the
events after the image and folds them on it, and every read answers as before the restart, on
SQLite and PostgreSQL; an image changed in the database is refused at the start, said in the
significant-events log, and the room folded from every event."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from croupier.service.store import images, rooms
from croupier.service.store.schema import snapshots
from croupier.service.store.significant import STREAM, What
from croupier.service.store.store import EventStore
from support.service import Room, play_round, served
from support.store import create_database

READS = ("/room/board", "/room/ledger", "/reports/day")  # the lists' waits: by the clock
LIST = {"game": "holdem no-limit", "stakes": "1/2"}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/images.db"
    else:
        base = request.getfixturevalue("pg_server")
        yield create_database(base, f"images_{random.randrange(10**9)}")


def reads(room: Room) -> dict[str, Any]:
    out = {}
    for path in READS:
        r = room.c.get(path, headers=room.headers("floor"))
        assert r.status_code == 200, r.text
        out[path] = r.json()
    return out


def said(url: str) -> list[tuple[str, str]]:
    store = EventStore(url, migrate=False)
    try:
        return [(e.what, e.detail) for e in store.load(STREAM)]
    finally:
        store.close()


def test_a_restart_loads_the_room_from_its_image(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rooms, "IMAGE_EVERY", 30)
    monkeypatch.setattr(rooms, "IMAGE_PER_STREAM", 0)
    with served(url, players=8) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"], seats=4)
        rng = random.Random(3)
        for _ in range(4):
            play_round(room, "t1", rng)
        room.ok("p5", {"type": "JoinList", **LIST})
        room.ok("p1", {"type": "RequestTopUp", "player": "p1", "table": "t1", "cash": 50})
        before = reads(room)
        live = room.c.app.state.service.rooms  # type: ignore[attr-defined]
        assert live.apart is not None  # written after its commit, on a thread of its own
        live.apart.wait()
        image = images.latest(live.store, "main")
        assert image is not None  # taken as the room played
    with served(url, users=False) as again:
        rs = again.c.app.state.service.rooms  # type: ignore[attr-defined]
        assert (rs.loaded, rs.refused_image) == ("image", None)
        assert reads(again) == before
        play_round(again, "t1", rng)  # and play goes on
    restarts = [d for w, d in said(url) if w == What.RESTART]
    assert restarts[-1].startswith("checking every stream's events after the room's image")

    # an image changed in the database: refused, said, and the room folded from every event
    store = EventStore(url, migrate=False)
    with store.engine.begin() as conn:
        stream = images.image_stream("main")
        q = sa.select(snapshots.c.body).where(snapshots.c.stream_id == stream)
        body = str(conn.execute(q).scalar_one()).replace('"cash_out":', '"cash_out":1')
        q2 = sa.update(snapshots).where(snapshots.c.stream_id == stream).values(body=body)
        conn.execute(q2)
    store.close()
    with served(url, users=False) as third:
        rs = third.c.app.state.service.rooms  # type: ignore[attr-defined]
        assert rs.loaded == "fold"
        assert third.c.get("/healthz").status_code == 200
    refused = [d for w, d in said(url) if w == What.REFUSED_STREAM]
    assert refused and refused[-1].startswith("image:main: ") and "digest" in refused[-1]
