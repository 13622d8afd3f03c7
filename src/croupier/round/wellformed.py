"""Commands checked against their declared field types before any rule is applied.

A command or report whose fields are not what its class declares (a player named by a string, a
missing amount, a card that is not a card) is refused with :class:`IllegalAction` at the verbs,
never raised deep in the engine as ``TypeError`` or ``AttributeError``. Range and rule checks stay
with the engine and the floor; this only checks shape.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin, get_type_hints

from croupier.cards import Card
from croupier.rules import IllegalAction, Ruling

CLAUSE = "croupier input"

_Check = Callable[[object], bool]
_FIELDS: dict[type, tuple[tuple[str, _Check], ...]] = {}


def check(obj: object) -> None:
    """Raise IllegalAction naming the first field of ``obj`` (recursively) not of its type."""
    problem = _problem(obj)
    if problem is not None:
        raise IllegalAction(Ruling(CLAUSE, f"malformed {type(obj).__name__}: {problem}"))


def _problem(obj: object) -> str | None:
    for name, ok in _fields(type(obj)):
        value = getattr(obj, name, None)
        if not ok(value):
            return f"{name} is {value!r:.80}"
    return None


def _fields(cls: type) -> tuple[tuple[str, _Check], ...]:
    known = _FIELDS.get(cls)
    if known is None:
        try:
            hints = get_type_hints(cls)
            data = dataclasses.is_dataclass(cls)
            names = [f.name for f in dataclasses.fields(cls)] if data else []
            known = tuple((n, _checker(hints[n])) for n in names if n in hints)
        except (NameError, TypeError):
            known = ()  # annotations this module cannot resolve: no shape check
        _FIELDS[cls] = known
    return known


def _checker(tp: Any) -> _Check:
    if tp is type:
        # mypyc records an annotation it cannot express at run time (``Card | None``) as
        # ``type``; no command field is a class, so such a field is not shape-checked
        return lambda v: True
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        parts = [_checker(a) for a in get_args(tp)]
        return lambda v: any(p(v) for p in parts)
    if tp is type(None):
        return lambda v: v is None
    if tp is bool:
        return lambda v: type(v) is bool
    if tp is int or tp is Card:  # a card is an int; the deck says which ints are its cards
        return lambda v: isinstance(v, int) and not isinstance(v, bool)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _checker(args[0])
            return lambda v: isinstance(v, tuple) and all(inner(x) for x in v)
        each = [_checker(a) for a in args]
        return lambda v: (
            isinstance(v, tuple)
            and len(v) == len(each)
            and all(p(x) for p, x in zip(each, v, strict=True))
        )
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return lambda v: isinstance(v, tp) and _problem(v) is None
    if isinstance(tp, type):
        return lambda v: isinstance(v, tp)
    return lambda v: True
