"""The UTH table in Chromium against a live ``croupier serve --demo``: two players on their own
boxes and the dealer play a round from wagers to settlement."""

from __future__ import annotations

import re
from typing import Any

from support.web import Server, login, shoot

TABLE = "uth-1"
URL = f"/ui/uth.html?table={TABLE}"


#: Every script error a page of these tests met (a settlement that failed to render threw).
ERRORS: list[str] = []


def page_for(browser: Any, server: Server, who: str, width: int = 1280) -> Any:
    page = browser.new_context(viewport={"width": width, "height": 1000}).new_page()
    page.on("pageerror", lambda e: ERRORS.append(f"{who}: {e}"))
    login(page, server, who)
    page.goto(server.url + URL)
    page.wait_for_selector("body[data-awaiting]")
    return page


def decide(page: Any) -> None:
    """Check where a check is open, else the smallest bet; wait for the next stage."""
    buttons = page.locator("#decisions button")
    buttons.first.wait_for()
    shown = page.locator("#board .card").count()
    check = page.get_by_role("button", name="Check")
    if check.count():
        check.click()
    else:
        page.locator("#decisions button", has_text=re.compile("^Bet")).last.click()
    page.wait_for_function(
        "([n]) => document.querySelectorAll('#board .card').length !== n"
        " || document.body.dataset.awaiting !== 'decisions'",
        arg=[shown],
    )


def test_a_uth_round_from_wagers_to_settlement(browser: Any, server: Server) -> None:
    ERRORS.clear()
    for p in ("bot1", "bot2"):
        server.command("cashier", {"type": "UthBuyIn", "player": p, "table": TABLE, "cash": 400})
    desk = page_for(browser, server, "dealer")
    one = page_for(browser, server, "bot1", width=420)  # a phone
    two = page_for(browser, server, "bot2")

    desk.get_by_role("button", name="Open a round").click()
    for page, trips in ((one, "5"), (two, "0")):
        page.wait_for_selector('body[data-awaiting="wagers"]')
        page.get_by_label("Ante", exact=True).fill("10")
        assert page.get_by_label("Blind (equal to the Ante, 4.2)").input_value() == "10"
        page.get_by_label("Trips (optional)").fill(trips)
        page.get_by_role("button", name="Place wagers").click()
        page.locator("#status.ok").wait_for()
    desk.locator('.box[data-box="2"]').wait_for()
    assert desk.locator('.box[data-box="1"] [data-wager="trips"] b').inner_text() == "5"
    desk.get_by_role("button", name="Deal").click()

    # before the flop: bot2 raises four times the Ante, bot1 checks on to the river
    two.get_by_role("button", name="Bet 4× the Ante").click()
    one.wait_for_selector('body[data-awaiting="decisions"]')
    mine = one.locator('.box[data-player="bot1"] .hand .card:not(.down)')
    assert mine.count() == 2  # the player's own cards
    assert one.locator('.box[data-player="bot2"] .card:not(.down)').count() == 0  # not bot2's
    for _ in range(3):
        if one.locator("body[data-awaiting='settlement']").count():
            break
        decide(one)
    desk.wait_for_selector('body[data-awaiting="settlement"]')
    assert desk.locator("#dealer-hand").inner_text() != ""
    assert one.locator("#dealer-controls").is_hidden()  # a player does not deal
    assert one.locator("#wagers").is_hidden()  # nor wager once the cards are out
    shoot(one, "uth-player-decisions")
    desk.get_by_role("button", name="Settle every box").click()

    for page in (desk, one, two):
        page.wait_for_selector('body[data-in-round="false"]')
        try:
            page.locator('.box[data-box="1"] table.lines').wait_for()
            page.locator('.box[data-box="2"] table.lines').wait_for()
        except Exception as e:  # the page's own words for why it did not render them
            raise AssertionError(f"no settlement lines; script errors: {ERRORS}") from e
    rows = one.locator('.box[data-player="bot1"] table.lines tbody tr')
    wagers = {rows.nth(i).get_attribute("data-wager") for i in range(rows.count())}
    assert wagers == {"ante", "blind", "play", "trips"}  # every wager, each on its line
    clauses = [c.inner_text() for c in one.locator(".box table.lines td.clause").all()]
    assert clauses and all(c.startswith("act-uth-2025 9.") for c in clauses)
    assert "act-uth-2025 9.3" in one.locator('.box[data-player="bot1"] .total').inner_text()
    assert ERRORS == []
    shoot(desk, "uth-dealer")
    shoot(one, "uth-player")


def test_a_second_wager_on_a_box_is_refused_with_its_clause(browser: Any, server: Server) -> None:
    server.command("cashier", {"type": "UthBuyIn", "player": "bot1", "table": TABLE, "cash": 400})
    server.command("dealer", {"type": "UthStartRound", "table": TABLE})
    page = page_for(browser, server, "bot1")
    page.wait_for_selector('body[data-awaiting="wagers"]')
    page.get_by_label("Ante", exact=True).fill("10")
    page.get_by_role("button", name="Place wagers").click()
    page.locator("#status.ok").wait_for()
    page.get_by_role("button", name="Place wagers").click()  # a second wager on the box
    refused = page.locator("#status.refused")
    refused.wait_for()
    assert "already holds a wager" in refused.inner_text()
    assert refused.locator(".clause").inner_text().strip() == "act-uth-2025 4.5"
