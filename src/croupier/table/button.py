"""Who has the button and who posts which blind, round after round, as seats fill and empty.

Pure and immutable: :func:`next_deal` takes the current :class:`Seating`, the rulebook and what
the previous round left (:class:`Buttons`), and returns a :class:`Deal`; :func:`advance` folds
a deal back into the seating (missed blinds owed, posted players now playing).

Seats are numbered 1..size clockwise from the dealer's left; the dealer's immediate right is the
highest seat. The rulebooks differ:

* qld-holdem-2005 moves the buck to the next player (s18(2)); the two players after it post the
  blinds (s23(1)-(2)), heads-up too; it has no new-player or missed-blind rules, so every seated
  player who is not sitting out is a player in the round and is dealt in (s23(3)).
* act-omaha-2017 passes the button to the next player (8.3), collects the blinds clockwise from
  it (8.5); nobody enters or rejoins on the button (17.11, 17.4).
* dunedin-house moves the big blind one player at a time and lets the small blind and the button
  follow it, dead on an empty seat (26, glossary: Dead Button, Dead Small Blind), so nobody
  misses or pays a blind twice; heads-up the button posts the small blind (95).

Readings where the text is silent or loose (each applied where cited):

* qld-holdem-2005 has no newcomer or missed-blind clause: ``WAITING``/``POSTING`` mean nothing
  there and nobody owes a blind; a newcomer next to the buck receives it (s18(2)-(3)).
* A missed big blind is posted live and a missed small blind dead: dunedin-house 27 says so for
  the small blind; act-omaha-2017 17.4 says only "into the pot", read the same way.
* Waiting until the big blind reaches you clears what you owe (act-omaha-2017 17.4 "when it is
  their turn to post the blind"; dunedin-house 29 "wait until the blind is due").
* dunedin-house: when the small-blind seat is empty or its player sits out, nobody posts a small
  blind (the seat is a "dead small blind"); a newcomer gets no hand on the button nor between it
  and the small blind (29, read with 81's "between the small blind and the button").
* Heads-up, both players are dealt in every round and each posts a blind, so no one owes more.
* The first round of a game deals in everyone seated (act-omaha-2017 17.12; a house default
  for the others).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from croupier.rules import Rulebook
from croupier.rules.table import ButtonRule

MAX_SEATS = 10  # qld-holdem-2005 s11(1)


class SeatingError(ValueError):
    """A seating, or a previous round's buttons, that cannot be."""


class Status(Enum):
    """Where a seated player stands for the next round."""

    PLAYING = "playing"
    WAITING = "waiting for the big blind"  # act-omaha-2017 17.11(a), dunedin-house 29
    POSTING = "posting to come in"  # act-omaha-2017 17.11(b), 17.4; dunedin-house 26, 29
    SITTING_OUT = "sitting out"


class Blind(Enum):
    SMALL = "small blind"
    BIG = "big blind"


@dataclass(unsafe_hash=True)
class Seat:
    """A seated player: ``new`` until first dealt in; ``missed`` the blinds they owe; ``moved``
    there by the floor or from a closed game (dunedin-house 29)."""

    player: str
    status: Status = Status.PLAYING
    new: bool = False
    missed: frozenset[Blind] = frozenset()
    moved: bool = False

    def __post_init__(self) -> None:
        if not self.player:
            raise SeatingError("a seat's player needs an id")


