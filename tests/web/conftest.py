"""The browser tests' fixtures: a live ``croupier serve --demo`` for each test, and one Chromium
for the whole session whose pages each test leaves closed (a page left open keeps its scripts
running, reconnecting to a server that is gone and counting timers down, for the rest of the
session)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.web import Server, chromium


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "room.db")
    s.start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = chromium()
    if path is None:
        pytest.skip("no Chromium here: `apt-get install -y chromium` (./dev test does, as root)")
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
