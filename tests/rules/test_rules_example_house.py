"""A rulebook added in one module (tests/support/books/example_house.py): dunedin-house with one
floor setting changed. Its rulings differ from dunedin-house's exactly where it says so (a flop
exposed early or dealt without a burn card, dunedin-house 71) and match them everywhere else."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path

import pytest

from croupier.cards import parse_cards
from croupier.floor import (
    AmountDeclared,
    BurnCardExposed,
    BurnCardMissed,
    CardOffTable,
    CardsExposedInPlay,
    CardsInMuck,
    CardsShownToPlayer,
    ChipsLent,
    ChipsPushed,
    CommunityCardsExposed,
    ConditionalStatement,
    DealError,
    DealIrregularity,
    Decision,
    ForwardMotion,
    HandKilledByDealer,
    Incident,
    MiscountedCall,
    OptionsAgreed,
    OutOfTurn,
    RuleBreached,
    SkippedPlayerSilent,
    StubFouled,
    WrongHoleCount,
    apply_incident,
    rule,
)
from croupier.round import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Round,
    Structure,
)
from croupier.round.events import BettingCapped, CardExposed, Event, RulingMade
from croupier.rules import (
    DUNEDIN_HOUSE,
    FloorRules,
    IllegalAction,
    Rulebook,
    Ruling,
    find_rulebook,
    register_rulebook,
)
from support.books.example_house import EXAMPLE_HOUSE
from support.build import round_config

HOLES = ["AsAd", "KsKd", "QsQd", "JsJd"]


def preflop(rulebook: Rulebook) -> Round:
    cfg = round_config(
        stacks=(1000,) * 4,
        blinds=(5, 10, 0, 0),
        min_bet=10,
        rulebook=rulebook,
        structure=Structure.pot_limit(),
    )
    r = Round(cfg)
    for p, h in enumerate(HOLES):
        r.apply(DealHole(p, parse_cards(h)))
    return r


def flop(rulebook: Rulebook) -> Round:
    r = preflop(rulebook)
    while r.street == 0 and r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(DealBoard(parse_cards("2c7h9d")))
    return r


def after_flop_betting(rulebook: Rulebook) -> Round:
    r = flop(rulebook)
    for p in range(4):
        r.apply(CheckCall(p))
    return r


def ruled(r: Round, incident: Incident) -> Decision | Ruling:
    """The floor's decision, or the ruling refusing the report. Where a rulebook has no rule it
    names itself ("example-house (silent)"): read as dunedin-house's own name, to compare."""
    try:
        d = rule(r, incident)
    except IllegalAction as e:
        return _as_dunedin(e.ruling)
    return replace(d, ruling=_as_dunedin(d.ruling))


def _as_dunedin(ruling: Ruling) -> Ruling:
    own, base = EXAMPLE_HOUSE.id, DUNEDIN_HOUSE.id
    return Ruling(ruling.clause.replace(own, base), ruling.message.replace(own, base))


def test_one_module_registers_the_rulebook_and_find_rulebook_finds_it() -> None:
    assert find_rulebook("example-house") is EXAMPLE_HOUSE
    assert register_rulebook(EXAMPLE_HOUSE) is EXAMPLE_HOUSE  # again: nothing changes
    with pytest.raises(ValueError, match="already has the id"):
        register_rulebook(replace(EXAMPLE_HOUSE, title="another"))
    assert find_rulebook("dunedin-house") is DUNEDIN_HOUSE


def test_no_floor_module_names_a_rulebook() -> None:
    """The floor asks the rulebook (``Rulebook.floor``); it never compares an id."""
    names = re.compile(
        r'\b(QLD|ACT|DUNEDIN)\b|hook\(|irregularities|\.id\s*[!=]=|[!=]=\s*"(qld|act|dun)'
    )
    floor = Path(__file__).parents[2] / "src" / "croupier" / "floor"
    found = [
        f"{path.name}:{i}: {line.strip()}"
        for path in sorted(floor.glob("*.py"))
        for i, line in enumerate(path.read_text().splitlines(), 1)
        if names.search(line)
    ]
    assert found == []


def test_it_overrides_one_floor_setting_and_inherits_the_rest() -> None:
    differ = [
        f.name
        for f in fields(FloorRules)
        if getattr(EXAMPLE_HOUSE.floor, f.name) != getattr(DUNEDIN_HOUSE.floor, f.name)
    ]
    assert differ == ["flop_error_redealt"]
    book = [
        f.name
        for f in fields(Rulebook)
        if getattr(EXAMPLE_HOUSE, f.name) != getattr(DUNEDIN_HOUSE, f.name)
    ]
    assert book == ["id", "title", "floor"]


# ---------------------------------------------------------------------------------------------
# Where it differs: dunedin-house 71


def uses(r: Round) -> list[tuple[str, str]]:
    return [(str(e.card), e.use) for e in r.events if isinstance(e, CardExposed)]


def last_clause(r: Round) -> str:
    return [e for e in r.events if isinstance(e, RulingMade)][-1].clause


