"""A room's image (croupier.service.store.images): a room and its books loaded from the latest
image and the events after it equal the fold of every event, on SQLite and PostgreSQL; an image
changed in the database is refused at load (the room folded from every event instead), and one
forged with a digest to match is found by the audit."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from croupier.room import AtTable, JoinList, Room, list_key
from croupier.room import image as room_image
from croupier.room.books import RoomBooks
from croupier.service.store import audit, codec, images
from croupier.service.store import rooms as rooms_module
from croupier.service.store.recovery import recover
from croupier.service.store.rooms import RoomStore, merge, room_stream, room_streams
from croupier.service.store.schema import snapshots
from croupier.service.store.significant import STREAM, What
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.views import actor_view
from support.store import create_database, play_room

_names = itertools.count()
IMAGE = images.image_stream("main")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'croupier.db'}"
    base = request.getfixturevalue("pg_server")
    return create_database(base, f"img{next(_names)}")


@pytest.fixture
def store(url: str) -> Iterator[EventStore]:
    s = EventStore(url)
    yield s
    s.close()


def folded(store: EventStore) -> bytes:
    """The room and its books folded from every event the store holds."""
    events = merge("main", store.read_streams(room_streams(store, "main")))
    room = Room.from_events(events, store.stream(room_stream("main")).config().call_seconds)
    return images.fingerprint(room, RoomBooks.of(events))


def played(store: EventStore) -> RoomStore:
    """Two tables played with an image every 40 events, then more after the last image: a
    player on a list, and a round begun and left in play."""
    rs = RoomStore(store, image_every=40)
    play_room(rs, rounds=6)
    rs.execute(JoinList("late", *list_key(rs.room.tables["a"].config)))
    name = next(n for n, t in rs.room.tables.items() if len(t.seating.seats) >= 2)
    t = rs.room.tables[name]
    rs.execute(AtTable(name, StartRound(Shoe(t.config.game.deck, seed=9).shuffle().order)))
    bot, rng = make_bot("random"), random.Random(2)
    assert t.round is not None
    rs.execute(AtTable(name, Act(bot.act(actor_view(t.round), rng))))
    assert t.round is not None and not t.round.is_over  # in play at the tail's end
    return rs


def test_a_room_loaded_from_its_image_and_the_tail_equals_the_fold(store: EventStore) -> None:
    live = played(store)
    image = images.latest(store, "main")
    assert image is not None
    tail = store.read_streams(room_streams(store, "main"), after=image.position)
    assert len(tail) >= 3  # the image is not the last commit: events after it fold on it
    again = RoomStore(store)
    assert (again.loaded, again.refused_image) == ("image", None)
    assert images.fingerprint(again.room, again.books) == folded(store)
    assert images.fingerprint(live.room, live.books) == folded(store)
    # the table in play deals on: the loaded room takes the next decision as the live one did
    (name,) = [n for n, t in live.room.tables.items() if t.round is not None]
    r, was = again.room.tables[name].round, live.room.tables[name].round
    assert r is not None and was is not None and r.actor == was.actor and r.actor is not None
    # the chains after the image are checked, nothing refused; the audit agrees
    assert recover(store, "2027-01-01T00:00:00+00:00", image=image).refused == {}
    assert audit.verify(store)["ok"]
    # only the latest image is kept
    assert [seq for seq, _ in store.snapshots(IMAGE)] == [image.position]


def _rewrite(store: EventStore, body: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(sa.update(snapshots).where(snapshots.c.stream_id == IMAGE).values(body=body))


def _body(store: EventStore) -> str:
    with store.engine.connect() as conn:
        q = sa.select(snapshots.c.body).where(snapshots.c.stream_id == IMAGE)
        return str(conn.execute(q).scalar_one())


def test_a_changed_image_is_refused_and_the_room_folded_from_every_event(
    store: EventStore,
) -> None:
    live = played(store)
    cash_in = live.room.cash_in
    image = images.latest(store, "main")
    assert image is not None and image.parts.cash_in > 0
    held = f'"cash_in":{image.parts.cash_in},'
    assert held in _body(store)
    _rewrite(store, _body(store).replace(held, f'"cash_in":{image.parts.cash_in + 500},'))
    with pytest.raises(images.ImageError, match="digest"):
        images.latest(store, "main")
    again = RoomStore(store)
    assert again.loaded == "fold" and "digest" in (again.refused_image or "")
    assert again.room.cash_in == cash_in
    assert images.fingerprint(again.room, again.books) == folded(store)
    report = audit.verify(store)
    assert not report["ok"] and any(p.startswith(IMAGE) for p in report["problems"])


def test_an_image_that_does_not_fit_the_streams_is_refused(store: EventStore) -> None:
    """Pins that the streams do not hold (an image of another store, or of a history
    rewritten since), with a digest made to match: the load refuses it, and a start checks
    every event, refusing no stream for the image's fault."""
    played(store)
    image = images.latest(store, "main")
    assert image is not None
    heads = dict(image.heads)
    stream = next(s for s in heads if s.startswith("table:"))
    heads[stream] = (heads[stream][0] - 1, heads[stream][1])
    forged = images.make(image.position, heads, image.parts, image.books)
    _rewrite(store, codec.envelope(forged).decode())
    again = RoomStore(store)
    assert again.loaded == "fold" and stream in (again.refused_image or "")
    assert images.fingerprint(again.room, again.books) == folded(store)
    found = recover(store, "2027-01-01T00:00:00+00:00", image=images.latest(store, "main"))
    assert found.refused == {}
    said = [e.detail for e in store.load(STREAM) if e.what == What.RESTART]
    assert stream in said[-1] and said[-1].startswith("checking every stream before play")


