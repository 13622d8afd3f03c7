"""``croupier audit``: check the event store's hash chains and folds; recall a table's rounds."""

from __future__ import annotations

import json
from typing import Annotated

import typer

app = typer.Typer(help="Audit the event store: hash chains, folds, snapshots; game recall.")

Db = Annotated[
    str | None,
    typer.Option("--db", help="database URL (default: $CROUPIER_DB, else ./croupier.db)"),
]
Json = Annotated[bool, typer.Option("--json", help="print JSON")]


@app.command("verify")
def verify(db: Db = None, as_json: Json = False) -> None:
    """Check every stream's hash chain, that it folds, and that it equals its snapshots."""
    from croupier.cli.db import open_store
    from croupier.service.store import audit

    store = open_store(db, existing=True)
    try:
        report = audit.verify(store)
    finally:
        store.close()
    if as_json:
        typer.echo(json.dumps(report))
    else:
        typer.echo(
            f"{report['streams']} streams, {report['events']} events, "
            f"the money checked at {report['money_checks']} places"
        )
        for p in report["problems"]:
            typer.echo(f"problem: {p}")
        typer.echo("ok" if report["ok"] else "NOT OK")
    raise typer.Exit(0 if report["ok"] else 1)


@app.command("recall")
def recall(
    table: Annotated[str, typer.Argument(help="a table's stream, or its name in the main room")],
    last: Annotated[int, typer.Option("--last", min=1, help="how many rounds")] = 10,
    db: Db = None,
    as_json: Json = False,
    phh: Annotated[bool, typer.Option("--phh", help="print each finished round as PHH")] = False,
) -> None:
    """Print the last rounds of a table, each with every event (or as PHH)."""
    from croupier.cli.db import open_store
    from croupier.service.store import audit, codec
    from croupier.service.store.rooms import table_stream
    from croupier.service.store.store import StoreError

    store = open_store(db, existing=True)
    try:
        stream = table if ":" in table else table_stream("main", table)
        try:
            store.stream(stream)  # an unknown table is an error, not an empty recall
            if phh:
                for text in audit.recall_phh(store, stream, last):
                    typer.echo(text)
                return
            rounds = audit.recall(store, stream, last)
        except StoreError as e:
            typer.echo(f"croupier: error: {e}", err=True)
            raise typer.Exit(2) from e
    finally:
        store.close()
    if as_json:
        typer.echo(json.dumps([[codec.encode(e) for e in r] for r in rounds]))
        return
    for r in rounds:
        typer.echo(f"round {getattr(r[0], 'hand', '?')}")
        for event in r:
            typer.echo(f"  {event}")
