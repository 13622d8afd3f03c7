"""Colouring up: the chip race of qld-tournament-2020 4.40 and dunedin-house 87-88.

Stacks are whole chip values; a player's odd chips are what of their stack the remaining
denominations cannot make: ``stack % new_chip`` in ``old_chip`` chips (the chip set is checked
so that every denomination is a multiple of the one below). The cards of the race-off are an
input: any iterator of cards (a shuffled deck order, refilled by the caller if it runs dry).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from croupier.cards import Card
from croupier.rules.tournament_rules import TournamentRules


class ChipRaceError(ValueError):
    """A colour-up that cannot be done as asked."""


@dataclass(frozen=True)
class RaceResult:
    """One table's chip race.

    ``stacks``: each seat's stack afterwards, in the order given. ``odd_chips``: each seat's
    odd chips (count). ``new_chips``: New Chips set aside for the race (4.40(b)-(c)).
    ``winners``: the seats (indices) that won a New Chip. ``cards``: the cards each seat was
    dealt, in dealing order, re-deals included. ``minimum``: seats given the lowest chip
    because the race left them nothing (4.40(g); dunedin-house 87). ``clauses`` names the
    rules applied."""

    stacks: tuple[int, ...]
    odd_chips: tuple[int, ...]
    new_chips: int
    winners: tuple[int, ...]
    cards: tuple[tuple[Card, ...], ...]
    minimum: tuple[int, ...]
    clauses: tuple[str, ...]


def new_chips_for(odd_tally: int, new_chip: int) -> int:
    """4.40(b)-(c): whole New Chips in the Odd Chip tally, plus one more when what remains is
    50 % or more of a New Chip (totals of $450 and $475 each give five $100 chips)."""
    whole, rest = divmod(odd_tally, new_chip)
    return whole + (1 if rest * 2 >= new_chip else 0)


def chip_race(
    stacks: Sequence[int],
    old_chip: int,
    new_chip: int,
    cards: Iterator[Card],
    first: int = 0,
    *,
    rules: TournamentRules,
) -> RaceResult:
    """Race off ``old_chip`` chips at one table.

    ``stacks`` are in seat order; the race-off deals from ``first`` (the first seat left of
    the dealer under qld-tournament-2020 4.40(d); seat No. 1 under dunedin-house 87), each
    player one card per odd chip, face up. The highest cards win a New Chip each, at most one
    per player (4.40(e)-(f)); a tie for the last chip is re-dealt, one card each to the tied
    players (4.40(e)); cards compare by rank only (4.40(e) "card value"). Nobody is raced out:
    a player left with nothing gets one chip of the lowest denomination still in play
    (4.40(g); dunedin-house 87), which is ``new_chip``."""
    if old_chip <= 0 or new_chip <= old_chip or new_chip % old_chip:
        raise ChipRaceError(
            f"cannot colour up {old_chip} chips into {new_chip} chips: the new chip must be a "
            f"larger multiple of the old ({rules.colour_up_clause})"
        )
    n = len(stacks)
    if not 0 <= first < max(n, 1):
        raise ChipRaceError(f"the race-off cannot start at seat index {first} of {n}")
    if any(s < 0 or s % old_chip for s in stacks):
        raise ChipRaceError(f"every stack must be whole {old_chip} chips: {list(stacks)}")
    odd_value = [s % new_chip for s in stacks]
    odd = tuple(v // old_chip for v in odd_value)
    tally = sum(odd_value)
    prizes = min(new_chips_for(tally, new_chip), sum(1 for c in odd if c))
    clause = rules.colour_up_clause
    dealt: list[list[Card]] = [[] for _ in range(n)]
    order = [(first + k) % n for k in range(n)]

    def deal(seat: int) -> Card:
        try:
            c = next(cards)
        except StopIteration:
            raise ChipRaceError("the race-off ran out of cards; supply more") from None
        dealt[seat].append(c)
        return c

    best: dict[int, int] = {}
    for _ in range(max(odd, default=0)):  # one card at a time round the table, as dealt
        for seat in order:
            if len(dealt[seat]) < odd[seat]:
                deal(seat)
    for seat in order:
        if odd[seat]:
            best[seat] = max(c.rank for c in dealt[seat])
    winners: list[int] = []
    contenders = sorted(best, key=lambda s: -best[s])
    left = prizes
    while left and contenders:
        top = best[contenders[0]]
        group = [s for s in contenders if best[s] == top]
        if len(group) <= left:
            winners.extend(sorted(group, key=order.index))
            left -= len(group)
            contenders = [s for s in contenders if s not in group]
            continue
        # more tied players than chips left: the tied players are dealt one more card each
        group.sort(key=order.index)
        best = {s: deal(s).rank for s in group}
        contenders = sorted(group, key=lambda s: -best[s])
    out = [s - v for s, v in zip(stacks, odd_value, strict=True)]
    for seat in winners:
        out[seat] += new_chip
    minimum = tuple(i for i, s in enumerate(out) if s == 0 and stacks[i] > 0)
    for i in minimum:
        out[i] = new_chip
    clauses = [clause]
    if minimum:
        clauses.append(rules.race_minimum_clause)
    return RaceResult(
        tuple(out),
        odd,
        prizes,
        tuple(winners),
        tuple(tuple(d) for d in dealt),
        minimum,
        tuple(clauses),
    )
