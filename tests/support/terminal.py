"""A command on a pseudo-terminal, as a person runs it: its screen read, answers typed, Ctrl-C."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time

CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]


def _default_interrupt() -> None:
    # A child inherits an ignored SIGINT (as from a shell's background job) and Python then
    # keeps ignoring it: give the command Ctrl-C as a person's shell would.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _take_terminal() -> None:
    _default_interrupt()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)  # standard input is the terminal's slave side


class Terminal:
    """A command on a pseudo-terminal: read what it prints, type answers."""

    def __init__(self, *args: str, controlling: bool = False) -> None:
        """``controlling``: the terminal is the command's controlling terminal, in a session
        of its own, so that typing Ctrl-C interrupts it as it would a person's."""
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [*CLI, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            close_fds=True,
            start_new_session=controlling,
            preexec_fn=_take_terminal if controlling else _default_interrupt,
        )
        os.close(slave)
        self.screen = ""
        self.seen = 0

    def until(self, pattern: str, timeout: float = 60) -> str:
        """Read until ``pattern`` appears after what was already consumed; return its match."""
        end = time.monotonic() + timeout
        rx = re.compile(pattern)
        while True:
            m = rx.search(self.screen, self.seen)
            if m:
                self.seen = m.end()
                return m.group(0)
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {pattern!r}; screen:\n{self.screen}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    if self.proc.poll() is not None and not rx.search(self.screen, self.seen):
                        raise AssertionError(f"exited before {pattern!r}; screen:\n{self.screen}")
                    continue
                self.screen += chunk.decode(errors="replace").replace("\r\n", "\n")

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)
