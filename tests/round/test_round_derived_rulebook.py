"""A round under a house's rulebook derived from a cash book cites the house's clauses alone.

For each cash book, :func:`croupier.rules.derive.derive` gives the same rules under a new id;
rounds played under it (random legal play to the end, with a fee or with commission, refused
commands, actions out of turn at cash and tournament tables, dealer-entered cards) must cite
that id in every event and refusal of the round engine's own rulings: nothing of the book it
came from, nor of another casino's.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from croupier.cards import Deck, parse_cards
from croupier.floor import OutOfTurn, apply_incident
from croupier.hands.orders import HandOrder
from croupier.round import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Round,
    Structure,
)
from croupier.round.commands import Command
from croupier.round.config import ConfigError
from croupier.round.events import CommissionTaken, Event
from croupier.rules import (
    ACT_OMAHA_2017,
    DUNEDIN_HOUSE,
    QLD_HOLDEM_2005,
    IllegalAction,
    Rulebook,
    register_rulebook,
)
from croupier.rules.commission import PostedRake
from croupier.rules.derive import derive, is_clause_field
from croupier.shoe import Shoe
from support.build import round_config

BOOKS = {"house-x-qld": QLD_HOLDEM_2005, "house-x-act": ACT_OMAHA_2017, "house-x-dn": DUNEDIN_HOUSE}


@pytest.fixture(params=sorted(BOOKS))
def house(request: pytest.FixtureRequest) -> Rulebook:
    new_id: str = request.param
    return register_rulebook(derive(BOOKS[new_id], new_id))


def cited(events: list[Event]) -> list[str]:
    """Every clause the events cite, but a commission's: the schedule the table's configuration
    names cites its own (croupier.rules.commission), whatever the rulebook."""
    out: list[str] = []
    for e in events:
        if isinstance(e, CommissionTaken):
            continue
        for f in dataclasses.fields(e):
            if is_clause_field(f.name):
                value = getattr(e, f.name)
                out += [v for v in (value if isinstance(value, tuple) else (value,)) if v]
    return out


def foreign(house: Rulebook, clauses: list[str]) -> list[str]:
    return sorted({c for c in clauses if not c.startswith(house.id + " ")})


def refused(r: Round, cmd: Command | Callable[[], object]) -> str | None:
    """The clause refusing ``cmd`` (a command, or a call), or None where it is legal; the round
    is left as it was either way."""
    if isinstance(cmd, Callable):  # type: ignore[arg-type]
        try:
            cmd()  # type: ignore[operator]
        except IllegalAction as e:
            return e.ruling.clause
        return None
    ruling = r.why_illegal(cmd)  # type: ignore[arg-type]
    return None if ruling is None else ruling.clause


def play(house: Rulebook, seed: int, *, fee: bool) -> tuple[Round, list[str]]:
    """A four-handed pot-limit round played to its end with random legal actions, trying a
    refused command of each kind before each action; the refusals' clauses."""
    rng = random.Random(seed)
    commission = None if fee else house.table.preset.commission
    cfg = round_config(
        stacks=tuple(rng.choice((60, 150, 400)) for _ in range(4)),
        blinds=(5, 10, 0, 0),
        min_bet=10,
        rulebook=house,
        structure=Structure.pot_limit(),
        max_bet=rng.choice((None, 40)),
        fee=1 if fee else 0,
        commission=commission,
        deck_order=Shoe(Deck.standard(), seed=seed).shuffle().order,
    )
    r = Round(cfg)
    refusals: list[str] = []
    while not r.is_over:
        la = r.legal_actions()
        assert la is not None
        p = la.player
        tries: list[Command] = [CheckCall((p + 1) % 4), BetRaise(p, la.all_in_to + 1)]
        if la.min_raise_to is not None:
            tries.append(BetRaise(p, la.min_raise_to - 1))
            if la.max_raise_to is not None and la.max_raise_to < la.all_in_to:
                tries.append(BetRaise(p, la.max_raise_to + 1))
        refusals += [c for c in (refused(r, t) for t in tries) if c]
        refusals += [c for c in [refused(r, r.resolve_showdown)] if c]
        roll = rng.random()
        if roll < 0.15:
            r.apply(Fold(p))
        elif roll < 0.45 and la.min_raise_to is not None and la.max_raise_to is not None:
            r.apply(BetRaise(p, rng.randint(la.min_raise_to, la.max_raise_to)))
        else:
            r.apply(CheckCall(p))
    return r, refusals


