"""After its first load a page of the console makes no request per event nor on a timer: the
board, the waiting lists, the cage, the tournament screen (the director's live hands and a
player's "your table"), a player's tournament seat and a UTH tournament's screen follow their
stream sockets, each read pushed by the server after the commits that change it. Each test
counts the requests a page makes over a stretch of play driven from outside it (and a pause
longer than any poll the pages used to make), and checks that the page showed the play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from support.web import Server, login

#: Longer than the longest poll the pages made (every 1, 2, 3 or 5 s): the pages' clocks are
#: run on by this much at once (Playwright's fake timers), every timer due meanwhile fired.
PAUSE_MS = 5_500
#: Real time for a request a fired timer made to be seen.
SETTLE_MS = 300
T = "sat-1"


class Requests:
    """Every request a page makes (websocket frames are not requests)."""

    def __init__(self, page: Any) -> None:
        self.seen: list[str] = []
        page.on("request", lambda r: self.seen.append(f"{r.method} {r.url}"))
        page.clock.install()  # time flows as usual until ``quiet`` runs it on

    def since(self, start: int) -> list[str]:
        return self.seen[start:]


def counted(page: Any) -> Requests:
    return Requests(page)


def get(server: Server, who: str, path: str) -> Any:
    return server.get(who, path)


def command(server: Server, who: str, cmd: dict[str, Any]) -> None:
    server.command(who, cmd)


def quiet(pages: dict[str, tuple[Any, Requests]], play: Callable[[], None]) -> None:
    """Run ``play`` (which waits for each page to show it), run every page's clock on past
    any poll, then check that no page made a request meanwhile."""
    first = next(iter(pages.values()))[0]
    first.wait_for_timeout(1_000)  # every page's sockets open (the pages run side by side)
    start = {k: len(r.seen) for k, (_, r) in pages.items()}
    play()
    for page, _ in pages.values():
        page.clock.run_for(PAUSE_MS)
    first.wait_for_timeout(SETTLE_MS)
    made = {k: r.since(start[k]) for k, (_, r) in pages.items()}
    assert made == {k: [] for k in pages}, made


def join_and_leave(server: Server, wait: Callable[[int], None]) -> None:
    """A dozen commits: six players join the qld-1 list one by one, then leave it;
    ``wait(n)``: until the page shows ``n`` waiting."""
    row = next(r for r in get(server, "floor", "/room/board")["board"] if r["table"] == "qld-1")
    key = {"game": row["game"], "stakes": row["stakes"]}
    names = [f"w{i}" for i in range(1, 7)]
    for n, p in enumerate(names, start=1):
        command(server, "floor", {"type": "JoinList", "player": p, **key})
        wait(n)
    for n, p in enumerate(names, start=1):
        command(server, "floor", {"type": "LeaveList", "player": p, **key})
        wait(len(names) - n)


def users(server: Server) -> None:
    for i in range(1, 7):
        server.add_user(f"w{i}")


def test_the_board_follows_the_room_without_polling(browser: Any, server: Server) -> None:
    users(server)
    page = browser.new_page()
    seen = counted(page)
    login(page, server, "floor")
    row = page.locator('#board tr[data-table="qld-1"] td:nth-child(6)')
    row.wait_for()

    def wait(n: int) -> None:
        page.wait_for_function(
            "n => document.querySelector('#board tr[data-table=\"qld-1\"] td:nth-child(6)')"
            ".textContent === String(n)",
            arg=n,
            timeout=10_000,
        )

    quiet({"floor": (page, seen)}, lambda: join_and_leave(server, wait))


def test_the_waiting_lists_follow_the_room_without_polling(browser: Any, server: Server) -> None:
    users(server)
    pages = {}
    for who in ("floor", "bot1"):
        page = browser.new_page()
        seen = counted(page)
        login(page, server, who)
        page.goto(f"{server.url}/ui/lists.html")
        page.locator("article[data-list]").first.wait_for()
        pages[who] = (page, seen)

    def wait(n: int) -> None:
        for page, _ in pages.values():
            page.locator("article[data-list]", has_text=f" {n} waiting.").first.wait_for(
                timeout=10_000
            )

    quiet(pages, lambda: join_and_leave(server, wait))
    assert pages["floor"][0].locator("li.list-entry").count() == 0


def test_the_cage_follows_the_room_without_polling(browser: Any, server: Server) -> None:
    users(server)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    seen = counted(page)
    login(page, server, "cashier")
    page.goto(f"{server.url}/ui/cashier.html")
    page.locator("#conserved").wait_for()
    cash = get(server, "cashier", "/room/ledger")["ledger"]["cash_in"]

    def play() -> None:
        join_and_leave(server, lambda n: None)
        command(
            server, "cashier", {"type": "BuyIn", "player": "bot1", "table": "qld-1", "cash": 50}
        )
        page.locator("#ledger", has_text=f"cash in {cash + 50} =").wait_for(timeout=10_000)

    quiet({"cashier": (page, seen)}, play)


def live_hand(server: Server) -> Any:
    return get(server, "director", f"/tournaments/{T}/tables/1/hand")


def test_the_tournament_pages_follow_its_hands_without_polling(
    browser: Any, server: Server
) -> None:
    field = ("bot1", "bot2", "bot3")
    for p in field:
        command(server, "cashier", {"type": "EnterTournament", "tournament": T, "player": p})
    command(server, "director", {"type": "StartTournament", "tournament": T})
    pages = {}
    seat = browser.new_page()
    pages["seat"] = (seat, counted(seat))
    login(seat, server, "bot1")
    seat.goto(f"{server.url}/ui/tournament-seat.html?tournament={T}&table=1")
    seat.wait_for_selector("body[data-conn=live]")
    seat.wait_for_selector("#seats .seat")
    for who in ("director", "bot2"):
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        pages[who] = (page, counted(page))
        login(page, server, who)
        page.goto(f"{server.url}/ui/tournament.html?tournament={T}")
    pages["bot2"][0].locator("#your-table-link", has_text="Your table: table 1").wait_for()
    director = pages["director"][0]
    director.locator('[data-live-table="1"]').wait_for()

    def play() -> None:
        for _ in range(3):  # three hands, each to its end
            command(
                server, "director", {"type": "DealTournamentHand", "tournament": T, "number": 1}
            )
            number = live_hand(server)["hand"]["hand"]
            director.locator('[data-live-table="1"] .what', has_text=f"hand {number}").wait_for(
                timeout=10_000
            )
            seat.locator("#pot", has_text=f"Hand {number} ").wait_for(timeout=10_000)
            while (h := live_hand(server)["hand"]) is not None and not h["over"] and h["actor"]:
                act = {"type": "TournamentAct", "tournament": T, "number": 1, "action": "fold"}
                command(server, h["actor"], act)
                seq = live_hand(server)["seq"]
                seat.wait_for_function("s => window.croupierSeat.seq >= s", arg=seq, timeout=10_000)
            director.locator('[data-live-table="1"] .what', has_text="between hands").wait_for(
                timeout=10_000
            )

    quiet(pages, play)


def test_a_uth_tournament_screen_follows_it_without_polling(browser: Any, server: Server) -> None:
    name = "uth-cup"
    command(
        server,
        "director",
        {
            "type": "OpenUthTournament",
            "tournament": name,
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
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    seen = counted(page)
    login(page, server, "director")
    page.goto(f"{server.url}/ui/uth-tournament.html?tournament={name}")
    page.wait_for_selector('body[data-screen="uth-tournament"][data-status="entry"]')

    def play() -> None:
        for n, p in enumerate(["bot1", "bot2", "bot3", "bot4"], start=1):
            enter = {"type": "EnterUthTournament", "tournament": name, "player": p}
            command(server, "cashier", enter)
            page.locator("#u-entries", has_text=str(n)).wait_for(timeout=10_000)
        command(server, "director", {"type": "DrawUthSeats", "tournament": name})
        page.wait_for_selector('body:not([data-status="entry"])', timeout=10_000)

    quiet({"director": (page, seen)}, play)
