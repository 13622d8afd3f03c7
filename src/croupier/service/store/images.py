"""A room's image: the room's own state and its books (:mod:`croupier.room.image`,
:class:`~croupier.room.books.BooksState`) after one commit, with the head of every stream of the
store then, so that a start loads the room from the image and the events after it instead of
folding the room's whole history.

An image is a cache, as every snapshot is. Its digest covers what it holds; each stream's pinned
head (sequence number and hash) must still be in the stream, and the events after it must chain
from it to the stream's head (:func:`check_tail`). A start that finds an image wrong refuses it,
says why in the significant-events log, and folds every event instead. The events before the
image were chained as they were written; ``croupier audit verify`` checks them all again and
compares each image with the fold (a forged image with a digest made to match is found there).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from croupier.room import Room
from croupier.room.books import BooksState, RoomBooks
from croupier.room.image import RoomParts, parts
from croupier.service.store import codec
from croupier.service.store.kinds import table_projection, tournament_projection
from croupier.service.store.kinds import uth_table_projection as uth_projection
from croupier.service.store.store import EventStore, Stored, StreamInfo, chain, genesis


def image_stream(room: str) -> str:
    """Where a room's images are kept (a stream with no events: its snapshots)."""
    return f"image:{room}"


@dataclass(frozen=True, slots=True)
class RoomImage:
    """The room after the commit that left the store's last event at ``position``:
    ``heads`` pins every stream's head then (sequence number, hash); ``digest`` is
    :func:`digest` of the rest."""

    position: int
    heads: dict[str, tuple[int, str]]
    parts: RoomParts
    books: BooksState
    digest: str


def digest(position: int, heads: object, parts: RoomParts, books: BooksState) -> str:
    body = codec.canonical((position, heads, parts, books))
    return hashlib.sha256(b"croupier room image\n" + body).hexdigest()


def make(
    position: int, heads: dict[str, tuple[int, str]], parts: RoomParts, books: BooksState
) -> RoomImage:
    return RoomImage(position, heads, parts, books, digest(position, heads, parts, books))


class ImageError(ValueError):
    """An image that cannot be used (why, in words)."""


def latest(store: EventStore, room: str) -> RoomImage | None:
    """The room's latest image, its digest checked (``None``: none taken); ``ImageError``: one
    that does not read or whose digest does not match what it holds."""
    try:
        found = store.latest_snapshot(image_stream(room))
    except Exception as e:  # a body that does not decode
        raise ImageError(f"the room's image does not read: {e}") from e
    if found is None:
        return None
    image = found[1]
    if not isinstance(image, RoomImage):
        raise ImageError(f"the room's image is a {type(image).__name__}, not a room image")
    if digest(image.position, image.heads, image.parts, image.books) != image.digest:
        raise ImageError("the room's image does not match its digest (changed)")
    return image


def check_tail(
    info: StreamInfo, pinned: tuple[int, str] | None, rows: Sequence[Stored]
) -> str | None:
    """What is wrong with ``info``'s events after its pinned head (``None``: they chain from it
    to the stream's head). ``rows``: the stream's events from the pinned one on (all of them
    where none is pinned)."""
    seq, previous = pinned or (0, info.genesis)
    if pinned is None and genesis(info.id, info.kind, info.meta.encode()) != info.genesis:
        return f"{info.id}: its configuration does not match the chain's start"
    if info.head_seq < seq:
        return f"{info.id}: its head is event {info.head_seq}, before the image's {seq}"
    if seq:
        if not rows or rows[0].seq != seq or rows[0].hash != previous:
            return f"{info.id}: event {seq} is not the one the room's image was taken after"
        rows = rows[1:]
    for expected, r in enumerate(rows, seq + 1):
        if r.seq != expected:
            return f"{info.id}: event {expected} is missing (found {r.seq} next)"
        if chain(previous, r.body.encode()) != r.hash:
            return f"{info.id}: event {r.seq} does not match its hash (changed or moved)"
        previous = r.hash
    if info.head_seq != seq + len(rows) or info.head_hash != previous:
        return f"{info.id}: the stream's head is event {info.head_seq} but its chain ends before"
    return None


def check_since(store: EventStore, image: RoomImage) -> dict[str, list[str]]:
    """Every stream's events after ``image`` chained from its pinned head to the stream's head
    (a stream made since, from its start): the problems by stream."""
    problems: dict[str, list[str]] = {}
    infos = store.streams()
    tails: dict[str, list[Stored]] = {}
    for r in store.read_after(image.position):
        tails.setdefault(r.stream, []).append(r)
    for info in infos:
        pinned = image.heads.get(info.id)
        rows = tails.get(info.id, [])
        if pinned is not None and pinned[0] > 0:
            rows = [*store.read(info.id, pinned[0] - 1, pinned[0]), *rows]
        found = check_tail(info, pinned if pinned and pinned[0] else None, rows)
        if found is not None:
            problems[info.id] = [found]
    return problems


def fingerprint(room: Room, books: RoomBooks) -> bytes:
    """The room's state and its books as canonical bytes: a room loaded from an image and the
    events after it must give the same as the fold of every event."""
    own = parts(room)
    return codec.canonical(
        (
            own,
            {n: table_projection(t) for n, t in sorted(room.tables.items())},
            {n: uth_projection(u.play) for n, u in sorted(room.uth.items())},
            {
                n: None if tm.run is None else tournament_projection(tm.run)
                for n, tm in sorted(room.tournaments.items())
            },
            tuple(room.board()),
            room.ledger(),
            books.state(),
        )
    )
