"""The auditors' routes: the significant-events log, the store's audit, a table's last rounds
with every card (the round's hand histories are the recall's, :mod:`croupier.service.recall`).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import Depends, Query

from croupier.service import contract
from croupier.service.auth import User
from croupier.service.deps import Owner, Refused, Svc, allowed, area
from croupier.service.store import audit
from croupier.service.store.rooms import table_stream
from croupier.service.store.significant import STREAM
from croupier.table.events import RoundFinished, TableRoundVoided

router = area("audit")


@router.get("/significant")
async def significant(
    svc: Svc,
    _: Annotated[User, Depends(allowed("GET /significant"))],
    after: Annotated[int, Query(ge=0, le=2**62)] = 0,
) -> dict[str, Any]:
    """The significant-events log (auditors and admins)."""
    rows = await asyncio.to_thread(svc.store.read, STREAM, after)
    return {"events": [{"seq": r.seq, "event": contract.plain(r.event())} for r in rows[:1000]]}


@router.get("/audit/verify")
async def audit_verify(
    svc: Svc, _: Annotated[User, Depends(allowed("GET /audit/verify"))]
) -> dict[str, Any]:
    report: dict[str, Any] = await asyncio.to_thread(audit.verify, svc.store)
    return report


@router.get("/audit/recall/{table}")
async def audit_recall(
    table: str,
    svc: Svc,
    _: Annotated[User, Depends(allowed("GET /audit/recall/{table}"))],
    own: Owner,
    last: Annotated[int, Query(ge=1, le=1000)] = 10,
) -> dict[str, Any]:
    """The last finished rounds of a table with every event, hole cards included: the
    auditor sees every card once the round is over, never during it."""
    stream = table_stream(own.rooms.name, table)
    if table not in own.rooms.room.tables:
        raise Refused(404, f"no cash table {table}")
    rounds = await asyncio.to_thread(audit.recall, svc.store, stream, last + 1)
    done = [r for r in rounds if isinstance(r[-1], RoundFinished | TableRoundVoided)][-last:]
    return {"rounds": [[contract.plain(e) for e in r] for r in done]}
