"""The one way a test builds a round: its config from the stacks and blinds (the other seats'
blinds 0, the minimum bet the big blind unless given, the rulebook an id or a book), and the
round with hole cards dealt. Tests build no ``RoundConfig`` themselves (test_suite_layout)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.cards import parse_cards
from croupier.round import DealHole, Round, RoundConfig
from croupier.rules import Rulebook, find_rulebook

THREE = (1000, 1000, 1000)


def round_config(
    stacks: Sequence[int] = THREE,
    blinds: Sequence[int] = (5, 10),
    rulebook: Rulebook | str | None = None,
    **fields: Any,
) -> RoundConfig:
    """``rulebook``: a book or its id (None: RoundConfig's default); ``fields``: any other
    field of RoundConfig (structure, burn, deck_order...)."""
    padded = (*blinds, *([0] * (len(stacks) - len(blinds))))
    fields.setdefault("min_bet", max(blinds))
    if rulebook is not None:
        fields["rulebook"] = find_rulebook(rulebook) if isinstance(rulebook, str) else rulebook
    return RoundConfig(stacks=tuple(stacks), blinds=padded, **fields)


def make_round(holes: Sequence[str] = (), **config: Any) -> Round:
    """A round of ``round_config(**config)`` with ``holes`` dealt to the seats in order."""
    r = Round(round_config(**config))
    for p, h in enumerate(holes):
        r.apply(DealHole(p, parse_cards(h)))
    return r
