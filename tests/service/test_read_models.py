"""The room's read models (croupier.room.books): the day report, the waiting lists' times, the
top-up answers, with the board and the cage's totals, are kept as events commit and equal a
fresh fold of the store, on SQLite and PostgreSQL, and after a restart."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from croupier.room import daybook
from croupier.room.books import ListBook, RoomBooks, TopUpBook
from croupier.room.events import BoughtIn, ListJoined, ListLeft
from croupier.room.topups import TopUpDeclined, TopUpRequested
from croupier.service.auth import Role, User
from croupier.service.staff import lists_body, topups_body
from croupier.service.store.rooms import merge, room_streams
from croupier.service.store.store import EventStore
from support.service import Room, play_round, served
from support.store import create_database

LIST = {"game": "holdem no-limit", "stakes": "1/2"}
READS = ("/room/board", "/room/ledger", "/room/topups", "/reports/day")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/books.db"
    else:
        base = request.getfixturevalue("pg_server")
        yield create_database(base, f"books_{random.randrange(10**9)}")


def session(room: Room) -> None:
    """Rounds played with cash in and out, top-ups asked and answered, players waiting on a
    list, one seated from it and one leaving it."""
    room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"], seats=4)
    rng = random.Random(5)
    for p in ("p4", "p5", "p6", "p7"):
        room.ok(p, {"type": "JoinList", **LIST})
    room.ok("cashier", {"type": "TakeSeat", "player": "p4", "table": "t1", "seat": 4, "cash": 300})
    room.ok("p6", {"type": "LeaveList", "player": "p6", **LIST})
    for _ in range(3):
        play_round(room, "t1", rng)
    room.ok("p1", {"type": "RequestTopUp", "player": "p1", "table": "t1", "cash": 50})
    room.ok("p2", {"type": "RequestTopUp", "player": "p2", "table": "t1", "cash": 30})
    room.ok("cashier", {"type": "BuyIn", "player": "p1", "table": "t1", "cash": 50})
    why = {"reason": "see the floor"}
    room.ok("cashier", {"type": "DeclineTopUp", "player": "p2", "table": "t1", **why})
    play_round(room, "t1", rng)
    room.ok("cashier", {"type": "CashOut", "player": "p3", "table": "t1"})
    play_round(room, "t1", rng)


def reads(room: Room) -> dict[str, Any]:
    out = {}
    for who in ("floor", "p1", "p2"):
        for path in READS if who == "floor" else ("/room/topups",):
            r = room.c.get(path, headers=room.headers(who))
            assert r.status_code == 200, r.text
            out[f"{who} {path}"] = r.json()
    csv = room.c.get("/reports/day.csv", headers=room.headers("floor"))
    assert csv.status_code == 200
    out["csv"] = csv.text
    return out


def fresh(url: str) -> RoomBooks:
    """The books folded afresh from everything the store holds for the room."""
    store = EventStore(url, migrate=False)
    try:
        return RoomBooks.of(merge("main", store.read_streams(room_streams(store, "main"))))
    finally:
        store.close()


def same(a: RoomBooks, b: RoomBooks) -> None:
    days = a.day.days()
    assert days == b.day.days() and days
    for day in days:
        assert a.day.report(day, {"p1"}) == b.day.report(day, {"p1"})
    assert a.lists == b.lists
    assert a.topups == b.topups


def test_the_books_kept_as_events_commit_equal_a_fresh_fold_and_survive_a_restart(
    url: str,
) -> None:
    with served(url, players=8) as room:
        session(room)
        live = room.c.app.state.service.rooms  # type: ignore[attr-defined]
        books = live.books
        same(books, fresh(url))
        before = reads(room)
        floor = User("floor", Role.FLOOR, "")
        at = room.c.app.state.service.clock()  # type: ignore[attr-defined]
        lists = lists_body(live.room, books.lists, floor, at)
        players = [User(p, Role.PLAYER, "") for p in ("p1", "p2", "p3")]
        answers = [topups_body(live.room, books.topups, u) for u in players]
    # what the session left is there to read
    report = before["floor /reports/day"]
    (t1,) = report["tables"]
    assert t1["rounds"] == 5 and t1["commission"] > 0 and t1["cash_out"] > 0
    ledger = before["floor /room/ledger"]["ledger"]
    assert (t1["cash_in"], t1["cash_out"]) == (ledger["cash_in"], ledger["cash_out"])
    assert t1["cash_in"] >= 3 * 400 + 300 + 50
    assert before["p1 /room/topups"]["answered"][0]["topped_up"] == 50
    assert before["p2 /room/topups"]["answered"][0]["declined"] == "see the floor"
    assert [len(a["answered"]) for a in answers] == [1, 1, 0]
    (waiting,) = lists["lists"]
    assert [x["player"] for x in waiting["players"]] == ["p5", "p7"]
    assert all(x["joined"] is not None for x in waiting["players"])
    assert "called" in waiting["players"][0]  # p3's seat came free
    assert "1 seated from this list" in waiting["players"][1]["basis"]

    # a restart rebuilds the books from the store: every read answers the same
    with served(url, users=False) as again:
        rooms = again.c.app.state.service.rooms  # type: ignore[attr-defined]
        same(rooms.books, books)
        assert reads(again) == before
        assert lists_body(rooms.room, rooms.books.lists, floor, at) == lists
        assert [topups_body(rooms.room, rooms.books.topups, u) for u in players] == answers


def test_the_day_book_folded_event_by_event_equals_the_report_of_the_whole_day() -> None:
    """The pure fold: a report read between events counts exactly what came before it."""
    from croupier.room.events import CashedOut

    day1, day2 = 1_800_000_000, 1_800_000_000 + 86_400
    events = [
        BoughtIn("a", "t1", 100, day1),
        BoughtIn("bot1", "t1", 60, day1 + 10),
        CashedOut("a", "t1", 40, at=day1 + 3_700),
        BoughtIn("a", "t1", 25, day2),
    ]
    book = daybook.DayBook()
    for n, e in enumerate(events, start=1):
        book.add(e)
        assert book.report("2027-01-15", {"bot1"}) == daybook.day_report(
            events[:n], "2027-01-15", {"bot1"}
        )
    (row,) = book.report("2027-01-15", {"bot1"}).tables
    assert (row.cash_in, row.cash_out, row.bots_in, row.bots_out) == (160, 40, 60, 0)
    assert book.days() == ["2027-01-15", "2027-01-16"]
    assert book.report("2027-01-16").tables[0].cash_in == 25
    assert book.report("2027-01-17").tables == []


def test_the_list_and_top_up_books_forget_what_is_over() -> None:
    lists = ListBook()
    for e in (
        ListJoined("a", "g", "1/2", 10),
        ListJoined("b", "g", "1/2", 11),
        ListLeft("a", "g", "1/2", "seated at t1", 20),
        ListLeft("b", "g", "1/2", "asked to leave the list", 21),
    ):
        lists.add(e)
    assert lists.joined == {}  # nobody waits: nobody's time is kept
    assert lists.seated_since(15) == {("g", "1/2"): [20]} and lists.seated_since(21) == {}
    top = TopUpBook()
    for e in (
        TopUpRequested("a", "t1", 50, 1),
        BoughtIn("a", "t1", 50, 2),
        TopUpRequested("a", "t2", 10, 3),
        TopUpDeclined("a", "t2", "no", 4),
        BoughtIn("b", "t1", 70, 5),  # no request: not an answer
        TopUpRequested("a", "t1", 20, 6),  # asked again: the last answer there is gone
    ):
        top.add(e)
    assert top.answers("a") == [{"table": "t2", "declined": "no", "at": 4}]
    assert top.answers("b") == [] and set(top.asked) == {("t1", "a")}
