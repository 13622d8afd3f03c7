"""Never a 500, and the schema tells the truth: schemathesis generates requests from the
published OpenAPI schema (its coverage phase: boundary values, missing and wrong-typed
fields, methods the schema does not list such as TRACE; then random requests, valid and
not) and sends them to the live app, logged in as each role in turn, bounded in time. Every
response passes every check schemathesis has: no 5xx, each status and content type
documented for its route, bodies matching their schemas, invalid data refused, valid data
not refused, 405 with ``Allow`` for an unlisted method."""

from __future__ import annotations

import collections
import contextlib
import itertools
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.core.failures import FailureGroup
from schemathesis.generation.drivers import CoverageGenerator
from schemathesis.generation.feedback import NO_FEEDBACK
from schemathesis.generation.modes import GenerationMode
from schemathesis.generation.overrides import Override
from schemathesis.specs.openapi.checks import positive_data_acceptance

from croupier.service import commands as cmds
from croupier.service import limits
from support.service import STAFF, Room, served, ticket

#: The random phase's time, shared by the operations (the coverage phase comes first), and the
#: websocket fuzz's: seconds each (CROUPIER_FUZZ_SECONDS=60 or more for a longer search).
BUDGET_S = float(os.environ.get("CROUPIER_FUZZ_SECONDS", "8"))


def _valid_data_accepted(ctx: Any, response: Any, case: Any) -> bool | None:
    """schemathesis's ``positive_data_acceptance``, but a command's 422: the schema of
    ``POST /commands`` says only that a command has a ``type`` (the fields of each type are
    the catalogue's to check), so a schema-valid body may still be no command."""
    if case.operation.path == "/commands" and response.status_code == 422:
        return None
    return positive_data_acceptance(ctx, response, case)


def test_generated_requests_pass_every_check(tmp_path: Path) -> None:
    load_all_checks()
    checks = [c for c in CHECKS.get_all() if c is not positive_data_acceptance]
    checks.append(_valid_data_accepted)
    with served(f"sqlite:///{tmp_path / 'room.db'}") as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        schema = schemathesis.openapi.from_dict(room.c.get("/openapi.json").json())
        operations = [op.ok() for op in schema.get_all_operations()]
        assert {op.path for op in operations} >= {"/commands", "/login", "/users"}
        tokens = [room.login(n) for n in [*STAFF, "p1"]] + ["nope"]
        seen: collections.Counter[int] = collections.Counter()
        failures: dict[tuple[str, str], str] = {}
        began = time.monotonic()
        # the coverage phase, each case once, the roles in turn
        turn = itertools.cycle(tokens)
        covered = 0
        for op in operations:
            generation = schema.config.generation_for(operation=op, phase="coverage")
            for case in CoverageGenerator(
                operation=op,
                generation_modes=list(GenerationMode),
                generation_config=generation,
                auth_storage=None,
                override=Override(),
                feedback=NO_FEEDBACK,
            ):
                check(room, case, next(turn), checks, seen, failures)
                covered += 1
        coverage_s = time.monotonic() - began
        # random requests, valid and not, until each operation's share of the time is spent
        per_op = BUDGET_S / len(operations)
        for op in operations:
            fuzz(room, op, tokens, time.monotonic() + per_op, checks, seen, failures)
        took = time.monotonic() - began
        sent = sum(seen.values())
        print(
            f"{len(operations)} operations: {covered} coverage cases in {coverage_s:.1f} s,"
            f" {sent - covered} random ones; {sent} requests in {took:.1f} s; statuses {seen}"
        )
        assert not failures, "\n\n".join(failures.values())
        assert took < BUDGET_S + 60
        assert sent > 500 and seen[405] > 0 and any(400 <= s < 500 for s in seen)


def check(
    room: Room,
    case: Any,
    token: str,
    checks: list[Any],
    seen: collections.Counter[int],
    failures: dict[tuple[str, str], str],
) -> None:
    """Send ``case`` as ``token``'s holder; a failed check is kept, one per operation and kind."""
    headers = {"Authorization": f"Bearer {token}"}
    # the request as schemathesis serialises it (requests' arguments: httpx's, but ``data``)
    kwargs = case.as_transport_kwargs(base_url="http://testserver", headers=headers)
    if isinstance(kwargs.get("data"), bytes | str):
        kwargs["content"] = kwargs.pop("data")
    kwargs.pop("cookies", None)  # the schema declares none
    r = room.c.request(kwargs.pop("method"), kwargs.pop("url"), **kwargs)
    seen[r.status_code] += 1
    try:
        case.validate_response(r, checks=checks, headers=headers)
    except FailureGroup as group:
        for failure in group.exceptions:
            key = (case.operation.label, type(failure).__name__)
            said = f"{case.method} {case.formatted_path} {case.body!r:.300}: {failure}"
            failures.setdefault(key, said)


class _OutOfTime(Exception):
    """An operation's share of the budget is spent: stop generating for it."""


