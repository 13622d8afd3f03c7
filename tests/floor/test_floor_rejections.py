"""Every report that does not fit the round's state is refused with a message naming the
problem and a clause, and the round is unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from croupier.cards import Deck, parse_cards
from croupier.floor import (
    BurnCardExposed,
    BurnCardMissed,
    CardsExposedInPlay,
    CardsInMuck,
    CardsShownToPlayer,
    ChipsPushed,
    CommunityCardsExposed,
    DealError,
    DealIrregularity,
    HandKilledByDealer,
    Incident,
    OutOfTurn,
    PotDisputed,
    SkippedPlayerSilent,
    StubFouled,
    WrongHoleCount,
    apply_incident,
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
from croupier.round.events import PlayRestricted, RulingMade
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from support.build import round_config

C = parse_cards


def dealing(rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    """Player 0 has cards; the others are still to be dealt."""
    cfg = round_config(
        stacks=(1000, 1000, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        rulebook=rulebook,
        structure=Structure.pot_limit(),
    )
    r = Round(cfg)
    r.apply(DealHole(0, C("AsAd")))
    return r


def preflop(rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    r = dealing(rulebook)
    r.apply(DealHole(1, C("KsKd")))
    r.apply(DealHole(2, C("QsQd")))
    return r


def flop(rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    r = preflop(rulebook)
    while r.street == 0 and r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(DealBoard(C("2c7h9d")))
    return r


def folded_flop(rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    r = flop(rulebook)
    r.apply(Fold(0))
    return r


def flop_done(rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    r = flop(rulebook)
    for p in (0, 1, 2):
        r.apply(CheckCall(p))
    return r


def river(rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    r = flop_done(rulebook)
    r.apply(DealBoard(C("Tc")))
    for p in (0, 1, 2):
        r.apply(CheckCall(p))
    r.apply(DealBoard(C("Jc")))
    return r


def showdown(rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    r = river(rulebook)
    for p in (0, 1, 2):
        r.apply(CheckCall(p))
    return r


def over(rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    r = flop(rulebook)
    r.apply(BetRaise(0, 20))
    r.apply(Fold(1))
    r.apply(Fold(2))
    return r


def qld(setup: Callable[[Rulebook], Round]) -> Callable[[], Round]:
    return lambda: setup(QLD_HOLDEM_2005)


def act(setup: Callable[[Rulebook], Round]) -> Callable[[], Round]:
    return lambda: setup(ACT_OMAHA_2017)


CASES: list[tuple[str, Callable[[], Round], Incident, str]] = [
    ("no such player", dealing, DealIrregularity(DealError.PLAYER_MISSED, player=9), "no player"),
    ("exposed card unnamed", dealing, DealIrregularity(DealError.HOLE_EXPOSED), "name"),
    ("exposed card already out", dealing, DealIrregularity(DealError.BOXED_CARD, C("As")), "out"),
    ("right count", flop, WrongHoleCount(1, 2), "right number"),
    ("negative count", flop, WrongHoleCount(1, -1), "fewer"),
    ("count of a folded hand", folded_flop, WrongHoleCount(0, 3), "no live hand"),
    ("count before any action", preflop, WrongHoleCount(1, 3), "deal error"),
    ("kill no player", flop, HandKilledByDealer(7), "no player"),
    ("retrieve unidentifiable", flop, CardsInMuck(1, False, True), "identifiable"),
    ("burn while dealing holes", dealing, BurnCardExposed(C("2h")[0]), "still to come"),
    ("burn at showdown", showdown, BurnCardExposed(C("2h")[0]), "still to come"),
    ("burn card already out", flop_done, BurnCardExposed(C("2c")[0]), "already out"),
    ("missed burn mid-betting", flop, BurnCardMissed(C("Tc")[0]), "in progress"),
    ("no cards named", flop, CommunityCardsExposed(()), "name"),
    ("exposed at the river", river, CommunityCardsExposed(C("2h")), "still to come"),
    ("qld board due", qld(flop_done), CommunityCardsExposed(C("Tc")), "DealBoard"),
    ("qld fouled stub", qld(flop), StubFouled("stub"), "no rule"),
    ("unknown stub method", flop, StubFouled("magic"), "unknown"),
    ("out of turn by the actor", flop, OutOfTurn(CheckCall(0)), "no action out of turn"),
    ("out of turn by a folded hand", folded_flop, OutOfTurn(CheckCall(0)), "no live hand"),
    ("out of turn bet below the bet", flop, OutOfTurn(BetRaise(2, 0)), "above"),
    ("out of turn bet over the stack", flop, OutOfTurn(BetRaise(2, 5000)), "only"),
    ("out of turn with no betting", flop_done, OutOfTurn(CheckCall(1)), "no betting"),
    ("skipped player not skipped", flop, SkippedPlayerSilent(1), "not the player"),
    ("chips out of turn", flop, ChipsPushed(2, (10,)), "out of turn"),
    ("negative chip", flop, ChipsPushed(0, (-5,)), "positive"),
    ("more chips than the stack", flop, ChipsPushed(0, (5000,)), "only"),
    ("nothing pushed", flop, ChipsPushed(0, ()), "nothing"),
    ("unknown declaration", flop, ChipsPushed(0, (10,), "allin"), "unknown"),
    ("oral wager in qld", qld(flop), ChipsPushed(0, (), "raise"), "not by word"),
    ("exposed with no action pending", flop_done, CardsExposedInPlay(1), "no action"),
    ("qld cannot deem folded", qld(flop), CardsExposedInPlay(1, True), "does not fold"),
    ("shown to oneself", flop, CardsShownToPlayer(1, C("Ks"), 1), "another player"),
    ("shown cards not held", flop, CardsShownToPlayer(1, C("Ah"), 0), "does not hold"),
    ("dispute after the next round", over, PotDisputed(1, True), "stands"),
    ("report after the round", over, HandKilledByDealer(0), "ended"),
    ("deal error after the round", over, DealIrregularity(DealError.NOT_CUT), "ended"),
]


@pytest.mark.parametrize(
    ("setup", "incident", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_report_that_does_not_fit_is_refused_and_changes_nothing(
    setup: Callable[[], Round], incident: Incident, words: str
) -> None:
    r = setup()
    before = (
        list(r.stacks),
        list(r.bets),
        list(r.folded),
        len(r.events),
        sorted(r.cards_out),
        dict(r.pending),
        r.street,
    )
    with pytest.raises(IllegalAction) as info:
        apply_incident(r, incident)
    ruling = info.value.ruling
    assert words in ruling.message, ruling
    assert ruling.clause
    assert (
        list(r.stacks),
        list(r.bets),
        list(r.folded),
        len(r.events),
        sorted(r.cards_out),
        dict(r.pending),
        r.street,
    ) == before


def test_croupier_dealing_itself_has_no_dealing_errors() -> None:
    cfg = round_config(
        stacks=(1000, 1000, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        structure=Structure.pot_limit(),
        deck_order=Deck.standard().cards,
    )
    r = Round(cfg)
    n = len(r.events)
    with pytest.raises(IllegalAction) as info:
        apply_incident(r, CommunityCardsExposed(C("2h")))
    assert info.value.ruling.clause == "croupier dealing" and len(r.events) == n
    apply_incident(r, OutOfTurn(Fold(1)))  # the action is still the floor's to rule on
    assert 1 in r.pending


def test_killing_the_last_hands_with_nobody_folded_is_refused() -> None:
    r = showdown(QLD_HOLDEM_2005)
    apply_incident(r, WrongHoleCount(0, 3))
    apply_incident(r, WrongHoleCount(1, 3))
    n = len(r.events)
    with pytest.raises(IllegalAction) as info:
        apply_incident(r, WrongHoleCount(2, 3))
    assert "void" in info.value.ruling.message and len(r.events) == n


def test_a_declared_raise_where_none_is_allowed_is_refused() -> None:
    r = flop()
    r.apply(BetRaise(0, 20))
    apply_incident(r, CardsExposedInPlay(1))  # dunedin-house 74: passive play only
    n = len(r.events)
    with pytest.raises(IllegalAction) as info:
        apply_incident(r, ChipsPushed(1, (200,), "raise"))
    assert info.value.ruling.clause == "dunedin-house 74" and len(r.events) == n


def test_a_ruling_whose_action_the_engine_refuses_is_undone_whole() -> None:
    r = flop()
    before = (list(r.stacks), len(r.events), dict(r.passive), len(r.undo(1).events))
    with pytest.raises(IllegalAction):
        r.apply_ruling(
            [RulingMade("test", "dunedin-house 74", "passive"), PlayRestricted(0, False, "x")],
            then=BetRaise(0, 20),
        )
    assert (list(r.stacks), len(r.events), dict(r.passive), len(r.undo(1).events)) == before
