"""A room in the store: its own stream, the cage's stream and one stream per cash table and
per UTH table.

:meth:`RoomStore.execute` applies a command to the room and commits its events in one
transaction, split by stream; only then is the command accepted. A table's stream holds the
table's own events and folds alone (``Table.from_events``); the room is rebuilt by merging its
streams in commit order. A table's stream stores a snapshot of the table as a round begins,
``snapshot_every`` events or more after its last one: the table's checkpoint, from which its
state folds again with the events after it (a cache: the audit checks it against the fold); the
room's stream a snapshot of the room's board and ledger every ``snapshot_every`` events per table
(of all its streams together).
"""

from __future__ import annotations

import datetime
import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from croupier.room import AtTable, Room, RoomCommand, RoomEvent, list_key
from croupier.room import image as room_image
from croupier.room.balance import Balance
from croupier.room.books import RoomBooks
from croupier.room.events import (
    AtTableEvent,
    BoughtIn,
    CashedOut,
    CashTableOpened,
    PrizePaid,
    TableShut,
    TournamentEntered,
    TournamentOpened,
    UthTableOpened,
)
from croupier.room.topups import TopUpDeclined, TopUpRequested
from croupier.room.tournaments import AtTournamentEvent, TournamentBought, TournamentRefunded
from croupier.room.uth_tables import AtUthEvent
from croupier.service.store import codec, images
from croupier.service.store.images import ImageError, RoomImage
from croupier.service.store.kinds import KINDS
from croupier.service.store.lease import Fence, LeaseLost
from croupier.service.store.money import Money
from croupier.service.store.reading import Reader
from croupier.service.store.significant import STREAM as SIGNIFICANT
from croupier.service.store.significant import WRITING, Significant, What
from croupier.service.store.store import (
    EventStore,
    Head,
    Stored,
    StoreError,
    StreamInfo,
    Writer,
    Written,
    chain,
)
from croupier.service.store.tables import load_table
from croupier.table.commands import StartRound
from croupier.table.events import RoundStarted, TableCheckpoint
from croupier.table.table import Table

CAGE_EVENTS = (
    BoughtIn,
    CashedOut,
    TournamentEntered,
    PrizePaid,
    TournamentBought,
    TournamentRefunded,
    TopUpRequested,  # no money moves: the cage's record of what it was asked and answered
    TopUpDeclined,
)
log = logging.getLogger("croupier.service")
CONFIG_EVENTS = (CashTableOpened, UthTableOpened, TournamentOpened, TableShut)
#: events of a room's streams between two images of it (:mod:`~.images`) by default, or
#: :data:`IMAGE_PER_STREAM` for each of its streams where that is more: an image's cost grows
#: with the room (650 KB at 2,000 tables), so a large room's is taken less often and its cost
#: for each event stays the same (the tail a start folds after it stays some rounds a table)
IMAGE_EVERY = 20_000
IMAGE_PER_STREAM = 50


def _describe(e: RoomEvent) -> str:
    if isinstance(e, CashTableOpened):
        game, stakes = list_key(e.config)
        return f"cash table {e.table} opened: {e.config.rulebook.id}, {game}, {stakes}"
    if isinstance(e, UthTableOpened):
        return f"UTH table {e.table} opened: {e.config}"
    if isinstance(e, TournamentOpened):
        return f"tournament {e.tournament} opened: {e.terms}"
    return f"{type(e).__name__}: {e}"


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


@dataclass(frozen=True, slots=True)
class RoomSettings:
    """A room stream's configuration."""

    room: str
    call_seconds: int


def room_stream(room: str) -> str:
    return f"room:{room}"


def cage_stream(room: str) -> str:
    return f"cage:{room}"


def table_stream(room: str, table: str) -> str:
    return f"table:{room}/{table}"


def uth_stream(room: str, table: str) -> str:
    """A UTH table's stream: the table's and its rounds' events (:mod:`croupier.uth.played`)."""
    return f"uth:{room}/{table}"


