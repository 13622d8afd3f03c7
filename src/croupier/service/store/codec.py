"""Canonical JSON for the core's events and configurations, and back.

The codec is generic: it knows no event by name. A value is encoded by its shape:

* ``None``, ``bool``, ``int``, ``str`` and finite ``float`` as themselves; a list as a list;
* a :class:`~croupier.cards.Card` as ``{"$card": id}`` (a card is an ``int``: the tag keeps it one);
* an enum member as ``{"$enum": "module:Qual", "name": ...}``;
* datetimes, dates, durations, fractions and decimals tagged (``{"$datetime": iso}``...);
* a tuple as ``{"$tuple": [...]}``, a set or frozenset as ``{"$set": [...]}`` (sorted by the
  canonical bytes of the items), a mapping as ``{"$map": [[k, v], ...]}`` (sorted likewise),
  bytes as ``{"$bytes": hex}``;
* a dataclass as ``{"$t": "module:Qual", field: value, ...}`` with every field.

Canonical bytes are the encoding as JSON with sorted keys, no spaces, UTF-8, so equal values
have equal bytes (the hash chain hashes them). Types are found by qualified name in a registry;
a name not yet registered is imported only from ``croupier`` modules and only if it names a
dataclass, an enum or a named tuple. :data:`VERSION` is stored beside every event; a later codec
that changes the encoding reads older versions through :func:`decode`'s ``version``.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import importlib
import json
import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

import orjson

from croupier.cards import Card
from croupier.hands.orders import HandOrder
from croupier.room.uth_tournaments import DealUthTournamentRound
from croupier.round.events import PlayRestricted
from croupier.rules.books.act_omaha_2017_tournament import ACT_OMAHA_2017_TOURNAMENT
from croupier.rules.books.qld_holdem_2005 import QLD_TOURNAMENT_FLOOR
from croupier.rules.commission import stored_commission
from croupier.table.events import stored_notice
from croupier.tournament.events import PlacesAwarded
from croupier.uth.events import UthRoundVoided
from croupier.uth.table import RoundRecorded, Shuffled

#: The encoding's version, stored with every event and snapshot.
VERSION = 1

JSON = Any  # what json.dumps accepts

_TYPES: dict[str, type] = {}
#: Renamed or moved types: the old qualified name to the new one.
ALIASES: dict[str, str] = {
    "croupier.table.events:RoundVoided": "croupier.table.events:TableRoundVoided",
    "croupier.uth.events:RoundVoided": "croupier.uth.events:UthRoundVoided",
    "croupier.tournament.state:Table": "croupier.tournament.state:TournamentTable",
    "croupier.uth.tournament_tables:Table": "croupier.uth.tournament_tables:UthTournamentTable",
    "croupier.uth.tournament:Tournament": "croupier.uth.tournament:UthTournament",
    # the round's shared state moved beside the round (uth/round_state.py)
    "croupier.uth.game:ShoeKind": "croupier.uth.round_state:ShoeKind",
    "croupier.uth.game:Phase": "croupier.uth.round_state:Phase",
    "croupier.uth.game:BoxState": "croupier.uth.round_state:BoxState",
    # a UTH tournament's state records moved out of its fold (uth/tournament_state.py)
    "croupier.uth.tournament:Status": "croupier.uth.tournament_state:Status",
    "croupier.uth.tournament:Entrant": "croupier.uth.tournament_state:Entrant",
    # a tournament's hand plan moved out of dealing, beside the commands that carry it
    "croupier.tournament.hands:HandPlan": "croupier.tournament.plan:HandPlan",
}


def _section(clause: Any) -> str:
    """A stored clause's number within its rulebook ("act-uth-2025 13.2" -> "13.2")."""
    if not isinstance(clause, str):
        raise ValueError(f"a clause is text, not {clause!r}")
    return clause.partition(" ")[2]


def _uth_voided(fields: dict[str, Any]) -> Any:
    """A voided UTH round; stored before ``misdeal`` was recorded, a void under 13.x (every
    UTH round then played under act-uth-2025) was a misdeal."""
    if "misdeal" not in fields:
        fields = {**fields, "misdeal": _section(fields.get("clause")).startswith("13.")}
    return UthRoundVoided(**fields)


def _uth_recorded(fields: dict[str, Any]) -> Any:
    """A recorded UTH round; stored before ``misdeal``, read from the clause that voided it."""
    if "misdeal" not in fields:
        fields = {**fields, "misdeal": _section(fields.get("voided", "")).startswith("13.")}
    return RoundRecorded(**fields)


