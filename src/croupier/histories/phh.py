"""PHH (Poker Hand History) files: parsing and writing, no game logic.

PHH is TOML with fixed field names (spec: uoftcprg/phh-std, arXiv:2312.11753). This module turns a
file into a typed, frozen :class:`HandHistory` and back:

>>> h = loads('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200]
... actions = ["d dh p1 AsKs", "d dh p2 ????", "p2 f"]
... ''')
>>> h.actions[0]
PhhDealHole(player=1, cards=(Card('As'), Card('Ks')), comment=None)
>>> h.actions[1].cards, h.actions[2]
((None, None), PhhFold(player=2, comment=None))
>>> loads(dumps(h)) == h
True

Conventions:

* **Players are 1-based**, as PHH writes them: ``p1`` is ``player=1`` and is
  ``starting_stacks[0]``. Nothing here converts to 0-based indices.
* **Money is integer.** PHH allows integers or decimals (``1259450.25``). :func:`loads` reads floats
  as :class:`decimal.Decimal` (never binary floats) and scales every amount of a hand by the same,
  smallest power of ten ``unit_scale`` (at most 10**6) that makes them all integral, so
  ``unit_scale == 100`` means amounts are in cents. It never rounds: amounts that no such power
  makes integral raise :class:`PhhError`. Money fields are the forced bets, the bet sizes, the
  stacks, ``winnings`` and the ``cbr`` amounts.
* **Cards** are :class:`croupier.cards.Card`; an unknown card ``??`` is ``None``.
* **Commentary vs TOML comments.** The spec's commentary (``"p1 f # tanks, then folds"``, inside
  the string) is an action's ``comment`` and is hand data. A TOML comment after an action on its
  line (``"p3 f",  # Ted``) is an action's ``remark`` and the comment lines that open the file
  are ``HandHistory.header``: the spec says parsers ignore TOML comments, so these two take no part
  in equality, but :func:`dumps` writes them back. Other TOML comments (section lines such as
  ``# Flop`` inside the actions array) are not kept.
* Keys the spec does not name (user-defined ``_keys`` and any others) are kept in
  ``HandHistory.extra`` and written back, so a round trip loses no field.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from croupier.histories.phh_actions import (
    AMOUNT,
    SCALES,
    Action,
    ActionError,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhDiscard,
    PhhError,
    PhhFold,
    PhhNoOp,
    PhhPostBringIn,
    PhhShowMuck,
    PhhStandPat,
    format_action,
    format_amount,
    parse_action,
    parse_checked_action,
    parse_phh_cards,
    split_comment,
)

__all__ = [
    "KNOWN_VARIANTS",
    "MAX_UNIT_SCALE",
    "UNIT_SCALE_KEY",
    "Action",
    "HandHistory",
    "PhhBetRaise",
    "PhhCheckCall",
    "PhhDealBoard",
    "PhhDealHole",
    "PhhDiscard",
    "PhhError",
    "PhhFold",
    "PhhNoOp",
    "PhhPostBringIn",
    "PhhShowMuck",
    "PhhStandPat",
    "dump",
    "dumps",
    "format_action",
    "load",
    "loads",
    "parse_action",
    "parse_phh_cards",
]

MAX_UNIT_SCALE = 10**6
"""The largest power of ten :func:`loads` scales amounts by before giving up."""

UNIT_SCALE_KEY = "_croupier_unit_scale"
"""User-defined key :func:`dumps` writes when a hand's ``unit_scale`` is larger than its amounts
need (say cents where every amount is whole dollars), so that :func:`loads` restores it."""

KNOWN_VARIANTS: Mapping[str, str] = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low-split eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low-split eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
"""The spec's variant codes. Other codes load as they are, without the per-variant field check."""

