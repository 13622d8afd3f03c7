"""The floor between hands: tables, colour-ups, absent players, penalties, disqualification."""

from __future__ import annotations

import random
from collections.abc import Iterator

from croupier.cards import Card
from croupier.rules import Ruling
from croupier.tournament import commands as cm
from croupier.tournament import events as ev
from croupier.tournament import seating as st
from croupier.tournament.chiprace import ChipRaceError, chip_race
from croupier.tournament.entry import EntryDesk
from croupier.tournament.places import Prizes
from croupier.tournament.state import (
    BUSTED,
    PLAYING,
    PROVISIONAL,
    REGISTERED,
    Component,
    refuse,
)


class Floor(Component):
    """The floor's work (qld-tournament-2020 4.14, 4.20, 4.25, 4.37, 4.40; dunedin-house 78-100)."""

    # ------------------------------------------------------------------------------------
    # Tables: breaking, balancing, the final table, hand-for-hand, colour-ups

    def maintain(self, cmd: cm.Maintain, i: cm.Inputs) -> list[ev.TEvent]:
        """Between hands: the final-table redraw once every player fits one table
        (qld-tournament-2020 4.25, dunedin-house 80), tables broken as players are eliminated
        (act-omaha-2017 20.9), the rest balanced (dunedin-house 82), and hand-for-hand on the
        bubble and just above the final table (4.20)."""
        rng, cards = self.draws(i.rng), i.cards
        n = len(self.t.events)
        c = self.t.conditions
        if len(self.t.tables) > 1 and not self.t.seated_alive_above(c.final_table_size):
            self._final_table(rng, cards)
        while (
            len(self.t.tables) > 1
            and self.t.seated_count() <= (len(self.t.tables) - 1) * c.table_size
        ):
            number = max(self.t.tables)
            clause = self.t.book.moves_clause
            moves = st.break_table([t.view() for t in self.t.tables.values()], number, rng, clause)
            for m in moves:
                self.t.emit(
                    ev.PlayerMoved(
                        m.player, m.from_table, m.from_seat, m.to_table, m.to_seat, m.clause
                    )
                )
            self.t.emit(ev.TableBroken(number, clause))
        for m in st.balance(
            [t.view() for t in self.t.tables.values()], self.t.book.balance_move_clause
        ):
            self.t.emit(
                ev.PlayerMoved(m.player, m.from_table, m.from_seat, m.to_table, m.to_seat, m.clause)
            )
        want = self._hand_for_hand_due()
        if want != self.t.hand_for_hand and c.hand_for_hand:
            self.t.emit(
                ev.HandForHand(
                    want,
                    self.t.book.hand_for_hand_start_clause
                    if want
                    else self.t.book.hand_for_hand_clause,
                )
            )
        return self.t.events[n:]

    def floor_due(self) -> Ruling | None:
        """A deal waits for what :meth:`maintain` does, whoever drives the tournament: the
        final-table redraw (qld-tournament-2020 4.25) and a table to break (act-omaha-2017 20.9;
        4.24). Hand-for-hand is left to the director: 4.20 says play "may" go to it."""
        c = self.t.conditions
        if len(self.t.tables) > 1:
            if not self.t.seated_alive_above(c.final_table_size):
                return Ruling(self.t.book.final_table_clause, "the final table is redrawn first")
            if self.t.seated_count() <= (len(self.t.tables) - 1) * c.table_size:
                return Ruling(self.t.book.moves_clause, "a table is due to break first")
        return None

    def _hand_for_hand_due(self) -> bool:
        if len(self.t.tables) < 2:
            return False
        left = len(self.t.alive)
        paid = len(self.t.prizes) if self.t.prizes is not None else 0
        bubble = self.t.prizes is not None and left == paid + 1
        final = left == self.t.conditions.final_table_size + 1
        return bubble or final

    def _final_table(self, rng: random.Random, cards: Iterator[Card]) -> None:
        players = list(self.t.seated)
        seats = st.draw_final_table(players, self.t.conditions.final_table_size, rng)
        # drawn before anyone moves, so a failed draw leaves the tables as they were
        button, dealt = EntryDesk(self.t).draw_button(
            list(seats.values()), cards, "the final table"
        )
        for p in players:
            e = self.t.entrants[p]
            assert e.table is not None and e.seat is not None
            self.t.emit(
                ev.PlayerMoved(p, e.table, e.seat, 0, seats[p], self.t.book.final_table_clause)
            )
        for number in sorted(self.t.tables):
            if number != 0:
                self.t.emit(ev.TableBroken(number, self.t.book.final_table_clause))
        self.t.emit(
            ev.ButtonDrawn(0, button, tuple(sorted(dealt.items())), self.t.book.button_draw_clause)
        )

    def colour_up(self, cmd: cm.ColourUp, i: cm.Inputs) -> list[ev.TEvent]:
        """Race off the chip whose level is over at every table (qld-tournament-2020 4.40;
        dunedin-house 87-88)."""
        cards = i.cards
        due = self.t.due_colour_up()
        if due is None:
            raise refuse(self.t.book.colour_up_due_clause, "no colour-up is due")
        old = self.t.conditions.levels[due].colour_up
        assert old is not None
        chips = sorted(ch for ch in self.t.conditions.chips if ch > old)
        new = chips[0]
        clause = self.t.book.colour_up_clause
        races: list[ev.ChipRaced] = []  # every table's race is run before any is recorded
        for t in sorted(self.t.tables.values(), key=lambda x: x.number):
            order = sorted(t.seats)
            players = tuple(t.seats[s] for s in order)
            stacks = [self.t.entrants[p].stack for p in players]
            # dunedin-house 87: the race starts in the No. 1 seat; qld-tournament-2020 4.40(d):
            # "the first seating position to the left of the dealer", the person dealing, whose
            # left is seat 1 (not the button's left): both start at the lowest seat occupied
            try:
                res = chip_race(stacks, old, new, cards, 0, rules=self.t.book)
            except ChipRaceError as err:
                raise refuse(clause, f"table {t.number}: {err}; no table was raced") from None
            races.append(
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
        return self.t.emit_all([*races, ev.RoundAnnounced(-1, "colour-up", due, 0, clause)])

    def correct_seat(self, cmd: cm.CorrectSeat, i: cm.Inputs) -> list[ev.TEvent]:
        """dunedin-house 78: a player who started in the wrong seat with the correct stack is
        moved to the correct seat and takes their whole stack with them."""
        player, table, seat = cmd.player, cmd.table, cmd.seat
        e = self.t.entrant(player)
        clause = self.t.book.wrong_seat_clause
        if e.status != PLAYING or e.table is None or e.seat is None:
            raise refuse(clause, f"{player} is not seated")
        t = self.t.tables.get(table)
        if t is None or not 1 <= seat <= t.size:
            raise refuse(clause, f"there is no seat {seat} at table {table}")
        if seat in t.seats:
            raise refuse(clause, f"seat {seat} at table {table} is taken by {t.seats[seat]}")
        return self.t.emit_all([ev.PlayerMoved(player, e.table, e.seat, table, seat, clause)])

    # ------------------------------------------------------------------------------------
    # Players: presence, provisional elimination, penalties, disqualification

    def set_present(self, cmd: cm.SetPresent, i: cm.Inputs) -> list[ev.TEvent]:
        """A player arrives or leaves the table (qld-tournament-2020 4.15); a provisionally
        eliminated player who arrives is restored, seated where a seat is drawn (4.14)."""
        player, present = cmd.player, cmd.present
        e = self.t.entrant(player)
        if e.status == PROVISIONAL and present:
            return self._restore(player, i.rng)
        if e.status not in (PLAYING, BUSTED):
            raise refuse(self.t.book.presence_clause, f"{player} is not playing")
        return self.t.emit_all([ev.Presence(player, present, self.t.book.presence_clause)])

    def provisionally_eliminate(
        self, cmd: cm.ProvisionallyEliminate, i: cm.Inputs
    ) -> list[ev.TEvent]:
        """qld-tournament-2020 4.14: a player who has not taken their seat by the end of level 4
        may be provisionally eliminated; their stake is removed from play."""
        player = cmd.player
        e = self.t.entrant(player)
        if not self.t.book.provisional_elimination:
            raise refuse(
                self.t.book.provisional_clause, "provisional elimination is a Queensland rule"
            )
        if e.status != PLAYING or e.arrived:
            raise refuse(self.t.book.provisional_clause, f"{player} has taken their seat")
        if self.t.level_number <= self.t.conditions.provisional_elimination_level:
            raise refuse(
                self.t.book.provisional_clause,
                f"only after level {self.t.conditions.provisional_elimination_level} is complete",
            )
        return self.t.emit_all(
            [ev.ProvisionallyEliminated(player, e.stack, self.t.book.provisional_clause)]
        )

    def _restore(self, player: str, rng: random.Random | None) -> list[ev.TEvent]:
        e = self.t.entrants[player]
        if not self.t.holds_provisional_place(player):
            raise refuse(
                self.t.book.provisional_clause, f"{player}'s place has already been awarded"
            )
        unit = self.t.smallest_chip()
        stack = max(0, (e.removed - e.charge) // unit * unit)
        out: list[ev.TEvent] = [
            ev.Restored(player, stack, e.removed - stack, self.t.book.provisional_clause)
        ]
        if stack:
            if rng is None:
                raise refuse(
                    self.t.book.provisional_clause,
                    "a returning player's seat is drawn: give a seed",
                )
            seat = self.t.free_seat(rng)
            if seat is None:
                raise refuse(self.t.book.provisional_clause, "no seat is free")
            out.append(ev.Seated(player, *seat, 0, True, self.t.book.provisional_clause))
        else:
            out.append(ev.Eliminated((player,), (0,), self.t.book.provisional_clause))
        return self.t.emit_all(out)

    def penalise(self, cmd: cm.Penalise, i: cm.Inputs) -> list[ev.TEvent]:
        """A penalty: ``warning``; ``minutes`` away (10, 20 or 30: qld-tournament-2020 4.37);
        ``hands`` or ``rounds`` missed (dunedin-house 98: rounds of 1-4); ``disqualify``.
        While away the player's blinds and antes are posted and the hand killed (99)."""
        player, kind, amount = cmd.player, cmd.kind, cmd.amount
        e = self.t.entrant(player)
        if e.status not in (PLAYING, BUSTED):
            raise refuse(self.t.book.warning_clause, f"{player} is not playing")
        if kind == "disqualify":
            return self._disqualify(player, self.t.book.penalty_disqualification_clause)
        if kind == "warning":
            return self.t.emit_all(
                [
                    ev.Penalised(
                        player,
                        kind,
                        0,
                        0,
                        self.t.book.warning_clause,
                    )
                ]
            )
        if kind == "minutes":
            if not self.t.book.time_penalties or amount not in (10, 20, 30):
                raise refuse(
                    self.t.book.time_penalty_clause, "time penalties are 10, 20 or 30 minutes"
                )
            until = self.t.clock.elapsed + amount * 60
            return self.t.emit_all(
                [ev.Penalised(player, kind, 0, until, self.t.book.time_penalty_clause)]
            )
        if kind in ("hands", "rounds"):
            if not self.t.book.missed_hand_penalties:
                raise refuse(
                    self.t.book.missed_hand_penalty_clause,
                    "missed-hand penalties are not a rule of this tournament",
                )
            if amount < 1 or (kind == "rounds" and amount > 4):
                raise refuse(
                    self.t.book.missed_hand_penalty_clause, "one or more hands, or 1-4 rounds"
                )
            table = self.t.tables[e.table] if e.table is not None else None
            per_round = len(table.seats) if table is not None else 1
            hands = amount * (per_round if kind == "rounds" else 1)
            return self.t.emit_all(
                [ev.Penalised(player, kind, hands, 0, self.t.book.missed_hand_penalty_clause)]
            )
        raise refuse(self.t.book.warning_clause, f"no penalty {kind!r}")

    def disqualify(self, cmd: cm.Disqualify, i: cm.Inputs) -> list[ev.TEvent]:
        """Disqualification: no refund, the player's chips taken out of play (qld-tournament-2020
        3.9, 4.16.2, 4.18; dunedin-house 100)."""
        return self._disqualify(cmd.player, cmd.clause)

    def _disqualify(self, player: str, clause: str) -> list[ev.TEvent]:
        e = self.t.entrant(player)
        if e.status not in (PLAYING, BUSTED, PROVISIONAL, REGISTERED):
            raise refuse(self.t.book.disqualification_clause, f"{player} is not in the tournament")
        if e.status == PROVISIONAL and not self.t.holds_provisional_place(player):
            raise refuse(
                self.t.book.provisional_clause, f"{player}'s place has already been awarded"
            )
        clause = clause or self.t.book.disqualification_clause
        n = len(self.t.events)
        self.t.emit(ev.Disqualified(player, e.stack + e.removed, clause))
        if self.t.started:  # the places wait on nobody now: the last player left wins
            Prizes(self.t).award_places()
        return self.t.events[n:]

    def announce_round(self, cmd: cm.AnnounceRound, i: cm.Inputs) -> list[ev.TEvent]:
        """Announce an elimination round (qld-tournament-2020 4.22) or a bonus round (4.45(5))
        at ``table``: allowed only before its next hand's cards and blinds."""
        table, kind, chips, prize = cmd.table, cmd.kind, cmd.chips, cmd.prize
        clause = (
            self.t.book.elimination_round_clause
            if kind == "elimination"
            else self.t.book.bonus_round_clause
        )
        if kind not in ("elimination", "bonus"):
            raise refuse(clause, f"no {kind!r} round")
        if table not in self.t.tables:
            raise refuse(clause, f"there is no table {table}")
        if kind == "bonus" and chips % self.t.smallest_chip():
            raise refuse(clause, f"bonus chips must be whole {self.t.smallest_chip()} chips")
        return self.t.emit_all([ev.RoundAnnounced(table, kind, chips, prize, clause)])
