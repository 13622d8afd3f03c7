"""The durable event store: append-only streams with a SHA-256 hash chain.

One stream per cash table, UTH table, tournament, room, cage and the significant-events log.
Each stored event is its canonical bytes (:func:`.codec.envelope`) and
``hash = sha256(previous hash + canonical bytes)``; the first event's previous hash is the
stream's genesis, the hash of its id, kind and configuration. ``(stream, seq)`` is unique and an
append names the sequence number it expects the stream to be at (optimistic concurrency), so
two writers can never both extend a stream. A transaction may create and extend several streams
at once: a command's events commit together or not at all.

SQLite by default (a file in the working directory, WAL, ``synchronous=FULL``); PostgreSQL by
URL or ``CROUPIER_DB``. The schema comes from the Alembic migrations shipped in the package.
"""

from __future__ import annotations

import copy
import hashlib
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from croupier.service.store import codec
from croupier.service.store.files import owner_only
from croupier.service.store.schema import events, snapshots, streams

DEFAULT_URL = "sqlite:///croupier.db"
ENV = "CROUPIER_DB"


class StoreError(RuntimeError):
    """The store cannot do what was asked (an unknown stream, a stream created twice)."""


class ConcurrencyError(StoreError):
    """The stream moved on since the writer read it: nothing was written."""


def resolve_url(url: str | None = None) -> str:
    """The database URL: ``url``, else ``$CROUPIER_DB``, else ``croupier.db`` here (SQLite).
    A bare path means a SQLite file; ``postgresql://`` uses psycopg 3."""
    url = url or os.environ.get(ENV) or DEFAULT_URL
    if "://" not in url:
        return f"sqlite:///{url}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def chain(previous: str, body: bytes) -> str:
    """The hash of a stored event: SHA-256 of the previous hash's bytes and its own bytes."""
    return hashlib.sha256(bytes.fromhex(previous) + body).hexdigest()


def genesis(stream: str, kind: str, meta: bytes) -> str:
    """Where a stream's chain starts: the hash of its id, kind and configuration."""
    head = b"croupier stream\n%s\n%s\n" % (stream.encode(), kind.encode())
    return hashlib.sha256(head + meta).hexdigest()


@dataclass(frozen=True, slots=True)
class StreamInfo:
    id: str
    kind: str
    meta: str  # canonical JSON envelope of the stream's configuration
    version: int
    genesis: str
    head_seq: int
    head_hash: str

    def config(self) -> Any:
        return codec.unwrap(self.meta)


#: The position of the last event stored (NULL: none).
_LAST_POSITION = sa.select(sa.func.max(events.c.position))

#: A row as a commit wrote it: ``(stream, seq, type, version, body, hash)``.
Written = tuple[str, int, str, int, str, str]


@dataclass(frozen=True, slots=True)
class Head:
    """A stream's head, without its configuration: what a replica's look reads of every
    stream."""

    id: str
    kind: str
    head_seq: int
    head_hash: str


@dataclass(frozen=True, slots=True)
class Stored:
    """One stored event as written: decode it with :meth:`event`."""

    stream: str
    seq: int
    position: int
    type: str
    version: int
    body: str
    hash: str

    def event(self) -> Any:
        return codec.unwrap(self.body)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy's begin event below starts transactions
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def _sqlite_begin(conn: Connection) -> None:
    # Take the write lock at the start: a read-then-append never finds its snapshot stale. A
    # read (see EventStore.reading) takes none: WAL gives it a snapshot from its first read.
    reading = conn.get_execution_options().get(_READ, False)
    conn.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")


#: The PostgreSQL advisory lock held while the schema is migrated (any fixed number).
_MIGRATING = 7_262_031

#: The execution option that marks a connection as reading only (no write lock on SQLite).
_READ = "croupier_read"


