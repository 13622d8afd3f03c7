"""A room's state as data, apart from what folds alone from its own stream (a cash table, a
UTH table's play, a tournament the room runs): what a room image keeps so that a room can be
rebuilt from it, its tables loaded from their own checkpoints, and the events after it.

:func:`parts` takes it (``None`` while a part cannot be kept as data: a UTH tournament, or a
tournament hand in play; an image is taken at a later commit); :func:`restore` is the room
again, its tables, plays and runs given; :meth:`Room.replay` with ``own=False`` folds an event
after the image into the room's own state only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from croupier.room.room import Call, Room, _Uth
from croupier.room.topups import TopUpRequested
from croupier.room.tournaments import TournamentAccount
from croupier.table.table import Table, TableConfig
from croupier.uth.game import UthConfig
from croupier.uth.played import UthPlay


@dataclass(frozen=True, slots=True)
class RoomParts:
    """The room's own state (see the module's docstring)."""

    call_seconds: int
    cash_tables: tuple[str, ...]  # their configurations are their streams'
    uth: dict[str, tuple[UthConfig, dict[str, int]]]
    tournaments: dict[str, TournamentAccount]  # without the run, no hand in play
    shut: frozenset[str]
    lists: dict[tuple[str, str], list[str]]
    calls: dict[str, Call]
    requests: dict[str, list[str]]
    drawn: dict[str, str]
    topups: dict[tuple[str, str], TopUpRequested]
    cash_in: int
    cash_out: int


def parts(room: Room) -> RoomParts | None:
    """The room's own state now (shared with the room: encode it before the room moves on)."""
    if room.uth_tournaments or any(tm.live or tm.decks for tm in room.tournaments.values()):
        return None
    return RoomParts(
        room.call_seconds,
        tuple(room.configs),
        {n: (u.config, dict(u.players)) for n, u in room.uth.items()},
        {n: dataclasses.replace(tm, run=None) for n, tm in room.tournaments.items()},
        frozenset(room.shut),
        {k: list(v) for k, v in room.lists.items()},
        dict(room.calls),
        {k: list(v) for k, v in room.requests.items()},
        dict(room.drawn),
        dict(room.topups),
        room.cash_in,
        room.cash_out,
    )


def restore(p: RoomParts, configs: Mapping[str, TableConfig]) -> Room:
    """A room with ``p``'s state, its cash tables configured by ``configs``; its cash tables,
    UTH plays and tournament runs fresh, to be replaced by their streams' folds."""
    room = Room(p.call_seconds)
    room.configs = {name: configs[name] for name in p.cash_tables}
    room.tables = {name: Table(config) for name, config in room.configs.items()}
    room.uth = {n: _Uth(c, UthPlay(c), dict(players)) for n, (c, players) in p.uth.items()}
    room.tournaments = {
        n: dataclasses.replace(tm, entries=list(tm.entries), paid=dict(tm.paid), live={}, decks={})
        for n, tm in p.tournaments.items()
    }
    room.shut = set(p.shut)
    room.lists = {k: list(v) for k, v in p.lists.items()}
    room.calls = dict(p.calls)
    room.requests = {k: list(v) for k, v in p.requests.items()}
    room.drawn = dict(p.drawn)
    room.topups = dict(p.topups)
    room.cash_in, room.cash_out = p.cash_in, p.cash_out
    return room