@dataclass(unsafe_hash=True)
class Seating:
    """Who sits where: ``seats`` pairs seat number and :class:`Seat`, in seat order."""

    seats: tuple[tuple[int, Seat], ...]
    size: int = MAX_SEATS

    def __post_init__(self) -> None:
        if not 2 <= self.size <= MAX_SEATS:
            raise SeatingError(f"a table has 2 to {MAX_SEATS} seats, not {self.size}")
        holder: dict[int, str] = {}
        where: dict[str, int] = {}
        in_order, last = True, 0
        for number, seat in self.seats:
            if number < last:
                in_order = False
            last = number
            if not 1 <= number <= self.size:
                raise SeatingError(
                    f"seat {number} does not exist: the table has seats 1-{self.size}"
                )
            if number in holder:
                raise SeatingError(
                    f"two players in seat {number}: {holder[number]} and {seat.player}"
                )
            if seat.player in where:
                raise SeatingError(
                    f"player {seat.player} is in two seats: {where[seat.player]} and {number}"
                )
            holder[number] = seat.player
            where[seat.player] = number
        if not in_order or type(self.seats) is not tuple:
            object.__setattr__(self, "seats", tuple(sorted(self.seats, key=lambda p: p[0])))

    @classmethod
    def of(
        cls, seats: Mapping[int, Seat] | Iterable[tuple[int, Seat]], size: int = MAX_SEATS
    ) -> Seating:
        pairs = seats.items() if isinstance(seats, Mapping) else seats
        return cls(tuple(pairs), size)

    def get(self, number: int) -> Seat | None:
        return dict(self.seats).get(number)

    def after(self, start: int) -> tuple[int, ...]:
        """Every seat number clockwise after ``start``, ending with ``start``."""
        size = self.size
        if 1 <= start <= size:
            return (*range(start + 1, size + 1), *range(1, start + 1))
        return tuple([(start + k - 1) % size + 1 for k in range(1, size + 1)])

    def check_seat(self, number: int, what: str) -> None:
        if not 1 <= number <= self.size:
            raise SeatingError(f"{what} on seat {number}: the table has seats 1-{self.size}")


@dataclass(unsafe_hash=True)
class Buttons:
    """What a round leaves for the next: its button, small-blind and big-blind seats.

    ``orbit``: the seats the button has reached since the game began, while it has not yet
    gone once round the table (act-omaha-2017 17.12); ``None`` after that.
    """

    button: int
    small_blind: int
    big_blind: int
    orbit: frozenset[int] | None = None


@dataclass(unsafe_hash=True)
class Placement:
    """The seat a marker or blind falls on; ``dead`` when nobody there is dealt in or posts."""

    seat: int
    dead: bool
    clause: str


@dataclass(unsafe_hash=True)
class Post:
    """A chip post due before the deal; a ``live`` post counts toward the player's bet."""

    seat: int
    player: str
    blind: Blind
    live: bool
    clause: str
    entry: bool = False  # posted to come in (new or returning player), not as this round's blind


@dataclass(unsafe_hash=True)
class Missed:
    """A blind that came to a player sitting out; they owe it."""

    seat: int
    player: str
    blind: Blind
    clause: str


@dataclass(unsafe_hash=True)
class DealtOut:
    """A seated player who gets no cards this round, and why."""

    seat: int
    player: str
    clause: str


@dataclass(unsafe_hash=True)
class Deal:
    """One round's button, blinds, posts and players.

    ``dealt_in`` runs clockwise from the seat after the button, so its index is the round
    engine's position (0 first after the button; a live button is last).
    """

    rulebook: str
    button: Placement
    small_blind: Placement
    big_blind: Placement
    dealt_in: tuple[int, ...]
    posts: tuple[Post, ...] = ()
    missed: tuple[Missed, ...] = ()
    dealt_out: tuple[DealtOut, ...] = ()
    heads_up: bool = False
    orbit: frozenset[int] | None = field(default=None, repr=False)

    @property
    def buttons(self) -> Buttons:
        return Buttons(self.button.seat, self.small_blind.seat, self.big_blind.seat, self.orbit)

    @property
    def entries(self) -> tuple[Post, ...]:
        """What new and returning players must post to be dealt in this round."""
        return tuple(p for p in self.posts if p.entry)


