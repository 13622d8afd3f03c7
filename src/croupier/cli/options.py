"""Options shared by commands that choose a game, deck and hand order."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import typer
from typer.core import TyperGroup

from croupier.cards import CardError, Deck
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


class ReadableGroup(TyperGroup):
    """The root command: ``--help`` names each option's value in words, ``--hands HANDS`` or
    the option's own metavar, never a bare type (``<int>``, ``<str>``); a flag shows none."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        name_values(self)


def name_values(command: Any) -> None:
    """Give every option and argument of ``command`` (a command or group as typer builds it)
    and of its subcommands a readable metavar (see :class:`ReadableGroup`); a metavar given
    and a choice's list stay. Each subcommand's summary in its group's list is one line of
    text, wrapped by the list itself."""
    if command.help:  # a docstring's ``code`` reads as 'code' on a terminal
        command.help = command.help.replace("``", "'")
    help_option = command.get_help_option(typer.Context(command))  # made once, then cached
    for p in [*command.params, *([help_option] if help_option is not None else [])]:
        kind = getattr(p, "param_type_name", None)
        if p.metavar is not None or not p.name:
            continue
        if kind == "argument":
            # as the options' values are named, with no type beside it (``<list[Path]>``)
            p.metavar = p.name.upper()
            p.display_type_rich = _no_type
            continue
        if kind != "option":
            continue
        if getattr(p, "is_flag", False) or getattr(p, "count", False):
            p.metavar = ""
        elif not getattr(getattr(p, "type_descriptor", None), "is_choice", False):
            p.metavar = p.name.upper()
    for sub in getattr(command, "commands", {}).values():
        if sub.short_help is None and sub.help:
            # a group's list of commands keeps a docstring's line breaks as they are in the
            # source: its first paragraph on one line, for the table to wrap at its width
            sub.short_help = " ".join(sub.help.split("\n\n")[0].split()).replace("``", "'")
        name_values(sub)


def _no_type(ctx: Any) -> None:
    """An argument's type column in ``--help``: empty (its name says what it is)."""


def fail(message: str) -> typer.Exit:
    """Print a one-line error and return the exit (status 2) for the caller to raise."""
    typer.echo(f"croupier: error: {message}", err=True)
    return typer.Exit(2)


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
