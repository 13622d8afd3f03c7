"""A tournament from registration to the final payout, as a fold of its events.

:class:`Tournament` takes the operator's, the floor's and the players' commands (register,
start, re-buy, penalise, ...). Each command is checked first: a refused one raises
:class:`TournamentError` carrying a :class:`~croupier.round.Ruling` that cites its clause, and
changes nothing. An accepted one appends events, and ``_fold`` is the only code that changes
state, so :meth:`Tournament.from_events` rebuilds a tournament from its event list.

The hands themselves are ordinary rounds: :meth:`Tournament.plan_hand` gives the round's
configuration (who sits where, the blinds and antes of the current level, whose hands are dead)
and :meth:`Tournament.record` takes the finished rounds back.

Randomness (the seat draws) and cards (button draws, chip races) are inputs, and time is fed in
by :meth:`Tournament.tick`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from croupier.cards import Card
from croupier.round import Fold, Round, RoundConfig, Ruling
from croupier.round.events import PotAwarded
from croupier.table import Buttons, Seat, Seating, Status, next_deal
from croupier.table.button import Deal
from croupier.tournament import events as ev
from croupier.tournament import seating as st
from croupier.tournament.chiprace import chip_race
from croupier.tournament.clock import Clock
from croupier.tournament.conditions import ACT, DUNEDIN, QLD, Conditions, Level
from croupier.tournament.payouts import Prize, schedule, shared_places
from croupier.tournament.seating import TableView


class TournamentError(ValueError):
    """A command the rules refuse; the tournament is unchanged."""

    def __init__(self, ruling: Ruling) -> None:
        super().__init__(str(ruling))
        self.ruling = ruling


def refuse(clause: str, message: str) -> TournamentError:
    return TournamentError(Ruling(clause, message))


# Player status
REGISTERED = "registered"
ALTERNATE = "alternate"
PLAYING = "playing"
BUSTED = "busted"  # no chips, may still re-buy before the next round of play
OUT = "eliminated"
DISQUALIFIED = "disqualified"
CANCELLED = "cancelled"
FORFEITED = "forfeited"
PROVISIONAL = "provisionally eliminated"


@dataclass
class Entrant:
    player: str
    name: str
    status: str = REGISTERED
    entries: int = 0
    rebuys: int = 0
    add_ons: int = 0
    stack: int = 0
    table: int | None = None
    seat: int | None = None
    present: bool = True
    arrived: bool = False  # has taken their seat at least once (4.14)
    penalty_hands: int = 0
    away_until: int = 0
    removed: int = 0  # stake removed on provisional elimination (4.14)
    charge: int = 0  # blinds and antes they would have paid since (4.14)
    paid: int = 0  # money paid in: fees, prices, bounties
    bounties: int = 0
    place: int | None = None
    cash: int = 0
    seat_won: str = ""
    results: list[tuple[int, int, str]] = field(default_factory=list)  # per entry placed
    pre_race: int | None = None  # the stack before a chip race, until the next hand


@dataclass
class Table:
    number: int
    size: int
    seats: dict[int, str] = field(default_factory=dict)
    buttons: Buttons | None = None
    moved: set[str] = field(default_factory=set)  # arrived since the table's last hand
    hands: int = 0
    announced: list[ev.RoundAnnounced] = field(default_factory=list)

    def view(self) -> TableView:
        return TableView(
            self.number,
            dict(self.seats),
            self.size,
            self.buttons.big_blind if self.buttons else None,
        )


@dataclass(frozen=True)
class HandPlan:
    """A round of play ready to deal: the round's configuration and who is who."""

    table: int
    hand: int
    level: int
    deal: Deal
    players: tuple[str, ...]
    seats: tuple[int, ...]
    config: RoundConfig
    killed: frozenset[int]  # positions whose hands are dead: absent or penalised players
    rulings: tuple[str, ...]

    def forced_action(self, r: Round) -> Fold | None:
        """The fold an absent or penalised player's hand gets on their turn (qld-tournament-2020
        4.16.1; act-omaha-2017 20.12; dunedin-house 92, 99)."""
        p = r.actor
        return Fold(p) if p is not None and p in self.killed else None


_PE = "qld-tournament-2020 4.14"
_BOUNTY = "qld-tournament-2020 2 Bounty"
_HANDLERS = {
    cls: "_on_" + re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
    for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.TEvent) and cls is not ev.TEvent
}


def _lone_poster(deal: Deal) -> bool:
    """Whether one player posts every forced bet (a dead small blind and a big-blind ante).
    The round engine then pays the folded-to big blind twice when the ante is dead money
    (reported to the engine's owner); counting the ante as the big blind's own contribution
    gives the same result, since nobody else has a stake in the pot."""
    return len({p.seat for p in deal.posts}) == 1


def _clause(rules: str, qld: str, act: str, dunedin: str) -> str:
    return {QLD: qld, ACT: act, DUNEDIN: dunedin}[rules]


