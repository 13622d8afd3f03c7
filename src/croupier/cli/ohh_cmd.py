"""``croupier ohh replay``: replay Open Hand History files strictly under a rulebook."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.phh_cmd import ReplayRulebook, print_report
from croupier.cli.usage import fail

app = typer.Typer(help="OHH (Open Hand History) files: replay them under a rulebook.")


@app.command("replay")
def replay_cmd(
    files: Annotated[
        list[Path], typer.Argument(help=".ohh files or folders (searched recursively)")
    ],
    rulebook: ReplayRulebook = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Replay each hand strictly: an action the rules refuse is an error naming the clause, and
    an amount or stack that differs from the rules' is reported, never repaired. Games OHH
    cannot express for croupier are skipped."""
    from croupier.histories.ohh_replay import ohh_files, replay_files
    from croupier.rules import find_rulebook

    try:
        rb = find_rulebook(rulebook) if rulebook is not None else None
    except ValueError as e:
        raise fail(str(e)) from e
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        raise fail(f"no such file or folder: {missing[0]}")
    found = ohh_files(files)
    if not found:
        raise fail(f"no .ohh hand histories in {', '.join(map(str, files))}")
    shown = rb.id if rb is not None else "as recorded"
    print_report(replay_files(found, rb), shown, as_json)
