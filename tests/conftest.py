"""What every test may use: a throw-away PostgreSQL (``pg_server``). The browser's fixtures are
in web/conftest.py; builders shared by several test modules are in the support package."""

from __future__ import annotations

from support.store import pg_server

__all__ = ["pg_server"]  # a fixture, for every test module
