"""The tournament clock: levels and breaks on a schedule, pause, resume and adjustments.

Time is an input. The clock holds only the seconds of play elapsed (paused time does not
count) and answers where that falls in the schedule; whoever drives it (a live display, a
simulation, a test) feeds it ticks. A new level takes effect with the next deal, never in the
middle of one (qld-tournament-2020 4.21; dunedin-house 86): the tournament reads the level
when it plans a hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from croupier.tournament.conditions import Level


class ClockError(ValueError):
    """A clock operation that cannot be done."""


@dataclass(frozen=True)
class ClockState:
    """Where the clock stands: the 0-based index into the schedule (breaks included), seconds
    left in it, and whether it is paused or the schedule has run out (the last level goes on)."""

    index: int
    level: Level
    remaining: int
    paused: bool
    number: int  # 1-based number among the played levels (a break shows the last level's)


@dataclass(frozen=True)
class Clock:
    """An immutable clock: every operation returns a new one."""

    levels: tuple[Level, ...]
    elapsed: int = 0
    paused: bool = False

    def __post_init__(self) -> None:
        if not self.levels:
            raise ClockError("a clock needs at least one level")
        if self.elapsed < 0:
            raise ClockError("elapsed time cannot be negative")

    def tick(self, seconds: int) -> Clock:
        if seconds < 0:
            raise ClockError(f"time does not run backwards ({seconds} s)")
        return self if self.paused else replace(self, elapsed=self.elapsed + seconds)

    def pause(self) -> Clock:
        if self.paused:
            raise ClockError("the clock is already paused")
        return replace(self, paused=True)

    def resume(self) -> Clock:
        if not self.paused:
            raise ClockError("the clock is not paused")
        return replace(self, paused=False)

    def adjust(self, seconds: int) -> Clock:
        """A director's adjustment (act-omaha-2017 20.17): positive runs the clock on, negative
        gives time back; never before the start."""
        if self.elapsed + seconds < 0:
            raise ClockError(f"cannot take the clock back {-seconds} s: only {self.elapsed} s run")
        return replace(self, elapsed=self.elapsed + seconds)

    def skip_to(self, index: int) -> Clock:
        """Start schedule entry ``index`` (0-based) now."""
        if not 0 <= index < len(self.levels):
            raise ClockError(f"there is no level {index + 1}; the schedule has {len(self.levels)}")
        return replace(self, elapsed=sum(lv.seconds for lv in self.levels[:index]))

    @cached_property
    def state(self) -> ClockState:
        """Where the clock stands (worked out once: the clock is immutable)."""
        t = self.elapsed
        number = 0
        for i, lv in enumerate(self.levels):
            if not lv.is_break:
                number += 1
            if t < lv.seconds or i == len(self.levels) - 1:
                return ClockState(i, lv, max(0, lv.seconds - t), self.paused, max(number, 1))
            t -= lv.seconds
        raise AssertionError("unreachable")

    @property
    def index(self) -> int:
        return self.state.index

    def play_level(self) -> Level:
        """The blinds a hand dealt now plays at: the current level, or during a break the level
        that follows it (no hand is dealt in a break; this is what the display shows next)."""
        s = self.state
        if not s.level.is_break:
            return s.level
        later = [lv for lv in self.levels[s.index :] if not lv.is_break]
        earlier = [lv for lv in self.levels[: s.index] if not lv.is_break]
        return (later or earlier)[0] if later else earlier[-1]


def format_seconds(seconds: int) -> str:
    m, s = divmod(max(0, seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"
