"""A line on a terminal's stderr when work the user waits for is slow to say anything."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO


@contextmanager
def notice_if_slow(message: str, after: float = 2.0, to: TextIO | None = None) -> Iterator[None]:
    """Write ``message`` (one line) to ``to`` (default: stderr where it is a terminal) if the
    block is still running ``after`` seconds on; nothing where it ends sooner."""
    out = to if to is not None else (sys.stderr if sys.stderr.isatty() else None)
    if out is None:
        yield
        return

    def say() -> None:
        out.write(message + "\n")
        out.flush()

    timer = threading.Timer(after, say)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
