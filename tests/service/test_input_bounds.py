"""Bounds on what a client may send, through the real app and a real SQLite store: names of
users, tables and tournaments (printable, short, no control, bidirectional-override or NUL
character, no path, unique regardless of case), a table's seats (the rulebook's table size),
amounts, and the players the cage seats (users of the room). Each refusal is a 4xx naming the
field, and nothing changes; users and tables stored before keep loading."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from croupier.round import ConfigError
from croupier.rules import find_rulebook
from croupier.service import names
from croupier.service.auth import Directory, Role, UserAdded, UserError
from croupier.service.store.store import EventStore
from croupier.table.presets import preset
from croupier.table.stakes import Stakes
from croupier.table.table import TableConfig
from support.service import STAFF, Room, password_hash, served
from support.service_tournament import CONDITIONS

BAD_NAMES = [
    "nul\x00byte",
    "line\n2026-12-05T21:00:00 LOGIN admin ok",  # a line break that fakes a log line
    "cr\rlf",
    "abc\u202egpj.exe",  # a right-to-left override
    "iso\u2067late",  # a bidirectional isolate
    "../../etc/passwd",
    "a/b",
    "tab\there",
    "<script>",
    " leading",
    "trailing ",
    "x" * 65,
    "",
]


@pytest.fixture
def room(tmp_path) -> Iterator[Room]:  # type: ignore[no-untyped-def]
    with served(f"sqlite:///{tmp_path}/bounds.db", players=4) as r:
        r.open_table("t1", "dunedin-house", ["p1", "p2"])
        yield r


def users(room: Room) -> dict[str, Any]:
    """The users the served app knows (its directory)."""
    found: dict[str, Any] = room.c.app.state.service.directory.users.users  # type: ignore[attr-defined]
    return found


def refused(r: Any, status: int, field: str) -> str:
    assert r.status_code == status, r.text
    text = r.text
    assert field in text, text
    return text


@pytest.mark.parametrize("name", BAD_NAMES, ids=ascii)
def test_a_bad_user_name_is_refused(room: Room, name: str) -> None:
    body = {"name": name, "role": "player", "password": "pw"}
    r = room.c.post("/users", json=body, headers=room.headers("admin"))
    refused(r, 422, "name")
    assert list(users(room)) == [*STAFF, "p1", "p2", "p3", "p4"]
    login = room.c.post("/login", json={"name": name or "x", "password": "pw"})
    assert login.status_code in (401, 422)


def test_user_names_are_unique_regardless_of_case(room: Room) -> None:
    admin = room.headers("admin")
    ok = room.c.post(
        "/users", json={"name": "Zoë", "role": "player", "password": "pw"}, headers=admin
    )
    assert ok.status_code == 200, ok.text
    for twin in ("zoë", "ZOË", "P1", "Dealer"):
        r = room.c.post(
            "/users", json={"name": twin, "role": "player", "password": "pw"}, headers=admin
        )
        assert "taken" in refused(r, 409, "name")


def test_the_directory_checks_the_names_it_adds(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = EventStore(f"sqlite:///{tmp_path}/users.db")
    try:
        d = Directory(store)
        d.add("Ann", Role.PLAYER, "pw", "test", "2026-01-01T00:00:00+00:00")
        for name in ("ann", "bad\nname", "a\u202eb", "../x"):
            with pytest.raises(UserError, match="name"):
                d.add(name, Role.PLAYER, "pw", "test", "2026-01-01T00:00:00+00:00")
        assert list(d.users.users) == ["Ann"]
    finally:
        store.close()


def test_users_stored_with_odd_names_still_load(tmp_path) -> None:  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path}/old.db"
    store = EventStore(url)
    odd = "old\nname\u202e"
    try:  # stored before names were checked: the events are written as they were then
        d = Directory(store)
        d.change(UserAdded(odd, Role.PLAYER, password_hash("pw"), "2026-01-01T00:00:00"), "t")
        d.change(UserAdded("admin", Role.ADMIN, password_hash("admin-pw"), "2026-01-01"), "t")
    finally:
        store.close()
    with served(url, users=False) as room:
        r = room.c.post("/login", json={"name": odd, "password": "pw"})
        assert r.status_code == 200, r.text


def test_good_names_pass() -> None:
    for name in ("p1", "dun-1", "Zoë O'Brien", "table 7", "sat.1", "ana_m@house", "東京"):
        assert names.why_not(name) is None, name


@pytest.mark.parametrize("name", BAD_NAMES, ids=ascii)
def test_a_bad_table_or_tournament_name_is_refused(room: Room, name: str) -> None:
    before = room.c.get("/room/board", headers=room.headers("floor")).json()
    cmds = [
        ("floor", {"type": "OpenTable", "table": name, "preset": {"rulebook": "dunedin-house"}}),
        ("floor", {"type": "OpenUthTable", "table": name, "config": uth_config()}),
        ("director", {"type": "OpenTournament", "tournament": name, "conditions": CONDITIONS}),
    ]
    for who, cmd in cmds:
        field = "tournament" if cmd["type"] == "OpenTournament" else "table"
        refused(room.send(who, cmd), 422, field)
    assert room.c.get("/room/board", headers=room.headers("floor")).json() == before


def test_table_names_are_unique_regardless_of_case(room: Room) -> None:
    room.ok("director", {"type": "OpenTournament", "tournament": "Thu", "conditions": CONDITIONS})
    for who, cmd in [
        ("floor", {"type": "OpenTable", "table": "T1", "preset": {"rulebook": "dunedin-house"}}),
        ("floor", {"type": "OpenUthTable", "table": "THU", "config": uth_config()}),
        ("director", {"type": "OpenTournament", "tournament": "T1", "conditions": CONDITIONS}),
    ]:
        assert "taken" in refused(
            room.send(who, cmd), 422, "tournament" if "tournament" in cmd else "table"
        )
    # the same name exactly: the room's own refusal, with its clause
    r = room.send(
        "floor", {"type": "OpenTable", "table": "t1", "preset": {"rulebook": "dunedin-house"}}
    )
    assert r.status_code == 409 and r.json()["clause"] != "croupier api", r.text


def uth_config() -> Any:
    from croupier.service.store import codec
    from croupier.uth.game import TableLimits, UthConfig

    return codec.encode(UthConfig(TableLimits(5, 500)))


@pytest.mark.parametrize(
    ("rulebook", "seats", "clause"),
    [
        ("dunedin-house", 10**9, "dunedin-house (house default)"),
        ("dunedin-house", 11, "dunedin-house (house default)"),
        ("act-omaha-2017", 12, "act-omaha-2017 (house default)"),
        ("qld-holdem-2005", 11, "qld-holdem-2005 s11(1)"),
        ("dunedin-house", 1, "dunedin-house (house default)"),
    ],
)
def test_a_table_seats_no_more_than_its_rulebook_allows(
    room: Room, rulebook: str, seats: int, clause: str
) -> None:
    cmd = {"type": "OpenTable", "table": "big", "preset": {"rulebook": rulebook, "seats": seats}}
    text = refused(room.send("floor", cmd), 422, "seats")
    assert clause in text
    assert "big" not in room.c.get("/room/board", headers=room.headers("floor")).text
    with pytest.raises(
        ConfigError, match=r"seats: .*" + clause.replace("(", r"\(").replace(")", r"\)")
    ):
        preset(rulebook, seats=seats)


def test_the_core_cites_the_books_own_seat_clause() -> None:
    book = find_rulebook("dunedin-house")
    with pytest.raises(
        ConfigError, match=r"2 to 10 seats, not 11 \(dunedin-house \(house default\)\)"
    ):
        TableConfig(book, Stakes(1, 2, 40), size=11)
    assert preset("dunedin-house", seats=10).size == 10


@pytest.mark.parametrize(
    "cmd",
    [
        {"type": "BuyIn", "player": "p1", "table": "t1", "cash": 2**53 - 1},
        {"type": "BuyIn", "player": "p1", "table": "t1", "cash": 10**12 + 1},
        {"type": "TakeSeat", "player": "p3", "table": "t1", "seat": 3, "cash": 2**53 - 1},
        {"type": "TakeSeat", "player": "p3", "table": "t1", "seat": 10**15, "cash": 100},
        {"type": "BuyIn", "player": "p1", "table": "t1", "cash": -(2**53) + 1},
    ],
)
def test_amounts_are_bounded(room: Room, cmd: dict[str, Any]) -> None:
    before = room.c.get("/room/ledger", headers=room.headers("cashier")).json()
    field = "seat" if cmd.get("seat", 0) > 10**12 else "cash"
    refused(room.send("cashier", cmd), 422, field)
    assert room.c.get("/room/ledger", headers=room.headers("cashier")).json() == before


def test_a_large_but_sane_amount_is_taken(room: Room) -> None:
    room.ok(
        "cashier", {"type": "TakeSeat", "player": "p3", "table": "t1", "seat": 3, "cash": 10**9}
    )


@pytest.mark.parametrize(
    ("who", "cmd"),
    [
        ("cashier", {"type": "TakeSeat", "player": "ghost", "table": "t1", "seat": 3, "cash": 100}),
        ("cashier", {"type": "UthBuyIn", "player": "ghost", "table": "u1", "cash": 100}),
        (
            "floor",
            {"type": "JoinList", "player": "ghost", "game": "holdem no-limit", "stakes": "1/2"},
        ),
        ("cashier", {"type": "EnterTournament", "player": "ghost", "tournament": "thu"}),
    ],
)
def test_the_cage_seats_only_users_of_the_room(room: Room, who: str, cmd: dict[str, Any]) -> None:
    room.ok("floor", {"type": "OpenUthTable", "table": "u1", "config": uth_config()})
    room.ok("director", {"type": "OpenTournament", "tournament": "thu", "conditions": CONDITIONS})
    before = room.c.get("/room/ledger", headers=room.headers("cashier")).json()
    text = refused(room.send(who, cmd), 422, "player")
    assert "no user 'ghost'" in text
    assert room.c.get("/room/ledger", headers=room.headers("cashier")).json() == before
    assert "ghost" not in room.c.get("/room/lists", headers=room.headers("floor")).text


@pytest.mark.parametrize("table", ["t\nfake log line", "../../etc/passwd", "thu/x", "a\u202eb", ""])
def test_a_dealer_is_assigned_only_to_a_table_name(room: Room, table: str) -> None:
    r = room.c.post("/users/dealer/tables", json={"table": table}, headers=room.headers("admin"))
    refused(r, 422, "table")
    assert users(room)["dealer"].tables == {"t1"}
    for good in ("t2", "thu/1"):  # a table not yet open; a tournament's table
        r = room.c.post("/users/dealer/tables", json={"table": good}, headers=room.headers("admin"))
        assert r.status_code == 200, r.text
