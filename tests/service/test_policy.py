"""The policy (croupier.service.policy) against the real app and a real SQLite store: every
command and every route of the served app is in it; docs/policy.md prints it; every role is
tried against every command and route (allowed: never 403; refused: 403 naming who may, with
the roles clause); the scope conditions hold: a dealer only at assigned tables, tournament
tables included, the director closes only tournaments, a player acts only for their own seat."""

from __future__ import annotations

import contextlib
import inspect
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette.routing import Mount, Route, WebSocketRoute

from croupier.round import CheckCall, Round
from croupier.service import contract, limits, policy
from croupier.service.api import create_app
from croupier.service.auth import ROLES_CLAUSE, Role
from croupier.service.commands import CATALOGUE, LIVE_HANDS
from croupier.service.store import codec
from croupier.tournament.commands import PlayedHand
from support.service import Room, served
from support.service_tournament import CONDITIONS, T
from support.service_uth import open_uth

#: The user who plays each role (service_support's users; a player: p1).
USERS = {r: ("p1" if r is Role.PLAYER else r.value) for r in Role}
TL = f"/tournaments/{T}/tables"


@contextlib.contextmanager
def scene(db: Path) -> Iterator[Room]:
    """A room with a round in play at t1 (p1, p2, p3; the dealer assigned), t2 open and not
    assigned, UTH tables u1 (assigned; p1 at box 1, p2 at box 2) and u2, and a tournament under
    way whose table 1 only is assigned to the dealer."""
    with served(f"sqlite:///{db}", players=6) as r:
        r.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        r.ok("dealer", {"type": "StartRound", "table": "t1"})
        r.ok("floor", {"type": "OpenTable", "table": "t2", "preset": {"rulebook": "dunedin-house"}})
        open_uth(r, "u1")
        open_uth(r, "u2", assign=False)
        for box, p in enumerate(("p1", "p2"), start=1):
            cmd = {"type": "UthBuyIn", "player": p, "table": "u1", "cash": 100, "box": box}
            r.ok("cashier", cmd)
        r.ok("director", {"type": "OpenTournament", "tournament": T, "conditions": CONDITIONS})
        for p in ("p1", "p2", "p3", "p4", "p5", "p6"):
            r.ok("cashier", {"type": "EnterTournament", "tournament": T, "player": p})
        r.ok("director", {"type": "StartTournament", "tournament": T})
        assign = r.c.post("/users/dealer/tables", json={"table": f"{T}/1"}, headers=admin(r))
        assert assign.status_code == 200, assign.text
        yield r


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    """The scene, shared by the tests that try every role (some of whose commands are
    accepted and change it: a paused clock, a closed table)."""
    with scene(tmp_path_factory.mktemp("policy") / "room.db") as r:
        yield r


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Room]:
    """The scene as it is set up, for a test that needs its state as it was."""
    with scene(tmp_path / "room.db") as r:
        yield r


def admin(room: Room) -> dict[str, str]:
    return room.headers("admin")


def route_keys(app: Any) -> set[str]:
    """Every route of ``app`` as the policy names it (``METHOD /path``, ``WS /path``)."""
    keys = set()
    for r in app.routes:
        if isinstance(r, APIWebSocketRoute):
            keys.add(f"WS {r.path}")
        elif isinstance(r, APIRoute | Route):
            keys.update(f"{m} {r.path}" for m in r.methods or () if m != "HEAD")
        elif isinstance(r, Mount):
            keys.add(f"GET {r.path}")
    return keys


def test_every_command_and_route_is_in_the_policy() -> None:
    assert set(CATALOGUE) == set(policy.COMMANDS), "a command without a policy, or the reverse"
    assert route_keys(create_app("sqlite://")) == set(policy.ROUTES)
    assert set(CALLS) | {k for k in policy.ROUTES if k.startswith("WS ")} == set(policy.ROUTES)


def test_every_route_is_the_apps_own_and_documents_the_refusals() -> None:
    """The areas' routes are mounted as the app's own (``deps.mount``), not as included
    routers, which FastAPI matches every request through twice; each still documents the
    answers every route may give (``limits.RESPONSES``)."""
    app = create_app("sqlite://")
    own = (APIRoute, APIWebSocketRoute, Route, WebSocketRoute, Mount)
    assert [r for r in app.routes if not isinstance(r, own)] == []
    refusals = {str(status) for status in limits.RESPONSES}
    for path, operations in app.openapi()["paths"].items():
        for method, operation in operations.items():
            assert refusals <= set(operation["responses"]), f"{method} {path}"


