"""A tournament played in the browser from its entries to the last prize paid, against a live
``croupier serve --demo``: the director opens it with its conditions and starts it, the cage
enters the players, the players play every hand from their own seat pages (all in whenever
they may), the director deals each hand and sees the eliminations, and the cage pays every
prize; the final standings are saved as docs/screens/tournament-final.png."""

from __future__ import annotations

import re
import time
from typing import Any

from support.web import Server, login, shoot
from support.web_table import PHONE

T = "sunday"
FIELD = ("bot1", "bot2", "bot3", "bot4")
CONDITIONS = """name = "Sunday shoot-out"
date = 2026-11-29T20:00:00
rules = "dunedin-house"
entry_fee = 50
admin_fee = 10
starting_stack = 1000
max_entrants = 4
table_size = 4
final_table_size = 4
chips = [25, 100]
payouts = [70, 30]

[[levels]]
small_blind = 25
big_blind = 50
minutes = 30
"""


def live_hand(server: Server) -> dict[str, Any] | None:
    """The hand at table 1 as the director sees it (None: between hands)."""
    found: dict[str, Any] | None = server.get("director", f"/tournaments/{T}/tables/1/hand")["hand"]
    return found


def screen(
    browser: Any, server: Server, who: str, viewport: dict[str, int], late: bool = False
) -> Any:
    """``who``'s tournament screen; ``late``: its live-hands script arrives after the
    tournament's first view has (a slow network), which must not lose that view."""
    page = browser.new_context(viewport=viewport).new_page()
    login(page, server, who)
    if late:

        def slow(route: Any) -> None:
            time.sleep(1.5)
            route.continue_()

        page.route("**/ui/tournament_live.js", slow)
    page.goto(f"{server.url}/ui/tournament.html?tournament={T}")
    return page


def seat_page(browser: Any, server: Server, player: str) -> Any:
    """``player``'s phone: the tournament screen, then their seat through "Your table" (the
    first player's screen loads its live-hands script late)."""
    page = screen(browser, server, player, PHONE, late=player == FIELD[0])
    page.get_by_role("link", name=re.compile(r"^Your table: table 1, seat \d+")).click()
    page.wait_for_url(re.compile(rf"tournament-seat\.html\?tournament={T}&table=1"))
    page.wait_for_selector("body[data-conn=live]")
    page.locator("#seats .seat").nth(len(FIELD) - 1).wait_for()
    return page


def act(page: Any) -> None:
    """The player to act goes all in where a bet or raise is open, else calls (or checks)."""
    page.locator("#turn", has_text="Your turn").wait_for()
    page.locator("#actions button.call, #actions button.raise").first.wait_for()
    raise_ = page.locator("#actions button.raise")
    if raise_.count():
        page.locator("#actions button.quick", has_text=re.compile("^(All in|Max)$")).click()
        button = raise_
    else:
        button = page.locator("#actions button.call")
    with page.expect_response(lambda r: r.url.endswith("/commands")) as reply:
        button.click()
    assert reply.value.status == 200, reply.value.text()


