"""A burn card a live dealer enters is out of the deck but face down: no seat's view shows it
(not as an exposed card either), while cards truly exposed still show."""

from __future__ import annotations

from pathlib import Path

from croupier.cards import Card
from support.service import served


def test_a_live_burn_card_is_in_no_players_view(tmp_path: Path) -> None:
    with served(f"sqlite:///{tmp_path / 'room.db'}", 3) as room:
        room.open_table("t1", "qld-holdem-2005", ["p1", "p2", "p3"])
        room.ok("dealer", {"type": "StartRound", "table": "t1", "live": True})
        for p, cards in enumerate((["As", "Ks"], ["Qd", "Qc"], ["7h", "2c"])):
            room.ok("dealer", {"type": "DealHole", "table": "t1", "player": p, "cards": cards})
        while True:
            _, tv = room.view("dealer", "t1")
            assert tv.round is not None
            if tv.round.actor is None:
                break
            room.ok(tv.players[tv.round.actor], {"type": "CheckCall", "table": "t1"})
        room.ok("dealer", {"type": "Burn", "table": "t1", "card": "3d"})
        room.ok("dealer", {"type": "DealBoard", "table": "t1", "cards": ["Jh", "Td", "4s"]})
        burn = Card.parse("3d")
        for who in ("p1", "p2", "p3", "dealer", "auditor"):
            _, tv = room.view(who, "t1")
            assert tv.round is not None and len(tv.round.board) == 3
            assert burn not in tv.round.exposed, who
        # the same dealing twice is refused: the burn card is out all the same
        r = room.send("dealer", {"type": "Burn", "table": "t1", "card": "3d"})
        assert r.status_code == 409
