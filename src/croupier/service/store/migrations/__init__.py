"""Alembic migrations of the event store, shipped inside the package."""
