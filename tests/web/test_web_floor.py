"""The floor's screens in Chromium against a live ``croupier serve --demo``: a table change (the
floor moves a player with their chips to another table of the same game) and a round reopened
by the floor, as every screen shows them."""

from __future__ import annotations

import re
from typing import Any

from support.web import Server
from support.web_table import DESK, PHONE, TABLET, caught_up, open_table, table_view


def ledger(server: Server) -> dict[str, Any]:
    body: dict[str, Any] = server.get("floor", "/room/ledger")
    return body


def test_the_floor_moves_a_player_to_another_table_with_their_chips(
    browser: Any, server: Server
) -> None:
    # a second table of qld-1's game and stakes, and one of another game (act-1, in the demo)
    server.command(
        "floor",
        {
            "type": "OpenTable",
            "table": "qld-2",
            "preset": {"rulebook": "qld-holdem-2005", "seats": 6},
        },
    )
    _, before = table_view(server)
    chips = dict(before.stacks)["bot1"]
    cash = ledger(server)
    floor = open_table(browser, server, "floor", DESK)
    player = open_table(browser, server, "bot1", PHONE)
    change = floor.locator("#table-change")
    change.get_by_label("Who changes table").select_option("bot1")
    # only the tables of the same game and stakes are offered: qld-2, not act-1 nor dun-1
    options = change.get_by_label("New table").locator("option")
    options.first.wait_for(state="attached")
    assert [o.get_attribute("value") for o in options.all()] == ["qld-2"]
    # a seat that does not exist is refused with its clause, and nothing moves
    change.get_by_label("Seat at the new table").fill("9")
    change.get_by_role("button", name="Move to the table").click()
    floor.locator("#status.refused .clause").wait_for()
    assert floor.locator("#status.refused .clause").inner_text().strip()
    assert floor.locator('#seats .seat[data-player="bot1"]').count() == 1
    # the move: the status line says it in words, the player's seat leaves this table's screens
    change.get_by_label("Seat at the new table").fill("2")
    change.get_by_role("button", name="Move to the table").click()
    floor.locator("#status.ok").get_by_text(
        f"Moved bot1 with {chips} chips from table qld-1 to seat 2 at table qld-2"
    ).wait_for()
    status = floor.locator("#status").inner_text()
    assert not re.search(r"\b(?:[A-Z][a-z]+){2,}\b", status), status  # no class names
    for page in (floor, player):
        page.locator('#seats .seat[data-player="bot1"]').wait_for(state="detached")
    # at the new table the player sits in seat 2 with the same chips
    there = open_table(browser, server, "floor", TABLET, table="qld-2")
    seat = there.locator('#seats .seat[data-player="bot1"]')
    seat.wait_for()
    assert str(chips) in seat.inner_text()
    seq, view = table_view(server, table="qld-2")
    caught_up([there], seq)
    assert dict(view.stacks)["bot1"] == chips
    assert (2, "bot1") in [(n, p) for n, p, _ in view.seats]
    after = ledger(server)
    assert after["conserved"] and after["ledger"] == cash["ledger"]  # no cash in or out


PLAYERS = ("bot1", "bot2", "bot3")  # seated at qld-1 in the demo room


def test_the_floor_reopens_the_last_round_and_every_screen_shows_it(
    browser: Any, server: Server
) -> None:
    players = {p: open_table(browser, server, p, PHONE) for p in PLAYERS}
    floor = open_table(browser, server, "floor", DESK)
    pages = [*players.values(), floor]
    server.command("dealer", {"type": "StartRound", "table": "qld-1"})
    # everyone folds to the big blind, each on their own page
    folded = []
    while True:
        seq, tv = table_view(server)
        if tv.round is None:
            break
        assert tv.round.actor is not None
        who = tv.players[tv.round.actor]
        caught_up([players[who]], seq)
        players[who].locator("#actions button.fold").click()
        players[who].locator("#actions button.fold").wait_for(state="detached")
        folded.append(who)
    seq, over = table_view(server)
    caught_up(pages, seq)
    last = folded[-1]
    for p in pages:
        assert p.locator("#turn").inner_text() == "Waiting for the next round"
    # the floor takes the last fold back: the round is in progress again, the last folder to act
    floor.get_by_role("button", name="Reopen the last round").click()
    floor.locator("#status.ok").get_by_text(
        "the round at table qld-1 is reopened (1 commands taken back)"
    ).wait_for()
    seq, reopened = table_view(server)
    assert reopened.round is not None and reopened.players[reopened.round.actor] == last
    caught_up(pages, seq)
    for p in pages:
        ruling = p.locator("#log li.ruling", has_text="The last round reopens (1 command(s) back)")
        ruling.wait_for()
        assert ruling.locator(".clause").inner_text().strip()
        assert p.locator("#pot").inner_text().startswith("Pot ")
    players[last].locator("#turn", has_text="Your turn").wait_for()
    players[last].locator("#actions button.fold").wait_for()
    for other in set(PLAYERS) - {last}:
        assert players[other].locator("#turn").inner_text() == f"{last} to act"
    assert floor.locator("#turn").inner_text() == f"{last} to act"
    # the round goes on from there: the player acts again on their page
    with players[last].expect_response(lambda r: r.url.endswith("/commands")) as again:
        players[last].locator("#actions button.fold").click()
    assert again.value.status == 200, again.value.text()
    seq, done = table_view(server)
    assert done.round is None and done.hands == over.hands
