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
from typing import Any, ClassVar

from croupier.cards import Card, Deck
from croupier.fold import Handler, handlers, on
from croupier.hands import evaluate
from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.rules.uth import DealClauses, StreetClauses, UthRules
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
from croupier.uth.limits import TableLimits, counted_stake
from croupier.uth.paytables import ACT_UTH_2025, Payouts
from croupier.uth.round_state import DECISION_PHASES, BoxState, Phase, ShoeKind
from croupier.uth.settle import ORDER, Box, Wager, dealer_qualifies, settle

DECK = Deck.standard()  # 2.1: one 52-card deck without jokers


#: Play multiples open in each betting round (8.1(c)(ii), 8.3(c)(ii), 8.5(b)(ii)).
PLAY_MULTIPLES = {Phase.PREFLOP: (3, 4), Phase.FLOP: (2,), Phase.RIVER: (1,)}


def street(rules: UthRules, phase: Phase) -> StreetClauses:
    """The clauses of the betting round ``phase`` (before the flop outside one)."""
    return (
        rules.flop
        if phase is Phase.FLOP
        else rules.river
        if phase is Phase.RIVER
        else rules.preflop
    )


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
    #: The rulebook the table plays under: every clause it cites is this book's.
    rules: UthRules = ACT_UTH_2025_RULES

    def __post_init__(self) -> None:
        if not 1 <= self.boxes <= 7:
            raise ValueError(
                f"the layout ({self.rules.layout_clause}) has 1 to 7 boxes, not {self.boxes}"
            )
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


@dataclass(frozen=True)
class Decisions:
    """What a box may do now: check, fold, and the Play multiples open to it."""

    box: int
    can_check: bool
    can_fold: bool
    multiples: tuple[int, ...]


def dealing(rules: UthRules, shoe: ShoeKind) -> DealClauses:
    """The dealing order's clauses: 7.2 from an automated shoe, 7.3 from a card shoe."""
    return rules.automated_deal if shoe is ShoeKind.AUTOMATED else rules.card_shoe_deal


