"""A player's seat at a live tournament hand (tournament-seat.html), in Chromium against a live
``croupier serve --demo``: three players on phones open "your table" from the tournament
screen; the director deals; they play the hand to its end from their own pages (one by the
keyboard), one refused raise shows its clause, the clock called on a player counts down on
every page, the server restarts mid-hand and the pages reconnect; no page's DOM, websocket
frames or fetched views ever hold another player's hole cards before they are shown."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx

from support.web import Server, login, shoot
from support.web_table import PHONE
from support.web_table import cards_in as contract_cards

T = "sat-1"
FIELD = ("bot1", "bot2", "bot3")
HAND = f"/tournaments/{T}/tables/1"
CARDS = "els => els.map(e => e.dataset.card)"  # the face-up cards a page shows


def hand(server: Server, who: str = "director") -> dict[str, Any] | None:
    found: dict[str, Any] | None = server.get(who, f"{HAND}/hand")["hand"]
    return found


def cards_in(x: Any, skip_shown: bool = True) -> set[int]:
    """Every card in a JSON value of the message contract, except in hands turned face up."""
    return contract_cards(x, skip_shown)


def open_seat(browser: Any, server: Server, name: str, received: list[Any]) -> Any:
    """``name`` on a phone: the tournament screen, then their table through "Your table";
    every websocket frame (parsed: the tournament's pushed views as ``{"pushed": ...}``) and
    every response with a hand view the page receives is added to ``received``."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True)
    page = ctx.new_page()

    def on_ws(ws: Any) -> None:
        if "/tables/" not in ws.url:
            if "hand=" in ws.url:  # the tournament's socket: the field and this player's hand
                ws.on("framereceived", lambda p: received.append({"pushed": json.loads(p)}))
            return  # the tournament screen's
        received.append({"url": ws.url})
        ws.on("framereceived", lambda p: received.append(json.loads(p)))

    page.on("websocket", on_ws)

    page.on("response", lambda r: received.append(r) if r.url.endswith("/hand") else None)
    login(page, server, name)
    page.goto(f"{server.url}/ui/tournament.html?tournament={T}")
    link = page.get_by_role("link", name=re.compile("^Your table: table 1"))
    link.click()
    page.wait_for_url(re.compile(r"tournament-seat\.html\?tournament=sat-1&table=1"))
    page.wait_for_selector("body[data-conn=live]")
    page.wait_for_selector("#seats .seat")
    return page


def shows_seq(page: Any, server: Server) -> None:
    """Wait until the page shows the hand as it is now."""
    h = server.get("director", f"{HAND}/hand")
    page.wait_for_function("s => window.croupierSeat.seq >= s", arg=h["seq"], timeout=15_000)


def test_players_play_a_live_tournament_hand_from_their_seats(browser: Any, server: Server) -> None:
    for p in FIELD:
        server.command("cashier", {"type": "EnterTournament", "tournament": T, "player": p})
    server.command("director", {"type": "StartTournament", "tournament": T})
    received: dict[str, list[Any]] = {p: [] for p in FIELD}
    pages = {p: open_seat(browser, server, p, received[p]) for p in FIELD}
    for page in pages.values():
        assert page.locator("#turn").inner_text() == "Waiting for the next hand"
        assert page.locator("#seats .seat").count() == len(FIELD)
    # the director deals
    r = httpx.post(
        f"{server.url}/commands",
        json={"type": "DealTournamentHand", "tournament": T, "number": 1},
        headers={"Authorization": f"Bearer {server.token('director')}"},
    )
    assert r.status_code == 200, r.text
    dealt = hand(server)
    assert dealt is not None
    holes: dict[str, set[int]] = {}
    for p in FIELD:
        own = hand(server, p)
        assert own is not None
        holes[p] = cards_in(own["round"]["hole"])  # a player's own view: their cards only
        assert len(holes[p]) == 2

    def mine_only() -> None:
        """Each page shows its own two hole cards and none of anyone else's."""
        for p, page in pages.items():
            shows_seq(page, server)
            names = page.eval_on_selector_all("[data-card]", CARDS)
            own = page.eval_on_selector_all("#mine [data-card]", CARDS)
            ids = {card_id(n) for n in names}
            assert {card_id(n) for n in own} == holes[p]
            for q in FIELD:
                if q != p:
                    assert not ids & holes[q], f"{p}'s page shows {q}'s hole cards"

    actor = dealt["actor"]
    page = pages[actor]
    page.locator("#turn", has_text="Your turn").wait_for()
    for p in FIELD:
        if p != actor:
            pages[p].locator("#turn", has_text=f"{actor} to act").wait_for()
            assert pages[p].locator("#actions button").count() == 0
    mine_only()
    # the amount is bounded to the legal range of the player's own view
    legal = hand(server, actor)["round"]["legal"]  # type: ignore[index]
    lo, hi = legal["min_raise_to"], legal["max_raise_to"]
    amount = page.get_by_role("spinbutton", name=re.compile("^(Raise to|Bet)"))
    assert amount.get_attribute("min") == str(lo) and amount.get_attribute("max") == str(hi)
    assert page.locator("#slider").get_attribute("max") == str(hi)
    # a raise below the smallest allowed: refused by the server, its words and clause shown
    amount.fill(str(lo - 1))
    with page.expect_response(lambda r: r.url.endswith("/commands")) as reply:
        page.locator("#actions button.raise").click()
    assert reply.value.status == 409
    refused = reply.value.json()
    page.locator("#status.refused").wait_for()
    assert refused["refused"] in page.locator("#status .reason").inner_text()
    assert page.locator("#status .clause").inner_text() == refused["clause"] != ""
    assert hand(server) == dealt  # nothing changed
    # the director calls the clock: it counts down on every page
    r = httpx.post(
        f"{server.url}/commands",
        json={"type": "CallTournamentClock", "tournament": T, "number": 1, "requested": False},
        headers={"Authorization": f"Bearer {server.token('director')}"},
    )
    assert r.status_code == 200, r.text
    ticking = f'#seats .seat[data-player="{actor}"] .seat-timer'
    for p in FIELD:
        timer = pages[p].locator(ticking)
        timer.wait_for()
        first = int(timer.get_attribute("data-left") or 0)
        assert 0 < first <= 120
    # it counts down: a second or two later the last page shows less
    pages[FIELD[-1]].wait_for_function(
        "([sel, was]) => Number(document.querySelector(sel)?.dataset.left) < was",
        arg=[ticking, first],
        timeout=2_200,
    )
    clock = hand(server)["clock"]  # type: ignore[index]
    assert f"s left ({clock['clause']})" in page.locator("#turn").inner_text()
    shoot(page, "tournament-seat")
    # the first action by the keyboard: the check/call button focused, Enter
    call = page.locator("#actions button.call")
    call.focus()
    with page.expect_response(lambda r: r.url.endswith("/commands")) as reply:
        page.keyboard.press("Enter")
    assert reply.value.status == 200, reply.value.text()
    # the server restarts mid-hand: every page says so, reconnects (after= the last event it
    # saw) and play goes on
    server.stop()
    for pg in pages.values():
        pg.wait_for_selector("body[data-conn^=reconnecting]")
    server.start()  # the same database and port; the sessions' secret is beside the database
    for pg in pages.values():
        pg.wait_for_selector("body[data-conn=live]", timeout=30_000)
    # everyone checks or calls on their own page to the end of the hand
    acted = 1
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        now = hand(server)
        if now is None or now["over"]:
            break
        mine_only()
        who = now["actor"]
        assert who is not None
        seat = pages[who]
        seat.locator("#turn", has_text="Your turn").wait_for()
        # what the pot line says is owed is what the Call button says
        label = seat.locator("#actions button.call").inner_text()
        owed = re.fullmatch(r"Call (\d+)", label)
        if owed:
            assert f"{owed.group(1)} to call" in seat.locator("#pot").inner_text()
        with seat.expect_response(lambda r: r.url.endswith("/commands")) as reply:
            seat.locator("#actions button.call").click()
        assert reply.value.status == 200, reply.value.text()
        acted += 1
    else:
        raise AssertionError(f"the hand did not end: {acted} actions, now {hand(server)}")
    assert acted >= 3 and hand(server) is None  # recorded: the table is between hands
    for pg in pages.values():
        pg.locator("#turn", has_text="Waiting for the next hand").wait_for()
        pg.locator("#log li", has_text=re.compile(r"\bwins? \d+")).first.wait_for()
        # the words name players (never a 0-based position) and the pot a share comes from
        said = pg.eval_on_selector_all("#log li .text", "es => es.map(e => e.textContent)")
        assert not [x for x in said if re.search(r"\bplayer \d+\b|\byou (is|calls|wins)\b", x)]
        assert any(re.search(r"wins? \d+ from the main pot", x) for x in said), said
    # nothing a page received held another player's hole cards, except as shown at showdown
    for p in FIELD:
        views = [r.json() for r in received[p] if not isinstance(r, dict)]
        views += [m["pushed"] for m in received[p] if isinstance(m, dict) and "pushed" in m]
        assert [v for v in views if "view" in v and v["view"].get("hand")], f"{p}: no hand view"
        got = cards_in([*views, *(m for m in received[p] if isinstance(m, dict))])
        assert got & holes[p], f"{p} never received their own cards"
        for q in FIELD:
            if q != p:
                assert not got & holes[q], f"{p} received {q}'s hole cards"
        # every event once, in order, across the reconnection
        seqs = [m["seq"] for m in received[p] if isinstance(m, dict) and "event" in m]
        assert seqs and seqs == sorted(set(seqs)), seqs
        urls = [m["url"] for m in received[p] if isinstance(m, dict) and "url" in m]
        assert len(urls) >= 2 and "after=" not in urls[0]
        assert all(re.search(r"[?&]after=\d+", u) for u in urls[1:]), urls


def card_id(name: str) -> int:
    return "23456789TJQKA".index(name[0]) * 4 + "cdhs".index(name[1])
