"""Places and prizes: places awarded bottom-up as players go out, the result log."""

from __future__ import annotations

from croupier.tournament import events as ev
from croupier.tournament.payouts import schedule, shared_places
from croupier.tournament.state import DISQUALIFIED, Component


class Prizes(Component):
    """Awards places and prizes (qld-tournament-2020 4.19; act-omaha-2017 20.18-20.21)."""

    # ------------------------------------------------------------------------------------
    # Places and prizes

    def award_places(self) -> None:
        if self.t.flight:  # a starting flight's places are decided on the final day (4.13)
            return
        if self.t.entries_open() and len(self.t.alive) > 1:
            return
        if self.t.prizes is None:
            c = self.t.conditions
            placed = self.t.entries_total - sum(
                1 for e in self.t.entrants.values() if e.status == DISQUALIFIED
            )
            prizes = schedule(
                self.t.pool,
                placed,
                c.payouts,
                c.payout_per_mille,
                c.payout_unit,
                c.satellite_seat_value,
                c.satellite_target,
            )
            self.t.emit(ev.PrizesFixed(tuple(prizes), self.t.book.prizes_clause))
        assert self.t.prizes is not None
        total = self.t.entries_total - sum(
            1 for e in self.t.entrants.values() if e.status == DISQUALIFIED
        )
        worst = total - sum(len(g.players) for g in self.t.groups[: self.t.awarded_groups])
        while self.t.awarded_groups < len(self.t.groups):
            g = self.t.groups[self.t.awarded_groups]
            if g.provisional and len(self.t.alive) > 1:
                # 4.14: a provisionally eliminated player may still arrive later in the day,
                # so their place (and every better one) waits until they do or play ends
                break
            k = len(g.players)
            best = worst - k + 1
            contributed = None if self.t.book.shares_places_equally else list(g.contributed)
            awards = shared_places(self.t.prizes, best, g.players, contributed)
            self.t.emit(
                ev.PlacesAwarded(
                    tuple((p, place, cash, self._seat_prize(place)) for p, place, cash in awards),
                    g.clause,
                )
            )
            worst = best - 1
        alive = self.t.alive
        # one player holding every chip ends the tournament, even with re-entry or late
        # registration still open: nobody is left to play against (2 "Eliminated Player")
        if len(alive) == 1 and not self.t.finished:
            w = alive[0]
            if self.t.conditions.bounty:  # the winner keeps their own bounty
                self.t.emit(ev.BountyWon(w, w, self.t.conditions.bounty, self.t.book.bounty_clause))
                for loser, amount in self._unclaimed_bounties():
                    self.t.emit(ev.BountyWon(w, loser, amount, self.t.book.unclaimed_bounty_clause))
            self.t.emit(
                ev.PlacesAwarded(
                    ((w, 1, self.t.prizes[0].cash if self.t.prizes else 0, self._seat_prize(1)),),
                    self.t.book.winner_clause,
                    winner=True,
                )
            )
            for p in self.t.order:
                e = self.t.entrants[p]
                if e.cash or e.seat_won:
                    self.t.emit(ev.PrizePaid(p, e.cash, e.seat_won, self.t.book.prize_paid_clause))
            self.t.emit(ev.TournamentFinished(w, self.t.book.result_log_clause))

    def _unclaimed_bounties(self) -> list[tuple[str, int]]:
        """Each entrant's bounties that no player won: those of entries that went out other
        than by a knockout (an elimination round, a forfeit, a provisional elimination, a
        disqualification). Reading of qld-tournament-2020 2 "Bounty" (won by "a player that
        eliminates another player"): nobody eliminated them, so the bounty stays in play and
        goes, with the winner's own, to the last player left, who outlasted every entry."""
        claimed = self.t.bounties_won
        out = []
        for p in self.t.order:
            left = self.t.entrants[p].entries * self.t.conditions.bounty - claimed.get(p, 0)
            if left > 0:
                out.append((p, left))
        return out

    def _seat_prize(self, place: int) -> str:
        if self.t.prizes and 1 <= place <= len(self.t.prizes):
            return self.t.prizes[place - 1].seat
        return ""

    def result_log(self) -> list[dict[str, object]]:
        """The tournament result log: name and date, each place-getter and result
        (qld-tournament-2020 2 "Tournament Result Log")."""
        c = self.t.conditions
        rows = []
        for p in self.t.order:
            e = self.t.entrants[p]
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
