"""Ultimate Texas Hold'em tables played through the API (the real app, real SQLite): buy-ins
at the cage, rounds opened from the server's shoe, wagers and decisions from each player's own
view, settlement and cash-outs, the room's money conserved and the store audited; each role's
refusals; and no player's websocket carrying a card that player could not know."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier.cards import Card
from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.rules.derive import derive
from croupier.service import contract
from croupier.service.auth import ROLES_CLAUSE
from croupier.service.store import audit, codec
from croupier.service.store.rooms import uth_stream
from croupier.service.store.store import EventStore
from croupier.uth.events import (
    BOARD,
    DEALER,
    BoardRevealed,
    CardDealt,
    DealerHandDeclared,
    Decided,
    WagersPlaced,
)
from croupier.uth.game import UthConfig
from croupier.uth.limits import TableLimits
from croupier.uth.table import DisputeDecided, Shuffled
from croupier.uth.view import BoxResult, CardHidden, UthTableView
from support.service import Room, served, ticket
from support.service_uth import open_uth, uth_view

PLAYERS = ["p1", "p2", "p3"]


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


def ledger(room: Room) -> dict[str, Any]:
    r = room.c.get("/room/ledger", headers=room.headers("cashier"))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    assert body["conserved"], body
    return body


def play_uth_round(room: Room, rng: random.Random, table: str = "u1") -> UthTableView:
    """One round: the dealer opens it from the shoe, each player wagers and decides from their
    own view, the dealer deals and settles. The dealer's view after it."""
    room.ok("dealer", {"type": "UthStartRound", "table": table})
    for p in PLAYERS:
        trips = rng.choice((0, 5))
        room.ok(
            p, {"type": "UthPlaceWagers", "table": table, "ante": 10, "blind": 10, "trips": trips}
        )
    room.ok("dealer", {"type": "UthDeal", "table": table})
    while True:
        _, house = uth_view(room, "dealer", table)
        if house.awaiting != "decisions":
            break
        for d in house.decisions:
            player = next(b.player for b in house.boxes if b.box == d.box)
            _, mine = uth_view(room, player, table)
            own = next(x for x in mine.decisions if x.box == d.box)
            roll = rng.random()
            if own.multiples and roll < 0.4:
                cmd = {"type": "UthBet", "multiple": own.multiples[-1]}
            elif own.can_check and roll < 0.9:
                cmd = {"type": "UthCheck"}
            else:
                cmd = {"type": "UthFold"}
            room.ok(player, {**cmd, "table": table})  # the server fills the player's own box
    if house.awaiting == "settlement":
        room.ok("dealer", {"type": "UthSettle", "table": table})
    return uth_view(room, "dealer", table)[1]


def test_a_uth_room_from_buy_in_to_cash_out(url: str) -> None:
    with served(url, players=4) as room:
        open_uth(room)
        for p in PLAYERS:
            room.ok("cashier", {"type": "UthBuyIn", "player": p, "table": "u1", "cash": 400})
        rng = random.Random(3)
        houses = set()
        for _ in range(8):
            after = play_uth_round(room, rng)
            assert not after.in_round and after.awaiting == "a round"
            assert len(after.boxes) == 3 and all(b.result is not None for b in after.boxes)
            for b in after.boxes:
                assert b.result is not None
                for line in b.result.results:
                    assert line.clause.startswith("act-uth-2025 ")
                    if line.line is not None:  # a pay line paid it, with the pay table's clause
                        assert line.pay_clause and line.odds is not None
            led = ledger(room)["ledger"]
            houses.add(led["uth_house"])
            assert led["uth_house"] == after.bank
        assert len(houses) > 2
        # the auditor sees every card once the round is over; a player only what was shown
        audited, house = uth_view(room, "auditor")[1], uth_view(room, "dealer")[1]
        assert audited.boxes == house.boxes and len(audited.dealer) == 2
        assert all(len(b.hole) == 2 for b in audited.boxes)
        _, p1 = uth_view(room, "p1")
        assert all(b.hole == () for b in p1.boxes if b.player != "p1" and b.folded)
        _, mine = uth_view(room, "p1")
        assert [s[1] for s in mine.seats] == PLAYERS
        for _box, p, chips in mine.seats:
            room.ok("cashier", {"type": "UthCashOut", "player": p, "table": "u1", "chips": chips})
        led = ledger(room)["ledger"]
        assert led["uth_chips"] == 0 and led["cash_in"] - led["cash_out"] == led["uth_house"]
        room.ok("floor", {"type": "CloseTable", "table": "u1"})
        final = ledger(room)
    store = EventStore(url)
    try:
        report = audit.verify(store)
        assert report["ok"], report["problems"]
        assert len(store.read(uth_stream("main", "u1"))) > 8 * 20
    finally:
        store.close()
    with served(url, users=False) as again:  # recovery rebuilds the UTH stream
        assert ledger(again) == final


