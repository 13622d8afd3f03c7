"""Options shared by commands that choose a game, deck and hand order."""

from __future__ import annotations

from enum import StrEnum

from croupier.cards import CardError, Deck
from croupier.cli.usage import fail
from croupier.hands import HandOrder, LowRule
from croupier.rules import DUNEDIN_HOUSE


class Game(StrEnum):
    holdem = "holdem"
    omaha = "omaha"
    short_deck = "short-deck"


class Split(StrEnum):
    high = "high"
    low = "low"
    hilo = "hilo"


#: The rulebook a command applies when none is named (nor recorded in a hand history).
DEFAULT_RULEBOOK = DUNEDIN_HOUSE.id


def make_deck(size: int | None, joker: bool, game: Game) -> Deck:
    try:
        if game is Game.short_deck:
            if size not in (None, 36) or joker:
                raise CardError("short deck uses the 36-card deck without a joker (4.46(1))")
            return Deck.short()
        return Deck.of_size(52 if size is None else size, joker=joker)
    except CardError as e:
        raise fail(str(e)) from e


def make_order(deck: Deck, game: Game, option: str | None, ace_low: bool) -> HandOrder:
    if game is Game.short_deck:
        try:
            return HandOrder.short_deck(option or "A")
        except ValueError as e:
            raise fail(str(e)) from e
    if option is not None:
        if deck.size - deck.joker != 36:
            raise fail("--order A|B applies to the 36-card short deck")
        try:
            return HandOrder.short_deck(option)
        except ValueError as e:
            raise fail(str(e)) from e
    if deck.lowest_rank == 0 and not deck.joker and ace_low:
        return HandOrder.standard()
    return HandOrder.for_deck(deck, ace_low=ace_low)


def make_low(deck: Deck, split: Split, ace_low: bool) -> LowRule | None:
    if split is Split.high:
        return None
    qualifier = 6 if split is Split.hilo else None  # 8-or-better, act-omaha-2017 3.5(d)
    return LowRule(qualifier=qualifier, ace_low=ace_low, deck=deck)
