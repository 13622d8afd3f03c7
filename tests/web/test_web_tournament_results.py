"""A small tournament played to the end against a live ``croupier serve --demo``, as the screens
show it: the director sees the players eliminated (status, place, players left), and the cage
pays every prize from the tournament's screen until the pool owes nothing."""

from __future__ import annotations

import random
from typing import Any

import httpx

from croupier.round import BetRaise, CheckCall, Round
from croupier.service import contract
from croupier.service.store import codec
from croupier.tournament.commands import PlayedHand
from support.web import Server, login

T = "mini"
ENTRANTS = ("bot1", "bot2", "bot3")
CONDITIONS = """
name = "Midnight mini"
date = 2026-11-28T23:00:00
rules = "qld-tournament-2020"
entry_fee = 50
admin_fee = 10
starting_stack = 1000
max_entrants = 3
table_size = 4
final_table_size = 4
chips = [25, 100]
payouts = [70, 30]
structure = "full-pot"

[[levels]]
small_blind = 25
big_blind = 50
minutes = 30
"""


def headers(server: Server, who: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {server.token(who)}"}


def field(server: Server) -> dict[str, Any]:
    body: dict[str, Any] = server.get("director", f"/tournaments/{T}")
    return body


def open_and_start(server: Server) -> None:
    server.command(
        "director", {"type": "OpenTournament", "tournament": T, "conditions": CONDITIONS}
    )
    for p in ENTRANTS:
        server.command("cashier", {"type": "EnterTournament", "tournament": T, "player": p})
    server.command("director", {"type": "StartTournament", "tournament": T})
    for table in field(server)["tables"]:  # the dealer's tablet deals these tables
        r = httpx.post(
            f"{server.url}/users/dealer/tables",
            json={"table": f"{T}/{table}"},
            headers=headers(server, "admin"),
        )
        assert r.status_code == 200, r.text


def play_hand(server: Server, rng: random.Random) -> None:
    """A hand at every table, everyone all in (the dealer records them, as a dealer's tablet
    would); the director balances after it."""
    hands = []
    for table in sorted(field(server)["tables"], key=int):
        plan = contract.decode(
            server.get("dealer", f"/tournaments/{T}/tables/{table}/plan?deck=server")["plan"]
        )
        rd = Round(plan.config)
        while not rd.is_over:
            forced = plan.forced_action(rd)
            if forced is not None:
                rd.apply(forced)
                continue
            la = rd.legal_actions()
            assert la is not None and rd.actor is not None
            shove = la.max_raise_to is not None and rng.random() < 0.9
            rd.apply(BetRaise(rd.actor, la.max_raise_to) if shove else CheckCall(rd.actor))  # type: ignore[arg-type]
        hands.append(codec.encode(PlayedHand(plan, rd.config, tuple(rd.events))))
    server.command("dealer", {"type": "RecordHands", "tournament": T, "hands": hands})


def play_to_the_end(server: Server, until: int = 1, limit: int = 60) -> None:
    """Hands until ``until`` players are left (1: the tournament is won)."""
    rng = random.Random(4)
    for _ in range(limit):
        st = field(server)
        if sum(e["status"] != "eliminated" for e in st["entrants"]) <= until:
            return
        play_hand(server, rng)
    raise AssertionError(f"more than {until} players left after {limit} hands")


def tournament_page(browser: Any, server: Server, who: str) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    login(page, server, who)
    page.goto(f"{server.url}/ui/tournament.html?tournament={T}")
    page.locator("#entrants tbody tr").first.wait_for()
    return page


def test_the_director_sees_the_players_eliminated(browser: Any, server: Server) -> None:
    open_and_start(server)
    desk = tournament_page(browser, server, "director")
    assert desk.locator("#t-players").inner_text() == "3"
    assert desk.locator('#entrants tr[data-status="eliminated"]').count() == 0
    play_to_the_end(server, until=2)
    # the screen follows the clock's websocket: each eliminated player's row says so, with
    # their place, and the players left drop
    st = field(server)
    out = {e["player"]: e["place"] for e in st["entrants"] if e["status"] == "eliminated"}
    assert out and all(out.values())
    left = len(ENTRANTS) - len(out)
    desk.locator("#t-players", has_text=str(left)).wait_for()
    for player, place in out.items():
        row = desk.locator(f'#entrants tr[data-player="{player}"]')
        row.locator("td:nth-child(2)", has_text="eliminated").wait_for()
        assert row.locator("td:nth-child(7)").inner_text() == str(place)
    assert desk.locator('#entrants tr[data-status="eliminated"]').count() == len(out)
    if left > 1:
        play_to_the_end(server, until=1)
    desk.locator("#t-status", has_text="finished").wait_for()
    desk.locator('#entrants tr[data-status="eliminated"]').nth(1).wait_for()
    assert desk.locator('#entrants tr[data-status="eliminated"]').count() == 2
    places = sorted(desk.locator("#entrants td:nth-child(7)").all_inner_texts())
    assert places[0] == "1" and all(places)  # the winner first; ties share a place


def test_the_cage_pays_every_prize_until_the_pool_owes_nothing(
    browser: Any, server: Server
) -> None:
    open_and_start(server)
    play_to_the_end(server)
    owed = {e["player"]: e["owed"] for e in field(server)["entrants"] if e["owed"]}
    assert sum(owed.values()) == 150 and len(owed) >= 2  # the whole pool: 3 x 50 (ties share)
    cage = tournament_page(browser, server, "cashier")
    owing = cage.locator("#owing")
    owing.get_by_text("The pool owes $150: ").wait_for()
    for _ in owed:
        # the prize field is filled in with what the pool owes the first player still owed
        who = cage.locator("#pay-player").input_value()
        assert who in owed
        assert cage.locator("#pay-amount").input_value() == str(owed[who])
        with cage.expect_response(lambda r: r.url.endswith("/commands")) as paid:
            cage.get_by_role("button", name="Pay the prize").click()
        assert paid.value.status == 200, paid.value.text()
        cage.locator("#status.ok").get_by_text(f"${owed[who]} paid to {who}.").wait_for()
        cage.locator(f'#entrants tr[data-player="{who}"] td[data-owed="0"]').wait_for()
    owing.get_by_text("The pool owes nothing.").wait_for()
    assert cage.locator("#entrants td[data-owed]:not([data-owed='0'])").count() == 0
    # the cage's ledger: the tournament's pool is empty and the room's money conserved
    ledger = browser.new_page(viewport={"width": 1280, "height": 900})
    login(ledger, server, "cashier")
    ledger.goto(f"{server.url}/ui/cashier.html")
    row = ledger.locator("#ledger tr", has_text="tournament prize pools")
    row.wait_for()
    assert row.locator("td").nth(1).inner_text() == "0"
    ledger.locator("#conserved", has_text="Conserved").wait_for()
    # one more payment is refused with its clause: nothing is owed
    cage.locator("#pay-amount").fill("1")
    cage.get_by_role("button", name="Pay the prize").click()
    assert cage.locator("#status.refused .clause").inner_text().strip()
