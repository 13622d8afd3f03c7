"""Settlement: the main and side pots, their winners, commission, and paying them.
Functions of the :class:`~croupier.round.engine.Round`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from croupier.round.events import (
    Announcement,
    BetReturned,
    CommissionTaken,
    Folded,
    PotAwarded,
    RoundEnded,
)
from croupier.round.games import Split
from croupier.rules.commission import PotResult

if TYPE_CHECKING:
    from croupier.round.engine import Round


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips, who may win it, and the contribution level it starts above."""

    amount: int
    eligible: tuple[int, ...]
    floor: int = 0


def side_pots(r: Round, eligible: list[int]) -> list[Pot]:
    contrib = r.contrib
    dead = 0
    if r.config.antes_dead:
        contrib = [c - a for c, a in zip(contrib, r.antes_posted, strict=True)]
        dead = sum(r.antes_posted)
    if any(r.dead_posted):
        contrib = [c - d for c, d in zip(contrib, r.dead_posted, strict=True)]
        dead += sum(r.dead_posted)
    levels = sorted({contrib[i] for i in eligible})
    pots: list[Pot] = []
    prev = 0
    below = 0  # chips contributed up to the previous level
    for lvl in levels:
        upto = sum([min(c, lvl) for c in contrib])
        amount = upto - below + (dead if not pots else 0)
        below = upto
        who = tuple([i for i in eligible if contrib[i] >= lvl])
        if amount:
            if pots and pots[-1].eligible == who:
                pots[-1] = Pot(pots[-1].amount + amount, who, pots[-1].floor)
            else:
                pots.append(Pot(amount, who, prev))
        prev = lvl
    rest = sum(contrib) - below
    if rest and pots:
        pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible, pots[-1].floor)
    elif rest and eligible:
        # only dead hands' bets, above every contender's: they stay in the pot
        # (qld-holdem-2005 s33(2); act-omaha-2017 17.9)
        pots.append(Pot(rest, tuple(eligible), prev))
    return pots


def settle(r: Round) -> None:
    """Work out the winners of each pot, take commission, and pay (s26, s27, s29, s30)."""
    cfg = r.config
    game = cfg.game
    live = [i for i in range(r.n) if not r.folded[i] and not r.mucked[i]]
    if not live:  # everyone mucked: the last hand to muck keeps its claim
        live = r.live()[-1:]
    if not live:
        # every hand left was declared dead: the player who last folded, other than a dead
        # hand, wins (qld-holdem-2005 s33(4); act-omaha-2017 17.9)
        live = [next(e.player for e in reversed(r.events) if type(e) is Folded)]
    pots = side_pots(r, live)
    returned = False
    # dead money (dead antes, dead blinds) sits in the first pot and is never uncalled
    dead = sum(r.dead_posted) + (sum(r.antes_posted) if cfg.antes_dead else 0)
    for k, pot in enumerate(pots):
        # a pot only its one contender paid into is uncalled money: it goes back, and it is
        # no part of the pot for commission (qld-holdem-2005 s26(3)(a), s30(4)(b))
        owner = pot.eligible[0]
        uncalled = pot.amount - (dead if k == 0 else 0)
        if (
            uncalled > 0
            and len(pot.eligible) == 1
            and all(r.contrib[i] <= pot.floor for i in range(r.n) if i != owner)
        ):
            r.emit(BetReturned(owner, uncalled))
            returned = True
    if returned:
        pots = side_pots(r, live)
    uncontested = len(live) == 1
    hi: dict[int, int] = {}
    lo: dict[int, int] = {}
    if not uncontested:
        for p in live:
            cards = r.shown[p]
            if cards is None:
                continue
            h, low = r.shown_value(p, cards)
            if game.split is not Split.LOW:
                hi[p] = h
            if game.split is not Split.HIGH:
                lo[p] = low
    shown = set(hi) | set(lo)
    halves_of = [
        pot_halves(r, pot, [p for p in pot.eligible if uncontested or p in shown], hi, lo)
        for pot in pots
    ]
    deductions = [0] * len(pots)
    if cfg.commission is not None:
        results = [
            PotResult(
                pot.amount,
                frozenset(i for i in range(r.n) if r.contrib[i] > pot.floor),
                frozenset(p for _, ws in halves for p in ws),
            )
            for pot, halves in zip(pots, halves_of, strict=True)
        ]
        only_forced = all(r.contrib[i] <= r.forced[i] for i in range(r.n))
        deductions = cfg.commission.compute(results, cfg.min_bet, only_forced, r.flop_dealt)
    total_commission = sum(deductions)
    if r.rules.announces_commission and cfg.commission is not None:
        clause = (
            r.rules.uncontested_commission_announced_clause
            if uncontested
            else r.rules.commission_announced_clause
        )
        r.emit(Announcement(f"pot {sum(p.amount for p in pots)}", clause))
        r.emit(Announcement(f"commission {total_commission}", clause))
        r.emit(
            Announcement(
                f"pot less commission {sum(p.amount for p in pots) - total_commission}", clause
            )
        )
    if total_commission:
        assert cfg.commission is not None
        r.emit(CommissionTaken(total_commission, cfg.commission.clause))
    paid: set[int] = set()
    for idx, (pot, halves) in enumerate(zip(pots, halves_of, strict=True)):
        amounts = split_halves(r, pot.amount - deductions[idx], halves)
        for (half, winners), amount in zip(halves, amounts, strict=True):
            for p, a in divide(r, amount, winners):
                clause = (
                    (r.rules.dead_hand_clause if r.killed else r.rules.uncontested_clause)
                    if uncontested
                    else r.rules.split_clause
                    if len(winners) > 1
                    else r.rules.showdown_clause
                )
                if a:
                    r.emit(PotAwarded(idx, p, a, half, clause))
                    paid.add(p)
    if not uncontested:
        announce_winners(r, sorted(paid), hi, lo)
    r.emit(RoundEnded(tuple(r.stacks)))


