"""An Ultimate Texas Hold'em table over many rounds: seats, players' chips, the house bank, the
5.4 warnings, seated players who abstain (act-uth-2025 15.7), and the shuffle before each round
(6.1).

6.1 as the table applies it: (a) every round is dealt from a fresh shuffle, so a round dealt
from a deck order this table has dealt before is refused, and a live dealer records the shuffle
(:meth:`UthTable.record_shuffle`) before each round they deal; (b) after a round voided by a
misdeal (13.x) the next shuffle cites 6.1(b); (c) the supervisor may order a shuffle between
rounds, recorded with the reason given. The deck order stays an input, held by the dealer side:
the :class:`Shuffled` event records only the shoe's salted commitment to it
(:func:`croupier.shoe.commitment_of`), published before the deal and checked against the
order and salt the shoe reveals after the round. A deck dealt before is known by its
commitment (from the events) or, at the live table, by the order itself, which the table
remembers as the dealer side's input, never as state or in an event.

Every change is a :class:`TableEvent`; each round's own events live in its
:class:`~croupier.uth.game.UthRound`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from croupier.cards import Card
from croupier.fold import Handler, handlers, on
from croupier.rules import IllegalAction, Ruling
from croupier.rules.uth import UthRules
from croupier.shoe import ShuffledDeck
from croupier.uth.game import ShoeKind, TableState, UthConfig, UthRound

ABSTAIN_ROUNDS = 3


@dataclass(frozen=True, slots=True)
class TableEvent:
    """Base class of table events."""


@dataclass(frozen=True, slots=True)
class Seated(TableEvent):
    box: int
    player: str
    chips: int


@dataclass(frozen=True, slots=True)
class Left(TableEvent):
    box: int
    player: str
    chips: int
    clause: str = ""


@dataclass(frozen=True, slots=True)
class RoundRecorded(TableEvent):
    """A finished round: the table after it, the seated players who placed no wager, the
    clause that voided it, if it was voided, and whether that was a misdeal (13.x: the next
    shuffle is 6.1(b)'s)."""

    after: TableState
    abstained: tuple[str, ...]
    voided: str = ""
    misdeal: bool = False


@dataclass(frozen=True, slots=True)
class Shuffled(TableEvent):
    """The cards were shuffled for the next round (6.1). ``commitment``: the shoe's salted
    commitment to the deck order of an automatic round (:class:`croupier.shoe.ShuffledDeck`);
    empty for a live dealer's shuffle, which croupier cannot see, and for an order given
    without a shoe's commitment (tests and replays). ``ordered``: the supervisor ordered it
    between rounds (6.1(c)); it opens no round."""

    clause: str
    reason: str
    commitment: str = ""
    cut_at: int = 0  # cards the dealer lifted in the cut after a manual shuffle (6.3)
    cut_clause: str = ""  # 6.3, when a card shoe is in use and the cut is recorded
    ordered: bool = False


@dataclass(frozen=True, slots=True)
class DisputeDecided(TableEvent):
    """The casino operator's decision in a dispute (15.5: final, subject to a review if
    requested): the player's claim, the decision and the correction to their chips from the
    house bank (negative: back to the bank). ``settled``: what the box's settlement in the last
    round paid the player, if it had one (the corrected settlement pays ``settled +
    correction``)."""

    box: int
    player: str
    claim: str
    decision: str
    correction: int
    settled: int | None
    clause: str


@dataclass(frozen=True, slots=True)
class ChipsAdded(TableEvent):
    """A seated player's chips topped up between rounds (bought at the cage)."""

    box: int
    player: str
    chips: int


@dataclass(frozen=True, slots=True)
class ChipsRedeemed(TableEvent):
    """Some of a seated player's chips taken off the table between rounds (to the cage)."""

    box: int
    player: str
    chips: int


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


class UthTable:
    """Seats players, starts rounds and carries their results from one round to the next."""

    def __init__(self, config: UthConfig, bank: int) -> None:
        self.config = config
        self.events: list[TableEvent] = []
        self.seats: dict[int, str] = {}
        self.chips: dict[str, int] = {}
        self.bank = bank
        self.warned: frozenset[str] = frozenset()
        self.abstained: dict[str, int] = {}
        self.round: UthRound | None = None
        self.dealt: set[str] = set()  # commitments to the deck orders this table has dealt
        # the deck orders dealt here, as the dealer side remembers them (an input, not state)
        self._orders: set[tuple[Card, ...]] = set()
        self.shuffled = False  # a live dealer's shuffle recorded since the last round
        self.misdealt = False  # the last round was voided by a misdeal (13.x)

    @classmethod
    def from_events(cls, config: UthConfig, bank: int, events: Sequence[TableEvent]) -> UthTable:
        """Rebuild a table (between rounds) by folding its events."""
        t = cls(config, bank)
        for e in events:
            t._emit(e)
        return t

    @property
    def rules(self) -> UthRules:
        """The rulebook the table plays under."""
        return self.config.rules

    @property
    def state(self) -> TableState:
        return TableState(dict(self.chips), self.bank, self.warned, dict(self.seats))

    def _in_round(self) -> bool:
        """From ``new_round`` until ``finish_round`` records the result: seats, chips and the
        shuffle change only between recorded rounds (the record replaces the table's chips)."""
        return self.round is not None

    def _unrecorded(self) -> str:
        r = self.round
        return " (the round has ended: record it first)" if r is not None and r.is_over else ""

    def seat(self, box: int, player: str, chips: int) -> Seated:
        rules = self.rules
        if not 1 <= box <= self.config.boxes:
            raise _refuse(rules.wager_clause, f"there is no box {box}")
        if box in self.seats:
            raise _refuse(rules.one_box_clause, f"box {box} is taken by {self.seats[box]}")
        if player in self.chips:
            raise _refuse(rules.one_hand_clause, f"{player} is already seated")
        if chips < 0:
            raise _refuse(rules.wager_clause, f"chips are whole and not negative: {chips}")
        if self._in_round():
            raise _refuse(
                rules.no_more_wagers_clause,
                "a player takes a seat between rounds" + self._unrecorded(),
            )
        e = Seated(box, player, chips)
        self._emit(e)
        return e

    def leave(self, box: int, clause: str = "") -> Left:
        if box not in self.seats:
            raise _refuse(self.rules.wager_clause, f"no one sits at box {box}")
        if self._in_round():
            raise _refuse(
                self.rules.no_more_wagers_clause,
                "a player leaves between rounds" + self._unrecorded(),
            )
        p = self.seats[box]
        e = Left(box, p, self.chips[p], clause)
        self._emit(e)
        return e

    def why_not_change_chips(self, box: int, chips: int, out: bool) -> Ruling | None:
        """Why ``chips`` may not be added to (``out``: taken from) box ``box``'s player's
        chips now, or ``None``: only between rounds, whole chips, no more than they have."""
        rules = self.rules
        if box not in self.seats:
            return Ruling(rules.wager_clause, f"no one sits at box {box}")
        if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
            return Ruling(rules.wager_clause, f"chips are whole and positive: {chips!r}")
        if self._in_round():
            return Ruling(
                rules.no_more_wagers_clause, "chips change between rounds" + self._unrecorded()
            )
        have = self.chips[self.seats[box]]
        if out and chips > have:
            return Ruling(rules.wager_clause, f"{self.seats[box]} has {have} chips, not {chips}")
        return None

    def add_chips(self, box: int, chips: int) -> ChipsAdded:
        """More chips for the player at ``box``, between rounds."""
        why = self.why_not_change_chips(box, chips, out=False)
        if why is not None:
            raise IllegalAction(why)
        e = ChipsAdded(box, self.seats[box], chips)
        self._emit(e)
        return e

    def redeem(self, box: int, chips: int) -> ChipsRedeemed:
        """Some of the chips of the player at ``box`` off the table, between rounds."""
        why = self.why_not_change_chips(box, chips, out=True)
        if why is not None:
            raise IllegalAction(why)
        e = ChipsRedeemed(box, self.seats[box], chips)
        self._emit(e)
        return e

    def fold(self, e: TableEvent) -> None:
        """Fold one of the table's own events (a stream rebuilt event by event)."""
        self._emit(e)

    def shuffle_clause(self) -> str:
        """The clause of the next round's shuffle: 6.1(a), or (b) after a misdeal."""
        return (
            self.rules.misdeal_shuffle_clause if self.misdealt else self.rules.round_shuffle_clause
        )

    def _cut(self, cut_at: int) -> str:
        """6.3's clause for a cut recorded at a card shoe ("": no card shoe, or no cut told)."""
        return self.rules.cut_clause if self.config.shoe is ShoeKind.CARD_SHOE and cut_at else ""

    def _round_shuffle(self, commitment: str = "", cut_at: int = 0) -> Shuffled:
        """The shuffle for the next round: 6.1(a), or (b) after a misdeal; with its cut (6.3)."""
        reason = "misdeal" if self.misdealt else "round"
        clause = self._cut(cut_at)
        return Shuffled(self.shuffle_clause(), reason, commitment, cut_at if clause else 0, clause)

    def check_cut(self, cut_at: object) -> None:
        """6.3: with a card shoe the dealer cuts the cards after the manual shuffle, lifting
        some of them and leaving some (``cut_at``: the cards lifted)."""
        if self.config.shoe is not ShoeKind.CARD_SHOE:
            return
        if not isinstance(cut_at, int) or isinstance(cut_at, bool) or not 1 <= cut_at < 52:
            raise _refuse(
                self.rules.cut_clause,
                "with a card shoe the dealer cuts the cards after the shuffle: record the cut "
                f"(the cards lifted, 1 to 51), not {cut_at!r}",
            )

    def record_shuffle(self, reason: str = "", cut_at: int = 0) -> Shuffled:
        """A live dealer's shuffle before the next round (6.1(a); (b) after a misdeal), or one
        the supervisor orders between rounds (6.1(c): ``reason`` says why); with a card shoe,
        the dealer's cut after it (6.3: ``cut_at``, the cards lifted)."""
        if self._in_round():
            raise _refuse(
                self.rules.ordered_shuffle_clause,
                "the cards are shuffled between rounds; a round in progress is voided first"
                + self._unrecorded(),
            )
        self.check_cut(cut_at)
        cut = self._cut(cut_at)
        if reason:
            ordered = self.rules.ordered_shuffle_clause
            e = Shuffled(ordered, reason, "", cut_at if cut else 0, cut, ordered=True)
        else:
            e = self._round_shuffle(cut_at=cut_at)
        self._emit(e)
        return e

    def decide_dispute(
        self, box: int, claim: str, decision: str, correction: int, settled: int | None
    ) -> DisputeDecided:
        """Record the casino operator's decision in a dispute (15.5), between rounds: the
        correction moves chips between the house bank and the player at ``box``."""
        self.check_dispute(box, claim, decision, correction)
        e = DisputeDecided(
            box, self.seats[box], claim.strip(), decision.strip(), correction, settled,
            self.rules.dispute_clause,
        )  # fmt: skip
        self._emit(e)
        return e

    def check_dispute(self, box: int, claim: str, decision: str, correction: int) -> None:
        """Refuse a dispute's record that cannot be made now (see :meth:`decide_dispute`)."""
        clause = self.rules.dispute_clause
        p = self.seats.get(box)
        if p is None:
            raise _refuse(clause, f"no one sits at box {box}: a correction is paid at the cage")
        for what, text in (("claim", claim), ("decision", decision)):
            if not isinstance(text, str) or not text.strip():
                raise _refuse(clause, f"a dispute is recorded with the {what}, in words")
        if not isinstance(correction, int) or isinstance(correction, bool):
            raise _refuse(clause, f"a correction is a whole number of chips, not {correction!r}")
        if correction and self._in_round():
            raise _refuse(
                clause,
                "chips are corrected between rounds: settle the round first" + self._unrecorded(),
            )
        if -correction > self.chips[p]:
            raise _refuse(clause, f"{p} has {self.chips[p]} chips; {-correction} cannot come back")

    def new_round(
        self,
        deck: Sequence[Card] | ShuffledDeck | None = None,
        commitment: str = "",
        cut_at: int = 0,
    ) -> UthRound:
        """A round with the table's players and bank; ``deck`` (a fresh shuffle, 6.1) makes it
        automatic: a shoe's :class:`ShuffledDeck`, whose commitment and cut (6.3, at a card
        shoe) are recorded, or a bare order (tests and replays; ``commitment`` and ``cut_at``:
        the shoe's, when the dealer side holds the order apart from its salt). Without one a
        live dealer deals, after recording the shuffle."""
        if self._in_round():
            raise _refuse("croupier round", "the current round has not ended" + self._unrecorded())
        order = deck.order if isinstance(deck, ShuffledDeck) else deck
        if order is None:
            if not self.shuffled:
                raise _refuse(
                    self.shuffle_clause(),
                    "the cards are shuffled before each round: record the shuffle first",
                )
            self.round = UthRound(self.config, self.state, None)
            return self.round
        commitment = deck.commitment if isinstance(deck, ShuffledDeck) else commitment
        cut_at = deck.cut_at if isinstance(deck, ShuffledDeck) else cut_at
        key = tuple(order)
        if key in self._orders or (commitment and commitment in self.dealt):
            raise _refuse(
                self.shuffle_clause(),
                "this deck order was dealt at this table before: shuffle the cards again",
            )
        r = UthRound(self.config, self.state, order)  # checks the deck before any event
        self._emit(self._round_shuffle(commitment, cut_at))
        self._orders.add(key)
        self.round = r
        return r

    def finish_round(self) -> RoundRecorded:
        """Record the round just ended."""
        r = self.round
        if r is None or not r.is_over:
            raise _refuse("croupier round", "no round has ended")
        wagered = {b.player for b in r.boxes.values()}
        idle = tuple(p for _, p in sorted(self.seats.items()) if p not in wagered)
        v = r.void
        e = RoundRecorded(r.table_after(), idle, v.clause if v else "", bool(v and v.misdeal))
        self._emit(e)
        self.round = None
        return e

    def why_not_vacate(self, box: int) -> Ruling | None:
        """Why the player at ``box`` may not be required to vacate it (15.7), or ``None``."""
        vacate = self.rules.vacate_clause
        p = self.seats.get(box)
        if p is None:
            return Ruling(vacate, f"no one sits at box {box}")
        n = self.abstained.get(p, 0)
        if n < ABSTAIN_ROUNDS:
            return Ruling(vacate, f"{p} has abstained {n} consecutive round(s), not three")
        if len(self.seats) < self.config.boxes:
            return Ruling(vacate, "a seat is free: 15.7 applies only when all seats are in use")
        return None

    def require_vacate(self, box: int) -> Left:
        """The floor requires a seated player who abstained three rounds to vacate (15.7)."""
        why = self.why_not_vacate(box)
        if why is not None:
            raise IllegalAction(why)
        return self.leave(box, self.rules.vacate_clause)

    # -- fold ---------------------------------------------------------------------------

    def _emit(self, e: TableEvent) -> None:
        self.events.append(e)
        self._FOLD[type(e)](self, e)

    def _f_seated(self, e: Seated) -> None:
        self.seats[e.box] = e.player
        self.chips[e.player] = e.chips
        self.abstained[e.player] = 0

    def _f_left(self, e: Left) -> None:
        del self.seats[e.box]
        del self.chips[e.player]
        del self.abstained[e.player]

    def _f_added(self, e: ChipsAdded) -> None:
        self.chips[e.player] += e.chips

    def _f_redeemed(self, e: ChipsRedeemed) -> None:
        self.chips[e.player] -= e.chips

    def _f_recorded(self, e: RoundRecorded) -> None:
        self.chips = dict(e.after.chips)
        self.bank = e.after.bank
        self.warned = e.after.warned
        for p in self.chips:
            self.abstained[p] = self.abstained[p] + 1 if p in e.abstained else 0
        self.shuffled = False
        self.misdealt = e.misdeal

    def _f_dispute(self, e: DisputeDecided) -> None:
        self.chips[e.player] += e.correction
        self.bank -= e.correction

    def _f_shuffled(self, e: Shuffled) -> None:
        self.shuffled = True
        if e.commitment:
            self.dealt.add(e.commitment)
        if not e.ordered:
            self.misdealt = False

    _FOLD: ClassVar[dict[type[Any], Handler[UthTable]]] = handlers(
        on(Seated, _f_seated),
        on(Left, _f_left),
        on(RoundRecorded, _f_recorded),
        on(Shuffled, _f_shuffled),
        on(ChipsAdded, _f_added),
        on(ChipsRedeemed, _f_redeemed),
        on(DisputeDecided, _f_dispute),
    )


__all__ = [
    "ABSTAIN_ROUNDS",
    "ChipsAdded",
    "ChipsRedeemed",
    "DisputeDecided",
    "Left",
    "RoundRecorded",
    "Seated",
    "Shuffled",
    "TableEvent",
    "UthTable",
]