def tournament_stream(room: str, tournament: str) -> str:
    """A tournament the room runs: its own events (kind ``tournament``, configured by its
    conditions), folded alone by ``Tournament.from_events``."""
    return f"tournament:{room}/{tournament}"


def commands_stream(room: str) -> str:
    """Where a server records each accepted command with who issued it."""
    return f"commands:{room}"


def sealed_stream(room: str) -> str:
    """Where a server keeps the shuffled deck of each round it deals (never sent to a client
    while the round is played): a table rebuilt mid-round deals on from it."""
    return f"sealed:{room}"


def room_projection(room: Room) -> object:
    return (tuple(room.board()), room.ledger())


def merge(room: str, rows: Sequence[Stored]) -> list[RoomEvent]:
    """The room's events in commit order, each table's own events wrapped again."""
    prefix, uth = table_stream(room, ""), uth_stream(room, "")
    run = tournament_stream(room, "")
    out: list[RoomEvent] = []
    for r in rows:
        e = r.event()
        if r.stream.startswith(prefix):
            e = AtTableEvent(r.stream[len(prefix) :], e)
        elif r.stream.startswith(uth):
            e = AtUthEvent(r.stream[len(uth) :], e)
        elif r.stream.startswith(run):
            e = AtTournamentEvent(r.stream[len(run) :], e)
        out.append(e)
    return out


def room_streams(store: EventStore, room: str) -> list[str]:
    """The room's own streams: its own, its cage's, then its tables', UTH tables' and
    tournaments' (each kind by name)."""
    return streams_of(room, store.streams())


def streams_of(room: str, infos: Sequence[StreamInfo] | Sequence[Head]) -> list[str]:
    """:func:`room_streams` from a list of every stream, read once."""
    kinds = {
        "table": table_stream(room, ""),
        "uth-table": uth_stream(room, ""),
        "tournament": tournament_stream(room, ""),
    }
    mine = [s.id for s in infos if s.kind in kinds and s.id.startswith(kinds[s.kind])]
    order = {k: n for n, k in enumerate(kinds)}
    kind = {s.id: s.kind for s in infos}
    mine.sort(key=lambda i: (order[kind[i]], i))
    return [room_stream(room), cage_stream(room), *mine]


@dataclass(frozen=True, slots=True)
class Staged:
    """A command applied to the room and waiting for its commit: its events, and the heads of
    the room's streams it moved, before and after."""

    events: list[RoomEvent]
    before: dict[str, int]
    after: dict[str, int]


