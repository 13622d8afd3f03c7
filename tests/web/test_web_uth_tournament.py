"""A UTH tournament run from its screen, in Chromium against a live ``croupier serve --demo``:
the cage enters the players, the director draws the seats and plays every round at both tables
(wagers asked in order, the deal, each box's decision, the settlement), players are eliminated
or the session ends, the director awards the places and the cage pays the prizes; a refusal
shows its act-uth-2025 clause. A player plays their own box from the same screen."""

from __future__ import annotations

from typing import Any

import httpx

from support.web import Server, login, shoot

T = "uth-cup"
FIELD = ["bot1", "bot2", "bot3", "bot4"]


def click(page: Any, button: Any) -> None:
    """Click a control and wait for the server's answer in the status line."""
    page.evaluate(
        "() => { const s = document.getElementById('status');"
        " s.className = 'status'; s.replaceChildren(); }"
    )
    button.click()
    page.wait_for_selector("#status.ok, #status.refused")


def test_the_director_runs_a_uth_tournament_from_its_screen(browser: Any, server: Server) -> None:
    server.command(
        "director",
        {
            "type": "OpenUthTournament",
            "tournament": T,
            "entry_fee": 110,
            "commission": 10,
            "starting_chips": 1000,
            "minimum": 200,
            "maximum": 500,
            "session_limit": 2,
            "prizes": [70, 30],
            "players_per_table": 2,
        },
    )
    cage = browser.new_page(viewport={"width": 1400, "height": 1000})
    login(cage, server, "cashier")
    cage.goto(f"{server.url}/ui/")
    cage.locator(f'#board tr[data-table="{T}"] a').first.click()  # the board links to it
    cage.wait_for_selector('body[data-screen="uth-tournament"][data-status="entry"]')
    for p in FIELD:
        cage.get_by_label("Player").fill(p)
        click(cage, cage.get_by_role("button", name="Enter"))
        cage.locator(f'#entrants tr[data-player="{p}"]').wait_for()
    cage.get_by_label("Player").fill("bot1")  # one entry each: the refusal names 16.6
    click(cage, cage.get_by_role("button", name="Enter"))
    assert cage.locator("#status .clause").inner_text() == "act-uth-2025 16.6"
    assert cage.locator("#u-pool").inner_text() == "$400"

    desk = browser.new_page(viewport={"width": 1400, "height": 1100})
    login(desk, server, "director")
    desk.goto(f"{server.url}/ui/uth-tournament.html?tournament={T}")
    desk.wait_for_selector('body[data-status="entry"]')
    assert desk.locator("#cage").is_hidden()
    click(desk, desk.get_by_role("button", name="Draw the seats"))
    desk.wait_for_selector('#tables .tbl[data-table="2"]')
    shot = False
    for _ in range(400):
        if desk.locator('body[data-status="finished"]').count():
            break
        button = desk.locator("#tables .tbl .actions button").first
        if desk.locator(".round").count() and not shot:
            shoot(desk, "uth-tournament-round")
            shot = True
        click(desk, button)
        assert desk.locator("#status.refused").count() == 0, desk.locator("#status").inner_text()
    desk.wait_for_selector('body[data-status="finished"]')
    click(desk, desk.get_by_role("button", name="Award the places"))
    desk.wait_for_selector("#entrants td:has-text('$')")
    rounds = int(desk.locator("#u-rounds").inner_text())
    assert rounds >= 2
    shoot(desk, "uth-tournament")

    cage.reload()
    cage.wait_for_selector('body[data-status="finished"]')
    cage.wait_for_selector("#pay-player option", state="attached")
    while cage.locator("#pay-player option").count():
        label = cage.locator("#pay-player option").first.inner_text()
        owed = int(label.split("$")[1].rstrip(")").replace(",", ""))
        cage.get_by_label("Prize amount").fill(str(owed))
        click(cage, cage.get_by_role("button", name="Pay the prize"))
        assert cage.locator("#status.ok").count() == 1
    paid = [t for t in cage.locator("#entrants tbody td:nth-child(8)").all_inner_texts() if t]
    assert sum(int(p.strip("$").replace(",", "")) for p in paid) == 400
    assert cage.locator("#u-balanced").inner_text() == "(the cage agrees)"


