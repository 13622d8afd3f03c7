"""A stored tournament's hands, each folded to its end, ready for export like a cash table's
rounds (``croupier export --tournament``).

The room deals a tournament's hands in its own stream: :class:`TournamentHandDealt` carries the
hand's plan (table, hand, level, players, seats and the round's configuration) and
:class:`TournamentHandProgressed` the round's events; the hand is finished when the
tournament's stream records it (``HandPlayed``), whose stacks the folded round must reach.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from croupier.histories.phh import HandHistory
from croupier.histories.phh_export import dated, to_history
from croupier.room.tournament_hands import TournamentHandDealt, TournamentHandProgressed
from croupier.round import Round
from croupier.round.events import Event
from croupier.service.store.rooms import tournament_stream
from croupier.service.store.store import EventStore, StoreError
from croupier.tournament.conditions import Conditions
from croupier.tournament.events import HandPlayed
from croupier.tournament.plan import HandPlan


@dataclass(frozen=True, slots=True)
class TournamentPlayed:
    """A finished hand of a stored tournament, folded to its end."""

    tournament: str  # the tournament's id in its room
    conditions: Conditions
    plan: HandPlan
    at: int  # when it was dealt, seconds since the epoch (the server's clock)
    round: Round

    @property
    def players(self) -> tuple[str, ...]:
        """The players by round position."""
        return self.plan.players

    @property
    def level(self) -> int:
        """The level's number as the clock shows it (breaks not counted)."""
        levels = self.conditions.levels[: self.plan.level + 1]
        return sum(not lv.is_break for lv in levels)

    def history(self, recipient: int | None) -> HandHistory:
        """The hand's PHH history as ``recipient`` (a position, or ``HOUSE``) saw it, with the
        tournament, level, table, hand number, seats and players."""
        c = self.conditions
        size = c.table_size
        h = replace(
            to_history(self.round, recipient),
            event=c.name,
            table=self.plan.table,
            hand=self.plan.hand,
            level=self.level,
            seats=self.plan.seats,
            seat_count=max(size, c.final_table_size, *self.plan.seats),
            players=self.players,
        )
        return dated(h, self.at)

    def info(self) -> dict[str, Any]:
        """OHH's ``tournament_info`` (spec 1.4.7): the tournament as its conditions state it."""
        c = self.conditions
        start = c.start if c.start.tzinfo is None else c.start.astimezone(dt.UTC)
        return {
            "tournament_number": self.tournament,
            "name": c.name,
            "start_date_utc": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "currency": self.round.config.rulebook.currency,
            "buyin_amount": c.entry_fee,
            "fee_amount": c.admin_fee,
            "bounty_fee_amount": c.bounty,
            "initial_stack": c.starting_stack,
            "type": "MTT",
            "speed": {"type": "Normal", "round_time": 0},
        }


def tournament_rounds(
    store: EventStore, stream: str, last: int | None = None
) -> list[TournamentPlayed]:
    """The last ``last`` (None: all) finished hands of a stored tournament, in the order they
    were recorded. ``stream``: the tournament's stream (``tournament:ROOM/ID``). Raises
    :class:`StoreError` for a stream that is missing or not a tournament's."""
    info = store.stream(stream)
    if info.kind != "tournament":
        raise StoreError(f"{stream} is a {info.kind} stream, not a tournament's")
    room, tid = stream.split(":", 1)[1].split("/", 1)
    assert stream == tournament_stream(room, tid)
    conditions = _conditions(info.config())
    dealt: dict[tuple[int, int], tuple[TournamentHandDealt, list[Event]]] = {}
    for e in store.load(f"room:{room}"):
        if isinstance(e, TournamentHandDealt) and e.tournament == tid:
            dealt[e.plan.table, e.plan.hand] = (e, [])
        elif isinstance(e, TournamentHandProgressed) and e.tournament == tid:
            held = dealt.get((e.number, e.hand))
            if held is not None:
                held[1].extend(e.events)
    recorded = [e for e in store.load(stream) if isinstance(e, HandPlayed)]
    out = []
    for p in recorded if last is None else recorded[-last:] if last > 0 else []:
        held = dealt.get((p.table, p.hand))
        if held is None:
            continue  # a hand the room did not deal (recorded from a dealer's device)
        start, events = held
        r = Round.from_events(start.plan.config, events)
        if not r.is_over or tuple(r.stacks) != p.after:
            raise StoreError(
                f"table {p.table} hand {p.hand}: its events give stacks {list(r.stacks)}, "
                f"the tournament recorded {list(p.after)}"
            )
        out.append(TournamentPlayed(tid, conditions, start.plan, start.at, r))
    return out


def _conditions(config: object) -> Conditions:
    found = config if isinstance(config, Conditions) else None
    if isinstance(config, tuple):
        found = next((c for c in config if isinstance(c, Conditions)), None)
    if found is None:
        raise StoreError("the tournament's stream holds no conditions")
    return found
