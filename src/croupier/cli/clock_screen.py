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
from pathlib import Path

from croupier.tournament.clock import Clock, ClockError, format_seconds
from croupier.tournament.conditions import Conditions, Level

KEYS = "p pause  r resume  + add a minute  - take a minute off  n next level  q quit"

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


def load(path: Path, levels: tuple[Level, ...], now: float) -> Clock:
    """The clock as it was left (the time it ran on while croupier was not running included),
    or a new one."""
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        elapsed, paused, at = int(saved["elapsed"]), bool(saved["paused"]), float(saved["at"])
    except (OSError, ValueError, KeyError, TypeError):
        return Clock(levels)
    if not paused:
        elapsed += max(0, int(now - at))
    return Clock(levels, elapsed, paused)


def save(path: Path, clock: Clock, now: float) -> None:
    with contextlib.suppress(OSError):  # an unwritable cache only loses the resume
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {"elapsed": clock.elapsed, "paused": clock.paused, "at": now}
        path.write_text(json.dumps(data), encoding="utf-8")


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


def screen(cond: Conditions, clock: Clock, blinds: Callable[[Level], str], note: str) -> str:
    s = clock.state
    nxt = cond.levels[s.index + 1] if s.index + 1 < len(cond.levels) else None
    title = "BREAK" if s.level.is_break else f"LEVEL {s.number}   {blinds(s.level)}"
    last = nxt is None and s.remaining == 0
    lines = [cond.name, "", title, ""]
    lines += big(format_seconds(s.remaining)) if not last else ["(last level: no clock)"]
    lines += ["", "PAUSED" if s.paused else "", f"next: {blinds(nxt)}" if nxt else "final level"]
    lines += ["", KEYS, note]
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
) -> None:
    """Redraw the clock every second until ``q`` (or Ctrl-C); keys act at once."""
    import termios
    import tty

    path = state_file(cache, conditions)
    start = time.time()
    clock = Clock(cond.levels) if fresh else load(path, cond.levels, start)
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    note = "resumed where it was left" if not fresh and path.exists() else ""
    last = time.monotonic()
    carry = 0.0
    try:
        tty.setcbreak(fd)
        while True:
            sys.stdout.write(screen(cond, clock, blinds, note))
            sys.stdout.flush()
            for key in _keys(1.0):
                if key in "qQ":
                    return
                clock, said = press(clock, key)
                note = said or note
            now = time.monotonic()
            carry += (now - last) * speed
            last = now
            clock = clock.tick(int(carry))
            carry -= int(carry)
            save(path, clock, time.time())
    except KeyboardInterrupt:
        return
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        save(path, clock, time.time())
        sys.stdout.write("\n")
