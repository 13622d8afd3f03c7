"""The tables of an Ultimate Texas Hold'em tournament (act-uth-2025 16.8-16.9): the draw that
allocates each player a table and box, each table's own round, and breaking a table.

Pure helpers for :mod:`croupier.uth.tournament`; each refusal names its clause.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from croupier.rules import IllegalAction, Ruling
from croupier.uth.tournament_state import Status

#: A table's boxes in order (box 1 first); ``None`` is a free box.
Layout = tuple[tuple[str | None, ...], ...]


@dataclass
class UthTournamentTable:
    """One table in play: its boxes and its own round of play (16.9, 16.16-16.17)."""

    number: int
    boxes: list[str | None]
    status: Status
    rounds: int = 0  # rounds played here, void rounds not counted
    begun: int = 0  # rounds begun here, void or not
    marker: int = -1  # box index of the starting marker
    order: tuple[str, ...] = ()
    asked: int = -1
    wagers: dict[str, tuple[int, int]] = field(default_factory=dict)

    def seated(self) -> list[str]:
        return [p for p in self.boxes if p is not None]

    def clockwise(self) -> list[str]:
        """The seated players clockwise from the box after the starting marker (16.16)."""
        n = len(self.boxes)
        ring = (self.boxes[(self.marker + k) % n] for k in range(1, n + 1))
        return [p for p in ring if p is not None]


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def draw_layout(
    ballot: Sequence[str], capacity: int | None, sizes: Sequence[int] | None, clause: str
) -> Layout:
    """Tables for a drawn ``ballot``: its first ``sizes[0]`` players take boxes 1, 2, ... of
    table 1, the next table 2, and so on (16.8). The TD decides the number at each table
    (16.9); by default the fewest tables of ``capacity`` boxes, players shared as evenly as
    possible (the first tables take one more). With no ``capacity``, one table seats all.
    Refused citing ``clause`` (the rules' 16.9)."""
    n = len(ballot)
    boxes = capacity or n
    if sizes is None:
        tables = -(-n // boxes)
        share, extra = divmod(n, tables)
        sizes = [share + (i < extra) for i in range(tables)]
    if sum(sizes) != n or any(not 1 <= s <= boxes for s in sizes):
        raise _refuse(clause, f"the tables must seat all {n} players, 1 to {boxes} at each")
    layout: list[tuple[str | None, ...]] = []
    at = 0
    for s in sizes:
        layout.append(tuple(ballot[at : at + s]) + (None,) * (boxes - s))
        at += s
    return tuple(layout)


def plan_break(
    tables: Mapping[int, UthTournamentTable],
    number: int,
    to: Mapping[str, tuple[int, int]] | None,
    is_out: Callable[[str], bool],
    clause: str,
) -> tuple[tuple[str, int, int], ...]:
    """Where the players still in at table ``number`` go when it is broken (16.9): ``to``
    names each one's (table, box); by default the free boxes of the other tables in table and
    box order. A box is free when empty or its player is out. Refused with 16.9 when there is
    no room or a round is in play at the broken table or a receiving one (``clause``)."""
    broken = tables.get(number)
    if broken is None:
        raise _refuse(clause, f"there is no table {number} in play")
    if broken.status != "running":
        raise _refuse(clause, f"table {number} is in a round: tables are broken between rounds")
    movers = [p for p in broken.seated() if not is_out(p)]
    free = [
        (t.number, i + 1)
        for t in sorted(tables.values(), key=lambda t: t.number)
        if t.number != number
        for i, p in enumerate(t.boxes)
        if p is None or is_out(p)
    ]
    if to is None:
        if len(free) < len(movers):
            raise _refuse(
                clause, f"{len(movers)} players to reseat, {len(free)} free boxes elsewhere"
            )
        to = dict(zip(movers, free, strict=False))
    if set(to) != set(movers):
        raise _refuse(clause, f"every player still in at table {number} needs a box: {movers}")
    places = list(to.values())
    if len(set(places)) != len(places) or not set(places) <= set(free):
        raise _refuse(clause, "each player moves to a different free box at another table")
    for t in sorted({t for t, _ in places}):
        if tables[t].status != "running":
            raise _refuse(clause, f"table {t} is in a round: tables are broken between rounds")
    return tuple((p, *to[p]) for p in movers)


__all__ = ["Layout", "UthTournamentTable", "draw_layout", "plan_break"]
