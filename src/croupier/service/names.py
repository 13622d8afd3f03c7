"""The names a user or a table may be given: printable, short, safe in a log line, a file name
and a URL, and unique regardless of case.

A name has 1 to :data:`MAX_LENGTH` characters: letters and digits of any script, and the
marks ``- _ . ' @`` and single spaces between words; it begins with a letter or digit. So no
control character (a NUL, a line break that would fake a log line), no bidirectional override
(which turns ``gpj.exe`` round on a screen), no ``/`` or ``..`` (a path), nothing a terminal
or a page would read as markup. Only new names are checked: a stored user or table with an
older, odder name still loads.
"""

from __future__ import annotations

from collections.abc import Iterable

MAX_LENGTH = 64
MARKS = frozenset("-_.'@ ")


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
    if name != name.rstrip() or "  " in name or ".." in name:
        return f"{field}: no trailing space, double space or '..' in a name"
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
    as ``TOURNAMENT/N``; None if they may."""
    if isinstance(table, str) and "/" in table:
        tournament, _, number = table.rpartition("/")
        if not (number.isascii() and number.isdigit() and len(number) <= 4):
            return f"table: a tournament's table is TOURNAMENT/N, not {table[:80]!r}"
        return why_not(tournament, "table")
    return why_not(table, "table")