def deal_order(
    boxes: Sequence[int], shoe: ShoeKind, rules: UthRules = ACT_UTH_2025_RULES
) -> list[tuple[int, str]]:
    """Recipients of each card in dealing order, with the clause: five communal cards, then
    the boxes from the dealer's left and the dealer, as 7.2 or 7.3 says."""
    c = dealing(rules, shoe)
    out = [(BOARD, c.board_clause)] * 5
    if shoe is ShoeKind.AUTOMATED:
        for b in boxes:
            out += [(b, c.boxes_clause)] * 2
        return out + [(DEALER, c.dealer_clause)] * 2
    out += [(b, c.boxes_clause) for b in boxes] + [(DEALER, c.dealer_clause)]
    return out + [(b, c.second_boxes_clause) for b in boxes] + [(DEALER, c.second_dealer_clause)]


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
    def rules(self) -> UthRules:
        """The rulebook the round is played under (its table's)."""
        return self.config.rules

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
            order = self._deal_order()
            return order[0][0] if self._wagered() else None
        if self.phase is Phase.DEALING:
            return self.order[len(self.dealt)][0]
        return None

    def _wagered(self) -> list[int]:
        return sorted(self.boxes)

    def _deal_clauses(self) -> DealClauses:
        return dealing(self.rules, self.config.shoe)

    def _deal_order(self) -> list[tuple[int, str]]:
        return deal_order(self._wagered(), self.config.shoe, self.rules)

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
        planner = self._PLANNERS.get(type(cmd))
        if planner is None:
            raise _refuse("croupier round", f"unknown command {cmd!r}")
        return planner(self, cmd)

    def _box_number(self, box: object, clause: str) -> int:
        if isinstance(box, int) and not isinstance(box, bool) and 1 <= box <= self.config.boxes:
            return box
        raise _refuse(clause, f"there is no box {box!r} (boxes 1-{self.config.boxes})")

    def _plan_wagers(self, cmd: PlaceWagers) -> list[UthEvent]:
        rules = self.rules
        box = self._box_number(cmd.box, rules.wager_clause)
        if self.phase is not Phase.WAGERS:
            raise _refuse(
                rules.no_more_wagers_clause, "no wager may be placed after the first card is dealt"
            )
        p = cmd.player
        if p not in self.chips:
            raise _refuse(rules.wager_clause, f"{p} has no chips at this table")
        seated = self.start.seats.get(box)
        if seated is not None and seated != p:
            raise _refuse(rules.wager_clause, f"box {box} is {seated}'s; wager on your own box")
        if box in self.boxes:
            raise _refuse(rules.one_box_clause, f"box {box} already holds a wager")
        other = next((n for n, b in self.boxes.items() if b.player == p), None)
        if other is not None:
            raise _refuse(
                rules.one_hand_clause, f"{p} already wagers on box {other}: one hand a round"
            )
        amounts = (cmd.ante, cmd.blind, cmd.trips)
        for name, a in zip(("ante", "blind", "trips"), amounts, strict=True):
            if not (_is_int(a) and a >= 0):
                raise _refuse(
                    rules.wager_clause, f"the {name} wager must be a whole number of chips, not {a}"
                )
        if cmd.ante == 0 and cmd.blind == 0:
            if cmd.trips:
                raise _refuse(rules.trips_clause, "a Trips wager needs an Ante and a Blind wager")
            raise _refuse(rules.ante_blind_clause, "a box is played with an Ante and a Blind wager")
        if cmd.blind != cmd.ante:
            raise _refuse(
                rules.definitions_clause,
                f"the Blind ({cmd.blind}) must equal the Ante ({cmd.ante})",
            )
        limits = self.config.limits
        for a in amounts:
            if a and (why := limits.off_multiple(a)):
                raise _refuse(rules.multiples_clause, why)
        under = cmd.ante < limits.minimum or 0 < cmd.trips < limits.trips_min
        if under and p in self.warned:
            raise _refuse(
                rules.under_minimum_clause,
                f"{p} was advised that further wagers under the minimum ({limits.minimum}) are "
                "returned: wager returned",
            )
        total = sum(amounts)
        if total > self.chips[p]:
            raise _refuse(
                rules.wager_clause, f"{p} has {self.chips[p]} chips, not the {total} wagered"
            )
        if not self.config.credit:
            pay = self.config.payouts
            owed = sum(
                pay.most_won(b.ante, b.blind, b.trips) for b in self.boxes.values() if not b.void
            )
            owed += pay.most_won(cmd.ante, cmd.blind, cmd.trips)
            if owed > self.bank:
                raise _refuse(
                    rules.bank_clause,
                    f"the house bank holds {self.bank} chips and could owe up to {owed} on "
                    "these wagers; the table allows no credit: wager less or sit out",
                )
        events: list[UthEvent] = [WagersPlaced(box, p, cmd.ante, cmd.blind, cmd.trips)]
        if under:
            events.append(
                PlayerWarned(
                    p,
                    rules.under_minimum_clause,
                    f"a wager under the minimum is paid or collected this once; further "
                    f"wagers under the minimum ({limits.minimum}) will be returned",
                )
            )
        return events

    def _plan_withdraw(self, cmd: WithdrawWagers) -> list[UthEvent]:
        clause = self.rules.no_more_wagers_clause
        box = self._box_number(cmd.box, clause)
        if self.phase is not Phase.WAGERS:
            raise _refuse(clause, "no wager may be withdrawn after the first card is dealt")
        b = self.boxes.get(box)
        if b is None:
            raise _refuse(clause, f"box {box} holds no wager")
        if b.void:
            raise _refuse(clause, f"box {box}'s wagers were voided and returned already")
        return [WagersWithdrawn(box, b.player, b.stakes)]

    def _plan_marker(self, cmd: PlaceMarker) -> list[UthEvent]:
        marker = self.rules.marker_clause
        box = self._box_number(cmd.box, marker)
        if self.phase is not Phase.WAGERS:
            raise _refuse(
                self.rules.no_more_wagers_clause,
                "limits cannot change after the first card is dealt",
            )
        if not _is_int(cmd.maximum) or cmd.maximum <= self.config.limits.maximum:
            raise _refuse(
                marker,
                f"a marker allows more than the table maximum ({self.config.limits.maximum}), "
                f"not {cmd.maximum!r}",
            )
        return [MarkerPlaced(box, cmd.maximum, marker)]

    def _plan_deal(self, cmd: Deal) -> list[UthEvent]:
        if self.deck is None:
            raise _refuse("croupier dealing", "the dealer enters each card in this round")
        if self.phase is not Phase.WAGERS:
            raise _refuse(self.rules.dealt_clause, "the cards have been dealt")
        if not self.boxes:
            raise _refuse(self._deal_clauses().order_clause, "no box holds an Ante and Blind wager")
        order = self._deal_order()
        return [CardDealt(to, self.deck[i], c) for i, (to, c) in enumerate(order)]

    def _plan_card(self, cmd: DealCard) -> list[UthEvent]:
        if self.deck is not None:
            raise _refuse("croupier dealing", "croupier deals this round from the shoe itself")
        if self.phase is Phase.WAGERS:
            if not self.boxes:
                raise _refuse(
                    self._deal_clauses().order_clause, "no box holds an Ante and Blind wager"
                )
            order = self._deal_order()
        elif self.phase is Phase.DEALING:
            order = self.order
        else:
            raise _refuse(self.rules.dealt_clause, "every card of the round has been dealt")
        to, clause = order[len(self.dealt)]
        card = cmd.card
        if not isinstance(card, int) or card not in DECK.cards:
            raise _refuse(self.rules.deck_clause, f"{card!r} is not a card of one 52-card deck")
        if any(card == c for _, c in self.dealt):
            raise _refuse(self.rules.deck_clause, f"{Card(card)} has already been dealt this round")
        if cmd.to is not None and cmd.to != to:
            raise _refuse(clause, f"the next card goes to {_whom(to)}, not {_whom(cmd.to)}")
        return [CardDealt(to, Card(card), clause)]

    def _decision_box(self, box: object, action: str) -> tuple[int, BoxState]:
        rules = self.rules
        clause = street(rules, self.phase).decision_clause
        n = self._box_number(box, clause)
        b = self.boxes.get(n)
        if b is None or not b.hole:
            raise _refuse(clause, f"box {n} has no hand this round")
        if b.void:
            raise _refuse(rules.definitions_clause, f"box {n}'s wagers are void")
        if b.folded:
            raise _refuse(
                rules.folded_clause, f"box {n} has folded; folded cards cannot return to play"
            )
        if self.phase is Phase.SETTLEMENT:
            if b.settled:
                raise _refuse(rules.settlement.order_clause, f"box {n} has been settled")
            if action != "fold":
                raise _refuse(
                    rules.settlement.folded_clause, "after the dealer's hand a player may only fold"
                )
            return n, b
        if self.phase not in DECISION_PHASES:
            raise _refuse(
                rules.preflop.decision_clause, "decisions come after every hole card is dealt"
            )
        if b.play:
            after = rules.flop if b.multiple >= 3 else rules.river  # the rule after the Play's
            raise _refuse(after.decision_clause, f"box {n} has a Play wager: no further decisions")
        if b.checked_in == self.phase:
            raise _refuse(clause, f"box {n} has already checked in this betting round")
        return n, b

    def _plan_check(self, cmd: Check) -> list[UthEvent]:
        n, _ = self._decision_box(cmd.box, "check")
        if self.phase is Phase.RIVER:
            raise _refuse(
                self.rules.river.check_clause, "on the river a player folds or bets 1x the Ante"
            )
        return [Decided(n, "check", 0, 0, street(self.rules, self.phase).check_clause)]

    def _plan_fold(self, cmd: Fold) -> list[UthEvent]:
        n, b = self._decision_box(cmd.box, "fold")
        if self.phase is Phase.SETTLEMENT:  # 9.1: the settlement's own clause for each wager
            clause = self.rules.settlement.folded_clause
            return [Decided(n, "fold", 0, 0, clause), self._settlement(n, b, True, clause)]
        return self._fold_events(n, b, street(self.rules, self.phase).fold_clause)

    def _fold_events(self, n: int, b: BoxState, clause: str) -> list[UthEvent]:
        """A fold before the dealer's hand: every wager lost under ``clause``."""
        decided = Decided(n, "fold", 0, 0, clause)
        return [decided, self._settlement(n, b, folded=True, clause=clause, cite=True)]

    def _plan_bet(self, cmd: Bet) -> list[UthEvent]:
        n, b = self._decision_box(cmd.box, "bet")
        if self.phase is Phase.SETTLEMENT:
            raise _refuse(
                self.rules.settlement.folded_clause,
                "after the dealer's hand a player may only fold",
            )
        allowed = PLAY_MULTIPLES[self.phase]
        clauses = street(self.rules, self.phase)
        if cmd.multiple not in allowed:
            words = " or ".join(f"{m}x" for m in allowed)
            raise _refuse(
                clauses.multiples_clause,
                f"the Play wager here is {words} the Ante, not {cmd.multiple}x",
            )
        amount = cmd.multiple * b.ante
        if amount > self.chips[b.player]:
            raise _refuse(
                self.rules.wager_clause,
                f"{b.player} has {self.chips[b.player]} chips, not the {amount} to play",
            )
        return [Decided(n, "play", cmd.multiple, amount, clauses.play_clause)]

    def _plan_tick(self, cmd: Tick) -> list[UthEvent]:
        if not _is_int(cmd.now) or (self.clock is not None and cmd.now < self.clock):
            raise _refuse("croupier clock", f"time runs forward: {cmd.now!r} after {self.clock}")
        events: list[UthEvent] = [ClockTicked(cmd.now)]
        limit = self.config.decision_seconds
        opened = self.window_opened if self.window_opened is not None else cmd.now
        if limit is not None and self.phase in DECISION_PHASES and cmd.now - opened >= limit:
            for n in self.pending():
                events += self._fold_events(n, self.boxes[n], self.rules.timeout_clause)
        return events

    def _plan_deem(self, cmd: DeemFolded) -> list[UthEvent]:
        timeout = self.rules.timeout_clause
        n = self._box_number(cmd.box, timeout)
        if n not in self.pending():
            raise _refuse(timeout, f"box {n} has no decision to make now")
        return self._fold_events(n, self.boxes[n], timeout)

    def _plan_settle(self, cmd: SettleNext | SettleAll) -> list[UthEvent]:
        if self.phase is not Phase.SETTLEMENT:
            raise _refuse(
                self.rules.settlement.order_clause, "settlement follows the dealer's hand (8.8)"
            )
        todo = self.to_settle()
        if isinstance(cmd, SettleNext):
            todo = todo[:1]
        clause = self.rules.settlement.order_clause
        return [self._settlement(n, self.boxes[n], False, clause) for n in todo]

    def _settlement(
        self, n: int, b: BoxState, folded: bool, clause: str, cite: bool = False
    ) -> BoxSettled:
        """Settle box ``n`` with the limits applied (13.8 (first)) and settle.py's 9.x;
        ``cite``: every wager's result cites ``clause`` (a fold before the dealer's hand)."""
        limits, cap = self.config.limits, self.markers.get(n)
        stakes = [(Wager.ANTE, b.ante), (Wager.BLIND, b.blind), (Wager.TRIPS, b.trips)]
        at = self.rules.limits_at_settlement_clause
        counted = {w: counted_stake(w, s, limits, maximum=cap, clause=at) for w, s in stakes if s}
        if b.play:
            # the Play stays the multiple of the counted Ante (8.x fixes it as that multiple)
            counted[Wager.PLAY] = counted_stake(
                Wager.PLAY, b.play, limits, maximum=cap, play_multiple=b.multiple, clause=at
            )
        count = {w: c.counted for w, c in counted.items()}
        box = Box(
            count[Wager.ANTE],
            count[Wager.BLIND],
            count.get(Wager.PLAY, 0),
            count.get(Wager.TRIPS, 0),
            folded,
        )
        s = settle(box, b.hole, self.dealer, self.board, self.config.payouts, self.rules)
        if cite:
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
            return DealCompleted(self.rules.deal_completed_clause)
        if ph in (Phase.PREFLOP, Phase.FLOP) and not self.pending():
            k = 3 if ph is Phase.PREFLOP else 5
            rules = self.rules
            clause = (
                rules.flop_revealed_clause
                if ph is Phase.PREFLOP
                else rules.turn_river_revealed_clause
            )
            return BoardRevealed(tuple(self.board[self.revealed : k]), clause)
        if ph is Phase.RIVER and not self.pending():
            v = evaluate([*self.dealer, *self.board], ORDER)
            q = dealer_qualifies(v)
            return DealerHandDeclared(tuple(self.dealer), v.words, q, self.rules.dealer_hand_clause)
        if ph is Phase.SETTLEMENT and not self.to_settle():
            return RoundEnded()
        return None

    # ------------------------------------------------------------------------------------
    # Folding events into state: the only place state changes

    def _emit(self, e: UthEvent) -> None:
        self.events.append(e)
        self._FOLD[type(e)](self, e)

    def _f_wagers(self, e: WagersPlaced) -> None:
        self.chips[e.player] -= e.ante + e.blind + e.trips
        self.boxes[e.box] = BoxState(e.player, e.ante, e.blind, e.trips)

    def _f_withdrawn(self, e: WagersWithdrawn) -> None:
        self.chips[e.player] += e.amount
        del self.boxes[e.box]

    def _f_marker(self, e: MarkerPlaced) -> None:
        self.markers[e.box] = e.maximum

    def _f_warned(self, e: PlayerWarned) -> None:
        # a round's only warning is 5.4's: further wagers under the minimum are returned
        self.warned.add(e.player)

    def _f_card(self, e: CardDealt) -> None:
        if self.phase is Phase.WAGERS:
            self.phase = Phase.DEALING
            self.order = self._deal_order()
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

    _PLANNERS: ClassVar[dict[type, Callable[[UthRound, Any], list[UthEvent]]]] = {
        PlaceWagers: _plan_wagers,
        WithdrawWagers: _plan_withdraw,
        PlaceMarker: _plan_marker,
        Deal: _plan_deal,
        DealCard: _plan_card,
        Check: _plan_check,
        Fold: _plan_fold,
        Bet: _plan_bet,
        Tick: _plan_tick,
        DeemFolded: _plan_deem,
        SettleNext: _plan_settle,
        SettleAll: _plan_settle,
        DeclareMisdeal: _plan_irregularity,
        DealerCardExposed: _plan_irregularity,
        BoardExposed: _plan_irregularity,
        EmptyBoxDealt: _plan_irregularity,
        DeckIrregularity: _plan_irregularity,
        ShoeMalfunction: _plan_irregularity,
        VoidRound: _plan_irregularity,
        VoidBox: _plan_irregularity,
    }

    _FOLD: ClassVar[dict[type[Any], Handler[UthRound]]] = handlers(
        on(WagersPlaced, _f_wagers),
        on(WagersWithdrawn, _f_withdrawn),
        on(MarkerPlaced, _f_marker),
        on(PlayerWarned, _f_warned),
        on(CardDealt, _f_card),
        on(BoardRevealed, _f_revealed),
        on(Decided, _f_decided),
        on(ClockTicked, _f_tick),
        on(DealerHandDeclared, _f_dealer),
        on(BoxSettled, _f_settled),
        on(RulingMade, _f_ruling),
        on(DealCompleted, _f_deal_completed),
        on(BoxVoided, _f_box_void),
        on(UthRoundVoided, _f_void),
        on(RoundEnded, _f_ended),
    )


def _whom(to: int) -> str:
    return "the board" if to == BOARD else "the dealer" if to == DEALER else f"box {to}"


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
