"""Decks sealed at rest: AES-GCM under keys kept outside the database.

The dealer side keeps the shuffled deck of every round it deals, and the salt of the deck's
published commitment, in the room's sealed stream, so that a round a restart interrupted deals
on. A reader of the database (a user of the host, a backup) must not learn the cards still to
come, so each deck is stored as a :class:`SealedDeck`: the salt and the order encrypted with
AES-256-GCM under the keyring's current key, whose id is stored with it; the associated data
binds the box to its stream, its table and its round (the commitment) and to that key id, so a
box moved to another record does not open.

Keys (:func:`load_keys`): ``$CROUPIER_KEYS`` (several ``id:base64`` separated by commas or
white space), else ``$CROUPIER_KEY`` (one ``base64`` or ``id:base64``), else a key file: the
one named, or ``<database>.key`` beside a SQLite file (``croupier.key`` in the working
directory for a server database), made on first start (mode 0600) with one new key. A key is
32 random bytes; a bare key's id is its fingerprint. The **last** key listed seals; every key
listed opens what it sealed: to rotate keys, add a line and restart.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import functools
import hashlib
import logging
import os
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import orjson
import sqlalchemy as sa
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from croupier.cards import Card
from croupier.service.store import codec
from croupier.service.store.files import sqlite_path, tighten
from croupier.service.store.schema import events as events_table
from croupier.service.store.store import EventStore
from croupier.shoe import SALT_BYTES, verify_commitment

log = logging.getLogger(__name__)

KEYS_ENV = "CROUPIER_KEYS"
KEY_ENV = "CROUPIER_KEY"
KEY_BYTES = 32
NONCE_BYTES = 12
#: The key file of a database that is not a SQLite file, in the working directory.
SERVER_KEY_FILE = "croupier.key"
_ID = re.compile(r"[A-Za-z0-9._-]{1,40}")
_HEADER = (
    "# croupier's deck keys: one 'id:base64' a line; the last line seals, every line opens.\n"
    "# Back this file up apart from the database; never change a line, add one to rotate.\n"
)


class KeyringError(ValueError):
    """Keys that cannot be read (a missing file, a malformed line, a key not 32 bytes)."""


class SealingError(ValueError):
    """A deck that cannot be sealed or opened (no key, a wrong key, an altered box)."""


@dataclass(frozen=True, slots=True)
class SealedDeck:
    """The deck a round at ``table`` is dealt from, sealed: ``box`` is the AES-GCM encryption
    (with ``nonce``) of the salt and one byte per card id under key ``key``; ``commitment``
    names the round (it is public, in the round's start)."""

    table: str
    commitment: str
    key: str
    nonce: bytes = field(repr=False)
    box: bytes = field(repr=False)


SEALED_TYPE = codec.type_name(SealedDeck)


def fingerprint(key: bytes) -> str:
    """A key's id when none is given: 8 hex digits of a hash of the key."""
    return hashlib.sha256(b"croupier deck key\n" + key).hexdigest()[:8]


@dataclass(frozen=True)
class Keyring:
    """Keys by id; ``current`` seals (``None``: none to seal with); ``source`` says where
    they came from (for messages: never a key)."""

    keys: Mapping[str, bytes] = field(repr=False)
    current: str | None
    source: str
    _ciphers: dict[str, AESGCM] = field(default_factory=dict, repr=False, compare=False)

    def _cipher(self, kid: str) -> AESGCM:
        found = self._ciphers.get(kid)
        if found is None:
            found = self._ciphers[kid] = AESGCM(self.keys[kid])
        return found

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(self.keys)

    def seal(
        self, stream: str, table: str, commitment: str, order: Sequence[int], salt: bytes
    ) -> SealedDeck:
        """``order`` and ``salt`` sealed under the current key, bound to ``stream``, ``table``
        and the round's ``commitment``."""
        if self.current is None:
            raise SealingError(f"no key to seal decks with ({self.source})")
        if len(salt) != SALT_BYTES:
            raise SealingError(f"a salt is {SALT_BYTES} bytes, not {len(salt)}")
        nonce = secrets.token_bytes(NONCE_BYTES)
        aad = _aad(stream, table, commitment, self.current)
        box = self._cipher(self.current).encrypt(nonce, bytes(salt) + bytes(order), aad)
        return SealedDeck(table, commitment, self.current, nonce, box)

    def open(self, stream: str, sealed: SealedDeck) -> tuple[tuple[Card, ...], bytes]:
        """The order and salt ``sealed`` holds; :class:`SealingError` if its key is not here,
        or it does not open (another key under the same id, a box altered or moved), or what
        it holds does not match its commitment."""
        if sealed.key not in self.keys:
            raise SealingError(
                f"the deck of {sealed.table} is sealed under key {sealed.key!r}, "
                f"which is not among the keys ({self.source})"
            )
        aad = _aad(stream, sealed.table, sealed.commitment, sealed.key)
        try:
            plain = self._cipher(sealed.key).decrypt(sealed.nonce, sealed.box, aad)
        except (InvalidTag, ValueError) as e:
            raise SealingError(
                f"the deck of {sealed.table} sealed under key {sealed.key!r} does not open: "
                "another key under that id, or the record was altered or moved"
            ) from e
        salt, ids = plain[:SALT_BYTES], plain[SALT_BYTES:]
        if not verify_commitment(sealed.commitment, ids, salt):
            raise SealingError(f"the deck of {sealed.table} does not match its commitment")
        return tuple(map(_card, ids)), salt


#: A card by its id, made once (an opened deck is 52 of them).
_card = functools.cache(Card)


def _aad(stream: str, table: str, commitment: str, key: str) -> bytes:
    # a JSON array: no two different records have the same associated data, whatever a
    # table's name holds
    return orjson.dumps(["croupier sealed deck", stream, table, commitment, key])


def new_key() -> str:
    """A new key line, ``id:base64``."""
    key = secrets.token_bytes(KEY_BYTES)
    return f"{fingerprint(key)}:{base64.b64encode(key).decode()}"


def parse_keys(text: str, source: str) -> Keyring:
    """Keys in ``text``: ``id:base64`` or ``base64`` separated by new lines, commas or spaces
    (``#`` starts a comment); the last seals."""
    keys: dict[str, bytes] = {}
    current = None
    items = [
        (n, item)
        for n, line in enumerate(text.splitlines(), 1)
        for item in re.split(r"[\s,]+", line.split("#", 1)[0])
        if item
    ]
    for n, item in items:
        kid, sep, b64 = item.rpartition(":")
        try:
            key = base64.b64decode(b64, validate=True)
        except (binascii.Error, ValueError):
            raise KeyringError(f"{source}, line {n}: a key is base64") from None
        if len(key) != KEY_BYTES:
            raise KeyringError(f"{source}, line {n}: a key is {KEY_BYTES} bytes, not {len(key)}")
        kid = kid if sep else fingerprint(key)
        if not _ID.fullmatch(kid):
            raise KeyringError(f"{source}, line {n}: a key id is 1-40 letters, digits, . _ -")
        if keys.get(kid, key) != key:
            raise KeyringError(f"{source}, line {n}: two different keys under id {kid!r}")
        keys[kid] = key
        current = kid
    return Keyring(keys, current, source)


def key_file_of(url: str) -> Path | None:
    """Where the keys of the database at ``url`` are kept by default (``None``: in memory)."""
    path = sqlite_path(url)
    if path is not None:
        return Path(f"{path}.key")
    if sa.engine.make_url(url).get_backend_name() == "sqlite":
        return None
    return Path(SERVER_KEY_FILE)


def load_keys(
    url: str,
    key_file: str | Path | None = None,
    environ: Mapping[str, str] | None = None,
    create: bool = True,
) -> Keyring:
    """The keyring of the database at ``url`` (see the module's docstring): from the
    environment, else the key file, made with one new key if it does not exist and
    ``create``. An in-memory database without keys given gets a key for this process only."""
    env = os.environ if environ is None else environ
    for name in (KEYS_ENV, KEY_ENV):
        if env.get(name):
            keys = parse_keys(env[name], f"${name}")
            if keys.current is None:
                raise KeyringError(f"${name} holds no key")
            return keys
    path = Path(key_file) if key_file is not None else key_file_of(url)
    if path is None:
        key = secrets.token_bytes(KEY_BYTES)
        return Keyring({fingerprint(key): key}, fingerprint(key), "a key for this process only")
    if not path.exists():
        if not create:
            raise KeyringError(f"the key file {path} does not exist")
        _create(path)
        log.warning("made the deck key file %s: back it up apart from the database", path)
    tighten(path)
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise KeyringError(f"the key file {path} cannot be read: {e}") from None
    keys = parse_keys(text, str(path))
    if keys.current is None:
        raise KeyringError(f"the key file {path} holds no key")
    return keys


def _create(path: Path) -> None:
    """Write a key file owner-only, whole or not at all (another process may make it too)."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(_HEADER + new_key() + "\n")
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(FileExistsError):  # made meanwhile: that one it is
            os.link(tmp, path)
    finally:
        tmp.unlink()


def sealed_keys(store: EventStore, stream: str | None = None) -> dict[str, str]:
    """The key ids of the decks sealed in ``stream`` (default: every stream), each with the
    last sealed record under it as stored (its canonical JSON): to check a key opens it."""
    q = sa.select(events_table.c.body).where(events_table.c.type == SEALED_TYPE)
    if stream is not None:
        q = q.where(events_table.c.stream_id == stream)
    out: dict[str, str] = {}
    with store.reading() as conn:
        for (body,) in conn.execute(q.order_by(events_table.c.position)):
            try:
                kid = orjson.loads(body)["e"]["key"]
            except (orjson.JSONDecodeError, KeyError, TypeError):
                continue  # unreadable: the audit at recovery reports it
            out[str(kid)] = body
    return out


def any_sealed(store: EventStore) -> bool:
    """Whether any deck in the database is sealed (then a missing key file is not made anew)."""
    q = sa.select(events_table.c.position).where(events_table.c.type == SEALED_TYPE).limit(1)
    with store.reading() as conn:
        return conn.execute(q).first() is not None


def check_keys(store: EventStore, stream: str, keys: Keyring) -> str | None:
    """Why the decks sealed in ``stream`` cannot be opened with ``keys`` (a key missing, or
    one that does not open the last deck sealed under its id); ``None``: they can."""
    found = sealed_keys(store, stream)
    missing = sorted(set(found) - keys.ids)
    if missing:
        names = ", ".join(repr(k) for k in missing)
        return (
            f"{stream}: the decks of rounds dealt here are sealed under key {names}, which is "
            f"not among the keys ({keys.source}): give it in ${KEYS_ENV} or ${KEY_ENV}, or "
            "restore the key file; nothing was changed"
        )
    for body in found.values():
        try:
            sealed = codec.unwrap(body)
            if isinstance(sealed, SealedDeck):
                keys.open(stream, sealed)
        except (SealingError, codec.CodecError) as e:
            return f"{stream}: {e}; nothing was changed"
    return None
