"""``croupier serve`` (the card room's API) and ``croupier users`` (accounts and roles)."""

from __future__ import annotations

import getpass
from typing import Annotated

import typer

Db = Annotated[
    str | None,
    typer.Option("--db", help="database URL (default: $CROUPIER_DB, else ./croupier.db)"),
]

users_app = typer.Typer(help="Users of the card-room service and their roles.")


def serve(
    db: Db = None,
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="port to listen on")] = 8000,
    room: Annotated[str, typer.Option("--room", help="the room's name in the store")] = "main",
) -> None:
    """Run the card room's HTTP and websocket API over the event store (FastAPI, uvicorn).
    Every stream is checked before the first command is accepted."""
    import uvicorn

    from croupier.service.api import create_app

    typer.echo(f"croupier serve: http://{host}:{port} (API schema at /docs)")
    uvicorn.run(create_app(db, room), host=host, port=port, log_level="warning")


@users_app.command("add")
def add(
    name: str,
    role: Annotated[str, typer.Option("--role", help="admin, floor, dealer, director, ...")],
    password: Annotated[
        str | None, typer.Option("--password", help="default: asked for on the terminal")
    ] = None,
    db: Db = None,
) -> None:
    """Add a user with a role (their password stored only as an argon2 hash)."""
    import datetime

    from croupier.service.auth import Directory, Role, UserError
    from croupier.service.store.store import EventStore

    try:
        chosen = Role(role)
    except ValueError:
        typer.echo(
            f"croupier: error: no role {role!r}: {', '.join(r.value for r in Role)}", err=True
        )
        raise typer.Exit(2) from None
    secret = password if password is not None else getpass.getpass(f"password for {name}: ")
    store = EventStore(db)
    try:
        at = datetime.datetime.now(datetime.UTC).isoformat()
        Directory(store).add(name, chosen, secret, "croupier users add", at)
    except UserError as e:
        typer.echo(f"croupier: error: {e}", err=True)
        raise typer.Exit(1) from None
    finally:
        store.close()
    typer.echo(f"{name}: {chosen.value}")
