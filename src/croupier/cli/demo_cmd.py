"""``croupier demo``: a short tour until the table engine takes over the main job."""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.cards import Deck, format_cards
from croupier.hands import HandOrder, LowRule, evaluate, evaluate_omaha, evaluate_omaha_low
from croupier.shoe import Shoe


def demo(
    seed: Annotated[int | None, typer.Option(help="seed the shoe (for a repeatable demo)")] = None,
) -> None:
    """Shuffle, deal a six-handed hold'em hand and a 40-card Omaha hi/lo hand, and rank them."""
    shoe = Shoe(Deck.standard(), seed=seed)
    shuffled = shoe.shuffle()
    typer.echo(
        f"Texas hold'em, six players (qld-holdem-2005). Deck commitment {shuffled.commitment[:16]}…"
    )
    order = list(shuffled.order)
    holes = [(order[i], order[i + 6]) for i in range(6)]
    board = order[13:16] + order[17:18] + order[19:20]  # burn cards before flop, turn, river
    typer.echo(f"board: {format_cards(board)}")
    values = [evaluate((*h, *board)) for h in holes]
    best = max(v.strength for v in values)
    for seat, (h, v) in enumerate(zip(holes, values, strict=True), 1):
        mark = "  <- wins" if v.strength == best else ""
        typer.echo(
            f"  seat {seat}: {format_cards(h)}  {v.words} ({format_cards(v.best_five)}){mark}"
        )

    deck = Deck.of_size(40)
    shuffled = Shoe(deck, seed=None if seed is None else seed + 1).shuffle()
    order = list(shuffled.order)
    o = HandOrder.for_deck(deck)
    low = LowRule.eight_or_better(deck)
    typer.echo("\nOmaha high/low, 40-card deck (act-omaha-2017 2.2(d), 3.4, 3.5(d)):")
    holes4 = [tuple(order[i * 4 : i * 4 + 4]) for i in range(4)]
    board = order[16:21]
    typer.echo(f"board: {format_cards(board)}")
    for seat, h4 in enumerate(holes4, 1):
        hv = evaluate_omaha(h4, board, o)
        lv = evaluate_omaha_low(h4, board, low)
        typer.echo(f"  seat {seat}: {format_cards(h4)}  {hv.words}; {lv.words}")
    typer.echo("\nTry: croupier eval --help, croupier eval census --deck 36 --order B --cards 7")
