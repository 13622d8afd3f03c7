"""One round of play, from the forced bets to the pot being paid.

``Round`` answers three questions for every command, as in the best engines: what is legal
(:meth:`Round.legal_actions`), why a command is not (:meth:`Round.why_illegal`, a
:class:`Ruling` citing the clause), and what happens when it is applied (:meth:`Round.apply`,
which returns the new events or raises :class:`IllegalAction` and changes nothing).

Every change is an event and the fold (``_FOLD``: one handler per event type) is the only place
state changes, so a round can be rebuilt from its events (:meth:`Round.from_events`) and the
floor can take back the last actions (:meth:`Round.undo`). This module holds the state and the
fold; what a command means is planned, without changing anything, by functions of the round in
:mod:`~croupier.round.betting`, :mod:`~croupier.round.dealing`,
:mod:`~croupier.round.showdown` and :mod:`~croupier.round.settle` (and
:mod:`~croupier.round.burns`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from croupier.cards import Card, CardError
from croupier.fold import handlers, on
from croupier.round import burns, rulings_fold, wellformed
from croupier.round.betting import (
    check_allowed,
    compute_full_bounds,
    opening_bet_due,
    plan_action,
    resolve_out_of_turn,
    someone_can_call_more,
    street_limit,
)
from croupier.round.commands import (
    BetRaise,
    Burn,
    CheckCall,
    Command,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Show,
)
from croupier.round.config import RoundConfig
from croupier.round.dealing import dead_at_deal, deal_board, deal_due, plan_board, plan_hole, start
from croupier.round.events import (
    AntePosted,
    BetOrRaised,
    BetReturned,
    BettingCapped,
    BettingRoundEnded,
    BlindPosted,
    BoardDealt,
    BurnsDue,
    Called,
    CardBurned,
    CardExposed,
    Checked,
    ChipsCommitted,
    CommissionTaken,
    DeadPosted,
    Event,
    FeeCharged,
    Folded,
    HandKilled,
    HandMucked,
    HandShown,
    HoleCardReplaced,
    HoleDealt,
    OutOfTurnHeld,
    OutOfTurnResolved,
    PlayRestricted,
    PotAwarded,
    RoundEnded,
    RoundVoided,
    StubReconstituted,
)
from croupier.round.settle import Pot, settle, side_pots
from croupier.round.showdown import (
    ask_showdown,
    auto_showdown,
    plan_showdown,
    showing_order,
    to_show,
)
from croupier.round.streets import AFTER, CLOCKWISE, FLOP, OVER, PREFLOP, RIVER, SHOWDOWN
from croupier.round.structures import Limit
from croupier.rules import IllegalAction, Ruling
from croupier.rules.rulings import refuse


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see croupier.round.events
class LegalActions:
    """What the player to act may do; amounts are "to" totals for the betting round."""

    player: int
    can_fold: bool
    can_check: bool
    call_amount: int  # chips added by a call (0 when checking); all-in for less when short
    min_raise_to: int | None  # None: no bet or raise allowed
    max_raise_to: int | None
    all_in_to: int  # the player's whole stack as a "to" amount


class Round:
    """One round of play under a rulebook. Create it from a :class:`RoundConfig`."""

    def __init__(self, config: RoundConfig, *, _start: bool = True) -> None:
        self.config = config
        self.rules = config.rulebook
        self._reset()
        if _start:
            start(self)
            if config.automatic and config.deck_order is not None:
                self._advance()  # nobody may be able to act (every blind all-in)

    def _reset(self) -> None:
        """The state before the first event (every field a fold of events starts from)."""
        n = self.config.players
        self.n = n
        self.events: list[Event] = []
        self._marks: list[int] = []  # event count before each applied command (for undo)
        self.stacks = list(self.config.stacks)
        self.bets = [0] * n
        self.contrib = [0] * n
        self.forced = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.hole: list[tuple[Card | None, ...] | None] = [None] * n
        self.holes_dealt = False  # every player has hole cards (entered or not)
        self.shown: list[tuple[Card, ...] | None] = [None] * n
        self.mucked = [False] * n
        self.board: list[Card] = []
        self.cards_out: set[Card] = set()  # every card dealt face up or to a hand so far
        self.deck_pos = 0
        self.street = PREFLOP
        self.betting = False
        self.queue: list[int] = []  # players still to act this betting round, in turn order
        self.current_bet = 0
        self.raise_size = 0  # largest full bet or raise increment this round (dunedin-house 37)
        self.fixed_level = 0  # the bet a fixed-limit raise builds on (dunedin-house 47-48)
        self.blind_increment = 0
        self.raises = 0
        # the bet each player faced when they last acted, since the last full raise (dunedin 46)
        self.acted: dict[int, int] = {}
        self.last_aggressor: int | None = None
        self.last_call: int = 0  # chips the last caller added (qld-holdem-2005 s28(4)(b), (7)(b))
        self.last_kind = ""  # "open", "call" or "raise": the last bet (qld s28(4), (7))
        self.opening_bet = 0
        self.last_raise_total = 0
        self.fees = 0
        self.commission = 0
        self.paid = 0  # commission taken and pots awarded so far
        self.antes_posted = [0] * n
        self.dead_posted = [0] * n  # dead chips in the centre, outside anyone's bet
        self.awarded = [0] * n
        self.flop_dealt = False
        self._bounds_at: tuple[int, int] = (-1, -1)  # (event count, player) of the memo below
        self._bounds: tuple[tuple[int, int] | None, tuple[int, int] | None] = (None, None)
        self._values: dict[int, tuple[int, int]] = {}  # shown hands' (high, low) strengths
        # The floor's rulings (croupier.floor); all empty on the normal path.
        self.killed: set[int] = set()  # hands declared dead
        self.bet_cap: int | None = None  # qld-holdem-2005 s36(3); dunedin-house 72
        self.cap_clause = ""
        self.board_due: list[Card] = []  # exposed early: must be the next community cards
        self.board_due_clause = ""
        self.set_aside: list[Card] = []  # out of play until the next community card
        self.street_burns = 0  # burn cards dealt since the last community cards
        self.burns_due: dict[int, tuple[int, str]] = {}  # street -> (burns, clause) by ruling
        # held out-of-turn actions: player -> (action, to, bet faced then, event count then)
        self.pending: dict[int, tuple[str, int, int, int]] = {}
        # player -> (clause, for one decision only, event count when restricted, a fold leaves
        # the wager held out of turn in the pot)
        self.passive: dict[int, tuple[str, bool, int, bool]] = {}
        self.limited = False  # a bet cap or passive play: the only flag the normal path reads
        self.voided = False

    # ------------------------------------------------------------------------------------
    # Queries

    @property
    def actor(self) -> int | None:
        """The player whose turn it is to act, if the round is in a betting round."""
        return self.queue[0] if self.betting and self.queue else None

    @property
    def is_over(self) -> bool:
        return self.street == OVER

    @property
    def pot_total(self) -> int:
        """Every chip in the middle, including this betting round's bets (0 once paid out)."""
        return sum(self.contrib) - self.paid

    def owed(self, p: int) -> int:
        return self.current_bet - self.bets[p]

    def live(self) -> list[int]:
        """Players still in the round (not folded), in position order."""
        return [i for i in range(self.n) if not self.folded[i]]

    def pots(self) -> list[Pot]:
        """Main and side pots as they stand (qld-holdem-2005 s29(5)-(6))."""
        return side_pots(
            self, [i for i in range(self.n) if not self.folded[i] and not self.mucked[i]]
        )

    def awaiting(self) -> str:
        """What the round waits for: ``action``, ``hole``, ``board``, ``showdown``, ``nothing``."""
        if self.street == OVER:
            return "nothing"
        if self.street == SHOWDOWN:
            return "showdown"
        if any(h is None for h in self.hole):
            return "hole"
        if self.betting:
            return "action"
        return "board"

    # ------------------------------------------------------------------------------------
    # The three verbs

    def legal_actions(self) -> LegalActions | None:
        if not (self.betting and self.queue):
            return None
        p = self.queue[0]
        bet = self.bets[p]
        owed = self.current_bet - bet
        stack = self.stacks[p]
        check_ok = owed == 0 and check_allowed(self, p)
        lo_hi = self.bounds(p)[1]
        lo, hi = lo_hi if lo_hi else (None, None)
        call = 0 if owed == 0 else min(owed, stack)
        return LegalActions(p, True, check_ok, call, lo, hi, bet + stack)

    def why_illegal(self, cmd: Command) -> Ruling | None:
        try:
            wellformed.check(cmd)
            self.plan(cmd)
        except IllegalAction as e:
            return e.ruling
        return None

    def apply(self, cmd: Command) -> list[Event]:
        """Apply a command: the events it produced, or :class:`IllegalAction` and no change."""
        wellformed.check(cmd)
        events = self.plan(cmd)
        log = self.events
        mark = len(log)
        for e in events:  # self.emit, inlined
            log.append(e)
            fold = _FOLD.get(type(e))
            if fold is not None:
                fold(self, e)
        self._advance()
        self._marks.append(mark)
        return self.events[mark:]

    def resolve_showdown(self) -> list[Event]:
        """At the showdown, show or muck for every hand still undecided (a hand that can still
        win shows; one that cannot is mucked), then settle. Used in dealer-driven mode when the
        floor confirms the cards on the table speak (dunedin-house 61)."""
        if self.street != SHOWDOWN:
            raise refuse(self.rules.showdown_clause, "the round is not at its showdown")
        mark = len(self.events)
        auto_showdown(self)
        settle(self)
        self._marks.append(mark)
        return self.events[mark:]

    def apply_ruling(self, events: Sequence[Event], then: Command | None = None) -> list[Event]:
        """Record a floor ruling's events (croupier.floor checks them against the state first),
        then the player command it makes of the report, if any; all or nothing."""
        mark = len(self.events)
        for e in events:
            self.emit(e)
        if then is not None:
            try:
                planned = self.plan(then)
            except IllegalAction:
                self._restore(mark)
                raise
            for e in planned:
                self.emit(e)
        self._advance()
        self._marks.append(mark)
        return self.events[mark:]

    def _restore(self, mark: int) -> None:
        marks, events = self._marks, self.events[:mark]
        self._reset()
        for e in events:
            self.emit(e)
        self._marks = marks

    # ------------------------------------------------------------------------------------
    # Replay and undo

    @classmethod
    def from_events(
        cls, config: RoundConfig, events: Sequence[Event], *, marks: Sequence[int] = ()
    ) -> Round:
        """Rebuild a round by folding its events (no rule is re-checked). ``marks``: the event
        count before each command, for the commands :meth:`undo` may then take back."""
        r = cls(config, _start=False)
        for e in events:
            r.emit(e)
        r._marks = list(marks)
        return r

    @property
    def commands_taken(self) -> int:
        """How many commands (and rulings) the floor may take back: the round's command
        boundaries."""
        return len(self._marks)

    def before(self, commands: int) -> Round:
        """The round folded as it was before its last ``commands`` commands (1 to
        :attr:`commands_taken`), whatever its street: a decision the floor took checks."""
        mark = self._marks[-commands]
        return Round.from_events(self.config, self.events[:mark], marks=self._marks[:-commands])

    def fold_step(self, events: Sequence[Event]) -> None:
        """Fold one recorded command's (or ruling's) events, a boundary the floor may take
        back."""
        mark = len(self.events)
        for e in events:
            self.emit(e)
        self._marks.append(mark)

    def undo(self, commands: int = 1) -> Round:
        """The round as it was before the last ``commands`` commands (a floor correction)."""
        if self.street == OVER:
            raise IllegalAction(Ruling("croupier undo", "the round has ended; its result stands"))
        if commands < 1 or commands > len(self._marks):
            raise IllegalAction(
                Ruling("croupier undo", f"only {len(self._marks)} action(s) can be taken back")
            )
        return self.before(commands)

    # ------------------------------------------------------------------------------------
    # The planners' surface. The planning modules (betting, dealing, showdown, settle, burns)
    # read the state's public fields, ask the queries below and change the state in one way
    # only: emit(event), the fold. Nothing else in the round is theirs to touch.

    def plan(self, cmd: Command) -> list[Event]:
        """The events ``cmd`` would produce now, or :class:`IllegalAction`; nothing changes."""
        if self.street == OVER:
            raise refuse("croupier round", "the round has ended")
        if isinstance(cmd, (Fold, CheckCall, BetRaise)):
            return plan_action(self, cmd)
        if isinstance(cmd, DealHole):
            return plan_hole(self, cmd)
        if isinstance(cmd, DealBoard):
            return plan_board(self, cmd)
        if isinstance(cmd, (Show, Muck)):
            return plan_showdown(self, cmd)
        if isinstance(cmd, Burn):
            return burns.plan_burn(self, cmd)
        raise refuse("croupier round", f"unknown command {cmd!r}")

    def check_new_cards(self, cards: Sequence[Card]) -> None:
        """Refuse cards not of the game's deck or already dealt."""
        try:
            self.config.game.deck.check(cards)
        except CardError as e:
            raise refuse(self.rules.deck_clause, str(e)) from e
        for c in cards:
            if c in self.cards_out:
                raise refuse(self.rules.deck_clause, f"{c} has already been dealt")

    def bounds(self, p: int) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
        """(full bounds, bounds within the stack), memoised per decision: every change appends
        an event, so the event count dates them (legal_actions, then apply, ask again)."""
        at = (len(self.events), p)
        if self._bounds_at == at:
            return self._bounds
        full = compute_full_bounds(self, p)
        within: tuple[int, int] | None = None
        if full is not None:
            lo, hi = full
            all_in_to = self.bets[p] + self.stacks[p]
            if hi > all_in_to:
                hi = all_in_to
            if lo <= all_in_to:
                within = (lo, hi)
            elif all_in_to > self.current_bet:
                within = (all_in_to, hi)  # only all-in remains: a short all-in (_plan_action)
        self._bounds = bounds = (full, within)
        self._bounds_at = at
        return bounds

    def shown_value(self, p: int, cards: tuple[Card, ...]) -> tuple[int, int]:
        """A shown hand's (high, low) strengths, -1 where the game has no such half; once each."""
        v = self._values.get(p)
        if v is None:
            v = self._values[p] = self.config.game.values(cards, self.board)
        return v

    def emit(self, e: Event) -> None:
        """Record an event and fold it into the state: the one way the state changes."""
        self.events.append(e)
        handler = _FOLD.get(type(e))
        if handler is not None:
            handler(self, e)

    # ------------------------------------------------------------------------------------
    # Driving the round: what happens by itself after each command (dealing: round.dealing)

    def deal_due(self, order: Sequence[Card]) -> list[Event]:
        """The cards due now from ``order`` (the dealer side's deck): see
        :func:`croupier.round.dealing.deal_due`."""
        return deal_due(self, order)

    def record_dealt(self, events: Sequence[Event]) -> list[Event]:
        """Record cards croupier dealt (from :meth:`deal_due`), then go on as the rules require
        (deal, show down, pay). A table folds its recorded cards through this, so a round is
        rebuilt from the cards dealt, never from the deck order."""
        if not self.config.automatic:
            raise refuse("croupier dealing", "a live dealer enters this round's cards")
        for e in events:
            if type(e) not in _DEALT:
                raise refuse("croupier dealing", f"{e!r} is not a card dealt")
        mark = len(self.events)
        for e in events:
            self.emit(e)
        if any(type(e) is HoleDealt for e in events):
            for e in dead_at_deal(self):  # dunedin-house 92, 99: once the initial deal is done
                self.emit(e)
        self._advance()
        return self.events[mark:]

    def _advance(self) -> None:
        """After a command: end betting rounds, deal, show down and pay as the rules require."""
        while True:
            street = self.street
            if street == OVER:
                return
            if street < SHOWDOWN and not self.betting and self.folded.count(False) <= 1:
                # the floor declared hands dead between streets or before every hole card was
                # dealt, and one hand is left: taken to have folded (qld-holdem-2005 s33(2);
                # act-omaha-2017 17.9), they leave it the pot as a fold would. At the showdown
                # the hand left must still be tabled (s33(3)-(4)): see _settle.
                settle(self)
                return
            if street == SHOWDOWN:
                if self.config.automatic:
                    if self.config.ask_showdown:
                        ask_showdown(self)
                    else:
                        auto_showdown(self)
                if all(
                    self.shown[i] is not None or self.mucked[i]
                    for i in range(self.n)
                    if not self.folded[i]
                ):
                    settle(self)
                return
            if not self.holes_dealt:
                return
            if self.betting and self.queue and self.folded.count(False) > 1:
                if self.pending and self.queue[0] in self.pending:
                    resolve_out_of_turn(self, self.queue[0])
                    continue
                return
            if self.betting:
                # nobody left to act, or everyone else folded (qld-holdem-2005 s24(8), s25(7))
                self._end_betting_round()
                continue
            # between betting rounds: community cards are due
            deck = self.config.deck_order  # a sealed round's table deals: see record_dealt
            if self.config.automatic and deck is not None:
                deal_board(self, deck)
                continue
            return

    def _end_betting_round(self) -> None:
        # return the uncalled part of the largest bet (qld-holdem-2005 s26(3)(a))
        bets = self.bets
        top = bets.index(max(bets))  # the first of equals
        second = max(bets[:top] + bets[top + 1 :], default=0)
        if bets[top] > second and top not in self.killed and not self.folded[top]:
            # a dead hand's bets stay in the pot (qld-holdem-2005 s33(2); act-omaha-2017 17.9),
            # as does a folded player's out-of-turn bet (qld-tournament-2020 4.41(d))
            self.emit(BetReturned(top, self.bets[top] - second))
        self.emit(BettingRoundEnded(self.street))
        if self.folded.count(False) <= 1:
            # one hand left, or none: every other was folded or declared dead (qld-holdem-2005
            # s33(3)-(4); act-omaha-2017 17.9)
            settle(self)

    # ------------------------------------------------------------------------------------
    # Showdown and settlement (round.showdown, round.settle)

    def showing_order(self) -> list[int]:
        """Who shows first, then clockwise: see :func:`croupier.round.showdown.showing_order`."""
        return showing_order(self)

    def to_show(self) -> int | None:
        """The player asked to show or muck: see :func:`croupier.round.showdown.to_show`."""
        return to_show(self)


