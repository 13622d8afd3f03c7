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

from service_support import STAFF, Room, served

#: The random phase's time, shared by the operations (the coverage phase comes first).
BUDGET_S = 30.0


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