def fuzz(
    room: Room,
    op: Any,
    tokens: list[str],
    until: float,
    checks: list[Any],
    seen: collections.Counter[int],
    failures: dict[tuple[str, str], str],
) -> None:
    """Requests generated for one operation until ``until``, valid and not."""
    cases = st.one_of(op.as_strategy(mode) for mode in GenerationMode)

    @settings(
        max_examples=400,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate],  # out of time: stop at once, no shrinking
    )
    @given(case=cases, token=st.sampled_from(tokens))
    def send(case: Any, token: str) -> None:
        if time.monotonic() > until:
            raise _OutOfTime
        check(room, case, token, checks, seen, failures)

    with contextlib.suppress(_OutOfTime):
        send()


# The websocket

WS_BUDGET_S = BUDGET_S
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def _command(draw: st.DrawFn) -> dict[str, Any]:
    """A command from the catalogue, its fields (some of them, and perhaps strangers) drawn
    at random: mostly refused, now and then accepted."""
    name = draw(st.sampled_from(sorted(cmds.CATALOGUE)))
    names = sorted(cmds.CATALOGUE[name].cls.__dataclass_fields__)
    fields = draw(st.dictionaries(st.sampled_from([*names, "seq", "x"]), _json, max_size=5))
    small = st.integers(min_value=-2, max_value=700) | st.sampled_from(["t1", "p1", "p2", True])
    if names:
        fields.update(draw(st.dictionaries(st.sampled_from(names), small, max_size=4)))
    return {"type": name, "table": draw(st.sampled_from(["t1", "t1", "t2", 7])), **fields}


def _nested(n: int) -> str:
    return "[" * n + "]" * n


FRAMES = st.one_of(
    st.builds(lambda c, i: {"command": c, "id": i}, _command(), st.integers()),
    st.binary(max_size=64),
    st.text(max_size=64),
    st.sampled_from([b"\xff\xfe\xfd", b'{"command": "\xc3\x28"}', b"\x80" * 10]),
    st.integers(min_value=2, max_value=20_000).map(_nested),
    st.integers(min_value=4301, max_value=6000).map(lambda n: f'{{"command": {"7" * n}}}'),
    st.integers(min_value=300, max_value=4299).map(
        lambda n: {"command": {"type": "BuyIn", "table": "t1", "player": "p1", "cash": 10**n}}
    ),
    st.integers(1, 100).map(lambda n: " " * (limits.MAX_WS_MESSAGE + n)),
)


def _receive(ws: Any, frame: object, timeout: float = 10.0) -> dict[str, Any]:
    """The next message, or a failure naming the frame that went unanswered."""
    got: list[Any] = []

    def read() -> None:
        try:
            got.append(ws.receive_json())
        except Exception as e:  # the socket closed (WebSocketDisconnect: its code, reason)
            got.append(e)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    assert got, f"no answer within {timeout} s to {frame!r:.300}"
    assert not isinstance(got[0], Exception), f"{got[0]!r} after {frame!r:.300}"
    message: dict[str, Any] = got[0]
    return message


def test_websocket_fuzz_never_cuts_a_socket_or_changes_state_on_a_refusal(
    tmp_path: Path,
) -> None:
    """Random frames (binary, text, huge, not UTF-8, nested deeply, huge integers) and
    random commands from the catalogue, over the sockets of a dealer, a seated player, the
    floor and the cashier: each frame is answered with a reply, never a 500 and never a
    closed socket, and a refused command leaves every stream's head where it was."""
    with served(f"sqlite:///{tmp_path / 'room.db'}") as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        owner = room.c.app.state.service.owner  # type: ignore[attr-defined]
        socks = {}
        for who in ["dealer", "p1", "floor", "cashier"]:
            once = ticket(room.c, room.login(who))
            ws = room.c.websocket_connect(f"/ws/tables/t1?ticket={once}")
            socks[who] = ws.__enter__()
            assert "snapshot" in socks[who].receive_json()
        statuses: collections.Counter[int] = collections.Counter()
        until = time.monotonic() + WS_BUDGET_S

        @settings(
            max_examples=100_000,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.generate],
        )
        @given(who=st.sampled_from(sorted(socks)), frame=FRAMES)
        def send(who: str, frame: Any) -> None:
            if time.monotonic() > until:
                raise _OutOfTime
            ws = socks[who]
            heads = dict(owner.rooms.heads)
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            elif isinstance(frame, str):
                ws.send_text(frame)
            else:
                ws.send_text(json.dumps(frame))
            while "reply" not in (reply := _receive(ws, frame)):
                pass  # the table's events before the reply
            statuses[reply["status"]] += 1
            assert reply["status"] != 500, (frame, reply)
            if reply["status"] != 200:
                assert reply["refused"] and reply["clause"], reply
                assert dict(owner.rooms.heads) == heads, (frame, reply)

        began = time.monotonic()
        try:
            with contextlib.suppress(_OutOfTime):
                send()
        finally:
            for ws in socks.values():
                ws.__exit__(None, None, None)
        sent = sum(statuses.values())
        print(f"websocket fuzz: {sent} frames in {time.monotonic() - began:.1f} s: {statuses}")
        assert sent > 200 and statuses[400] > 0 and statuses[422] > 0
