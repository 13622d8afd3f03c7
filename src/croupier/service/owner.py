"""The owner of a room's streams: one at a time, commit, then reply and broadcast.

A :class:`RoomStore` commits a room's command to the room's, the cage's and its tables'
streams in one transaction (the room's money is conserved across them), so the room is the
unit of ownership: :class:`RoomOwner` applies the room's commands one at a time in a worker
thread (the event loop goes on serving websockets), commits every command that queued while the
last commit ran in one transaction (a group commit), and only after the commit answers them and
publishes each table's new events, numbered by their sequence numbers in the table's stream, to
that table's subscribers (:class:`Hub`). Readers take :attr:`RoomOwner.lock`, which the writer
holds from the first command it applies to the commit: they never see an uncommitted change.
A subscriber that falls too far behind is marked lagging and is sent a snapshot of its view
instead.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from croupier.cards import Card
from croupier.room import RoomCommand, RoomEvent
from croupier.room.events import AtTableEvent
from croupier.room.tournament_hands import TournamentHandDealt, TournamentHandProgressed
from croupier.room.tournaments import AtTournamentEvent
from croupier.room.uth_tables import AtUthEvent
from croupier.rules import IllegalAction
from croupier.service import contract
from croupier.service.projection import Item
from croupier.service.store.lease import LeaseLost
from croupier.service.store.rooms import (
    RoomStore,
    Staged,
    table_stream,
)
from croupier.service.store.sealing import (
    Keyring,
    SealingError,
)
from croupier.service.store.store import Written
from croupier.table.table import Table
from croupier.uth.played import UthPlay
from croupier.uth.view import uth_view
from croupier.views import round_view, table_view

log = logging.getLogger(__name__)

#: Events a subscriber may have waiting before it is sent a snapshot instead.
MAX_QUEUE = 10_000


class Subscriber:
    """One websocket's queue of :class:`Item` for one stream, and of messages ready to send
    (``notes``: a command's reply, the prompt of the player to act) that are never dropped.
    ``who``: the player it serves (the prompt of that player's turn), if any."""

    def __init__(
        self, limit: int = MAX_QUEUE, who: str | None = None, viewer: object = None
    ) -> None:
        self.items: deque[Item] = deque()
        self.notes: deque[tuple[int, str]] = deque()  # (seq it follows, message)
        self.limit = limit
        self.who = who
        self.viewer = viewer  # not None: sent its view of the table after every commit
        self.lagged = False
        self.closed: str | None = None  # why the stream ends here (this node stopped writing)
        # woken while not waiting: the next wait ends at once
        self._woken = False
        self._waiter: asyncio.Future[None] | None = None
        self._done: asyncio.Future[None] | None = None  # done: a wait that ends at once

    def put(self, item: Item) -> None:
        if len(self.items) >= self.limit:
            self.items.clear()
            self.lagged = True
        else:
            self.items.append(item)
        self.wake()

    def note(self, seq: int, text: str) -> None:
        self.notes.append((seq, text))
        self.wake()

    def wake(self) -> None:
        """Something is ready (or the stream ends): the socket's wait ends (on the event loop)."""
        waiter, self._waiter = self._waiter, None
        if waiter is None:
            self._woken = True
        elif not waiter.done():
            waiter.set_result(None)

    def wait(self) -> asyncio.Future[None]:
        """What to await until :meth:`wake` (done already if it was called since the last
        wait). A future, not a coroutine: a wait makes one object, not three, which counts at
        thousands of sockets each woken several times a second (the collector walks them)."""
        if self._woken:
            self._woken = False
            done = self._done
            if done is None:
                done = self._done = asyncio.get_running_loop().create_future()
                done.set_result(None)
            return done
        waiter = self._waiter = asyncio.get_running_loop().create_future()
        return waiter


class Hub:
    """Subscribers by stream."""

    def __init__(self) -> None:
        self.subs: dict[str, set[Subscriber]] = {}

    def subscribe(
        self, stream: str, limit: int = MAX_QUEUE, who: str | None = None, viewer: object = None
    ) -> Subscriber:
        sub = Subscriber(limit, who, viewer)
        self.subs.setdefault(stream, set()).add(sub)
        return sub

    def unsubscribe(self, stream: str, sub: Subscriber) -> None:
        self.subs.get(stream, set()).discard(sub)

    def close(self, reason: str) -> None:
        """End every subscriber's stream, saying ``reason`` (its socket closes)."""
        for subs in self.subs.values():
            for sub in subs:
                sub.closed = reason
                sub.wake()

    def publish(self, stream: str, items: Sequence[tuple[int, Any]]) -> None:
        subs = self.subs.get(stream)
        if not subs:
            return
        shared = [Item(seq, e) for seq, e in items]
        for sub in subs:
            for item in shared:
                sub.put(item)

    def prompt(self, stream: str, player: str, seq: int, text: Callable[[], str]) -> None:
        """Send ``player``'s subscribers on ``stream`` the message ``text()`` (made once, only
        if they subscribe), after event ``seq``."""
        made = None
        for sub in self.subs.get(stream, ()):
            if sub.who == player:
                made = text() if made is None else made
                sub.note(seq, made)

    def views(self, stream: str, seq: int, view: Callable[[Any], object]) -> None:
        """Send each subscriber on ``stream`` that asked for views ``{"seq": seq, "view":
        ...}``, its view after event ``seq`` (``view(viewer)``, made once per viewer)."""
        made: dict[object, str] = {}
        for sub in self.subs.get(stream, ()):
            if sub.viewer is None:
                continue
            text = made.get(sub.viewer)
            if text is None:
                body = {"seq": seq, "view": contract.plain(view(sub.viewer))}
                text = made[sub.viewer] = contract.encode(body).decode()
            sub.note(seq, text)


def reads_key(room: str) -> str:
    """The subscribers' key of the room's reads (the board, the waiting lists, the cage's
    ledger and top-ups, a tournament's overview): woken once after every commit."""
    return f"reads:{room}"


def tournament_table_key(room: str, name: str, table: int) -> str:
    """The subscribers' key of a tournament table's hands (kept in the room's stream)."""
    return f"tournament-table:{room}/{name}/{table}"


def table_items(
    rooms: RoomStore, before: dict[str, int], events: Sequence[RoomEvent]
) -> dict[str, list[tuple[int, Any]]]:
    """Each stream's new events with the sequence numbers the commit gave them, by the key
    its subscribers follow: a table's, a UTH table's or a tournament's stream, and a
    tournament table's hands (numbered in the room's stream)."""
    out: dict[str, list[tuple[int, Any]]] = {}
    counts: dict[str, int] = {}
    for e in events:
        stream, inner = rooms.route(e)
        seq = counts[stream] = counts.get(stream, before.get(stream, 0)) + 1
        key = stream
        if isinstance(e, TournamentHandDealt):
            key = tournament_table_key(rooms.name, e.tournament, e.plan.table)
        elif isinstance(e, TournamentHandProgressed):
            key = tournament_table_key(rooms.name, e.tournament, e.number)
        elif not isinstance(e, AtTableEvent | AtUthEvent | AtTournamentEvent):
            continue
        out.setdefault(key, []).append((seq, inner))
    return out


#: What a command's owner runs to turn a request into a room command, with the room as it is
#: when the command's turn comes: ``(command, who, when, also)`` (see ``RoomStore.execute``).
Prepare = Callable[[RoomStore], tuple[RoomCommand, str, str, Sequence[tuple[str, str, object]]]]


@dataclass(frozen=True, slots=True)
class Done:
    """An accepted command: its events, the heads of the streams they went to, the player
    whose turn it is at ``table`` afterwards, and the room's position after it (its reads, on
    the stream socket, are at least there once they show it)."""

    events: list[RoomEvent]
    heads: dict[str, int]
    actor: str | None
    position: int = 0


@dataclass(slots=True)
class _Job:
    prepare: Prepare
    table: str | None
    done: asyncio.Future[None]
    outcome: Done | BaseException | None = None
    items: dict[str, list[tuple[int, Any]]] = field(default_factory=dict)


def actor_at(rooms: RoomStore, table: str) -> str | None:
    """The player whose turn it is at ``table`` (public: every view shows it), if any."""
    t = rooms.room.tables.get(table)
    r = None if t is None else t.round
    if t is None or r is None or r.is_over or r.actor is None:
        return None
    return t.players[r.actor]


class RoomLock(asyncio.Lock):
    """The lock readers and the writer of a room take: once the room writes no more (its
    lease lost, :attr:`RoomStore.fenced`), ``async with`` it is refused with
    :class:`LeaseLost`, so that no reader sees what a refused commit left in memory."""

    def __init__(self, rooms: RoomStore) -> None:
        super().__init__()
        self.rooms = rooms

    async def __aenter__(self) -> None:
        await self.acquire()
        if self.rooms.fenced is not None:
            self.release()
            raise LeaseLost(self.rooms.fenced)


class RoomOwner:
    """Serialises one room's commands and commits them in groups (see the module's
    docstring): :meth:`submit` queues a command; one task at a time takes :attr:`lock` and
    every command queued, applies each in turn (a refused one changes nothing), commits all
    their events in one transaction, publishes them, and only then lets the lock go and tells
    each command's sender its outcome; then it takes what queued meanwhile."""

    def __init__(self, rooms: RoomStore, hub: Hub, keys: Keyring | None = None) -> None:
        self.rooms = rooms
        self.hub = hub
        self.keys = keys  # seal the decks of the rounds dealt (see seal_all)
        self.lock = RoomLock(rooms)
        self._queue: list[_Job] = []
        self._running = False
        self._task: asyncio.Task[None] | None = None
        #: told once, on the event loop, why the room writes no more (its lease lost)
        self.lost: Callable[[str], None] | None = None
        self._told = False
        #: told, on the event loop, the heads each group commit moved and the rows it wrote
        #: to the room's streams (``serve --redis``: :attr:`RoomStore.written`)
        self.committed: Callable[[dict[str, int], list[Written]], None] | None = None
        #: why this node does not write the room although it holds it (``None``: it writes):
        #: a standby's replica, which folds what the owner commits (:mod:`.replica`)
        self.follows: str | None = None

    async def submit(self, prepare: Prepare, table: str | None = None) -> Done:
        """Run ``prepare`` and apply the command it gives when its turn comes; the outcome
        once its events are committed. Whatever ``prepare`` raises, or ``IllegalAction`` from
        the room, comes back as is (nothing changed); a failed commit raises (not accepted):
        :class:`LeaseLost` where this node no longer holds the room's lease."""
        if self.rooms.fenced is not None or self.follows is not None:
            raise LeaseLost(self.rooms.fenced or self.follows or "")
        job = _Job(prepare, table, asyncio.get_running_loop().create_future())
        self._queue.append(job)
        if not self._running:
            self._running = True
            self._task = asyncio.ensure_future(self._run())
        await job.done
        if isinstance(job.outcome, Done):
            return job.outcome
        raise job.outcome or RuntimeError("the command was not run")

    async def _run(self) -> None:
        """Group after group while commands queue (the only task that applies them)."""
        try:
            while self._queue:
                await self.lock.acquire()  # (``async with`` refuses a room that writes no more)
                try:
                    jobs, self._queue = self._queue, []
                    try:
                        await asyncio.to_thread(self._group, jobs)
                    except BaseException as e:  # nothing of the group was committed
                        for j in jobs:
                            j.outcome = e if isinstance(e, Exception) else RuntimeError(str(e))
                        for j in jobs:
                            if not j.done.done():
                                j.done.set_result(None)
                        if not isinstance(e, Exception):
                            raise
                        continue
                    # the senders first: each resumes, and notes its reply, before the
                    # subscribers woken by the publication run, so that one wake of a
                    # websocket sends both the command's events and its reply
                    for j in jobs:
                        if not j.done.done():
                            j.done.set_result(None)
                    try:
                        self._publish(jobs)
                    except Exception:  # a bug: the commands were accepted all the same
                        log.exception("publishing a group's events failed")
                    self._tell()
                finally:
                    self.lock.release()
        finally:
            self._running = False

    def _tell(self) -> None:
        """Tell :attr:`lost` once that a commit was refused for want of the lease."""
        fenced = self.rooms.fenced
        if fenced is not None and self.lost is not None and not self._told:
            self._told = True
            self.lost(fenced)

    def close(self, reason: str) -> None:
        """This node stops writing the room: every command from now on is refused with
        ``reason`` and every stream socket closes saying it."""
        if self.rooms.fenced is None:
            self.rooms.fenced = reason
        self._told = True
        self.hub.close(reason)

    def _publish(self, jobs: Sequence[_Job]) -> None:
        """Each accepted command's events to their subscribers (:func:`publish`); the prompt
        goes to the player to act at each table a command named; then :attr:`committed` is
        told the heads the group moved."""
        items: list[dict[str, list[tuple[int, Any]]]] = []
        tables: dict[str, str] = {}
        heads: dict[str, int] = {}
        committed = False
        for j in jobs:
            if isinstance(j.outcome, Done):
                committed = committed or bool(j.outcome.events)
                items.append(j.items)
                heads.update(j.outcome.heads)
                if j.table is not None and j.items:
                    tables[table_stream(self.rooms.name, j.table)] = j.table
        publish(self.hub, self.rooms, items, tables, committed)
        if heads and self.committed is not None:
            self.committed(heads, self.rooms.written)

    def _group(self, jobs: Sequence[_Job]) -> None:
        """Stage each job's command, then commit them together (in a worker thread, under
        :attr:`lock`)."""
        rooms = self.rooms
        if rooms.fenced is not None:  # the lease is lost: nothing is applied any more
            for job in jobs:
                job.outcome = LeaseLost(rooms.fenced)
            return
        staged: list[tuple[_Job, Staged]] = []
        for job in jobs:
            try:
                cmd, who, when, also = job.prepare(rooms)
                also = seal_all(self.keys, also)
            except Exception as e:  # refused before the room saw it: nothing changed
                job.outcome = e
                continue
            try:
                s = rooms.stage(cmd, who, when, also)
            except IllegalAction as e:
                job.outcome = e
                continue
            except Exception as e:
                # a bug in the core may have half-changed the room in memory: rebuild it from
                # the store; nothing staged so far is accepted
                job.outcome = e
                for other, _ in staged:
                    other.outcome = e
                staged = []
                rooms.load()
                continue
            actor = None if job.table is None else actor_at(rooms, job.table)
            staged.append((job, s))
            job.outcome = Done(s.events, dict(s.after), actor, rooms.position)
            job.items = table_items(rooms, s.before, s.events)
        try:
            rooms.commit()
        except Exception as e:  # the room was rebuilt from the store: nothing accepted
            for job, _ in staged:
                job.outcome = e


def publish(
    hub: Hub,
    rooms: RoomStore,
    items: Sequence[dict[str, list[tuple[int, Any]]]],
    tables: dict[str, str],
    committed: bool,
) -> None:
    """Committed events to their streams' subscribers (``items``: each command's, by key, as
    :func:`table_items` gives them), then the prompt of the player to act at each table of
    ``tables`` (stream: table), then each moved table's views to the subscribers that asked
    for them (the room as committed: its lock is held); last, one wake of the room's reads
    (:func:`reads_key`) if ``committed`` (any event). The owner's after a commit, a standby's
    replica's after it folds what the owner committed."""
    moved: set[str] = set()
    for one in items:
        for stream, events in one.items():
            hub.publish(stream, events)
            moved.add(stream)
    for stream, table in tables.items():
        _prompt(hub, rooms, stream, table)
    room = rooms.room
    for stream in moved:
        kind, _, rest = stream.partition(":")
        table = rest.partition("/")[2]
        seq = rooms.heads.get(stream, 0)
        if kind == "table" and table in room.tables:
            hub.views(stream, seq, partial(_table_view, room.tables[table]))
        elif kind == "uth" and table in room.uth:
            hub.views(stream, seq, partial(_uth_view, room.uth[table].play))
    if committed:  # each reader's view is made by its socket, once, if it follows one
        hub.publish(reads_key(rooms.name), [(rooms.position, None)])


def _prompt(hub: Hub, rooms: RoomStore, stream: str, table: str) -> None:
    """The player to act at ``table`` (the room as committed) is sent their view of the
    round: ``{"seq": n, "turn": view, "to_call": c}`` (the message contract's; a client acts
    on it at once). ``c`` is what their Call button says: the chips a call adds."""
    t = rooms.room.tables.get(table)
    r = None if t is None else t.round
    if t is None or r is None or r.is_over or r.actor is None:
        return
    seq, position = rooms.heads.get(stream, 0), r.actor

    def text() -> str:
        view = round_view(r, position)
        la = view.legal
        owed = 0 if la is None or la.can_check else la.call_amount
        turn = contract.dumps(view).decode()  # its game's JSON made once (contract.Settled)
        return f'{{"seq":{seq},"turn":{turn},"to_call":{owed}}}'

    hub.prompt(stream, t.players[position], seq, text)


def _table_view(t: Table, who: Any) -> object:
    return table_view(t, who)


def _uth_view(play: UthPlay, who: Any) -> object:
    return uth_view(play, who)


@dataclass(frozen=True, slots=True)
class DeckSealed:
    """The shuffled deck a round at ``table`` is dealt from, with the salt of its published
    commitment: kept by the dealer side in the sealed stream, never sent to a client. Stored
    sealed (:class:`~croupier.service.store.sealing.SealedDeck`); records written before
    decks were sealed hold it as it is, and still read."""

    table: str
    commitment: str
    order: tuple[Card, ...]
    salt: bytes


def seal_all(
    keys: Keyring | None, also: Sequence[tuple[str, str, object]]
) -> list[tuple[str, str, object]]:
    """``also`` (records a command's owner writes beside the room's streams) with every
    :class:`DeckSealed` sealed under ``keys``' current key: no deck is stored in plain."""
    out: list[tuple[str, str, object]] = []
    for stream, kind, value in also:
        if isinstance(value, DeckSealed):
            if keys is None:
                raise SealingError(f"no key to seal the deck of {value.table} with")
            value = keys.seal(stream, value.table, value.commitment, value.order, value.salt)
        out.append((stream, kind, value))
    return out


#: The garbage collector's thresholds while a room is served (young, middle, old): a command
#: makes a few hundred short-lived containers, so the default 700 collects the young
#: generation every few commands.
GC_THRESHOLDS = (10_000, 20, 20)


def settle_heap() -> None:
    """Once the room is rebuilt, before play: collect, then move everything alive (the room,
    the hand-value tables, the modules) to the collector's permanent generation so that no
    collection walks it again, and collect the young generation less often. A full
    collection of a served room's heap would otherwise stall every command for a few
    hundred milliseconds at a time."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def warm(rooms: RoomStore) -> int:
    """Evaluate a hand of each open table's game once, before play: the hand-value tables
    are built (or loaded from their cache) now, not by the first showdown, which would hold
    up every command of its group commit. The games warmed."""
    games = {id(t.config.game): t.config.game for t in rooms.room.tables.values()}
    for g in games.values():
        cards = g.deck.cards
        try:
            g.values(cards[: g.hole_cards], cards[g.hole_cards : g.hole_cards + 5])
        except Exception:  # only a warm-up: the showdown will build them
            log.exception("warming the hand tables of %s failed", g.name)
    return len(games)
