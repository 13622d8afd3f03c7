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
# per class: (field, its check, whether it is a plain int, checked inline)
_Fields = tuple[tuple[str, _Check, bool], ...]
_FIELDS: dict[type, _Fields] = {}


def check(obj: object) -> None:
    """Raise IllegalAction naming the first field of ``obj`` (recursively) not of its type."""
    problem = _problem(obj)
    if problem is not None:
        raise IllegalAction(Ruling(CLAUSE, f"malformed {type(obj).__name__}: {problem}"))


def check_outer(obj: object) -> None:
    """:func:`check` for the fields of ``obj`` itself: a field holding a command or report is
    checked to be one, not field by field. For a caller that hands that inner value to a verb
    that checks it in full (a table's ``Act`` to its round), so it is checked once."""
    problem = _problem(obj, _OUTER)
    if problem is not None:
        raise IllegalAction(Ruling(CLAUSE, f"malformed {type(obj).__name__}: {problem}"))


def _problem(obj: object, cache: dict[type, _Fields] | None = None) -> str | None:
    cls = type(obj)
    table = _FIELDS if cache is None else cache
    fields = table.get(cls)
    if fields is None:
        fields = _fields(cls, table is _FIELDS)
        table[cls] = fields
    for name, ok, plain_int in fields:
        value = getattr(obj, name, None)
        if plain_int:  # the commonest field, checked inline
            if type(value) is int or (isinstance(value, int) and type(value) is not bool):
                continue
        elif ok(value):
            continue
        return f"{name} is {value!r:.80}"
    return None


_OUTER: dict[type, _Fields] = {}


def _fields(cls: type, deep: bool) -> _Fields:
    try:
        hints = get_type_hints(cls)
        data = dataclasses.is_dataclass(cls)
        names = [f.name for f in dataclasses.fields(cls)] if data else []
        checks = [(n, _checker(hints[n], deep)) for n in names if n in hints]
        return tuple((n, ok, ok is _is_int) for n, ok in checks)
    except (NameError, TypeError):
        return ()  # annotations this module cannot resolve: no shape check


def _is_int(v: object) -> bool:
    """An int that is not a bool (a card is an int; the deck says which ints are its cards)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _checker(tp: Any, deep: bool = True) -> _Check:
    if tp is type:
        # mypyc records an annotation it cannot express at run time (``Card | None``) as
        # ``type``; no command field is a class, so such a field is not shape-checked
        return lambda v: True
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        parts = [_checker(a, deep) for a in get_args(tp)]
        return lambda v: any(p(v) for p in parts)
    if tp is type(None):
        return lambda v: v is None
    if tp is bool:
        return lambda v: type(v) is bool
    if tp is int or tp is Card:
        return _is_int
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _checker(args[0], deep)
            return lambda v: isinstance(v, tuple) and all(inner(x) for x in v)
        each = [_checker(a, deep) for a in args]
        return lambda v: (
            isinstance(v, tuple)
            and len(v) == len(each)
            and all(p(x) for p, x in zip(each, v, strict=True))
        )
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and deep:
        return lambda v: isinstance(v, tp) and _problem(v) is None
    if isinstance(tp, type):
        return lambda v: isinstance(v, tp)
    return lambda v: True