# ----------------------------------------------------------------------------------------
# Folding events into state: the only place state changes (through Round.emit)


def _f_fee(r: Round, e: FeeCharged) -> None:
    r.stacks[e.player] -= e.amount
    r.fees += e.amount


def _f_dead(r: Round, e: DeadPosted) -> None:
    r.dead_posted[e.player] += e.amount
    r.stacks[e.player] -= e.amount
    r.contrib[e.player] += e.amount
    r.forced[e.player] += e.amount
    if r.stacks[e.player] == 0:
        r.all_in[e.player] = True


def _f_ante(r: Round, e: AntePosted) -> None:
    r.antes_posted[e.player] += e.amount
    r.stacks[e.player] -= e.amount
    r.contrib[e.player] += e.amount
    r.forced[e.player] += e.amount
    if r.stacks[e.player] == 0:
        r.all_in[e.player] = True


def _f_blind(r: Round, e: BlindPosted) -> None:
    p = e.player
    r.stacks[p] -= e.amount
    r.bets[p] += e.amount
    r.contrib[p] += e.amount
    r.forced[p] += e.amount
    if e.amount > r.current_bet:
        r.blind_increment = max(r.blind_increment, e.amount - r.current_bet)
        r.current_bet = e.amount
        r.fixed_level = e.amount
    if r.stacks[p] == 0:
        r.all_in[p] = True


