"""Users, roles, passwords and sessions of the card-room service.

Users are events in their own stream (``users``): added, role changed, password set, dealer
assigned to a table or relieved. Passwords are kept only as argon2 hashes (argon2-cffi). Every
change is also a significant event (``What.USER_CHANGED``) in the same transaction; log-ins
and failed log-ins are significant events too.

Passwords are hashed and checked in a worker process of their own
(:mod:`croupier.service.hashing`), never in the server's process, where they stalled play; a
log-in as an unknown name is checked against a dummy hash of the same cost, so that it takes
as long as a wrong password.

Sessions are bearer tokens the server signs (HMAC-SHA256) with a secret kept outside every
event stream (:func:`session_secret`: ``$CROUPIER_SECRET``, else a file beside a SQLite
database, readable by its owner only), so a restart of the server keeps its users logged in.
A token names the user, when it expires (``$CROUPIER_SESSION_HOURS``, default 16 hours) and a
digest of the user's password hash: setting a new password ends every session of that user.
A log-out is an event of the ``sessions`` stream (a digest of the token, never the token), so
a logged-out token stays refused after a restart. A websocket is opened with a one-time ticket
(:meth:`Sessions.ticket`, 30 seconds) rather than the token, which would end up in logs.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from croupier.service import names

# known by these names here too
from croupier.service.hashing import check_password as check_password
from croupier.service.hashing import hash_password as hash_password
from croupier.service.store.significant import STREAM as SIGNIFICANT
from croupier.service.store.significant import WRITING, Significant, What
from croupier.service.store.store import EventStore, StoreError

STREAM = "users"
#: Log-outs: the digests of the tokens logged out.
SESSIONS = "sessions"
#: Refusals by the service name this house rule (no rulebook clause governs who may type what).
ROLES_CLAUSE = "croupier roles"


class Role(StrEnum):
    ADMIN = "admin"
    FLOOR = "floor"
    DEALER = "dealer"
    DIRECTOR = "director"
    CASHIER = "cashier"
    PLAYER = "player"
    AUDITOR = "auditor"


@dataclass(frozen=True, slots=True)
class UserAdded:
    name: str
    role: Role
    password_hash: str
    at: str
    bot: bool = False  # a bot account (the demo's players): its money is not a person's


@dataclass(frozen=True, slots=True)
class RoleChanged:
    name: str
    role: Role
    at: str


@dataclass(frozen=True, slots=True)
class PasswordSet:
    name: str
    password_hash: str
    at: str


@dataclass(frozen=True, slots=True)
class DealerAssigned:
    name: str
    table: str
    at: str


@dataclass(frozen=True, slots=True)
class DealerRelieved:
    name: str
    table: str
    at: str


UserEvent = UserAdded | RoleChanged | PasswordSet | DealerAssigned | DealerRelieved


class UserError(ValueError):
    """A user change that cannot be made (a name taken, an unknown user)."""


@dataclass
class User:
    name: str
    role: Role
    password_hash: str
    tables: set[str] = field(default_factory=set)  # a dealer's assigned tables
    bot: bool = False


@dataclass
class Users:
    """The users folded from the users stream."""

    users: dict[str, User] = field(default_factory=dict)

    @classmethod
    def from_events(cls, events: Sequence[object]) -> Users:
        u = cls()
        for e in events:
            u.fold(e)
        return u

    def why_not(self, e: object) -> str | None:
        if isinstance(e, UserAdded):
            return f"user {e.name} exists" if e.name in self.users else None
        name = getattr(e, "name", None)
        if not isinstance(name, str) or name not in self.users:
            return f"no user {name}"
        if isinstance(e, DealerAssigned | DealerRelieved) and self.users[name].role != Role.DEALER:
            return f"{name} is not a dealer"
        return None

    def fold(self, e: object) -> None:
        why = self.why_not(e)
        if why is not None:
            raise UserError(why)
        if isinstance(e, UserAdded):
            self.users[e.name] = User(e.name, e.role, e.password_hash, bot=e.bot)
        elif isinstance(e, RoleChanged):
            self.users[e.name].role = e.role
            self.users[e.name].tables.clear()
        elif isinstance(e, PasswordSet):
            self.users[e.name].password_hash = e.password_hash
        elif isinstance(e, DealerAssigned):
            self.users[e.name].tables.add(e.table)
        elif isinstance(e, DealerRelieved):
            self.users[e.name].tables.discard(e.table)
        else:
            raise UserError(f"a users stream holds {type(e).__name__}")


def _describe(e: UserEvent) -> str:
    if isinstance(e, UserAdded):
        return f"user {e.name} added as {e.role.value}" + (" (a bot)" if e.bot else "")
    if isinstance(e, RoleChanged):
        return f"user {e.name} now {e.role.value}"
    if isinstance(e, PasswordSet):
        return f"password of {e.name} set"
    if isinstance(e, DealerAssigned):
        return f"dealer {e.name} assigned to {e.table}"
    return f"dealer {e.name} relieved of {e.table}"


class Directory:
    """The users kept in an :class:`EventStore` (callers serialise writes)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.users = self.load()

    def load(self) -> Users:
        try:
            events = self.store.load(STREAM)
        except StoreError:
            events = []
        self.users = Users.from_events(events)
        return self.users

    def change(self, e: UserEvent, who: str) -> None:
        """Record ``e`` and its significant event together; refused with :class:`UserError`."""
        why = self.users.why_not(e)
        if why is not None:
            raise UserError(why)
        note = Significant(What.USER_CHANGED, who, _describe(e), e.at)
        with self.store.transaction() as w:
            for stream, kind, value in ((STREAM, "users", e), (SIGNIFICANT, "significant", note)):
                head = w.head(stream)
                if head is None:
                    w.create(stream, kind, None)
                w.append(stream, head or 0, [value])
        self.users.fold(e)

    def stamp(self, name: str) -> str | None:
        """What a session token is bound to: the user's password hash (None: no such user)."""
        user = self.users.users.get(name)
        return None if user is None else user.password_hash

    def add(
        self, name: str, role: Role, password: str, who: str, at: str, bot: bool = False
    ) -> None:
        why = names.why_not(name) or names.taken(name, self.users.users)
        if why is not None:
            raise UserError(why)
        self.change(UserAdded(name, role, hash_password(password), at, bot), who)


