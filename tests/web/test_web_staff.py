"""The staff screens in Chromium against a live ``croupier serve --demo``: the waiting lists
(a player joins from a phone, the floor manages the list, the cashier seats the called player),
the cage, the auditor's recall and the manager's day report. Screenshots to docs/screens/."""

from __future__ import annotations

import csv
import hashlib
import io
import random
import re
from pathlib import Path
from typing import Any

import httpx

from croupier.client import Client, play_round
from support.web import PASSWORD, Server, login, shoot

QLD = "holdem full-pot 5/10"  # the list qld-1 serves (3 of its 6 seats taken in the demo)


def play(server: Server, rounds: int, table: str = "qld-1", seed: int = 1) -> None:
    """Bots play ``rounds`` rounds through the public API."""
    rng = random.Random(seed)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        client = Client(http, lambda _: PASSWORD)
        for _ in range(rounds):
            play_round(client, table, rng)


def staff_page(browser: Any, server: Server, who: str, path: str, **kw: Any) -> Any:
    page = browser.new_page(viewport=kw.pop("viewport", {"width": 1280, "height": 900}), **kw)
    login(page, server, who)
    page.goto(f"{server.url}/ui/{path}")
    return page


def test_a_player_joins_from_a_phone_and_the_floor_and_cage_seat_the_called(
    browser: Any, server: Server
) -> None:
    # three players ahead take the three open seats' calls; a fourth waits
    for p in ("bob", "cat", "dan", "eve", "ann"):
        server.add_user(p)
    for p in ("bob", "cat", "dan", "eve"):
        server.command(
            "floor", {"type": "JoinList", "player": p, "game": "holdem full-pot", "stakes": "5/10"}
        )
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    ann = phone.new_page()
    login(ann, server, "ann")
    ann.get_by_role("link", name="Waiting lists").click()
    ann.get_by_role("button", name=f"Join {QLD}").click()
    place = ann.locator("#my-place")
    place.get_by_text("You are number 5 on the list; 4 ahead of you").wait_for()
    mine = ann.locator(f'[data-list="{QLD}"] li.me')
    assert "no estimate: nobody was seated from this list" in mine.inner_text()
    # she sees her own place, not the others' names
    assert ann.locator(f'[data-list="{QLD}"] li').count() == 1
    assert "bob" not in ann.locator("#lists").inner_text()
    shoot(ann, "lists-player")

    # the floor sees everyone: three called with their deadline, and removes eve
    floor = staff_page(browser, server, "floor", "lists.html")
    entries = floor.locator(f'[data-list="{QLD}"] li')
    entries.nth(4).wait_for()
    called = floor.locator(f'[data-list="{QLD}"] li .called')
    assert called.count() == 3
    assert re.search(
        r"called to qld-1: come by .* \(\d min \d\d s left\)", called.first.inner_text()
    )
    floor.get_by_role("button", name="Remove eve").click()
    floor.locator("#status").get_by_text("eve removed: accepted").wait_for()
    floor.get_by_role("button", name="Call players now (lapse late calls)").click()
    floor.locator("#status").get_by_text("calls made: accepted").wait_for()
    shoot(floor, "lists-floor")

    # the cashier seats bob, who was called, with a buy-in
    cage = staff_page(browser, server, "cashier", "lists.html")
    cage.get_by_role("button", name="Seat bob").wait_for()
    cage.get_by_label("buy-in for bob").fill("300")
    cage.get_by_role("button", name="Seat bob").click()
    cage.locator("#status").get_by_text("bob seated: accepted").wait_for()
    cage.locator('li[data-player="bob"]').wait_for(state="detached")

    # ann moved up: bob seated, eve gone; a seat filled from the list gives an estimate
    place.get_by_text("You are number 3 on the list; 2 ahead of you").wait_for(timeout=10_000)
    assert "estimated wait" in mine.inner_text() or "seated from this list" in mine.inner_text()
    # two seats left, called for cat and dan; dan leaves the list and his seat is ann's call
    server.command(
        "floor", {"type": "LeaveList", "player": "dan", "game": "holdem full-pot", "stakes": "5/10"}
    )
    place.get_by_text(re.compile(r"Your seat is ready at qld-1: come by")).wait_for(timeout=10_000)
    assert ann.locator(".called .left").count() == 1
    shoot(ann, "lists-player-called")