def test_a_player_plays_their_own_box_from_the_screen(browser: Any, server: Server) -> None:
    """A seated player wagers when their table asks them and decides for their own box from
    the tournament's screen: their cards, the board as it is turned, never another's cards."""
    for p in ("ann", "ben"):
        server.add_user(p)
    server.command(
        "director",
        {
            "type": "OpenUthTournament",
            "tournament": T,
            "entry_fee": 110,
            "commission": 10,
            "starting_chips": 2000,
            "minimum": 200,
            "maximum": 500,
            "session_limit": 2,
            "prizes": [100],
        },
    )
    for p in ("ann", "ben"):
        server.command("cashier", {"type": "EnterUthTournament", "player": p, "tournament": T})
    server.command("director", {"type": "DrawUthSeats", "tournament": T})

    def run(cmd: str, **fields: Any) -> None:
        command = {"$t": f"croupier.uth.tournament_commands:{cmd}", **fields}
        server.command(
            "director", {"type": "RunUthTournament", "tournament": T, "command": command}
        )

    def ben(action: str) -> None:
        act = {"type": "UthTournamentAct", "tournament": T, "action": action}
        server.command("ben", act)

    run("BeginRound", table=1)
    page = browser.new_page(viewport={"width": 1200, "height": 1100})
    login(page, server, "ann")
    page.goto(f"{server.url}/ui/uth-tournament.html?tournament={T}")
    page.wait_for_selector("#seat:not([hidden])")
    assert page.locator("#director").is_hidden() and page.locator("#cage").is_hidden()
    view = httpx.get(
        f"{server.url}/uth-tournaments/{T}",
        headers={"Authorization": f"Bearer {server.token('director')}"},
    ).json()["view"]
    for p in view["tables"][0]["order"]:
        if p == "ann":
            page.wait_for_selector('body[data-seat="asked"]')
            page.get_by_label("Ante").fill("200")
            click(page, page.get_by_role("button", name="Place my wagers"))
            assert page.locator("#status.ok").count() == 1
        else:
            server.command(p, {"type": "UthTournamentWager", "tournament": T, "ante": 200})
        run("AskNext", table=1)
    server.command("director", {"type": "DealUthTournamentRound", "tournament": T})
    page.wait_for_selector('body[data-seat="deciding"]')
    assert page.locator("#my-hole .card[data-card]").count() == 2
    assert page.locator("#tables .card[data-card]").count() == 0  # no one else's cards
    assert page.locator("#my-board .card").count() == 0
    click(page, page.get_by_role("button", name="Play 4× the Ante"))
    assert page.locator("#status.ok").count() == 1, page.locator("#status").inner_text()
    ben("check")
    ben("check")
    ben("fold")
    server.command(
        "director",
        {
            "type": "UthTournamentDecision",
            "tournament": T,
            "number": 1,
            "command": {"$t": "croupier.uth.commands:SettleAll"},
        },
    )
    page.wait_for_selector("#my-result:not(:empty)")
    assert page.locator("#my-board .card[data-card]").count() == 5
    assert page.locator("#my-dealer .card[data-card]").count() == 2
    shoot(page, "uth-tournament-player")
    assert "box" in page.locator("#seat-title").inner_text()


def test_reserves_and_substitutes_from_the_screen(browser: Any, server: Server) -> None:
    """The director declares a seat not taken forfeited (16.10), the cage registers a reserve
    and seats them in it on payment of the entry fee (16.11), the director approves a
    substitute (16.12): each listed with its clause."""
    for p in ("ann", "ben", "cat", "dan", "eve"):
        server.add_user(p)
    server.command(
        "director",
        {
            "type": "OpenUthTournament",
            "tournament": T,
            "entry_fee": 110,
            "commission": 10,
            "starting_chips": 1000,
            "minimum": 200,
            "maximum": 500,
            "session_limit": 2,
            "prizes": [100],
        },
    )
    for p in ("ann", "ben", "cat"):
        server.command("cashier", {"type": "EnterUthTournament", "player": p, "tournament": T})
    cage = browser.new_page(viewport={"width": 1400, "height": 1100})
    login(cage, server, "cashier")
    cage.goto(f"{server.url}/ui/uth-tournament.html?tournament={T}")
    cage.wait_for_selector('body[data-status="entry"]')
    cage.get_by_label("Reserve", exact=True).fill("dan")
    click(cage, cage.get_by_role("button", name="Add a reserve"))
    cage.wait_for_selector('#reserves li[data-reserve="dan"]')
    assert "act-uth-2025 16.11" in cage.locator("#reserves").inner_text()
    server.command("director", {"type": "DrawUthSeats", "tournament": T})

    desk = browser.new_page(viewport={"width": 1400, "height": 1100})
    login(desk, server, "director")
    desk.goto(f"{server.url}/ui/uth-tournament.html?tournament={T}")
    desk.wait_for_selector('body[data-status="running"]')
    desk.get_by_label("Seat not taken").select_option("ben")
    click(desk, desk.get_by_role("button", name="Forfeit the seat"))
    assert desk.locator("#status.ok").count() == 1, desk.locator("#status").inner_text()
    desk.wait_for_selector('#entrants tr[data-player="ben"][data-out="true"]')

    cage.reload()
    cage.wait_for_selector('#seat-of option[value="ben"]', state="attached")
    cage.get_by_label("Seat reserve").select_option("dan")
    cage.get_by_label("in the seat of").select_option("ben")
    click(cage, cage.get_by_role("button", name="Seat the reserve"))
    assert cage.locator("#status.ok").count() == 1, cage.locator("#status").inner_text()
    cage.wait_for_selector('#entrants tr[data-player="dan"][data-out="false"]')
    assert cage.locator("#u-pool").inner_text() == "$400"  # ben's fee stays (16.10)

    desk.reload()
    desk.wait_for_selector('#sub-player option[value="cat"]', state="attached")
    desk.get_by_label("Replace").select_option("cat")
    desk.get_by_label("Substitute", exact=True).fill("eve")
    click(desk, desk.get_by_role("button", name="Approve the substitute"))
    assert desk.locator("#status.ok").count() == 1, desk.locator("#status").inner_text()
    line = desk.locator('#reserves li[data-substitute="eve"]')
    line.wait_for()
    assert line.inner_text() == "eve for cat, approved by director (act-uth-2025 16.12)"
