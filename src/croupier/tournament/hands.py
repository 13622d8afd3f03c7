"""Hands at tournament tables: planning a round of play and recording it."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.cards import Card
from croupier.round import Round, RoundConfig
from croupier.round.events import BetOrRaised, Called, Checked, PotAwarded
from croupier.rules import DUNEDIN_HOUSE as _SEATING_RULES
from croupier.rules import Ruling
from croupier.table import Seat, Seating, Status, next_deal
from croupier.tournament import commands as cm
from croupier.tournament import events as ev
from croupier.tournament import seating as st
from croupier.tournament.entry import EntryDesk
from croupier.tournament.floor import Floor
from croupier.tournament.places import Prizes
from croupier.tournament.plan import HandPlan
from croupier.tournament.state import (
    BUSTED,
    PLAYING,
    Component,
    TournamentError,
    TournamentTable,
    refuse,
)

# Tournament tables move the button by the dead-button rule whatever the rulebook of play.


class Dealing(Component):
    """Plans and records rounds of play (qld-tournament-2020 4.15-4.22, 4.24, 4.35)."""

    # ------------------------------------------------------------------------------------
    # Hands

    def why_not_deal(self, table: int) -> Ruling | None:
        """Why a hand cannot be dealt at ``table`` now, or None."""
        if not self.t.started or self.t.cancelled or self.t.finished:
            return Ruling(self.t.book.start_clause, "the tournament is not in play")
        if self.t.bagged:
            return Ruling(self.t.book.flights_clause, "this flight is over; its stacks are bagged")
        t = self.t.tables.get(table)
        if t is None:
            return Ruling(self.t.book.tables_clause, f"there is no table {table}")
        if self.t.clock.state.level.is_break:
            return Ruling(self.t.book.clock_pause_clause, "the tournament is on a break")
        if self.t.clock.paused:
            return Ruling(self.t.book.clock_adjust_clause, "the clock is paused")
        pending = [p for p in t.seats.values() if self.t.entrants[p].status == BUSTED]
        if pending:
            return Ruling(
                self.t.book.busted_clause,
                f"{pending[0]} must re-buy or be eliminated before the next round of play",
            )
        if self.t.due_colour_up() is not None:
            return Ruling(self.t.book.colour_up_clause, "chips are due to be coloured up")
        if table in st.halted_by_count({n: len(x.seats) for n, x in self.t.tables.items()}):
            return Ruling(
                self.t.book.short_table_clause, f"table {table} is 3 or more players short"
            )
        due = Floor(self.t).floor_due()
        if due is not None:
            return due
        playing = [p for p in t.seats.values() if self.t.entrants[p].status == PLAYING]
        if len(playing) < 2:
            return Ruling(self.t.book.tables_clause, f"table {table} needs two players")
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
        t = self.t.tables[table]
        level = self.t.level()
        rulings: list[str] = []
        seats = {s: Seat(p) for s, p in t.seats.items() if self.t.entrants[p].status == PLAYING}
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
            rulings.append(self.t.book.moves_clause)
        positions = deal.dealt_in
        n = len(positions)
        players = tuple(t.seats[s] for s in positions)
        blinds = [0] * n
        for post in deal.posts:
            i = positions.index(post.seat)
            blinds[i] = level.small_blind if post.blind.value == "small blind" else level.big_blind
        big_pos = positions.index(deal.big_blind.seat)
        if any(b > self.t.entrants[players[i]].stack for i, b in enumerate(blinds)):
            # 4.29: a player short of a blind still plays, all in for what they have; under
            # dunedin-house 94 that partial blind counts as a full one, so the button and
            # blinds move on as usual (the dead-button deal never asks for a make-up)
            rulings.append(self.t.book.short_blind_clause)
        antes = [level.ante] * n if level.ante else [0] * n
        if level.big_blind_ante:
            # a big blind too short for both posts the blind first and the rest as the ante
            # (house reading, as the TDA rules: qld-tournament-2020 2 "Big Blind Ante" and
            # dunedin-house are silent on the order)
            stack = self.t.entrants[players[big_pos]].stack
            antes[big_pos] = max(0, min(level.big_blind_ante, stack - blinds[big_pos]))
        if n == 2:  # the engine swaps them back so the button posts the small blind (4.35)
            blinds.reverse()
            antes.reverse()
            rulings.append(self.t.book.heads_up_clause)
        killed = frozenset(i for i, p in enumerate(players) if self.t.absent(p))
        dead_hands: tuple[tuple[int, str], ...] = ()
        if self.t.book.kills_dead_hands_after_deal:
            # dunedin-house 92: "Unprotected cards will be mucked following the initial deal";
            # 99: "the hand is killed after each initial deal". Reading: with every hand dead
            # the big blind's is left, as though everyone folded to it, so the pot has a winner.
            dead = sorted(killed - {big_pos} if len(killed) == n else killed)
            dead_hands = tuple(
                (
                    i,
                    self.t.book.absent_hand_clause
                    if not self.t.entrants[players[i]].present
                    else self.t.book.penalty_hand_clause,
                )
                for i in dead
            )
        if any(not self.t.entrants[players[i]].present for i in killed):
            rulings.append(self.t.book.absent_hand_clause)
        if any(self.t.entrants[players[i]].present for i in killed):  # serving a penalty
            rulings.append(self.t.book.penalty_hand_clause)
        c = self.t.conditions
        rulebook = c.rulebook
        if self.t.book.live_hand_rules:
            # qld-tournament-2020 4.2: 4.41 replaces qld-holdem-2005 s37 at the tables; the
            # rules of play (and the rulebook id the tables key on) stay qld-holdem-2005's
            rulebook = rulebook.for_tournament()
        cfg = RoundConfig(
            stacks=tuple(self.t.entrants[p].stack for p in players),
            blinds=tuple(blinds),
            min_bet=level.big_blind,
            antes=tuple(antes) if any(antes) else (),
            rulebook=rulebook,
            game=c.game_rules,
            structure=c.structure_for(level),
            chip_unit=self.t.smallest_chip(),
            deck_order=tuple(deck_order) if deck_order is not None else None,
            # a live dealer enters or confirms each burn card, so 4.42's burns (and the rules
            # of play's) are checked: croupier.round.burns
            record_burns=deck_order is None,
            full_blind=self.t.book.full_blind_clause,
            antes_dead=bool(level.big_blind_ante),
            # act-omaha-2017 has no such rule: its showdown order applies (13.1)
            expose_all_in=self.t.book.all_in_exposure_clause,
            dead_hands=dead_hands,
        )
        return HandPlan(
            table,
            t.hands + 1,
            self.t.clock.index,
            deal,
            players,
            positions,
            cfg,
            killed,
            tuple(rulings),
        )

    def record(self, cmd: cm.RecordHands, i: cm.Inputs) -> list[ev.TEvent]:
        """Record finished rounds of play (one per table; all tables' rounds together during
        hand-for-hand). Players left with nothing are eliminated (qld-tournament-2020 4.22;
        act-omaha-2017 20.7), or may re-buy first where a re-buy is open to them; players
        eliminated in the same round of play share their places (4.19) or are ordered by the
        chips they contributed (act-omaha-2017 20.21)."""
        results = list(zip((h.plan for h in cmd.hands), i.live(cmd.hands), strict=True))
        recorded: set[int] = set()
        stale = "a stale hand plan"
        for plan, r in results:
            if not r.is_over:
                raise refuse(
                    self.t.book.hand_complete_clause, f"table {plan.table}'s round is not over"
                )
            if plan.table in recorded:
                raise refuse(self.t.book.tables_clause, f"table {plan.table}: one round, twice")
            recorded.add(plan.table)
            t = self.t.tables.get(plan.table)
            if t is None or t.hands + 1 != plan.hand:
                raise refuse(self.t.book.tables_clause, f"table {plan.table}: {stale}")
            if r.config != plan.config:
                # a round dealt otherwise than planned: a fee or commission takes chips out of
                # play, which 4.36 forbids at tournament tables
                charged = r.config.fee > 0 or r.config.commission is not None
                raise refuse(
                    self.t.book.charges_clause if charged else self.t.book.tables_clause,
                    f"table {plan.table}: the round was not dealt as planned",
                )
            for seat, p in zip(plan.seats, plan.players, strict=True):
                if p not in self.t.entrants:  # the entry passed to a substitute since the plan
                    raise refuse(
                        self.t.book.substitute_clause, f"{p}'s seat has passed to a substitute"
                    )
                if t.seats.get(seat) != p:
                    raise refuse(self.t.book.tables_clause, f"table {plan.table}: {stale}")
            if r.config.stacks != tuple(self.t.entrants[p].stack for p in plan.players):
                raise refuse(self.t.book.stacks_clause, "stacks changed since the hand was planned")
            self._check_dead_hands(plan, r)
        if self.t.hand_for_hand and len(self.t.tables) > 1:
            # 4.20: hand-for-hand, no table deals its next hand until every table has
            # completed the current one, so the tables' rounds are recorded together (which
            # also holds 4.31's cards and 4.19's shared places to the whole deal)
            waiting = [
                n for n in self.t.tables if n not in recorded and self.why_not_deal(n) is None
            ]
            if waiting:
                raise refuse(
                    self.t.book.hand_for_hand_clause,
                    f"hand-for-hand: table {waiting[0]} has not completed the current hand; "
                    "every table's hand is recorded together",
                )
        n = len(self.t.events)
        groups: list[tuple[list[str], list[int]]] = []
        held: list[ev.HandsExposed] = []
        for plan, r in results:
            if not groups or not self.t.hand_for_hand:
                groups.append(([], []))
            exposed = self._exposure(plan, r)
            if (
                exposed is not None
                and self.t.hand_for_hand
                and self.t.book.hand_for_hand_exposure_clause
            ):
                held.append(exposed)  # 4.31: face down until the other tables' action is done
            elif exposed is not None:
                self.t.emit(exposed)
            for p, chips in self._record_one(plan, r):
                groups[-1][0].append(p)
                groups[-1][1].append(chips)
        for exposed in held:
            self.t.emit(exposed)
        # dunedin-house is silent on players knocked out together; croupier applies the TDA
        # practice act-omaha-2017 20.21 also follows: more chips at the start of the hand
        # (for a busted player, the chips put in the pot) finishes higher
        clause = self.t.book.knocked_out_together_clause
        for players, contributed in groups:
            if players:
                self.t.emit(ev.Eliminated(tuple(players), tuple(contributed), clause))
        Prizes(self.t).award_places()
        return self.t.events[n:]

    def _check_dead_hands(self, plan: HandPlan, r: Round) -> None:
        """A hand the plan kills (an absent or penalised player's) never bet, checked or called:
        whatever dealt the round, the rule holds when it is recorded (qld-tournament-2020
        4.16.1, 4.37; act-omaha-2017 20.12, 20.17). Reading: qld's absent big blind "will have
        up until it is their turn to act", so one back by then may play."""
        dead = set(plan.killed)
        if self.t.book.absent_big_blind_may_play and len(plan.players) > 1:
            dead.discard(plan.seats.index(plan.deal.big_blind.seat))
        for e in r.events:
            if isinstance(e, (Checked, Called, BetOrRaised)) and e.player in dead:
                p = plan.players[e.player]
                clause = self.t.book.absent_hand_clause
                if self.t.entrants[p].present:  # serving a penalty, not absent
                    clause = self.t.book.penalty_hand_clause
                raise refuse(clause, f"{p}'s hand is dead: it is folded, never played")

    def _exposure(self, plan: HandPlan, r: Round) -> ev.HandsExposed | None:
        """Every live hand turned face up once a player is all in and the betting is over
        (qld-tournament-2020 4.30; dunedin-house 84), or None. act-omaha-2017 has no such rule:
        its showdown order applies (13.1)."""
        live = r.live()
        clause = self.t.book.all_in_exposure_clause
        if not clause or len(live) < 2 or not any(r.all_in[i] for i in live):
            return None
        cards = tuple(
            (plan.players[i], tuple(c for c in r.hole[i] or () if c is not None)) for i in live
        )
        if self.t.hand_for_hand and self.t.book.hand_for_hand_exposure_clause:
            clause = self.t.book.hand_for_hand_exposure_clause
        return ev.HandsExposed(plan.table, plan.hand, cards, clause)

    def _record_one(self, plan: HandPlan, r: Round) -> list[tuple[str, int]]:
        """Record one hand; the players it eliminated and the chips each contributed."""
        t = self.t.tables[plan.table]
        before = tuple(r.config.stacks)
        killed = tuple(plan.players[i] for i in sorted(plan.killed))
        self.t.emit(
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
            self.t.emit(ev.RoundAnnounced(plan.table, "done", 0, 0, announced[0].clause))
        stacks = [self.t.entrants[p].stack for p in plan.players]
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
            if i in zero and EntryDesk(self.t).may_rebuy(p, busted=True):
                self.t.emit(ev.Busted(p, self.t.book.busted_clause, before[i], by))
                continue
            out.append((p, before[i] - stacks[i] if i in zero else before[i]))
            if self.t.conditions.bounty and by:
                self.t.emit(
                    ev.BountyWon(by, p, self.t.conditions.bounty, self.t.book.bounty_clause)
                )
        return out

    def _bonus(
        self, t: TournamentTable, plan: HandPlan, won: list[int], a: ev.RoundAnnounced
    ) -> None:
        """4.45(5): the bonus chips go to the round's winners, split as the pot was."""
        total = sum(won)
        winners = [i for i, w in enumerate(won) if w]
        if not winners or not total:
            return
        chips = [
            a.chips * won[i] // total // self.t.smallest_chip() * self.t.smallest_chip()
            for i in winners
        ]
        chips[0] += a.chips - sum(chips)
        prize = [
            a.prize // len(winners) + (1 if k < a.prize % len(winners) else 0)
            for k in range(len(winners))
        ]
        self.t.emit(
            ev.BonusAwarded(
                t.number,
                tuple(plan.players[i] for i in winners),
                tuple(chips),
                tuple(prize),
                self.t.book.bonus_round_clause,
            )
        )

    def eliminate_busted(self, cmd: cm.EliminateBusted, i: cm.Inputs) -> list[ev.TEvent]:
        """Busted players at ``table`` who have not re-bought are eliminated before the next
        round of play (qld-tournament-2020 4.22; dunedin-house 89)."""
        table = cmd.table
        if table not in self.t.tables:
            raise refuse(self.t.book.tables_clause, f"there is no table {table}")
        t = self.t.tables[table]
        gone = [p for p in t.seats.values() if self.t.entrants[p].status == BUSTED]
        if not gone:
            return []
        n = len(self.t.events)
        busts = [self.t.last_bust[p] for p in gone]
        clause = self.t.book.busted_clause
        self.t.emit(ev.Eliminated(tuple(gone), tuple(b.contributed for b in busts), clause))
        for b in busts:
            if self.t.conditions.bounty and b.by:
                self.t.emit(
                    ev.BountyWon(
                        b.by, b.player, self.t.conditions.bounty, self.t.book.bounty_clause
                    )
                )
        Prizes(self.t).award_places()
        return self.t.events[n:]