def _driver_sql(paramstyle: str) -> tuple[str, str]:
    """The insert of events and the guarded move of a head, in the driver's own SQL: the
    columns of :func:`Writer.extend`'s rows, and ``(new_seq, new_hash, id, expected)``."""
    p = "?" if paramstyle == "qmark" else "%s"  # SQLite; psycopg
    return (
        f"INSERT INTO events (stream_id, seq, type, version, body, hash) "
        f"VALUES ({p}, {p}, {p}, {p}, {p}, {p})",
        f"UPDATE streams SET head_seq = {p}, head_hash = {p} WHERE id = {p} AND head_seq = {p}",
    )


#: A stored event as :meth:`EventStore.rows` reads it: stream, seq, type, version, body, hash.
Row = tuple[str, int, str, int, str, str]


class Writer:
    """Writes inside one transaction (see :meth:`EventStore.transaction`)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.rows: list[Written] = []  # the rows :meth:`extend` wrote, in order

    def create(self, stream: str, kind: str, meta: object) -> StreamInfo:
        body = codec.envelope(meta)
        start = genesis(stream, kind, body)
        row = {
            "id": stream,
            "kind": kind,
            "meta": body.decode(),
            "version": codec.VERSION,
            "genesis": start,
            "head_seq": 0,
            "head_hash": start,
        }
        if self.conn.execute(sa.select(streams.c.id).where(streams.c.id == stream)).first():
            raise StoreError(f"stream {stream} already exists")
        self.conn.execute(streams.insert().values(**row))
        return StreamInfo(stream, kind, body.decode(), codec.VERSION, start, 0, start)

    def head(self, stream: str) -> int | None:
        """The stream's last sequence number (``None``: no such stream)."""
        found = self.head_of(stream)
        return None if found is None else found[0]

    def head_of(self, stream: str) -> tuple[int, str] | None:
        """The stream's last sequence number and hash (``None``: no such stream)."""
        row = self.conn.execute(
            sa.select(streams.c.head_seq, streams.c.head_hash).where(streams.c.id == stream)
        ).first()
        return None if row is None else (int(row[0]), str(row[1]))

    def extend(
        self, writes: Sequence[tuple[str, object]], heads: Mapping[str, tuple[int, str]]
    ) -> dict[str, tuple[int, str]]:
        """Append each ``(stream, value)`` of ``writes``, in their order, to streams whose heads
        (sequence number and hash) the caller knows (``heads``: a single writer keeps them):
        one insert for every event and one update of every head guarded by the head it
        expects. The streams' new heads. If a stream moved on (another writer), nothing is
        written: ``ConcurrencyError``, as from :meth:`append`."""
        now = dict(heads)
        rows = []
        for stream, value in writes:
            seq, previous = now[stream]
            body = codec.envelope(value)
            seq += 1
            previous = chain(previous, body)
            now[stream] = (seq, previous)
            rows.append(
                (stream, seq, codec.type_name(type(value)), codec.VERSION, body.decode(), previous)
            )
        if not rows:
            return {}
        self.rows += rows
        moved = {s: now[s] for s in dict.fromkeys(s for s, _ in writes)}
        insert, move = _driver_sql(self.conn.dialect.paramstyle)
        try:
            # the driver's own executemany: a group commit's rows skip SQLAlchemy's per-row work
            self.conn.exec_driver_sql(insert, rows)
        except IntegrityError as e:
            raise ConcurrencyError(f"a stream of {sorted(moved)} moved on") from e
        params = [(seq, h, s, heads[s][0]) for s, (seq, h) in moved.items()]
        done = self.conn.exec_driver_sql(move, params)
        sane = self.conn.dialect.supports_sane_multi_rowcount or len(params) == 1
        if sane and done.rowcount != len(params):
            raise ConcurrencyError(f"a stream of {sorted(moved)} moved on")
        return moved

    def append(self, stream: str, expected: int, new: Sequence[object]) -> int:
        """Append ``new`` after sequence number ``expected``; the stream's new head."""
        head = self.conn.execute(
            sa.select(streams.c.head_seq, streams.c.head_hash).where(streams.c.id == stream)
        ).first()
        if head is None:
            raise StoreError(f"no stream {stream}")
        seq, previous = int(head[0]), str(head[1])
        if seq != expected:
            raise ConcurrencyError(f"stream {stream} is at {seq}, not {expected}")
        rows = []
        for e in new:
            body = codec.envelope(e)
            seq += 1
            previous = chain(previous, body)
            rows.append(
                {
                    "stream_id": stream,
                    "seq": seq,
                    "type": codec.type_name(type(e)),
                    "version": codec.VERSION,
                    "body": body.decode(),
                    "hash": previous,
                }
            )
        if not rows:
            return expected
        try:
            self.conn.execute(events.insert(), rows)
        except IntegrityError as e:
            raise ConcurrencyError(f"stream {stream} moved on past {expected}") from e
        moved = self.conn.execute(
            streams.update()
            .where(streams.c.id == stream, streams.c.head_seq == expected)
            .values(head_seq=seq, head_hash=previous)
        )
        if moved.rowcount != 1:
            raise ConcurrencyError(f"stream {stream} moved on past {expected}")
        return seq

    def snapshot(self, stream: str, seq: int, value: object) -> None:
        self.snapshot_body(stream, seq, codec.envelope(value))

    def snapshot_body(self, stream: str, seq: int, envelope: bytes) -> None:
        """A snapshot already encoded (its :func:`codec.envelope`)."""
        body = envelope.decode()
        self.conn.execute(
            snapshots.insert().values(stream_id=stream, seq=seq, version=codec.VERSION, body=body)
        )

    def drop_snapshots(self, stream: str, before: int) -> None:
        """Delete ``stream``'s snapshots before sequence number ``before`` (a cache)."""
        self.conn.execute(
            snapshots.delete().where(snapshots.c.stream_id == stream, snapshots.c.seq < before)
        )

    def heads(self) -> tuple[int, dict[str, tuple[int, str]]]:
        """The last event's position and every stream's head (sequence number, hash), as this
        transaction sees them."""
        last = self.conn.execute(_LAST_POSITION).scalar()
        q = sa.select(streams.c.id, streams.c.head_seq, streams.c.head_hash)
        return int(last or 0), {str(i): (int(n), str(h)) for i, n, h in self.conn.execute(q)}


