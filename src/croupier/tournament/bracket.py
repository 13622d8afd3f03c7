"""Heads-up tournaments in the event log: the ballot, every match, every round won, the
eliminations and the places (qld-tournament-2020 4.45), so a heads-up tournament is rebuilt
from its events like any other."""

from __future__ import annotations

from collections import Counter

from croupier.tournament import commands as cm
from croupier.tournament import events as ev
from croupier.tournament.headsup import HeadsUpResult
from croupier.tournament.places import Prizes
from croupier.tournament.state import REGISTERED, Component, refuse


class Bracket(Component):
    """Records a heads-up knockout played by :func:`croupier.tournament.headsup.run_heads_up`."""

    def record_heads_up(self, cmd: cm.RecordHeadsUp, i: cm.Inputs) -> list[ev.TEvent]:
        """Record a heads-up knockout of the registered players: the draw, each match and
        round, the losers of each stage eliminated together (sharing their places: 4.19), and
        the places and prizes, which the tournament works out itself from these events.
        ``shoe`` names the source of the cards (``secure`` or ``seeded:N``)."""
        result, shoe = cmd.result, cmd.shoe
        hu = self.t.book.heads_up_tournament_clause
        if not self.t.conditions.heads_up_matches:
            raise refuse(hu, "these conditions are not a heads-up tournament")
        if self.t.started:
            raise refuse(hu, "the tournament has already started")
        registered = {p for p, e in self.t.entrants.items() if e.status == REGISTERED}
        first = result.rounds[0] if result.rounds else ()
        drawn = [*result.byes, *(p for r in first for p in r.players)]
        if Counter(drawn) != Counter(registered):
            raise refuse(hu, "the bracket's players are not the registered field")
        _check_bracket(result, registered, f"{hu}(1)")
        n = len(self.t.events)
        self.t.emit(ev.TournamentStarted(hu, shoe))
        self.t.emit(ev.HeadsUpDrawn(tuple(drawn), result.byes, self.t.book.start_clause))
        for k, stage in enumerate(result.rounds, 1):
            for rnd in stage:
                for m in rnd.matches:
                    self.t.emit(
                        ev.MatchPlayed(
                            k, m.players, m.winner, m.hands, self.t.book.heads_up_match_clause
                        )
                    )
                self.t.emit(ev.HeadsUpRoundWon(k, rnd.players, rnd.winner, f"{hu}(1)"))
            losers = tuple(r.loser for r in stage)
            # losers of one stage go out together and share their places (4.19 read for a
            # bracket, as croupier.tournament.headsup does)
            self.t.emit(
                ev.Eliminated(losers, (0,) * len(losers), self.t.book.heads_up_stage_clause)
            )
            Prizes(self.t).award_places()
        return self.t.events[n:]


def _check_bracket(result: HeadsUpResult, registered: set[str], clause: str) -> None:
    """The heads-up rule (``clause``, 4.45(1)): every match is decided between the round's two
    players, every round is won by the first to win two matches, and each stage is played by
    the winners of the stage before (and the first stage's byes) until one player is left."""
    alive = set(registered)
    byes = set(result.byes)
    for k, stage in enumerate(result.rounds, 1):
        paired = [p for rnd in stage for p in rnd.players]
        if not stage or Counter(paired) != Counter(alive - byes):
            raise refuse(clause, f"round {k} is not played by the winners of the round before")
        for rnd in stage:
            for m in rnd.matches:
                if set(m.players) != set(rnd.players) or m.winner not in m.players:
                    raise refuse(clause, f"a match of {rnd.players} was not decided")
            wins = Counter(m.winner for m in rnd.matches)
            if (
                wins[rnd.winner] != 2
                or len(rnd.matches) > 3
                or rnd.matches[-1].winner != rnd.winner
            ):
                raise refuse(clause, f"{rnd.winner} did not win two matches of three")
            alive.discard(rnd.loser)
        byes = set()
    if len(alive) != 1:
        raise refuse(clause, "the bracket does not end with one player left")
