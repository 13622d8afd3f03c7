"""``croupier phh replay``: replay hand histories strictly and compare the recorded stacks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.options import DEFAULT_RULEBOOK
from croupier.cli.slow import notice_if_slow
from croupier.cli.usage import fail

if TYPE_CHECKING:
    from croupier.histories.phh_replay import Report

#: ``--rulebook`` of the replays: each hand's recorded rulebook unless one is named.
ReplayRulebook = Annotated[
    str | None,
    typer.Option(
        "--rulebook",
        "-r",
        help=f"the rulebook to apply (default: each hand's recorded one, else {DEFAULT_RULEBOOK})",
    ),
]

app = typer.Typer(help="PHH hand histories: replay them under a rulebook.")


@app.command("replay")
def replay_cmd(
    files: Annotated[
        list[Path], typer.Argument(help=".phh files or folders (searched recursively)")
    ],
    rulebook: ReplayRulebook = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    engine: Annotated[
        bool,
        typer.Option(
            "--engine", help="replay every hand through the round engine (no batch verifier)"
        ),
    ] = False,
) -> None:
    """Replay each hand strictly (a refused action is an error, never repaired) and compare
    the result with the file's finishing_stacks. Variants out of scope are skipped. Hands are
    verified in batches by the compiled replay; any hand it does not confirm is replayed by the
    engine, which reports it."""
    from croupier.histories.phh_replay import phh_files, replay_files
    from croupier.rules import find_rulebook

    try:
        rb = find_rulebook(rulebook) if rulebook is not None else None
    except ValueError as e:
        raise fail(str(e)) from e
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        raise fail(f"no such file or folder: {missing[0]}")
    found = phh_files(files)
    if not found:
        raise fail(f"no .phh hand histories in {', '.join(map(str, files))}")
    shown = rb.id if rb is not None else "as recorded"
    with notice_if_slow(
        "replaying... (a first run also compiles the batch replay and builds the hand tables,"
        " once: about 15 s)"
    ):
        report = replay_files(found, rb, batch=not engine)
    print_report(report, shown, as_json)


def print_report(report: Report, rulebook_id: str, as_json: bool) -> None:
    """Print a replay report (text or JSON); exit 1 when a hand mismatched or was refused."""
    if as_json:
        typer.echo(json.dumps(report.as_json(), indent=2))
    else:
        typer.echo(
            f"{report.hands} hands, {report.in_scope} in scope, {report.matched} matched, "
            f"{len(report.mismatched)} mismatched, {len(report.errors)} errors, "
            f"{report.skipped} skipped (rulebook {rulebook_id})"
        )
        for m in report.odd_chip:
            typer.echo(f"odd chip: {m['file']}: {m['why']}")
        for m in report.mismatched:
            typer.echo(f"MISMATCH {m['file']}: expected {m['expected']} got {m['got']}")
        for err in report.errors:
            typer.echo(f"ERROR {err['file']}: {err['error']}")
    if report.mismatched or report.errors:
        raise typer.Exit(1)
