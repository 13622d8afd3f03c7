"""Commission (rake) taken from the pots at the end of a round, as each rulebook says.

One small class per schedule, each giving only how it computes (and what it refuses):

* :class:`QldCommission` — qld-holdem-2005 s30;
* :class:`ActFivePercent` / :class:`ActTenPercent` — act-omaha-2017 15.2(a)(i) / (ii);
* :class:`PostedRake` — a posted rake (dunedin-house 21: signs state the rake).

Each schedule has a registry name (:attr:`Commission.kind`, found with
:func:`commission_schedule`). Amounts are integer chips; ``dollar`` is how many chips make a
dollar, because the rulebooks state thresholds and rounding in dollars.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PotResult:
    """A pot as commission sees it: its amount, who contributed, who won it."""

    amount: int
    contributors: frozenset[int]
    winners: frozenset[int]


class Commission:
    """A commission schedule: what to deduct from each pot. Subclasses say how."""

    dollar: int  # chips to the dollar
    #: the clause of the rules in force the schedule applies; empty: the table's rulebook's
    #: ``table.commission_clause`` (a table's configuration fills it in)
    clause: str

    def __post_init__(self) -> None:
        self._validate()
        if self.dollar < 1:
            raise ValueError("a dollar is at least one chip")

    @property
    def kind(self) -> str:
        """The schedule's registry name (:data:`COMMISSIONS`)."""
        raise NotImplementedError

    # A schedule never changes once made, so a copy is the schedule itself. (Compiled, a frozen
    # dataclass cannot be rebuilt field by field as copy.deepcopy would.)
    def __copy__(self) -> Commission:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Commission:
        return self

    def parameters(self) -> dict[str, Any]:
        """The schedule as its registry name and every parameter a schedule can take (the
        defaults where this one takes none): the form of :func:`commission_schedule`'s
        arguments, which stored and written schedules use."""
        out: dict[str, Any] = {"kind": self.kind}
        for name, default in _PARAMS:
            out[name] = getattr(self, name, default)
        return out

    def _validate(self) -> None:
        """Refuse a schedule the rulebook does not allow (ValueError citing the clause)."""

    def compute(
        self,
        pots: Sequence[PotResult],
        min_wager: int,
        only_forced: bool,
        flop_dealt: bool,
    ) -> list[int]:
        """Commission to deduct from each pot (same order), never more than the pot."""
        raise NotImplementedError


