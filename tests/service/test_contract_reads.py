"""Every JSON read a browser may make answers in the message contract: after a cash round, a
UTH round and a tournament hand, each ``GET`` route of the app, read by every role, carries no
storage tag (``$t``, ``$tuple``, ``$card``...) and no Python path; and the ``turns=1`` prompt
is a contract message whose ``to_call`` is what the Call button says."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from croupier.client import play_round
from croupier.service import contract
from support.service import STAFF, Room, add_users, ticket
from support.service_tournament import Clock, T, deal, serve, start
from support.service_uth import open_uth

#: What no client may receive: the store's tags, and Python module paths.
TAGS = ('"$t"', '"$tuple"', '"$card"', '"$enum"', '"$set"', '"$map"', '"$frozenset"', "croupier.")
CASH = ["p7", "p8", "p9"]


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    add_users(url, 9)  # p1..p6 enter the tournament; p7..p9 play cash and UTH
    with serve(url, Clock()) as r:
        yield r


def uth_round(room: Room, table: str = "u1") -> None:
    """A UTH round to its settlement: each box checks, then plays 1x at the river."""
    room.ok("dealer", {"type": "UthStartRound", "table": table})
    for p in CASH[:2]:
        wager = {"type": "UthPlaceWagers", "table": table, "ante": 10, "blind": 10, "trips": 5}
        room.ok(p, wager)
    room.ok("dealer", {"type": "UthDeal", "table": table})
    awaiting = "decisions"
    while awaiting == "decisions":  # each box checks where it may, else plays 1x
        for p in CASH[:2]:
            if room.send(p, {"type": "UthCheck", "table": table}).status_code != 200:
                room.send(p, {"type": "UthBet", "table": table, "multiple": 1})
        r = room.c.get(f"/uth/{table}/view", headers=room.headers("dealer"))
        awaiting = r.json()["view"]["awaiting"]
    room.ok("dealer", {"type": "UthSettle", "table": table})


def _path(route: str) -> str:
    """The route's path with its parameters filled for the scene the test set."""
    table = "u1" if route.startswith("/uth/") else "t1"
    if route.startswith("/tournaments/"):
        table = "1"
    values = {"table": table, "name": T, "hand": "1"}
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), "x"), route)


def test_every_json_get_route_answers_without_a_storage_tag(room: Room) -> None:
    start(room)
    deal(room)  # a tournament hand in play at table 1
    room.open_table("t1", "dunedin-house", CASH)
    for _ in range(2):
        play_round(room, "t1", random.Random(4))
    open_uth(room)
    for p in CASH[:2]:
        room.ok("cashier", {"type": "UthBuyIn", "player": p, "table": "u1", "cash": 400})
    uth_round(room)
    room.ok("dealer", {"type": "UthStartRound", "table": "u1"})  # the next one open

    paths = room.c.get("/openapi.json").json()["paths"]  # every route of the app
    routes = sorted(p for p, ops in paths.items() if "get" in ops)
    assert "/tables/{table}/view" in routes
    answered: dict[str, int] = {}
    for route in routes:
        path = _path(route)
        for who in (*STAFF, "p1", "p7"):
            r = room.c.get(path, headers=room.headers(who))
            if not r.headers.get("content-type", "").startswith("application/json"):
                continue
            body = r.text
            found = [tag for tag in TAGS if tag in body]
            assert not found, (route, who, found, body[:400])
            if r.status_code == 200:
                answered[route] = answered.get(route, 0) + 1
    reads = {
        "/tables/{table}/view",
        "/uth/{table}/view",
        "/room/board",
        "/room/ledger",
        "/room/lists",
        "/reports/day",
        "/significant",
        "/audit/rounds",
        "/audit/rounds/{table}/{hand}",
        "/audit/recall/{table}",
        "/tournaments/{name}",
        "/tournaments/{name}/clock",
        "/tournaments/{name}/tables/{table}/plan",
        "/tournaments/{name}/tables/{table}/hand",
    }
    assert reads <= set(answered), reads - set(answered)  # each read with something in it


def test_the_views_a_read_answers_are_the_contracts(room: Room) -> None:
    """``GET /tables/{t}/view`` and ``GET /uth/{t}/view`` answer the view a socket pushes,
    valid under the published schema; the contract's cards are names."""
    check = jsonschema.Draft202012Validator(contract.schema())
    room.open_table("t1", "dunedin-house", CASH)
    room.ok("dealer", {"type": "StartRound", "table": "t1"})
    open_uth(room)
    for path, who in (("/tables/t1/view", "p7"), ("/uth/u1/view", "dealer")):
        body = room.c.get(path, headers=room.headers(who)).json()
        errors = list(check.iter_errors({"seq": body["seq"], "view": body["view"]}))
        assert not errors, (path, errors[0].message)
    view = room.c.get("/tables/t1/view", headers=room.headers("p7")).json()["view"]
    mine = view["round"]["hole"][view["players"].index("p7")]
    assert all(re.fullmatch(r"[2-9TJQKA][cdhs]", c) for c in mine)


def test_the_turn_prompt_is_a_contract_message_with_the_call_buttons_amount(
    room: Room,
) -> None:
    check = jsonschema.Draft202012Validator(contract.schema())
    room.open_table("t1", "dunedin-house", CASH)
    socks = {}
    for p in CASH:
        once = ticket(room.c, room.login(p))
        socks[p] = room.c.websocket_connect(f"/ws/tables/t1?ticket={once}&turns=1").__enter__()
    try:
        for p in CASH:
            assert "snapshot" in socks[p].receive_json()
        start_ = room.ok("dealer", {"type": "StartRound", "table": "t1"})
        prompts = 0
        actor = start_["actor"]
        while actor is not None and prompts < 6:
            while True:
                text = socks[actor].receive_text()
                if '"turn"' in text:
                    break
            assert not any(tag in text for tag in TAGS), text[:300]
            m: dict[str, Any] = json.loads(text)
            errors = list(check.iter_errors(m))
            assert not errors, errors[0].message
            assert set(m) == {"seq", "turn", "to_call"}
            legal = m["turn"]["legal"]
            button = 0 if legal["can_check"] else legal["call_amount"]
            assert m["to_call"] == button  # "Call 158" on the button, 158 to call
            owed = m["turn"]["current_bet"] - m["turn"]["bets"][m["turn"]["seat"]]
            assert m["to_call"] == min(owed, m["turn"]["stacks"][m["turn"]["seat"]])
            prompts += 1
            actor = room.ok(actor, {"type": "CheckCall", "table": "t1"})["actor"]
        assert prompts >= 2
    finally:
        for ws in socks.values():
            ws.__exit__(None, None, None)
