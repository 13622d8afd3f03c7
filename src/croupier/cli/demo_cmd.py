"""``croupier demo``: a short tour until the table engine takes over the main job."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from croupier.cards import Deck, format_cards
from croupier.hands import HandOrder, LowRule, evaluate_omaha, evaluate_omaha_low
from croupier.round import (
    QLD_HOLDEM_2005,
    BetRaise,
    CheckCall,
    Commission,
    Fold,
    Round,
    RoundConfig,
    Structure,
)
from croupier.round.events import (
    Announcement,
    BetOrRaised,
    BetReturned,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    CommissionTaken,
    Event,
    Folded,
    HandMucked,
    HandShown,
    PotAwarded,
)
from croupier.shoe import Shoe

STREETS = ("pre-flop", "flop", "turn", "river")


def demo(
    seed: Annotated[int | None, typer.Option(help="seed the shoe (for a repeatable demo)")] = None,
) -> None:
    """Play one six-handed Queensland hold'em round (full-pot betting, s30 commission) with
    random legal actions, then rank a 40-card Omaha hi/lo deal."""
    shoe = Shoe(Deck.standard(), seed=seed)
    shuffled = shoe.shuffle()
    cfg = RoundConfig(
        stacks=(1000,) * 6,
        blinds=(5, 10, 0, 0, 0, 0),
        min_bet=10,
        rulebook=QLD_HOLDEM_2005,
        structure=Structure.pot_limit(),
        commission=Commission("qld"),
        deck_order=shuffled.order,
    )
    typer.echo("Texas hold'em under qld-holdem-2005: blinds 5/10, full-pot betting, commission")
    typer.echo(f"deck commitment {shuffled.commitment[:32]}… (revealed after the round)")
    r = Round(cfg)
    for p in range(6):
        hole = r.hole[p]
        assert hole is not None
        typer.echo(f"  seat {p + 1}: {format_cards(c for c in hole if c is not None)}")
    rng = random.Random(seed)
    shown = 0
    while not r.is_over:
        la = r.legal_actions()
        assert la is not None
        x = rng.random()
        if la.call_amount and x < 0.25:
            r.apply(Fold(la.player))
        elif la.min_raise_to is not None and la.max_raise_to is not None and x > 0.85:
            r.apply(BetRaise(la.player, rng.randint(la.min_raise_to, la.max_raise_to)))
        else:
            r.apply(CheckCall(la.player))
        for e in r.events[shown:]:
            line = _describe(e)
            if line:
                typer.echo(line)
        shown = len(r.events)
    order, salt = shuffled.reveal()
    typer.echo(f"stacks after the round: {', '.join(map(str, r.stacks))}")
    typer.echo(f"revealed: salt {salt.hex()[:16]}…, first cards {format_cards(order[:6])}…")

    deck = Deck.of_size(40)
    dealt = Shoe(deck, seed=None if seed is None else seed + 1).shuffle().order
    o = HandOrder.for_deck(deck)
    low = LowRule.eight_or_better(deck)
    typer.echo("\nOmaha high/low, 40-card deck (act-omaha-2017 2.2(d), 3.4, 3.5(d)):")
    board = dealt[16:21]
    typer.echo(f"board: {format_cards(board)}")
    for seat in range(4):
        h4 = dealt[seat * 4 : seat * 4 + 4]
        hv = evaluate_omaha(h4, board, o)
        lv = evaluate_omaha_low(h4, board, low)
        typer.echo(f"  seat {seat + 1}: {format_cards(h4)}  {hv.words}; {lv.words}")
    typer.echo("\nTry: croupier eval --help, croupier phh replay ../shared/phh, croupier uth trips")


def _describe(e: Event) -> str:
    """One line for the events a player at the table would hear about."""
    match e:
        case BlindPosted(player=p, amount=a, kind=k):
            return f"  seat {p + 1} posts the {k}, {a}"
        case Folded(player=p):
            return f"  seat {p + 1} folds"
        case Checked(player=p):
            return f"  seat {p + 1} checks"
        case Called(player=p, amount=0):
            return f"  seat {p + 1} calls: nothing more is owed (qld-holdem-2005 s24(5))"
        case Called(player=p, amount=a, all_in=all_in):
            return f"  seat {p + 1} calls {a}{' (all-in)' if all_in else ''}"
        case BetOrRaised(player=p, to=to, all_in=all_in):
            return f"  seat {p + 1} bets or raises to {to}{' (all-in)' if all_in else ''}"
        case BetReturned(player=p, amount=a):
            return f"  {a} uncalled, returned to seat {p + 1} (qld-holdem-2005 s26(3)(a))"
        case BoardDealt(cards=cards, street=s):
            return f"{STREETS[s]}: {format_cards(cards)}"
        case HandShown(player=p, cards=cards):
            return f"  seat {p + 1} shows {format_cards(cards)}"
        case HandMucked(player=p):
            return f"  seat {p + 1} mucks"
        case Announcement(text=text, clause=clause):
            return f"  dealer: {text} ({clause})"
        case CommissionTaken(amount=a, clause=clause):
            return f"  commission {a} ({clause})"
        case PotAwarded(player=p, amount=a, clause=clause):
            return f"  seat {p + 1} is paid {a} ({clause})"
    return ""
