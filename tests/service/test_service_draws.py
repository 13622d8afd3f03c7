"""A draw for a seat through the service (qld-holdem-2005 s16(3)-(4)): the floor holds it, the
server's shoe supplies the cards (never the client), and the winner is called."""

from __future__ import annotations

from pathlib import Path

from support.service import served


def test_the_floor_holds_the_draw_and_the_server_supplies_the_cards(tmp_path: Path) -> None:
    with served(f"sqlite:///{tmp_path / 'room.db'}") as room:
        room.open_table("t1", "qld-holdem-2005", ["p1", "p2", "p3"], seats=3)
        board = room.c.get("/room/board", headers=room.headers("floor")).json()["board"][0]
        for p in ("p4", "p5"):
            room.ok(p, {"type": "JoinList", "player": p, "game": board["game"],
                        "stakes": board["stakes"]})  # fmt: skip
        done = room.ok("cashier", {"type": "CashOut", "player": "p3", "table": "t1"})
        assert "PlayerCalled" not in done["events"]
        draw = {"type": "DrawForSeat", "table": "t1"}
        assert room.send("p4", draw).status_code == 403  # the floor holds the draw
        r = room.send("floor", {**draw, "deck_order": ["As", "Ks"]})
        assert r.status_code == 422 and "set by the server" in r.text
        done = room.ok("floor", draw)
        assert done["events"] == ["SeatDrawn", "PlayerCalled"]
        r = room.send("floor", draw)  # decided: no draw is due
        assert r.status_code == 409 and r.json()["clause"] == "qld-holdem-2005 s16(3)-(4)"
