"""Choosing seats: the draw of cards, the priority for a vacated seat, and seat changes.

* qld-holdem-2005 s16: a draw decides who sits where two or more want one seat (1); a vacated
  seat goes first to players in the game since it started, then other players, then newcomers
  (2); a tie within the highest group is drawn for (3); the highest-ranking card wins (4).
* act-omaha-2017 8.2: players choose seats; a draw decides between players wanting the same one;
  "should a seat become vacant, the remaining active players shall have priority to move to the
  vacant seat over any player waiting to join the game".
  17.13: a player moving further from the blinds is dealt out until the big blind reaches them,
  or posts a big blind to be dealt in at once.
* dunedin-house 16: a draw decides between players wanting the same seat; 17: players already
  at the table have priority for a vacated seat over players waiting to join; 28: a move more than
  two live seats clockwise waits for the blinds or posts a penalty big blind.

Reading: "the highest ranking card" (qld s16(4)) is decided by rank and, between cards of one
rank, by suit in the bridge order spades, hearts, diamonds, clubs (no clause ranks suits; this is
the draw every casino floor uses). A tie cannot happen with one deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum

from croupier.cards import Card
from croupier.rules import Rulebook, Ruling, find_rulebook
from croupier.rules.table import SeatChangeRule


def _book(rulebook: Rulebook | str) -> Rulebook:
    return find_rulebook(rulebook) if isinstance(rulebook, str) else rulebook


class SeatDrawError(ValueError):
    """A draw that cannot decide: a player without a card, or a card drawn twice."""


class Priority(IntEnum):
    """qld-holdem-2005 s16(2): who comes first for a vacated seat (lower is first)."""

    ORIGINAL = 1  # (a) in the game since it started
    PLAYER = 2  # (b) other players in the game
    NEWCOMER = 3  # (c) persons who wish to become players


@dataclass(frozen=True)
class DrawResult:
    """Who won a draw for a seat, with every card drawn and the clause."""

    winner: str
    cards: tuple[tuple[str, Card], ...]
    clause: str

    def __str__(self) -> str:
        drawn = ", ".join(f"{p} {c}" for p, c in self.cards)
        return f"{self.winner} wins the draw ({drawn}) ({self.clause})"


def draw_for_seat(rulebook: Rulebook | str, cards: Mapping[str, Card]) -> DrawResult:
    """The player whose drawn card ranks highest takes the seat."""
    if len(cards) < 2:
        raise SeatDrawError("a draw needs at least two players")
    if len(set(cards.values())) != len(cards):
        raise SeatDrawError("each player draws a different card from one deck")
    # A card's id is rank * 4 + suit (clubs, diamonds, hearts, spades): it orders the draw.
    winner = max(cards, key=cards.__getitem__)
    return DrawResult(winner, tuple(cards.items()), _book(rulebook).table.seat_draw_clause)


def vacancy_claimants(
    rulebook: Rulebook | str, claims: Sequence[tuple[str, Priority]]
) -> tuple[tuple[str, ...], Ruling]:
    """Who may take a vacated seat: the claimants of the highest priority the rulebook gives.

    More than one means a draw among them (qld s16(3); act-omaha-2017 8.2; dunedin-house 16).
    dunedin-house 17 and act-omaha-2017 8.2 put players at the table ahead of players waiting to
    join (neither separates original players from others).
    """
    if not claims:
        raise SeatDrawError("nobody claims the seat")
    rules = _book(rulebook).table
    clause = rules.vacancy_clause
    if rules.vacancy_original_players_first:
        rank = {p: int(pr) for p, pr in claims}
    else:
        rank = {p: 1 if pr is not Priority.NEWCOMER else 2 for p, pr in claims}
    best = min(rank.values())
    first = tuple(p for p, _ in claims if rank[p] == best)
    if len(first) == 1:
        return first, Ruling(clause, f"{first[0]} has priority for the vacated seat")
    return first, Ruling(clause, f"{', '.join(first)} draw cards for the vacated seat")


def live_seats_passed(occupied: Sequence[int], size: int, origin: int, target: int) -> int:
    """How many occupied seats a move from ``origin`` clockwise to ``target`` passes, counting
    the target if occupied after the move (it is not: it was empty), so: seats strictly between."""
    passed = 0
    s = origin
    while True:
        s = s % size + 1
        if s == target:
            return passed
        if s in occupied:
            passed += 1


def seat_change_penalty(
    rulebook: Rulebook,
    occupied: Sequence[int],
    size: int,
    origin: int,
    target: int,
    big_blind: int | None,
    button_after_blinds: bool = False,
) -> Ruling | None:
    """Whether moving from ``origin`` to ``target`` means waiting for the big blind (or posting a
    big blind to play at once), citing the clause; ``None`` when the move costs nothing.

    ``occupied``: seats of live players other than the mover; ``big_blind``: the seat of the
    last round's big blind (``None`` before the first round); ``button_after_blinds``: the mover
    paid the big blind last round and moves onto the seat the button comes to next (dunedin-house
    28 lets them). qld-holdem-2005 has no seat-change rule: a move between rounds costs nothing.
    """
    rule = rulebook.table.seat_change_rule
    if rule is SeatChangeRule.MORE_THAN_TWO_SEATS_WAITS:
        if button_after_blinds:
            return None  # 28: having paid the blinds, the player may take the button seat
        passed = live_seats_passed(occupied, size, origin, target)
        if passed > 2:
            return Ruling(
                rulebook.table.seat_change_clause,
                f"a move {passed} live seats clockwise waits for the blinds or posts a penalty "
                "big blind",
            )
        return None
    if rule is SeatChangeRule.FURTHER_FROM_BLINDS_WAITS and big_blind is not None:
        # Further from the blinds: the big blind, moving clockwise, reaches the new seat later.
        def distance(seat: int) -> int:
            return (seat - big_blind) % size

        if distance(target) > distance(origin):
            return Ruling(
                rulebook.table.seat_change_clause,
                "a move further from the blinds is dealt out until the big blind, or posts a "
                "big blind to receive cards",
            )
    return None
