"""Tables and seats: the draw, connected players, the button draw, balancing and breaking.

Pure functions over plain data. Randomness is an input: each draw takes a
:class:`random.Random` the caller seeds (the tournament records what was drawn, so a replay of
its events needs no generator).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass

from croupier.cards import Card


class SeatingDrawError(ValueError):
    """A draw that cannot be made (too many players, no seats)."""


@dataclass(frozen=True)
class Move:
    """A player moved from one table to another seat (balancing or breaking)."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    clause: str


@dataclass(frozen=True)
class TableView:
    """What balancing needs of a table: its seats, size and the big blind's seat (None before
    its first hand)."""

    number: int
    seats: Mapping[int, str]
    size: int
    big_blind: int | None = None


def tables_needed(players: int, table_size: int) -> int:
    return max(1, -(-players // table_size))


def _apart(player: str, group: Collection[str], connected: Mapping[str, frozenset[str]]) -> bool:
    friends = connected.get(player, frozenset())
    return not any(p in friends for p in group)


def connections(groups: Sequence[Collection[str]]) -> dict[str, frozenset[str]]:
    """Each player's connected players (family or association: qld-tournament-2020 4.7)."""
    out: dict[str, set[str]] = {}
    for g in groups:
        for p in g:
            out.setdefault(p, set()).update(q for q in g if q != p)
    return {p: frozenset(s) for p, s in out.items()}


def draw_seats(
    players: Sequence[str],
    table_size: int,
    rng: random.Random,
    connected: Mapping[str, frozenset[str]] | None = None,
    first_table: int = 1,
) -> dict[str, tuple[int, int]]:
    """The ballot for tables and seats (qld-tournament-2020 4.6; act-omaha-2017 20.8;
    dunedin-house 78): players spread as evenly as the tables allow (4.8), connected players
    at different tables where possible (4.7; dunedin-house 79). Returns player -> (table, seat).
    """
    if not players:
        return {}
    if len(set(players)) != len(players):
        raise SeatingDrawError("a player is in the draw twice")
    links = connected or {}
    n_tables = tables_needed(len(players), table_size)
    base, extra = divmod(len(players), n_tables)
    capacity = [base + (1 if t < extra else 0) for t in range(n_tables)]
    ballot = list(players)
    rng.shuffle(ballot)
    # connected players are placed first, so each can still find a table without the others
    ballot.sort(key=lambda p: -len(links.get(p, ())))
    groups: list[list[str]] = [[] for _ in range(n_tables)]
    for p in ballot:
        open_t = [t for t in range(n_tables) if len(groups[t]) < capacity[t]]
        apart = [t for t in open_t if _apart(p, groups[t], links)] or open_t
        fewest = min(len(groups[t]) for t in apart)
        choice = [t for t in apart if len(groups[t]) == fewest]
        groups[rng.choice(choice)].append(p)
    out: dict[str, tuple[int, int]] = {}
    for t, group in enumerate(groups):
        seats = rng.sample(range(1, table_size + 1), len(group))
        for p, s in zip(group, seats, strict=True):
            out[p] = (first_table + t, s)
    return out


def draw_final_table(
    players: Sequence[str],
    size: int,
    rng: random.Random,
    connected: Mapping[str, frozenset[str]] | None = None,
    tries: int = 200,
) -> dict[str, int]:
    """The final-table redraw (qld-tournament-2020 4.25): seats by ballot, connected players
    not side by side where the ballot allows (4.7 "separated on the final table"; dunedin-house
    79). Returns player -> seat."""
    if len(players) > size:
        raise SeatingDrawError(f"{len(players)} players do not fit a {size}-seat final table")
    links = connected or {}
    best: dict[str, int] = {}
    for _ in range(tries):
        seats = rng.sample(range(1, size + 1), len(players))
        best = dict(zip(players, seats, strict=True))
        by_seat = {s: p for p, s in best.items()}
        if not any(by_seat.get(s % size + 1) in links.get(p, frozenset()) for p, s in best.items()):
            break
    return best


def draw_button(seats: Sequence[int], cards: Iterator[Card]) -> tuple[int, dict[int, Card]]:
    """dunedin-house 80: a draw for the button; one card to each occupied seat from the lowest
    number; the highest card takes the button, rank first and then suit (spades, hearts,
    diamonds, clubs: croupier's house reading, as the rules name no suit order)."""
    if len(seats) < 2:
        raise SeatingDrawError("a button draw needs two players")
    dealt: dict[int, Card] = {}
    for s in sorted(seats):
        card = next(cards, None)
        if card is None:
            raise SeatingDrawError("the button draw ran out of cards; supply more")
        dealt[s] = card
    button = max(dealt, key=lambda s: (dealt[s].rank, dealt[s].suit))
    return button, dealt


def _clockwise(start: int, size: int) -> list[int]:
    return [(start + k - 1) % size + 1 for k in range(1, size + 1)]


def next_big_blind(view: TableView) -> str:
    """The player due the big blind next: the first player clockwise after this hand's big
    blind (the dead-button rule moves the big blind one player at a time, dunedin-house 26)."""
    if view.big_blind is None:
        return view.seats[min(view.seats)]
    for s in _clockwise(view.big_blind, view.size):
        if s in view.seats:
            return view.seats[s]
    raise SeatingDrawError(f"table {view.number} is empty")


def worst_position(view: TableView) -> int:
    """The empty seat the big blind reaches soonest (dunedin-house 82's "worst position",
    "including taking a single big blind when available")."""
    empty = [s for s in range(1, view.size + 1) if s not in view.seats]
    if not empty:
        raise SeatingDrawError(f"table {view.number} has no empty seat")
    start = view.big_blind or view.size  # before the first hand: from seat 1
    order = _clockwise(start, view.size)
    return min(empty, key=order.index)


def balance(views: Sequence[TableView], clause: str) -> list[Move]:
    """Moves that leave no table more than one player from another (act-omaha-2017 20.9;
    qld-tournament-2020 4.23): from the fullest table (the higher number when equal) the player
    due the big blind next goes to the worst position at the shortest (dunedin-house 82), each
    move citing ``clause``."""
    tables = {v.number: TableView(v.number, dict(v.seats), v.size, v.big_blind) for v in views}
    moves: list[Move] = []
    while len(tables) > 1:
        big = max(tables.values(), key=lambda v: (len(v.seats), v.number))
        small = min(tables.values(), key=lambda v: (len(v.seats), v.number))
        if len(big.seats) - len(small.seats) < 2:
            break
        player = next_big_blind(big)
        from_seat = next(s for s, p in big.seats.items() if p == player)
        to_seat = worst_position(small)
        del big.seats[from_seat]  # type: ignore[attr-defined]
        small.seats[to_seat] = player  # type: ignore[index]
        moves.append(Move(player, big.number, from_seat, small.number, to_seat, clause))
    return moves


def break_table(
    views: Sequence[TableView], breaking: int, rng: random.Random, clause: str
) -> list[Move]:
    """Break table ``breaking``: its players, in a random order, fill the empty seats of the
    shortest tables (act-omaha-2017 20.9; qld-tournament-2020 4.24; dunedin-house 81), each
    seat drawn at random."""
    tables = {v.number: dict(v.seats) for v in views if v.number != breaking}
    sizes = {v.number: v.size for v in views}
    source = next((v for v in views if v.number == breaking), None)
    if source is None:
        raise SeatingDrawError(f"there is no table {breaking} to break")
    room = sum(sizes[t] - len(s) for t, s in tables.items())
    if room < len(source.seats):
        raise SeatingDrawError(
            f"table {breaking}'s {len(source.seats)} players need seats; only {room} are free"
        )
    leaving = sorted(source.seats.items())
    rng.shuffle(leaving)
    moves: list[Move] = []
    for seat, player in leaving:
        t = min((t for t in tables if len(tables[t]) < sizes[t]), key=lambda t: (len(tables[t]), t))
        empty = [s for s in range(1, sizes[t] + 1) if s not in tables[t]]
        to = rng.choice(empty)
        tables[t][to] = player
        moves.append(Move(player, breaking, seat, t, to, clause))
    return moves


def halted(views: Sequence[TableView]) -> list[int]:
    """Tables 3 or more players short of the fullest, where play halts (dunedin-house 83)."""
    return halted_by_count({v.number: len(v.seats) for v in views})


def halted_by_count(players: Mapping[int, int]) -> list[int]:
    """:func:`halted`, from the number of players at each table (by table number)."""
    if len(players) < 2:
        return []
    most = max(players.values())
    return sorted(n for n, k in players.items() if most - k >= 3)


def between_button_and_small_blind(seat: int, button: int, small_blind: int, size: int) -> bool:
    """Whether ``seat`` lies strictly between the button and the small blind, clockwise: where
    a player from another table gets no hand (dunedin-house 81; qld-tournament-2020 4.24)."""
    order = _clockwise(button, size)
    return order.index(seat) < order.index(small_blind) and seat not in (button, small_blind)
