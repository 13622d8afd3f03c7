"""``./dev run`` (``croupier serve --demo --bots``): it prints the board's address and the demo
log-ins, and a newcomer logs in as the demo player ``you`` on a phone and plays a hand against
the bots in the browser: their seat is kept, sitting out, until they come back from the table's
page (the bots play on without them meanwhile); then the bots wait for the person to act."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.web import Server, login, shoot
from support.web_table import PHONE, act, table_view


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "room.db", "--bots")
    s.start()
    try:
        yield s
    finally:
        s.stop()


def test_a_newcomer_plays_a_hand_against_the_bots_within_a_minute(
    browser: Any, room: Server
) -> None:
    began = time.monotonic()
    printed = room.out.read_text()
    assert f"the room's board: {room.url}/ui/" in printed
    assert "log in as 'you' (password 'demo'): seat 4 at dun-1" in printed
    page = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    login(page, room, "you")
    page.locator('#board tr[data-table="dun-1"] a').first.click()
    page.wait_for_selector("body[data-screen=player][data-conn=live]")
    assert page.locator('.seat.me[data-player="you"]').count() == 1
    _, tv = table_view(room, table="dun-1")
    assert (4, "you", "sitting out") in tv.seats
    page.get_by_role("button", name="Post and play now").click()
    page.get_by_role("button", name="Sit out").wait_for()  # back: dealt in at the next round
    page.locator("#turn", has_text="Your turn").wait_for(timeout=60_000)
    first_turn = time.monotonic() - began
    _, tv = table_view(room, table="dun-1")
    hand = tv.hands
    shot = False
    acted = 0
    while time.monotonic() - began < 120:
        _, tv = table_view(room, table="dun-1")
        if tv.hands > hand:
            break
        r = tv.round
        if r is not None and r.actor is not None and tv.players[r.actor] == "you":
            if not shot:
                page.locator("#actions button").first.wait_for()
                shoot(page, "demo-you-phone")
                shot = True
            act(page, room, "dun-1")
            acted += 1
        else:
            time.sleep(0.1)
    assert acted >= 1 and tv.hands > hand, "the hand did not finish"
    page.locator("#log li", has_text=f"Round {hand + 1} over").wait_for()
    done = time.monotonic() - began
    print(f"\nnewcomer: first turn {first_turn:.1f} s, hand played ({acted} actions) {done:.1f} s")
    # the bots went on at the other tables meanwhile, not held up by the person's table
    _, qld = table_view(room, table="qld-1")
    assert qld.hands >= 1
