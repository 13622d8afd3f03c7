"""The ``croupier`` command line."""

from __future__ import annotations

import sys
from typing import Annotated, Any

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


def _click_class(name: str) -> type[Exception]:
    """click's exception class ``name`` from wherever this typer takes click (newer typers carry
    their own copy, so ``click.UsageError`` would not catch theirs)."""
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == name)


_CLICK_ERROR = _click_class("ClickException")
_USAGE_ERROR = _click_class("UsageError")


def main() -> None:
    """Entry point: usage errors and bad cards give one line on stderr and exit status 2."""
    if sys.argv[1:2] == ["--version"] and len(sys.argv) > 2:
        print(f"croupier: error: --version takes nothing after it, not {sys.argv[2]!r}",
              file=sys.stderr)  # fmt: skip
        sys.exit(2)
    try:
        status = app(prog_name="croupier", standalone_mode=False)
    except CardError as e:
        print(f"croupier: error: {e}", file=sys.stderr)
        sys.exit(2)
    except typer.Abort:  # end of input at a prompt typer itself asked
        print("croupier: interrupted", file=sys.stderr)
        sys.exit(1)
    except _CLICK_ERROR as e:
        print(_one_line(e), file=sys.stderr)
        sys.exit(getattr(e, "exit_code", 2))
    except Exception as e:
        # --db naming a file that is no database, or a server that refuses: the user's input
        if not type(e).__module__.startswith("sqlalchemy."):
            raise
        why = " ".join(str(getattr(e, "orig", None) or e).split())
        print(f"croupier: error: the database (--db or $CROUPIER_DB): {why}", file=sys.stderr)
        sys.exit(2)
    sys.exit(status if isinstance(status, int) else 0)


def _one_line(e: Any) -> str:
    """A usage error as one line naming where to read the usage; a bare ``croupier`` or
    ``croupier GROUP`` (no_args_is_help) still shows the help."""
    message: str = e.format_message()
    ctx = getattr(e, "ctx", None)
    if type(e).__name__ == "NoArgsIsHelpError":
        return message
    line = "croupier: error: " + " ".join(message.split())
    if isinstance(e, _USAGE_ERROR) and ctx is not None:
        line += f" (see '{ctx.command_path} --help')"
    return line