def test_every_route_and_its_dependencies_run_on_the_event_loop() -> None:
    """FastAPI runs a plain function (a route or a ``Depends``) in its thread pool: a hop to a
    thread and back for each request. The service's are coroutines."""

    def calls(dependant: Any) -> Iterator[Any]:
        yield dependant.call
        for d in dependant.dependencies:
            yield from calls(d)

    found = [
        f"{getattr(r, 'path', r)}: {getattr(c, '__qualname__', c)}"
        for r in create_app("sqlite://").routes
        if isinstance(r, APIRoute | APIWebSocketRoute)
        for c in calls(r.dependant)
        if c is not None and not inspect.iscoroutinefunction(c)
    ]
    assert not found, found


def test_the_docs_print_the_policy() -> None:
    doc = Path(__file__).parents[2] / "docs" / "policy.md"
    assert doc.read_text() == policy.markdown(), (
        "docs/policy.md is out of date: python -m croupier.service.policy > docs/policy.md"
    )


def envelope(name: str, table: str = "t1", uth: str = "u1") -> dict[str, Any]:
    """The least a command needs to reach the policy: its type and where it goes."""
    body: dict[str, Any] = {"type": name}
    scope = CATALOGUE[name].scope
    if scope in ("table", "round"):
        body["table"] = table
    elif scope == "uth":
        body["table"] = uth
    elif scope == "tournament":
        body["tournament"] = T
    elif name in LIVE_HANDS:  # a tournament's table: T/1 is assigned to the dealer, T/2 not
        body.update(tournament=T, number=2 if table == "t2" else 1)
    return body


def refused_by_role(r: Any, role: Role) -> None:
    assert r.status_code == 403, r.text
    body = r.json()
    assert body["clause"] == ROLES_CLAUSE and body["refused"].startswith("only ")
    assert body["refused"].endswith(f"is {role.value}"), body


@pytest.mark.parametrize("role", list(Role), ids=str)
@pytest.mark.parametrize("name", sorted(policy.COMMANDS))
def test_every_role_against_every_command(room: Room, name: str, role: Role) -> None:
    r = room.send(USERS[role], envelope(name))
    assert r.status_code < 500, r.text
    if role in policy.COMMANDS[name].roles:
        assert r.status_code != 403, r.text
    else:
        refused_by_role(r, role)


