"""Commission schedules: one class per schedule, found by name, stored and read back."""

from __future__ import annotations

import pytest

from croupier.round import Structure
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, Rulebook
from croupier.rules.commission import (
    COMMISSIONS,
    ActFivePercent,
    ActTenPercent,
    Commission,
    PostedRake,
    PotResult,
    QldCommission,
    commission_schedule,
)
from croupier.service.store import codec
from croupier.table.config import TableConfig
from croupier.table.stakes import Stakes

SCHEDULES: list[Commission] = [
    QldCommission(),
    QldCommission(percent=3, dollar=100),
    ActFivePercent(cap=5),
    ActTenPercent(table_max_stake=500),
    PostedRake(percent=10, cap=3, threshold=20, no_flop_no_drop=True),
]


def test_each_schedule_is_found_by_its_name_and_cites_its_clause() -> None:
    assert {k: c.__name__ for k, c in COMMISSIONS.items()} == {
        "qld": "QldCommission",
        "act-5": "ActFivePercent",
        "act-10": "ActTenPercent",
        "rake": "PostedRake",
    }
    # a schedule cites the rules in force: its book's preset names the clause, and one built
    # from its name alone cites its table's rulebook's (see the next test)
    assert [s.clause for s in SCHEDULES] == [""] * len(SCHEDULES)
    presets = [b.table.preset for b in (QLD_HOLDEM_2005, ACT_OMAHA_2017, DUNEDIN_HOUSE)]
    assert [p.commission.clause for p in presets if p is not None] == [
        "qld-holdem-2005 s30",
        "act-omaha-2017 15.2(a)(i)",
        "dunedin-house 21 (posted rake)",
    ]
    for s in SCHEDULES:
        assert type(commission_schedule(s.kind, table_max_stake=500)) is type(s)
    with pytest.raises(ValueError, match="unknown commission schedule 'macau'; choose one of"):
        commission_schedule("macau")


@pytest.mark.parametrize("rulebook", [QLD_HOLDEM_2005, ACT_OMAHA_2017, DUNEDIN_HOUSE], ids=str)
def test_a_schedule_without_a_clause_cites_its_tables_rulebook(rulebook: Rulebook) -> None:
    config = TableConfig(
        rulebook,
        Stakes(5, 10, 100),
        structure=Structure.pot_limit(),
        commission=commission_schedule("rake"),
    )
    assert config.commission is not None
    assert config.commission.clause == rulebook.table.commission_clause
    assert config.commission.clause.split(" ")[0] == rulebook.id


def test_validation_cites_the_clause() -> None:
    with pytest.raises(ValueError, match=r"s30\(1\)\(b\)"):
        QldCommission(percent=6)
    with pytest.raises(ValueError, match=r"15\.2\(e\)"):
        ActTenPercent(table_max_stake=501)
    with pytest.raises(ValueError, match="a dollar is at least one chip"):
        PostedRake(dollar=0)


def test_the_schedules_compute_as_their_clauses_say() -> None:
    pot = [PotResult(100, frozenset({0, 1}), frozenset({0}))]
    assert QldCommission().compute(pot, 10, False, True) == [5]
    assert ActFivePercent().compute(pot, 10, False, True) == [5]
    assert ActFivePercent().compute(pot, 10, True, True) == [0]  # 15.2(d)
    assert ActTenPercent(table_max_stake=500).compute(pot, 10, False, True) == [10]
    assert PostedRake(percent=10, cap=3).compute(pot, 10, False, True) == [3]
    assert PostedRake(no_flop_no_drop=True).compute(pot, 10, False, False) == [0]


@pytest.mark.parametrize("schedule", SCHEDULES, ids=lambda s: s.kind)
def test_a_stored_schedule_reads_back_equal(schedule: Commission) -> None:
    back = codec.loads(codec.canonical(schedule))
    assert back == schedule and type(back) is type(schedule)


@pytest.mark.parametrize("schedule", SCHEDULES, ids=lambda s: s.kind)
def test_the_former_stored_form_still_reads_back(schedule: Commission) -> None:
    """Stores written when one class held every schedule by ``kind`` read back unchanged."""
    fields = {
        "kind": schedule.kind,
        "percent": getattr(schedule, "percent", 5),
        "cap": getattr(schedule, "cap", None),
        "dollar": schedule.dollar,
        "threshold": getattr(schedule, "threshold", 0),
        "no_flop_no_drop": getattr(schedule, "no_flop_no_drop", False),
        "table_max_stake": getattr(schedule, "table_max_stake", None),
    }
    old = {"$t": "croupier.rules.commission:Commission", **fields}
    assert codec.decode(old) == schedule
    with pytest.raises(codec.CodecError, match="Commission"):
        codec.decode({**old, "kind": "macau"})
    with pytest.raises(codec.CodecError, match="Commission"):
        codec.decode({**old, "surprise": 1})
