"""Never a 500: schemathesis generates requests from the published OpenAPI schema and sends
them to the live app (logged in as each role in turn), bounded in time."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from service_support import STAFF, Room, served

BUDGET_S = 60.0


def test_no_generated_request_gets_a_server_error(tmp_path: Path) -> None:
    with served(f"sqlite:///{tmp_path / 'room.db'}") as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        schema = schemathesis.openapi.from_dict(room.c.get("/openapi.json").json())
        operations = [op.ok() for op in schema.get_all_operations()]
        assert {op.path for op in operations} >= {"/commands", "/login", "/users"}
        tokens = [room.login(n) for n in [*STAFF, "p1"]] + ["nope"]
        began, seen = time.monotonic(), []
        per_op = BUDGET_S / len(operations)
        for op in operations:
            fuzz(room, op, tokens, time.monotonic() + per_op, seen)
        assert time.monotonic() - began < BUDGET_S + 30
        assert len(seen) > 100 and any(400 <= s < 500 for s in seen)


class _OutOfTime(Exception):
    """An operation's share of the budget is spent: stop generating for it."""


def fuzz(room: Room, op: Any, tokens: list[str], until: float, seen: list[int]) -> None:
    """Requests generated for one operation until ``until``: none may get a 5xx."""

    @settings(
        max_examples=400,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate],  # out of time: stop at once, no shrinking
    )
    @given(case=op.as_strategy(), token=st.sampled_from(tokens))
    def send(case: Any, token: str) -> None:
        if time.monotonic() > until:
            raise _OutOfTime
        kwargs: dict[str, Any] = {
            "headers": {"Authorization": f"Bearer {token}"},
            "params": case.query or None,
        }
        if type(case.body).__name__ != "NotSet":  # no body generated
            kwargs["json"] = case.body
        r = room.c.request(case.method, case.formatted_path, **kwargs)
        seen.append(r.status_code)
        assert r.status_code < 500, (case.method, case.formatted_path, case.body, r.text)

    with contextlib.suppress(_OutOfTime):
        send()
