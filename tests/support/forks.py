"""``croupier serve`` processes forked from one that has imported croupier already.

A server's start spends most of its time importing croupier and its libraries (about 1.4 s of
a quiet machine's CPU, more on a loaded one), and the browser tests start one for each test.
Here one helper process per test process imports them once (:func:`serve`, reading requests
on its standard input); each server is a child forked from it that runs ``croupier.cli.main``
with its own arguments, environment and output files: the same code from the command line
on, a real process (signals, SIGKILL, its own port and store), only without the import.

The helper is single-threaded when it forks (nothing it imports starts a thread). It reaps its
children itself and writes each one's exit status (as :class:`subprocess.Popen` gives it:
``-9`` for SIGKILL) beside its stderr file; a test follows its server through a pidfd
(:class:`Forked`), which says when the process has ended, then reads that status."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any


def status_file(err: Path) -> Path:
    """Where the helper writes the exit status of the server whose stderr is ``err``."""
    return err.with_name(err.name + ".status")


class Forked:
    """A forked server, with the part of :class:`subprocess.Popen` the tests use."""

    def __init__(self, pid: int, err: Path) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self.err = err  # what it wrote on stderr
        try:
            self._fd: int | None = os.pidfd_open(pid)
        except ProcessLookupError:  # ended and reaped already
            self._fd = None
            self._read_status()

    def _ended(self, timeout: float) -> bool:
        if self.returncode is not None:
            return True
        assert self._fd is not None
        if not select.select([self._fd], [], [], timeout)[0]:
            return False
        os.close(self._fd)
        self._fd = None
        self._read_status()
        return True

    def _read_status(self) -> None:
        """The ended server's exit status, once the helper has reaped it (at once, unless
        the machine is very busy); ``-1`` where the helper ended first."""
        path = status_file(self.err)
        deadline = time.monotonic() + 30
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        self.returncode = int(path.read_text()) if path.exists() else -1

    def poll(self) -> int | None:
        self._ended(0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if not self._ended(timeout if timeout is not None else 1e9):
            raise subprocess.TimeoutExpired(f"croupier serve (pid {self.pid})", timeout or 0)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class Forks:
    """This test process's helper, started at the first :meth:`spawn`."""

    def __init__(self) -> None:
        self.helper: subprocess.Popen[bytes] | None = None

    def spawn(self, argv: list[str], env: dict[str, str], out: Path, err: Path) -> Forked:
        """``croupier ARGV`` forked, with ``env`` and its output appended to ``out`` and
        ``err``."""
        if self.helper is None or self.helper.poll() is not None:
            paths = os.pathsep.join(sys.path)
            self.helper = subprocess.Popen(
                [sys.executable, "-c", "from support.forks import serve; serve()"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env={**os.environ, "PYTHONPATH": paths, "PYTHONUNBUFFERED": "1"},
            )
        assert self.helper.stdin is not None and self.helper.stdout is not None
        for path in (out, err):
            path.touch(0o600)
        status_file(err).unlink(missing_ok=True)
        request = {"argv": argv, "env": env, "out": str(out), "err": str(err)}
        self.helper.stdin.write(json.dumps(request).encode() + b"\n")
        self.helper.stdin.flush()
        line = self.helper.stdout.readline()
        if not line:
            raise RuntimeError("the fork helper ended (see the test's output)")
        return Forked(int(json.loads(line)["pid"]), err)


FORKS = Forks()


def serve() -> None:
    """The helper: import croupier's command line and service, then fork one server for each
    request line (``{"argv", "env", "out", "err"}``), answering each with ``{"pid"}``, and
    reap each server as it ends, writing its exit status (:func:`status_file`)."""
    # what every server imports, paid once here
    import croupier.cli.serve_cmd
    import croupier.service.api  # noqa: F401
    from croupier.cli import main

    # SIGCHLD wakes the loop through a pipe: one thread, waiting on requests and on children
    woken, wake = os.pipe()
    os.set_blocking(wake, False)
    signal.set_wakeup_fd(wake, warn_on_full_buffer=False)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    children: dict[int, Path] = {}
    pending = b""
    while True:
        ready = select.select([0, woken], [], [])[0]
        if woken in ready:
            os.read(woken, 4096)
            _reap(children)
        if 0 not in ready:
            continue
        chunk = os.read(0, 65536)
        if not chunk:
            return  # the test process ended
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            request: dict[str, Any] = json.loads(line)
            pid = os.fork()
            if pid == 0:
                os.close(woken)
                os.close(wake)
                _child(request, main)
            children[pid] = status_file(Path(request["err"]))
            sys.stdout.write(json.dumps({"pid": pid}) + "\n")
            sys.stdout.flush()
        _reap(children)


def _reap(children: dict[int, Path]) -> None:
    """Reap every ended server and write its exit status (written whole, then renamed)."""
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        path = children.pop(pid, None)
        if path is not None:
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(str(os.waitstatus_to_exitcode(status)))
            tmp.rename(path)


def _child(request: dict[str, Any], main: Any) -> None:
    """In the forked child: become ``croupier ARGV`` (never returns)."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        null = os.open(os.devnull, os.O_RDONLY)
        out = os.open(request["out"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        err = os.open(request["err"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        for fd, to in ((null, 0), (out, 1), (err, 2)):
            os.dup2(fd, to)
            os.close(fd)
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = ["croupier", *request["argv"]]
        main()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
