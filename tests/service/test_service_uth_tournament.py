"""An Ultimate Texas Hold'em tournament run through the API (the real app, real SQLite): opened
by the director, entered at the cage, seats drawn by ballot, rounds played at its two tables
from the server's shuffles, players eliminated, places awarded and prizes paid by the cage,
every command through ``POST /commands``; refusals in the API's one shape citing act-uth-2025's
tournament clauses; each role refused what it may not send; the room's money conserved and the
store audited; recovery rebuilding the same tournament."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from croupier.service.auth import ROLES_CLAUSE
from croupier.service.store import audit, codec
from croupier.service.store.store import EventStore
from croupier.uth import commands as uc
from croupier.uth import tournament_commands as utc
from support.service import Room, served

PLAYERS = [f"p{i}" for i in range(1, 7)]
T = "uthcup"
OPEN: dict[str, Any] = {
    "type": "OpenUthTournament",
    "tournament": T,
    "entry_fee": 110,
    "commission": 10,
    "starting_chips": 1000,
    "minimum": 200,
    "maximum": 500,
    "session_limit": 4,
    "prizes": [60, 40],
    "players_per_table": 3,
    "added_value": 50,
}


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


def tview(room: Room, who: str = "director") -> dict[str, Any]:
    r = room.c.get(f"/uth-tournaments/{T}", headers=room.headers(who))
    assert r.status_code == 200, r.text
    view: dict[str, Any] = r.json()["view"]
    return view


def ledger(room: Room) -> dict[str, Any]:
    r = room.c.get("/room/ledger", headers=room.headers("cashier"))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    assert body["conserved"], body
    led: dict[str, Any] = body["ledger"]
    return led


def run(room: Room, cmd: utc.UthTournamentCommand) -> dict[str, Any]:
    body = {"type": "RunUthTournament", "tournament": T, "command": codec.encode(cmd)}
    return room.ok("director", body)


def decide(room: Room, cmd: uc.UthCommand, table: int) -> dict[str, Any]:
    body = {
        "type": "UthTournamentDecision",
        "tournament": T,
        "number": table,
        "command": codec.encode(cmd),
    }
    return room.ok("director", body)


def refused(room: Room, who: str, cmd: dict[str, Any], clause: str) -> str:
    r = room.send(who, cmd)
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["clause"] == clause, body
    assert set(body) >= {"refused", "clause"}
    message: str = body["refused"]
    return message


def play_table(room: Room, n: int, rng: random.Random) -> None:
    """One round at table ``n``: begun, each player asked and wagering, dealt from the
    server's shuffle, the director entering each decision, settled and recorded."""
    run(room, utc.BeginRound(n))
    while True:
        tbl = next((x for x in tview(room)["tables"] if x["number"] == n), None)
        if tbl is None or tbl["status"] != "wagering":
            break
        p = tbl["asked"]
        if p is not None and p not in tbl["wagers"]:
            run(room, utc.PlaceWager(p, 200))
        run(room, utc.AskNext(n))
    if tbl is None or tbl["status"] != "in-round":
        return  # eliminations ended the session, or the table: nothing to deal
    room.ok("director", {"type": "DealUthTournamentRound", "tournament": T, "number": n})
    while True:
        tbl = next(x for x in tview(room)["tables"] if x["number"] == n)
        live = tbl["round"]
        if live is None:
            return  # recorded in the tournament as it ended
        if live["decisions"]:
            d = live["decisions"][0]
            choices: list[uc.UthCommand] = [uc.Bet(d["box"], m) for m in d["multiples"]]
            choices += [uc.Fold(d["box"])] + [uc.Check(d["box"])] * 3 * d["check"]
            decide(room, rng.choice(choices), n)
        else:
            decide(room, uc.SettleAll(), n)


