"""The director's live hands on the tournament screen, in Chromium against a live
``croupier serve --demo``: deal the next hand at a table, see the player to act, call the clock
on them (qld-tournament-2020 4.28); a player acts through the API meanwhile."""

from __future__ import annotations

from typing import Any

import httpx

from support.web import Server, login

T = "sat-1"
FIELD = ["bot1", "bot2", "bot3", "bot4", "bot5", "bot6"]


def test_the_director_deals_a_live_hand_and_calls_the_clock(browser: Any, server: Server) -> None:
    for p in FIELD:
        server.command("cashier", {"type": "EnterTournament", "tournament": T, "player": p})
    server.command("director", {"type": "StartTournament", "tournament": T})
    desk = browser.new_page(viewport={"width": 1400, "height": 1000})
    login(desk, server, "director")
    desk.goto(f"{server.url}/ui/tournament.html?tournament={T}")
    row = desk.locator('#live-hands li[data-live-table="1"]')
    row.get_by_text("between hands").wait_for()
    desk.get_by_role("button", name="Deal at table 1").click()
    desk.locator("#status.ok").get_by_text("Table 1: the next hand is dealt.").wait_for()
    row.get_by_text("to act").wait_for()
    actor = row.get_attribute("data-actor")
    assert actor in FIELD
    # the player to act calls through the API: the screen follows to the next player
    r = httpx.post(
        f"{server.url}/commands",
        json={"type": "TournamentAct", "tournament": T, "number": 1, "action": "call"},
        headers={"Authorization": f"Bearer {server.token(actor)}"},
    )
    assert r.status_code == 200, r.text
    live = "document.querySelector('#live-hands li[data-live-table=\"1\"]')"
    desk.wait_for_function(f"{live}.dataset.actor !== '{actor}'")
    desk.get_by_role("button", name="Call the clock at table 1").click()
    desk.locator("#status.ok").get_by_text("time is called on").wait_for()
    row.get_by_text("on the clock:").wait_for()
    assert desk.get_by_role("button", name="Call the clock at table 1").is_disabled()
    # too soon to rule the time out: refused, with the clause
    desk.get_by_role("button", name="Time expired at table 1").click()
    desk.locator("#status.refused").get_by_text("still has time").wait_for()
    assert desk.locator("#status .clause").inner_text()  # the clock's clause
