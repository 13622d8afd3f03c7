"""A stored cash table's rounds: where each begins and ends in its stream, and each finished
round folded to its end, ready for export (audit recall, ``croupier export --table``).

A round runs from its ``RoundStarted`` to its ``RoundFinished`` or ``TableRoundVoided``; a
``RoundReopened`` (a disputed result, dunedin-house 67, act-omaha-2017 17.14) takes the last
finished round up again, so the round ends at its next ``RoundFinished``.

Folding a round: the authoritative fold is the table's own, over the stream up to the round's
``RoundFinished`` (the round over, the table not yet moved on), but folding every round from the
stream's start costs the square of the stream's length. A round depends only on its own
configuration (in ``RoundStarted``) and its own cards, actions and floor reports, so each round
is first folded alone from those events; the result is accepted only if it ends with the stacks
the table recorded in ``RoundFinished``, else (and for a reopened round) the full fold is used.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from croupier.histories.phh import HandHistory
from croupier.histories.phh_export import to_history
from croupier.round import Round
from croupier.service.store.store import EventStore, StoreError
from croupier.table.events import (
    CardsDealt,
    FloorReported,
    RoundFinished,
    RoundProgressed,
    RoundReopened,
    RoundStarted,
    TableEvent,
    TableRoundVoided,
)
from croupier.table.table import Table, TableConfig

_OWN = (RoundStarted, CardsDealt, RoundProgressed, FloorReported)
"""The table events that make up a round by themselves (the rest change seats and chips)."""


@dataclass(frozen=True, slots=True)
class Span:
    """Where a round lies in its stream: ``events[start : end + 1]``; ``end`` is its
    ``RoundFinished`` or ``TableRoundVoided``, or the stream's last event while it is in play."""

    start: int
    end: int
    reopened: bool = False


def spans(events: Sequence[Any]) -> list[Span]:
    """Every round in a table's stream, in order."""
    out: list[Span] = []
    open_ = False
    for i, e in enumerate(events):
        if isinstance(e, RoundStarted):
            out.append(Span(i, i))
            open_ = True
        elif isinstance(e, RoundReopened) and out and not open_:
            out[-1] = Span(out[-1].start, i, reopened=True)
            open_ = True
        elif open_:
            out[-1] = replace(out[-1], end=i)
            open_ = not isinstance(e, RoundFinished | TableRoundVoided)
    return out


@dataclass(frozen=True, slots=True)
class Played:
    """A finished round of a stored table, folded to its end."""

    table: str  # the table's name
    size: int  # its seats
    started: RoundStarted
    finished: RoundFinished
    round: Round

    @property
    def players(self) -> tuple[str, ...]:
        """The players by round position."""
        return self.started.players

    def history(self, recipient: int | None) -> HandHistory:
        """The round's PHH history as ``recipient`` (a position, or ``HOUSE``) saw it, with
        the table, hand number, seats, players and date (``RoundStarted.at``: the server's
        clock, UTC seconds since the epoch, when the round began; none where it is 0)."""
        h = to_history(self.round, recipient)
        if self.started.at:
            when = dt.datetime.fromtimestamp(self.started.at, dt.UTC)
            h = replace(h, year=when.year, month=when.month, day=when.day,
                        time=when.time().replace(tzinfo=None), time_zone="UTC")  # fmt: skip
        return replace(
            h,
            table=self.table,
            hand=self.started.hand,
            seats=self.started.deal.dealt_in,
            seat_count=self.size,
            players=self.players,
        )


def fold_round(
    config: TableConfig, events: Sequence[TableEvent], span: Span, fast: bool = True
) -> Round:
    """The round of ``span`` at its end (``fast``: folded alone where that gives the table's
    recorded stacks; otherwise the table's own fold from the stream's start)."""
    end = events[span.end]
    if fast and not span.reopened and isinstance(end, RoundFinished):
        own = [e for e in events[span.start : span.end] if isinstance(e, _OWN)]
        try:
            r = Table.from_events(config, own).round
        except Exception:  # the full fold below decides
            r = None
        started = events[span.start]
        assert isinstance(started, RoundStarted)
        if r is not None and tuple(zip(started.players, r.stacks, strict=True)) == end.stacks:
            return r
    r = Table.from_events(config, events[: span.end]).round  # the round over, not yet closed
    if r is None:
        raise StoreError(f"hand {getattr(end, 'hand', '?')}: the table holds no round there")
    return r


def finished_rounds(store: EventStore, stream: str, last: int | None = None) -> list[Played]:
    """The last ``last`` (None: all) finished rounds of a stored cash table, in order. Raises
    :class:`StoreError` for a stream that is missing or not a cash table's."""
    info = store.stream(stream)
    if info.kind != "table":
        raise StoreError(f"{stream} is a {info.kind} stream, not a cash table's")
    config = info.config()
    events = store.load(stream)
    done = [s for s in spans(events) if isinstance(events[s.end], RoundFinished)]
    if last is not None:
        done = done[-last:] if last > 0 else []
    name = stream.rsplit("/", 1)[-1]
    out = []
    for s in done:
        started, finished = events[s.start], events[s.end]
        out.append(Played(name, config.size, started, finished, fold_round(config, events, s)))
    return out