_BUTTON_FIXED = ("blinds_or_straddles", "small_bet", "big_bet")
_BUTTON_UNFIXED = ("blinds_or_straddles", "min_bet")
_STUD = ("bring_in", "small_bet", "big_bet")
_VARIANT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "FT": _BUTTON_FIXED,
    "NT": _BUTTON_UNFIXED,
    "NS": _BUTTON_UNFIXED,
    "PO": _BUTTON_UNFIXED,
    "FO/8": _BUTTON_FIXED,
    "F7S": _STUD,
    "F7S/8": _STUD,
    "FR": _STUD,
    "N2L1D": _BUTTON_UNFIXED,
    "F2L3D": _BUTTON_FIXED,
    "FB": _BUTTON_FIXED,
}
"""Variant-specific required fields (phh-std required.rst), besides the four every hand needs."""


@dataclass(frozen=True, kw_only=True)
class HandHistory:
    """One hand as a PHH file records it. Per-player tuples are in PHH order (``p1`` first).

    Amounts are integers in units of ``1 / unit_scale`` of the file's numbers (``to_decimal``
    converts back). Fields absent from the file are ``None``; keys the spec does not name are in
    ``extra`` (so a history is not hashable). ``path`` (where it was loaded from) and ``header``
    (the file's opening TOML comment lines) take no part in equality.
    """

    variant: str
    antes: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    actions: tuple[Action, ...]
    ante_trimming_status: bool = False
    blinds_or_straddles: tuple[int, ...] | None = None
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    unit_scale: int = 1
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: dt.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    players: tuple[str, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: int | Decimal | None = None
    time_banks: tuple[int | Decimal, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    header: tuple[str, ...] = field(default=(), compare=False, repr=False)
    path: Path | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.unit_scale not in SCALES:
            raise ValueError(
                f"unit_scale must be a power of ten up to 10**6, not {self.unit_scale}"
            )

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def is_known_variant(self) -> bool:
        return self.variant in KNOWN_VARIANTS

    def to_decimal(self, amount: int) -> Decimal:
        """``amount`` (in this hand's units) in the file's own unit, e.g. dollars."""
        return Decimal(amount).scaleb(-SCALES.index(self.unit_scale))

    @property
    def source(self) -> str:
        return str(self.path) if self.path is not None else "<string>"


_MONEY_SCALARS = ("bring_in", "small_bet", "big_bet", "min_bet")
_MONEY_ARRAYS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")
_PER_PLAYER = (
    "antes",
    "blinds_or_straddles",
    "finishing_stacks",
    "winnings",
    "players",
    "seats",
    "time_banks",
)
_KNOWN_KEYS = frozenset(
    f.name for f in fields(HandHistory) if f.name not in ("unit_scale", "extra", "header", "path")
)
# The order dumps writes fields in: the spec's required fields, then its optional ones.
_WRITE_ORDER = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
assert set(_WRITE_ORDER) == _KNOWN_KEYS


class _Reader:
    """Checks the TOML document's fields one by one, naming the file and field on error."""

    def __init__(self, doc: dict[str, Any], source: str) -> None:
        self.doc = doc
        self.source = source

    def fail(self, key: str, problem: str) -> PhhError:
        return PhhError(self.source, f"field {key!r}", problem)

    def str_(self, key: str) -> str | None:
        v = self.doc.get(key)
        if v is None or isinstance(v, str):
            return v
        raise self.fail(key, f"expected a string, got {_toml_type(v)}")

    def int_(self, key: str) -> int | None:
        v = self.doc.get(key)
        if v is None or (isinstance(v, int) and not isinstance(v, bool)):
            return v
        raise self.fail(key, f"expected an integer, got {_toml_type(v)}")

    def bool_(self, key: str) -> bool | None:
        v = self.doc.get(key)
        if v is None or isinstance(v, bool):
            return v
        raise self.fail(key, f"expected true or false, got {_toml_type(v)}")

    def int_or_str(self, key: str) -> int | str | None:
        v = self.doc.get(key)
        if v is None or isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)):
            return v
        raise self.fail(key, f"expected an integer or a string, got {_toml_type(v)}")

    def time(self, key: str) -> dt.time | None:
        v = self.doc.get(key)
        if v is None or (isinstance(v, dt.time)):
            return v
        raise self.fail(key, f"expected a TOML local time such as 12:30:00, got {_toml_type(v)}")

    def array(self, key: str) -> list[Any] | None:
        v = self.doc.get(key)
        if v is None or isinstance(v, list):
            return v
        raise self.fail(key, f"expected an array, got {_toml_type(v)}")

    def str_array(self, key: str) -> tuple[str, ...] | None:
        arr = self.array(key)
        if arr is None:
            return None
        for i, x in enumerate(arr):
            if not isinstance(x, str):
                raise self.fail(key, f"element {i} should be a string, got {_toml_type(x)}")
        return tuple(arr)

    def int_array(self, key: str) -> tuple[int, ...] | None:
        arr = self.array(key)
        if arr is None:
            return None
        for i, x in enumerate(arr):
            if not isinstance(x, int) or isinstance(x, bool):
                raise self.fail(key, f"element {i} should be an integer, got {_toml_type(x)}")
        return tuple(arr)

    def number(self, key: str, where: str, v: Any) -> int | Decimal:
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if isinstance(v, Decimal):
            return v
        raise self.fail(key, f"{where}expected a number, got {_toml_type(v)}")

    def number_array(self, key: str) -> tuple[int | Decimal, ...] | None:
        arr = self.array(key)
        if arr is None:
            return None
        return tuple(self.number(key, f"element {i}: ", x) for i, x in enumerate(arr))


