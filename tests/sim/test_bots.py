"""Bots choose only legal actions and play rounds to the end under every rulebook and game."""

from __future__ import annotations

import random

import pytest

from croupier.cards import Deck, parse_cards
from croupier.round import Game, Round, Structure
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005
from croupier.shoe import Shoe
from croupier.sim.bots import BOTS, make_bot, preflop_score
from croupier.views import actor_view, seat_view
from support.build import round_config

CASES = [
    (DUNEDIN_HOUSE, Game.holdem(), Structure.no_limit()),
    (QLD_HOLDEM_2005, Game.holdem(), Structure.pot_limit()),
    (ACT_OMAHA_2017, Game.omaha_game(), Structure.pot_limit()),
    (DUNEDIN_HOUSE, Game.short_deck("A"), Structure.no_limit()),
]


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize(("rules", "game", "structure"), CASES)
def test_bots_play_only_legal_actions(name: str, rules, game, structure) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(7)
    shoe = Shoe(game.deck, seed=11)
    bots = [make_bot(name) for _ in range(6)]
    for _ in range(60):
        cfg = round_config(
            stacks=tuple(rng.randint(20, 400) for _ in range(6)),
            blinds=(1, 2, 0, 0, 0, 0),
            min_bet=2,
            rulebook=rules,
            game=game,
            structure=structure,
            deck_order=shoe.shuffle().order,
        )
        r = Round(cfg)
        total = sum(cfg.stacks)
        while not r.is_over:
            p = r.actor
            assert p is not None
            cmd = bots[p].act(seat_view(r, p), rng)
            assert r.why_illegal(cmd) is None, (name, cmd)
            r.apply(cmd)
        assert sum(r.stacks) + r.commission + r.fees == total


def test_calling_station_never_folds() -> None:
    rng = random.Random(3)
    shoe = Shoe(Deck.standard(), seed=5)
    bot = make_bot("calling-station")
    for _ in range(30):
        r = Round(
            round_config((100,) * 4, (1, 2, 0, 0), min_bet=2, deck_order=shoe.shuffle().order)
        )
        while not r.is_over:
            r.apply(bot.act(actor_view(r), rng))
        assert not any(r.folded)


def test_tight_aggressive_ranks_aces_above_seven_deuce() -> None:
    assert preflop_score(tuple(parse_cards("AsAh"))) > 0.9
    assert preflop_score(tuple(parse_cards("7c2d"))) < 0.55


def test_unknown_bot_is_named() -> None:
    with pytest.raises(ValueError, match="no bot named 'shark'"):
        make_bot("shark")


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_open_or_fold_in_a_queensland_first_round_without_a_blind(name: str) -> None:
    """qld-holdem-2005 s4(2), s24(2)-(3): with no bet to call in the first round a player opens
    or folds; checking is not allowed, and a bot must not try it."""
    rng = random.Random(1)
    shoe = Shoe(Deck.standard(), seed=2)
    bot = make_bot(name)
    for _ in range(20):
        cfg = round_config(
            stacks=(100, 100, 100),
            blinds=(0, 0, 0),
            antes=(1, 1, 1),
            min_bet=2,
            rulebook=QLD_HOLDEM_2005,
            structure=Structure.pot_limit(),
            deck_order=shoe.shuffle().order,
        )
        r = Round(cfg)
        while not r.is_over:
            cmd = bot.act(actor_view(r), rng)
            assert r.why_illegal(cmd) is None, cmd
            r.apply(cmd)
