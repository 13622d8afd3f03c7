"""Alembic environment: croupier runs it programmatically (:func:`..store.migrate`) with an open
connection in ``config.attributes["connection"]``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from croupier.service.store.schema import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite:///croupier.db")
    with engine.begin() as conn:
        _run(conn)
