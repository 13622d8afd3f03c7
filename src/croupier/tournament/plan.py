"""A round of play ready to deal at a tournament table: what the tournament plans, the
round's configuration and who is who, carried by the commands that act on the round."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.round import Fold, Round, RoundConfig
from croupier.table.button import Deal


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
        4.16.1; act-omaha-2017 20.12). Under dunedin-house 92 and 99 the round itself kills
        those hands once the initial deal is complete (``RoundConfig.dead_hands``)."""
        p = r.actor
        return Fold(p) if p is not None and p in self.killed else None