def _uth_shuffled(fields: dict[str, Any]) -> Any:
    """A UTH shuffle; stored before ``ordered``, a supervisor's shuffle cited 6.1(c)."""
    if "ordered" not in fields:
        fields = {**fields, "ordered": _section(fields.get("clause")) == "6.1(c)"}
    return Shuffled(**fields)


def stored_play_restricted(fields: dict[str, Any]) -> PlayRestricted:
    """A stored :class:`PlayRestricted`. Before ``wager_stands`` the round knew a restriction
    under which a fold leaves the held wager in the pot by its clause alone: the
    qld-tournament-2020 floor's call-or-fold clause (4.41(b)), read here once from the book."""
    if "wager_stands" not in fields:
        clause = QLD_TOURNAMENT_FLOOR.missed_wager_call_or_fold_clause
        fields = {**fields, "wager_stands": fields.get("clause") == clause}
    return PlayRestricted(**fields)


def stored_hand_order(fields: dict[str, Any]) -> HandOrder:
    """A stored :class:`HandOrder`. It cited its own clause once (now its rulebook does, by the
    order's kind): that field is dropped; a short-deck order is known by the name croupier
    gave it."""
    if "clause" in fields:
        fields = {k: v for k, v in fields.items() if k != "clause"}
        fields["is_short_deck"] = str(fields.get("name", "")).startswith("short-deck-")
    return HandOrder(**fields)


def _uth_tournament_deal(fields: dict[str, Any]) -> DealUthTournamentRound:
    """A UTH tournament's deal as its command was recorded. Recorded before its deck was
    sealed, it carried the ``seed`` the deck was shuffled from: read without it (the round's
    cards are in its events; only the server's sealed record keeps a deck)."""
    return DealUthTournamentRound(**{k: v for k, v in fields.items() if k != "seed"})


#: Types whose stored form changed: the old qualified name to a function building the value
#: from the old form's decoded fields (it raises ValueError on fields it cannot read). A type
#: that kept its name reads both forms.
UPGRADES: dict[str, Callable[[dict[str, Any]], Any]] = {
    # one commission class with a ``kind`` became one class per schedule
    "croupier.rules.commission:Commission": stored_commission,
    # a notice's kind, once read from its clause, became a field
    "croupier.table.events:Notice": stored_notice,
    # UTH folds read typed fields where they read a clause's text
    "croupier.uth.events:UthRoundVoided": _uth_voided,
    "croupier.uth.events:RoundVoided": _uth_voided,
    "croupier.uth.table:RoundRecorded": _uth_recorded,
    "croupier.uth.table:Shuffled": _uth_shuffled,
    # PlayRestricted gained ``wager_stands`` (a fold then leaves the held wager in the pot)
    "croupier.round.events:PlayRestricted": stored_play_restricted,
    # HandOrder's ``clause`` moved to the rulebook; ``is_short_deck`` says which it cites
    "croupier.hands.orders:HandOrder": stored_hand_order,
    # the winner's place became a field (``winner``) instead of a clause to recognise
    "croupier.tournament.events:PlacesAwarded": lambda f: _places_awarded(**f),
    # a UTH tournament's deal no longer carries its deck's seed (the deck is sealed)
    "croupier.room.uth_tournaments:DealUthTournamentRound": _uth_tournament_deal,
}


def _places_awarded(
    awards: tuple[tuple[str, int, int, str], ...], clause: str, winner: bool | None = None
) -> PlacesAwarded:
    """A stored ``PlacesAwarded``; one stored before it had ``winner`` is the winner's place
    when it cites the clause every tournament then cited for it (act-omaha-2017 20.18)."""
    if winner is None:  # stored data: the clause as act-omaha-2017's book cites it
        winner = clause == ACT_OMAHA_2017_TOURNAMENT.winner_clause
    return PlacesAwarded(tuple(tuple(a) for a in awards), clause, winner)  # type: ignore[misc]


class CodecError(ValueError):
    """A value the codec cannot encode, or stored JSON it cannot read back."""


def type_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def register(cls: type) -> type:
    """Make ``cls`` (a dataclass, an enum or a named tuple) decodable by its qualified name."""
    if not (
        dataclasses.is_dataclass(cls)
        or issubclass(cls, enum.Enum)
        or (issubclass(cls, tuple) and hasattr(cls, "_fields"))
    ):
        raise CodecError(f"{type_name(cls)} is not a dataclass, an enum or a named tuple")
    _TYPES[type_name(cls)] = cls
    return cls


