"""What a table keeps of its past, so that it can run indefinitely in bounded memory.

A table keeps the events of the round in progress and, until the next round begins, what the
last round's dispute needs (:class:`Disputable`). Given a sink, it hands everything older to the
sink as each round begins, after a :class:`~croupier.table.events.TableCheckpoint` from which its
events fold again (see ``docs/design.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from croupier.round import Round
from croupier.table.button import Buttons, Deal, Seating
from croupier.table.events import TableEvent

#: Where a table hands the events of finished rounds: a file, a store, or nowhere.
Sink = Callable[[Sequence[TableEvent]], None]


@dataclass(slots=True, unsafe_hash=True)
class Disputable:
    """The table as the last round left it, just before its result was recorded: what
    ReopenRound restores while the right to dispute lasts (dunedin-house 67; act-omaha-2017
    17.14), without folding the table's history again."""

    round: Round
    deal: Deal
    players: tuple[str, ...]
    deadline: tuple[int, int, str] | None
    stacks: tuple[tuple[str, int], ...]
    commission: int
    fees: int
    seating: Seating
    buttons: Buttons | None
    hands: int
    last_round: frozenset[str]
    abstained: tuple[tuple[str, int], ...]
