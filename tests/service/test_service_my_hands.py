"""A player downloads their own hands (issue 30 §2): ``GET /me/hands`` over the real app and a
real SQLite store gives the caller's finished rounds at a table in OHH or PokerStars text, as
they saw them: every card in the file is one the player's own websocket carried (their hole
cards, the board, hands shown), never an opponent's hand mucked or folded unseen."""

from __future__ import annotations

import random
import re
from pathlib import Path

from croupier.cards import Card
from croupier.client import play_round
from croupier.histories import ohh
from croupier.histories import pokerstars as ps
from croupier.histories.phh_export import HOUSE
from croupier.service.store.played import finished_rounds
from croupier.service.store.rooms import table_stream
from croupier.service.store.store import EventStore
from support.service import served, ticket
from support.web_table import cards_in

PLAYERS = ["p1", "p2", "p3"]
CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def _cards(text: str) -> set[int]:
    return {int(Card.parse(c)) for c in CARD.findall(text)}


def test_a_player_downloads_their_hands_as_they_saw_them(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with served(url, players=4) as room:
        room.open_table("t1", "dunedin-house", PLAYERS)
        once = ticket(room.c, room.login("p1"))
        with room.c.websocket_connect(f"/ws/tables/t1?ticket={once}&after=0") as ws:
            rng = random.Random(3)
            for _ in range(12):
                play_round(room, "t1", rng)
            head = room.view("dealer", "t1")[0]
            seen: set[int] = set()
            while True:
                m = ws.receive_json()
                seen |= cards_in(m)
                if m["seq"] >= head:
                    break
        files = {}
        for fmt in ("ohh", "pokerstars"):
            r = room.c.get(f"/me/hands?table=t1&format={fmt}", headers=room.headers("p1"))
            assert r.status_code == 200, r.text
            assert (
                f'filename="croupier-t1-p1.{"ohh" if fmt == "ohh" else "txt"}"'
                in (r.headers["content-disposition"])
            )
            files[fmt] = r.text
        # what may not be had
        bad = [
            ("p1", "/me/hands?table=t1&format=xml", 400, "no format 'xml'"),
            ("p1", "/me/hands?table=t9&format=ohh", 404, "no cash table t9"),
            ("p4", "/me/hands?table=t1", 404, "you played no finished round at table t1"),
            ("p1", "/me/hands", 422, ""),
        ]
        for who, path, status, why in bad:
            r = room.c.get(path, headers=room.headers(who))
            assert r.status_code == status, r.text
            assert why in r.text
    store = EventStore(url)
    try:
        played = finished_rounds(store, table_stream("main", "t1"))
    finally:
        store.close()
    assert len(played) == 12
    allowed = seen
    text = files["pokerstars"]
    assert text.count("PokerStars Hand #") == 12 and text.count("Dealt to ") == 12
    assert text.count("Dealt to p1 [") == 12
    assert _cards(text) <= allowed, _cards(text) - allowed
    hands = ohh.loads(files["ohh"])
    assert len(hands) == 12 and all(h["ohh"]["hero_player_id"] is not None for h in hands)
    assert _cards(files["ohh"]) <= allowed, _cards(files["ohh"]) - allowed
    # the check can fail: the house's own record of the same rounds holds cards p1 never saw
    house = ps.dumps([ps.to_text(p.round, HOUSE, meta=p.history(HOUSE)) for p in played])
    assert _cards(house) - allowed