def test_the_cashier_moves_cash_and_the_ledger_stays_conserved(
    browser: Any, server: Server
) -> None:
    for name in ("zoe", "yan"):  # a seat is taken by a user of the room
        server.add_user(name)
    page = staff_page(browser, server, "cashier", "cashier.html")
    page.locator("#conserved").get_by_text("Conserved").wait_for()
    seat = page.locator("#take-seat")
    seat.get_by_label("Player").fill("zoe")
    seat.get_by_label("Table").select_option("qld-1")
    seat.get_by_label("Seat number").fill("4")
    seat.get_by_label("Buy-in (cash)").fill("250")
    seat.get_by_role("button", name="Seat a player").click()
    page.locator("#status").get_by_text("Seat a player: accepted").wait_for()
    page.locator('#seated tr[data-player="zoe"]').wait_for()
    # a buy-in below the table's minimum is refused with its clause
    seat.get_by_label("Player").fill("yan")
    seat.get_by_label("Seat number").fill("5")
    seat.get_by_label("Buy-in (cash)").fill("5")
    seat.get_by_role("button", name="Seat a player").click()
    refused = page.locator("#status.refused")
    refused.wait_for()
    assert refused.locator(".clause").inner_text().strip()
    # top up and cash out from the players' list
    page.locator('#seated tr[data-player="zoe"]').get_by_role("button", name="Top up").click()
    page.locator("#top-up").get_by_label("Chips bought (cash)").fill("50")
    page.locator("#top-up").get_by_role("button", name="Top up").click()
    page.locator("#status").get_by_text("Top up: accepted").wait_for()
    # UTH chips, a tournament entry and its prize
    uth = page.locator("#uth-buy-in")
    uth.get_by_label("Player").fill("zoe")
    uth.get_by_label("Cash").fill("100")
    uth.get_by_role("button", name="UTH buy-in").click()
    page.locator("#status").get_by_text("UTH buy-in: accepted").wait_for()
    out = page.locator("#uth-cash-out")
    out.get_by_label("Player").fill("zoe")
    out.get_by_label("Chips redeemed").fill("40")
    out.get_by_role("button", name="UTH cash-out").click()
    page.locator("#status").get_by_text("UTH cash-out: accepted").wait_for()
    enter = page.locator("#enter")
    enter.get_by_label("Player").fill("zoe")
    enter.get_by_role("button", name="Tournament entry").click()
    page.locator("#status").get_by_text("Tournament entry: accepted").wait_for()
    prize = page.locator("#prize")
    prize.get_by_label("Player").fill("zoe")
    prize.get_by_label("Prize (cash)").fill("100")
    prize.get_by_role("button", name="Pay a prize").click()
    # the demo tournament is run by the room: nobody has been awarded a prize yet, so the cage
    # may pay none (a prize is at most what the tournament awarded)
    refused = page.locator("#status.refused")
    refused.wait_for()
    assert refused.locator(".clause").inner_text().strip().startswith("dunedin-house")  # its book
    page.locator('#seated tr[data-player="zoe"]').get_by_role("button", name="Cash out").click()
    page.locator("#cash-out").get_by_role("button", name="Cash out").click()
    page.locator("#status").get_by_text("Cash out: accepted").wait_for()
    page.locator('#seated tr[data-player="zoe"]').wait_for(state="detached")
    # the ledger after all of it: zoe's 300 in and out, 100 + 40 at UTH, 110 for the cup
    # (the screen refreshes its ledger on its own: wait until it shows the room's)
    for _ in range(100):
        ledger = server.get("cashier", "/room/ledger")
        text = page.locator("#conserved").inner_text()
        if f"cash in {ledger['ledger']['cash_in']} = " in text:
            break
        page.wait_for_timeout(100)
    assert ledger["conserved"]
    assert text.startswith("Conserved: cash in ")
    cash_in = ledger["ledger"]["cash_in"]
    assert f"cash in {cash_in} = {cash_in} accounted for" in text
    shoot(page, "cashier")


def test_the_auditor_replays_a_round_and_verifies_its_deck_and_the_chain(
    browser: Any, server: Server
) -> None:
    play(server, 2)
    page = staff_page(browser, server, "auditor", "audit.html?table=qld-1")
    assert "RECALL" in page.locator("#recall-banner").inner_text()
    page.get_by_role("button", name="Replay qld-1 #2").click()
    steps = page.locator("#steps li")
    steps.first.wait_for()
    n = steps.count()
    assert n >= 4
    step_no = page.locator("#step-no")
    assert step_no.inner_text().startswith(f"step 1 of {n}")
    assert "Round 2 begins" in page.locator("#said").inner_text()
    # step through: the house sees every hole card once dealt
    page.get_by_role("button", name="next step").click()
    assert step_no.inner_text().startswith(f"step 2 of {n}")
    assert page.locator("#scene .seat .card.down").count() == 0
    assert page.locator("#scene .seat .card[data-card]").count() >= 6
    page.keyboard.press("ArrowRight")
    assert step_no.inner_text().startswith(f"step 3 of {n}")
    page.get_by_role("button", name="previous step").click()
    assert step_no.inner_text().startswith(f"step 2 of {n}")
    # as one player saw it: their own two cards, the others face down
    first = page.locator("#scene .seat").first.get_attribute("data-player")
    page.get_by_label("Seen as").select_option(first)
    page.locator(f'#replay[data-as="{first}"]').wait_for()
    assert page.locator(f'#scene .seat[data-player="{first}"] .card[data-card]').count() == 2
    assert step_no.inner_text().startswith(f"step 2 of {n}")
    assert page.locator("#scene .seat .card.down").count() >= 4
    page.get_by_role("button", name="last step").click()
    assert step_no.inner_text().startswith(f"step {n} of {n}")
    assert "Round 2 over" in page.locator("#said").inner_text()
    page.get_by_label("Seen as").select_option("house")
    page.locator('#replay[data-as="house"]').wait_for()
    # the deck: the browser's own SHA-256 of the revealed salt and order = the commitment
    page.get_by_role("button", name="Verify the deck of the round replayed").click()
    verdict = page.locator("#deck-verdict")
    verdict.wait_for()
    assert "The commitment matches the revealed deck." in verdict.inner_text()
    assert "are the deck's top" in verdict.inner_text()
    published = page.locator("#published").inner_text()
    assert page.locator("#computed").inner_text() == published and len(published) == 64
    # the store's hash chain and the significant-events log
    page.get_by_role("button", name="Verify every stream's hash chain").click()
    intact = re.compile(r"^Intact: \d+ streams, .*the room's money balanced at [1-9]\d* places")
    page.locator("#chain-verdict").get_by_text(intact).wait_for()
    page.get_by_role("button", name="Read the log").click()
    page.locator("#log table").get_by_text("log-in").first.wait_for()
    page.locator("#steps li").nth(3).click()
    shoot(page, "audit")
    # PHH export of the round
    with page.expect_download() as dl:
        page.get_by_role("button", name="Export PHH").click()
    text = Path(dl.value.path()).read_text()
    assert dl.value.suggested_filename == "croupier-qld-1-2.phh"
    assert 'variant = "NT"' in text or "variant" in text
    assert "actions = [" in text
    # the digest the page showed is the one the server published
    deck = httpx.get(
        f"{server.url}/audit/rounds/qld-1/2/deck",
        headers={"Authorization": f"Bearer {server.token('auditor')}"},
    ).json()
    assert (
        hashlib.sha256(bytes.fromhex(deck["salt"]) + bytes(deck["order"])).hexdigest() == published
    )


