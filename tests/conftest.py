"""What every test may use: a throw-away PostgreSQL (``pg_server``), and Hypothesis settings
that hold on a loaded machine (no per-example deadline, no health check on slow generation:
a machine shared with other work can pause a draw for seconds; what is checked is unchanged).
The browser's fixtures are in web/conftest.py; builders shared by several test modules are in
the support package."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from support.store import pg_server

__all__ = ["pg_server"]  # a fixture, for every test module

settings.register_profile("croupier", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("croupier")
