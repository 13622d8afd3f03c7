"""Pay tables of act-uth-2025 10.1 as frozen data, and validated house-configured tables.

Odds are ``a to b`` integers: a winning stake ``s`` wins ``s * a // b`` chips and keeps ``s``.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.hands.orders import FULL_DECK_RANKING, Category

C = Category
#: act-uth-2025 3.1 (a)-(j): every category a 52-card deck without jokers (2.1) can make.
_RANKING = tuple(c for c in FULL_DECK_RANKING if c is not C.FIVE_OF_A_KIND)


class PayTableError(ValueError):
    """A pay table or payout setting that cannot be right; the message names the problem."""


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


#: The highest odds a pay table given as text may name (the longest published line is 500 to 1).
MAX_ODDS = 100_000


@dataclass(frozen=True, order=False)
class Odds:
    """Payout odds ``a to b`` (``3 to 2``: every 2 chips staked win 3)."""

    a: int
    b: int = 1

    def __post_init__(self) -> None:
        if not (_is_int(self.a) and _is_int(self.b)):
            raise PayTableError(f"odds must be whole numbers, not {self.a!r} to {self.b!r}")
        if self.a < 1 or self.b < 1:
            raise PayTableError(f"odds must be positive, not {self.a} to {self.b}")

    def winnings(self, stake: int) -> int:
        """Chips won on ``stake``, rounded down to a whole chip (10.1 names no rounding)."""
        return stake * self.a // self.b

    def __lt__(self, other: Odds) -> bool:
        return self.a * other.b < other.a * self.b

    def __str__(self) -> str:
        return f"{self.a} to {self.b}"


@dataclass(frozen=True)
class PayLine:
    """One line of a pay table: a winning hand category, its odds, and the clause it cites
    (``None``: the pay table of the rules in force, 10.1; a house's own table may name its
    own)."""

    category: Category
    odds: Odds
    clause: str | None = None

    def __str__(self) -> str:
        cited = "" if self.clause is None else f" ({self.clause})"
        return f"{self.category.words}: {self.odds}{cited}"


@dataclass(frozen=True)
class PayTable:
    """A pay table, lines highest category first; validated on construction."""

    name: str
    lines: tuple[PayLine, ...]

    def __post_init__(self) -> None:
        if not self.name:
            raise PayTableError("a pay table needs a name")
        if not self.lines:
            raise PayTableError(f"pay table {self.name!r} has no lines")
        seen: set[Category] = set()
        for line in self.lines:
            if line.category not in _RANKING:
                raise PayTableError(
                    f"pay table {self.name!r}: {line.category.words} cannot be made "
                    "from one 52-card deck without jokers (2.1)"
                )
            if line.category in seen:
                raise PayTableError(f"pay table {self.name!r}: {line.category.words} listed twice")
            if line.clause is not None and not line.clause:
                raise PayTableError(
                    f"pay table {self.name!r}: {line.category.words} cites no clause"
                )
            seen.add(line.category)
        ordered = sorted(self.lines, key=lambda ln: _RANKING.index(ln.category), reverse=True)
        if list(self.lines) != ordered:
            raise PayTableError(f"pay table {self.name!r}: list lines highest hand first")
        for hi, lo in zip(self.lines, self.lines[1:], strict=False):
            if hi.odds < lo.odds:
                raise PayTableError(
                    f"pay table {self.name!r}: {hi.category.words} ({hi.odds}) pays less "
                    f"than {lo.category.words} ({lo.odds})"
                )

    @classmethod
    def from_spec(
        cls, name: str, spec: str, lowest: Category, clause: str | None = None
    ) -> PayTable:
        """A table from ``"50-40-30-8-6-5-3"``: odds (``a`` or ``a:b``, ``to 1`` implied)
        for every category from royal flush down to ``lowest``."""
        if lowest not in _RANKING:
            raise PayTableError(f"pay table {name!r}: no such lowest hand {lowest.words}")
        cats = _RANKING[_RANKING.index(lowest) :][::-1]
        parts = spec.split("-")
        if len(parts) != len(cats):
            raise PayTableError(
                f"pay table {name!r}: {spec!r} has {len(parts)} payouts, but royal flush "
                f"down to {lowest.words} is {len(cats)} hands"
            )
        lines = []
        for cat, part in zip(cats, parts, strict=True):
            a, _, b = part.partition(":")
            if not a.isdigit() or not (b.isdigit() or not b):
                raise PayTableError(f"pay table {name!r}: {part!r} is not odds like 8 or 3:2")
            if int(a) > MAX_ODDS * int(b or 1):
                raise PayTableError(
                    f"pay table {name!r}: {part!r} pays more than {MAX_ODDS:,} to 1, "
                    "beyond any table's odds"
                )
            lines.append(PayLine(cat, Odds(int(a), int(b) if b else 1), clause))
        return cls(name, tuple(lines))

    @property
    def lowest(self) -> Category:
        """The lowest category that pays."""
        return self.lines[-1].category

    def line_for(self, category: Category) -> PayLine | None:
        """The line that pays ``category``, or ``None``."""
        return next((ln for ln in self.lines if ln.category is category), None)

    def covers_from(self, lowest: Category) -> bool:
        """Whether every category from ``lowest`` up has a line, and nothing below it."""
        want = set(_RANKING[_RANKING.index(lowest) :])
        return {ln.category for ln in self.lines} == want

    def __str__(self) -> str:
        return "-".join(
            str(ln.odds.a) if ln.odds.b == 1 else f"{ln.odds.a}:{ln.odds.b}" for ln in self.lines
        )


#: act-uth-2025 10.1 Table 1: ante 1 to 1 (even money).
ANTE_ODDS = Odds(1, 1)
#: act-uth-2025 10.1 Table 1: play wager 1 to 1 (even money).
PLAY_ODDS = Odds(1, 1)
#: act-uth-2025 10.1 Table 1, Blind for a Straight or higher (must beat the dealer, 9.6(a)).
BLIND_TABLE = PayTable.from_spec("10.1 blind", "500-50-10-3-3:2-1", C.STRAIGHT)
#: act-uth-2025 10.1 second table ("Table 1" again in the source): Trips.
TRIPS_TABLE = PayTable.from_spec("10.1 trips", "50-40-30-8-7-4-3", C.THREE_OF_A_KIND)


@dataclass(frozen=True)
class Payouts:
    """A table's pay schedule: Blind and Trips tables and the Blind's maximum payout.

    ``max_blind_payout`` is the per-table figure of 10.1 ** ("displayed on a notice at the
    table"), in chips won per Blind wager; ``None`` where no notice sets one.
    """

    blind: PayTable = BLIND_TABLE
    trips: PayTable = TRIPS_TABLE
    max_blind_payout: int | None = None

    def __post_init__(self) -> None:
        if not self.blind.covers_from(C.STRAIGHT):
            raise PayTableError(
                f"blind table {self.blind.name!r} must pay exactly straight to royal flush (9.6(a))"
            )
        if not self.trips.covers_from(C.THREE_OF_A_KIND):
            raise PayTableError(
                f"trips table {self.trips.name!r} must pay exactly three of a kind to royal "
                "flush (9.7(a))"
            )
        cap = self.max_blind_payout
        if cap is not None and (not _is_int(cap) or cap < 1):
            raise PayTableError(
                f"maximum blind payout must be a positive whole chip count: {cap!r}"
            )

    def most_won(self, ante: int, blind: int, trips: int) -> int:
        """The most one box's wagers can win from the house: the Ante and a Play of four times
        the Ante at 1 to 1 (9.5, 9.4(a)), the Blind and Trips at their tables' top lines (10.1),
        the Blind to its maximum payout."""
        top_blind = max(line.odds.winnings(blind) for line in self.blind.lines)
        if self.max_blind_payout is not None:
            top_blind = min(top_blind, self.max_blind_payout)
        top_trips = max(line.odds.winnings(trips) for line in self.trips.lines)
        return ante + 4 * ante + top_blind + top_trips


#: act-uth-2025 10.1 as written; the Blind maximum is the table's own notice (None here).
ACT_UTH_2025 = Payouts()
