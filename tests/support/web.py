"""The web console's test bench: a real ``croupier serve --demo`` process on a free port and
Debian's Chromium driven by Playwright (launched through ``executable_path``: no browser is
downloaded). Tests skip with the reason where no Chromium is installed."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"
CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]
PASSWORD = "demo"  # croupier.service.demo.PASSWORD


def chromium() -> str | None:
    """Debian's Chromium, where installed (``apt-get install chromium``)."""
    found = os.environ.get("CROUPIER_CHROMIUM") or shutil.which("chromium")
    if found is None and Path("/usr/bin/chromium").exists():
        found = "/usr/bin/chromium"
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: A request's time limit: a log-in checks an argon2 hash, slow by design on a loaded machine
TIMEOUT = 30.0


class Server:
    """``croupier serve --demo`` over a SQLite file, as a real process."""

    def __init__(self, db: Path, *args: str) -> None:
        self.db = f"sqlite:///{db}"
        self.args = args  # more options of croupier serve (--bots)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        cmd = [*CLI, "serve", "--demo", "--db", self.db, "--port", str(self.port), *self.args]
        self.out = Path(self.db[len("sqlite:///") :] + ".out")  # what serve printed
        with self.out.open("ab") as out:
            self.process = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"croupier serve exited: {err[-2000:]}")
            try:
                if httpx.get(f"{self.url}/openapi.json", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("croupier serve did not start within 60 s")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    # -- the public API, for setting a scene up --------------------------------------------
    def token(self, name: str, password: str = PASSWORD) -> str:
        r = httpx.post(
            f"{self.url}/login", json={"name": name, "password": password}, timeout=TIMEOUT
        )
        assert r.status_code == 200, r.text
        return str(r.json()["token"])

    def add_user(self, name: str, role: str = "player") -> None:
        """A new user (password ``PASSWORD``), added by the admin."""
        r = httpx.post(
            f"{self.url}/users",
            json={"name": name, "role": role, "password": PASSWORD},
            headers={"Authorization": f"Bearer {self.token('admin')}"},
            timeout=TIMEOUT,
        )
        assert r.status_code == 200, r.text

    def command(self, who: str, cmd: dict[str, Any]) -> dict[str, Any]:
        r = httpx.post(
            f"{self.url}/commands",
            json=cmd,
            headers={"Authorization": f"Bearer {self.token(who)}"},
            timeout=TIMEOUT,
        )
        assert r.status_code == 200, r.text
        result: dict[str, Any] = r.json()
        return result


def login(page: Any, server: Server, name: str, password: str = PASSWORD) -> None:
    """Log in through the log-in form, as a person would."""
    page.goto(f"{server.url}/ui/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_selector("#room:not([hidden]), body[data-screen]")


def shoot(page: Any, name: str) -> Path:
    """Save a screenshot of the page under docs/screens/ (shown in the README)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
