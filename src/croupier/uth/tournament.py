"""Ultimate Texas Hold'em tournaments (act-uth-2025 16.x), event-sourced and pure.

Players buy in for tournament chips and play rounds against the house (each round an ordinary
:class:`~croupier.uth.game.UthRound`, 16.1). A session ends after a set number of rounds, a set
time (the clock is an input) or when a set number of players remain (A "Session"). The prize
pool is the entry fees less tournament commission, plus re-buys, add-ons and anything the
operator adds (16.21-16.22); integer money throughout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from croupier.cards import Card
from croupier.round.commands import IllegalAction, Ruling
from croupier.uth.game import TableState, UthRound

R = "act-uth-2025 "
CONDITIONS = R + "16.3"
#: The house's float of tournament chips; they cannot be exchanged for money (A).
HOUSE_FLOAT = 10**12


class SessionEnd(StrEnum):
    ROUNDS = "rounds"  # a designated number of rounds of play
    SECONDS = "seconds"  # a set period of time
    PLAYERS = "players"  # until a designated number of players remain


class Status(StrEnum):
    ENTRY = "entry"
    RUNNING = "running"
    WAGERING = "wagering"
    IN_ROUND = "in-round"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Purchase:
    """A re-buy or add-on: its cost in money, the tournament chips it gives, how many each
    player may buy, and the last round after which it is on offer (16.3(a)(iii)(G)-(H), (iv))."""

    cost: int
    chips: int
    per_player: int = 1
    until_round: int | None = None


@dataclass(frozen=True)
class TournamentConditions:
    """The documented conditions of 16.3; money in the smallest unit, chips in tournament chips.

    ``prizes`` are the shares of the pool for 1st, 2nd, ... place (16.3(a)(ix)); ``split_ties``
    chooses, for players level at the end, between combining and dividing the prizes equally
    and a draw of cards (16.3(a)(iii)(E)(c)).
    """

    entry_fee: int
    commission: int
    starting_chips: int
    minimum: int
    maximum: int
    session: SessionEnd
    session_limit: int
    prizes: tuple[int, ...]
    split_ties: bool = True
    rebuy: Purchase | None = None
    addon: Purchase | None = None
    added_value: int = 0
    min_players: int = 2
    max_players: int = 7
    refundable: bool = False
    void_repeated_out_of_order: bool = True

    def __post_init__(self) -> None:
        money = (self.entry_fee, self.commission, self.added_value, self.starting_chips)
        if any(not isinstance(v, int) or v < 0 for v in money):
            raise ValueError("fees, commission, chips and added value are whole and >= 0")
        if self.commission > self.entry_fee:
            raise ValueError("the tournament commission comes out of the entry fee (16.21)")
        if not 1 <= self.minimum <= self.maximum:
            raise ValueError("the table limits need 1 <= minimum <= maximum (16.3(a)(vii))")
        if self.session_limit < 1 or not self.prizes or min(self.prizes) < 0:
            raise ValueError("a session needs a positive limit and prize shares (16.3)")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError("the player numbers need 1 <= minimum <= maximum (16.3(a)(v))")

    @property
    def required(self) -> int:
        """Chips needed to play a round: an Ante of the table minimum and the equal Blind."""
        return 2 * self.minimum


# -- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TEvent:
    """Base class of tournament events."""


@dataclass(frozen=True, slots=True)
class Entered(TEvent):
    player: str
    fee: int
    commission: int


@dataclass(frozen=True, slots=True)
class Forfeited(TEvent):
    player: str
    clause: str


@dataclass(frozen=True, slots=True)
class Refunded(TEvent):
    player: str
    amount: int
    clause: str


@dataclass(frozen=True, slots=True)
class Started(TEvent):
    seats: tuple[str, ...]
    now: int
    clause: str


@dataclass(frozen=True, slots=True)
class Bought(TEvent):
    player: str
    kind: str  # "rebuy" or "addon"
    cost: int
    chips: int
    clause: str


@dataclass(frozen=True, slots=True)
class Eliminated(TEvent):
    player: str
    chips: int
    clause: str


@dataclass(frozen=True, slots=True)
class RoundBegan(TEvent):
    number: int
    order: tuple[str, ...]  # wagering order from the starting marker, clockwise (16.16)


@dataclass(frozen=True, slots=True)
class Asked(TEvent):
    player: str  # the dealer asks this player to wager (16.17)


@dataclass(frozen=True, slots=True)
class Wagered(TEvent):
    player: str
    ante: int
    trips: int
    clause: str = ""


@dataclass(frozen=True, slots=True)
class OutOfOrder(TEvent):
    player: str
    voided: bool
    clause: str


@dataclass(frozen=True, slots=True)
class RoundPlayed(TEvent):
    """A round's result; a void round (13.3, 13.7) changes no chips and does not count."""

    nets: tuple[tuple[str, int], ...]
    void: bool = False