def test_a_forged_image_is_found_by_the_audit(store: EventStore) -> None:
    """An image rewritten whole, its digest recomputed, cannot be told at a start (the start
    checks the image's digest and the chains after it); the audit compares it with the fold."""
    played(store)
    image = images.latest(store, "main")
    assert image is not None
    parts = dataclasses.replace(image.parts, cash_out=image.parts.cash_out + 1)
    forged = images.make(image.position, image.heads, parts, image.books)
    _rewrite(store, codec.envelope(forged).decode())
    problems = audit.verify(store)["problems"]
    assert problems == [f"{IMAGE}: the image after event {image.position} differs from the fold"]


def test_a_load_while_another_writer_commits_reads_one_moment(
    store: EventStore, url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A standby loads its replica while the owner commits: a commit landing between the
    load's first read (the heads) and its later ones (the events after the image, the tables'
    tails) is not seen. Read at different moments, the image was refused for a false reason
    (logged as a refused stream) and the tables folded past the heads the load kept."""
    live = played(store)
    before = folded(store)
    heads = {s.id: s.head_seq for s in store.streams()}
    writer = EventStore(url)
    name = next(n for n, t in live.room.tables.items() if t.round is not None)
    bot, rng = make_bot("random"), random.Random(5)
    read_streams = EventStore.read_streams
    landed = []

    def interleaved(self: EventStore, ids: Any, after: int = 0) -> Any:
        if not landed:  # the owner commits its next action now, on its own connection
            live.store = writer
            r = live.room.tables[name].round
            assert r is not None
            landed.append(live.execute(AtTable(name, Act(bot.act(actor_view(r), rng)))))
        return read_streams(self, ids, after)

    monkeypatch.setattr(EventStore, "read_streams", interleaved)
    try:
        again = RoomStore(store)
    finally:
        writer.close()
    assert landed and any(s.head_seq > heads.get(s.id, 0) for s in store.streams())
    assert (again.loaded, again.refused_image) == ("image", None)
    assert images.fingerprint(again.room, again.books) == before
    assert again.heads == {n: heads[n] for n in again.heads}


def test_an_image_is_encoded_once_into_the_bytes_the_codec_gives(store: EventStore) -> None:
    """An image's contents are encoded once, at its commit (:func:`images.take`); its stored
    body is made from that encoding and is byte for byte what the codec gives the image."""
    live = played(store)
    parts = room_image.parts(live.room)
    assert parts is not None
    with store.transaction() as w:
        position, heads = w.heads()
    taken = images.take(position, heads, parts, live.books.state())
    made = images.make(position, heads, parts, live.books.state())
    assert images.body(taken) == codec.envelope(made)
    assert codec.unwrap(images.body(taken)) == made


def test_images_written_apart_from_their_commits_load_as_the_fold(store: EventStore) -> None:
    """``images_apart``: each commit that takes an image encodes it and a thread writes it
    after, while play goes on; the latest image and the events after it still give the room
    as the fold of every event gives it (an image holding a later state than its position
    would fold those events twice), on SQLite and PostgreSQL."""
    rs = RoomStore(store, image_every=40, images_apart=True)
    assert rs.apart is not None
    play_room(rs, rounds=6)
    rs.apart.wait()
    image = images.latest(store, "main")
    assert image is not None and rs.apart.written == image.position
    rs.execute(JoinList("late", *list_key(rs.room.tables["a"].config)))  # a tail, mostly
    rs.apart.wait()
    image = images.latest(store, "main")
    assert image is not None and rs.apart.written == image.position
    again = RoomStore(store)
    assert (again.loaded, again.refused_image) == ("image", None)
    assert images.fingerprint(again.room, again.books) == folded(store)
    assert images.fingerprint(rs.room, rs.books) == folded(store)
    assert [seq for seq, _ in store.snapshots(IMAGE)] == [image.position]


def test_a_node_that_no_longer_writes_the_room_writes_no_image(store: EventStore) -> None:
    live = played(store)
    before = store.snapshots(IMAGE)
    parts = room_image.parts(live.room)
    assert parts is not None
    with store.transaction() as w:
        position, heads = w.heads()
    taken = images.take(position + 1, heads, parts, live.books.state())
    apart = images.Apart(store, "main", lambda: False)
    apart.start(taken)
    apart.wait()
    assert store.snapshots(IMAGE) == before and apart.written == 0
    apart = images.Apart(store, "main", lambda: True)
    apart.start(taken)
    apart.wait()
    assert [seq for seq, _ in store.snapshots(IMAGE)] == [position + 1] == [apart.written]


def test_a_large_room_takes_its_image_less_often(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """By default a room's image comes every ``IMAGE_EVERY`` events, or every
    ``IMAGE_PER_STREAM`` events for each of its streams where that is more (an image's size
    grows with the streams); a room given ``image_every`` keeps it."""
    rs = played(store)
    streams = len(rs.heads)
    assert rs.image_every == 40 and streams >= 4
    again = RoomStore(store)
    assert again.image_every == rooms_module.IMAGE_EVERY
    monkeypatch.setattr(rooms_module, "IMAGE_EVERY", 10)
    assert again.image_every == rooms_module.IMAGE_PER_STREAM * streams
    monkeypatch.setattr(rooms_module, "IMAGE_PER_STREAM", 1)
    assert again.image_every == max(10, streams)
