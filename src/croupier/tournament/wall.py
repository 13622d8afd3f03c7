"""The tournament clock as a wall display shows it: public, nothing secret in it.

:func:`clock_view` projects a tournament at the server's time ``now``: the recorded clock (the
seconds of play its ticks fed in) run on from the time of its last tick while it runs (paused
time and the time before the start do not count), so the view is exact between events and the
same for any replay of them. It shows the level and its blinds and antes, the time left, the
next level and the time to the next break, the players left, the entries, re-buys and add-ons,
the average stack, the prize pool and the payouts (the fixed schedule once entries have closed,
qld-tournament-2020 4.4; until then the schedule the pool would pay now).
"""

from __future__ import annotations

from typing import Any

from croupier.tournament.clock import Clock
from croupier.tournament.conditions import Level
from croupier.tournament.payouts import schedule
from croupier.tournament.state import TournamentState


def _level(lv: Level, number: int) -> dict[str, Any]:
    if lv.is_break:
        return {"break": True, "minutes": lv.minutes, "colour_up": lv.colour_up}
    return {
        "break": False,
        "number": number,
        "small_blind": lv.small_blind,
        "big_blind": lv.big_blind,
        "ante": lv.ante,
        "big_blind_ante": lv.big_blind_ante,
        "minutes": lv.minutes,
    }


def clock_at(t: TournamentState, now: int) -> Clock:
    """The tournament's clock run on to the server's time ``now`` from its last tick."""
    clock = t.clock
    running = t.started and not (t.finished or t.cancelled or clock.paused)
    if running and t.clock_at is not None and now > t.clock_at:
        clock = clock.tick(now - t.clock_at)
    return clock


def clock_view(t: TournamentState, now: int) -> dict[str, Any]:
    """What the wall clock shows at the server's time ``now`` (seconds)."""
    c = t.conditions
    clock = clock_at(t, now)
    s = clock.state
    levels = c.levels
    if t.cancelled:
        status = "cancelled"
    elif t.finished:
        status = "finished"
    elif not t.started:
        status = "registering"
    elif clock.paused:
        status = "paused"
    else:
        status = "break" if s.level.is_break else "running"
    later = list(enumerate(levels))[s.index + 1 :]
    upcoming = [(i, lv) for i, lv in later if not lv.is_break]
    next_level = None
    if upcoming:
        i, lv = upcoming[0]
        next_level = _level(lv, sum(1 for x in levels[: i + 1] if not x.is_break))
    next_break = None
    wait = s.remaining
    for _, lv in later:
        if lv.is_break:
            next_break = wait
            break
        wait += lv.seconds
    alive = len(t.alive)
    entrants = t.entrants.values()
    prizes = t.prizes
    if prizes is None:
        prizes = schedule(
            t.pool,
            t.entries_total,
            c.payouts,
            c.payout_per_mille,
            c.payout_unit,
            c.satellite_seat_value,
            c.satellite_target,
        )
    running = status in ("running", "break")
    return {
        "name": c.name,
        "status": status,
        "level": _level(s.level, s.number),
        "remaining": s.remaining,
        "level_ends_at": now + s.remaining if running else None,
        "next_level": next_level,
        "next_break_in": next_break,
        "players_left": alive,
        "entries": t.entries_total,
        "rebuys": sum(e.rebuys for e in entrants),
        "add_ons": sum(e.add_ons for e in entrants),
        "chips_in_play": t.chips_in_play,
        "average_stack": t.chips_in_play // alive if alive else 0,
        "prize_pool": t.pool,
        "payouts_fixed": t.prizes is not None,
        "payouts": [{"place": p.place, "cash": p.cash, "seat": p.seat} for p in prizes],
        "now": now,
    }