def _f_burn(r: Round, e: CardBurned) -> None:
    r.deck_pos += 1
    r.street_burns += 1
    if e.card is not None and not r.config.automatic:
        r.cards_out.add(e.card)


def _f_hole(r: Round, e: HoleDealt) -> None:
    r.hole[e.player] = e.cards
    if None in e.cards:
        r.cards_out.update(c for c in e.cards if c is not None)
    else:
        r.cards_out.update(cast("tuple[Card, ...]", e.cards))  # no None among them
    if r.config.automatic:
        r.deck_pos += len(e.cards)
    if None not in r.hole:
        r.holes_dealt = True
        _open_betting(r)


def _f_board(r: Round, e: BoardDealt) -> None:
    r.board.extend(e.cards)
    r.cards_out.update(e.cards)
    r.street_burns = 0
    if r.set_aside:  # qld-tournament-2020 4.42(1)(c): shuffled back for the next card
        r.cards_out.difference_update(r.set_aside)
        r.set_aside = []
    if r.board_due:
        r.board_due = []
    r.street = e.street
    if e.street == FLOP:
        r.flop_dealt = True
    if r.config.automatic:
        r.deck_pos += len(e.cards)
    _open_betting(r)


def _f_fold(r: Round, e: Folded) -> None:
    r.folded[e.player] = True
    _acted(r, e.player)


