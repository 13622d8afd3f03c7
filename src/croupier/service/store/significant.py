"""The significant-events log: log-ins and failed log-ins, role and user changes, configuration
changes, errors, restarts and recoveries, kept in their own stream for the auditors.

The time is the server clock's reading, recorded as data (the core never reads a clock).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

STREAM = "significant"


class What(StrEnum):
    LOGIN = "log-in"
    LOGIN_FAILED = "failed log-in"
    USER_CHANGED = "user or role changed"
    CONFIG_CHANGED = "configuration changed"
    ERROR = "error"
    RESTART = "restart"
    RECOVERY = "recovery"
    REFUSED_STREAM = "stream refused at recovery"


@dataclass(frozen=True, slots=True)
class Significant:
    what: What
    who: str
    detail: str
    at: str  # ISO 8601, UTC, from the server's clock