def resolve(name: str) -> type:
    """The type stored under ``name``: registered, or a dataclass or enum of a croupier module."""
    name = ALIASES.get(name, name)
    found = _TYPES.get(name)
    if found is not None:
        return found
    module, _, qual = name.partition(":")
    if not qual or not (module == "croupier" or module.startswith("croupier.")):
        raise CodecError(f"unknown type {name!r}: only croupier's own types are read back")
    try:
        obj: Any = importlib.import_module(module)
        for part in qual.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as e:
        raise CodecError(f"unknown type {name!r}: {e}") from e
    if not isinstance(obj, type):
        raise CodecError(f"{name!r} is not a type")
    return register(obj)


def _sort_key(item: JSON) -> bytes:
    return _dumps(item)


def encode(value: object) -> JSON:
    """The JSON-ready form of ``value`` (shared with other calls where ``value`` is a frozen
    dataclass holding nothing mutable: do not change it)."""
    coder = _CODERS.get(type(value))
    if coder is None:
        coder = _coder(type(value))
    return coder(value)


def _enc_same(value: Any) -> JSON:
    return value


def _enc_float(value: Any) -> JSON:
    if value != value or value in (float("inf"), float("-inf")):
        raise CodecError(f"{value!r} has no JSON form")
    return value


#: A card's encoding by its id (made once: do not change them).
_CARDS: dict[int, JSON] = {}


def _enc_card(value: Any) -> JSON:
    got = _CARDS.get(value)
    if got is None:
        got = _CARDS[int(value)] = {"$card": int(value)}
    return got


def _enc_tuple(value: Any) -> JSON:
    return {"$tuple": [encode(v) for v in value]}


def _enc_list(value: Any) -> JSON:
    global _MUTABLE
    _MUTABLE += 1
    return [encode(v) for v in value]


def _enc_set(value: Any) -> JSON:
    global _MUTABLE
    _MUTABLE += isinstance(value, set)
    return {"$set": sorted((encode(v) for v in value), key=_sort_key)}


def _enc_mapping(value: Any) -> JSON:
    global _MUTABLE
    _MUTABLE += 1
    pairs = [[encode(k), encode(v)] for k, v in value.items()]
    return {"$map": sorted(pairs, key=lambda p: _sort_key(p[0]))}


def _enc_bytes(value: Any) -> JSON:
    return {"$bytes": value.hex()}


def _enc_timedelta(value: Any) -> JSON:
    return {"$timedelta": [value.days, value.seconds, value.microseconds]}


def _enc_fraction(value: Any) -> JSON:
    return {"$fraction": [value.numerator, value.denominator]}


#: Encodings of frozen dataclasses holding nothing mutable, by identity (each entry keeps its
#: value alive, so an id is not reused while it is here): a table's configuration is encoded
#: once, not with every round it starts.
_MEMO: dict[int, tuple[object, JSON]] = {}
_MEMO_SIZE = 4096
#: How many mutable values (lists, dicts, sets, plain dataclasses) have been encoded: an
#: encoding during which it moved holds one and is not memoised.
_MUTABLE = 0


def _coder(cls: type) -> Callable[[Any], JSON]:
    """How to encode values of exactly ``cls`` (found once per type)."""
    coder: Callable[[Any], JSON]
    # Enums and cards first: a StrEnum is a str and an IntEnum or a card an int.
    if issubclass(cls, enum.Enum):
        register(cls)
        name = type_name(cls)

        def coder(value: Any) -> JSON:
            return {"$enum": name, "name": value.name}

    elif issubclass(cls, Card):
        coder = _enc_card
    elif cls in (type(None), bool, str, int):
        coder = _enc_same
    elif cls is float:
        coder = _enc_float
    elif issubclass(cls, tuple) and hasattr(cls, "_fields"):  # a NamedTuple
        register(cls)
        name = type_name(cls)

        def coder(value: Any) -> JSON:
            return {"$nt": name, "items": [encode(v) for v in value]}

    elif issubclass(cls, tuple) and not dataclasses.is_dataclass(cls):
        coder = _enc_tuple
    elif issubclass(cls, list):
        coder = _enc_list
    elif issubclass(cls, set | frozenset):
        coder = _enc_set
    elif issubclass(cls, Mapping):
        coder = _enc_mapping
    elif issubclass(cls, bytes):
        coder = _enc_bytes
    elif issubclass(cls, datetime.datetime):
        coder = _iso("$datetime")
    elif issubclass(cls, datetime.date):
        coder = _iso("$date")
    elif issubclass(cls, datetime.timedelta):
        coder = _enc_timedelta
    elif issubclass(cls, Fraction):
        coder = _enc_fraction
    elif issubclass(cls, Decimal):

        def coder(value: Any) -> JSON:
            return {"$decimal": str(value)}

    elif dataclasses.is_dataclass(cls):
        coder = _dataclass_coder(cls)
    else:

        def coder(value: Any) -> JSON:
            raise CodecError(f"cannot encode a {type(value).__qualname__}: {value!r}")

        return coder
    _CODERS[cls] = coder
    return coder


