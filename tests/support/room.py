"""Builders for a room: a refusal's clause, the running ledger checked against the room's."""

from __future__ import annotations

import pytest

from croupier.room import (
    Room,
    RoomCommand,
    RoomEvent,
)
from croupier.room.balance import Balance
from croupier.rules import IllegalAction


def snapshot(room: Room) -> object:
    """Everything a room shows, for comparing two rooms."""
    return (
        room.board(),
        room.ledger(),
        {k: list(v) for k, v in room.lists.items()},
        dict(room.calls),
        {k: list(v) for k, v in room.requests.items()},
        {
            n: (t.seating, dict(t.stacks), t.hands, t.commission, t.fees, t.closed)
            for n, t in room.tables.items()
        },
        sorted(room.shut),
    )


def refused(room: Room, cmd: RoomCommand) -> IllegalAction:
    """``cmd`` is refused by both verbs and leaves the room as it was."""
    before = (len(room.events), snapshot(room))
    ruling = room.why_illegal(cmd)
    assert ruling is not None
    with pytest.raises(IllegalAction) as e:
        room.apply(cmd)
    assert e.value.ruling == ruling
    assert (len(room.events), snapshot(room)) == before
    return e.value


def follow_balance(events: list[RoomEvent], call_seconds: int = 300) -> int:
    """Fold ``events`` into a new room event by event, its :class:`Balance` beside it: the
    running ledger equals :meth:`Room.ledger` after every event; how many were folded."""
    room = Room(call_seconds)
    balance = Balance(room)
    for e in events:
        room.replay(e)
        balance.fold(e)
        assert balance.ledger() == room.ledger(), e
    return len(events)
