"""The staff's API (croupier.service.staff and croupier.service.recall) through the real app:
waiting lists, the day report as JSON and CSV, the auditor's recall of rounds with the deck
revealed and PHH. Every refusal is a 4xx naming its reason and clause, never a 500."""

from __future__ import annotations

import csv
import hashlib
import io
import random
from collections.abc import Iterator

import pytest

from croupier.histories.phh import loads
from support.service import Room, play_round, served


@pytest.fixture
def room(tmp_path) -> Iterator[Room]:  # type: ignore[no-untyped-def]
    with served(f"sqlite:///{tmp_path}/staff.db", players=8) as r:
        r.open_table("t1", "dunedin-house", ["p1", "p2", "p3"], seats=4)
        yield r


def get(room: Room, who: str, path: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    r = room.c.get(path, headers=room.headers(who))
    assert r.status_code < 500, r.text
    json = r.headers["content-type"].startswith("application/json")
    return r.status_code, r.json() if json else {}


def test_the_waiting_list_shows_places_calls_and_deadlines(room: Room) -> None:
    for p in ("p4", "p5", "p6"):
        room.ok(p, {"type": "JoinList", "game": "holdem no-limit", "stakes": "1/2"})
    status, floor = get(room, "floor", "/room/lists")
    assert status == 200
    (lst,) = floor["lists"]
    assert [x["player"] for x in lst["players"]] == ["p4", "p5", "p6"]
    p4, p5, p6 = lst["players"]
    # one seat free at t1: p4 is called and has the house's call-in time to come
    assert p4["called"] == {"table": "t1", "deadline": p4["called"]["deadline"]}
    assert p4["seconds_left"] == p4["called"]["deadline"] - floor["now"]
    assert 0 < p4["seconds_left"] <= floor["call_seconds"]
    assert (p5["ahead"], p6["ahead"]) == (1, 2)
    # nobody was seated from this list yet: no estimate, and the page says why
    assert p5["estimate"] is None and "nobody was seated" in p5["basis"]
    # a player sees only their own place, not the others' names
    status, mine = get(room, "p6", "/room/lists")
    (lst,) = mine["lists"]
    assert [(x.get("player"), x["position"], x["me"]) for x in lst["players"]] == [("p6", 3, True)]
    assert lst["waiting"] == 3
    # the lists follow the room: a later join is seen by the next poll
    room.ok("p7", {"type": "JoinList", "game": "holdem no-limit", "stakes": "1/2"})
    _, again = get(room, "floor", "/room/lists")
    assert [x["player"] for x in again["lists"][0]["players"]] == ["p4", "p5", "p6", "p7"]
    assert again["lists"][0]["players"][3]["joined"] is not None


def test_a_seated_player_gives_the_next_an_estimate(room: Room) -> None:
    for p in ("p4", "p5"):
        room.ok(p, {"type": "JoinList", "game": "holdem no-limit", "stakes": "1/2"})
    room.ok("cashier", {"type": "TakeSeat", "player": "p4", "table": "t1", "seat": 4, "cash": 100})
    _, body = get(room, "floor", "/room/lists")
    (p5,) = body["lists"][0]["players"]
    assert p5["player"] == "p5" and p5["ahead"] == 0
    assert p5["estimate"] is not None and p5["estimate"] > 0
    assert "1 seated from this list" in p5["basis"]


def test_only_the_floor_and_players_join_lists(room: Room) -> None:
    r = room.send("cashier", {"type": "JoinList", "player": "p4", "game": "x", "stakes": "1/2"})
    assert r.status_code == 403 and r.json()["clause"] == "croupier roles"


def test_the_day_report_counts_rounds_commission_and_cash(room: Room) -> None:
    rng = random.Random(5)
    for _ in range(4):
        play_round(room, "t1", rng)
    status, rep = get(room, "admin", "/reports/day")
    assert status == 200
    (t1,) = [t for t in rep["tables"] if t["table"] == "t1"]
    assert t1["rounds"] == 4
    assert t1["cash_in"] >= 1200  # three buy-ins of 400, and any top-ups
    _, ledger = get(room, "auditor", "/room/ledger")
    assert t1["commission"] == ledger["ledger"]["commission"]
    assert sum(h["rounds"] for h in rep["hours"]) == 4
    assert sum(h["commission"] for h in rep["hours"]) == t1["commission"]
    assert rep["day"] in rep["days"]
    r = room.c.get(f"/reports/day.csv?day={rep['day']}", headers=room.headers("floor"))
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert "attachment" in r.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0][:4] == ["day", "table", "kind", "rounds"]
    assert [rep["day"], "t1", "cash", "4"] == rows[1][:4]


def test_the_day_report_is_for_managers_and_takes_a_date(room: Room) -> None:
    for who in ("p1", "cashier", "dealer"):
        status, body = get(room, who, "/reports/day")
        assert status == 403 and body["clause"] == "croupier roles"
        assert f"{who} is " in body["refused"]
    assert room.c.get("/reports/day.csv", headers=room.headers("p1")).status_code == 403
    status, body = get(room, "admin", "/reports/day?day=yesterday")
    assert status == 422 and "day" in body["refused"]
    status, body = get(room, "admin", "/reports/day?day=2026-02-30")
    assert status == 422
    status, body = get(room, "admin", "/reports/day?day=2001-01-01")
    assert status == 200 and body["totals"]["rounds"] == 0
    assert room.c.get("/reports/day").status_code == 401