def _iso(tag: str) -> Callable[[Any], JSON]:
    def coder(value: Any) -> JSON:
        return {tag: value.isoformat()}

    return coder


def _dataclass_coder(cls: type) -> Callable[[Any], JSON]:
    register(cls)
    name = type_name(cls)
    init, later = _fields(cls)
    names = tuple(init | later)
    params = getattr(cls, "__dataclass_params__", None)
    if not getattr(params, "frozen", False):

        def plain(value: Any) -> JSON:
            global _MUTABLE
            _MUTABLE += 1
            out: dict[str, JSON] = {"$t": name}
            for n in names:
                out[n] = encode(getattr(value, n))
            return out

        return plain

    def frozen(value: Any) -> JSON:
        key = id(value)
        seen = _MEMO.get(key)
        if seen is not None and seen[0] is value:
            return seen[1]
        before = _MUTABLE
        out: dict[str, JSON] = {"$t": name}
        for n in names:
            out[n] = encode(getattr(value, n))
        if before == _MUTABLE:
            if len(_MEMO) >= _MEMO_SIZE:
                _MEMO.clear()
            _MEMO[key] = (value, out)
        return out

    return frozen


_CODERS: dict[type, Callable[[Any], JSON]] = {}


def decode(data: JSON, version: int = VERSION) -> Any:
    """The value ``data`` encodes (the inverse of :func:`encode`)."""
    if version != VERSION:
        raise CodecError(f"codec version {version} is not readable by version {VERSION}")
    return _decode(data)


_PLAIN = (type(None), bool, int, float, str)


def _decode(data: JSON) -> Any:
    kind = type(data)
    if kind in _PLAIN:
        return data
    if kind is list:
        return [_decode(v) for v in data]
    if kind is not dict:
        raise CodecError(f"unexpected JSON value {data!r}")
    if "$t" in data:
        return _dataclass(data)
    if len(data) == 1:
        ((tag, body),) = data.items()
        if tag == "$card":
            return _card(body)
        if tag == "$tuple":
            return tuple([_decode(v) for v in _list(body)])
        if tag == "$set":
            return frozenset([_decode(v) for v in _list(body)])
        if tag == "$map":
            return {_decode(k): _decode(v) for k, v in (_pair(p) for p in _list(body))}
        if tag == "$bytes":
            return bytes.fromhex(_text(body))
        if tag in _TIME:
            return _time(tag, body)
    elif len(data) == 2 and "$enum" in data and "name" in data:
        cls = resolve(_text(data["$enum"]))
        if not issubclass(cls, enum.Enum):
            raise CodecError(f"{data['$enum']!r} is not an enum")
        try:
            return cls[_text(data["name"])]
        except KeyError as e:
            raise CodecError(f"{data['$enum']} has no member {data['name']!r}") from e
    elif len(data) == 2 and "$nt" in data and "items" in data:
        cls = resolve(_text(data["$nt"]))
        if not (issubclass(cls, tuple) and hasattr(cls, "_fields")):
            raise CodecError(f"{data['$nt']!r} is not a named tuple")
        return cls(*(_decode(v) for v in _list(data["items"])))
    return _bad(data)


_TIME = ("$datetime", "$date", "$timedelta", "$fraction", "$decimal")


def _time(tag: str, body: JSON) -> Any:
    """Datetimes, dates, durations, fractions and decimals."""
    try:
        if tag == "$datetime":
            return datetime.datetime.fromisoformat(_text(body))
        if tag == "$date":
            return datetime.date.fromisoformat(_text(body))
        if tag == "$decimal":
            return Decimal(_text(body))
        parts = _list(body)
        if not all(type(x) is int for x in parts):
            raise CodecError(f"{tag} takes whole numbers, not {body!r}")
        if tag == "$timedelta":
            return datetime.timedelta(*parts)
        return Fraction(*parts)
    except (ValueError, TypeError, ArithmeticError) as e:
        raise CodecError(f"{tag}: {e}") from e