def _f_check(r: Round, e: Checked) -> None:
    _acted(r, e.player)


def _f_call(r: Round, e: Called) -> None:
    p = e.player
    r.stacks[p] -= e.amount
    r.bets[p] += e.amount
    r.contrib[p] += e.amount
    if e.all_in:
        r.all_in[p] = True
    if e.amount:
        r.last_call = e.amount
        r.last_kind = "call"
    if opening_bet_due(r):
        r.opening_bet = r.current_bet  # s24(2)(a): the first call opens the betting
        r.last_kind = "open"
    _acted(r, p)


def _f_raise(r: Round, e: BetOrRaised) -> None:
    p = e.player
    cur = r.current_bet
    delta = e.to - r.bets[p]
    r.stacks[p] -= delta
    r.bets[p] = e.to
    r.contrib[p] += delta
    increment = e.to - cur
    if opening_bet_due(r):
        r.opening_bet = cur  # s24(2)(b): an opening bet and a raise made with it
        r.last_kind = "raise"
        r.raises += 1
    elif cur == 0:
        r.opening_bet = e.to
        r.last_kind = "open"
    elif e.full or street_limit(r) is not Limit.FIXED:
        r.last_kind = "raise"
        r.raises += 1
    else:
        r.last_kind = "raise"  # a short limit all-in is not a raise toward the cap
    if e.full:
        r.fixed_level = e.to
    r.last_raise_total = delta
    if e.all_in:
        r.all_in[p] = True
    if e.full:
        r.acted = {}
        r.raise_size = max(r.raise_size, increment)
    r.current_bet = e.to
    r.last_aggressor = p
    # everyone else still able to act must act again, in turn after the raiser
    folded, all_in = r.folded, r.all_in
    r.queue = [i for i in AFTER[r.n][p] if not folded[i] and not all_in[i]]
    r.acted[p] = e.to
    _prune_queue(r)