def _toml_type(v: object) -> str:
    if isinstance(v, bool):
        return f"boolean {str(v).lower()}"
    if isinstance(v, int):
        return f"integer {v}"
    if isinstance(v, Decimal | float):
        return f"float {v}"
    if isinstance(v, str):
        return f"string {v!r}"
    if isinstance(v, list):
        return "an array"
    if isinstance(v, dict):
        return "a table"
    return f"{type(v).__name__} {v}"


def _need(value: Decimal) -> int:
    """The smallest k with value * 10**k integral (a large number if there is none)."""
    exp = value.normalize().as_tuple().exponent
    assert isinstance(exp, int)
    return max(0, -exp)


def loads(text: str, *, source: str | os.PathLike[str] | None = None) -> HandHistory:
    """Parse a PHH text. ``source`` (a file name) appears in errors and in ``HandHistory.path``."""
    name = os.fspath(source) if source is not None else "<string>"
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as e:
        raise PhhError(name, "TOML", str(e)) from None
    r = _Reader(doc, name)

    for key in ("variant", "antes", "starting_stacks", "actions"):
        if key not in doc:
            raise PhhError(name, f"field {key!r}", "missing: every PHH hand needs it")
    variant = r.str_("variant")
    assert variant is not None
    for key in _VARIANT_FIELDS.get(variant, ()):
        if key not in doc:
            raise PhhError(name, f"field {key!r}", f"missing: variant {variant!r} needs it")

    # Money: gather every amount first, so that one unit_scale serves the whole hand.
    raw_scalars: dict[str, int | Decimal] = {}
    raw_arrays: dict[str, tuple[int | Decimal, ...]] = {}
    for key in _MONEY_SCALARS:
        if key in doc:
            raw_scalars[key] = r.number(key, "", doc[key])
    for key in _MONEY_ARRAYS:
        arr = r.number_array(key)
        if arr is not None:
            raw_arrays[key] = arr
    action_texts = r.str_array("actions")
    assert action_texts is not None
    raw_amounts: list[tuple[int, Decimal]] = []
    for i, t in enumerate(action_texts):
        words, _ = split_comment(t)
        if len(words) == 3 and words[1] == "cbr" and AMOUNT.fullmatch(words[2]):
            raw_amounts.append((i, Decimal(words[2])))

    need, need_where = 0, ""

    def check(v: int | Decimal, where: str, signed: bool = False) -> None:
        nonlocal need, need_where
        if isinstance(v, Decimal) and not v.is_finite():
            raise PhhError(name, where, f"amount {v} is not a finite number")
        if v < 0 and not signed:
            raise PhhError(name, where, f"negative amount {v}")
        if isinstance(v, Decimal) and _need(v) > need:
            need, need_where = _need(v), where

    for key, v in raw_scalars.items():
        check(v, f"field {key!r}")
    for key, arr in raw_arrays.items():
        for j, v in enumerate(arr):
            # a negative blind is one that does not open the betting (pokerkit's reading)
            check(v, f"field {key!r} element {j}", key == "blinds_or_straddles")
    for i, v in raw_amounts:
        check(v, f"action {i} {action_texts[i]!r}")
    if need > 6:
        raise PhhError(
            name,
            need_where,
            "an amount that no power of ten up to 10**6 makes a whole number; "
            "croupier keeps money in integer units and will not round",
        )
    unit_scale = 10**need
    declared = doc.get(UNIT_SCALE_KEY)
    if declared is not None:
        if type(declared) is not int or declared not in SCALES:
            raise r.fail(UNIT_SCALE_KEY, f"expected a power of ten up to 10**6, got {declared!r}")
        if declared < unit_scale:
            raise r.fail(
                UNIT_SCALE_KEY, f"{declared} is too small: {need_where} needs {unit_scale}"
            )
        unit_scale = declared

    def money(v: int | Decimal) -> int:
        return int(v * unit_scale)

    scalars = {k: money(v) for k, v in raw_scalars.items()}
    arrays = {k: tuple(money(v) for v in arr) for k, arr in raw_arrays.items()}

    starting = arrays["starting_stacks"]
    n = len(starting)
    if n == 0:
        raise r.fail("starting_stacks", "no players")
    players = r.str_array("players")
    seats = r.int_array("seats")
    time_banks = r.number_array("time_banks")
    per_player: dict[str, Sequence[object] | None] = {
        **{k: arrays.get(k) for k in _MONEY_ARRAYS},
        "players": players,
        "seats": seats,
        "time_banks": time_banks,
    }
    for key in _PER_PLAYER:
        seq = per_player[key]
        if seq is not None and len(seq) != n:
            raise r.fail(key, f"has {len(seq)} entries for the {n} players of 'starting_stacks'")

    actions: list[Action] = []
    for i, t in enumerate(action_texts):
        try:
            actions.append(parse_checked_action(t, unit_scale, n))
        except ActionError as bad:  # not `e`: mypyc types a name once per function
            raise PhhError(name, f"action {i} {t!r}", str(bad)) from None

    time_limit = doc.get("time_limit")
    if time_limit is not None:
        time_limit = r.number("time_limit", "", time_limit)

    header, remarks = _toml_comments(text, action_texts)
    if remarks is not None:
        actions = [
            _with_remark(a, remarks[i]) if remarks[i] is not None else a
            for i, a in enumerate(actions)
        ]

    extra = {k: v for k, v in doc.items() if k not in _KNOWN_KEYS and k != UNIT_SCALE_KEY}
    return HandHistory(
        variant=variant,
        antes=arrays["antes"],
        starting_stacks=starting,
        actions=tuple(actions),
        ante_trimming_status=bool(r.bool_("ante_trimming_status")),
        blinds_or_straddles=arrays.get("blinds_or_straddles"),
        bring_in=scalars.get("bring_in"),
        small_bet=scalars.get("small_bet"),
        big_bet=scalars.get("big_bet"),
        min_bet=scalars.get("min_bet"),
        finishing_stacks=arrays.get("finishing_stacks"),
        winnings=arrays.get("winnings"),
        unit_scale=unit_scale,
        author=r.str_("author"),
        event=r.str_("event"),
        url=r.str_("url"),
        venue=r.str_("venue"),
        address=r.str_("address"),
        city=r.str_("city"),
        region=r.str_("region"),
        postal_code=r.str_("postal_code"),
        country=r.str_("country"),
        time=r.time("time"),
        time_zone=r.str_("time_zone"),
        time_zone_abbreviation=r.str_("time_zone_abbreviation"),
        day=r.int_("day"),
        month=r.int_("month"),
        year=r.int_("year"),
        level=r.int_("level"),
        seat_count=r.int_("seat_count"),
        currency=r.str_("currency"),
        currency_symbol=r.str_("currency_symbol"),
        hand=r.int_or_str("hand"),
        table=r.int_or_str("table"),
        seats=seats,
        players=players,
        time_limit=time_limit,
        time_banks=time_banks,
        extra=extra,
        header=header,
        path=Path(source) if source is not None else None,
    )


