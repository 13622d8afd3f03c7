"""The public message contract: what a client receives, as plain JSON, and its JSON Schema.

The store keeps events in its own tagged codec (:mod:`croupier.service.store.codec`: Python
paths, ``$tuple``, ``$card``); no client sees it. A client receives :func:`plain` values:

* an event or a view as an object whose ``"type"`` is the class's name alone
  (``"RoundStarted"``: a stable name, never a module path), with every field;
* a card as its name (``"As"``, ``"Td"``, ``"Jk"``), a hidden card as ``null``;
* chips, seats and sequence numbers as integers; an enum as its value (an integer enum, whose
  value is only an id, as its name: ``"FLUSH"``); tuples, lists and sets as arrays; a
  mapping with text keys as an object, any other as an array of ``[key, value]``.

Messages on a stream socket (:mod:`croupier.service.stream`), each a JSON object:

* ``{"seq": n, "event": Event, "words": [Line]}``: event number ``n`` of the stream, as the
  reader may see it, with its words for that reader (:mod:`croupier.narration`);
* ``{"seq": n, "snapshot": View}``: the reader's view after event ``n`` (the first message
  without ``after``, or to a client too far behind); ``{"seq": n, "view": View}``: the view
  after a commit (``views=1``), so that a client never fetches it again;
* ``{"seq": n, "clock": ...}``: a tournament's clock after event ``n`` of its stream;
* ``{"seq": n, "turn": RoundView, "to_call": c}``: the player to act's view of the round after
  event ``n`` (``turns=1``); ``to_call``: the chips a call adds, as the Call button says (0:
  a check, or nothing to call);
* ``{"reply": id, "status": s, ...}``: the answer to a command the client sent.

:func:`schema` is that contract as JSON Schema (draft 2020-12), served at ``GET /contract``;
:data:`VERSION` names it, and changes when a message changes incompatibly.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import datetime
import enum
import sys
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

import orjson

from croupier.cards import CARD_TEXT, Card
from croupier.hands.orders import HandOrder
from croupier.round.games import Game
from croupier.round.structures import Structure
from croupier.rules.rulebook import Rulebook
from croupier.rules.tournament_rules import TournamentRules

#: The contract's version: clients may check it (``GET /contract``'s ``$id`` ends with it).
VERSION = "1"

JSON = Any

#: A hidden card in words ("▒") and as its JSON escape (the same string once parsed).
_SHADE, _SHADE_JSON = "▒".encode(), b"\\u2592"


def message_text(data: bytes) -> str:
    """A message's JSON (UTF-8) as the text a socket sends, a hidden card's "▒" escaped: the
    messages stay ASCII, which Python decodes, joins and encodes several times faster than
    other text."""
    return data.replace(_SHADE, _SHADE_JSON).decode()


def type_name(cls: type) -> str:
    """A class's public name: its name alone; an Ultimate Texas Hold'em class's begins with
    ``Uth`` (its rounds' events share names with poker's: ``UthRulingMade``)."""
    name = cls.__name__
    if cls.__module__.startswith("croupier.uth.") and not name.startswith("Uth"):
        return f"Uth{name}"
    return name


_CODERS: dict[type, Callable[[Any], JSON]] = {}


def plain(value: object) -> JSON:
    """``value`` as the contract's plain JSON (see the module's docstring). The JSON of a
    :data:`SETTLED` value is shared: never change what this returns."""
    coder = _CODERS.get(type(value))
    if coder is None:
        coder = _CODERS[type(value)] = _coder(type(value))
    return coder(value)


#: Values that never change once made and recur in message after message (every round's
#: start carries its table's rulebook, about 9 KB of JSON): made plain once per object.
SETTLED: tuple[type, ...] = (Rulebook, TournamentRules, Game, Structure, HandOrder)


class Settled(dict[str, Any]):
    """A :data:`SETTLED` value's plain JSON, made once per value, with its encoding
    (``json``), which :func:`dumps` writes as it is rather than encoding again (a rulebook is
    about 9 KB of JSON in every round's start). Elsewhere it is the dict it derives from."""

    __slots__ = ("json",)

    def __init__(self, value: dict[str, Any], encoded: bytes) -> None:
        super().__init__(value)
        self.json = orjson.Fragment(encoded)


#: The settled values of one class remembered at once: more than a room's tables, each of
#: which holds its own rulebook, game and structure once rebuilt from the store (a smaller
#: memory made each round's start make its rulebook's JSON again, about 100 us, once the
#: tables outnumbered it).
SETTLED_KEPT = 16_384


def _once(coder: Callable[[Any], JSON]) -> Callable[[Any], JSON]:
    """``coder`` remembering its JSON by the value's identity (the value kept alive with
    it, so that an id is not reused while it is remembered), as :class:`Settled`, one
    :class:`Settled` for equal values (the tables' equal rulebooks share one)."""
    seen: dict[int, tuple[object, Settled]] = {}
    alike: dict[bytes, Settled] = {}

    def once(v: Any) -> JSON:
        got = seen.get(id(v))
        if got is not None and got[0] is v:
            return got[1]
        if len(seen) >= SETTLED_KEPT:
            seen.clear()
            alike.clear()
        data = coder(v)
        encoded = orjson.dumps(data)
        out = alike.get(encoded)
        if out is None:
            out = alike[encoded] = Settled(data, encoded)
        seen[id(v)] = (v, out)
        return out

    return once


def _settled(x: object) -> object:
    """:func:`dumps`' encoding of a subclass of a JSON type: a :class:`Settled` value's JSON
    as made; any other as its base type."""
    if isinstance(x, Settled):
        return x.json
    if isinstance(x, dict):
        return dict(x)
    if isinstance(x, list):
        return list(x)
    if isinstance(x, str):
        return str(x)
    if isinstance(x, int):
        return int(x)
    if isinstance(x, float):
        return float(x)
    raise TypeError(f"{type(x).__name__}: not in the message contract")


def encode(data: JSON) -> bytes:
    """Plain JSON (what :func:`plain` makes, or holds), encoded (UTF-8), each
    :class:`Settled` part written as it was encoded once."""
    return orjson.dumps(data, default=_settled, option=orjson.OPT_PASSTHROUGH_SUBCLASS)


def dumps(value: object) -> bytes:
    """``value``'s :func:`plain` JSON, encoded (see :func:`encode`)."""
    return encode(plain(value))


def _same(v: Any) -> JSON:
    return v


#: The types a value of which is its own JSON (none is passed to :func:`plain` below).
_SAME = frozenset({type(None), bool, int, str, float})


def _list(v: Iterable[Any]) -> JSON:
    return [x if type(x) in _SAME else plain(x) for x in v]


def enum_value(member: enum.Enum) -> str | int:
    """An enum member in the contract: its value where that is text (or a plain integer),
    else its name (an integer enum's value is an id: ``Category.FLUSH`` is ``"FLUSH"``)."""
    if isinstance(member.value, str) or (
        isinstance(member.value, int) and not isinstance(member, int)
    ):
        return member.value
    return member.name


def _coder(cls: type) -> Callable[[Any], JSON]:
    if cls in _SAME:
        return _same
    if issubclass(cls, Card):
        return CARD_TEXT.__getitem__  # str(v), made once
    if issubclass(cls, enum.Enum):
        return enum_value
    if dataclasses.is_dataclass(cls):
        name = type_name(cls)
        fields = tuple(f.name for f in dataclasses.fields(cls))

        def dataclass(v: Any) -> JSON:
            out: dict[str, JSON] = {"type": name}
            for f in fields:
                x = getattr(v, f)
                out[f] = x if type(x) in _SAME else plain(x)
            return out

        return _once(dataclass) if issubclass(cls, SETTLED) else dataclass
    if issubclass(cls, tuple | list):
        return _list
    if issubclass(cls, set | frozenset):
        return lambda v: sorted((plain(x) for x in v), key=repr)
    if issubclass(cls, Mapping):
        return _mapping
    if issubclass(cls, bytes):
        return lambda v: v.hex()
    if issubclass(cls, datetime.datetime | datetime.date):
        return lambda v: v.isoformat()
    if issubclass(cls, datetime.timedelta):
        return lambda v: v.total_seconds()
    if issubclass(cls, Fraction | Decimal):
        return str
    raise TypeError(f"{cls.__name__}: not in the message contract")


def _mapping(v: Mapping[Any, Any]) -> JSON:
    if all(isinstance(k, str) for k in v):
        return {k: plain(x) for k, x in v.items()}
    return [[plain(k), plain(x)] for k, x in v.items()]


# ---------------------------------------------------------------------------------------
# The schema.

CARD = {"type": "string", "pattern": "^([2-9TJQKA][cdhs]|Jk)$"}
LINE = {
    "type": "object",
    "required": ["text", "clause", "kind"],
    "properties": {
        "text": {"type": "string"},
        "clause": {"type": "string"},
        "kind": {"enum": ["", "round", "ruling", "win"]},
    },
    "additionalProperties": False,
}


def type_hints(cls: type) -> dict[str, Any]:
    """A dataclass's field types as its source writes them. A class compiled with mypyc keeps
    only erased ones (``tuple``, ``type``), so its module's source is read for them; a hint
    that does not resolve is left as the class has it (or not described)."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:
        hints = {}
    module = sys.modules.get(cls.__module__)
    path = getattr(module, "__file__", None) or ""
    if module is None or path.endswith(".py"):
        return hints
    source = path[: path.rfind("/") + 1] + cls.__module__.rsplit(".", 1)[-1] + ".py"
    try:
        with open(source, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError):
        return hints
    spaces = {**vars(typing), **vars(module)}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    # a name imported only for type checking does not resolve: left as it is
                    with contextlib.suppress(Exception):
                        hints[item.target.id] = eval(ast.unparse(item.annotation), spaces)
    return hints


class _Schemas:
    """JSON Schemas of dataclasses by their field types, each class once in ``defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, JSON] = {"card": CARD, "line": LINE}
        self.owners: dict[str, type] = {}

    def of_class(self, cls: type) -> JSON:
        name = type_name(cls)
        seen = self.owners.get(name)
        if seen is not None and seen is not cls:
            raise TypeError(f"two classes are named {name}: {seen} and {cls}")
        if seen is None:
            self.owners[name] = cls
            self.defs[name] = {}  # a placeholder while its fields are made (recursive types)
            hints = type_hints(cls)
            props: dict[str, JSON] = {"type": {"const": name}}
            for f in dataclasses.fields(cls):
                props[f.name] = self.of(hints.get(f.name, Any))
            self.defs[name] = {
                "type": "object",
                "required": list(props),
                "properties": props,
                "additionalProperties": False,
            }
        return {"$ref": f"#/$defs/{name}"}

    def of(self, hint: Any) -> JSON:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if hint is Any or hint is object:
            return {}
        if hint is type(None):
            return {"type": "null"}
        if isinstance(hint, type):
            if issubclass(hint, Card):
                return {"$ref": "#/$defs/card"}
            if issubclass(hint, enum.Enum):
                return {"enum": [enum_value(m) for m in hint]}
            if issubclass(hint, bool):
                return {"type": "boolean"}
            if issubclass(hint, int):
                return {"type": "integer"}
            if issubclass(hint, str):
                return {"type": "string"}
            if issubclass(hint, float):
                return {"type": "number"}
            if dataclasses.is_dataclass(hint):
                if hint.__subclasses__() and not dataclasses.fields(hint):
                    return self.union(_leaves(hint))
                return self.of_class(hint)
            if hint.__module__.startswith("croupier.") and _leaves(hint):
                return self.union(_leaves(hint))  # a base compiled without its dataclass mark
            return {}
        if origin in (typing.Union, types.UnionType):
            return {"anyOf": [self.of(a) for a in args]}
        if origin is typing.Literal:
            return {"enum": list(args)}
        if origin in (tuple, list, set, frozenset) or (
            isinstance(origin, type) and issubclass(origin, tuple | list | set | frozenset)
        ):
            if origin is tuple and args and args[-1] is not Ellipsis:
                return {"type": "array", "prefixItems": [self.of(a) for a in args]}
            return {"type": "array", "items": self.of(args[0]) if args else {}}
        return {}

    def union(self, classes: Iterable[type]) -> JSON:
        return {"anyOf": [self.of_class(c) for c in classes]}


