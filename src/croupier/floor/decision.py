"""A floor decision: the ruling, the events that apply it, and the player command it makes."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.round.commands import Command
from croupier.round.events import Event
from croupier.rules import IllegalAction, Ruling


@dataclass(frozen=True, slots=True)
class Decision:
    """What croupier rules on a report: ``events`` change the round (each citing its clause);
    ``then`` is the player action the report amounts to, applied after them."""

    ruling: Ruling
    events: tuple[Event, ...] = ()
    then: Command | None = None


def refuse(clause: str, message: str) -> IllegalAction:
    """A report that does not fit the round's state."""
    return IllegalAction(Ruling(clause, message))
