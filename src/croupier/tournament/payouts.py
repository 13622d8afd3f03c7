"""The prize pool and how it is paid: the schedule, the default generator, shared places.

All money is whole currency units. Every schedule sums exactly to the pool: 100 % of the pool
is returned to the players (act-omaha-2017 20.19; qld-tournament-2020 4.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Prize:
    """One place's prize: cash, or a seat in another tournament (a satellite, 4.3)."""

    place: int
    cash: int
    seat: str = ""

    @property
    def value(self) -> int:
        return self.cash


def default_shares(paid: int) -> list[float]:
    """croupier's default payout curve: ``paid`` shares, falling, first place 20-30 % of the
    pool once ten or more are paid (more when few are paid: a 2-place split is 65/35).

    The shares follow ``1 / place ** a``, with ``a`` chosen so that first place takes its
    target share; a house default, since the rulebooks leave the schedule to the conditions
    (qld-tournament-2020 4.4 "Appendix B", act-omaha-2017 20.3(a)(ix))."""
    if paid < 1:
        raise ValueError("at least one place is paid")
    fixed = {1: [1.0], 2: [0.65, 0.35], 3: [0.5, 0.3, 0.2]}
    if paid in fixed:
        return fixed[paid]
    target = min(0.5, max(0.25, 2.5 / paid))
    lo, hi = 0.0, 6.0
    for _ in range(60):
        a = (lo + hi) / 2
        weights = [1.0 / (i**a) for i in range(1, paid + 1)]
        if weights[0] / sum(weights) < target:
            lo = a
        else:
            hi = a
    weights = [1.0 / (i**hi) for i in range(1, paid + 1)]
    total = sum(weights)
    return [w / total for w in weights]


def places_paid(entries: int) -> int:
    """About the top 15 % of entries are paid (at least one place)."""
    return max(1, round(entries * 0.15))