def _leaves(base: type) -> list[type]:
    """The concrete dataclasses under ``base``."""
    out: list[type] = []
    sub: type
    for sub in base.__subclasses__():
        if getattr(sys.modules.get(sub.__module__), sub.__name__, None) is not sub:
            continue  # a class ``dataclass(slots=True)`` replaced
        if dataclasses.is_dataclass(sub) and dataclasses.fields(sub):
            out.append(sub)
        out.extend(x for x in _leaves(sub) if x not in out)
    return out


def event_classes() -> list[type]:
    """Every event class a stream socket may send."""
    from croupier.room.tournament_hands import TournamentHandDealt, TournamentHandProgressed
    from croupier.round.events import Event
    from croupier.table import absence  # noqa: F401  (its events subclass TableEvent)
    from croupier.table.events import TableEvent
    from croupier.uth import events as uth_events
    from croupier.uth import view as uth_view  # what a UTH table's reader is sent instead

    classes = [*_leaves(TableEvent), *_leaves(Event)]
    classes += [TournamentHandDealt, TournamentHandProgressed]
    classes += [
        c
        for m in (uth_events, uth_view)
        for c in vars(m).values()
        if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == m.__name__
    ]
    return list(dict.fromkeys(classes))


def schema() -> JSON:
    """The message contract as one JSON Schema document."""
    from croupier.uth.view import UthTableView
    from croupier.views import RoundView, TableView

    s = _Schemas()
    events = s.union(event_classes())
    views = {"anyOf": [s.of_class(TableView), s.of_class(UthTableView), {"type": "object"}]}
    seq = {"type": "integer", "minimum": 0}
    messages = {
        "event": {
            "type": "object",
            "required": ["seq", "event", "words"],
            "properties": {
                "seq": seq,
                "event": events,
                "words": {"type": "array", "items": {"$ref": "#/$defs/line"}},
            },
            "additionalProperties": False,
        },
        "snapshot": {
            "type": "object",
            "required": ["seq", "snapshot"],
            "properties": {"seq": seq, "snapshot": {"anyOf": [views, {"type": "null"}]}},
            "additionalProperties": False,
        },
        "view": {
            "type": "object",
            "required": ["seq", "view"],
            "properties": {"seq": seq, "view": views},
            "additionalProperties": False,
        },
        "clock": {
            "type": "object",
            "required": ["seq", "clock"],
            "properties": {"seq": seq, "clock": {"type": "object"}},
            "additionalProperties": False,
        },
        "turn": {
            "type": "object",
            "required": ["seq", "turn", "to_call"],
            "properties": {
                "seq": seq,
                "turn": s.of_class(RoundView),
                "to_call": {"type": "integer", "minimum": 0},
            },
            "additionalProperties": False,
        },
        "reply": {
            "type": "object",
            "required": ["reply", "status"],
            "properties": {"reply": {}, "status": {"type": "integer"}},
        },
    }
    s.defs.update({f"message.{k}": v for k, v in messages.items()})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"/contract/v{VERSION}",
        "title": "croupier stream messages",
        "description": (
            "Every message a stream socket sends. Events and views are plain JSON: a class's "
            "name alone as type, cards as names ('As'), chips as integers."
        ),
        "oneOf": [{"$ref": f"#/$defs/message.{k}"} for k in messages],
        "$defs": s.defs,
    }