def test_a_round_goes_on_after_a_restart(url: str) -> None:
    with served(url, players=4) as room:
        open_uth(room)
        for p in PLAYERS:
            room.ok("cashier", {"type": "UthBuyIn", "player": p, "table": "u1", "cash": 100})
        room.ok("dealer", {"type": "UthStartRound", "table": "u1"})
        room.ok("p1", {"type": "UthPlaceWagers", "table": "u1", "ante": 10, "blind": 10})
        before = uth_view(room, "p1")
    with served(url, users=False) as room:
        assert uth_view(room, "p1") == before
        room.ok("p2", {"type": "UthPlaceWagers", "table": "u1", "ante": 10, "blind": 10})
        room.ok("dealer", {"type": "UthDeal", "table": "u1"})  # the sealed deck came back
        _, mine = uth_view(room, "p1")
        assert len(mine.boxes[0].hole) == 2 and mine.boxes[1].hole == () and mine.dealer == ()
        assert mine.commitment == before[1].commitment != ""


def test_each_role_is_refused_what_it_may_not_do(url: str) -> None:
    with served(url, players=4) as room:
        open_uth(room)
        open_uth(room, "u2", assign=False)
        for p in PLAYERS[:2]:
            room.ok("cashier", {"type": "UthBuyIn", "player": p, "table": "u1", "cash": 100})

        def refused(who: str, cmd: dict[str, Any], status: int = 403) -> dict[str, Any]:
            r = room.send(who, cmd)
            assert r.status_code == status, (who, cmd, r.text)
            body: dict[str, Any] = r.json()
            return body

        # a player buys in only at the cage, opens no round, acts only for their own box
        body = refused("p1", {"type": "UthBuyIn", "player": "p1", "table": "u1", "cash": 9})
        assert body["clause"] == ROLES_CLAUSE and "cashier" in body["refused"]
        assert "dealer" in refused("p1", {"type": "UthStartRound", "table": "u1"})["refused"]
        room.ok("dealer", {"type": "UthStartRound", "table": "u1"})
        wager = {"type": "UthPlaceWagers", "table": "u1", "ante": 10, "blind": 10}
        body = refused("p2", {**wager, "box": 1})
        assert body["clause"] == ROLES_CLAUSE and "own box" in body["refused"]
        body = refused("p2", {**wager, "player": "p1"})
        assert body["clause"] == ROLES_CLAUSE and "own box" in body["refused"]
        assert "box" in refused("p3", wager)["refused"]  # no box: not bought in
        # the dealer operates only the tables assigned to them
        body = refused("dealer", {"type": "UthStartRound", "table": "u2"})
        assert body["clause"] == ROLES_CLAUSE and "not assigned" in body["refused"]
        # the auditor commands nothing
        body = refused("auditor", {"type": "UthDeal", "table": "u1"})
        assert body["clause"] == ROLES_CLAUSE and "auditor" in body["refused"]
        assert (
            "floor"
            in refused("dealer", {"type": "UthVoidRound", "table": "u1", "reason": "fraud"})[
                "refused"
            ]
        )
        # a refused wager names the clause, and nothing changed
        head = uth_view(room, "dealer")[0]
        body = refused("p1", {**wager, "blind": 5}, 409)
        assert body["clause"] == "act-uth-2025 A"
        body = refused("p1", {**wager, "ante": 0, "blind": 0}, 409)
        assert body["clause"] == "act-uth-2025 4.2"
        assert uth_view(room, "dealer")[0] == head
        refused("dealer", {"type": "UthDeal", "table": "u1", "ante": 1}, 422)  # an unknown field
        room.ok("p1", wager)
        assert refused("dealer", {"type": "UthSettle", "table": "u1"}, 409)["clause"] == (
            "act-uth-2025 9.3"
        )
        # the floor voids the round: every wager returned
        room.ok("floor", {"type": "UthVoidRound", "table": "u1", "reason": "fraud"})
        assert uth_view(room, "p1")[1].seats == ((1, "p1", 100), (2, "p2", 100))