def amounts(pool: int, shares: Sequence[float], unit: int) -> list[int]:
    """Round each share of ``pool`` down to ``unit``; what rounding leaves goes to first place,
    so the amounts sum exactly to the pool (a house default: the rulebooks are silent)."""
    if pool < 0:
        raise ValueError(f"a prize pool cannot be negative ({pool})")
    out = [int(pool * s) // unit * unit for s in shares]
    out[0] += pool - sum(out)
    return out


class PayoutScheme:
    """How a prize pool is divided among the places paid: :meth:`amounts` gives each place's
    prize, first place first, summing exactly to the pool. Found by name with
    :func:`find_payout_scheme`; poker and UTH tournaments use the same registry."""

    name = ""

    def amounts(
        self, pool: int, entries: int, shares: Sequence[int] = (), unit: int = 1
    ) -> list[int]:
        raise NotImplementedError


class DefaultCurve(PayoutScheme):
    """croupier's default curve (:func:`default_shares`) over about the top 15 % of entries."""

    name = "default"

    def amounts(
        self, pool: int, entries: int, shares: Sequence[int] = (), unit: int = 1
    ) -> list[int]:
        return amounts(pool, default_shares(min(places_paid(entries), entries)), unit)


class Percents(PayoutScheme):
    """The conditions' schedule in percent (or per mille): if fewer players entered than there
    are places, it is cut to the entries and scaled up to the whole pool (a house reading: the
    pool is still returned in full, act-omaha-2017 20.19). Without a schedule, the default."""

    def __init__(self, name: str, whole: int) -> None:
        self.name = name
        self.whole = whole

    def amounts(
        self, pool: int, entries: int, shares: Sequence[int] = (), unit: int = 1
    ) -> list[int]:
        if not shares:
            return DefaultCurve().amounts(pool, entries, shares, unit)
        cut = list(shares[:entries])
        total = sum(cut)
        fractions = (
            [p / total for p in cut] if total != self.whole else [p / self.whole for p in cut]
        )
        return amounts(pool, fractions, unit)


class ProportionalShares(PayoutScheme):
    """Each place's whole share of the pool in proportion to its number of shares, rounded
    down; what rounding leaves goes to first place (a house default; act-uth-2025
    16.3(a)(ix), 16.21-16.22). No shares at all pay nothing."""

    name = "shares"

    def amounts(
        self, pool: int, entries: int, shares: Sequence[int] = (), unit: int = 1
    ) -> list[int]:
        total = sum(shares) or 1
        prizes = [pool * s // total for s in shares]
        if sum(shares):
            prizes[0] += pool - sum(prizes)
        return prizes


PAYOUT_SCHEMES: dict[str, PayoutScheme] = {
    s.name: s
    for s in (DefaultCurve(), Percents("percent", 100), Percents("per-mille", 1000),
              ProportionalShares())
}  # fmt: skip


def find_payout_scheme(name: str) -> PayoutScheme:
    """The payout scheme with this name; an unknown name fails naming the ones there are."""
    try:
        return PAYOUT_SCHEMES[name]
    except KeyError:
        raise ValueError(
            f"unknown payout scheme {name!r}; choose one of {', '.join(PAYOUT_SCHEMES)}"
        ) from None


def schedule(
    pool: int,
    entries: int,
    percents: Sequence[int] = (),
    per_mille: bool = False,
    unit: int = 1,
    seat_value: int = 0,
    seat_name: str = "",
) -> list[Prize]:
    """The prizes, first place first.

    With ``percents`` (the conditions' schedule) those places are paid; if fewer players
    entered than there are places, the schedule is cut to the entries and its shares scaled up
    to 100 % (a house reading: the pool is still returned in full, act-omaha-2017 20.19).
    Without, :func:`default_shares` over :func:`places_paid` (:class:`Percents`). A satellite
    (``seat_value``) awards as many seats as the pool buys outright and the rest in cash to the
    next place."""
    if entries < 1:
        return []
    if seat_value:
        seats = min(pool // seat_value, entries)
        prizes = [Prize(i + 1, seat_value, seat_name) for i in range(seats)]
        rest = pool - seats * seat_value
        if rest:
            if seats < entries:
                prizes.append(Prize(seats + 1, rest))
            else:  # every entrant won a seat: the change goes to first place
                prizes[0] = Prize(1, prizes[0].cash + rest, seat_name)
        return prizes
    scheme = find_payout_scheme("per-mille" if per_mille else "percent")
    paid = scheme.amounts(pool, entries, percents, unit)
    return [Prize(i + 1, a) for i, a in enumerate(paid)]


def share_equally(total: int, players: Sequence[str]) -> dict[str, int]:
    """Split ``total`` equally; the odd units go one each to the players in the order given
    (clockwise from the button, as the odd chip goes under qld-holdem-2005 s27(11))."""
    base, odd = divmod(total, len(players))
    return {p: base + (1 if i < odd else 0) for i, p in enumerate(players)}


def prize_at(prizes: Sequence[Prize], place: int) -> int:
    return prizes[place - 1].cash if 1 <= place <= len(prizes) else 0


def shared_places(
    prizes: Sequence[Prize],
    best_place: int,
    players: Sequence[str],
    contributed: Sequence[int] | None = None,
) -> list[tuple[str, int, int]]:
    """Players eliminated together, taking places ``best_place`` to ``best_place + k - 1``:
    ``(player, place, cash)`` for each.

    Without ``contributed`` the places and their prizes are shared equally (qld-tournament-2020
    4.19): each is recorded at the best of the shared places. With it, the player who put more
    chips in the pot in that round of play finishes higher; equal contributions share their
    places' prizes equally (act-omaha-2017 20.21)."""
    k = len(players)
    if contributed is None:
        total = sum(prize_at(prizes, best_place + i) for i in range(k))
        cash = share_equally(total, players)
        return [(p, best_place, cash[p]) for p in players]
    order = sorted(range(k), key=lambda i: -contributed[i])
    out: list[tuple[str, int, int]] = []
    place = best_place
    i = 0
    while i < k:
        j = i
        while j < k and contributed[order[j]] == contributed[order[i]]:
            j += 1
        group = [players[order[g]] for g in range(i, j)]
        total = sum(prize_at(prizes, place + g) for g in range(len(group)))
        cash = share_equally(total, group)
        out.extend((p, place, cash[p]) for p in group)
        place += len(group)
        i = j
    return out
