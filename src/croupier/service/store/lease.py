"""The lease that makes one node, of several serving a room, the room's only writer
(PostgreSQL only: a SQLite file has one writer and needs none).

A row of ``leases`` per room: the node that holds it, its epoch (one more at each takeover) and
when it runs out, by the database's clock (``clock_timestamp()``: no node's clock counts). A
node acquires a lease that is free or has run out (one statement: the row inserted, or an
expired one taken over), renews it on a heartbeat, and fences each of its commits: the commit's
first statement renews the row where it still names this node and epoch and has not run out,
and without that row the transaction writes nothing (:class:`LeaseLost`). The row stays locked
until the commit ends, so a takeover waits for a commit in flight and then finds the lease
renewed, and a commit after a takeover finds another node's epoch: no append of a node
follows the takeover of its lease. A node paused in the middle of a commit would hold that lock
for as long as it is paused, so the commit's transaction sets
``idle_in_transaction_session_timeout`` to the lease's length: the database ends it, and frees
the row, once the lease would have run out. The store's optimistic concurrency stays under all
of it: two writers never both append the same sequence number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from croupier.service.store.store import EventStore, StoreError, Writer

#: The clause of a refusal for want of the lease.
CLAUSE = "croupier lease"
#: The shortest lease (seconds): each heartbeat is a third of it.
MIN_SECONDS = 1.0

_UNTIL = "clock_timestamp() + :seconds * interval '1 second'"
_MINE = "name = :name AND node = :node AND epoch = :epoch AND expires_at > clock_timestamp()"
_ACQUIRE = sa.text(
    "INSERT INTO leases (name, node, epoch, expires_at, url) "
    f"VALUES (:name, :node, 1, {_UNTIL}, :url) "
    "ON CONFLICT (name) DO UPDATE "
    "SET node = excluded.node, epoch = leases.epoch + 1, expires_at = excluded.expires_at, "
    "url = excluded.url "
    "WHERE leases.expires_at < clock_timestamp() "
    "RETURNING epoch"
)
_RENEW = sa.text(f"UPDATE leases SET expires_at = {_UNTIL} WHERE {_MINE} RETURNING epoch")
# the renewal a commit starts with; the transaction's idle limit set in the same round trip
_FENCE = sa.text(
    f"UPDATE leases SET expires_at = {_UNTIL} "
    "FROM (SELECT set_config('idle_in_transaction_session_timeout', :idle, true)) AS idle "
    f"WHERE {_MINE} RETURNING epoch"
)
_RELEASE = sa.text(f"UPDATE leases SET expires_at = clock_timestamp() WHERE {_MINE}")
_HOLDER = sa.text(
    "SELECT node, epoch, expires_at > clock_timestamp(), url FROM leases WHERE name = :name"
)
_NODE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


class LeaseError(StoreError):
    """Leases cannot be kept as asked (a SQLite store, a bad node name or length)."""


class LeaseLost(StoreError):
    """This node does not hold the room's lease (any more): nothing was written."""


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a lease, as the database says now: ``live`` while it has not run out;
    ``url``: where the holder takes commands (``--advertise``), if it said."""

    node: str
    epoch: int
    live: bool
    url: str | None = None


def check_node(node: str) -> str | None:
    """Why ``node`` cannot name a node (``None``: it can)."""
    if _NODE.fullmatch(node) is None:
        return (
            f"--node {node!r}: 1 to 64 letters, digits, '.', '_' or '-', beginning with a "
            "letter or digit"
        )
    return None


class Lease:
    """The lease of the room ``name`` as node ``node`` sees it: :attr:`epoch` while held."""

    def __init__(
        self, store: EventStore, name: str, node: str, seconds: float, url: str | None = None
    ) -> None:
        if store.engine.dialect.name != "postgresql":
            raise LeaseError("--node: a SQLite file has one writer and needs no lease")
        why = check_node(node)
        if why is not None:
            raise LeaseError(why)
        if seconds < MIN_SECONDS:
            raise LeaseError(f"--lease-s {seconds:g}: at least {MIN_SECONDS:g} seconds")
        self.store, self.name, self.node, self.seconds = store, name, node, seconds
        self.url = url  # this node's base URL, kept with the lease it holds
        #: the epoch this node holds the lease at (``None``: not held, as far as it knows)
        self.epoch: int | None = None
        #: who held the lease when last read (:meth:`holder`, or a refused commit)
        self.seen: Holder | None = None

    @property
    def every(self) -> float:
        """Seconds between heartbeats (renewals, or tries to acquire)."""
        return self.seconds / 3

    def params(self, epoch: int | None = None) -> dict[str, object]:
        return {
            "name": self.name,
            "node": self.node,
            "epoch": epoch,
            "seconds": self.seconds,
            "url": self.url,
        }

    def acquire(self) -> bool:
        """Take the lease if it is free or has run out (a new epoch); whether it is held now.
        A takeover that would wait for a commit in flight waits a heartbeat at most."""
        try:
            with self.store.transaction() as w:
                wait = {"ms": str(int(self.every * 1000))}
                w.conn.execute(sa.text("SELECT set_config('lock_timeout', :ms, true)"), wait)
                row = w.conn.execute(_ACQUIRE, self.params()).first()
        except sa.exc.OperationalError:  # the lock not had in time: the owner is committing
            return False
        if row is not None:
            self.epoch = int(row[0])
        return row is not None

    def renew(self) -> bool:
        """Renew the lease held (a heartbeat); whether it is still held."""
        epoch = self.epoch
        if epoch is None:
            return False
        with self.store.transaction() as w:
            held = w.conn.execute(_RENEW, self.params(epoch)).first() is not None
        if not held and self.epoch == epoch:
            self.epoch = None
        return held

    def release(self) -> None:
        """Let the lease run out now (a clean stop: a standby takes over at its next try)."""
        epoch, self.epoch = self.epoch, None
        if epoch is not None:
            with self.store.transaction() as w:
                w.conn.execute(_RELEASE, self.params(epoch))

    def bound(self) -> Fence:
        """The fence of a room served under the epoch held now (:class:`Fence`)."""
        return Fence(self, self.epoch)

    def holder(self) -> Holder | None:
        """Who holds the lease now (``None``: nobody ever has)."""
        with self.store.reading() as conn:
            return self.holder_in(conn)

    def holder_in(self, conn: Connection) -> Holder | None:
        """Who holds the lease, read on ``conn``."""
        row = conn.execute(_HOLDER, {"name": self.name}).first()
        if row is None:
            self.seen = None
        else:
            url = None if row[3] is None else str(row[3])
            self.seen = Holder(str(row[0]), int(row[1]), bool(row[2]), url)
        return self.seen

    def lost(self, epoch: int | None, now: Holder | None) -> LeaseLost:
        """The refusal of a commit under ``epoch`` (``now``: who holds the lease now)."""
        if epoch is None:
            return LeaseLost(f"node {self.node} does not hold room {self.name}'s lease")
        held = f"node {self.node} no longer holds room {self.name}'s lease (epoch {epoch})"
        if now is not None and now.live and (now.node, now.epoch) != (self.node, epoch):
            return LeaseLost(f"{held}: node {now.node} does (epoch {now.epoch}); nothing written")
        return LeaseLost(f"{held}: it ran out; nothing written")


class Fence:
    """A room's commits under one epoch of its lease: a room loaded under an epoch writes
    under that one only, whatever the node holds later (a node that loses the lease and takes
    it again loads the room afresh)."""

    def __init__(self, lease: Lease, epoch: int | None) -> None:
        self.lease, self.epoch = lease, epoch

    def fence(self, w: Writer) -> None:
        """The first statement of a commit's transaction ``w``: the lease renewed, or
        :class:`LeaseLost` (the caller's transaction then writes nothing)."""
        lease, epoch = self.lease, self.epoch
        if epoch is None:
            raise lease.lost(None, None)
        params = {**lease.params(epoch), "idle": f"{int(lease.seconds * 1000)}ms"}
        if w.conn.execute(_FENCE, params).first() is None:
            self.epoch = None
            if lease.epoch == epoch:
                lease.epoch = None
            raise lease.lost(epoch, lease.holder_in(w.conn))

    def check(self) -> LeaseLost | None:
        """After a commit failed for another reason (its connection cut while this node was
        paused): the refusal to give if the lease is no longer held (``None``: it is)."""
        lease, epoch = self.lease, self.epoch
        try:
            if epoch is not None and epoch == lease.epoch and lease.renew():
                return None
            now = lease.holder()
        except sa.exc.DBAPIError:  # the database cannot say: the failure stands as it is
            return None
        self.epoch = None
        return lease.lost(epoch, now)
