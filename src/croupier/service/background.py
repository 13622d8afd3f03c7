"""The parts of a server that run beside its requests (the demo's bots, the tournaments' level
timer, the players' grace timers), and those that died.

A background part that dies is never silent: :class:`Background` runs each one (a thread or an
asyncio task) and, when it raises, logs the cause with its traceback, records a significant
event (``What.BACKGROUND_FAILED``, ``detail`` naming the part and the cause) and keeps it in a
list that the room board shows (``GET /room/board``, ``background_failed``). A part is not
restarted: what made it fail would most likely make it fail again, and the board says which
part stopped, when and why, until the server restarts.

The store is attached once the server has recovered it (:meth:`Background.attach`); a part
that failed before that (the demo's bots start with the process) is recorded then.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from croupier.service.store.recovery import record
from croupier.service.store.significant import What
from croupier.service.store.store import EventStore

log = logging.getLogger(__name__)

#: who the significant-events log names as the recorder of a failure
SERVER = "server"


@dataclass(frozen=True, slots=True)
class Failure:
    """A background part that stopped: which, when (ISO 8601, UTC) and why."""

    part: str
    at: str
    why: str


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


class Background:
    """The background parts of one server and the failures among them (thread-safe)."""

    def __init__(self) -> None:
        self.failures: list[Failure] = []
        self.store: EventStore | None = None
        self._unrecorded: list[Failure] = []
        self._lock = threading.Lock()

    def attach(self, store: EventStore) -> None:
        """Record failures in ``store`` from now on (and those that came before)."""
        with self._lock:
            self.store = store
            waiting, self._unrecorded = self._unrecorded, []
        for f in waiting:
            self._record(store, f)

    def detach(self) -> None:
        """The store is closing: failures from now on are logged and listed only."""
        with self._lock:
            self.store = None

    def failed(self, part: str, error: BaseException) -> Failure:
        """``part`` died of ``error``: logged with its traceback, recorded, listed."""
        why = f"{type(error).__name__}: {error}"[:300]
        f = Failure(part, _now(), why)
        log.error("croupier: %s stopped: %s", part, why, exc_info=error)
        with self._lock:
            self.failures.append(f)
            store = self.store
            if store is None:
                self._unrecorded.append(f)
        if store is not None:
            self._record(store, f)
        return f

    def _record(self, store: EventStore, f: Failure) -> None:
        try:
            record(store, What.BACKGROUND_FAILED, SERVER, f"{f.part}: {f.why}", f.at)
        except Exception:  # the store itself failing: the log and the board still say it
            log.exception("croupier: recording that %s stopped failed", f.part)

    def thread(self, part: str, target: Callable[[], object]) -> threading.Thread:
        """Run ``target`` in a daemon thread named ``part``; its death is reported."""

        def run() -> None:
            try:
                target()
            except BaseException as e:  # SystemExit too: a thread would end without a word
                self.failed(part, e)

        t = threading.Thread(target=run, name=part, daemon=True)
        t.start()
        return t

    def task(self, part: str, work: Coroutine[Any, Any, object]) -> asyncio.Task[None]:
        """Run ``work`` as an asyncio task; if it raises (cancelling it is no failure), it is
        reported and the task ends quietly."""

        async def run() -> None:
            try:
                await work
            except asyncio.CancelledError:
                raise
            except Exception as e:
                await asyncio.to_thread(self.failed, part, e)

        return asyncio.ensure_future(run())

    def board(self, staff: bool) -> list[dict[str, str]]:
        """The failures as the room board lists them (the cause for staff only: an error's
        text may name the server's internals)."""
        with self._lock:
            found = list(self.failures)
        return [{"part": f.part, "at": f.at, **({"why": f.why} if staff else {})} for f in found]
