"""The staff screens' status line says what a command did in words ("Cashed out 250 for zoe at
table qld-1"), never the internal names of its events (issue 16)."""

from __future__ import annotations

import re
from typing import Any

from support.web import Server, login

CLASS_NAME = re.compile(r"\b(?:[A-Z][a-z]+){2,}\b")  # CashedOut, AtTableEvent, BoughtIn


def test_the_cage_reads_what_it_did_in_words(browser: Any, server: Server) -> None:
    server.add_user("zoe")  # a seat is taken by a user of the room
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    login(page, server, "cashier")
    page.goto(f"{server.url}/ui/cashier.html")
    page.locator("#conserved").get_by_text("Conserved").wait_for()
    status = page.locator("#status.ok")
    seat = page.locator("#take-seat")
    seat.get_by_label("Player").fill("zoe")
    seat.get_by_label("Table").select_option("qld-1")
    seat.get_by_label("Seat number").fill("4")
    seat.get_by_label("Buy-in (cash)").fill("250")
    seat.get_by_role("button", name="Seat a player").click()
    status.get_by_text("Took 250 in cash for zoe's chips at table qld-1").wait_for()
    assert "zoe sits in seat 4 at table qld-1 with 250 chips" in status.inner_text()
    assert not CLASS_NAME.search(status.inner_text()), status.inner_text()
    page.locator('#seated tr[data-player="zoe"]').get_by_role("button", name="Cash out").click()
    page.locator("#cash-out").get_by_role("button", name="Cash out").click()
    status.get_by_text("Cashed out 250 for zoe at table qld-1").wait_for()
    text = status.inner_text()
    assert not CLASS_NAME.search(text), text
    assert "AtTableEvent" not in text and "CashedOut" not in text
