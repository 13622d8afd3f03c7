"""One round of play, from the forced bets to the pot being paid.

``Round`` answers three questions for every command, as in the best engines: what is legal
(:meth:`Round.legal_actions`), why a command is not (:meth:`Round.why_illegal`, a
:class:`Ruling` citing the clause), and what happens when it is applied (:meth:`Round.apply`,
which returns the new events or raises :class:`IllegalAction` and changes nothing).

Every change is an event and ``_fold`` is the only place state changes, so a round can be
rebuilt from its events (:meth:`Round.from_events`) and the floor can take back the last
actions (:meth:`Round.undo`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from croupier.cards import Card, CardError
from croupier.round import burns, wellformed
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
from croupier.round.events import (
    Announcement,
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
from croupier.round.games import Split
from croupier.round.structures import Limit
from croupier.rules import IllegalAction, MinRaiseRule, Ruling
from croupier.rules.commission import PotResult
from croupier.rules.floor import OutOfTurnAction

PREFLOP, FLOP, TURN, RIVER, SHOWDOWN, OVER = range(6)
STREET_NAMES = ("pre-flop", "flop", "turn", "river", "showdown", "over")
BOARD_SIZES = (0, 3, 1, 1)


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


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips, who may win it, and the contribution level it starts above."""

    amount: int
    eligible: tuple[int, ...]
    floor: int = 0


