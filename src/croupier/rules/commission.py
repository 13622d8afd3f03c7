"""Commission (rake) taken from the pots at the end of a round, as each rulebook says.

Amounts are integer chips; ``dollar`` is how many chips make a dollar, because the rulebooks
state thresholds and rounding in dollars.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PotResult:
    """A pot as commission sees it: its amount, who contributed, who won it."""

    amount: int
    contributors: frozenset[int]
    winners: frozenset[int]


@dataclass(frozen=True)
class Commission:
    """A commission schedule.

    ``kind``:
      * ``"qld"`` — qld-holdem-2005 s30: only pots over $19; 5 % of the largest part of the pot
        wholly divisible by $20; a pot over 100 x the minimum wager counts as 100 x (s30(2));
        several pots won by one player are added together (s30(4)(a)). ``percent`` may be set
        lower than 5 if the players were told (s30(3)).
      * ``"act-5"`` / ``"act-10"`` — act-omaha-2017 15.2(a)(i)/(ii): 5 % of all pots over $19, or
        10 % over $9, rounded down to the dollar, up to ``cap``; none when only tied players
        contributed (15.2(c)) or the pot holds only blinds or antes (15.2(d)). The 10 %
        schedule needs ``table_max_stake`` of $500 or less (15.2(e)).
      * ``"rake"`` — a posted rake (dunedin-house 21: signs state the rake): ``percent`` of all
        pots, rounded down to ``dollar``, up to ``cap``, on pots over ``threshold``; optionally
        none when no flop was dealt.
    """

    kind: str
    percent: int = 5
    cap: int | None = None
    dollar: int = 1
    threshold: int = 0
    no_flop_no_drop: bool = False
    table_max_stake: int | None = None

    def __post_init__(self) -> None:
        if self.kind == "act-10" and (
            self.table_max_stake is None or self.table_max_stake > 500 * self.dollar
        ):
            raise ValueError(
                "the 10 % commission is only for tables with a maximum table stake of $500 or "
                "less; give table_max_stake (act-omaha-2017 15.2(e))"
            )
        if self.kind not in ("qld", "act-5", "act-10", "rake"):
            raise ValueError(f"unknown commission schedule {self.kind!r}")
        if self.kind == "qld" and not 0 <= self.percent <= 5:
            raise ValueError("qld-holdem-2005 s30(1)(b): commission is at most 5 %")
        if self.dollar < 1:
            raise ValueError("a dollar is at least one chip")

    @property
    def clause(self) -> str:
        return {
            "qld": "qld-holdem-2005 s30",
            "act-5": "act-omaha-2017 15.2(a)(i)",
            "act-10": "act-omaha-2017 15.2(a)(ii)",
            "rake": "dunedin-house 21 (posted rake)",
        }[self.kind]

    def compute(
        self,
        pots: Sequence[PotResult],
        min_wager: int,
        only_forced: bool,
        flop_dealt: bool,
    ) -> list[int]:
        """Commission to deduct from each pot (same order), never more than the pot."""
        if self.kind == "qld":
            return self._qld(pots, min_wager)
        total = sum(p.amount for p in pots)
        if self.kind in ("act-5", "act-10"):
            if only_forced:  # 15.2(d)
                return [0] * len(pots)
            contributors = frozenset().union(*(p.contributors for p in pots))
            winners = frozenset().union(*(p.winners for p in pots))
            if (
                len(winners) > 1
                and contributors <= winners
                and all(p.winners == winners for p in pots)
            ):  # 15.2(c): only tied players contributed
                return [0] * len(pots)
            pct, floor = (5, 19) if self.kind == "act-5" else (10, 9)
            if total <= floor * self.dollar:
                return [0] * len(pots)
            amount = (total * pct // 100) // self.dollar * self.dollar
        else:
            if self.no_flop_no_drop and not flop_dealt:
                return [0] * len(pots)
            if total <= self.threshold:
                return [0] * len(pots)
            amount = (total * self.percent // 100) // self.dollar * self.dollar
        if self.cap is not None:
            amount = min(amount, self.cap)
        return _take_in_order([p.amount for p in pots], amount)

    def _qld(self, pots: Sequence[PotResult], min_wager: int) -> list[int]:
        out = [0] * len(pots)
        # s30(4)(a): pots won wholly by one player count together; a shared pot counts alone.
        groups: dict[int | None, list[int]] = {}
        for i, p in enumerate(pots):
            key = next(iter(p.winners)) if len(p.winners) == 1 else None
            if key is None:
                groups.setdefault(-1 - i, []).append(i)
            else:
                groups.setdefault(key, []).append(i)
        twenty = 20 * self.dollar
        for members in groups.values():
            amount = sum(pots[i].amount for i in members)
            if amount <= 19 * self.dollar:  # s30(1)(a)
                continue
            counted = min(amount, 100 * min_wager)  # s30(2)
            commission = (counted // twenty) * twenty * self.percent // 100  # s30(1)(b)
            commission = commission // self.dollar * self.dollar
            for i, c in zip(
                members, _take_in_order([pots[i].amount for i in members], commission), strict=True
            ):
                out[i] = c
        return out


def _take_in_order(amounts: Sequence[int], total: int) -> list[int]:
    out = []
    for a in amounts:
        take = min(a, total)
        out.append(take)
        total -= take
    return out