class Tournament:
    """One tournament under its :class:`Conditions`."""

    def __init__(self, conditions: Conditions) -> None:
        self.conditions = conditions
        self.rules = conditions.rules
        self.events: list[ev.TEvent] = []
        self.entrants: dict[str, Entrant] = {}
        self.tables: dict[int, Table] = {}
        self.clock = Clock(conditions.levels)
        self.started = False
        self.cancelled = False
        self.finished = False
        self.pool = conditions.added_prize  # qld-tournament-2020 4.5
        self.house = 0
        self.bounty_fund = 0
        self.chips_in_play = 0
        self.entries_total = 0
        self.groups: list[ev.Eliminated] = []
        self.awarded_groups = 0
        self.prizes: list[Prize] | None = None
        self.hand_for_hand = False
        self.raced: set[int] = set()  # schedule indices whose colour-up is done
        self.order: list[str] = []  # registration order
        self.bagged = False  # the flight is over, its stacks bagged (4.13)

    # ------------------------------------------------------------------------------------
    # Rebuilding

    @classmethod
    def from_events(cls, conditions: Conditions, events: Sequence[ev.TEvent]) -> Tournament:
        t = cls(conditions)
        for e in events:
            t._emit(e)
        return t

    def _emit(self, e: ev.TEvent) -> None:
        self.events.append(e)
        getattr(self, _HANDLERS[type(e)])(e)

    def _emit_all(self, es: Sequence[ev.TEvent]) -> list[ev.TEvent]:
        for e in es:
            self._emit(e)
        return list(es)

    # ------------------------------------------------------------------------------------
    # Queries

    def c(self, qld: str, act: str, dunedin: str) -> str:
        return _clause(self.rules, qld, act, dunedin)

    @property
    def alive(self) -> list[str]:
        return [p for p in self.order if self.entrants[p].status in (PLAYING, BUSTED)]

    @property
    def seated(self) -> list[str]:
        return [p for t in self.tables.values() for p in t.seats.values()]

    def level(self) -> Level:
        return self.clock.play_level()

    @property
    def level_number(self) -> int:
        return self.clock.state.number

    def stack(self, player: str) -> int:
        return self.entrants[player].stack

    def chips_on_tables(self) -> int:
        return sum(self.entrants[p].stack for p in self.seated)

    def _in_period(self, first: int, last: int) -> bool:
        return first <= self.level_number <= last

    def entries_open(self) -> bool:
        """Whether entries or money may still come in (late registration, re-entry, re-buy,
        add-on periods): places and prizes are fixed once they have all closed."""
        c = self.conditions
        last = c.late_registration_levels
        for p in (c.re_entry, c.rebuy, c.add_on):
            if p is not None:
                last = max(last, p.until_level)
        return not self.finished and self.started and self.level_number <= last

    def _entrant(self, player: str) -> Entrant:
        e = self.entrants.get(player)
        if e is None:
            raise refuse(
                self.c("qld-tournament-2020 3.1", "act-omaha-2017 20.2", "dunedin-house 78"),
                f"no entrant {player!r}",
            )
        return e

    # ------------------------------------------------------------------------------------
    # Entry

    def _eligibility(
        self, player: str, age: int, member: bool, excluded: bool, director_approves: bool
    ) -> None:
        c = self.conditions
        if age < c.minimum_age:
            raise refuse("qld-tournament-2020 3.13", f"{player} is {age}: entrants must be 18+")
        if excluded:
            raise refuse(
                "qld-tournament-2020 3.13",
                f"{player} is subject to a withdrawal of licence or an exclusion order",
            )
        if c.members_only and not member and not director_approves:
            raise refuse(
                "qld-tournament-2020 3.2",
                f"{player} is not a loyalty member and the director has not permitted entry",
            )

    def register(
        self,
        player: str,
        name: str = "",
        *,
        age: int = 18,
        member: bool = True,
        excluded: bool = False,
        director_approves: bool = False,
        director_refuses: bool = False,
        paid: bool = True,
        rng: random.Random | None = None,
    ) -> list[ev.TEvent]:
        """An application for entry (qld-tournament-2020 3.1-3.3, 3.12-3.13; act-omaha-2017
        20.6). Before the start it takes a seat in the draw, or a place among the alternates
        (3.6) once the entries are full; after the start, during late registration, it is
        seated at once where a seat is free (an alternate's entry: qld-tournament-2020 2)."""
        c = self.conditions
        if self.cancelled or self.finished:
            raise refuse("qld-tournament-2020 3.12", "the tournament is closed")
        if not player:
            raise refuse("qld-tournament-2020 4.9", "a player needs an id for the records")
        if director_refuses:
            raise refuse("qld-tournament-2020 3.7", "the director refused this application")
        if not paid:
            raise refuse(
                "qld-tournament-2020 3.3", "the entry and administration fees are due at entry"
            )
        if player in self.entrants and self.entrants[player].status not in (CANCELLED,):
            raise refuse(
                self.c("qld-tournament-2020 3.4", "act-omaha-2017 20.6", "dunedin-house 78"),
                f"{player} has already entered (one entry each; re-entry follows elimination)",
            )
        self._eligibility(player, age, member, excluded, director_approves)
        registered = self.entries_total
        alternates = sum(1 for e in self.entrants.values() if e.status == ALTERNATE)
        alternate = registered >= c.max_entrants
        if alternate and alternates >= c.alternates:
            raise refuse(
                "qld-tournament-2020 3.12",
                f"entries are limited to {c.max_entrants} and {c.alternates} alternates",
            )
        late = self.started
        if late and not self.level_number <= c.late_registration_levels:
            raise refuse("qld-tournament-2020 3.3", "late registration has closed")
        fee, admin = self._fee_split(c.entry_fee, c.admin_fee)
        waits = alternate and not late  # an alternate pays when a seat is theirs
        out: list[ev.TEvent] = [
            ev.Registered(
                player,
                name or player,
                0 if waits else fee,
                0 if waits else admin,
                0 if waits else c.bounty,
                waits,
                "qld-tournament-2020 3.6" if alternate else "qld-tournament-2020 3.1",
            )
        ]
        if late:
            if rng is None:
                raise refuse("qld-tournament-2020 4.6", "a late entry's seat is drawn: give rng")
            seat = self._free_seat(rng)
            if seat is None:
                raise refuse("qld-tournament-2020 2 Alternates", "no seat is free")
            out.append(
                ev.Seated(player, *seat, c.starting_stack, True, "qld-tournament-2020 2 Alternates")
            )
        return self._emit_all(out)

    def _fee_split(self, entry_fee: int, admin_fee: int) -> tuple[int, int]:
        """The prize-pool share and the operator's share of one entry (act-omaha-2017 20.22:
        the commission is retained from the entry fee)."""
        return entry_fee - self.conditions.commission, admin_fee + self.conditions.commission

    def transfer(
        self,
        player: str,
        to: str,
        name: str = "",
        *,
        age: int = 18,
        member: bool = True,
        excluded: bool = False,
        director_approves: bool = False,
    ) -> list[ev.TEvent]:
        """qld-tournament-2020 3.4: an entry passes to a player who has not entered."""
        e = self._entrant(player)
        if self.started:
            raise refuse("qld-tournament-2020 3.4", "entries are transferred before the start")
        if e.status not in (REGISTERED, ALTERNATE):
            raise refuse("qld-tournament-2020 3.4", f"{player} holds no entry to transfer")
        if to in self.entrants and self.entrants[to].status != CANCELLED:
            raise refuse("qld-tournament-2020 3.4", f"{to} has already entered this tournament")
        self._eligibility(to, age, member, excluded, director_approves)
        return self._emit_all(
            [ev.EntryTransferred(player, to, name or to, "qld-tournament-2020 3.4")]
        )

    def cancel_entry(self, player: str, now: datetime) -> list[ev.TEvent]:
        """An entrant cancels: refunded in full if not less than 24 hours before the start
        (qld-tournament-2020 3.10); under act-omaha-2017 20.23 entry fees are non-refundable."""
        e = self._entrant(player)
        if e.status not in (REGISTERED, ALTERNATE) or self.started:
            raise refuse("qld-tournament-2020 3.10", f"{player} has no entry to cancel")
        if self.rules == ACT:
            raise refuse("act-omaha-2017 20.23", "entry fees and commission are non-refundable")
        if self.conditions.start - now < timedelta(hours=24):
            raise refuse(
                "qld-tournament-2020 3.10",
                "cancelled less than 24 hours before the start: no refund",
            )
        return self._emit_all([ev.EntryCancelled(player, e.paid, "qld-tournament-2020 3.10")])

    def cancel(self) -> list[ev.TEvent]:
        """The tournament does not proceed: every fee, re-buy and add-on is refunded in full
        (qld-tournament-2020 3.10; act-omaha-2017 20.23; act-uth-2025 16.24)."""
        if self.finished or self.cancelled:
            raise refuse("act-uth-2025 16.24", "the tournament is already over")
        refunds = tuple((p, e.paid) for p, e in self.entrants.items() if e.paid)
        clause = self.c("qld-tournament-2020 3.10", "act-omaha-2017 20.23", "act-uth-2025 16.24")
        return self._emit_all([ev.TournamentCancelled(refunds, clause)])

    # ------------------------------------------------------------------------------------
    # Start: the draw, the button draw, absent players

    def start(
        self,
        rng: random.Random,
        cards: Iterator[Card],
        absent: Collection[str] = (),
        connected: Sequence[Collection[str]] = (),
        stacks: Mapping[str, int] | None = None,
    ) -> list[ev.TEvent]:
        """Draw tables and seats by ballot (qld-tournament-2020 4.6; act-omaha-2017 20.8;
        dunedin-house 78), keeping connected players apart (4.7; dunedin-house 79), and draw
        each table's button (dunedin-house 80). Players not present: under act-omaha-2017
        20.10 their position is forfeited (an alternate may take it, 20.11); otherwise their
        stack is placed in their seat and their blinds are posted (qld-tournament-2020 4.14)."""
        if self.started or self.cancelled:
            raise refuse("qld-tournament-2020 4.6", "the tournament has already started")
        if stacks is None:
            entrants = [p for p in self.order if self.entrants[p].status == REGISTERED]
        else:  # the final day of a multi-flight tournament: the bagged stacks (4.13)
            entrants = [p for p in self.order if p in stacks]
        unknown = [p for p in absent if p not in self.entrants]
        if unknown:
            raise refuse("qld-tournament-2020 4.14", f"no entrant {unknown[0]!r}")
        alternates = [p for p in self.order if self.entrants[p].status == ALTERNATE]
        out: list[ev.TEvent] = []
        if self.rules == ACT:
            gone = [p for p in entrants if p in absent]
            out += [ev.Forfeited(p, "act-omaha-2017 20.10") for p in gone]
            entrants = [p for p in entrants if p not in absent]
            # act-omaha-2017 20.11: forfeited seats offered to reserve players
            taken = alternates[: len(gone)]
            fee, admin = self._fee_split(self.conditions.entry_fee, self.conditions.admin_fee)
            out += [
                ev.Bought(p, "entry", fee, admin, self.conditions.bounty, 0, "act-omaha-2017 20.11")
                for p in taken
            ]
            entrants += taken
        if len(entrants) < 2:
            raise refuse("qld-tournament-2020 4.6", "a tournament needs at least two entrants")
        c = self.conditions
        draw = st.draw_seats(entrants, c.table_size, rng, st.connections(connected))
        clause = self.c("qld-tournament-2020 4.6", "act-omaha-2017 20.8", "dunedin-house 78")
        out.append(ev.TournamentStarted(clause))
        for p in entrants:
            t, s = draw[p]
            stack = c.starting_stack if stacks is None else stacks[p]
            out.append(ev.Seated(p, t, s, stack, p not in absent, clause))
        for t in sorted({ts[0] for ts in draw.values()}):
            seats = [s for (tt, s) in draw.values() if tt == t]
            button, cards_dealt = st.draw_button(seats, cards)
            out.append(
                ev.ButtonDrawn(t, button, tuple(sorted(cards_dealt.items())), "dunedin-house 80")
            )
        return self._emit_all(out)

    # ------------------------------------------------------------------------------------
    # The clock

    def tick(self, seconds: int) -> list[ev.TEvent]:
        if seconds < 0:
            raise refuse("qld-tournament-2020 4.21", "time does not run backwards")
        return self._emit_all([ev.ClockTicked(seconds)]) if seconds else []

    def pause(self, paused: bool = True) -> list[ev.TEvent]:
        if paused == self.clock.paused:
            raise refuse(
                "act-omaha-2017 20.16", f"the clock is already {'paused' if paused else 'running'}"
            )
        return self._emit_all([ev.ClockPaused(paused, "act-omaha-2017 20.16")])

    def adjust(self, seconds: int) -> list[ev.TEvent]:
        if self.clock.elapsed + seconds < 0:
            raise refuse("act-omaha-2017 20.17", "the clock cannot go back before the start")
        return self._emit_all([ev.ClockAdjusted(seconds, "act-omaha-2017 20.17")])

    # ------------------------------------------------------------------------------------
    # Hands

    def why_not_deal(self, table: int) -> Ruling | None:
        """Why a hand cannot be dealt at ``table`` now, or None."""
        if not self.started or self.cancelled or self.finished:
            return Ruling("qld-tournament-2020 4.6", "the tournament is not in play")
        if self.bagged:
            return Ruling("qld-tournament-2020 4.13", "this flight is over; its stacks are bagged")
        t = self.tables.get(table)
        if t is None:
            return Ruling("qld-tournament-2020 4.23", f"there is no table {table}")
        if self.clock.state.level.is_break:
            return Ruling("act-omaha-2017 20.16", "the tournament is on a break")
        if self.clock.paused:
            return Ruling("act-omaha-2017 20.17", "the clock is paused")
        pending = [p for p in t.seats.values() if self.entrants[p].status == BUSTED]
        if pending:
            return Ruling(
                "qld-tournament-2020 4.22",
                f"{pending[0]} must re-buy or be eliminated before the next round of play",
            )
        if self.due_colour_up() is not None:
            return Ruling("qld-tournament-2020 4.40", "chips are due to be coloured up")
        if table in st.halted([x.view() for x in self.tables.values()]):
            return Ruling("dunedin-house 83", f"table {table} is 3 or more players short")
        playing = [p for p in t.seats.values() if self.entrants[p].status == PLAYING]
        if len(playing) < 2:
            return Ruling("qld-tournament-2020 4.23", f"table {table} needs two players")
        return None

    def plan_hand(self, table: int, deck_order: Sequence[Card] | None = None) -> HandPlan:
        """The next round of play at ``table``, at the level the clock shows now (a new level
        applies from the next deal: qld-tournament-2020 4.21; dunedin-house 86). The button
        moves by the dead-button rule (dunedin-house 26; the method of play the director sets
        under qld-tournament-2020 4.23). A player moved from another table is dealt in
        anywhere except between the button and the small blind (dunedin-house 81;
        qld-tournament-2020 4.24). Absent and penalised players are dealt in, post, and
        their hands are killed (4.15-4.16; act-omaha-2017 20.12; dunedin-house 92, 99)."""
        why = self.why_not_deal(table)
        if why is not None:
            raise TournamentError(why)
        t = self.tables[table]
        level = self.level()
        rulings: list[str] = []
        seats = {s: Seat(p) for s, p in t.seats.items() if self.entrants[p].status == PLAYING}
        seating = Seating.of(seats, t.size)
        deal = next_deal(seating, _SEATING_RULES, t.buttons)
        barred = {
            s
            for s, p in t.seats.items()
            if p in t.moved
            and not deal.heads_up
            and st.between_button_and_small_blind(
                s, deal.button.seat, deal.small_blind.seat, t.size
            )
        }
        if barred:
            for s in barred:
                seats[s] = Seat(t.seats[s], Status.SITTING_OUT)
            deal = next_deal(Seating.of(seats, t.size), _SEATING_RULES, t.buttons)
            rulings.append(
                self.c("qld-tournament-2020 4.24", "act-omaha-2017 20.9", "dunedin-house 81")
            )
        positions = deal.dealt_in
        n = len(positions)
        players = tuple(t.seats[s] for s in positions)
        blinds = [0] * n
        for post in deal.posts:
            i = positions.index(post.seat)
            blinds[i] = level.small_blind if post.blind.value == "small blind" else level.big_blind
        big_pos = positions.index(deal.big_blind.seat)
        antes = [level.ante] * n if level.ante else [0] * n
        if level.big_blind_ante:
            antes[big_pos] = level.big_blind_ante
        if n == 2:  # the engine swaps them back so the button posts the small blind (4.35)
            blinds.reverse()
            antes.reverse()
            rulings.append(
                self.c("qld-tournament-2020 4.35", "act-omaha-2017 20.20", "dunedin-house 95")
            )
        killed = frozenset(i for i, p in enumerate(players) if self._absent(p))
        if killed:
            rulings.append(
                self.c("qld-tournament-2020 4.16.1", "act-omaha-2017 20.12", "dunedin-house 92")
            )
        c = self.conditions
        cfg = RoundConfig(
            stacks=tuple(self.entrants[p].stack for p in players),
            blinds=tuple(blinds),
            min_bet=level.big_blind,
            antes=tuple(antes) if any(antes) else (),
            rulebook=c.rulebook,
            game=c.game_rules,
            structure=c.structure_for(level),
            chip_unit=self.smallest_chip(),
            deck_order=tuple(deck_order) if deck_order is not None else None,
            antes_dead=bool(level.big_blind_ante) and not _lone_poster(deal),
        )
        return HandPlan(
            table,
            t.hands + 1,
            self.clock.index,
            deal,
            players,
            positions,
            cfg,
            killed,
            tuple(rulings),
        )

    def _absent(self, player: str) -> bool:
        e = self.entrants[player]
        return not e.present or e.penalty_hands > 0 or e.away_until > self.clock.elapsed

    def smallest_chip(self) -> int:
        chips = list(self.conditions.chips)
        for i in sorted(self.raced):
            colour = self.conditions.levels[i].colour_up
            if colour in chips:
                chips.remove(colour)
        return chips[0]

    def record(self, results: Sequence[tuple[HandPlan, Round]]) -> list[ev.TEvent]:
        """Record finished rounds of play (one per table; all tables' rounds together during
        hand-for-hand). Players left with nothing are eliminated (qld-tournament-2020 4.22;
        act-omaha-2017 20.7), or may re-buy first where a re-buy is open to them; players
        eliminated in the same round of play share their places (4.19) or are ordered by the
        chips they contributed (act-omaha-2017 20.21)."""
        for plan, r in results:
            if not r.is_over:
                raise refuse("qld-tournament-2020 4.11", f"table {plan.table}'s round is not over")
            t = self.tables.get(plan.table)
            if t is None or t.hands + 1 != plan.hand:
                raise refuse("qld-tournament-2020 4.23", f"table {plan.table}: a stale hand plan")
            if r.config.stacks != tuple(self.entrants[p].stack for p in plan.players):
                raise refuse(
                    "qld-tournament-2020 4.17", "stacks changed since the hand was planned"
                )
        n = len(self.events)
        groups: list[tuple[list[str], list[int]]] = []
        for plan, r in results:
            if not groups or not self.hand_for_hand:
                groups.append(([], []))
            for p, chips in self._record_one(plan, r):
                groups[-1][0].append(p)
                groups[-1][1].append(chips)
        clause = self.c("qld-tournament-2020 4.19", "act-omaha-2017 20.21", "dunedin-house 100")
        for players, contributed in groups:
            if players:
                self._emit(ev.Eliminated(tuple(players), tuple(contributed), clause))
        self._award_places()
        return self.events[n:]

    def _record_one(self, plan: HandPlan, r: Round) -> list[tuple[str, int]]:
        """Record one hand; the players it eliminated and the chips each contributed."""
        t = self.tables[plan.table]
        before = tuple(r.config.stacks)
        killed = tuple(plan.players[i] for i in sorted(plan.killed))
        self._emit(
            ev.HandPlayed(
                plan.table,
                plan.hand,
                plan.level,
                plan.players,
                plan.seats,
                before,
                tuple(r.stacks),
                plan.deal.buttons,
                killed,
                tuple(r.events),
                plan.rulings,
            )
        )
        won = [0] * len(plan.players)
        for e in r.events:
            if isinstance(e, PotAwarded):
                won[e.player] += e.amount
        elimination = None
        announced = list(t.announced)
        for a in announced:
            if a.kind == "bonus":
                self._bonus(t, plan, won, a)
            else:
                elimination = a
        if announced:
            self._emit(ev.RoundAnnounced(plan.table, "done", 0, 0, announced[0].clause))
        stacks = [self.entrants[p].stack for p in plan.players]
        zero = [i for i, s in enumerate(stacks) if s == 0]
        lowest: list[int] = []
        live = [i for i, s in enumerate(stacks) if s]
        if elimination is not None and len(live) > 1:
            # 4.22: after an elimination round the lowest table stake is eliminated (tied
            # lowest stakes go out together and share their places, as 4.19 shares them)
            low = min(stacks[i] for i in live)
            lowest = [i for i in live if stacks[i] == low]
        out: list[tuple[str, int]] = []
        top = max(range(len(won)), key=lambda j: (won[j], -j))
        for i in sorted(zero + lowest):
            p = plan.players[i]
            # the bounty goes to the player who won the most of this round's pots (a house
            # reading of qld-tournament-2020 2 "Bounty": the player who eliminates another)
            by = plan.players[top] if won[top] and top != i and i in zero else ""
            if i in zero and self._may_rebuy(p, busted=True):
                busted = self.c(
                    "qld-tournament-2020 4.22", "act-omaha-2017 20.7", "dunedin-house 89"
                )
                self._emit(ev.Busted(p, busted, before[i], by))
                continue
            out.append((p, before[i] - stacks[i] if i in zero else before[i]))
            if self.conditions.bounty and by:
                self._emit(ev.BountyWon(by, p, self.conditions.bounty, _BOUNTY))
        return out

    def _bonus(self, t: Table, plan: HandPlan, won: list[int], a: ev.RoundAnnounced) -> None:
        """4.45(5): the bonus chips go to the round's winners, split as the pot was."""
        total = sum(won)
        winners = [i for i, w in enumerate(won) if w]
        if not winners or not total:
            return
        chips = [
            a.chips * won[i] // total // self.smallest_chip() * self.smallest_chip()
            for i in winners
        ]
        chips[0] += a.chips - sum(chips)
        prize = [
            a.prize // len(winners) + (1 if k < a.prize % len(winners) else 0)
            for k in range(len(winners))
        ]
        self._emit(
            ev.BonusAwarded(
                t.number,
                tuple(plan.players[i] for i in winners),
                tuple(chips),
                tuple(prize),
                "qld-tournament-2020 4.45(5)",
            )
        )

    def eliminate_busted(self, table: int) -> list[ev.TEvent]:
        """Busted players at ``table`` who have not re-bought are eliminated before the next
        round of play (qld-tournament-2020 4.22; dunedin-house 89)."""
        t = self.tables[table]
        gone = [p for p in t.seats.values() if self.entrants[p].status == BUSTED]
        if not gone:
            return []
        n = len(self.events)
        last = {e.player: e for e in self.events if isinstance(e, ev.Busted)}
        busts = [last[p] for p in gone]
        clause = self.c("qld-tournament-2020 4.22", "act-omaha-2017 20.7", "dunedin-house 89")
        self._emit(ev.Eliminated(tuple(gone), tuple(b.contributed for b in busts), clause))
        for b in busts:
            if self.conditions.bounty and b.by:
                self._emit(ev.BountyWon(b.by, b.player, self.conditions.bounty, _BOUNTY))
        self._award_places()
        return self.events[n:]

    # ------------------------------------------------------------------------------------
    # Re-buys, add-ons, re-entry

    def _may_rebuy(self, player: str, busted: bool = False) -> bool:
        return self.why_not_buy(player, "rebuy", busted) is None

    def why_not_buy(self, player: str, kind: str, busted: bool = False) -> Ruling | None:
        c = self.conditions
        e = self.entrants.get(player)
        if e is None:
            return Ruling("qld-tournament-2020 3.1", f"no entrant {player!r}")
        purchase = {"rebuy": c.rebuy, "add-on": c.add_on, "re-entry": c.re_entry}[kind]
        clause = {
            "rebuy": "qld-tournament-2020 4.22",
            "add-on": "qld-tournament-2020 4.22",
            "re-entry": "qld-tournament-2020 3.5",
        }[kind]
        if purchase is None:
            return Ruling(clause, f"this tournament has no {kind}")
        if not self.started or not self._in_period(purchase.from_level, purchase.until_level):
            return Ruling(
                clause, f"the {kind} period is levels {purchase.from_level}-{purchase.until_level}"
            )
        if kind == "re-entry":
            if e.status != OUT:
                return Ruling(clause, f"{player} may re-enter only after being eliminated")
            if e.entries - 1 >= purchase.max_per_player:
                return Ruling(clause, f"{player} has used all {purchase.max_per_player} re-entries")
            return None
        if e.status not in (PLAYING, BUSTED) and not (busted and e.status == PLAYING):
            return Ruling(clause, f"{player} is not in the tournament")
        used = e.rebuys if kind == "rebuy" else e.add_ons
        if used >= purchase.max_per_player:
            return Ruling(clause, f"{player} has made all {purchase.max_per_player} {kind}s")
        limit = purchase.stack_at_most
        # dunedin-house 87: re-buy eligibility goes by the stack before a race-off
        stack = e.stack if e.pre_race is None else e.pre_race
        if kind == "rebuy" and limit is not None and stack > limit:
            return Ruling("dunedin-house glossary: Re-buy", f"{player} has more than {limit} chips")
        return None

    def buy(self, player: str, kind: str, rng: random.Random | None = None) -> list[ev.TEvent]:
        """A re-buy (qld-tournament-2020 4.22; act-uth-2025 16.3(a)(iii)(G)), an add-on (4.22),
        or a re-entry after elimination (3.5), within its period; the price goes to the prize
        pool (4.4)."""
        why = self.why_not_buy(player, kind)
        if why is not None:
            raise TournamentError(why)
        c = self.conditions
        p = {"rebuy": c.rebuy, "add-on": c.add_on, "re-entry": c.re_entry}[kind]
        assert p is not None
        out: list[ev.TEvent] = []
        if kind == "re-entry":
            if rng is None:
                raise refuse("qld-tournament-2020 3.5", "a re-entry's seat is drawn: give rng")
            seat = self._free_seat(rng)
            if seat is None:
                raise refuse("qld-tournament-2020 3.5", "no seat is free for a re-entry")
            price, admin = self._fee_split(p.price, p.admin_fee)
            out.append(
                ev.Bought(player, kind, price, admin, c.bounty, p.chips, "qld-tournament-2020 3.5")
            )
            out.append(ev.Seated(player, *seat, 0, True, "qld-tournament-2020 3.5"))
        else:
            out.append(
                ev.Bought(
                    player, kind, p.price, p.admin_fee, 0, p.chips, "qld-tournament-2020 4.22"
                )
            )
        return self._emit_all(out)

    def _free_seat(self, rng: random.Random) -> tuple[int, int] | None:
        """A seat drawn at random at the table with the fewest players."""
        open_tables = [t for t in self.tables.values() if len(t.seats) < t.size]
        if not open_tables:
            return None
        t = min(open_tables, key=lambda x: (len(x.seats), x.number))
        return t.number, rng.choice([s for s in range(1, t.size + 1) if s not in t.seats])

    # ------------------------------------------------------------------------------------
    # Tables: breaking, balancing, the final table, hand-for-hand, colour-ups

    def maintain(self, rng: random.Random, cards: Iterator[Card]) -> list[ev.TEvent]:
        """Between hands: the final-table redraw once every player fits one table
        (qld-tournament-2020 4.25, dunedin-house 80), tables broken as players are eliminated
        (act-omaha-2017 20.9), the rest balanced (dunedin-house 82), and hand-for-hand on the
        bubble and just above the final table (4.20)."""
        n = len(self.events)
        c = self.conditions
        alive = [p for p in self.seated if self.entrants[p].status in (PLAYING, BUSTED)]
        if len(self.tables) > 1 and len(alive) <= c.final_table_size:
            self._final_table(rng, cards)
        while len(self.tables) > 1 and len(self.seated) <= (len(self.tables) - 1) * c.table_size:
            number = max(self.tables)
            clause = self.c("qld-tournament-2020 4.24", "act-omaha-2017 20.9", "dunedin-house 81")
            moves = st.break_table([t.view() for t in self.tables.values()], number, rng, clause)
            for m in moves:
                self._emit(
                    ev.PlayerMoved(
                        m.player, m.from_table, m.from_seat, m.to_table, m.to_seat, m.clause
                    )
                )
            self._emit(ev.TableBroken(number, clause))
        for m in st.balance([t.view() for t in self.tables.values()]):
            self._emit(
                ev.PlayerMoved(m.player, m.from_table, m.from_seat, m.to_table, m.to_seat, m.clause)
            )
        want = self._hand_for_hand_due()
        if want != self.hand_for_hand and c.hand_for_hand:
            self._emit(
                ev.HandForHand(
                    want, "qld-tournament-2020 4.20(a)" if want else "qld-tournament-2020 4.20"
                )
            )
        return self.events[n:]

    def _hand_for_hand_due(self) -> bool:
        if len(self.tables) < 2:
            return False
        left = len(self.alive)
        paid = len(self.prizes) if self.prizes is not None else 0
        bubble = self.prizes is not None and left == paid + 1
        final = left == self.conditions.final_table_size + 1
        return bubble or final

    def _final_table(self, rng: random.Random, cards: Iterator[Card]) -> None:
        players = list(self.seated)
        seats = st.draw_final_table(players, self.conditions.final_table_size, rng)
        for p in players:
            e = self.entrants[p]
            assert e.table is not None and e.seat is not None
            self._emit(ev.PlayerMoved(p, e.table, e.seat, 0, seats[p], "qld-tournament-2020 4.25"))
        for number in sorted(self.tables):
            if number != 0:
                self._emit(ev.TableBroken(number, "qld-tournament-2020 4.25"))
        button, dealt = st.draw_button(list(seats.values()), cards)
        self._emit(ev.ButtonDrawn(0, button, tuple(sorted(dealt.items())), "dunedin-house 80"))

    def due_colour_up(self) -> int | None:
        """The schedule index whose colour-up is due (its level is over), if any."""
        now = self.clock.index
        for i, lv in enumerate(self.conditions.levels[:now]):
            if lv.colour_up is not None and i not in self.raced:
                return i
        return None

    def colour_up(self, cards: Iterator[Card]) -> list[ev.TEvent]:
        """Race off the chip whose level is over at every table (qld-tournament-2020 4.40;
        dunedin-house 87-88)."""
        i = self.due_colour_up()
        if i is None:
            raise refuse("dunedin-house 88", "no colour-up is due")
        old = self.conditions.levels[i].colour_up
        assert old is not None
        chips = sorted(ch for ch in self.conditions.chips if ch > old)
        new = chips[0]
        clause = "dunedin-house 87" if self.rules == DUNEDIN else "qld-tournament-2020 4.40"
        n = len(self.events)
        for t in sorted(self.tables.values(), key=lambda x: x.number):
            order = sorted(t.seats)
            players = tuple(t.seats[s] for s in order)
            stacks = [self.entrants[p].stack for p in players]
            if self.rules == DUNEDIN or t.buttons is None:
                first = 0  # dunedin-house 87: the race always starts in the No. 1 seat
            else:  # 4.40(d): the first seat to the left of the dealer
                first = next((k for k, s in enumerate(order) if s > t.buttons.button), 0)
            res = chip_race(stacks, old, new, cards, first, self.rules)
            self._emit(
                ev.ChipRaced(
                    t.number,
                    old,
                    new,
                    players,
                    tuple(stacks),
                    res.stacks,
                    tuple(players[w] for w in res.winners),
                    res.cards,
                    clause,
                )
            )
        self._emit(ev.RoundAnnounced(-1, "colour-up", i, 0, clause))
        return self.events[n:]

    def correct_seat(self, player: str, table: int, seat: int) -> list[ev.TEvent]:
        """dunedin-house 78: a player who started in the wrong seat with the correct stack is
        moved to the correct seat and takes their whole stack with them."""
        e = self._entrant(player)
        clause = "dunedin-house 78"
        if e.status != PLAYING or e.table is None or e.seat is None:
            raise refuse(clause, f"{player} is not seated")
        t = self.tables.get(table)
        if t is None or not 1 <= seat <= t.size:
            raise refuse(clause, f"there is no seat {seat} at table {table}")
        if seat in t.seats:
            raise refuse(clause, f"seat {seat} at table {table} is taken by {t.seats[seat]}")
        return self._emit_all([ev.PlayerMoved(player, e.table, e.seat, table, seat, clause)])

    def seat_alternates(self, rng: random.Random) -> list[ev.TEvent]:
        """Alternates take seats as they become free during late registration, paying the
        entry then, with a full starting stack (qld-tournament-2020 2 "Alternates", 3.6)."""
        c = self.conditions
        if not self.started or self.level_number > c.late_registration_levels:
            raise refuse(
                "qld-tournament-2020 3.6", "alternates are seated during late registration"
            )
        n = len(self.events)
        fee, admin = self._fee_split(c.entry_fee, c.admin_fee)
        for p in [p for p in self.order if self.entrants[p].status == ALTERNATE]:
            seat = self._free_seat(rng)
            if seat is None:
                break
            self._emit(
                ev.Bought(
                    p, "entry", fee, admin, c.bounty, c.starting_stack, "qld-tournament-2020 3.6"
                )
            )
            self._emit(ev.Seated(p, *seat, 0, True, "qld-tournament-2020 2 Alternates"))
        return self.events[n:]

    # ------------------------------------------------------------------------------------
    # Multi-flight days and the 4.13 option to forfeit and buy back

    def end_flight(self) -> list[ev.TEvent]:
        """The end of a starting flight: every remaining stack is bagged for the final day
        (qld-tournament-2020 4.13; 2 "Multi-Flight Tournaments")."""
        if not self.started or self.bagged or self.finished:
            raise refuse("qld-tournament-2020 4.13", "no flight in play to end")
        pending = [p for p in self.alive if self.entrants[p].status == BUSTED]
        if pending:
            raise refuse("qld-tournament-2020 4.22", f"{pending[0]} must re-buy or be eliminated")
        return self._emit_all(
            [
                ev.StackBagged(p, self.entrants[p].stack, "qld-tournament-2020 4.13")
                for p in self.alive
            ]
        )

    def forfeit(self, player: str, buy_back: bool = True) -> list[ev.TEvent]:
        """qld-tournament-2020 4.13: at the end of a re-entry or re-buy period, or when a
        flight's play is complete, a player with no more than the starting stack may forfeit
        those chips (removed from play at once) and buy back in with a fresh entry; in a
        multi-flight tournament the buy-back is an entry into a later flight (``buy_back``
        False here)."""
        e = self._entrant(player)
        c = self.conditions
        clause = "qld-tournament-2020 4.13"
        if e.status != PLAYING:
            raise refuse(clause, f"{player} is not playing")
        if e.stack > c.starting_stack:
            raise refuse(clause, f"{player} has more than the starting stack of {c.starting_stack}")
        ends = [p.until_level for p in (c.re_entry, c.rebuy) if p is not None]
        at_period_end = bool(ends) and self.level_number == max(ends) + 1 and not self.bagged
        if not (at_period_end or self.bagged):
            raise refuse(clause, "only at the end of the re-entry or re-buy period or a flight")
        out: list[ev.TEvent] = [ev.ChipsForfeited(player, e.stack, clause)]
        if buy_back and not self.bagged:
            fee, admin = self._fee_split(c.entry_fee, c.admin_fee)
            out.append(
                ev.Bought(player, "buy-back", fee, admin, c.bounty, c.starting_stack, clause)
            )
        return self._emit_all(out)

    # ------------------------------------------------------------------------------------
    # Players: presence, provisional elimination, penalties, disqualification

    def set_present(
        self, player: str, present: bool, rng: random.Random | None = None
    ) -> list[ev.TEvent]:
        """A player arrives or leaves the table (qld-tournament-2020 4.15); a provisionally
        eliminated player who arrives is restored, seated where a seat is drawn (4.14)."""
        e = self._entrant(player)
        if e.status == PROVISIONAL and present:
            return self._restore(player, rng)
        if e.status not in (PLAYING, BUSTED):
            raise refuse("qld-tournament-2020 4.15", f"{player} is not playing")
        return self._emit_all([ev.Presence(player, present, "qld-tournament-2020 4.15")])

    def provisionally_eliminate(self, player: str) -> list[ev.TEvent]:
        """qld-tournament-2020 4.14: a player who has not taken their seat by the end of level 4
        may be provisionally eliminated; their stake is removed from play."""
        e = self._entrant(player)
        if self.rules != QLD:
            raise refuse("qld-tournament-2020 4.14", "provisional elimination is a Queensland rule")
        if e.status != PLAYING or e.arrived:
            raise refuse("qld-tournament-2020 4.14", f"{player} has taken their seat")
        if self.level_number <= self.conditions.provisional_elimination_level:
            raise refuse(
                "qld-tournament-2020 4.14",
                f"only after level {self.conditions.provisional_elimination_level} is complete",
            )
        return self._emit_all([ev.ProvisionallyEliminated(player, e.stack, _PE)])

    def _restore(self, player: str, rng: random.Random | None) -> list[ev.TEvent]:
        e = self.entrants[player]
        if not any(
            g.players == (player,) and g.clause == _PE for g in self.groups[self.awarded_groups :]
        ):
            raise refuse(_PE, f"{player}'s place has already been awarded")
        unit = self.smallest_chip()
        stack = max(0, (e.removed - e.charge) // unit * unit)
        out: list[ev.TEvent] = [ev.Restored(player, stack, e.removed - stack, _PE)]
        if stack:
            if rng is None:
                raise refuse(_PE, "a returning player's seat is drawn: give rng")
            seat = self._free_seat(rng)
            if seat is None:
                raise refuse(_PE, "no seat is free")
            out.append(ev.Seated(player, *seat, 0, True, _PE))
        else:
            out.append(ev.Eliminated((player,), (0,), _PE))
        return self._emit_all(out)

    def penalise(self, player: str, kind: str, amount: int = 0) -> list[ev.TEvent]:
        """A penalty: ``warning``; ``minutes`` away (10, 20 or 30: qld-tournament-2020 4.37);
        ``hands`` or ``rounds`` missed (dunedin-house 98: rounds of 1-4); ``disqualify``.
        While away the player's blinds and antes are posted and the hand killed (99)."""
        e = self._entrant(player)
        if e.status not in (PLAYING, BUSTED):
            raise refuse("qld-tournament-2020 4.37", f"{player} is not playing")
        if kind == "disqualify":
            return self.disqualify(
                player,
                self.c("qld-tournament-2020 4.37", "act-omaha-2017 20.15", "dunedin-house 98"),
            )
        if kind == "warning":
            return self._emit_all(
                [
                    ev.Penalised(
                        player,
                        kind,
                        0,
                        0,
                        self.c(
                            "qld-tournament-2020 4.37", "act-omaha-2017 20.17", "dunedin-house 98"
                        ),
                    )
                ]
            )
        if kind == "minutes":
            if self.rules != QLD or amount not in (10, 20, 30):
                raise refuse("qld-tournament-2020 4.37", "time penalties are 10, 20 or 30 minutes")
            until = self.clock.elapsed + amount * 60
            return self._emit_all(
                [ev.Penalised(player, kind, 0, until, "qld-tournament-2020 4.37")]
            )
        if kind in ("hands", "rounds"):
            if self.rules != DUNEDIN:
                raise refuse("dunedin-house 98", "missed-hand penalties are a dunedin-house rule")
            if amount < 1 or (kind == "rounds" and amount > 4):
                raise refuse("dunedin-house 98", "one or more hands, or 1-4 rounds")
            table = self.tables[e.table] if e.table is not None else None
            per_round = len(table.seats) if table is not None else 1
            hands = amount * (per_round if kind == "rounds" else 1)
            return self._emit_all([ev.Penalised(player, kind, hands, 0, "dunedin-house 98")])
        raise refuse("qld-tournament-2020 4.37", f"no penalty {kind!r}")

    def disqualify(self, player: str, clause: str = "") -> list[ev.TEvent]:
        """Disqualification: no refund, the player's chips taken out of play (qld-tournament-2020
        3.9, 4.16.2, 4.18; dunedin-house 100)."""
        e = self._entrant(player)
        if e.status not in (PLAYING, BUSTED, PROVISIONAL, REGISTERED):
            raise refuse("qld-tournament-2020 3.9", f"{player} is not in the tournament")
        clause = clause or self.c(
            "qld-tournament-2020 3.9", "act-omaha-2017 20.15", "dunedin-house 100"
        )
        return self._emit_all([ev.Disqualified(player, e.stack + e.removed, clause)])

    def announce_round(
        self, table: int, kind: str, chips: int = 0, prize: int = 0
    ) -> list[ev.TEvent]:
        """Announce an elimination round (qld-tournament-2020 4.22) or a bonus round (4.45(5))
        at ``table``: allowed only before its next hand's cards and blinds."""
        clause = (
            "qld-tournament-2020 4.22" if kind == "elimination" else "qld-tournament-2020 4.45(5)"
        )
        if kind not in ("elimination", "bonus"):
            raise refuse(clause, f"no {kind!r} round")
        if table not in self.tables:
            raise refuse(clause, f"there is no table {table}")
        if kind == "bonus" and chips % self.smallest_chip():
            raise refuse(clause, f"bonus chips must be whole {self.smallest_chip()} chips")
        return self._emit_all([ev.RoundAnnounced(table, kind, chips, prize, clause)])

    # ------------------------------------------------------------------------------------
    # Places and prizes

    def _award_places(self) -> None:
        if self.entries_open() and len(self.alive) > 1:
            return
        if self.prizes is None:
            c = self.conditions
            placed = self.entries_total - sum(
                1 for e in self.entrants.values() if e.status == DISQUALIFIED
            )
            self.prizes = schedule(
                self.pool,
                placed,
                c.payouts,
                c.payout_per_mille,
                c.payout_unit,
                c.satellite_seat_value,
                c.satellite_target,
            )
        total = self.entries_total - sum(
            1 for e in self.entrants.values() if e.status == DISQUALIFIED
        )
        worst = total - sum(len(g.players) for g in self.groups[: self.awarded_groups])
        while self.awarded_groups < len(self.groups):
            g = self.groups[self.awarded_groups]
            if g.clause == _PE and len(self.alive) > 1:
                # 4.14: a provisionally eliminated player may still arrive later in the day,
                # so their place (and every better one) waits until they do or play ends
                break
            k = len(g.players)
            best = worst - k + 1
            contributed = list(g.contributed) if self.rules != QLD else None
            awards = shared_places(self.prizes, best, g.players, contributed)
            self._emit(
                ev.PlacesAwarded(
                    tuple((p, place, cash, self._seat_prize(place)) for p, place, cash in awards),
                    g.clause,
                )
            )
            worst = best - 1
        alive = self.alive
        if len(alive) == 1 and not self.finished and not self.entries_open():
            w = alive[0]
            if self.conditions.bounty:  # the winner keeps their own bounty
                self._emit(
                    ev.BountyWon(w, w, self.conditions.bounty, "qld-tournament-2020 2 Bounty")
                )
            self._emit(
                ev.PlacesAwarded(
                    ((w, 1, self.prizes[0].cash if self.prizes else 0, self._seat_prize(1)),),
                    "act-omaha-2017 20.18",
                )
            )
            for p in self.order:
                e = self.entrants[p]
                if e.cash or e.seat_won:
                    self._emit(ev.PrizePaid(p, e.cash, e.seat_won, "act-omaha-2017 20.19"))
            self._emit(ev.TournamentFinished(w, "qld-tournament-2020 2 Tournament Result Log"))

    def _seat_prize(self, place: int) -> str:
        if self.prizes and 1 <= place <= len(self.prizes):
            return self.prizes[place - 1].seat
        return ""

    def result_log(self) -> list[dict[str, object]]:
        """The tournament result log: name and date, each place-getter and result
        (qld-tournament-2020 2 "Tournament Result Log")."""
        c = self.conditions
        rows = []
        for p in self.order:
            e = self.entrants[p]
            for place, cash, seat in e.results:
                rows.append(
                    {
                        "tournament": c.name,
                        "date": c.start.isoformat(),
                        "player": p,
                        "name": e.name,
                        "place": place,
                        "cash": cash,
                        "seat": seat,
                        "bounties": e.bounties,
                    }
                )
        rows.sort(key=lambda r: (r["place"], r["player"]))
        return rows

    # ------------------------------------------------------------------------------------
    # The fold: the only code that changes state

    def _on_registered(self, e: ev.Registered) -> None:
        ent = self.entrants.get(e.player)
        if ent is None or ent.status == CANCELLED:
            ent = Entrant(e.player, e.name)
            self.entrants[e.player] = ent
            if e.player not in self.order:
                self.order.append(e.player)
        ent.status = ALTERNATE if e.alternate else REGISTERED
        ent.paid = e.fee + e.admin_fee + e.bounty
        self._money_in(e.fee, e.admin_fee, e.bounty)
        if not e.alternate:
            ent.entries = 1
            self.entries_total += 1

    def _money_in(self, fee: int, admin: int, bounty: int) -> None:
        self.pool += fee
        self.house += admin
        self.bounty_fund += bounty

    def _on_entry_transferred(self, e: ev.EntryTransferred) -> None:
        old = self.entrants.pop(e.player)
        self.order[self.order.index(e.player)] = e.to
        self.entrants[e.to] = replace(old, player=e.to, name=e.name)

    def _on_entry_cancelled(self, e: ev.EntryCancelled) -> None:
        ent = self.entrants[e.player]
        if ent.status != ALTERNATE:  # an alternate has paid nothing and holds no entry yet
            self.entries_total -= 1
            c = self.conditions
            fee, admin = self._fee_split(c.entry_fee, c.admin_fee)
            self._money_in(-fee, -admin, -c.bounty)
        ent.status = CANCELLED

    def _on_tournament_cancelled(self, e: ev.TournamentCancelled) -> None:
        self.cancelled = True
        for ent in self.entrants.values():
            ent.status = CANCELLED
        self.pool = self.house = self.bounty_fund = 0

    def _on_tournament_started(self, e: ev.TournamentStarted) -> None:
        self.started = True

    def _on_seated(self, e: ev.Seated) -> None:
        ent = self.entrants[e.player]
        if ent.status == ALTERNATE:
            ent.status = REGISTERED
        ent.status = PLAYING
        ent.table, ent.seat = e.table, e.seat
        ent.present = e.present
        ent.arrived = ent.arrived or e.present
        if e.stack:
            ent.stack = e.stack
            self.chips_in_play += e.stack
        t = self.tables.setdefault(e.table, Table(e.table, self.conditions.table_size))
        t.seats[e.seat] = e.player
        if self.started and t.buttons is not None:
            t.moved.add(e.player)

    def _on_forfeited(self, e: ev.Forfeited) -> None:
        self.entrants[e.player].status = FORFEITED
        self.groups.append(ev.Eliminated((e.player,), (0,), e.clause))

    def _on_button_drawn(self, e: ev.ButtonDrawn) -> None:
        t = self.tables.setdefault(e.table, Table(e.table, self.conditions.final_table_size))
        occupied = sorted(t.seats)
        # the previous round's buttons that make the drawn seat the next button (dead-button
        # rule: the next button is the last small blind, the next small blind the last big)
        after = [s for s in occupied if s > e.seat] + [s for s in occupied if s <= e.seat]
        before = [s for s in occupied if s < e.seat] + [s for s in occupied if s >= e.seat]
        if len(occupied) == 2:
            other = after[0]
            t.buttons = Buttons(other, other, e.seat)
        else:
            t.buttons = Buttons(before[-1], e.seat, after[0])
        t.moved.clear()

    def _on_clock_ticked(self, e: ev.ClockTicked) -> None:
        self.clock = self.clock.tick(e.seconds)

    def _on_clock_paused(self, e: ev.ClockPaused) -> None:
        self.clock = self.clock.pause() if e.paused else self.clock.resume()

    def _on_clock_adjusted(self, e: ev.ClockAdjusted) -> None:
        self.clock = self.clock.adjust(e.seconds)

    def _on_hand_played(self, e: ev.HandPlayed) -> None:
        t = self.tables[e.table]
        for p in e.players:
            self.entrants[p].pre_race = None
        t.hands = e.hand
        t.buttons = e.buttons
        for p, s in zip(e.players, e.after, strict=True):
            ent = self.entrants[p]
            ent.stack = s
            ent.arrived = ent.arrived or ent.present
            if ent.penalty_hands:
                ent.penalty_hands -= 1
        t.moved -= set(e.players)
        level = self.conditions.levels[e.level]
        for ent in self.entrants.values():
            if ent.status == PROVISIONAL and ent.table == e.table:
                n = max(len(t.seats), 2)
                share = (level.small_blind + level.big_blind + level.big_blind_ante) // n
                ent.charge += share + level.ante

    def _on_busted(self, e: ev.Busted) -> None:
        self.entrants[e.player].status = BUSTED

    def _on_bought(self, e: ev.Bought) -> None:
        ent = self.entrants[e.player]
        self._money_in(e.price, e.admin_fee, e.bounty)
        ent.paid += e.price + e.admin_fee + e.bounty
        if e.kind.startswith("carried"):  # a flight's purchase carried to the final day
            if e.kind == "carried-entry":
                ent.entries += 1
                self.entries_total += 1
            return
        if e.kind in ("re-entry", "entry", "buy-back"):
            ent.entries += 1
            self.entries_total += 1
            ent.stack = e.chips
        else:
            ent.stack += e.chips
            if e.kind == "rebuy":
                ent.rebuys += 1
            else:
                ent.add_ons += 1
            ent.status = PLAYING
        self.chips_in_play += e.chips

    def _on_eliminated(self, e: ev.Eliminated) -> None:
        for p in e.players:
            ent = self.entrants[p]
            ent.status = OUT
            self.chips_in_play -= ent.stack
            ent.stack = 0
            if ent.table is not None and ent.seat is not None:
                self.tables[ent.table].seats.pop(ent.seat, None)
            ent.table = ent.seat = None
        self.groups.append(e)

    def _on_places_awarded(self, e: ev.PlacesAwarded) -> None:
        for p, place, cash, seat in e.awards:
            ent = self.entrants[p]
            ent.place = place if ent.place is None else min(ent.place, place)
            ent.cash += cash
            ent.seat_won = ent.seat_won or seat
            ent.results.append((place, cash, seat))
        if e.clause != "act-omaha-2017 20.18":
            self.awarded_groups += 1

    def _on_bounty_won(self, e: ev.BountyWon) -> None:
        self.entrants[e.winner].bounties += e.amount
        self.bounty_fund -= e.amount

    def _on_player_moved(self, e: ev.PlayerMoved) -> None:
        ent = self.entrants[e.player]
        self.tables[e.from_table].seats.pop(e.from_seat, None)
        t = self.tables.setdefault(e.to_table, Table(e.to_table, self.conditions.final_table_size))
        t.seats[e.to_seat] = e.player
        ent.table, ent.seat = e.to_table, e.to_seat
        if t.buttons is not None:
            t.moved.add(e.player)

    def _on_table_broken(self, e: ev.TableBroken) -> None:
        t = self.tables.pop(e.table)
        assert not t.seats, f"table {e.table} broken with players seated"

    def _on_chip_raced(self, e: ev.ChipRaced) -> None:
        for p, b, a in zip(e.players, e.before, e.after, strict=True):
            self.entrants[p].stack = a
            self.entrants[p].pre_race = b
            self.chips_in_play += a - b

    def _on_hand_for_hand(self, e: ev.HandForHand) -> None:
        self.hand_for_hand = e.on

    def _on_presence(self, e: ev.Presence) -> None:
        ent = self.entrants[e.player]
        ent.present = e.present
        ent.arrived = ent.arrived or e.present

    def _on_penalised(self, e: ev.Penalised) -> None:
        ent = self.entrants[e.player]
        ent.penalty_hands += e.hands
        ent.away_until = max(ent.away_until, e.until)

    def _on_provisionally_eliminated(self, e: ev.ProvisionallyEliminated) -> None:
        ent = self.entrants[e.player]
        ent.status = PROVISIONAL
        self.groups.append(ev.Eliminated((e.player,), (0,), e.clause))
        ent.removed = e.removed
        ent.stack = 0
        self.chips_in_play -= e.removed
        if ent.seat is not None and ent.table is not None:
            self.tables[ent.table].seats.pop(ent.seat, None)
        ent.seat = None

    def _on_restored(self, e: ev.Restored) -> None:
        ent = self.entrants[e.player]
        ent.removed = ent.charge = 0
        ent.present = ent.arrived = True
        self.groups = [g for g in self.groups if g.players != (e.player,) or g.clause != _PE]
        ent.status = PLAYING
        ent.stack = e.stack
        self.chips_in_play += e.stack

    def _on_disqualified(self, e: ev.Disqualified) -> None:
        ent = self.entrants[e.player]
        self.chips_in_play -= ent.stack
        ent.status = DISQUALIFIED
        ent.stack = ent.removed = 0
        if ent.table is not None and ent.seat is not None:
            self.tables[ent.table].seats.pop(ent.seat, None)
        ent.table = ent.seat = None

    def _on_round_announced(self, e: ev.RoundAnnounced) -> None:
        if e.kind == "colour-up":
            self.raced.add(e.chips)
        elif e.kind == "done":
            t = self.tables[e.table]
            t.announced.clear()  # each special round lasts one round of play
        else:
            self.tables[e.table].announced.append(e)

    def _on_bonus_awarded(self, e: ev.BonusAwarded) -> None:
        for p, chips, prize in zip(e.players, e.chips, e.prize, strict=True):
            self.entrants[p].stack += chips
            self.entrants[p].cash += prize
            self.chips_in_play += chips

    def _on_stack_bagged(self, e: ev.StackBagged) -> None:
        self.entrants[e.player].stack = e.stack
        self.bagged = True

    def _on_chips_forfeited(self, e: ev.ChipsForfeited) -> None:
        ent = self.entrants[e.player]
        ent.stack -= e.chips
        self.chips_in_play -= e.chips

    def _on_prize_paid(self, e: ev.PrizePaid) -> None:
        pass

    def _on_tournament_finished(self, e: ev.TournamentFinished) -> None:
        self.finished = True


# Tournament tables move the button by the dead-button rule whatever the rulebook of play.
from croupier.round.rulebooks import DUNEDIN_HOUSE as _SEATING_RULES  # noqa: E402
