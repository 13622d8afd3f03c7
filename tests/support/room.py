"""Builders for a room: a refusal's clause."""

from __future__ import annotations

import pytest

from croupier.room import (
    Room,
    RoomCommand,
)
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
