"""The web console's test bench: a real ``croupier serve --demo`` process on a free port and
Debian's Chromium driven by Playwright (launched through ``executable_path``: no browser is
downloaded). Tests skip with the reason where no Chromium is installed.

Each server starts on a copy of one demo room seeded in this process (the room ``serve
--demo`` would seed: only what the demo's seeding adds, nothing played), and the bench logs
in through the API once per user and server: each log-in checks an argon2 hash, slow by
design."""

from __future__ import annotations

import atexit
import datetime
import functools
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from support.forks import FORKS, Forked

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"
CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]
PASSWORD = "demo"  # croupier.service.demo.PASSWORD


def chromium() -> str | None:
    """Debian's Chromium, where installed: its headless shell (``apt-get install
    chromium-headless-shell``: the same engine without the full browser's interface, half the
    CPU of the browser tests), else the browser (``apt-get install chromium``)."""
    found = os.environ.get("CROUPIER_CHROMIUM")
    for name in ("chromium-headless-shell", "chromium"):
        found = found or shutil.which(name)
        if found is None and Path("/usr/bin", name).exists():
            found = str(Path("/usr/bin", name))
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: A request's time limit: a log-in checks an argon2 hash, slow by design on a loaded machine
TIMEOUT = 30.0


@functools.cache
def _seeded(day: str) -> Path:
    """A SQLite file holding the demo room as ``serve --demo`` seeds it, seeded once a day
    (``day``: the seeding's buy-ins are today's in the day report)."""
    from croupier.service import demo
    from croupier.service.store.store import EventStore

    folder = tempfile.mkdtemp(prefix="croupier-demo-")
    atexit.register(shutil.rmtree, folder, True)
    path = Path(folder) / "seeded.db"
    store = EventStore(f"sqlite:///{path}")
    try:
        assert demo.seed(store)
    finally:
        store.close()
    return path


def seeded_copy(db: Path) -> None:
    """A fresh copy of the seeded demo room at ``db`` (``serve --demo`` finds it there)."""
    now = datetime.datetime.now()
    day = f"{now.date()}-{now.astimezone(datetime.UTC).date()}"
    source = _seeded(day)
    for suffix in ("", "-wal", "-shm"):
        part = source.with_name(source.name + suffix)
        if part.exists():
            shutil.copy(part, db.with_name(db.name + suffix))


class Server:
    """``croupier serve --demo`` over a SQLite file, as a real process (forked from one that
    imported croupier already: :mod:`support.forks`); ``seeded``: on a copy of the demo room
    seeded beforehand (else ``serve --demo`` seeds it)."""

    def __init__(self, db: Path, *args: str, seeded: bool = True) -> None:
        self.db = f"sqlite:///{db}"
        self.args = args  # more options of croupier serve (--bots)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: Forked | None = None  # forked: see support.forks
        self._tokens: dict[tuple[str, str], str] = {}
        self._http: httpx.Client | None = None
        if seeded and not db.exists():
            seeded_copy(db)

    @property
    def http(self) -> httpx.Client:
        """One client for the bench's requests, its connections kept open a while (and let go
        well before the server closes an idle one, after 5 s: never reused as it closes)."""
        if self._http is None:
            limits = httpx.Limits(keepalive_expiry=2.0)
            self._http = httpx.Client(base_url=self.url, timeout=TIMEOUT, limits=limits)
        return self._http

    def start(self) -> None:
        self.launch()
        self.ready()

    def launch(self) -> None:
        """The process started; :meth:`ready` waits until it answers."""
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        argv = ["serve", "--demo", "--db", self.db, "--port", str(self.port), *self.args]
        self.out = Path(self.db[len("sqlite:///") :] + ".out")  # what serve printed
        self.process = FORKS.spawn(argv, env, self.out, self.out.with_suffix(".err"))

    def ready(self) -> None:
        assert self.process is not None, "launch() first"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.err.read_text(errors="replace")
                raise RuntimeError(f"croupier serve exited: {err[-2000:]}")
            try:
                if httpx.get(f"{self.url}/openapi.json", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("croupier serve did not start within 60 s")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None
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
        """``name``'s session token, logged in once (a restart keeps the sessions' secret)."""
        key = (name, password)
        if key not in self._tokens:
            r = self.http.post("/login", json={"name": name, "password": password})
            assert r.status_code == 200, r.text
            self._tokens[key] = str(r.json()["token"])
        return self._tokens[key]

    def auth(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token(who)}"}

    def get(self, who: str, path: str) -> Any:
        """``who``'s read of ``path``: its JSON body (asserted 200)."""
        r = self.http.get(path, headers=self.auth(who))
        assert r.status_code == 200, r.text
        return r.json()

    def add_user(self, name: str, role: str = "player") -> None:
        """A new user (password ``PASSWORD``), added by the admin."""
        r = self.http.post(
            "/users",
            json={"name": name, "role": role, "password": PASSWORD},
            headers=self.auth("admin"),
        )
        assert r.status_code == 200, r.text

    def command(self, who: str, cmd: dict[str, Any]) -> dict[str, Any]:
        r = self.http.post("/commands", json=cmd, headers=self.auth(who))
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


def shoot(page: Any, name: str) -> None:
    """Save a screenshot of the page as docs/screens/NAME.png (the README's and the guides'
    pictures) when ``CROUPIER_SCREENS=1`` asks for them; otherwise a test run leaves the
    committed pictures as they are (every run used to rewrite them all)."""
    if os.environ.get("CROUPIER_SCREENS") != "1":
        return
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)