class _Builder:
    """Collects one deal's rulings."""

    def __init__(self, seating: Seating, rulebook: Rulebook) -> None:
        self.seating = seating
        self.rulebook = rulebook
        self.rules = rulebook.table
        self.by_seat = dict(seating.seats)
        self.dealt: set[int] = set()
        self.posts: list[Post] = []
        self.missed: list[Missed] = []
        self.out: list[DealtOut] = []

    def seat(self, number: int) -> Seat | None:
        return self.by_seat.get(number)

    def status(self, number: int) -> Status | None:
        seat = self.seat(number)
        return None if seat is None else seat.status

    def post(self, number: int, blind: Blind, live: bool, clause: str, entry: bool = False) -> None:
        self.posts.append(Post(number, self.by_seat[number].player, blind, live, clause, entry))

    def miss(self, number: int, blind: Blind, clause: str) -> None:
        seat = self.by_seat[number]
        if not seat.new:
            self.missed.append(Missed(number, seat.player, blind, clause))

    def come_in(self, number: int, clauses: tuple[str, str, str]) -> None:
        """A waiting or posting player away from the big blind (clauses: new, big, small)."""
        seat = self.by_seat[number]
        if seat.status is Status.WAITING:
            self.out.append(DealtOut(number, seat.player, clauses[0 if seat.new else 1]))
            return
        self.dealt.add(number)
        if seat.new:
            self.post(number, Blind.BIG, True, clauses[0], entry=True)
            return
        if Blind.BIG in seat.missed:
            self.post(number, Blind.BIG, True, clauses[1], entry=True)
        if Blind.SMALL in seat.missed:
            self.post(number, Blind.SMALL, False, clauses[2], entry=True)

    def finish(
        self,
        button: Placement,
        small: Placement,
        big: Placement,
        heads_up: bool = False,
        orbit: frozenset[int] | None = None,
    ) -> Deal:
        for number, seat in self.seating.seats:
            if seat.status is Status.SITTING_OUT:
                self.out.append(DealtOut(number, seat.player, self.rules.sitting_out_clause))
        order = self.seating.after(button.seat)
        dealt_in = tuple(n for n in order if n in self.dealt)
        if len(dealt_in) < 2:
            raise SeatingError("a round of play needs at least 2 players dealt in")
        if button.seat not in self.dealt:
            button = Placement(button.seat, True, self.rules.dead_button_clause)
        return Deal(
            self.rulebook.id,
            button,
            small,
            big,
            dealt_in,
            tuple(sorted(self.posts, key=lambda p: order.index(p.seat))),
            tuple(self.missed),
            tuple(sorted(self.out, key=lambda d: d.seat)),
            heads_up,
            orbit,
        )


def next_deal(seating: Seating, rulebook: Rulebook, previous: Buttons | None = None) -> Deal:
    """The next round's button, blinds, posts and players under ``rulebook``.

    ``previous`` is the last round's :attr:`Deal.buttons`; ``None`` starts a game, where the
    player to the dealer's immediate right takes the button (qld-holdem-2005 s18(1),
    act-omaha-2017 8.3, dunedin-house glossary: Dealer Button) and everyone seated is dealt in.
    """
    if previous is not None:
        seating.check_seat(previous.button, "the previous button")
        seating.check_seat(previous.small_blind, "the previous small blind")
        seating.check_seat(previous.big_blind, "the previous big blind")
    here = [n for n, s in seating.seats if s.status is not Status.SITTING_OUT]
    if len(here) < 2:
        raise SeatingError(f"a round of play needs at least 2 players, not {len(here)}")
    b = _Builder(seating, rulebook)
    if previous is None:
        return _first(b, here)
    rule = rulebook.table.button_rule
    if rule is ButtonRule.BUCK_TO_NEXT_PLAYER:
        return _qld(b, here, previous)
    if len(here) == 2:
        return _heads_up(b, here, previous, rulebook.heads_up_button_small_blind)
    if rule is ButtonRule.MOVING_BUTTON:
        return _act(b, previous)
    return _dunedin(b, previous)


def _next(seating: Seating, start: int, among: Iterable[int]) -> int:
    pool = set(among)
    return next(n for n in seating.after(start) if n in pool)


def _first(b: _Builder, here: list[int]) -> Deal:
    clause = b.rules.first_button_clause
    button = here[-1]
    b.dealt.update(here)
    if len(here) == 2 and b.rules.button_rule is ButtonRule.DEAD_BUTTON:
        hu = b.rules.heads_up_blinds_clause
        return _blinds(b, button, button, here[0], hu, hu, True)
    small = _next(b.seating, button, here)
    big = _next(b.seating, small, here)
    sb_clause, bb_clause = b.rules.blind_clauses
    deal = _blinds(b, button, small, big, sb_clause, bb_clause, len(here) == 2, clause)
    orbit = frozenset({button}) if b.rules.button_orbit else None
    return replace(deal, orbit=orbit)


