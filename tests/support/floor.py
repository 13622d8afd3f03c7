"""Builders for floor rulings: a flop to rule on, the hands dealt, a ruling resolved."""

from __future__ import annotations

import random

from croupier.cards import Deck, parse_cards
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
    ForwardMotion,
    HandKilledByDealer,
    HandNotTabled,
    Incident,
    MiscountedCall,
    OptionsAgreed,
    OutOfTurn,
    RuleBreached,
    SkippedPlayerSilent,
    StubFouled,
    WrongHoleCount,
)
from croupier.round import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Round,
    RoundConfig,
    Structure,
)
from croupier.round.events import (
    BetOrRaised,
    Called,
    Checked,
    ChipsCommitted,
    OutOfTurnResolved,
    RulingMade,
)
from croupier.rules import DUNEDIN_HOUSE, Rulebook

HOLES = ["AsAd", "KsKd", "QsQd", "JsJd"]


def flop(rulebook: Rulebook, players: int = 4) -> Round:
    """Everyone in for the big blind; the flop is out and player 0 is to act."""
    cfg = RoundConfig(
        stacks=(1000,) * players,
        blinds=(5, 10, *([0] * (players - 2))),
        min_bet=10,
        rulebook=rulebook,
        structure=Structure.pot_limit(),
    )
    r = Round(cfg)
    for p in range(players):
        r.apply(DealHole(p, parse_cards(HOLES[p])))
    while r.street == 0 and r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(DealBoard(parse_cards("2c7h9d")))
    assert r.actor == 0
    return r


def resolved(r: Round) -> list[tuple[int, bool, str]]:
    return [(e.player, e.binding, e.clause) for e in r.events if isinstance(e, OutOfTurnResolved)]


def facing_20(rulebook: Rulebook = DUNEDIN_HOUSE, limit: Structure | None = None) -> Round:
    """On the flop player 0 bet 20 into 30; player 1 faces it (a raise is to 40 or more)."""
    cfg = RoundConfig(
        stacks=(1000, 1000, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        rulebook=rulebook,
        structure=limit or Structure.pot_limit(),
    )
    r = Round(cfg)
    for p, h in enumerate(("AsAd", "KsKd", "QsQd")):
        r.apply(DealHole(p, parse_cards(h)))
    while r.street == 0 and r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(DealBoard(parse_cards("2c7h9d")))
    r.apply(BetRaise(0, 20))
    assert r.actor == 1
    return r


def outcome(r: Round) -> tuple[str, int]:
    """What player 1's chips became: ("raise", to), ("call", added) or ("commit", chips)."""
    for e in reversed(r.events):
        if isinstance(e, BetOrRaised):
            return "raise", e.to
        if isinstance(e, Called):
            return "call", e.amount
        if isinstance(e, Checked):
            return "check", 0
        if isinstance(e, ChipsCommitted):
            return "commit", e.amount
        if isinstance(e, RulingMade):
            return "none", 0
    raise AssertionError("no action")


def clause(r: Round) -> str:
    return [e for e in r.events if isinstance(e, RulingMade)][-1].clause


#: Every card of the standard deck, for random incidents.
_DECK = list(Deck.standard().cards)


def a_report(r: Round, rng: random.Random) -> Incident:
    """A random report of an incident at the round, of every kind the floor rules on."""
    n = r.n
    p = rng.randrange(n)
    card = rng.choice(_DECK)
    cards = tuple(rng.sample(_DECK, rng.randint(1, 2)))
    choices: list[Incident] = [
        DealIrregularity(
            rng.choice(list(DealError)), cards, p, rng.random() < 0.5, rng.random() < 0.7, card
        ),
        WrongHoleCount(p, rng.choice((1, 3))),
        HandKilledByDealer(p),
        CardsInMuck(p, rng.random() < 0.5, rng.random() < 0.5),
        BurnCardExposed(card),
        BurnCardMissed(card),
        CommunityCardsExposed(cards),
        StubFouled(rng.choice(("order", "stub", "with-muck"))),
        OutOfTurn(
            rng.choice((Fold(p), CheckCall(p), BetRaise(p, r.current_bet + 10 * rng.randint(1, 9))))
        ),
        SkippedPlayerSilent(p, rng.random() < 0.5),
        ChipsPushed(
            p,
            tuple(rng.choice((1, 5, 10, 25, 100)) for _ in range(rng.randint(0, 4))),
            rng.choice((None, None, "call", "raise", "fold")),
        ),
        CardsExposedInPlay(p, rng.random() < 0.5),
        CardsShownToPlayer(p, cards[:1], (p + 1) % n),
        ChipsPushed(p, (), rng.choice(("check", "knock", "bet", "all-in", "pot"))),
        AmountDeclared(p, tuple(r.current_bet + 5 * rng.randint(0, 20) for _ in range(2))),
        ForwardMotion(p, rng.random() < 0.5),
        MiscountedCall(p, rng.randint(0, 30)),
        ConditionalStatement(
            rng.choice((Fold(p), CheckCall(p), BetRaise(p, r.current_bet + 10))), rng.random() < 0.5
        ),
        HandNotTabled(p, rng.random() < 0.5),
        CardOffTable(card, rng.choice((p, None)), rng.random() < 0.5, rng.choice(_DECK)),
        RuleBreached(p, rng.random() < 0.5),
        ChipsLent(p, (p + 1) % n, rng.randint(0, 50)),
        OptionsAgreed(rng.choice(("void", "play on", "chop")), rng.random() < 0.5),
    ]
    return rng.choice(choices)
