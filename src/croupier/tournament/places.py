"""Places and prizes: places awarded bottom-up as players go out, the result log."""

from __future__ import annotations

from croupier.tournament import events as ev
from croupier.tournament.payouts import schedule, shared_places
from croupier.tournament.state import DISQUALIFIED, PE_CLAUSE, TournamentState

#: The reading that gives bounties nobody won to the tournament's winner (see _unclaimed_bounties).
UNCLAIMED_BOUNTY = "qld-tournament-2020 2 Bounty (unclaimed)"


class Placing(TournamentState):
    """Awards places and prizes (qld-tournament-2020 4.19; act-omaha-2017 20.18-20.21)."""

    # ------------------------------------------------------------------------------------
    # Places and prizes

    def _award_places(self) -> None:
        if self.flight:  # a starting flight's places are decided on the final day (4.13)
            return
        if self.entries_open() and len(self.alive) > 1:
            return
        if self.prizes is None:
            c = self.conditions
            placed = self.entries_total - sum(
                1 for e in self.entrants.values() if e.status == DISQUALIFIED
            )
            prizes = schedule(
                self.pool,
                placed,
                c.payouts,
                c.payout_per_mille,
                c.payout_unit,
                c.satellite_seat_value,
                c.satellite_target,
            )
            self._emit(ev.PrizesFixed(tuple(prizes), "qld-tournament-2020 4.4"))
        assert self.prizes is not None
        total = self.entries_total - sum(
            1 for e in self.entrants.values() if e.status == DISQUALIFIED
        )
        worst = total - sum(len(g.players) for g in self.groups[: self.awarded_groups])
        while self.awarded_groups < len(self.groups):
            g = self.groups[self.awarded_groups]
            if g.clause == PE_CLAUSE and len(self.alive) > 1:
                # 4.14: a provisionally eliminated player may still arrive later in the day,
                # so their place (and every better one) waits until they do or play ends
                break
            k = len(g.players)
            best = worst - k + 1
            contributed = None if self.book.shares_places_equally else list(g.contributed)
            awards = shared_places(self.prizes, best, g.players, contributed)
            self._emit(
                ev.PlacesAwarded(
                    tuple((p, place, cash, self._seat_prize(place)) for p, place, cash in awards),
                    g.clause,
                )
            )
            worst = best - 1
        alive = self.alive
        # one player holding every chip ends the tournament, even with re-entry or late
        # registration still open: nobody is left to play against (2 "Eliminated Player")
        if len(alive) == 1 and not self.finished:
            w = alive[0]
            if self.conditions.bounty:  # the winner keeps their own bounty
                self._emit(
                    ev.BountyWon(w, w, self.conditions.bounty, "qld-tournament-2020 2 Bounty")
                )
                for loser, amount in self._unclaimed_bounties():
                    self._emit(ev.BountyWon(w, loser, amount, UNCLAIMED_BOUNTY))
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

    def _unclaimed_bounties(self) -> list[tuple[str, int]]:
        """Each entrant's bounties that no player won: those of entries that went out other
        than by a knockout (an elimination round, a forfeit, a provisional elimination, a
        disqualification). Reading of qld-tournament-2020 2 "Bounty" (won by "a player that
        eliminates another player"): nobody eliminated them, so the bounty stays in play and
        goes, with the winner's own, to the last player left, who outlasted every entry."""
        claimed: dict[str, int] = {}
        for e in self.events:
            if isinstance(e, ev.BountyWon):
                claimed[e.loser] = claimed.get(e.loser, 0) + e.amount
        out = []
        for p in self.order:
            left = self.entrants[p].entries * self.conditions.bounty - claimed.get(p, 0)
            if left > 0:
                out.append((p, left))
        return out

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
