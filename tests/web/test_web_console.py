"""The console's manners: dates and times in the room's locale, time zone and 24-hour clock
(``croupier serve --locale --time-zone``) whatever the browser's own settings, and a loading
state wherever a page waits for the server."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from support.web import CLI, Server, login


@pytest.fixture(scope="module")
def brisbane(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room in Brisbane's zone, only read by the tests that use it."""
    db = tmp_path_factory.mktemp("brisbane") / "room.db"
    s = Server(db, "--locale", "en-NZ", "--time-zone", "Australia/Brisbane")
    s.start()
    try:
        yield s
    finally:
        s.stop()


def test_the_screens_write_times_in_the_rooms_zone_and_24_hour_clock(
    browser: Any, brisbane: Server
) -> None:
    said = httpx.get(f"{brisbane.url}/locale", timeout=10).json()
    assert said == {"language": "en-NZ", "time_zone": "Australia/Brisbane", "hour_cycle": "h23"}
    # a browser set to US English in New York still sees the room's time
    page = browser.new_page(locale="en-US", timezone_id="America/New_York")
    try:
        login(page, brisbane, "auditor")
        page.goto(f"{brisbane.url}/ui/audit.html")
        at = 13 * 3600 + 5 * 60  # 13:05 UTC on 1 January 1970 is 23:05 in Brisbane (UTC+10)
        shown = page.evaluate(
            "async (at) => { const m = await import('/ui/croupier.js');"
            " return [m.dateTime(at), m.timeOfDay(at), m.count(1234567)]; }",
            at,
        )
        assert shown == ["01/01/1970, 23:05:00", "23:05:00", "1,234,567"]
    finally:
        page.close()


def test_a_zone_or_locale_the_screens_cannot_use_is_refused_at_start(tmp_path: Path) -> None:
    for option, value in (("--time-zone", "Mars/Olympus"), ("--locale", "not a tag!")):
        run = subprocess.run(
            [*CLI, "serve", "--db", f"sqlite:///{tmp_path / 'r.db'}", option, value],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 2, run.stderr
        assert value in run.stderr


def test_a_page_waiting_for_the_server_says_it_is_loading(browser: Any, brisbane: Server) -> None:
    page = browser.new_page()
    try:
        login(page, brisbane, "floor")
        release: list[Any] = []
        page.route("**/room/board", lambda route: release.append(route))  # held: a slow server
        page.goto(f"{brisbane.url}/ui/")
        page.wait_for_selector("body[data-busy][aria-busy=true]", timeout=10_000)
        said = page.evaluate("getComputedStyle(document.body, '::after').content")
        assert "Loading" in said
        while release:
            release.pop().continue_()
        page.wait_for_selector("body:not([data-busy])", timeout=10_000)
        assert page.evaluate("document.body.getAttribute('aria-busy')") is None
        page.wait_for_selector("#board tbody tr")
    finally:
        page.close()
