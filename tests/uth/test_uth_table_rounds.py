"""An Ultimate Texas Hold'em table between rounds: seats, chips and the next round wait until
the round just played is recorded (act-uth-2025 4.6), since recording it sets every player's
chips to what the round left them."""

from __future__ import annotations

import pytest

from croupier.cards import Deck
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.uth import TableLimits, UthConfig
from croupier.uth.commands import Deal, Fold, PlaceWagers
from croupier.uth.table import UthTable

CONFIG = UthConfig(TableLimits(5, 100))


def played_not_recorded() -> tuple[UthTable, Shoe]:
    """ann and bob seated with 500 each; ann wagers 10 + 10 and folds; not yet recorded."""
    shoe = Shoe(Deck.standard(), seed=5)
    t = UthTable(CONFIG, bank=10_000)
    t.seat(1, "ann", 500)
    t.seat(2, "bob", 500)
    r = t.new_round(shoe.shuffle())
    r.apply(PlaceWagers(1, "ann", 10, 10))
    r.apply(Deal())
    r.apply(Fold(1))
    assert r.is_over
    return t, shoe


def money(t: UthTable) -> int:
    return t.bank + sum(t.chips.values())


@pytest.mark.parametrize(
    "command",
    [
        lambda t, shoe: t.leave(1),  # she would walk away with her chips from before the round
        lambda t, shoe: t.seat(3, "cat", 300),  # the record would wipe her 300
        lambda t, shoe: t.new_round(shoe.shuffle()),  # the result would never be recorded
        lambda t, shoe: t.record_shuffle("supervisor"),
    ],
    ids=["leave", "seat", "new-round", "shuffle"],
)
def test_4_6_nothing_changes_until_the_round_is_recorded(command: object) -> None:
    t, shoe = played_not_recorded()
    before = (list(t.events), dict(t.chips), dict(t.seats), t.bank)
    with pytest.raises(IllegalAction) as err:
        command(t, shoe)  # type: ignore[operator]
    assert "record it first" in err.value.ruling.message
    assert (list(t.events), dict(t.chips), dict(t.seats), t.bank) == before
    t.finish_round()
    assert t.chips == {"ann": 480, "bob": 500} and money(t) == 11_000
    left = t.leave(1)  # now she leaves with what the round left her
    assert left.chips == 480 and money(t) + left.chips == 11_000
