"""The significant-events log: log-ins and failed log-ins, role and user changes, configuration
changes, errors, restarts and recoveries, and players' connections to cash tables (their first
connection to a table, the loss of their last), kept in their own stream for the auditors.

The time is the server clock's reading, recorded as data (the core never reads a clock).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import StrEnum

STREAM = "significant"

#: Held by every writer of the log in this process for its whole transaction (log-ins,
#: connections, and the room's commit when it records a configuration change): two
#: transactions that read the same head would otherwise collide, and the room's commit, all
#: its group's commands with it, would fail.
WRITING = threading.Lock()


class What(StrEnum):
    LOGIN = "log-in"
    LOGIN_FAILED = "failed log-in"
    #: a user name or an address locked after failed log-ins (``detail``: the key, for how
    #: long, after how many failures); an admin's unlock of one (``who``: the admin)
    LOGIN_THROTTLED = "log-ins throttled"
    LOGIN_UNLOCKED = "log-ins unlocked"
    USER_CHANGED = "user or role changed"
    CONFIG_CHANGED = "configuration changed"
    ERROR = "error"
    RESTART = "restart"
    RECOVERY = "recovery"
    REFUSED_STREAM = "stream refused at recovery"
    #: a player's first connection to a cash table opened (``who`` the player, ``detail`` the
    #: table's stream); recorded before the connection is accepted
    CONNECTED = "connected"
    #: a player's last connection to a cash table closed, or the server restarted with it open
    #: (loss of communication: ``who`` the player, ``detail`` the table's stream)
    CONNECTION_LOST = "connection lost"
    #: a part of the server running beside its requests (the demo's bots, a timer) died
    #: (``detail``: the part and the cause; croupier.service.background)
    BACKGROUND_FAILED = "background part failed"


@dataclass(frozen=True, slots=True)
class Significant:
    what: What
    who: str
    detail: str
    at: str  # ISO 8601, UTC, from the server's clock
