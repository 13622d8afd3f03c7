"""Live hands at tournament tables: the clock on a player and the floor's reports.

Whoever deals a hand (the runner, or a live table's software) holds its :class:`Round` and
its :class:`HandPlan`; these commands act on that live round and record the tournament's own
events, so the event log shows every clock called and every ruling made. Refused commands
raise :class:`TournamentError` naming the clause and change neither the round nor the
tournament. Time is an input: every clock command takes ``now`` in seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.floor import (
    CardsInMuck,
    CommunityCardsExposed,
    HandKilledByDealer,
    Incident,
    OutOfTurn,
    rule,
)
from croupier.floor.decision import Decision
from croupier.round import Fold, Round
from croupier.round.events import (
    BetOrRaised,
    BetReturned,
    BurnsDue,
    Called,
    CardExposed,
    Checked,
    Event,
    Folded,
    HandKilled,
    PotAwarded,
    RoundEnded,
    RulingMade,
)
from croupier.round.streets import FLOP, PREFLOP, RIVER
from croupier.rules import IllegalAction, Ruling
from croupier.tournament import commands as cm
from croupier.tournament import events as ev
from croupier.tournament.plan import HandPlan
from croupier.tournament.state import PLAYING, Component, TournamentError, refuse

_ACTIONS = (Folded, Checked, Called, BetOrRaised)


@dataclass(frozen=True, slots=True)
class CardsRemovedFromShoe(Incident):
    """Cards inadvertently taken from the shoe during a live hand (qld-tournament-2020 4.43);
    ``mixed``: they entered the muck, mixed with the hand's, folded or burn cards, or left the
    table, so they cannot simply be shuffled back."""

    mixed: bool


def _acted(r: Round, p: int) -> int:
    return sum(1 for e in r.events if isinstance(e, _ACTIONS) and e.player == p)


class LiveHands(Component):
    """The clock on a player (qld-tournament-2020 4.26-4.28; dunedin-house 90-91) and floor
    reports from live hands (4.41-4.44) at the tournament's tables."""

    # ------------------------------------------------------------------------------------
    # The clock on a player

    def _check_live(self, plan: HandPlan, r: Round, clause: str) -> None:
        t = self.t.tables.get(plan.table)
        if t is None or t.hands + 1 != plan.hand or r.config != plan.config:
            raise refuse(clause, f"table {plan.table}: not the hand being dealt there")
        if r.is_over:
            raise refuse(clause, f"table {plan.table}: the hand is over")

    def _clock_clause(self, requested: bool) -> str:
        # act-omaha-2017 is silent on the clock: qld-tournament-2020 4.26/4.28 as the house rule
        return self.t.book.clock_requested_clause if requested else self.t.book.clock_called_clause

    def clock_on(self, table: int) -> ev.ClockCalled | None:
        """The clock running at ``table``, if any."""
        return self.t.action_clocks.get(table)

    def call_clock(self, cmd: cm.CallClock, i: cm.Inputs) -> list[ev.TEvent]:
        """Put the clock on the player to act: an entrant's reasonable request
        (qld-tournament-2020 4.26) or the director's own call (4.28): one minute (the
        conditions' ``clock_seconds``). dunedin-house 90: the schedule's time, then a 10-second
        countdown; a player found deliberately slow has 10 seconds (91)."""
        plan, (r,), now, requested = cmd.hand.plan, i.live((cmd.hand,)), cmd.now, cmd.requested
        clause = self._clock_clause(requested)
        self._check_live(plan, r, clause)
        p = r.actor
        if p is None:
            raise refuse(clause, "no player is to act")
        if requested and not cmd.reasonable:
            # 4.26 "subject to the request being reasonable": the director judges it
            raise refuse(clause, "the request is not reasonable yet")
        running = self.t.action_clocks.get(plan.table)
        player = plan.players[p]
        if (
            running is not None
            and running.hand == plan.hand
            and running.player == player
            and running.acted == _acted(r, p)
        ):
            raise refuse(clause, f"the clock is already on {player}")
        limit = self.t.conditions.clock_seconds + self.t.book.clock_countdown
        slow_limit = self.t.book.slow_player_limit
        if slow_limit is not None and self.t.slow.get(player, 0) > 1:
            limit, clause = slow_limit, self.t.book.slow_clause
        called = ev.ClockCalled(plan.table, plan.hand, player, _acted(r, p), now, limit, clause)
        return self.t.emit_all([called])

    def find_slow(self, cmd: cm.FindSlow, i: cm.Inputs) -> list[ev.TEvent]:
        """The director finds ``player`` unduly delaying the game and directs them to expedite
        play (qld-tournament-2020 4.27); under dunedin-house 91, from the second time they have
        at most 10 seconds on every later decision (:meth:`start_decision`)."""
        player = cmd.player
        e = self.t.entrant(player)
        clause = self.t.book.slow_clause
        if e.status not in ("playing", "busted"):
            raise refuse(clause, f"{player} is not playing")
        return self.t.emit_all([ev.FoundSlow(player, self.t.slow.get(player, 0) + 1, clause)])

    def start_decision(self, cmd: cm.StartDecision, i: cm.Inputs) -> list[ev.TEvent]:
        """A decision begins: a player on the 10-second limit (dunedin-house 91) has the clock
        on at once. Nothing happens for anyone else."""
        limit = self.t.book.slow_player_limit
        if limit is None or not self.t.slow:
            return []
        plan, (r,), now = cmd.hand.plan, i.live((cmd.hand,)), cmd.now
        p = r.actor
        if p is None or self.t.slow.get(plan.players[p], 0) < 2:
            return []
        running = self.t.action_clocks.get(plan.table)
        if running is not None and (running.hand, running.player, running.acted) == (
            plan.hand,
            plan.players[p],
            _acted(r, p),
        ):
            return []  # already on for this decision
        self._check_live(plan, r, self.t.book.slow_clause)
        called = ev.ClockCalled(
            plan.table,
            plan.hand,
            plan.players[p],
            _acted(r, p),
            now,
            limit,
            self.t.book.slow_clause,
        )
        return self.t.emit_all([called])

    def enforce_clock(self, cmd: cm.EnforceClock, i: cm.Inputs) -> list[ev.TEvent]:
        """Time is up and the player has not acted: their hand is dead and their wagers stay
        in the pot (qld-tournament-2020 4.26; dunedin-house 90, 55(f)). Applies the fold to
        ``r``; nothing happens while time remains or once the player has acted."""
        plan, now = cmd.hand.plan, cmd.now
        c = self.t.action_clocks.get(plan.table)
        if c is None or c.hand != plan.hand:
            return []
        (r,) = i.live((cmd.hand,))
        if r.is_over:
            return []
        if now < c.at:
            raise refuse(c.clause, "time does not run backwards")
        p = plan.players.index(c.player)
        if _acted(r, p) != c.acted or r.actor != p or now <= c.at + c.limit:
            return []
        r.apply(Fold(p))
        return self.t.emit_all([ev.TimeExpired(plan.table, plan.hand, c.player, now, c.clause)])

    # ------------------------------------------------------------------------------------
    # Floor reports from a live hand

    def report(self, cmd: cm.Report, i: cm.Inputs) -> list[ev.TEvent]:
        """Rule on what the dealer or floor reports at a tournament table and apply it to
        ``r``. The table's rules of play rule it (``croupier.floor``), except where the
        tournament conditions alter them: qld-tournament-2020 4.2 replaces qld-holdem-2005
        s37 with 4.41 and s36 with 4.42, and 4.43-4.44 add their own."""
        plan, (r,), incident = cmd.hand.plan, i.live((cmd.hand,)), cmd.incident
        self._check_live(plan, r, self.t.book.live_hand_clause)
        try:
            decision = self._tournament_ruling(r, incident)
            if decision is None:
                decision = rule(r, incident)
            made = RulingMade(repr(incident), decision.ruling.clause, decision.ruling.message)
            r.apply_ruling((made, *decision.events), decision.then)
        except IllegalAction as e:
            raise TournamentError(e.ruling) from e
        ruled = ev.FloorRuled(
            plan.table, plan.hand, repr(incident), decision.ruling.clause, decision.ruling.message
        )
        return self.t.emit_all([ruled])

    def rule_hidden_chips(self, cmd: cm.RuleHiddenChips, i: cm.Inputs) -> list[ev.TEvent]:
        """dunedin-house 85: a chip found hidden behind after ``player``'s all-in was called.
        Not part of the action and the player won: they keep it but are not paid off for it.
        The player lost: it does not save them; the director may award it to the winning
        caller (``award_to``), otherwise it leaves play (reading: "not saved" takes it out of
        the loser's stack). Part of the action while the player won needs the hand's bets
        corrected before it is recorded, so it is refused here. The other rulebooks are silent:
        dunedin-house 85 is the house rule."""
        player, chips, part_of_action, award_to = (
            cmd.player,
            cmd.chips,
            cmd.part_of_action,
            cmd.award_to,
        )
        clause = self.t.book.hidden_chips_clause
        self.t.entrant(player)
        if chips <= 0 or chips % self.t.smallest_chip():
            raise refuse(clause, f"{chips} is not a whole number of {self.t.smallest_chip()} chips")
        last = self.t.last_hand.get(player)
        if last is None:
            raise refuse(clause, f"{player} has played no hand")
        if player in self.t.hidden_ruled:
            raise refuse(clause, f"{player}'s hidden chips from that hand are already ruled on")
        lost = last.after[last.players.index(player)] == 0
        if award_to and (
            award_to == player
            or award_to not in last.players
            or self.t.entrants[award_to].status != "playing"
        ):
            raise refuse(clause, f"{award_to} is not a caller still playing from that hand")
        if not lost:
            if part_of_action:
                raise refuse(clause, "part of the action: correct the bets before recording")
            if award_to:
                raise refuse(clause, f"{player} won the hand: the chip stays theirs")
            if self.t.entrants[player].status != PLAYING:
                raise refuse(clause, f"{player} is out of the tournament: no chips join them")
            to = player
        else:
            if part_of_action and not award_to:
                raise refuse(clause, "part of the action: name the winning caller")
            to = award_to
        return self.t.emit_all([ev.HiddenChipsRuled(player, chips, to, clause)])

    def _tournament_ruling(self, r: Round, incident: Incident) -> Decision | None:
        """The tournament conditions' own ruling, or None where the rules of play apply."""
        retrieve = self.t.book.director_retrieves_any_hand
        if retrieve and isinstance(incident, CardsInMuck) and incident.retrieve:
            # dunedin-house 93: in a tournament the director may rule any hand retrievable;
            # reading: the director's ruling replaces 56's "clearly identifiable" test
            p = incident.player
            if not 0 <= p < r.n or r.folded[p]:
                raise refuse(
                    self.t.book.retrieve_hand_clause, f"player {p} has no live hand to retrieve"
                )
            return Decision(
                Ruling(self.t.book.retrieve_hand_clause, f"player {p}'s hand is retrieved and live")
            )
        if not self.t.book.live_hand_rules:
            if isinstance(incident, CardsRemovedFromShoe):
                raise refuse(f"{self.t.rules} (silent)", "no rule for cards taken from the shoe")
            return None
        if isinstance(incident, CardsRemovedFromShoe):
            return _removed_from_shoe(r, incident, self.t.book.shoe_cards_clause)
        base = rule(r, incident)  # the report must fit the round as the rules of play see it
        if isinstance(incident, OutOfTurn):
            # 4.41: the round's "qld-tournament" hook (plan_hand) rules it in croupier.floor
            # and the engine: (a) and (f) when reported, (b)-(e) when the player's turn comes
            return base
        if isinstance(incident, CommunityCardsExposed):
            return _exposed_early(r, incident, self.t.book.premature_cards_clause)
        if isinstance(incident, HandKilledByDealer):
            return _unprotected_hand(r, incident.player, self.t.book.unprotected_hand_clause)
        return None


