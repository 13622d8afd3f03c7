"""The store's tables (SQLAlchemy Core), the same for SQLite and PostgreSQL.

``streams``: one row per stream with its kind, its configuration (canonical JSON), the hash
its chain starts from, and its head (last sequence number and hash: optimistic concurrency, and
a deleted last event shows). ``events``: append-only, ``(stream_id, seq)`` unique, ``position``
the global order of commits. ``snapshots``: a stream's state projection every N events, a cache
only. ``leases``: which node writes a room when several serve it, and its URL (:mod:`.lease`;
PostgreSQL).
The migrations in ``migrations/versions`` create exactly these.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

#: An integer key that autoincrements on both databases.
Position = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

streams = sa.Table(
    "streams",
    metadata,
    sa.Column("id", sa.String(200), primary_key=True),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("meta", sa.Text(), nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("genesis", sa.String(64), nullable=False),
    sa.Column("head_seq", sa.Integer(), nullable=False),
    sa.Column("head_hash", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now()),
)

events = sa.Table(
    "events",
    metadata,
    sa.Column("position", Position, primary_key=True, autoincrement=True),
    sa.Column("stream_id", sa.String(200), sa.ForeignKey("streams.id"), nullable=False),
    sa.Column("seq", sa.Integer(), nullable=False),
    sa.Column("type", sa.String(300), nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("body", sa.Text(), nullable=False),
    sa.Column("hash", sa.String(64), nullable=False),
    sa.Column("recorded_at", sa.DateTime(timezone=True), server_default=sa.func.now()),
    sa.UniqueConstraint("stream_id", "seq", name="uq_events_stream_seq"),
)

snapshots = sa.Table(
    "snapshots",
    metadata,
    sa.Column("stream_id", sa.String(200), sa.ForeignKey("streams.id"), primary_key=True),
    sa.Column("seq", sa.Integer(), primary_key=True),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("body", sa.Text(), nullable=False),
)

leases = sa.Table(
    "leases",
    metadata,
    sa.Column("name", sa.String(200), primary_key=True),
    sa.Column("node", sa.String(64), nullable=False),
    sa.Column("epoch", sa.BigInteger(), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("url", sa.String(500), nullable=True),  # where its holder takes commands
)
