"""The error a simulation raises when a round breaks one of the table's invariants (kept apart
from :mod:`croupier.sim.simulate`, which the build compiles: an exception class stays Python)."""

from __future__ import annotations


class SimulationError(AssertionError):
    """A round broke one of the table's invariants."""
