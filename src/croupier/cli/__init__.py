"""The ``croupier`` command line."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from croupier.cards import CardError
from croupier.cli import (
    audit_cmd,
    bench_cmd,
    demo_cmd,
    eval_cmd,
    export_cmd,
    ohh_cmd,
    phh_cmd,
    play_cmd,
    serve_cmd,
    simulate_cmd,
    tournament_cmd,
    uth_cmd,
)
from croupier.cli.options import ReadableGroup

app = typer.Typer(
    name="croupier",
    cls=ReadableGroup,
    help="Conducts casino poker exactly as the regulators' rulebooks say.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("croupier")
        except PackageNotFoundError:
            v = "unknown (not installed)"
        typer.echo(f"croupier {v}")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="print the version"),
    ] = False,
) -> None:
    """Conducts casino poker exactly as the regulators' rulebooks say."""


app.command("demo", help="A short demonstration: deal, evaluate and compare hands.")(demo_cmd.demo)
app.command("play")(play_cmd.play)
app.command("simulate")(simulate_cmd.simulate_cmd)
app.add_typer(eval_cmd.app, name="eval")
app.add_typer(phh_cmd.app, name="phh")
app.add_typer(ohh_cmd.app, name="ohh")
app.command("export")(export_cmd.export_cmd)
app.add_typer(uth_cmd.app, name="uth")
app.add_typer(bench_cmd.app, name="bench")
app.add_typer(tournament_cmd.app, name="tournament")
app.add_typer(audit_cmd.app, name="audit")
app.command("serve")(serve_cmd.serve)
app.command("bots")(serve_cmd.bots)
app.add_typer(serve_cmd.users_app, name="users")


def main() -> None:
    """Entry point: usage errors and bad cards give one line on stderr and exit status 2."""
    try:
        app()
    except CardError as e:
        print(f"croupier: error: {e}", file=sys.stderr)
        sys.exit(2)