@dataclass(frozen=True, slots=True)
class Ticked(TEvent):
    now: int


@dataclass(frozen=True, slots=True)
class SessionEnded(TEvent):
    clause: str


@dataclass(frozen=True, slots=True)
class Placed(TEvent):
    player: str
    place: int
    prize: int
    tied_with: tuple[str, ...]
    clause: str


@dataclass(frozen=True, slots=True)
class Cancelled(TEvent):
    refunds: tuple[tuple[str, int], ...]
    clause: str


@dataclass
class Entrant:
    chips: int = 0
    paid: int = 0  # money paid in: entry fee, re-buys and add-ons (16.24)
    rebuys: int = 0
    addons: int = 0
    out: bool = False  # eliminated, forfeited or refunded
    out_at: int = -1  # the round before which the player was eliminated
    out_chips: int = 0
    warned: bool = False  # advised after wagering out of order (16.16)
    forfeited: bool = False


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


@dataclass
class Tournament:
    """A tournament of one table. Methods check a command and return its events, or raise
    :class:`IllegalAction` with nothing changed."""

    conditions: TournamentConditions
    events: list[TEvent] = field(default_factory=list)

    def __post_init__(self) -> None:
        pending, self.events = self.events, []
        self.players: dict[str, Entrant] = {}
        self.seats: tuple[str, ...] = ()
        self.status = Status.ENTRY
        self.rounds = 0
        self.started_at = 0
        self.now = 0
        self.marker = -1  # seat index of the starting marker
        self.order: tuple[str, ...] = ()
        self.asked = -1
        self.wagers: dict[str, tuple[int, int]] = {}
        self.pool = self.conditions.added_value
        self.commission = 0
        for e in pending:
            self._emit(e)

    # -- queries ------------------------------------------------------------------------

    def active(self) -> list[str]:
        """Players still in, in seat order."""
        return [p for p in self.seats if not self.players[p].out]

    @property
    def session_over(self) -> bool:
        c = self.conditions
        if c.session is SessionEnd.ROUNDS:
            return self.rounds >= c.session_limit
        if c.session is SessionEnd.SECONDS:
            return self.now - self.started_at >= c.session_limit
        return len(self.active()) <= c.session_limit

    def table_state(self) -> TableState:
        """The table for the round being played: the players' tournament chips against the
        house's float (16.1: the game's rules apply)."""
        chips = {p: self.players[p].chips for p in self.active()}
        return TableState(chips, HOUSE_FLOAT, seats={i + 1: p for i, p in enumerate(self.seats)})

    def box_of(self, player: str) -> int:
        return self.seats.index(player) + 1

    # -- entry (16.6, 16.10, 16.21, 16.23) ----------------------------------------------

    def enter(self, player: str) -> list[TEvent]:
        c = self.conditions
        if self.status is not Status.ENTRY:
            raise _refuse(R + "16.8", "entries close when seats are drawn")
        if player in self.players:
            raise _refuse(R + "16.6", f"{player} has entered already: one entry only")
        if len(self.players) >= c.max_players:
            raise _refuse(CONDITIONS, f"the tournament takes at most {c.max_players} players")
        return self._do(Entered(player, c.entry_fee, c.commission))

    def refund(self, player: str) -> list[TEvent]:
        """A player asks for their entry fee back (16.23: only where the conditions allow)."""
        if player not in self.players or self.players[player].out:
            raise _refuse(R + "16.23", f"{player} holds no entry")
        if not self.conditions.refundable or self.status is not Status.ENTRY:
            raise _refuse(R + "16.23", "entry fees, re-buys and add-ons are not refundable")
        return self._do(Refunded(player, self.players[player].paid, R + "16.23"))

    def forfeit(self, player: str) -> list[TEvent]:
        """The player did not take the allocated seat by the starting time (16.10)."""
        if player not in self.seats or self.players[player].out:
            raise _refuse(R + "16.10", f"{player} has no seat to forfeit")
        if self.rounds or self.status is not Status.RUNNING:
            raise _refuse(R + "16.10", "a seat is forfeited only before the session begins")
        return self._do(Forfeited(player, R + "16.10"))

    def start(self, ballot: Sequence[str], now: int) -> list[TEvent]:
        """Seats by ballot (16.8): ``ballot`` is the drawn seat order, an input."""
        if self.status is not Status.ENTRY:
            raise _refuse(R + "16.8", "the seats have been drawn")
        live = sorted(p for p, e in self.players.items() if not e.out)
        if sorted(ballot) != live:
            raise _refuse(R + "16.8", "the ballot must seat every entered player exactly once")
        if len(live) < self.conditions.min_players:
            raise _refuse(CONDITIONS, f"at least {self.conditions.min_players} players needed")
        return self._do(Started(tuple(ballot), now, R + "16.8"))

    # -- re-buys and add-ons (16.3(a)(iii)(G)-(H)) --------------------------------------

    def rebuy(self, player: str) -> list[TEvent]:
        terms = self.conditions.rebuy
        clause = CONDITIONS + "(a)(iii)(G)"
        e = self._between_rounds(player, terms, clause, "re-buys")
        if e.forfeited:
            raise _refuse(R + "16.10", f"{player} forfeited the seat")
        if e.chips >= self.conditions.required:
            raise _refuse(clause, f"{player} can still wager the table minimum: no re-buy needed")
        assert terms is not None
        if e.rebuys >= terms.per_player:
            raise _refuse(clause, f"{player} has used all {terms.per_player} re-buy(s)")
        return self._do(Bought(player, "rebuy", terms.cost, terms.chips, clause))

    def add_on(self, player: str) -> list[TEvent]:
        terms = self.conditions.addon
        clause = CONDITIONS + "(a)(iii)(H)"
        e = self._between_rounds(player, terms, clause, "add-ons")
        if e.out:
            raise _refuse(R + "16.7", f"{player} has been eliminated")
        assert terms is not None
        if e.addons >= terms.per_player:
            raise _refuse(clause, f"{player} has taken the add-on")
        return self._do(Bought(player, "addon", terms.cost, terms.chips, clause))

    def _between_rounds(
        self, player: str, terms: Purchase | None, clause: str, what: str
    ) -> Entrant:
        if terms is None:
            raise _refuse(clause, f"the conditions offer no {what}")
        if self.status is not Status.RUNNING:
            raise _refuse(clause, f"{what} are made between rounds of a running session")
        if player not in self.seats:
            raise _refuse(R + "16.6", f"{player} has no entry")
        if terms.until_round is not None and self.rounds > terms.until_round:
            raise _refuse(clause, f"{what} ended after round {terms.until_round}")
        return self.players[player]

    # -- rounds (16.15-16.17) -----------------------------------------------------------

    def tick(self, now: int) -> list[TEvent]:
        if now < self.now:
            raise _refuse("croupier clock", f"time runs forward: {now} after {self.now}")
        c = self.conditions
        # a timed session ends when its time is up, once the round in play is complete
        over = c.session is SessionEnd.SECONDS and now - self.started_at >= c.session_limit
        if over and self.status is Status.RUNNING:
            return self._do(Ticked(now), SessionEnded("act-uth-2025 A"))
        return self._do(Ticked(now))

    def begin_round(self) -> list[TEvent]:
        """Eliminate who cannot wager the table minimum (16.15), then ask for wagers from the
        starting marker clockwise (16.16); the session may end first."""
        if self.status is not Status.RUNNING:
            raise _refuse(R + "16.16", f"no round can begin: the tournament is {self.status}")
        if self.session_over:
            return self._do(SessionEnded("act-uth-2025 A"))
        req = self.conditions.required
        out: list[TEvent] = [
            Eliminated(p, self.players[p].chips, R + "16.15")
            for p in self.active()
            if self.players[p].chips < req
        ]
        left = [p for p in self.active() if self.players[p].chips >= req]
        if len(left) <= 1 or (
            self.conditions.session is SessionEnd.PLAYERS
            and len(left) <= self.conditions.session_limit
        ):
            return self._do(*out, SessionEnded("act-uth-2025 A"))
        # the marker moves one player clockwise each round (a house reading of 16.16)
        n = len(self.seats)
        clockwise = [self.seats[(self.marker + k) % n] for k in range(1, n + 1)]
        order = tuple(p for p in clockwise if p in left)
        return self._do(*out, RoundBegan(self.rounds + 1, order), Asked(order[0]))

    def wager(self, player: str, ante: int, trips: int = 0) -> list[TEvent]:
        """A player's Ante (the Blind equals it) and Trips for this round."""
        if self.status is not Status.WAGERING:
            raise _refuse(R + "16.17", "no round is taking wagers")
        if player not in self.order:
            raise _refuse(R + "16.15", f"{player} is not in this round")
        c = self.conditions
        if ante < c.minimum:
            raise _refuse(R + "16.15", f"every player wagers at least the minimum {c.minimum}")
        if ante > c.maximum or trips > c.maximum or trips < 0:
            raise _refuse(CONDITIONS + "(a)(vii)", f"wagers are at most {c.maximum}")
        if 2 * ante + trips > self.players[player].chips:
            raise _refuse(R + "16.14", f"{player} has {self.players[player].chips} chips")
        at = self.order.index(player)
        if at < self.asked:
            raise _refuse(R + "16.16", f"{player}'s opportunity to wager has ended (16.17)")
        if at == self.asked:
            return self._do(Wagered(player, ante, trips))
        if player in self.wagers:
            raise _refuse(R + "16.16", f"{player}'s out-of-order wager stands")
        e = self.players[player]
        void = e.warned and c.void_repeated_out_of_order
        return self._do(
            *([] if void else [Wagered(player, ante, trips, R + "16.16")]),
            OutOfOrder(player, void, R + "16.16"),
        )

    def ask_next(self) -> list[TEvent]:
        """The dealer asks the next player, ending this player's opportunity (16.17)."""
        if self.status is not Status.WAGERING:
            raise _refuse(R + "16.17", "no round is taking wagers")
        p = self.order[self.asked]
        if p not in self.wagers:
            raise _refuse(R + "16.15", f"{p} must wager at least the table minimum")
        nxt = self.asked + 1
        while nxt < len(self.order) and self.order[nxt] in self.wagers:
            nxt += 1  # an out-of-order wager stands and is not asked for again
        if nxt == len(self.order):
            return self._do(Asked(""))
        return self._do(Asked(self.order[nxt]))

    def record_round(self, played: UthRound) -> list[TEvent]:
        """The finished round's result for each player (16.14: no other change to chips)."""
        if self.status is not Status.IN_ROUND:
            raise _refuse(R + "16.14", "no round is awaiting its result")
        if not played.is_over or set(played.start.chips) != set(self.active()):
            raise _refuse(R + "16.14", "that is not this round, finished")
        if played.void is None:
            placed = {b.player: (b.ante, b.trips) for b in played.boxes.values()}
            if placed != self.wagers:
                raise _refuse(R + "16.16", "the round's wagers are not those placed")
        after = played.table_after().chips
        nets = tuple((p, after[p] - played.start.chips[p]) for p in self.active())
        if any(self.players[p].chips != played.start.chips[p] for p in self.active()):
            raise _refuse(R + "16.14", "the round started from other chip counts")
        void = played.void is not None
        events: list[TEvent] = [RoundPlayed(nets, void)]
        if self._over_after(void):
            events.append(SessionEnded("act-uth-2025 A"))
        return self._do(*events)

    def _over_after(self, void: bool) -> bool:
        c = self.conditions
        if c.session is SessionEnd.ROUNDS:
            return self.rounds + (not void) >= c.session_limit
        if c.session is SessionEnd.SECONDS:
            return self.now - self.started_at >= c.session_limit
        return False  # players are eliminated when the next round begins (16.15)

    # -- the end (16.20-16.24) ----------------------------------------------------------

    def standings(self, draw: Mapping[str, Card] | None = None) -> list[list[str]]:
        """Players from first place down; players level share a group. Active players rank by
        chips; eliminated ones below them, later eliminations first, then by the chips they held
        (a house reading of 16.3(a)(iii)(E)(b)). With ``draw``, the higher card breaks a tie
        (16.3(a)(iii)(E)(c); suits rank clubs < diamonds < hearts < spades)."""
        ranked = sorted(
            (p for p in self.seats if not self.players[p].forfeited),
            key=lambda p: self._rank_key(p),
            reverse=True,
        )
        groups: list[list[str]] = []
        for p in ranked:
            if groups and self._rank_key(groups[-1][0]) == self._rank_key(p):
                groups[-1].append(p)
            else:
                groups.append([p])
        if draw is None:
            return groups
        return [[p] for g in groups for p in sorted(g, key=lambda q: draw[q], reverse=True)]

    def _rank_key(self, p: str) -> tuple[int, int, int]:
        e = self.players[p]
        if not e.out:
            return (1, 0, e.chips)
        return (0, e.out_at, e.out_chips)

    def finish(self, draw: Mapping[str, Card] | None = None) -> list[TEvent]:
        """Calculate and award the places (16.20) from the prize pool (16.21-16.22)."""
        if self.status is not Status.FINISHED or any(isinstance(e, Placed) for e in self.events):
            raise _refuse(R + "16.20", "places are awarded once, when the session is over")
        c = self.conditions
        groups = self.standings()
        if not c.split_ties and any(len(g) > 1 for g in groups):
            tied = {p for g in groups if len(g) > 1 for p in g}
            if draw is None or not tied <= set(draw) or len(set(draw.values())) != len(draw):
                raise _refuse(CONDITIONS + "(a)(iii)(E)", "level players draw distinct cards")
            groups = self.standings(draw)
        total = sum(c.prizes) or 1
        prizes = [self.pool * s // total for s in c.prizes]
        if sum(c.prizes):  # whole units the shares leave over go to first place (house default)
            prizes[0] += self.pool - sum(prizes)
        events: list[TEvent] = []
        place = 1
        for g in groups:
            share = sum(prizes[place - 1 + k] for k in range(len(g)) if place - 1 + k < len(prizes))
            each, odd = divmod(share, len(g))
            for i, p in enumerate(sorted(g, key=self.seats.index)):
                # odd units one each to the level players in seat order (house default)
                won = each + (1 if i < odd else 0)
                events.append(Placed(p, place, won, tuple(q for q in g if q != p), R + "16.20"))
            place += len(g)
        return self._do(*events)

    def cancel(self) -> list[TEvent]:
        """The operator cancels: every fee, commission, re-buy and add-on back in full (16.24)."""
        if self.status in (Status.FINISHED, Status.CANCELLED):
            raise _refuse(R + "16.24", f"the tournament is {self.status}")
        refunds = tuple((p, e.paid) for p, e in self.players.items() if e.paid)
        return self._do(Cancelled(refunds, R + "16.24"))

    # -- fold ---------------------------------------------------------------------------

    def _do(self, *events: TEvent) -> list[TEvent]:
        for e in events:
            self._emit(e)
        return list(events)

    def _emit(self, e: TEvent) -> None:
        self.events.append(e)
        if isinstance(e, Entered):
            self.players[e.player] = Entrant(paid=e.fee)
            self.pool += e.fee - e.commission
            self.commission += e.commission
        elif isinstance(e, Refunded):
            p = self.players[e.player]
            p.out, p.paid = True, 0
            self.pool -= e.amount - self.conditions.commission
            self.commission -= self.conditions.commission
        elif isinstance(e, Forfeited):
            p = self.players[e.player]
            p.out, p.forfeited, p.chips = True, True, 0
        elif isinstance(e, Started):
            self.seats, self.started_at, self.now = e.seats, e.now, e.now
            self.status = Status.RUNNING
            for s in e.seats:
                self.players[s].chips = self.conditions.starting_chips
        elif isinstance(e, Bought):
            p = self.players[e.player]
            p.chips += e.chips
            p.paid += e.cost
            self.pool += e.cost
            if e.kind == "rebuy":
                p.rebuys += 1
                p.out = False
            else:
                p.addons += 1
        elif isinstance(e, Eliminated):
            p = self.players[e.player]
            p.out, p.out_at, p.out_chips = True, self.rounds, e.chips
        elif isinstance(e, RoundBegan):
            self.order, self.wagers, self.asked = e.order, {}, -1
            self.marker = self.seats.index(e.order[0])
            self.status = Status.WAGERING
        elif isinstance(e, Asked):
            if e.player:
                self.asked = self.order.index(e.player)
            else:
                self.status = Status.IN_ROUND
        elif isinstance(e, Wagered):
            self.wagers[e.player] = (e.ante, e.trips)
        elif isinstance(e, OutOfOrder):
            self.players[e.player].warned = True
        elif isinstance(e, RoundPlayed):
            for who, net in e.nets:
                self.players[who].chips += net
            self.rounds += not e.void
            self.status = Status.RUNNING
        elif isinstance(e, Ticked):
            self.now = e.now
        elif isinstance(e, SessionEnded):
            self.status = Status.FINISHED
        elif isinstance(e, Cancelled):
            self.status = Status.CANCELLED


__all__ = [
    "Purchase",
    "SessionEnd",
    "Status",
    "Tournament",
    "TournamentConditions",
]
