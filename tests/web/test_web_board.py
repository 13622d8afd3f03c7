"""The web console's log-in and room board, in Chromium against a live ``croupier serve``."""

from __future__ import annotations

from typing import Any

import pytest

from support.web import Server, login, shoot


@pytest.fixture
def server(module_server: Server) -> Server:
    """These tests only read the room (one log-in is refused): they share one."""
    return module_server


def test_a_wrong_password_is_refused_in_words(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(f"{server.url}/ui/")
    page.get_by_label("Name").fill("floor")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()
    status = page.locator("#status")
    status.get_by_text("unknown user or wrong password").wait_for()
    assert page.locator("#room").is_hidden()


def test_the_board_lists_every_table_of_the_room(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    login(page, server, "floor")
    rows = page.locator("#board tbody tr")
    rows.first.wait_for()
    tables = {rows.nth(i).get_attribute("data-table") for i in range(rows.count())}
    assert tables == {"qld-1", "act-1", "dun-1", "uth-1", "sat-1"}
    qld = page.locator('#board tr[data-table="qld-1"]')
    assert "3 of 6" in qld.inner_text()
    assert qld.locator("td.played").inner_text() == "0 played"  # no bots in this room
    assert page.locator("#alerts").inner_text() == ""  # nothing stopped
    shoot(page, "board")


def test_a_stopped_background_part_is_an_alert_line(browser: Any, server: Server) -> None:
    """What the board's ``background_failed`` lists, each a line of its own above the tables
    (tests/service/test_background.py makes the parts fail for real; here the live board's answer
    gets two such lines added on its way to the page)."""
    failed = [
        {"part": "the demo's bots at qld-1", "at": "2026-12-05T21:00:00+00:00", "why": "X: y"},
        {"part": "the tournaments' level timer", "at": "2026-12-05T21:01:00+00:00"},
    ]

    def board(route: Any) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, json={**answer.json(), "background_failed": failed})

    page = browser.new_page()
    page.route("**/room/board", board)
    login(page, server, "floor")
    lines = page.locator("#alerts .alert")
    lines.first.wait_for()
    assert lines.count() == 2
    first = lines.nth(0).inner_text()
    assert first.startswith("Stopped: the demo's bots at qld-1, at ") and "(X: y)" in first
    assert "(" not in lines.nth(1).inner_text()  # no cause shown where none is given


def test_the_root_address_opens_the_console(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(server.url)
    assert page.url.endswith("/ui/")
    page.get_by_label("Password").wait_for()  # the page's script draws the form once loaded
    assert page.get_by_label("Password").is_visible()


def test_every_screen_has_its_icon_and_asks_for_nothing_missing(
    browser: Any, server: Server
) -> None:
    """Every page names an icon the server serves (a browser that finds none asks for
    /favicon.ico, a 404 on every first load), and none of its requests is answered 404."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    login(page, server, "floor")
    page.locator("#board tbody tr").first.wait_for()
    for screen in ("", "lists.html", "cashier.html", "report.html", "audit.html", "table.html"):
        page.goto(f"{server.url}/ui/{screen}")
        page.wait_for_load_state("networkidle")
        link = page.locator('link[rel="icon"]')
        assert link.count() == 1, f"/ui/{screen} names no icon"
        icon = link.get_attribute("href")
        assert icon is not None
        got = page.request.get(f"{server.url}{icon}")
        assert got.status == 200 and got.headers["content-type"].startswith("image/"), icon
    assert missing == [], missing