def announce_winners(r: Round, winners: list[int], hi: dict[int, int], lo: dict[int, int]) -> None:
    """The dealer announces the winning hand or hands (qld-holdem-2005 s27(8);
    act-omaha-2017 13.1)."""
    game = r.config.game
    words = [
        f"player {p}: {game.describe(hi.get(p), lo.get(p) or None)}"
        for p in winners
        if p in hi or p in lo
    ]
    if words:
        r.emit(Announcement("winning hand: " + "; ".join(words), r.rules.winner_clause))


def pot_halves(
    r: Round, pot: Pot, contenders: list[int], hi: dict[int, int], lo: dict[int, int]
) -> list[tuple[str, list[int]]]:
    if len(contenders) <= 1:
        who = contenders or list(pot.eligible[:1])
        return [("all", who)]
    split = r.config.game.split
    if split is Split.HIGH:
        return [("all", argmax(contenders, hi))]
    if split is Split.LOW:
        return [("all", argmax(contenders, lo))]
    qualified = [p for p in contenders if lo.get(p, 0) > 0]
    high = argmax(contenders, hi)
    if not qualified:  # no qualifying low: the high hand takes the whole pot
        return [("all", high)]
    return [("high", high), ("low", argmax(qualified, lo))]


def split_halves(r: Round, net: int, halves: list[tuple[str, list[int]]]) -> list[int]:
    if len(halves) == 1:
        return [net]
    unit = r.config.chip_unit
    low = (net // (2 * unit)) * unit
    return [net - low, low]  # the high half takes any odd chip


def divide(r: Round, amount: int, winners: list[int]) -> list[tuple[int, int]]:
    """Divide equally in chip units; what is left goes to the first winner clockwise from
    the button (qld-holdem-2005 s27(11); act-omaha-2017 13.2)."""
    unit = r.config.chip_unit
    k = len(winners)
    each = (amount // (unit * k)) * unit
    left = amount - each * k
    ordered = sorted(winners)
    return [(p, each + (left if j == 0 else 0)) for j, p in enumerate(ordered)]


def argmax(players: list[int], values: dict[int, int]) -> list[int]:
    best = max(values.get(p, -1) for p in players)
    return [p for p in players if values.get(p, -1) == best]
