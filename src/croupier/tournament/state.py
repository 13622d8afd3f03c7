"""A tournament's state: entrants, tables, money and chips, as the fold of its events.

``_emit`` appends an event and hands it to its ``_on_...`` handler: the handlers are the only
code that changes state, so :meth:`TournamentState.from_events` rebuilds any tournament.

Citations: a tournament runs under ``qld-tournament-2020``, ``act-omaha-2017`` (its rule 20) or
``dunedin-house`` (78-107). Where its own rulebook is silent on something the others govern
(entry eligibility, refunds, penalties, halting short tables, ...), croupier applies the clause
of the rulebook that does govern it as the house default and cites that clause (``c`` picks
the citation per rulebook).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Self, TypeVar

from croupier.fold import handlers, on
from croupier.rules import Ruling
from croupier.rules.tournament import find_tournament_rules
from croupier.table import Buttons
from croupier.tournament import events as ev
from croupier.tournament.clock import Clock
from croupier.tournament.conditions import Conditions, Level
from croupier.tournament.payouts import Prize
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
class TournamentTable:
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


_T = TypeVar("_T")
#: What a tournament that is not a draft owns as a draft's copies: nothing (only drafts add).
_NOTHING: set[object] = set()


def _copied(value: _T) -> _T:
    """A shallow copy of a plain object (faster than copy.copy or dataclasses.replace)."""
    new = object.__new__(type(value))
    new.__dict__.update(value.__dict__)
    return new


class TournamentState:
    """A tournament's state, the fold of its events, and the queries on it."""

    def __init__(self, conditions: Conditions, flight: str = "") -> None:
        self.conditions = conditions
        self.flight = flight  # a starting flight: played to a point, never to a winner
        self.rules = conditions.rules
        self.book = find_tournament_rules(conditions.rules)  # what the rules choose, by name
        self.events: list[ev.TEvent] = []
        self.entrants: dict[str, Entrant] = {}
        self.tables: dict[int, TournamentTable] = {}
        self.clock = Clock(conditions.levels)
        self.clock_at: int | None = None  # the server's time of the last tick that gave one
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
        self.action_clocks: dict[int, ev.ClockCalled] = {}  # the clock on a player, by table
        self.slow: dict[str, int] = {}  # times found deliberately slow (4.27; dunedin-house 91)
        self.last_bust: dict[str, ev.Busted] = {}  # each player's latest bust
        self.last_hand: dict[str, ev.HandPlayed] = {}  # each player's latest hand
        self.provisional: set[str] = set()  # ever provisionally eliminated (4.14)
        self.hidden_ruled: set[str] = set()  # hidden chips ruled on since their latest hand
        self.bounties_won: dict[str, int] = {}  # bounties won on each entrant (by loser)
        self._drafting = False
        self._owned: set[object] = _NOTHING  # a draft's own copies: players, tables, names

    # ------------------------------------------------------------------------------------
    # Drafts: where a command is decided

    def draft(self) -> Self:
        """A working copy on which a command is decided: the fold of its events advances the
        draft, never this state. It shares every value with this state until the fold first
        changes one (a container: :meth:`_own`; an entrant or a table: :meth:`_w`, :meth:`_wt`),
        then changes its own copy, so its cost follows the command's work, not the
        tournament's size or history."""
        d = object.__new__(type(self))
        d.__dict__.update(self.__dict__)
        d.events = []
        d._drafting = True
        d._owned = set()
        return d

    def adopt(self, draft: Self) -> None:
        """Fold a draft's events into this state by keeping the draft's fold of them: the draft
        was taken from this state, unchanged since, so its state is this state's fold of its
        events (what :meth:`fold` of each would give, without folding them twice)."""
        if not draft.events:  # nothing folded: the draft is this state
            return
        events = self.events
        events.extend(draft.events)
        # a draft of a draft: what either owns, this draft now owns
        owned = self._owned | draft._owned if self._drafting else _NOTHING
        drafting = self._drafting
        self.__dict__.update(draft.__dict__)
        self.events = events
        self._drafting = drafting
        self._owned = owned

    def _own(self, *names: str) -> None:
        """Before the fold changes the containers ``names`` in place: a draft copies them."""
        if not self._drafting:
            return
        for name in names:
            if ("value", name) not in self._owned:
                value = self.__dict__[name]
                if value is not None:
                    self.__dict__[name] = value.copy()
                self._owned.add(("value", name))

    def _w(self, player: str) -> Entrant:
        """The entrant ``player``, to change (a draft's own copy)."""
        ent = self.entrants[player]
        if self._drafting and player not in self._owned:
            self._own("entrants")
            ent = _copied(ent)
            ent.results = list(ent.results)
            self.entrants[player] = ent
            self._owned.add(player)
        return ent

    def _wt(self, number: int, size: int | None = None) -> TournamentTable:
        """Table ``number``, to change (a draft's own copy); opened with ``size`` seats if
        given and there is none."""
        t = self.tables.get(number)
        if t is None:
            if size is None:
                raise KeyError(number)
            t = TournamentTable(number, size)
        elif self._drafting and ("table", number) not in self._owned:
            t = _copied(t)
            t.seats, t.moved, t.announced = dict(t.seats), set(t.moved), list(t.announced)
        else:
            return t
        self._own("tables")
        self.tables[number] = t
        if self._drafting:
            self._owned.add(("table", number))
        return t

    # ------------------------------------------------------------------------------------
    # Rebuilding

    @classmethod
    def from_events(
        cls, conditions: Conditions, events: Sequence[ev.TEvent], flight: str = ""
    ) -> Self:
        t = cls(conditions, flight)
        for e in events:
            t.emit(e)
        return t

    def fold(self, e: ev.TEvent) -> None:
        """Fold one stored event (a tournament rebuilt event by event; no rule is checked)."""
        self.emit(e)

    def emit(self, e: ev.TEvent) -> None:
        self.events.append(e)
        _FOLD[type(e)](self, e)

    def emit_all(self, es: Sequence[ev.TEvent]) -> list[ev.TEvent]:
        for e in es:
            self.emit(e)
        return list(es)

    # ------------------------------------------------------------------------------------
    # Queries

    @property
    def alive(self) -> list[str]:
        return [p for p in self.order if self.entrants[p].status in (PLAYING, BUSTED)]

    @property
    def seated(self) -> list[str]:
        return [p for t in self.tables.values() for p in t.seats.values()]

    def seated_count(self) -> int:
        """How many players are seated (at every table)."""
        return sum(len(t.seats) for t in self.tables.values())

    def seated_alive_above(self, n: int) -> bool:
        """Whether more than ``n`` seated players are playing or busted (still in); stops
        counting once past ``n``."""
        k = 0
        for t in self.tables.values():
            for p in t.seats.values():
                if self.entrants[p].status in (PLAYING, BUSTED):
                    k += 1
                    if k > n:
                        return True
        return False

    def level(self) -> Level:
        return self.clock.play_level()

    @property
    def level_number(self) -> int:
        return self.clock.state.number

    def stack(self, player: str) -> int:
        return self.entrants[player].stack

    def chips_on_tables(self) -> int:
        return sum(self.entrants[p].stack for p in self.seated)

    def in_period(self, first: int, last: int) -> bool:
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

    def entrant(self, player: str) -> Entrant:
        e = self.entrants.get(player)
        if e is None:
            raise refuse(
                self.book.entrant_clause,
                f"no entrant {player!r}",
            )
        return e

    def absent(self, player: str) -> bool:
        e = self.entrants[player]
        return not e.present or e.penalty_hands > 0 or e.away_until > self.clock.elapsed

    def smallest_chip(self) -> int:
        chips = list(self.conditions.chips)
        for i in sorted(self.raced):
            colour = self.conditions.levels[i].colour_up
            if colour in chips:
                chips.remove(colour)
        return chips[0]

    def due_colour_up(self) -> int | None:
        """The schedule index whose colour-up is due (its level is over), if any."""
        now = self.clock.index
        for i, lv in enumerate(self.conditions.levels[:now]):
            if lv.colour_up is not None and i not in self.raced:
                return i
        return None

    def fee_split(self, entry_fee: int, admin_fee: int) -> tuple[int, int]:
        """The prize-pool share and the operator's share of one entry (act-omaha-2017 20.22:
        the commission is retained from the entry fee)."""
        return entry_fee - self.conditions.commission, admin_fee + self.conditions.commission

    def free_seat(self, rng: random.Random) -> tuple[int, int] | None:
        """A seat drawn at random at the table with the fewest players."""
        open_tables = [t for t in self.tables.values() if len(t.seats) < t.size]
        if not open_tables:
            return None
        t = min(open_tables, key=lambda x: (len(x.seats), x.number))
        return t.number, rng.choice([s for s in range(1, t.size + 1) if s not in t.seats])

    # ------------------------------------------------------------------------------------
    # The fold: the only code that changes state

    def on_registered(self, e: ev.Registered) -> None:
        ent = self.entrants.get(e.player)
        if ent is None or ent.status == CANCELLED:
            ent = Entrant(e.player, e.name)
            self._own("entrants")
            self.entrants[e.player] = ent
            if self._drafting:
                self._owned.add(e.player)
            if e.player not in self.order:
                self._own("order")
                self.order.append(e.player)
        else:
            ent = self._w(e.player)
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

    def on_entry_transferred(self, e: ev.EntryTransferred) -> None:
        self._own("entrants")
        old = self.entrants.pop(e.player)
        # the entry keeps its place in the order; a player whose own entry was cancelled
        # (3.10) takes it in place of their cancelled one
        self.order = [e.to if p == e.player else p for p in self.order if p != e.to]
        self.entrants[e.to] = replace(old, player=e.to, name=e.name, results=list(old.results))
        if self._drafting:
            self._owned.add(e.to)
        if old.table is not None and old.seat is not None:  # a substitute takes the seat
            self._wt(old.table).seats[old.seat] = e.to

    def on_entry_cancelled(self, e: ev.EntryCancelled) -> None:
        ent = self._w(e.player)
        if ent.status != ALTERNATE:  # an alternate has paid nothing and holds no entry yet
            self.entries_total -= 1
            c = self.conditions
            fee, admin = self.fee_split(c.entry_fee, c.admin_fee)
            self._money_in(-fee, -admin, -c.bounty)
        ent.paid -= e.refund  # refunded now: the tournament's cancellation owes them no more
        ent.status = CANCELLED

    def on_tournament_cancelled(self, e: ev.TournamentCancelled) -> None:
        self.cancelled = True
        for p in list(self.entrants):
            self._w(p).status = CANCELLED
        self.pool = self.house = self.bounty_fund = 0

    def on_tournament_started(self, e: ev.TournamentStarted) -> None:
        self.started = True

    def on_seated(self, e: ev.Seated) -> None:
        ent = self._w(e.player)
        if ent.status == ALTERNATE:
            ent.status = REGISTERED
        ent.status = PLAYING
        ent.table, ent.seat = e.table, e.seat
        ent.present = e.present
        ent.arrived = ent.arrived or e.present
        if e.stack:
            ent.stack = e.stack
            self.chips_in_play += e.stack
        t = self._wt(e.table, self.conditions.table_size)
        t.seats[e.seat] = e.player
        if self.started and t.buttons is not None:
            t.moved.add(e.player)

    def on_forfeited(self, e: ev.Forfeited) -> None:
        self._w(e.player).status = FORFEITED
        self._own("groups")
        self.groups.append(ev.Eliminated((e.player,), (0,), e.clause))

    def on_button_drawn(self, e: ev.ButtonDrawn) -> None:
        t = self._wt(e.table, self.conditions.final_table_size)
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

    def on_clock_ticked(self, e: ev.ClockTicked) -> None:
        self.clock = self.clock.tick(e.seconds)
        if e.at is not None:
            self.clock_at = e.at

    def on_clock_paused(self, e: ev.ClockPaused) -> None:
        self.clock = self.clock.pause() if e.paused else self.clock.resume()

    def on_clock_adjusted(self, e: ev.ClockAdjusted) -> None:
        self.clock = self.clock.adjust(e.seconds)

    def on_hand_played(self, e: ev.HandPlayed) -> None:
        t = self._wt(e.table)
        for p in e.players:
            self._w(p).pre_race = None
            self._own("last_hand")
            self.last_hand[p] = e
            self._own("hidden_ruled")
            self.hidden_ruled.discard(p)
        t.hands = e.hand
        t.buttons = e.buttons
        self._own("action_clocks")
        self.action_clocks.pop(e.table, None)
        for p, s in zip(e.players, e.after, strict=True):
            ent = self._w(p)
            ent.stack = s
            ent.arrived = ent.arrived or ent.present
            if ent.penalty_hands:
                ent.penalty_hands -= 1
        t.moved -= set(e.players)
        level = self.conditions.levels[e.level]
        # qld-tournament-2020 4.14 "a calculation is made" of the blinds and antes a
        # provisionally eliminated player would have paid. croupier's reading: for each hand
        # their old table deals, the ante plus an equal share of the blinds (and big-blind
        # ante) among the players there, rounded down; the total is rounded down to the
        # smallest chip when the stake is restored. Hands at other tables do not count.
        for p in self.provisional:
            ent = self.entrants[p]
            if ent.status == PROVISIONAL and ent.table == e.table:
                ent = self._w(p)
                n = max(len(t.seats), 2)
                share = (level.small_blind + level.big_blind + level.big_blind_ante) // n
                ent.charge += share + level.ante

    def on_hands_exposed(self, e: ev.HandsExposed) -> None:
        pass  # a record for players and observers; no state changes

    def on_busted(self, e: ev.Busted) -> None:
        self._w(e.player).status = BUSTED
        self._own("last_bust")
        self.last_bust[e.player] = e

    def on_bought(self, e: ev.Bought) -> None:
        ent = self._w(e.player)
        self._money_in(e.price, e.admin_fee, e.bounty)
        ent.paid += e.price + e.admin_fee + e.bounty
        if e.kind.startswith("carried"):  # a flight's purchase carried to the final day
            if e.kind == "carried-entry":
                ent.entries += 1
                self.entries_total += 1
            return
        if e.kind in ("re-entry", "entry", "buy-back"):
            if e.kind == "buy-back":
                # 4.13: the entry whose chips were forfeited ends here and takes a place of
                # its own (the worst left), as a forfeited bag does on a final day
                self._own("groups")
                self.groups.append(ev.Eliminated((e.player,), (0,), e.clause))
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

    def on_eliminated(self, e: ev.Eliminated) -> None:
        for p in e.players:
            ent = self._w(p)
            ent.status = OUT
            self.chips_in_play -= ent.stack
            ent.stack = 0
            if ent.table is not None and ent.seat is not None:
                self._wt(ent.table).seats.pop(ent.seat, None)
            ent.table = ent.seat = None
        self._own("groups")
        self.groups.append(e)

    def on_places_awarded(self, e: ev.PlacesAwarded) -> None:
        for p, place, cash, seat in e.awards:
            ent = self._w(p)
            ent.place = place if ent.place is None else min(ent.place, place)
            ent.cash += cash
            ent.seat_won = ent.seat_won or seat
            ent.results.append((place, cash, seat))
        if not e.winner:
            self.awarded_groups += 1

    def on_bounty_won(self, e: ev.BountyWon) -> None:
        self._w(e.winner).bounties += e.amount
        self._own("bounties_won")
        self.bounties_won[e.loser] = self.bounties_won.get(e.loser, 0) + e.amount
        self.bounty_fund -= e.amount

    def on_player_moved(self, e: ev.PlayerMoved) -> None:
        ent = self._w(e.player)
        self._wt(e.from_table).seats.pop(e.from_seat, None)
        t = self._wt(e.to_table, self.conditions.final_table_size)
        t.seats[e.to_seat] = e.player
        ent.table, ent.seat = e.to_table, e.to_seat
        if t.buttons is not None:
            t.moved.add(e.player)

    def on_table_broken(self, e: ev.TableBroken) -> None:
        self._own("tables")
        t = self.tables.pop(e.table)
        if self._drafting:
            self._owned.discard(("table", e.table))
        assert not t.seats, f"table {e.table} broken with players seated"

    def on_chip_raced(self, e: ev.ChipRaced) -> None:
        for p, b, a in zip(e.players, e.before, e.after, strict=True):
            self._w(p).stack = a
            self._w(p).pre_race = b
            self.chips_in_play += a - b

    def on_hand_for_hand(self, e: ev.HandForHand) -> None:
        self.hand_for_hand = e.on

    def on_presence(self, e: ev.Presence) -> None:
        ent = self._w(e.player)
        ent.present = e.present
        ent.arrived = ent.arrived or e.present

    def on_penalised(self, e: ev.Penalised) -> None:
        ent = self._w(e.player)
        ent.penalty_hands += e.hands
        ent.away_until = max(ent.away_until, e.until)

    def on_provisionally_eliminated(self, e: ev.ProvisionallyEliminated) -> None:
        ent = self._w(e.player)
        ent.status = PROVISIONAL
        self._own("groups", "provisional")
        self.groups.append(ev.Eliminated((e.player,), (0,), e.clause, provisional=True))
        self.provisional.add(e.player)
        ent.removed = e.removed
        ent.stack = 0
        self.chips_in_play -= e.removed
        if ent.seat is not None and ent.table is not None:
            self._wt(ent.table).seats.pop(ent.seat, None)
        ent.seat = None

    def on_restored(self, e: ev.Restored) -> None:
        ent = self._w(e.player)
        ent.removed = ent.charge = 0
        ent.present = ent.arrived = True
        self.groups = [g for g in self.groups if not self._is_provisional_group(g, e.player)]
        ent.status = PLAYING
        ent.stack = e.stack
        self.chips_in_play += e.stack

    def on_prizes_fixed(self, e: ev.PrizesFixed) -> None:
        self.prizes = list(e.prizes)

    def holds_provisional_place(self, player: str) -> bool:
        """Whether a provisional elimination (4.14) still holds the player's place, unawarded."""
        return any(self._is_provisional_group(g, player) for g in self._pending_groups())

    def _pending_groups(self) -> list[ev.Eliminated]:
        return self.groups[self.awarded_groups :]

    @staticmethod
    def _is_provisional_group(g: ev.Eliminated, player: str) -> bool:
        return g.provisional and g.players == (player,)

    def on_disqualified(self, e: ev.Disqualified) -> None:
        ent = self._w(e.player)
        provisional = ent.status == PROVISIONAL and self.holds_provisional_place(e.player)
        if ent.status in (PLAYING, BUSTED) or provisional:
            self._vacate_place()
        # qld-tournament-2020 3.9, 4.16.2: a disqualified player takes no place, so a
        # provisional elimination (4.14) no longer holds one for them
        self._own("groups")
        self.groups[self.awarded_groups :] = [
            g for g in self._pending_groups() if not self._is_provisional_group(g, e.player)
        ]
        self.chips_in_play -= ent.stack
        ent.status = DISQUALIFIED
        ent.stack = ent.removed = 0
        if ent.table is not None and ent.seat is not None:
            self._wt(ent.table).seats.pop(ent.seat, None)
        ent.table = ent.seat = None

    def _vacate_place(self) -> None:
        """A player still to be placed is disqualified after the prizes are fixed: everyone
        still to be placed moves up a place, leaving the worst place still open vacant.

        croupier's reading: the vacant place's prize is added to first place (as the
        schedule's rounding remainder is), so the whole pool is still paid (qld-tournament-2020
        4.4; act-omaha-2017 20.19) and the disqualified player keeps nothing (3.9, 4.16.2)."""
        if not self.prizes:
            return
        worst = len(self.alive) + sum(len(g.players) for g in self.groups[self.awarded_groups :])
        if not 1 < worst <= len(self.prizes):
            return
        vacant, first = self.prizes[worst - 1], self.prizes[0]
        self._own("prizes")
        self.prizes[0] = replace(first, cash=first.cash + vacant.cash)
        self._own("prizes")
        self.prizes[worst - 1] = replace(vacant, cash=0, seat="")

    def on_round_announced(self, e: ev.RoundAnnounced) -> None:
        if e.kind == "colour-up":
            self._own("raced")
            self.raced.add(e.chips)
        elif e.kind == "done":
            t = self._wt(e.table)
            t.announced.clear()  # each special round lasts one round of play
        else:
            self._wt(e.table).announced.append(e)

    def on_bonus_awarded(self, e: ev.BonusAwarded) -> None:
        for p, chips, prize in zip(e.players, e.chips, e.prize, strict=True):
            self._w(p).stack += chips
            self._w(p).cash += prize
            self.chips_in_play += chips

    def on_stack_bagged(self, e: ev.StackBagged) -> None:
        self._w(e.player).stack = e.stack
        self.bagged = True

    def on_chips_forfeited(self, e: ev.ChipsForfeited) -> None:
        ent = self._w(e.player)
        ent.stack -= e.chips
        self.chips_in_play -= e.chips

    def on_prize_paid(self, e: ev.PrizePaid) -> None:
        pass

    def on_clock_called(self, e: ev.ClockCalled) -> None:
        self._own("action_clocks")
        self.action_clocks[e.table] = e

    def on_time_expired(self, e: ev.TimeExpired) -> None:
        self._own("action_clocks")
        self.action_clocks.pop(e.table, None)

    def on_found_slow(self, e: ev.FoundSlow) -> None:
        self._own("slow")
        self.slow[e.player] = e.times

    def on_heads_up_drawn(self, e: ev.HeadsUpDrawn) -> None:
        for p in e.field:
            self._w(p).status = PLAYING

    def on_match_played(self, e: ev.MatchPlayed) -> None:
        pass  # a record: the round's winner follows from the matches

    def on_heads_up_round_won(self, e: ev.HeadsUpRoundWon) -> None:
        pass  # the loser's elimination follows as its own event

    def on_hidden_chips_ruled(self, e: ev.HiddenChipsRuled) -> None:
        self._own("hidden_ruled")
        self.hidden_ruled.add(e.player)
        if e.to:
            self._w(e.to).stack += e.chips
            self.chips_in_play += e.chips

    def on_floor_ruled(self, e: ev.FloorRuled) -> None:
        pass  # the ruling's effect is in the hand's round events

    def on_tournament_finished(self, e: ev.TournamentFinished) -> None:
        self.finished = True


