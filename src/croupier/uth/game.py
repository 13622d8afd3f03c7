"""One round of Ultimate Texas Hold'em (act-uth-2025), event-sourced.

:class:`UthRound` answers :meth:`~UthRound.legal_actions`, :meth:`~UthRound.why_illegal` (a
:class:`Ruling` citing the clause) and :meth:`~UthRound.apply` (events, or
:class:`IllegalAction` and nothing changed), as the poker engine does. ``_fold`` is the only
code that changes state, so :meth:`UthRound.from_events` rebuilds a round from its events.

Chips: each player's chips at the table, the house bank and the chips on the layout always add
up to what they were before the round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum, StrEnum
from typing import Any

from croupier.cards import Card, Deck
from croupier.fold import handlers, on
from croupier.hands import evaluate
from croupier.uth import irregularities
from croupier.uth.commands import (
    Bet,
    BoardExposed,
    Check,
    Deal,
    DealCard,
    DealerCardExposed,
    DeckIrregularity,
    DeclareMisdeal,
    DeemFolded,
    EmptyBoxDealt,
    Fold,
    IllegalAction,
    PlaceMarker,
    PlaceWagers,
    Ruling,
    SettleAll,
    SettleNext,
    ShoeMalfunction,
    Tick,
    UthCommand,
    VoidBox,
    VoidRound,
    WithdrawWagers,
)
from croupier.uth.events import (
    BOARD,
    DEALER,
    BoardRevealed,
    BoxSettled,
    BoxVoided,
    CardDealt,
    ClockTicked,
    DealCompleted,
    DealerHandDeclared,
    Decided,
    MarkerPlaced,
    PlayerWarned,
    RoundEnded,
    RulingMade,
    UthEvent,
    UthRoundVoided,
    WagersPlaced,
    WagersWithdrawn,
)
from croupier.uth.limits import MARKER, MULTIPLES, UNDER_MINIMUM, TableLimits, counted_stake
from croupier.uth.paytables import ACT_UTH_2025, Payouts
from croupier.uth.settle import ORDER, Box, Wager, dealer_qualifies, settle

R = "act-uth-2025 "
BANK = R + "10.1"  # the house pays the odds of 10.1 from its bank
DECK = Deck.standard()  # 2.1: one 52-card deck without jokers


class ShoeKind(StrEnum):
    AUTOMATED = "automated"  # 7.2: an automated shuffling shoe, two cards at a time
    CARD_SHOE = "card-shoe"  # 7.3: a card shoe, one card at a time


class Phase(IntEnum):
    WAGERS = 0
    DEALING = 1
    PREFLOP = 2
    FLOP = 3
    RIVER = 4
    SETTLEMENT = 5
    OVER = 6


DECISION_PHASES = (Phase.PREFLOP, Phase.FLOP, Phase.RIVER)
#: Play multiples open in each betting round (8.1(c)(ii), 8.3(c)(ii), 8.5(b)(ii)).
PLAY_MULTIPLES = {Phase.PREFLOP: (3, 4), Phase.FLOP: (2,), Phase.RIVER: (1,)}
DECISION_CLAUSE = {Phase.PREFLOP: R + "8.1", Phase.FLOP: R + "8.3", Phase.RIVER: R + "8.5"}
FOLD_CLAUSE = {
    Phase.PREFLOP: R + "8.1",
    Phase.FLOP: R + "8.3",
    Phase.RIVER: R + "8.5",
    Phase.SETTLEMENT: R + "9.1",
}
TIMEOUT = R + "13.8 (second)"


@dataclass(frozen=True)
class UthConfig:
    """A table's settings, fixed before the round: limits (5.1, 5.3), pay tables (10.1), the
    number of boxes, the shoe (2.2) and the decision time the house allows (13.8 (second):
    "a reasonable period", ``None`` where only the dealer's report applies)."""

    limits: TableLimits
    boxes: int = 6
    payouts: Payouts = ACT_UTH_2025
    shoe: ShoeKind = ShoeKind.AUTOMATED
    decision_seconds: int | None = None
    #: Whether the house bank may go below zero (the house pays on credit, as a room's books
    #: do from a float of 0); without credit a wager is taken only where the bank can pay the
    #: most that every box's wagers could win (croupier's reading of 10.1: the house pays).
    credit: bool = True

    def __post_init__(self) -> None:
        if not 1 <= self.boxes <= 7:
            raise ValueError(f"the layout (act-uth-2025 1.1) has 1 to 7 boxes, not {self.boxes}")
        if self.decision_seconds is not None and self.decision_seconds < 1:
            raise ValueError("the decision time must be at least one second")


@dataclass(frozen=True)
class TableState:
    """What a round starts from: each player's chips, the house bank, who has had the 5.4
    warning, and who is seated at which box (unseated boxes may be played by anyone)."""

    chips: Mapping[str, int]
    bank: int = 0
    warned: frozenset[str] = frozenset()
    seats: Mapping[int, str] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.bank + sum(self.chips.values())


@dataclass
class BoxState:
    player: str
    ante: int
    blind: int
    trips: int
    play: int = 0
    multiple: int = 0
    folded: bool = False
    checked_in: Phase | None = None  # the last betting round the box checked in
    hole: list[Card] = field(default_factory=list)
    settled: BoxSettled | None = None
    void: bool = False

    @property
    def stakes(self) -> int:
        return self.ante + self.blind + self.trips + self.play

    @property
    def continuing(self) -> bool:
        """Still to be settled against the dealer (9.3)."""
        return not (self.folded or self.void or self.settled)


@dataclass(frozen=True)
class Decisions:
    """What a box may do now: check, fold, and the Play multiples open to it."""

    box: int
    can_check: bool
    can_fold: bool
    multiples: tuple[int, ...]


def deal_order(boxes: Sequence[int], shoe: ShoeKind) -> list[tuple[int, str]]:
    """Recipients of each card in dealing order, with the clause: five communal cards, then
    the boxes from the dealer's left and the dealer, as 7.2 or 7.3 says."""
    if shoe is ShoeKind.AUTOMATED:
        c = R + "7.2"
        out = [(BOARD, c + "(a)")] * 5
        for b in boxes:
            out += [(b, c + "(c)")] * 2
        return out + [(DEALER, c + "(d)")] * 2
    c = R + "7.3"
    out = [(BOARD, c + "(a)")] * 5
    out += [(b, c + "(c)") for b in boxes] + [(DEALER, c + "(d)")]
    return out + [(b, c + "(e)") for b in boxes] + [(DEALER, c + "(f)")]


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class UthRound:
    """One round of play at one table. ``deck`` (52 cards, dealing order) makes it automatic:
    :class:`Deal` deals from it. Without it the dealer enters each card with :class:`DealCard`."""

    def __init__(self, config: UthConfig, table: TableState, deck: Sequence[Card] | None = None):
        if deck is not None:
            DECK.check(tuple(deck))
            if len(deck) != DECK.size or len(set(deck)) != DECK.size:
                raise ValueError(f"an automatic round deals from all {DECK.size} cards (2.1)")
        for p, c in table.chips.items():
            if not _is_int(c) or c < 0:
                raise ValueError(f"player {p!r} has {c!r} chips; chips are whole and >= 0")
        self.config = config
        self.start = table
        self.deck = tuple(deck) if deck is not None else None
        self.events: list[UthEvent] = []
        self.chips = dict(table.chips)
        self.bank = table.bank
        self.warned = set(table.warned)
        self.phase = Phase.WAGERS
        self.boxes: dict[int, BoxState] = {}
        self.markers: dict[int, int] = {}
        self.dealt: list[tuple[int, Card]] = []
        self.order: list[tuple[int, str]] = []
        self.board: list[Card] = []
        self.dealer: list[Card] = []
        self.revealed = 0
        self.plays = 0  # Play wagers made so far (13.4)
        self.clock: int | None = None
        self.window_opened: int | None = None
        self.dealer_hand: DealerHandDeclared | None = None
        self.void: UthRoundVoided | None = None

    # ------------------------------------------------------------------------------------
    # Queries

    @property
    def automatic(self) -> bool:
        return self.deck is not None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def layout(self) -> int:
        """Chips on the layout: stakes of boxes not yet settled or returned."""
        return sum(b.stakes for b in self.boxes.values() if not (b.settled or b.void))

    def pending(self) -> list[int]:
        """Boxes still to decide in this betting round, from the dealer's left."""
        if self.phase not in DECISION_PHASES:
            return []
        return [n for n, b in sorted(self.boxes.items()) if self._undecided(b)]

    def _undecided(self, b: BoxState) -> bool:
        return b.continuing and not b.play and b.checked_in != self.phase

    def to_settle(self) -> list[int]:
        """Continuing boxes in settlement order, from the dealer's right (9.3)."""
        return [n for n, b in sorted(self.boxes.items(), reverse=True) if b.continuing]

    def next_recipient(self) -> int | None:
        """Who the next card goes to (dealer-driven mode), or ``None`` when none is due."""
        if self.phase is Phase.WAGERS:
            order = deal_order(self._wagered(), self.config.shoe)
            return order[0][0] if self._wagered() else None
        if self.phase is Phase.DEALING:
            return self.order[len(self.dealt)][0]
        return None

    def _wagered(self) -> list[int]:
        return sorted(self.boxes)

    def legal_actions(self) -> list[Decisions]:
        """What each box may decide now (every undecided box decides independently)."""
        out = []
        for n in self.pending():
            b = self.boxes[n]
            ms = tuple(m for m in PLAY_MULTIPLES[self.phase] if m * b.ante <= self.chips[b.player])
            out.append(Decisions(n, self.phase is not Phase.RIVER, True, ms))
        if self.phase is Phase.SETTLEMENT:
            out += [Decisions(n, False, True, ()) for n in self.to_settle()]
        return out

    def awaiting(self) -> str:
        """``wagers``, ``cards``, ``decisions``, ``settlement`` or ``nothing``."""
        return {
            Phase.WAGERS: "wagers",
            Phase.DEALING: "cards",
            Phase.PREFLOP: "decisions",
            Phase.FLOP: "decisions",
            Phase.RIVER: "decisions",
            Phase.SETTLEMENT: "settlement",
            Phase.OVER: "nothing",
        }[self.phase]

    def table_after(self) -> TableState:
        """The table as the round leaves it (chips, bank, warnings), once it is over."""
        if not self.is_over:
            raise _refuse("croupier round", "the round is still in play")
        return TableState(dict(self.chips), self.bank, frozenset(self.warned), self.start.seats)

    # ------------------------------------------------------------------------------------
    # The three verbs

    def why_illegal(self, cmd: UthCommand) -> Ruling | None:
        try:
            self._plan(cmd)
        except IllegalAction as e:
            return e.ruling
        return None

    def apply(self, cmd: UthCommand) -> list[UthEvent]:
        """Apply a command: the events it produced, or :class:`IllegalAction` and no change."""
        events = self._plan(cmd)
        mark = len(self.events)
        for e in events:
            self._emit(e)
        self._advance()
        return self.events[mark:]

    @classmethod
    def from_events(
        cls,
        config: UthConfig,
        table: TableState,
        events: Sequence[UthEvent],
        deck: Sequence[Card] | None = None,
    ) -> UthRound:
        """Rebuild a round by folding its events (no rule is re-checked)."""
        r = cls(config, table, deck)
        for e in events:
            r._emit(e)
        return r

    def fold(self, e: UthEvent) -> None:
        """Fold one event into the round (a stream rebuilt event by event; no rule checked)."""
        self._emit(e)

    # ------------------------------------------------------------------------------------
    # Planning: check a command and produce its events, changing nothing

    def _plan(self, cmd: UthCommand) -> list[UthEvent]:
        if self.phase is Phase.OVER:
            raise _refuse("croupier round", "the round has ended")
        planner = _PLANNERS.get(type(cmd))
        if planner is None:
            raise _refuse("croupier round", f"unknown command {cmd!r}")
        return planner(self, cmd)

    def _box_number(self, box: object, clause: str) -> int:
        if isinstance(box, int) and not isinstance(box, bool) and 1 <= box <= self.config.boxes:
            return box
        raise _refuse(clause, f"there is no box {box!r} (boxes 1-{self.config.boxes})")

    def _plan_wagers(self, cmd: PlaceWagers) -> list[UthEvent]:
        box = self._box_number(cmd.box, R + "4.1")
        if self.phase is not Phase.WAGERS:
            raise _refuse(R + "4.6", "no wager may be placed after the first card is dealt")
        p = cmd.player
        if p not in self.chips:
            raise _refuse(R + "4.1", f"{p} has no chips at this table")
        seated = self.start.seats.get(box)
        if seated is not None and seated != p:
            raise _refuse(R + "4.1", f"box {box} is {seated}'s; wager on your own box")
        if box in self.boxes:
            raise _refuse(R + "4.5", f"box {box} already holds a wager")
        other = next((n for n, b in self.boxes.items() if b.player == p), None)
        if other is not None:
            raise _refuse(R + "4.4", f"{p} already wagers on box {other}: one hand a round")
        amounts = (cmd.ante, cmd.blind, cmd.trips)
        for name, a in zip(("ante", "blind", "trips"), amounts, strict=True):
            if not (_is_int(a) and a >= 0):
                raise _refuse(
                    R + "4.1", f"the {name} wager must be a whole number of chips, not {a}"
                )
        if cmd.ante == 0 and cmd.blind == 0:
            if cmd.trips:
                raise _refuse(R + "4.3", "a Trips wager needs an Ante and a Blind wager")
            raise _refuse(R + "4.2", "a box is played with an Ante and a Blind wager")
        if cmd.blind != cmd.ante:
            raise _refuse(R + "A", f"the Blind ({cmd.blind}) must equal the Ante ({cmd.ante})")
        limits = self.config.limits
        for a in amounts:
            if a and (why := limits.off_multiple(a)):
                raise _refuse(MULTIPLES, why)
        under = cmd.ante < limits.minimum or 0 < cmd.trips < limits.trips_min
        if under and p in self.warned:
            raise _refuse(
                UNDER_MINIMUM,
                f"{p} was advised that further wagers under the minimum ({limits.minimum}) are "
                "returned: wager returned",
            )
        total = sum(amounts)
        if total > self.chips[p]:
            raise _refuse(R + "4.1", f"{p} has {self.chips[p]} chips, not the {total} wagered")
        if not self.config.credit:
            pay = self.config.payouts
            owed = sum(
                pay.most_won(b.ante, b.blind, b.trips) for b in self.boxes.values() if not b.void
            )
            owed += pay.most_won(cmd.ante, cmd.blind, cmd.trips)
            if owed > self.bank:
                raise _refuse(
                    BANK,
                    f"the house bank holds {self.bank} chips and could owe up to {owed} on "
                    "these wagers; the table allows no credit: wager less or sit out",
                )
        events: list[UthEvent] = [WagersPlaced(box, p, cmd.ante, cmd.blind, cmd.trips)]
        if under:
            events.append(
                PlayerWarned(
                    p,
                    UNDER_MINIMUM,
                    f"a wager under the minimum is paid or collected this once; further "
                    f"wagers under the minimum ({limits.minimum}) will be returned",
                )
            )
        return events

    def _plan_withdraw(self, cmd: WithdrawWagers) -> list[UthEvent]:
        box = self._box_number(cmd.box, R + "4.6")
        if self.phase is not Phase.WAGERS:
            raise _refuse(R + "4.6", "no wager may be withdrawn after the first card is dealt")
        b = self.boxes.get(box)
        if b is None:
            raise _refuse(R + "4.6", f"box {box} holds no wager")
        if b.void:
            raise _refuse(R + "4.6", f"box {box}'s wagers were voided and returned already")
        return [WagersWithdrawn(box, b.player, b.stakes)]

    def _plan_marker(self, cmd: PlaceMarker) -> list[UthEvent]:
        box = self._box_number(cmd.box, MARKER)
        if self.phase is not Phase.WAGERS:
            raise _refuse(R + "4.6", "limits cannot change after the first card is dealt")
        if not _is_int(cmd.maximum) or cmd.maximum <= self.config.limits.maximum:
            raise _refuse(
                MARKER,
                f"a marker allows more than the table maximum ({self.config.limits.maximum}), "
                f"not {cmd.maximum!r}",
            )
        return [MarkerPlaced(box, cmd.maximum, MARKER)]

    def _plan_deal(self, cmd: Deal) -> list[UthEvent]:
        if self.deck is None:
            raise _refuse("croupier dealing", "the dealer enters each card in this round")
        if self.phase is not Phase.WAGERS:
            raise _refuse(R + "7.1", "the cards have been dealt")
        boxes = self._wagered()
        if not boxes:
            raise _refuse(R + "7.2", "no box holds an Ante and Blind wager")
        order = deal_order(boxes, self.config.shoe)
        return [CardDealt(to, self.deck[i], c) for i, (to, c) in enumerate(order)]

    def _plan_card(self, cmd: DealCard) -> list[UthEvent]:
        if self.deck is not None:
            raise _refuse("croupier dealing", "croupier deals this round from the shoe itself")
        if self.phase is Phase.WAGERS:
            if not self.boxes:
                raise _refuse(R + "7.2", "no box holds an Ante and Blind wager")
            order = deal_order(self._wagered(), self.config.shoe)
        elif self.phase is Phase.DEALING:
            order = self.order
        else:
            raise _refuse(R + "7.1", "every card of the round has been dealt")
        to, clause = order[len(self.dealt)]
        card = cmd.card
        if not isinstance(card, int) or card not in DECK.cards:
            raise _refuse(R + "2.1", f"{card!r} is not a card of one 52-card deck")
        if any(card == c for _, c in self.dealt):
            raise _refuse(R + "2.1", f"{Card(card)} has already been dealt this round")
        if cmd.to is not None and cmd.to != to:
            raise _refuse(clause, f"the next card goes to {_whom(to)}, not {_whom(cmd.to)}")
        return [CardDealt(to, Card(card), clause)]

    def _decision_box(self, box: object, action: str) -> tuple[int, BoxState]:
        clause = DECISION_CLAUSE.get(self.phase, R + "8.1")
        n = self._box_number(box, clause)
        b = self.boxes.get(n)
        if b is None or not b.hole:
            raise _refuse(clause, f"box {n} has no hand this round")
        if b.void:
            raise _refuse(R + "A", f"box {n}'s wagers are void")
        if b.folded:
            raise _refuse(R + "8.6", f"box {n} has folded; folded cards cannot return to play")
        if self.phase is Phase.SETTLEMENT:
            if b.settled:
                raise _refuse(R + "9.3", f"box {n} has been settled")
            if action != "fold":
                raise _refuse(R + "9.1", "after the dealer's hand a player may only fold")
            return n, b
        if self.phase not in DECISION_PHASES:
            raise _refuse(R + "8.1", "decisions come after every hole card is dealt")
        if b.play:
            street = "8.3" if b.multiple >= 3 else "8.5"  # the rule after the Play's own
            raise _refuse(R + street, f"box {n} has a Play wager: no further decisions")
        if b.checked_in == self.phase:
            raise _refuse(clause, f"box {n} has already checked in this betting round")
        return n, b

    def _plan_check(self, cmd: Check) -> list[UthEvent]:
        n, _ = self._decision_box(cmd.box, "check")
        if self.phase is Phase.RIVER:
            raise _refuse(R + "8.5", "on the river a player folds or bets 1x the Ante")
        return [Decided(n, "check", 0, 0, DECISION_CLAUSE[self.phase] + "(b)")]

    def _plan_fold(self, cmd: Fold) -> list[UthEvent]:
        n, b = self._decision_box(cmd.box, "fold")
        clause = FOLD_CLAUSE[self.phase]
        clause += "" if self.phase is Phase.SETTLEMENT else "(a)"
        return self._fold_events(n, b, clause)

    def _fold_events(self, n: int, b: BoxState, clause: str) -> list[UthEvent]:
        decided = Decided(n, "fold", 0, 0, clause)
        return [decided, self._settlement(n, b, folded=True, clause=clause)]

    def _plan_bet(self, cmd: Bet) -> list[UthEvent]:
        n, b = self._decision_box(cmd.box, "bet")
        if self.phase is Phase.SETTLEMENT:
            raise _refuse(R + "9.1", "after the dealer's hand a player may only fold")
        allowed = PLAY_MULTIPLES[self.phase]
        sub = {Phase.PREFLOP: "8.1(c)(ii)", Phase.FLOP: "8.3(c)(ii)", Phase.RIVER: "8.5(b)(ii)"}
        if cmd.multiple not in allowed:
            words = " or ".join(f"{m}x" for m in allowed)
            raise _refuse(
                R + sub[self.phase], f"the Play wager here is {words} the Ante, not {cmd.multiple}x"
            )
        amount = cmd.multiple * b.ante
        if amount > self.chips[b.player]:
            raise _refuse(
                R + "4.1", f"{b.player} has {self.chips[b.player]} chips, not the {amount} to play"
            )
        clause = DECISION_CLAUSE[self.phase] + ("(b)" if self.phase is Phase.RIVER else "(c)")
        return [Decided(n, "play", cmd.multiple, amount, clause)]

    def _plan_tick(self, cmd: Tick) -> list[UthEvent]:
        if not _is_int(cmd.now) or (self.clock is not None and cmd.now < self.clock):
            raise _refuse("croupier clock", f"time runs forward: {cmd.now!r} after {self.clock}")
        events: list[UthEvent] = [ClockTicked(cmd.now)]
        limit = self.config.decision_seconds
        opened = self.window_opened if self.window_opened is not None else cmd.now
        if limit is not None and self.phase in DECISION_PHASES and cmd.now - opened >= limit:
            for n in self.pending():
                events += self._fold_events(n, self.boxes[n], TIMEOUT)
        return events

    def _plan_deem(self, cmd: DeemFolded) -> list[UthEvent]:
        n = self._box_number(cmd.box, TIMEOUT)
        if n not in self.pending():
            raise _refuse(TIMEOUT, f"box {n} has no decision to make now")
        return self._fold_events(n, self.boxes[n], TIMEOUT)

    def _plan_settle(self, cmd: SettleNext | SettleAll) -> list[UthEvent]:
        if self.phase is not Phase.SETTLEMENT:
            raise _refuse(R + "9.3", "settlement follows the dealer's hand (8.8)")
        todo = self.to_settle()
        if isinstance(cmd, SettleNext):
            todo = todo[:1]
        return [self._settlement(n, self.boxes[n], False, R + "9.3") for n in todo]

    def _settlement(self, n: int, b: BoxState, folded: bool, clause: str) -> BoxSettled:
        """Settle box ``n`` with the limits applied (13.8 (first)) and settle.py's 9.x."""
        limits, cap = self.config.limits, self.markers.get(n)
        stakes = [(Wager.ANTE, b.ante), (Wager.BLIND, b.blind), (Wager.TRIPS, b.trips)]
        counted = {w: counted_stake(w, s, limits, maximum=cap) for w, s in stakes if s}
        if b.play:
            # the Play stays the multiple of the counted Ante (8.x fixes it as that multiple)
            counted[Wager.PLAY] = counted_stake(
                Wager.PLAY, b.play, limits, maximum=cap, play_multiple=b.multiple
            )
        count = {w: c.counted for w, c in counted.items()}
        box = Box(
            count[Wager.ANTE],
            count[Wager.BLIND],
            count.get(Wager.PLAY, 0),
            count.get(Wager.TRIPS, 0),
            folded,
        )
        s = settle(box, b.hole, self.dealer, self.board, self.config.payouts)
        if folded and clause != R + "9.1":
            s = replace(s, results=tuple(replace(r, clause=clause) for r in s.results))
        notes = tuple(c for c in counted.values() if c.clause)
        return BoxSettled(n, b.player, s, notes, b.stakes + s.net, -s.net, clause)

    def _plan_irregularity(self, cmd: UthCommand) -> list[UthEvent]:
        return irregularities.plan(self, cmd)

    # ------------------------------------------------------------------------------------
    # After each command: what the rules make automatic

    def _advance(self) -> None:
        while True:
            e = self._next_automatic()
            if e is None:
                return
            self._emit(e)

    def _next_automatic(self) -> UthEvent | None:
        ph = self.phase
        if ph is Phase.DEALING and len(self.dealt) == len(self.order):
            return DealCompleted(R + "8.1")
        if ph in (Phase.PREFLOP, Phase.FLOP) and not self.pending():
            k = 3 if ph is Phase.PREFLOP else 5
            clause = R + ("8.2" if ph is Phase.PREFLOP else "8.4")
            return BoardRevealed(tuple(self.board[self.revealed : k]), clause)
        if ph is Phase.RIVER and not self.pending():
            v = evaluate([*self.dealer, *self.board], ORDER)
            return DealerHandDeclared(tuple(self.dealer), v.words, dealer_qualifies(v), R + "8.8")
        if ph is Phase.SETTLEMENT and not self.to_settle():
            return RoundEnded()
        return None

    # ------------------------------------------------------------------------------------
    # Folding events into state: the only place state changes

    def _emit(self, e: UthEvent) -> None:
        self.events.append(e)
        _FOLD[type(e)](self, e)

    def _f_wagers(self, e: WagersPlaced) -> None:
        self.chips[e.player] -= e.ante + e.blind + e.trips
        self.boxes[e.box] = BoxState(e.player, e.ante, e.blind, e.trips)

    def _f_withdrawn(self, e: WagersWithdrawn) -> None:
        self.chips[e.player] += e.amount
        del self.boxes[e.box]

    def _f_marker(self, e: MarkerPlaced) -> None:
        self.markers[e.box] = e.maximum

    def _f_warned(self, e: PlayerWarned) -> None:
        if e.clause == UNDER_MINIMUM:
            self.warned.add(e.player)

    def _f_card(self, e: CardDealt) -> None:
        if self.phase is Phase.WAGERS:
            self.phase = Phase.DEALING
            self.order = deal_order(self._wagered(), self.config.shoe)
        self.dealt.append((e.to, e.card))
        if e.to == BOARD:
            self.board.append(e.card)
        elif e.to == DEALER:
            self.dealer.append(e.card)
        else:
            self.boxes[e.to].hole.append(e.card)

    def _f_deal_completed(self, e: DealCompleted) -> None:
        self.phase = Phase.PREFLOP
        self.window_opened = self.clock

    def _f_revealed(self, e: BoardRevealed) -> None:
        self.revealed += len(e.cards)
        self.phase = Phase(self.phase + 1)
        self.window_opened = self.clock

    def _f_decided(self, e: Decided) -> None:
        b = self.boxes[e.box]
        if e.action == "check":
            b.checked_in = self.phase
        elif e.action == "fold":
            b.folded = True
        else:
            b.play, b.multiple = e.amount, e.multiple
            self.chips[b.player] -= e.amount
            self.plays += 1

    def _f_tick(self, e: ClockTicked) -> None:
        self.clock = e.now
        if self.window_opened is None:
            self.window_opened = e.now

    def _f_dealer(self, e: DealerHandDeclared) -> None:
        self.dealer_hand = e
        self.phase = Phase.SETTLEMENT

    def _f_settled(self, e: BoxSettled) -> None:
        b = self.boxes[e.box]
        b.settled = e
        self.chips[e.player] += e.paid_to_player
        self.bank += e.bank_change

    def _f_ruling(self, e: RulingMade) -> None:
        pass

    def _f_box_void(self, e: BoxVoided) -> None:
        self.boxes[e.box].void = True
        self.chips[e.player] += e.refund
        self.bank += e.bank_change

    def _f_void(self, e: UthRoundVoided) -> None:
        for p, amount in e.refunds:
            self.chips[p] += amount
        self.bank += e.bank_change
        for b in self.boxes.values():
            b.void = True
        self.void = e
        self.phase = Phase.OVER

    def _f_ended(self, e: RoundEnded) -> None:
        self.phase = Phase.OVER


def _whom(to: int) -> str:
    return "the board" if to == BOARD else "the dealer" if to == DEALER else f"box {to}"


_PLANNERS: dict[type, Callable[[UthRound, Any], list[UthEvent]]] = {
    PlaceWagers: UthRound._plan_wagers,
    WithdrawWagers: UthRound._plan_withdraw,
    PlaceMarker: UthRound._plan_marker,
    Deal: UthRound._plan_deal,
    DealCard: UthRound._plan_card,
    Check: UthRound._plan_check,
    Fold: UthRound._plan_fold,
    Bet: UthRound._plan_bet,
    Tick: UthRound._plan_tick,
    DeemFolded: UthRound._plan_deem,
    SettleNext: UthRound._plan_settle,
    SettleAll: UthRound._plan_settle,
    DeclareMisdeal: UthRound._plan_irregularity,
    DealerCardExposed: UthRound._plan_irregularity,
    BoardExposed: UthRound._plan_irregularity,
    EmptyBoxDealt: UthRound._plan_irregularity,
    DeckIrregularity: UthRound._plan_irregularity,
    ShoeMalfunction: UthRound._plan_irregularity,
    VoidRound: UthRound._plan_irregularity,
    VoidBox: UthRound._plan_irregularity,
}

_FOLD = handlers(
    on(WagersPlaced, UthRound._f_wagers),
    on(WagersWithdrawn, UthRound._f_withdrawn),
    on(MarkerPlaced, UthRound._f_marker),
    on(PlayerWarned, UthRound._f_warned),
    on(CardDealt, UthRound._f_card),
    on(BoardRevealed, UthRound._f_revealed),
    on(Decided, UthRound._f_decided),
    on(ClockTicked, UthRound._f_tick),
    on(DealerHandDeclared, UthRound._f_dealer),
    on(BoxSettled, UthRound._f_settled),
    on(RulingMade, UthRound._f_ruling),
    on(DealCompleted, UthRound._f_deal_completed),
    on(BoxVoided, UthRound._f_box_void),
    on(UthRoundVoided, UthRound._f_void),
    on(RoundEnded, UthRound._f_ended),
)

__all__ = [
    "BoxState",
    "Decisions",
    "Phase",
    "ShoeKind",
    "TableState",
    "UthConfig",
    "UthRound",
    "deal_order",
]
