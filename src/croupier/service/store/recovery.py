"""The significant-events log and recovery before play.

:func:`record` appends to the significant-events stream (:func:`record_all`: several events in
one transaction). :func:`recover` is what a server runs on start before it accepts a command:
every stream's chain is checked and every stream folded; a stream that fails is refused loudly
(recorded, with its problems) and the rest go on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from croupier.service.store.audit import check
from croupier.service.store.images import RoomImage, check_since
from croupier.service.store.significant import STREAM, WRITING, Significant, What
from croupier.service.store.store import ConcurrencyError, EventStore, StoreError


def record(store: EventStore, what: What, who: str, detail: str, at: str) -> int:
    """Append one significant event (creating the stream on first use); its sequence number."""
    return record_all(store, [Significant(what, who, detail, at)])


def record_all(store: EventStore, events: Sequence[Significant]) -> int:
    """Append ``events`` to the significant-events stream in one transaction; its new head."""
    with WRITING:  # one writer at a time in this process (log-ins come together)
        return _record(store, events)


#: how many times an append is tried when another writer took the head (other nodes of the
#: room append to the same stream)
TRIES = 10


def _record(store: EventStore, events: Sequence[Significant]) -> int:
    for _ in range(TRIES):
        try:
            try:
                head = store.stream(STREAM).head_seq
            except StoreError:
                with store.transaction() as w:
                    w.create(STREAM, "significant", None)
                    return w.append(STREAM, 0, events)
            return store.append(STREAM, head, events)
        except ConcurrencyError:
            continue
    raise ConcurrencyError("the significant-events stream is too busy to record")


@dataclass(frozen=True, slots=True)
class Recovery:
    """What a start found: the streams that may be used and those refused, with why."""

    ready: tuple[str, ...]
    refused: dict[str, list[str]]


def recover(
    store: EventStore, at: str, who: str = "server", image: RoomImage | None = None
) -> Recovery:
    """Check every stream before play; record the restart, each refusal and the recovery.
    With a room's ``image`` (its digest checked: :func:`~.images.latest`), every stream's
    events after it, chained from the head it pinned to the stream's head (the events before
    it were chained as they were written; ``croupier audit verify`` checks them all); the
    room's own events after it are folded as the room is loaded from it."""
    if image is None:
        record(store, What.RESTART, who, "checking every stream before play", at)
        _, _, problems = check(store)
    else:
        said = f"checking every stream's events after the room's image (event {image.position})"
        record(store, What.RESTART, who, said, at)
        problems = check_since(store, image)
        if problems:  # the chains or the image at fault: every event checked says which
            said = "; ".join(p for found in problems.values() for p in found)
            record(store, What.RESTART, who, f"checking every stream before play: {said}", at)
            _, _, problems = check(store)
    refused = {k: v for k, v in problems.items() if k != STREAM}
    for found in refused.values():
        record(store, What.REFUSED_STREAM, who, "; ".join(found), at)  # each names the stream
    ready = tuple(s.id for s in store.streams() if s.id not in refused)
    record(store, What.RECOVERY, who, f"{len(ready)} streams ready, {len(refused)} refused", at)
    return Recovery(ready, refused)