def load(path_or_text: str | os.PathLike[str]) -> HandHistory:
    """Load a PHH file, or parse PHH text.

    A path object is a file. A ``str`` holding a newline is PHH text (every PHH hand has several
    lines); any other ``str`` is a file name.
    """
    if isinstance(path_or_text, str) and "\n" in path_or_text:
        return loads(path_or_text)
    path = Path(path_or_text)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise PhhError(str(path), "file", f"cannot read: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as undecoded:  # not `e`: mypyc types a name once per function
        raise PhhError(str(path), "file", f"not UTF-8 text: {undecoded}") from None
    return loads(text, source=path)


# --- TOML comments ----------------------------------------------------------------------------

_ACTIONS_KEY = re.compile(r"^[ \t]*actions[ \t]*=[ \t]*\[", re.MULTILINE)


def _toml_comments(
    text: str, action_texts: Sequence[str]
) -> tuple[tuple[str, ...], list[str | None] | None]:
    """The file's opening comment lines, and each action's same-line TOML comment.

    The remarks come back only when a plain scan of the ``actions`` array finds exactly the
    strings ``tomllib`` read; anything unusual leaves them out rather than misplacing them.
    """
    if "#" not in text:
        return (), None
    header: list[str] = []
    for line in text.split("\n"):  # TOML ends lines at \n only
        s = line.strip()
        if s.startswith("#"):
            header.append(s[1:].strip())
        elif s:
            break
    starts = list(_ACTIONS_KEY.finditer(text))
    if len(starts) != 1:
        return tuple(header), None
    scanned = _scan_array(text, starts[0].end())
    if scanned is None or len(scanned) != len(action_texts):
        return tuple(header), None
    remarks: list[str | None] = []
    for (literal, remark), expected in zip(scanned, action_texts, strict=True):
        try:
            value = tomllib.loads(f"x = {literal}")["x"]
        except tomllib.TOMLDecodeError:
            return tuple(header), None
        if value != expected:
            return tuple(header), None
        remarks.append(remark)
    return tuple(header), remarks


def _scan_array(text: str, i: int) -> list[tuple[str, str | None]] | None:
    """String literals of a flat TOML array from ``i`` (just past ``[``), each with the comment
    that follows it on its line; None if the array holds anything else."""
    out: list[tuple[str, str | None]] = []
    line = 0
    last_line = -1
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r,":
            i += 1
        elif c == "#":
            j = text.find("\n", i)
            j = n if j < 0 else j
            if out and last_line == line and out[-1][1] is None:
                out[-1] = (out[-1][0], text[i + 1 : j].strip())
            i = j
        elif c == "]":
            return out
        elif c in "\"'":
            j = _string_end(text, i)
            if j < 0:
                return None
            out.append((text[i:j], None))
            line += text.count("\n", i, j)
            last_line = line
            i = j
        else:
            return None
    return None


def _string_end(text: str, i: int) -> int:
    """Index just past the TOML string literal starting at ``i``; -1 if unterminated."""
    q = text[i]
    if text.startswith(q * 3, i):
        j = text.find(q * 3, i + 3)
        while q == '"' and j > 0 and _escaped(text, j):
            j = text.find(q * 3, j + 1)
        if j < 0:
            return -1
        # A closing run may hold up to two more quotes, which belong to the string.
        k = j + 3
        while k < len(text) and k < j + 5 and text[k] == q:
            k += 1
        return k
    j = i + 1
    while j < len(text):
        ch = text[j]
        if ch == "\n":
            return -1
        if ch == "\\" and q == '"':
            j += 2
            continue
        if ch == q:
            return j + 1
        j += 1
    return -1


def _escaped(text: str, j: int) -> bool:
    k = j - 1
    count = 0
    while k >= 0 and text[k] == "\\":
        count += 1
        k -= 1
    return count % 2 == 1


def _with_remark(action: Action, remark: str | None) -> Action:
    return replace(action, remark=remark)


# --- writing ----------------------------------------------------------------------------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def _toml_str(s: str) -> str:
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_key(k: str) -> str:
    return k if _BARE_KEY.fullmatch(k) else _toml_str(k)


def _toml_decimal(d: Decimal) -> str:
    if d.is_nan():
        return "nan"
    if d.is_infinite():
        return "-inf" if d < 0 else "inf"
    s = str(d)
    # A TOML float needs a fraction or an exponent; str(Decimal('5')) is '5'.
    return s if any(ch in s for ch in ".eE") else s + ".0"


def _toml_value(v: object, where: str) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, Decimal):
        return _toml_decimal(v)
    if isinstance(v, float):
        return _toml_decimal(Decimal(repr(v))) if v == v else "nan"
    if isinstance(v, str):
        return _toml_str(v)
    if isinstance(v, dt.datetime | dt.date | dt.time):
        return v.isoformat()
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml_value(x, where) for x in v) + "]"
    if isinstance(v, dict):
        items = (f"{_toml_key(str(k))} = {_toml_value(x, where)}" for k, x in v.items())
        return "{" + ", ".join(items) + "}"
    raise PhhError("<dumps>", where, f"cannot write {type(v).__name__} {v!r} as TOML")


