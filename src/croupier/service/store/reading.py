"""Stored events read back in bulk (the audit's pass): each as :func:`codec.unwrap` reads it,
but a value that recurs (a round's configuration inside every ``RoundStarted``, its rulebook
and game inside that, a seat's action) is decoded once and shared.

A dataclass's fields are decoded one by one, each looked up first by its JSON text; the
dataclass is then built from them as the codec builds it. Only hashable values (immutable
ones) are shared. Where anything is unusual (an upgraded or renamed type, an unknown field, a
value the codec would refuse) the event is read by :func:`codec.unwrap` itself, so its errors
are the codec's.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import orjson

from croupier.service.store import codec

_MISSING = object()
#: Shared values kept at most: a store's recurring values are far fewer.
MEMO_SIZE = 200_000
#: Lookups of a field's values before its share of values found decides whether to go on.
TRIAL = 64


class Reader:
    """Reads stored events, sharing recurring values (see the module's docstring)."""

    def __init__(self) -> None:
        self.memo: dict[bytes, Any] = {}
        # a dataclass's type tag -> (class, fields set by __init__, fields set after), or None
        self.types: dict[str, tuple[type, frozenset[str], frozenset[str]] | None] = {}
        # (type tag, field) -> [lookups, found]
        self.stats: dict[tuple[str, str], list[int]] = {}

    def read(self, body: str) -> Any:
        """The event ``body`` holds (``codec.CodecError`` where the codec cannot read it)."""
        try:
            data = orjson.loads(body)
            if type(data) is dict and len(data) == 2 and data.get("v") == codec.VERSION:
                e = data.get("e")
                if type(e) is dict:
                    return self._dataclass(e)
        except Exception:
            pass
        return codec.unwrap(body)

    def _field(self, tag: str, name: str, v: Any) -> Any:
        """The value of field ``name`` of a ``tag`` dataclass: looked up by its JSON text
        while such lookups find something often enough (a field whose values rarely recur
        is decoded at once, a dataclass still field by field)."""
        if type(v) is not dict and type(v) is not list:
            return v
        stat = self.stats.get((tag, name))
        if stat is None:
            stat = self.stats[(tag, name)] = [0, 0]
        if stat[0] >= TRIAL and stat[1] * 4 < stat[0]:  # under a quarter found: decode
            return self._dataclass(v) if type(v) is dict and "$t" in v else codec.decode(v)
        stat[0] += 1
        key = orjson.dumps(v)
        found = self.memo.get(key, _MISSING)
        if found is not _MISSING:
            stat[1] += 1
            return found
        found = self._dataclass(v) if type(v) is dict and "$t" in v else codec.decode(v)
        try:
            hash(found)
        except TypeError:
            return found  # mutable: never shared
        if len(self.memo) >= MEMO_SIZE:
            self.memo.clear()
        self.memo[key] = found
        return found

    def _dataclass(self, v: dict[str, Any]) -> Any:
        tag = v.get("$t")
        if type(tag) is not str:
            return codec.decode(v)
        known = self.types[tag] if tag in self.types else self._type(tag)
        if known is None:
            return codec.decode(v)
        cls, init, later = known
        args: dict[str, Any] = {}
        for k, x in v.items():
            if k == "$t":
                continue
            if k not in init and k not in later:
                return codec.decode(v)  # an unknown field: the codec says so
            if k in init:
                args[k] = self._field(tag, k, x)
        obj = cls(**args)
        for k in later:
            if k in v:
                object.__setattr__(obj, k, self._field(tag, k, v[k]))
        return obj

    def _type(self, tag: str) -> tuple[type, frozenset[str], frozenset[str]] | None:
        found: tuple[type, frozenset[str], frozenset[str]] | None = None
        if tag not in codec.UPGRADES and tag not in codec.ALIASES:
            try:
                cls = codec.resolve(tag)
            except codec.CodecError:
                cls = None
            if cls is not None and dataclasses.is_dataclass(cls):
                fs = dataclasses.fields(cls)
                init = frozenset(f.name for f in fs if f.init)
                later = frozenset(f.name for f in fs if not f.init)
                found = (cls, init, later)
        self.types[tag] = found
        return found
