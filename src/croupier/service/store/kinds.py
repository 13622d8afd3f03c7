"""Stream kinds: how each kind of stream folds into state, and the projection of that state a
snapshot keeps (a cache the audit compares with the fold).

A kind folds with the core's own ``from_events``: the store knows no event by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.service.store.significant import Significant


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    fold: Callable[[Any, Sequence[Any]], Any]  # (configuration, events) -> state
    project: Callable[[Any], object]  # state -> what a snapshot keeps
    step: Callable[[Any, Any], None] | None = None  # (state, event): fold one more event


def _fold_table(config: Any, events: Sequence[Any]) -> Any:
    from croupier.table.table import Table

    return Table.from_events(config, events)


def table_projection(t: Any) -> object:
    """A cash table's seats, stacks, rounds, commission, fees, locked funds and closure."""
    return (
        t.seating,
        tuple(sorted(t.stacks.items())),
        t.hands,
        t.commission,
        t.fees,
        tuple(sorted(t.locked.items())),
        t.closed,
    )


def _fold_uth_table(config: Any, events: Sequence[Any]) -> Any:
    from croupier.uth.played import UthPlay

    uth_config, bank = config
    return UthPlay.from_events(uth_config, events, bank)


def uth_table_projection(p: Any) -> object:
    """A UTH table's seats, chips and bank, and its round in progress (its events count)."""
    r = p.round
    return (p.state, p.bank, None if r is None else len(r.events))


def _fold_tournament(config: Any, events: Sequence[Any]) -> Any:
    from croupier.tournament import Tournament

    conditions, flight = config
    return Tournament.from_events(conditions, events, flight)


def tournament_projection(t: Any) -> object:
    return (
        tuple(sorted((p, e.status) for p, e in t.entrants.items())),
        t.pool,
        t.house,
        t.chips_in_play,
        t.finished,
    )


def _fold_uth_tournament(config: Any, events: Sequence[Any]) -> Any:
    from croupier.uth.tournament import UthTournament

    return UthTournament(config, events=list(events))


def uth_tournament_projection(t: Any) -> object:
    return (t.status, t.pool, t.commission, t.rounds, tuple(sorted(t.players)))


def _fold_significant(config: Any, events: Sequence[Any]) -> Any:
    for e in events:
        if not isinstance(e, Significant):
            raise TypeError(f"a significant-events stream holds {type(e).__name__}")
    return list(events)


def _fold_log(config: Any, events: Sequence[Any]) -> Any:
    return list(events)


def _step(state: Any, e: Any) -> None:
    state.fold(e)


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("table", _fold_table, table_projection),
        Kind("uth-table", _fold_uth_table, uth_table_projection, _step),
        Kind("tournament", _fold_tournament, tournament_projection, _step),
        Kind("uth-tournament", _fold_uth_tournament, uth_tournament_projection),
        Kind("significant", _fold_significant, len),
        # The room's and the cage's streams fold together with the room's tables
        # (croupier.service.store.rooms); alone each is a log.
        Kind("room", _fold_log, len),
        Kind("cage", _fold_log, len),
        # Written by the service (croupier.service): who issued each accepted command, and
        # the users, their roles and dealers' tables; the sealed decks of the rounds it deals.
        Kind("commands", _fold_log, len),
        Kind("users", _fold_log, len),
        Kind("sealed", _fold_log, len),
        # log-outs (digests of the tokens) and failed log-ins' locks (croupier.service.throttle)
        Kind("sessions", _fold_log, len),
        Kind("throttle", _fold_log, len),
        # a room's images (croupier.service.store.images): no events, its snapshots only,
        # each compared by the audit with the room's fold
        Kind("image", _fold_log, len),
    )
}
