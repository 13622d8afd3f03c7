"""Random rounds of every game, to export and read back."""

from __future__ import annotations

import random

from croupier.round import (
    BetRaise,
    CheckCall,
    Fold,
    Game,
    Round,
    RoundConfig,
    Split,
    Structure,
)
from croupier.shoe import Shoe

GAMES = [
    ("NT", Game.holdem(), Structure.no_limit()),
    ("PO", Game.omaha_game(), Structure.pot_limit()),
    ("FT", Game.holdem(), Structure.fixed_limit(10, 20, max_raises=4, uncapped_heads_up=False)),
    (
        "FO/8",
        Game.omaha_game(split=Split.HILO),
        Structure.fixed_limit(10, 20, max_raises=4, uncapped_heads_up=False),
    ),
]


def random_round(rng: random.Random, seed: int, game: Game, structure: Structure) -> Round:
    n = rng.randint(2, 6)
    cfg = RoundConfig(
        stacks=tuple(rng.randint(40, 600) for _ in range(n)),
        blinds=(5, 10, *([0] * (n - 2))),
        min_bet=10,
        game=game,
        structure=structure,
        deck_order=Shoe(game.deck, seed=seed).shuffle().order,
    )
    r = Round(cfg)
    while not r.is_over:
        la = r.legal_actions()
        assert la is not None
        x = rng.random()
        if la.min_raise_to is not None and la.max_raise_to is not None and x < 0.3:
            r.apply(BetRaise(la.player, rng.randint(la.min_raise_to, la.max_raise_to)))
        elif x < 0.4:
            r.apply(Fold(la.player))
        else:
            r.apply(CheckCall(la.player))
    return r