def test_rounds_cite_only_the_house(house: Rulebook) -> None:
    clauses: list[str] = []
    kinds: set[str] = set()
    for seed in range(24):
        r, refusals = play(house, seed, fee=seed % 2 == 0)
        clauses += cited(r.events) + refusals
        kinds |= {type(e).__name__ for e in r.events}
    assert {"FeeCharged", "PotAwarded", "BetOrRaised", "RoundEnded"} <= kinds
    assert len(clauses) > 100
    assert foreign(house, clauses) == []
    # the clauses the base book sets for these rulings are cited, under the house's id
    for name in ("turn_clause", "all_in_clause", "showdown_clause", "fee_clause"):
        assert getattr(house, name) in clauses, name
    if house.announces_commission:
        assert house.commission_announced_clause in clauses


def flop(house: Rulebook) -> Round:
    cfg = round_config(
        stacks=(1000,) * 4,
        blinds=(5, 10, 0, 0),
        min_bet=10,
        rulebook=house,
        structure=Structure.pot_limit(),
    )
    r = Round(cfg)
    for p, hole in enumerate(("AsAd", "KsKd", "QsQd", "JsJd")):
        r.apply(DealHole(p, parse_cards(hole)))
    while r.street == 0 and r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(DealBoard(parse_cards("2c7h9d")))
    return r


@pytest.mark.parametrize("tournament", [False, True])
@pytest.mark.parametrize(
    "missed",
    [
        (CheckCall(0), CheckCall(1)),  # nobody wagered: the held bet binds
        (BetRaise(0, 20), CheckCall(1)),  # a smaller missed wager
        (BetRaise(0, 40), CheckCall(1)),  # a larger one
        (Fold(0), CheckCall(1)),
    ],
)
def test_actions_out_of_turn_cite_only_the_house(
    house: Rulebook, tournament: bool, missed: tuple[Command, ...]
) -> None:
    rules = house.for_tournament() if tournament else house
    r = flop(rules)
    apply_incident(r, OutOfTurn(BetRaise(2, 30)))
    for cmd in missed:
        r.apply(cmd)
    refusals = [c for c in [refused(r, BetRaise(2, 200))] if c]
    if r.actor == 2:
        r.apply(Fold(2))  # a wager that stands stays in the pot
    assert any(type(e).__name__ == "OutOfTurnResolved" for e in r.events)
    assert foreign(house, cited(r.events) + refusals) == []


def test_dealer_entered_cards_and_hand_orders_cite_only_the_house(house: Rulebook) -> None:
    r = flop(house)
    dealt_again = refused(r, DealBoard(parse_cards("2c")))
    assert dealt_again == house.deck_clause
    orders = (HandOrder.standard(), HandOrder.for_deck(Deck.short()), HandOrder.short_deck("A"))
    clauses = [house.hand_order_clause_for(o) for o in orders]
    assert all(clauses) and foreign(house, [dealt_again, *clauses]) == []


def test_configuration_refusals_cite_only_the_house(house: Rulebook) -> None:
    """The round's configuration cites the house where it cites a clause at all."""
    base = {
        "stacks": (100, 100),
        "blinds": (5, 10),
        "min_bet": 10,
        "rulebook": house,
        "structure": Structure.pot_limit(),
    }
    for bad in (
        {"fee": 1, "commission": PostedRake()},
        {"structure": Structure.fixed_limit(0, 0)},
        {"stacks": (100, 1), "fee": 1},
    ):
        with pytest.raises(ConfigError) as info:
            round_config(**{**base, **bad})  # type: ignore[arg-type]
        message = str(info.value)
        assert message.endswith(")") and f"({house.id} " in message, message