def test_a_uth_tournament_from_entry_to_prizes(url: str) -> None:
    with served(url, players=6) as room:
        room.ok("director", OPEN)
        for p in PLAYERS:
            room.ok("cashier", {"type": "EnterUthTournament", "player": p, "tournament": T})
        led = ledger(room)
        assert led["pools"] == 50 + 6 * 100 and led["tournament_fees"] == 6 * 10
        # one entry each (16.6), cited from act-uth-2025's tournament clauses
        again = {"type": "EnterUthTournament", "player": "p1", "tournament": T}
        refused(room, "cashier", again, "act-uth-2025 16.6")
        # money only through the cage; no round before the draw
        body = {"type": "RunUthTournament", "tournament": T}
        r = room.send("director", {**body, "command": codec.encode(utc.Rebuy("p1"))})
        assert r.status_code == 409 and r.json()["clause"] == "croupier cage", r.text
        refused(
            room,
            "director",
            {**body, "command": codec.encode(utc.BeginRound(1))},
            "act-uth-2025 16.16",
        )
        room.ok("director", {"type": "DrawUthSeats", "tournament": T})
        v = tview(room)
        assert [len(t["boxes"]) for t in v["tables"]] == [3, 3]
        assert {p for t in v["tables"] for p in t["boxes"]} == set(PLAYERS)
        assert all(e["chips"] == 1000 for e in v["entrants"])
        # a prize before any place is awarded: 16.20
        pay = {"type": "PayUthPrize", "player": "p1", "tournament": T, "amount": 1}
        refused(room, "cashier", pay, "act-uth-2025 16.20")
        rng = random.Random(5)
        best = 0  # the most chips anyone held after a round: rounds are won too (16.14)
        for _ in range(20):
            v = tview(room)
            if v["status"] == "finished":
                break
            for t in v["tables"]:
                seated = [e for e in v["entrants"] if e["position"] and not e["out"]]
                if t["status"] == "running" and any(
                    e["position"][0] == t["number"] for e in seated
                ):  # a table whose players are all out plays no more
                    play_table(room, t["number"], rng)
            assert ledger(room)["pools"] == 650  # chips move; the cash stays in the pool
            best = max(best, *(e["chips"] for e in tview(room)["entrants"]))
        v = tview(room)
        assert v["status"] == "finished" and v["rounds"] >= 2, v
        assert best > 1000
        run(room, utc.AwardPlaces())
        v = tview(room)
        prizes = {e["player"]: e["prize"] for e in v["entrants"] if e["prize"]}
        assert sum(prizes.values()) == 650 and v["placed"]
        refused(
            room,
            "cashier",
            {**pay, "player": max(prizes), "amount": prizes[max(prizes)] + 1},
            "act-uth-2025 16.20",
        )
        for p, amount in prizes.items():
            room.ok("cashier", {**pay, "player": p, "amount": amount})
        led = ledger(room)
        assert led["pools"] == 0 and led["cash_out"] == 650 and led["cash_in"] == 650 + 60
        v = tview(room)
        assert v["cage"]["balanced"] and all(e["prize_paid"] == e["prize"] for e in v["entrants"])
        # a player who cannot wager the minimum is eliminated (16.15), and plays no more
        eliminated = v["eliminated"]
        assert eliminated and all(e["clause"] == "act-uth-2025 16.15" for e in eliminated)
        out = {e["player"] for e in eliminated}
        assert all(e["out"] for e in v["entrants"] if e["player"] in out)
        final = (ledger(room), v)
    store = EventStore(url)
    try:
        report = audit.verify(store)
        assert report["ok"], report["problems"]
    finally:
        store.close()
    with served(url, users=False) as back:  # recovery rebuilds the tournament and its books
        assert (ledger(back), tview(back)) == final


def test_each_role_sends_only_its_own_uth_tournament_commands(url: str) -> None:
    with served(url, players=2) as room:
        r = room.send("cashier", OPEN)
        assert r.status_code == 403 and r.json()["clause"] == ROLES_CLAUSE, r.text
        room.ok("director", OPEN)
        entry = {"type": "EnterUthTournament", "player": "p1", "tournament": T}
        for who in ("director", "p1", "dealer", "auditor"):
            r = room.send(who, entry)
            assert r.status_code == 403 and r.json()["clause"] == ROLES_CLAUSE, r.text
        draw = {"type": "DrawUthSeats", "tournament": T}
        for who in ("cashier", "p1", "floor"):
            r = room.send(who, draw)
            assert r.status_code == 403 and r.json()["clause"] == ROLES_CLAUSE, r.text
        # the server draws the seats: a client's seed is refused
        r = room.send("director", {**draw, "seed": 1})
        assert r.status_code == 422, r.text
        # a round's command is not a tournament's, and no round is in play to take it yet
        run_bet = {
            "type": "RunUthTournament",
            "tournament": T,
            "command": codec.encode(uc.Bet(1, 4)),
        }
        assert room.send("director", run_bet).status_code == 422
        decision = {**run_bet, "type": "UthTournamentDecision", "number": 1}
        refused(room, "director", decision, "act-uth-2025 16.16")
        # an entry is refunded only where the conditions allow it (16.23), at the cage
        refund = {"type": "RefundUthEntry", "player": "p1", "tournament": T}
        room.ok("cashier", entry)
        refused(room, "cashier", refund, "act-uth-2025 16.23")
        room.ok("director", {**OPEN, "tournament": "back", "refundable": True})
        room.ok("cashier", {**entry, "tournament": "back"})
        before = ledger(room)
        room.ok("cashier", {**refund, "tournament": "back"})
        after = ledger(room)
        assert after["cash_out"] - before["cash_out"] == 110
        assert (after["pools"], after["tournament_fees"]) == (
            before["pools"] - 100,
            before["tournament_fees"] - 10,
        )
        # cancelled: everything paid comes back at the cage, the added value to the house (16.24)
        room.ok("cashier", {**entry, "player": "p2", "tournament": "back"})
        cancel = {"type": "CancelUthTournament", "tournament": "back"}
        assert room.send("director", cancel).status_code == 403
        room.ok("cashier", cancel)
        gone = ledger(room)
        assert gone["cash_out"] - after["cash_out"] == 110 + 50
        # p2's entry in and out again; the added value withdrawn
        assert (gone["pools"], gone["tournament_fees"]) == (
            after["pools"] - 50,
            after["tournament_fees"],
        )
        r = room.c.get("/uth-tournaments/back", headers=room.headers("p1"))
        assert r.json()["view"]["status"] == "cancelled" and r.json()["view"]["cage"]["balanced"], (
            r.json()["view"]["cage"]
        )
        refused(room, "cashier", cancel, "act-uth-2025 16.24")
        # the conditions are checked against the book (16.3)
        bad = {**OPEN, "tournament": "bad", "commission": 200}
        refused(room, "director", bad, "act-uth-2025 16.3")
        assert room.c.get("/uth-tournaments/bad", headers=room.headers("p1")).status_code == 404
