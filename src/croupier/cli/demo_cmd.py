"""``croupier demo``: a short tour until the table engine takes over the main job."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from croupier.cards import Deck, format_cards
from croupier.cli.narrate import Narrator
from croupier.hands import HandOrder, LowRule, evaluate_omaha, evaluate_omaha_low
from croupier.round import BetRaise, CheckCall, Fold, Round, RoundConfig, Structure
from croupier.rules import ACT_OMAHA_2017, QLD_HOLDEM_2005
from croupier.rules.commission import QldCommission
from croupier.shoe import Shoe
from croupier.views import Viewer, hole_cards


def _seat(p: int) -> str:
    return f"seat {p + 1}"


def demo(
    seed: Annotated[int | None, typer.Option(help="seed the shoe (for a repeatable demo)")] = None,
) -> None:
    """Play one six-handed Queensland hold'em round (full-pot betting, s30 commission) with
    random legal actions, then rank a 40-card Omaha hi/lo deal."""
    shoe = Shoe(Deck.standard(), seed=seed, cut_clause=QLD_HOLDEM_2005.cut_clause)
    shuffled = shoe.shuffle()
    cfg = RoundConfig(
        stacks=(1000,) * 6,
        blinds=(5, 10, 0, 0, 0, 0),
        min_bet=10,
        rulebook=QLD_HOLDEM_2005,
        structure=Structure.pot_limit(),
        commission=QldCommission(clause=QLD_HOLDEM_2005.table.commission_clause),
        deck_order=shuffled.order,
    )
    typer.echo("Texas hold'em under qld-holdem-2005: blinds 5/10, full-pot betting, commission")
    typer.echo(f"deck commitment {shuffled.commitment[:32]}… (revealed after the round)")
    r = Round(cfg)
    for p in range(6):
        # the demo shows the house's view: every hand
        typer.echo(f"  seat {p + 1}: {format_cards(hole_cards(r, p, Viewer.DEALER))}")
    rng = random.Random(seed)
    shown = 0
    narrate = Narrator(_seat, r.rules)
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
            line = narrate(e)
            if line:
                typer.echo(line)
        shown = len(r.events)
    order, salt = shuffled.reveal()
    typer.echo(f"stacks after the round: {', '.join(map(str, r.stacks))}")
    typer.echo(f"revealed: salt {salt.hex()[:16]}…, first cards {format_cards(order[:6])}…")

    deck = Deck.of_size(40)
    omaha_seed = None if seed is None else seed + 1
    dealt = Shoe(deck, seed=omaha_seed, cut_clause=ACT_OMAHA_2017.cut_clause).shuffle().order
    o = HandOrder.for_deck(deck)
    low = LowRule.eight_or_better(deck)
    b = ACT_OMAHA_2017
    typer.echo(
        f"\nOmaha high/low, 40-card deck ({b.deck_clause}, {b.reduced_deck_hand_order_clause}, "
        f"{b.low_clause}):"
    )
    board = dealt[16:21]
    typer.echo(f"board: {format_cards(board)}")
    for seat in range(4):
        h4 = dealt[seat * 4 : seat * 4 + 4]
        hv = evaluate_omaha(h4, board, o)
        lv = evaluate_omaha_low(h4, board, low)
        typer.echo(f"  seat {seat + 1}: {format_cards(h4)}  {hv.words}; {lv.words}")
    typer.echo("\nTry: croupier eval --help, croupier phh replay ../shared/phh, croupier uth trips")