def _exposed_early(r: Round, c: CommunityCardsExposed, ph: str) -> Decision:
    """4.42: a card exposed before its betting round ends goes back into the deck: the flop
    "taken back without the burn card" and re-dealt after the round; the turn "set aside"
    while "the dealer will burn a card, turn over a new fourth card", then shuffled back for a
    fifth card "turned without burning a card" (1)(a)-(c); the river shuffled back and "no
    further burn cards will be dealt" (2); no bet cap (s36(3) does not apply). Readings: cards
    exposed past the next street go back at once; the burn that remains before a re-dealt flop
    is its burn (no second one), as the burn that remains before a re-dealt river is."""
    events: list[Event] = []
    if r.street == PREFLOP:
        clause, what = ph, "the flop is taken back, shuffled and re-dealt"
        events = [CardExposed(x, "stub", clause) for x in c.cards]
        events.append(BurnsDue(FLOP, 0, clause))
    elif r.street == FLOP:
        clause, what = f"{ph}(1)", "the turn card is set aside until the new turn is dealt"
        events = [CardExposed(c.cards[0], "aside", f"{ph}(1)(a)")]
        events += [CardExposed(x, "stub", clause) for x in c.cards[1:]]
        events.append(BurnsDue(RIVER, 0, f"{ph}(1)(c)"))
    else:
        clause, what = f"{ph}(2)", "the river card is shuffled back"
        events = [CardExposed(x, "stub", clause) for x in c.cards]
        events.append(BurnsDue(RIVER, 0, clause))
    return Decision(Ruling(clause, f"{what} after this betting round"), tuple(events))


