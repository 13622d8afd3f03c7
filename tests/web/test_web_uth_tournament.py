"""A UTH tournament run from its screen, in Chromium against a live ``croupier serve --demo``:
the cage enters the players, the director draws the seats and plays every round at both tables
(wagers asked in order, the deal, each box's decision, the settlement), players are eliminated
or the session ends, the director awards the places and the cage pays the prizes; a refusal
shows its act-uth-2025 clause."""

from __future__ import annotations

from typing import Any

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
