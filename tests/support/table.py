"""The one way a test builds a table (``make_table``, from a rulebook's id and the preset's
settings), seated players, a stacked deck, a refusal's clause."""

from __future__ import annotations

import pytest

from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.table.commands import (
    SitDown,
    TableCommand,
)
from croupier.table.presets import preset
from croupier.table.table import Table

QLD, ACT, DUN = "qld-holdem-2005", "act-omaha-2017", "dunedin-house"


def make_table(rules: str = DUN, seats: int = 9, **kw: object) -> Table:
    """A table of ``preset(rules, seats=seats, **kw)``."""
    return Table(preset(rules, seats=seats, **kw))  # type: ignore[arg-type]


def seated(rules: str, n: int, chips: int = 200, **kw: object) -> Table:
    t = make_table(rules, **kw)
    for i in range(n):
        t.apply(SitDown(f"p{i + 1}", i + 1, chips))
    return t


def deck(t: Table) -> tuple[int, ...]:
    return Shoe(t.config.game.deck, seed=t.hands + 17).shuffle().order


def refused(t: Table, cmd: TableCommand, clause: str) -> None:
    """``cmd`` is refused citing ``clause`` and the table is unchanged."""
    before = (len(t.events), t.seating, dict(t.stacks))
    ruling = t.why_illegal(cmd)
    assert ruling is not None, f"{cmd} was allowed"
    assert clause in ruling.clause, ruling
    with pytest.raises(IllegalAction):
        t.apply(cmd)
    assert (len(t.events), t.seating, dict(t.stacks)) == before
