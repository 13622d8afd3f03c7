"""Who takes a vacated seat: priority among those who want it, and a draw of the cards between
claimants of one priority.

* qld-holdem-2005 s16(2): players in the game since it started come first, other players
  second, persons who wish to become players third; (3) claimants of one priority, with no-one
  above them, draw cards; (4) the highest card wins.
* dunedin-house 17, act-omaha-2017 8.2: players at the table before players waiting to join;
  players wanting the same seat draw cards (dunedin-house 16, act-omaha-2017 8.2).

A seated player claims the next vacated seat at their table by asking
(:class:`~croupier.room.commands.RequestSeatChange`). While anyone has asked, a seat change at
the table (``ChangeSeat``) is refused unless the mover is among the first claimants and, where
they are several, has won their draw; a player who has not asked claims nothing (they may ask,
and then draw with their equals). Persons waiting to join draw where the rulebook says so
(``TableRules.vacancy_newcomers_draw``: qld s16(2)(c), (3)); elsewhere the waiting list's order
calls them (house default: dunedin-house 17 and act-omaha-2017 8.2 speak only of "a player
waiting to join", and set no order among them).

The room holds no randomness: the cards come with the command (:attr:`DrawForSeat.deck_order`,
a shuffled deck the caller supplies, as a shoe's deck is for a round), one to each drawer in the
order they claimed (asked, or joined the list). The draw is recorded with every card drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from croupier.cards import Card
from croupier.room.commands import RoomCommand
from croupier.room.events import PlayerCalled, RoomEvent
from croupier.rules import IllegalAction, Ruling
from croupier.table.seats import Priority, vacancy_claimants
from croupier.table.table import Table

ROOM = "croupier room"


@dataclass(frozen=True, slots=True)
class DrawForSeat(RoomCommand):
    """The floor holds the draw for a vacated seat at ``table`` between the claimants of one
    priority; ``deck_order``: the shuffled deck they draw from (the server's shoe)."""

    table: str
    deck_order: tuple[Card, ...] = field(default=(), repr=False)
    at: int = 0


@dataclass(frozen=True, slots=True)
class SeatDrawn(RoomEvent):
    """A draw of the cards for a vacated seat at ``table``: each drawer's card and the
    winners, highest card first (one for each open seat). ``players``: the drawers were players
    at the table (the winner may change seats); else persons waiting to join (the winners are
    called)."""

    table: str
    cards: tuple[tuple[str, Card], ...]
    winners: tuple[str, ...]
    clause: str
    players: bool
    at: int = 0


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def claims(t: Table, requests: Sequence[str]) -> list[tuple[str, Priority]]:
    """The seated players who asked for a seat change, with their qld s16(2) priority."""
    return [(p, Priority.ORIGINAL if p in t.original else Priority.PLAYER) for p in requests]


def first_claimants(t: Table, requests: Sequence[str]) -> tuple[tuple[str, ...], Ruling]:
    return vacancy_claimants(t.config.rulebook, claims(t, requests))


def check_newcomer(t: Table, requests: Sequence[str], player: str) -> None:
    """Refuse a newcomer a seat that seated players who asked for a seat change come first for
    (qld s16(2); dunedin-house 17; act-omaha-2017 8.2)."""
    if requests:
        first, ruling = vacancy_claimants(
            t.config.rulebook, [*claims(t, requests), (player, Priority.NEWCOMER)]
        )
        if player not in first:
            raise _refuse(ruling.clause, f"{', '.join(requests)} asked for the vacated seat first")


def check_change_seat(t: Table, requests: Sequence[str], drawn: str | None, player: str) -> None:
    """Refuse a seat change that passes over a player with priority for the vacated seat."""
    if not requests:
        return
    first, ruling = first_claimants(t, requests)
    if player not in first:
        why = "" if player in requests else f"; {player} has not asked for a seat change"
        raise _refuse(ruling.clause, f"{', '.join(first)} come first for the vacated seat{why}")
    if len(first) > 1:
        clause = t.rules.vacancy_draw_clause or ruling.clause
        if drawn is None or drawn not in first:
            raise _refuse(
                clause,
                f"{', '.join(first)} have the same priority for the vacated seat: a draw of "
                "the cards decides (DrawForSeat)",
            )
        if drawn != player:
            raise _refuse(clause, f"{drawn} won the draw for the vacated seat")


def waiting_for(t: Table, queue: Sequence[str], called: set[str]) -> list[str]:
    """The persons on the table's waiting list not yet called and not seated there."""
    return [p for p in queue if p not in called and t.seat_of(p) is None]


def newcomers_draw(t: Table, waiting: Sequence[str], open_seats: int) -> bool:
    """Whether persons waiting to join must draw for the open seats (more want them than there
    are, and the rulebook has them draw: qld s16(3))."""
    return t.rules.vacancy_newcomers_draw and 0 < open_seats < len(waiting)


def list_refusal(t: Table, game: str, stakes: str) -> IllegalAction:
    """A seat taken past the waiting list: the list's order (house) or a draw (qld s16(3))."""
    if t.rules.vacancy_newcomers_draw:
        return _refuse(
            t.rules.vacancy_draw_clause,
            f"persons wait for {game} at {stakes}: join the list; where more want the open "
            "seats than there are, they draw cards for them (DrawForSeat) and the winners are "
            "called",
        )
    return _refuse(
        ROOM, f"players wait for {game} at {stakes}: only a called player takes the seat"
    )


def plan_draw(
    t: Table,
    cmd: DrawForSeat,
    requests: Sequence[str],
    drawn: str | None,
    waiting: Sequence[str],
    open_seats: int,
    key: tuple[str, str],
    call_seconds: int,
) -> list[RoomEvent]:
    """The draw that is due at the table: between the seated players of the first priority
    who asked (a seat being free), else between the persons waiting to join where the rulebook
    has them draw; or a refusal. ``drawn``: the winner of a draw already held there."""
    clause = t.rules.vacancy_draw_clause or t.rules.vacancy_clause or ROOM
    if requests:
        first, _ = first_claimants(t, requests)
        if len(first) > 1 and (drawn is None or drawn not in first):
            if len(t.seating.seats) >= t.config.size:
                raise _refuse(clause, f"no seat is vacant at {cmd.table} yet")
            return [_drawn(cmd, first, 1, clause, True)]
    if newcomers_draw(t, waiting, open_seats):
        e = _drawn(cmd, waiting, open_seats, clause, False)
        deadline = cmd.at + call_seconds
        return [e, *(PlayerCalled(p, *key, cmd.table, deadline, cmd.at) for p in e.winners)]
    raise _refuse(clause, f"no draw for a seat is due at {cmd.table}")


def _drawn(
    cmd: DrawForSeat, drawers: Sequence[str], seats: int, clause: str, players: bool
) -> SeatDrawn:
    deck = cmd.deck_order
    if not isinstance(deck, tuple) or not all(isinstance(c, Card) for c in deck):
        raise _refuse(ROOM, "a draw is dealt from a shuffled deck of cards")
    if len(set(deck)) != len(deck):
        raise _refuse(ROOM, "the deck drawn from holds each card once")
    if len(deck) < len(drawers):
        raise _refuse(ROOM, f"{len(drawers)} draw cards: the deck holds only {len(deck)}")
    cards = tuple(zip(drawers, deck, strict=False))
    # s16(4): the highest-ranking card wins (rank, then suit: the card's id orders both)
    ranked = sorted(cards, key=lambda pc: pc[1], reverse=True)
    return SeatDrawn(cmd.table, cards, tuple(p for p, _ in ranked[:seats]), clause, players, cmd.at)


__all__ = ["DrawForSeat", "SeatDrawn", "check_change_seat", "list_refusal", "plan_draw"]
