"""A UTH tournament's players and reserves through the API (the real app, real SQLite): each
seated player wagers and decides for their own box through ``POST /commands`` (own-seat scope:
another's box is refused 403, naming both); reserves and substitutes as act-uth-2025 16.10-16.12
define them, the money at the cage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from croupier.service.auth import ROLES_CLAUSE
from croupier.service.store import codec
from croupier.uth import tournament_commands as utc
from support.service import Room, served, ticket
from support.service_uth import open_uth
from support.service_uth_tournament import (
    OPEN,
    T,
    body,
    deal,
    opened,
    run,
    table,
    tview,
    wagers_in,
)


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


def ledger(room: Room) -> dict[str, Any]:
    r = room.c.get("/room/ledger", headers=room.headers("cashier"))
    assert r.status_code == 200 and r.json()["conserved"], r.text
    led: dict[str, Any] = r.json()["ledger"]
    return led


def forbidden(room: Room, who: str, cmd: dict[str, Any]) -> str:
    r = room.send(who, cmd)
    assert r.status_code == 403 and r.json()["clause"] == ROLES_CLAUSE, r.text
    said: str = r.json()["refused"]
    return said


def refused(room: Room, who: str, cmd: dict[str, Any], clause: str) -> str:
    r = room.send(who, cmd)
    assert r.status_code == 409 and r.json()["clause"] == clause, r.text
    said: str = r.json()["refused"]
    return said


def reply(ws: Any, ref: int) -> dict[str, Any]:
    """The socket's reply to the command numbered ``ref`` (the stream's messages skipped)."""
    for _ in range(50):
        msg: dict[str, Any] = ws.receive_json()
        if msg.get("reply") == ref:
            return msg
    raise AssertionError(f"no reply to {ref}")


def act(action: str, multiple: int = 0) -> dict[str, Any]:
    return {"type": "UthTournamentAct", "tournament": T, "action": action, "multiple": multiple}


def test_players_wager_and_decide_for_their_own_boxes(url: str) -> None:
    with served(url, players=4) as room:
        opened(room, ["p1", "p2", "p3"], starting_chips=2000)
        run(room, utc.BeginRound(1))
        t = table(room, 1)
        first, *others = t["order"]
        boxes = {p: i + 1 for i, p in enumerate(t["boxes"])}
        wager = {"type": "UthTournamentWager", "tournament": T, "ante": 200}
        # a player wagers for their own box only: another's is refused, naming both boxes
        said = forbidden(room, others[0], {**wager, "player": first})
        assert said == (
            f"a player acts only for their own box: {others[0]} holds table 1, box "
            f"{boxes[others[0]]}, not {first}'s (table 1, box {boxes[first]})"
        )
        for who in ("dealer", "cashier", "director", "auditor"):
            forbidden(room, who, {**wager, "player": first})
        # the server names the sender: the first asked wagers for their box (16.17), here
        # over a stream socket (the one command path: POST /commands's), refused for another's
        open_uth(room)
        path = f"/ws/uth/u1?ticket={ticket(room.c, room.login(first))}"
        with room.c.websocket_connect(path) as ws:
            ws.send_json({"command": {**wager, "player": others[0]}, "id": 1})
            assert reply(ws, 1)["status"] == 403
            ws.send_json({"command": wager, "id": 2})
            assert reply(ws, 2)["status"] == 200
        assert table(room, 1)["wagers"][first] == {"ante": 200, "trips": 0}
        wagers_in(room, begin=False)
        deal(room)
        # each player sees their own box's cards, never another's; the room's view none
        seats = {p: body(room, p)["seat"] for p in boxes}
        for p, s in seats.items():
            assert (s["table"], s["box"]) == (1, boxes[p])
            assert len(s["round"]["hole"]) == 2 and s["round"]["board"] == []
            assert s["round"]["decisions"] == [{"check": True, "fold": True, "multiples": [3, 4]}]
        holes = [c for s in seats.values() for c in s["round"]["hole"]]
        assert len(set(holes)) == 6
        assert body(room, "p4")["seat"] is None and body(room, "director")["seat"] is None
        assert "hole" not in str(tview(room, "p1"))
        # a decision for another's box is refused; an action not in the game is 422
        said = forbidden(room, others[0], {**act("play", 4), "player": first})
        assert f"not {first}'s (table 1, box {boxes[first]})" in said
        assert room.send(first, act("raise")).status_code == 422
        refused(room, "p4", {**act("check"), "player": "p4"}, "act-uth-2025 16.9")
        room.ok(first, act("play", 4))
        mine = body(room, first)["seat"]["round"]
        assert mine["play"] == 800 and mine["decisions"] == []
        # the others check to the river, then fold: every box decided, the director settles
        for _ in range(3):
            for p in others:
                d = body(room, p)["seat"]["round"]["decisions"]
                if d:
                    room.ok(p, act("check") if d[0]["check"] else act("fold"))
        assert table(room, 1)["round"]["awaiting"] == "settlement"
        room.ok(
            "director",
            {
                "type": "UthTournamentDecision",
                "tournament": T,
                "number": 1,
                "command": {"$t": "croupier.uth.commands:SettleAll"},
            },
        )
        t = table(room, 1)
        assert t["round"] is None and t["rounds"] == 1
        for p in others:  # folded: the Ante and Blind lost
            s = body(room, p)["seat"]
            assert s["chips"] == 1600 and s["round"]["folded"] and not s["round"]["in_play"]
        s = body(room, first)["seat"]
        assert s["round"]["result"] is not None and len(s["round"]["board"]) == 5
        assert s["chips"] == 2000 + s["round"]["result"]["paid"] - 1200
        assert s["round"]["dealer"] and s["round"]["dealer_hand"]
        assert ledger(room)["pools"] == 300


def test_reserves_and_substitutes(url: str) -> None:
    """16.10: "Where a player does not take their allocated seat prior to the specified
    starting time ... the player shall be deemed to have forfeited their position. The entry
    fee paid by the player is forfeited and remains as part of the prize pool."
    16.11: "Where a player has not taken their seat prior to the commencement of their first
    session in the tournament, the Tournament Director/Assistant may offer that seat to a
    reserved player on payment of the specified entry fee for the tournament."
    16.12: "Approval for a substitute player shall be at the discretion of the Tournament
    Director/Assistant." """
    with served(url, players=6) as room:
        reserve = {"type": "AddUthReserve", "tournament": T, "player": "p5"}
        room.ok("director", OPEN)
        for p in ("p1", "p2", "p3", "p4"):
            room.ok("cashier", {"type": "EnterUthTournament", "player": p, "tournament": T})
        room.ok("cashier", reserve)
        assert tview(room)["reserves"] == ["p5"] and body(room, "p5")["seat"]["reserve"]
        refused(room, "director", reserve, "act-uth-2025 16.11")  # a reserve already
        refused(room, "director", {**reserve, "player": "p1"}, "act-uth-2025 16.6")
        forbidden(room, "p5", reserve)
        room.ok("director", {"type": "DrawUthSeats", "tournament": T})
        # no late entry: once the seats are drawn a player comes in only as a reserve (16.11)
        late = {"type": "EnterUthTournament", "player": "p6", "tournament": T}
        refused(room, "cashier", late, "act-uth-2025 16.8")
        seat = {"type": "SeatUthReserve", "tournament": T, "player": "p5", "seat_of": "p2"}
        refused(room, "cashier", seat, "act-uth-2025 16.11")  # p2 has not forfeited
        forbidden(room, "director", seat)  # the entry fee is paid at the cage
        box = tview(room)["tables"][0]["boxes"].index("p2") + 1
        run(room, utc.ForfeitSeat("p2"))  # 16.10
        before = ledger(room)
        room.ok("cashier", seat)
        after = ledger(room)
        assert (after["pools"] - before["pools"], after["tournament_fees"]) == (100, 50)
        v = tview(room)
        assert v["reserves"] == [] and v["tables"][0]["boxes"][box - 1] == "p5"
        assert v["pool"] == 5 * 100  # the forfeited entry stays in the pool (16.10)
        p2 = next(e for e in v["entrants"] if e["player"] == "p2")
        assert p2["out"] and p2["position"] is None
        # a substitute, approved by the director who sends it (16.12)
        sub = {"type": "SubstituteUthPlayer", "tournament": T, "player": "p3"}
        refused(room, "director", {**sub, "substitute": "p5"}, "act-uth-2025 16.12")
        r = room.send("director", {**sub, "substitute": "p6", "approved_by": "someone"})
        assert r.status_code == 422 and "approved_by" in r.text, r.text
        assert room.send("director", {**sub, "substitute": "nobody"}).status_code == 422
        forbidden(room, "cashier", {**sub, "substitute": "p6"})
        passed = {
            "type": "RunUthTournament",
            "tournament": T,
            "command": codec.encode(utc.SubstitutePlayer("p3", "p6", "me")),
        }
        refused(room, "director", passed, "croupier room")
        room.ok("director", {**sub, "substitute": "p6"})
        v = tview(room)
        assert v["substitutions"] == [
            {
                "player": "p3",
                "substitute": "p6",
                "approved_by": "director",
                "clause": "act-uth-2025 16.12",
            }
        ]
        p6 = body(room, "p6")["seat"]
        assert p6["chips"] == 1000 and p6["box"] == v["tables"][0]["boxes"].index("p6") + 1
        assert body(room, "p3")["seat"]["out"]
        # the reserve and the substitute play their boxes themselves
        wagers_in(room)
        deal(room)
        for p in ("p5", "p6"):
            assert len(body(room, p)["seat"]["round"]["hole"]) == 2
            room.ok(p, act("fold"))
        assert ledger(room)["pools"] == 500
        final = (ledger(room), tview(room), body(room, "p5")["seat"])
    with served(url, users=False) as back:  # recovery rebuilds the same tournament and seats
        assert (ledger(back), tview(back), body(back, "p5")["seat"]) == final