@dataclass(frozen=True)
class QldCommission(Commission):
    """qld-holdem-2005 s30: only pots over $19; 5 % of the largest part of the pot wholly
    divisible by $20; a pot over 100 x the minimum wager counts as 100 x (s30(2)); several pots
    won by one player are added together (s30(4)(a)). ``percent`` may be set lower than 5 if
    the players were told (s30(3))."""

    percent: int = 5
    dollar: int = 1
    clause: str = ""

    @property
    def kind(self) -> str:
        return "qld"

    def _validate(self) -> None:
        if not 0 <= self.percent <= 5:
            raise ValueError("qld-holdem-2005 s30(1)(b): commission is at most 5 %")

    def compute(
        self,
        pots: Sequence[PotResult],
        min_wager: int,
        only_forced: bool,
        flop_dealt: bool,
    ) -> list[int]:
        out = [0] * len(pots)
        # s30(4)(a): pots won wholly by one player count together; a shared pot counts alone.
        groups: dict[int | None, list[int]] = {}
        for i, p in enumerate(pots):
            key = next(iter(p.winners)) if len(p.winners) == 1 else None
            if key is None:
                groups.setdefault(-1 - i, []).append(i)
            else:
                groups.setdefault(key, []).append(i)
        dollar = self.dollar
        twenty = 20 * dollar
        for members in groups.values():
            amount = sum(pots[i].amount for i in members)
            if amount <= 19 * dollar:  # s30(1)(a)
                continue
            counted = min(amount, 100 * min_wager)  # s30(2)
            commission = (counted // twenty) * twenty * self.percent // 100  # s30(1)(b)
            commission = commission // dollar * dollar
            for i, c in zip(
                members, _take_in_order([pots[i].amount for i in members], commission), strict=True
            ):
                out[i] = c
        return out


@dataclass(frozen=True)
class ActCommission(Commission):
    """act-omaha-2017 15.2(a): a percentage of all pots over a threshold, rounded down to the
    dollar, up to ``cap``; none when only tied players contributed (15.2(c)) or the pot holds
    only blinds or antes (15.2(d)). The schedules differ in percentage and threshold."""

    cap: int | None = None
    dollar: int = 1
    table_max_stake: int | None = None
    clause: str = ""

    @property
    def rate(self) -> int:
        """The percentage taken."""
        raise NotImplementedError

    @property
    def over_dollars(self) -> int:
        """Commission is taken only from pots over this many dollars."""
        raise NotImplementedError

    def compute(
        self,
        pots: Sequence[PotResult],
        min_wager: int,
        only_forced: bool,
        flop_dealt: bool,
    ) -> list[int]:
        if only_forced:  # 15.2(d)
            return [0] * len(pots)
        contributors = frozenset().union(*(p.contributors for p in pots))
        winners = frozenset().union(*(p.winners for p in pots))
        if (
            len(winners) > 1 and contributors <= winners and all(p.winners == winners for p in pots)
        ):  # 15.2(c): only tied players contributed
            return [0] * len(pots)
        total = sum(p.amount for p in pots)
        if total <= self.over_dollars * self.dollar:
            return [0] * len(pots)
        amount = (total * self.rate // 100) // self.dollar * self.dollar
        return _capped(pots, amount, self.cap)


@dataclass(frozen=True)
class ActFivePercent(ActCommission):
    """act-omaha-2017 15.2(a)(i): 5 % of all pots over $19."""

    @property
    def kind(self) -> str:
        return "act-5"

    @property
    def rate(self) -> int:
        return 5

    @property
    def over_dollars(self) -> int:
        return 19


@dataclass(frozen=True)
class ActTenPercent(ActCommission):
    """act-omaha-2017 15.2(a)(ii): 10 % of all pots over $9, only at tables whose maximum table
    stake is $500 or less (15.2(e))."""

    @property
    def kind(self) -> str:
        return "act-10"

    @property
    def rate(self) -> int:
        return 10

    @property
    def over_dollars(self) -> int:
        return 9

    def _validate(self) -> None:
        if self.table_max_stake is None or self.table_max_stake > 500 * self.dollar:
            raise ValueError(
                "the 10 % commission is only for tables with a maximum table stake of $500 or "
                "less; give table_max_stake (act-omaha-2017 15.2(e))"
            )


@dataclass(frozen=True)
class PostedRake(Commission):
    """A posted rake (dunedin-house 21: signs state the rake): ``percent`` of all pots, rounded
    down to the dollar, up to ``cap``, on pots over ``threshold`` chips; optionally none when no
    flop was dealt."""

    percent: int = 5
    cap: int | None = None
    dollar: int = 1
    threshold: int = 0
    no_flop_no_drop: bool = False
    clause: str = ""

    @property
    def kind(self) -> str:
        return "rake"

    def compute(
        self,
        pots: Sequence[PotResult],
        min_wager: int,
        only_forced: bool,
        flop_dealt: bool,
    ) -> list[int]:
        if self.no_flop_no_drop and not flop_dealt:
            return [0] * len(pots)
        total = sum(p.amount for p in pots)
        if total <= self.threshold:
            return [0] * len(pots)
        amount = (total * self.percent // 100) // self.dollar * self.dollar
        return _capped(pots, amount, self.cap)


#: Every commission schedule by its registry name.
COMMISSIONS: dict[str, type[Commission]] = {
    "qld": QldCommission,
    "act-5": ActFivePercent,
    "act-10": ActTenPercent,
    "rake": PostedRake,
}

# Every parameter a schedule can take, and its default.
_PARAMS: tuple[tuple[str, Any], ...] = (
    ("percent", 5),
    ("cap", None),
    ("dollar", 1),
    ("threshold", 0),
    ("no_flop_no_drop", False),
    ("table_max_stake", None),
)


def commission_schedule(
    kind: str,
    percent: int = 5,
    *,
    cap: int | None = None,
    dollar: int = 1,
    threshold: int = 0,
    no_flop_no_drop: bool = False,
    table_max_stake: int | None = None,
) -> Commission:
    """The schedule named ``kind`` with these parameters; a parameter the schedule does not use
    is ignored (as stored schedules of the former single class give every one)."""
    try:
        cls = COMMISSIONS[kind]
    except KeyError:
        raise ValueError(
            f"unknown commission schedule {kind!r}; choose one of {', '.join(COMMISSIONS)}"
        ) from None
    given: dict[str, Any] = {
        "percent": percent,
        "cap": cap,
        "dollar": dollar,
        "threshold": threshold,
        "no_flop_no_drop": no_flop_no_drop,
        "table_max_stake": table_max_stake,
    }
    taken = getattr(cls, "__dataclass_fields__", {})
    return cls(**{k: v for k, v in given.items() if k in taken})


def citing(schedule: Commission, clause: str) -> Commission:
    """``schedule`` citing ``clause`` (the table's rulebook's ``table.commission_clause``) where
    it names no clause of its own."""
    if schedule.clause:
        return schedule
    return dataclasses.replace(schedule, clause=clause)  # type: ignore[type-var]


def stored_commission(fields: dict[str, Any]) -> Commission:
    """A schedule stored in the former single class's form (``kind`` and every parameter)."""
    unknown = fields.keys() - {"kind", *(name for name, _ in _PARAMS)}
    if unknown or not isinstance(fields.get("kind"), str):
        raise ValueError(f"not a stored commission schedule: {sorted(fields)}")
    return commission_schedule(**fields)


def _capped(pots: Sequence[PotResult], amount: int, cap: int | None) -> list[int]:
    if cap is not None:
        amount = min(amount, cap)
    return _take_in_order([p.amount for p in pots], amount)


def _take_in_order(amounts: Sequence[int], total: int) -> list[int]:
    out = []
    for a in amounts:
        take = min(a, total)
        out.append(take)
        total -= take
    return out