def test_a_tournament_from_its_entries_to_the_last_prize_paid(browser: Any, server: Server) -> None:
    # the director opens the tournament from its screen: the form is there while it is not open
    desk = screen(browser, server, "director", {"width": 1280, "height": 1000})
    desk.locator("#open").wait_for()
    desk.get_by_label("Conditions (TOML)").fill(CONDITIONS)
    desk.get_by_role("button", name="Open the tournament").click()
    desk.locator("#status.ok").get_by_text(f"Tournament {T} is open for entries.").wait_for()
    desk.locator("#t-status", has_text="registering").wait_for()
    assert desk.locator("#open").is_hidden()
    assert desk.locator("#t-entries").inner_text() == "0"

    # the cage enters the four players; the director's screen follows, live
    cage = screen(browser, server, "cashier", {"width": 1280, "height": 1000})
    cage.locator("#t-status", has_text="registering").wait_for()
    assert cage.locator("#open").is_hidden()  # opening is the director's
    for p in FIELD:
        cage.locator("#enter-player").fill(p)
        cage.get_by_role("button", name="Enter", exact=True).click()
        cage.locator("#status.ok").get_by_text(f"{p} is entered").wait_for()
    desk.locator(f'#entrants tr[data-player="{FIELD[-1]}"]').wait_for()
    assert desk.locator("#entrants tbody tr").count() == len(FIELD)
    desk.locator("#t-pool", has_text="$200").wait_for()  # 4 x the $50 entry fee

    # the director starts it: the seats are drawn at one table
    desk.get_by_role("button", name="Start the tournament").click()
    desk.locator("#t-status", has_text="running").wait_for()
    desk.locator('#tables .tbl[data-table="1"] li').nth(len(FIELD) - 1).wait_for()
    assert desk.locator("#tables .tbl").count() == 1
    assert desk.locator('#tables .tbl[data-table="1"] li').count() == len(FIELD)
    desk.locator("#t-players", has_text=str(len(FIELD))).wait_for()

    # each player opens their seat from the tournament screen
    seats = {p: seat_page(browser, server, p) for p in FIELD}
    for page in seats.values():
        page.locator("#turn", has_text="Waiting for the next hand").wait_for()

    # hands until one player holds every chip: the director deals, the players act
    hands, out = 0, 0
    deadline = time.monotonic() + 420
    while desk.locator("#t-status").inner_text() != "finished":
        assert time.monotonic() < deadline, f"not finished after {hands} hands"
        deal = desk.get_by_role("button", name="Deal at table 1")
        deal.click()  # waits until the panel shows the table between hands
        desk.locator("#status.ok").get_by_text("Table 1: the next hand is dealt.").wait_for()
        hands += 1
        while (now := live_hand(server)) is not None and not now["over"]:
            act(seats[now["actor"]])
        desk.locator('#live-hands li[data-live-table="1"]', has_text="between hands").or_(
            desk.locator("#t-status", has_text="finished")
        ).first.wait_for()
        gone = desk.locator('#entrants tr[data-status="eliminated"]').count()
        if gone > out:  # each elimination on the director's screen: status, place, players
            out = gone
            desk.locator("#t-players", has_text=str(len(FIELD) - out)).wait_for()
            for row in desk.locator('#entrants tr[data-status="eliminated"]').all():
                assert row.locator("td:nth-child(2)").inner_text() == "eliminated"
                assert row.locator("td:nth-child(7)").inner_text() != ""
        desk.locator("#t-status", has_text=re.compile("running|finished")).wait_for()

    # the winner holds every chip; each eliminated player's place is on the screen
    desk.locator('#entrants tr[data-status="eliminated"]').nth(len(FIELD) - 2).wait_for()
    places = desk.eval_on_selector_all(
        "#entrants tbody tr", "rs => rs.map(r => r.children[6].textContent)"
    )
    assert sorted(places)[0] == "1" and all(places), places
    winner = desk.locator('#entrants tbody tr:not([data-status="eliminated"])')
    assert winner.count() == 1
    assert winner.locator("td:nth-child(6)").inner_text() == "4,000"

    # the cage pays every prize the pool owes, the form filled in with the next one owed
    cage.locator("#t-status", has_text="finished").wait_for()
    owing = cage.locator("#owing")
    owing.get_by_text("The pool owes $200: ").wait_for()
    paid = 0
    while owing.inner_text() != "The pool owes nothing.":
        who = cage.locator("#pay-player").input_value()
        amount = int(cage.locator("#pay-amount").input_value())
        with cage.expect_response(lambda r: r.url.endswith("/commands")) as reply:
            cage.get_by_role("button", name="Pay the prize").click()
        assert reply.value.status == 200, reply.value.text()
        cage.locator("#status.ok").get_by_text(f"${amount} paid to {who}.").wait_for()
        cage.locator(f'#entrants tr[data-player="{who}"] td[data-owed="0"]').wait_for()
        paid += amount
    assert paid == 200
    owing.get_by_text("The pool owes nothing.").wait_for()

    # the director's screen: the final standings, every prize paid
    desk.reload()
    desk.locator("#t-status", has_text="finished").wait_for()
    desk.locator(f'#entrants tr[data-player="{FIELD[-1]}"]').wait_for()
    assert desk.locator("#entrants td[data-owed]:not([data-owed='0'])").count() == 0
    cash = desk.eval_on_selector_all(
        "#entrants tbody tr", "rs => rs.map(r => r.children[7].textContent)"
    )
    assert sum(int(c.strip("$").replace(",", "") or 0) for c in cash) == 200, cash
    shoot(desk, "tournament-final")
