"""Heads-up tournaments: best-of-three rounds of matches (qld-tournament-2020 4.45)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest

from croupier.cards import Card, Deck
from croupier.round import BetRaise, CheckCall, Command, Round
from croupier.shoe import Shoe
from croupier.sim.bots import RandomBot
from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.events import HeadsUpDrawn, HeadsUpRoundWon, MatchPlayed
from croupier.tournament.headsup import best_of_three, play_match, run_heads_up
from croupier.tournament.runner import run_heads_up_tournament
from croupier.views import actor_view
from support.tournament import QLD, conditions

COND = conditions(**QLD, heads_up={"matches": 3}, payouts=[60, 25, 15])


def decks(seed: int) -> Iterator[Sequence[Card]]:
    shoe = Shoe(Deck.standard(), seed=seed)
    while True:
        yield shoe.shuffle().order


def shover(r: Round, who: str) -> Command:
    la = r.legal_actions()
    assert la is not None
    if la.max_raise_to is not None:
        return BetRaise(la.player, la.max_raise_to)
    return CheckCall(la.player)


def test_qld_tournament_2020_2_match_starts_equal_and_ends_with_all_the_chips() -> None:
    m = play_match(COND, ("a", "b"), decks(1), shover)
    first = m.stacks[0]
    assert sum(first) == 2 * COND.starting_stack
    assert sorted(m.stacks[-1]) == [0, 2 * COND.starting_stack]
    assert m.winner == ("a" if m.stacks[-1][0] else "b")


def test_qld_tournament_2020_4_45_1_first_to_two_matches_advances() -> None:
    for seed in range(6):
        rnd = best_of_three(COND, ("a", "b"), decks(seed), shover)
        wins = Counter(m.winner for m in rnd.matches)
        assert wins[rnd.winner] == 2
        assert len(rnd.matches) in (2, 3)
        assert wins[rnd.loser] == len(rnd.matches) - 2
        assert all(sum(m.stacks[0]) == 2 * COND.starting_stack for m in rnd.matches)


def test_qld_tournament_2020_4_45_heads_up_knockout_places_and_prizes() -> None:
    rng = random.Random(3)
    bot = RandomBot()

    def choose(r: Round, who: str) -> Command:
        return bot.act(actor_view(r), rng)

    players = [f"p{i}" for i in range(5)]
    res = run_heads_up(COND, players, random.Random(1), decks(2), choose)
    assert len(res.byes) == 3  # 5 players: a bracket of 8
    places = {p: place for p, place, _ in res.places}
    assert sorted(places.values()) == [1, 2, 3, 3, 5]  # semi-final losers share third
    assert sum(cash for _, _, cash in res.places) == res.pool == 500
    cash = {p: c for p, _, c in res.places}
    third = [cash[p] for p, place in places.items() if place == 3]
    assert sorted(third) == [37, 38]  # third's 75 shared with the unpaid fourth (4.19)


def test_qld_tournament_2020_4_45_the_event_log_rebuilds_the_heads_up_result() -> None:
    cond = conditions(**QLD, heads_up={"matches": 3}, payouts=[60, 25, 15])
    t, res, stats = run_heads_up_tournament(cond, 6, seed=2, keep_histories=True)
    assert t.finished
    again = Tournament.from_events(cond, t.events)
    assert again.result_log() == t.result_log()
    logged = sorted((row["player"], row["place"], row["cash"]) for row in again.result_log())
    assert logged == sorted(res.places)
    drawn = next(e for e in t.events if isinstance(e, HeadsUpDrawn))
    assert set(drawn.field) == set(t.entrants) and drawn.byes == res.byes
    played = [e for e in t.events if isinstance(e, MatchPlayed)]
    assert len(played) == sum(len(r.matches) for s in res.rounds for r in s)
    assert sum(e.hands for e in played) == stats.hands == len(stats.histories)
    won = [e for e in t.events if isinstance(e, HeadsUpRoundWon)]
    assert all(Counter(m.winner for m in played if m.stage == w.stage and set(m.players) ==
                       set(w.players))[w.winner] == 2 for w in won)  # fmt: skip


def test_qld_tournament_2020_4_45_1_a_bracket_not_won_two_of_three_is_refused() -> None:
    cond = conditions(**QLD, heads_up={"matches": 3}, payouts=[60, 25, 15])
    t, res, _ = run_heads_up_tournament(cond, 4, seed=1)
    rnd = res.rounds[0][0]
    bad = replace(rnd, winner=rnd.loser)
    broken = replace(res, rounds=((bad, *res.rounds[0][1:]), *res.rounds[1:]))
    fresh = Tournament(cond)
    for p in t.entrants:
        fresh.apply(cm.Register(p))
    with pytest.raises(TournamentError) as info:
        fresh.apply(cm.RecordHeadsUp(broken))
    assert info.value.ruling.clause == "qld-tournament-2020 4.45(1)" and len(fresh.events) == 4
