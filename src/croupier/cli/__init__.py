"""The ``croupier`` command line."""

from __future__ import annotations

import sys
from typing import Annotated, Any, ClassVar

import typer

from croupier.cards import CardError
from croupier.cli.usage import LazyGroup

DEMO_HELP = "A short demonstration: deal, evaluate and compare hands."


class _Root(LazyGroup):
    """``croupier``: each command imported when it runs (:class:`LazyGroup`)."""

    lazy: ClassVar[dict[str, tuple[str, str, str | None]]] = {
        "demo": ("croupier.cli.demo_cmd", "demo", DEMO_HELP),
        "play": ("croupier.cli.play_cmd", "play", None),
        "simulate": ("croupier.cli.simulate_cmd", "simulate_cmd", None),
        "export": ("croupier.cli.export_cmd", "export_cmd", None),
        "serve": ("croupier.cli.serve_cmd", "serve", None),
        "bots": ("croupier.cli.serve_cmd", "bots", None),
        "eval": ("croupier.cli.eval_cmd", "app", None),
        "phh": ("croupier.cli.phh_cmd", "app", None),
        "ohh": ("croupier.cli.ohh_cmd", "app", None),
        "uth": ("croupier.cli.uth_cmd", "app", None),
        "bench": ("croupier.cli.bench_cmd", "app", None),
        "tournament": ("croupier.cli.tournament_cmd", "app", None),
        "audit": ("croupier.cli.audit_cmd", "app", None),
        "users": ("croupier.cli.serve_cmd", "users_app", None),
    }  # fmt: skip


app = typer.Typer(
    name="croupier",
    cls=_Root,
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