class Round:
    """One round of play under a rulebook. Create it from a :class:`RoundConfig`."""

    def __init__(self, config: RoundConfig, *, _start: bool = True) -> None:
        self.config = config
        self.rules = config.rulebook
        # The deck croupier deals from, when this round holds it (a sealed configuration's
        # round is dealt by its table, which holds the deck: see record_dealt). An input, not
        # state: never in an event.
        self._deck: tuple[Card, ...] | None = config.deck_order
        self._reset()
        if _start:
            self._start()

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
        # player -> (clause, for one decision only, event count when restricted)
        self.passive: dict[int, tuple[str, bool, int]] = {}
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
        return self._pots([i for i in range(self.n) if not self.folded[i] and not self.mucked[i]])

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
        check_ok = owed == 0 and self._check_allowed(p)
        lo_hi = self._bounds_now(p)[1]
        lo, hi = lo_hi if lo_hi else (None, None)
        call = 0 if owed == 0 else min(owed, stack)
        return LegalActions(p, True, check_ok, call, lo, hi, bet + stack)

    def why_illegal(self, cmd: Command) -> Ruling | None:
        try:
            wellformed.check(cmd)
            self._plan(cmd)
        except IllegalAction as e:
            return e.ruling
        return None

    def apply(self, cmd: Command) -> list[Event]:
        """Apply a command: the events it produced, or :class:`IllegalAction` and no change."""
        wellformed.check(cmd)
        events = self._plan(cmd)
        log = self.events
        mark = len(log)
        for e in events:  # self._emit, inlined
            log.append(e)
            fold = _FOLDERS.get(type(e))
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
            raise self._refuse(self.rules.showdown_clause, "the round is not at its showdown")
        mark = len(self.events)
        self._auto_showdown()
        self._settle()
        self._marks.append(mark)
        return self.events[mark:]

    def apply_ruling(self, events: Sequence[Event], then: Command | None = None) -> list[Event]:
        """Record a floor ruling's events (croupier.floor checks them against the state first),
        then the player command it makes of the report, if any; all or nothing."""
        mark = len(self.events)
        for e in events:
            self._emit(e)
        if then is not None:
            try:
                planned = self._plan(then)
            except IllegalAction:
                self._restore(mark)
                raise
            for e in planned:
                self._emit(e)
        self._advance()
        self._marks.append(mark)
        return self.events[mark:]

    def _restore(self, mark: int) -> None:
        marks, events = self._marks, self.events[:mark]
        self._reset()
        for e in events:
            self._emit(e)
        self._marks = marks

    # ------------------------------------------------------------------------------------
    # Replay and undo

    @classmethod
    def from_events(cls, config: RoundConfig, events: Sequence[Event]) -> Round:
        """Rebuild a round by folding its events (no rule is re-checked)."""
        r = cls(config, _start=False)
        for e in events:
            r._emit(e)
        return r

    def undo(self, commands: int = 1) -> Round:
        """The round as it was before the last ``commands`` commands (a floor correction)."""
        if self.street == OVER:
            raise IllegalAction(Ruling("croupier undo", "the round has ended; its result stands"))
        if commands < 1 or commands > len(self._marks):
            raise IllegalAction(
                Ruling("croupier undo", f"only {len(self._marks)} action(s) can be taken back")
            )
        mark = self._marks[-commands]
        r = Round.from_events(self.config, self.events[:mark])
        r._marks = self._marks[:-commands]
        return r

    # ------------------------------------------------------------------------------------
    # Planning: check a command and produce its events, without changing anything

    def _refuse(self, clause: str, message: str) -> IllegalAction:
        return IllegalAction(Ruling(clause, message))

    def _plan(self, cmd: Command) -> list[Event]:
        if self.street == OVER:
            raise self._refuse("croupier round", "the round has ended")
        if isinstance(cmd, (Fold, CheckCall, BetRaise)):
            return self._plan_action(cmd)
        if isinstance(cmd, DealHole):
            return self._plan_hole(cmd)
        if isinstance(cmd, DealBoard):
            return self._plan_board(cmd)
        if isinstance(cmd, (Show, Muck)):
            return self._plan_showdown(cmd)
        if isinstance(cmd, Burn):
            return burns.plan_burn(self, cmd)
        raise self._refuse("croupier round", f"unknown command {cmd!r}")

    def _plan_action(self, cmd: Fold | CheckCall | BetRaise) -> list[Event]:
        p = cmd.player
        if not 0 <= p < self.n:
            raise self._refuse(self.rules.turn_clause, f"there is no player {p}")
        actor = self.queue[0] if self.betting and self.queue else None
        if actor is None:
            raise self._refuse(
                self.rules.turn_clause,
                f"no betting is in progress (the round awaits {self.awaiting()})",
            )
        if p != actor:
            raise self._refuse(
                self.rules.turn_clause, f"it is player {actor}'s turn to act, not player {p}'s"
            )
        owed = self.current_bet - self.bets[p]
        stack = self.stacks[p]
        if isinstance(cmd, Fold):
            if self.limited and self._is_passive(p) and self.passive[p][0] == _QT_CALL_OR_FOLD:
                stands = self._held_wager(p) - self.bets[p]
                if stands > 0:  # qld-tournament-2020 4.41(b), (d): the out-of-turn bet stands
                    return [ChipsCommitted(p, stands, "qld-tournament-2020 4.41(d)"), Folded(p)]
            return [Folded(p)]
        if isinstance(cmd, CheckCall):
            if owed == 0:
                if not self._check_allowed(p):
                    raise self._refuse(
                        self.rules.check_clause,
                        "checking is allowed only from the second round of betting",
                    )
                if self.rules.opening_bet_equals_big_blind and self.street == PREFLOP:
                    return [Called(p, 0, False)]  # s4(2): no check here; s24(5): a call
                return [Checked(p)]
            amount = min(owed, stack)
            return [Called(p, amount, amount == stack)]
        to = cmd.to
        bounds, within = self._bounds_now(p)
        if bounds is None or within is None:
            raise self._refuse(*self._why_no_raise(p))
        lo, hi = bounds
        all_in_to = self.bets[p] + stack
        if to > all_in_to:
            raise self._refuse(
                self.rules.all_in_clause, f"player {p} has only {all_in_to} to bet in this round"
            )
        if to == all_in_to and to > self.current_bet and to < lo:
            # all-in for less than a full raise; in limit, half a raise or more counts as one
            # and reopens the betting (dunedin-house 47)
            half = self._limit() is Limit.FIXED and 2 * (to - self.current_bet) >= (
                self.config.structure.fixed_amount(self.street)
            )
            return [BetOrRaised(p, to, True, half)]
        if to < lo:
            what = "bet" if self.current_bet == 0 else "raise"
            raise self._refuse(
                self._min_clause(), f"the smallest {what} allowed is to {lo}, not {to}"
            )
        if to > hi:
            raise self._refuse(
                self._max_clause(), f"the largest bet or raise allowed is to {hi}, not {to}"
            )
        return [BetOrRaised(p, to, to == all_in_to, True)]

    def _plan_hole(self, cmd: DealHole) -> list[Event]:
        p = cmd.player
        if self.config.automatic:
            raise self._refuse("croupier dealing", "croupier deals this round itself")
        if not 0 <= p < self.n:
            raise self._refuse(self.rules.deck_clause, f"there is no player {p}")
        if self.hole[p] is not None:
            raise self._refuse(self.rules.deck_clause, f"player {p} already has hole cards")
        k = self.config.game.hole_cards
        if len(cmd.cards) != k:
            raise self._refuse(
                self.rules.deck_clause,
                f"{self.config.game.name} deals {k} hole cards, not {len(cmd.cards)}",
            )
        self._check_new_cards([c for c in cmd.cards if c is not None])
        last = all(h is not None for i, h in enumerate(self.hole) if i != p)
        return [HoleDealt(p, cmd.cards), *(self._dead_at_deal() if last else ())]

    def _dead_at_deal(self) -> list[Event]:
        """Hands killed once the initial deal is complete (``RoundConfig.dead_hands``)."""
        return [HandKilled(p, clause) for p, clause in self.config.dead_hands]

    def _plan_board(self, cmd: DealBoard) -> list[Event]:
        if self.config.automatic:
            raise self._refuse("croupier dealing", "croupier deals this round itself")
        if self.awaiting() != "board":
            raise self._refuse(
                self.rules.deck_clause,
                f"no community cards are due now (the round awaits {self.awaiting()})",
            )
        if self.street >= RIVER:
            raise self._refuse(self.rules.deck_clause, "the board is complete after the river")
        street = self.street + 1
        k = BOARD_SIZES[street]
        if len(cmd.cards) != k:
            raise self._refuse(
                self.rules.deck_clause,
                f"the {STREET_NAMES[street]} is {k} card(s), not {len(cmd.cards)}",
            )
        fresh: Sequence[Card] = cmd.cards
        if self.board_due:
            missing = [c for c in self.board_due if c not in cmd.cards]
            if missing:
                raise self._refuse(
                    self.board_due_clause,
                    f"{' '.join(map(str, missing))} was exposed early and must be dealt as "
                    f"the {STREET_NAMES[street]}",
                )
            fresh = [c for c in cmd.cards if c not in self.board_due]
        self._check_new_cards(fresh)
        burns.check_board(self)
        return [BoardDealt(tuple(cmd.cards), street)]

    def _plan_showdown(self, cmd: Show | Muck) -> list[Event]:
        p = cmd.player
        if self.street != SHOWDOWN:
            raise self._refuse(self.rules.showdown_clause, "hands are shown only at the showdown")
        if not 0 <= p < self.n or self.folded[p]:
            raise self._refuse(
                self.rules.showdown_clause, f"player {p} has no hand in the showdown"
            )
        if self.shown[p] is not None or self.mucked[p]:
            raise self._refuse(
                self.rules.showdown_clause, f"player {p} has already shown or mucked"
            )
        if isinstance(cmd, Muck):
            if self._exposing():
                raise self._refuse(
                    self.config.expose_all_in,
                    "a player is all in and the betting is over: every live hand is turned face up",
                )
            return [HandMucked(p)]
        hole = self.hole[p]
        assert hole is not None
        cards = cmd.cards
        if cards is None:
            if any(c is None for c in hole):
                raise self._refuse(
                    self.rules.showdown_clause, f"player {p}'s cards were not entered; name them"
                )
            cards = tuple(c for c in hole if c is not None)
        else:
            if len(cards) != len(hole):
                raise self._refuse(self.rules.deck_clause, f"player {p} holds {len(hole)} cards")
            known = [c for c in hole if c is not None]
            if known and sorted(known) != sorted(c for c in cards if c in known):
                raise self._refuse(self.rules.deck_clause, f"player {p} was dealt other cards")
            if len(known) != len(hole):
                self._check_new_cards([c for c in cards if c not in known])
        return [HandShown(p, tuple(cards))]

    def _check_new_cards(self, cards: Sequence[Card]) -> None:
        try:
            self.config.game.deck.check(cards)
        except CardError as e:
            raise self._refuse(self.rules.deck_clause, str(e)) from e
        for c in cards:
            if c in self.cards_out:
                raise self._refuse(self.rules.deck_clause, f"{c} has already been dealt")

    # ------------------------------------------------------------------------------------
    # Betting rules

    def _check_allowed(self, p: int) -> bool:
        # qld-holdem-2005 s4(2): no checking in the first round. The second blind's turn when
        # the opening bet was only called is a call of nothing (s24(5)), so it may still pass.
        if self.street == PREFLOP and self.rules.opening_bet_equals_big_blind:
            return self.current_bet > 0 and self.opening_bet > 0
        return True

    def _can_raise(self, p: int) -> bool:
        if self.stacks[p] <= self.current_bet - self.bets[p]:
            return False
        if not self._someone_can_call_more(p):
            return False  # every opponent is all-in or covered (qld-holdem-2005 s29(4))
        if p in self.acted and self._short_since_acted(p):
            return False
        if self.limited and self._floor_forbids_raise(p):
            return False
        cap = self.config.structure.max_raises
        if cap is not None and self.raises >= cap and self.current_bet > 0:
            heads_up = self.folded.count(False) == 2
            if not (heads_up and self.config.structure.uncapped_heads_up):
                return False
        return True

    def _short_since_acted(self, p: int) -> bool:
        """Whether the player has acted and the bet has since risen by less than a full raise,
        so the betting is not reopened to them: dunedin-house 46 (short all-ins count together);
        in limit, any all-in under half a raise (47)."""
        level = self.acted.get(p)
        if level is None:
            return False
        if self._limit() is Limit.FIXED:
            return True  # half a raise or more resets who has acted
        return self.current_bet - level < max(self.raise_size, self.config.min_bet)

    def _someone_can_call_more(self, p: int) -> bool:
        cur = self.current_bet
        folded, all_in, bets, stacks = self.folded, self.all_in, self.bets, self.stacks
        for i in range(self.n):
            if i != p and not folded[i] and not all_in[i] and bets[i] + stacks[i] > cur:
                return True
        return False

    def _why_no_raise(self, p: int) -> tuple[str, str]:
        owed = self.owed(p)
        if self.stacks[p] <= owed:
            return self.rules.all_in_clause, f"player {p} has only enough to call"
        if not self._someone_can_call_more(p):
            return (
                self.rules.all_in_clause,
                "no opponent could call a raise: each is all-in or has no more chips",
            )
        if self._short_since_acted(p):
            return (
                self.rules.reopen_clause,
                "an all-in of less than a full raise does not reopen the betting",
            )
        if self._is_passive(p):
            return self.passive[p][0], f"player {p} may only check, call or fold"
        if self.bet_cap is not None and self.bet_cap <= self.current_bet:
            return self.cap_clause, f"betting this round is capped at {self.bet_cap}"
        return self.rules.raise_cap_clause, "the raise cap for this betting round has been reached"

    def _floor_forbids_raise(self, p: int) -> bool:
        cap = self.bet_cap
        return self._is_passive(p) or (cap is not None and cap <= self.current_bet)

    def _is_passive(self, p: int) -> bool:
        """Restricted to checking, calling or folding; a restriction for one decision ends
        when the player acts."""
        entry = self.passive.get(p)
        if entry is None:
            return False
        _, once, since = entry
        return not (
            once
            and any(
                isinstance(e, (Folded, Checked, Called, BetOrRaised)) and e.player == p
                for e in self.events[since:]
            )
        )

    def _qld_opening_due(self) -> bool:
        """In a Queensland first round, whether the opening bet is still to be made (s24)."""
        return (
            self.rules.opening_bet_equals_big_blind
            and self.street == PREFLOP
            and self.opening_bet == 0
        )

    def _limit(self) -> Limit:
        return self.config.structure.limits[self.street]

    def _min_clause(self) -> str:
        if self._qld_opening_due():
            return self.rules.first_round_clause
        return self.rules.min_raise_clause

    def _max_clause(self) -> str:
        if self.bet_cap is not None:
            return self.cap_clause
        if self._qld_opening_due():
            return self.rules.first_round_clause
        if self.current_bet == 0 and self.config.max_bet is not None:
            return "qld-holdem-2005 s25(4)"
        return self.rules.max_bet_clause

    def _raise_bounds(self, p: int) -> tuple[int, int] | None:
        """Smallest and largest "to" amounts a bet or raise may have now (the smallest is the
        all-in when the stack is short of a full raise), or None if none is allowed."""
        return self._bounds_now(p)[1]

    def _full_bounds(self, p: int) -> tuple[int, int] | None:
        """Smallest and largest "to" amounts of a full bet or raise, ignoring the stack."""
        return self._bounds_now(p)[0]

    def _bounds_now(self, p: int) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
        """(full bounds, bounds within the stack), memoised per decision: every change appends
        an event, so the event count dates them (legal_actions, then apply, ask again)."""
        at = (len(self.events), p)
        if self._bounds_at == at:
            return self._bounds
        full = self._compute_full_bounds(p)
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

    def _compute_full_bounds(self, p: int) -> tuple[int, int] | None:
        if not self._can_raise(p):
            return None
        cfg = self.config
        cur = self.current_bet
        owed = cur - self.bets[p]
        limit = cfg.structure.limits[self.street]
        rules = self.rules
        if (
            limit is Limit.NO_LIMIT
            and cur
            and not rules.opening_bet_equals_big_blind
            and rules.min_raise_rule is not MinRaiseRule.OPENING_BET_OR_LAST_CALL
        ):
            # the common case, no-limit facing a bet: _min_raise and _max_to inlined
            lo = cur + max(self.raise_size, cfg.min_bet, self.blind_increment)
            hi = self.bets[p] + self.stacks[p]
        elif limit is Limit.FIXED:
            # after an all-in of less than half a raise, raise to the structure; otherwise by
            # it (dunedin-house 48; qld-holdem-2005 s28(8))
            lo = hi = self.fixed_level + cfg.structure.fixed_amount(self.street)
        elif self._qld_opening_due():
            # s24(4): the opening bet, and a raise made with it, each equal the second blind.
            lo = hi = cur + cfg.min_bet
        elif cur == 0:
            lo = cfg.min_bet  # an opening bet: at least the minimum wager (qld s25(4))
            hi = self._max_to(p, owed)
            if cfg.max_bet is not None:
                hi = min(hi, cfg.max_bet)
        else:
            lo = cur + self._min_raise(p, owed)
            hi = self._max_to(p, owed)
        if hi < lo:
            if self.rules.max_caps_min_raise:
                lo = hi  # qld-holdem-2005 s28(3): the raise must then equal the maximum
            else:
                hi = lo  # the minimum raise stands (as no-limit's all-in does)
        if self.limited and self.bet_cap is not None and hi > self.bet_cap:
            hi = self.bet_cap
            lo = min(lo, hi)  # a capped round allows a bet up to the cap (s36(3)(b))
        return lo, hi

    def _min_raise(self, p: int, owed: int) -> int:
        if self.rules.min_raise_rule is MinRaiseRule.OPENING_BET_OR_LAST_CALL:
            # qld-holdem-2005 s28(4): (a) after an opening bet, the opening bet; (b) after a
            # call, the amount of that call; (c) after a call and raise, this player's call.
            if self.last_kind == "open":
                return max(self.opening_bet, 1)
            if self.last_kind == "call":
                return max(self.last_call, 1)
            return max(owed, 1)
        return max(self.raise_size, self.config.min_bet, self.blind_increment)

    def _max_to(self, p: int, owed: int) -> int:
        limit = self.config.structure.limits[self.street]
        cur = self.current_bet
        if limit is Limit.NO_LIMIT:
            return self.bets[p] + self.stacks[p]
        pot_after_call = self.pot_total + owed  # the call is counted first (s28(5); 4.2(g); 36)
        if limit is Limit.FULL_POT:
            return cur + pot_after_call
        if limit is Limit.HALF_POT:
            return cur + pot_after_call // 2
        # Limit.STRADDLE, qld-holdem-2005 s28(7): twice the opening bet, twice the last call,
        # or twice the last call and raise.
        if cur == 0:
            return (
                self.bets[p] + self.stacks[p]
                if self.config.max_bet is None
                else self.config.max_bet
            )
        if self.last_kind == "open":
            return cur + 2 * self.opening_bet
        if self.last_kind == "call":
            return cur + 2 * self.last_call
        return cur + 2 * self.last_raise_total

    # ------------------------------------------------------------------------------------
    # Folding events into state: the only place state changes

    def _emit(self, e: Event) -> None:
        """Record an event and fold it into the state."""
        self.events.append(e)
        handler = _FOLDERS.get(type(e))
        if handler is not None:
            handler(self, e)

    def _f_fee(self, e: FeeCharged) -> None:
        self.stacks[e.player] -= e.amount
        self.fees += e.amount

    def _f_dead(self, e: DeadPosted) -> None:
        self.dead_posted[e.player] += e.amount
        self.stacks[e.player] -= e.amount
        self.contrib[e.player] += e.amount
        self.forced[e.player] += e.amount
        if self.stacks[e.player] == 0:
            self.all_in[e.player] = True

    def _f_ante(self, e: AntePosted) -> None:
        self.antes_posted[e.player] += e.amount
        self.stacks[e.player] -= e.amount
        self.contrib[e.player] += e.amount
        self.forced[e.player] += e.amount
        if self.stacks[e.player] == 0:
            self.all_in[e.player] = True

    def _f_blind(self, e: BlindPosted) -> None:
        p = e.player
        self.stacks[p] -= e.amount
        self.bets[p] += e.amount
        self.contrib[p] += e.amount
        self.forced[p] += e.amount
        if e.amount > self.current_bet:
            self.blind_increment = max(self.blind_increment, e.amount - self.current_bet)
            self.current_bet = e.amount
            self.fixed_level = e.amount
        if self.stacks[p] == 0:
            self.all_in[p] = True

    def _f_burn(self, e: CardBurned) -> None:
        self.deck_pos += 1
        self.street_burns += 1
        if e.card is not None and not self.config.automatic:
            self.cards_out.add(e.card)

    def _f_hole(self, e: HoleDealt) -> None:
        self.hole[e.player] = e.cards
        if None in e.cards:
            self.cards_out.update(c for c in e.cards if c is not None)
        else:
            self.cards_out.update(e.cards)  # type: ignore[arg-type]  # no None among them
        if self.config.automatic:
            self.deck_pos += len(e.cards)
        if None not in self.hole:
            self.holes_dealt = True
            self._open_betting()

    def _f_board(self, e: BoardDealt) -> None:
        self.board.extend(e.cards)
        self.cards_out.update(e.cards)
        self.street_burns = 0
        if self.set_aside:  # qld-tournament-2020 4.42(1)(c): shuffled back for the next card
            self.cards_out.difference_update(self.set_aside)
            self.set_aside = []
        if self.board_due:
            self.board_due = []
        self.street = e.street
        if e.street == FLOP:
            self.flop_dealt = True
        if self.config.automatic:
            self.deck_pos += len(e.cards)
        self._open_betting()

    def _f_fold(self, e: Folded) -> None:
        self.folded[e.player] = True
        self._acted(e.player)

    def _f_check(self, e: Checked) -> None:
        self._acted(e.player)

    def _f_call(self, e: Called) -> None:
        p = e.player
        self.stacks[p] -= e.amount
        self.bets[p] += e.amount
        self.contrib[p] += e.amount
        if e.all_in:
            self.all_in[p] = True
        if e.amount:
            self.last_call = e.amount
            self.last_kind = "call"
        if self._qld_opening_due():
            self.opening_bet = self.current_bet  # s24(2)(a): the first call opens the betting
            self.last_kind = "open"
        self._acted(p)

    def _f_raise(self, e: BetOrRaised) -> None:
        p = e.player
        cur = self.current_bet
        delta = e.to - self.bets[p]
        self.stacks[p] -= delta
        self.bets[p] = e.to
        self.contrib[p] += delta
        increment = e.to - cur
        if self._qld_opening_due():
            self.opening_bet = cur  # s24(2)(b): an opening bet and a raise made with it
            self.last_kind = "raise"
            self.raises += 1
        elif cur == 0:
            self.opening_bet = e.to
            self.last_kind = "open"
        elif e.full or self._limit() is not Limit.FIXED:
            self.last_kind = "raise"
            self.raises += 1
        else:
            self.last_kind = "raise"  # a short limit all-in is not a raise toward the cap
        if e.full:
            self.fixed_level = e.to
        self.last_raise_total = delta
        if e.all_in:
            self.all_in[p] = True
        if e.full:
            self.acted = {}
            self.raise_size = max(self.raise_size, increment)
        self.current_bet = e.to
        self.last_aggressor = p
        # everyone else still able to act must act again, in turn after the raiser
        folded, all_in = self.folded, self.all_in
        self.queue = [i for i in _AFTER[self.n][p] if not folded[i] and not all_in[i]]
        self.acted[p] = e.to
        self._prune_queue()

    def _acted(self, p: int) -> None:
        self.acted[p] = self.current_bet
        q = self.queue
        if q and q[0] == p:
            del q[0]
        elif p in q:
            q.remove(p)
        if q and self.bets[q[0]] >= self.current_bet:
            self._prune_queue()

    def _prune_queue(self) -> None:
        """Drop players with nothing to decide: they owe nothing and no opponent could call
        more, so their only action would be a meaningless check."""
        q = self.queue
        while q and self.bets[q[0]] >= self.current_bet and not self._someone_can_call_more(q[0]):
            q.pop(0)

    def _f_round_end(self, e: BettingRoundEnded) -> None:
        self.betting = False
        self.queue = []
        self.bets = [0] * self.n
        self.current_bet = 0
        self.raise_size = 0
        self.fixed_level = 0
        self.blind_increment = 0
        self.raises = 0
        self.acted = {}
        self.last_kind = ""
        self.opening_bet = 0
        self.last_call = 0
        if self.limited or self.pending:
            self.bet_cap = None
            self.pending = {}
            self.limited = bool(self.passive)
        live = self.live()
        if len(live) > 1 and e.street >= RIVER:
            self.street = SHOWDOWN

    def _f_return(self, e: BetReturned) -> None:
        self.stacks[e.player] += e.amount
        # during a betting round the return comes off the bet; at settlement bets are cleared
        self.bets[e.player] = max(0, self.bets[e.player] - e.amount)
        self.contrib[e.player] -= e.amount

    def _f_shown(self, e: HandShown) -> None:
        self.shown[e.player] = e.cards
        self.cards_out.update(e.cards)

    def _f_mucked(self, e: HandMucked) -> None:
        self.mucked[e.player] = True

    def _f_commission(self, e: CommissionTaken) -> None:
        self.commission += e.amount
        self.paid += e.amount

    def _f_award(self, e: PotAwarded) -> None:
        self.paid += e.amount
        self.stacks[e.player] += e.amount
        self.awarded[e.player] += e.amount

    def _f_end(self, e: RoundEnded) -> None:
        self.street = OVER
        self.betting = False
        self.queue = []

    # The floor's rulings (croupier.floor)

    def _f_voided(self, e: RoundVoided) -> None:
        self.stacks = list(self.config.stacks)  # fees included: the round never started
        self.bets = [0] * self.n
        self.contrib = [0] * self.n
        self.fees = 0
        self.voided = True
        self.betting = False
        self.queue = []
        self.street = OVER

    def _f_killed(self, e: HandKilled) -> None:
        p = e.player
        self.folded[p] = True
        self.killed.add(p)
        self.pending.pop(p, None)
        if p in self.queue:
            self.queue.remove(p)
        if self.betting:
            # after an uncalled bet was returned (dunedin-house 69) the others face what is left
            self.current_bet = max(self.bets)
            self._prune_queue()

    def _f_capped(self, e: BettingCapped) -> None:
        self.bet_cap = e.cap
        self.limited = True
        self.cap_clause = e.clause

    def _f_exposed(self, e: CardExposed) -> None:
        if e.use == "stub":
            return
        self.cards_out.add(e.card)
        if e.use == "aside":
            self.set_aside.append(e.card)
        if e.use == "board":
            self.board_due.append(e.card)
            self.board_due_clause = e.clause

    def _f_held(self, e: OutOfTurnHeld) -> None:
        self.pending[e.player] = (e.action, e.to, self.current_bet, len(self.events))

    def _f_resolved(self, e: OutOfTurnResolved) -> None:
        self.pending.pop(e.player, None)

    def _f_committed(self, e: ChipsCommitted) -> None:
        p = e.player
        self.stacks[p] -= e.amount
        self.bets[p] += e.amount
        self.contrib[p] += e.amount
        if self.stacks[p] == 0:
            self.all_in[p] = True
            if p in self.queue:
                self.queue.remove(p)

    def _f_restricted(self, e: PlayRestricted) -> None:
        self.passive[e.player] = (e.clause, e.once, len(self.events))
        self.limited = True

    def _f_replaced(self, e: HoleCardReplaced) -> None:
        hole = self.hole[e.player]
        assert hole is not None
        self.hole[e.player] = tuple(e.new if c == e.old else c for c in hole)
        self.cards_out.add(e.new)

    def _f_stub(self, e: StubReconstituted) -> None:
        self.cards_out.difference_update(e.returned)

    def _open_betting(self) -> None:
        """Start a betting round once the hole cards or the street's board cards are out."""
        folded, all_in = self.folded, self.all_in
        if self.street == PREFLOP and self.config.full_blind:
            full = max(self.config.blinds)  # a partial blind is treated as a full one
            if full > self.current_bet:
                self.current_bet = self.fixed_level = full
        first = self._preflop_first() if self.street == PREFLOP else 0
        order = [i for i in _CLOCKWISE[self.n][first] if not folded[i] and not all_in[i]]
        if len(order) <= 1 and all(self.bets[i] >= self.current_bet for i in order):
            order = []  # nobody left to bet against
        self.queue = order
        self.betting = True
        self.last_aggressor = None

    def _preflop_first(self) -> int:
        """The first to act before the flop: next after the largest blind or straddle."""
        if self.config.big_blind_position is not None:
            return (self.config.big_blind_position + 1) % self.n
        best, idx = -1, self.n - 1
        for i in range(self.n):
            if self.bets[i] >= best and self.forced[i] and self.bets[i] > 0:
                best, idx = self.bets[i], i
        if best <= 0:
            return 0
        return (idx + 1) % self.n

    # ------------------------------------------------------------------------------------
    # Driving the round: what happens by itself after each command

    def _start(self) -> None:
        cfg = self.config
        n = self.n
        if cfg.fee:
            for p in range(n):
                self._emit(FeeCharged(p, min(cfg.fee, self.stacks[p]), "qld-holdem-2005 s20(2)"))
        blinds = list(cfg.blinds)
        antes = list(cfg.antes) if cfg.antes else [0] * n
        if n == 2 and self.rules.heads_up_button_small_blind:
            blinds.reverse()  # dunedin-house 95: the button posts the small blind
            antes.reverse()  # and a big-blind ante stays with the big blind
        for p in range(n) if cfg.antes else ():
            a = min(antes[p], self.stacks[p])
            if a:
                self._emit(AntePosted(p, a))
        for p, d in enumerate(cfg.dead):
            if d:
                self._emit(DeadPosted(p, min(d, self.stacks[p]), self.rules.dead_blind_clause))
        for p in range(n):
            b = blinds[p]
            if b > self.stacks[p]:
                b = self.stacks[p]
            if b:
                self._emit(BlindPosted(p, b, _blind_kind(p, blinds)))
        if cfg.automatic and self._deck is not None:
            self._deal_holes(self._deck)
            self._advance()  # nobody may be able to act (every blind all-in)

    def _deal_holes(self, order: Sequence[Card]) -> None:
        for e in (*self._hole_events(order), *self._dead_at_deal()):
            self._emit(e)

    def _hole_events(self, order: Sequence[Card]) -> list[Event]:
        n, k = self.n, self.config.game.hole_cards
        # one card at a time, starting left of the button (qld-holdem-2005 s23(4); 9.2)
        base = self.deck_pos
        return [HoleDealt(p, tuple([order[base + j * n + p] for j in range(k)])) for p in range(n)]

    # ------------------------------------------------------------------------------------
    # Dealing from a deck the dealer side holds (a table deals a sealed configuration's round)

    def deal_due(self, order: Sequence[Card]) -> list[Event]:
        """The cards due now, dealt from ``order`` (the whole deck, top card first) where the
        round has reached: the hole cards, or the next street's burn and board cards. Nothing
        changes; empty when no card is due. Feed the events to :meth:`record_dealt`."""
        if not self.config.automatic or (self.betting and self.holes_dealt):
            return []
        due = self.awaiting()
        if due == "hole":
            return self._hole_events(order)
        return self._board_events(order) if due == "board" else []

    def record_dealt(self, events: Sequence[Event]) -> list[Event]:
        """Record cards croupier dealt (from :meth:`deal_due`), then go on as the rules require
        (deal, show down, pay). A table folds its recorded cards through this, so a round is
        rebuilt from the cards dealt, never from the deck order."""
        if not self.config.automatic:
            raise self._refuse("croupier dealing", "a live dealer enters this round's cards")
        for e in events:
            if type(e) not in _DEALT:
                raise self._refuse("croupier dealing", f"{e!r} is not a card dealt")
        mark = len(self.events)
        for e in events:
            self._emit(e)
        if any(type(e) is HoleDealt for e in events):
            for e in self._dead_at_deal():  # dunedin-house 92, 99: once the initial deal is done
                self._emit(e)
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
                self._settle()
                return
            if street == SHOWDOWN:
                if self.config.automatic:
                    self._auto_showdown()
                if all(
                    self.shown[i] is not None or self.mucked[i]
                    for i in range(self.n)
                    if not self.folded[i]
                ):
                    self._settle()
                return
            if not self.holes_dealt:
                return
            if self.betting and self.queue and self.folded.count(False) > 1:
                if self.pending and self.queue[0] in self.pending:
                    self._resolve_out_of_turn(self.queue[0])
                    continue
                return
            if self.betting:
                # nobody left to act, or everyone else folded (qld-holdem-2005 s24(8), s25(7))
                self._end_betting_round()
                continue
            # between betting rounds: community cards are due
            if self.config.automatic and self._deck is not None:
                self._deal_board(self._deck)
                continue
            return

    def _resolve_out_of_turn(self, p: int) -> None:
        """The turn of a player who acted out of turn has come: the rulebook decides whether
        the held action binds (then it is made now) or is withdrawn."""
        action, to, faced, since = self.pending[p]
        rule = self.rules.floor.out_of_turn
        cur = self.current_bet
        extra: list[Event] = []
        if action == "fold":
            # dunedin-house 58. Reading: qld s37 and act 17.6 speak only of wagers; a fold out
            # of turn binds under them too, as a floor rules it.
            self._emit(OutOfTurnResolved(p, True, self.rules.floor.out_of_turn_fold_binds_clause))
            self._emit_action(Fold(p))
            return
        wager = to if action == "bet" else faced
        if rule is OutOfTurnAction.STANDS_UNLESS_MISSED_PLAYER_BET_MORE:
            binding = cur <= wager  # s37(3): each missed player folded, checked or bet no more
            clause_of = "qld-holdem-2005 s37(3)" if binding else "qld-holdem-2005 s37(4)-(5)"
        elif rule is OutOfTurnAction.WITHDRAWN_IF_MISSED_PLAYER_WAGERED:
            missed = [
                e
                for e in self.events[since:]
                if isinstance(e, (Folded, Checked, Called, BetOrRaised)) and e.player != p
            ]
            wagered = any(
                isinstance(e, BetOrRaised) or (isinstance(e, Called) and e.amount > 0)
                for e in missed
            )
            if not wagered and not any(isinstance(e, Folded) for e in missed):
                binding, clause_of = True, "act-omaha-2017 17.6(a)"
                action = "check"  # the missed players checked: so does this player
            elif not wagered:
                binding, clause_of = True, "act-omaha-2017 17.6(d)"
            elif cur <= wager:
                binding, clause_of = False, "act-omaha-2017 17.6(b)"
                extra.append(PlayRestricted(p, True, clause_of))
            else:
                binding, clause_of = False, "act-omaha-2017 17.6(c)"
                if wager > self.bets[p]:  # the wager stays in the pot if the player folds
                    extra.append(ChipsCommitted(p, wager - self.bets[p], clause_of))
        elif rule is OutOfTurnAction.BINDING_UNLESS_ACTION_CHANGED_THEN_CALL_OR_FOLD:
            # qld-tournament-2020 4.41: binding only when no missed player wagered; a missed
            # wager up to the held bet leaves only call or fold (b), and a fold then leaves the
            # bet in the pot (d, on Fold); a larger one frees the player to act (c).
            binding = cur <= faced
            if binding:
                clause_of = "qld-tournament-2020 4.41(a)"
            elif cur <= wager:
                clause_of = _QT_CALL_OR_FOLD
                extra.append(PlayRestricted(p, True, clause_of))
            else:
                clause_of = "qld-tournament-2020 4.41(c)"
        else:
            binding = cur <= faced  # dunedin-house 57: a check, call or fold changes nothing
            clause_of = "dunedin-house 57"
        self._emit(OutOfTurnResolved(p, binding, clause_of))
        for e in extra:
            self._emit(e)
        if not binding:
            return
        then: Command = CheckCall(p)
        if action == "bet" and to > self.current_bet:
            bounds = self._raise_bounds(p)
            if bounds is not None and to >= bounds[0]:
                # qld-holdem-2005 s37(6) (qld-tournament-2020 4.41(e)): above the maximum,
                # the difference goes back.
                # Reading: a held bet below the smallest raise allowed now stands as a call.
                then = BetRaise(p, min(to, bounds[1]))
        self._emit_action(then)

    def _held_wager(self, p: int) -> int:
        """The bet ``p`` held out of turn in this betting round."""
        return next(
            e.to for e in reversed(self.events) if isinstance(e, OutOfTurnHeld) and e.player == p
        )

    def _emit_action(self, cmd: Command) -> None:
        for e in self._plan(cmd):
            self._emit(e)

    def _end_betting_round(self) -> None:
        # return the uncalled part of the largest bet (qld-holdem-2005 s26(3)(a))
        bets = self.bets
        top = bets.index(max(bets))  # the first of equals
        second = max(bets[:top] + bets[top + 1 :], default=0)
        if bets[top] > second and top not in self.killed and not self.folded[top]:
            # a dead hand's bets stay in the pot (qld-holdem-2005 s33(2); act-omaha-2017 17.9),
            # as does a folded player's out-of-turn bet (qld-tournament-2020 4.41(d))
            self._emit(BetReturned(top, self.bets[top] - second))
        self._emit(BettingRoundEnded(self.street))
        if self.folded.count(False) <= 1:
            # one hand left, or none: every other was folded or declared dead (qld-holdem-2005
            # s33(3)-(4); act-omaha-2017 17.9)
            self._settle()

    def _deal_board(self, order: Sequence[Card]) -> None:
        for e in self._board_events(order):
            self._emit(e)

    def _board_events(self, order: Sequence[Card]) -> list[Event]:
        street = self.street + 1
        burn = self.deck_pos
        out: list[Event] = []
        if self.config.burn:  # qld-holdem-2005 s21(6), (8), (10); act-omaha-2017 4.2(h)
            out.append(CardBurned(order[burn]))
        first = burn + 1 if self.config.burn else burn
        out.append(BoardDealt(tuple(order[first : first + BOARD_SIZES[street]]), street))
        return out

    # ------------------------------------------------------------------------------------
    # Showdown and settlement

    def showing_order(self) -> list[int]:
        """Who shows first, then clockwise (qld-holdem-2005 s27(2)-(3); act-omaha-2017 13.1;
        dunedin-house 64): the last player to bet or raise in the final round; if nobody bet,
        the first active player left of the button (qld: the designated player first)."""
        live = self.live()
        first = self.last_aggressor
        if first is None or first not in live:
            # qld-holdem-2005 s27(2)(a): with no bet, the designated player shows first
            first = (
                self.n - 1
                if self.rules.opening_bet_equals_big_blind and (self.n - 1) in live
                else live[0]
            )
        folded = self.folded
        return [i for i in _CLOCKWISE[self.n][first] if not folded[i]]

    def _auto_showdown(self) -> None:
        """Show or muck for everyone still to decide, in showing order: a hand shows when it
        ties or beats the best hand shown so far in some pot it can win (qld-holdem-2005
        s27(4), applied pot by pot so a side pot is still contested; s29(8)); otherwise it is
        mucked. A hand whose cards were not entered is mucked."""
        if self._exposing():
            self._expose_all()
            return
        in_pots = self._pots(self.live())
        best: list[tuple[int, int]] = [(-1, -1)] * len(in_pots)  # (high, low) shown per pot
        for p in self.showing_order():
            if self.shown[p] is not None or self.mucked[p]:
                if self.shown[p] is not None:
                    self._raise_best(p, self.shown[p], in_pots, best)  # type: ignore[arg-type]
                continue
            hole = self.hole[p]
            if hole is None or any(c is None for c in hole):
                self._emit(HandMucked(p))
                continue
            cards = tuple(c for c in hole if c is not None)
            hi, lo = self._value(p, cards)
            can_win = any(
                p in pot.eligible and (hi >= best[k][0] or (lo > 0 and lo >= best[k][1]))
                for k, pot in enumerate(in_pots)
            )
            if can_win:
                self._emit(HandShown(p, cards))
                self._raise_best(p, cards, in_pots, best)
            else:
                self._emit(HandMucked(p))

    def _exposing(self) -> bool:
        """Whether every live hand must be turned face up: the config names the clause
        (qld-tournament-2020 4.30; dunedin-house 84) and a live hand is all in at the showdown."""
        if not self.config.expose_all_in or self.street != SHOWDOWN:
            return False
        return any(self.all_in[i] and not self.folded[i] for i in range(self.n))

    def _expose_all(self) -> None:
        """Turn every live hand face up in showing order; none may be mucked."""
        order = [p for p in self.showing_order() if self.shown[p] is None and not self.mucked[p]]
        for p in order:
            hole = self.hole[p]
            if hole is None or any(c is None for c in hole):
                raise self._refuse(
                    self.config.expose_all_in,
                    f"every live hand is turned face up: name player {p}'s cards",
                )
        for p in order:
            hole = self.hole[p]
            assert hole is not None
            self._emit(HandShown(p, tuple(c for c in hole if c is not None)))

    def _value(self, p: int, cards: tuple[Card, ...]) -> tuple[int, int]:
        """A shown hand's (high, low) strengths, -1 where the game has no such half; once each."""
        v = self._values.get(p)
        if v is None:
            v = self._values[p] = self.config.game.values(cards, self.board)
        return v

    def _raise_best(
        self, p: int, cards: tuple[Card, ...], pots: list[Pot], best: list[tuple[int, int]]
    ) -> None:
        hi, lo = self._value(p, cards)
        for k, pot in enumerate(pots):
            if p in pot.eligible:
                best[k] = (max(best[k][0], hi), max(best[k][1], lo))

    def _pots(self, eligible: list[int]) -> list[Pot]:
        contrib = self.contrib
        dead = 0
        if self.config.antes_dead:
            contrib = [c - a for c, a in zip(contrib, self.antes_posted, strict=True)]
            dead = sum(self.antes_posted)
        if any(self.dead_posted):
            contrib = [c - d for c, d in zip(contrib, self.dead_posted, strict=True)]
            dead += sum(self.dead_posted)
        levels = sorted({contrib[i] for i in eligible})
        pots: list[Pot] = []
        prev = 0
        below = 0  # chips contributed up to the previous level
        for lvl in levels:
            upto = sum([min(c, lvl) for c in contrib])
            amount = upto - below + (dead if not pots else 0)
            below = upto
            who = tuple([i for i in eligible if contrib[i] >= lvl])
            if amount:
                if pots and pots[-1].eligible == who:
                    pots[-1] = Pot(pots[-1].amount + amount, who, pots[-1].floor)
                else:
                    pots.append(Pot(amount, who, prev))
            prev = lvl
        rest = sum(contrib) - below
        if rest and pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible, pots[-1].floor)
        elif rest and eligible:
            # only dead hands' bets, above every contender's: they stay in the pot
            # (qld-holdem-2005 s33(2); act-omaha-2017 17.9)
            pots.append(Pot(rest, tuple(eligible), prev))
        return pots

    def _settle(self) -> None:
        """Work out the winners of each pot, take commission, and pay (s26, s27, s29, s30)."""
        cfg = self.config
        game = cfg.game
        live = [i for i in range(self.n) if not self.folded[i] and not self.mucked[i]]
        if not live:  # everyone mucked: the last hand to muck keeps its claim
            live = self.live()[-1:]
        if not live:
            # every hand left was declared dead: the player who last folded, other than a dead
            # hand, wins (qld-holdem-2005 s33(4); act-omaha-2017 17.9)
            live = [next(e.player for e in reversed(self.events) if type(e) is Folded)]
        pots = self._pots(live)
        returned = False
        # dead money (dead antes, dead blinds) sits in the first pot and is never uncalled
        dead = sum(self.dead_posted) + (sum(self.antes_posted) if cfg.antes_dead else 0)
        for k, pot in enumerate(pots):
            # a pot only its one contender paid into is uncalled money: it goes back, and it is
            # no part of the pot for commission (qld-holdem-2005 s26(3)(a), s30(4)(b))
            owner = pot.eligible[0]
            uncalled = pot.amount - (dead if k == 0 else 0)
            if (
                uncalled > 0
                and len(pot.eligible) == 1
                and all(self.contrib[i] <= pot.floor for i in range(self.n) if i != owner)
            ):
                self._emit(BetReturned(owner, uncalled))
                returned = True
        if returned:
            pots = self._pots(live)
        uncontested = len(live) == 1
        hi: dict[int, int] = {}
        lo: dict[int, int] = {}
        if not uncontested:
            for p in live:
                cards = self.shown[p]
                if cards is None:
                    continue
                h, low = self._value(p, cards)
                if game.split is not Split.LOW:
                    hi[p] = h
                if game.split is not Split.HIGH:
                    lo[p] = low
        shown = set(hi) | set(lo)
        halves_of = [
            self._halves(pot, [p for p in pot.eligible if uncontested or p in shown], hi, lo)
            for pot in pots
        ]
        deductions = [0] * len(pots)
        if cfg.commission is not None:
            results = [
                PotResult(
                    pot.amount,
                    frozenset(i for i in range(self.n) if self.contrib[i] > pot.floor),
                    frozenset(p for _, ws in halves for p in ws),
                )
                for pot, halves in zip(pots, halves_of, strict=True)
            ]
            only_forced = all(self.contrib[i] <= self.forced[i] for i in range(self.n))
            deductions = cfg.commission.compute(results, cfg.min_bet, only_forced, self.flop_dealt)
        total_commission = sum(deductions)
        if self.rules.announces_commission and cfg.commission is not None:
            clause = "qld-holdem-2005 s27(9)" if not uncontested else "qld-holdem-2005 s26(3)"
            self._emit(Announcement(f"pot {sum(p.amount for p in pots)}", clause))
            self._emit(Announcement(f"commission {total_commission}", clause))
            self._emit(
                Announcement(
                    f"pot less commission {sum(p.amount for p in pots) - total_commission}", clause
                )
            )
        if total_commission:
            assert cfg.commission is not None
            self._emit(CommissionTaken(total_commission, cfg.commission.clause))
        paid: set[int] = set()
        for idx, (pot, halves) in enumerate(zip(pots, halves_of, strict=True)):
            amounts = self._split_halves(pot.amount - deductions[idx], halves)
            for (half, winners), amount in zip(halves, amounts, strict=True):
                for p, a in self._divide(amount, winners):
                    clause = (
                        (
                            self.rules.dead_hand_clause
                            if self.killed
                            else self.rules.uncontested_clause
                        )
                        if uncontested
                        else self.rules.split_clause
                        if len(winners) > 1
                        else self.rules.showdown_clause
                    )
                    if a:
                        self._emit(PotAwarded(idx, p, a, half, clause))
                        paid.add(p)
        if not uncontested:
            self._announce_winners(sorted(paid), hi, lo)
        self._emit(RoundEnded(tuple(self.stacks)))

    def _announce_winners(self, winners: list[int], hi: dict[int, int], lo: dict[int, int]) -> None:
        """The dealer announces the winning hand or hands (qld-holdem-2005 s27(8);
        act-omaha-2017 13.1)."""
        game = self.config.game
        words = [
            f"player {p}: {game.describe(hi.get(p), lo.get(p) or None)}"
            for p in winners
            if p in hi or p in lo
        ]
        if words:
            self._emit(Announcement("winning hand: " + "; ".join(words), self.rules.winner_clause))

    def _halves(
        self, pot: Pot, contenders: list[int], hi: dict[int, int], lo: dict[int, int]
    ) -> list[tuple[str, list[int]]]:
        if len(contenders) <= 1:
            who = contenders or list(pot.eligible[:1])
            return [("all", who)]
        split = self.config.game.split
        if split is Split.HIGH:
            return [("all", _argmax(contenders, hi))]
        if split is Split.LOW:
            return [("all", _argmax(contenders, lo))]
        qualified = [p for p in contenders if lo.get(p, 0) > 0]
        high = _argmax(contenders, hi)
        if not qualified:  # no qualifying low: the high hand takes the whole pot
            return [("all", high)]
        return [("high", high), ("low", _argmax(qualified, lo))]

    def _split_halves(self, net: int, halves: list[tuple[str, list[int]]]) -> list[int]:
        if len(halves) == 1:
            return [net]
        unit = self.config.chip_unit
        low = (net // (2 * unit)) * unit
        return [net - low, low]  # the high half takes any odd chip

    def _divide(self, amount: int, winners: list[int]) -> list[tuple[int, int]]:
        """Divide equally in chip units; what is left goes to the first winner clockwise from
        the button (qld-holdem-2005 s27(11); act-omaha-2017 13.2)."""
        unit = self.config.chip_unit
        k = len(winners)
        each = (amount // (unit * k)) * unit
        left = amount - each * k
        ordered = sorted(winners)
        return [(p, each + (left if j == 0 else 0)) for j, p in enumerate(ordered)]


_QT_CALL_OR_FOLD = "qld-tournament-2020 4.41(b)"  # a missed wager: only call or fold

# Turn orders for n players: _CLOCKWISE[n][first] starts at ``first``; _AFTER[n][p] is everyone
# else, starting after ``p``.
_CLOCKWISE = [[tuple((f + j) % n for j in range(n)) for f in range(n)] for n in range(11)]
_AFTER = [[tuple((p + 1 + j) % n for j in range(n - 1)) for p in range(n)] for n in range(11)]


def _argmax(players: list[int], values: dict[int, int]) -> list[int]:
    best = max(values.get(p, -1) for p in players)
    return [p for p in players if values.get(p, -1) == best]


def _blind_kind(p: int, blinds: list[int]) -> str:
    """Name a forced bet by its size among the blinds: small, big, then straddles."""
    posted = sorted((b, i) for i, b in enumerate(blinds) if b)
    rank = [i for _, i in posted].index(p)
    if len(posted) == 1:
        return "blind"
    return ("small blind", "big blind")[rank] if rank < 2 else f"straddle {rank - 1}"


_DEALT = (CardBurned, HoleDealt, BoardDealt)

_FOLDERS: dict[type, Callable[[Round, object], None]] = {
    FeeCharged: Round._f_fee,  # type: ignore[dict-item]
    AntePosted: Round._f_ante,  # type: ignore[dict-item]
    DeadPosted: Round._f_dead,  # type: ignore[dict-item]
    BlindPosted: Round._f_blind,  # type: ignore[dict-item]
    CardBurned: Round._f_burn,  # type: ignore[dict-item]
    HoleDealt: Round._f_hole,  # type: ignore[dict-item]
    BoardDealt: Round._f_board,  # type: ignore[dict-item]
    Folded: Round._f_fold,  # type: ignore[dict-item]
    Checked: Round._f_check,  # type: ignore[dict-item]
    Called: Round._f_call,  # type: ignore[dict-item]
    BetOrRaised: Round._f_raise,  # type: ignore[dict-item]
    BettingRoundEnded: Round._f_round_end,  # type: ignore[dict-item]
    BetReturned: Round._f_return,  # type: ignore[dict-item]
    HandShown: Round._f_shown,  # type: ignore[dict-item]
    HandMucked: Round._f_mucked,  # type: ignore[dict-item]
    CommissionTaken: Round._f_commission,  # type: ignore[dict-item]
    PotAwarded: Round._f_award,  # type: ignore[dict-item]
    RoundEnded: Round._f_end,  # type: ignore[dict-item]
    RoundVoided: Round._f_voided,  # type: ignore[dict-item]
    HandKilled: Round._f_killed,  # type: ignore[dict-item]
    BettingCapped: Round._f_capped,  # type: ignore[dict-item]
    CardExposed: Round._f_exposed,  # type: ignore[dict-item]
    OutOfTurnHeld: Round._f_held,  # type: ignore[dict-item]
    OutOfTurnResolved: Round._f_resolved,  # type: ignore[dict-item]
    ChipsCommitted: Round._f_committed,  # type: ignore[dict-item]
    PlayRestricted: Round._f_restricted,  # type: ignore[dict-item]
    HoleCardReplaced: Round._f_replaced,  # type: ignore[dict-item]
    StubReconstituted: Round._f_stub,  # type: ignore[dict-item]
    BurnsDue: burns.fold_burns_due,  # type: ignore[dict-item]
}
