"""The names a user or a table may be given: printable, short, safe in a log line, a file name
and a URL, and unique regardless of case.

A name has 1 to :data:`MAX_LENGTH` characters: letters and digits of any script, and the
marks ``- _ . ' @`` and spaces, each alone between letters or digits (:data:`PATTERN`). So no
control character (a NUL, a line break that would fake a log line), no bidirectional override
(which turns ``gpj.exe`` round on a screen), no ``/`` or ``..`` (a path), nothing a terminal
or a page would read as markup. Only new names are checked: a stored user or table with an
older, odder name still loads.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

MAX_LENGTH = 64
MARKS = frozenset("-_.'@ ")
#: The same rule as a pattern, for the API's schema (``[^\W_]`` is a letter or digit).
PATTERN = r"^[^\W_]+(?:[-_.'@ ][^\W_]+)*$"
#: A table a dealer may be assigned to: a name, or a tournament's table ``TOURNAMENT/N``, in
#: :data:`MAX_LENGTH` characters in all.
ASSIGNABLE = r"^[^\W_]+(?:[-_.'@ ][^\W_]+)*(?:/[0-9]{1,4})?$"


def why_not(name: object, field: str = "name") -> str | None:
    """Why ``name`` may not name a new user or table (naming ``field``); None if it may."""
    if not isinstance(name, str) or not name:
        return f"{field}: a name is text of 1 to {MAX_LENGTH} characters"
    if len(name) > MAX_LENGTH:
        return f"{field}: a name has at most {MAX_LENGTH} characters, not {len(name)}"
    for c in name:
        if not (c.isalnum() or c in MARKS):
            return (
                f"{field}: {c!a} may not be in a name (letters, digits, single spaces "
                "and - _ . ' @ only)"
            )
    if not name[0].isalnum():
        return f"{field}: a name begins with a letter or a digit"
    if not name[-1].isalnum() or any(a in MARKS and b in MARKS for a, b in pairwise(name)):
        return f"{field}: a mark or space stands alone between letters or digits"
    return None


def taken(name: str, existing: Iterable[str], field: str = "name") -> str | None:
    """Why ``name`` is taken by one of ``existing`` regardless of case; None if it is free."""
    key = name.casefold()
    for other in existing:
        if other.casefold() == key:
            return f"{field}: {name!r} is taken ({other!r}: names are unique regardless of case)"
    return None


def why_not_assignable(table: object) -> str | None:
    """Why a dealer may not be assigned to ``table``: a table's name, or a tournament's table
    as ``TOURNAMENT/N`` (:data:`MAX_LENGTH` characters in all); None if they may."""
    if isinstance(table, str) and len(table) > MAX_LENGTH:
        return f"table: at most {MAX_LENGTH} characters, not {len(table)}"
    if isinstance(table, str) and "/" in table:
        tournament, _, number = table.rpartition("/")
        if not (number.isascii() and number.isdigit() and len(number) <= 4):
            return f"table: a tournament's table is TOURNAMENT/N, not {table[:80]!r}"
        return why_not(tournament, "table")
    return why_not(table, "table")
