"""The action timer (act-omaha-2017 4.8) on the cash table's screens, in Chromium against a live
``croupier serve --demo``: the seat of the player to act counts down the seconds they have left,
on their own page and on the others'."""

from __future__ import annotations

import re
from typing import Any

import httpx

from croupier.table.presets import preset
from support.web import PASSWORD, Server
from support.web_table import PHONE, TABLET, caught_up, open_table, table_view

TABLE = "timed-1"
SECONDS = 40
PLAYERS = ("ann", "ben")


def test_the_seat_to_act_counts_down_the_action_timer(browser: Any, server: Server) -> None:
    admin = {"Authorization": f"Bearer {server.token('admin')}"}
    for name in PLAYERS:
        r = httpx.post(
            f"{server.url}/users",
            json={"name": name, "role": "player", "password": PASSWORD},
            headers=admin,
        )
        assert r.status_code == 200, r.text
    settings = {"rulebook": "act-omaha-2017", "seats": 6, "action_seconds": SECONDS}
    server.command("floor", {"type": "OpenTable", "table": TABLE, "preset": settings})
    r = httpx.post(f"{server.url}/users/dealer/tables", json={"table": TABLE}, headers=admin)
    assert r.status_code == 200, r.text
    cash = preset("act-omaha-2017", seats=6).stakes.min_table_stake * 4
    for seat, name in enumerate(PLAYERS, start=1):
        server.command(
            "cashier",
            {
                "type": "TakeSeat",
                "player": name,
                "table": TABLE,
                "seat": seat,
                "cash": cash,
                "post": True,
            },
        )
    pages = {p: open_table(browser, server, p, PHONE, table=TABLE) for p in PLAYERS}
    dealer = open_table(browser, server, "dealer", TABLET, table=TABLE)
    assert dealer.locator("#seats .seat-timer").count() == 0  # no round, no timer
    server.command("dealer", {"type": "StartRound", "table": TABLE})
    seq, tv = table_view(server, table=TABLE)
    assert tv.round is not None and tv.round.actor is not None
    actor = tv.players[tv.round.actor]
    other = next(p for p in PLAYERS if p != actor)
    caught_up([*pages.values(), dealer], seq)
    seen: dict[str, list[int]] = {}
    for who, page in (*pages.items(), ("dealer", dealer)):
        timer = page.locator(f'#seats .seat[data-player="{actor}"] .seat-timer')
        timer.wait_for()
        # only the seat to act has a timer
        assert page.locator("#seats .seat-timer").count() == 1
        assert re.fullmatch(r"\d+ s to act", timer.inner_text()), timer.inner_text()
        seen[who] = [int(timer.inner_text().split()[0])]
    assert all(0 < s[0] <= SECONDS for s in seen.values())
    # it counts down, second by second, on every screen
    ticking = f'#seats .seat[data-player="{actor}"] .seat-timer'
    for who, page in (*pages.items(), ("dealer", dealer)):
        page.wait_for_function(
            "([sel, was]) => parseInt(document.querySelector(sel)?.textContent) < was",
            arg=[ticking, seen[who][0]],
            timeout=2_500,
        )
        now = int(page.locator(ticking).inner_text().split()[0])
        assert 1 <= seen[who][0] - now <= 4, (who, seen[who][0], now)
    # the player to act reads it on their turn line too
    assert re.search(r"Your turn · \d+ s left", pages[actor].locator("#turn").inner_text())
    # once they act, the timer moves to the next player's seat
    with pages[actor].expect_response(lambda r: r.url.endswith("/commands")) as acted:
        pages[actor].locator("#actions button.call").click()
    assert acted.value.status == 200, acted.value.text()
    seq, after = table_view(server, table=TABLE)
    if after.round is not None and after.round.actor is not None:
        nxt = after.players[after.round.actor]
        assert nxt == other
        caught_up([dealer], seq)
        dealer.locator(f'#seats .seat[data-player="{nxt}"] .seat-timer').wait_for()
        dealer.locator(f'#seats .seat[data-player="{actor}"] .seat-timer').wait_for(
            state="detached"
        )
