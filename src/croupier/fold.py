"""One pattern for every stream's fold: a typed handler per event type.

Each stream (round, table, UTH round and table, tournament, room) keeps a table from event type
to handler, built with :func:`handlers` from :func:`on` pairs. mypy checks each pair (the handler
must take that event type), so the fold itself needs no cast and no ``type: ignore``::

    _FOLD = handlers(on(Folded, Round._f_folded), on(Called, Round._f_called))
    _FOLD[type(e)](self, e)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

S = TypeVar("S")
E = TypeVar("E")

Handler = Callable[[S, Any], None]


def on(event: type[E], handler: Callable[[S, E], None]) -> tuple[type[E], Callable[[S, Any], None]]:
    """Pair an event type with the handler that folds it into the state."""
    return event, handler


def handlers(*pairs: tuple[type[Any], Callable[[S, Any], None]]) -> dict[type[Any], Handler[S]]:
    """The fold table of a stream; an event type given twice is a programming error."""
    table: dict[type[Any], Handler[S]] = {}
    for event, handler in pairs:
        if event in table:
            raise ValueError(f"two handlers for {event.__name__}")
        table[event] = handler
    return table