#: How long a session lasts (seconds): a working shift and then some.
SESSION_SECONDS = 16 * 3600
SESSION_HOURS_ENV = "CROUPIER_SESSION_HOURS"
#: How long a websocket ticket may wait to be used, and how many a session may hold at once.
TICKET_SECONDS = 30
TICKETS_PER_USER = 32


def session_seconds(hours: float | None = None) -> int:
    """A session's lifetime: ``hours``, else ``$CROUPIER_SESSION_HOURS``, else 16 hours."""
    if hours is None:
        given = os.environ.get(SESSION_HOURS_ENV)
        if not given:
            return SESSION_SECONDS
        try:
            hours = float(given)
        except ValueError:
            raise UserError(f"{SESSION_HOURS_ENV}={given!r}: a number of hours") from None
    if not 0 < hours <= 24 * 366:
        raise UserError(f"a session lasts more than 0 and at most {24 * 366} hours, not {hours}")
    return max(1, round(hours * 3600))


@dataclass(frozen=True, slots=True)
class SessionClosed:
    """A log-out: the SHA-256 of the token (never the token) and when the token expires."""

    digest: str
    expires: int
    at: str


SECRET_ENV = "CROUPIER_SECRET"


def session_secret(url: str) -> bytes:
    """The key that signs session tokens: ``$CROUPIER_SECRET``; else, for a SQLite file, the
    file ``<database>.secret`` beside it (made on first use, mode 0600); else (an in-memory or
    server database without the variable) a random key for this process only."""
    given = os.environ.get(SECRET_ENV)
    if given:
        return hashlib.sha256(given.encode()).digest()
    prefix = "sqlite:///"
    path = url[len(prefix) :].split("?")[0] if url.startswith(prefix) else ""
    if not path or path == ":memory:":
        return secrets.token_bytes(32)
    key = Path(path + ".secret")
    try:
        fd = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        data = key.read_bytes()
        if len(data) < 32:
            raise UserError(f"the session secret {key} is damaged (under 32 bytes)") from None
        return data
    with os.fdopen(fd, "wb") as f:
        data = secrets.token_bytes(32)
        f.write(data)
    return data


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sessions:
    """Signed bearer tokens of logged-in users: ``name.expires.stamp.signature`` (the name in
    base64), where ``stamp`` digests the user's password hash as ``stamp_of(name)`` gives it.
    With a ``store``, log-outs are kept in its ``sessions`` stream."""

    def __init__(
        self,
        secret: bytes | None = None,
        stamp_of: Callable[[str], str | None] = lambda _: "",
        clock: Callable[[], float] = time.time,
        seconds: int = SESSION_SECONDS,
        store: EventStore | None = None,
    ) -> None:
        self.secret = secret if secret is not None else secrets.token_bytes(32)
        self.stamp_of = stamp_of
        self.clock = clock
        self.seconds = seconds
        self.store = store
        self.closed: set[str] = set()  # the digests of logged-out tokens
        self.tickets: dict[str, tuple[str, str, float]] = {}  # ticket: token, user, expiry
        self.held: dict[str, list[str]] = {}  # a user's tickets, oldest first
        if store is not None:
            try:
                events = store.load(SESSIONS)
            except StoreError:
                events = []
            now = self.clock()
            self.closed = {e.digest for e in events if e.expires >= now}

    def _stamp(self, user: str) -> str | None:
        held = self.stamp_of(user)
        if held is None:
            return None
        return hashlib.sha256(held.encode()).hexdigest()[:16]

    def _sign(self, body: str) -> str:
        return _b64(hmac.new(self.secret, body.encode(), hashlib.sha256).digest())

    def open(self, user: str) -> str:
        stamp = self._stamp(user)
        if stamp is None:
            raise UserError(f"no user {user}")
        nonce = _b64(secrets.token_bytes(9))
        body = f"{_b64(user.encode())}.{int(self.clock()) + self.seconds}.{stamp}.{nonce}"
        return f"{body}.{self._sign(body)}"

    def _read(self, token: str) -> tuple[str, int] | None:
        """The user a token names and when it expires, if the server signed it and it is
        still good."""
        if len(token) > 512 or _digest(token) in self.closed:
            return None
        body, _, signature = token.rpartition(".")
        if not hmac.compare_digest(self._sign(body), signature):
            return None
        try:
            name_b64, expires, stamp, _nonce = body.split(".")
            name = _unb64(name_b64).decode()
        except (ValueError, UnicodeDecodeError):
            return None
        if not expires.isdigit() or int(expires) < self.clock():
            return None
        current = self._stamp(name)
        if current is None or not hmac.compare_digest(current, stamp):
            return None
        return name, int(expires)

    def user(self, token: str) -> str | None:
        """The user a token names, if the server signed it and it is still good."""
        read = self._read(token)
        return None if read is None else read[0]

    def close(self, token: str, at: str = "") -> None:
        """Log out: the token is refused from now on (recorded first, where there is a
        store; a blocking call)."""
        read = self._read(token)
        if read is None:
            return
        e = SessionClosed(_digest(token), read[1], at)
        if self.store is not None:
            with WRITING, self.store.transaction() as w:  # one writer: two log-outs at once
                head = w.head(SESSIONS)
                if head is None:
                    w.create(SESSIONS, "sessions", None)
                w.append(SESSIONS, head or 0, [e])
        self.closed.add(e.digest)

    def ticket(self, token: str) -> str | None:
        """A one-time ticket that opens one websocket as the token's user within
        ``TICKET_SECONDS`` (None: the token is not good)."""
        user = self.user(token)
        if user is None:
            return None
        now = self.clock()
        for t, (_, _, expires) in list(self.tickets.items()):
            if expires > now:
                break  # issued in order: the rest are younger
            self._drop(t)
        mine = self.held.setdefault(user, [])
        if len(mine) >= TICKETS_PER_USER:
            self._drop(mine[0])
        ticket = secrets.token_urlsafe(24)
        self.tickets[ticket] = (token, user, now + TICKET_SECONDS)
        self.held.setdefault(user, []).append(ticket)
        return ticket

    def _drop(self, ticket: str) -> tuple[str, str, float] | None:
        got = self.tickets.pop(ticket, None)
        if got is not None:
            mine = self.held.get(got[1], [])
            if ticket in mine:
                mine.remove(ticket)
            if not mine:
                self.held.pop(got[1], None)
        return got

    def redeem(self, ticket: str) -> str | None:
        """The user a ticket was issued to, once: if it is unused, unexpired, and its session
        still good (not logged out, the password unchanged)."""
        got = self.session(ticket)
        return None if got is None else got[0]

    def session(self, ticket: str) -> tuple[str, str] | None:
        """:meth:`redeem`, with the token the ticket was issued for: ``(user, token)`` (a
        standby forwards a socket's commands to the owner with it)."""
        got = self._drop(ticket) if 0 < len(ticket) <= 64 else None
        if got is None:
            return None
        token, user, expires = got
        if expires < self.clock() or self.user(token) != user:
            return None
        return user, token


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