def _acted(r: Round, p: int) -> None:
    r.acted[p] = r.current_bet
    q = r.queue
    if q and q[0] == p:
        del q[0]
    elif p in q:
        q.remove(p)
    if q and r.bets[q[0]] >= r.current_bet:
        _prune_queue(r)


def _prune_queue(r: Round) -> None:
    """Drop players with nothing to decide: they owe nothing and no opponent could call
    more, so their only action would be a meaningless check."""
    q = r.queue
    while q and r.bets[q[0]] >= r.current_bet and not someone_can_call_more(r, q[0]):
        q.pop(0)


def _f_round_end(r: Round, e: BettingRoundEnded) -> None:
    r.betting = False
    r.queue = []
    r.bets = [0] * r.n
    r.current_bet = 0
    r.raise_size = 0
    r.fixed_level = 0
    r.blind_increment = 0
    r.raises = 0
    r.acted = {}
    r.last_kind = ""
    r.opening_bet = 0
    r.last_call = 0
    if r.limited or r.pending:
        r.bet_cap = None
        r.pending = {}
        r.limited = bool(r.passive)
    live = r.live()
    if len(live) > 1 and e.street >= RIVER:
        r.street = SHOWDOWN


def _f_return(r: Round, e: BetReturned) -> None:
    r.stacks[e.player] += e.amount
    # during a betting round the return comes off the bet; at settlement bets are cleared
    r.bets[e.player] = max(0, r.bets[e.player] - e.amount)
    r.contrib[e.player] -= e.amount


