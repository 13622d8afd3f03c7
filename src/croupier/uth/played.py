"""An Ultimate Texas Hold'em table as a card room plays it: the table (:class:`UthTable`) and
its round in progress (:class:`UthRound`), one stream of events, folded.

The stream holds the table's own events (seats, chips in and out, shuffles, recorded rounds)
and the round's (:mod:`croupier.uth.events`) in the order they happened. A :class:`Shuffled`
event carrying a shoe's commitment opens the round dealt from that deck (6.1: a fresh shuffle
for every round, its commitment published before the deal); the round's events follow; the
:class:`RoundRecorded` event the table writes once the round is over closes it. So the state
after any event is the fold of the events up to it (:meth:`UthPlay.from_events`), a round in
progress included. The deck order is never in an event: the dealer side holds it and gives a
rebuilt round its deck (:meth:`UthPlay.hold_deck`).

Chips reach and leave the table only through :meth:`UthPlay.buy_in` and
:meth:`UthPlay.cash_out` (the cage's business, between rounds); in between they move only by
the round's events between the players, the layout and the house bank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from croupier.cards import Card
from croupier.rules import IllegalAction, Ruling
from croupier.uth.commands import UthCommand
from croupier.uth.events import UthEvent
from croupier.uth.game import TableState, UthConfig, UthRound
from croupier.uth.table import RoundRecorded, Shuffled, TableEvent, UthTable

#: Commands to the table itself rather than to its round.
DEALING = "croupier dealing"

PlayEvent = TableEvent | UthEvent


@dataclass(frozen=True, slots=True)
class UthTableCommand:
    """Base class of commands to a UTH table itself (not to its round)."""


@dataclass(frozen=True, slots=True)
class StartUthRound(UthTableCommand):
    """Open the next round, dealt from a shuffled deck (6.1): ``deck_order`` held by the table
    for the deal and never recorded, ``commitment`` the shoe's, published with the shuffle."""

    deck_order: tuple[Card, ...] | None = field(default=None, repr=False)
    commitment: str = ""
    cut_at: int = 0  # the cards lifted in the cut (6.3: recorded when a card shoe is in use)


@dataclass(frozen=True, slots=True)
class DecideDispute(UthTableCommand):
    """The casino operator decides a dispute at ``box`` (act-uth-2025 15.5: final, subject to
    a review by the ACT Gambling and Racing Commission if requested): the player's ``claim``,
    the ``decision``, and the ``correction`` to their chips from the house bank (negative: back
    to the bank), made between rounds."""

    box: int
    claim: str
    decision: str
    correction: int = 0


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


