"""The player's page lives on its stream socket, in Chromium against ``croupier serve --demo``:
over a dozen hands it reads its view once (the socket sends the views), every message it
receives is in the public contract (no Python path, no storage tag), and its words are right:
the showdown names the winner as the pot line does, "you" agrees with its verb, and what the
pot line says is owed is what the Call button says."""

from __future__ import annotations

import re
import time
from typing import Any

from support.web import Server
from support.web_table import PHONE, caught_up, open_table, table_view

PLAYERS = ("bot1", "bot2", "bot3")  # seated at qld-1 (qld-holdem-2005) in the demo room
TAGS = ('"$t"', '"$tuple"', '"$card"', '"$enum"', "croupier.")


def play_hand(server: Server, stop: Any = None) -> None:
    """The dealer deals a hand from the shoe; each player checks or calls, through the API,
    until it is over (or until ``stop(view)`` holds, the round in progress)."""
    server.command("dealer", {"type": "StartRound", "table": "qld-1"})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        _, tv = table_view(server)
        if tv.round is None:
            return
        if tv.round.actor is None:
            time.sleep(0.05)
            continue
        if stop is not None and stop(tv):
            return
        server.command(tv.players[tv.round.actor], {"type": "CheckCall", "table": "qld-1"})
    raise AssertionError("the hand did not end")


def log_lines(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#log li .text", "es => es.map(e => e.textContent)"))


def test_a_players_page_reads_its_view_once_over_a_dozen_hands(
    browser: Any, server: Server
) -> None:
    frames: list[str] = []
    requests: list[str] = []
    page = open_table(browser, server, "bot1", PHONE, frames=frames)
    page.on("request", lambda r: requests.append(r.url))
    for _ in range(12):
        play_hand(server)
    seq, tv = table_view(server)
    caught_up([page], seq)
    views = [u for u in requests if re.search(r"/tables/[^/]+/view", u)]
    assert views == [], f"{len(views)} view requests after the first load"
    assert len(frames) > 12 * 10  # it did follow every hand
    # every message the page received is in the contract: no Python path, no storage tag
    for f in frames:
        assert not any(tag in f for tag in TAGS), f[:300]
    # the page shows the view the socket sent: the hands played, its own stack
    assert page.locator("#turn").inner_text() == "Waiting for the next round"
    stack = dict(tv.stacks)["bot1"]
    assert page.locator("#my-stack").inner_text() == f"Stack {stack}"
    # the words: names for players (never a 0-based position), "you" with its own verb
    lines = log_lines(page)
    assert lines
    assert not [x for x in lines if re.search(r"\bplayer \d+\b", x)]
    assert not [x for x in lines if re.search(r"\byou (is|sits|calls|checks|posts|wins)\b", x)]
    assert any(x.startswith("you are dealt ") for x in lines), lines[:20]
    winners = [x for x in lines if "winning hand: " in x]
    names = "|".join(["you", *PLAYERS])
    assert winners and all(re.search(rf"winning hand: ({names}) ha(s|ve) ", x) for x in winners)
    assert any(re.search(rf"^({names}) wins? \d+ from the main pot", x) for x in lines)


def test_the_pot_line_owes_what_the_call_button_says(browser: Any, server: Server) -> None:
    pages = {p: open_table(browser, server, p, PHONE) for p in PLAYERS}

    def blind_to_act(tv: Any) -> bool:
        # pre-flop, the small blind to act: it owes less than the bet to match
        r = tv.round
        return r.street == 0 and r.bets[r.actor] not in (0, r.current_bet)

    play_hand(server, stop=blind_to_act)
    seq, tv = table_view(server)
    assert tv.round is not None and tv.round.actor is not None
    caught_up(list(pages.values()), seq)
    me = tv.players[tv.round.actor]
    page = pages[me]
    button = page.locator("#actions button.call").inner_text()
    pot = page.locator("#pot").inner_text()
    owed = tv.round.current_bet - tv.round.bets[tv.round.actor]
    assert button == f"Call {owed}"
    assert f"{owed} to call" in pot, pot
    for other in set(PLAYERS) - {me}:
        text = pages[other].locator("#pot").inner_text()
        assert "to call" not in text and f"bet {tv.round.current_bet}" in text, text