def _comment_text(text: str, where: str) -> str:
    if any((ord(ch) < 0x20 and ch != "\t") or ord(ch) == 0x7F for ch in text):
        raise PhhError("<dumps>", where, f"a TOML comment cannot hold control characters: {text!r}")
    return text


def dumps(history: HandHistory) -> str:
    """The PHH TOML text of ``history``; :func:`loads` reads it back equal."""
    h = history
    scale = h.unit_scale
    lines = [f"# {_comment_text(c, 'header')}".rstrip() for c in h.header]
    if lines:
        lines.append("")
    money_scalars = set(_MONEY_SCALARS)
    money_arrays = set(_MONEY_ARRAYS)
    needed = 0
    for key in _WRITE_ORDER:
        value = getattr(h, key)
        if key == "actions":
            lines.append("actions = [" if value else "actions = []")
            for i, a in enumerate(value):
                line = f"  {_toml_str(format_action(a, unit_scale=scale))},"
                if a.remark is not None:
                    line += f"  # {_comment_text(a.remark, f'action {i} remark')}".rstrip()
                lines.append(line)
                if isinstance(a, PhhBetRaise):
                    needed = max(needed, _units_needed(a.amount, scale))
            if value:
                lines.append("]")
            continue
        if value is None:
            continue
        if key in money_scalars:
            text = format_amount(value, scale)
            needed = max(needed, _units_needed(value, scale))
        elif key in money_arrays:
            text = "[" + ", ".join(format_amount(x, scale) for x in value) + "]"
            needed = max([needed, *(_units_needed(x, scale) for x in value)])
        else:
            text = _toml_value(value, f"field {key!r}")
        lines.append(f"{key} = {text}")
    for key, value in h.extra.items():
        if key in _KNOWN_KEYS or key == UNIT_SCALE_KEY:
            raise PhhError("<dumps>", f"extra {key!r}", "is a PHH field, not an extra key")
        lines.append(f"{_toml_key(key)} = {_toml_value(value, f'extra {key!r}')}")
    if 10**needed != scale:
        lines.append(f"{UNIT_SCALE_KEY} = {scale}")
    return "\n".join(lines) + "\n"


def _units_needed(amount: int, unit_scale: int) -> int:
    if unit_scale == 1:
        return 0
    return _need(Decimal(amount).scaleb(-SCALES.index(unit_scale)))


def dump(history: HandHistory, path: str | os.PathLike[str]) -> None:
    """Write ``history`` to ``path`` as UTF-8 PHH."""
    Path(path).write_text(dumps(history), encoding="utf-8")