#: A call of each route: method, path (its parameters filled in) and body.
CALLS: dict[str, tuple[str, str, Any]] = {
    "POST /login": ("POST", "/login", {"name": "p1", "password": "p1-pw"}),
    "POST /logout": ("POST", "/logout", None),
    "GET /me": ("GET", "/me", None),
    "GET /me/hands": ("GET", "/me/hands?table=t1", None),
    "GET /healthz": ("GET", "/healthz", None),
    "GET /locale": ("GET", "/locale", None),
    "POST /ws-ticket": ("POST", "/ws-ticket", None),
    "POST /users/{name}/unlock": ("POST", "/users/p1/unlock", None),
    "POST /addresses/{address}/unlock": ("POST", "/addresses/10.0.0.9/unlock", None),
    "POST /users": ("POST", "/users", {"name": "new", "role": "player", "password": "pw"}),
    "PUT /users/{name}/role": ("PUT", "/users/p6/role", {"role": "player"}),
    "POST /users/{name}/tables": ("POST", "/users/dealer/tables", {"table": "t1"}),
    "DELETE /users/{name}/tables/{table}": ("DELETE", "/users/dealer/tables/t9", None),
    "POST /commands": ("POST", "/commands", {"type": "NoSuchCommand"}),
    "GET /room/board": ("GET", "/room/board", None),
    "GET /room/ledger": ("GET", "/room/ledger", None),
    "GET /room/lists": ("GET", "/room/lists", None),
    "GET /room/topups": ("GET", "/room/topups", None),
    "GET /reports/day": ("GET", "/reports/day", None),
    "GET /reports/day.csv": ("GET", "/reports/day.csv", None),
    "GET /tables/{table}/view": ("GET", "/tables/t1/view", None),
    "GET /uth/{table}/view": ("GET", "/uth/u1/view", None),
    "GET /uth-tournaments/{name}": ("GET", "/uth-tournaments/uc1", None),
    "GET /significant": ("GET", "/significant", None),
    "GET /audit/verify": ("GET", "/audit/verify", None),
    "GET /audit/recall/{table}": ("GET", "/audit/recall/t1", None),
    "GET /audit/rounds": ("GET", "/audit/rounds", None),
    "GET /audit/rounds/{table}/{hand}": ("GET", "/audit/rounds/t1/1", None),
    "GET /audit/rounds/{table}/{hand}/deck": ("GET", "/audit/rounds/t1/1/deck", None),
    "GET /audit/rounds/{table}/{hand}/phh": ("GET", "/audit/rounds/t1/1/phh", None),
    "GET /tournaments/{name}/clock": ("GET", f"/tournaments/{T}/clock", None),
    "GET /contract": ("GET", "/contract", None),
    "GET /tournaments/{name}": ("GET", f"/tournaments/{T}", None),
    f"GET {policy.TL}/plan": ("GET", f"{TL}/1/plan?deck=server", None),
    f"GET {policy.TL}/hand": ("GET", f"{TL}/1/hand", None),
    "GET /": ("GET", "/", None),
    "GET /ui": ("GET", "/ui/", None),
    "GET /openapi.json": ("GET", "/openapi.json", None),
    "GET /docs": ("GET", "/docs", None),
    "GET /docs/oauth2-redirect": ("GET", "/docs/oauth2-redirect", None),
    "GET /redoc": ("GET", "/redoc", None),
}


def call(room: Room, key: str, headers: dict[str, str]) -> Any:
    method, path, body = CALLS[key]
    if key == "POST /users":
        body = {**body, "name": f"new-{len(room.tokens)}-{random.randrange(10**9)}"}
    return room.c.request(method, path, json=body, headers=headers, follow_redirects=False)


@pytest.mark.parametrize("role", list(Role), ids=str)
@pytest.mark.parametrize("key", sorted(CALLS))
def test_every_role_against_every_route(room: Room, key: str, role: Role) -> None:
    headers = room.headers(USERS[role])
    if key == "POST /logout":  # a session of its own, not the one the other tests use
        login = room.c.post("/login", json={"name": USERS[role], "password": f"{USERS[role]}-pw"})
        headers = {"Authorization": f"Bearer {login.json()['token']}"}
    r = call(room, key, headers)
    assert r.status_code < 500, r.text
    if role in policy.ROUTES[key].roles:
        assert r.status_code != 403, r.text
    else:
        refused_by_role(r, role)


@pytest.mark.parametrize("key", sorted(CALLS))
def test_a_route_needs_a_log_in_unless_public(room: Room, key: str) -> None:
    r = call(room, key, {})
    assert r.status_code < 500, r.text
    if policy.ROUTES[key].public:
        assert r.status_code not in (401, 403), r.text
    else:
        assert r.status_code == 401, r.text


def test_the_websockets_are_open_to_every_role() -> None:
    # they authenticate on their own (tests/service/test_service_api.py, test_service_uth.py...);
    # each caller is sent only its own view, so no role is refused one
    for key, e in policy.ROUTES.items():
        if key.startswith("WS "):
            assert e.public or e.roles == frozenset(Role), key


ASSIGNED = sorted(
    n
    for n, e in policy.COMMANDS.items()
    if e.allow.get(Role.DEALER) is policy.Scope.ASSIGNED and CATALOGUE[n].scope != "tournament"
)


@pytest.mark.parametrize("name", ASSIGNED)
def test_a_dealer_is_refused_at_a_table_not_assigned(room: Room, name: str) -> None:
    r = room.send("dealer", envelope(name, table="t2", uth="u2"))
    assert r.status_code == 403, r.text
    assert r.json()["clause"] == ROLES_CLAUSE and "not assigned to table" in r.json()["refused"]


