"""The dealer's table screen in a live deal: the dealer enters the cards actually dealt (hole
cards, the burn, the flop) on a tablet; a card dealt twice is refused with its clause; the
player's phone shows their own cards and the board as entered."""

from __future__ import annotations

from typing import Any

from support.web import Server, shoot
from support.web_table import PHONE, TABLET, caught_up, open_table, table_view

# the Cards field emptied, or gone with the form (the last hole cards end the dealing)
CLEARED = "() => { const c = document.getElementById('cards'); return !c || c.value === ''; }"
HOLES = {"bot1": "As Ks", "bot2": "Qd Qc", "bot3": "7h 2c"}


def _deal(dealer: Any, server: Server, cards: str, button: str) -> int:
    field = dealer.get_by_label("Cards", exact=True)
    field.fill(cards)
    with dealer.expect_response(lambda r: r.url.endswith("/commands")) as reply:
        dealer.get_by_role("button", name=button).click()
    status = int(reply.value.status)
    if status == 200:  # the page clears the field once it has read the reply; wait for that
        dealer.wait_for_function(CLEARED)
    return status


def test_the_dealer_enters_a_live_deal_on_the_tablet(browser: Any, server: Server) -> None:
    dealer = open_table(browser, server, "dealer", TABLET)
    bot1 = open_table(browser, server, "bot1", PHONE)
    dealer.get_by_role("button", name="Next round (live deal)").click()
    dealer.locator("#turn", has_text="Waiting for the hole cards").wait_for()
    for n, (player, cards) in enumerate(HOLES.items()):
        seq, _ = table_view(server)
        caught_up([dealer], seq)
        # the next player to receive cards is chosen already
        assert dealer.locator("#deal-to option:checked").inner_text() == player
        if n == 1:  # a card already dealt is refused, with the clause
            assert _deal(dealer, server, "As Qc", "Deal hole cards") == 409
            dealer.locator("#status.refused .clause").wait_for()
            assert "qld-holdem-2005" in dealer.locator("#status .clause").inner_text()
        assert _deal(dealer, server, cards, "Deal hole cards") == 200
    seq, tv = table_view(server)
    assert tv.round is not None and tv.round.awaiting == "action"
    caught_up([dealer, bot1], seq)
    mine = bot1.eval_on_selector_all("#mine [data-card]", "es => es.map(e => e.dataset.card)")
    assert mine == ["As", "Ks"]
    for p in ("bot2", "bot3"):  # the dealer's side sees every hand; the player only their own
        seat = f'.seat[data-player="{p}"] [data-card]'
        assert " ".join(dealer.eval_on_selector_all(seat, "es => es.map(e => e.dataset.card)"))
        assert bot1.locator(seat).count() == 0
    # the players call around (through the API); the flop is the dealer's to enter
    while tv.round is not None and tv.round.awaiting == "action":
        assert tv.round.actor is not None
        server.command(tv.players[tv.round.actor], {"type": "CheckCall", "table": "qld-1"})
        seq, tv = table_view(server)
    assert tv.round is not None and tv.round.awaiting == "board"
    caught_up([dealer, bot1], seq)
    assert _deal(dealer, server, "3d", "Burn") == 200
    assert _deal(dealer, server, "Jh Td 4s", "Deal the board") == 200
    seq, tv = table_view(server)
    caught_up([dealer, bot1], seq)
    board = bot1.eval_on_selector_all("#board [data-card]", "es => es.map(e => e.dataset.card)")
    assert board == ["Jh", "Td", "4s"]
    assert bot1.locator("#log li", has_text="Board: Jh Td 4s").count() == 1
    assert bot1.locator("#log li", has_text="Burn ▒").count() == 1  # the burn card face down
    shoot(dealer, "table-dealer-live")