# ---------------------------------------------------------------------------------------
# Reading messages back (a Python client's side: the bench, the tests).

_CLASSES: dict[str, type] = {}


def _classes() -> dict[str, type]:
    if not _CLASSES:
        from croupier.uth.view import UthTableView
        from croupier.views import TableView

        s = _Schemas()
        s.union(event_classes())
        s.of_class(TableView)
        s.of_class(UthTableView)
        _CLASSES.update(s.owners)
    return _CLASSES


_FIELDS: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """A dataclass's fields: name, type and whether ``__init__`` takes it (made once)."""
    got = _FIELDS.get(cls)
    if got is None:
        hints = type_hints(cls)
        got = _FIELDS[cls] = tuple(
            (f.name, hints.get(f.name, Any), f.init) for f in dataclasses.fields(cls)
        )
    return got


def decode(data: JSON, hint: Any = None) -> Any:
    """The value a plain message ``data`` carries, as the core's classes (by each field's
    type); ``hint``: the type expected, where ``data`` does not name it."""
    if isinstance(data, dict):
        name = data.get("type")
        cls = _classes().get(name) if isinstance(name, str) else None
        if cls is not None:
            init: dict[str, Any] = {}
            later: dict[str, Any] = {}
            for field, kind, in_init in _fields(cls):
                (init if in_init else later)[field] = decode(data.get(field), kind)
            out = cls(**init)
            for k, v in later.items():
                object.__setattr__(out, k, v)
            return out
    if hint is None or data is None:
        return data
    try:
        reader = _DECODERS.get(hint)
    except TypeError:  # a hint that cannot be a key
        return _decoder(hint)(data)
    if reader is None:
        reader = _DECODERS[hint] = _decoder(hint)
    return reader(data)


