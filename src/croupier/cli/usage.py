"""How the command line speaks to its user: help that names each value in words, one-line
errors, and the root command, which imports a command's module only when that command runs
(``croupier --version`` or a mistyped name answers without importing the core)."""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

import typer
from typer.core import TyperGroup


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
        _summarise(sub)
        name_values(sub)


def _summarise(command: Any) -> None:
    """A command's summary in its group's list: its help's first paragraph on one line (the
    list keeps a docstring's line breaks as they are in the source), for the list to wrap."""
    if command.short_help is None and command.help:
        command.short_help = " ".join(command.help.split("\n\n")[0].split()).replace("``", "'")


def _no_type(ctx: Any) -> None:
    """An argument's type column in ``--help``: empty (its name says what it is)."""


def fail(message: str) -> typer.Exit:
    """Print a one-line error and return the exit (status 2) for the caller to raise."""
    typer.echo(f"croupier: error: {message}", err=True)
    return typer.Exit(2)


class LazyGroup(ReadableGroup):
    """A :class:`ReadableGroup` whose commands are named in :attr:`lazy`, each imported when it
    is asked for: ``name -> (module, attribute, help)``, the attribute a command's function
    (``help``: its help, else its docstring's) or a group's ``typer.Typer``. A command line
    imports the one command it runs; ``--help`` imports them all, to list them."""

    lazy: ClassVar[dict[str, tuple[str, str, str | None]]] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        return [*self.lazy, *(n for n in super().list_commands(ctx) if n not in self.lazy)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            self.add_command(_load(cmd_name, *self.lazy[cmd_name]), cmd_name)
        return super().get_command(ctx, cmd_name)


def _load(name: str, module: str, attribute: str, help: str | None) -> Any:
    """The click command typer makes of ``module.attribute`` (see :class:`LazyGroup`)."""
    found = getattr(importlib.import_module(module), attribute)
    if isinstance(found, typer.Typer):
        command: Any = typer.main.get_group(found)
    else:
        one = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
        one.command(name, help=help)(found)
        command = typer.main.get_command(one)
    command.name = name
    _summarise(command)
    name_values(command)
    return command