class UthPlay:
    """A UTH table with its round in progress, as one stream of events (see the module)."""

    def __init__(self, config: UthConfig, bank: int = 0) -> None:
        self.config = config
        self.table = UthTable(config, bank)
        self.commitment = ""  # the commitment of the round in progress, or of the last one
        self.last: UthRound | None = None  # the last round recorded (its results stay on view)

    # ------------------------------------------------------------------------------------
    # Queries

    @property
    def round(self) -> UthRound | None:
        return self.table.round

    @property
    def state(self) -> TableState:
        """The table between rounds (as the round in progress started from)."""
        return self.table.state

    @property
    def bank(self) -> int:
        """The house bank: its wins less its losses since the table opened (with its float)."""
        r = self.table.round
        return self.table.bank if r is None else r.bank

    @property
    def player_chips(self) -> int:
        """The players' chips at the table, those on the layout included."""
        r = self.table.round
        if r is None:
            return sum(self.table.chips.values())
        return sum(r.chips.values()) + r.layout

    def box_of(self, player: str) -> int | None:
        return next((b for b, p in self.table.seats.items() if p == player), None)

    def free_box(self) -> int | None:
        return next((b for b in range(1, self.config.boxes + 1) if b not in self.table.seats), None)

    # ------------------------------------------------------------------------------------
    # The cage's verbs: ``commit=False`` checks only; a refusal changes nothing

    def buy_in(self, player: str, chips: int, box: int = 0, commit: bool = True) -> list[PlayEvent]:
        """Chips for ``player``: seated at ``box`` (0: their own box, else the first free one)
        or, already seated, added to their chips."""
        t = self.table
        rules = self.config.rules
        own = self.box_of(player)
        if own is not None:
            if box not in (0, own):
                raise _refuse(rules.one_hand_clause, f"{player} is seated at box {own}")
            why = t.why_not_change_chips(own, chips, out=False)
            if why is not None:
                raise IllegalAction(why)
            return [t.add_chips(own, chips)] if commit else []
        if box == 0:
            found = self.free_box()
            if found is None:
                raise _refuse(rules.one_box_clause, "every box is taken")
            box = found
        if not isinstance(box, int) or not 1 <= box <= self.config.boxes:
            raise _refuse(rules.wager_clause, f"there is no box {box!r}")
        if box in t.seats:
            raise _refuse(rules.one_box_clause, f"box {box} is taken by {t.seats[box]}")
        if t.round is not None:
            raise _refuse(rules.no_more_wagers_clause, "a player takes a seat between rounds")
        return [t.seat(box, player, chips)] if commit else []

    def cash_out(self, player: str, chips: int, commit: bool = True) -> list[PlayEvent]:
        """``chips`` of ``player``'s off the table; all of them: the player leaves the box."""
        t = self.table
        box = self.box_of(player)
        if box is None:
            raise _refuse(self.config.rules.wager_clause, f"{player} is not seated at this table")
        why = t.why_not_change_chips(box, chips, out=True)
        if why is not None:
            raise IllegalAction(why)
        if not commit:
            return []
        if chips == t.chips[player]:
            return [t.leave(box)]
        return [t.redeem(box, chips)]

    # ------------------------------------------------------------------------------------
    # The dealer's, players' and floor's commands

    def command(self, cmd: UthCommand | UthTableCommand, commit: bool = True) -> list[PlayEvent]:
        """Apply a command (``commit=False``: check it): the events, or :class:`IllegalAction`
        and nothing changed. A round that ends is recorded at once (the table's next round
        may then open)."""
        if isinstance(cmd, StartUthRound):
            return self._start(cmd, commit)
        if isinstance(cmd, DecideDispute):
            return self._dispute(cmd, commit)
        if not isinstance(cmd, UthCommand):
            raise _refuse(DEALING, f"a UTH table takes no {type(cmd).__name__} command")
        r = self.table.round
        if r is None:
            raise _refuse(
                self.config.rules.round_shuffle_clause,
                "no round is open: the dealer opens one from the shoe",
            )
        if not commit:
            why = r.why_illegal(cmd)
            if why is not None:
                raise IllegalAction(why)
            return []
        events: list[PlayEvent] = list(r.apply(cmd))
        if r.is_over:
            events.append(self.table.finish_round())
            self.last = r
        return events

    def _start(self, cmd: StartUthRound, commit: bool) -> list[PlayEvent]:
        t = self.table
        if t.round is not None:
            raise _refuse("croupier round", "the current round has not ended")
        if not t.seats:
            raise _refuse(DEALING, "no player is seated: the cage seats players first")
        if cmd.deck_order is None or not cmd.commitment:
            raise _refuse(
                DEALING, "a round is dealt from the shoe's deck, its commitment published"
            )
        if cmd.commitment in t.dealt:
            raise _refuse(
                t.shuffle_clause(),
                "this deck order was dealt at this table before: shuffle the cards again",
            )
        try:
            UthRound(self.config, t.state, cmd.deck_order)  # checks the deck
        except ValueError as e:
            raise _refuse(self.config.rules.deck_clause, str(e)) from e
        t.check_cut(cmd.cut_at)
        if not commit:
            return []
        t.new_round(cmd.deck_order, cmd.commitment, cmd.cut_at)
        self.commitment = cmd.commitment
        return [t.events[-1]]  # the shuffle, its commitment published

    def _dispute(self, cmd: DecideDispute, commit: bool) -> list[PlayEvent]:
        """15.5: the operator's decision recorded, with the box's last settlement and its
        correction (the chips move between the house bank and the player)."""
        t = self.table
        t.check_dispute(cmd.box, cmd.claim, cmd.decision, cmd.correction)
        if not commit:
            return []
        settled = None
        box = None if self.last is None else self.last.boxes.get(cmd.box)
        if box is not None and box.player == t.seats[cmd.box] and box.settled is not None:
            settled = box.settled.paid_to_player
        return [t.decide_dispute(cmd.box, cmd.claim, cmd.decision, cmd.correction, settled)]

    def hold_deck(self, order: Sequence[Card], commitment: str) -> bool:
        """Give a round rebuilt from the events, not yet dealt, the deck it is dealt from (held
        by the dealer side); whether it took it (``commitment`` must be the round's)."""
        r = self.table.round
        if r is None or r.dealt or r.deck is not None or commitment != self.commitment:
            return False
        UthRound(self.config, r.start, order)  # checks the deck
        r.deck = tuple(order)
        return True

    # ------------------------------------------------------------------------------------
    # The fold

    @classmethod
    def from_events(cls, config: UthConfig, events: Sequence[PlayEvent], bank: int = 0) -> UthPlay:
        """The table after ``events`` (its round in progress too, without its deck)."""
        p = cls(config, bank)
        for e in events:
            p.fold(e)
        return p

    def fold(self, e: PlayEvent) -> None:
        t = self.table
        if isinstance(e, UthEvent):
            r = t.round
            if r is None:  # a round a live dealer opened (no commitment)
                r = t.round = UthRound(self.config, t.state, None)
            r.fold(e)
            return
        t.fold(e)
        if isinstance(e, Shuffled) and e.commitment and not e.ordered:
            t.round = UthRound(self.config, t.state, None)
            self.commitment = e.commitment
        elif isinstance(e, RoundRecorded):
            self.last, t.round = t.round, None


__all__ = [
    "DEALING",
    "DecideDispute",
    "PlayEvent",
    "StartUthRound",
    "UthPlay",
    "UthTableCommand",
]
