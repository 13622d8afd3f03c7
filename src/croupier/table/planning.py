"""Planning a table command: checking it and working out its events, changing nothing.

A planner (:mod:`croupier.table.seat_plans`, :mod:`croupier.table.round_plans`) answers with the
events a command would produce, or raises :class:`~croupier.rules.IllegalAction` naming the
clause; :class:`~croupier.table.table.Table` records them.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.floor import Incident
from croupier.round.commands import Command as RoundCommand
from croupier.rules import IllegalAction, Ruling
from croupier.table.events import TableEvent


def refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


TABLE = "croupier table"  # clause of refusals no rulebook clause covers (a seat that is taken)


@dataclass(slots=True, unsafe_hash=True)
class ToRound:
    """A planned step for the round in progress: a command, or a report for the floor to rule
    on. :meth:`Table.apply` runs it on the round and records the events it produced."""

    command: RoundCommand | None
    incident: Incident | None
    at: int


Planned = TableEvent | ToRound
