"""``--db`` checked before a command opens the event store: one line, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from croupier.cli.usage import fail

if TYPE_CHECKING:
    from croupier.service.store.store import EventStore

#: The databases the store runs on (SQLAlchemy's dialect names).
BACKENDS = ("sqlite", "postgresql")


def open_store(db: str | None, *, existing: bool) -> EventStore:
    """The event store that ``--db`` (else ``$CROUPIER_DB``, else ./croupier.db) names.
    ``existing``: a command that reads a store (audit) refuses a SQLite file that is not there
    rather than make an empty one and find nothing wrong in it."""
    import sqlalchemy as sa

    from croupier.service.store.store import EventStore, resolve_url

    url = resolve_url(db)
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise fail(f"--db: {db!r} is neither a file nor a database URL") from None
    if parsed.get_backend_name() not in BACKENDS:
        raise fail(
            f"--db: the store runs on a SQLite file or postgresql://, not {parsed.drivername}://"
        )
    where = parsed.database or ""
    if parsed.get_backend_name() == "sqlite" and where not in ("", ":memory:"):
        path = Path(where)
        if existing and not path.is_file():
            raise fail(f"--db: no database at {path} (a SQLite file is made by serve or users add)")
        if path.is_file() and not _sqlite(path):  # refused before the store tightens its mode
            raise fail(f"the database (--db or $CROUPIER_DB) {path}: file is not a database")
        if not path.parent.is_dir():
            raise fail(f"--db: no folder {path.parent} for the database file")
    try:
        return EventStore(url)
    except (sa.exc.SQLAlchemyError, OSError) as e:
        why = " ".join(str(getattr(e, "orig", None) or e).split())
        raise fail(f"the database (--db or $CROUPIER_DB) {where or url}: {why}") from None


def _sqlite(path: Path) -> bool:
    """Whether ``path`` is empty (SQLite makes its database there) or a SQLite database."""
    with path.open("rb") as fh:
        head = fh.read(16)
    return not head or head == b"SQLite format 3\x00"
