"""Users, roles, passwords and sessions of the card-room service.

Users are events in their own stream (``users``): added, role changed, password set, dealer
assigned to a table or relieved. Passwords are kept only as argon2 hashes (argon2-cffi). Every
change is also a significant event (``What.USER_CHANGED``) in the same transaction; log-ins
and failed log-ins are significant events too.

Sessions are bearer tokens the server signs (HMAC-SHA256) with a secret kept outside every
event stream (:func:`session_secret`: ``$CROUPIER_SECRET``, else a file beside a SQLite
database, readable by its owner only), so a restart of the server keeps its users logged in.
A token names the user, when it expires and a digest of the user's password hash: setting a
new password ends every session of that user. Log-outs are remembered until the server stops.
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

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from croupier.service.store.significant import STREAM as SIGNIFICANT
from croupier.service.store.significant import Significant, What
from croupier.service.store.store import EventStore, StoreError

STREAM = "users"
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


_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def check_password(password_hash: str, password: str) -> bool:
    try:
        return _HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


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
        if not name or len(name) > 64:
            raise UserError("a user name has 1 to 64 characters")
        self.change(UserAdded(name, role, hash_password(password), at, bot), who)


#: How long a session lasts (seconds): a working shift and then some.
SESSION_SECONDS = 16 * 3600
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
    base64), where ``stamp`` digests the user's password hash as ``stamp_of(name)`` gives it."""

    def __init__(
        self,
        secret: bytes | None = None,
        stamp_of: Callable[[str], str | None] = lambda _: "",
        clock: Callable[[], float] = time.time,
        seconds: int = SESSION_SECONDS,
    ) -> None:
        self.secret = secret if secret is not None else secrets.token_bytes(32)
        self.stamp_of = stamp_of
        self.clock = clock
        self.seconds = seconds
        self.closed: set[str] = set()

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

    def user(self, token: str) -> str | None:
        """The user a token names, if the server signed it and it is still good."""
        if len(token) > 512 or token in self.closed:
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
        return name

    def close(self, token: str) -> None:
        """Log out: the token is refused from now on (until the server stops; it expires)."""
        if self.user(token) is not None:
            self.closed.add(token)