_DECODERS: dict[Any, Callable[[Any], Any]] = {}


def _decoder(hint: Any) -> Callable[[Any], Any]:
    """How to read a value of type ``hint`` that names no class (made once per hint)."""
    if hint is Any:
        return _same
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        if len(kinds) == 1:
            return lambda d: decode(d, kinds[0])

        def union(d: Any) -> Any:
            for kind in kinds:  # the kind whose shape the data has (a list: a tuple's, a set's)
                shape = typing.get_origin(kind) or kind
                if isinstance(d, list) and shape in (tuple, list, frozenset, set):
                    return decode(d, kind)
            return d

        return union
    if isinstance(hint, type):
        if issubclass(hint, Card):
            return Card.parse
        if issubclass(hint, enum.Enum):
            by_value = {m.value: m for m in hint}
            by_name = hint.__members__
            return lambda d: by_value[d] if d in by_value else by_name[d]
        if hint in (tuple, frozenset, set):
            # a compiled class names its field's type bare: ``tuple``, not ``tuple[int, ...]``
            return lambda d: hint(decode(x) for x in d) if isinstance(d, list) else d
        return _same
    if origin is tuple:
        if args and args[-1] is not Ellipsis:
            return lambda d: tuple(decode(x, a) for x, a in zip(d, args, strict=False))
        item = args[0] if args else None
        return lambda d: tuple(decode(x, item) for x in d)
    if origin in (frozenset, set):
        item = args[0] if args else None
        return lambda d: origin(decode(x, item) for x in d)
    if origin is list:
        item = args[0] if args else None
        return lambda d: [decode(x, item) for x in d]
    return _same