def _f_shown(r: Round, e: HandShown) -> None:
    r.shown[e.player] = e.cards
    r.cards_out.update(e.cards)


def _f_mucked(r: Round, e: HandMucked) -> None:
    r.mucked[e.player] = True


def _f_commission(r: Round, e: CommissionTaken) -> None:
    r.commission += e.amount
    r.paid += e.amount


def _f_award(r: Round, e: PotAwarded) -> None:
    r.paid += e.amount
    r.stacks[e.player] += e.amount
    r.awarded[e.player] += e.amount


def _f_end(r: Round, e: RoundEnded) -> None:
    r.street = OVER
    r.betting = False
    r.queue = []


# The floor's rulings (croupier.floor; the rest in croupier.round.rulings_fold)


def _f_killed(r: Round, e: HandKilled) -> None:
    p = e.player
    r.folded[p] = True
    r.killed.add(p)
    r.pending.pop(p, None)
    if p in r.queue:
        r.queue.remove(p)
    if r.betting:
        # after an uncalled bet was returned (dunedin-house 69) the others face what is left
        r.current_bet = max(r.bets)
        _prune_queue(r)


def _open_betting(r: Round) -> None:
    """Start a betting round once the hole cards or the street's board cards are out."""
    folded, all_in = r.folded, r.all_in
    if r.street == PREFLOP and r.config.full_blind:
        full = max(r.config.blinds)  # a partial blind is treated as a full one
        if full > r.current_bet:
            r.current_bet = r.fixed_level = full
    first = _preflop_first(r) if r.street == PREFLOP else 0
    order = [i for i in CLOCKWISE[r.n][first] if not folded[i] and not all_in[i]]
    if len(order) <= 1 and all(r.bets[i] >= r.current_bet for i in order):
        order = []  # nobody left to bet against
    r.queue = order
    r.betting = True
    r.last_aggressor = None


