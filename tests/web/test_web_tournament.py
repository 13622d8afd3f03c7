"""The tournament director's screen and the wall clock, in Chromium against a live
``croupier serve --demo`` (its tournament sat-1, run by the room with its conditions)."""

from __future__ import annotations

import re
from typing import Any

import httpx

from support.web import Server, login, shoot

T = "sat-1"
FIELD = ["bot1", "bot2", "bot3", "bot4", "bot5", "bot6"]


def enter_field(server: Server) -> None:
    """The cage takes six entries through the API."""
    for p in FIELD:
        server.command("cashier", {"type": "EnterTournament", "tournament": T, "player": p})


def remaining(page: Any) -> int:
    return int(page.locator("#time").get_attribute("data-remaining"))


def until_below(page: Any, seconds: int) -> None:
    """Wait until the wall's clock shows at most ``seconds`` left."""
    page.wait_for_function(
        f"Number(document.querySelector('#time').dataset.remaining) <= {seconds}"
    )


def writes_in(page: Any, selector: str, ms: int) -> int:
    """How many times the page rewrote the text of ``selector`` in ``ms`` milliseconds."""
    count: int = page.evaluate(
        """([selector, ms]) => new Promise((done) => {
             let n = 0;
             const seen = new MutationObserver((records) => { n += records.length; });
             const all = { childList: true, characterData: true, subtree: true };
             seen.observe(document.querySelector(selector), all);
             setTimeout(() => { seen.disconnect(); done(n); }, ms);
           })""",
        [selector, ms],
    )
    return count


def test_the_director_starts_and_the_wall_clock_ticks_changes_level_and_pauses(
    browser: Any, server: Server
) -> None:
    enter_field(server)
    wall = browser.new_page(viewport={"width": 1920, "height": 1080})
    wall.goto(f"{server.url}/ui/clock.html?tournament={T}")  # a wall screen: no log-in
    wall.wait_for_selector('body[data-status="registering"]')
    assert wall.locator("#entries").inner_text() == "6"
    assert wall.locator("#pool").inner_text() == "$600"

    desk = browser.new_page(viewport={"width": 1400, "height": 1000})
    login(desk, server, "director")
    desk.goto(f"{server.url}/ui/tournament.html?tournament={T}")
    desk.locator('#entrants tr[data-player="bot6"]').wait_for()
    assert desk.locator("#entrants tbody tr").count() == 6  # the registrations, seen
    desk.get_by_role("button", name="Start the tournament").click()

    # the wall clock learns of the start over its websocket and counts down on its own
    wall.wait_for_selector('body[data-status="running"]')
    assert wall.locator("#level").inner_text().lower() == "level 1"
    assert wall.locator("#blinds").inner_text() == "25 / 50"
    first = remaining(wall)
    assert 1190 <= first <= 1200
    until_below(wall, first - 2)
    on_server = httpx.get(f"{server.url}/tournaments/{T}/clock").json()["clock"]["remaining"]
    assert abs(remaining(wall) - on_server) <= 1  # the page's count agrees with the server's
    assert wall.locator("#players").inner_text() == "6"
    assert wall.locator("#average").inner_text() == "5,000"
    assert wall.locator("#next-level").inner_text().startswith("50 / 100")
    assert wall.locator("#payouts li").count() >= 1
    shoot(wall, "clock")
    # the running count is written once a second, not at every frame (a screen left open on a
    # phone or a wall repaints once a second): 2.5 s of it, on the wall and the director's screen
    desk.locator("#t-time").wait_for()
    assert writes_in(wall, "#time", 2500) <= 4
    assert writes_in(desk, "#t-time", 2500) <= 4

    # the director moves the clock to level 2: the wall shows it at once
    desk.get_by_role("button", name="Next level").click()
    wall.wait_for_selector('#level[data-level="2"]')
    assert wall.locator("#blinds").inner_text() == "50 / 100"
    assert remaining(wall) >= 1195
    assert wall.locator("#next-break").inner_text().startswith("in 19:") or wall.locator(
        "#next-break"
    ).inner_text().startswith("in 20:")

    # paused: the wall says so and its time stands still
    desk.get_by_role("button", name="Pause the clock").click()
    wall.wait_for_selector('body[data-status="paused"]')
    assert "paused" in wall.locator("#state").inner_text()
    held = remaining(wall)
    wall.wait_for_timeout(2200)
    assert remaining(wall) == held
    shoot(wall, "clock-paused")

    desk.get_by_role("button", name="Resume the clock").click()
    wall.wait_for_selector('body[data-status="running"]')
    until_below(wall, held - 1)
    desk.locator('#t-status:text("running")').wait_for()
    assert "the tables are balanced" in desk.locator("#proposed").inner_text()

    # the director runs the clock on to 3 s before the level's end: the wall counts down to
    # it and the server starts the break on its own, at its time
    desk.get_by_label("Seconds (+/−)").fill(str(remaining(wall) - 3))
    desk.get_by_role("button", name="Adjust the clock").click()
    until_below(wall, 3)
    wall.wait_for_selector('body[data-status="break"]', timeout=10_000)
    assert wall.locator("#level").inner_text().lower() == "break"
    assert wall.locator("#blinds").inner_text() == "Colour up the 25 chips"
    assert wall.locator("#next-level").inner_text().startswith("100 / 200 · BBA 200")
    shoot(wall, "clock-break")

    # a penalty, recorded through the API and answered in the status line
    desk.get_by_label("Penalty").select_option("warning")
    desk.get_by_role("button", name="Penalise").click()
    desk.locator("#status.ok").get_by_text(
        re.compile(r"^Done: (.*; )?\w+ is warned in sat-1")
    ).wait_for()

    # the clock on a slow player (4.27): the director's finding is recorded and counted
    desk.get_by_label("Slow player").select_option("bot2")
    desk.get_by_role("button", name="Put on the clock (slow play)").click()
    desk.locator("#status.ok").get_by_text("bot2 is told to expedite play").wait_for()
    desk.locator('#entrants tr[data-player="bot2"] td:text("1×")').wait_for()

    # a player found in the wrong seat is moved to the right one (dunedin-house 78)
    field = httpx.get(
        f"{server.url}/tournaments/{T}",
        headers={"Authorization": f"Bearer {server.token('director')}"},
    ).json()
    bot1 = next(e for e in field["entrants"] if e["player"] == "bot1")
    taken = {int(k) for k in field["tables"][str(bot1["table"])]}
    free = min(set(range(1, 11)) - taken)
    desk.get_by_label("In the wrong seat").select_option("bot1")
    desk.get_by_label("Right table").fill(str(bot1["table"]))
    desk.get_by_label("Right seat").fill(str(free))
    desk.get_by_role("button", name="Correct the seat").click()
    desk.locator("#status.ok").get_by_text(
        re.compile(r"^Done: (.*; )?bot1 moves from table \d+ seat \d+ to table")
    ).wait_for()
    desk.locator(f'#entrants tr[data-player="bot1"] td:nth-child(5):text-is("{free}")').wait_for()
    shoot(desk, "director")