def test_the_day_report_shows_the_rounds_dealt_and_downloads_as_csv(
    browser: Any, server: Server
) -> None:
    play(server, 3)
    server.command("cashier", {"type": "EnterTournament", "tournament": "sat-1", "player": "bot7"})
    page = staff_page(browser, server, "admin", "report.html")
    row = page.locator('#tables tr[data-table="qld-1"]')
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    assert cells[:3] == ["qld-1", "cash", "3"]
    assert int(cells[6]) >= 1200  # the demo's three buy-ins of 400 today, and any top-ups
    assert cells[8] == cells[6]  # all of it bots' money: only bots sit at qld-1
    bars = page.locator("#chart svg rect.bar")
    assert bars.count() == 24
    assert sum(int(bars.nth(i).get_attribute("data-rounds")) for i in range(24)) == 3
    totals = page.locator("#tables tr.totals td").all_inner_texts()
    assert totals[0] == "all tables" and totals[2] == "3"
    shoot(page, "report")
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download CSV").click()
    assert dl.value.suggested_filename.startswith("croupier-day-")
    rows = list(csv.reader(io.StringIO(Path(dl.value.path()).read_text())))
    assert rows[0][:4] == ["day", "table", "kind", "rounds"]
    qld = next(r for r in rows if len(r) > 3 and r[1] == "qld-1")
    assert qld[2:4] == ["cash", "3"]
    assert qld[5] == cells[4]  # the commission the page shows
    # the tournaments: entries, re-buys and add-ons, refunds, pool and fees, on the page and
    # in the CSV
    heads = page.locator("#tournaments th").all_inner_texts()
    assert heads[2:5] == ["entries", "re-buys, add-ons, re-entries", "refunded"]
    tour = page.locator("#tournaments tbody tr").first.locator("td").all_inner_texts()
    assert tour[0] == "sat-1" and tour[2:5] == ["1", "0", "0"]
    at = rows.index(next(r for r in rows if r[:2] == ["day", "tournament"]))
    assert rows[at][3:6] == ["entries", "buys", "refunds"]
    sat = next(r for r in rows[at:] if len(r) > 3 and r[1] == "sat-1")
    assert sat[3:6] == ["1", "0", "0"] and sat[6] == tour[5]


def test_the_day_report_says_it_is_loading_while_it_waits(browser: Any, server: Server) -> None:
    play(server, 1)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    login(page, server, "admin")
    held: list[Any] = []  # the report's request, answered when the test lets it go
    page.route("**/reports/day*", lambda route: held.append(route))
    page.goto(f"{server.url}/ui/report.html")
    page.locator("#tables .loading").get_by_text("Loading the day report").wait_for()
    assert page.locator("main").get_attribute("aria-busy") == "true"
    assert page.locator('#tables tr[data-table="qld-1"]').count() == 0
    held[0].continue_()
    page.locator('#tables tr[data-table="qld-1"]').wait_for()
    assert page.locator("#tables .loading").count() == 0
    assert page.locator("main").get_attribute("aria-busy") is None


def test_a_player_is_refused_the_staff_screens_in_words(browser: Any, server: Server) -> None:
    page = staff_page(browser, server, "bot1", "report.html")
    refused = page.locator("#status.refused")
    refused.get_by_text("only admin or auditor or floor may read the day report").wait_for()
    assert refused.locator(".clause").inner_text() == "croupier roles"
