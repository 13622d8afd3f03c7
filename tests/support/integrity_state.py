"""The whole state of a table or a round, as plain data, for comparing a live object with the
fold of its events.

Every attribute is taken, recursively, except the few listed below, which are no part of the
state: memos the object rebuilds on demand, and the table's sink (where finished rounds go).
``test_state_attributes_are_all_compared`` keeps this list honest.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from croupier.round import Round
from croupier.table.history import Disputable
from croupier.table.table import Table

#: Attributes that are not state: what each is, in words.
NOT_STATE: dict[type, dict[str, str]] = {
    Round: {
        "_bounds_at": "memo of the raise bounds, keyed by event count and player",
        "_bounds": "memo of the raise bounds",
        "_values": "memo of shown hands' strengths",
    },
    Table: {
        "sink": "where the table hands finished rounds' events; an output, not state",
        "_deck": "the dealer side's deck order, an input (events record the cards dealt)",
        "_opened": "memo of the round a StartRound's plan built, taken as that round starts",
    },
}

#: A round rebuilt by Round.from_events has no command boundaries (they are not events): it
#: cannot undo, and ``_marks`` is all that differs.
COMMAND_MARKS = "_marks"


def attributes(obj: object) -> list[str]:
    """The instance attributes of ``obj`` (compiled classes list theirs in __mypyc_attrs__)."""
    names = getattr(type(obj), "__mypyc_attrs__", None)
    if names is not None:
        return [n for n in names if n != "__dict__" and hasattr(obj, n)]
    return list(vars(obj))


def state(obj: Any, skip: frozenset[str] = frozenset()) -> Any:
    """``obj`` as nested plain data: tables and rounds become dicts of every attribute."""
    if isinstance(obj, Table | Round):
        leave = NOT_STATE[type(obj)].keys() | skip
        return (
            type(obj).__name__,
            {a: state(getattr(obj, a), skip) for a in attributes(obj) if a not in leave},
        )
    if isinstance(obj, Disputable):  # holds a round, which compares by identity
        return ("Disputable", {f.name: state(getattr(obj, f.name), skip) for f in fields(obj)})
    if isinstance(obj, dict):
        return {k: state(v, skip) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return type(obj)(state(v, skip) for v in obj)
    if isinstance(obj, set | frozenset):
        return frozenset(obj)
    return obj


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two states differ, as readable paths (empty when equal)."""
    if type(a) is not type(b):
        return [f"{path}: {a!r} != {b!r}"]
    if isinstance(a, dict):
        out = []
        for k in sorted(a.keys() | b.keys(), key=repr):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in one")
            else:
                out += differences(a[k], b[k], f"{path}.{k}")
        return out
    if isinstance(a, tuple | list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += differences(x, y, f"{path}[{i}]")
        return out
    return [] if a == b else [f"{path}: {a!r} != {b!r}"[:400]]