class EventStore:
    """An event store on one database (see the module's docstring)."""

    def __init__(self, url: str | None = None, migrate: bool = True) -> None:
        self.url = resolve_url(url)
        self._pinned: Connection | None = None  # a snapshot's connection (see snapshot)
        self.engine: Engine = sa.create_engine(self.url)
        if self.engine.dialect.name == "sqlite":
            owner_only(self.url)  # the file, made before SQLite opens it, and its companions
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            sa.event.listen(self.engine, "begin", _sqlite_begin)
        if migrate:
            self.migrate()
            if self.engine.dialect.name == "sqlite":
                owner_only(self.url)  # the -wal and -shm the first connection made

    def close(self) -> None:
        self.engine.dispose()

    def migrate(self) -> None:
        """Bring the schema to the latest migration (Alembic, shipped in the package)."""
        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as conn:
            if self.engine.dialect.name == "postgresql":
                # several nodes may start at once: one migrates, the others wait and find it done
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATING})")
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    @contextmanager
    def transaction(self) -> Iterator[Writer]:
        """One transaction: everything written in it commits together, or nothing does."""
        if self._pinned is not None:
            raise StoreError("a snapshot of the store is read only")
        with self.engine.begin() as conn:
            yield Writer(conn)

    def create(self, stream: str, kind: str, meta: object) -> StreamInfo:
        with self.transaction() as w:
            return w.create(stream, kind, meta)

    def append(self, stream: str, expected: int, new: Sequence[object]) -> int:
        with self.transaction() as w:
            return w.append(stream, expected, new)

    # ------------------------------------------------------------------------------------
    # Reading

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A connection to read on: the snapshot's, else a fresh one that takes no lock. Every
        read goes through here: a connection taken from the engine as it is begins as a writer
        does (SQLite's ``BEGIN IMMEDIATE``), so a read would wait for the room's commit and
        hold up the next."""
        if self._pinned is not None:
            yield self._pinned
            return
        with self.engine.connect() as conn:
            yield conn.execution_options(**{_READ: True})

    @contextmanager
    def snapshot(self) -> Iterator[EventStore]:
        """The store as of one moment: every read of the view it yields is made in one read
        transaction (SQLite: a deferred transaction, whose snapshot WAL keeps from its first
        read; PostgreSQL: REPEATABLE READ, READ ONLY), so commits made meanwhile are seen
        whole or not at all. The view writes nothing."""
        if self._pinned is not None:
            yield self
            return
        with self.engine.connect() as conn:
            conn = conn.execution_options(**{_READ: True})
            if self.engine.dialect.name == "postgresql":
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
                conn.exec_driver_sql("SET TRANSACTION READ ONLY")
            view = copy.copy(self)
            view._pinned = conn  # noqa: SLF001 (a copy of this store, pinned to one read)
            try:
                yield view
            finally:
                conn.rollback()

    def rows(self, batch: int = 20_000) -> Iterator[Row]:
        """Every stored event in commit order as ``(stream, seq, type, version, body,
        hash)``, read in batches of ``batch`` rows (the audit's one pass)."""
        q = "SELECT stream_id, seq, type, version, body, hash FROM events ORDER BY position"
        with self.reading() as conn:
            result = conn.execution_options(stream_results=True, yield_per=batch).exec_driver_sql(q)
            for part in result.partitions():
                yield from cast(Sequence[Row], part)

    def streams(self, kind: str | None = None) -> list[StreamInfo]:
        q = sa.select(streams).order_by(streams.c.id)
        if kind is not None:
            q = q.where(streams.c.kind == kind)
        with self.reading() as conn:
            return [_info(r) for r in conn.execute(q).mappings()]

    def last_position(self) -> int:
        """The position of the last event stored (0: none)."""
        with self.reading() as conn:
            return int(conn.execute(_LAST_POSITION).scalar() or 0)

    def heads(self) -> list[Head]:
        """Every stream's head (its configuration left unread, unlike :meth:`streams`)."""
        q = sa.select(streams.c.id, streams.c.kind, streams.c.head_seq, streams.c.head_hash)
        with self.reading() as conn:
            return [Head(str(i), str(k), int(n), str(h)) for i, k, n, h in conn.execute(q)]

    def stream(self, stream: str) -> StreamInfo:
        with self.reading() as conn:
            row = conn.execute(sa.select(streams).where(streams.c.id == stream)).mappings().first()
        if row is None:
            raise StoreError(f"no stream {stream}")
        return _info(row)

    def read(self, stream: str, after: int = 0, upto: int | None = None) -> list[Stored]:
        """The stored events of ``stream`` after sequence number ``after`` (up to ``upto``),
        in the order the database returns by sequence number."""
        q = sa.select(events).where(events.c.stream_id == stream, events.c.seq > after)
        if upto is not None:
            q = q.where(events.c.seq <= upto)
        with self.reading() as conn:
            return [_stored(r) for r in conn.execute(q.order_by(events.c.seq)).mappings()]

    def read_streams(self, ids: Sequence[str], after: int = 0) -> list[Stored]:
        """The events of several streams in the order they were committed (those committed
        after position ``after``)."""
        q = sa.select(events).where(events.c.stream_id.in_(list(ids))).order_by(events.c.position)
        if after:
            q = q.where(events.c.position > after)
        with self.reading() as conn:
            return [_stored(r) for r in conn.execute(q).mappings()]

    def read_after(self, position: int) -> list[Stored]:
        """Every event committed after ``position``, in commit order."""
        q = sa.select(events).where(events.c.position > position).order_by(events.c.position)
        with self.reading() as conn:
            return [_stored(r) for r in conn.execute(q).mappings()]

    def load(self, stream: str, after: int = 0) -> list[Any]:
        """The decoded events of ``stream`` after sequence number ``after``."""
        q = (
            sa.select(events.c.body)
            .where(events.c.stream_id == stream, events.c.seq > after)
            .order_by(events.c.seq)
        )
        with self.reading() as conn:
            return [codec.unwrap(body) for (body,) in conn.execute(q)]

    def all_snapshots(self) -> dict[str, list[tuple[int, str]]]:
        """Every snapshot, undecoded: ``(seq, body)`` by stream, in order of ``seq``."""
        q = sa.select(snapshots.c.stream_id, snapshots.c.seq, snapshots.c.body).order_by(
            snapshots.c.stream_id, snapshots.c.seq
        )
        out: dict[str, list[tuple[int, str]]] = {}
        with self.reading() as conn:
            for stream, seq, body in conn.execute(q):
                out.setdefault(str(stream), []).append((int(seq), str(body)))
        return out

    def snapshots(self, stream: str) -> list[tuple[int, Any]]:
        q = (
            sa.select(snapshots.c.seq, snapshots.c.body)
            .where(snapshots.c.stream_id == stream)
            .order_by(snapshots.c.seq)
        )
        with self.reading() as conn:
            return [(seq, codec.unwrap(body)) for seq, body in conn.execute(q)]

    def last_snapshots(self, prefix: str = "") -> dict[str, int]:
        """The sequence number of the last snapshot of each stream whose id starts ``prefix``."""
        q = (
            sa.select(snapshots.c.stream_id, sa.func.max(snapshots.c.seq))
            .where(snapshots.c.stream_id.startswith(prefix, autoescape=True))
            .group_by(snapshots.c.stream_id)
        )
        with self.reading() as conn:
            return {str(s): int(n) for s, n in conn.execute(q)}

    def latest_snapshots(self, prefix: str) -> dict[str, tuple[int, str]]:
        """The last snapshot of each stream whose id starts ``prefix``: its sequence number
        and body, undecoded."""
        last = (
            sa.select(snapshots.c.stream_id, sa.func.max(snapshots.c.seq).label("seq"))
            .where(snapshots.c.stream_id.startswith(prefix, autoescape=True))
            .group_by(snapshots.c.stream_id)
            .subquery()
        )
        q = sa.select(snapshots.c.stream_id, snapshots.c.seq, snapshots.c.body).join(
            last, sa.and_(snapshots.c.stream_id == last.c.stream_id, snapshots.c.seq == last.c.seq)
        )
        with self.reading() as conn:
            return {str(i): (int(n), str(b)) for i, n, b in conn.execute(q)}

    def read_since(self, ids: Sequence[str], position: int) -> list[Stored]:
        """The events of the streams ``ids`` stored at a position after ``position``, in
        commit order."""
        q = (
            sa.select(events)
            .where(events.c.position > position, events.c.stream_id.in_(list(ids)))
            .order_by(events.c.position)
        )
        with self.reading() as conn:
            return [_stored(r) for r in conn.execute(q).mappings()]

    def read_each(self, after: Mapping[str, int], batch: int = 200) -> list[Stored]:
        """The events of each stream of ``after`` after its sequence number there, in commit
        order within each stream."""
        out: list[Stored] = []
        items = list(after.items())
        with self.reading() as conn:
            for i in range(0, len(items), batch):
                which = sa.or_(
                    *(
                        sa.and_(events.c.stream_id == s, events.c.seq > n)
                        for s, n in items[i : i + batch]
                    )
                )
                q = sa.select(events).where(which).order_by(events.c.position)
                out += [_stored(r) for r in conn.execute(q).mappings()]
        return out

    def latest_snapshot(self, stream: str) -> tuple[int, Any] | None:
        """The last snapshot of ``stream`` (its sequence number and value), if any."""
        q = (
            sa.select(snapshots.c.seq, snapshots.c.body)
            .where(snapshots.c.stream_id == stream)
            .order_by(snapshots.c.seq.desc())
            .limit(1)
        )
        with self.reading() as conn:
            row = conn.execute(q).first()
        return None if row is None else (int(row[0]), codec.unwrap(row[1]))

    def count(self) -> int:
        with self.reading() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(events)).scalar_one())


def _info(r: sa.RowMapping) -> StreamInfo:
    return StreamInfo(
        r["id"], r["kind"], r["meta"], r["version"], r["genesis"], r["head_seq"], r["head_hash"]
    )


def _stored(r: sa.RowMapping) -> Stored:
    return Stored(
        r["stream_id"], r["seq"], r["position"], r["type"], r["version"], r["body"], r["hash"]
    )
