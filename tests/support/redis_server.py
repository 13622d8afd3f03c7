"""A throw-away Redis for the several-node tests: the machine's ``redis-server`` on a free
port in a temporary directory, nothing saved, stopped (and waited for) after the test. Skips,
with the reason, only where no ``redis-server`` exists."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    """One ``redis-server`` process: its URL, and a way to stop and start it again on the
    same port (Redis down, then back)."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("no redis-server on this machine")
        self.binary, self.folder, self.port = binary, folder, _free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        cmd += ["--dir", str(self.folder), "--save", "", "--appendonly", "no"]
        log = (self.folder / "redis.log").open("ab")
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((self.folder / "redis.log").read_text(errors="replace"))
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    """A Redis started in a temporary directory, stopped at the end."""
    with tempfile.TemporaryDirectory(prefix="croupier-redis-") as folder:
        server = RedisServer(Path(folder))
        server.start()
        try:
            yield server
        finally:
            server.stop()
