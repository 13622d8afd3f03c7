"""The room's reads on the stream socket: the board, the waiting lists, the cage's ledger and
top-ups (``/ws/room/{read}``) and a tournament's overview (``/ws/tournaments/{name}``), each
the reader's view pushed after every commit that changes it, numbered by the room's position,
caught up by that number; no store read per commit."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.websockets import WebSocketDisconnect

from support.service import Room, served, ticket
from support.service_tournament import Clock, T, deal, live, serve, start, url_of

PLAYERS = ["p1", "p2", "p3"]


@pytest.fixture
def room(url: str) -> Iterator[Room]:
    with served(url, users=False) as r:
        r.open_table("t1", "dunedin-house", PLAYERS)
        yield r


def path(room: Room, who: str, stream: str, query: str = "") -> str:
    return f"{stream}?ticket={ticket(room.c, room.login(who))}{query}"


def open_table(room: Room, table: str) -> None:
    room.ok("floor", {"type": "OpenTable", "table": table, "preset": {"rulebook": "dunedin-house"}})


def test_the_board_is_pushed_after_each_commit_that_changes_it(room: Room) -> None:
    with room.c.websocket_connect(path(room, "p1", "/ws/room/board")) as ws:
        first = ws.receive_json()
        assert [r["table"] for r in first["snapshot"]["board"]] == ["t1"]
        http = room.c.get("/room/board", headers=room.headers("p1")).json()
        assert first["snapshot"]["played"] == http["played"]
        open_table(room, "t2")
        got = ws.receive_json()
        assert got["seq"] > first["seq"]
        rows = got["view"]["board"]
        assert [r["table"] for r in rows] == ["t1", "t2"]
        assert rows[0] == {"type": "BoardRow", **{k: v for k, v in rows[0].items() if k != "type"}}
        assert "$t" not in str(got)  # the message contract, not the store's codec
        seat = {"type": "TakeSeat", "player": "p4", "table": "t2", "seat": 1, "cash": 400}
        room.ok("cashier", seat)
        got = ws.receive_json()
        assert next(r for r in got["view"]["board"] if r["table"] == "t2")["taken"] == 1
        # a refused command commits nothing: nothing is pushed; the next change is
        assert room.send("cashier", seat).status_code >= 400
        open_table(room, "t3")
        got = ws.receive_json()
        assert [r["table"] for r in got["view"]["board"]] == ["t1", "t2", "t3"]
        head = got["seq"]
    # caught up by the room's position: at the head, nothing until the next commit; behind,
    # the board as it is now
    with room.c.websocket_connect(path(room, "p1", "/ws/room/board", f"&after={head}")) as ws:
        open_table(room, "t4")
        got = ws.receive_json()
        assert "view" in got and len(got["view"]["board"]) == 4
    with room.c.websocket_connect(path(room, "p1", "/ws/room/board", f"&after={head}")) as ws:
        got = ws.receive_json()
        assert got["seq"] > head and len(got["view"]["board"]) == 4


def test_lists_topups_and_ledger_follow_the_room(room: Room) -> None:
    with (
        room.c.websocket_connect(path(room, "p5", "/ws/room/lists")) as lists,
        room.c.websocket_connect(path(room, "cashier", "/ws/room/ledger")) as ledger,
        room.c.websocket_connect(path(room, "p1", "/ws/room/topups")) as topups,
    ):
        assert lists.receive_json()["snapshot"]["lists"][0]["waiting"] == 0
        cash = ledger.receive_json()["snapshot"]["ledger"]["cash_in"]
        assert topups.receive_json()["snapshot"]["pending"] == []
        first = room.c.get("/room/lists", headers=room.headers("p5")).json()["lists"][0]
        room.ok("p5", {"type": "JoinList", "game": first["game"], "stakes": first["stakes"]})
        got = lists.receive_json()["view"]["lists"]
        mine = [p for x in got for p in x["players"] if p["me"]]
        assert mine and mine[0]["player"] == "p5"
        # another player's place is not shown to p5, but the list's length is
        room.ok("p6", {"type": "JoinList", "game": first["game"], "stakes": first["stakes"]})
        got = lists.receive_json()["view"]["lists"]
        assert next(x["waiting"] for x in got if x["game"] == first["game"]) == 2
        room.ok("cashier", {"type": "BuyIn", "player": "p1", "table": "t1", "cash": 100})
        assert ledger.receive_json()["view"]["ledger"]["cash_in"] == cash + 100


def test_a_player_may_not_follow_the_ledger_nor_an_unknown_read(room: Room) -> None:
    for who, read, code in (("p1", "ledger", 4403), ("floor", "nothing", 4404)):
        with (
            pytest.raises(WebSocketDisconnect) as e,
            room.c.websocket_connect(path(room, who, f"/ws/room/{read}")) as ws,
        ):
            ws.receive_json()
        assert e.value.code == code


def test_no_store_read_per_commit_for_the_readers(room: Room) -> None:
    """The readers' views are made from the room in memory: with ten board sockets open, a
    commit reads the store no more than with none."""
    engine = room.c.app.state.service.owner.rooms.store.engine  # type: ignore[attr-defined]
    selects: list[str] = []

    def count(_c: Any, _cur: Any, statement: str, *_: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            selects.append(statement)

    sa.event.listen(engine, "before_cursor_execute", count)
    try:
        open_table(room, "x0")
        alone = len(selects)
        with ExitStack() as stack:
            socks = [
                stack.enter_context(room.c.websocket_connect(path(room, "floor", "/ws/room/board")))
                for _ in range(10)
            ]
            for ws in socks:
                ws.receive_json()
            selects.clear()
            open_table(room, "x1")
            for ws in socks:
                assert len(ws.receive_json()["view"]["board"]) == 3
            assert len(selects) <= alone
    finally:
        sa.event.remove(engine, "before_cursor_execute", count)


def test_a_tournament_overview_and_the_readers_hand_are_pushed(tmp_path: Path) -> None:
    with serve(url_of(tmp_path), Clock()) as room:
        start(room)
        who = room.c.get(f"/tournaments/{T}", headers=room.headers("director")).json()
        seated = next(e for e in who["entrants"] if e["table"] == 1)["player"]
        stream = f"/ws/tournaments/{T}"
        with (
            room.c.websocket_connect(path(room, "director", stream)) as overview,
            room.c.websocket_connect(path(room, seated, stream, "&hand=1")) as mine,
        ):
            first = overview.receive_json()["snapshot"]
            assert first["entrants"] == who["entrants"]
            assert mine.receive_json()["snapshot"]["hand"] is None
            deal(room)
            hand = mine.receive_json()["view"]["hand"]
            pos = hand["players"].index(seated)
            assert hand["round"]["hole"][pos] is not None  # their own cards
            assert all(h is None for i, h in enumerate(hand["round"]["hole"]) if i != pos)
            actor = hand["actor"]
            room.ok("director", live("CallTournamentClock", requested=False))
            clock = mine.receive_json()["view"]["hand"]["clock"]
            assert clock["player"] == actor
            assert overview.receive_json()["seq"] > first["seq"]
        with (
            pytest.raises(WebSocketDisconnect) as e,
            room.c.websocket_connect(path(room, "p1", "/ws/tournaments/nope")) as ws,
        ):
            ws.receive_json()
        assert e.value.code == 4404
