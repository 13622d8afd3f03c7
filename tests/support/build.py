"""The one way a test builds a round: its config from the stacks and blinds (the other seats'
blinds 0, the minimum bet the big blind unless given), and the round with hole cards dealt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.cards import parse_cards
from croupier.round import DealHole, Round, RoundConfig

THREE = (1000, 1000, 1000)


def round_config(
    stacks: Sequence[int] = THREE, blinds: Sequence[int] = (5, 10), **fields: Any
) -> RoundConfig:
    """``fields``: any other field of RoundConfig (rulebook, structure, burn, deck_order...)."""
    padded = (*blinds, *([0] * (len(stacks) - len(blinds))))
    fields.setdefault("min_bet", max(blinds))
    return RoundConfig(stacks=tuple(stacks), blinds=padded, **fields)


def dealt_round(holes: Sequence[str] = (), **config: Any) -> Round:
    """A round of ``round_config(**config)`` with ``holes`` dealt to the seats in order."""
    r = Round(round_config(**config))
    for p, h in enumerate(holes):
        r.apply(DealHole(p, parse_cards(h)))
    return r