def _unprotected_hand(r: Round, p: int, clause: str) -> Decision:
    """4.44: a dealer mucked an unprotected hand: no redress, its wagers stay in the pot, but a
    raise not yet called goes back."""
    events: list[Event] = []
    last = next((e for e in reversed(r.events) if isinstance(e, _ACTIONS)), None)
    top = max((r.bets[i] for i in range(r.n) if i != p), default=0)
    if r.betting and isinstance(last, BetOrRaised) and last.player == p and r.bets[p] > top:
        events.append(BetReturned(p, r.bets[p] - top))
    events.append(HandKilled(p, clause))
    back = f"; {r.bets[p] - top} uncalled goes back" if len(events) > 1 else ""
    return Decision(
        Ruling(clause, f"player {p}'s hand was mucked: no redress{back}"), tuple(events)
    )


def _removed_from_shoe(r: Round, c: CardsRemovedFromShoe, clause: str) -> Decision:
    """4.43: cards taken from the shoe are shuffled back; where they have mixed with other
    cards, the betting round's wagers go back to the active players and the pot is divided
    equally between them (no commission: 4.36). Reading: what cannot be divided in the
    table's chip unit goes one unit each to the active players clockwise from the button,
    as odd chips do (qld-holdem-2005 s27(11))."""
    if r.config.automatic:
        raise refuse(clause, "croupier deals this round itself: no cards leave a shoe")
    if not c.mixed:
        return Decision(Ruling(clause, "the cards are shuffled back into the shoe; play goes on"))
    live = r.live()
    events: list[Event] = [BetReturned(p, r.bets[p]) for p in live if r.bets[p]]
    stacks = list(r.stacks)
    for e in events:
        assert isinstance(e, BetReturned)
        stacks[e.player] += e.amount
    pot = sum(r.config.stacks) - sum(stacks)
    unit = r.config.chip_unit
    share = pot // len(live) // unit * unit
    rest = pot - share * len(live)
    for p in live:
        amount = share + min(unit, rest)
        rest -= amount - share
        events.append(PotAwarded(0, p, amount, "all", clause))
        stacks[p] += amount
    events.append(RoundEnded(tuple(stacks)))
    return Decision(
        Ruling(clause, f"the round's wagers go back; the pot of {pot} is divided equally"),
        tuple(events),
    )