def test_a_dealer_deals_only_the_tournament_tables_assigned(fresh: Room) -> None:
    room = fresh
    dealer = room.headers("dealer")
    for path in (f"{TL}/2/plan?deck=server", f"{TL}/2/plan"):
        r = room.c.get(path, headers=dealer)
        assert r.status_code == 403 and f"not assigned to table {T}/2" in r.text, r.text
    r = room.send("dealer", {"type": "DealTournamentHand", "tournament": T, "number": 2})
    assert r.status_code == 403 and r.json()["clause"] == ROLES_CLAUSE, r.text
    assert f"not assigned to table {T}/2" in r.json()["refused"]
    assert room.c.get(f"{TL}/2/hand", headers=dealer).json()["hand"] is None  # nothing dealt
    # a hand played at table 2 may not be recorded by the dealer, only by the director
    r = room.c.get(f"{TL}/2/plan?deck=server", headers=room.headers("director"))
    assert r.status_code == 200, r.text
    plan = contract.decode(r.json()["plan"])
    rd = Round(plan.config)
    while not rd.is_over:
        forced = plan.forced_action(rd)
        rd.apply(forced if forced is not None else CheckCall(rd.actor))  # type: ignore[arg-type]
    hands = [codec.encode(PlayedHand(plan, rd.config, tuple(rd.events)))]
    record = {"type": "RecordHands", "tournament": T, "hands": hands}
    r = room.send("dealer", record)
    assert r.status_code == 403 and f"not assigned to table {T}/2" in r.text, r.text
    room.ok("director", record)


def test_the_director_closes_tournaments_not_cash_tables(fresh: Room) -> None:
    room = fresh
    for table in ("t2", "u2", "t1"):  # t2 and u2 are empty: the room would close them
        r = room.send("director", {"type": "CloseTable", "table": table})
        assert r.status_code == 403, r.text
        assert r.json()["clause"] == ROLES_CLAUSE and "only for a tournament" in r.text
    assert "t2" in room.c.get("/room/board", headers=admin(room)).text
    r = room.send("director", {"type": "CloseTable", "table": T})  # the room's rules decide
    assert r.status_code != 403, r.text


def other_seat(room: Room) -> dict[str, dict[str, Any]]:
    """A well-formed command for each own-seat command, for p2's seat, name or box."""
    _, view = room.view("floor", "t1")
    pos = view.players.index("p2")
    at_t1: dict[str, Any] = {"table": "t1", "player": "p2"}
    board: dict[str, Any] = {"player": "p2", "game": "holdem no-limit", "stakes": "1/2"}
    return {
        "JoinList": board,
        "LeaveList": board,
        "RequestSeatChange": at_t1,
        "RequestTopUp": {**at_t1, "cash": 10},
        "SitOut": at_t1,
        "Return": at_t1,
        "ChangeSeat": {**at_t1, "seat": 5},
        "Fold": {"table": "t1", "player": pos},
        "CheckCall": {"table": "t1", "player": pos},
        "BetRaise": {"table": "t1", "player": pos, "to": 50},
        "Show": {"table": "t1", "player": pos},
        "Muck": {"table": "t1", "player": pos},
        "UthPlaceWagers": {"table": "u1", "box": 2, "player": "p2", "ante": 5, "blind": 5},
        "UthWithdrawWagers": {"table": "u1", "box": 2},
        "UthCheck": {"table": "u1", "box": 2},
        "UthBet": {"table": "u1", "box": 2, "multiple": 4},
        "UthFold": {"table": "u1", "box": 2},
        "TournamentAct": {"tournament": T, "number": 1, "player": "p2", "action": "fold"},
        "UthTournamentWager": {"tournament": "uthcup", "player": "p2", "ante": 200},
        "UthTournamentAct": {"tournament": "uthcup", "player": "p2", "action": "fold"},
    }


OWN = sorted(n for n, e in policy.COMMANDS.items() if e.allow.get(Role.PLAYER) is policy.Scope.OWN)


def test_every_own_seat_command_is_tried_for_another_seat(room: Room) -> None:
    assert set(other_seat(room)) == set(OWN)


@pytest.mark.parametrize("name", OWN)
def test_a_player_acting_for_another_seat_is_refused(room: Room, name: str) -> None:
    r = room.send("p1", {"type": name, **other_seat(room)[name]})
    assert r.status_code == 403, r.text
    assert r.json()["clause"] == ROLES_CLAUSE and "own" in r.json()["refused"]
