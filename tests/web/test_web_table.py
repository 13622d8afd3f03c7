"""The cash table's screens, in Chromium against a live ``croupier serve --demo``: three players
on phones and the dealer's tablet play a hand to the showdown; a player's page never holds
another's hole cards; the floor's report and its ruling reach every screen; a restart of the
server mid-hand, after which the pages reconnect and play goes on."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from croupier.cards import Card
from support.web import Server, login, shoot
from support.web_table import (
    DESK,
    PHONE,
    TABLET,
    act,
    card_ids,
    caught_up,
    open_table,
    play_out,
    table_view,
)

PLAYERS = ("bot1", "bot2", "bot3")  # seated at qld-1 (qld-holdem-2005) in the demo room


def test_three_players_and_the_dealer_play_a_hand_to_the_showdown(
    browser: Any, server: Server
) -> None:
    players = {p: open_table(browser, server, p, PHONE) for p in PLAYERS}
    dealer = open_table(browser, server, "dealer", TABLET)
    pages = [*players.values(), dealer]
    dealer.get_by_role("button", name="Next round (shoe)").click()
    dealer.locator("#turn", has_text="to act").wait_for()
    seq, tv = table_view(server)
    assert tv.round is not None and tv.round.actor is not None
    caught_up(pages, seq)
    first = tv.players[tv.round.actor]
    page = players[first]
    assert page.locator("#turn").inner_text() == "Your turn"
    for other in set(PLAYERS) - {first}:
        assert players[other].locator("#turn").inner_text() == f"{first} to act"
        assert players[other].locator("#actions button").count() == 0
    # the raise field and slider are bounded to the legal range of the player's own view
    _, mine = table_view(server, first)
    assert mine.round is not None and mine.round.legal is not None
    lo, hi = mine.round.legal.min_raise_to, mine.round.legal.max_raise_to
    assert lo is not None and hi is not None
    for field in ("#amount", "#slider"):
        assert page.locator(field).get_attribute("min") == str(lo)
        assert page.locator(field).get_attribute("max") == str(hi)
    # a raise below the smallest allowed is refused by the server, with its clause
    page.locator("#amount").fill(str(lo - 1))
    with page.expect_response(lambda r: r.url.endswith("/commands")) as reply:
        page.locator("#actions button.raise").click()
    assert reply.value.status == 409
    refusal = page.locator("#status.refused")
    refusal.wait_for()
    assert f"the smallest raise allowed is to {lo}" in refusal.inner_text()
    assert page.locator("#status .clause").inner_text() == "qld-holdem-2005 s24(4)"
    shoot(page, "table-player-phone")
    shoot(dealer, "table-dealer-tablet")
    # everyone acts on their own page to the showdown
    hands = tv.hands
    assert play_out(players, server) >= 3
    seq, after = table_view(server)
    assert after.round is None and after.hands == hands + 1
    caught_up(pages, seq)
    for p in pages:
        p.locator("#log li.win").first.wait_for()
        assert p.locator("#turn").inner_text() == "Waiting for the next round"
    # the showdown: the hands shown (the others may be mucked), the same on every screen
    shows = dealer.locator("#log li", has_text=re.compile(r"\bshows? "))
    assert shows.count() >= 1
    for p in players.values():
        assert p.locator("#log li", has_text=re.compile(r"\bshows? ")).count() == shows.count()
    shoot(players[first], "table-player-phone-showdown")


def test_a_players_page_never_holds_another_players_hole_cards(
    browser: Any, server: Server
) -> None:
    frames: dict[str, list[str]] = {p: [] for p in PLAYERS}
    players = {p: open_table(browser, server, p, PHONE, frames=frames[p]) for p in PLAYERS}
    server.command("dealer", {"type": "StartRound", "table": "qld-1"})
    # two actions and the flop, then look (before any showdown shows a hand)
    for _ in range(3):
        _, tv = table_view(server)
        assert tv.round is not None and tv.round.actor is not None
        act(players[tv.players[tv.round.actor]], server)
    seq, tv = table_view(server)
    assert tv.round is not None and not any(tv.round.shown)
    caught_up(list(players.values()), seq)
    holes: dict[str, tuple[Card, ...]] = {}
    for pos, name in enumerate(tv.players):
        hole = tv.round.hole[pos]
        assert hole is not None
        holes[name] = tuple(c for c in hole if c is not None)
    for me, page in players.items():
        others = {c for p, cs in holes.items() if p != me for c in cs}
        # the DOM: own cards face up, the others' face down, none of their cards anywhere
        shown = set(page.eval_on_selector_all("[data-card]", "es => es.map(e => e.dataset.card)"))
        assert {str(c) for c in holes[me]} <= shown
        assert not shown & {str(c) for c in others}
        for p in set(PLAYERS) - {me}:
            seat = page.locator(f'.seat[data-player="{p}"]')
            assert seat.locator("[data-card]").count() == 0
            assert seat.locator(".card.down").count() == 2
        html = page.content()
        assert not any(f'data-card="{c}"' in html for c in others)
        # every websocket frame the page received
        assert frames[me], "the page received no websocket frame"
        seen = set().union(*(card_ids(f) for f in frames[me]))
        assert {int(c) for c in holes[me]} <= seen
        assert not seen & {int(c) for c in others}, f"{me} received another's hole card"


def test_the_floor_reports_an_exposed_card_and_every_screen_shows_the_ruling(
    browser: Any, server: Server
) -> None:
    players = {p: open_table(browser, server, p, PHONE) for p in PLAYERS}
    dealer = open_table(browser, server, "dealer", TABLET)
    floor = open_table(browser, server, "floor", TABLET)
    pages = [*players.values(), dealer, floor]
    # between rounds the floor moves a player to an empty seat: every screen shows the move
    _, before = table_view(server)
    free = min(set(range(1, 7)) - {n for n, _, _ in before.seats})
    floor.get_by_label("Move").select_option("bot3")
    floor.get_by_label("To seat").fill(str(free))
    with floor.expect_response(lambda r: r.url.endswith("/commands")) as moved:
        floor.get_by_role("button", name="Move to the seat").click()
    assert moved.value.status == 200, moved.value.text()
    seq, after = table_view(server)
    assert (free, "bot3") in {(n, p) for n, p, _ in after.seats}
    caught_up(pages, seq)
    for p in pages:
        p.locator(f'#seats .seat[data-player="bot3"][data-seat="{free}"]').wait_for()
    server.command("dealer", {"type": "StartRound", "table": "qld-1"})
    seq, tv = table_view(server)
    caught_up(pages, seq)
    exposed = tv.players[1]
    floor.get_by_label("Irregularity").select_option("Cards exposed in play")
    floor.get_by_label("Player").select_option(label=exposed)
    with floor.expect_response(lambda r: r.url.endswith("/commands")) as reply:
        floor.get_by_role("button", name="Report").click()
    assert reply.value.status == 200, reply.value.text()
    seq, _ = table_view(server)
    caught_up(pages, seq)
    for p in pages:
        ruling = p.locator("#ruling")
        ruling.wait_for()
        # by name, as on the screen; "you" on the page of the player who exposed it
        who = "you" if p is players.get(exposed) else exposed
        assert f"{who} exposed the hand" in ruling.inner_text()
        assert not re.search(r"\bplayer \d", ruling.inner_text())
        assert ruling.locator(".clause").inner_text() == "qld-holdem-2005 s38(4)"
        assert p.locator("#log li.ruling", has_text=f"cards exposed in play ({who})").count()
    shoot(floor, "table-floor-tablet")
    # a refused floor action shows its clause too: no funds to release
    floor.get_by_role("button", name="Release funds").click()
    floor.locator("#status.refused .clause").wait_for()
    # chips pushed in turn, each chip's value: the floor's ruling, with its clause, reaches
    # every screen's log
    _, now = table_view(server)
    assert now.round is not None and now.round.actor is not None
    actor = now.players[now.round.actor]
    floor.get_by_label("Irregularity").select_option("Chips pushed (each chip's value)")
    floor.get_by_label("Player").select_option(label=actor)
    floor.get_by_label("Chips / amount").fill("100, 25")
    with floor.expect_response(lambda r: r.url.endswith("/commands")) as pushed:
        floor.get_by_role("button", name="Report").click()
    assert pushed.value.status == 200, pushed.value.text()
    seq, _ = table_view(server)
    caught_up(pages, seq)
    for p in pages:
        named = "you" if p is players.get(actor) else actor  # "you" on their own page
        line = p.locator("#log li.ruling", has_text=f"chips pushed ({named})")
        line.first.wait_for()


def test_a_restart_mid_hand_and_the_pages_reconnect_and_play_on(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    players = {p: open_table(browser, server, p, PHONE) for p in PLAYERS}
    dealer = open_table(browser, server, "dealer", TABLET)
    pages = [*players.values(), dealer]
    server.command("dealer", {"type": "StartRound", "table": "qld-1"})
    _, tv = table_view(server)
    assert tv.round is not None and tv.round.actor is not None
    act(players[tv.players[tv.round.actor]], server)
    before, was = table_view(server)
    caught_up(pages, before)
    server.stop()
    for p in pages:
        p.wait_for_selector("body[data-conn^=reconnecting]")
    server.start()  # the same database and port; the sessions' secret is beside the database
    for p in pages:
        p.wait_for_selector("body[data-conn=live]", timeout=30_000)
        assert "table.html" in p.url  # still logged in: no log-in page
    seq, tv = table_view(server)
    # the hand goes on where it was; the players' connections dropped with the server and came
    # back with it, as the table recorded (issue 15 §3): nobody is away
    assert seq >= before and tv.round is not None and tv.round == was.round
    assert tv.disconnected == () and tv.absent == ()
    assert play_out(players, server) >= 1
    seq, after = table_view(server)
    assert after.round is None
    caught_up(pages, seq)
    for p in pages:
        p.locator("#log li.win").first.wait_for()
        assert p.locator("#turn").inner_text() == "Waiting for the next round"


def test_a_player_asks_for_a_top_up_and_a_seat_change_from_the_phone(
    browser: Any, server: Server
) -> None:
    phone = open_table(browser, server, "bot1", PHONE)
    _, tv = table_view(server)
    before = dict(tv.stacks)["bot1"]
    phone.get_by_label("Top-up (cash)").fill("50")
    phone.get_by_role("button", name="Ask the cage for a top-up").click()
    state = phone.locator("#topup-state")
    state.get_by_text("Asked the cage for 50: waiting for the cashier").wait_for()

    cage = browser.new_context(viewport=DESK).new_page()
    login(cage, server, "cashier")
    cage.goto(f"{server.url}/ui/cashier.html")
    cage.get_by_role("button", name="Top up bot1 50").click()
    cage.locator("#status.ok").get_by_text("bot1 topped up: accepted").wait_for()
    # the phone learns the answer, and its stack shows the chips
    phone.locator('#topup-state[data-state="done"]').wait_for(timeout=10_000)
    assert state.inner_text() == "Topped up: 50 added"
    phone.get_by_text(f"Stack {before + 50}").wait_for()

    # asked again, declined with the cage's reason: the player reads it
    phone.get_by_label("Top-up (cash)").fill("20")
    phone.get_by_role("button", name="Ask the cage for a top-up").click()
    state.get_by_text("Asked the cage for 20").wait_for()
    cage.get_by_label("Reason to decline").fill("the cage closes at ten")
    cage.get_by_role("button", name="Decline bot1").click()
    cage.locator("#status.ok").get_by_text("bot1's top-up declined: accepted").wait_for()
    phone.locator('#topup-state[data-state="declined"]').wait_for(timeout=10_000)
    assert state.inner_text() == "Top-up declined: the cage closes at ten"
    _, after = table_view(server)
    assert dict(after.stacks)["bot1"] == before + 50  # the declined request moved nothing

    # a seat change asked from the seat (dunedin-house 17): the floor's lists show it; asked
    # twice, the second is refused with its clause
    phone.get_by_role("button", name="Ask for a seat change").click()
    phone.locator("#status.ok").get_by_text(
        "bot1 asked for a seat change at table qld-1"
    ).wait_for()
    phone.get_by_role("button", name="Ask for a seat change").click()
    phone.locator("#status.refused .clause").get_by_text("croupier room").wait_for()
    lists = browser.new_context(viewport=DESK).new_page()
    login(lists, server, "floor")
    lists.goto(f"{server.url}/ui/lists.html")
    lists.get_by_text("seat change asked by bot1").wait_for()
    floor = open_table(browser, server, "floor", TABLET)
    floor.locator("#seat-requests").get_by_text("Asked for a seat change: bot1").wait_for()

    # sitting out and coming back, from the seat: every page shows the seat's status
    phone.get_by_role("button", name="Sit out").click()
    phone.locator("#status.ok").get_by_text("bot1 is now sitting out at table qld-1").wait_for()
    sitting = phone.locator('#seats .seat[data-player="bot1"] .seat-status')
    sitting.get_by_text("sitting out").wait_for()
    phone.get_by_role("button", name="Come back").click()
    phone.locator("#status.ok").get_by_text(
        re.compile(r"^bot1 is now (playing|waiting|posting)")
    ).wait_for()
    sitting.wait_for(state="detached")