def test_a_flop_card_exposed_during_the_first_betting_round_is_not_redealt() -> None:
    d = preflop(DUNEDIN_HOUSE)
    apply_incident(d, CommunityCardsExposed(parse_cards("2c")))
    assert uses(d) == [("2c", "stub")] and last_clause(d) == "dunedin-house 71"
    assert d.bet_cap is None

    x = preflop(EXAMPLE_HOUSE)
    apply_incident(x, CommunityCardsExposed(parse_cards("2c")))
    assert uses(x) == [("2c", "board")] and last_clause(x) == "dunedin-house 72"
    assert [e.cap for e in x.events if isinstance(e, BettingCapped)] == [10]
    while x.street == 0 and x.actor is not None:
        x.apply(CheckCall(x.actor))
    x.apply(DealBoard(parse_cards("2c7h9d")))  # the exposed card is the flop's first
    assert [str(c) for c in x.board] == ["2c", "7h", "9d"]


def test_a_flop_dealt_without_a_burn_card_is_not_redealt() -> None:
    d, x = preflop(DUNEDIN_HOUSE), preflop(EXAMPLE_HOUSE)
    for r in (d, x):
        while r.street == 0 and r.actor is not None:
            r.apply(CheckCall(r.actor))
        apply_incident(r, BurnCardMissed(parse_cards("2c")[0]))
    assert uses(d) == [("2c", "stub")] and last_clause(d) == "dunedin-house 71"
    assert uses(x) == [("2c", "burn")] and last_clause(x) == "dunedin-house 76"
    d.apply(DealBoard(parse_cards("2c7h9d")))  # back in dunedin-house's stub
    with pytest.raises(IllegalAction):
        x.apply(DealBoard(parse_cards("2c7h9d")))  # burned at the example house


# ---------------------------------------------------------------------------------------------
# Everywhere else: dunedin-house's rulings

H = parse_cards

SAME: list[tuple[str, Callable[[Rulebook], Round], Incident]] = [
    (
        "preflop",
        preflop,
        DealIrregularity(DealError.HOLE_EXPOSED, (H("As")[0],), 0, replacement=H("2h")[0]),
    ),
    ("preflop", preflop, DealIrregularity(DealError.BOXED_CARD, (H("2h")[0],))),
    ("preflop", preflop, DealIrregularity(DealError.CUT_EXPOSED)),
    ("preflop", preflop, OutOfTurn(BetRaise(3, 40))),
    ("preflop", preflop, OutOfTurn(Fold(3), directed_by_dealer=True)),
    ("preflop", preflop, ChipsPushed(2, (25,))),
    ("preflop", preflop, ChipsPushed(2, (100,))),
    ("preflop", preflop, ChipsPushed(2, (5,))),
    ("preflop", preflop, ChipsPushed(2, (), declared="pot")),
    ("preflop", preflop, AmountDeclared(2, (30, 300))),
    ("preflop", preflop, MiscountedCall(2, 5)),
    ("preflop", preflop, ForwardMotion(2)),
    ("preflop", preflop, ConditionalStatement(CheckCall(2), binding=True)),
    ("preflop", preflop, CardsExposedInPlay(2, deem_folded=True)),
    ("preflop", preflop, CardsShownToPlayer(2, tuple(H("Qs")), 3)),
    ("preflop", preflop, ChipsLent(2, 3, 50)),
    ("preflop", preflop, OptionsAgreed("void", all_agree=True)),
    ("preflop", preflop, RuleBreached(2, phone=True)),
    ("flop", flop, WrongHoleCount(1, 3)),
    ("flop", flop, HandKilledByDealer(1)),
    ("flop", flop, CardsInMuck(1, identifiable=True, retrieve=True)),
    ("flop", flop, CommunityCardsExposed(tuple(H("Tc")))),
    ("flop", flop, CommunityCardsExposed(tuple(H("TcJc")))),
    ("flop", flop, SkippedPlayerSilent(0)),
    ("flop", flop, CardOffTable(H("As")[0], 0, by_dealer=True)),
    ("turn due", after_flop_betting, BurnCardMissed(H("Tc")[0])),
    ("turn due", after_flop_betting, BurnCardExposed(H("Tc")[0])),
    ("turn due", after_flop_betting, CommunityCardsExposed(tuple(H("Tc")))),
    ("turn due", after_flop_betting, StubFouled("with-muck")),
]


@pytest.mark.parametrize(
    ("when", "setup", "incident"), SAME, ids=[f"{w}-{type(i).__name__}" for w, _, i in SAME]
)
def test_every_other_ruling_is_dunedin_houses(
    when: str, setup: Callable[[Rulebook], Round], incident: Incident
) -> None:
    assert ruled(setup(EXAMPLE_HOUSE), incident) == ruled(setup(DUNEDIN_HOUSE), incident)


def test_a_round_with_an_action_out_of_turn_plays_the_same() -> None:
    def play(rulebook: Rulebook) -> list[Event]:
        r = flop(rulebook)
        apply_incident(r, OutOfTurn(BetRaise(2, 40)))
        r.apply(CheckCall(0))
        r.apply(CheckCall(1))  # player 2's held bet is made now
        apply_incident(r, CommunityCardsExposed(tuple(parse_cards("Tc"))))  # turn card early
        for p in (3, 0, 1):
            r.apply(CheckCall(p))
        return r.events

    assert play(EXAMPLE_HOUSE) == play(DUNEDIN_HOUSE)