#: A card the reader may not see, as the narration writes it.
HIDDEN = "\u2592"


def test_the_recall_finds_replays_and_reveals_a_round(room: Room) -> None:
    rng = random.Random(7)
    for _ in range(2):
        play_round(room, "t1", rng)
    status, found = get(room, "auditor", "/audit/rounds?table=t1")
    assert status == 200 and found["found"] == 2
    newest = found["rounds"][0]
    assert newest["hand"] == 2 and newest["end"] == "finished"
    _, by_player = get(room, "auditor", "/audit/rounds?player=p2")
    assert by_player["found"] == 2
    _, nobody = get(room, "auditor", "/audit/rounds?player=p7")
    assert nobody["found"] == 0
    _, later = get(room, "auditor", f"/audit/rounds?since={newest['at'] + 1}")
    assert later["found"] == 0

    _, house = get(room, "auditor", "/audit/rounds/t1/2?as=house")
    assert house["recall"] is True and house["viewers"][:2] == ["house", "spectator"]
    assert house["steps"][0]["type"] == "RoundStarted"
    assert house["steps"][-1]["type"] == "RoundFinished"
    dealt = next(s for s in house["steps"] if s["type"] == "CardsDealt")
    assert HIDDEN not in " ".join(dealt["said"])  # the house sees every card
    p1 = house["players"][0]
    _, seat = get(room, "auditor", f"/audit/rounds/t1/2?as={p1}")
    said = next(s for s in seat["steps"] if s["type"] == "CardsDealt")["said"]
    assert not any(HIDDEN in line for line in said if line.startswith(p1))
    assert any(HIDDEN in line for line in said if not line.startswith(p1))
    _, spectator = get(room, "auditor", "/audit/rounds/t1/2?as=spectator")
    first = next(s for s in spectator["steps"] if s["type"] == "CardsDealt")["said"]
    assert all(HIDDEN in line for line in first if "dealt" in line)

    status, deck = get(room, "auditor", "/audit/rounds/t1/2/deck")
    assert status == 200 and deck["sealed"] and deck["verified"] and deck["dealt_from_top"]
    digest = hashlib.sha256(bytes.fromhex(deck["salt"]) + bytes(deck["order"])).hexdigest()
    assert digest == deck["commitment"] == newest["commitment"]

    r = room.c.get("/audit/rounds/t1/2/phh", headers=room.headers("auditor"))
    assert r.status_code == 200
    history = loads(r.text)
    assert len(history.actions) > 3


def test_the_recall_refuses_in_words(room: Room) -> None:
    rng = random.Random(3)
    play_round(room, "t1", rng)
    for who in ("p1", "cashier", "dealer", "director"):
        status, body = get(room, who, "/audit/rounds")
        assert status == 403 and body["clause"] == "croupier roles", who
        status, body = get(room, who, "/audit/rounds/t1/1/deck")
        assert status == 403, who
    assert get(room, "auditor", "/audit/rounds/t9/1")[0] == 404
    assert get(room, "auditor", "/audit/rounds/t1/7")[0] == 404
    assert get(room, "auditor", "/audit/rounds/t1/1?as=nobody")[0] == 404
    assert get(room, "auditor", "/audit/rounds?table=t9")[0] == 404
    assert get(room, "auditor", "/audit/rounds?limit=0")[0] == 422
    assert room.c.get("/audit/rounds/t1/x", headers=room.headers("auditor")).status_code == 422


def test_a_round_in_play_is_not_recalled(room: Room) -> None:
    room.ok("dealer", {"type": "StartRound", "table": "t1"})
    status, body = get(room, "auditor", "/audit/rounds/t1/1/deck")
    assert status == 404 and "in play" in body["refused"]
    status, body = get(room, "auditor", "/audit/rounds/t1/1?as=house")
    assert status == 404
    assert get(room, "auditor", "/audit/rounds")[1]["found"] == 0


def test_a_void_round_is_recalled_but_has_no_hand_history(room: Room) -> None:
    room.open_table("a1", "act-omaha-2017", ["p4", "p5", "p6"])  # its rulebook voids rounds
    room.ok("dealer", {"type": "StartRound", "table": "a1"})
    void = {"type": "VoidRound", "table": "a1", "clause": "act-omaha-2017 19.1", "reason": "test"}
    room.ok("floor", void)
    _, found = get(room, "auditor", "/audit/rounds")
    assert [(r["hand"], r["end"]) for r in found["rounds"]] == [(1, "void")]
    _, house = get(room, "auditor", "/audit/rounds/a1/1")
    assert house["steps"][-1]["type"] == "TableRoundVoided"
    assert "void" in house["steps"][-1]["said"][0]
    status, deck = get(room, "auditor", "/audit/rounds/a1/1/deck")
    assert status == 200 and deck["verified"]  # the deck of a void round is revealed too
    r = room.c.get("/audit/rounds/a1/1/phh", headers=room.headers("auditor"))
    assert r.status_code == 409 and "void" in r.json()["refused"]
    _, rep = get(room, "admin", "/reports/day")
    (a1,) = [t for t in rep["tables"] if t["table"] == "a1"]
    assert (a1["rounds"], a1["voided"], a1["commission"]) == (1, 1, 0)