def _card(body: JSON) -> Card:
    if type(body) is not int:
        raise CodecError(f"a card is its id, not {body!r}")
    try:
        return Card(body)
    except ValueError as e:
        raise CodecError(str(e)) from e


def _bad(data: dict[str, JSON]) -> Any:
    raise CodecError(f"unexpected JSON object {data!r}"[:200])


def _dataclass(data: dict[str, JSON]) -> Any:
    name = data["$t"]
    upgrade = UPGRADES.get(name) if isinstance(name, str) else None
    if upgrade is not None:
        fields = {k: _decode(v) for k, v in data.items() if k != "$t"}
        try:
            return upgrade(fields)
        except (TypeError, ValueError) as e:
            raise CodecError(f"{name}: {e}") from e
    cls = resolve(_text(name))
    if not dataclasses.is_dataclass(cls):
        raise CodecError(f"{name!r} is not a dataclass")
    init, later = _fields(cls)
    unknown = data.keys() - init - later - {"$t"}
    if unknown:
        raise CodecError(f"{name}: unknown fields {sorted(unknown)}")
    args = {k: _decode(v) for k, v in data.items() if k in init}
    try:
        obj = cls(**args)
    except (TypeError, ValueError) as e:
        raise CodecError(f"{name}: {e}") from e
    for k in data.keys() & later:
        object.__setattr__(obj, k, _decode(data[k]))
    return obj


_FIELDS: dict[type, tuple[frozenset[str], frozenset[str]]] = {}


def _fields(cls: type) -> tuple[frozenset[str], frozenset[str]]:
    """A dataclass's fields set by ``__init__``, and those set after it."""
    found = _FIELDS.get(cls)
    if found is None:
        fs = dataclasses.fields(cls)
        found = (
            frozenset(f.name for f in fs if f.init),
            frozenset(f.name for f in fs if not f.init),
        )
        _FIELDS[cls] = found
    return found


def _text(v: JSON) -> str:
    if not isinstance(v, str):
        raise CodecError(f"expected text, not {v!r}")
    return v


def _list(v: JSON) -> list[JSON]:
    if not isinstance(v, list):
        raise CodecError(f"expected a list, not {v!r}")
    return v


def _pair(v: JSON) -> tuple[JSON, JSON]:
    if not isinstance(v, list) or len(v) != 2:
        raise CodecError(f"expected a [key, value] pair, not {v!r}")
    return v[0], v[1]


#: Where orjson may write a float other than as the standard library does (below 1e-4 it
#: writes ``0.00001`` for ``1e-05``); a string may match too, which costs only time.
_TINY_FLOAT = re.compile(rb"[0-9]e-|0\.0000")


def _dumps(data: JSON) -> bytes:
    # orjson writes the standard library's bytes for these options several times faster (the
    # round-trip tests compare the two for every event type); where it may not (a float
    # below 1e-4, an integer beyond 64 bits, which it refuses) the standard library writes
    try:
        out = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:
        return _stdlib_dumps(data)
    if (b"e-" in out or b".0000" in out) and _TINY_FLOAT.search(out):
        return _stdlib_dumps(data)
    return out


def _stdlib_dumps(data: JSON) -> bytes:
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode()


def canonical(value: object) -> bytes:
    """The canonical bytes of ``value``: equal values, equal bytes."""
    return _dumps(encode(value))


def dumps(data: JSON) -> bytes:
    """The canonical bytes of ``data``, a value's :func:`encode` already made."""
    return _dumps(data)


def loads(text: str | bytes, version: int = VERSION) -> Any:
    """Read back canonical JSON (``text``) into the value it encodes."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise CodecError(f"malformed JSON: {e}") from e
    return decode(data, version)


def envelope(value: object) -> bytes:
    """A stored event's canonical bytes: ``{"e": <value>, "v": VERSION}``."""
    return _dumps({"e": encode(value), "v": VERSION})


def enveloped(data: JSON) -> bytes:
    """:func:`envelope` of the value whose :func:`encode` is ``data``."""
    return _dumps({"e": data, "v": VERSION})


def unwrap(body: str | bytes) -> Any:
    """The value stored in an :func:`envelope`."""
    try:
        data = json.loads(body)
    except json.JSONDecodeError as e:
        raise CodecError(f"malformed JSON: {e}") from e
    if not isinstance(data, dict) or set(data) != {"e", "v"} or not isinstance(data["v"], int):
        raise CodecError('a stored value is {"e": ..., "v": version}')
    return decode(data["e"], data["v"])
