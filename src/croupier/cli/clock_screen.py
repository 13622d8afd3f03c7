"""``croupier tournament clock`` on a terminal: redrawn in place with large digits, keys to
pause, resume, add time and skip a level, and resumed where it was after a restart.

The clock itself is :class:`croupier.tournament.clock.Clock` (pure); this module reads the
machine clock and the keyboard and keeps a small state file so that a restart carries on.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from croupier.tournament.clock import Clock, ClockError, format_seconds
from croupier.tournament.conditions import Conditions, Level

KEYS = (
    "p pause  r resume  + add a minute  - take a minute off  n next level  q quit\n"
    "e an entry  x a player out  (E, X take one back)"
)


@dataclass(frozen=True)
class Field:
    """The field as the director keys it in: entries taken and players out."""

    entries: int = 0
    out: int = 0

    @property
    def players(self) -> int:
        return self.entries - self.out

    def line(self, cond: Conditions) -> str:
        """Players left, the average stack and the prize pool (the entry fee less any
        commission retained from it, act-omaha-2017 20.22, plus the added prize)."""
        if not self.entries:
            return "players: none entered yet (e adds an entry)"
        pool = cond.added_prize + self.entries * (cond.entry_fee - cond.commission)
        avg = self.entries * cond.starting_stack // max(1, self.players)
        return (
            f"players {self.players:,} of {self.entries:,}   average stack {avg:,}   "
            f"prize pool {pool:,}"
        )


_FONT = {
    "0": (" ### ", "#   #", "#   #", "#   #", " ### "),
    "1": ("  #  ", " ##  ", "  #  ", "  #  ", " ### "),
    "2": (" ### ", "#   #", "  ## ", " #   ", "#####"),
    "3": ("#### ", "    #", " ### ", "    #", "#### "),
    "4": ("#   #", "#   #", "#####", "    #", "    #"),
    "5": ("#####", "#    ", "#### ", "    #", "#### "),
    "6": (" ### ", "#    ", "#### ", "#   #", " ### "),
    "7": ("#####", "    #", "   # ", "  #  ", "  #  "),
    "8": (" ### ", "#   #", " ### ", "#   #", " ### "),
    "9": (" ### ", "#   #", " ####", "    #", " ### "),
    ":": ("     ", "  #  ", "     ", "  #  ", "     "),
}


def big(text: str) -> list[str]:
    """``text`` (digits and colons) in five rows of large characters."""
    return ["  ".join(_FONT[c][row] for c in text if c in _FONT) for row in range(5)]


def state_file(cache: Path, conditions: Path) -> Path:
    """Where the clock of ``conditions`` keeps its state between runs."""
    slug = "".join(c if c.isalnum() else "-" for c in str(conditions.resolve()))[-120:]
    return cache / "clock" / f"{slug}.json"


def load(path: Path, levels: tuple[Level, ...], now: float) -> tuple[Clock, Field]:
    """The clock and the field as they were left (the time the clock ran on while croupier was
    not running included), or new ones."""
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        elapsed, paused, at = int(saved["elapsed"]), bool(saved["paused"]), float(saved["at"])
        field = Field(int(saved.get("entries", 0)), int(saved.get("out", 0)))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return Clock(levels), Field()
    if not paused:
        elapsed += max(0, int(now - at))
    return Clock(levels, elapsed, paused), field


def save(path: Path, clock: Clock, field: Field, now: float) -> None:
    with contextlib.suppress(OSError):  # an unwritable cache only loses the resume
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "elapsed": clock.elapsed,
            "paused": clock.paused,
            "at": now,
            "entries": field.entries,
            "out": field.out,
        }
        path.write_text(json.dumps(data), encoding="utf-8")


def count(field: Field, key: str) -> tuple[Field, str]:
    """The field after ``key`` (e, x, E, X), and what to say about it ('' for another key)."""
    match key:
        case "e":
            return replace(field, entries=field.entries + 1), "an entry added"
        case "E" if field.players > 1 or (field.players == 1 and not field.out):
            return replace(field, entries=field.entries - 1), "an entry taken back"
        case "x" if field.players > 1:
            return replace(field, out=field.out + 1), "a player out"
        case "X" if field.out:
            return replace(field, out=field.out - 1), "a player back in"
        case "E" | "x" | "X":
            return field, f"{key}: nothing to change ({field.players} playing)"
    return field, ""


def press(clock: Clock, key: str) -> tuple[Clock, str]:
    """The clock after ``key``, and what to say about it ('' for nothing)."""
    try:
        match key:
            case "p":
                return clock.pause(), "paused"
            case "r":
                return clock.resume(), "resumed"
            case "+":  # more time left in this level, never back into the level before
                s = clock.state
                give = min(60, s.level.seconds - s.remaining)
                if give <= 0:
                    return clock, "the level has all its time left: nothing to add"
                return clock.adjust(-give), f"{format_seconds(give)} added to the level"
            case "-":  # less time left, at most to the level's end
                take = min(60, clock.state.remaining)
                if take <= 0:
                    return clock, "no time left to take off"
                return clock.adjust(take), f"{format_seconds(take)} taken off the level"
            case "n":
                return clock.skip_to(min(clock.index + 1, len(clock.levels) - 1)), "next level"
    except ClockError as e:
        return clock, str(e)
    return clock, ""


def screen(
    cond: Conditions, clock: Clock, field: Field, blinds: Callable[[Level], str], note: str
) -> str:
    s = clock.state
    nxt = cond.levels[s.index + 1] if s.index + 1 < len(cond.levels) else None
    title = "BREAK" if s.level.is_break else f"LEVEL {s.number}   {blinds(s.level)}"
    last = nxt is None and s.remaining == 0
    lines = [cond.name, "", title, ""]
    lines += big(format_seconds(s.remaining)) if not last else ["(last level: no clock)"]
    lines += ["", "PAUSED" if s.paused else "", f"next: {blinds(nxt)}" if nxt else "final level"]
    lines += ["", field.line(cond), "", KEYS, note]
    return "\x1b[H\x1b[J" + "\n".join(lines) + "\n"


def _keys(timeout: float) -> Iterator[str]:
    ready, _, _ = select.select([sys.stdin], [], [], timeout)
    if ready:
        yield from os.read(sys.stdin.fileno(), 32).decode(errors="ignore")


def run_live(
    cond: Conditions,
    conditions: Path,
    cache: Path,
    speed: float,
    blinds: Callable[[Level], str],
    fresh: bool = False,
    entries: int | None = None,
) -> None:
    """Redraw the clock every second until ``q`` (or Ctrl-C); keys act at once. ``entries``
    starts the field at that many entries (else it is as it was left)."""
    import termios
    import tty

    path = state_file(cache, conditions)
    start = time.time()
    clock, field = (Clock(cond.levels), Field()) if fresh else load(path, cond.levels, start)
    if entries is not None:
        field = Field(entries)
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    note = "resumed where it was left" if not fresh and path.exists() else ""
    last = time.monotonic()
    carry = 0.0
    try:
        tty.setcbreak(fd)
        while True:
            sys.stdout.write(screen(cond, clock, field, blinds, note))
            sys.stdout.flush()
            for key in _keys(1.0):
                if key in "qQ":
                    return
                clock, said = press(clock, key)
                field, counted = count(field, key)
                note = said or counted or note
            now = time.monotonic()
            carry += (now - last) * speed
            last = now
            clock = clock.tick(int(carry))
            carry -= int(carry)
            save(path, clock, field, time.time())
    except KeyboardInterrupt:
        return
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        save(path, clock, field, time.time())
        sys.stdout.write("\n")