class RoomStore:
    """One room kept in an :class:`EventStore`.

    :meth:`stage` applies a command to the room in memory and keeps its writes pending;
    :meth:`commit` writes everything pending in one transaction (a group commit: many
    commands, one transaction). Until the commit succeeds no command of the group is accepted;
    a failed commit rebuilds the room from the store. :attr:`heads` are the heads of the room's
    streams with what is staged; :meth:`execute` is one command staged and committed.
    :attr:`books` are the room's read models (:class:`~croupier.room.books.RoomBooks`): folded
    from the store when the room is loaded, then with each commit's events once committed.
    """

    def __init__(
        self,
        store: EventStore,
        room: str = "main",
        snapshot_every: int = 100,
        image_every: int | None = None,
        image: RoomImage | None = None,
        images_apart: bool = False,
    ) -> None:
        self.store = store
        self.name = room
        self.snapshot_every = snapshot_every
        self._image_every = image_every  # (``None``: :attr:`image_every`'s default)
        self._image = image  # the image the first load starts from (else: the latest)
        self._imaged = 0  # the total of the room's heads at its last image
        #: where the images a commit takes are written after it, on a thread of their own
        #: (``images_apart``; else in the commit's transaction)
        self.apart = (
            images.Apart(store, room, lambda: self.fenced is None) if images_apart else None
        )
        #: how the room was last loaded: "image" or "fold"; and why an image was refused
        self.loaded = "fold"
        self.refused_image: str | None = None
        self.heads: dict[str, int] = {}
        self._total = 0  # the sum of :attr:`heads` (kept as they move: a large room's are many)
        self._committed = 0  # the sum of the heads at the last commit
        # the committed head (sequence number, hash) of each stream this room writes but the
        # significant-events log: the room's owner is their single writer
        self._known: dict[str, tuple[int, str]] = {}
        self._snapped: dict[str, int] = {}  # table stream -> its last snapshot's seq
        self._creates: list[tuple[str, str, object]] = []
        self._writes: list[tuple[str, str | None, object, object]] = []
        self._snaps: list[tuple[str, int, object]] = []
        self._started: set[str] = set()
        self._unfolded: list[RoomEvent] = []  # staged events, for the books once committed
        #: every stream's head at a replica's last look (:meth:`follow`)
        self.seen: dict[str, int] = {}
        # a replica's last look's last position (every row of the room's streams up to it
        # folded): the next reads rows after it
        self._followed: int | None = None
        #: the rows of the room's streams the last commit wrote, in order (the owner sends
        #: them to the standbys: :meth:`fold_written`)
        self.written: list[Written] = []
        self.books = RoomBooks()
        #: the lease every commit renews first, where several nodes serve the room (``None``:
        #: this process is the room's only writer)
        self.fence: Fence | None = None
        #: why this room writes no more (its lease lost): it is dropped, and loaded afresh by
        #: the node that holds the lease
        self.fenced: str | None = None
        self._money: Money | None = None  # the room's running ledger (see money)
        self.room = self._open()
        if self._money is None:  # a new room (a loaded one has its running ledger)
            self._rebalance()

    def _open(self) -> Room:
        ids = {s.id: s for s in self.store.streams()}
        main = ids.get(room_stream(self.name))
        if main is None:
            settings = RoomSettings(self.name, Room().call_seconds)
            with self.store.transaction() as w:
                made = [
                    w.create(room_stream(self.name), "room", settings),
                    w.create(cage_stream(self.name), "cage", self.name),
                ]
            self.heads = {room_stream(self.name): 0, cage_stream(self.name): 0}
            self._total = self._committed = 0
            self._known = {i.id: (0, i.head_hash) for i in made}
            return Room(settings.call_seconds)
        return self.load()

    def load(self) -> Room:
        """The room rebuilt from its streams (anything staged is dropped): from its latest
        image and the events after it where there is one (:mod:`~.images`), else folded from
        every event. An image that does not fit the streams is refused (:attr:`refused_image`
        says why) and the room folded from every event. Every read is of one moment
        (:meth:`EventStore.snapshot`): a standby loads its replica while the owner commits."""
        with self.store.snapshot() as view:  # one moment read; self.store writes later
            return self._load(view)

    def _load(self, store: EventStore) -> Room:
        self._drop()
        names = room_streams(store, self.name)
        infos = {s.id: s for s in store.streams()}
        self.heads = {n: infos[n].head_seq for n in names}
        self._total = self._committed = sum(self.heads.values())
        self._followed = store.last_position()
        mine = [*names, commands_stream(self.name), sealed_stream(self.name)]
        self._known = {n: (infos[n].head_seq, infos[n].head_hash) for n in mine if n in infos}
        self._snapped = store.last_snapshots(table_stream(self.name, ""))
        image, self._image = self._image, None
        self.loaded, self.refused_image = "fold", None
        try:
            image = image or images.latest(store, self.name)
            if image is not None:
                self.room, self.books = self._from_image(store, image, names, infos)
                self.loaded, self._imaged = (
                    "image",
                    sum(image.heads.get(n, (0, ""))[0] for n in names),
                )
        except ImageError as e:
            self.refused_image = str(e)
        if self.loaded == "fold":
            self.room, self.books = self._fold(store, names)
            self._imaged = 0  # the next commit takes an image
        self.room.forget()  # the store keeps the log: memory holds the state
        self._rebalance()  # before anything is staged: the gap is the store's
        return self.room

    def _fold(self, store: EventStore, names: list[str]) -> tuple[Room, RoomBooks]:
        settings: RoomSettings = store.stream(room_stream(self.name)).config()
        events = merge(self.name, store.read_streams(names))
        return Room.from_events(events, settings.call_seconds), RoomBooks.of(events)

    def _tables(self, store: EventStore, room: Room, reader: Reader) -> None:
        """Each cash table of ``room`` from its latest checkpoint and the events after it
        (three queries in all), else folded from all its events."""
        prefix = table_stream(self.name, "")
        found = store.latest_snapshots(prefix)
        after = {
            table_stream(self.name, n): found.get(table_stream(self.name, n), (0, ""))[0]
            for n in room.configs
        }
        tails: dict[str, list[Any]] = {s: [] for s in after}
        for r in store.read_each(after):
            tails[r.stream].append(reader.read(r.body))
        for name, config in room.configs.items():
            stream = table_stream(self.name, name)
            start = [codec.unwrap(found[stream][1])] if after[stream] else []
            if start and not isinstance(start[0], TableCheckpoint):
                room.tables[name] = load_table(store, stream, config)  # an older kind
                continue
            room.tables[name] = Table.from_events(config, [*start, *tails[stream]])

    def _from_image(
        self, store: EventStore, image: RoomImage, names: list[str], infos: dict[str, StreamInfo]
    ) -> tuple[Room, RoomBooks]:
        """The room and its books from ``image`` and the events after it; each table, UTH
        table and tournament from its own stream. ``ImageError``: they do not fit."""
        rows = store.read_streams(names, after=image.position)
        expect = {n: image.heads.get(n, (0, ""))[0] for n in names}
        for r in rows:
            if r.seq != expect[r.stream] + 1:
                raise ImageError(
                    f"{r.stream}: event {r.seq} follows the room's image, not event "
                    f"{expect[r.stream] + 1}"
                )
            expect[r.stream] = r.seq
        short = [n for n in names if expect[n] != self.heads[n]]
        if short:
            raise ImageError(f"{short[0]}: its events do not run from the room's image to its head")
        try:
            reader = Reader()  # the tables' rulebooks, decoded once
            configs = {
                n: reader.read(infos[table_stream(self.name, n)].meta)
                for n in image.parts.cash_tables
            }
            room = room_image.restore(image.parts, configs)
            books = RoomBooks.restored(image.books)
            for e in merge(self.name, rows):
                room.replay(e, own=False)
                books.add(e)
            self._tables(store, room, reader)
            for name, u in room.uth.items():
                stream = uth_stream(self.name, name)
                if stream in self.heads:
                    config = store.stream(stream).config()
                    u.play = KINDS["uth-table"].fold(config, store.load(stream))
            for name, tm in room.tournaments.items():
                stream = tournament_stream(self.name, name)
                if stream in self.heads:
                    config = store.stream(stream).config()
                    tm.run = KINDS["tournament"].fold(config, store.load(stream))
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            raise ImageError(f"the events after the room's image do not fold on it: {e}") from e
        return room, books

    def follow(self) -> tuple[dict[str, int], list[RoomEvent]]:
        """Catch up with what another node committed (a standby's replica of the room): the
        rows after the heads held here, up to the heads of the same read (one moment of the
        store: whole commits only), folded in commit order into the room, its tables and its
        books as a rebuild folds them. The heads before, and the events. :attr:`seen`: every
        stream's head at that moment."""
        if self.staged:
            raise StoreError("a replica folds what others commit; it stages nothing")
        with self.store.snapshot() as view:
            infos = {h.id: h for h in view.heads()}
            names = streams_of(self.name, list(infos.values()))
            tops = {n: infos[n].head_seq for n in names}
            after = {n: self.heads.get(n, 0) for n in names if tops[n] > self.heads.get(n, 0)}
            rows = self._unread(view, after, tops)
            last = view.last_position()
        mine = [*names, commands_stream(self.name), sealed_stream(self.name)]
        known = {n: (infos[n].head_seq, infos[n].head_hash) for n in mine if n in infos}
        self.seen = {i: h.head_seq for i, h in infos.items()}
        self._followed = last
        return self._fold_in(rows, tops, known)

    def fold_written(
        self, rows: Sequence[Sequence[Any]]
    ) -> tuple[dict[str, int], list[RoomEvent]] | None:
        """Fold a commit's rows as its writer wrote them (:attr:`written`, sent by the
        owner), if they are exactly what follows the heads held here: each stream one of the
        room's, its rows numbered on from its head, each hash the chain's from the one
        before. The heads before and the events; rows a look already folded are passed
        over. ``None``, nothing folded, where they are not (a look at the store then reads
        what is missing)."""
        if self.staged:
            raise StoreError("a replica folds what others commit; it stages nothing")
        known: dict[str, tuple[int, str]] = {}  # the heads these rows move
        fresh: list[Stored] = []
        for stream, seq, kind, version, body, digest in rows:
            head = known.get(stream) or self._known.get(stream)
            if head is None or stream not in self.heads:
                return None
            if seq <= self.heads[stream]:
                continue
            if seq != head[0] + 1 or chain(head[1], body.encode()) != digest:
                return None
            known[stream] = (seq, digest)
            fresh.append(Stored(stream, seq, 0, kind, version, body, digest))
        return self._fold_in(fresh, {r.stream: r.seq for r in fresh}, known)

    def _fold_in(
        self, rows: Sequence[Stored], heads: dict[str, int], known: dict[str, tuple[int, str]]
    ) -> tuple[dict[str, int], list[RoomEvent]]:
        """A replica's fold of committed ``rows`` (in commit order) into the room and its
        books, after which the heads of the streams in ``heads`` are those (and the hashes of
        those in ``known``). Their heads before, and the events. Only what moved is touched:
        a large room has thousands of streams."""
        before = {s: self.heads.get(s, 0) for s in heads}
        events = merge(self.name, rows)
        for e in events:
            self.room.replay(e)
            self.books.add(e)
        self.heads.update(heads)
        self._total += sum(heads.values()) - sum(before.values())
        self._committed = self._total
        self._known.update(known)
        self.room.forget({e.table for e in events if isinstance(e, AtTableEvent)})
        return before, events

    def _unread(
        self, view: EventStore, after: dict[str, int], tops: dict[str, int]
    ) -> list[Stored]:
        """The rows of each stream of ``after`` after its sequence number there, up to its
        top, in commit order. Read by position after the last row followed where that finds
        every one of them (the room's streams have one writer, whose commits take positions
        in turn); else, as after a load, stream by stream by sequence number."""
        if not after:
            return []
        if self._followed is not None:
            rows = [
                r
                for r in view.read_since(list(after), self._followed)
                if after[r.stream] < r.seq <= tops[r.stream]
            ]
            got = Counter(r.stream for r in rows)
            if all(got[n] == tops[n] - head for n, head in after.items()):
                return rows
        rows = [r for r in view.read_each(after) if r.seq <= tops[r.stream]]
        rows.sort(key=lambda r: r.position)
        return rows

    def lead(self) -> None:
        """A replica about to write the room (its node took the lease over): the tables'
        last checkpoints read again (the owner before took some), and its running ledger
        taken afresh (a replica folds without one)."""
        self._snapped = self.store.last_snapshots(table_stream(self.name, ""))
        self._rebalance()

    def _drop(self) -> None:
        self._creates, self._writes, self._snaps = [], [], []
        self._unfolded = []
        self._started = set()  # tables where a staged round began

    @property
    def image_every(self) -> int:
        """Events of the room's streams between its images (see :data:`IMAGE_EVERY`)."""
        if self._image_every is not None:
            return self._image_every
        return max(IMAGE_EVERY, IMAGE_PER_STREAM * len(self.heads))

    @property
    def position(self) -> int:
        """The room's position: how many events its streams hold (the sum of :attr:`heads`;
        grows with every commit, the same after a restart), the sequence number of the
        room's reads."""
        return self._total

    @property
    def staged(self) -> bool:
        """Whether commands wait for :meth:`commit`."""
        return bool(self._writes or self._creates)

    def execute(
        self,
        cmd: RoomCommand,
        who: str = "system",
        when: str = "",
        also: Sequence[tuple[str, str, object]] = (),
    ) -> list[RoomEvent]:
        """Apply ``cmd`` and commit its events; the events, once committed. A refused command
        raises ``IllegalAction`` and writes nothing; a failed commit reloads the room from the
        store and raises (the command was not accepted). Tables opened and closed are also
        configuration changes in the significant-events log, by ``who`` at ``when`` (ISO 8601;
        default: now, by the server's clock), in the same transaction. ``also``: records a
        server keeps beside the room's streams, ``(stream, kind, value)`` each, appended in the
        same transaction (who issued the command, the sealed deck of a round dealt)."""
        staged = self.stage(cmd, who, when, also)
        self.commit()
        return staged.events

    def stage(
        self,
        cmd: RoomCommand,
        who: str = "system",
        when: str = "",
        also: Sequence[tuple[str, str, object]] = (),
    ) -> Staged:
        """Apply ``cmd`` to the room and keep its writes for :meth:`commit` (see
        :meth:`execute`). ``IllegalAction``: refused, nothing changed or staged;
        :class:`LeaseLost`: the room writes no more."""
        if self.fenced is not None:
            raise LeaseLost(self.fenced)
        checkpoint = self._checkpoint(cmd)
        events = self.room.apply(cmd)
        before: dict[str, int] = {}
        for e in events:
            stream, _ = self._route(e)
            before.setdefault(stream, self.heads.get(stream, 0))
        self.save(events, who, when, also)
        if checkpoint is not None and checkpoint[0] in before:
            self._snaps.append(checkpoint)
            self._snapped[checkpoint[0]] = checkpoint[1]
        return Staged(events, before, {k: self.heads[k] for k in before})

    def _checkpoint(self, cmd: RoomCommand) -> tuple[str, int, object] | None:
        """A table about to start a round, ``snapshot_every`` events or more after its last
        snapshot: its checkpoint (a fold may start there) at its head now."""
        if not (isinstance(cmd, AtTable) and isinstance(cmd.command, StartRound)):
            return None
        t = self.room.tables.get(cmd.table)
        stream = table_stream(self.name, cmd.table)
        head = self.heads.get(stream, 0)
        if (
            t is None
            or t.round is not None
            or head - self._snapped.get(stream, 0) < (self.snapshot_every)
        ):
            return None
        return stream, head, t.checkpoint()

    def begin_round(self, cmd: RoomCommand) -> None:
        """Before ``cmd`` is applied to :attr:`room` by a caller that saves the events itself
        (:meth:`save`): the table's checkpoint, if one is due, to be snapshotted."""
        checkpoint = self._checkpoint(cmd)
        if checkpoint is not None:
            self._snaps.append(checkpoint)
            self._snapped[checkpoint[0]] = checkpoint[1]

    def save(
        self,
        events: Sequence[RoomEvent],
        who: str,
        when: str,
        also: Sequence[tuple[str, str, object]] = (),
    ) -> None:
        """Stage the writes of ``events``, already applied to :attr:`room`, and of ``also``
        (see :meth:`execute`); :meth:`commit` writes them."""
        for e in events:
            if isinstance(e, CONFIG_EVENTS):
                change = f"{self.name}: {_describe(e)}"
                what = Significant(What.CONFIG_CHANGED, who, change, when or _now())
                self._writes.append((SIGNIFICANT, "significant", None, what))
        for log, kind, value in also:
            self._writes.append((log, kind, self.name, value))
        for e in events:
            if isinstance(e, CashTableOpened):
                name = table_stream(self.name, e.table)
                self._creates.append((name, "table", e.config))
                self.heads[name] = 0
            if isinstance(e, TournamentOpened) and e.conditions is not None:
                name = tournament_stream(self.name, e.tournament)
                self._creates.append((name, "tournament", (e.conditions, "")))
                self.heads[name] = 0
            stream, value = self._route(e)
            if isinstance(e, AtTableEvent) and isinstance(e.event, RoundStarted):
                self._started.add(e.table)
            if isinstance(e, AtUthEvent) and stream not in self.heads:
                # the table's stream, made with its first event (a table opened before UTH
                # tables were played kept none)
                config = (self.room.uth[e.table].config, 0)
                self._creates.append((stream, "uth-table", config))
                self.heads[stream] = 0
            self.heads[stream] += 1
            self._total += 1
            self._writes.append((stream, None, None, value))
        balance = self.balance
        for e in events:
            balance.fold(e)
        self._unfolded.extend(events)

    @property
    def money(self) -> Money:
        """The room's running ledger and the gap its store holds (:mod:`~.money`), made
        whenever the room is (:meth:`_load`)."""
        assert self._money is not None
        return self._money

    @property
    def balance(self) -> Balance:
        """The running ledger of :attr:`room`."""
        return self.money.balance

    def _rebalance(self) -> None:
        self._money = Money(self.name, self.room)

    def commit(self) -> None:
        """Write everything staged in one transaction; a failure rebuilds the room from the
        store (nothing staged was accepted) and raises. Where the room's lease is lost
        (:attr:`fence`), :class:`LeaseLost`: nothing written, and the room writes no more."""
        self.written = []
        if not self.staged:
            return
        try:
            self.money.check()
            if any(w[0] == SIGNIFICANT for w in self._writes):
                with WRITING:  # other writers of that log wait (see significant.WRITING)
                    moved, rows, taken = self._commit()
            else:
                moved, rows, taken = self._commit()
        except LeaseLost as e:
            self._refuse(e)
            raise
        except Exception as e:
            # a node paused past its lease finds its connection cut: the lease says why
            lost = None if self.fence is None else self.fence.check()
            if lost is not None:
                self._refuse(lost)
                raise lost from e
            self.load()
            raise
        moved.pop(SIGNIFICANT, None)  # other writers append to it too: read in each commit
        self.written = [r for r in rows if r[0] in self.heads]
        self._known.update(moved)
        self._committed = self._total
        self.books.extend(self._unfolded)  # in the order staged: the order committed
        # committed: the store keeps the events; memory keeps the state (bounded, and less
        # for the garbage collector to walk)
        self.room.forget(self._started)
        self._drop()
        if taken is not None and self.apart is not None:
            self.apart.start(taken)

    def _refuse(self, lost: LeaseLost) -> None:
        """A commit refused for want of the lease: said, and nothing more is written here."""
        log.error("croupier: room %s: a commit was refused: %s", self.name, lost)
        self._drop()
        self.fenced = str(lost)

    def _commit(self) -> tuple[dict[str, tuple[int, str]], list[Written], images.Taken | None]:
        """One transaction: every staged event in the order staged (the room folds its
        streams in commit order), one insert and one update of the heads for them all; the
        lease renewed first where there is one (:attr:`fence`). The heads moved, the rows
        written, and the image taken for :attr:`apart` to write (written here without it)."""
        with self.store.transaction() as w:
            if self.fence is not None:
                self.fence.fence(w)
            heads: dict[str, tuple[int, str]] = {}
            for name, table_kind, config in self._creates:
                heads[name] = (0, w.create(name, table_kind, config).head_hash)
            writes: list[tuple[str, object]] = []
            for stream, kind, meta, value in self._writes:
                if stream not in heads:
                    known = None if stream == SIGNIFICANT else self._known.get(stream)
                    if known is None:
                        known = w.head_of(stream)
                    if known is None:
                        if kind is None:
                            raise StoreError(f"no stream {stream}")
                        known = (0, w.create(stream, kind, meta).head_hash)
                    heads[stream] = known
                writes.append((stream, value))
            moved = w.extend(writes, heads)
            for stream, seq, value in self._snaps:
                w.snapshot(stream, seq, value)
            # one snapshot per ``snapshot_every`` events of each table: encoding the board
            # and the ledger costs in proportion to the tables
            n = self.snapshot_every * max(1, len(self.room.tables) + len(self.room.uth))
            total, before = self._total, self._committed
            if total // n != before // n:
                snap = RoomSnapshot(dict(self.heads), room_projection(self.room))
                w.snapshot(room_stream(self.name), total, snap)
            taken = None
            if total - self._imaged >= self.image_every and not (self.apart and self.apart.busy):
                taken = self._take_image(w, total)
                if taken is not None and self.apart is None:
                    images.write(w, self.name, taken)
        return moved, w.rows, taken

    def take_image(self) -> bool:
        """An image of the room now, written in a transaction of its own (nothing may be
        staged); whether one was taken (see :meth:`_take_image`)."""
        if self.staged:
            raise StoreError("an image is taken between commits, not with commands staged")
        with self.store.transaction() as w:
            if self.fence is not None:
                self.fence.fence(w)
            taken = self._take_image(w, self._total)
            if taken is not None:
                images.write(w, self.name, taken)
            return taken is not None

    def _take_image(self, w: Writer, total: int) -> images.Taken | None:
        """The room's image after this commit, encoded in its transaction (``None`` while the
        room holds what it cannot keep as data: taken at a later commit)."""
        parts = room_image.parts(self.room)
        if parts is None:
            return None
        # the books fold a commit's events once it is done; this commit's go in now (a
        # failed commit rebuilds the books with the room)
        self.books.extend(self._unfolded)
        self._unfolded = []
        position, heads = w.heads()
        try:
            taken = images.take(position, heads, parts, self.books.state())
        except codec.CodecError:  # a cache: the commit goes on without it
            log.exception("croupier: room %s: no image taken", self.name)
            return None
        self._imaged = total
        return taken

    def route(self, e: RoomEvent) -> tuple[str, object]:
        """The stream ``e`` is kept in, and what is kept there."""
        return self._route(e)

    def _route(self, e: RoomEvent) -> tuple[str, object]:
        if isinstance(e, AtTableEvent):
            return table_stream(self.name, e.table), e.event
        if isinstance(e, AtUthEvent):
            return uth_stream(self.name, e.table), e.event
        if isinstance(e, AtTournamentEvent):
            return tournament_stream(self.name, e.tournament), e.event
        if isinstance(e, CAGE_EVENTS):
            return cage_stream(self.name), e
        return room_stream(self.name), e


@dataclass(frozen=True, slots=True)
class RoomSnapshot:
    """The room's board and ledger after the commit that left its streams at ``heads``
    (stored under the total of the heads)."""

    heads: dict[str, int]
    projection: object


def fold_room(store: EventStore, room: str, heads: dict[str, int] | None = None) -> Room:
    """The room folded from its streams (up to ``heads`` where given)."""
    names = room_streams(store, room)
    settings = store.stream(room_stream(room)).config()
    if not isinstance(settings, RoomSettings):
        raise StoreError(f"room stream {room} has no room settings")
    rows = store.read_streams(names)
    if heads is not None:
        rows = [r for r in rows if r.seq <= heads.get(r.stream, 0)]
    return Room.from_events(merge(room, rows), settings.call_seconds)