def _preflop_first(r: Round) -> int:
    """The first to act before the flop: next after the largest blind or straddle."""
    if r.config.big_blind_position is not None:
        return (r.config.big_blind_position + 1) % r.n
    best, idx = -1, r.n - 1
    for i in range(r.n):
        if r.bets[i] >= best and r.forced[i] and r.bets[i] > 0:
            best, idx = r.bets[i], i
    if best <= 0:
        return 0
    return (idx + 1) % r.n


_DEALT = (CardBurned, HoleDealt, BoardDealt)

_FOLD = handlers(
    on(FeeCharged, _f_fee),
    on(AntePosted, _f_ante),
    on(DeadPosted, _f_dead),
    on(BlindPosted, _f_blind),
    on(CardBurned, _f_burn),
    on(HoleDealt, _f_hole),
    on(BoardDealt, _f_board),
    on(Folded, _f_fold),
    on(Checked, _f_check),
    on(Called, _f_call),
    on(BetOrRaised, _f_raise),
    on(BettingRoundEnded, _f_round_end),
    on(BetReturned, _f_return),
    on(HandShown, _f_shown),
    on(HandMucked, _f_mucked),
    on(CommissionTaken, _f_commission),
    on(PotAwarded, _f_award),
    on(RoundEnded, _f_end),
    on(RoundVoided, rulings_fold.voided),
    on(HandKilled, _f_killed),
    on(BettingCapped, rulings_fold.capped),
    on(CardExposed, rulings_fold.exposed),
    on(OutOfTurnHeld, rulings_fold.held),
    on(OutOfTurnResolved, rulings_fold.resolved),
    on(ChipsCommitted, rulings_fold.committed),
    on(PlayRestricted, rulings_fold.restricted),
    on(HoleCardReplaced, rulings_fold.replaced),
    on(StubReconstituted, rulings_fold.stub),
    on(BurnsDue, burns.fold_burns_due),
)
