"""The browser tests' fixtures: a live ``croupier serve --demo`` for each test (``server``; a
module whose tests only read the room shares one, ``module_server``), and one Chromium for the
whole session whose pages each test leaves closed (a page left open keeps its scripts running,
reconnecting to a server that is gone and counting timers down, for the rest of the session).

A server is forked from a process that imported croupier once (:mod:`support.forks`: the
import was most of a start's time), and the room of the next test to run in this process
(where it asks for ``server``) is started while this test runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.web import Server, chromium

#: The test that runs after the one running now in this process (None: the last).
_NEXT: list[pytest.Item | None] = [None]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    _NEXT[0] = nextitem


class Rooms:
    """Fresh demo rooms, each started one test ahead of the test that takes it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.made = 0
        self.spare: Server | None = None

    def _launch(self) -> Server:
        self.made += 1
        s = Server(self.folder / f"room-{self.made}.db")
        s.launch()
        return s

    def take(self) -> Server:
        """A room that nobody has used, answering; the next test's started if it wants one."""
        s, self.spare = self.spare or self._launch(), None
        try:
            s.ready()
        except RuntimeError:  # a spare that could not start (its port taken meanwhile)
            s.stop()
            s = self._launch()
            s.ready()
        after = _NEXT[0]
        if after is not None and "rooms" in getattr(after, "fixturenames", ()):
            self.spare = self._launch()
        return s

    def close(self) -> None:
        if self.spare is not None:
            self.spare.stop()
            self.spare = None


@pytest.fixture(scope="session")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rooms]:
    r = Rooms(tmp_path_factory.mktemp("rooms"))
    try:
        yield r
    finally:
        r.close()


@pytest.fixture
def server(rooms: Rooms) -> Iterator[Server]:
    s = rooms.take()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One room for a module's tests, where none of them changes what another looks at."""
    s = Server(tmp_path_factory.mktemp("room") / "room.db")
    s.start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = chromium()
    if path is None:
        pytest.skip(
            "no Chromium here: `apt-get install -y chromium-headless-shell`"
            " (./dev test does, as root)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield chrome
        finally:
            chrome.close()


@pytest.fixture(autouse=True)
def _pages_closed(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test that used the browser (and after its server stopped), its pages close."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()
