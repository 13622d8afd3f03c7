"""Table limits of act-uth-2025 5.x: minimum, maximum, permitted multiples, and how a wager
outside them is settled (5.4, 5.5, 13.8 (first)).

Pure: integer chips in, counted stakes and the clause that decided them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.uth.settle import Wager


class LimitsError(ValueError):
    """Limits that cannot be displayed at a table; the message names the problem."""


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


@dataclass(frozen=True)
class TableLimits:
    """The limits displayed at the table (5.1, 5.3), in chips per box.

    ``minimum``/``maximum`` apply to the Ante and Blind; Trips has its own where the sign says
    so (``None``: the same as the Ante). ``multiple`` is the permitted multiple of every initial
    wager (5.3). The Play wager is fixed by 8.1, 8.3 and 8.5 as a multiple of the Ante, so its
    limits are that multiple of the Ante's (a floor reading: the sign limits what the player
    chooses, and the Play is not chosen freely).
    """

    minimum: int
    maximum: int
    multiple: int = 1
    trips_minimum: int | None = None
    trips_maximum: int | None = None

    def __post_init__(self) -> None:
        for name in ("minimum", "maximum", "multiple", "trips_minimum", "trips_maximum"):
            v = getattr(self, name)
            if v is None and name.startswith("trips"):
                continue
            if not _is_int(v) or v < 1:
                raise LimitsError(f"{name} must be a positive whole chip count, not {v!r}")
        if self.maximum < self.minimum:
            raise LimitsError(f"maximum {self.maximum} is below minimum {self.minimum}")
        if self.trips_max < self.trips_min:
            raise LimitsError(f"trips maximum {self.trips_max} is below minimum {self.trips_min}")

    @property
    def trips_min(self) -> int:
        return self.minimum if self.trips_minimum is None else self.trips_minimum

    @property
    def trips_max(self) -> int:
        return self.maximum if self.trips_maximum is None else self.trips_maximum

    def bounds(self, wager: Wager, play_multiple: int = 1) -> tuple[int, int]:
        """(minimum, maximum) of one wager; a Play ``k`` times the Ante gets ``k`` times the
        Ante's limits."""
        if wager is Wager.TRIPS:
            return self.trips_min, self.trips_max
        k = play_multiple if wager is Wager.PLAY else 1
        return k * self.minimum, k * self.maximum

    def off_multiple(self, amount: int) -> str | None:
        """Why ``amount`` is not a permitted multiple (5.3), or ``None``."""
        if amount % self.multiple:
            return f"{amount} is not a multiple of {self.multiple}, the table's permitted multiple"
        return None

    def __str__(self) -> str:
        trips = ""
        if self.trips_minimum is not None or self.trips_maximum is not None:
            trips = f", trips {self.trips_min}-{self.trips_max}"
        return f"{self.minimum}-{self.maximum} in multiples of {self.multiple}{trips}"


@dataclass(frozen=True)
class Counted:
    """A wager as settled: ``stake`` placed, ``counted`` chips paid or collected on, the rest
    returned; ``clause`` says why it differs (or that an under-minimum stake counted in full)."""

    wager: Wager
    stake: int
    counted: int
    clause: str | None = None
    note: str = ""

    @property
    def returned(self) -> int:
        return self.stake - self.counted


def counted_stake(
    wager: Wager,
    stake: int,
    limits: TableLimits,
    *,
    maximum: int | None,
    play_multiple: int = 1,
    clause: str = ACT_UTH_2025_RULES.limits_at_settlement_clause,
) -> Counted:
    """How a wager is settled against the limits (13.8 (first): ``clause``, the rules' own).

    Over the maximum it is paid or collected only up to the maximum and the rest returned
    (5.5, 13.8 (first)(b)); ``maximum`` is the box's own where a marker allows more (5.2),
    ``None`` for the table's. Under the minimum it is paid or collected in full (5.4, 13.8
    (first)(a)): the game refuses a warned player's later under-minimum wagers at placement.
    """
    lo, hi = limits.bounds(wager, play_multiple)
    if maximum is not None:
        hi = maximum * (play_multiple if wager is Wager.PLAY else 1)
    if stake > hi:
        note = (
            f"{wager} {stake} over the maximum {hi}: settled on {hi}, {stake - hi} returned (5.5)"
        )
        return Counted(wager, stake, hi, clause, note)
    if 0 < stake < lo:
        note = f"{wager} {stake} under the minimum {lo}: paid or collected in full (5.4)"
        return Counted(wager, stake, stake, clause, note)
    return Counted(wager, stake, stake)


__all__ = [
    "Counted",
    "LimitsError",
    "TableLimits",
    "counted_stake",
]
