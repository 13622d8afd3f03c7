"""A player downloads their own hands from their table page (issue 30 §2), in Chromium against
a live ``croupier serve --demo``: after a round at qld-1, bot1 clicks "PokerStars text" and
"OHH" on their page and gets files holding that round as they saw it: their own hole cards,
and no card their page's websocket did not carry."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from croupier.cards import Card
from support.web import Server
from support.web_table import PHONE, card_ids, open_table, table_view

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def _round(server: Server) -> None:
    """A round at qld-1 through the API: every player checks or calls to its end."""
    server.command("dealer", {"type": "StartRound", "table": "qld-1"})
    while True:
        _, tv = table_view(server)
        if tv.round is None:
            return
        if tv.round.actor is not None:
            who = tv.players[tv.round.actor]
            server.command(who, {"type": "CheckCall", "table": "qld-1"})


def test_a_player_downloads_their_hands_from_their_page(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    frames: list[str] = []
    page = open_table(browser, server, "bot1", PHONE, frames=frames)
    _round(server)
    seq, _ = table_view(server)
    page.wait_for_function("s => window.croupierTable.seq >= s", arg=seq, timeout=15_000)
    seen = set().union(*(card_ids(f) for f in frames))
    section = page.get_by_role("region", name="your hands")
    assert section.is_visible()
    got = {}
    for name in ("PokerStars text", "OHH"):
        with page.expect_download() as download:
            section.get_by_role("button", name=name).click()
        path = tmp_path / download.value.suggested_filename
        download.value.save_as(path)
        got[name] = path.read_text()
    assert set(got) == {"PokerStars text", "OHH"}
    text = got["PokerStars text"]
    assert text.count("PokerStars Hand #") == 1 and "Hold'em Pot Limit" in text
    dealt = [line for line in text.splitlines() if line.startswith("Dealt to ")]
    assert len(dealt) == 1 and dealt[0].startswith("Dealt to bot1 [")
    for body in got.values():
        cards = {int(Card.parse(c)) for c in CARD.findall(body)}
        assert cards and cards <= seen, cards - seen
    assert '"hero_player_id"' in got["OHH"]
    page.locator("#status.ok", has_text="croupier-qld-1-bot1").wait_for()
