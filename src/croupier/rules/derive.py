"""A house's rulebook derived from another under its own id.

A house that adopts a rulebook (cash, tournament or UTH) with its own name cites its own clauses:
:func:`derive` copies a rules value (any frozen dataclass of the rules layer: a
:class:`~croupier.rules.rulebook.Rulebook`, its floor and table rules, a tournament's or a UTH
game's rules) with ``id`` set to the new id and every clause relabelled. A clause is a string
field whose name is ``clause`` or ends in ``_clause`` or ``_clauses`` (a tuple of them); its
first word, the rulebook's id, becomes the new id ("qld-holdem-2005 s36" becomes "house-x s36",
"qld-holdem-2005 house default (as dunedin-house 67)" becomes "house-x house default (as
dunedin-house 67)"). Nested rules values are relabelled the same way.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def is_clause_field(name: str) -> bool:
    """Whether a rules field of this name holds a clause (or a tuple of clauses)."""
    return name == "clause" or name.endswith(("_clause", "_clauses"))


def relabel(clause: str, new_id: str) -> str:
    """``clause`` cited under ``new_id``: its first word (the rulebook's id) replaced; an empty
    clause (none cited) stays empty."""
    if not clause:
        return clause
    _, sep, rest = clause.partition(" ")
    return new_id + sep + rest


def _relabelled(value: Any, new_id: str, clause: bool) -> Any:
    if isinstance(value, str):
        return relabel(value, new_id) if clause else value
    if isinstance(value, tuple):
        return tuple(_relabelled(v, new_id, clause) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return derive(value, new_id, keep_id=True)
    return value


def derive(base: T, new_id: str, *, keep_id: bool = False, **changes: Any) -> T:
    """``base`` under ``new_id``: every clause relabelled, nested rules values too, ``id`` (if
    it has one and ``keep_id`` is false) set to ``new_id``, then ``changes`` applied as
    :func:`dataclasses.replace` would."""
    if not (dataclasses.is_dataclass(base) and not isinstance(base, type)):
        raise TypeError(f"{type(base).__name__} is not a rules value")
    values: dict[str, Any] = {}
    for f in dataclasses.fields(base):
        if not f.init:
            continue
        old = getattr(base, f.name)
        new = _relabelled(old, new_id, is_clause_field(f.name))
        if new is not old:
            values[f.name] = new
    names = {f.name for f in dataclasses.fields(base)}
    if "id" in names and not keep_id:
        values["id"] = new_id
    values.update(changes)
    return dataclasses.replace(base, **values)