def _blinds(
    b: _Builder,
    button: int,
    small: int,
    big: int,
    sb_clause: str,
    bb_clause: str,
    heads_up: bool,
    button_clause: str | None = None,
) -> Deal:
    b.post(small, Blind.SMALL, True, sb_clause)
    b.post(big, Blind.BIG, True, bb_clause)
    return b.finish(
        Placement(button, False, button_clause or sb_clause),
        Placement(small, False, sb_clause),
        Placement(big, False, bb_clause),
        heads_up,
    )


def _qld(b: _Builder, here: list[int], previous: Buttons) -> Deal:
    """qld-holdem-2005 s18(2), s23: the buck to the next player, the blinds to the two after."""
    button = _next(b.seating, previous.button, here)
    small = _next(b.seating, button, here)
    big = _next(b.seating, small, here)
    b.dealt.update(here)
    sb_clause, bb_clause = b.rules.blind_clauses
    return _blinds(
        b, button, small, big, sb_clause, bb_clause, len(here) == 2, b.rules.button_clause
    )


def _heads_up(b: _Builder, here: list[int], previous: Buttons, button_small: bool) -> Deal:
    """Two players: both are dealt in every round, each posting a blind, so neither owes more.

    dunedin-house 95: the button posts the small blind and the big blind goes to the player
    who did not post it last round (a newcomer, whose blind is then due: 29). act-omaha-2017
    8.3, 8.5: the button passes to the next player, not onto a newcomer (17.11, 17.4), and
    the blinds are collected clockwise from it, so the button posts the big blind.
    """
    b.dealt.update(here)
    playing = [n for n in here if b.status(n) is Status.PLAYING]
    if button_small:
        if len(playing) == 1:
            big = next(n for n in here if n not in playing)
        elif previous.big_blind in here:
            big = next(n for n in here if n != previous.big_blind)
        else:
            big = _next(b.seating, previous.big_blind, here)
        button = next(n for n in here if n != big)
        clause = b.rules.heads_up_blinds_clause
        return _blinds(b, button, button, big, clause, clause, True)
    button = _next(b.seating, previous.button, playing or here)
    small = next(n for n in here if n != button)
    sb_clause, bb_clause = b.rules.blind_clauses
    return _blinds(b, button, small, button, sb_clause, bb_clause, True, b.rules.button_clause)


def _arc(seating: Seating, start: int, end: int) -> frozenset[int]:
    order = seating.after(start)
    return frozenset((start, *order[: order.index(end) + 1]))


def _act(b: _Builder, previous: Buttons) -> Deal:
    """act-omaha-2017 8.3, 8.5, 17.4, 17.11-17.12: a moving button that skips newcomers."""
    seating = b.seating
    rules = b.rules
    sb_clause, bb_clause = rules.blind_clauses
    orbit = previous.orbit
    playing = [n for n, s in seating.seats if s.status is Status.PLAYING]
    if len(playing) < 2:
        raise SeatingError(f"{rules.entry_clause}: the button and blinds need 2 playing players")
    button = _next(seating, previous.button, playing)
    if orbit is not None:
        orbit = orbit | _arc(seating, previous.button, button)
        if previous.button != button and len(orbit) >= seating.size:
            orbit = None
    free = [
        n
        for n, s in seating.seats
        if orbit is not None and s.new and s.status is not Status.SITTING_OUT and n not in orbit
    ]
    small = button
    for n in seating.after(button):
        if n in playing:
            small = n
            break
        if b.status(n) is Status.SITTING_OUT:
            b.miss(n, Blind.SMALL, rules.missed_blind_clause)
    big = small
    for n in seating.after(small):
        status = b.status(n)
        if status is Status.SITTING_OUT:
            b.miss(n, Blind.BIG, rules.missed_blind_clause)
        elif status is not None and n not in free:
            big = n
            break
    if big == small:
        raise SeatingError(f"{bb_clause}: no player left to post the big blind")
    # Two playing players with newcomers between them: the button posts the big blind (8.5).
    b.dealt.update(playing)
    b.dealt.update(free)
    b.dealt.add(big)
    heads_up = big == button
    big_seat = b.seat(big)
    if big_seat is not None and big_seat.status is not Status.PLAYING:
        bb_clause = rules.entry_clause if big_seat.new else rules.return_clause
    coming_in = (rules.entry_clause, rules.return_clause, b.rulebook.dead_blind_clause)
    for n, s in seating.seats:
        if s.status in (Status.WAITING, Status.POSTING) and n != big and n not in free:
            b.come_in(n, coming_in)
    b.post(small, Blind.SMALL, True, sb_clause)
    b.post(big, Blind.BIG, True, bb_clause)
    return b.finish(
        Placement(button, False, rules.button_clause),
        Placement(small, False, sb_clause),
        Placement(big, False, bb_clause),
        heads_up,
        orbit,
    )


