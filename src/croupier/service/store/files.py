"""The files of a SQLite store, owner-only.

The database holds every password hash and, sealed, the decks of the rounds in play; the
session secret and the deck keys sit beside it. :func:`owner_only` creates the database file
with mode 0600 before SQLite opens it (SQLite gives its ``-wal`` and ``-shm`` files the
database file's mode) and tightens any of them, or the secret files beside it, that an earlier
version left readable by others (a log line says so).
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import sqlalchemy as sa

log = logging.getLogger(__name__)

#: Files beside the database (``<db><suffix>``) that must be the owner's alone.
BESIDE = ("-wal", "-shm", "-journal", ".secret", ".key")


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite database URL (``None``: in memory, or not SQLite)."""
    u = sa.engine.make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    if u.database.startswith("file:") or u.query.get("mode") == "memory":
        return None
    return Path(u.database)


def tighten(path: Path) -> bool:
    """Take away every permission of the group and others from ``path`` if it exists; whether
    it had any (logged)."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return False
    if not mode & 0o077:
        return False
    path.chmod(mode & 0o700)
    log.warning("%s was readable by others (mode %o): now %o", path, mode, mode & 0o700)
    return True


def owner_only(url: str) -> None:
    """For a SQLite file: create it owner-only if it does not exist yet, and tighten it and
    its companions if they are readable by others (see the module's docstring)."""
    path = sqlite_path(url)
    if path is None:
        return
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        tighten(path)
    except FileNotFoundError:  # no such folder: SQLite's own error says so on connecting
        return
    else:
        os.close(fd)  # an empty file is an empty SQLite database
    for suffix in BESIDE:
        tighten(Path(f"{path}{suffix}"))
