"""``croupier eval``: evaluate and compare hands; ``croupier eval census``: exhaustive counts."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from croupier.cards import Card, CardError, format_cards, parse_cards
from croupier.cli.options import (
    DEFAULT_RULEBOOK,
    Game,
    Split,
    make_deck,
    make_low,
    make_order,
)
from croupier.cli.usage import fail
from croupier.hands import (
    HandOrder,
    HandValue,
    LowRule,
    LowValue,
    evaluate,
    evaluate_low,
    evaluate_omaha,
    evaluate_omaha_low,
)
from croupier.hands.orders import Category

app = typer.Typer(
    help="Evaluate and compare hands, or count hand classes over a whole deck.",
    invoke_without_command=True,
    no_args_is_help=False,
)

GameOpt = Annotated[Game, typer.Option("--game", "-g", help="holdem, omaha or short-deck")]
DeckOpt = Annotated[int | None, typer.Option("--deck", "-d", help="52, 48, 44, 40, 36 or 32 cards")]
RulebookOpt = Annotated[
    str, typer.Option("--rulebook", "-r", help="the rulebook whose hand ranking is cited")
]
JokerOpt = Annotated[bool, typer.Option("--joker", help="add the joker, a wild card")]
OrderOpt = Annotated[
    str | None, typer.Option("--order", help="short-deck hand order A or B (4.46(2))")
]
AceOpt = Annotated[
    bool,
    typer.Option("--ace-low/--ace-high-only", help="an ace may play low in a straight"),
]


@app.callback()
def eval_hands(
    ctx: typer.Context,
    player: Annotated[
        list[str] | None,
        typer.Option("--player", "-p", help="a player's hole cards, e.g. 'AsKd' or 'alice=AsKd'"),
    ] = None,
    board: Annotated[str, typer.Option("--board", "-b", help="the board, e.g. 'Ah Kd 2c'")] = "",
    game: GameOpt = Game.holdem,
    deck_size: DeckOpt = None,
    joker: JokerOpt = False,
    order: OrderOpt = None,
    split: Annotated[
        Split, typer.Option("--split", help="high, low (low ball) or hilo (8 or better)")
    ] = Split.high,
    ace_low: AceOpt = True,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
    rulebook: RulebookOpt = DEFAULT_RULEBOOK,
) -> None:
    """Evaluate each player's hand and say who wins.

    Example: croupier eval -g omaha -d 40 --split hilo -b "Ah 8d 7c 6s Kh" -p "5c 6d Qs Qd" -p
    "As 5d Jh Tc"
    """
    if ctx.invoked_subcommand is not None:
        return
    if not player:
        raise fail("give at least one hand with --player/-p")
    deck = make_deck(deck_size, joker, game)
    hand_order = make_order(deck, game, order, ace_low)
    low_rule = make_low(deck, split, ace_low)
    try:
        b = parse_cards(board) if board else ()
        seats = [_parse_player(i, text) for i, text in enumerate(player, 1)]
        deck.check([*b, *(c for _, cards in seats for c in cards)])
        results = [_evaluate(name, cards, b, game, hand_order, low_rule) for name, cards in seats]
    except CardError as e:
        raise fail(str(e)) from e
    if as_json:
        typer.echo(
            json.dumps(_as_json(results, b, split, _title(game, hand_order, low_rule, rulebook)))
        )
        return
    typer.echo(f"{_title(game, hand_order, low_rule, rulebook)}")
    if b:
        typer.echo(f"board: {format_cards(b)}")
    for name, cards, high, low in results:
        line = f"{name:>8}  {format_cards(cards):<14}"
        if high is not None:
            line += f"  {high.words} ({format_cards(high.best_five)})"
        if low is not None:
            line += f"  | low: {low.words}"
        typer.echo(line)
    _announce(results, split)


def _as_json(
    results: list[Result], board: tuple[Card, ...], split: Split, title: str
) -> dict[str, object]:
    hands = []
    for name, cards, high, low in results:
        hand: dict[str, object] = {"player": name, "cards": format_cards(cards)}
        if high is not None:
            hand["high"] = {
                "words": high.words,
                "category": high.category.key,
                "best_five": format_cards(high.best_five),
                "strength": high.strength,
            }
        if low is not None:
            hand["low"] = {"words": low.words, "qualifies": low.qualifies, "strength": low.strength}
        hands.append(hand)
    out: dict[str, object] = {"game": title, "board": format_cards(board), "hands": hands}
    highs = [(r[2].strength, r[0]) for r in results if r[2] is not None]
    if highs:
        top = max(s for s, _ in highs)
        out["high_winners" if split is not Split.high else "winners"] = [
            n for s, n in highs if s == top
        ]
    if split is not Split.high:
        lows = [(r[3].strength, r[0]) for r in results if r[3] is not None and r[3].qualifies]
        top_low = max((s for s, _ in lows), default=None)
        out["low_winners"] = [n for s, n in lows if s == top_low]
    return out


def _parse_player(i: int, text: str) -> tuple[str, tuple[Card, ...]]:
    name, _, cards = text.rpartition("=")
    return (name or f"p{i}"), parse_cards(cards)


Result = tuple[str, tuple[Card, ...], HandValue | None, LowValue | None]


def _evaluate(
    name: str,
    cards: tuple[Card, ...],
    board: tuple[Card, ...],
    game: Game,
    order: HandOrder,
    low: LowRule | None,
) -> Result:
    if game is Game.omaha:
        if len(cards) != 4:
            raise CardError(f"{name} holds {len(cards)} cards; Omaha deals 4")
        if len(board) != 5:
            raise CardError(f"the board has {len(board)} cards; comparing Omaha hands needs 5")
        return (
            name,
            cards,
            evaluate_omaha(cards, board, order),
            evaluate_omaha_low(cards, board, low) if low else None,
        )
    if len(cards) != 2:
        raise CardError(f"{name} holds {len(cards)} cards; hold'em deals 2")
    if len(board) != 5:
        raise CardError(f"the board has {len(board)} cards; comparing hold'em hands needs 5")
    both = (*cards, *board)
    split_high = low is None or low.qualifier is not None
    return (
        name,
        cards,
        evaluate(both, order) if split_high else None,
        evaluate_low(both, low) if low else None,
    )


def _title(game: Game, order: HandOrder, low: LowRule | None, rulebook: str) -> str:
    kind = "high"
    if low is not None:
        kind = "high/low split, 8 or better" if low.qualifier is not None else "low ball"
    return f"{game.value}, {order.deck.describe()}, {kind} ({_cited(order, rulebook)})"


def _cited(order: HandOrder, rulebook: str) -> str:
    """The clause that ranks hands under ``order`` in the named rulebook."""
    from croupier.rules import UnknownRulebook, find_rulebook

    try:
        return find_rulebook(rulebook).hand_order_clause_for(order)
    except UnknownRulebook as e:
        raise fail(str(e)) from e


def _announce(results: list[Result], split: Split) -> None:
    highs = [(r[2].strength, r[0]) for r in results if r[2] is not None]
    lows = [(r[3].strength, r[0]) for r in results if r[3] is not None and r[3].qualifies]
    if highs:
        top = max(s for s, _ in highs)
        winners = [n for s, n in highs if s == top]
        label = "high" if split is not Split.high else "winner"
        typer.echo(f"{label}: {' and '.join(winners)}{' tie' if len(winners) > 1 else ' wins'}")
    if split is not Split.high:
        if lows:
            top = max(s for s, _ in lows)
            winners = [n for s, n in lows if s == top]
            typer.echo(f"low: {' and '.join(winners)}{' tie' if len(winners) > 1 else ' wins'}")
        elif split is Split.hilo:
            typer.echo("low: no qualifying low; the high hand takes the whole pot")
        else:
            typer.echo("low: no low hand")


@app.command("census")
def census_cmd(
    deck_size: Annotated[int, typer.Option("--deck", "-d", help="52, 48, 44, 40, 36 or 32")] = 52,
    cards: Annotated[int, typer.Option("--cards", "-k", help="5 or 7")] = 7,
    joker: JokerOpt = False,
    order: OrderOpt = None,
    ace_low: AceOpt = True,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    rulebook: RulebookOpt = DEFAULT_RULEBOOK,
) -> None:
    """Count how often each hand class occurs over every possible hand (exhaustive)."""
    from croupier.hands.batch import census

    if cards not in (5, 7):
        raise fail(f"--cards must be 5 or 7, not {cards}")
    deck = make_deck(deck_size, joker, Game.holdem)
    hand_order = make_order(deck, Game.holdem, order, ace_low)
    counts = census(hand_order, cards)
    keyed = {c.key: counts[c] for c in sorted(counts, key=hand_order.position, reverse=True)}
    if as_json:
        typer.echo(json.dumps({"deck": deck.size, "cards": cards, "counts": keyed}))
        return
    total = sum(keyed.values())
    typer.echo(f"{cards}-card hands from the {deck.describe()}, {_cited(hand_order, rulebook)}")
    for key, n in keyed.items():
        typer.echo(f"  {Category[key.upper()].words:<16} {n:>14,}  {n / total:9.6%}")
    typer.echo(f"  {'total':<16} {total:>14,}")