def _dunedin(b: _Builder, previous: Buttons) -> Deal:
    """dunedin-house 26-29, glossary: Dead Button: the big blind moves one player; the small
    blind and the button follow it onto the last round's seats, dead where nobody plays."""
    seating = b.seating
    rules = b.rules
    sb_clause, bb_clause = rules.blind_clauses
    big = previous.big_blind
    for n in seating.after(previous.big_blind):
        status = b.status(n)
        if status is Status.SITTING_OUT:
            b.miss(n, Blind.BIG, rules.missed_blind_clause)
        elif status is not None:
            big = n
            break
    small, button = previous.big_blind, previous.small_blind
    if big in (small, button):
        # Only the last round's small and big blind can play; newcomers wait (29): heads-up (95).
        hu = _Builder(seating, b.rulebook)
        pair = [n for n in (button, small) if hu.status(n) is Status.PLAYING]
        for n, s in seating.seats:
            if s.status is not Status.SITTING_OUT and n not in pair:
                hu.out.append(DealtOut(n, s.player, rules.entry_clause))
        if len(pair) < 2:
            raise SeatingError(f"{bb_clause}: no player left to post the big blind")
        return _heads_up(hu, pair, previous, True)
    sb_seat = b.seat(small)
    sb_live = sb_seat is not None and sb_seat.status is Status.PLAYING and small != big
    if sb_seat is not None and sb_seat.status is Status.SITTING_OUT:
        b.miss(small, Blind.SMALL, rules.missed_blind_clause)
    # dunedin-house 29: a newcomer gets no hand on the button nor between it and the small blind.
    order = seating.after(button)
    barred = {button, *order[: order.index(small)]} - {small}
    bb_seat = b.seat(big)
    if bb_seat is not None and bb_seat.status is not Status.PLAYING:
        bb_clause = rules.entry_clause if bb_seat.new else rules.return_clause
    b.dealt.add(big)
    # 29's exception: a player moved by the floor or from a closed game may take the button
    moved_ok = b.rules.moved_player_may_take_button
    for n, s in seating.seats:
        if n == big:
            continue
        if s.status is Status.PLAYING:
            b.dealt.add(n)
        elif (
            s.status is not Status.SITTING_OUT
            and s.new
            and n in barred
            and not (s.moved and moved_ok)
        ):
            b.out.append(DealtOut(n, s.player, rules.entry_clause))
        elif s.status is not Status.SITTING_OUT:
            b.come_in(n, (rules.entry_clause, rules.return_clause, b.rulebook.dead_blind_clause))
    if sb_live:
        b.post(small, Blind.SMALL, True, sb_clause)
    b.post(big, Blind.BIG, True, bb_clause)
    return b.finish(
        Placement(button, False, rules.button_clause),
        Placement(small, not sb_live, sb_clause if sb_live else rules.dead_small_blind_clause),
        Placement(big, False, bb_clause),
    )


def advance(seating: Seating, deal: Deal) -> Seating:
    """The seating after ``deal``: blinds missed are owed; everyone dealt in is playing."""
    seats = dict(seating.seats)
    for m in deal.missed:
        seats[m.seat] = replace(seats[m.seat], missed=seats[m.seat].missed | {m.blind})
    for n in deal.dealt_in:
        s = seats[n]
        if s.status is not Status.PLAYING or s.new or s.missed:  # most seats are unchanged
            seats[n] = replace(s, status=Status.PLAYING, new=False, missed=frozenset())
    return Seating.of(seats, seating.size)
