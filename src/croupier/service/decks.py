"""The decks of the rounds in play: read back from the room's sealed stream at a start or a
takeover (:func:`resume`), opened with the room's keys (:func:`unlock`), and the round starts
that say which deck each round was dealt from."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import sqlalchemy as sa

from croupier.cards import Card
from croupier.room.tournament_hands import hold_deck as hold_live
from croupier.service.owner import DeckSealed
from croupier.service.store import codec
from croupier.service.store.recovery import record
from croupier.service.store.rooms import RoomStore, sealed_stream, table_stream
from croupier.service.store.schema import events as events_table
from croupier.service.store.sealing import (
    Keyring,
    KeyringError,
    SealedDeck,
    SealingError,
    any_sealed,
    check_keys,
    load_keys,
    sealed_keys,
)
from croupier.service.store.significant import What
from croupier.service.store.store import EventStore, StoreError
from croupier.table.events import RoundStarted

log = logging.getLogger("croupier.service")


def sealed_decks(
    store: EventStore,
    room: str,
    keys: Keyring | None,
    want: Callable[[str, str], bool] = lambda table, commitment: True,
    newest: int | None = None,
) -> list[DeckSealed]:
    """The decks in ``room``'s sealed stream whose ``(table, commitment)`` ``want`` wants,
    opened (:class:`SealingError`: one does not open). ``newest``: at most that many, read
    from the stream's head back (the decks of rounds in play were sealed last): a takeover
    reads the decks in play, not every deck the room ever dealt."""
    stream = sealed_stream(room)
    try:
        head = store.stream(stream).head_seq
    except StoreError:  # no deck sealed in this room yet
        return []
    found: list[object] = []
    if newest is None:
        found = [e for e in store.load(stream) if _wanted(e, want)]
    else:
        upto, step = head, 2 * newest + 64
        while upto > 0 and len(found) < newest:
            rows = store.read(stream, max(upto - step, 0), upto)
            found += [e for e in (r.event() for r in reversed(rows)) if _wanted(e, want)]
            upto, step = upto - step, step * 2
    out = []
    for e in found:
        if isinstance(e, SealedDeck):
            if keys is None:
                raise SealingError(f"no key to open the deck of {e.table} with")
            e = DeckSealed(e.table, e.commitment, *keys.open(stream, e))
        assert isinstance(e, DeckSealed)
        out.append(e)
    return out


def _wanted(e: object, want: Callable[[str, str], bool]) -> bool:
    return isinstance(e, DeckSealed | SealedDeck) and want(e.table, e.commitment)


def unlock(
    store: EventStore, room: str, key_file: str | None = None, at: str = ""
) -> tuple[Keyring | None, dict[str, list[str]]]:
    """The keys that seal ``room``'s decks and open those sealed before, at a start. Without
    them, ``None`` and the sealed stream refused with why, said loudly (on the console and in
    the significant-events log, at ``at``); nothing else is written (a key file is made only
    while no deck in the database is sealed)."""
    stream = sealed_stream(room)
    try:
        keys = load_keys(store.url, key_file, create=not any_sealed(store))
        problem = check_keys(store, stream, keys)
    except KeyringError as e:
        keys = None
        needed = ", ".join(repr(k) for k in sorted(sealed_keys(store, stream)))
        under = f"the decks of rounds dealt here are sealed under key {needed}, but " * bool(needed)
        problem = f"{stream}: {under}{e}; nothing was changed"
    if problem is None:
        return keys, {}
    log.error("croupier: room %s refused: %s", room, problem)
    record(store, What.REFUSED_STREAM, "server", problem, at)
    return None, {stream: [problem]}


def resume(rooms: RoomStore, keys: Keyring | None = None) -> list[str]:
    """Give each round a crash interrupted the deck it is dealt from, kept (sealed under
    ``keys``) in the sealed stream, so that it deals on: a cash table's round dealt by
    croupier (:meth:`Table.hold_deck`), a UTH round before its deal, a tournament table's live
    hand. The decks are read once; the keys resumed (a table's name, ``tournament:T/N``)."""
    hold: dict[str, tuple[str, Callable[[tuple[Card, ...]], object]]] = {}
    playing = {
        table_stream(rooms.name, name): t
        for name, t in rooms.room.tables.items()
        if t.round is not None and not t.round.is_over and t.round.config.automatic
    }
    for ts, started in round_starts(rooms, list(playing)).items():
        hold[ts.removeprefix(table_stream(rooms.name, ""))] = (
            started.commitment,
            playing[ts].hold_deck,
        )
    for name, u in rooms.room.uth.items():
        play = u.play
        if play.round is not None and not play.round.dealt:
            hold[name] = (play.commitment, partial(_hold_uth, play))
    for name, tm in rooms.room.tournaments.items():
        for n, lh in tm.live.items():
            hold[f"tournament:{name}/{n}"] = (lh.commitment, partial(hold_live, tm, n))
    if not hold:
        return []
    resumed = []
    for deck in sealed_decks(
        rooms.store,
        rooms.name,
        keys,
        lambda key, c: key in hold and hold[key][0] == c,
        newest=len(hold),
    ):
        if hold[deck.table][1](deck.order) is not False:
            resumed.append(deck.table)
    return resumed


def _hold_uth(play: Any, order: tuple[Card, ...]) -> bool:
    held: bool = play.hold_deck(order, play.commitment)
    return held


def round_starts(rooms: RoomStore, streams: Sequence[str]) -> dict[str, RoundStarted]:
    """The start of the round in play in each table stream of ``streams`` (the last
    :class:`RoundStarted` up to the head ``rooms`` holds), read in two queries for all."""
    if not streams:
        return {}
    c = events_table.c
    q = (
        sa.select(c.stream_id, sa.func.max(c.seq))
        .where(c.stream_id.in_(streams), c.type == codec.type_name(RoundStarted))
        .group_by(c.stream_id)
    )
    with rooms.store.reading() as conn:
        last = {str(s): int(n) for s, n in conn.execute(q)}
    for s, n in last.items():
        if n > rooms.heads.get(s, 0):  # committed since the room was read: the one before
            last[s] = last_start(rooms, s, rooms.heads.get(s, 0))
    pairs = [(s, n) for s, n in last.items() if n]
    if not pairs:
        return {}
    q = sa.select(c.stream_id, c.body).where(sa.tuple_(c.stream_id, c.seq).in_(pairs))
    with rooms.store.reading() as conn:
        rows = [(str(s), codec.unwrap(b)) for s, b in conn.execute(q)]
    return {s: e for s, e in rows if isinstance(e, RoundStarted)}


def last_start(rooms: RoomStore, stream: str, upto: int) -> int:
    """The sequence number of the last round start in ``stream`` at or before ``upto`` (0:
    none): a recipient's projection needs the players of the round in progress."""
    name = codec.type_name(RoundStarted)
    q = sa.select(sa.func.max(events_table.c.seq)).where(
        events_table.c.stream_id == stream,
        events_table.c.type == name,
        events_table.c.seq <= upto,
    )
    with rooms.store.reading() as conn:
        found = conn.execute(q).scalar()
    return int(found or 0)
