"""Users, roles, passwords and sessions of the card-room service.

Users are events in their own stream (``users``): added, role changed, password set, dealer
assigned to a table or relieved. Passwords are kept only as argon2 hashes (argon2-cffi). Every
change is also a significant event (``What.USER_CHANGED``) in the same transaction; log-ins
and failed log-ins are significant events too. Sessions are random bearer tokens held in the
server's memory: a restart ends them and clients log in again.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

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
            self.users[e.name] = User(e.name, e.role, e.password_hash)
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
        return f"user {e.name} added as {e.role.value}"
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

    def add(self, name: str, role: Role, password: str, who: str, at: str) -> None:
        if not name or len(name) > 64:
            raise UserError("a user name has 1 to 64 characters")
        self.change(UserAdded(name, role, hash_password(password), at), who)


@dataclass(frozen=True, slots=True)
class Session:
    token: str
    user: str


class Sessions:
    """Bearer tokens of logged-in users (in memory)."""

    def __init__(self) -> None:
        self.by_token: dict[str, str] = {}

    def open(self, user: str) -> str:
        token = secrets.token_urlsafe(32)
        self.by_token[token] = user
        return token

    def user(self, token: str) -> str | None:
        return self.by_token.get(token)

    def close(self, token: str) -> None:
        self.by_token.pop(token, None)