# ---------------------------------------------------------------------------------------------
# Views over the wire


def walk(obj: Any) -> Iterator[Any]:
    yield obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from walk(getattr(obj, f.name))
    elif isinstance(obj, tuple | list | frozenset):
        for x in obj:
            yield from walk(x)


def cards(obj: Any) -> set[Card]:
    return {x for x in walk(obj) if isinstance(x, Card)}


class Knowledge:
    """From the house's events, one at a time: what one player may know so far."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.new_round()

    def new_round(self) -> None:
        self.boxes: dict[int, str] = {}
        self.holes: dict[int, set[Card]] = {}
        self.folded: set[int] = set()
        self.board: set[Card] = set()
        self.dealer: set[Card] = set()
        self.declared = False

    def see(self, e: Any) -> None:
        if isinstance(e, Shuffled):
            self.new_round()
        elif isinstance(e, WagersPlaced):
            self.boxes[e.box] = e.player
        elif isinstance(e, CardDealt) and e.to not in (BOARD, DEALER):
            self.holes.setdefault(e.to, set()).add(e.card)
        elif isinstance(e, BoardRevealed):
            self.board.update(e.cards)
        elif isinstance(e, DealerHandDeclared):
            self.dealer.update(e.cards)
            self.declared = True
        elif isinstance(e, Decided) and e.action == "fold":
            self.folded.add(e.box)

    def allowed(self) -> set[Card]:
        out = self.board | self.dealer
        for box, hole in self.holes.items():
            if self.boxes.get(box) == self.player or (self.declared and box not in self.folded):
                out |= hole
        return out


def receive_until(ws: Any, head: int) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while not got or got[-1]["seq"] < head:
        got.append(ws.receive_json())
    return got


def test_no_player_receives_a_card_they_could_not_know(url: str) -> None:
    with served(url, players=4) as room:
        open_uth(room)
        for p in PLAYERS:
            room.ok("cashier", {"type": "UthBuyIn", "player": p, "table": "u1", "cash": 1000})
        socks = {}
        for p in PLAYERS:
            once = ticket(room.c, room.login(p))
            ws = room.c.websocket_connect(f"/ws/uth/u1?ticket={once}&after=0")
            socks[p] = ws.__enter__()
        rng = random.Random(11)
        for _ in range(15):
            play_uth_round(room, rng)
        head = uth_view(room, "dealer")[0]
        received = {p: receive_until(ws, head) for p, ws in socks.items()}
        for ws in socks.values():
            ws.__exit__(None, None, None)
        # a reconnecting client gets exactly what it missed
        with room.c.websocket_connect(
            f"/ws/uth/u1?ticket={ticket(room.c, room.login('p2'))}&after={head - 7}"
        ) as ws:
            again = receive_until(ws, head)
        assert again == received["p2"][-7:]
    store = EventStore(url)
    try:
        stored = {r.seq: r.event() for r in store.read(uth_stream("main", "u1"))}
    finally:
        store.close()
    assert len(stored) == head
    for p, messages in received.items():
        assert [m["seq"] for m in messages] == list(range(1, head + 1))
        know = Knowledge(p)
        own, hidden, results = 0, 0, 0
        for m in messages:
            house = stored[m["seq"]]
            know.see(house)
            e = contract.decode(m["event"])
            extra = cards(e) - know.allowed()
            assert not extra, (p, m["seq"], e, extra)
            own += isinstance(e, CardDealt)
            hidden += isinstance(e, CardHidden)
            results += isinstance(e, BoxResult)
        assert own == 2 * 15 and hidden > own and results == 3 * 15  # not vacuous


def test_the_floor_records_a_dispute_and_its_correction_through_the_api(url: str) -> None:
    """act-uth-2025 15.5: the operator's decision in a dispute is final; the floor sends it
    between rounds, it is recorded with the clause and the corrected chips, and the room's
    money stays conserved. A player may not send it."""
    with served(url, players=4) as room:
        open_uth(room)
        for p in PLAYERS:
            room.ok("cashier", {"type": "UthBuyIn", "player": p, "table": "u1", "cash": 400})
        play_uth_round(room, random.Random(5))
        before = ledger(room)["ledger"]
        _, view = uth_view(room, "floor")
        chips = {p: c for _, p, c in view.seats}["p1"]
        dispute = {
            "type": "UthDecideDispute",
            "table": "u1",
            "box": 1,
            "claim": "the Blind was paid short",
            "decision": "pay 5 more",
            "correction": 5,
        }
        r = room.c.post("/commands", json=dispute, headers=room.headers("p1"))
        assert r.status_code == 403, r.text
        body = room.ok("floor", dispute)
        assert body["accepted"] and body["events"]
        _, after = uth_view(room, "floor")
        assert {p: c for _, p, c in after.seats}["p1"] == chips + 5
        led = ledger(room)["ledger"]
        assert led["uth_house"] == before["uth_house"] - 5
        assert led["cash_in"] == before["cash_in"]
    store = EventStore(url)
    try:
        events = [r.event() for r in store.read(uth_stream("main", "u1"))]
        decided = [e for e in events if isinstance(e, DisputeDecided)]
        assert len(decided) == 1 and decided[0].clause == "act-uth-2025 15.5"
        assert decided[0].player == "p1" and decided[0].correction == 5
        assert audit.verify(store)["ok"]
    finally:
        store.close()


def test_a_uth_table_under_a_derived_book_cites_it_through_the_api(url: str) -> None:
    """A house's book derived from act-uth-2025 under its own id, opened through the API:
    refusals, the round's events in the store and every view cite the new id alone."""
    house = derive(ACT_UTH_2025_RULES, "house-uth-api")
    with served(url, players=4) as room:
        config = codec.encode(UthConfig(TableLimits(5, 500), rules=house))
        room.ok("floor", {"type": "OpenUthTable", "table": "u1", "config": config})
        r = room.c.post("/users/dealer/tables", json={"table": "u1"}, headers=room.headers("admin"))
        assert r.status_code == 200, r.text
        for p in PLAYERS:
            room.ok("cashier", {"type": "UthBuyIn", "player": p, "table": "u1", "cash": 400})
        rng = random.Random(29)
        cited: list[str] = []
        for n in range(4):
            if n == 2:  # a refused wager, then the floor voids a round
                room.ok("dealer", {"type": "UthStartRound", "table": "u1"})
                wager = {"type": "UthPlaceWagers", "table": "u1", "ante": 10, "blind": 5}
                r = room.send("p1", wager)
                assert r.status_code == 409, r.text
                cited.append(r.json()["clause"])
                r = room.send("dealer", {"type": "UthSettle", "table": "u1"})
                assert r.status_code == 409, r.text
                cited.append(r.json()["clause"])
                room.ok("floor", {"type": "UthVoidRound", "table": "u1", "reason": "fraud"})
                continue
            after = play_uth_round(room, rng)
            for b in after.boxes:
                assert b.result is not None
                for line in b.result.results:
                    cited += [line.clause, *([line.pay_clause] if line.pay_clause else [])]
        for who in ("dealer", "p1", "auditor"):
            view = uth_view(room, who)[1]
            cited += [line.clause for b in view.boxes if b.result for line in b.result.results]
    store = EventStore(url)
    try:
        stored = store.read(uth_stream("main", "u1"))
        meta = store.stream(uth_stream("main", "u1")).meta
    finally:
        store.close()
    assert len(stored) > 50
    text = meta + "".join(r.body for r in stored)
    assert "act-uth-2025" not in text
    assert text.count('"house-uth-api ') > 100
    assert cited and all(c.startswith("house-uth-api ") for c in cited), sorted(set(cited))
