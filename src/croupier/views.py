"""What each recipient may see of a round or a table: one place for hidden information.

A seat (a player) sees its own hole cards, the board, cards shown or exposed to the table, the
chips and the betting; never another seat's hole cards, a burn card or an undealt card. The
dealer (the house's console) sees every hand. Spectators see what is face up. The deck order
is in no view: the dealer side holds it apart (:meth:`croupier.round.RoundConfig.sealed`,
:class:`croupier.table.events.CardsDealt`).

* :func:`round_view` and :func:`table_view`: the state as one recipient sees it (bots take a
  seat's :class:`RoundView`);
* :func:`hole_cards` and :func:`uth_box_cards`: one position's (or box's) cards, if the recipient
  may see them;
* :func:`project_round_events` and :func:`project_table_events`: the events to send to one
  recipient, another seat's cards blanked (``None``) where the events name them.

A recipient is a round position (an ``int``) or, at a table, a player's name; or
:attr:`Viewer.DEALER` or :attr:`Viewer.SPECTATOR`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from croupier.cards import Card
from croupier.floor.incidents import CardOffTable, DealIrregularity
from croupier.round import Game, LegalActions, Round
from croupier.round.events import CardBurned, Event, HoleCardReplaced, HoleDealt, RulingMade
from croupier.table.events import (
    CardsDealt,
    FloorReported,
    RoundProgressed,
    RoundStarted,
    TableEvent,
)
from croupier.table.table import Table
from croupier.uth.game import UthRound


class Viewer(Enum):
    """A recipient who is not a seat."""

    DEALER = "dealer"  # the house: every hand
    SPECTATOR = "spectator"  # what is face up


Hole = tuple[Card | None, ...]


@dataclass(slots=True)  # not frozen: one is made for every decision (see round.events)
class RoundView:
    """A round as one recipient sees it (a copy: changing it changes nothing). ``hole[p]`` is
    ``None`` where the recipient may not see position ``p``'s cards (or none were dealt);
    ``shown[p]`` are cards turned face up. ``legal`` and ``can_call`` are for the player to
    act, in that player's own view only."""

    seat: int | None  # the recipient's position; None for the dealer or spectators
    players: int
    hole: tuple[Hole | None, ...]
    shown: tuple[tuple[Card, ...] | None, ...]
    exposed: tuple[Card, ...]  # cards seen out of play: exposed in error, or hole cards replaced
    board: tuple[Card, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    pot_total: int
    current_bet: int
    street: int
    actor: int | None
    awaiting: str
    legal: LegalActions | None
    can_call: bool  # a check or call is allowed (qld-holdem-2005 s4(2): not always)
    min_bet: int
    game: Game  # the game's rules (its deck is the set of cards, not their order)

    @property
    def own_hole(self) -> tuple[Card, ...]:
        """The recipient seat's hole cards, as far as entered."""
        if self.seat is None:
            return ()
        return tuple(c for c in self.hole[self.seat] or () if c is not None)


def _sees(who: int | Viewer, p: int) -> bool:
    return who is Viewer.DEALER or who == p


def round_view(r: Round, who: int | Viewer) -> RoundView:
    """The round as ``who`` (a position, the dealer or spectators) may see it."""
    n = r.n
    holes = r.hole
    seat: int | None = None
    if isinstance(who, int):
        if not 0 <= who < n:
            raise ValueError(f"there is no position {who} in this round")
        seat = who
        own: list[Hole | None] = [None] * n
        own[who] = holes[who]
        hole = tuple(own)
    elif who is Viewer.DEALER:
        hole = tuple(holes)
    else:
        hole = (None,) * n
    actor = r.actor
    # cards out that are in no hand, not on the board and not burned were exposed (and may be
    # replaced); a burn card a live dealer entered is out, but face down
    board = tuple(r.board)
    exposed: tuple[Card, ...] = ()
    in_hands = 0
    for h in holes:
        if h is not None:
            in_hands += len(h)
    if len(r.cards_out) > len(board) + in_hands:
        dealt = [h for h in holes if h is not None]
        burned = [e.card for e in r.events if isinstance(e, CardBurned) and e.card is not None]
        exposed = tuple(sorted(r.cards_out.difference(board, burned, *dealt)))
    legal = r.legal_actions() if seat is not None and seat == actor else None
    return RoundView(  # by position: the fields in their declared order
        seat,
        n,
        hole,
        tuple(r.shown),
        exposed,
        board,
        tuple(r.stacks),
        tuple(r.bets),
        tuple(r.folded),
        tuple(r.all_in),
        r.pot_total,
        r.current_bet,
        r.street,
        actor,
        "action" if actor is not None else r.awaiting(),
        legal,
        # a check where checking is allowed, else a call of what is owed (qld s4(2): no check
        # in the first round, so nothing to call there means open or fold)
        legal is not None and (legal.can_check or legal.call_amount > 0),
        r.config.min_bet,
        r.config.game,
    )


def hole_cards(r: Round, position: int, who: int | Viewer) -> tuple[Card, ...]:
    """The hole cards of ``position`` (as far as entered) if ``who`` may see them, else ``()``:
    a seat sees its own, the dealer every hand, others what was shown."""
    if _sees(who, position):
        return tuple(c for c in r.hole[position] or () if c is not None)
    return tuple(r.shown[position] or ())


def uth_box_cards(r: UthRound, box: int, who: str | Viewer) -> tuple[Card, ...]:
    """The cards dealt to an Ultimate Texas Hold'em box, if ``who`` (the box's player, or the
    dealer) may see them, else ``()``."""
    b = r.boxes.get(box)
    if b is None or not (who is Viewer.DEALER or who == b.player):
        return ()
    return tuple(b.hole)


def seat_view(r: Round, position: int) -> RoundView:
    """What the player at ``position`` sees: a bot's input."""
    return round_view(r, position)


def actor_view(r: Round) -> RoundView:
    """What the player to act sees (a driver hands it to that player's bot)."""
    if r.actor is None:
        raise ValueError(f"no player is to act: the round awaits {r.awaiting()}")
    return round_view(r, r.actor)


def _blank(cards: Sequence[Card | None]) -> Hole:
    return (None,) * len(cards)


def project_round_event(e: Event, who: int | Viewer) -> Event | None:
    """``e`` as ``who`` may receive it: another seat's hole cards and every burn card blanked
    (dealer excepted); ``None`` when nothing of it may be sent (the replacement card of
    another seat's exposed hole card, act-omaha-2017 17.20)."""
    if who is Viewer.DEALER:
        return e
    if isinstance(e, HoleDealt) and who != e.player:
        return HoleDealt(e.player, _blank(e.cards))
    if isinstance(e, CardBurned) and e.card is not None:
        return CardBurned(None)
    if isinstance(e, HoleCardReplaced) and who != e.player:
        return None
    return e


def project_round_events(events: Sequence[Event], who: int | Viewer) -> list[Event]:
    """A round's events as ``who`` may receive them (see :func:`project_round_event`)."""
    out = []
    for e in events:
        seen = project_round_event(e, who)
        if seen is not None:
            out.append(seen)
    return out


# ---------------------------------------------------------------------------------------------
# Tables: recipients by player name


@dataclass(frozen=True, slots=True)
class TableView:
    """A table as one recipient sees it: seats, chips and the round in progress."""

    seats: tuple[tuple[int, str, str], ...]  # (seat number, player, status)
    stacks: tuple[tuple[str, int], ...]
    hands: int
    players: tuple[str, ...]  # the round's players by position
    round: RoundView | None
    # croupier.table.absence: players whose connection dropped, with the end of their grace
    # period (server time), and players away past it (public: the table sees empty chairs)
    disconnected: tuple[tuple[str, int], ...] = ()
    absent: tuple[str, ...] = ()
    #: the clauses under which the floor may void a round here (the console suggests them)
    voiding_clauses: tuple[str, ...] = ()


def position_of(players: Sequence[str], who: str | Viewer) -> int | Viewer:
    """Whose eyes ``who`` reads a round through: a player's position among ``players``, a
    spectator's where not among them, a viewer's own (the dealer's, a spectator's)."""
    if isinstance(who, Viewer):
        return who
    return players.index(who) if who in players else Viewer.SPECTATOR


def table_view(t: Table, who: str | Viewer) -> TableView:
    """The table as ``who`` (a player's name, the dealer or spectators) may see it; a player
    not dealt into the round in progress sees it as a spectator."""
    r = t.round
    return TableView(
        seats=tuple((n, s.player, s.status.value) for n, s in t.seating.seats),
        stacks=tuple(sorted(t.stacks.items())),
        hands=t.hands,
        players=t.players,
        round=None if r is None else round_view(r, position_of(t.players, who)),
        disconnected=tuple(sorted(t.disconnected.items())),
        absent=tuple(sorted(t.absent)),
        voiding_clauses=t.rules.voiding_clauses,
    )


def project_table_events(events: Sequence[TableEvent], who: str | Viewer) -> list[TableEvent]:
    """A table's events as ``who`` may receive them (see :func:`project_table_event`)."""
    out: list[TableEvent] = []
    players: tuple[str, ...] = ()
    for e in events:
        if isinstance(e, RoundStarted):
            players = e.players
        out.append(project_table_event(e, position_of(players, who)))
    return out


def project_table_event(e: TableEvent, pos: int | Viewer) -> TableEvent:
    """``e`` as the recipient at round position ``pos`` (or a viewer) may receive it: cards
    dealt to other seats blanked, in the cards croupier dealt (:class:`CardsDealt`), in those
    a live dealer entered and in a replacement card a floor report names."""
    if isinstance(e, CardsDealt):
        return CardsDealt(tuple(project_round_events(e.events, pos)))
    if isinstance(e, RoundProgressed):
        return RoundProgressed(tuple(project_round_events(e.events, pos)), e.at)
    if isinstance(e, RoundStarted):
        return replace(e, opening=tuple(project_round_events(e.opening, pos)))
    if (
        isinstance(e, FloorReported)
        and isinstance(e.incident, DealIrregularity | CardOffTable)
        and e.incident.replacement is not None
        and (e.incident.player is None or not _sees(pos, e.incident.player))
    ):
        # a replacement hole card a live dealer dealt (qld-holdem-2005 s32; dunedin-house 70)
        blank = replace(e.incident, replacement=None)
        said = repr(e.incident)
        ruled = tuple(
            replace(x, report=repr(blank)) if isinstance(x, RulingMade) and x.report == said else x
            for x in project_round_events(e.events, pos)
        )
        return FloorReported(blank, ruled, e.at)
    if isinstance(e, FloorReported):
        return replace(e, events=tuple(project_round_events(e.events, pos)))
    return e


__all__ = [
    "RoundView",
    "TableView",
    "Viewer",
    "actor_view",
    "hole_cards",
    "position_of",
    "project_round_event",
    "project_round_events",
    "project_table_event",
    "project_table_events",
    "round_view",
    "seat_view",
    "table_view",
    "uth_box_cards",
]