def test_the_directors_refusals_name_their_clause(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    login(page, server, "director")
    page.goto(f"{server.url}/ui/tournament.html?tournament={T}")
    page.wait_for_selector("#t-status:text('registering')")
    page.get_by_role("button", name="Start the tournament").click()  # nobody has entered
    status = page.locator("#status.refused")
    status.wait_for()
    assert status.locator(".clause").inner_text().strip() != ""


def test_the_cage_enters_a_player_and_the_director_sees_the_registration(
    browser: Any, server: Server
) -> None:
    desk = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    login(desk, server, "director")
    desk.goto(f"{server.url}/ui/tournament.html?tournament={T}")
    desk.wait_for_selector("#t-status:text('registering')")
    assert desk.locator("#cage").is_hidden()  # the cage's forms are the cashier's

    cage = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    login(cage, server, "cashier")
    cage.goto(f"{server.url}/ui/tournament.html?tournament={T}")
    assert cage.locator("#director").is_hidden()
    cage.locator("#enter-player").fill("bot7")
    cage.get_by_role("button", name="Enter", exact=True).click()
    cage.locator("#status.ok").get_by_text("bot7 is entered").wait_for()

    desk.locator('#entrants tr[data-player="bot7"]').wait_for()  # live, over the websocket
    assert desk.locator("#t-entries").inner_text() == "1"

    # a re-buy before the start is refused with its clause (the cage's form sends it)
    cage.locator("#buy-player").fill("bot7")
    cage.get_by_label("Kind").select_option("rebuy")
    cage.get_by_role("button", name="Buy").click()
    cage.locator("#status.refused .clause").wait_for()
    assert "owed" not in cage.locator("#status").inner_text()

    # a prize the pool does not owe is refused with its clause, and nothing is paid
    cage.get_by_label("Prize to").select_option("bot7")
    cage.get_by_label("Prize amount").fill("10")
    cage.get_by_role("button", name="Pay the prize").click()
    refused = cage.locator("#status.refused", has_text="owed 0")
    refused.wait_for()
    assert refused.locator(".clause").inner_text().strip().startswith("dunedin-house")  # its book
