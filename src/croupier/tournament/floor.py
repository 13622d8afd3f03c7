"""The floor between hands: tables, colour-ups, absent players, penalties, disqualification."""

from __future__ import annotations

import random
from collections.abc import Iterator

from croupier.cards import Card
from croupier.rules import Ruling
from croupier.tournament import events as ev
from croupier.tournament import seating as st
from croupier.tournament.chiprace import ChipRaceError, chip_race
from croupier.tournament.hands import Dealing
from croupier.tournament.state import (
    BUSTED,
    PE_CLAUSE,
    PLAYING,
    PROVISIONAL,
    REGISTERED,
    refuse,
)


class Floor(Dealing):
    """The floor's work (qld-tournament-2020 4.14, 4.20, 4.25, 4.37, 4.40; dunedin-house 78-100)."""

    # ------------------------------------------------------------------------------------
    # Tables: breaking, balancing, the final table, hand-for-hand, colour-ups

    def _do_maintain(self, rng: random.Random, cards: Iterator[Card]) -> list[ev.TEvent]:
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
            clause = self.book.moves_clause
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

    def _floor_due(self) -> Ruling | None:
        """A deal waits for what :meth:`maintain` does, whoever drives the tournament: the
        final-table redraw (qld-tournament-2020 4.25) and a table to break (act-omaha-2017 20.9;
        4.24). Hand-for-hand is left to the director: 4.20 says play "may" go to it."""
        c = self.conditions
        if len(self.tables) > 1:
            alive = [p for p in self.seated if self.entrants[p].status in (PLAYING, BUSTED)]
            if len(alive) <= c.final_table_size:
                return Ruling("qld-tournament-2020 4.25", "the final table is redrawn first")
            if len(self.seated) <= (len(self.tables) - 1) * c.table_size:
                return Ruling(self.book.moves_clause, "a table is due to break first")
        return None

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
        # drawn before anyone moves, so a failed draw leaves the tables as they were
        button, dealt = self._draw_button(list(seats.values()), cards, "the final table")
        for p in players:
            e = self.entrants[p]
            assert e.table is not None and e.seat is not None
            self._emit(ev.PlayerMoved(p, e.table, e.seat, 0, seats[p], "qld-tournament-2020 4.25"))
        for number in sorted(self.tables):
            if number != 0:
                self._emit(ev.TableBroken(number, "qld-tournament-2020 4.25"))
        self._emit(ev.ButtonDrawn(0, button, tuple(sorted(dealt.items())), "dunedin-house 80"))

    def _do_colour_up(self, cards: Iterator[Card]) -> list[ev.TEvent]:
        """Race off the chip whose level is over at every table (qld-tournament-2020 4.40;
        dunedin-house 87-88)."""
        i = self.due_colour_up()
        if i is None:
            raise refuse("dunedin-house 88", "no colour-up is due")
        old = self.conditions.levels[i].colour_up
        assert old is not None
        chips = sorted(ch for ch in self.conditions.chips if ch > old)
        new = chips[0]
        clause = self.book.colour_up_clause
        races: list[ev.ChipRaced] = []  # every table's race is run before any is recorded
        for t in sorted(self.tables.values(), key=lambda x: x.number):
            order = sorted(t.seats)
            players = tuple(t.seats[s] for s in order)
            stacks = [self.entrants[p].stack for p in players]
            # dunedin-house 87: the race starts in the No. 1 seat; qld-tournament-2020 4.40(d):
            # "the first seating position to the left of the dealer", the person dealing, whose
            # left is seat 1 (not the button's left): both start at the lowest seat occupied
            try:
                res = chip_race(stacks, old, new, cards, 0, self.rules)
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
        return self._emit_all([*races, ev.RoundAnnounced(-1, "colour-up", i, 0, clause)])

    def _do_correct_seat(self, player: str, table: int, seat: int) -> list[ev.TEvent]:
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

    # ------------------------------------------------------------------------------------
    # Players: presence, provisional elimination, penalties, disqualification

    def _do_set_present(
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

    def _do_provisionally_eliminate(self, player: str) -> list[ev.TEvent]:
        """qld-tournament-2020 4.14: a player who has not taken their seat by the end of level 4
        may be provisionally eliminated; their stake is removed from play."""
        e = self._entrant(player)
        if not self.book.provisional_elimination:
            raise refuse("qld-tournament-2020 4.14", "provisional elimination is a Queensland rule")
        if e.status != PLAYING or e.arrived:
            raise refuse("qld-tournament-2020 4.14", f"{player} has taken their seat")
        if self.level_number <= self.conditions.provisional_elimination_level:
            raise refuse(
                "qld-tournament-2020 4.14",
                f"only after level {self.conditions.provisional_elimination_level} is complete",
            )
        return self._emit_all([ev.ProvisionallyEliminated(player, e.stack, PE_CLAUSE)])

    def _restore(self, player: str, rng: random.Random | None) -> list[ev.TEvent]:
        e = self.entrants[player]
        if not self._holds_provisional_place(player):
            raise refuse(PE_CLAUSE, f"{player}'s place has already been awarded")
        unit = self.smallest_chip()
        stack = max(0, (e.removed - e.charge) // unit * unit)
        out: list[ev.TEvent] = [ev.Restored(player, stack, e.removed - stack, PE_CLAUSE)]
        if stack:
            if rng is None:
                raise refuse(PE_CLAUSE, "a returning player's seat is drawn: give rng")
            seat = self._free_seat(rng)
            if seat is None:
                raise refuse(PE_CLAUSE, "no seat is free")
            out.append(ev.Seated(player, *seat, 0, True, PE_CLAUSE))
        else:
            out.append(ev.Eliminated((player,), (0,), PE_CLAUSE))
        return self._emit_all(out)

    def _do_penalise(self, player: str, kind: str, amount: int = 0) -> list[ev.TEvent]:
        """A penalty: ``warning``; ``minutes`` away (10, 20 or 30: qld-tournament-2020 4.37);
        ``hands`` or ``rounds`` missed (dunedin-house 98: rounds of 1-4); ``disqualify``.
        While away the player's blinds and antes are posted and the hand killed (99)."""
        e = self._entrant(player)
        if e.status not in (PLAYING, BUSTED):
            raise refuse("qld-tournament-2020 4.37", f"{player} is not playing")
        if kind == "disqualify":
            return self._do_disqualify(
                player,
                self.book.penalty_disqualification_clause,
            )
        if kind == "warning":
            return self._emit_all(
                [
                    ev.Penalised(
                        player,
                        kind,
                        0,
                        0,
                        self.book.warning_clause,
                    )
                ]
            )
        if kind == "minutes":
            if not self.book.time_penalties or amount not in (10, 20, 30):
                raise refuse("qld-tournament-2020 4.37", "time penalties are 10, 20 or 30 minutes")
            until = self.clock.elapsed + amount * 60
            return self._emit_all(
                [ev.Penalised(player, kind, 0, until, "qld-tournament-2020 4.37")]
            )
        if kind in ("hands", "rounds"):
            if not self.book.missed_hand_penalties:
                raise refuse("dunedin-house 98", "missed-hand penalties are a dunedin-house rule")
            if amount < 1 or (kind == "rounds" and amount > 4):
                raise refuse("dunedin-house 98", "one or more hands, or 1-4 rounds")
            table = self.tables[e.table] if e.table is not None else None
            per_round = len(table.seats) if table is not None else 1
            hands = amount * (per_round if kind == "rounds" else 1)
            return self._emit_all([ev.Penalised(player, kind, hands, 0, "dunedin-house 98")])
        raise refuse("qld-tournament-2020 4.37", f"no penalty {kind!r}")

    def _do_disqualify(self, player: str, clause: str = "") -> list[ev.TEvent]:
        """Disqualification: no refund, the player's chips taken out of play (qld-tournament-2020
        3.9, 4.16.2, 4.18; dunedin-house 100)."""
        e = self._entrant(player)
        if e.status not in (PLAYING, BUSTED, PROVISIONAL, REGISTERED):
            raise refuse("qld-tournament-2020 3.9", f"{player} is not in the tournament")
        if e.status == PROVISIONAL and not self._holds_provisional_place(player):
            raise refuse(PE_CLAUSE, f"{player}'s place has already been awarded")
        clause = clause or self.book.disqualification_clause
        n = len(self.events)
        self._emit(ev.Disqualified(player, e.stack + e.removed, clause))
        if self.started:  # the places wait on nobody now: the last player left wins
            self._award_places()
        return self.events[n:]

    def _do_announce_round(
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
