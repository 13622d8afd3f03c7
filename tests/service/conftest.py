"""The service tests' fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.service import add_users
from support.service_tournament import PLAYERS


@pytest.fixture
def url(tmp_path: Path) -> str:
    """A SQLite store with the tournament's players as users."""
    u = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(u, len(PLAYERS))
    return u