#: The fold: one handler per event type.
_FOLD = handlers(
    on(ev.Registered, TournamentState.on_registered),
    on(ev.EntryTransferred, TournamentState.on_entry_transferred),
    on(ev.EntryCancelled, TournamentState.on_entry_cancelled),
    on(ev.TournamentCancelled, TournamentState.on_tournament_cancelled),
    on(ev.TournamentStarted, TournamentState.on_tournament_started),
    on(ev.Seated, TournamentState.on_seated),
    on(ev.Forfeited, TournamentState.on_forfeited),
    on(ev.ButtonDrawn, TournamentState.on_button_drawn),
    on(ev.ClockTicked, TournamentState.on_clock_ticked),
    on(ev.ClockPaused, TournamentState.on_clock_paused),
    on(ev.ClockAdjusted, TournamentState.on_clock_adjusted),
    on(ev.HandPlayed, TournamentState.on_hand_played),
    on(ev.HandsExposed, TournamentState.on_hands_exposed),
    on(ev.Busted, TournamentState.on_busted),
    on(ev.Bought, TournamentState.on_bought),
    on(ev.Eliminated, TournamentState.on_eliminated),
    on(ev.PrizesFixed, TournamentState.on_prizes_fixed),
    on(ev.PlacesAwarded, TournamentState.on_places_awarded),
    on(ev.BountyWon, TournamentState.on_bounty_won),
    on(ev.PlayerMoved, TournamentState.on_player_moved),
    on(ev.TableBroken, TournamentState.on_table_broken),
    on(ev.ChipRaced, TournamentState.on_chip_raced),
    on(ev.HandForHand, TournamentState.on_hand_for_hand),
    on(ev.Presence, TournamentState.on_presence),
    on(ev.Penalised, TournamentState.on_penalised),
    on(ev.ProvisionallyEliminated, TournamentState.on_provisionally_eliminated),
    on(ev.Restored, TournamentState.on_restored),
    on(ev.Disqualified, TournamentState.on_disqualified),
    on(ev.RoundAnnounced, TournamentState.on_round_announced),
    on(ev.BonusAwarded, TournamentState.on_bonus_awarded),
    on(ev.StackBagged, TournamentState.on_stack_bagged),
    on(ev.ChipsForfeited, TournamentState.on_chips_forfeited),
    on(ev.PrizePaid, TournamentState.on_prize_paid),
    on(ev.TournamentFinished, TournamentState.on_tournament_finished),
    on(ev.ClockCalled, TournamentState.on_clock_called),
    on(ev.TimeExpired, TournamentState.on_time_expired),
    on(ev.FoundSlow, TournamentState.on_found_slow),
    on(ev.FloorRuled, TournamentState.on_floor_ruled),
    on(ev.HeadsUpDrawn, TournamentState.on_heads_up_drawn),
    on(ev.MatchPlayed, TournamentState.on_match_played),
    on(ev.HeadsUpRoundWon, TournamentState.on_heads_up_round_won),
    on(ev.HiddenChipsRuled, TournamentState.on_hidden_chips_ruled),
)


class Component:
    """One part of a tournament's work (the entry desk, dealing, the floor, the clock, the
    prizes): its commands and queries on the tournament's one state, of which it keeps no copy."""

    def __init__(self, t: TournamentState) -> None:
        self.t = t

    def draws(self, rng: random.Random | None) -> random.Random:
        """The generator a draw takes: the command's, or one that refuses the first draw
        asked of it (citing the rules' draw clause)."""
        return _NoSeed(self.t.book.draw_clause) if rng is None else rng


class _NoSeed(random.Random):
    """The generator of a command that carries no seed: refuses the first draw asked of it,
    citing ``clause`` (the rulebook's draw)."""

    def __init__(self, clause: str) -> None:
        super().__init__()
        self.clause = clause

    def random(self) -> float:
        raise refuse(self.clause, "a draw is needed: give the command a seed")

    def getrandbits(self, k: int, /) -> int:
        return int(self.random())
