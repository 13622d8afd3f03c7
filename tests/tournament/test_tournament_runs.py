"""Whole tournaments with bots under every rulebook and format: the runner's checks (chips
conserved after every hand, tables within one after balancing, the pool and bounties paid
exactly) hold on each."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from croupier.tournament import parse_conditions
from croupier.tournament.runner import Policy, run_tournament
from support.tournament import EXAMPLES, play, recording, shove, started

BASE = tomllib.loads((EXAMPLES / "small.toml").read_text())
BASE["max_entrants"] = 40

VARIANTS: dict[str, dict[str, Any]] = {
    "dunedin": {},
    "qld-full-pot": {"rules": "qld-tournament-2020", "structure": "full-pot"},
    "act-omaha": {"rules": "act-omaha-2017", "structure": "full-pot", "game": "omaha",
                  "commission": 5},
    "qld-short-deck-B": {"rules": "qld-tournament-2020", "structure": "half-pot",
                         "game": "short-deck", "short_deck_option": "B"},
    "bounty-and-added": {"bounty": 10, "added_prize": 300},
    "satellite": {"satellite": {"seat_value": 400, "target": "Main"}, "payouts": []},
    "fixed-limit": {"structure": "fixed"},
    "re-entry": {"re_entry": {"price": 50, "chips": 2000, "until_level": 2, "max_per_player": 3},
                 "late_registration_levels": 2},
    "special-rounds": {"special_rounds": [{"level": 2, "kind": "elimination"},
                                          {"level": 3, "kind": "bonus", "chips": 500}]},
}  # fmt: skip


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize(("players", "seed", "tight"), [(11, 1, 0.0), (23, 2, 0.9)])
def test_whole_tournament_runs_to_one_winner(
    variant: str, players: int, seed: int, tight: float
) -> None:
    data = copy.deepcopy(BASE)
    data.update(VARIANTS[variant])
    t, stats = run_tournament(parse_conditions(data), players, seed, policy=Policy(tight))
    assert t.finished and stats.max_imbalance <= 1
    assert t.result_log()[0]["place"] == 1
    assert stats.bot_mistakes == 0


def test_one_player_left_ends_the_tournament_even_with_re_entry_open() -> None:
    t = started(2, re_entry={"price": 100, "chips": 1000, "until_level": 6})
    table = min(t.tables)
    for _ in range(200):
        if t.finished:
            break
        t.apply(*recording([play(t, table, shove)]))
    assert t.finished and t.level_number <= 6  # re-entry still open; nobody left to play
    assert sorted(e.place or 0 for e in t.entrants.values()) == [1, 2]


def test_short_big_blind_posts_the_blind_before_the_big_blind_ante() -> None:
    levels = [{"small_blind": 50, "big_blind": 100, "big_blind_ante": 100, "minutes": 10}]
    t = started(3, levels=levels)
    table = min(t.tables)
    plan = t.plan_hand(table)
    big = plan.players[plan.seats.index(plan.deal.big_blind.seat)]
    t.chips_in_play -= t.stack(big) - 150
    t.entrants[big].stack = 150
    plan = t.plan_hand(table)
    pos = plan.players.index(big)
    assert plan.config.blinds[pos] == 100 and plan.config.antes[pos] == 50
