"""Passwords hashed and checked (argon2, argon2-cffi) away from play.

An argon2 hash is memory-hard and slow by design (64 MiB, 0.1 s or more): on the event loop's
default thread pool, which the room's store work uses too, a flood of log-ins held up every
table. :class:`Hashing` checks them in a small pool of threads of their own, at a lower
priority, with a bounded queue: beyond it a check is refused at once (:class:`Busy`), never
queued without end.

A log-in as an unknown name is checked against a dummy hash of the default cost
(:func:`check_login`), so that it takes as long as a wrong password.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()
# argon2id at its least cost, for a password that is published (see hash_published)
_PUBLISHED = PasswordHasher(time_cost=1, memory_cost=256, parallelism=1)
T = TypeVar("T")


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def hash_published(password: str) -> str:
    """The hash of a password printed for everyone to read (the demo room's): argon2id at its
    least cost. A hash's cost buys time against someone guessing a secret; a published password
    has none to buy, and at the default cost every demo visitor's and bot's log-in took a fifth
    of a CPU-second. Never for a password a person chose: those are :func:`hash_password`'s."""
    return _PUBLISHED.hash(password)


def check_password(password_hash: str, password: str) -> bool:
    try:
        return _HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


@functools.cache
def _dummy_hash() -> str:
    return _HASHER.hash(secrets.token_urlsafe(16))


def check_login(password_hash: str | None, password: str) -> bool:
    """Whether ``password`` matches; an unknown user (``None``) is checked against a dummy
    hash of the default cost, so that a wrong name takes as long as a wrong password."""
    if password_hash is None:
        check_password(_dummy_hash(), password)
        return False
    return check_password(password_hash, password)


class Busy(Exception):
    """Too many passwords are waiting to be checked: try again in ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many log-ins at once: retry in {retry_after} s")
        self.retry_after = retry_after


def _yield_to_play() -> None:
    # Linux keeps a nice value per thread, inherited by the threads argon2 starts from this
    # one: hashing gets the CPU that play leaves.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)


class Hashing:
    """``workers`` threads of their own that hash and check passwords (default: one, two on
    a machine of eight cores or more), at a lower priority than the server's other threads,
    with at most ``waiting`` more checks queued."""

    def __init__(self, workers: int | None = None, waiting: int = 16) -> None:
        if workers is None:
            workers = min(2, max(1, (os.cpu_count() or 1) // 4))
        self.workers = workers
        self.limit = workers + waiting
        self.pending = 0  # read and written on the event loop only
        self.pool: ThreadPoolExecutor | None = None  # started at the first check

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` in a worker; :class:`Busy` when the queue is full."""
        if self.pending >= self.limit:
            raise Busy(1)
        self.pending += 1
        try:
            if self.pool is None:
                self.pool = ThreadPoolExecutor(self.workers, "croupier-hashing", _yield_to_play)
                self.pool.submit(_dummy_hash)  # made before the first check, whoever's
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        finally:
            self.pending -= 1

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
