"""A ruling (the clause and its words) and the refusal that carries one."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ruling:
    """Why a command was refused (or what the floor ruled), citing the rulebook's clause."""

    clause: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.clause})"


class IllegalAction(ValueError):
    """A command the rules refuse; the round is unchanged."""

    def __init__(self, ruling: Ruling) -> None:
        super().__init__(str(ruling))
        self.ruling = ruling


def refuse(clause: str, message: str) -> IllegalAction:
    """The refusal citing ``clause``, to raise: ``raise refuse(clause, message)``."""
    return IllegalAction(Ruling(clause, message))
