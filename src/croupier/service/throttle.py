"""Failed log-ins throttled per user name and per address.

Each key (a user name, case folded, whether or not such a user exists, so that a lock tells
nothing about who exists; and a client's address) counts its failed log-ins. After
``Policy.free`` failures the key is locked for ``Policy.base`` seconds, and each failure after
a lock ends doubles the next (at most ``Policy.cap``); while a key is locked every log-in
through it, right password or not, is answered 429 with ``Retry-After`` and no password is
checked. A successful log-in clears its name's count (not its address's: an attacker's own
account must not reset the count of its guesses); a key's count is forgotten ``Policy.forget``
seconds after its last failure or lock. An admin may unlock a key.

Locks and unlocks are events of the ``throttle`` stream, each recorded with its significant
event (``What.LOGIN_THROTTLED``, ``What.LOGIN_UNLOCKED``) in one transaction, so a restart
keeps every lock and its count: the failures before a key's first lock are kept in memory only
(a restart forgets at most ``free - 1`` failures of a key).

The clock is the service's (whole seconds), so tests need not sleep.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from croupier.service.store.significant import STREAM as SIGNIFICANT
from croupier.service.store.significant import WRITING, Significant, What
from croupier.service.store.store import EventStore, StoreError

STREAM = "throttle"
KIND = "throttle"
#: The keys' prefixes.
NAME, ADDRESS = "name:", "address:"
#: Records kept before those forgotten are dropped (an attacker's many names).
MAX_RECORDS = 10_000


@dataclass(frozen=True, slots=True)
class LoginLocked:
    """``key`` locked after ``failures`` failed log-ins until ``until`` (server clock, s)."""

    key: str
    failures: int
    until: int
    at: str


@dataclass(frozen=True, slots=True)
class LoginUnlocked:
    key: str
    by: str
    at: str


ThrottleEvent = LoginLocked | LoginUnlocked


@dataclass(frozen=True, slots=True)
class Policy:
    free: int = 5  # failures answered 401 before the key is locked
    base: int = 30  # the first lock, seconds; each further failure doubles it
    cap: int = 3600  # the longest lock
    forget: int = 3600  # a key's count is forgotten this long after its last failure or lock


@dataclass
class Record:
    failures: int = 0
    last: int = 0  # the last failure, or the end of the last lock
    until: int = 0  # locked until


def name_key(name: str) -> str:
    return NAME + name.casefold()


def address_key(address: str) -> str:
    return ADDRESS + address


class Throttle:
    """The failed log-ins of each key (see the module's docstring), kept in ``store``."""

    def __init__(
        self,
        store: EventStore,
        clock: Callable[[], int],
        names: Policy = Policy(),
        addresses: Policy = Policy(free=20),
    ) -> None:
        self.store = store
        self.clock = clock
        self.names, self.addresses = names, addresses
        #: seconds a refused log-in (429, or 503 when the password pool is full) is held
        #: before its answer: a client that retries at once cannot spin the server
        self.pause = 1.0
        self.records: dict[str, Record] = {}
        try:
            events = store.load(STREAM)
        except StoreError:
            events = []
        for e in events:
            self.fold(e)

    def fold(self, e: object) -> None:
        if isinstance(e, LoginLocked):
            self.records[e.key] = Record(e.failures, e.until, e.until)
        elif isinstance(e, LoginUnlocked):
            self.records.pop(e.key, None)
        else:
            raise TypeError(f"a throttle stream holds {type(e).__name__}")

    def _policy(self, key: str) -> Policy:
        return self.addresses if key.startswith(ADDRESS) else self.names

    def _record(self, key: str, now: int) -> Record | None:
        r = self.records.get(key)
        if r is not None and now >= max(r.last, r.until) + self._policy(key).forget:
            del self.records[key]
            return None
        return r

    def wait(self, name: str, address: str) -> int:
        """Seconds before a log-in as ``name`` from ``address`` may be tried (0: now)."""
        now = self.clock()
        found = (self._record(k, now) for k in (name_key(name), address_key(address)))
        return max([0, *(r.until - now for r in found if r is not None)])

    def failed(self, name: str, address: str, at: str) -> list[LoginLocked]:
        """A failed log-in counted; the locks it imposes (to :meth:`save`)."""
        now = self.clock()
        if len(self.records) > MAX_RECORDS:
            for k in list(self.records):
                self._record(k, now)
        locks = []
        for key in (name_key(name), address_key(address)):
            policy = self._policy(key)
            r = self._record(key, now) or self.records.setdefault(key, Record())
            r.failures += 1
            r.last = now
            if r.failures >= policy.free:
                r.until = now + min(policy.cap, policy.base * 2 ** (r.failures - policy.free))
                locks.append(LoginLocked(key, r.failures, r.until, at))
        return locks

    def succeeded(self, name: str) -> None:
        self.records.pop(name_key(name), None)

    def save(self, events: Sequence[ThrottleEvent]) -> None:
        """Record ``events`` with their significant events, in one transaction."""
        if not events:
            return
        now = self.clock()
        notes = [
            Significant(What.LOGIN_THROTTLED, "server", _describe(e, now), e.at)
            if isinstance(e, LoginLocked)
            else Significant(What.LOGIN_UNLOCKED, e.by, f"{e.key} unlocked", e.at)
            for e in events
        ]
        with WRITING, self.store.transaction() as w:
            for stream, kind, values in (
                (STREAM, KIND, list(events)),
                (SIGNIFICANT, "significant", notes),
            ):
                head = w.head(stream)
                if head is None:
                    w.create(stream, kind, None)
                w.append(stream, head or 0, values)

    def unlock(self, key: str, by: str, at: str) -> list[LoginUnlocked]:
        """Clear ``key``'s count and lock; the unlock to :meth:`save` (none: it had none)."""
        if self.records.pop(key, None) is None:
            return []
        return [LoginUnlocked(key, by, at)]


def _describe(e: LoginLocked, now: int) -> str:
    return f"{e.key} locked for {e.until - now} s after {e.failures} failed log-ins"
