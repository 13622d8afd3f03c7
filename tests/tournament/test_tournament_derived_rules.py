"""A house that adopts a tournament rulebook under its own id cites only its own id.

Each tournament book is derived under a new id (:func:`croupier.rules.derive.derive`) and
registered; a tournament under it runs from entry to payout (bots, re-entries, an add-on, a
bounty, the clock on slow players, colour-ups), the floor's incidents are ruled on (late
entries, absent players, warnings and penalties, chips out of view, disqualification, hidden
chips, special rounds, refusals of every kind) and every clause cited anywhere (the events, the
refusals, the hand plans, the result log) names the new id.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from croupier.round.events import Event as RoundEvent
from croupier.rules.derive import derive, is_clause_field
from croupier.rules.tournament import (
    ACT_OMAHA_2017_TOURNAMENT,
    DUNEDIN_HOUSE_TOURNAMENT,
    QLD_TOURNAMENT_2020,
    TournamentRules,
    find_tournament_rules,
    register_tournament_rules,
)
from croupier.tournament import commands as cm
from croupier.tournament.runner import Policy, run_tournament
from croupier.tournament.tournament import Tournament
from support.tournament import conditions, deal_order, play

BOOKS = [QLD_TOURNAMENT_2020, ACT_OMAHA_2017_TOURNAMENT, DUNEDIN_HOUSE_TOURNAMENT]
#: What each book's conditions need besides its rules (the qld and ACT tables: no no-limit).
EXTRA: dict[str, dict[str, Any]] = {
    "qld-tournament-2020": {"structure": "full-pot"},
    "act-omaha-2017": {"structure": "full-pot"},
    "dunedin-house": {},
}
LEVELS = [
    {"small_blind": 25, "big_blind": 50, "minutes": 10, "colour_up": 25},
    {"small_blind": 100, "big_blind": 200, "minutes": 10},
    {"small_blind": 200, "big_blind": 400, "minutes": 10},
    {"small_blind": 300, "big_blind": 600, "minutes": 10},
    {"small_blind": 400, "big_blind": 800, "minutes": 10},
    {"small_blind": 600, "big_blind": 1200, "minutes": 10},
    {"small_blind": 1000, "big_blind": 2000, "minutes": 10},
]


def house(book: TournamentRules) -> TournamentRules:
    return register_tournament_rules(derive(book, f"house-{book.id}"))


def clauses(value: object, found: list[str] | None = None) -> list[str]:
    """Every clause a tournament value cites (its rounds' own events aside: the rules of
    play's citations are the cash books')."""
    found = [] if found is None else found
    if isinstance(value, RoundEvent):
        return found
    if isinstance(value, (tuple, list)):
        for v in value:
            clauses(v, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.name == "rulings" or (is_clause_field(f.name) and isinstance(v, str)):
                found.extend([v] if isinstance(v, str) else list(v))
            elif is_clause_field(f.name):
                found.extend(v)
            else:
                clauses(v, found)
    return found


def foreign(cited: list[str], own: str) -> list[str]:
    return sorted({c for c in cited if c and not c.startswith(own + " ")})


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.id)
def test_every_clause_of_a_derived_book_is_relabelled(book: TournamentRules) -> None:
    new = house(book)
    assert find_tournament_rules(new.id) is new
    fields = [f.name for f in dataclasses.fields(new) if is_clause_field(f.name)]
    assert len(fields) > 60
    assert foreign([getattr(new, f) for f in fields], new.id) == []


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.id)
def test_a_derived_book_runs_a_tournament_to_its_payout_citing_only_itself(
    book: TournamentRules,
) -> None:
    new = house(book)
    cond = conditions(
        rules=new.id,
        chips=[25, 100, 500],
        levels=LEVELS,
        bounty=10,
        re_entry={"price": 100, "chips": 1000, "until_level": 2},
        add_on={"price": 50, "chips": 500, "from_level": 2, "until_level": 2},
        **EXTRA[book.id],
    )
    t, stats = run_tournament(cond, 40, 3, policy=Policy(tank=0.05, tight_share=0.5))
    assert t.finished and stats.clocks > 0
    assert foreign(clauses(t.events), new.id) == []
    assert any(r["place"] == 1 for r in t.result_log())


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.id)
def test_a_derived_book_rules_the_floor_citing_only_itself(book: TournamentRules) -> None:
    new = house(book)
    cond = conditions(
        rules=new.id,
        levels=LEVELS,
        late_registration_levels=2,
        provisional_elimination_level=4,
        max_entrants=9,
        alternates=2,
        **EXTRA[book.id],
    )
    t = Tournament(cond)
    cited: list[str] = []

    def do(c: cm.TCommand) -> None:
        ruling = t.why_illegal(c)
        if ruling is not None:
            cited.append(ruling.clause)
        else:
            t.apply(c)

    do(cm.Register("kid", age=17))
    do(cm.Register("ex", excluded=True))
    do(cm.Register(""))
    do(cm.Register("nopay", paid=False))
    for i in range(1, 12):
        do(cm.Register(f"p{i}"))  # two alternates, then full
    do(cm.Register("p1"))
    do(cm.Transfer("p2", "p1"))
    do(cm.CancelEntry("p3", cond.start.replace(year=cond.start.year - 1)))
    do(cm.Start(cards=deal_order(1)))  # no seed: the draw refused
    do(cm.Start(seed=1, cards=deal_order(1), absent=("p9",)))
    do(cm.Start(seed=2, cards=deal_order(2)))
    do(cm.Register("late", seed=4))
    do(cm.SeatAlternates(seed=5))
    for c in (
        cm.Tick(-1),
        cm.Pause(False),
        cm.Adjust(-10_000),
        cm.Penalise("p1", "warning"),
        cm.Penalise("p2", "minutes", 10),
        cm.Penalise("p4", "hands", 2),
        cm.Penalise("p5", "lunch"),
        cm.SetPresent("p6", False),
        cm.ProvisionallyEliminate("p9"),
        cm.ForfeitChips("p7", 25),
        cm.ForfeitChips("p7", 10**9),
        cm.RuleHiddenChips("p8", 25),
        cm.AnnounceRound(1, "bonus", 25),
        cm.AnnounceRound(99, "elimination"),
        cm.EliminateBusted(99),
        cm.ColourUp(cards=deal_order(3)),
        cm.Buy("p1", "rebuy"),
        cm.FindSlow("p1"),
        cm.Disqualify("p10"),
        cm.Forfeit("p11"),
    ):
        do(c)
    for n in sorted(t.tables):
        if t.why_not_deal(n) is None:
            plan, r = play(t, n)
            cited.extend(plan.rulings)
            t.apply(cm.RecordHands((cm.PlayedHand(plan, r.config, tuple(r.events)),)))
        else:
            cited.append(t.why_not_deal(n).clause)  # type: ignore[union-attr]
    t.apply(cm.Tick(600))  # the colour-up's level is over
    for n in sorted(t.tables):
        why = t.why_not_deal(n)
        if why is not None:
            cited.append(why.clause)
    do(cm.ColourUp(cards=deal_order(6)))
    do(cm.Tick(1800))
    do(cm.ProvisionallyEliminate("p9"))
    do(cm.SetPresent("p9", True, seed=7))
    do(cm.Cancel())
    assert len(cited) > 15
    assert foreign(cited, new.id) == []
    assert foreign(clauses(t.events), new.id) == []
    assert any(clauses(t.events))


def test_another_rulebook_may_not_take_a_known_id() -> None:
    clash = dataclasses.replace(derive(DUNEDIN_HOUSE_TOURNAMENT, "x"), id=QLD_TOURNAMENT_2020.id)
    with pytest.raises(ValueError, match="already"):
        register_tournament_rules(clash)
    assert register_tournament_rules(QLD_TOURNAMENT_2020) is QLD_TOURNAMENT_2020
