"""Entry: registration, transfers, refunds, the start, re-buys, add-ons, re-entry, flights."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import timedelta

from croupier.cards import Card
from croupier.rules import Ruling
from croupier.tournament import commands as cm
from croupier.tournament import events as ev
from croupier.tournament import seating as st
from croupier.tournament.state import (
    ALTERNATE,
    BUSTED,
    CANCELLED,
    OUT,
    PLAYING,
    REGISTERED,
    Component,
    TournamentError,
    refuse,
)


class EntryDesk(Component):
    """Entries and purchases (qld-tournament-2020 3, 4.4, 4.13, 4.22; act-omaha-2017 20.6-20.11)."""

    # ------------------------------------------------------------------------------------
    # Entry

    def _eligibility(
        self, player: str, age: int, member: bool, excluded: bool, director_approves: bool
    ) -> None:
        c = self.t.conditions
        if age < c.minimum_age:
            raise refuse(self.t.book.eligibility_clause, f"{player} is {age}: entrants must be 18+")
        if excluded:
            raise refuse(
                self.t.book.eligibility_clause,
                f"{player} is subject to a withdrawal of licence or an exclusion order",
            )
        if c.members_only and not member and not director_approves:
            raise refuse(
                self.t.book.members_clause,
                f"{player} is not a loyalty member and the director has not permitted entry",
            )

    def register(self, cmd: cm.Register, i: cm.Inputs) -> list[ev.TEvent]:
        """An application for entry (qld-tournament-2020 3.1-3.3, 3.12-3.13; act-omaha-2017
        20.6). Before the start it takes a seat in the draw, or a place among the alternates
        (3.6) once the entries are full; after the start, during late registration, it is
        seated at once where a seat is free (an alternate's entry: qld-tournament-2020 2)."""
        c = self.t.conditions
        player = cmd.player
        if self.t.cancelled or self.t.finished:
            raise refuse(self.t.book.entries_closed_clause, "the tournament is closed")
        if not player:
            raise refuse(self.t.book.records_clause, "a player needs an id for the records")
        if cmd.director_refuses:
            raise refuse(
                self.t.book.director_refusal_clause, "the director refused this application"
            )
        if not cmd.paid:
            raise refuse(
                self.t.book.fees_clause, "the entry and administration fees are due at entry"
            )
        if player in self.t.entrants and self.t.entrants[player].status not in (CANCELLED,):
            raise refuse(
                self.t.book.one_entry_clause,
                f"{player} has already entered (one entry each; re-entry follows elimination)",
            )
        self._eligibility(player, cmd.age, cmd.member, cmd.excluded, cmd.director_approves)
        registered = self.t.entries_total
        alternates = sum(1 for e in self.t.entrants.values() if e.status == ALTERNATE)
        alternate = registered >= c.max_entrants
        if alternate and alternates >= c.alternates:
            raise refuse(
                self.t.book.entries_closed_clause,
                f"entries are limited to {c.max_entrants} and {c.alternates} alternates",
            )
        late = self.t.started
        if late and not self.t.level_number <= c.late_registration_levels:
            raise refuse(self.t.book.fees_clause, "late registration has closed")
        fee, admin = self.t.fee_split(c.entry_fee, c.admin_fee)
        waits = alternate and not late  # an alternate pays when a seat is theirs
        out: list[ev.TEvent] = [
            ev.Registered(
                player,
                cmd.name or player,
                0 if waits else fee,
                0 if waits else admin,
                0 if waits else c.bounty,
                waits,
                self.t.book.alternates_clause if alternate else self.t.book.entrant_clause,
            )
        ]
        if late:
            if i.rng is None:
                raise refuse(self.t.book.start_clause, "a late entry's seat is drawn: give a seed")
            seat = self.t.free_seat(i.rng)
            if seat is None:
                raise refuse(self.t.book.alternate_seat_clause, "no seat is free")
            out.append(
                ev.Seated(player, *seat, c.starting_stack, True, self.t.book.alternate_seat_clause)
            )
        return self.t.emit_all(out)

    def draw_button(
        self, seats: Sequence[int], cards: Iterator[Card], where: str
    ) -> tuple[int, dict[int, Card]]:
        """The button draw at a table (dunedin-house 80); short of cards, a refusal."""
        try:
            return st.draw_button(seats, cards)
        except st.SeatingDrawError as err:
            raise refuse(self.t.book.button_draw_clause, f"{where}'s button draw: {err}") from None

    def transfer(self, cmd: cm.Transfer, i: cm.Inputs) -> list[ev.TEvent]:
        """qld-tournament-2020 3.4: an entry passes to a player who has not entered. After
        the start, act-omaha-2017 20.13 lets the director approve a substitute, who takes
        the seat and the stack (``substitute``).

        croupier's reading of 3.4: a player whose entry was cancelled and refunded (3.10)
        holds no entry, so has not "already entered" and may take one, as they may register
        again; the transferred entry replaces the cancelled one."""
        player, to = cmd.player, cmd.to
        e = self.t.entrant(player)
        clause = self.t.book.transfer_clause
        if self.t.started:
            if not (cmd.substitute and self.t.book.substitutes_allowed):
                raise refuse(clause, "entries are transferred before the start")
            clause = self.t.book.substitute_clause
            if e.status != PLAYING:
                raise refuse(clause, f"{player} is not playing")
        elif e.status not in (REGISTERED, ALTERNATE):
            raise refuse(clause, f"{player} holds no entry to transfer")
        if to in self.t.entrants and self.t.entrants[to].status != CANCELLED:
            raise refuse(clause, f"{to} has already entered this tournament")
        self._eligibility(to, cmd.age, cmd.member, cmd.excluded, cmd.director_approves)
        return self.t.emit_all([ev.EntryTransferred(player, to, cmd.name or to, clause)])

    def forfeit_chips(self, cmd: cm.ForfeitChips, i: cm.Inputs) -> list[ev.TEvent]:
        """Chips held or moved out of view are forfeited and taken out of play (dunedin-house
        96; act-omaha-2017 20.14-20.15); the director may also disqualify (4.18)."""
        player, chips = cmd.player, cmd.chips
        e = self.t.entrant(player)
        clause = cmd.clause or self.t.book.chips_out_of_view_clause
        if e.status != PLAYING:
            raise refuse(clause, f"{player} is not playing")
        if not 0 < chips <= e.stack or chips % self.t.smallest_chip():
            raise refuse(clause, f"{player} cannot forfeit {chips} of {e.stack} chips")
        return self.t.emit_all([ev.ChipsForfeited(player, chips, clause)])

    def cancel_entry(self, cmd: cm.CancelEntry, i: cm.Inputs) -> list[ev.TEvent]:
        """An entrant cancels: refunded in full if not less than 24 hours before the start
        (qld-tournament-2020 3.10); under act-omaha-2017 20.23 entry fees are non-refundable."""
        player = cmd.player
        e = self.t.entrant(player)
        if e.status not in (REGISTERED, ALTERNATE) or self.t.started:
            raise refuse(self.t.book.refund_clause, f"{player} has no entry to cancel")
        if not self.t.book.refunds_cancelled_entries:
            raise refuse(self.t.book.cancel_clause, "entry fees and commission are non-refundable")
        if self.t.conditions.start - cmd.now < timedelta(hours=24):
            raise refuse(
                self.t.book.refund_clause,
                "cancelled less than 24 hours before the start: no refund",
            )
        return self.t.emit_all([ev.EntryCancelled(player, e.paid, self.t.book.refund_clause)])

    def cancel(self, cmd: cm.Cancel, i: cm.Inputs) -> list[ev.TEvent]:
        """The tournament does not proceed: every fee, re-buy and add-on is refunded in full
        (qld-tournament-2020 3.10; act-omaha-2017 20.23; act-uth-2025 16.24)."""
        if self.t.finished or self.t.cancelled:
            raise refuse(self.t.book.cancel_clause, "the tournament is already over")
        refunds = tuple((p, e.paid) for p, e in self.t.entrants.items() if e.paid)
        return self.t.emit_all([ev.TournamentCancelled(refunds, self.t.book.cancel_clause)])

    # ------------------------------------------------------------------------------------
    # Start: the draw, the button draw, absent players

    def start(self, cmd: cm.Start, i: cm.Inputs) -> list[ev.TEvent]:
        """Draw tables and seats by ballot (qld-tournament-2020 4.6; act-omaha-2017 20.8;
        dunedin-house 78), keeping connected players apart (4.7; dunedin-house 79), and draw
        each table's button (dunedin-house 80). Players not present: under act-omaha-2017
        20.10 their position is forfeited (an alternate may take it, 20.11); otherwise their
        stack is placed in their seat and their blinds are posted (qld-tournament-2020 4.14).
        ``shoe`` names the source of the cards, recorded with the start (``secure`` or
        ``seeded:N``)."""
        absent = cmd.absent
        stacks = None if cmd.stacks is None else dict(cmd.stacks)
        if self.t.started or self.t.cancelled:
            raise refuse(self.t.book.start_clause, "the tournament has already started")
        if stacks is None:
            entrants = [p for p in self.t.order if self.t.entrants[p].status == REGISTERED]
        else:  # the final day of a multi-flight tournament: the bagged stacks (4.13)
            entrants = [p for p in self.t.order if p in stacks]
        unknown = [p for p in absent if p not in self.t.entrants]
        if unknown:
            raise refuse(self.t.book.absent_at_start_clause, f"no entrant {unknown[0]!r}")
        alternates = [p for p in self.t.order if self.t.entrants[p].status == ALTERNATE]
        out: list[ev.TEvent] = []
        if self.t.book.absent_forfeit_at_start:
            gone = [p for p in entrants if p in absent]
            out += [ev.Forfeited(p, self.t.book.absent_at_start_clause) for p in gone]
            entrants = [p for p in entrants if p not in absent]
            # act-omaha-2017 20.11: forfeited seats offered to reserve players
            taken = alternates[: len(gone)]
            fee, admin = self.t.fee_split(self.t.conditions.entry_fee, self.t.conditions.admin_fee)
            out += [
                ev.Bought(
                    p, "entry", fee, admin, self.t.conditions.bounty, 0, self.t.book.reserve_clause
                )
                for p in taken
            ]
            entrants += taken
        if len(entrants) < 2:
            raise refuse(self.t.book.start_clause, "a tournament needs at least two entrants")
        c = self.t.conditions
        rng = self.draws(i.rng)
        draw = st.draw_seats(entrants, c.table_size, rng, st.connections(cmd.connected))
        clause = self.t.book.draw_clause
        out.append(ev.TournamentStarted(clause, cmd.shoe))
        for p in entrants:
            t, s = draw[p]
            stack = c.starting_stack if stacks is None else stacks[p]
            out.append(ev.Seated(p, t, s, stack, p not in absent, clause))
        for t in sorted({ts[0] for ts in draw.values()}):
            seats = [s for (tt, s) in draw.values() if tt == t]
            button, cards_dealt = self.draw_button(seats, i.cards, f"table {t}")
            out.append(
                ev.ButtonDrawn(
                    t, button, tuple(sorted(cards_dealt.items())), self.t.book.button_draw_clause
                )
            )
        return self.t.emit_all(out)

    # ------------------------------------------------------------------------------------
    # Re-buys, add-ons, re-entry

    def may_rebuy(self, player: str, busted: bool = False) -> bool:
        return self.why_not_buy(player, "rebuy", busted) is None

    def why_not_buy(self, player: str, kind: str, busted: bool = False) -> Ruling | None:
        c = self.t.conditions
        e = self.t.entrants.get(player)
        if e is None:
            return Ruling(self.t.book.entrant_clause, f"no entrant {player!r}")
        if kind not in ("rebuy", "add-on", "re-entry"):
            return Ruling(
                self.t.book.purchase_clause,
                f"{kind!r} is no purchase: a rebuy, an add-on or a re-entry (3.5)",
            )
        purchase = {"rebuy": c.rebuy, "add-on": c.add_on, "re-entry": c.re_entry}[kind]
        clause = {
            "rebuy": self.t.book.purchase_clause,
            "add-on": self.t.book.purchase_clause,
            "re-entry": self.t.book.re_entry_clause,
        }[kind]
        if purchase is None:
            return Ruling(clause, f"this tournament has no {kind}")
        if not self.t.started or not self.t.in_period(purchase.from_level, purchase.until_level):
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
        # dunedin-house glossary: an add-on is "a once-only purchase"; a re-buy is made "whenever
        # the entrant has less than or equal to the starting bank of chips" (conditions built
        # in code, not read from a file, get the glossary's limits here too)
        once = kind == "add-on" and self.t.book.add_on_once_only
        allowed = 1 if once else purchase.max_per_player
        if used >= allowed:
            if once:
                clause = self.t.book.add_on_clause
            return Ruling(clause, f"{player} has made all {allowed} {kind}s")
        limit = purchase.stack_at_most
        if limit is None and self.t.book.rebuy_at_most_starting_stack:
            limit = c.starting_stack
        # dunedin-house 87: re-buy eligibility goes by the stack before a race-off
        stack = e.stack if e.pre_race is None else e.pre_race
        if kind == "rebuy" and limit is not None and stack > limit:
            return Ruling(self.t.book.rebuy_limit_clause, f"{player} has more than {limit} chips")
        return None

    def buy(self, cmd: cm.Buy, i: cm.Inputs) -> list[ev.TEvent]:
        """A re-buy (qld-tournament-2020 4.22; act-uth-2025 16.3(a)(iii)(G)), an add-on (4.22),
        or a re-entry after elimination (3.5), within its period; the price goes to the prize
        pool (4.4)."""
        player, kind = cmd.player, cmd.kind
        why = self.why_not_buy(player, kind)
        if why is not None:
            raise TournamentError(why)
        c = self.t.conditions
        p = {"rebuy": c.rebuy, "add-on": c.add_on, "re-entry": c.re_entry}[kind]
        assert p is not None
        out: list[ev.TEvent] = []
        if kind == "re-entry":
            if i.rng is None:
                raise refuse(self.t.book.re_entry_clause, "a re-entry's seat is drawn: give a seed")
            seat = self.t.free_seat(i.rng)
            if seat is None:
                raise refuse(self.t.book.re_entry_clause, "no seat is free for a re-entry")
            price, admin = self.t.fee_split(p.price, p.admin_fee)
            out.append(
                ev.Bought(
                    player, kind, price, admin, c.bounty, p.chips, self.t.book.re_entry_clause
                )
            )
            out.append(ev.Seated(player, *seat, 0, True, self.t.book.re_entry_clause))
        else:
            out.append(
                ev.Bought(
                    player, kind, p.price, p.admin_fee, 0, p.chips, self.t.book.purchase_clause
                )
            )
        return self.t.emit_all(out)

    # ------------------------------------------------------------------------------------
    # Multi-flight days and the 4.13 option to forfeit and buy back

    def end_flight(self, cmd: cm.EndFlight, i: cm.Inputs) -> list[ev.TEvent]:
        """The end of a starting flight: every remaining stack is bagged for the final day
        (qld-tournament-2020 4.13; 2 "Multi-Flight Tournaments")."""
        if not self.t.started or self.t.bagged or self.t.finished:
            raise refuse(self.t.book.flights_clause, "no flight in play to end")
        pending = [p for p in self.t.alive if self.t.entrants[p].status == BUSTED]
        if pending:
            raise refuse(self.t.book.busted_clause, f"{pending[0]} must re-buy or be eliminated")
        return self.t.emit_all(
            [
                ev.StackBagged(p, self.t.entrants[p].stack, self.t.book.flights_clause)
                for p in self.t.alive
            ]
        )

    def forfeit(self, cmd: cm.Forfeit, i: cm.Inputs) -> list[ev.TEvent]:
        """qld-tournament-2020 4.13: at the end of a re-entry or re-buy period, or when a
        flight's play is complete, a player with no more than the starting stack may forfeit
        those chips (removed from play at once) and buy back in with a fresh entry; in a
        multi-flight tournament the buy-back is an entry into a later flight (``buy_back``
        False here)."""
        player = cmd.player
        e = self.t.entrant(player)
        c = self.t.conditions
        clause = self.t.book.flights_clause
        if e.status != PLAYING:
            raise refuse(clause, f"{player} is not playing")
        if e.stack > c.starting_stack:
            raise refuse(clause, f"{player} has more than the starting stack of {c.starting_stack}")
        ends = [p.until_level for p in (c.re_entry, c.rebuy) if p is not None]
        at_period_end = bool(ends) and self.t.level_number == max(ends) + 1 and not self.t.bagged
        if not (at_period_end or self.t.bagged):
            raise refuse(clause, "only at the end of the re-entry or re-buy period or a flight")
        out: list[ev.TEvent] = [ev.ChipsForfeited(player, e.stack, clause)]
        if cmd.buy_back and not self.t.bagged:
            fee, admin = self.t.fee_split(c.entry_fee, c.admin_fee)
            out.append(
                ev.Bought(player, "buy-back", fee, admin, c.bounty, c.starting_stack, clause)
            )
        return self.t.emit_all(out)

    def seat_alternates(self, cmd: cm.SeatAlternates, i: cm.Inputs) -> list[ev.TEvent]:
        """Alternates take seats as they become free during late registration, paying the
        entry then, with a full starting stack (qld-tournament-2020 2 "Alternates", 3.6)."""
        c = self.t.conditions
        if not self.t.started or self.t.level_number > c.late_registration_levels:
            raise refuse(
                self.t.book.alternates_clause, "alternates are seated during late registration"
            )
        rng = self.draws(i.rng)
        n = len(self.t.events)
        fee, admin = self.t.fee_split(c.entry_fee, c.admin_fee)
        for p in [p for p in self.t.order if self.t.entrants[p].status == ALTERNATE]:
            seat = self.t.free_seat(rng)
            if seat is None:
                break
            self.t.emit(
                ev.Bought(
                    p,
                    "entry",
                    fee,
                    admin,
                    c.bounty,
                    c.starting_stack,
                    self.t.book.alternates_clause,
                )
            )
            self.t.emit(ev.Seated(p, *seat, 0, True, self.t.book.alternate_seat_clause))
        return self.t.events[n:]
