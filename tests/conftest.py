"""What every test may use: a throw-away PostgreSQL (``pg_server``), and Hypothesis settings
that hold on a loaded machine (no per-example deadline, no health check on slow generation:
a machine shared with other work can pause a draw for seconds; what is checked is unchanged).
The browser's fixtures are in web/conftest.py; builders shared by several test modules are in
the support package.

Playwright's sync API leaves its event loop registered as this thread's running loop for as
long as the session's browser lives, and ``asyncio.run`` refuses to start beside it: a test
that does not use the browser runs with that registration set aside (:func:`_own_loop`), so
the order in which tests reach a worker does not matter."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from support.store import pg_server

__all__ = ["pg_server"]  # a fixture, for every test module

settings.register_profile("croupier", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("croupier")


@pytest.fixture(autouse=True)
def _own_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """Outside the browser's tests, no loop of Playwright's registered as running here."""
    loop = asyncio._get_running_loop()
    if loop is None or "browser" in request.fixturenames:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
