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
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from croupier.room import Room
from croupier.room.books import BooksState, RoomBooks
from croupier.room.image import RoomParts, parts
from croupier.service.store import codec
from croupier.service.store.kinds import table_projection, tournament_projection
from croupier.service.store.kinds import uth_table_projection as uth_projection
from croupier.service.store.store import (
    EventStore,
    Stored,
    StreamInfo,
    Writer,
    chain,
    genesis,
)

log = logging.getLogger(__name__)


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
    return _digest(codec.canonical((position, heads, parts, books)))


def _digest(contents: bytes) -> str:
    return hashlib.sha256(b"croupier room image\n" + contents).hexdigest()


def make(
    position: int, heads: dict[str, tuple[int, str]], parts: RoomParts, books: BooksState
) -> RoomImage:
    return RoomImage(position, heads, parts, books, digest(position, heads, parts, books))


@dataclass(frozen=True, slots=True)
class Taken:
    """An image's contents encoded at its commit (:func:`take`): data of their own, apart from
    the room and its books, which move on; :func:`write` stores them, in that commit's
    transaction or in one of its own later."""

    position: int
    contents: codec.JSON


def take(
    position: int, heads: dict[str, tuple[int, str]], parts: RoomParts, books: BooksState
) -> Taken:
    """The image of these contents, encoded now (``parts`` and ``books`` shared with the room
    may change once this returns). ``CodecError``: something in them has no encoding."""
    return Taken(position, codec.encode((position, heads, parts, books)))


def body(taken: Taken) -> bytes:
    """The stored body of ``taken``'s image: the bytes ``codec.envelope(make(...))`` gives for
    the same contents, from their one encoding."""
    contents = taken.contents
    assert isinstance(contents, dict)
    position, heads, parts, books = contents["$tuple"]
    image = {
        "$t": codec.type_name(RoomImage),
        "position": position,
        "heads": heads,
        "parts": parts,
        "books": books,
        "digest": _digest(codec.dumps(contents)),
    }
    return codec.enveloped(image)


def write(w: Writer, room: str, taken: Taken) -> None:
    """Store ``taken`` as ``room``'s image, replacing the one before (a later image, taken
    since by another node, is kept: the latest is the one read)."""
    stream = image_stream(room)
    if w.head_of(stream) is None:
        w.create(stream, "image", room)
    w.drop_snapshots(stream, taken.position + 1)  # the one before (or one at this commit)
    w.snapshot_body(stream, taken.position, body(taken))


class Apart:
    """A room's images written on a thread of their own, one at a time, so that a large room's
    image (hundreds of kilobytes at 2,000 tables) does not hold its commit and every command
    queued behind it: the commit encodes the image (:func:`take`), this writes it after.

    An image is a cache of what was committed: one not written (the process stopped, the
    database failed) costs a start only the longer tail of events to fold. ``writes`` says
    whether this node still writes the room; an image is not written once it does not."""

    def __init__(self, store: EventStore, room: str, writes: Callable[[], bool]) -> None:
        self.store, self.room, self.writes = store, room, writes
        self._thread: threading.Thread | None = None
        #: the position of the last image written here (0: none yet)
        self.written = 0

    @property
    def busy(self) -> bool:
        """Whether an image is being written (the next is taken at a later commit)."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, taken: Taken) -> None:
        name = f"croupier image {self.room}"
        self._thread = threading.Thread(target=self._write, args=(taken,), name=name, daemon=True)
        self._thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Until the image being written is (or ``timeout`` seconds)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _write(self, taken: Taken) -> None:
        try:
            if not self.writes():
                return
            with self.store.transaction() as w:
                write(w, self.room, taken)
            self.written = taken.position
        except Exception:  # a cache: the room plays on, and the next image is taken later
            log.exception(
                "croupier: room %s: the image at %d was not written", self.room, taken.position
            )


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
